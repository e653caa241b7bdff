"""Agents: players that see only a :class:`~hanafuda_core.engines.capture.PlayerView`.

An agent is any object with ``choose(view, legal, rng) -> action``: it gets
what its seat may see, the sorted legal actions and a ``random.Random``, and
returns one of the legal actions. It never sees the full state, so a coach (or
any smarter agent) that wants to look ahead must *sample* the hidden cards:
``view.unseen`` holds exactly the cards it cannot see (opponents' hands and the
stock together) and ``view.hand_sizes`` / ``view.stock_size`` say how many go
where; :func:`sample_hidden` deals them out at random.

>>> record = play_game(3, ("random", "greedy"), rounds=2)
>>> len(record.rounds)
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from .cards import CARD_INFO, AnyCard, CardSet, Kind
from .engines.capture import (
    ACCEPT_DRAW,
    REFUSE_DRAW,
    STOP,
    AcceptDraw,
    Action,
    Capture,
    CaptureRules,
    Choose,
    Declare,
    Pass,
    Phase,
    Play,
    PlayerView,
    State,
    agent_choices,
    apply,
    game_over,
    legal_actions,
    new_round,
    next_round,
    play_options,
    rules_for_round,
    view,
    wild_revealed,
)
from .errors import HanafudaError, IllegalActionError

if TYPE_CHECKING:
    from . import play

__all__ = ["Agent", "RandomPlayer", "GreedyPlayer", "greedy_action", "AGENTS", "make_agent",
           "sample_hidden", "play_effects", "play_round", "play_rounds", "play_game"]


class Agent(Protocol):
    """A capture-game player: chooses one of ``legal`` from what its seat may see."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random
               ) -> Action: ...


class RandomPlayer:
    """Chooses uniformly among the legal actions: ``legal[int(rng.random() * len(legal))]``
    (one ``rng.random()`` per decision, the draw the engine's fast loop mirrors). At the
    deal it declares everything allowed (no draw), as every computer player does."""

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random
               ) -> Action:
        if type(legal[0]) is Declare:
            return legal[0]
        legal = agent_choices(tuple(legal))
        return legal[int(rng.random() * len(legal))]


_VALUES = {Kind.BRIGHT: 20, Kind.TEN: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
_VAL: tuple[int, ...] = tuple(_VALUES[CARD_INFO[c].kind] for c in range(48))


def _card_value(card: int) -> int:
    return _VAL[card]


def _value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _VAL[low.bit_length() - 1]
        mask ^= low
    return total


def _best(mask: int) -> int:
    """The value of the most valuable card of ``mask`` (0 if empty)."""
    best = 0
    while mask:
        low = mask & -mask
        best = max(best, _VAL[low.bit_length() - 1])
        mask ^= low
    return best


def greedy_action(rules: CaptureRules | None, field_m: int, dealt_field: int,
                  legal: Sequence[Action], revealed: bool = True) -> Action:
    """The greedy policy (:class:`GreedyPlayer`, the coach's rollouts): one of ``legal``.

    Declaring at the deal: everything allowed (the first declaration offered, until only
    Pass is left); an announced hiki (B1) whenever one is offered; a wild that may be
    left on the field (B2) is always used. Deciding: Stop whenever it is allowed.
    Choosing between field cards: the more valuable (Bright 20, Ten 10, Ribbon 5,
    Chaff 1; ties: the lower id). Playing: a Joker first (G1: it costs nothing), else the
    card whose play is worth most now: the card and what it takes at once, or the card
    and the best card it will choose when it waits for a choice (a pair of its month,
    or a wild card's targets: only one of them is taken); with no capture, a bomber's
    free turn (G3, Smoke Clears' Pass: only the draw) if one is owed, else discard the
    least valuable card. Each play is read by the engine's own
    :func:`~hanafuda_core.engines.capture.play_options` (a wild card by its rules).
    ``field_m`` and ``dealt_field`` are the field now and as dealt, as masks; they and
    ``rules`` are read for a play only (None and 0 will do for the other decisions);
    ``revealed``: the player showed the wild card at the deal (``WildRules.reveal``).
    """
    first = legal[0]
    if type(first) is AcceptDraw:               # G9: without a view, play on
        return REFUSE_DRAW
    legal = agent_choices(tuple(legal))
    if type(first) is Declare or type(first) is Choose:     # (a dealer's choice: B12's
        return first                                        # first, without the view)
    if type(legal[-1]) is Declare:  # an announced hiki (B1) takes a whole month: announce
        return legal[-1]
    if isinstance(first, Play):     # legal holds one phase's actions: here all plays
        assert rules is not None, "a play is judged by the rules"
        val = _VAL
        best, best_key = first, None
        for a in cast("Sequence[Play]", legal):
            if type(a) is not Play:     # Smoke Clears' Pass (skip the hand card): below
                continue
            card = a.card
            if card >= 48:              # G1: a Joker goes to the pile and costs nothing
                key = (2, 0, -card)
                if best_key is None or key > best_key:
                    best, best_key = a, key
                continue
            taken, options = play_options(rules, field_m, dealt_field, card, revealed)
            if taken:
                key = (1, _value(taken) + val[card], -card)
            elif options:
                key = (1, val[card] + _best(options), -card)
            else:
                key = (0, -val[card], -card)
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best_key is not None and best_key[0] == 0 and type(legal[-1]) is Pass:
            return legal[-1]            # nothing to take: keep the hand, only draw (G3)
        return best
    if STOP in legal:
        return STOP
    if isinstance(first, Capture):      # (a wild that may be left is used: B2's Pass last)
        return max((a for a in legal if type(a) is Capture),
                   key=lambda a: (_VAL[a.card], -a.card))
    return first


def accepts_draw(view: PlayerView) -> bool:
    """G9: the computer players' vote on a requested Draw: accept when the voter's own
    position (yaku points, then the value of the captured cards) is worse than the
    asker's, else refuse and play on."""
    asker = next(s for s, w in reversed(view.draw_votes) if w == "ask")

    def position(seat: int) -> tuple[int, int]:
        return view.yaku_points[seat], _value(view.captures[seat].mask)
    return position(view.player) < position(asker)


def choose_round_rules(rules: CaptureRules, round_no: int, seen_m: int,
                       legal: Sequence[Choose]) -> Choose:
    """The dealer's choice of the round's rules (B12, the greedy and coach policy): the
    choice under whose yaku chart the cards in sight (``seen_m``: the dealer's hand and
    the field, as a mask) already score most; ties go to the first offered.

    >>> from hanafuda_core.games.tensho_simplified import get_rules
    >>> from hanafuda_core.cards import CardSet
    >>> from hanafuda_core.engines.capture import Choose
    >>> legal = (Choose("yaku_set", "one"), Choose("yaku_set", "two"))
    >>> rules = get_rules(set_each_round=True)
    >>> choose_round_rules(rules, 1, 0, legal).value
    'one'
    """
    best, best_pts = legal[0], -1
    for a in legal:
        table = rules_for_round(rules, round_no, a.value).yaku
        pts = table.quick(seen_m, 0)[0] if table is not None else 0
        if pts > best_pts:
            best, best_pts = a, pts
    return best


def _effects(view: PlayerView, legal: Sequence[Action]) -> list[tuple[Play, int, int]]:
    """:func:`play_effects` on masks."""
    if view.phase != Phase.PLAY or view.current_player != view.player:
        raise IllegalActionError("the effects of a play are read when it is the seat's turn to "
                                 "play a card")
    field, dealt = view.field.mask, view.dealt_field.mask
    out = []
    for action in cast("Sequence[Play]", legal):     # the play phase's actions are plays
        taken, options = play_options(view.rules, field, dealt, int(action.card),
                                      wild_revealed(view, view.player))
        card = int(action.card)
        goes = taken or card >= 48                  # (G1: a Joker goes to the pile)
        out.append((action, taken | (1 << card) if goes else 0, options))
    return out


def play_effects(view: PlayerView, legal: Sequence[Action]
                 ) -> tuple[tuple[Play, CardSet, CardSet], ...]:
    """What each play in ``legal`` does at once, as the engine plays it: ``(action,
    taken, options)`` where ``taken`` are the cards it sends to the pile (itself
    included; empty if it joins the field or waits for a choice) and ``options`` the
    field cards the player must then choose from (empty unless it waits). The draw
    that follows is unknown to the player and not counted.

    It runs the engine on the view's public facts, so a wild card is read by its
    rules (what it may take, the hiki it may not, the wild lying on the field that
    no card of its month matches), not by months.

    >>> from hanafuda_core.engines.capture import setup_state, view
    >>> from hanafuda_core.games.koikoi import get_rules
    >>> state = setup_state(get_rules("book", storm_wild=True), ["11d 1c", "12b"],
    ...                     field="1a 3c 11a", stock="2a 2b")
    >>> for action, taken, options in play_effects(view(state, 0), state.legal_actions()):
    ...     print(action.code(), "takes", taken.format() or "-", "| choose from",
    ...           options.format() or "-")
    play 1c takes 1a 1c | choose from -
    play 11d takes - | choose from 1a 3c
    """
    return tuple((a, CardSet.from_mask(t), CardSet.from_mask(o))
                 for a, t, o in _effects(view, legal))


class GreedyPlayer:
    """Takes the most valuable capture now; stops as soon as it has a yaku.

    Playing: prefer the card whose capture (field cards it takes plus itself)
    has the highest value (Bright 20, Ten 10, Ribbon 5, Chaff 1); with no capture
    possible, discard the lowest-value card. Choosing: the more valuable field
    card. Deciding: always Stop (a safe, classic beginner's policy).

    Each play is judged by what the engine does with it (:func:`greedy_action`,
    :func:`play_effects`): a play that waits for a choice (a pair of its month, or a
    wild card's targets) counts the one card it will choose, not both; a wild card
    takes what its rules allow and a card of its month does not match it on the field.
    """

    name = "greedy"

    def choose(self, view: PlayerView | None, legal: Sequence[Action], rng: random.Random
               ) -> Action:
        # only a play needs the view (the field): Hachi-Hachi's greedy player hands
        # None for its other decisions
        if type(legal[0]) is Choose and view is not None:
            return choose_round_rules(view.rules, view.round_no,
                                      view.hand.mask | view.field.mask,
                                      cast("Sequence[Choose]", legal))
        if type(legal[0]) is AcceptDraw and view is not None:
            return ACCEPT_DRAW if accepts_draw(view) else REFUSE_DRAW
        if isinstance(legal[0], Play):
            assert view is not None, "a play is chosen from what the seat sees"
            return greedy_action(view.rules, view.field.mask, view.dealt_field.mask, legal,
                                 wild_revealed(view, view.player))
        return greedy_action(None, 0, 0, legal)


def _coach() -> Agent:
    from .coach import Coach  # imported on demand: importing players stays light
    return Coach()


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomPlayer, "greedy": GreedyPlayer,
                                          "coach": _coach}


def make_agent(agent: str | Agent) -> Agent:
    """An agent from a name ("random", "greedy", "coach") or an agent object."""
    if isinstance(agent, str):
        try:
            return AGENTS[agent]()
        except KeyError:
            raise HanafudaError(f"unknown player {agent!r}; players: {', '.join(AGENTS)}") from None
    return agent


def sample_hidden(view: PlayerView, rng: random.Random
                  ) -> tuple[tuple[CardSet, ...], tuple[AnyCard, ...]]:
    """A random guess at the hidden cards consistent with the view.

    Returns the opponents' hands (the viewer's own hand in its seat) and a stock
    order. A coach can build a full state from it to look ahead.
    """
    unseen = list(view.unseen)
    rng.shuffle(unseen)
    hands = []
    i = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player:
            hands.append(view.hand)
        else:
            shown = view.shown(seat)            # declared at the deal: known to be there
            size -= len(shown)
            hands.append(CardSet(list(shown) + unseen[i:i + size]))
            i += size
    return tuple(hands), tuple(unseen[i:])


def play_round(state: State, agents: Sequence[Agent], rng: random.Random) -> State:
    """Play a dealt round to its end with agents (each sees only its view)."""
    while state.phase != Phase.ROUND_OVER:
        legal = legal_actions(state)
        seat = state.actor          # G9: in a Draw vote, the voter
        action = agents[seat].choose(view(state, seat), legal, rng)
        state = apply(state, action)
    return state


def play_rounds(rules: CaptureRules, agents: Sequence[Agent], rng: random.Random,
                dealer: int = 0) -> Iterator[tuple[State, State]]:
    """The whole-game loop of a capture game: deal, play each round to its end with
    ``agents`` and deal the next, until the rules end the game. Yields each round's
    ``(first state, last state)``. One ``rng`` drives the deals and the agents' choices.
    The capture adapter's ``play`` (and so :func:`play_game`) uses it."""
    state = new_round(rules, rng, dealer)
    while True:
        start = state
        state = play_round(state, agents, rng)
        yield start, state
        if game_over(state):
            return
        state = next_round(state, rng)


def play_game(seed: int = 0, agents: Sequence[str | play.Agent] = ("random", "greedy"),
              preset: str = "book", **options: Any) -> play.Record:
    """Play a whole seeded Koi-Koi game and return its :class:`~hanafuda_core.play.Record`:
    ``get_game("koikoi", preset, **options).play(agents, seed)``.

    Every keyword after ``preset`` is a rules option (``rounds=6`` is the option of that
    name, given as a value or as text, ``"6"``). One ``random.Random(seed)`` drives the
    deals and the agents' choices (first the drawing for the first dealer, as the
    preset's sources say), so the same seed, agents and rules give the same game.
    """
    from .registry import get_game
    return get_game("koikoi", preset, **options).play(agents, seed)
