"""Hachi-Hachi played on the capture engine: one round, from choosing the players
to the explained settlement.

A round is an immutable :class:`HachiHachiRound` that moves through stages:

1. ``"blind"`` (only when a blind stay is offered, four or more players): the
   dealer (D004: the eldest) declares *Blind Stay* (Mizuten) before looking, or not.
   ``"trade"`` (only when the exchange is offered: by default whenever the rules
   have it, ``trade=True``: D004, BOOK 'Trade'): before looking, each player but the dealer once
   trades the unseen hand for the dealer's dealt hand, wherever it is now
   (:class:`Trade`), or not; the last trader may earn BOOK's 'Dealer's Hand'.
2. ``"choose"`` (four to seven players): in the preset's seat order each player
   plays (:data:`JOIN`) or passes (:data:`PASS`) until three remain. BOOK: the
   dealer must play and the choice starts at the dealer's right; D001, D002 and
   D004 start with the dealer (eldest), who may pass: the first player who stays
   then acts as dealer. Once enough players chose to play, the rest are forced
   out (and compensated); once enough passed, the rest are forced in. With seven
   players the holder of the blank card (the Joker) sits out and their other six
   cards become the field. With ``too_few="share_pot"`` nobody is forced in and one
   or two stayers end the round unplayed, sharing the fees; with ``"two_handed"``
   two stayers play a two-handed deal. Dropouts' hands and the undealt cards are shuffled into
   the stock (a recorded chance event: the deal carries the keys of that shuffle).
3. ``"claim"``: each active player shows hand combinations (teyaku), at most one of
   each group (:class:`Claim`).
4. ``"play"``: the capture engine's turn (:class:`~hanafuda_core.engines.capture.Play`
   / ``Capture``). A new or bigger yaku opens a decision: :class:`Continue` or
   :class:`End`, named as the preset names them (BOOK Continue / End, D001 Sage /
   Stop, D002 Sa-gé / Yoshi, D004 Keep / Go out). A player who continued may
   :class:`Cancel` at the start of their turn (BOOK, D002).
5. ``"over"``: the round is described as :class:`~hanafuda_core.games.hachihachi_settle.RoundFacts`
   (hands dealt, claims, captures, calls, passes, forced dropouts, the field) and
   settled; ``result.report`` is the :class:`~hanafuda_core.games.hachihachi_settle.Settlement`
   whose ledger explains every payment.

The engine supplies the turn (the inner :class:`~hanafuda_core.engines.capture.State`
with :class:`HachiHachiOverlay` deciding when a yaku opens a decision); this
module adds the stages around it and maps inner seats to table seats. Illegal
actions raise :class:`~hanafuda_core.errors.IllegalActionError` with the rule's
reason and leave the round unchanged.

>>> r = new_hachihachi_round("book", players=3, seed=4)
>>> r.stage, r.active
('claim', (0, 1, 2))
>>> r = play_round(r, ("greedy", "greedy", "greedy"), random.Random(1))
>>> r.stage, r.result.report.ledger.balance()
('over', 0)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from ..cards import DEFAULT_VALUES, MONTH_MASKS, Card, CardSet, parse_card
from ..deal import MisdealRules
from ..engines import capture as eng
from ..engines.capture import (
    GO_ON,
    STOP,
    Capture,
    CaptureRules,
    Phase,
    Play,
    RoundResult,
    State,
    position_state,
    setup_state,
)
from ..errors import HanafudaError, IllegalActionError, OptionError, PlayerCountError, check_seat
from ..families.capture.active_seats import ActiveSeats, rebuilt_stock
from ..families.capture.table_round import SitIn, SitOut
from ..frozen import quick_init
from ..players import GreedyPlayer
from ..teyaku import CHAFF, SUIT
from .hachihachi import (
    DECISION_WORDS,
    GAME_DEALS,
    HachiHachiRules,
    check_table,
    get_rules,
    yaku_rule,
)
from .hachihachi_settle import (
    Call,
    FieldMultiplier,
    FieldQueue,
    PlayerFacts,
    RoundFacts,
    Settlement,
    card_points,
    settle_round,
)

if TYPE_CHECKING:
    from ..yaku import Signature

__all__ = ["JOIN", "PASS", "BlindStay", "Trade", "Claim", "Continue", "End", "Cancel",
           "parse_action", "HachiHachiOverlay", "HachiHachiDeal", "HachiHachiRound",
           "HachiHachiView",
           "new_hachihachi_round", "deal_round", "legal_actions", "apply", "view",
           "play_round", "replay_round", "RandomHachiHachiPlayer", "GreedyHachiHachiPlayer",
           "make_agent", "CALL_WORDS", "JOKER", "engine_rules", "seat_names",
           "setup_hachihachi_round", "round_facts", "coach_advice", "offers_trade",
           "check_players", "action_lines"]

JOKER = 48          # the blank card / Joker of the seven-player game (not one of the 48)

#: What each tradition calls the decisions (continue, end, cancel): the rules' words.
CALL_WORDS = {calls: (w.go_on, w.stop, w.cancel) for calls, w in DECISION_WORDS.items()}
_CANCEL_ALLOWED = ("book", "d002")
# (the engine's functions under their own names: one look-up less on every step)
_engine_apply = eng.apply
_engine_legal = eng.legal_actions
_DECIDE = Phase.DECIDE
_OVER = Phase.ROUND_OVER
_CHOOSE_HAND = Phase.CHOOSE_HAND_CAPTURE


# ---------------------------------------------------------------------------
# Actions (the capture turn's Play / Capture come from the engine)

@dataclass(frozen=True, slots=True)
class BlindStay:
    """Before the deal: the dealer stays blind (Mizuten) or not."""
    stay: bool

    def code(self) -> str:
        return "blind" if self.stay else "no blind"

    def describe(self) -> str:
        return ("declare a blind stay (play without looking)" if self.stay
                else "do not declare a blind stay")


@dataclass(frozen=True, slots=True)
class Trade:
    """Before looking: swap the unseen hand with the dealer's dealt hand, wherever it is
    now (BOOK 'Trade', D004 exchange), or keep one's own (``swap=False``)."""
    swap: bool

    def code(self) -> str:
        return "trade" if self.swap else "no trade"

    def describe(self) -> str:
        return ("trade your unseen hand for the dealer's dealt hand" if self.swap
                else "keep your own hand (no trade)")


@dataclass(frozen=True, slots=True)
class Claim:
    """Show hand combinations (teyaku) by key; ``()`` claims nothing."""
    keys: tuple[str, ...] = ()

    def code(self) -> str:
        return "claim " + (",".join(self.keys) if self.keys else "none")

    def describe(self) -> str:
        return ("claim " + " and ".join(k.replace("_", " ") for k in self.keys)
                if self.keys else "claim no hand combination")


@dataclass(frozen=True, slots=True)
class Continue:
    """Play on after a yaku (BOOK Continue, D001 Sage, D002 Sa-gé, D004 Keep)."""
    name: str = field(default="Continue", compare=False)

    def code(self) -> str:
        return "continue"

    def describe(self) -> str:
        return f"call {self.name} (play on for more)"


@dataclass(frozen=True, slots=True)
class End:
    """End the round with the yaku (BOOK End, D001 Stop, D002 Yoshi, D004 Go out)."""
    name: str = field(default="End", compare=False)

    def code(self) -> str:
        return "end"

    def describe(self) -> str:
        return f"call {self.name} (end the round and collect)"


@dataclass(frozen=True, slots=True)
class Cancel:
    """Call off one's Continue at the start of one's turn (the yaku pay half)."""
    name: str = field(default="Cancel", compare=False)

    def code(self) -> str:
        return "cancel"

    def describe(self) -> str:
        return f"call {self.name} (stop playing on: the yaku pay half)"


#: The choice to play a round or to pass (the big Go-Stop table's choice, with
#: Hachi-Hachi's code and word "pass" for the second).
JOIN, PASS = SitIn(), SitOut("pass", "pass (sit this round out)")

_WORDS = {"join": JOIN, "play": JOIN, "stay": JOIN, "pass": PASS, "fold": PASS,
          "drop": PASS, "blind": BlindStay(True), "no blind": BlindStay(False),
          "trade": Trade(True), "exchange": Trade(True), "no trade": Trade(False),
          "no exchange": Trade(False),
          "continue": Continue(), "sage": Continue(), "sa-ge": Continue(), "sa-gé": Continue(),
          "keep": Continue(), "end": End(), "stop": End(), "yoshi": End(), "go out": End(),
          "out": End(), "cancel": Cancel()}


def parse_action(text: Any) -> Any:
    """Read an action: ``"join"``, ``"pass"``, ``"blind"``, ``"claim three,seven_chaffs"``,
    ``"claim none"``, ``"play 3a"``, ``"capture 3b"``, ``"continue"`` (``"sage"``, ...),
    ``"end"`` (``"yoshi"``, ...), ``"cancel"``."""
    if not isinstance(text, str):
        return PASS if type(text) is SitOut else text      # (recorded with its own code)
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    words = t.split(None, 1)
    if words and words[0] == "claim":
        rest = words[1] if len(words) > 1 else "none"
        keys = () if rest == "none" else tuple(k.strip() for k in rest.replace(" ", ",")
                                                .split(",") if k.strip())
        return Claim(keys)
    if len(words) == 2 and words[0] in ("play", "capture", "take"):
        card = parse_card(words[1])
        return Play(card) if words[0] == "play" else Capture(card)
    raise IllegalActionError(f"cannot read the action {text!r}; write join, pass, blind, "
                             "trade, 'no trade', "
                             "'claim <keys>' or 'claim none', 'play <card>', "
                             "'capture <card>', continue, end or cancel")


# ---------------------------------------------------------------------------
# The overlay the engine calls

@dataclass(frozen=True)
class HachiHachiOverlay:
    """The engine hook: a new or bigger yaku opens a Continue / End decision
    (re-arming as in Go-Stop: after a Continue only a higher total asks again).

    The real payments are settled by :class:`HachiHachiRound` from the whole round
    (claims, passes, field, calls). The engine-level results here are a quick
    estimate in the tradition's smallest unit (``scale`` of them to a table unit:
    12 for kan and shillings), so that engine tools such as the coach's rollouts
    can compare moves: an End takes the ender's yaku from each opponent; a
    played-out round scores each player's card points against 88."""

    scale: int = 1

    def decision_needed(self, rules: CaptureRules, old_sig: Signature, new_sig: Signature,
                        total: int) -> bool:
        return total > sum(p for _, p in old_sig)

    def decision_actions(self, state: State) -> tuple[eng.Action, ...]:
        return (GO_ON, STOP)

    def settle(self, state: State, winner: int) -> RoundResult:
        n = state.rules.players
        value = state.yaku_pts[winner] * self.scale
        pts = tuple(value * (n - 1) if p == winner else -value for p in range(n))
        return RoundResult(winner, pts, "end")

    def settle_draw(self, state: State) -> RoundResult:
        n = state.rules.players
        pts = tuple(card_points(state.caps_m[p]) - 88 for p in range(n))
        best = max(range(n), key=lambda p: pts[p])
        return RoundResult(best, pts, "played out")

    def settle_instant(self, state: State, winner: int, reason: str) -> RoundResult:
        return RoundResult(winner, (0,) * state.rules.players, reason)


def coach_advice(r: HachiHachiRound, coach: Any) -> tuple[Any, dict[Any, Any]] | None:
    """The coach's advice for the seat to play, during the capture turn or a
    Continue / End decision (the coach works on the engine's view; its Koi-Koi /
    Stop advice is Continue / End here). Returns ``(advice, actions)``, where
    ``actions`` maps the engine's actions to this round's, or ``None`` outside play."""
    inner = r.inner
    if r.stage != "play" or inner is None or inner.phase == Phase.ROUND_OVER:
        return None
    legal = eng.legal_actions(inner)
    advice = coach.advise(eng.view(inner, inner.player), legal)
    go, stop, _ = _words(r)
    mapping = {a: (Continue(go) if a == GO_ON else End(stop) if a == STOP else a)
               for a in legal}
    return advice, mapping


def _engine_rules(rules: HachiHachiRules, active: int) -> CaptureRules:
    """The engine's rules for ``active`` players, built once per rules object (looked up
    by identity: hashing the rules, a dataclass of some forty fields, on every deal cost
    more than building the round's state)."""
    got = _ENGINE_RULES.get((id(rules), active))
    if got is not None and got[0] is rules:
        return got[1]
    made = _build_engine_rules(rules, active)
    if len(_ENGINE_RULES) > 256:          # rules built on the fly (random options) come and go
        _ENGINE_RULES.clear()
    _ENGINE_RULES[id(rules), active] = (rules, made)
    return made


_ENGINE_RULES: dict[tuple[int, int], tuple[HachiHachiRules, CaptureRules]] = {}


@lru_cache(maxsize=64)
def _build_engine_rules(rules: HachiHachiRules, active: int) -> CaptureRules:
    two_cut = active == 2 and rules.preset == "d001"
    return CaptureRules(
        name="Hachi-Hachi", key="hachihachi", preset=rules.preset, options=rules.options,
        players=active, deals={2: (7, 6), 3: (7, 6)},
        misdeal=MisdealRules(field_four=True, hand_four=False, four_pairs=False),
        round_end="hands_empty" if two_cut else "all_cards",
        rounds=GAME_DEALS[0], yaku=rules.yaku, overlay=HachiHachiOverlay(rules.combo_scale),
        decision_words=rules.decision_words)


def engine_rules(rules: HachiHachiRules | str, active: int = 3) -> CaptureRules:
    """The capture engine's rules for the active players of a Hachi-Hachi round."""
    if isinstance(rules, str):
        rules = get_rules(rules)
    return _engine_rules(rules, active)


# ---------------------------------------------------------------------------
# The deal (chance event) and the round state

@quick_init
@dataclass(frozen=True)
class HachiHachiDeal:
    """The recorded chance events of a round: the dealt order (7 cards to each seat
    from seat 0, then the field; seven players: 49 cards with the Joker), the keys
    that shuffle dropouts' hands into the stock, and the voided deals (field quads)."""

    order: tuple[int, ...]
    keys: tuple[int, ...]               # one shuffle key per card id 0..47
    dealer: int
    voided: tuple[tuple[int, ...], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        def code(c: int) -> str:
            return "joker" if c == JOKER else Card(c).code

        return {"order": [code(c) for c in self.order], "keys": list(self.keys),
                "dealer": self.dealer, "voided": [[code(c) for c in v] for v in self.voided]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HachiHachiDeal:
        def read(c: str) -> int:
            return JOKER if c == "joker" else int(parse_card(c))

        return cls(tuple(read(c) for c in d["order"]), tuple(d["keys"]), d["dealer"],
                   tuple(tuple(read(c) for c in v) for v in d.get("voided", ())))


@quick_init
@dataclass(frozen=True)
class HachiHachiRound:
    """One Hachi-Hachi round (immutable). Seats are 0..players-1 in playing order;
    ``active`` lists the active seats in playing order from the acting dealer."""

    rules: HachiHachiRules
    players: int
    names: tuple[str, ...]
    deal: HachiHachiDeal
    hands: tuple[int, ...]                  # dealt hands (masks), per seat
    joker: int | None                       # seat holding the blank card (7 players)
    field0: int                             # the field as dealt (mask)
    multiplier: FieldMultiplier
    queue_after: FieldQueue                 # the field queue for the next deal
    stage: str
    blind_offered: bool = False
    blind: bool = False
    choices: tuple[tuple[int, bool], ...] = ()     # (seat, plays) in the order chosen
    active: tuple[int, ...] = ()
    claims: tuple[tuple[int, tuple[str, ...]], ...] = ()
    inner: State | None = None
    calls: tuple[Call, ...] = ()
    # each card given to the field and the engine's state before it (with the
    # responsibility rules: who gave it, their hand and the piles then)
    discards: tuple[tuple[int, State], ...] = ()
    history: tuple[Any, ...] = ()
    result: RoundResult | None = None
    round_no: int = 1
    trade_offered: bool = False
    trades: tuple[tuple[int, bool], ...] = ()        # (seat, swapped) in order
    dealer_hand_at: int | None = None                # seat holding the dealer's dealt hand

    def _replace(self, **changes: Any) -> HachiHachiRound:
        """A copy with ``changes`` (field names and values), as ``dataclasses.replace``
        gives, but cheap: a round is copied on every action, and ``replace`` (which checks
        every field and runs the frozen ``__init__``) was a third of a random round's
        time. The trick: the class is a frozen dataclass *without* slots, so a copy is a
        new instance whose ``__dict__`` is this one's, updated; writing the dict directly
        skips the frozen ``__setattr__`` (no field is computed from another, so nothing
        else needs re-running). The new ``__dict__`` is a copy of this one's (one block
        copy) put in place with ``object.__setattr__``; a name that is no field would
        make the dict longer than the fields, which is refused."""
        attrs = self.__dict__.copy()
        attrs.update(changes)
        if len(attrs) != _N_FIELDS:
            unknown = sorted(changes.keys() - _ROUND_FIELDS)
            raise TypeError(f"HachiHachiRound has no field {unknown}")
        new = _new_object(HachiHachiRound)
        _set_attr(new, "__dict__", attrs)
        return new

    # -- who acts ----------------------------------------------------------------
    @property
    def choose_order(self) -> tuple[int, ...]:
        """Seats in the order they choose to play or pass (the Joker holder sits out)."""
        return _seat_orders(self.players, self.deal.dealer, self.joker)[0]

    @property
    def trade_order(self) -> tuple[int, ...]:
        """Seats that may trade, in order from the dealer's right (not the dealer, not
        the Joker holder)."""
        return _seat_orders(self.players, self.deal.dealer, self.joker)[1]

    @property
    def last_trader(self) -> int | None:
        """The seat that traded last, now holding the dealer's dealt hand (or None)."""
        if not any(t for _, t in self.trades):
            return None
        return self.dealer_hand_at

    @property
    def dealer_must_play(self) -> bool:
        return self.rules.preset == "book" or self.blind

    @property
    def passed(self) -> tuple[int, ...]:
        return tuple(s for s, plays in self.choices if not plays and s not in self.forced_out)

    @property
    def forced_out(self) -> tuple[int, ...]:
        return tuple(s for s, plays in self.choices if not plays and self._forced(s) == "out")

    def _forced(self, seat: int) -> str:
        """'in', 'out' or '' for the seat's choice, given the choices before it."""
        before = []
        for s, plays in self.choices:
            if s == seat:
                break
            before.append(plays)
        return self._forced_after(tuple(before), seat)

    def _forced_after(self, before: tuple[bool, ...], seat: int) -> str:
        # Too few to force in: nobody is forced to play, but someone must take the fees
        # (our decision), so only the last seat, when nobody chose to play before it.
        stage = _ACTIVE_SEATS[self.dealer_must_play, self.rules.too_few == "forced_in"]
        return stage.forced(self.choose_order, self.deal.dealer, before, seat)

    @property
    def current_seat(self) -> int | None:
        """The seat to act now (None when the round is over)."""
        if self.stage == "blind":
            return self.deal.dealer
        if self.stage == "trade":
            return self.trade_order[len(self.trades)]
        if self.stage == "choose":
            return self.choose_order[len(self.choices)]
        if self.stage == "claim":
            return self.active[len(self.claims)]
        if self.stage == "play" and self.inner is not None:
            return self.active[self.inner.player]
        return None

    @property
    def acting_dealer(self) -> int | None:
        return self.active[0] if self.active else None

    @property
    def is_terminal(self) -> bool:
        return self.stage == "over"

    @property
    def field(self) -> CardSet:
        return self.inner.field if self.inner is not None else CardSet.from_mask(self.field0)

    def hand(self, seat: int) -> CardSet:
        """The seat's current hand (as dealt before play)."""
        if self.inner is not None and seat in self.active:
            return self.inner.hand(self.active.index(seat))
        return CardSet.from_mask(self.hands[seat])

    def captures(self, seat: int) -> CardSet:
        if self.inner is not None and seat in self.active:
            return self.inner.captures(self.active.index(seat))
        return CardSet()

    def claimed(self, seat: int) -> tuple[str, ...] | None:
        for s, keys in self.claims:
            if s == seat:
                return keys
        return None

    @property
    def settlement(self) -> Settlement | None:
        return self.result.report if self.result is not None else None

    @property
    def aborted_by(self) -> int | None:
        """four_three='aborts_hand' (D001 variation): the first seat dealt 4 of a Kind &
        3 of a Kind, whether it plays or not (the Joker holder's cards are the field)."""
        if self.rules.four_three != "aborts_hand":
            return None
        for s in self.choose_order if self.players > 3 else range(self.players):
            if self.hands[s].bit_count() == 7 and self.rules.teyaku.evaluate(
                    CardSet.from_mask(self.hands[s])).find("four_three") is not None:
                return s
        return None

    @property
    def ends_game(self) -> bool:
        """D002 / D004: a claimed Four & Three ends the whole game at once."""
        return self.rules.four_three == "ends_game" and any(
            "four_three" in keys for _, keys in self.claims)

    def card_count(self) -> int:
        """Cards in hands, field, piles and stock (before play: the dealt hands, the
        field and the undealt cards): always 48."""
        if self.inner is not None:
            return self.inner.card_count()
        undealt = 0 if self.players == 7 else len(self.deal.order) - 7 * self.players - 6
        return sum(h.bit_count() for h in self.hands) + self.field0.bit_count() + undealt

    def legal_actions(self) -> tuple[Any, ...]:
        return legal_actions(self)

    def apply(self, action: Any, player: int | None = None) -> HachiHachiRound:
        return apply(self, action, player)

    def describe(self) -> str:
        lines = [f"Hachi-Hachi ({self.rules.preset}) round {self.round_no}, dealer "
                 f"{self.names[self.deal.dealer]}, {self.multiplier.name} "
                 f"(x{self.multiplier.value}), stage {self.stage}"]
        lines.append(f"field: {self.field.format()}")
        for s in range(self.players):
            tag = ("active" if s in self.active else "Joker" if s == self.joker else
                   "out" if self.active or self.stage not in ("blind", "choose") else "")
            lines.append(f"{self.names[s]} [{tag}] hand: {self.hand(s).format()} | captures: "
                         f"{self.captures(s).format()}")
        return "\n".join(lines)


#: The family's choose stage (three play; the dealer first), by (dealer must play,
#: the last seats forced in as soon as only three remain).
_ACTIVE_SEATS = {(must, enough): ActiveSeats(3, must, "dealer",
                                             "enough_left" if enough else "last_alone")
                 for must in (False, True) for enough in (False, True)}


@lru_cache(maxsize=256)
def _seat_orders(players: int, dealer: int, joker: int | None
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(choose order, trade order) of a deal: the seats from the dealer on, without the
    Joker holder; the trade order also without the dealer. (Made once per table: the
    current seat is asked for on every action of the first stages.)"""
    seats = [(dealer + i) % players for i in range(players)]
    choose = tuple(s for s in seats if s != joker)
    return choose, tuple(s for s in choose if s != dealer)


_ROUND_FIELDS = frozenset(f.name for f in fields(HachiHachiRound))
_N_FIELDS = len(_ROUND_FIELDS)
_new_object = object.__new__
_set_attr = object.__setattr__

@lru_cache(maxsize=16)
def seat_names(players: int) -> tuple[str, ...]:
    """The default names of the seats: Player 1, Player 2, ..."""
    return tuple(f"Player {i + 1}" for i in range(players))


# ---------------------------------------------------------------------------
# Dealing

def _shuffle_keys(rng: random.Random) -> tuple[int, ...]:
    """48 keys of 32 random bits, as 48 calls of ``rng.getrandbits(32)`` give them, drawn
    in one call (``getrandbits(k)`` fills its result from successive 32-bit outputs,
    lowest bits first, so the stream and the keys are the same)."""
    bits = rng.getrandbits(32 * 48)
    return tuple(memoryview(bits.to_bytes(4 * 48, "little")).cast("I").tolist()) \
        if _LITTLE else tuple(bits >> (32 * i) & 0xFFFFFFFF for i in range(48))


_LITTLE = sys.byteorder == "little"


def _deal_order(rng: random.Random, players: int) -> tuple[int, ...]:
    deck = list(range(48)) + ([JOKER] if players == 7 else [])
    return eng.shuffle_order(rng, deck)


def _field_quad(mask: int) -> bool:
    """Whether ``mask`` holds all four cards of some month (a month is four bits: they
    are all set where the mask and its shifts by 1, 2 and 3 all have a month's first bit)."""
    return bool(mask & mask >> 1 & mask >> 2 & mask >> 3 & _MONTH_FIRST_BITS)


_MONTH_FIRST_BITS = sum(1 << (4 * m) for m in range(12))


def new_hachihachi_round(preset: str | HachiHachiRules = "book", players: int = 3,
                         seed: int | random.Random | None = None, dealer: int = 0, *,
                         queue: FieldQueue | None = None, offer_blind_stay: bool = False,
                         names: Sequence[str] | None = None, round_no: int = 1,
                         offer_trade: bool | None = None, **options: Any) -> HachiHachiRound:
    """Shuffle and deal a Hachi-Hachi round for 2 to 7 players.

    ``preset``: "book", "d001", "d002", "d004" (or rules from ``get_rules``);
    ``options`` override the preset's options. ``queue`` carries reserved field
    multipliers from earlier deals; ``offer_blind_stay`` offers the dealer a blind
    stay before the deal (four or more players); ``offer_trade`` offers the exchange
    of unseen hands with the dealer's (needs the rules' ``trade`` option: BOOK
    'Trade' variant, D004); ``None`` offers it whenever the rules have it and
    three or more play (the d004 preset: its source makes the exchange standard).
    The call's own parameters are named ``offer_...`` so that every rule option,
    ``trade`` and ``blind_stay`` included, can be given in ``options``.
    A field holding all four cards of a month is redealt (recorded in the deal), or taken
    by the dealer (``field_quad="dealer_takes"``).
    """
    if isinstance(preset, HachiHachiRules) and options:
        raise OptionError(f"options ({', '.join(options)}) are part of the rules given: "
                          "build them with get_rules(preset, **options), or give a preset")
    rules = preset if isinstance(preset, HachiHachiRules) else get_rules(preset, **options)
    check_players(players)
    check_seat(dealer, players, "dealer")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    voided: list[tuple[int, ...]] = []
    for _ in range(1000):
        order = _deal_order(rng, players)
        keys = _shuffle_keys(rng)
        d = HachiHachiDeal(tuple(order), keys, dealer, tuple(voided))
        layout = _layout(order, players)
        if _field_quad(layout[2]) and rules.field_quad == "redeal":
            voided.append(tuple(order))
            continue
        return _deal_round(rules, players, d, layout, queue=queue,
                           offer_blind_stay=offer_blind_stay, names=names, round_no=round_no,
                           offer_trade=offer_trade)
    raise RuntimeError("no valid deal")  # pragma: no cover


def check_players(players: int) -> int:
    """The number of players, or :class:`PlayerCountError` saying what is allowed.

    >>> check_players(9)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.PlayerCountError: Hachi-Hachi is played by 2 to 7 players, not 9
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 7:
        raise PlayerCountError(f"Hachi-Hachi is played by 2 to 7 players, not {players}")
    return players


def _layout(order: Sequence[int], players: int) -> tuple[tuple[int, ...], int | None, int]:
    """The dealt hands (7 cards to each seat from seat 0) and field (the next 6; with
    seven players, the Joker holder's other cards) as masks, and the Joker's seat."""
    # A card's bit is looked up and the bits of a hand added (distinct bits: the sum is
    # their union); the Joker (48) is one more bit, found and cleared afterwards.
    hands = [sum(map(_BITS.__getitem__, order[7 * s:7 * s + 7])) for s in range(players)]
    joker = None
    if players == 7:
        for s in range(players):
            if hands[s] >> JOKER & 1:
                joker = s
                hands[s] &= ~(1 << JOKER)
        fm = hands[joker] if joker is not None else 0
    else:
        fm = sum(map(_BITS.__getitem__, order[7 * players:7 * players + 6]))
    return tuple(hands), joker, fm


_BITS = tuple(1 << c for c in range(JOKER + 1))


def deal_round(rules: HachiHachiRules | str, players: int, deal: HachiHachiDeal, *,
               queue: FieldQueue | None = None, offer_blind_stay: bool = False,
               names: Sequence[str] | None = None, round_no: int = 1,
               offer_trade: bool | None = None) -> HachiHachiRound:
    """The round after a known deal (replays and constructed examples); ``offer_trade``
    and ``offer_blind_stay`` as in :func:`new_hachihachi_round`."""
    if isinstance(rules, str):
        rules = get_rules(rules)
    check_players(players)
    return _deal_round(rules, players, deal, _layout(deal.order, players), queue=queue,
                       offer_blind_stay=offer_blind_stay, names=names, round_no=round_no,
                       offer_trade=offer_trade)


def _deal_round(rules: HachiHachiRules, players: int, deal: HachiHachiDeal,
                layout: tuple[tuple[int, ...], int | None, int], *,
                queue: FieldQueue | None, offer_blind_stay: bool,
                names: Sequence[str] | None, round_no: int,
                offer_trade: bool | None) -> HachiHachiRound:
    """:func:`deal_round` with the deal's layout (:func:`_layout`) already made."""
    check_players(players)
    check_table(rules, players)
    trade = offers_trade(rules, players, offer_trade)
    if trade and not rules.trade:
        raise HanafudaError("these rules have no exchange of hands: use the option trade=True "
                            "(BOOK 'Trade' variant; standard in D004)")
    if trade and players < 3:
        raise PlayerCountError("trading with the dealer needs three or more players")
    hands, joker, fm = layout
    if joker is not None:
        hands = tuple(0 if s == joker else h for s, h in enumerate(hands))
    queue = queue if queue is not None else _empty_queue(rules.field_mode)
    mult, after = queue.next(CardSet.from_mask(fm))
    names = tuple(names) if names else seat_names(players)
    if len(names) != players:
        raise PlayerCountError(f"give {players} names, not {len(names)}")
    dealer = deal.dealer
    if joker == dealer:
        # BOOK: the Joker holder drops out, even the dealer; the player to the right deals.
        dealer = (dealer + 1) % players
        deal = replace(deal, dealer=dealer)
    offered = offer_blind_stay and players >= 4 and not (rules.preset == "d004" and queue.pending)
    r = HachiHachiRound(rules, players, names, deal, hands, joker, fm, mult, after,
                        "blind" if offered else "choose", blind_offered=offered,
                        round_no=round_no, trade_offered=bool(trade),
                        dealer_hand_at=dealer)
    if not offered:
        r = _after_blind(r)
    return r


@lru_cache(maxsize=16)
def _empty_queue(mode: str) -> FieldQueue:
    """The field queue of a first deal (no deal reserved), one per mode: it is immutable."""
    return FieldQueue(mode)


def offers_trade(rules: HachiHachiRules, players: int, trade: bool | None = None) -> bool:
    """Whether a deal offers the exchange of hands: ``trade`` when given, else the
    rules' own ``trade`` option (D004: standard) with three or more players.

    >>> offers_trade(get_rules("d004"), 5), offers_trade(get_rules("book"), 5)
    (True, False)
    >>> offers_trade(get_rules("d004"), 5, trade=False), offers_trade(get_rules("d004"), 2)
    (False, False)
    """
    if trade is None:
        return bool(rules.trade) and players >= 3
    return bool(trade)


def _after_blind(r: HachiHachiRound) -> HachiHachiRound:
    """The stage after the blind stay and after each trade: the next trade, the claims
    (two or three players: all play) or the choice to play."""
    if r.trade_offered and len(r.trades) < len(r.trade_order):
        return r if r.stage == "trade" else r._replace(stage="trade")
    if r.players <= 3:
        d = r.deal.dealer
        return _start_claims(r, tuple((d + i) % r.players for i in range(r.players)))
    return r._replace(stage="choose")


def _start_claims(r: HachiHachiRound, active: tuple[int, ...] | None = None
                  ) -> HachiHachiRound:
    """The claim stage, with ``active`` the players (when not chosen before)."""
    if active is None:
        return r._replace(stage="claim")
    return r._replace(stage="claim", active=active)


def _stock_order(r: HachiHachiRound) -> tuple[int, ...]:
    """The draw pile: 2-3 players, the rest of the deal; more players, the dropouts'
    hands and the undealt cards shuffled by the deal's keys."""
    if r.players <= 3:
        return tuple(r.deal.order[7 * r.players + 6:])
    used = r.field0
    for s in r.active:
        used |= r.hands[s]
    return rebuilt_stock(used, r.deal.keys)


def _start_play(r: HachiHachiRound) -> HachiHachiRound:
    n = len(r.active)
    rules = _engine_rules(r.rules, n)
    field, caps = r.field0, _NO_CAPTURES[n]
    quad = _quad_cards(field) if r.rules.field_quad == "dealer_takes" and _field_quad(field) \
        else 0
    if quad:
        # D001: the dealer captures a dealt field quad at once (the acting dealer plays first).
        field, caps = field & ~quad, (quad,) + caps[1:]
    # (the cards come from the round's own deal, each in one place: built unchecked)
    hands = r.hands
    inner = position_state(rules, tuple([hands[s] for s in r.active]), field, _stock_order(r),
                           caps, round_no=r.round_no)
    r = r._replace(stage="play", inner=inner)
    if r.aborted_by is not None:
        return _finish(r)
    if r.rules.four_three not in ("none", "aborts_hand") and \
            any("four_three" in k for _, k in r.claims):
        return _finish(r)
    return r


_NO_CAPTURES = tuple((0,) * n for n in range(8))


def _quad_cards(mask: int) -> int:
    out = 0
    for m in MONTH_MASKS:
        if mask & m == m:
            out |= m
    return out


def setup_hachihachi_round(preset: str | HachiHachiRules, hands: Sequence[object],
                           field: Any = (), stock: Any = (), captures: Sequence[object] = (),
                           *, player: int = 0,
                           claims: Sequence[Sequence[str]] = (), multiplier: int | None = None,
                           names: Sequence[str] | None = None,
                           **options: Any) -> HachiHachiRound:
    """A play position set up by hand (worked examples, exercises, tests): the
    active players' ``hands`` (seat 0 deals and plays first), ``field``, ``stock``
    (top first) and ``captures``, in the card notation. Claims are taken as made;
    yaku already in a pile count as declared. Cards left out are out of play."""
    rules = preset if isinstance(preset, HachiHachiRules) else get_rules(preset, **options)
    n = len(hands)
    if n not in (2, 3):
        raise PlayerCountError(f"give the hands of the 2 or 3 active players, not {n}")
    inner = setup_state(_engine_rules(rules, n), hands, field, stock, captures, player=player)
    fm = inner.field_m
    mult, after = FieldQueue(rules.field_mode).next(CardSet.from_mask(fm))
    if multiplier is not None:
        mult = FieldMultiplier(multiplier, (), "multiplier given for this position")
    deal = HachiHachiDeal(tuple(inner.deal.order), (0,) * 48, 0)
    names = tuple(names) if names else seat_names(n)
    cl = tuple((i, tuple(claims[i]) if i < len(claims) else ()) for i in range(n))
    return HachiHachiRound(rules, n, names, deal, inner.hands_m, None, fm, mult, after, "play",
                           active=tuple(range(n)), claims=cl, inner=inner)


# ---------------------------------------------------------------------------
# Legal actions

def _claim_options(rules: HachiHachiRules, hand: int) -> tuple[Claim, ...]:
    """Every claim the hand allows (none, or at most one chaff and one suit combination),
    by value. They depend only on the keys, groups and values of the combinations the
    hand makes (:meth:`~hanafuda_core.teyaku.TeyakuTable.candidates_of`, no cards needed),
    so they are made once for each such list (a few hundred exist)."""
    table = rules.teyaku
    last = _LAST_CLAIMS[0]
    if last[0] is table and last[1] == hand:    # (the check of the claim chosen asks again)
        return last[2]
    sig = table.candidates_of(hand)
    claims = _CLAIMS.get(sig)
    if claims is None:
        if len(_CLAIMS) > 4096:
            _CLAIMS.clear()
        claims = _CLAIMS[sig] = _claims_of(sig)
    _LAST_CLAIMS[0] = (table, hand, claims)
    return claims


_CLAIMS: dict[tuple[tuple[str, str, int], ...], tuple[Claim, ...]] = {}
_LAST_CLAIMS: list[tuple[Any, int, tuple[Claim, ...]]] = [(None, -1, ())]


def _claims_of(candidates: tuple[tuple[str, str, int], ...]) -> tuple[Claim, ...]:
    """The claims from (key, group, value) of the combinations a hand makes."""
    chaff = [None] + [c for c in candidates if c[1] == CHAFF]
    suit = [None] + [c for c in candidates if c[1] == SUIT]
    out = []
    for a, b in product(chaff, suit):
        made = [c for c in (a, b) if c is not None]
        out.append((sum(c[2] for c in made), tuple(c[0] for c in made)))
    out.sort(key=lambda t: (t[0], t[1]))
    return tuple(Claim(k) for _, k in out)


def _words(r: HachiHachiRound) -> tuple[str, str, str]:
    return CALL_WORDS.get(r.rules.calls, CALL_WORDS["book"])


def _cancel_allowed(rules: HachiHachiRules) -> bool:
    """BOOK and D002 Cancel; D004 'some' (keep_cancel) cancel keeping by returning half."""
    return rules.calls in _CANCEL_ALLOWED or (rules.calls == "d004" and rules.keep_cancel)


def _keep_forbidden_by(r: HachiHachiRound) -> str | None:
    """The held yaku that forbids playing on (D004 'some'), if any."""
    forbidden = r.rules.keep_forbidden
    if not forbidden:
        return None
    inner = _in_play(r)
    table = r.rules.yaku
    for i, _ in inner.sigs[inner.player]:
        key = table.rules[i].key
        if key in forbidden:
            return key
    return None


def _can_cancel(r: HachiHachiRound) -> bool:
    inner = _in_play(r)
    if not r.calls or inner.phase != Phase.PLAY or not _cancel_allowed(r.rules):
        return False                  # (cheapest test first: usually nobody has called)
    me = r.names[r.active[inner.player]]
    pending = False
    for c in r.calls:
        if c.player == me:
            pending = c.kind == "continue"
    return pending


def legal_actions(r: HachiHachiRound) -> tuple[Any, ...]:
    """The actions the current seat may take, in a fixed order."""
    if r.stage == "play":                   # (first: most actions of a round are here)
        inner = r.inner
        if inner is None:
            return ()                       # (never: a round in play has its state)
        if inner.phase == _DECIDE:
            go, stop, _ = _words(r)
            if _keep_forbidden_by(r):
                return (End(stop),)
            return (Continue(go), End(stop))
        acts: tuple[Any, ...] = _engine_legal(inner)
        if r.calls and _can_cancel(r):
            acts = acts + (Cancel(_words(r)[2]),)
        return acts
    if r.stage == "blind":
        return _BLIND_CHOICES
    if r.stage == "trade":
        return _TRADE_CHOICES
    if r.stage == "choose":
        seat = _seat(r)
        forced = r._forced_after(tuple(p for _, p in r.choices), seat)
        if forced == "in":
            return _JOIN_ONLY
        if forced == "out":
            return _PASS_ONLY
        return _JOIN_OR_PASS
    if r.stage == "claim":             # (the seat to claim: the next active one)
        return _claim_options(r.rules, r.hands[r.active[len(r.claims)]])
    return ()


# The choices before the claims (immutable actions, made once).
_BLIND_CHOICES = (BlindStay(False), BlindStay(True))
_TRADE_CHOICES = (Trade(False), Trade(True))
_JOIN_ONLY, _PASS_ONLY, _JOIN_OR_PASS = (JOIN,), (PASS,), (JOIN, PASS)


def _seat(r: HachiHachiRound) -> int:
    """The seat to act (a round that is not over always has one)."""
    seat = r.current_seat
    if seat is None:
        raise IllegalActionError("the round is over; deal the next one")
    return seat


def _in_play(r: HachiHachiRound) -> State:
    """The capture engine's state of a round in play."""
    inner = r.inner
    if inner is None:
        raise IllegalActionError("no card is played yet: the round is at its "
                                 f"{r.stage!r} stage")
    return inner


def _refuse(r: HachiHachiRound, action: Any, player: int | None) -> None:
    if r.stage == "over":
        raise IllegalActionError("the round is over; deal the next one")
    seat = _seat(r)
    if player is not None and player != seat:
        raise IllegalActionError(f"it is {r.names[seat]}'s turn, not {r.names[player]}'s")
    legal = legal_actions(r)
    if action in legal:
        return
    if r.stage == "blind":
        raise IllegalActionError("before the deal the dealer only says whether to stay blind "
                                 "(blind / no blind)")
    if r.stage == "trade":
        raise IllegalActionError("before looking at the cards each player other than the "
                                 "dealer says whether to trade their unseen hand for the "
                                 "dealer's dealt hand (trade / no trade), once")
    if r.stage == "choose":
        if isinstance(action, (SitIn, SitOut)):
            if isinstance(action, SitOut) and r.blind and seat == r.deal.dealer:
                raise IllegalActionError("you declared a blind stay, so you must play")
            if isinstance(action, SitOut) and r.rules.preset == "book" and seat == r.deal.dealer:
                raise IllegalActionError("the dealer must play (BOOK ch. 17)")
            if isinstance(action, SitIn):
                who = ("two players besides the dealer have" if r.dealer_must_play
                       else "three players have")
                raise IllegalActionError(f"{who} chosen to play, so you are forced out (you "
                                         "may be compensated for your hand)")
            raise IllegalActionError("enough players have dropped out that three remain: you "
                                     "are forced to play")
        raise IllegalActionError("first each player chooses to play (join) or to drop out "
                                 "(pass)")
    if r.stage == "claim":
        if isinstance(action, Claim):
            res = r.rules.teyaku.evaluate(CardSet.from_mask(r.hands[seat]))
            for k in action.keys:
                if res.find(k) is None:
                    makes = ", ".join(h.rule.key for h in res.candidates) or "nothing"
                    raise IllegalActionError(f"your hand does not make {k!r}; it makes: {makes}")
            raise IllegalActionError("claim at most one chaff combination and one suit "
                                     "combination")
        raise IllegalActionError("show your hand combinations first: 'claim <keys>' or "
                                 "'claim none'")
    inner = _in_play(r)
    if isinstance(action, Cancel):
        if not _cancel_allowed(r.rules):
            extra = (" (D004 'some' allow it: option keep_cancel=True)"
                     if r.rules.calls == "d004" else "")
            raise IllegalActionError(f"there is no Cancel in the {r.rules.preset.upper()} rules: "
                                     "a continued yaku stands until it succeeds or fails"
                                     + extra)
        raise IllegalActionError("only a player who has called "
                                 f"{_words(r)[0]} may cancel, at the start of their turn")
    if inner.phase == Phase.DECIDE:
        go, stop, _ = _words(r)
        key = _keep_forbidden_by(r)
        if key and isinstance(action, Continue):
            raise IllegalActionError(f"you hold {yaku_rule(r.rules.yaku, key).name}: under these "
                                     f"rules nobody may play on with it (D004 'some'); call "
                                     f"{stop}")
        raise IllegalActionError(f"you made a yaku: call {go} to play on or {stop} to end the "
                                 "round")
    eng._refuse(inner, action, None)
    raise IllegalActionError(f"{getattr(action, 'describe', lambda: action)()} is not "
                             "possible now")  # pragma: no cover


def apply(r: HachiHachiRound, action: Any, player: int | None = None) -> HachiHachiRound:
    """The round after ``action`` by the current seat; illegal actions raise
    :class:`IllegalActionError` (with the rule) and leave ``r`` unchanged."""
    if r.stage == "play" and player is None and (type(action) is Play
                                                 or type(action) is Capture):
        inner = r.inner
        if inner is not None and inner.phase != _DECIDE and inner.phase != _OVER:
            # A card played or chosen in the capture turn: the engine's ``apply`` checks
            # it and refuses it with the same reason ``_refuse`` would give (it ends in
            # the engine's refusal for these actions), so the legal actions are not
            # built a second time. A card played to the field without capturing is
            # remembered with the engine's state before it (``discards``: the
            # responsibility rules ask who gave a card away while holding another, and
            # what the piles held then; rules without them keep none).
            new = _engine_apply(inner, action)
            # (the copy of ``_replace``, written out: this runs for nearly every action)
            attrs = r.__dict__.copy()
            attrs["inner"] = new
            attrs["history"] = r.history + (action,)
            rules = r.rules
            if (rules.responsibility or rules.triple_responsibility) \
                    and type(action) is Play and new.field_m >> action.card & 1 \
                    and new.phase != _CHOOSE_HAND:
                attrs["discards"] = r.discards + ((action.card, inner),)
            r = _new_object(HachiHachiRound)
            _set_attr(r, "__dict__", attrs)
            if new.phase == _OVER:
                return _finish(r)
            return r
    action = parse_action(action)
    if player is not None or action not in legal_actions(r):
        _refuse(r, action, player)      # (checks the seat; an illegal action raises)
    hist = r.history + (action,)
    if r.stage == "blind":
        return _after_blind(r._replace(blind=action.stay, history=hist))
    if r.stage == "trade":
        seat = _seat(r)
        hands, at = r.hands, r.dealer_hand_at
        if action.swap and at is not None:      # (a round offering trades knows where)
            # Swap with whoever holds the dealer's dealt hand now (the chain rule).
            h = list(hands)
            h[seat], h[at] = h[at], h[seat]
            hands, at = tuple(h), seat
        r = r._replace(trades=r.trades + ((seat, action.swap),), hands=hands,
                    dealer_hand_at=at, history=hist)
        return _after_blind(r)
    if r.stage == "choose":
        r = r._replace(choices=r.choices + ((r.current_seat, isinstance(action, SitIn)),),
                    history=hist)
        joins = [s for s, p in r.choices if p]
        if len(r.choices) == len(r.choose_order):
            # The first who stays acts as dealer (BOOK: the dealer, who always plays).
            r = r._replace(active=tuple(joins))
            if len(joins) < 3 and (len(joins) == 1 or r.rules.too_few == "share_pot"):
                return _finish(r)          # too few stayed: they share the fees, no play
            return _start_claims(r)
        return r
    if r.stage == "claim":
        r = r._replace(claims=r.claims + ((r.active[len(r.claims)], action.keys),),
                       history=hist)
        if len(r.claims) == len(r.active):
            return _start_play(r)
        return r
    return _play_action(r, action, hist)


def _play_action(r: HachiHachiRound, action: Any, hist: tuple[Any, ...]) -> HachiHachiRound:
    # One copy of the round per action: every change goes into a single ``_replace``.
    inner = _in_play(r)
    me = r.active[inner.player]
    name = r.names[me]
    if isinstance(action, Cancel):
        call = Call(name, "cancel", cards=inner.captures(inner.player))
        if r.rules.calls == "d004":
            # D004 'some': cancelling keeping returns half and play goes on.
            return r._replace(calls=r.calls + (call,), history=hist)
        return _finish(r._replace(calls=r.calls + (call,), history=hist))
    if isinstance(action, (Continue, End)):
        call = Call(name, "continue" if isinstance(action, Continue) else "end",
                    cards=inner.captures(inner.player), responsible=_responsible(r))
        new = eng.apply(inner, GO_ON if isinstance(action, Continue) else STOP)
        return _after_inner(r, new, calls=r.calls + (call,), history=hist)
    # A card played or chosen, read from text or by a named seat: now checked, the legal
    # action equal to it (the engine's own) takes the fast path.
    legal = legal_actions(r)
    return apply(r, legal[legal.index(action)])


def _after_inner(r: HachiHachiRound, new: State, **changes: Any) -> HachiHachiRound:
    r = r._replace(inner=new, **changes)
    if new.phase == Phase.ROUND_OVER:
        return _finish(r)
    return r


def _responsible(r: HachiHachiRound) -> str | None:
    """Who discarded the card that completed the deciding player's waiting yaku,
    when they had another choice (BOOK variant, D001, D004)."""
    if not r.rules.responsibility or len(r.active) < 3:
        return None
    inner = _in_play(r)
    p = inner.player
    caps = inner.caps_m[p]
    table = r.rules.yaku
    for given, then in r.discards:
        card, seat = int(given), r.active[then.player]
        if seat == r.active[p] or not caps >> card & 1:
            continue
        hand, caps_then = then.hands_m[then.player], then.caps_m
        for i, _ in inner.sigs[p]:
            rule = table.rules[i]
            pool = sum(1 << c for c in rule.cards)
            if not pool >> card & 1:
                continue
            if (caps_then[p] & pool).bit_count() != rule.threshold - 1:
                continue              # it was not waiting for one card
            if hand & ~(1 << card) & ~pool:
                return r.names[seat]
    return None


# ---------------------------------------------------------------------------
# The end of the round

def round_facts(r: HachiHachiRound) -> RoundFacts:
    """The finished (or aborted) round as facts for :func:`settle_round`."""
    n, d = r.players, r.deal.dealer
    inner = r.inner
    names, active, hands = r.names, r.active, r.hands
    played = inner is not None and inner.history_c is not None
    # (at a table of two or three nobody chooses or trades: nothing to look for)
    choices = r.choices
    forced_out = r.forced_out if choices else ()
    triples = r.rules.triple_responsibility and r.discards
    claims: dict[int, tuple[str, ...]] = {}
    for seat, keys in r.claims:                 # (the first claim of a seat, as claimed())
        claims.setdefault(seat, keys)
    players = []
    for i in range(n):
        s = (d + i) % n
        name = names[s]
        if s in active:
            dealt = hands[s]
            keys = claims.get(s) or ()
            players.append(PlayerFacts(
                name, CardSet.from_mask(dealt) if dealt.bit_count() == 7 else None, keys,
                inner.captures(active.index(s)) if played and inner is not None else None,
                # (a seat that declared nothing has no triple to be caught on)
                triple_responsible=_triple_discards(r, s) if triples and keys else ()))
        elif s in forced_out:
            players.append(PlayerFacts(name, hand=CardSet.from_mask(hands[s]), claims=None))
        else:
            players.append(PlayerFacts(name))
    trader = r.last_trader if r.trades else None
    aborted = r.aborted_by
    return RoundFacts(tuple(players), names[active[0]], CardSet.from_mask(r.field0),
                      r.multiplier.value,
                      tuple(names[s] for s in r.passed) if choices else (),
                      tuple(names[s] for s in forced_out) if forced_out else (),
                      names[r.joker] if r.joker is not None else None, r.calls, r.blind,
                      names[trader] if trader is not None else None,
                      r.stage not in ("choose", "trade", "blind"),
                      names[aborted] if aborted is not None and inner is not None else None)


def _triple_discards(r: HachiHachiRound, seat: int) -> tuple[tuple[int, str], ...]:
    """(month, name) for each declared triple of ``seat`` whose fourth card an opponent
    discarded to the field while holding another card (D001 Sanbon catch, D004)."""
    if not r.rules.triple_responsibility or r.inner is None:
        return ()
    keys = r.claimed(seat) or ()
    if not keys or not r.discards:
        return ()                       # no triple declared, or no card given away
    res = r.rules.teyaku.evaluate(CardSet.from_mask(r.hands[seat]))
    out = []
    for k in keys:
        hit = res.find(k)
        if hit is None or hit.rule.group != SUIT or "4" in hit.rule.parts:
            continue
        for month in hit.triples:
            fourth = MONTH_MASKS[month - 1] & ~r.hands[seat]
            for given, then in r.discards:
                card, who = int(given), r.active[then.player]
                if who != seat and fourth >> card & 1 \
                        and then.hands_m[then.player] & ~(1 << card):
                    out.append((month, r.names[who]))
                    break
    return tuple(out)


def _finish(r: HachiHachiRound) -> HachiHachiRound:
    facts = round_facts(r)
    s = settle_round(r.rules, facts, check=False)     # (made from the round: valid)
    totals = s.totals()
    points = tuple([totals.get(n, 0) for n in r.names])
    winner = r.names.index(s.winner) if s.winner in r.names else None
    reason = s.special or ("ended by " + r.calls[-1].player if r.calls and
                           r.calls[-1].kind in ("end", "cancel") else "played out")
    if not facts.played:
        reason = "too few stayed: no play, the fees are shared"
    elif facts.aborted:
        reason = f"aborted: {facts.aborted} was dealt Four & Three"
    res = RoundResult(winner, points, reason, report=s)
    return r._replace(stage="over", result=res)


# ---------------------------------------------------------------------------
# Telling a round in words

def action_lines(before: HachiHachiRound, action: Any, after: HachiHachiRound,
                 names: Sequence[str], *, log: bool = True) -> list[str]:
    """What ``action`` did between ``before`` and ``after``, in words, with ``names``
    per table seat ("You" agrees: "You keep your hand", "Ann keeps her hand" is
    written "Ann keeps their hand"). Capture moves are told by
    :mod:`hanafuda_core.narration` (``log``: the terminal log's lines,
    :func:`~hanafuda_core.narration.log_lines`; else its sentences); the rest
    (blind stay, exchange, play or pass, hand combinations, calls) here.

    >>> r = setup_hachihachi_round("book", ["3c 9c", "4a 10c", "6c 6d"], "3b",
    ...                            "4c 5c 8c 12c", [ "1b 2b", "", ""])
    >>> after = apply(r, "play 3c")
    >>> action_lines(r, Play(Card.CHERRY_CHAFF_1), after, ("Ann", "Ben", "Cy"))[0]
    '  Ann plays the Cherry Chaff 1 and takes Cherry Ribbon (3b)'
    >>> action_lines(after, Continue("Continue"), apply(after, "continue"), ("You", "B", "C"))
    ['  You call Continue and play on']
    """
    from ..narration import log_lines, sentences, story, subject
    action = parse_action(action)
    if isinstance(action, (Play, Capture)):
        step = story(_in_play(before), action, _in_play(after))
        # the Continue / End question is told in the tradition's words by the call
        step = replace(step, parts=tuple(replace(p, yaku=replace(p.yaku, decide=False))
                                         if p.yaku is not None else p for p in step.parts))
        inner = [names[s] for s in before.active]
        return log_lines(step, inner) if log else [" ".join(sentences(step, inner))]
    seat = _seat(before)
    who = names[seat]
    you = who.lower() == "you"
    if isinstance(action, BlindStay):
        text = (f"{subject(who, 'stay')} blind (plays without looking)" if action.stay
                else f"{who} {'do' if you else 'does'} not stay blind")
    elif isinstance(action, Trade):
        held = before.dealer_hand_at if before.dealer_hand_at is not None else before.deal.dealer
        text = (f"{subject(who, 'trade')} unseen hands with {names[held]}, "
                "who held the dealer's dealt hand" if action.swap
                else f"{subject(who, 'keep')} {'your' if you else 'their'} hand")
    elif isinstance(action, SitIn):
        text = subject(who, "play") + (" (must play)" if len(legal_actions(before)) == 1
                                       else "")
    elif isinstance(action, SitOut):
        text = (f"{who} {'are' if you else 'is'} forced out (three are playing)"
                if seat in after.forced_out else subject(who, "pass"))
    elif isinstance(action, Claim):
        from ..units import format_amount
        rules = before.rules
        res = rules.teyaku.evaluate(CardSet.from_mask(before.hands[seat]))
        hits = []
        for k in action.keys:
            hit = res.find(k)
            if hit is None:
                raise IllegalActionError(f"{who}'s hand does not make {k!r}")
            hits.append(hit)
        text = (subject(who, "show") + " " + " and ".join(
            f"{h.rule.name} ({format_amount(rules, h.value * rules.combo_scale)}), showing "
            f"{h.shown.format()}" for h in hits)
            if hits else f"{subject(who, 'claim')} no hand combination")
    else:                           # named as the tradition names them, even when replayed
        go, stop, cancel = _words(before)
        if isinstance(action, Continue):
            text = f"{subject(who, 'call')} {go} and {'play' if you else 'plays'} on"
        elif isinstance(action, End):
            text = f"{subject(who, 'call')} {stop}: the round ends"
        else:
            text = f"{subject(who, 'call')} {cancel}: the yaku pay half"
    return [f"  {text}" if log else text + "."]


# ---------------------------------------------------------------------------
# Views

@dataclass(frozen=True)
class HachiHachiView:
    """What one seat may see: its own hand (not while staying blind before the
    choice), the field once the players are set, the claimed combinations (shown
    cards), everyone's captures, the calls; in play also the engine's view."""

    seat: int
    stage: str
    current_seat: int | None
    dealer: int
    players: int
    names: tuple[str, ...]
    hand: CardSet
    field: CardSet
    active: tuple[int, ...]
    choices: tuple[tuple[int, bool], ...]
    claims: tuple[tuple[int, tuple[str, ...]], ...]
    calls: tuple[Call, ...]
    multiplier: FieldMultiplier
    rules: HachiHachiRules
    engine: Any = None                     # the capture engine's PlayerView in play
    blind: bool = False
    #: BOOK 'Open Hand': (seat, cards) shown for hand combinations and still in that hand.
    shown: tuple[tuple[int, CardSet], ...] = ()
    trades: tuple[tuple[int, bool], ...] = ()


def view(r: HachiHachiRound, seat: int) -> HachiHachiView:
    check_seat(seat, r.players)
    hidden = (r.stage == "blind" and seat == r.deal.dealer) or r.stage == "trade"
    eview = None
    if r.inner is not None and seat in r.active:
        eview = eng.view(r.inner, r.active.index(seat))
    setting = r.stage in ("blind", "trade", "choose")
    field_seen = not setting or (r.players < 7 and not r.rules.hidden_field)
    return HachiHachiView(seat, r.stage, r.current_seat, r.deal.dealer, r.players, r.names,
                          CardSet() if hidden else r.hand(seat),
                          r.field if field_seen else CardSet(), r.active, r.choices,
                          r.claims, r.calls, r.multiplier, r.rules, eview, r.blind,
                          _open_cards(r), r.trades)


def _open_cards(r: HachiHachiRound) -> tuple[tuple[int, CardSet], ...]:
    """BOOK 'Open Hand': the claimed cards still in each hand stay visible to all."""
    if not r.rules.open_hand or r.stage in ("blind", "trade", "choose", "claim"):
        return ()
    out = []
    for seat, keys in r.claims:
        res = r.rules.teyaku.evaluate(CardSet.from_mask(r.hands[seat]))
        shown = 0
        for k in keys:
            hit = res.find(k)
            if hit is not None:
                shown |= hit.shown.mask
        left = shown & r.hand(seat).mask
        if left:
            out.append((seat, CardSet.from_mask(left)))
    return tuple(out)


# ---------------------------------------------------------------------------
# Agents

class RandomHachiHachiPlayer:
    """Uniform among the legal actions (one ``rng.random()`` per decision)."""

    name = "random"

    def choose(self, view: HachiHachiView, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[int(rng.random() * len(legal))]


def _hand_strength(view: HachiHachiView) -> int:
    hand = view.hand
    pts = hand.value(DEFAULT_VALUES) if len(hand) else 0
    teyaku = view.rules.teyaku.evaluate(hand).total * view.rules.combo_scale if \
        len(hand) == 7 else 0
    return pts * 3 + teyaku


class GreedyHachiHachiPlayer:
    """A simple policy for every decision: plays a hand with a combination or at least
    30 card points (else passes); never stays blind; claims the most valuable
    combinations; captures the most valuable cards (the capture engine's greedy
    policy); always ends after a yaku; never cancels."""

    name = "greedy"

    def __init__(self) -> None:
        self._capture = GreedyPlayer()

    def choose(self, view: HachiHachiView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, BlindStay):
            return BlindStay(False)
        if isinstance(first, Trade):
            return Trade(False)
        if isinstance(first, (SitIn, SitOut)) and len(legal) > 1:
            return JOIN if _hand_strength(view) >= 90 else PASS
        if isinstance(first, Claim):
            return legal[-1]
        if isinstance(first, Continue):
            return legal[1]
        acts = [a for a in legal if not isinstance(a, Cancel)]
        return self._capture.choose(view.engine, acts, rng)


_AGENTS = {"random": RandomHachiHachiPlayer, "greedy": GreedyHachiHachiPlayer}


def make_agent(agent: Any) -> Any:
    """A Hachi-Hachi agent from a name ("random", "greedy") or an agent object. Any
    object with ``choose(view, legal, rng)`` works (a coach, a person at a widget)."""
    if isinstance(agent, str):
        if agent in _AGENTS:
            return _AGENTS[agent]()
        raise HanafudaError(f"unknown player {agent!r}; players: {', '.join(_AGENTS)}")
    return agent


def play_round(r: HachiHachiRound, agents: Sequence[Any], rng: random.Random
               ) -> HachiHachiRound:
    """Play a dealt round to its end with one agent per seat."""
    agents = [make_agent(a) for a in agents]
    if len(agents) != r.players:
        raise PlayerCountError(f"{r.players} players need {r.players} agents, not {len(agents)}")
    while r.stage != "over":
        legal = legal_actions(r)
        seat = _seat(r)
        r = apply(r, agents[seat].choose(view(r, seat), legal, rng))
    return r


def replay_round(rules: HachiHachiRules | str, players: int, deal: HachiHachiDeal,
                 actions: Sequence[Any], *, queue: FieldQueue | None = None,
                 offer_blind_stay: bool = False, names: Sequence[str] | None = None,
                 round_no: int = 1, offer_trade: bool | None = None) -> list[HachiHachiRound]:
    """Every state of a recorded round, from the deal through each action."""
    r = deal_round(rules, players, deal, queue=queue, offer_blind_stay=offer_blind_stay,
                   names=names, round_no=round_no, offer_trade=offer_trade)
    out = [r]
    for a in actions:
        r = apply(r, a)
        out.append(r)
    return out
