"""Yaku as data, and a fast evaluator that explains what it found.

A yaku (役, a scoring combination) is a :class:`YakuRule` value. Most yaku fit
one declarative shape, so they are written with fields rather than code:

* a **named set** of cards, all of which must be captured (``cards=``), e.g.
  Boar-Deer-Butterfly or Moon Viewing;
* a **count** of cards of some kinds or ribbon colours (``kinds=`` /
  ``ribbons=`` with ``count=``), e.g. "any 5 Tens", "3 Purple Ribbons";
* ``dry=True`` keeps the November (rain, "wet") cards out of the count;
* ``plus_per_extra`` points for every card beyond the threshold, counted from
  ``extra_kinds`` (by default the same cards the yaku counts); a dry yaku keeps
  November out of its extras too, unless ``wet_extras=True`` (the Willow Ribbon
  adding to the rulebook's Any 5 Dry Ribbons);
* ``group``: yaku of a *one-of* group do not add up, only the best one scores
  (the rulebook's Bright category); yaku of an *each-of* group all score;
* ``cancelled_by``: months whose cards on the field cancel the yaku (the
  "Rain & Fog" house rule); ``needs_company``: groups one of which must also
  score ("Views with Friends");
* ``void_if_own``: months whose cards in the player's *own* pile void the yaku,
  unless the pile also holds every card of ``void_unless`` (Six Hundred's "Rain
  Until Sunrise": a November card voids the Views yaku unless the Crane was
  captured too); the mirror of ``cancelled_by``, which reads the field;
* ``slots`` (B9): one card from each slot, e.g. "a card of each of January, April
  and December" (Tensho's One Four Twelve); ``cards`` may then hold an example set for
  charts, the slots decide;
* ``automatic_win`` (B10): a yaku worth nothing that wins the round at once
  (Tensho's automatic wins; the table's :attr:`YakuTable.automatic_keys`, which the
  capture engine reads after each capture);
* ``predicate`` is the escape hatch for a yaku that fits none of this.

A table may also name **stand-in cards** (:class:`StandIns`, Hachi-juu Hana's November
cards "used as any month" for yaku): each may take the place of one missing card of a
named-set rule of one group, the best assignment found by an exact small search
(:meth:`YakuTable.score`); :class:`YakuHit` says which card stood for which. Rules may be
worth **double** for one round (``doubled=``, the rule keys: a month revealed at the deal).

A :class:`YakuTable` gathers the groups and rules of one rule set together with
the dual-role cards (the Sake cup as Ten, Chaff, either or both; the "Special
Chaffs" that count twice) and how many yaku may count (by category, all, or
only the best one). :meth:`YakuTable.evaluate` explains a capture pile;
:meth:`YakuTable.quick` is the engine's fast path on an int mask.

>>> from hanafuda_core.games.koikoi import get_rules
>>> table = get_rules("book").yaku
>>> [(h.rule.key, h.points) for h in table.evaluate(CardSet.parse("1b 2b 3b 4b")).hits]
[('poetry_ribbons', 6)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .cards import CARD_INFO, KIND_MASKS, MONTH_MASKS, RIBBON_MASKS, Card, CardSet, Kind, Ribbon
from .cards import mask_cards as _bits
from .errors import OptionError
from .frozen import without_caches
from .rules import Source

__all__ = ["YakuRule", "YakuGroup", "YakuTable", "YakuHit", "Evaluation", "SAKE_MODES",
           "LIMITS", "mask_of", "StandIns"]

_RAIN = MONTH_MASKS[10]
_SAKE = 1 << Card.CHRYSANTHEMUM_SAKE
_SPECIAL_CHAFFS = (1 << Card.WILLOW_STORM) | (1 << Card.PAULOWNIA_SPECIAL)
#: A card counted 3 times (a Joker worth 3 Chaffs, G2) has its third count this many bits
#: above its own in a compiled doubles mask, where no pile has a card.
THIRD_COUNT = 64
_CHAFF_IDS = frozenset(c for c in range(48) if KIND_MASKS[Kind.CHAFF] >> c & 1)

#: ``((rule index, points), ...)`` of the yaku a pile makes, in rule order.
Signature = tuple[tuple[int, int], ...]
#: Total points and the signature: what :meth:`YakuTable.quick` answers.
QuickResult = tuple[int, Signature]
# The cards that lift a void when a rule names none: a bit no pile has, so that
# "pile & unless != unless" (the void stands) holds for every pile.
_NO_PILE_HOLDS = 1 << 48
# One rule compiled for one Sake alternative: (index, pool, dbl, need, xpool, xdbl, points,
# plus per extra, group index, cancelling months, groups needed as company, predicate,
# voiding months of the own pile, the cards that lift the void).
_Compiled = tuple[int, int, int, int, int, int, int, int, int, int, tuple[int, ...],
                  Callable[[int], int] | None, int, int]
# A pile's mask and the field's mask -> the quick result.
_Evaluator = Callable[[int, int], QuickResult]
_NONE_DOUBLED: frozenset[int] = frozenset()


def mask_of(cards: Iterable[int]) -> int:
    """The int bitmask of some cards (cards or card ids)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


# How the Sake cup counts, each mode a tuple of alternatives (counts as a Ten?,
# weight as a Chaff). With several alternatives the best total is taken.
SAKE_MODES: Mapping[str, tuple[tuple[bool, int], ...]] = {
    "ten": ((True, 0),),                       # BOOK default
    "chaff": ((False, 1),),
    "ten_or_chaff": ((True, 0), (False, 1)),   # BOOK "Sake 10 or 1"; D002 (Animal or Dreg)
    "ten_and_chaff": ((True, 1),),             # BOOK "Sake 10 and 1"; D003 Bake-fuda
    "two_chaffs": ((False, 2),),               # BOOK "Special Chaffs"
    "ten_or_two_chaffs": ((True, 0), (False, 2)),
}
_SAKE_ROLE_LABEL = {(True, 0): "Ten", (False, 1): "Chaff", (True, 1): "Ten and Chaff",
                    (False, 2): "two Chaffs"}

# How many yaku may count: one per one-of group (the rule tables), every yaku
# ("Count All Yaku"), or only the single best one ("Only One Yaku").
LIMITS = ("groups", "all", "only_one")


@dataclass(frozen=True)
class YakuGroup:
    """A category of yaku: ``one_of`` (only the best scores) or ``each`` (all score)."""

    key: str
    name: str
    mode: str = "one_of"


@dataclass(frozen=True)
class YakuRule:
    """One yaku, declared as data (see the module docstring)."""

    key: str
    name: str
    japanese: str
    points: int
    cards: tuple[Card, ...] = ()
    kinds: tuple[Kind, ...] = ()
    ribbons: tuple[Ribbon, ...] = ()
    count: int = 0
    dry: bool = False
    plus_per_extra: int = 0
    extra_kinds: tuple[Kind, ...] = ()
    wet_extras: bool = False                 # a dry yaku's extras may be November cards
    group: str = ""
    cancelled_by: tuple[int, ...] = ()       # months (1-12) that cancel it from the field
    needs_company: tuple[str, ...] = ()      # groups one of which must also score
    void_if_own: tuple[int, ...] = ()        # months (1-12) that void it from the own pile
    void_unless: tuple[Card, ...] = ()       # ... unless the pile holds all of these
    source: Source | None = None
    note: str = ""
    predicate: Callable[[int], int] | None = None   # escape hatch: mask -> points (0 = none)
    slots: tuple[tuple[Card, ...], ...] = ()  # B9: one card of each slot (cards: an example)
    automatic_win: bool = False              # B10: wins the round at once (points 0)

    @property
    def threshold(self) -> int:
        return self.count or len(self.slots) or len(self.cards)

    def describe(self) -> str:
        """A short English statement of what the yaku needs, built from its fields."""
        if self.predicate is not None or self.slots:
            return self.note or self.name
        if self.cards:
            need = " + ".join(CARD_INFO[c].name for c in self.cards)
        else:
            what = [k.label + "s" for k in self.kinds] + [r.value.capitalize() + " Ribbons"
                                                          for r in self.ribbons]
            need = f"any {self.count} {' or '.join(what)}"
        if self.dry:
            need += " (no November cards)"
        text = f"{need}: {self.points} pt"
        if self.plus_per_extra:
            extra = " or ".join(k.label for k in self.extra_kinds) if self.extra_kinds else "card"
            text += f" + {self.plus_per_extra} per extra {extra}"
            if self.dry and self.wet_extras:
                text += " (November's counts as an extra)"
        return text


@dataclass(frozen=True)
class YakuHit:
    """One yaku found in a pile: the cards that made it, base points and extras."""

    rule: YakuRule
    points: int
    base: int
    extras: int
    cards: CardSet
    extra_cards: CardSet
    stood_for: tuple[tuple[Card, Card], ...] = ()   # (stand-in, the card it replaces)
    doubled: bool = False                           # worth double this round

    def to_dict(self) -> dict[str, Any]:
        out = {"key": self.rule.key, "name": self.rule.name, "japanese": self.rule.japanese,
               "points": self.points, "base": self.base, "extras": self.extras,
               "cards": [c.code for c in self.cards],
               "extra_cards": [c.code for c in self.extra_cards],
               "source": self.rule.source.cite() if self.rule.source else ""}
        if self.stood_for:
            out["stood_for"] = [[Card(a).code, Card(b).code] for a, b in self.stood_for]
        if self.doubled:
            out["doubled"] = True
        return out


@dataclass(frozen=True)
class StandIns:
    """Cards that may stand in for a missing card of a named-set yaku (scoring only; A7).

    Each of ``cards`` held may either count as itself or take the place of one missing
    card of a rule of ``group`` (whose rules are named sets, ``cards=``); a card used
    as a stand-in no longer counts as itself for any yaku, and never changes card
    points. ``doubles`` says whether a rule worth double this round (``doubled=``) is
    doubled also when a stand-in completed it (False: only with its own cards).
    Hachi-juu Hana: the four November cards, "as any month" (BOOK 1557, 1563).
    """

    cards: tuple[Card, ...]
    group: str
    doubles: bool = False
    source: Source | None = None


@dataclass(frozen=True)
class Evaluation:
    """All yaku that count in a pile, with the total and any yaku set aside (and why)."""

    hits: tuple[YakuHit, ...]
    total: int
    sake_role: str = ""
    set_aside: tuple[tuple[str, str], ...] = ()   # (yaku name, reason)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(h.rule.key for h in self.hits)




def _unpack(known: dict[int, QuickResult], k: int, width: int, n: int) -> QuickResult:
    """The quick result packed in ``k`` (``width`` bits a rule, rule ``i`` at bit
    ``width * i``, holding its points + 1, 0 for no hit; see :meth:`YakuTable._generate`),
    made once and kept in ``known``."""
    field = (1 << width) - 1
    sig = tuple((i, (k >> (width * i) & field) - 1) for i in range(n)
                if k >> (width * i) & field)
    if len(known) > 100_000:        # (never in practice: few yaku combinations exist)
        empty = known[0]
        known.clear()
        known[0] = empty
    res = known[k] = (sum(p for _, p in sig), sig)
    return res


def _sum_tables(unit: Sequence[int], bits: int, first: int = 0) -> tuple[tuple[int, ...], ...]:
    """Tables to sum ``unit`` (an int per card bit) over the bits of a mask, ``bits`` bits
    at a time: table ``j`` at ``v`` is the sum of ``unit[bits * j + i]`` over the bits
    ``i`` of ``v``, and ``first`` is added into table 0. A mask's sum is then one read per
    table: ``T0[m & top] + T1[m >> bits & top] + ...`` (``top``: ``2**bits - 1``)."""
    unit = list(unit) + [0] * (-len(unit) % bits)
    out = []
    for j in range(len(unit) // bits):
        # doubling: with bits 0 to i-1 summed, the values with bit i set come next
        t = [first if j == 0 else 0]
        for u in unit[bits * j:bits * (j + 1)]:
            t += [x + u for x in t]
        out.append(tuple(t))
    return tuple(out)


def _exact_fills(cand: list[tuple[int, int]], start: int, need: int, used: int
                 ) -> Iterable[tuple[tuple[int, ...], int]]:
    """Every set of ``cand`` (rule index, its missing cards) from ``start`` on whose missing
    cards are disjoint and number exactly ``need``: (rule indices, the cards filled)."""
    if need == 0:
        yield (), 0
        return
    for j in range(start, len(cand)):
        i, miss = cand[j]
        n = miss.bit_count()
        if n <= need and not miss & used:
            for rest, m in _exact_fills(cand, j + 1, need - n, used | miss):
                yield (i,) + rest, miss | m


class _Slots:
    """A compiled slot rule (B9): the pile holds a card of every slot. It sits in the
    compiled rule's predicate place; the evaluators test :meth:`holds` and score the
    rule's own points (0 for an automatic win), not the call's answer."""

    __slots__ = ("masks", "points", "union")

    def __init__(self, masks: tuple[int, ...], points: int) -> None:
        self.masks = masks
        self.points = points
        self.union = 0
        for m in masks:
            self.union |= m

    def holds(self, mask: int) -> bool:
        return all(mask & m for m in self.masks)

    def __call__(self, mask: int) -> int:
        return self.points if self.holds(mask) else 0

    def test(self, src: list[str]) -> str:
        """The test of :meth:`holds` as compiled code on a pile ``m``: the one-card slots
        as one mask compared whole, the whole-month slots read from the months present
        (``pm``: each month's bits folded into its first bit, a line put once at the top
        of the compiled function ``src``), any other slot as ``m & slot``."""
        months = [x for x in self.masks if x in _MONTH_SET]
        singles = [x for x in self.masks if x.bit_count() == 1]
        conds = []
        if months:
            if _FOLD not in src:
                src.insert(1, _FOLD)
            firsts = sum(x & -x for x in months)
            conds.append(f"pm & {firsts} == {firsts}")
        if singles:
            cards = sum(singles)
            conds.append(f"m & {cards} == {cards}")
        conds += [f"m & {x}" for x in self.masks if x not in _MONTH_SET and x.bit_count() != 1]
        return " and ".join(conds) or "True"


_MONTH_SET = frozenset(MONTH_MASKS)


def _dbl_text(dbl: int) -> str:
    """The generated code's count of a doubles mask (its third counts too, G2)."""
    if not dbl:
        return ""
    third = dbl >> THIRD_COUNT
    return f" + (m & {dbl}).bit_count()" + (f" + (m & {third}).bit_count()" if third else "")
_FOLD = "    pm = m | m >> 1 | m >> 2 | m >> 3"
#: the number of facts from which a pile's result is looked up by its key
#: (:meth:`YakuTable._by_key`): that costs about as much whatever the number of rules,
#: and below eight facts the rules' own code costs fewer machine instructions (counted
#: with valgrind over random piles)
_KEYED_FROM = 8
#: the cards summed per table read of a key (12: four reads for the 48 cards; tables
#: of 4,096 ints, built in a few milliseconds)
_CHUNK_BITS = 12


@dataclass(frozen=True)
class YakuTable:
    """The yaku of one rule set plus how cards count and how many yaku may count."""

    groups: tuple[YakuGroup, ...]
    rules: tuple[YakuRule, ...]
    sake: str = "ten"
    special_chaffs: bool = False
    limit: str = "groups"
    #: ``((card id, Chaffs), ...)`` (G2): a Chaff or a Joker (ids 49-54) counted as 1 or 2
    #: Chaffs by the Chaff yaku and :meth:`chaff_count` (Go-Stop's Jokers and doubled Chaffs)
    chaff_weights: tuple[tuple[int, int], ...] = ()
    #: the Ten the ``sake`` mode applies to (G2): the Sake cup, or the Iris Bridge for
    #: Go-Stop's Super / Strong Iris Bridge (the Sake cup then a plain Ten)
    dual_card: int = Card.CHRYSANTHEMUM_SAKE
    source: Source | None = None
    stand_ins: StandIns | None = None

    __getstate__ = without_caches    # (pickle: its caches are made again on use)

    def __post_init__(self) -> None:
        if self.sake not in SAKE_MODES:
            raise OptionError(f"unknown Sake mode {self.sake!r}; allowed: {', '.join(SAKE_MODES)}")
        if self.limit not in LIMITS:
            raise OptionError(f"unknown yaku limit {self.limit!r}; allowed: {', '.join(LIMITS)}")
        if not (0 <= self.dual_card < 48 and KIND_MASKS[Kind.TEN] >> self.dual_card & 1):
            raise OptionError(f"the dual-role card is a Ten, not card id {self.dual_card}")
        for card, weight in self.chaff_weights:
            if not (0 <= card < 48 and card in _CHAFF_IDS or 49 <= card <= 54):
                raise OptionError(f"a Chaff weight is for a Chaff card or a Joker (ids 49-54), "
                                  f"not card id {card}")
            if weight not in (1, 2, 3):
                raise OptionError(f"card id {card} counts as 1, 2 or 3 Chaffs, not {weight}")
        keys = {g.key for g in self.groups}
        for r in self.rules:
            if r.group and r.group not in keys:
                raise OptionError(f"yaku {r.key!r} names unknown group {r.group!r}")
            if r.slots and (r.predicate is not None or not all(r.slots)):
                raise OptionError(f"yaku {r.key!r}: slots are non-empty card lists, without "
                                  "a predicate")
            if r.automatic_win and r.points:
                raise OptionError(f"yaku {r.key!r} wins the round at once: its points are 0, "
                                  f"not {r.points}")
        si = self.stand_ins
        if si is not None:
            if si.group not in keys:
                raise OptionError(f"the stand-in cards name unknown group {si.group!r}")
            if not 0 < len(set(si.cards)) == len(si.cards) <= 4:
                raise OptionError("stand-in cards are one to four different cards")
            for r in self.rules:
                if r.group == si.group and (not r.cards or r.predicate is not None or r.slots
                                            or r.plus_per_extra or r.cancelled_by):
                    raise OptionError(f"yaku {r.key!r}: stand-in cards complete named sets "
                                      "only (cards=, no extras, predicate or cancelling)")

    # -- compilation ---------------------------------------------------------
    def _kind_masks(self, alt: tuple[bool, int]) -> tuple[dict[Kind, int], dict[Kind, int]]:
        as_ten, chaff_weight = alt
        masks = dict(KIND_MASKS)
        doubles = {k: 0 for k in Kind}
        dual = self._dual
        if not as_ten:
            masks[Kind.TEN] &= ~dual
        if chaff_weight:
            masks[Kind.CHAFF] |= dual
            if chaff_weight == 2:
                doubles[Kind.CHAFF] |= dual
        if self.special_chaffs:
            doubles[Kind.CHAFF] |= _SPECIAL_CHAFFS
        for card, weight in self.chaff_weights:         # G2: Jokers and doubled Chaffs
            masks[Kind.CHAFF] |= 1 << card
            if weight > 1:
                doubles[Kind.CHAFF] |= 1 << card
            if weight > 2:
                doubles[Kind.CHAFF] |= 1 << (card + THIRD_COUNT)
        return masks, doubles

    def _compile_rule(self, index: int, rule: YakuRule, alt: tuple[bool, int]) -> _Compiled:
        masks, doubles = self._kind_masks(alt)
        if rule.slots:          # B9: a slot test in the predicate's place
            slots = _Slots(tuple(mask_of(s) for s in rule.slots), rule.points)
            return (index, slots.union, 0, len(rule.slots), slots.union, 0, rule.points, 0,
                    self._group_index.get(rule.group, -1), 0,
                    tuple(self._group_index[g] for g in rule.needs_company), slots, 0,
                    _NO_PILE_HOLDS)
        if rule.cards:
            pool, dbl = mask_of(rule.cards), 0
        else:
            pool = dbl = 0
            for k in rule.kinds:
                pool |= masks[k]
                dbl |= doubles[k]
            for r in rule.ribbons:
                pool |= RIBBON_MASKS[r]
        if rule.dry:
            pool &= ~_RAIN
            dbl &= ~_RAIN
        if rule.extra_kinds:
            xpool = xdbl = 0
            for k in rule.extra_kinds:
                xpool |= masks[k]
                xdbl |= doubles[k]
            if rule.dry and not rule.wet_extras:
                xpool &= ~_RAIN
                xdbl &= ~_RAIN
            xpool |= pool
        else:
            xpool, xdbl = pool, dbl
        cancel = 0
        for m in rule.cancelled_by:
            cancel |= MONTH_MASKS[m - 1]
        gi = self._group_index.get(rule.group, -1)
        friends = tuple(self._group_index[g] for g in rule.needs_company)
        void = 0
        for m in rule.void_if_own:
            void |= MONTH_MASKS[m - 1]
        return (index, pool, dbl, rule.threshold, xpool, xdbl, rule.points, rule.plus_per_extra,
                gi, cancel, friends, rule.predicate, void,
                mask_of(rule.void_unless) or _NO_PILE_HOLDS)

    @cached_property
    def _dual(self) -> int:
        """The dual-role card's bit (G2)."""
        return 1 << self.dual_card

    @cached_property
    def automatic_indices(self) -> frozenset[int]:
        """The indices of the automatic-win rules (B10; the signature's rule indices)."""
        return frozenset(i for i, r in enumerate(self.rules) if r.automatic_win)

    @cached_property
    def automatic_keys(self) -> frozenset[str]:
        """The keys of the automatic-win rules (B10): a pile making one wins the round."""
        return frozenset(r.key for r in self.rules if r.automatic_win)

    @cached_property
    def _group_index(self) -> dict[str, int]:
        return {g.key: i for i, g in enumerate(self.groups)}

    @cached_property
    def _compiled(self) -> tuple[tuple[tuple[bool, int], tuple[_Compiled, ...]], ...]:
        return tuple((alt, tuple(self._compile_rule(i, r, alt) for i, r in enumerate(self.rules)))
                     for alt in SAKE_MODES[self.sake])

    @cached_property
    def _one_of(self) -> tuple[bool, ...]:
        if self.limit == "all":
            return tuple(False for _ in self.groups)
        return tuple(g.mode == "one_of" for g in self.groups)

    @cached_property
    def field_sensitive(self) -> bool:
        """True if a yaku can be cancelled by cards on the field (Rain & Fog)."""
        return any(r.cancelled_by for r in self.rules)

    # -- the fast path -------------------------------------------------------
    def _run(self, crules: tuple[_Compiled, ...], mask: int, field_mask: int) -> QuickResult:
        one_of = self._one_of
        best: dict[int, tuple[int, int]] = {}
        hits: list[tuple[int, int, int]] = []   # (rule index, points, group index)
        for (i, pool, dbl, need, xpool, xdbl, pts, plus, gi, cancel, _friends, pred, void,
             unless) in crules:
            if type(pred) is _Slots:
                if not pred.holds(mask):
                    continue
                p = pts
            elif pred is not None:
                p = pred(mask)
                if not p:
                    continue
            else:
                n = (mask & pool).bit_count()
                if dbl:
                    n += (mask & dbl).bit_count() + (mask & dbl >> THIRD_COUNT).bit_count()
                if n < need:
                    continue
                p = pts
                if plus:
                    x = (mask & xpool).bit_count() - need
                    if xdbl:
                        x += (mask & xdbl).bit_count() + (mask & xdbl >> THIRD_COUNT).bit_count()
                    if x > 0:
                        p += plus * x
            if cancel and field_mask & cancel:
                continue
            if void and mask & void and mask & unless != unless:
                continue
            if gi >= 0 and one_of[gi]:
                old = best.get(gi)
                if old is None or p > old[1]:
                    best[gi] = (i, p)
                continue
            hits.append((i, p, gi))
        for gi, (i, p) in best.items():
            hits.append((i, p, gi))
        if not hits:
            return 0, ()
        # Yaku that need company (Views with Friends).
        kept = [h for h in hits if not crules[h[0]][10]
                or any(k[2] in crules[h[0]][10] for k in hits if k[0] != h[0])]
        if self.limit == "only_one" and kept:
            top = max(kept, key=lambda h: (h[1], -h[0]))
            kept = [top]
        kept.sort()
        sig = tuple((i, p) for i, p, _ in kept)
        return sum(p for _, p in sig), sig

    @cached_property
    def _fns(self) -> tuple[_Evaluator, ...]:
        """One generated Python function per Sake alternative (same result as _run)."""
        return tuple(self._generate(c) for _, c in self._compiled)

    def _generate(self, crules: tuple[_Compiled, ...]) -> _Evaluator:
        """Compile the rule tuples into straight-line Python: no loop, no unpacking.

        The generated function is equivalent to :meth:`_run` (a test checks it on
        random piles); it exists only for speed.

        When every rule is a plain count with positive points (no predicate), the hits
        are not collected in a list: each rule that fires adds its points into its own
        field of one int (``width`` bits a rule, the field of rule ``i`` at ``width * i``,
        holding its points + 1, so a yaku worth 0 still shows),
        and that int is looked up in a table of results, each made once, when its int
        first comes up (:func:`_unpack`). Scoring a pile then builds no new tuple, and a
        cached result is shared by every pile with the same yaku (few combinations
        exist), so a cache of many piles holds no object of its own per pile.
        """
        one_of = self._one_of
        env: dict[str, Any] = {"EMPTY": (0, ())}
        # The packed form needs every hit's points + 1 to fit its field and be above 0 (a
        # field of 0 means no hit): points >= 0, extras >= 0 and at most 2 * 48 extras.
        packed = all((c[11] is None or type(c[11]) is _Slots) and c[6] >= 0 and c[7] >= 0
                     for c in crules)
        width = max((c[6] + 1 + 96 * c[7]).bit_length() for c in crules) if crules else 1
        if packed:
            known: dict[int, QuickResult] = {0: env["EMPTY"]}
            env["get"] = known.get
            env["unpack"] = lambda k: _unpack(known, k, width, len(crules))
        src = ["def f(m, fm=0):"]
        counts: dict[str, str] = {}
        # A count is only compared with thresholds (and read for extras inside the
        # branch that passed one). If its cards are a subset of an unconditional
        # count's cards and that count is below the smallest threshold it is compared
        # with, no comparison can pass: it is set to 0 without counting.
        least_need: dict[tuple[int, int], int] = {}
        for c in crules:
            if c[11] is None:
                key = (c[1], c[2])
                least_need[key] = min(least_need.get(key, c[3]), c[3])
        roots: list[tuple[int, str]] = []      # (pool, name) counted unconditionally, no dbl
        below: dict[str, int] = {}               # unconditional count -> no rule fires under it

        def count(pool: int, dbl: int) -> str:
            expr = f"(m & {pool}).bit_count()" + _dbl_text(dbl)
            if expr not in counts:
                name = counts[expr] = f"c{len(counts)}"
                need = least_need[(pool, dbl)]
                sup = [(r.bit_count(), n) for r, n in roots if not dbl and pool & ~r == 0]
                if sup and need > 0:
                    root = min(sup)[1]
                    src.append(f"    {name} = {expr} if {root} >= {need} else 0")
                    below[root] = min(below[root], need)
                else:
                    src.append(f"    {name} = {expr}")
                    below[name] = need
                    if not dbl:
                        roots.append((pool, name))
            return counts[expr]

        # Every count first; then, with no predicate rule, the common case returns at
        # once: each count below its smallest threshold (a guarded count is 0 when its
        # guard is below the guard's threshold), so no rule can fire.
        for c in crules:
            if c[11] is None:
                count(c[1], c[2])
        if below and all(c[11] is None for c in crules):
            src.append("    if " + " and ".join(f"{n} < {v}" for n, v in below.items())
                       + ": return EMPTY")
        src += ["    k = 0"] if packed else ["    hits = []", "    t = 0"]

        # Rules of a one-of group must sit together for the hits to come out in rule
        # order; otherwise the hits are sorted at the end.
        order_groups = [c[8] for c in crules]
        contiguous = all(order_groups.index(g) + order_groups.count(g) - 1 ==
                         len(order_groups) - 1 - order_groups[::-1].index(g)
                         for g in set(order_groups) if g >= 0)
        last_of = {g: max(i for i, c in enumerate(crules) if c[8] == g)
                   for g in set(order_groups) if g >= 0}
        opened: set[int] = set()
        for pos, (i, pool, dbl, need, xpool, xdbl, pts, plus, gi, cancel, _friends, pred,
                  void, unless) in enumerate(crules):
            grouped = gi >= 0 and one_of[gi]
            shift = width * i
            if grouped and gi not in opened:
                opened.add(gi)
                src.append(f"    b{gi} = 0; i{gi} = -1" if not packed else f"    b{gi} = -1")
            if type(pred) is _Slots:
                src.append("    if " + pred.test(src) + ":")
                src.append(f"        p = {pts}")
            elif pred is not None:
                env[f"pred{i}"] = pred
                src.append(f"    p = pred{i}(m)")
                src.append("    if p:")
            else:
                cname = count(pool, dbl)
                src.append(f"    if {cname} >= {need}:")
                if packed and not plus and not cancel and not void:
                    # constant points: the hit's packed field is a constant too
                    if grouped:
                        src.append(f"        if {pts} > b{gi}: b{gi} = {pts}; v{gi} = "
                                   f"{pts + 1 << shift}")
                        if last_of[gi] == pos:
                            src.append(f"    if b{gi} >= 0: k += v{gi}")
                    else:
                        src.append(f"        k += {pts + 1 << shift}")
                    continue
                if plus:
                    x = (cname if (xpool, xdbl) == (pool, dbl) else
                         f"(m & {xpool}).bit_count()" + _dbl_text(xdbl))
                    src.append(f"        p = {pts} + {plus} * ({x} - {need})")
                else:
                    src.append(f"        p = {pts}")
            ind = "        "
            if cancel:
                src.append(f"{ind}if not fm & {cancel}:")
                ind += "    "
            if void:
                src.append(f"{ind}if not m & {void} or m & {unless} == {unless}:")
                ind += "    "
            if packed and grouped:
                src.append(f"{ind}if p > b{gi}: b{gi} = p; v{gi} = p + 1 << {shift}")
                if last_of[gi] == pos:
                    src.append(f"    if b{gi} >= 0: k += v{gi}")
            elif packed:
                src.append(f"{ind}k += p + 1 << {shift}")
            elif grouped:
                src.append(f"{ind}if p > b{gi}: b{gi} = p; i{gi} = {i}")
                if contiguous and last_of[gi] == pos:
                    src.append(f"    if i{gi} >= 0: hits.append((i{gi}, b{gi})); t += b{gi}")
            else:
                src.append(f"{ind}hits.append(({i}, p)); t += p")
        if packed:
            src.append("    r = get(k)")
            src.append("    return r if r is not None else unpack(k)")
        else:
            if not contiguous:
                for g in sorted(opened):
                    src.append(f"    if i{g} >= 0: hits.append((i{g}, b{g})); t += b{g}")
                src.append("    hits.sort()")
            src.append("    return (t, tuple(hits)) if hits else EMPTY")
        exec("\n".join(src), env)   # noqa: S102 - code generated from our own rule data
        body: _Evaluator = env["f"]
        friends = {c[0]: c[10] for c in crules if c[10]}
        if not friends and self.limit != "only_one":
            return body
        group_of = {c[0]: c[8] for c in crules}
        only_one = self.limit == "only_one"

        def evaluate(m: int, fm: int = 0) -> QuickResult:
            total, found = body(m, fm)
            if not found:
                return 0, ()
            hits = list(found)
            if friends:
                hits = [h for h in hits if h[0] not in friends
                        or any(group_of[k[0]] in friends[h[0]] for k in hits if k[0] != h[0])]
            if only_one and hits:
                hits = [max(hits, key=lambda h: (h[1], -h[0]))]
            sig = tuple(sorted(hits))
            return sum(p for _, p in sig), sig
        return evaluate

    def quick(self, mask: int, field_mask: int = 0) -> QuickResult:
        """Total points and a signature ``((rule index, points), ...)`` of a capture mask.

        This is what the engine calls after every capture. Nothing is cached per pile
        (a first score costs what a later one does): the first call keeps the table's
        :attr:`evaluator` in the instance, where later reads of ``table.quick`` find it
        (no method call on the way).
        """
        fn = self.__dict__["quick"] = self.evaluator
        return fn(mask, field_mask)

    @cached_property
    def evaluator(self) -> _Evaluator:
        """The function behind :meth:`quick` (a pile's mask, the field's mask -> the
        quick result), specialised for this table: the generated function itself, or
        with several roles of the Sake cup the best of their functions; with stand-in
        cards, the best assignment of those held (for plain named sets
        :attr:`_simple_reading`, nothing kept per pile; else the full search, kept per
        pile)."""
        base = self._base_evaluator
        si = self.stand_ins
        if si is None:
            return base
        held = mask_of(si.cards)
        if self._simple is not None:
            reading = self._simple_reading
            none: frozenset[int] = frozenset()

            def quick_simple(mask: int, field_mask: int = 0) -> QuickResult:
                if not mask & held:
                    return base(mask, field_mask)
                return reading(mask, none)[0]
            return quick_simple
        known: dict[int | tuple[int, int], QuickResult] = {}
        by_field = self.field_sensitive

        def quick_stand_ins(mask: int, field_mask: int = 0) -> QuickResult:
            if not mask & held:
                return base(mask, field_mask)
            key = (mask, field_mask) if by_field else mask
            res = known.get(key)
            if res is None:
                if len(known) > 50_000:
                    known.clear()
                res = known[key] = self._best(mask, field_mask, frozenset())[:2]
            return res
        return quick_stand_ins

    @cached_property
    def _base_evaluator(self) -> _Evaluator:
        """The evaluator without stand-in cards (see :attr:`evaluator`): a big chart's
        pile looked up by its key among the results already made (:meth:`_by_key`), else
        the rules' own evaluation (:attr:`_by_rules`), kept under that key."""
        slow = self._by_rules
        return self._by_key(slow) or slow

    def _by_key(self, slow: _Evaluator) -> _Evaluator | None:
        """A pile's result read from a table of results, by what decides it.

        A result depends only on a few facts about the pile: for each count a rule
        compares with a threshold, whether the count reaches it; for a rule that scores
        extra cards, how many extras; which slots hold a card; the field's cards that
        cancel a yaku. Each fact gets a 7-bit field of one int, the *key*: a count
        compared with ``need`` is summed into its field with a bias of ``64 - need``, so
        the field's top bit says "reached" and, when reached, its low six bits hold the
        extras. The counts are sums over the cards, so the key is the sum of one
        precomputed int per ``_CHUNK_BITS`` cards of the pile (four or five table reads,
        whatever the number of rules), masked. The first pile with a key is scored by
        ``slow`` (the rules' evaluation, :attr:`_by_rules`) and its result kept: few keys
        exist (each is a combination of yaku), so the table stays small. None when a rule
        tests the pile with code of its own (a predicate), and for a small table (fewer
        than ``_KEYED_FROM`` facts), whose own code is quicker.
        """
        fields: dict[tuple[int, int, int], int] = {}        # (cards, doubles, need) -> field
        extras = cancels = 0

        def field(pool: int, dbl: int, need: int) -> int:
            return fields.setdefault((pool, dbl, need), len(fields))

        for _, crules in self._compiled:
            for (_i, pool, dbl, need, xpool, xdbl, _pts, plus, _gi, cancel, _friends, pred,
                 void, unless) in crules:
                if type(pred) is _Slots:
                    for slot in pred.masks:
                        field(slot, 0, 1)
                    continue
                if pred is not None:
                    return None
                field(pool, dbl, need)
                if plus:
                    extras |= 63 << 7 * field(xpool, xdbl, need)
                if void:
                    field(void, 0, 1)
                    field(unless, 0, unless.bit_count())
                cancels |= cancel
        if len(self._compiled) > 1:             # the Sake cup's roles: is it held?
            field(self._dual, 0, 1)
        if len(fields) < _KEYED_FROM:
            return None
        weights = [0] * 56                      # card bit -> its counts, one per field
        bias = flags = 0
        for (pool, dbl, need), f in fields.items():
            most = 0
            for c in range(56):
                w = (pool >> c & 1) + (dbl >> c & 1) + (dbl >> c + THIRD_COUNT & 1)
                weights[c] += w << 7 * f
                most += w
            if not 0 <= need <= 64 or most - need >= 64:
                return None                     # (a count too big for its field)
            bias += 64 - need << 7 * f
            flags |= 64 << 7 * f
        b = _CHUNK_BITS
        tables = _sum_tables(weights if any(weights[48:]) else weights[:48], b, bias)
        env: dict[str, Any] = {f"T{j}": t for j, t in enumerate(tables)}
        known: dict[int, QuickResult] = {}
        env["get"] = known.get

        def miss(k: int, m: int, fm: int) -> QuickResult:
            if len(known) > 100_000:            # (never in practice: few keys exist)
                known.clear()
            res = known[k] = slow(m, fm)
            return res
        env["miss"] = miss
        top = (1 << b) - 1
        total = " + ".join(f"T{j}[m >> {b * j} & {top}]" if j else f"T0[m & {top}]"
                           for j in range(len(tables)))
        src = ["def by_key(m, fm=0):", f"    h = {total}", f"    k = h & {flags}"]
        if extras:                  # the low bits of a reached field that counts extras
            src.append(f"    k |= h & (k - (k >> 6)) & {extras}")
        if cancels:                 # the field's cards that cancel a yaku, above the fields
            src.append(f"    k |= (fm & {cancels}) << {7 * len(fields)}")
        src += ["    r = get(k)", "    return r if r is not None else miss(k, m, fm)"]
        exec("\n".join(src), env)   # noqa: S102 - code generated from our own rule data
        fn: _Evaluator = env["by_key"]
        return fn

    @cached_property
    def _by_rules(self) -> _Evaluator:
        """The rules' own evaluation of a pile: the generated function of each role of
        the Sake cup (:meth:`_generate`), the best of them."""
        fns = self._fns
        first = fns[0]
        if len(fns) == 1:
            return first
        rest = fns[1:]
        dual = self._dual

        def quick_sake(mask: int, field_mask: int = 0) -> QuickResult:
            res = first(mask, field_mask)
            if mask & dual:            # the Sake cup's other roles: the best total counts
                for f in rest:
                    other = f(mask, field_mask)
                    if other[0] > res[0]:
                        res = other
            return res
        return quick_sake

    def points(self, mask: int, field_mask: int = 0) -> int:
        return self.quick(mask, field_mask)[0]

    def chaff_count(self, mask: int, sake_as_ten: bool | None = None) -> int:
        """How many Chaffs a pile counts as (G2), as this table's Chaff yaku count them:
        a Special Chaff counts 2 with ``special_chaffs``, a card of ``chaff_weights`` its
        weight; the Sake cup counts by the role
        ``sake_as_ten`` names (True: its Ten role, False: its Chaff role) among the table's
        Sake alternatives, or (None) the role that gives the most Chaffs, the count a
        Chaff penalty reads (Go-Stop's: a loser's Sake spares them).

        >>> t = YakuTable((), (), sake="ten_or_two_chaffs", special_chaffs=True)
        >>> m = CardSet.parse("1c 1d 11d 9a").mask
        >>> t.chaff_count(m), t.chaff_count(m, sake_as_ten=True)
        (6, 4)

        With ``chaff_weights`` a Joker (id 49) counts too (here the Sake is a Ten only and
        the Storm a single Chaff):

        >>> YakuTable((), (), chaff_weights=((49, 2),)).chaff_count(m | 1 << 49)
        5
        """
        n = (mask & KIND_MASKS[Kind.CHAFF]).bit_count()
        if self.special_chaffs:
            n += (mask & _SPECIAL_CHAFFS).bit_count()
        for card, weight in self.chaff_weights:
            if mask >> card & 1:
                n += weight - (card < 48) if not (self.special_chaffs and
                                                  1 << card & _SPECIAL_CHAFFS) else 0
        if mask & self._dual:
            weights = [w for ten, w in SAKE_MODES[self.sake]
                       if sake_as_ten is None or ten == sake_as_ten]
            if not weights:
                roles = ", ".join("Ten" if t else "Chaff" for t, _ in SAKE_MODES[self.sake])
                raise OptionError(f"the Sake cup has no {'Ten' if sake_as_ten else 'Chaff'} "
                                  f"role under the Sake mode {self.sake!r}; its roles: {roles}")
            n += max(weights)
        return n

    # -- stand-in cards and doubled rules (A7) ----------------------------------
    def doubled_indices(self, doubled: Iterable[str]) -> frozenset[int]:
        """The rule indices of the rule keys ``doubled``; an unknown key is refused."""
        if not doubled:
            return _NONE_DOUBLED
        index = self._rule_index
        out = set()
        for key in doubled:
            if key not in index:
                raise OptionError(f"no yaku {key!r} to double; the yaku are "
                                  f"{', '.join(index)}")
            out.add(index[key])
        return frozenset(out)

    @cached_property
    def _rule_index(self) -> dict[str, int]:
        """Each rule's index by its key."""
        return {r.key: i for i, r in enumerate(self.rules)}

    def score(self, mask: int, field_mask: int = 0, doubled: Iterable[str] = ()
              ) -> QuickResult:
        """:meth:`quick` with the rules ``doubled`` (keys) worth double this round: a
        doubled rule counts twice its points (completed by a stand-in card only if
        ``stand_ins.doubles``). Without doubled rules this is :meth:`quick`."""
        dbl = self.doubled_indices(doubled)
        if not dbl:
            return self.quick(mask, field_mask)
        total, sig, _, _ = self._best(mask, field_mask, dbl)
        return total, sig

    @cached_property
    def _stand_in_plan(self) -> tuple[int, tuple[tuple[int, int], ...], bool]:
        """(the stand-in cards as a mask, (rule index, cards mask) of the rules they may
        complete, whether the stand-ins are interchangeable). A rule holding a stand-in
        card is never completed by stand-ins (its missing cards would be stand-ins). The
        stand-ins are interchangeable when every rule of the table is a named set that
        holds all of them or none: then only how many stand in matters, not which."""
        si = self.stand_ins
        if si is None:
            return 0, (), True
        smask = mask_of(si.cards)
        fill = tuple((i, mask_of(r.cards)) for i, r in enumerate(self.rules)
                     if r.group == si.group and not mask_of(r.cards) & smask)
        inter = all(r.cards and r.predicate is None
                    and mask_of(r.cards) & smask in (0, smask) for r in self.rules)
        return smask, fill, inter

    @cached_property
    def _simple(self) -> tuple[tuple[int, int, int, bool, bool], ...] | None:
        """For a table of plain named sets that each score (no extras, predicate,
        cancelling, company, one-of group or "only one yaku"), with interchangeable
        stand-ins: per rule (index, cards mask, points, holds the stand-ins, stand-ins may
        complete it). A pile's yaku are then just the rules whose cards it holds, and the
        best use of the stand-ins a small knapsack (:meth:`_best_simple`). None for any
        other table (the full search)."""
        si = self.stand_ins
        smask, fill, inter = self._stand_in_plan
        if si is None or not inter or self.limit == "only_one":
            return None
        fillable = {i for i, _ in fill}
        out = []
        for i, r in enumerate(self.rules):
            gi = self._group_index.get(r.group, -1)
            if (not r.cards or r.plus_per_extra or r.cancelled_by or r.needs_company
                    or (gi >= 0 and self._one_of[gi])):
                return None
            pool = mask_of(r.cards)
            out.append((i, pool, r.points, bool(pool & smask), i in fillable))
        return tuple(out)

    def _best(self, mask: int, field_mask: int, dbl: frozenset[int]
              ) -> tuple[int, Signature, int, tuple[tuple[int, int], ...]]:
        """The best reading of a pile: (total, signature, the cards the yaku see, the
        pairs (stand-in, card it replaces)). Exact: each set of the stand-ins held is tried
        as the ones standing in (with interchangeable stand-ins, only how many: the first
        in card order), each with every set of rules they complete exactly (a rule takes
        as many stand-ins as it misses cards; partial fills score nothing). Equal totals:
        fewer stand-ins used, then the set holding the earliest rule where two sets
        differ; a rule's missing cards take the stand-ins in card order (BOOK 1593)."""
        if self._simple is not None:
            return self._best_simple(mask, dbl)
        base = self._base_evaluator
        smask, rules, inter = self._stand_in_plan
        held = mask & smask
        k = held.bit_count()
        # the rules the held stand-ins could complete (missing 1..k cards)
        cand = []
        for i, pool in rules:
            miss = pool & ~mask
            if miss and miss.bit_count() <= k:
                cand.append((i, miss))
        allow = self.stand_ins is not None and self.stand_ins.doubles
        pools = dict(rules)
        if not cand:
            total, sig = base(mask, field_mask)
            if dbl:
                sig = tuple((i, p * 2 if i in dbl else p) for i, p in sig)
                total = sum(p for _, p in sig)
            return total, sig, mask, ()
        ids = _bits(held)
        if inter:
            choices = [ids[:j] for j in range(k + 1)]
        else:
            choices = [[c for b, c in enumerate(ids) if u >> b & 1] for u in range(1 << k)]
        best: tuple[int, Signature, int, tuple[tuple[int, int], ...]] | None = None
        best_rank: tuple[int, int, int] = (0, 0, 0)
        last = len(self.rules) - 1
        for users in choices:
            n = len(users)
            real = mask & ~mask_of(users)
            for done, filled in _exact_fills(cand, 0, n, 0):
                total, sig = base(real | filled, field_mask)
                if dbl:
                    sig = tuple((i, p * 2 if i in dbl and (allow or not pools.get(i, 0)
                                                            & filled) else p)
                                for i, p in sig)
                    total = sum(p for _, p in sig)
                # equal totals: fewer stand-ins, then the set holding the earliest rule
                # where two sets differ (earlier rules weigh more)
                rank = (total, -n, sum(1 << (last - i) for i in done))
                if best is None or rank > best_rank:
                    pairs = tuple(zip(users, _bits(filled)))
                    best, best_rank = (total, sig, real | filled, pairs), rank
        assert best is not None, "the empty reading is always tried"
        return best

    @cached_property
    def _counter(self) -> tuple[int, int, int, int, tuple[int, ...],
                                tuple[tuple[int, ...], ...]]:
        """For :meth:`_simple_reading`: how many cards of every rule a pile misses,
        counted for all rules at once. Each rule has a field of ``w`` bits (its top bit a
        guard, never reached by a count); the fields go by points (highest first), then
        rule order, so that the best of several rules missing as many cards is the lowest
        field. A pile's per-rule counts are the sum of four table reads (one per 12 cards
        of the mask). (``w``, the rules' sizes packed, the guard bits, the guard bits of
        the rules stand-ins may complete, the rule index of each field, the four tables.)"""
        info = self._simple
        assert info is not None, "only for plain named-set tables"
        w = max(3, max(pool.bit_count() for _, pool, _, _, _ in info).bit_length()) + 1
        order = tuple(sorted(range(len(info)), key=lambda i: (-info[i][2], i)))
        sizes = guards = fillable = 0
        unit = [0] * 48                  # card -> one in the field of each rule holding it
        for f, i in enumerate(order):
            _, pool, _, _, can_fill = info[i]
            sizes += pool.bit_count() << (w * f)
            guards |= 1 << (w * f + w - 1)
            if can_fill:
                fillable |= 1 << (w * f + w - 1)
            for c in _bits(pool):
                unit[c] += 1 << (w * f)
        t0, t1, t2, t3 = _sum_tables(unit, 12)
        return w, sizes, guards, fillable, order, (t0, t1, t2, t3)

    @cached_property
    def _simple_reading(self) -> Callable[[int, frozenset[int]],
                                          tuple[QuickResult, tuple[int, ...], int]]:
        """The function giving the best reading of a pile (its mask, the rule indices
        doubled) under a table of plain named sets (:attr:`_simple`): ((total,
        signature), the rules the stand-ins complete, how many stand in). The rules held
        are found directly, and the rules the stand-ins complete by a knapsack (capacity:
        the stand-ins held, at most four; weight: the cards a rule misses). ``j``
        stand-ins used are the first ``j`` in card order; using any breaks the rules that
        hold them. Equal totals: fewer stand-ins, then the set holding the earliest rule
        where two sets differ.

        The rules held and those missing one to ``k`` cards come out of all rules' counts
        at once (:attr:`_counter`). With nothing doubled, of the rules missing ``m``
        cards only the best ``k // m`` can be in the best fill (a better one of the same
        weight could take a worse one's place), and the reading depends only on the
        stand-ins held, the rules held and those few: it is kept per that shape (few
        shapes exist; nothing is kept per pile)."""
        assert self._simple is not None, "only for plain named-set tables"
        smask = self._stand_in_plan[0]
        w, sizes, guards, fillable, _, (t0, t1, t2, t3) = self._counter
        ones = guards >> (w - 1)
        one_less = guards - ones
        # per k: added to the counts, sets the guard bit of each rule missing more than k
        above = tuple(guards - (k + 1) * ones for k in range(5))
        field, shift = (1 << w) - 1, w - 1
        high = w * len(self.rules)
        known: dict[int, tuple[QuickResult, tuple[int, ...], int]] = {}
        fill = self._fill

        def reading(mask: int, dbl: frozenset[int]) -> tuple[QuickResult, tuple[int, ...], int]:
            k = (mask & smask).bit_count()
            miss_all = sizes - (t0[mask & 4095] + t1[mask >> 12 & 4095]
                                + t2[mask >> 24 & 4095] + t3[mask >> 36 & 4095])
            some = (miss_all + one_less) & guards               # guard set: misses a card
            cand = some & fillable & ~(miss_all + above[k])     # misses 1 to k cards
            if dbl:
                return fill(k, guards & ~some, cand, miss_all, dbl)
            if k == 1:
                cand &= -cand
            elif k == 2 and cand:                               # (the loop below, unrolled)
                single = cand & ~(miss_all + above[1])          # the rules missing one
                rest = single & (single - 1)
                twos = cand ^ single
                cand = single ^ (rest & (rest - 1)) | twos & -twos
            elif cand:
                pruned, left = 0, cand
                for m in range(1, k):
                    cls = left & ~(miss_all + above[m])         # the rules left missing m
                    if cls:
                        left ^= cls
                        rest = cls
                        for _ in range(k // m):
                            rest &= rest - 1
                        pruned |= cls ^ rest                    # the first k // m of them
                if left:                                        # missing k: the first
                    pruned |= left & -left
                cand = pruned
            # (without a rule to complete, the stand-ins held change nothing)
            key = (k << high if cand else 0) | some | miss_all & (cand >> shift) * field
            got = known.get(key)
            if got is None:
                if len(known) > 50_000:     # (never in practice: few shapes exist)
                    known.clear()
                got = known[key] = fill(k, guards & ~some, cand, miss_all, dbl)
            return got
        return reading

    @cached_property
    def _fill_fields(self) -> tuple[list[tuple[int, int, bool, int, tuple[int, int],
                                               tuple[int, int]] | None], int, bool]:
        """For :meth:`_fill`: per bit length of a field's guard bit, the field's rule
        (index, points, holds the stand-ins, the shift of its count, its (index, points)
        and its doubled pair, made once: a new reading allocates no pair); the field
        mask; whether a doubled rule stays doubled when stand-ins complete it."""
        info = self._simple
        assert info is not None, "only for plain named-set tables"
        w, _, _, _, order, _ = self._counter
        by_len: list[tuple[int, int, bool, int, tuple[int, int], tuple[int, int]] | None]
        by_len = [None] * (w * len(order) + 1)
        for f, i in enumerate(order):
            pts = info[i][2]
            by_len[w * f + w] = (i, pts, info[i][3], w * f, (i, pts), (i, pts * 2))
        si = self.stand_ins
        return by_len, (1 << w) - 1, si is not None and si.doubles

    def _fill(self, k: int, held_g: int, cand: int, miss_all: int, dbl: frozenset[int]
              ) -> tuple[QuickResult, tuple[int, ...], int]:
        """:meth:`_simple_reading` from the fields: ``held_g`` (the guard bits of the
        rules held), ``cand`` (of the rules the stand-ins may complete), ``miss_all`` (the
        cards each rule misses), by a knapsack over ``cand`` in rule order. (Each new
        shape of a pile comes here once: it allocates little, since what it allocates is
        kept and makes the collector's work.)"""
        by_len, field, allow = self._fill_fields
        n = len(self.rules)
        held: list[tuple[int, int]] = []             # (index, points) of the rules held
        kept: list[tuple[int, int]] = []             # of those, the ones no stand-in breaks
        lost = base_total = 0                        # what using a stand-in breaks
        g = held_g
        while g:
            low = g & -g
            g ^= low
            i, pts, holds, _, pair, twice = by_len[low.bit_length()]  # type: ignore[misc]
            if dbl and i in dbl:
                pair, pts = twice, pts * 2
            held.append(pair)
            base_total += pts
            if holds:
                lost += pts
            else:
                kept.append(pair)
        held.sort()
        if not cand:
            return (base_total, tuple(held)), (), 0
        # fills[c]: the best set filling exactly c missing cards, as one int: its points
        # above n bits of rank (rule i's bit is n - 1 - i: earlier rules weigh more), so
        # that ints compare as (points, rank); None for none
        fills: list[int | None] = [0] + [None] * k
        worth: dict[int, tuple[int, int]] = {}       # rule -> its (index, points) if filled
        g = cand
        while g:
            low = g & -g
            g ^= low
            i, pts, _, shift, pair, twice = by_len[low.bit_length()]  # type: ignore[misc]
            if allow and dbl and i in dbl:
                pair, pts = twice, pts * 2
            worth[i] = pair
            wt = miss_all >> shift & field
            add = pts << n | 1 << (n - 1 - i)
            for c in range(k, wt - 1, -1):
                prev = fills[c - wt]
                if prev is not None:
                    cur = fills[c]
                    if cur is None or prev + add > cur:
                        fills[c] = prev + add
        # the most points; equal totals: fewer stand-ins (the first j reaching it)
        pick, best, best_fill = 0, base_total, 0
        for j in range(1, k + 1):
            got = fills[j]
            if got is not None and base_total - lost + (got >> n) > best:
                pick, best, best_fill = j, base_total - lost + (got >> n), got
        if not pick:
            return (base_total, tuple(held)), (), 0
        rank = best_fill & ((1 << n) - 1)
        done = []                   # (the rank's bits from the highest: the rules in order)
        while rank:
            top = rank.bit_length() - 1
            done.append(n - 1 - top)
            rank ^= 1 << top
        kept += [worth[i] for i in done]
        kept.sort()
        return (best, tuple(kept)), tuple(done), pick

    def _best_simple(self, mask: int, dbl: frozenset[int]
                     ) -> tuple[int, Signature, int, tuple[tuple[int, int], ...]]:
        """:meth:`_best` for a table of plain named sets (:meth:`_simple_reading`, with
        the cards the yaku see and which stand-in took which missing card)."""
        (total, sig), done, pick = self._simple_reading(mask, dbl)
        if not pick:
            return total, sig, mask, ()
        ids = _bits(mask & self._stand_in_plan[0])[:pick]
        filled = 0
        for i in done:
            filled |= mask_of(self.rules[i].cards) & ~mask
        return total, sig, (mask & ~mask_of(ids)) | filled, tuple(zip(ids, _bits(filled)))

    # -- the explained path --------------------------------------------------
    def evaluate(self, cards: CardSet | Iterable[Card] | int, field_cards: CardSet | int = 0,
                 doubled: Iterable[str] = ()) -> Evaluation:
        """Explain which yaku a pile makes: cards, base points and extras of each (and,
        with stand-in cards, which card stood for which; ``doubled``: the rule keys worth
        double this round)."""
        mask = cards if isinstance(cards, int) else CardSet(cards).mask
        fmask = field_cards if isinstance(field_cards, int) else CardSet(field_cards).mask
        dbl = self.doubled_indices(doubled)
        if self.stand_ins is None and not dbl:
            return self._explain(mask, fmask)
        total, sig, seen, pairs = self._best(mask, fmask, dbl)
        plain = self._explain(seen, fmask)
        filled = mask_of(c for _, c in pairs)
        hits = []
        for h, (_, p) in zip(plain.hits, sig):
            pool = mask_of(h.rule.cards)
            mine = tuple((Card(a), Card(b)) for a, b in pairs if pool >> b & 1)
            cards_m = (h.cards.mask & ~filled) | mask_of(a for a, _ in mine)
            twice = p != h.points
            hits.append(YakuHit(h.rule, p, h.base * 2 if twice else h.base, h.extras,
                                CardSet.from_mask(cards_m), h.extra_cards, mine, twice))
        return Evaluation(tuple(hits), total, plain.sake_role, plain.set_aside)

    def _explain(self, mask: int, fmask: int) -> Evaluation:
        """:meth:`evaluate` of the cards as they are (no stand-ins, nothing doubled)."""
        total, sig = self._base_evaluator(mask, fmask)
        compiled = self._compiled
        alt = compiled[0]
        if len(compiled) > 1 and mask & self._dual:
            alt = max(compiled, key=lambda c: self._run(c[1], mask, fmask)[0])
        hits = []
        for i, p in sig:
            (_, pool, dbl, need, xpool, xdbl, pts, plus, _, _, _, pred, _, _) = alt[1][i]
            rule = self.rules[i]
            if type(pred) is _Slots:
                hits.append(YakuHit(rule, p, p, 0, CardSet.from_mask(mask & pool), CardSet()))
                continue
            if pred is not None:
                hits.append(YakuHit(rule, p, p, 0, CardSet.from_mask(mask), CardSet()))
                continue
            made = mask & xpool
            extras = (p - pts) // plus if plus else 0
            if rule.cards:
                extra_cards = made & ~pool
            else:
                extra_cards = mask_of(_bits(made)[len(_bits(made)) - extras:]) if extras else 0
            hits.append(YakuHit(rule, p, pts, extras, CardSet.from_mask(made | (mask & pool)),
                                CardSet.from_mask(extra_cards)))
        aside = []
        if self.field_sensitive:
            for r in self.rules:
                if r.cancelled_by and any(fmask & MONTH_MASKS[m - 1] for m in r.cancelled_by):
                    without, _ = self._base_evaluator(mask, 0)
                    if without != total and r.key not in [h.rule.key for h in hits]:
                        aside.append((r.name, "a card of month "
                                      + "/".join(str(m) for m in r.cancelled_by)
                                      + " is on the field (Rain & Fog)"))
        made_keys = [h.rule.key for h in hits]
        for r, c in zip(self.rules, alt[1]):
            void, unless = c[12], c[13]
            pool, dbl, need, pred = c[1], c[2], c[3], c[11]
            made = (pred.holds(mask) if type(pred) is _Slots else pred(mask) if pred is not None
                    else (mask & pool).bit_count() + (mask & dbl).bit_count()
                    + (mask & dbl >> THIRD_COUNT).bit_count() >= need)
            if void and mask & void and mask & unless != unless and r.key not in made_keys \
                    and made:
                lift = (" and no " + ", ".join(CARD_INFO[x].name for x in r.void_unless)
                        if r.void_unless else "")
                aside.append((r.name, "the pile holds a card of month "
                              + "/".join(str(m) for m in r.void_if_own) + lift))
        # the role is reported as the Sake cup's; another dual card is not named there
        role = _SAKE_ROLE_LABEL.get(alt[0], "") if mask & self._dual & _SAKE else ""
        return Evaluation(tuple(hits), total, role, tuple(aside))
