"""A capture round at a big table: everyone is dealt, three play (G10).

Go-Stop (ch. 16) seats four to seven but plays every round with three. The round here
runs the whole of it on the capture engine, written once for any capture game that gives
a three-player :class:`~hanafuda_core.engines.capture.CaptureRules`, a choose stage
(:class:`~hanafuda_core.families.capture.active_seats.ActiveSeats`) and a
:class:`~hanafuda_core.families.capture.active_seats.Compensation`:

1. **The deal** (:class:`TableDeal`, the round's chance event): the deck in a shuffled
   order (seven cards to each seat from seat 0, then, with four to six, six face down to
   the field; a field holding all four cards of a month is dealt again and the thrown-in
   order kept), one shuffle key per card for the draw pile, the dealer, and what the
   previous round hands on (the engine's ``carry``; the same three players kept after a
   round with no winner).
2. **The choice**: from the dealer's right each seat says whether it plays
   (:class:`SitIn`, code ``join``) or drops out (:class:`SitOut`, code ``drop``); a seat
   the choices before it force in or out does not act (its choice is filled in).
3. **The play**: the dropouts' hands and the undealt cards are shuffled by the deal's
   keys into the draw pile (:func:`~hanafuda_core.families.capture.active_seats.rebuilt_stock`);
   with seven the dealer then lays six face up from it. The three play the engine's
   three-player round: engine seat 0 is the dealer, then the two players in the order
   they chose (the order of play).
4. **The result** over the whole table: the engine's points for the three, plus the
   compensation owed to each seat forced out (paid by each non-dealer who chose to play;
   or, delayed, by the round's losers at its end, and not at all without a winner).

Everything is immutable: :meth:`TableRound.apply` returns a new round and an illegal
action raises :class:`~hanafuda_core.errors.IllegalActionError` leaving the round as it
was.

>>> from hanafuda_core.games.go_stop import table_setup
>>> r = new_table_round(table_setup(5), seed=3)
>>> r.stage, r.current_seat, [a.code() for a in r.legal_actions()]
('choose', 1, ['join', 'drop'])
>>> r = r.apply("join").apply("drop").apply("join")
>>> r.stage, r.active, r.forced_out
('play', (0, 1, 3), (4,))
>>> r.card_count()
48
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ...cards import MONTH_MASKS, AnyCard, Card, CardSet, Extra, parse_card
from ...engines import capture as eng
from ...engines.capture import CaptureRules, Phase, State
from ...errors import (
    HanafudaError,
    IllegalActionError,
    PlayerCountError,
    apply_or_refuse,
    check_seat,
)
from .active_seats import ActiveSeats, Compensation, rebuilt_stock

__all__ = ["SIT_IN", "SIT_OUT", "SitIn", "SitOut", "TableDeal", "TableResult", "TableRound",
           "TableSetup", "TableView", "choice_advice", "deal_table_round", "hand_strength",
           "new_table_round", "parse_choice"]


# ---------------------------------------------------------------------------
# The choice's actions


@dataclass(frozen=True, slots=True)
class SitIn:
    """Choose to play this round."""

    def code(self) -> str:
        return "join"

    def describe(self) -> str:
        return "play this round"


@dataclass(frozen=True, slots=True)
class SitOut:
    """Choose to drop out of this round (at the big Go-Stop table no compensation: only
    a seat forced out gets it; Hachi-Hachi's passer may owe a fee).

    ``word`` is the game's code for it: ``"drop"`` at the big Go-Stop table, ``"pass"``
    in Hachi-Hachi (its records keep it); ``words`` how a move list says it, in the
    game's own word. Both are left out of comparisons, as the name of Hachi-Hachi's
    ``Continue`` is: every game's is the one choice."""
    word: str = field(default="drop", compare=False)
    words: str = field(default="sit this round out", compare=False)

    def code(self) -> str:
        return self.word

    def describe(self) -> str:
        return self.words


SIT_IN = SitIn()
SIT_OUT = SitOut()
_CHOICES = (SIT_IN, SIT_OUT)
_CHOICE_WORDS: dict[str, SitIn | SitOut] = {
    "join": SIT_IN, "play": SIT_IN, "in": SIT_IN,
    "drop": SIT_OUT, "drop out": SIT_OUT, "out": SIT_OUT, "sit out": SIT_OUT}


def parse_choice(action: Any) -> SitIn | SitOut | None:
    """The choice an action or its text is (``"join"``, ``"drop"``...), else None."""
    if isinstance(action, (SitIn, SitOut)):
        return action
    if isinstance(action, str):
        found: SitIn | SitOut | None = _CHOICE_WORDS.get(" ".join(action.strip().lower()
                                                                   .split()))
        return found
    return None


# ---------------------------------------------------------------------------
# The table's rules and the deal


@dataclass(frozen=True)
class TableSetup:
    """What a game gives for its big table: the three players' engine rules, the seats
    at the table, the choose stage, the compensation, and the two compensation variants
    (``delayed``: paid at the round's end by its losers; ``refresh``: a round with no
    winner is dealt again to everyone, with a new choice)."""

    rules: CaptureRules
    players: int
    seats: ActiveSeats
    compensation: Compensation
    delayed: bool = False
    refresh: bool = False
    hand: int = 7
    #: cards dealt face down to the field before the choice (0: laid face up after it)
    field: int = 6
    #: cards laid face up from the new draw pile once the players are known (seven)
    field_after: int = 0

    def __post_init__(self) -> None:
        if self.rules.players != self.seats.to_play:
            raise PlayerCountError(f"the engine's rules are for {self.rules.players} players; "
                                   f"{self.seats.to_play} play a round at this table")
        if not self.seats.to_play < self.players:
            raise PlayerCountError(f"a big table seats more than {self.seats.to_play}, "
                                   f"not {self.players}")
        need = self.players * self.hand + self.field
        if need > len(self.rules.deck_ids):
            raise PlayerCountError(f"{self.players} players at {self.hand} cards each need "
                                   f"{need} cards; the deck has {len(self.rules.deck_ids)}")


def _code(c: int) -> str:
    return Card(c).code if c < 48 else Extra(c).code


def _card_id(text: Any) -> int:
    return int(parse_card(text, extras=True))


@dataclass(frozen=True)
class TableDeal:
    """A big table's chance event: the shuffled ``order`` (``hand`` cards to each seat
    from seat 0, then the face-down field, then the undealt cards), one shuffle ``keys``
    value per card id (the draw pile's order once the players are known), the
    ``dealer``, the thrown-in orders (``voided``: a field with all four cards of a
    month), what the previous round hands on (``carry``) and, after a round with no
    winner, the three players kept (``kept``: no choice is made) and the delayed
    compensation still owed (``owed``)."""

    order: tuple[int, ...]
    keys: tuple[int, ...]
    dealer: int
    voided: tuple[tuple[int, ...], ...] = ()
    carry: tuple[str, ...] = ()
    kept: tuple[int, ...] = ()
    #: delayed compensation handed on by a round with no winner: (seat, points owed by
    #: each loser of this round), already doubled
    owed: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"order": [_code(c) for c in self.order], "keys": list(self.keys),
                             "dealer": self.dealer,
                             "voided": [[_code(c) for c in v] for v in self.voided]}
        if self.carry:
            d["carry"] = list(self.carry)
        if self.kept:
            d["kept"] = list(self.kept)
        if self.owed:
            d["owed"] = [list(o) for o in self.owed]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TableDeal:
        try:
            return cls(tuple(_card_id(c) for c in d["order"]), tuple(int(k) for k in d["keys"]),
                       int(d["dealer"]),
                       tuple(tuple(_card_id(c) for c in v) for v in d.get("voided", ())),
                       tuple(str(c) for c in d.get("carry", ())),
                       tuple(int(s) for s in d.get("kept", ())),
                       tuple((int(s), int(p)) for s, p in d.get("owed", ())))
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise HanafudaError(f"a big table's deal needs order, keys and dealer "
                                f"({error!r})") from None


def _ids(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(mask.bit_length()) if mask >> c & 1)


def _field_quad(mask: int) -> bool:
    return any(mask & m == m for m in MONTH_MASKS)


def _check_deal(setup: TableSetup, deal: TableDeal) -> None:
    n = setup.players
    deck = sorted(setup.rules.deck_ids)
    if sorted(deal.order) != deck:
        raise HanafudaError(f"a big table's deal order holds every card of the deck once "
                            f"({len(deck)} cards); this one has {len(deal.order)}")
    if len(deal.keys) <= max(deck):
        raise HanafudaError(f"a big table's deal has one shuffle key per card id "
                            f"({max(deck) + 1}), not {len(deal.keys)}")
    check_seat(deal.dealer, n, "dealer")
    if deal.kept and (len(set(deal.kept)) != setup.seats.to_play or deal.kept[0] != deal.dealer
                      or not all(0 <= s < n for s in deal.kept)):
        raise HanafudaError(f"the players kept from the last round are {setup.seats.to_play} "
                            f"seats of the table, the dealer first; not {list(deal.kept)}")


def new_table_round(setup: TableSetup, seed: int | random.Random | None = None,
                    dealer: int = 0, *, round_no: int = 1,
                    scores: Sequence[int] | None = None, wins: Sequence[int] | None = None,
                    carry: tuple[str, ...] = (), kept: tuple[int, ...] = (),
                    owed: tuple[tuple[int, int], ...] = ()) -> TableRound:
    """Shuffle and deal a round to the whole table (a field with all four cards of a
    month is dealt again, as the three-player game does); ``kept``: the three players of
    a round with no winner dealt again to them (no choice)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    n = setup.players
    check_seat(dealer, n, "dealer")
    deck = setup.rules.deck_ids
    voided: list[tuple[int, ...]] = []
    dealt = n * setup.hand
    for _ in range(1000):
        order = tuple(eng.shuffle_order(rng, deck))
        fm = sum(1 << c for c in order[dealt:dealt + setup.field])
        if setup.field and _field_quad(fm) and setup.rules.on_field_four == "redeal":
            voided.append(order)
            continue
        keys = tuple(rng.getrandbits(32) for _ in range(max(deck) + 1))
        deal = TableDeal(order, keys, dealer, tuple(voided), tuple(carry), tuple(kept),
                         tuple(owed))
        return deal_table_round(setup, deal, round_no=round_no, scores=scores, wins=wins)
    raise RuntimeError("no valid deal")  # pragma: no cover


def deal_table_round(setup: TableSetup, deal: TableDeal, *, round_no: int = 1,
                     scores: Sequence[int] | None = None,
                     wins: Sequence[int] | None = None) -> TableRound:
    """The round after a known deal (replays); checks the deal against the table."""
    _check_deal(setup, deal)
    n = setup.players
    sc = tuple(scores) if scores is not None else (setup.rules.start_points,) * n
    wn = tuple(wins) if wins is not None else (0,) * n
    if len(sc) != n or len(wn) != n:
        raise PlayerCountError(f"give one score and one count of wins per seat ({n})")
    r = TableRound(setup, deal, round_no, sc, wn)
    if deal.kept:
        return r._start_play(deal.kept)
    return r._fill_forced()


# ---------------------------------------------------------------------------
# The round


@dataclass(frozen=True)
class TableResult:
    """A finished round over the whole table: the winner (a table seat, or None), each
    seat's points (the capture round's and the compensation together), the reason, the
    compensation alone (per seat) and the engine's result (its report speaks of the
    three players as engine seats, the dealer first: ``active``)."""

    winner: int | None
    points: tuple[int, ...]
    reason: str
    compensation: tuple[int, ...]
    engine: eng.RoundResult
    active: tuple[int, ...]

    @property
    def report(self) -> Any:
        """The engine's explained score with the table's seats ("player 4" is table seat
        4, whichever engine seat played it), the compensation added as notes; None
        where the engine gives none."""
        rep = self.engine.report
        if rep is None:
            return None
        active = self.active

        def seated(text: str) -> str:
            return re.sub(r"\b([Pp])layer ([1-3])\b",
                          lambda m: f"{m.group(1)}layer {active[int(m.group(2)) - 1] + 1}",
                          text)

        notes = tuple(seated(n) for n in rep.notes) + tuple(
            f"player {s + 1} {'collects' if c > 0 else 'pays'} {abs(c)} points of "
            "compensation" for s, c in enumerate(self.compensation) if c)
        pays = tuple(replace(p, payer=active[p.payer], payee=active[p.payee])
                     for p in rep.payments)
        return replace(rep, title=seated(rep.title), notes=notes, payments=pays,
                       player=active[rep.player] if rep.player is not None else None)


@dataclass(frozen=True)
class TableRound:
    """One round at a big table (immutable). ``choices``: (seat, plays) in the order
    they were made, forced seats included; ``active``: the three players, the dealer
    first, then in the order of play (engine seats 0, 1, 2); ``inner``: the engine's
    round once they are known; ``made``: the choices the seats made (a forced seat
    makes none; :attr:`history` adds the engine's actions)."""

    setup: TableSetup
    deal: TableDeal
    round_no: int
    scores: tuple[int, ...]
    wins: tuple[int, ...]
    choices: tuple[tuple[int, bool], ...] = ()
    active: tuple[int, ...] = ()
    inner: State | None = None
    made: tuple[SitIn | SitOut, ...] = ()

    # -- what the deal gives ------------------------------------------------------
    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @cached_property
    def hands(self) -> tuple[int, ...]:
        """Each seat's dealt hand (masks)."""
        h = self.setup.hand
        o = self.deal.order
        return tuple(sum(1 << c for c in o[h * s:h * s + h]) for s in range(self.players))

    @cached_property
    def field0(self) -> int:
        """The field dealt face down before the choice (mask; 0 with seven)."""
        i = self.players * self.setup.hand
        return sum(1 << c for c in self.deal.order[i:i + self.setup.field])

    @cached_property
    def order(self) -> tuple[int, ...]:
        """The seats that choose, in order (from the dealer's right)."""
        return self.setup.seats.order(self.players, self.dealer)

    # -- who acts ---------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """"choose", "play" or "over"."""
        if self.inner is None:
            return "choose"
        return "over" if self.inner.phase == Phase.ROUND_OVER else "play"

    @property
    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.phase == Phase.ROUND_OVER

    @property
    def current_seat(self) -> int | None:
        if self.inner is None:
            return self.order[len(self.choices)]
        if self.inner.phase == Phase.ROUND_OVER:
            return None
        return self.active[self.inner.actor]

    def forced(self, seat: int) -> str:
        """"in", "out" or "" for a seat's choice, given the choices before it."""
        before = []
        for s, plays in self.choices:
            if s == seat:
                break
            before.append(plays)
        return self.setup.seats.forced(self.order, self.dealer, before, seat)

    @property
    def forced_out(self) -> tuple[int, ...]:
        """The seats forced to drop out (owed compensation)."""
        return self.setup.seats.forced_out(self.order, self.dealer, self.choices)

    @property
    def forced_in(self) -> tuple[int, ...]:
        return tuple(s for s, p in self.choices if p and self.forced(s) == "in")

    @property
    def sat_out(self) -> tuple[int, ...]:
        """The seats that chose to drop out (owed nothing)."""
        out = set(self.forced_out)
        return tuple(s for s, p in self.choices if not p and s not in out)

    @property
    def volunteers(self) -> tuple[int, ...]:
        """The non-dealers who chose to play (they pay the compensation)."""
        return self.setup.seats.voluntary(self.order, self.dealer, self.choices)

    def engine_seat(self, seat: int) -> int | None:
        """The engine's seat of a table seat that plays (None for a dropout)."""
        return self.active.index(seat) if seat in self.active else None

    # -- the protocol ---------------------------------------------------------------
    @property
    def history(self) -> tuple[Any, ...]:
        """Every action taken: the choices made, then the engine's."""
        return self.made + (self.inner.history if self.inner is not None else ())

    def legal_actions(self) -> tuple[Any, ...]:
        if self.inner is None:
            return _CHOICES
        return eng.legal_actions(self.inner)

    def apply(self, action: Any) -> TableRound:
        """The round after ``action`` (a choice while the players are chosen, then the
        engine's actions; text codes are read). An action that is not legal now raises
        :class:`IllegalActionError` saying what is."""
        if self.inner is None:
            choice = parse_choice(action)
            seat = self.order[len(self.choices)]
            if choice is None:
                words = action.code() if hasattr(action, "code") else repr(action)
                raise IllegalActionError(
                    f"the players of this round are being chosen: seat {seat + 1} says "
                    f"whether they play ('join') or drop out ('drop'), not {words}")
            sits_in = isinstance(choice, SitIn)
            r = replace(self, choices=self.choices + ((seat, sits_in),),
                        made=self.made + (SIT_IN if sits_in else SIT_OUT,))   # (its code)
            return r._fill_forced()
        if self.inner.phase == Phase.ROUND_OVER:
            raise IllegalActionError("the round is over; deal the next one")
        if parse_choice(action) is not None and not isinstance(action, str):
            raise IllegalActionError("the players are chosen already; legal now: "
                                     + ", ".join(a.code() for a in self.legal_actions()))
        new = apply_or_refuse(eng.apply, self.inner, action,
                              lambda _: self.legal_actions(), "round")
        return replace(self, inner=new)

    def _fill_forced(self) -> TableRound:
        """The choices of every next seat that is forced in or out; the play once three
        are known."""
        r = self
        seats = self.setup.seats
        while len(r.choices) < len(r.order):
            seat = r.order[len(r.choices)]
            forced = seats.forced(r.order, r.dealer, [p for _, p in r.choices], seat)
            if not forced:
                return r
            r = replace(r, choices=r.choices + ((seat, forced == "in"),))
        playing = tuple(s for s, p in r.choices if p)
        if not seats.start == "dealer_right":       # (the dealer said so too)
            playing = tuple(s for s in playing if s != r.dealer)
        return r._start_play((r.dealer, *playing))

    def _start_play(self, active: tuple[int, ...]) -> TableRound:
        s = self.setup
        used = self.field0
        for seat in active:
            used |= self.hands[seat]
        rest = rebuilt_stock(used, self.deal.keys, s.rules.deck_ids)
        fld = tuple(c for c in self.deal.order[s.players * s.hand:][:s.field])
        if s.field_after:
            fld, rest = rest[:s.field_after], rest[s.field_after:]
        h = s.hand
        order: tuple[int, ...] = ()
        for seat in active:
            order += self.deal.order[h * seat:h * seat + h]
        order += fld + rest
        inner = eng.deal_from_order(s.rules, order, 0, round_no=self.round_no,
                                    scores=[self.scores[p] for p in active],
                                    wins=[self.wins[p] for p in active],
                                    carry=self.deal.carry)
        return replace(self, active=tuple(active), inner=inner)

    # -- the result -----------------------------------------------------------------
    @cached_property
    def table_result(self) -> TableResult | None:
        """The round's result over the table (None until it is over)."""
        if self.inner is None or self.inner.result is None:
            return None
        res = self.inner.result
        n = self.players
        points = [0] * n
        for e, seat in enumerate(self.active):
            points[seat] += res.points[e]
        winner = self.active[res.winner] if res.winner is not None else None
        comp = self.compensation(winner)
        return TableResult(winner, tuple(p + c for p, c in zip(points, comp)), res.reason,
                           comp, res, self.active)

    def compensation_owed(self) -> tuple[tuple[int, int], ...]:
        """(seat, points owed by each payer) for every seat forced out."""
        n = self.players
        return tuple((s, self.setup.compensation.points(self.dealt_hand(s), n))
                     for s in self.forced_out)

    def compensation_payers(self, winner: int | None) -> tuple[int, ...]:
        """Who pays the compensation: each non-dealer who chose to play; delayed, the
        round's losers at its end (nobody when it has no winner)."""
        if not self.setup.delayed:
            return self.volunteers
        if winner is None:
            return ()
        return tuple(s for s in self.active if s != winner)

    def compensation(self, winner: int | None) -> tuple[int, ...]:
        """Each seat's compensation payments (zero-sum): the seats forced out this
        round, and delayed compensation handed on by a round with no winner (paid by
        this round's losers)."""
        n = self.players
        out = list(self.setup.compensation.payments(
            n, [self.dealt_hand(s) for s in range(n)], self.forced_out,
            self.compensation_payers(winner)))
        if winner is not None:
            for seat, owed in self.deal.owed:
                for p in self.active:
                    if p != winner:
                        out[p] -= owed
                        out[seat] += owed
        return tuple(out)

    def owed_next(self) -> tuple[tuple[int, int], ...]:
        """The delayed compensation a finished round with no winner hands on to the same
        three players' next round (its losers pay it double); () otherwise."""
        res = self.table_result
        if res is None or res.winner is not None or not self.setup.delayed \
                or self.setup.refresh:
            return ()
        return self.deal.owed + tuple((s, 2 * p) for s, p in self.compensation_owed())

    def next_round(self, seed: int | random.Random | None = None) -> TableRound:
        """Deal the next round of the game after this finished one: the winner deals;
        after a round with no winner the same dealer deals to the same three (with
        Refresh, to everyone with a new choice), and the next winner is doubled."""
        res = self.table_result
        if res is None:
            raise IllegalActionError("the round is not over yet; finish it before dealing "
                                     "again")
        assert self.inner is not None
        wins = list(self.wins)
        if res.winner is not None:
            wins[res.winner] += 1
        carry_of = getattr(self.setup.rules.overlay, "carry", None)
        carry = carry_of(self.inner) if carry_of is not None else ()
        dealer = res.winner if res.winner is not None else self.dealer
        kept = self.active if res.winner is None and not self.setup.refresh else ()
        return new_table_round(self.setup, seed, dealer, round_no=self.round_no + 1,
                               scores=[s + p for s, p in zip(self.scores, res.points)],
                               wins=wins, carry=carry, kept=kept, owed=self.owed_next())

    def dealt_hand(self, seat: int) -> tuple[AnyCard, ...]:
        return tuple(CardSet.from_mask(self.hands[seat]))

    def result(self) -> TableResult | None:
        return self.table_result

    # -- views and cards ------------------------------------------------------------
    def view(self, seat: int) -> TableView:
        """What ``seat`` may see: its own hand, the choices made, the field once the
        players are known (face down before), the piles; a player's view adds the
        engine's own (``inner``). Never another seat's hand or the draw pile."""
        n = self.players
        check_seat(seat, n)
        inner = None
        e = self.engine_seat(seat)
        if self.inner is not None and e is not None:
            inner = eng.view(self.inner, e)
            hand = inner.hand
        elif self.inner is None:
            hand = CardSet.from_mask(self.hands[seat])
        else:
            hand = CardSet()
        caps = tuple(self.inner.captures(self.active.index(s)) if self.inner is not None
                     and s in self.active else CardSet() for s in range(n))
        return TableView(seat, self.stage, self.current_seat, self.dealer, n, self.round_no,
                         hand, self.inner.field if self.inner is not None else CardSet(),
                         0 if self.inner is not None else self.setup.field,
                         caps, self.choices, self.active, self.forced_out,
                         tuple(self.scores), self.forced(seat) if self.inner is None else "",
                         inner)

    def card_count(self) -> int:
        """Every card of the deck: before the play, the hands, the face-down field and
        the undealt cards; then the engine's count (the dropouts' hands are in the
        draw pile)."""
        if self.inner is not None:
            return self.inner.card_count()
        return len(self.deal.order)

    def zones(self) -> dict[str, tuple[int, ...]]:
        n = self.players
        if self.inner is None:
            zones = {f"hand {s}": _ids(self.hands[s])
                     for s in range(n)}
            zones["field face down"] = _ids(self.field0)
            dealt = n * self.setup.hand + self.setup.field
            zones["undealt"] = tuple(self.deal.order[dealt:])
            return zones
        from ...play_adapters import _capture_zones
        zones = _capture_zones(self.inner, self.active)
        for s in range(n):
            zones.setdefault(f"hand {s}", ())
        return zones


@dataclass(frozen=True)
class TableView:
    """What one seat of a big table may see (``inner``: the engine's view of a player in
    play, which the computer players read; None otherwise)."""

    seat: int
    stage: str
    current_seat: int | None
    dealer: int
    players: int
    round_no: int
    hand: CardSet
    field: CardSet
    field_face_down: int                   # cards lying face down on the field
    captures: tuple[CardSet, ...]          # per table seat
    choices: tuple[tuple[int, bool], ...]
    active: tuple[int, ...]
    forced_out: tuple[int, ...]
    scores: tuple[int, ...]
    forced: str = ""                       # "in"/"out" if this seat's choice is made for it
    inner: Any = None


# ---------------------------------------------------------------------------
# Choosing by the hand alone (the computer players)

_BRIGHTS = frozenset((Card.PINE_CRANE, Card.CHERRY_CURTAIN, Card.SUSUKI_MOON,
                      Card.WILLOW_RAINMAN, Card.PAULOWNIA_PHOENIX))
_STRONG = frozenset((Card.CHRYSANTHEMUM_SAKE, Card.WILLOW_STORM, Card.PAULOWNIA_SPECIAL))
#: A hand worth this much or more is played (see :func:`hand_strength`).
PLAY_FROM = 5


def hand_strength(hand: Iterable[AnyCard]) -> tuple[int, list[str]]:
    """How good a dealt hand looks before the field is seen, and why: 3 per Bright,
    1 per Sake cup, Storm Chaff or special Paulownia Chaff (double Chaffs), 1 per pair
    of a month and 3 per three of a month (they capture, and three may bomb or be shown
    for a double). Judged by the hand alone: the field is face down.

    >>> from hanafuda_core.cards import parse_cards
    >>> hand_strength(parse_cards("1a 3a 5b 5c 9a 12c 12d"))
    (9, ['2 Brights', 'the Sake cup', '2 pairs'])
    """
    cards = [c for c in hand if isinstance(c, Card)]
    brights = sum(1 for c in cards if c in _BRIGHTS)
    strong = [c for c in cards if c in _STRONG]
    months: dict[int, int] = {}
    for c in cards:
        months[c // 4] = months.get(c // 4, 0) + 1
    pairs = sum(1 for v in months.values() if v == 2)
    triples = sum(1 for v in months.values() if v >= 3)
    jokers = sum(1 for c in hand if isinstance(c, Extra) and c != Extra.BLANK)
    score = 3 * brights + len(strong) + jokers + pairs + 3 * triples
    why = []
    if brights:
        why.append(f"{brights} Bright{'s' * (brights > 1)}")
    names = {Card.CHRYSANTHEMUM_SAKE: "the Sake cup", Card.WILLOW_STORM: "the Storm Chaff",
             Card.PAULOWNIA_SPECIAL: "the special Paulownia Chaff"}
    why += [names[c] for c in strong]
    if jokers:
        why.append(f"{jokers} Joker{'s' * (jokers > 1)}")
    if triples:
        why.append(f"{triples} three{'s' * (triples > 1)} of a month")
    if pairs:
        why.append(f"{pairs} pair{'s' * (pairs > 1)}" if pairs > 1 else "a pair")
    return score, why


def choice_advice(view: TableView) -> tuple[SitIn | SitOut, str]:
    """The coach's choice for a seat asked to play or drop out, with its reason in
    words: play a hand worth :data:`PLAY_FROM` or more by :func:`hand_strength`."""
    score, why = hand_strength(view.hand)
    held = ", ".join(why) if why else "no Bright, no pair and no valuable Chaff"
    if score >= PLAY_FROM:
        return SIT_IN, (f"Play: your hand holds {held}, enough to hope for yaku "
                        "(the field is still face down, so the hand is all you can judge).")
    return SIT_OUT, (f"Sit out: your hand holds only {held}. A weak hand is likely to "
                     "pay a winner; sitting out costs nothing (only a player forced out "
                     "is compensated).")


class TableAgent:
    """A computer player at a big table: the choice by :func:`choice_advice` (the random
    player draws it), the play by the engine's agent (``base``) from its own view."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.name = getattr(base, "name", type(base).__name__)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if isinstance(view, TableView):
            if view.inner is None:
                if self.name == "random":
                    return legal[int(rng.random() * len(legal))]
                return choice_advice(view)[0]
            view = view.inner
        return self.base.choose(view, legal, rng)
