"""The app's tools: one table from a tool's name to a factory that takes a game key.

A game's page in the classroom app (:mod:`.app`) is built from the tools its registry
entry offers (``GameInfo.tools``). Each tool here is a :class:`Tool`: a tab title, what
it is (for the notice shown if it cannot be built) and ``build(key, shared)``, which
returns the tool's widget for the game ``key``. ``shared`` is one dict per game page, so
that tools of a page can work together (the replay offers the round just played).

Every tool but Hachi-Hachi's teyaku trainer is generic: its view takes a game key
(:mod:`.generic`, :mod:`.deal`), so any playable game gets play, score calculator,
replay, deal and quiz. A game with a richer view of its own names it in
:data:`GAME_VIEWS` (a table, not branches); its row overrides the generic view.

Nothing heavy is imported here: each builder imports its view when it is called, so the
home page of the app does not pay for the games' views.

>>> from hanafuda_core.games import get_game
>>> [TOOLS[t].title for t in game_tools(get_game("koikoi"))]
['Play', 'Score calculator', 'Replay', 'Deal', 'Quiz']
>>> game_tools(get_game("koikoi"))
('play', 'score', 'replay', 'deal', 'quiz')
>>> game_tools(get_game("mushi"))
('play', 'score', 'replay', 'deal', 'quiz')
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
    "GAME_VIEWS",
    "TOOLS",
    "Tool",
    "UnknownToolError",
    "build_tool",
    "game_style",
    "game_tools",
    "rule_set_of",
]

Shared = dict[str, Any]
Builder = Callable[[Shared], widgets.Widget]


class UnknownToolError(HanafudaError):
    """A tool name that the app does not have, or that the game does not offer."""


# ---------------------------------------------------------------------------
# Today's per-game views (imported only when a tool is opened)


def _hh_teyaku(shared: Shared) -> widgets.Widget:
    from ..hachihachi_controllers import TeyakuTrainer
    from .hachihachi import TeyakuTrainerView
    return TeyakuTrainerView(TeyakuTrainer(seed=5))


def _hh_score(shared: Shared) -> widgets.Widget:
    from .hachihachi import SettlementView
    return SettlementView()


def _hh_replay(shared: Shared) -> widgets.Widget:
    from ..hachihachi_controllers import YearChart
    from .hachihachi import YearChartView
    return YearChartView(YearChart(seed=1))


#: Games' own, richer views by tool name; a row overrides the generic view of that tool.
GAME_VIEWS: Mapping[str, Mapping[str, Builder]] = {
    "hachihachi": {"teyaku": _hh_teyaku, "score": _hh_score, "replay": _hh_replay},
}

#: The style sheet and class each game's views are drawn with (the views' CSS is scoped
#: to the class of their old panel).
_STYLE_MODULES: Mapping[str, tuple[str, str]] = {
    "hachihachi": ("hachihachi", "hanafuda-hachihachi"),
}


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
    from .generic import score_view
    return score_view(key)


def _replay(key: str, shared: Shared) -> widgets.Widget:
    from ..teach.tools import ReplayController
    from .generic import ReplayView
    return ReplayView(ReplayController(game=key, seed=1), play=shared.get("play"))


def _quiz(key: str, shared: Shared) -> widgets.Widget:
    """Every game's quiz, found the same way (a game's own generator where it has one:
    :func:`hanafuda_core.teach.quizzes.own_quiz`)."""
    from .generic import quiz_view
    return quiz_view(key)


def _from_views(tool: str, generic: Callable[[str, Shared], widgets.Widget] | None = None
                ) -> Callable[[str, Shared], widgets.Widget]:
    """The game's own view of ``tool`` where :data:`GAME_VIEWS` has one, else ``generic``."""
    def build(key: str, shared: Shared) -> widgets.Widget:
        own = GAME_VIEWS.get(key, {}).get(tool)
        if own is not None:
            return own(shared)
        if generic is None:
            raise UnknownToolError(f"the app has no {tool!r} view for {key!r}")
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
    generic: bool = False          # builds for any playable game, without a GAME_VIEWS row


#: Every tool of the app; a game's registry entry says which it offers, in which order.
TOOLS: Mapping[str, Tool] = {t.name: t for t in (
    Tool("play", "Play", "round against the computer", _from_views("play", _play),
         generic=True),
    Tool("score", "Score calculator", "score calculator", _from_views("score", _score),
         generic=True),
    Tool("replay", "Replay", "replay", _from_views("replay", _replay), generic=True),
    Tool("deal", "Deal", "sample deal", _deal, generic=True),
    Tool("quiz", "Quiz", "quiz", _from_views("quiz", _quiz), generic=True),
    Tool("teyaku", "Teyaku trainer", "teyaku trainer", _from_views("teyaku")),
)}


def game_tools(info: Any) -> tuple[str, ...]:
    """The tools the app shows for a game (a ``GameInfo``), in order; empty: not playable.

    A playable game's tools are the ones its registry entry offers
    (:attr:`hanafuda_core.registry.GameEntry.tools`), kept to those the app can build:
    a generic tool, or one the game has a view for in :data:`GAME_VIEWS`.
    """
    if not info.playable or rule_set_of(info.key) is not None:
        return ()      # a seed document's rule set is a preset on its game's page
    from ..registry import entry
    views = GAME_VIEWS.get(info.key, {})
    return tuple(t for t in entry(info.key).tools
                 if t in TOOLS and (TOOLS[t].generic or t in views))


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


def game_style(key: str) -> tuple[str, str]:
    """The ``<style>`` HTML and CSS class a game's views are drawn with ('' for none)."""
    found = _STYLE_MODULES.get(key)
    if found is None:
        return "", ""
    import importlib
    module = importlib.import_module(f"{__package__}.{found[0]}")
    return getattr(module, "_CSS", ""), found[1]
