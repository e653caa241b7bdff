"""Settling a Hachi-Hachi round: who pays whom, how much, and by which rule.

A turn engine (or a teaching example) describes a finished round as a
:class:`RoundFacts` value; :func:`settle_round` turns it into a
:class:`Settlement`, whose :class:`~hanafuda_core.ledger.Ledger` has one
explained line per payment. The clauses run in a fixed order, one function
each, and every line cites its source:

1. fold fees of voluntary passers (paid to the round's winner);
2. compensation for players forced to drop out;
3. hand combinations (teyaku), taken from every active opponent;
4. yaku and the Continue / End / Cancel decisions (each tradition its own way);
5. card points against the par of 88 (not in a round ended by a yaku);
6. bonuses: chaff combination over par, catching one's own triple, blind stay;
7. the specials (168 or more, sixteen Chaffs, all 88), which cancel or return
   other payments depending on the tradition.

Everything is multiplied by the round's field multiplier (:class:`FieldQueue`).

The traditions differ most in step 4. The rulebook pays yaku when the round
ends: whoever calls End takes the yaku from each opponent, but double from a
lone opponent who had called Continue (the other pays nothing); a Cancel or an
exhausted deck pays half. D002's Yoshi and Sa-gé work the same way. D001 and
D004 pay a yaku the moment it is made; a player who plays on and fails pays
back half (D004: and pays for both losers when an opponent goes out).

>>> from hanafuda_core.games.hachihachi import get_rules
>>> facts = RoundFacts(players=(
...     PlayerFacts("A", hand=CardSet.parse("1a 1c 2c 3c 4c 5c 6c"), card_points=141),
...     PlayerFacts("B", hand=CardSet.parse("6a 6b 6c 8a 9a 10a 12a"), card_points=123)),
...     dealer="A", multiplier=2)
>>> result = settle_round(get_rules("book"), facts)
>>> result.totals()["A"], result.totals()["B"], result.winner
(146, 30, 'A')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Generic, TypeVar, overload

from ..cards import (
    DEFAULT_VALUES,
    FLOWERS,
    KIND_MASKS,
    MONTH_MASKS,
    RIBBON_MASKS,
    Card,
    CardSet,
    Kind,
    Ribbon,
    mask_cards,
)
from ..errors import HanafudaError
from ..frozen import quick_init
from ..ledger import BANK, Ledger, Payment, settle_balances
from ..teyaku import CHAFF, SUIT, TeyakuHit, TeyakuResult
from .hachihachi import HachiHachiRules, get_rules, yaku_rule, yaku_values

__all__ = ["FieldMultiplier", "FieldQueue", "PlayerFacts", "Call", "RoundFacts", "Settlement",
           "settle_round", "field_multiplier", "LIGHT_MULTIPLIERS", "PAR", "CALL_ACTIONS",
           "RESPONSIBLE_YAKU", "card_points"]

_V = TypeVar("_V")

PAR = 88
DECK_POINTS = 264

#: The Brights that raise the field, and by how much (every source agrees on the cards).
LIGHT_MULTIPLIERS: Mapping[Card, int] = {Card.PINE_CRANE: 2, Card.CHERRY_CURTAIN: 2,
                                         Card.SUSUKI_MOON: 2, Card.WILLOW_RAINMAN: 4,
                                         Card.PAULOWNIA_PHOENIX: 4}
_FIELD_NAMES = {1: "Small Field", 2: "Large Field", 4: "Grand Field"}
_LIGHT_MASK = sum(1 << c for c in LIGHT_MULTIPLIERS)
_CARDS = tuple(Card)

#: Every tradition's words for the three decisions.
CALL_ACTIONS: Mapping[str, str] = {
    "continue": "continue", "sage": "continue", "sa-ge": "continue", "sa-gé": "continue",
    "keep": "continue",
    "end": "end", "stop": "end", "yoshi": "end", "out": "end", "go out": "end",
    "cancel": "cancel",
}

_COMP_CARDS = (KIND_MASKS[Kind.BRIGHT] | RIBBON_MASKS[Ribbon.POETRY]
               | RIBBON_MASKS[Ribbon.PURPLE])


class _kept(Generic[_V]):
    """A property worked out on first use and kept in the instance's ``__dict__`` (which
    then answers later reads directly), for immutable values: ``functools.cached_property``
    without the lock it takes on every first read in Python 3.11 (a settlement makes a
    few such reads each round). Equality and the frozen fields of a dataclass do not see
    the kept value."""

    def __init__(self, func: Callable[[Any], _V]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, cls: type | None = None) -> _kept[_V]: ...

    @overload
    def __get__(self, obj: object, cls: type | None = None) -> _V: ...

    def __get__(self, obj: object, cls: type | None = None) -> _V | _kept[_V]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


# ---------------------------------------------------------------------------
# Field multiplier.

@quick_init
@dataclass(frozen=True)
class FieldMultiplier:
    """The multiplier of one round and why."""

    value: int
    lights: tuple[Card, ...] = ()
    reason: str = ""
    carried: bool = False

    @property
    def name(self) -> str:
        return _FIELD_NAMES.get(self.value, f"x{self.value} Field")


@quick_init
@dataclass(frozen=True)
class FieldQueue:
    """The field multiplier as a pure value that remembers deals reserved for later.

    ``mode`` is the rules' ``field_mode``: ``"highest"`` (BOOK: the best Bright
    only), ``"additive"`` (BOOK Multiple Multiplier), ``"carryover"`` (BOOK:
    the next highest one carries one round), ``"queue"`` (D001/D002, D004 "as
    many as possible": every extra light reserves a later deal, quads first),
    ``"few"`` (D004 "as few as possible").

    >>> q = FieldQueue("queue")
    >>> m, q = q.next(CardSet.parse("3a 11a 12a"))     # D001: Banner, Rainman, Phoenix
    >>> m.value, q.pending
    (4, (4, 2))
    >>> m, q = q.next(CardSet.parse("2a")); m.value, m.carried
    (4, True)
    >>> FieldQueue("additive").next(CardSet.parse("1a 12a"))[0].value
    6
    """

    mode: str = "highest"
    pending: tuple[int, ...] = ()

    def next(self, field: CardSet | None) -> tuple[FieldMultiplier, FieldQueue]:
        """The multiplier for a deal with this field, and the queue for the deal after."""
        if self.mode not in ("highest", "additive", "carryover", "queue", "few"):
            raise HanafudaError(f"unknown field mode {self.mode!r}; allowed: highest, additive, "
                                "carryover, queue, few")
        if isinstance(field, CardSet):
            # Only the field's lights count: the answer is made once per queue and lights
            # (every deal asks; a few dozen combinations exist).
            return _next_for_lights(self, field.mask & _LIGHT_MASK)
        cards: Iterable[Card] = field or ()
        return self._next(tuple(c for c in cards if c in LIGHT_MULTIPLIERS))

    def _next(self, lights: tuple[Card, ...]) -> tuple[FieldMultiplier, FieldQueue]:
        values = sorted((LIGHT_MULTIPLIERS[c] for c in lights), reverse=True)
        names = ", ".join(c.title for c in lights) or "no Bright"
        if self.mode == "highest":
            v = values[0] if values else 1
            return FieldMultiplier(v, lights, f"{names} in the field; the highest counts"), self
        if self.mode == "additive":
            v = sum(values) or 1
            return FieldMultiplier(v, lights, f"{names} in the field; multipliers add"), self
        if self.mode == "few" and self.pending:
            return (FieldMultiplier(self.pending[0], lights, "a deal reserved by an earlier "
                                    "field (its own lights are ignored)", True),
                    FieldQueue(self.mode, self.pending[1:]))
        if self.mode == "few":
            v = values[0] if values else 1
            rest = tuple(values[1:2])
            return (FieldMultiplier(v, lights, f"{names} in the field; one more deal reserved"
                                    if rest else f"{names} in the field"),
                    FieldQueue(self.mode, rest))
        queue = sorted(self.pending + tuple(values), reverse=True)
        if not queue:
            return FieldMultiplier(1, lights, "no Bright in the field"), self
        v = queue[0]
        carried = bool(self.pending) and (not values or self.pending[0] >= values[0])
        keep = tuple(queue[1:2] if self.mode == "carryover" else queue[1:])
        reason = f"{names} in the field"
        if keep:
            reason += "; later deals reserved: " + ", ".join(f"x{k}" for k in keep)
        return FieldMultiplier(v, lights, reason, carried), FieldQueue(self.mode, keep)


@lru_cache(maxsize=1024)
def _next_for_lights(queue: FieldQueue, lights: int) -> tuple[FieldMultiplier, FieldQueue]:
    """:meth:`FieldQueue.next` for a field whose lights are the mask ``lights``."""
    return queue._next(tuple(_CARDS[c] for c in mask_cards(lights)))


@lru_cache(maxsize=64)
def _given_multiplier(value: int) -> FieldMultiplier:
    """The multiplier of a deal whose facts give it (one per value: it is immutable)."""
    return FieldMultiplier(value, (), "multiplier given for this deal")


def field_multiplier(rules: HachiHachiRules, field: CardSet | None) -> FieldMultiplier:
    """The multiplier of a single deal (no reserved deals) under the rules' field mode.

    >>> field_multiplier(get_rules("book"), CardSet.parse("1a 12a 5c")).value
    4
    """
    return FieldQueue(rules.field_mode).next(field)[0]


# ---------------------------------------------------------------------------
# Round facts.

@quick_init
@dataclass(frozen=True)
class PlayerFacts:
    """What one player brought to the round.

    ``hand``: the 7 cards dealt (combinations are found in it). ``claims``: the
    combinations claimed, by key (``None`` = the best of each group the hand
    makes; ``()`` = none claimed). ``captures``: the capture pile at the end;
    ``card_points`` / ``chaffs`` / ``caught_triples`` give the same facts when
    the pile is not known (teaching examples). ``held_yaku`` and
    ``uncounted_cards`` do the same for a forced dropout's compensation.
    """

    name: str
    hand: CardSet | None = None
    claims: tuple[str, ...] | None = None
    captures: CardSet | None = None
    card_points: int | None = None
    chaffs: int | None = None
    caught_triples: tuple[int, ...] | None = None
    held_yaku: tuple[str, ...] | None = None
    uncounted_cards: int | None = None
    #: (month, name): who discarded the fourth card of this player's declared triple
    #: when they had another choice (D001 catching the Sanbon, D004 responsibility).
    triple_responsible: tuple[tuple[int, str], ...] = ()


@quick_init
@dataclass(frozen=True)
class Call:
    """A decision after making (or improving) a yaku, in the order they were made.

    ``action`` is ``"continue"``, ``"end"`` or ``"cancel"`` (the traditions'
    words are accepted: sage, Sa-gé, keep / stop, Yoshi, out). The yaku held at
    that moment are named by key (``yaku``) or found in ``cards``.
    ``responsible`` names an opponent who discarded the card completing this
    player's waiting yaku when they had another choice: with the
    ``responsibility`` option that opponent pays for both losers.
    """

    player: str
    action: str
    yaku: tuple[str, ...] = ()
    cards: CardSet | None = None
    responsible: str | None = None

    @property
    def kind(self) -> str:
        try:
            return CALL_ACTIONS[self.action.strip().lower()]
        except KeyError:
            raise HanafudaError(f"unknown call {self.action!r} by {self.player}; allowed: "
                                f"{', '.join(CALL_ACTIONS)}") from None


@quick_init
@dataclass(frozen=True)
class RoundFacts:
    """A finished round, as a turn engine (or a worked example) knows it.

    ``players`` are in seat order starting with the seat that dealt;
    ``dealer`` is the round's acting dealer. ``passed`` lists voluntary passers
    in the order they passed, ``forced_out`` those forced to drop out, ``joker``
    the holder of the 7-player Joker (blank card). The rest are active (three,
    or both players of a two-player game). The multiplier comes from
    ``multiplier`` if given (e.g. from a :class:`FieldQueue`), else from
    ``field``. ``calls`` are the yaku decisions in order; ``blind_stay`` says the
    dealer stayed blind. ``dealers_hand`` names the last trader (who holds the
    dealer's dealt hand, BOOK 'Trade'); ``played=False`` is a round nobody
    played because only one or two stayed (``too_few="share_pot"``): they share
    the fees. ``aborted`` names a player dealt 4 of a Kind & 3 of a Kind when
    ``four_three="aborts_hand"`` (the hand stops after the hand combinations).

    >>> RoundFacts(players=(PlayerFacts("A"), PlayerFacts("B"), PlayerFacts("C"),
    ...                     PlayerFacts("D")), dealer="A", passed=("D",)).active
    ('A', 'B', 'C')
    """

    players: tuple[PlayerFacts, ...]
    dealer: str
    field: CardSet | None = None
    multiplier: int | None = None
    passed: tuple[str, ...] = ()
    forced_out: tuple[str, ...] = ()
    joker: str | None = None
    calls: tuple[Call, ...] = ()
    blind_stay: bool = False
    dealers_hand: str | None = None
    played: bool = True
    aborted: str | None = None

    # ``names`` and ``active`` are asked for by nearly every clause of a settlement: each
    # is worked out once (the facts are immutable; see ``_kept``).
    @_kept
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @_kept
    def active(self) -> tuple[str, ...]:
        out = set(self.passed) | set(self.forced_out) | ({self.joker} if self.joker else set())
        return tuple(n for n in self.names if n not in out)

    def player(self, name: str) -> PlayerFacts:
        p = self._by_name.get(name)
        if p is None:
            raise HanafudaError(f"no player called {name!r}; players: "
                                f"{', '.join(self.names)}")
        return p

    @_kept
    def _by_name(self) -> dict[str, PlayerFacts]:
        """Each player's facts by name (the first of a name, as a search would find)."""
        out: dict[str, PlayerFacts] = {}
        for p in self.players:
            out.setdefault(p.name, p)
        return out

    def check(self, rules: HachiHachiRules | None = None) -> None:
        """Raise a clear error if the facts cannot describe a Hachi-Hachi round
        (``rules`` allow the rounds of fewer than three players of ``too_few``)."""
        names = self.names
        if len(set(names)) != len(names):
            raise HanafudaError(f"player names must differ: {names}")
        if not 2 <= len(names) <= 7:
            raise HanafudaError(f"Hachi-Hachi is played by 2 to 7 players, not {len(names)}")
        if self.passed or self.forced_out or self.joker is not None:
            for who in (*self.passed, *self.forced_out, *((self.joker,) if self.joker else ())):
                self.player(who)
            if len(set(self.passed) | set(self.forced_out) | {self.joker} - {None}) != \
                    len(self.passed) + len(self.forced_out) + (1 if self.joker else 0):
                raise HanafudaError("a player can only drop out once (passed, forced out or "
                                    "Joker)")
        want = 2 if len(names) == 2 else 3
        too_few = getattr(rules, "too_few", "forced_in") if rules is not None else "forced_in"
        if not self.played:
            stayers = len(self.active)
            if len(names) < 4 or not (too_few == "share_pot" and 1 <= stayers <= 2 or
                                      too_few == "two_handed" and stayers == 1):
                raise HanafudaError("a round is left unplayed only when one or two players of "
                                    "four or more stay and the rules say they share the fees "
                                    "(too_few='share_pot'; with 'two_handed' only when one "
                                    "stays)")
            if self.forced_out or self.calls:
                raise HanafudaError("nobody is forced out of, or makes a call in, an unplayed "
                                    "round")
        elif len(self.active) == 2 and len(names) >= 4 and too_few == "two_handed":
            pass
        elif len(self.active) != want:
            raise HanafudaError(f"{len(self.active)} players are active ({', '.join(self.active)})"
                                f"; exactly {want} must play a round")
        if self.dealer not in self.active:
            raise HanafudaError(f"the dealer {self.dealer!r} must be one of the active players "
                                f"{self.active}")
        for who in (self.dealers_hand, self.aborted):
            if who is not None:
                self.player(who)
        for c in self.calls:
            c.kind  # noqa: B018 - validates the action
            if c.player not in self.active:
                raise HanafudaError(f"{c.player!r} made a call but is not playing this round")
        if self.multiplier is not None and self.multiplier not in (1, 2, 4, 6, 8, 10, 12):
            raise HanafudaError(f"a field multiplier is 1, 2 or 4 (6 and more only with "
                                f"multipliers added), not {self.multiplier!r}")


# ---------------------------------------------------------------------------
# The settlement.

@quick_init
@dataclass(frozen=True)
class Settlement:
    """An explained settlement: the ledger plus what was found and decided."""

    rules: HachiHachiRules
    facts: RoundFacts
    ledger: Ledger
    multiplier: FieldMultiplier
    winner: str | None
    teyaku: Mapping[str, tuple[TeyakuHit, ...]]
    card_points: Mapping[str, int | None]
    cancelled: tuple[Payment, ...] = ()
    special: str = ""
    notes: tuple[str, ...] = ()

    def totals(self) -> dict[str, int]:
        """Net result of every player (and the bank, when a rule uses it)."""
        totals = {n: 0 for n in self.facts.names}
        totals.update(self.ledger.totals())
        return totals

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per category with each player's net, like the rulebook's figures."""
        names = list(self.totals())
        rows = []
        for category, nets in self.ledger.by_category().items():
            rows.append({"category": category, **{n: nets.get(n, 0) for n in names}})
        rows.append({"category": "total", **self.totals()})
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.rules.preset, "unit": self.rules.unit.key,
                "multiplier": {"value": self.multiplier.value, "name": self.multiplier.name,
                               "reason": self.multiplier.reason},
                "winner": self.winner, "special": self.special,
                "teyaku": {n: [h.to_dict() for h in hits] for n, hits in self.teyaku.items()},
                "card_points": dict(self.card_points),
                "payments": [p.to_dict() for p in self.ledger.payments],
                "cancelled": [p.to_dict() for p in self.cancelled],
                "totals": self.totals(), "notes": list(self.notes)}

    def to_text(self) -> str:
        fmt = self.rules.unit.format
        out = [f"{self.multiplier.name} (x{self.multiplier.value}): {self.multiplier.reason}"]
        for n, hits in self.teyaku.items():
            for h in hits:
                out.append(f"{n} shows {h.rule.name} ({h.value} {self.rules.teyaku.unit}): "
                           f"{h.shown.format()}")
        out.append(self.ledger.to_text())
        for p in self.cancelled:
            out.append(f"(cancelled) {p.payer} would have paid {p.payee} {fmt(p.amount)}: "
                       f"{p.reason}")
        if self.special:
            out.append(f"Special: {self.special}")
        out.append(f"Winner: {self.winner or '-'}")
        out.extend(self.notes)
        return "\n".join(out)


@dataclass
class _Work:
    """Working state of one settlement (private; the result is immutable)."""

    rules: HachiHachiRules
    facts: RoundFacts
    mult: int
    lines: list[Payment] = field(default_factory=list)
    cancelled: list[Payment] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    teyaku: dict[str, tuple[TeyakuHit, ...]] = field(default_factory=dict)
    points: dict[str, int | None] = field(default_factory=dict)
    winner: str | None = None
    special: str = ""
    ended_by: str | None = None       # who ended the round with a call
    first_continue: str | None = None
    yaku_made: bool = False
    instant: bool = False             # Four & Three won the round at once
    _opponents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the facts' active players (read by nearly every clause: kept here, not looked up)
    active: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.active = self.facts.active

    @_kept
    def scale(self) -> int:
        return self.rules.combo_scale

    def cite(self, key: str) -> str:
        """Where the rules take an option from (:meth:`HachiHachiRules.cite`), worked out
        once per rules object and option: the clauses cite on every round."""
        got = _CITES.get((id(self.rules), key))
        if got is None or got[0] is not self.rules:
            if len(_CITES) > 4096:
                _CITES.clear()
            got = _CITES[id(self.rules), key] = (self.rules, self.rules.cite(key))
        return got[1]

    def opponents(self, name: str) -> tuple[str, ...]:
        got = self._opponents.get(name)
        if got is None:
            got = self._opponents[name] = tuple(n for n in self.active if n != name)
        return got

    def take(self, payee: str, payers: Iterable[str], base: int, reason: str, clause: str,
             category: str, *, factor: int = 1, scaled: bool = True, note: str = "") -> None:
        """``payee`` takes base x scale x field x factor from each payer."""
        amount = base * (self.scale if scaled else 1) * self.mult * factor
        if amount != int(amount):
            raise HanafudaError(f"{reason}: {amount} is not a whole number of "
                                f"{self.rules.unit.minor}")
        for payer in payers:
            if payer != payee and amount:
                self.lines.append(Payment(payer, payee, int(amount), reason, clause, self.mult,
                                          base, category, note))


#: (id of the rules, option) -> (the rules, the citation); the rules are kept, so an id
#: is not reused while its entry lasts.
_CITES: dict[tuple[int, str], tuple[HachiHachiRules, str]] = {}


def _claimed(w: _Work, p: PlayerFacts) -> tuple[TeyakuHit, ...]:
    table = w.rules.teyaku
    if p.hand is not None:
        if p.hand.mask.bit_count() != 7:
            raise HanafudaError(f"{p.name}'s dealt hand has {len(p.hand)} cards; Hachi-Hachi "
                                "deals 7")
        if p.claims == ():
            return ()                   # nothing claimed: nothing to look for in the hand
        result: TeyakuResult = table.evaluate(p.hand)
        if p.claims is None:
            return result.hits
        hits = []
        for key in p.claims:
            hit = result.find(key)
            if hit is None:
                makes = ", ".join(h.rule.key for h in result.candidates) or "nothing"
                raise HanafudaError(f"{p.name}'s hand {p.hand.format()} does not make {key!r}; "
                                    f"it makes: {makes}")
            hits.append(hit)
    else:
        hits = [TeyakuHit(table.rule(k), table.rule(k).value, CardSet(), CardSet())
                for k in (p.claims or ())]
    groups = [h.rule.group for h in hits]
    if len(set(groups)) != len(groups):
        raise HanafudaError(f"{p.name} claims {[h.rule.key for h in hits]}: at most one chaff "
                            "and one suit combination may be claimed")
    return tuple(hits)


def _points(p: PlayerFacts) -> int | None:
    if p.card_points is not None:
        return p.card_points
    if p.captures is not None:
        return card_points(p.captures.mask)
    return None


def card_points(mask: int) -> int:
    """The card points of the cards in ``mask`` (20 a Bright, 10 a Ten, 5 a Ribbon, 1 a
    Chaff: ``CardSet.value(DEFAULT_VALUES)``, from tables of each byte's points made once
    from the kinds' masks).

    >>> card_points(CardSet.parse("1a 1b 1c 2a").mask), CardSet.parse("1a 1b 1c 2a").value()
    (36, 36)
    """
    p0, p1, p2, p3, p4, p5 = _POINT_BYTES
    return (p0[mask & 255] + p1[mask >> 8 & 255] + p2[mask >> 16 & 255]
            + p3[mask >> 24 & 255] + p4[mask >> 32 & 255] + p5[mask >> 40 & 255])


_POINT_MASKS = tuple((KIND_MASKS[k], v) for k, v in DEFAULT_VALUES.items())
#: The points of each byte of a mask (cards 8k to 8k + 7), from the kinds' masks.
_POINT_BYTES = tuple(tuple(sum((bits << 8 * k & kind).bit_count() * value
                               for kind, value in _POINT_MASKS) for bits in range(256))
                     for k in range(6))


def _chaff_count(rules: HachiHachiRules, p: PlayerFacts, rain: bool) -> int | None:
    if p.chaffs is not None:
        return p.chaffs
    if p.captures is None:
        return None
    return (p.captures.mask & (_CHAFF_RAIN if rain else _CHAFF_MASK)).bit_count()


_CHAFF_MASK = KIND_MASKS[Kind.CHAFF]
_CHAFF_RAIN = _CHAFF_MASK | MONTH_MASKS[10]


def _yaku_value(rules: HachiHachiRules, call: Call) -> dict[str, int]:
    """Yaku held at a call, key -> value in table units."""
    if call.cards is not None:
        return yaku_values(rules.yaku, call.cards)
    return {k: yaku_rule(rules.yaku, k).points for k in call.yaku}


# -- 2. compensation ---------------------------------------------------------

def _compensation(w: _Work) -> None:
    """Forced dropouts are paid half their hand combinations (and held yaku) and a few
    points per Bright / Poetry / Purple card (BOOK ch. 17 Compensation; D001 4-6
    players; D002 Driven Out; D004 Forced passes)."""
    if not w.facts.forced_out:
        return
    r, clause = w.rules, w.cite("compensation_payers")
    payers = [n for n in w.active
              if r.compensation_payers == "active" or n != w.facts.dealer]
    for name in w.facts.forced_out:
        p = w.facts.player(name)
        hits = _claimed(w, p) if (p.hand is not None or p.claims) else ()
        half_teyaku = sum(h.value for h in hits) * w.scale
        counted = 0
        for h in hits:
            counted |= h.cards.mask
        yaku_value = 0
        if r.compensation_yaku:
            if p.hand is not None:
                for y in r.yaku.evaluate(p.hand).hits:
                    yaku_value += y.points
                    counted |= y.cards.mask
            else:
                yaku_value = sum(yaku_rule(r.yaku, k).points for k in p.held_yaku or ())
        field_value = 0
        if r.compensation_with_field and p.hand is not None and w.facts.field is not None:
            # D001 variation: half of a complete Akatan, Aotan, Shikou or Gokou made with
            # the table cards (those already compensated from the hand alone are not paid
            # twice).
            had = set(yaku_values(r.yaku, p.hand)) if r.compensation_yaku else set()
            made = yaku_values(r.yaku, CardSet.from_mask(p.hand.mask | w.facts.field.mask))
            for key, v in made.items():
                if key in _FIELD_YAKU and key not in had:
                    field_value += v
                    counted |= yaku_rule_cards(r, key) & p.hand.mask
        if p.uncounted_cards is not None:
            cards = p.uncounted_cards
        elif p.hand is not None:
            keep = p.hand.mask & _COMP_CARDS
            if r.compensation_excludes_counted:
                keep &= ~counted
            cards = keep.bit_count()
        else:
            cards = 0
        base_minor = (half_teyaku // 2 + yaku_value * w.scale // 2
                      + field_value * w.scale // 2 + r.compensation_per_card * cards)
        parts = [f"half of {', '.join(h.rule.name for h in hits)}" if hits else "",
                 "half of the yaku held" if yaku_value else "",
                 "half of the yaku made with the field" if field_value else "",
                 f"{cards} x {r.compensation_per_card} for Brights/Poetry/Purple" if cards else ""]
        reason = f"compensation to {name}: " + "; ".join(x for x in parts if x)
        w.take(name, payers, base_minor, reason, clause, "compensation", scaled=False)


_FIELD_YAKU = ("poetry", "purple", "four_dry_brights", "five_brights")


def yaku_rule_cards(rules: HachiHachiRules, key: str) -> int:
    """The card mask a yaku of the rules is made from."""
    mask = 0
    for c in yaku_rule(rules.yaku, key).cards:
        mask |= 1 << c
    return mask


# -- 3. hand combinations ------------------------------------------------------

def _hand_combinations(w: _Work) -> None:
    """Each active player takes their claimed combinations from each active opponent
    (BOOK ch. 17 Hand Combinations; D001 Teyaku; D002 Hand Combo; D004 Melds)."""
    clause = w.cite("teyaku_table")
    by_name = w.facts._by_name
    for name in w.active:
        hits = _claimed(w, by_name[name])
        w.teyaku[name] = hits
        if not hits:
            continue                # nothing claimed: nothing below applies
        value = sum(h.value for h in hits)
        keys = {h.rule.key for h in hits}
        if w.rules.winning_hand and {"four_three", "seven_chaffs"} <= keys:
            value = 400 // (10 if w.scale != 1 else 1)
            w.notes.append(f"{name}: Winning Hand (Four & Three with 7 Chaffs) takes 400 "
                           "instead of 240 (BOOK variant)")
            w.take(name, w.opponents(name), value, "Winning Hand", w.cite("winning_hand"),
                   "teyaku")
            w.instant, w.winner = True, name
            continue
        for h in hits:
            w.take(name, w.opponents(name), h.value, f"{name}'s {h.rule.name}", clause, "teyaku")
        if "four_three" in keys and w.rules.four_three == "aborts_hand":
            w.instant = True
            w.notes.append(f"{name} holds Four & Three: the hand is aborted after the hand "
                           "combinations and the next month is dealt (D001 variation)")
        elif "four_three" in keys and w.rules.four_three != "none":
            w.instant = True
            w.winner = name
            w.notes.append(f"{name} holds Four & Three: the "
                           f"{'game' if w.rules.four_three == 'ends_game' else 'round'} ends "
                           "at once; only fees, compensation and hand combinations count")


# -- 4. yaku and calls -------------------------------------------------------------

def _yaku_at_end(w: _Work) -> None:
    """Yaku settled when the round ends (BOOK ch. 17 Scoring with yaku; D002 Yoshi / Sa-gé):
    End takes the yaku from each opponent, double from a lone opponent who had called
    Continue (the other pays nothing); Cancel or an exhausted deck pays half."""
    clause = w.cite("calls")
    continued: list[str] = []
    values: dict[str, int] = {}
    for call in w.facts.calls:
        if call.yaku or call.cards is not None:
            values[call.player] = sum(_yaku_value(w.rules, call).values())
        kind = call.kind
        if call.player not in values:
            raise HanafudaError(f"{call.player}'s {call.action!r} names no yaku: give the yaku "
                                "held (keys) or the captured cards")
        if kind == "continue":
            if call.player not in continued:
                continued.append(call.player)
            continue
        w.ended_by = call.player
        w.winner = call.player
        if w.rules.risk:
            for other in continued:
                if other != call.player:
                    for opp in w.opponents(other):
                        w.take(opp, [other], values[other], f"{other} continued and never "
                               "ended: Risk pays the yaku to each opponent",
                               w.cite("risk"), "yaku")
        if kind == "end":
            others = [n for n in continued if n != call.player]
            payer = _responsible(w, call)
            if payer is not None:
                w.take(call.player, [payer], values[call.player],
                       f"{call.player}'s yaku, paid for both losers by {payer} "
                       "(responsible discard)", w.cite("responsibility"), "yaku",
                       factor=len(w.opponents(call.player)))
            elif len(others) == 1 and len(w.active) == 3:
                w.take(call.player, others, values[call.player],
                       f"{call.player}'s yaku, double from {others[0]} who had continued",
                       clause, "yaku", factor=2)
                w.notes.append(f"{call.player} ended after {others[0]} continued: "
                               f"{others[0]} pays double, the third player nothing")
            elif len(others) == 1:
                # Two players: the lone opponent who had continued pays double as well.
                w.take(call.player, others, values[call.player],
                       f"{call.player}'s yaku, double from {others[0]} who had continued",
                       clause, "yaku", factor=2)
            else:
                w.take(call.player, w.opponents(call.player), values[call.player],
                       f"{call.player}'s yaku", clause, "yaku")
        else:  # cancel
            if call.player not in continued:
                raise HanafudaError(f"{call.player} cannot cancel without having continued")
            before = len(w.lines)
            w.take(call.player, w.opponents(call.player), values[call.player],
                   f"{call.player}'s yaku, halved by Cancel", clause, "yaku")
            _halve_from(w, before)
        return
    # The deck ran out with Continue callers: each takes half of their yaku (Risk: each
    # pays their yaku to each opponent instead).
    if w.rules.risk:
        for name in continued:
            for opp in w.opponents(name):
                w.take(opp, [name], values[name], f"{name} continued and never ended: Risk "
                       "pays the yaku to each opponent", w.cite("risk"), "yaku")
        if continued:
            w.first_continue = continued[0]
        return
    for name in continued:
        before = len(w.lines)
        w.take(name, w.opponents(name), values[name], f"{name}'s yaku, halved (deck exhausted)",
               clause, "yaku")
        _halve_from(w, before)
    if continued:
        w.first_continue = continued[0]


def _halve_from(w: _Work, start: int) -> None:
    """Halve the payment lines from ``start`` on (the clause pays half)."""
    for i in range(start, len(w.lines)):
        p = w.lines[i]
        if p.amount % 2:
            raise HanafudaError(f"half of {p.amount} is not a whole number ({p.reason})")
        w.lines[i] = Payment(p.payer, p.payee, p.amount // 2, p.reason, p.clause, p.multiplier,
                             p.base, p.category, "half")


def _yaku_immediate(w: _Work) -> None:
    """Yaku paid the moment they are made (D001 dekiyaku and sage; D004 going out and
    keeping). A player who played on and failed pays back half of what they received;
    in D004 a keeper also pays for both losers when an opponent goes out."""
    r, clause = w.rules, w.cite("calls")
    paid: dict[str, dict[str, int]] = {n: {} for n in w.active}
    received: dict[str, dict[str, int]] = {n: {} for n in w.active}   # per opponent
    pending: list[str] = []

    def fail(name: str, why: str) -> None:
        for opp, amount in received[name].items():
            if amount % 2:
                raise HanafudaError(f"half of {amount} is not a whole number")
            if amount:
                w.lines.append(Payment(name, opp, amount // 2, f"{name} pays back half: {why}",
                                       clause, w.mult, None, "yaku", "half"))
        pending.remove(name)

    for call in w.facts.calls:
        name, kind = call.player, call.kind
        if kind == "cancel":
            if r.calls == "d001":
                raise HanafudaError("D001 has no Cancel: a sage is kept until it succeeds or "
                                    "fails")
            if name in pending:
                fail(name, "kept combinations cancelled")
            continue
        now = _yaku_value(r, call)
        new = {k: v - paid[name].get(k, 0) for k, v in now.items() if v > paid[name].get(k, 0)}
        if r.calls == "d001" and new:
            for other in [n for n in pending if n != name]:
                fail(other, f"{name} made a yaku first")
        keepers = [n for n in pending if n != name]
        for key, value in new.items():
            paid[name][key] = paid[name].get(key, 0) + value
            label = f"{name}'s {yaku_rule(r.yaku, key).name}"
            payer = _responsible(w, call, key)
            if payer is not None:
                w.take(name, [payer], value, label + f", paid for both losers by {payer} "
                       "(responsible discard)", w.cite("responsibility"), "yaku",
                       factor=len(w.opponents(name)))
                received[name][payer] = received[name].get(payer, 0) + w.lines[-1].amount
            elif r.calls == "d004" and kind == "end" and len(keepers) == 1:
                keeper = keepers[0]
                w.take(name, [keeper], value, label + f", paid for both by {keeper} (keeping)",
                       clause, "yaku", factor=len(w.opponents(name)))
                received[name][keeper] = received[name].get(keeper, 0) + w.lines[-1].amount
            else:
                before = len(w.lines)
                w.take(name, w.opponents(name), value, label, clause, "yaku")
                for p in w.lines[before:]:
                    received[name][p.payer] = received[name].get(p.payer, 0) + p.amount
        if r.calls == "d004" and kind == "end":
            for keeper in keepers:
                if r.keep_fail_when_out == "both":
                    fail(keeper, f"{name} went out")
                else:
                    pending.remove(keeper)
        if kind == "continue":
            if name not in pending:
                pending.append(name)
        else:
            if name in pending:
                pending.remove(name)
            w.ended_by = w.winner = name
            break
    for name in list(pending):
        fail(name, "the hand ended without another yaku")


#: Yaku whose completing discard makes the discarder responsible, per tradition
#: (BOOK variant: 4 Dry Brights, 3 Poetry, 3 Purple; D001: Akatan, Aotan, Shikou and
#: the Boar-Deer-Butterfly variation, not Gokou; D004: any combination).
RESPONSIBLE_YAKU: Mapping[str, tuple[str, ...] | None] = {
    "book": ("four_dry_brights", "poetry", "purple"),
    "d001": ("four_dry_brights", "poetry", "purple", "boar_deer_butterfly"),
    "d002": (),
    "d004": None,       # every combination
}


def _responsible(w: _Work, call: Call, key: str | None = None) -> str | None:
    """The opponent who pays for both losers for this call (or this yaku of it)."""
    if not w.rules.responsibility or not call.responsible:
        return None
    if call.responsible not in w.opponents(call.player):
        raise HanafudaError(f"{call.responsible!r} cannot be responsible for {call.player}'s "
                            "yaku: only an active opponent can")
    if len(w.active) < 3:
        return None
    allowed = RESPONSIBLE_YAKU.get(w.rules.calls, ())
    excluded = set(w.rules.responsibility_excludes)      # D004 'some'
    held = {key} if key is not None else set(_yaku_value(w.rules, call))
    held -= excluded
    if allowed is not None:
        held &= set(allowed)
    if not held and (key is not None or allowed is not None or excluded):
        return None
    return call.responsible


def _yaku(w: _Work) -> None:
    if not w.facts.calls:
        return
    w.yaku_made = True
    if w.rules.calls in ("book", "d002"):
        _yaku_at_end(w)
    else:
        _yaku_immediate(w)


# -- 5. card points ----------------------------------------------------------------

def _round_stopped(w: _Work) -> bool:
    return w.ended_by is not None or w.instant


def _card_points(w: _Work) -> None:
    """Card points against par 88, times the field (BOOK ch. 17 Scoring; D001 End of
    hand; D002 balance around 88; D004 Scoring). Two players: against the bank (BOOK)
    or the difference (D001)."""
    if _round_stopped(w) or (w.yaku_made and not w.rules.cards_after_yaku):
        return
    given = {n: w.points[n] for n in w.active}
    if None in given.values():
        missing = [n for n, v in given.items() if v is None]
        if len(missing) == len(given):
            w.notes.append("card points were not given, so they are not settled")
            return
        raise HanafudaError(f"card points are needed for {', '.join(missing)}: give the "
                            "cards each captured, or their card points")
    pts = {n: v for n, v in given.items() if v is not None}     # (all of them, now)
    clause = w.cite("two_player_cards" if len(w.active) == 2 else "unit")
    if len(w.active) == 2 and w.rules.two_player_cards == "par":
        for n, v in pts.items():
            amount = (v - PAR) * w.mult
            reason = f"{n}'s cards {v} - 88 (two players, scored against the bank)"
            if amount > 0:
                w.lines.append(Payment(BANK, n, amount, reason, clause, w.mult, v - PAR, "cards"))
            elif amount < 0:
                w.lines.append(Payment(n, BANK, -amount, reason, clause, w.mult, v - PAR, "cards"))
        return
    if len(w.active) == 2:
        (a, va), (b, vb) = pts.items()
        if va != vb:
            win, lose = (a, b) if va > vb else (b, a)
            w.take(win, [lose], abs(va - vb), f"difference of card points {va} / {vb}",
                   clause, "cards", scaled=False)
        return
    if sum(pts.values()) != DECK_POINTS:
        raise HanafudaError(f"the three players' card points {pts} add up to "
                            f"{sum(pts.values())}; all 48 cards make {DECK_POINTS}")
    balances = {n: (v - PAR) * w.mult for n, v in pts.items()}
    order = [n for n in w.facts.names if n in balances]
    w.lines.extend(settle_balances(balances, order, "card points against 88", clause,
                                   multiplier=w.mult, category="cards"))


# -- 6. bonuses --------------------------------------------------------------------

def _events_apply(w: _Work) -> bool:
    if len(w.active) == 2 and not w.rules.two_player_specials:
        return False
    if w.instant:
        return False
    return w.rules.events_when_stopped or not _round_stopped(w)


def _chaff_bonus(w: _Work) -> None:
    """A chaff combination other than the Bright one and 89 or more card points
    (BOOK '89 Plus Chaff'; D001 'pulling the points'; D002 'Escape'; D004 events)."""
    if not any(w.teyaku.values()) or not _events_apply(w):
        return                          # (nobody showed a combination, or no events now)
    for name in w.active:
        v = w.points[name]
        for h in w.teyaku.get(name, ()):
            if h.rule.group == CHAFF and h.rule.counts_for_chaff_bonus and v is not None \
                    and v >= PAR + 1:
                w.take(name, w.opponents(name), w.rules.chaff_bonus,
                       f"{name}: {h.rule.name} and {v} card points", w.cite("chaff_bonus"),
                       "events")


def _triple_bonus(w: _Work) -> None:
    """Catching one's own declared triple (BOOK 'Captured Suit'; D001 'catching the
    Sanbon'; D002 'Diving'; D004 events), once per triple, not for combinations with a quad."""
    if not any(w.teyaku.values()) or not _events_apply(w):
        return                          # (nobody showed a combination, or no events now)
    r = w.rules
    for name in w.active:
        p = w.facts.player(name)
        for h in w.teyaku.get(name, ()):
            if h.rule.group != SUIT or "4" in h.rule.parts or not h.triples:
                continue
            if "2" in h.rule.parts and not r.triple_with_pairs:
                continue
            for month in h.triples:
                if p.caught_triples is not None:
                    caught = month in p.caught_triples
                elif p.hand is not None and p.captures is not None:
                    in_hand = p.hand.mask & MONTH_MASKS[month - 1]
                    want = in_hand if r.triple_catch == "all_three" else \
                        MONTH_MASKS[month - 1] & ~in_hand
                    caught = p.captures.mask & want == want
                else:
                    caught = False
                payer = dict(p.triple_responsible).get(month)
                flower = FLOWERS[month - 1]
                triple = f"{name} caught the triple of {flower.english} ({flower.month_name})"
                if caught and r.triple_responsibility and payer in w.opponents(name) \
                        and len(w.active) == 3:
                    w.take(name, [payer], r.triple_bonus,
                           f"{triple}, paid for both losers by {payer} (who gave up "
                           "the fourth card)",
                           w.cite("triple_responsibility"), "events",
                           factor=len(w.opponents(name)))
                elif caught:
                    w.take(name, w.opponents(name), r.triple_bonus,
                           triple,
                           w.cite("triple_bonus"), "events")


def _blind_stay(w: _Work) -> None:
    """A blind-stay dealer with 89 or more takes from every player but the Joker holder;
    under 89 in a round without yaku pays each active opponent (BOOK variant, D002)."""
    if not w.facts.blind_stay or w.instant:
        return
    d, v = w.facts.dealer, w.points.get(w.facts.dealer)
    if v is None:
        raise HanafudaError("the blind-stay dealer's card points are needed")
    clause = w.cite("blind_stay")
    if v >= PAR + 1:
        everyone = [n for n in w.facts.names if n != w.facts.joker]
        w.take(d, everyone, w.rules.blind_stay, f"{d}'s blind stay succeeded ({v})", clause,
               "blind")
    elif w.rules.blind_failure and not w.yaku_made:
        for opp in w.opponents(d):
            w.take(opp, [d], w.rules.blind_stay, f"{d}'s blind stay failed ({v})",
                   w.cite("blind_failure"), "blind")


def _dealers_hand(w: _Work) -> None:
    """BOOK 'Dealer's Hand' (Trade variant): the last trader, holding the dealer's dealt
    hand, with 89 or more card points takes from every player but the Joker holder."""
    who = w.facts.dealers_hand
    if who is None or not w.rules.dealers_hand or w.instant or who not in w.active:
        return
    if len(w.active) == 2 and not w.rules.two_player_specials:
        return
    v = w.points.get(who)
    if v is not None and v >= PAR + 1:
        everyone = [n for n in w.facts.names if n != w.facts.joker]
        w.take(who, everyone, w.rules.dealers_hand, f"{who} traded last for the dealer's hand "
               f"and took {v} card points (Dealer's Hand)", w.cite("dealers_hand"),
               "blind")


# -- 7. specials ---------------------------------------------------------------------

_RETURNED = {"cancel_all": (), "return_teyaku": ("teyaku",), "flip_teyaku": ("teyaku",),
             "return_combos_events": ("teyaku", "events"),
             "return_all": ("teyaku", "yaku", "events", "blind")}
_CANCELLED = {"cancel_all": ("teyaku", "yaku", "cards", "events", "blind"),
              "return_teyaku": ("cards", "events"), "flip_teyaku": ("cards", "events"),
              "return_combos_events": ("cards",), "return_all": ("cards",)}


def _find_special(w: _Work) -> tuple[str, str, int] | None:
    """(who, what, value in table units) of the special achieved, if any."""
    r = w.rules
    if w.instant or (len(w.active) == 2 and not r.two_player_specials):
        return None
    if r.specials_need_no_yaku and w.yaku_made:
        return None
    played_out = not _round_stopped(w)
    given = {n: w.points[n] for n in w.active}
    pts = {n: v for n, v in given.items() if v is not None}
    if played_out and len(pts) == len(given):
        if len(set(pts.values())) == 1 and (len(pts) == 2 or next(iter(pts.values())) == PAR):
            return w.facts.dealer, "all players took the same card points (88 Hachi-Hachi)", \
                r.all_88
        base, per = r.futahachi
        for n, v in pts.items():
            if v >= 168:
                return n, f"{n} took {v} card points (168 or more)", base + per * (v - 168)
    simple16_yaku = r.simple_16_yaku and r.yaku_table == "book"
    if r.sixteen and not simple16_yaku and (played_out or r.sixteen_when_out):
        base, per, cap, rain = r.sixteen
        by_name = w.facts._by_name
        for n in w.active:
            c = _chaff_count(r, by_name[n], rain)
            if c is not None and c >= 16:
                value = base + per * (c - 16)
                if cap:
                    value = min(value, cap)
                return n, f"{n} took {c} Chaffs (16 or more)", value
    return None


def _specials(w: _Work) -> None:
    """168 or more, sixteen Chaffs, all 88: the achiever wins and the other payments
    are cancelled or returned as the tradition says (BOOK Special Achievements; D001
    payment cancellation; D002 Counting Combo; D004 Special combinations)."""
    found = _find_special(w)
    if not found:
        return
    who, what, value = found
    effect = w.rules.special_effect
    clause = w.cite("special_effect")
    kept, back = [], []
    for p in w.lines:
        if p.category == "blind" and w.rules.specials_keep_blind:
            kept.append(p)                  # D004 'some': blind-play events stay paid
            continue
        if p.category in _CANCELLED[effect]:
            w.cancelled.append(p)
            continue
        kept.append(p)
        if p.category in _RETURNED[effect]:
            back.append(p.reversed(f"returned: {p.reason}", clause))
            if effect == "flip_teyaku":
                back.append(p.reversed(f"reversed: {p.reason}", clause))
    w.lines = kept + [Payment(b.payer, b.payee, b.amount, b.reason, b.clause, b.multiplier,
                              b.base, "returned", b.note) for b in back]
    w.special = what
    w.winner = who
    w.take(who, w.opponents(who), value, what, w.cite("futahachi"), "special")


# -- 1. fold fees (need the winner, so they are booked last) ---------------------------

def _winner(w: _Work) -> str | None:
    if w.winner:
        return w.winner
    if w.first_continue:
        return w.first_continue
    pts = {n: v for n in w.active if (v := w.points[n]) is not None}
    if len(pts) != len(w.active):
        return None
    seats = list(w.facts.names)
    start = seats.index(w.facts.dealer)
    # the most card points; on a tie, the first from the dealer on
    best, most = None, 0
    for n in seats[start:] + seats[:start]:
        if n in pts and (best is None or pts[n] > most):
            best, most = n, pts[n]
    return best


def _fold_fees(w: _Work) -> None:
    """Voluntary passers pay a fee that the round's winner takes (BOOK 'Pass Penalty'
    variant; D001 1 kan, 1 kan 6, 2 kan; D002 by seat; D004 1/-, 1/6, 2/-)."""
    r = w.rules
    if not w.facts.passed:
        return
    by_seat = r.fold_fee_by == "seat"
    fees = r.seat_fees if by_seat else r.fold_fees
    if not fees:
        w.notes.append("no fee for passing under these rules")
        return
    if w.winner is None and w.instant:
        w.notes.append("the hand was aborted without a winner: the fees for passing are not "
                       "collected")
        return
    if not w.facts.played:
        _shared_fees(w, fees, by_seat)
        return
    if w.winner is None:
        raise HanafudaError("fold fees go to the round's winner: give card points or a call "
                            "so the winner is known")
    seats = [n for n in w.facts.names if n != w.facts.joker]    # the Joker holder has no seat fee
    for i, name in enumerate(w.facts.passed):
        index = seats.index(name) if by_seat else i
        if index >= len(fees):
            raise HanafudaError(f"no fee is given for passer number {index + 1}")
        mult = w.mult if r.fees_multiplied else 1
        what = f"seat {index + 1}" if by_seat else f"passer {i + 1}"
        w.lines.insert(0, Payment(name, w.winner, fees[index] * mult,
                                  f"{name}'s fee for passing ({what})",
                                  w.cite("fold_fee_by" if by_seat else "fold_fees"), mult,
                                  fees[index], "fees"))


def _shared_fees(w: _Work, fees: tuple[int, ...], by_seat: bool) -> None:
    """Only one or two stayed (too_few='share_pot'): the round is not played and the
    stayers share the passers' fees evenly (an odd point goes to the first stayer)."""
    r = w.rules
    seats = [n for n in w.facts.names if n != w.facts.joker]
    stayers = list(w.active)
    mult = w.mult if r.fees_multiplied else 1
    for i, name in enumerate(w.facts.passed):
        index = seats.index(name) if by_seat else i
        if index >= len(fees):
            raise HanafudaError(f"no fee is given for passer number {index + 1}; with "
                                f"{len(seats)} players use longer fees (e.g. fold_fees="
                                "(12, 18, 24, 30, 36))")
        amount = fees[index] * mult
        share, odd = divmod(amount, len(stayers))
        for j, payee in enumerate(stayers):
            part = share + (odd if j == 0 else 0)
            if part:
                w.lines.append(Payment(name, payee, part, f"{name}'s fee for passing, shared "
                                       f"by {' and '.join(stayers)} (no round: too few stayed)",
                                       w.cite("too_few"), mult, fees[index], "fees"))
    w.winner = stayers[0] if len(stayers) == 1 else None
    w.notes.append(f"only {' and '.join(stayers)} stayed: the round is not played and the "
                   "fees are shared")


def settle_round(rules: HachiHachiRules | str, facts: RoundFacts, *,
                 check: bool = True) -> Settlement:
    """Settle one round: every payment explained, the ledger summing to zero.

    ``rules`` is a :class:`~hanafuda_core.games.hachihachi.HachiHachiRules` or a
    preset name. Bad facts raise :class:`~hanafuda_core.errors.HanafudaError`.
    ``check=False`` skips :meth:`RoundFacts.check` for facts a played round made from
    its own state (:func:`~hanafuda_core.games.hachihachi_play.round_facts`: valid by
    construction, and tested so); facts given by hand are always checked.

    >>> facts = RoundFacts(players=(PlayerFacts("Akiko", claims=("two_ribbons",)),
    ...                             PlayerFacts("Iori", claims=("greater",)),
    ...                             PlayerFacts("Uzuki", claims=())),
    ...                    dealer="Akiko", multiplier=1)
    >>> s = settle_round("d001", facts)
    >>> {n: s.rules.unit.format(v) for n, v in s.totals().items()}
    {'Akiko': '1 kan', 'Iori': '4 kan', 'Uzuki': '-5 kan'}
    """
    if isinstance(rules, str):
        rules = get_rules(rules)
    if check:
        facts.check(rules)
    if facts.multiplier is not None:
        fm = _given_multiplier(facts.multiplier)
    else:
        fm = field_multiplier(rules, facts.field)
    w = _Work(rules, facts, fm.value)
    w.points = {p.name: _points(p) for p in facts.players}
    if not facts.played:
        _fold_fees(w)
        ledger = Ledger(rules.unit, tuple(w.lines), facts.names)
        return Settlement(rules, facts, ledger, fm, w.winner, {}, {n: None for n in facts.names},
                          (), "", tuple(w.notes))
    _compensation(w)
    if facts.aborted and rules.four_three == "aborts_hand":
        w.instant = True
        w.notes.append(f"{facts.aborted} was dealt Four & Three: the hand is aborted after "
                       "the hand combinations and the next month is dealt (D001 variation)")
    _hand_combinations(w)
    if not w.instant:
        _yaku(w)
        _card_points(w)
        _chaff_bonus(w)
        _triple_bonus(w)
        _blind_stay(w)
        _dealers_hand(w)
        _specials(w)
    w.winner = None if w.instant and rules.four_three == "aborts_hand" else _winner(w)
    _fold_fees(w)
    ledger = Ledger(rules.unit, tuple(w.lines), facts.names)
    return Settlement(rules, facts, ledger, fm, w.winner,
                      {n: w.teyaku.get(n, ()) for n in facts.active},
                      {n: w.points[n] for n in facts.names}, tuple(w.cancelled), w.special,
                      tuple(w.notes))
