"""The app's tools: one table from a tool's name to a factory that takes a game key.

A game's page in the classroom app (:mod:`.app`) is built from the tools its registry
entry offers (``GameInfo.tools``). Each tool here is a :class:`Tool`: a tab title, what
it is (for the notice shown if it cannot be built) and ``build(key, shared)``, which
returns the tool's widget for the game ``key``. ``shared`` is one dict per game page, so
that tools of a page can work together (the replay offers the round just played).

Every tool is generic: its view takes a game key (:mod:`.generic`, :mod:`.deal`), so
any playable game gets play, score calculator, replay, a whole game charted, deal and
quiz, and a game whose data has hand combinations (Hachi-Hachi, Six Hundred) the
hand-combination trainer (a tool's ``applies`` says whether the game has what it needs).

Nothing heavy is imported here: each builder imports its view when it is called, so the
home page of the app does not pay for the games' views.

>>> from hanafuda_core.games import get_game
>>> [TOOLS[t].title for t in game_tools(get_game("koikoi"))]
['Play', 'Score calculator', 'Replay', 'Whole game', 'Deal', 'Quiz']
>>> game_tools(get_game("mushi"))
('play', 'score', 'replay', 'whole-game', 'deal', 'quiz')
>>> game_tools(get_game("six-hundred"))[:2]
('play', 'combinations')
>>> game_tools(get_game("higo-bana"))
()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..errors import HanafudaError

__all__ = [
    "TOOLS",
    "Tool",
    "UnknownToolError",
    "build_tool",
    "game_tools",
    "rule_set_of",
]

Shared = dict[str, Any]


class UnknownToolError(HanafudaError):
    """A tool name that the app does not have, or that the game does not offer."""


# ---------------------------------------------------------------------------
# Generic tools


def _deal(key: str, shared: Shared) -> widgets.Widget:
    """A sample deal of the game: its own deck, deal sizes and misdeal rules."""
    from ..controllers import DealController
    from .deal import SampleDeal
    return SampleDeal(DealController(game=key))


def _play(key: str, shared: Shared) -> widgets.Widget:
    """Play against the computer (the round is shared with the page's replay)."""
    from .generic import play_view
    view = play_view(key)
    shared["play"] = view.controller
    return view


def _score(key: str, shared: Shared) -> widgets.Widget:
    """The score calculator: a whole round's facts settled where the game's data
    describes such a form (:func:`hanafuda_core.teach.tools.round_calculator`), else a
    pile of cards scored."""
    from ..teach.tools import round_calculator
    from .generic import RoundCalculatorView, score_view
    calc = round_calculator(key)
    return RoundCalculatorView(calc) if calc is not None else score_view(key)


def _replay(key: str, shared: Shared) -> widgets.Widget:
    from ..teach.tools import ReplayController
    from .generic import ReplayView
    return ReplayView(ReplayController(game=key, seed=1), play=shared.get("play"))


def _combinations(key: str, shared: Shared) -> widgets.Widget:
    """Name the hand combinations of a dealt hand (games that score them)."""
    from .generic import hand_combination_view
    return hand_combination_view(key)


def _whole_game(key: str, shared: Shared) -> widgets.Widget:
    """A whole game by computer players, charted round by round."""
    from .generic import whole_game_view
    return whole_game_view(key)


def _applies_combinations(key: str) -> bool:
    from ..teach.hand_combinations import has_hand_combinations
    return has_hand_combinations(key)


def _quiz(key: str, shared: Shared) -> widgets.Widget:
    """Every game's quiz, found the same way (a game's own generator where it has one:
    :func:`hanafuda_core.teach.quizzes.own_quiz`)."""
    from .generic import quiz_view
    return quiz_view(key)


def _playable(tool: str, generic: Callable[[str, Shared], widgets.Widget]
              ) -> Callable[[str, Shared], widgets.Widget]:
    """``generic`` for a playable game; a game that cannot be played is refused."""
    def build(key: str, shared: Shared) -> widgets.Widget:
        from ..registry import entry
        if not entry(key).playable:
            raise UnknownToolError(f"the app has no {tool!r} view for {key!r}: it cannot "
                                   "be played yet")
        return generic(key, shared)
    return build


@dataclass(frozen=True)
class Tool:
    """A tool of a game's page: its tab title, what it is, and its factory."""

    name: str
    title: str
    what: str
    build: Callable[[str, Shared], widgets.Widget]
    #: whether the game has what the tool needs (default: every playable game)
    applies: Callable[[str], bool] | None = None

    def offered(self, key: str) -> bool:
        """Whether game ``key`` has what this tool needs."""
        return self.applies is None or self.applies(key)


#: Every tool of the app; a game's registry entry says which it offers, in which order.
TOOLS: Mapping[str, Tool] = {t.name: t for t in (
    Tool("play", "Play", "round against the computer", _playable("play", _play)),
    Tool("score", "Score calculator", "score calculator", _playable("score", _score)),
    Tool("replay", "Replay", "replay", _playable("replay", _replay)),
    Tool("deal", "Deal", "sample deal", _deal),
    Tool("quiz", "Quiz", "quiz", _playable("quiz", _quiz)),
    Tool("whole-game", "Whole game", "whole game", _playable("whole-game", _whole_game)),
    Tool("combinations", "Hand combinations", "hand-combination trainer",
         _playable("combinations", _combinations),
         applies=_applies_combinations),
)}


def game_tools(info: Any) -> tuple[str, ...]:
    """The tools the app shows for a game (a ``GameInfo``), in order; empty: not playable.

    A playable game's tools are the ones its registry entry offers
    (:attr:`hanafuda_core.registry.GameEntry.tools`), kept to those the app can build:
    the ones the app has and whose needs the game's data meets (``Tool.applies``).
    """
    if not info.playable or rule_set_of(info.key) is not None:
        return ()      # a seed document's rule set is a preset on its game's page
    from ..registry import entry
    return tuple(t for t in entry(info.key).tools if t in TOOLS and TOOLS[t].offered(info.key))


def rule_set_of(key: str) -> str | None:
    """The game whose preset registry entry ``key`` is (a seed document's rule set, such
    as ``koikoi-d003``), or None for a game of its own or a key the registry lacks."""
    from ..errors import UnknownGameError
    from ..registry import entry
    try:
        found = entry(key).preset_of
    except UnknownGameError:
        return None
    return found[0] if found is not None else None


def build_tool(name: str, key: str, shared: Shared | None = None) -> widgets.Widget:
    """The widget of tool ``name`` for game ``key`` (raises :class:`UnknownToolError`)."""
    tool = TOOLS.get(name)
    if tool is None:
        raise UnknownToolError(f"unknown tool {name!r}; the tools are: {', '.join(TOOLS)}")
    return tool.build(key, {} if shared is None else shared)
