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

from .cards import CARD_INFO, KIND_MASKS, Card, CardSet, Kind, MONTH_MASKS
from .engines.capture import (KOIKOI, STOP, Capture, Phase, Play, PlayerView, State, apply,
                              legal_actions, new_round, next_round, game_over, view)
from .errors import HanafudaError

__all__ = ["Agent", "RandomPlayer", "GreedyPlayer", "AGENTS", "make_agent", "sample_hidden",
           "play_round", "play_game"]


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


class GreedyPlayer:
    """Takes the most valuable capture now; stops as soon as it has a yaku.

    Playing: prefer the card whose capture (field cards it takes plus itself)
    has the highest value (Bright 20, Ten 10, Ribbon 5, Chaff 1); with no capture
    possible, discard the lowest-value card. Choosing: the more valuable field
    card. Deciding: always Stop (a safe, classic beginner's policy).
    """

    name = "greedy"

    def choose(self, view: PlayerView, legal: Sequence, rng: random.Random):
        if STOP in legal:
            return STOP
        if isinstance(legal[0], Capture):
            return max(legal, key=lambda a: (_card_value(a.card), -a.card))
        if isinstance(legal[0], Play):
            field = view.field.mask

            def score(a):
                m = field & MONTH_MASKS[a.card >> 2]
                if not m:
                    return (0, -_card_value(a.card), -a.card)
                taken = sum(_card_value(c) for c in CardSet.from_mask(m))
                return (1, taken + _card_value(a.card), -a.card)
            return max(legal, key=score)
        return legal[0]


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
