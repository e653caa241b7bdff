"""The coach: advice on every legal move, with reasons in words (the teaching hook).

The coach sees what a player sees (a :class:`~hanafuda_core.engines.capture.PlayerView`)
and nothing else. For each legal action it looks ahead by *sampling*: it deals
the unseen cards (``view.unseen``) into the opponents' hands and a stock order
that fit the view, applies the action and plays the round out with a fast
rollout policy (greedy for every seat, the same policy as
:class:`~hanafuda_core.players.GreedyPlayer`). The score of one future is the
player's points minus the opponent's at round end, under ``view.rules``. Every
candidate action is tried on the *same* sampled worlds (common random numbers),
so differences between moves are not noise from different deals.

The reasons come from the rule tables, never from a card list typed here: which
yaku a capture completes, raises or advances (counting the cards of each
:class:`~hanafuda_core.yaku.YakuRule`), which of the opponent's yaku it blocks,
what a card left on the field could give the opponent (with the chance that
they hold a card of its month), and for a decision to go on or stop (told in the
game's own words: Koi-Koi / Stop, Continue / End) the points now
against the sampled futures.

>>> from hanafuda_core.engines.capture import apply, setup_state, view
>>> from hanafuda_core.games.koikoi import get_rules
>>> state = setup_state(get_rules("book"), ["3c 12a", "12b 12c"], field="3b 10c",
...                     stock="2c 4c 5c 6c", captures=["1b 2b", ""])
>>> advice = Coach(samples=8, seed=1).advise(view(state, 0), state.legal_actions())
>>> advice.best.code()
'play 3c'
>>> "3 Poetry Ribbons" in advice.summary
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARD_INFO, DEFAULT_VALUES, MONTH_MASKS, MONTH_NAMES, Extra, Kind
from .cards import mask_cards as _bits
from .engines.capture import (
    ACCEPT_DRAW,
    REFUSE_DRAW,
    AcceptDraw,
    Action,
    AskDraw,
    Capture,
    CaptureRules,
    Choose,
    DealRecord,
    Declare,
    GoOn,
    Pass,
    Phase,
    Play,
    PlayerView,
    RefuseDraw,
    State,
    Stop,
    _choice_mask,
    _wild_choice,
    agent_choices,
    apply,
    jokers_with_stack,
    legal_actions,
    losers_pay,
    play_options,
    rules_for_round,
    wild_revealed,
)
from .errors import HanafudaError, IllegalActionError
from .narration import _name, and_list, conjugate, counted, doing, the_card
from .players import accepts_draw, greedy_action
from .scoring import _because
from .yaku import THIRD_COUNT, YakuTable

__all__ = ["Coach", "Advice", "MoveAdvice", "greedy_rollout"]

#: (mean margin, win rate, loss rate, nothing rate) of one move over the sampled worlds.
_Stats = tuple[float, float, float, float]
#: One sampled world: the hands as masks (the viewer's own 0) and a stock order.
_World = tuple[tuple[int, ...], tuple[int, ...]]


# ---------------------------------------------------------------------------
# Card values (the common 20/10/5/1 table) and the rollout policy

_VAL: tuple[int, ...] = tuple(DEFAULT_VALUES[CARD_INFO[c].kind] for c in range(48))


def greedy_rollout(state: State) -> State:
    """Play ``state`` to the end of the round, every seat greedy (stops at once).

    The policy is :class:`~hanafuda_core.players.GreedyPlayer`'s own function
    (:func:`~hanafuda_core.players.greedy_action`), stepped through the engine's
    public :func:`legal_actions` and :func:`apply`: the rollouts play by the same
    rules, wild card included, with no second copy of the turn. Returns the final
    state (``result`` holds the points).
    """
    rules = state.rules
    while state.phase != Phase.ROUND_OVER:
        legal = legal_actions(state)
        state = apply(state, greedy_action(rules, state.field_m, state.field0, legal,
                                           wild_revealed(state, state.player)))
    return state


# ---------------------------------------------------------------------------
# The advice

@dataclass(frozen=True)
class MoveAdvice:
    """One legal action, its estimated outcome and the reasons in words.

    ``expected`` is the mean point margin for the player (their points minus the
    opponent's at round end) over the sampled futures; ``win_rate`` the share of
    futures the player wins, ``loss_rate`` the share the opponent wins (the rest
    are drawn rounds) and ``nothing_rate`` the share in which the player ends the
    round with no points (a loss or a draw: what a go-on call risks).
    """

    action: Action
    expected: float
    win_rate: float
    reasons: tuple[str, ...]
    loss_rate: float = 0.0
    nothing_rate: float = 0.0
    samples: int = 0

    @property
    def code(self) -> str:
        return self.action.code()

    def describe(self) -> str:
        """The action in the game's words ("call Koi-Koi (go on)", "play the Crane")."""
        return self.action.describe()

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.code(), "describe": self.describe(),
                "expected": round(self.expected, 3), "win_rate": round(self.win_rate, 3),
                "loss_rate": round(self.loss_rate, 3),
                "nothing_rate": round(self.nothing_rate, 3), "samples": self.samples,
                "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Advice:
    """The coach's advice for one position: every legal move, best first."""

    moves: tuple[MoveAdvice, ...]
    summary: str
    player: int = 0
    samples: int = 0
    seed: int = 0

    @property
    def best(self) -> Action:
        """The recommended action."""
        return self.moves[0].action

    def move(self, action: Action | str) -> MoveAdvice:
        """The advice on one action (an action object or its code, e.g. ``"play 3c"``)."""
        code = action if isinstance(action, str) else action.code()
        for m in self.moves:
            if m.action.code() == code:
                return m
        raise IllegalActionError(f"{code!r} is not one of the moves advised on: "
                                 + ", ".join(m.action.code() for m in self.moves))

    def to_text(self) -> str:
        lines = [f"Coach for player {self.player + 1} ({self.samples} sampled futures "
                 "per move):", f"  {self.summary}", ""]
        for rank, m in enumerate(self.moves, 1):
            lines.append(f"{rank}. {m.describe()} [{m.action.code()}]: "
                         f"{m.expected:+.1f} points on average, win {m.win_rate:.0%}, "
                         f"lose {m.loss_rate:.0%}")
            lines += [f"     - {r}" for r in m.reasons]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "samples": self.samples, "seed": self.seed,
                "best": self.best.code(), "summary": self.summary,
                "moves": [m.to_dict() for m in self.moves]}


# ---------------------------------------------------------------------------
# Yaku progress, generic over the yaku table

@dataclass(frozen=True)
class _RuleInfo:
    index: int
    name: str           # "3 Dry Brights (三光 Sankō)"
    short: str          # "Sankō" style short name for running text
    points: int
    pool: int           # the cards the yaku counts
    dbl: int            # cards that count twice
    need: int
    named: bool         # a named set of cards (Boar-Deer-Butterfly) or a count
    what: str           # "Brights", "Tens" ... for count yaku
    group: str


_RULE_CACHE: dict[int, tuple[Any, tuple[_RuleInfo, ...]]] = {}


def _rule_infos(table: YakuTable) -> tuple[_RuleInfo, ...]:
    """Each yaku's card pool and threshold, read from the table's compiled rules."""
    hit = _RULE_CACHE.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    compiled = table._compiled[0][1]          # the first Sake alternative's pools
    infos = []
    for rule, comp in zip(table.rules, compiled):
        _, pool, dbl, need = comp[0], comp[1], comp[2], comp[3]
        if rule.predicate is not None or rule.slots:
            pool, dbl = 0, 0
        what = " or ".join(k.label + "s" for k in rule.kinds) or " or ".join(
            r.label + "s" for r in rule.ribbons) or "cards"
        short = rule.japanese.split()[-1] if rule.japanese else rule.name
        title = f"{rule.name} ({rule.japanese})" if rule.japanese else rule.name
        infos.append(_RuleInfo(comp[0], title, short, rule.points,
                               pool, dbl, need, bool(rule.cards), what, rule.group))
    out = tuple(infos)
    _RULE_CACHE[id(table)] = (table, out)
    return out


def _count(mask: int, info: _RuleInfo) -> int:
    n = (mask & info.pool).bit_count()
    if not info.dbl:
        return n
    return n + (mask & info.dbl).bit_count() + (mask & info.dbl >> THIRD_COUNT).bit_count()


def _the(cards: Iterable[int]) -> str:
    names = [the_card(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _kind_word(card: int) -> str:
    kind = CARD_INFO[card].kind
    return {Kind.BRIGHT: "a Bright", Kind.TEN: "a Ten", Kind.RIBBON: "a Ribbon",
            Kind.CHAFF: "a Chaff"}[kind]


def _a(word: str) -> str:
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _hold_probability(unseen: int, month_unseen: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards dealt from ``unseen`` cards holds at least
    one of ``month_unseen`` given cards (hypergeometric)."""
    if hand <= 0 or month_unseen <= 0 or unseen <= 0:
        return 0.0
    if unseen - month_unseen < hand:
        return 1.0
    return 1.0 - math.comb(unseen - month_unseen, hand) / math.comb(unseen, hand)


# ---------------------------------------------------------------------------
# The coach

class Coach:
    """Advice by sampling the hidden cards and playing each move out.

    ``samples``: sampled worlds per hint (the same worlds for every move);
    ``seed``: the advice is a function of the view and the seed only.
    """

    name = "coach"

    def __init__(self, samples: int = 48, seed: int = 0) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise HanafudaError(f"samples must be a whole number of at least 1, not {samples!r}")
        self.samples = samples
        self.seed = seed

    def __repr__(self) -> str:
        return f"Coach(samples={self.samples}, seed={self.seed})"

    # -- the agent interface -----------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action],
               rng: random.Random | None = None) -> Action:
        """The best action (agent interface). ``rng`` is accepted and not used: the
        choice depends only on the view and the coach's seed."""
        legal = tuple(legal)
        if type(legal[0]) is AcceptDraw:        # G9: the vote on a requested Draw
            return ACCEPT_DRAW if accepts_draw(view) else REFUSE_DRAW
        legal = agent_choices(legal)
        if len(legal) == 1 or type(legal[0]) is Declare:
            return legal[0]         # at the deal: declare everything allowed
        state, worlds = self._setup(view, legal)
        stats = self._evaluate(view, state, worlds, legal)
        order = sorted(range(len(legal)), key=lambda i: (-stats[i][0], -stats[i][1], i))
        return legal[order[0]]

    # -- the hint ------------------------------------------------------------------
    def advise(self, view: PlayerView, legal: Sequence[Action],
               names: Sequence[str] | None = None) -> Advice:
        """Advice on every action in ``legal`` (the legal actions of the view's position).

        ``names``: what the reasons call each seat (the table's names, one per seat,
        e.g. ``["You", "Computer 1", "Computer 2"]``); without them, "player 2" and so
        on. A single opponent is "your opponent" either way."""
        legal = tuple(legal)
        if type(legal[0]) is Declare:
            return self._declaration_advice(view, legal)
        state, worlds = self._setup(view, legal)
        stats = self._evaluate(view, state, worlds, legal)
        n = len(worlds)
        order = sorted(range(len(legal)), key=lambda i: (-stats[i][0], -stats[i][1], i))
        ctx = _Context(view, state, names)
        moves = []
        for i in order:
            exp, win, loss, nothing = stats[i]
            reasons = ctx.reasons(legal[i], exp, win, loss, nothing, stats, legal, n)
            moves.append(MoveAdvice(legal[i], exp, win, tuple(reasons), loss, nothing, n))
        summary = ctx.summary(moves, stats, legal, order)
        return Advice(tuple(moves), summary, view.player, n, self.seed)

    @staticmethod
    def _declaration_advice(view: PlayerView, legal: tuple[Action, ...]) -> Advice:
        """At the deal (A1) no futures are sampled: the coach declares everything allowed,
        in the order offered; passing comes last."""
        verb = view.rules.declarations.verb if view.rules.declarations else "declare"
        moves = tuple(MoveAdvice(a, 0.0, 0.0, (
            f"{verb.capitalize()} it: what your declarations earn is earned only if they "
            "are shown before the first play." if type(a) is Declare else
            f"Passing {verb}s nothing more: whatever you keep hidden cannot earn a "
            "declaration's reward.",)) for a in legal)
        return Advice(moves, f"{verb.capitalize()} everything your hand allows before the "
                      "first play.", view.player, 0, 0)

    # -- internals -----------------------------------------------------------------
    def _setup(self, view: PlayerView, legal: Sequence[Action]) -> tuple[State, list[_World]]:
        if not isinstance(view, PlayerView):
            raise HanafudaError("the coach needs a PlayerView (engines.capture.view(state, "
                                "player)), never the full state")
        if view.phase == Phase.ROUND_OVER:
            raise IllegalActionError("the round is over: there is no move to advise on")
        if view.current_player != view.player:
            raise IllegalActionError(f"it is player {view.current_player + 1}'s turn, not "
                                     f"player {view.player + 1}'s: the coach advises the "
                                     "player to move")
        if not legal:
            raise IllegalActionError("give the legal actions of the position to advise on")
        state = _public_state(view)
        rng = random.Random(f"hanafuda-coach:{self.seed}:{_view_key(view)}")
        return state, _sample_worlds(view, rng, self.samples)

    def _evaluate(self, view: PlayerView, state: State, worlds: list[_World],
                  legal: Sequence[Action]) -> list[_Stats]:
        rules = view.rules
        me = rules.side(view.player)
        zero_sum = losers_pay(rules)
        # G5: what the special events already moved is paid whatever the move; left out,
        # the figures tell what each move gains from here on
        paid = state.side_pay if state.events else None
        stats = []
        for action in legal:
            try:
                stopped = apply(state, action) if type(action) is Stop else None
                if stopped is None and action not in legal_actions(state):
                    apply(state, action)        # raises the rule's reason
            except IllegalActionError as e:
                raise IllegalActionError(f"{action.code()} is not legal here: {e}") from None
            total = 0.0
            wins = losses = nothing = 0
            for hands, stock in worlds:
                if stopped is not None:         # the round ends now: the same in every world
                    res = stopped.result
                else:
                    s = state._replace(hands_m=_with_hands(state.hands_m, hands, view.player),
                                       stock=stock)
                    res = greedy_rollout(apply(s, action)).result
                assert res is not None, "a round played to its end has its result"
                points = res.points if paid is None else tuple(
                    p - q for p, q in zip(res.points, paid))
                margin, winner_side = _margin(rules, points, res.winner, me, zero_sum)
                total += margin
                if winner_side == me:
                    wins += 1
                elif winner_side is not None:
                    losses += 1
                mine = sum(p for seat, p in enumerate(points) if rules.side(seat) == me)
                if mine <= 0:
                    nothing += 1
            k = len(worlds)
            stats.append((total / k, wins / k, losses / k, nothing / k))
        return stats


def _margin(rules: CaptureRules, points: Sequence[int], winner_seat: int | None, me: int,
            zero_sum: bool) -> tuple[float, int | None]:
    per_side = [0] * rules.sides
    for seat, p in enumerate(points):
        per_side[rules.side(seat)] += p
    mine = per_side[me]
    winner = rules.side(winner_seat) if winner_seat is not None else None
    if zero_sum:
        return mine, winner
    others = [p for s, p in enumerate(per_side) if s != me]
    return mine - (max(others) if others else 0), winner


def _view_key(view: PlayerView) -> str:
    return ":".join(str(x) for x in (
        view.player, int(view.phase), view.current_player, view.hand.mask, view.field.mask,
        ",".join(str(c.mask) for c in view.captures), view.hand_sizes, view.stock_size,
        view.unseen.mask, view.calls, -1 if view.pending_card is None else int(view.pending_card)))


def _with_hands(base: tuple[int, ...], hands: tuple[int, ...], me: int) -> tuple[int, ...]:
    return tuple(base[p] if p == me else hands[p] for p in range(len(base)))


def _public_state(view: PlayerView) -> State:
    """A State built from the view alone: the other hands empty and no stock yet
    (the sampled worlds fill them in)."""
    rules = view.rules
    n = rules.players
    caps = [0] * rules.sides
    for seat in range(n):
        caps[rules.side(seat)] |= view.captures[seat].mask
    deck = rules.deck_mask              # (with the bonus cards, G1)
    fm = view.field.mask
    hands = tuple(view.hand.mask if p == view.player else 0 for p in range(n))
    pending: tuple[int, ...] = ()
    if view.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        assert view.pending_card is not None, "a choice waits on its pending card"
        card = int(view.pending_card)
        seen = view.unseen.mask | view.hand.mask | fm | (1 << card)
        for c in caps:
            seen |= c
        turn = deck & ~seen if view.phase == Phase.CHOOSE_DRAW_CAPTURE else 0
        pending = (card, turn, -1)
    sigs, pts = [], []
    for c in caps:
        total, sig = rules.yaku.quick(c, fm) if rules.yaku is not None else (0, ())
        sigs.append(sig)
        pts.append(total)
    record = DealRecord((), view.dealer, (), ("position rebuilt from a player's view",),
                        burdens=view.burdens)       # B14: the point burdens are public
    # the field as dealt, not as it is now: the "Bright"/"Super Bright" house rules
    # (field_bright) count the Brights dealt to the field, and a wild card may be wild
    # only if a month was dealt there (Brewing Storm); its leftovers follow its log
    active = view.current_player        # G9: in a Draw vote, the asker is still to play
    if view.phase == Phase.DRAW_VOTE:
        active = next(s for s, w in reversed(view.draw_votes) if w == "ask")
    return State(rules, hands, fm, tuple(caps), (), 0, view.phase, active,
                 view.dealer, view.round_no, tuple(sigs), tuple(pts), tuple(view.calls),
                 tuple(view.scores), (0,) * n, pending, None, record, None,
                 view.dealt_field.mask, tuple(view.wild_log), tuple(view.declared),
                 events=tuple(view.events), draw_votes=tuple(view.draw_votes))


#: G9: what a Draw ask or vote does (the coach's reason for it).
_DRAW_REASONS = {
    AskDraw: "shows your hand and asks the others to end the round with no winner",
    AcceptDraw: "ends the round with no winner if every other player accepts too",
    RefuseDraw: "plays on; where the game shifts payments to a refuser who loses (Go-Stop), "
                "you would pay the other loser's penalty too",
}


def _sample_worlds(view: PlayerView, rng: random.Random, samples: int) -> list[_World]:
    """Deal the unseen cards into the other hands and a stock, ``samples`` times."""
    unseen = _bits(view.unseen.mask)
    sizes = view.hand_sizes
    worlds = []
    for _ in range(samples):
        cards = unseen[:]
        rng.shuffle(cards)
        hands = []
        i = 0
        for seat, size in enumerate(sizes):
            if seat == view.player:
                hands.append(0)
                continue
            m = view.shown(seat).mask          # declared at the deal: known to be there
            size -= m.bit_count()
            for c in cards[i:i + size]:
                m |= 1 << c
            hands.append(m)
            i += size
        worlds.append((tuple(hands), tuple(cards[i:i + view.stock_size])))
    return worlds


# ---------------------------------------------------------------------------
# Reasons in words

class _Context:
    """The public facts of one position, for the reasons."""

    def __init__(self, view: PlayerView, state: State,
                 names: Sequence[str] | None = None) -> None:
        self.view = view
        self.names = tuple(names) if names is not None else None
        self.state = state
        rules = view.rules
        self.rules = rules
        self.words = rules.decision_words        # the game's words for go on / stop
        self.me = view.player
        self.side = rules.side(self.me)
        self.table = rules.yaku
        self.infos = _rule_infos(self.table) if self.table is not None else ()
        self.opp_sides = [s for s in range(rules.sides) if s != self.side]
        self.opp_seats = [p for p in range(rules.players) if rules.side(p) != self.side]
        self.pile = state.caps_m[self.side]
        if state.pending:
            self.pile_turn = self.pile | state.pending[1]
        else:
            self.pile_turn = self.pile
        self.opp_piles = {s: state.caps_m[s] for s in self.opp_sides}
        self.field = state.field_m
        self.unseen = view.unseen.mask
        self.opp_hand = sum(view.hand_sizes[p] for p in self.opp_seats)

    # -- helpers --------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """A seat inside a sentence: its name at the table, else "player 2"."""
        if self.names is not None and seat < len(self.names):
            return _name(self.names[seat], False)
        return f"player {seat + 1}"

    def who(self, side: int) -> str:
        """An opposing side inside a sentence: "your opponent" where there is one, else
        its seats by name ("Computer 1", "player 2 and player 4")."""
        if len(self.opp_sides) == 1:
            return "your opponent"
        seats = [p for p in range(self.rules.players) if self.rules.side(p) == side]
        return and_list(self.seat_name(p) for p in seats)

    def does(self, side: int, verb: str) -> str:
        """``who(side)`` with a present-tense verb that agrees ("Computer 1 holds",
        "player 1 and player 3 hold", "your opponent is")."""
        seats = [p for p in range(self.rules.players) if self.rules.side(p) == side]
        if len(self.opp_sides) > 1 and len(seats) > 1:
            return f"{self.who(side)} {'are' if verb == 'be' else verb}"
        return f"{self.who(side)} {'is' if verb == 'be' else conjugate('it', verb)}"

    def no_opponent(self) -> str:
        """Nobody against you, with "can": "your opponent cannot", "neither Computer 1
        nor Computer 2 can", "none of your opponents can"."""
        if len(self.opp_sides) == 1:
            return "your opponent cannot"
        seats = [self.seat_name(p) for p in self.opp_seats]
        if len(seats) == 2:
            return f"neither {seats[0]} nor {seats[1]} can"
        return "none of your opponents can"

    def any_opponent(self) -> str:
        """Whoever plays against you, inside a sentence: "your opponent", or every
        opposing seat with "or" ("Computer 1 or Computer 2")."""
        if len(self.opp_sides) == 1:
            return "your opponent"
        seats = [self.seat_name(p) for p in self.opp_seats]
        return f"{', '.join(seats[:-1])} or {seats[-1]}"

    def taken_by(self, action: Action) -> tuple[int, int, int]:
        """(cards gained by the move's own capture, cards left on the field for others,
        the played card when it goes to the field) from the public position; with a
        wild card in force, by its rules and the engine's own choice sets."""
        st = self.state
        wild = st.active_wild if self.rules.wild is not None else None
        if isinstance(action, Play):
            c = int(action.card)
            bit = 1 << c
            revealed = wild_revealed(st, st.player)
            taken, options = play_options(self.rules, self.field, st.field0, c, revealed)
            if options:                 # it waits for a choice: the more valuable card
                best = 1 << max(_bits(options), key=lambda x: (_VAL[x], -x))
                power = wild is not None and c == wild.card \
                    and wild.hand_power(revealed) != "month"
                return bit | best, 0 if power else options & ~best, 0
            if taken:
                if self.field >> 48:
                    # G1 (Unlucky Joker): a Joker lying with a stack goes with it (the
                    # engine's own test: only its "unlucky_joker" events leave one there)
                    taken |= jokers_with_stack(st.events, self.field, taken | bit)
                return bit | taken, 0, 0
            return 0, bit, bit
        if isinstance(action, Capture):
            card = st.pending[0]
            t = int(action.card)
            took = 1 << t
            if wild is None:
                other = self.field & self.rules.take_masks[card >> 2]
                hiki = self.field & MONTH_MASKS[t >> 2]
                if self.rules.capture_relation is not None and hiki.bit_count() == 3:
                    took = hiki                 # a chosen hiki card takes the three
            elif _wild_choice(st) is not None:       # the wild using its power
                other = 0
            else:
                other = _choice_mask(st)
            return (1 << card) | took, other & ~took, 0
        if isinstance(action, Declare):     # an announced hiki (B1): the whole month
            mm = MONTH_MASKS[int(action.cards[0]) >> 2]
            return (st.hands_m[st.player] | self.field) & mm, 0, 0
        if isinstance(action, Pass) and st.pending:     # the wild left on the field (B2)
            return 0, 0, 1 << st.pending[0]
        return 0, 0, 0

    def reasons(self, action: Action, exp: float, win: float, loss: float, nothing: float,
                stats: Sequence[_Stats], legal: Sequence[Action], n: int) -> list[str]:
        if isinstance(action, (GoOn, Stop)):
            items = self.decision_reasons(action, exp, win, loss, nothing, stats, legal)
        elif isinstance(action, Choose):
            items = self.choice_reasons(action)
        elif isinstance(action, (AskDraw, AcceptDraw, RefuseDraw)):
            items = [(50, _DRAW_REASONS[type(action)])]
        else:
            items = self.card_reasons(action)
        items.sort(key=lambda x: -x[0])
        out = [text for _, text in items]
        them = "your opponent" if len(self.opp_sides) == 1 else "your opponents"
        out.append(f"over {n} sampled futures: {exp:+.1f} points on average; you win "
                   f"{_pct(win)}, {them} {_pct(loss)}")
        return out

    def choice_reasons(self, action: Choose) -> list[tuple[float, str]]:
        """The dealer's choice of the round's rules (B12): what the cards in sight (the
        hand and the field) already make under the chosen chart."""
        st = self.state
        table = rules_for_round(st.rules, st.round_no, action.value).yaku
        seen = st.hands_m[st.player] | st.field_m
        pts = table.quick(seen, 0)[0] if table is not None else 0
        name = action.label or action.value
        return [(pts, f"plays this round with {name}: your hand and the field already "
                      f"make {pts} point{'s' * (pts != 1)} of its yaku")]

    # -- card moves -------------------------------------------------------------
    def card_reasons(self, action: Action) -> list[tuple[float, str]]:
        gain, left, discard = self.taken_by(action)
        items: list[tuple[float, str]] = []
        played = (int(action.card) if isinstance(action, Play) else int(action.cards[0])
                  if isinstance(action, Declare) else self.state.pending[0])
        if played >= 48 and self.rules.bonus is not None:     # G1: a Joker played
            w = self.rules.bonus.weight(played)
            return [(60 + w, f"plays {Extra(played).title}: it goes straight to your pile, "
                             f"counting as {w} Chaff{'s' * (w != 1)}, and the top card of "
                             "the stock is played in its place")]
        if gain:
            taken = gain & ~(1 << played)
            what = f"captures {_the(_bits(taken))}"
            if CARD_INFO[played].kind != Kind.CHAFF:
                what += f" with the {CARD_INFO[played].name}"
            if isinstance(action, Play) and left:
                what += " (you will choose which to take)"
            items += self.gain_reasons(gain, what)
        if left or discard:
            items += self.leave_reasons(left, discard, played)
        if isinstance(action, Play) and not gain and not items:
            items.append((1, f"plays the {CARD_INFO[played].name} to the field: "
                             f"{_kind_word(played)} that helps no yaku in reach"))
        return items

    def gain_reasons(self, gain: int, what: str) -> list[tuple[float, str]]:
        items: list[tuple[float, str]] = []
        table = self.table
        before = self.pile_turn
        after = before | gain
        consequences: list[tuple[float, str]] = []
        if table is not None:
            old_total, old_sig = table.quick(before, self.field)
            new_total, new_sig = table.quick(after, self.field & ~gain)
            old = dict(old_sig)
            for i, p in new_sig:
                info = self.infos[i]
                if i not in old:
                    consequences.append((100 + p, f"completes {info.name}, {p} point"
                                                  f"{'s' * (p != 1)} now"))
                elif p > old[i]:
                    consequences.append((90 + p, f"raises {info.name} to {p} points"))
            # progress toward yaku still open (one per group, the closest)
            best_prog: dict[str, tuple[tuple[int, int], _RuleInfo, int, int]] = {}
            opp_all = 0
            for s in self.opp_sides:
                opp_all |= self.opp_piles[s]
            for info in self.infos:
                if not info.pool or not gain & info.pool:
                    continue
                have = _count(after, info)
                if have >= info.need:
                    continue
                if _count(info.pool & ~opp_all, info) < info.need:
                    continue        # out of reach: an opponent holds too many of its cards
                missing = info.need - have
                if missing > 2 and not info.named:
                    continue
                key = (-missing, info.points)
                g = info.group or info.name
                if g not in best_prog or key > best_prog[g][0]:
                    best_prog[g] = (key, info, have, after)
            for _key, info, have, pile in sorted(best_prog.values(), key=lambda t: t[0],
                                                reverse=True)[:2]:
                if info.named:
                    still = _bits(info.pool & ~pile)
                    text = (f"you then hold {have} of the {info.need} cards of {info.name}; "
                            f"still missing: {_the(still)}")
                else:
                    text = (f"you then hold {have} of the {info.need} {info.what} for "
                            f"{info.name}")
                consequences.append((50 + info.points - 10 * (info.need - have), text))
        consequences.sort(key=lambda x: -x[0])
        if consequences:
            items.append((consequences[0][0], f"{what}: {consequences[0][1]}"))
            items += consequences[1:]
        else:
            value = sum(_VAL[c] for c in _bits(gain))
            items.append((value / 10, what))
        items += self.block_reasons(gain, before, after)
        return items

    def block_reasons(self, gain: int, before: int, after: int) -> list[tuple[float, str]]:
        items: list[tuple[float, str]] = []
        seen_groups = set()
        for s in self.opp_sides:
            opp = self.opp_piles[s]
            cands = []
            for info in self.infos:
                if not info.pool or not gain & info.pool:
                    continue
                have = _count(opp, info)
                if have >= info.need or have == 0 or info.need - have > 2:
                    continue
                could = _count(info.pool & ~before, info) >= info.need
                if not could:
                    continue
                still = _count(info.pool & ~after, info) >= info.need
                if still and info.need - have > 1:
                    continue
                cands.append((not still, have / info.need, info.points, info, have))
            cands.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)
            for blocked, _, _, info, have in cands:
                g = info.group or info.name
                if g in seen_groups:
                    continue
                seen_groups.add(g)
                held = (_the(_bits(opp & info.pool)) if info.named
                        else f"{have} of the {info.need} {info.what}")
                taken = _the(_bits(gain & info.pool))
                if blocked:
                    items.append((80 + info.points + 5 * have,
                                  f"blocks {info.name}: {self.does(s, 'hold')} {held}"))
                else:
                    items.append((40 + info.points + 5 * have,
                                  f"keeps {taken} away from {self.who(s)}, who "
                                  f"{self.does(s, 'hold').rsplit(' ', 1)[1]} {held} "
                                  f"for {info.name}"))
        return items

    def leave_reasons(self, left: int, discard: int, played: int) -> list[tuple[float, str]]:
        items: list[tuple[float, str]] = []
        my_hand = self.view.hand.mask & ~(1 << played)
        for c in _bits(left | discard):
            month = c >> 2
            mm = self.rules.taker_masks[month]     # the cards that could take it
            k = (self.unseen & mm).bit_count()
            p = _hold_probability(self.unseen.bit_count(), k, self.opp_hand)
            # what the card would give an opponent
            threat = None
            for s in self.opp_sides:
                opp = self.opp_piles[s]
                for info in self.infos:
                    if not info.pool or not (1 << c) & info.pool:
                        continue
                    have = _count(opp, info)
                    if have == 0 or have >= info.need or info.need - have > 2:
                        continue
                    if _count(info.pool & ~self.pile_turn, info) < info.need:
                        continue
                    key = (have + 1 >= info.need, info.points)
                    if threat is None or key > threat[0]:
                        threat = (key, info, have, s)
            name = CARD_INFO[c].name
            kind = CARD_INFO[c].kind
            if threat is None and kind == Kind.CHAFF:
                if discard:
                    items.append((2, f"plays the {name} to the field: a Chaff gives little "
                                     "away"))
                continue
            where = "leaves" if not discard else "puts"
            # the months whose cards may take it (its own, or the capture relation's)
            takers = [MONTH_NAMES[i] for i in range(12) if mm & MONTH_MASKS[i]]
            months = " or ".join(takers) if takers else "no"
            if k == 0:
                same = self.rules.capture_relation is None
                text = (f"{where} the {name} on the field: every {'other ' if same else ''}"
                        f"{months} card is in view, so {self.no_opponent()} take it")
                if discard and my_hand & mm:
                    text += (f"; you hold {'another' if same else 'a'} {months} card to take "
                             "it later")
                items.append((1, text))
                continue
            several = len(self.opp_sides) > 1
            text = (f"{where} the {name} on the field, where {self.any_opponent()} "
                    f"can take it with {_a(takers[0]) if len(takers) == 1 else 'a'} "
                    f"{'' if len(takers) == 1 else months + ' '}card: {k} of the "
                    f"{self.unseen.bit_count()} unseen cards {'is' if k == 1 else 'are'} from "
                    f"{months}, so {'one of them holds' if several else 'they hold'} one with "
                    f"probability {_pct(p)}")
            weight = -(10 + _VAL[c]) * p
            if threat is not None:
                _, info, have, s = threat
                text += (f"; it would give them {have + 1} of the {info.need} "
                         + (f"cards of {info.name}" if info.named
                            else f"{info.what} for {info.name}"))
                weight -= 30 * p
            if discard and my_hand & mm:
                text += (f"; you hold another {MONTH_NAMES[month]} card and can take it "
                         "back next turn if they do not")
                weight /= 2
            items.append((weight, text))
        return items

    # -- go on or stop (in the game's words: self.words) ----------------------------
    def stop_points(self) -> tuple[int, str]:
        """What a Stop now would bring this side, and the yaku it would score by name
        (with, when the rules multiply them, the yaku's own points and each factor)."""
        st = self.state
        res = self.rules.overlay.settle(st, st.player)
        mine = sum(p for seat, p in enumerate(res.points) if self.rules.side(seat) == self.side)
        names = " and ".join(self.infos[i].name for i, _ in st.sigs[self.side])
        mults = getattr(res.report, "multipliers", ()) if mine else ()
        if mults:
            base = getattr(res.report, "subtotal", None)
            factors = "; ".join(f"×{m.factor} because {_because(m.reason, 'you')}"
                                for m in mults)
            names += (f" ({base} point{'s' * (base != 1)} of yaku {factors})"
                      if isinstance(base, int) else f" ({factors})")
        return mine, names

    def threats(self) -> list[tuple[float, str]]:
        """The opponents' yaku within one or two cards, still in reach."""
        out = []
        for s in self.opp_sides:
            opp = self.opp_piles[s]
            best = None
            for info in self.infos:
                if not info.pool:
                    continue
                have = _count(opp, info)
                if have == 0 or have >= info.need:
                    continue
                missing = info.need - have
                if missing > 2:
                    continue
                if _count(info.pool & ~self.pile_turn, info) < info.need:
                    continue
                key = (-missing, info.points)
                if best is None or key > best[0]:
                    best = (key, info, have, missing)
            if best is not None:
                _, info, have, missing = best
                held = _the(_bits(opp & info.pool)) if info.named else (
                    f"{have} {info.what}")
                out.append((info.points / missing,
                            f"{self.does(s, 'be')} {counted(missing, 'card')} from "
                            f"{info.name} ({info.points} point{'s' * (info.points != 1)}): "
                            f"they hold {held}"))
        out.sort(key=lambda t: -t[0])
        return out

    def my_prospects(self) -> str | None:
        best = None
        opp_all = 0
        for s in self.opp_sides:
            opp_all |= self.opp_piles[s]
        total, sig = self.table.quick(self.pile_turn, self.field)
        have_rules = dict(sig)
        for info in self.infos:
            if not info.pool or info.index in have_rules:
                continue
            have = _count(self.pile_turn, info)
            missing = info.need - have
            if missing <= 0 or missing > 2:
                continue
            if _count(info.pool & ~opp_all, info) < info.need:
                continue
            key = (-missing, info.points)
            if best is None or key > best[0]:
                best = (key, info, missing)
        if best is None:
            return None
        _, info, missing = best
        return f"you are {counted(missing, 'card')} from {info.name}"

    def decision_reasons(self, action: GoOn | Stop, exp: float, win: float, loss: float,
                         nothing: float, stats: Sequence[_Stats], legal: Sequence[Action]
                         ) -> list[tuple[float, str]]:
        items: list[tuple[float, str]] = []
        pts, names = self.stop_points()
        idx = {type(a): i for i, a in enumerate(legal)}
        go, stop = self.words.go_on, self.words.stop
        if isinstance(action, Stop):
            items.append((100, f"{stop} now for {pts} point{'s' * (pts != 1)} with {names}"))
            for w, text in self.threats()[:1]:
                items.append((60 + w, f"stopping ends the danger: {text}"))
            if GoOn in idx:
                kexp, _, kloss, knothing = stats[idx[GoOn]]
                items.append((50, f"calling {go} instead would average {kexp:+.1f} and "
                                  f"leave you with nothing in {_pct(knothing)} of futures"))
        else:
            if Stop in idx:
                sexp = stats[idx[Stop]][0]
                diff = exp - sexp
                if diff > 0:
                    text = (f"{stop} now for {pts} points; calling {go} wins more on average "
                            f"({diff:+.1f}) but loses everything in {_pct(nothing)} of futures")
                else:
                    text = (f"{stop} now for {pts} points; calling {go} averages "
                            f"{-diff:.1f} less and loses everything in {_pct(nothing)} of "
                            "futures")
                items.append((100, text))
            else:
                items.append((100, f"you must call {go} here (the rules do not let you "
                                   f"{stop} yet)"))
            prospect = self.my_prospects()
            if prospect:
                items.append((60, f"going on: {prospect}"))
            for w, text in self.threats()[:1]:
                items.append((55 + w, f"the risk: {text}"))
        notes = getattr(self.rules.overlay, "decision_notes", None)   # a game's own facts
        if notes is not None:
            stopping = isinstance(action, Stop)
            said = (notes(self.state, stopping) if self.names is None
                    else notes(self.state, stopping, names=self.names))
            items += [(58, text) for text in said]
        return items

    # -- the summary -----------------------------------------------------------------
    def summary(self, moves: list[MoveAdvice], stats: Sequence[_Stats],
                legal: Sequence[Action], order: Sequence[int]) -> str:
        best = moves[0]
        act = best.action
        if isinstance(act, (GoOn, Stop)):
            pts, names = self.stop_points()
            by_type = {type(m.action): m for m in moves}
            kk, st = by_type.get(GoOn), by_type.get(Stop)
            threat = self.threats()[:1]
            go, stop = self.words.go_on, self.words.stop
            if isinstance(act, Stop):
                text = f"{stop} now for {pts} point{'s' * (pts != 1)} with {names}"
                if kk is not None:
                    text += (f": calling {go} would average {kk.expected:+.1f} and leave you "
                             f"with nothing in {_pct(_nothing(kk))} of futures")
                if threat:
                    text += f"; {threat[0][1]}"
                return text + "."
            if st is None:
                return f"Call {go}: the rules do not let you {stop} yet."
            diff = best.expected - st.expected
            return (f"Call {go}: it wins more on average ({diff:+.1f}) than stopping now for "
                    f"{pts} point{'s' * (pts != 1)}, but loses everything in "
                    f"{_pct(_nothing(best))} of futures.")
        head = best.describe()
        head = head[0].upper() + head[1:]
        decisive = best.reasons[0]
        if isinstance(act, Capture) and decisive.startswith("captures "):
            decisive = decisive.split(": ", 1)[1] if ": " in decisive else (
                f"it is worth more than the other {MONTH_NAMES[int(act.card) >> 2]} card")
        text = f"{head} — {decisive}."
        if len(moves) > 1:
            second = moves[1]
            diff = best.expected - second.expected
            text += f" In {best.samples} sampled futures it averages {best.expected:+.1f} points"
            if diff < 0.05:
                text += f", as much as {doing(second.describe())}."
            else:
                text += f", {diff:.1f} more than {doing(second.describe())}."
        return text


def _nothing(move: MoveAdvice) -> float:
    return move.nothing_rate
