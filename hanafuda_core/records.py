"""Game records: what happened, saved as JSON, replayed exactly.

A :class:`RoundRecord` holds the deal (the shuffled order, the dealer, voided
deals) and every action as its short code ("play 3a", "capture 3b", "koikoi",
"stop"); a :class:`GameRecord` holds the rules (preset and options), the
seed, the agents and the rounds. :meth:`GameRecord.replay` rebuilds every
state of every round from the record alone and checks it ends as recorded.

>>> from hanafuda_core.players import play_game
>>> rec = play_game(5, rounds=1)
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> states = rec.replay()[0]
>>> states[-1].result.points == rec.rounds[0].points
True
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .engines.capture import DealRecord, State, parse_action, replay
from .errors import HanafudaError, UnknownGameError
from .rules import canonical_options
from .seating import DealerDraw

__all__ = ["RoundRecord", "GameRecord", "load", "save"]


@dataclass(frozen=True)
class RoundRecord:
    round_no: int
    deal: DealRecord
    actions: tuple[str, ...]
    scores_before: tuple[int, ...]
    wins_before: tuple[int, ...]
    winner: int | None
    points: tuple[int, ...]
    reason: str
    report: Mapping[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def from_states(cls, start: State, end: State) -> RoundRecord:
        res = end.result
        return cls(start.round_no, start.deal, tuple(a.code() for a in end.history),
                   tuple(start.scores), tuple(start.wins), res.winner, tuple(res.points),
                   res.reason, res.report.to_dict() if res.report is not None else None)

    def to_dict(self) -> dict:
        return {"round": self.round_no, "deal": self.deal.to_dict(),
                "actions": list(self.actions), "scores_before": list(self.scores_before),
                "wins_before": list(self.wins_before), "winner": self.winner,
                "points": list(self.points), "reason": self.reason, "report": self.report}

    @classmethod
    def from_dict(cls, d: Mapping) -> RoundRecord:
        return cls(d["round"], DealRecord.from_dict(d["deal"]), tuple(d["actions"]),
                   tuple(d["scores_before"]), tuple(d["wins_before"]), d["winner"],
                   tuple(d["points"]), d["reason"], d.get("report"))

    def replay(self, rules) -> list[State]:
        return replay(rules, self.deal, [parse_action(a) for a in self.actions],
                      round_no=self.round_no, scores=self.scores_before, wins=self.wins_before)


def _game_module(game: str) -> ModuleType:
    """The rules module of a game, ``hanafuda_core.games.<game>`` (its ``OPTIONS``,
    ``FIRST_DEALER`` and ``get_rules``)."""
    if not game.isidentifier():
        raise UnknownGameError(f"a record names its game by key (e.g. 'koikoi'), not {game!r}")
    try:
        return importlib.import_module(f".games.{game}", __package__)
    except ModuleNotFoundError:
        raise UnknownGameError(f"no rules module for the game {game!r} of this record") from None


@dataclass(frozen=True)
class GameRecord:
    game: str
    preset: str
    options: Mapping[str, Any]
    seed: int | None
    agents: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    dealer_draw: DealerDraw | None = None      # the drawing for the first dealer, if any

    def __post_init__(self) -> None:
        # Options as a user, the command line or JSON gave them ("true", lists) are kept
        # as their canonical values, so a record loaded back equals the one saved.
        module = _game_module(self.game)
        object.__setattr__(self, "options", canonical_options(self.game, module.OPTIONS,
                                                              dict(self.options)))
        if self.dealer_draw is not None:
            self.dealer_draw.check(module.FIRST_DEALER[self.preset], len(self.rounds[0].points)
                                   if self.rounds else self.rules.players)
            if self.rounds and self.rounds[0].deal.dealer != self.dealer_draw.dealer:
                raise HanafudaError("the first round is not dealt by the player the drawing "
                                    f"chose (seat {self.dealer_draw.dealer + 1})")

    def first_dealer_sentence(self, names: Sequence[str] | None = None) -> str:
        """How the first dealer was chosen, in words ("" when the game was given one)."""
        if self.dealer_draw is None:
            return ""
        names = names or tuple(f"Player {i + 1}" for i in range(len(self.agents)))
        return self.dealer_draw.sentence(names)

    @property
    def rules(self):
        return _game_module(self.game).get_rules(self.preset, **dict(self.options))

    @property
    def totals(self) -> tuple[int, ...]:
        last = self.rounds[-1]
        return tuple(s + p for s, p in zip(last.scores_before, last.points))

    @property
    def rounds_won(self) -> tuple[int, ...]:
        """Rounds won by each seat (a drawn or tied round counts for nobody)."""
        from .families.capture.ranking import rounds_won
        return rounds_won((r.winner for r in self.rounds), len(self.totals))

    @property
    def ranked_by(self) -> str:
        """How the game is won under its rules: ``"points"`` (the highest total, ties
        to the most rounds won) or ``"rounds"`` (counting rounds: the most rounds won,
        ties to the highest total); see :mod:`hanafuda_core.families.capture.ranking`."""
        from .families.capture.ranking import ranked_by
        return ranked_by(self.rules)

    @property
    def winner(self) -> int | None:
        """The seat that wins the game under its ranking (:attr:`ranked_by`); None when
        the first place is shared."""
        from .families.capture.ranking import game_winner
        return game_winner(self.totals, self.rounds_won, self.ranked_by)

    def to_dict(self) -> dict:
        return {"format": "hanafuda-game-record/1", "game": self.game, "preset": self.preset,
                "options": dict(self.options), "seed": self.seed, "agents": list(self.agents),
                "rounds": [r.to_dict() for r in self.rounds], "totals": list(self.totals),
                **({"first_dealer": self.dealer_draw.to_dict()} if self.dealer_draw else {})}

    def to_json(self, **kwargs) -> str:
        kwargs.setdefault("indent", 1)
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, d: Mapping) -> GameRecord:
        return cls(d["game"], d["preset"], dict(d.get("options", {})), d.get("seed"),
                   tuple(d["agents"]), tuple(RoundRecord.from_dict(r) for r in d["rounds"]),
                   DealerDraw.from_dict(d["first_dealer"]) if d.get("first_dealer") else None)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        return cls.from_dict(json.loads(text))

    def replay(self) -> list[list[State]]:
        """Every state of every round, rebuilt from the record; checks each round's end."""
        rules = self.rules
        out = []
        for r in self.rounds:
            states = r.replay(rules)
            end = states[-1]
            if end.result is None or tuple(end.result.points) != tuple(r.points) \
                    or end.result.winner != r.winner:
                raise ValueError(f"round {r.round_no} does not replay to its recorded result")
            out.append(states)
        return out


def save(record: GameRecord, path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(record.to_json())
        f.write("\n")


def load(path) -> GameRecord:
    with open(path, encoding="utf-8") as f:
        return GameRecord.from_json(f.read())
