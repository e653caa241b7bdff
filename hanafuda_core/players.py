"""Agents: players that see only a :class:`~hanafuda_core.engines.capture.PlayerView`.

An agent is any object with ``choose(view, legal, rng) -> action``: it gets
what its seat may see, the sorted legal actions and a ``random.Random``, and
returns one of the legal actions. It never sees the full state, so a coach (or
any smarter agent) that wants to look ahead must *sample* the hidden cards:
``view.unseen`` holds exactly the cards it cannot see (opponents' hands and the
stock together) and ``view.hand_sizes`` / ``view.stock_size`` say how many go
where; :func:`sample_hidden` deals them out at random.

>>> from hanafuda_core.games.koikoi import get_rules
>>> record = play_game(3, ("random", "greedy"), rounds=2)
>>> len(record.rounds)
2
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .cards import CARD_INFO, Card, CardSet, Kind, MONTH_MASKS
from .engines.capture import (STOP, Capture, DealRecord, Phase, Play, PlayerView, State,
                              apply, legal_actions, new_round, next_round, game_over, view)
from .errors import HanafudaError, IllegalActionError

__all__ = ["Agent", "RandomPlayer", "GreedyPlayer", "AGENTS", "make_agent", "sample_hidden",
           "play_effects", "play_round", "play_game"]


class Agent(Protocol):
    name: str

    def choose(self, view: PlayerView, legal: Sequence, rng: random.Random): ...


class RandomPlayer:
    """Chooses uniformly among the legal actions: ``legal[int(rng.random() * len(legal))]``
    (one ``rng.random()`` per decision, the draw the engine's fast loop mirrors)."""

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence, rng: random.Random):
        return legal[int(rng.random() * len(legal))]


_VALUES = {Kind.BRIGHT: 20, Kind.TEN: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}


def _card_value(card: int) -> int:
    return _VALUES[CARD_INFO[card].kind]


def _value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _VALUES[CARD_INFO[low.bit_length() - 1].kind]
        mask ^= low
    return total


def _best(mask: int) -> int:
    """The value of the most valuable card of ``mask`` (0 if empty)."""
    best = 0
    while mask:
        low = mask & -mask
        best = max(best, _VALUES[CARD_INFO[low.bit_length() - 1].kind])
        mask ^= low
    return best


def _rebuilt(view: PlayerView) -> State:
    """A state with the view's public facts, to try the seat's plays on: its hand, the
    field, the piles, the dealt field and the wild card's log. The stock is empty (the
    draw is unknown, so it is not tried) and every unseen card waits in the next seat's
    hand, so a play ends the round only when it truly is the last card."""
    rules = view.rules
    n = rules.players
    caps = [0] * rules.sides
    for seat in range(n):
        caps[rules.side(seat)] |= view.captures[seat].mask
    hands = [0] * n
    hands[(view.player + 1) % n] = view.unseen.mask
    hands[view.player] = view.hand.mask
    record = DealRecord((), view.dealer, (), ("position rebuilt from a player's view",))
    return State(rules, tuple(hands), view.field.mask, tuple(caps), (), 0, Phase.PLAY,
                 view.player, view.dealer, view.round_no, ((),) * rules.sides,
                 (0,) * rules.sides, tuple(view.calls), tuple(view.scores), (0,) * n, (), None,
                 record, None, view.dealt_field.mask, tuple(view.wild_log))


def _effects(view: PlayerView, legal: Sequence) -> list[tuple[Play, int, int]]:
    """:func:`play_effects` on masks."""
    if view.phase != Phase.PLAY or view.current_player != view.player:
        raise IllegalActionError("the effects of a play are read when it is the seat's turn to "
                                 "play a card")
    base = _rebuilt(view)
    side = view.rules.side(view.player)
    pile = base.caps_m[side]
    out = []
    for action in legal:
        after = apply(base, action)
        if after.phase == Phase.CHOOSE_HAND_CAPTURE:
            options = 0
            for a in legal_actions(after):
                options |= 1 << a.card
            out.append((action, 0, options))
        else:
            out.append((action, after.caps_m[side] & ~pile, 0))
    return out


def play_effects(view: PlayerView, legal: Sequence) -> tuple[tuple[Play, CardSet, CardSet], ...]:
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

    Without a wild card a play is judged by its month: the field cards of that
    month are what it takes (a pair counts both cards, as the policy always has).
    When a wild card is in force each play is judged by what the engine would do
    with it (:func:`play_effects`): the wild takes the card its rules allow, a card
    of its month does not match it on the field, and a play that waits for a choice
    counts the card it will choose.
    """

    name = "greedy"

    def choose(self, view: PlayerView, legal: Sequence, rng: random.Random):
        if STOP in legal:
            return STOP
        if isinstance(legal[0], Capture):
            return max(legal, key=lambda a: (_card_value(a.card), -a.card))
        if isinstance(legal[0], Play):
            if view.active_wild is not None:
                return self._choose_wild(view, legal)
            field = view.field.mask

            def score(a):
                m = field & MONTH_MASKS[a.card >> 2]
                if not m:
                    return (0, -_card_value(a.card), -a.card)
                taken = sum(_card_value(c) for c in CardSet.from_mask(m))
                return (1, taken + _card_value(a.card), -a.card)
            return max(legal, key=score)
        return legal[0]

    @staticmethod
    def _choose_wild(view: PlayerView, legal: Sequence):
        best, best_key = legal[0], None
        for action, taken, options in _effects(view, legal):
            card = int(action.card)
            if taken:
                key = (1, _value(taken), -card)
            elif options:
                key = (1, _card_value(card) + _best(options), -card)
            else:
                key = (0, -_card_value(card), -card)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best


def _coach() -> Agent:
    from .coach import Coach      # imported on demand: importing players stays light
    return Coach()


AGENTS = {"random": RandomPlayer, "greedy": GreedyPlayer, "coach": _coach}


def make_agent(agent) -> Agent:
    """An agent from a name ("random", "greedy", "coach") or an agent object."""
    if isinstance(agent, str):
        try:
            return AGENTS[agent]()
        except KeyError:
            raise HanafudaError(f"unknown player {agent!r}; players: {', '.join(AGENTS)}") from None
    return agent


def sample_hidden(view: PlayerView, rng: random.Random) -> tuple[tuple[CardSet, ...], tuple[Card, ...]]:
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
            hands.append(CardSet(unseen[i:i + size]))
            i += size
    return tuple(hands), tuple(unseen[i:])


def play_round(state: State, agents: Sequence, rng: random.Random) -> State:
    """Play a dealt round to its end with agents (each sees only its view)."""
    while state.phase != Phase.ROUND_OVER:
        legal = legal_actions(state)
        action = agents[state.player].choose(view(state, state.player), legal, rng)
        state = apply(state, action)
    return state


def play_game(seed: int = 0, agents: Sequence = ("random", "greedy"), rounds: int | None = None,
              preset: str = "book", **options):
    """Play a whole seeded game and return its :class:`~hanafuda_core.records.GameRecord`.

    One ``random.Random(seed)`` drives the deals and the agents' choices, so the
    same seed, agents and rules give the same game.
    """
    from .games.koikoi import get_rules
    from .records import GameRecord, RoundRecord
    if rounds is not None:
        options["rounds"] = rounds
    rules = get_rules(preset, **options)
    if rounds is not None and rounds != rules.rounds:   # pragma: no cover
        raise HanafudaError("rounds option was not applied")
    players = [make_agent(a) for a in agents]
    if len(players) != rules.players:
        raise HanafudaError(f"{rules.players} players need {rules.players} agents, "
                            f"not {len(players)}")
    rng = random.Random(seed)
    state = new_round(rules, rng, 0)
    records = []
    while True:
        start = state
        state = play_round(state, players, rng)
        records.append(RoundRecord.from_states(start, state))
        if game_over(state):
            break
        state = next_round(state, rng)
    return GameRecord(game="koikoi", preset=preset, options=dict(options), seed=seed,
                      agents=tuple(p.name for p in players), rounds=tuple(records))
