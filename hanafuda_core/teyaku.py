"""Hand combinations (teyaku, 手役): patterns in the cards a player is dealt.

Hachi-Hachi, Sudaoshi and Six Hundred score combinations found in the dealt
hand before any card is played. They come in two families, and a player may
claim at most one combination of each:

* **Chaff combinations** (the rulebook's "Chaff Combos", D001's Group B, D002's
  "Dreg" combos, D004's red / lone / all-junk melds) describe the whole hand by
  kind: seven Chaffs, or one Bright, Ten or Ribbon with six Chaffs, or two
  Ribbons with five Chaffs. For these patterns every November (Willow, rain)
  card counts as a Chaff.
* **Suit combinations** (D001's Group A) describe how the hand splits into
  months: a triple, a quad, three pairs, a triple and two pairs, and so on. A
  "greater" triple (立三本 Tatesanbon) is three cards of Wisteria, Iris or Bush
  Clover, or the three Paulownia Chaffs (a Paulownia triple holding the Phoenix
  is an ordinary triple).

A rule set is a :class:`TeyakuTable` of :class:`TeyakuRule` rows, so each
tradition is data: the rulebook's table in points (:data:`BOOK_TABLE`, shared
by Sudaoshi), and the kan/shilling tables of the other sources, which live with
the Hachi-Hachi presets in :mod:`hanafuda_core.games.hachihachi`.

>>> result = BOOK_TABLE.evaluate(CardSet.parse("1c 1d 2c 2d 3c 3d 11d"))
>>> [(hit.rule.name, hit.value) for hit in result.hits]
[('7 Chaffs', 40), ('3 Pairs', 40)]
>>> result.total
80
>>> BOOK_TABLE.evaluate(CardSet.parse("4a 4b 4c 12b 12c 12d 1a")).best("suit").rule.name
'Greater & Greater'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product
from typing import Any, TypeVar

from .cards import FLOWERS, KIND_MASKS, MONTH_MASKS, Card, CardSet, Kind
from .errors import HanafudaError
from .rules import Source

__all__ = ["TeyakuRule", "TeyakuTable", "TeyakuHit", "TeyakuResult", "kind_counts",
           "month_counts", "is_greater_triple", "greater_words", "GREATER_MONTHS",
           "BOOK_TABLE", "BOOK_SOURCE",
           "CHAFF", "SUIT"]

_T = TypeVar("_T")

CHAFF = "chaff"
SUIT = "suit"

_RAIN = MONTH_MASKS[10]
# (the kinds' masks looked up once: an Enum key hashes in Python on every look-up)
_BRIGHTS, _TENS, _RIBBONS, _CHAFFS = (KIND_MASKS[k] for k in (Kind.BRIGHT, Kind.TEN,
                                                                Kind.RIBBON, Kind.CHAFF))
_PHOENIX = 1 << Card.PAULOWNIA_PHOENIX
#: Months whose triples are "greater" (Wisteria, Iris, Bush Clover, Paulownia).
GREATER_MONTHS = (4, 5, 7, 12)

BOOK_SOURCE = Source("BOOK", "ch. 17 Hachi-Hachi, Hand Combinations (fig. 17.2, 17.3)",
                     "3640-3666; QR 9110-9136")


def kind_counts(hand: CardSet, rain_is_chaff: bool = True) -> tuple[int, int, int, int]:
    """(Brights, Tens, Ribbons, Chaffs) in a hand, November counting as Chaff if asked.

    >>> kind_counts(CardSet.parse("11a 11b 11c 11d 1a 1b 2a"))
    (1, 1, 1, 4)
    >>> kind_counts(CardSet.parse("11a 11b"), rain_is_chaff=False)
    (1, 1, 0, 0)
    """
    return _kind_counts(hand.mask, rain_is_chaff)


def _kind_counts(mask: int, rain_is_chaff: bool) -> tuple[int, int, int, int]:
    """:func:`kind_counts` of the hand ``mask``."""
    rain = mask & _RAIN if rain_is_chaff else 0
    rest = mask & ~rain
    return ((rest & _BRIGHTS).bit_count(), (rest & _TENS).bit_count(),
            (rest & _RIBBONS).bit_count(), (rest & _CHAFFS).bit_count() + rain.bit_count())


def month_counts(hand: CardSet) -> dict[int, int]:
    """How many cards of each month (1-12) a hand holds."""
    return hand.months()


def is_greater_triple(hand: CardSet, month: int) -> bool:
    """True if the hand holds exactly three cards of ``month`` and they form a greater triple.

    >>> is_greater_triple(CardSet.parse("12b 12c 12d"), 12)
    True
    >>> is_greater_triple(CardSet.parse("12a 12c 12d"), 12)
    False
    """
    cards = hand.mask & MONTH_MASKS[month - 1]
    if cards.bit_count() != 3 or month not in GREATER_MONTHS:
        return False
    return not (month == 12 and cards & _PHOENIX)


def greater_words() -> str:
    """What a greater triple is, in words, from :data:`GREATER_MONTHS` and
    :func:`is_greater_triple` (December's three without the Phoenix are its Chaffs).

    >>> greater_words()
    'three cards of Wisteria, Iris or Bush Clover, or the three Paulownia Chaffs'
    """
    names = [FLOWERS[m - 1].english for m in GREATER_MONTHS if m != 12]
    text = f"three cards of {', '.join(names[:-1])} or {names[-1]}"
    return text + (f", or the three {FLOWERS[11].english} Chaffs" if 12 in GREATER_MONTHS
                   else "")


@dataclass(frozen=True)
class TeyakuRule:
    """One hand combination as data.

    A chaff rule gives ``kinds``: how many Brights, Tens and Ribbons the hand
    holds, the rest being Chaffs (``ribbons_at_least`` lets the Ribbon count be a
    minimum, D001's Aka). A suit rule gives ``parts``: the month groups it needs,
    each ``"4"`` (a quad), ``"3"`` (any triple), ``"G"`` (a greater triple) or
    ``"2"`` (a pair), from distinct months with exactly that many cards.
    ``per_greater`` adds value for every greater triple among the ``"3"`` parts
    (D002's "+X").
    """

    key: str
    name: str
    japanese: str
    group: str                          # CHAFF or SUIT
    value: int
    kinds: tuple[int, int, int] = (0, 0, 0)
    ribbons_at_least: bool = False
    parts: tuple[str, ...] = ()
    per_greater: int = 0
    show_all: bool = False              # every card is shown when claiming (D001 Ichinishi)
    counts_for_chaff_bonus: bool = True  # "89 Plus Chaff": every chaff combo but the Bright one
    source: Source | None = None
    note: str = ""

    def describe(self) -> str:
        """A short English statement of what the hand needs."""
        if self.group == CHAFF:
            words = [f"{n} {label}{'s' * (n > 1)}"
                     for n, label in zip(self.kinds, ("Bright", "Ten", "Ribbon")) if n]
            if self.ribbons_at_least and self.kinds[2]:
                words[-1] = f"{self.kinds[2]} or more Ribbons"
            return " & ".join(words + ["the rest Chaffs"]) if words else "all Chaffs"
        names = {"4": "4 of a kind", "3": "3 of a kind", "G": "a greater triple", "2": "a pair"}
        text = " + ".join(names[p] for p in self.parts)
        if self.per_greater:
            text += f" (+{self.per_greater} per greater triple)"
        return text

    def label(self, value: str) -> str:
        """The combination as a choice: its name, Japanese name (where it has one) and
        ``value`` (its worth, written in the rules' unit).

        >>> BOOK_TABLE.rule("three_pairs").label("40 points")
        '3 Pairs · 喰付 Kuttsuki · 40 points'
        """
        plus = f" + {self.per_greater} per greater triple" if self.per_greater else ""
        return " · ".join(t for t in (self.name, self.japanese, value + plus) if t)


@dataclass(frozen=True)
class TeyakuHit:
    """A combination found in a hand: its rule, value, cards and what is shown."""

    rule: TeyakuRule
    value: int
    cards: CardSet          # the cards that make the combination
    shown: CardSet          # the cards the player reveals to claim it
    triples: tuple[int, ...] = ()    # months of the triples it uses (for catching bonuses)
    greater: tuple[int, ...] = ()    # months of its greater triples

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.rule.key, "name": self.rule.name, "japanese": self.rule.japanese,
                "group": self.rule.group, "value": self.value, "cards": self.cards.format(),
                "shown": self.shown.format(), "triples": list(self.triples),
                "greater": list(self.greater),
                "source": self.rule.source.cite() if self.rule.source else ""}


@dataclass(frozen=True)
class TeyakuResult:
    """The combinations a hand may claim: the best of each group, and every candidate."""

    hand: CardSet
    hits: tuple[TeyakuHit, ...]          # best per group, chaff group first
    candidates: tuple[TeyakuHit, ...]    # every matching rule, best first within a group

    @property
    def total(self) -> int:
        return sum(h.value for h in self.hits)

    def best(self, group: str) -> TeyakuHit | None:
        """The best combination of one group (``"chaff"`` or ``"suit"``), or None."""
        for h in self.hits:
            if h.rule.group == group:
                return h
        return None

    def find(self, key: str) -> TeyakuHit | None:
        """The candidate with this rule key, or None if the hand does not make it."""
        for h in self.candidates:
            if h.rule.key == key:
                return h
        return None

    @property
    def cards(self) -> CardSet:
        """Every card used by the best combinations."""
        mask = 0
        for h in self.hits:
            mask |= h.cards.mask
        return CardSet.from_mask(mask)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand.format(), "total": self.total,
                "hits": [h.to_dict() for h in self.hits]}


def _month_fits(counts: dict[int, int], hand: CardSet
                ) -> tuple[dict[str, list[int]], dict[int, bool]]:
    """The hand's months that fit each kind of part ("2", "3", "4", "G"), in the order
    of ``counts``, and whether each triple is a greater triple."""
    greater_of = {m: is_greater_triple(hand, m) for m, n in counts.items() if n == 3}
    fits: dict[str, list[int]] = {"2": [], "3": [], "4": [], "G": []}
    for m, n in counts.items():
        if str(n) in fits:
            fits[str(n)].append(m)
        if greater_of.get(m, False):
            fits["G"].append(m)
    return fits, greater_of


def _assign(parts: tuple[str, ...], fits: dict[str, list[int]], greater_of: dict[int, bool]
            ) -> tuple[int, ...] | None:
    """Months for each part (distinct, exact sizes), preferring the most greater triples
    (on a tie, the first in the order of the hand's months); ``fits`` and ``greater_of``
    come from :func:`_month_fits`."""
    # Speed: the months that fit each kind of part are found once per hand
    # (``_month_fits``), and only those are tried for a part, instead of every ordering
    # of the hand's months. ``product`` over the filtered lists visits the fitting
    # orderings in the same order ``permutations`` would, so ties resolve the same way.
    best: tuple[int, ...] | None = None
    best_greater = -1
    for combo in product(*(fits[part] for part in parts)):
        if len(set(combo)) != len(combo):
            continue                   # a month serves one part only
        greater = sum(1 for part, m in zip(parts, combo)
                      if part == "3" and greater_of.get(m, False))
        if greater > best_greater:
            best, best_greater = combo, greater
    return best


@dataclass(frozen=True)
class TeyakuTable:
    """The hand combinations of one rule set (values in its own unit).

    ``one_per_group``: a player claims at most one chaff and one suit
    combination (every source). ``rain_is_chaff``: November cards count as
    Chaffs for the chaff patterns (every source). ``rain_either``: each November
    card may instead count as its own kind (D004 'some'), never as both.

    >>> t = TeyakuTable(BOOK_TABLE.rules, rain_either=True)
    >>> sorted(h.rule.key for h in t.evaluate(CardSet.parse("11a 1c 1d 2c 2d 3c 8c")).candidates)
    ['one_bright', 'seven_chaffs']
    """

    rules: tuple[TeyakuRule, ...]
    unit: str = "points"
    rain_is_chaff: bool = True
    source: Source | None = None
    _cache: dict[int, TeyakuResult] = field(default_factory=dict, compare=False, hash=False,
                                            repr=False)
    #: D004 'some': each November card counts either as a Chaff or as its own kind (not
    #: both at once) for the chaff patterns; every reading the hand allows is a candidate.
    rain_either: bool = False
    #: the rules matched per hand shape (see :func:`_evaluate`)
    _plans: dict[tuple[object, object], Any] = field(default_factory=dict, compare=False,
                                                     hash=False, repr=False)
    #: the last hands' plans (a hand's claims are asked for, then settled: see _plan_of)
    _hand_plans: dict[int, tuple[_Plan, list[_Reading], tuple[int, ...]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        keys = [r.key for r in self.rules]
        if len(set(keys)) != len(keys):
            raise HanafudaError(f"hand combination keys repeat in a table: {keys}")

    def rule(self, key: str) -> TeyakuRule:
        for r in self.rules:
            if r.key == key:
                return r
        raise HanafudaError(f"unknown hand combination {key!r}; this table has: "
                            f"{', '.join(r.key for r in self.rules)}")

    def evaluate(self, hand: CardSet | str | Iterable[Card]) -> TeyakuResult:
        """Every combination a dealt hand makes, and the best of each group."""
        hand = hand if isinstance(hand, CardSet) else CardSet(hand)
        hit = self._cache.get(hand.mask)
        if hit is None:
            # Small: a hand is asked for again and again while its round lasts (legal
            # claims, their check, the settlement), rarely after. A large cache made every
            # new hand slower (a heap of kept results for the garbage collector to walk).
            if len(self._cache) > 2048:
                self._cache.clear()
            hit = self._cache[hand.mask] = _evaluate(self, hand.mask)
        return hit

    def candidates_of(self, hand: int) -> tuple[tuple[str, str, int], ...]:
        """(key, group, value) of every combination the hand (a mask) makes, as
        ``evaluate(hand).candidates`` lists them, without their cards: what a player may
        claim, found without building the hits.

        >>> BOOK_TABLE.candidates_of(CardSet.parse("1c 1d 2c 2d 3c 3d 11d").mask)
        (('seven_chaffs', 'chaff', 40), ('three_pairs', 'suit', 40))
        """
        return _plan_of(self, hand)[0][2]

    def value_of(self, keys: Iterable[str]) -> int:
        """The table value of claimed combinations named by key (hand unknown)."""
        return sum(self.rule(k).value for k in keys)

    def rows(self) -> list[dict[str, Any]]:
        """The table as rows for a chart: group, name, Japanese, what it needs, value."""
        return [{"group": r.group, "key": r.key, "name": r.name, "japanese": r.japanese,
                 "needs": r.describe(), "value": r.value, "unit": self.unit,
                 "source": r.source.cite() if r.source else ""} for r in self.rules]


def _evaluate(table: TeyakuTable, mask: int) -> TeyakuResult:
    """Every combination the hand ``mask`` makes under ``table``.

    Which rules match, and with which of the hand's months, depends only on the hand's
    *shape*: its kind counts (each reading of them) and the sizes of its months in
    order, greater triples marked. The rules are matched once per shape (the chaff
    rules per kind counts, :func:`_chaff_hits`; the suit rules per month sizes,
    :func:`_suit_hits`; both kept in the table) and a hand then only puts its own cards
    into the plan's hits. :func:`_evaluate_direct` matches the rules for the hand itself
    (the tests check that both agree)."""
    plan, readings, months = _plan_of(table, mask)
    return _result(mask, plan, readings, months)


def _plan_of(table: TeyakuTable, mask: int
             ) -> tuple[_Plan, list[_Reading], tuple[int, ...]]:
    """The plan of the hand ``mask`` (kept in the table; see :func:`_evaluate`), with the
    hand's readings by kind and months. The last hands' answers are kept too: a round
    asks for a hand's claims, then settles them."""
    mine = table._hand_plans
    got = mine.get(mask)
    if got is not None:
        return got
    if len(mine) > 2048:
        mine.clear()
    got = mine[mask] = _plan_shaped(table, mask)
    return got


def _plan_shaped(table: TeyakuTable, mask: int
                 ) -> tuple[_Plan, list[_Reading], tuple[int, ...]]:
    """:func:`_plan_of` from the hand's shape."""
    readings, months, shape = _shape(table, mask)
    kinds = readings[0][0][:3] if len(readings) == 1 else tuple(k[:3] for k, _ in readings)
    plans = table._plans
    plan = plans.get((shape, kinds))
    if plan is None:
        # The chaff rules depend on the kinds only, the suit rules on the shape only: each
        # part is kept on its own (a new pair of known parts is merged, not matched again).
        if len(plans) > 50_000:              # (a few thousand pairs exist)
            plans.clear()
        chaff = plans.get(("chaff", kinds))
        if chaff is None:
            chaff = plans["chaff", kinds] = _chaff_hits(table, readings)
        suit = plans.get(("suit", shape))
        if suit is None:
            suit = plans["suit", shape] = _suit_hits(table, mask, months)
        plan = plans[shape, kinds] = _merged(chaff, suit)
    return plan, readings, months


def _evaluate_direct(table: TeyakuTable, mask: int) -> TeyakuResult:
    """:func:`_evaluate` without the table's plans: the rules matched for this hand."""
    readings, months, _ = _shape(table, mask)
    plan = _merged(_chaff_hits(table, readings), _suit_hits(table, mask, months))
    return _result(mask, plan, readings, months)


def _shape(table: TeyakuTable, mask: int
           ) -> tuple[list[_Reading], tuple[int, ...], tuple[int, ...]]:
    """The hand's readings by kind (``(counts, chaff mask)``: one, or more when November
    cards may count as their own kind), its months (1-12, in order) and its shape: the
    size of each of those months, a greater triple written 5."""
    kinds = _kind_counts(mask, table.rain_is_chaff)
    chaff_mask = (mask & _CHAFFS) | (mask & _RAIN if table.rain_is_chaff else 0)
    readings = [(kinds, chaff_mask)]
    if table.rain_either and table.rain_is_chaff and mask & _RAIN:
        rain = [c for c in range(48) if (mask & _RAIN) >> c & 1]
        for pick in range(1, 1 << len(rain)):
            own = sum(1 << c for i, c in enumerate(rain) if pick >> i & 1)
            sub = CardSet.from_mask(mask & ~own)
            nb, nt, nr, nc = kind_counts(sub, True)
            ob, ot, orb, _ = kind_counts(CardSet.from_mask(own), False)
            readings.append(((nb + ob, nt + ot, nr + orb, nc), chaff_mask & ~own))
    # months and shape two months (8 bits) at a time, from _MONTH_PAIRS
    s0, s1, s2, s3, s4, s5 = _MONTH_PAIRS
    a, b, c, d = s0[mask & 255], s1[mask >> 8 & 255], s2[mask >> 16 & 255], s3[mask >> 24 & 255]
    e, f = s4[mask >> 32 & 255], s5[mask >> 40 & 255]
    return (readings, a[0] + b[0] + c[0] + d[0] + e[0] + f[0],
            a[1] + b[1] + c[1] + d[1] + e[1] + f[1])


def _month_pairs(k: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For months ``2k + 1`` and ``2k + 2``, each way a hand may hold their eight cards
    (the 8 bits of the hand's mask from bit ``8k``): the months it holds and their
    sizes, a greater triple (:func:`is_greater_triple`) written 5."""
    out = []
    for bits in range(256):
        mask = bits << (8 * k)
        hand = CardSet.from_mask(mask)
        months: list[int] = []
        shape: list[int] = []
        for m in (2 * k + 1, 2 * k + 2):
            n = (mask & MONTH_MASKS[m - 1]).bit_count()
            if n:
                months.append(m)
                shape.append(5 if n == 3 and is_greater_triple(hand, m) else n)
        out.append((tuple(months), tuple(shape)))
    return tuple(out)


_MONTH_PAIRS = tuple(_month_pairs(k) for k in range(6))


#: One matched rule of a plan: (rule, value, reading for a chaff rule or -1, the
#: positions in the hand's months of the months it uses, of its triples, of its
#: greater triples).
_PlanHit = tuple[TeyakuRule, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: A hand's reading by kind: ((Brights, Tens, Ribbons, Chaffs), the mask of its chaffs).
_Reading = tuple[tuple[int, int, int, int], int]
#: The matched rules of a hand shape: hits, positions of each group's best, candidates.
_Plan = tuple[tuple[_PlanHit, ...], tuple[int, ...], tuple[tuple[str, str, int], ...]]


def _chaff_hits(table: TeyakuTable, readings: list[_Reading]
                ) -> tuple[tuple[int, _PlanHit], ...]:
    """The chaff rules a hand with these readings by kind matches: (rule's place in the
    table, hit), the hit naming the first reading that matches."""
    found = []
    for index, rule in enumerate(table.rules):
        if rule.group != CHAFF:
            continue
        want_b, want_t, want_r = rule.kinds
        for i, ((b, t, r, _), _shown) in enumerate(readings):
            ribbons_ok = r >= want_r if rule.ribbons_at_least else r == want_r
            if b == want_b and t == want_t and ribbons_ok:
                found.append((index, (rule, rule.value, i, (), (), ())))
                break
    return tuple(found)


def _suit_hits(table: TeyakuTable, mask: int, months: tuple[int, ...]
               ) -> tuple[tuple[int, _PlanHit], ...]:
    """The suit rules the hand ``mask`` matches: (rule's place in the table, hit), the
    hit's months given by their position in ``months`` (the hand's months in order)."""
    hand = CardSet.from_mask(mask)
    fits, greater_of = _month_fits(hand.months(), hand)
    found = []
    for index, rule in enumerate(table.rules):
        if rule.group == CHAFF:
            continue
        chosen = _assign(rule.parts, fits, greater_of)
        if chosen is None:
            continue
        triples = tuple(m for p, m in zip(rule.parts, chosen) if p in "3G")
        greater = tuple(m for m in triples if is_greater_triple(hand, m))
        plus = rule.per_greater * sum(1 for p, m in zip(rule.parts, chosen)
                                      if p == "3" and m in greater)
        at = months.index
        found.append((index, (rule, rule.value + plus, -1, tuple(at(m) for m in chosen),
                              tuple(at(m) for m in triples), tuple(at(m) for m in greater))))
    return tuple(found)


def _merged(chaff: tuple[tuple[int, _PlanHit], ...], suit: tuple[tuple[int, _PlanHit], ...]
            ) -> _Plan:
    """The hits of both groups, chaff first, best first within a group (ties in the
    table's order), the positions of the best hit of each group, and (key, group, value)
    of each hit (:meth:`TeyakuTable.candidates_of`)."""
    order = {CHAFF: 0, SUIT: 1}
    found = [h for _, h in sorted(chaff + suit, key=lambda e: (order.get(e[1][0].group, 2),
                                                                -e[1][1], e[0]))]
    best: list[int] = []
    seen: set[str] = set()
    for i, h in enumerate(found):
        if h[0].group not in seen:
            seen.add(h[0].group)
            best.append(i)
    return tuple(found), tuple(best), tuple((h[0].key, h[0].group, h[1]) for h in found)


def _result(mask: int, plan: _Plan, readings: list[_Reading],
            months: tuple[int, ...]) -> TeyakuResult:
    """The hand's result from its plan: each hit with the hand's own cards."""
    hand = CardSet.from_mask(mask)
    found, best, _ = plan
    hits = []
    for rule, value, reading, used_at, triples_at, greater_at in found:
        if reading >= 0:
            hits.append(_made(TeyakuHit, rule=rule, value=value, cards=hand,
                              shown=CardSet.from_mask(readings[reading][1]), triples=(),
                              greater=()))
            continue
        used = 0
        for i in used_at:
            used |= mask & MONTH_MASKS[months[i] - 1]
        cards = CardSet.from_mask(used)
        hits.append(_made(TeyakuHit, rule=rule, value=value, cards=cards,
                          shown=hand if rule.show_all else cards,
                          triples=tuple([months[i] for i in triples_at]),
                          greater=tuple([months[i] for i in greater_at])))
    return _made(TeyakuResult, hand=hand, hits=tuple([hits[i] for i in best]),
                 candidates=tuple(hits))


def _made(cls: type[_T], **values: object) -> _T:
    """An instance of the frozen dataclass ``cls`` (no slots, no ``__post_init__``) with
    every field given: its ``__dict__`` set in one step, where the frozen ``__init__``
    sets each field through ``object.__setattr__`` (a result is built for every hand
    dealt; the values are already checked, as the plan made them)."""
    obj: _T = object.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    return obj


def _chaff(key: str, name: str, japanese: str, value: int, kinds: tuple[int, int, int],
           source: Source, *, at_least: bool = False, bonus: bool = True,
           note: str = "") -> TeyakuRule:
    return TeyakuRule(key, name, japanese, CHAFF, value, kinds=kinds, ribbons_at_least=at_least,
                      counts_for_chaff_bonus=bonus, source=source, note=note)


def _suit(key: str, name: str, japanese: str, value: int, parts: tuple[str, ...],
          source: Source, *, per_greater: int = 0, show_all: bool = False,
          note: str = "") -> TeyakuRule:
    return TeyakuRule(key, name, japanese, SUIT, value, parts=parts, per_greater=per_greater,
                      show_all=show_all, source=source, note=note)


#: The rulebook's table (BOOK ch. 17, also Sudaoshi ch. 18), in points.
BOOK_TABLE = TeyakuTable((
    _chaff("two_ribbons", "2 Ribbons & 5 Chaffs", "赤 Aka", 20, (0, 0, 2), BOOK_SOURCE),
    _chaff("one_ribbon", "1 Ribbon & 6 Chaffs", "短一 Tan'ichi", 30, (0, 0, 1), BOOK_SOURCE),
    _chaff("one_ten", "1 Ten & 6 Chaffs", "十一 Toichi", 30, (0, 1, 0), BOOK_SOURCE),
    _chaff("one_bright", "1 Bright & 6 Chaffs", "光一 Pikaichi", 40, (1, 0, 0), BOOK_SOURCE,
           bonus=False),
    _chaff("seven_chaffs", "7 Chaffs", "からす Karasu", 40, (0, 0, 0), BOOK_SOURCE),
    _suit("three", "3 of a Kind", "三本 Sanbon", 20, ("3",), BOOK_SOURCE),
    _suit("greater", "Greater", "立三本 Tatesanbon", 30, ("G",), BOOK_SOURCE),
    _suit("three_pairs", "3 Pairs", "喰付 Kuttsuki", 40, ("2", "2", "2"), BOOK_SOURCE),
    _suit("four", "4 of a Kind", "手四 Teshi", 60, ("4",), BOOK_SOURCE),
    _suit("two_threes", "3 of a Kind & 3 of a Kind", "二三本 Futasanbon", 60, ("3", "3"),
          BOOK_SOURCE),
    _suit("three_two_pairs", "3 of a Kind & 2 Pairs", "はねけん Haneken", 70, ("3", "2", "2"),
          BOOK_SOURCE),
    _suit("three_greater", "3 of a Kind & Greater", "三本立三本 Sanbon-tatesanbon", 70,
          ("3", "G"), BOOK_SOURCE),
    _suit("four_pair", "4 of a Kind & 1 Pair", "一二四 Ichinishi", 80, ("4", "2"), BOOK_SOURCE),
    _suit("two_greaters", "Greater & Greater", "二立三本 Futatatesanbon", 80, ("G", "G"),
          BOOK_SOURCE),
    _suit("four_three", "4 of a Kind & 3 of a Kind", "四三 Shisō", 200, ("4", "3"), BOOK_SOURCE),
), unit="points", source=BOOK_SOURCE)
