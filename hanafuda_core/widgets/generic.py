"""Views of the teaching tools for any playable game: play, score calculator, replay, quiz.

Each view takes a game key (and, where it has them, a preset and options) and lays out
a controller of :mod:`hanafuda_core.teach.tools`; the views compute no rule. Cards are
drawn by our SVG renderer, every control is a button, toggle or text box (so the
keyboard reaches it), a card's state is said in words as well as in colour, and a
refusal from the core shows as a message, never a traceback.

The app builds these for every playable game that has no richer view of its own
(:data:`hanafuda_core.widgets.tools.GAME_VIEWS`); a chapter calls them in one line:

>>> view = play_view("simplified", seed=2)
>>> view.controller.your_turn
True
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..errors import HanafudaError
from ..render import svg
from ..teach.tools import (
    PlayController,
    ReplayController,
    ScoreController,
    TableRow,
)
from .common import BIG, RoundView, attempt, dropdown, error_html, hint_html, para, seed_box
from .static import notice_html

__all__ = [
    "CHAPTER_NOTES",
    "PlayView",
    "ReplayView",
    "ScoreView",
    "chapter_tool",
    "play_view",
    "quiz_view",
    "replay_view",
    "score_view",
]

_CLASS = "hanafuda-generic"


def _rows_html(rows: tuple[TableRow, ...], width: int) -> str:
    """The table's zones: shown cards, or a face-down pile with its count."""
    return svg.layout_html([(r.label, r.count if r.hidden else list(r.cards)) for r in rows],
                           width=width)


def _lines_html(lines: tuple[str, ...] | list[str], css: str, empty: str) -> str:
    items = "".join(f"<li style='margin:2px 0'>{escape(t)}</li>" for t in lines if t)
    return (f'<div class="{css}" data-lines="{len(lines)}" style="max-height:320px;'
            f'overflow-y:auto;border:1px solid #ccc;padding:4px 8px;font-size:15px;'
            f'line-height:1.4"><ul style="margin:2px 0 2px 18px;padding:0">'
            f"{items or f'<li>{escape(empty)}</li>'}</ul></div>")


# ---------------------------------------------------------------------------
# Play against the computer


class PlayView(RoundView, widgets.VBox):  # type: ignore[misc]
    """A round against the computer: the table, one button per legal move, Hint, the log.

    ``act(move)`` plays a move as a button does; ``show_hint()`` asks the coach.
    """

    controller: PlayController

    def __init__(self, controller: PlayController, *, width: int = 72) -> None:
        self.controller = controller
        self.width = width
        self.seed = seed_box(controller.seed)
        self.players = dropdown([(f"{n} players", n) for n in controller.player_choices()],
                                controller.players, "Players", "60px", "200px")
        self.players.disabled = len(controller.player_choices()) < 2
        self.players.observe(lambda change: self.set_players(change["new"]), names="value")
        self.new_button = widgets.Button(description="New round", button_style="primary",
                                         style=BIG, tooltip="Deal a new round with this seed")
        self.hint_button = widgets.Button(description="Hint", style=BIG,
                                          tooltip="Ask the computer's coach for the best move")
        self.message = widgets.HTML()
        self.hint = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.log_html = widgets.HTML()
        self.new_button.on_click(lambda _b: self.new_round())
        self.hint_button.on_click(lambda _b: self.show_hint())
        intro = ("You are player 1; the computer plays every other seat. Click a move (or "
                 "tab to it and press Enter); the computer answers at once. Hint asks the "
                 "coach for the best move and the reasons.")
        super().__init__([widgets.HTML(para(intro)),
                          widgets.HBox([self.players, self.seed, self.new_button,
                                        self.hint_button]),
                          self.message, self.hint, self.status, self.table,
                          widgets.HTML("<strong>Your moves</strong>"), self.moves,
                          widgets.HTML("<strong>What happened</strong>"), self.log_html])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-play")
        self._render()

    def new_round(self, seed: int | None = None) -> bool:
        """Deal again with the seed box's value (or ``seed``); False if refused."""
        seed = self.seed.value if seed is None else seed
        return self._play(lambda: self.controller.new_round(seed), "The round shown goes on.")

    def set_players(self, players: int) -> bool:
        """Deal again for ``players`` at the table (the Players box calls this)."""
        if players == self.controller.players:
            return True
        ok = self._play(lambda: self.controller.set_players(players),
                        "The round shown goes on.")
        if not ok:
            self.players.value = self.controller.players
        return ok

    @property
    def move_buttons(self) -> tuple[widgets.Button, ...]:
        return tuple(self.moves.children)

    def _render(self) -> None:
        ctl = self.controller
        self.seed.value = ctl.seed
        if self.players.value != ctl.players:
            self.players.value = ctl.players
        self.table.value = (f'<div class="hanafuda-generic-table" data-seed="{ctl.seed}">'
                            f"{_rows_html(ctl.table(), self.width)}</div>")
        if ctl.is_over:
            self.status.value = notice_html(ctl.result_text(), "info", title="Round over:")
        else:
            self.status.value = notice_html("Your turn: choose a move below.", "info")
        buttons = []
        for move in ctl.legal:
            b = widgets.Button(description=move.words[:1].upper() + move.words[1:],
                               tooltip=f"{move.words} ({move.code})",
                               layout=widgets.Layout(width="auto", margin="2px 6px 2px 0"))
            b.code = move.code
            b.on_click(lambda _b, code=move.code: self.act(code))
            buttons.append(b)
        self.moves.children = buttons
        self.hint_button.disabled = ctl.is_over
        self.log_html.value = _lines_html(ctl.log, "hanafuda-generic-log",
                                          "The round has just been dealt.")

    def _hint_html(self, hint: Any) -> str:
        items = "".join(f"<li>{escape(r)}</li>" for r in hint.reasons)
        return hint_html("hanafuda-generic-hint", f"Hint ({hint.by})",
                         f"{hint.words[:1].upper()}{hint.words[1:]}. {hint.reason}", items)


# ---------------------------------------------------------------------------
# Score calculator


class ScoreView(widgets.VBox):  # type: ignore[misc]
    """The game's cards as toggles, a text box, and the game's score report."""

    def __init__(self, controller: ScoreController, *, width: int = 56) -> None:
        self.controller = controller
        self.width = width
        self.text = widgets.Text(value=controller.text, description="Cards",
                                 placeholder="for example: 1a 3a 8a",
                                 style={"description_width": "50px"},
                                 layout=widgets.Layout(width="420px"))
        self.score_button = widgets.Button(description="Score these", button_style="primary",
                                           style=BIG, tooltip="Score the cards written in the box")
        self.clear_button = widgets.Button(description="Clear", tooltip="Take every card out")
        self.message = widgets.HTML()
        self.report = widgets.HTML()
        self.toggles: dict[Any, widgets.ToggleButton] = {}
        self._syncing = False
        cells = []
        for card in controller.deck:
            t = widgets.ToggleButton(value=False, description=card.code,
                                     tooltip=f"{card.title} ({card.code})",
                                     layout=widgets.Layout(width=f"{width + 8}px"))
            t.card = card
            t.observe(lambda change, c=card: self._toggled(c, change), names="value")
            self.toggles[card] = t
            cells.append(widgets.VBox([widgets.HTML(svg.card_svg(card, width=width)), t],
                                      layout=widgets.Layout(margin="0 4px 6px 0")))
        self.score_button.on_click(lambda _b: self.set_text(self.text.value))
        self.clear_button.on_click(lambda _b: self.clear())
        intro = (f"Pick the cards of a pile (click a card's button, or write the cards in the "
                 f"box) to see what they score in {controller.game.name}, with the reasons.")
        super().__init__([widgets.HTML(para(intro)),
                          widgets.HBox([self.text, self.score_button, self.clear_button]),
                          self.message, self.report,
                          widgets.HBox(cells, layout=widgets.Layout(flex_flow="row wrap"))])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-score")
        self._render()

    def set_text(self, text: str) -> bool:
        """Score the cards written in ``text``; a bad card shows a message, pile unchanged."""
        ok = attempt(lambda: self.controller.set_text(text), self.message,
                     "The pile shown stays as it was.")
        self._render()
        return ok

    def toggle(self, card: Any) -> bool:
        ok = attempt(lambda: self.controller.toggle(card), self.message,
                     "The pile shown stays as it was.")
        self._render()
        return ok

    def clear(self) -> None:
        self.controller.clear()
        self.message.value = ""
        self._render()

    def _toggled(self, card: Any, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        if (card in self.controller.cards) != change["new"]:
            self.toggle(card)

    def _render(self) -> None:
        ctl = self.controller
        self._syncing = True
        try:
            for card, t in self.toggles.items():
                on = card in ctl.cards
                if t.value != on:
                    t.value = on
                t.description = f"✓ {card.code}" if on else card.code
                t.button_style = "info" if on else ""
        finally:
            self._syncing = False
        self.text.value = ctl.text
        try:
            lines = ctl.lines()
        except HanafudaError as error:
            self.report.value = error_html(str(error), "No score is shown.")
            return
        cards = svg.row_svg(list(ctl.cards), width=self.width, label=None, wrap=16) \
            if ctl.cards else "<p>No cards picked yet.</p>"
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[:-1])
        self.report.value = (f'<div class="hanafuda-generic-report">{cards}<ul style="'
                             f'font-size:16px;line-height:1.45">{items}</ul><p style="'
                             f'font-size:18px;font-weight:700">{escape(lines[-1])}</p></div>')


# ---------------------------------------------------------------------------
# Replay


class ReplayView(widgets.VBox):  # type: ignore[misc]
    """Step through a game: First, Back, Next, Last; the table (all cards face up) and
    the words of each step. ``play`` (a :class:`PlayController`) offers the round you
    played; the seed box plays a game between computer players."""

    def __init__(self, controller: ReplayController, *, play: PlayController | None = None,
                 width: int = 56) -> None:
        self.controller = controller
        self.play = play
        self.width = width
        self.seed = seed_box(controller.record.seed or 1)
        self.load_button = widgets.Button(description="Computer game", style=BIG,
                                          tooltip="Replay a game between computer players "
                                                  "with this seed")
        self.mine_button = widgets.Button(description="Replay my round", style=BIG,
                                          tooltip="Replay the round you played on the Play tab",
                                          disabled=play is None)
        self.first_button = widgets.Button(description="|◀ First", tooltip="The deal")
        self.back_button = widgets.Button(description="◀ Back", tooltip="One step back")
        self.next_button = widgets.Button(description="Next ▶", button_style="info",
                                          tooltip="One step on")
        self.last_button = widgets.Button(description="Last ▶|", tooltip="The end of the round")
        self.message = widgets.HTML()
        self.where = widgets.HTML()
        self.table = widgets.HTML()
        self.steps_html = widgets.HTML()
        for button in (self.first_button, self.back_button, self.next_button,
                       self.last_button):
            button.on_click(lambda _b, name=button.description: self.go(name))
        self.load_button.on_click(lambda _b: self.load(self.seed.value))
        self.mine_button.on_click(lambda _b: self.load_mine())
        super().__init__([
            widgets.HTML(para("Replay a game step by step: every card is face up, and each "
                              "step says what was played.")),
            widgets.HBox([self.seed, self.load_button, self.mine_button]),
            widgets.HBox([self.first_button, self.back_button, self.next_button,
                          self.last_button]),
            self.message, self.where, self.table, self.steps_html])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-replay")
        self._render()

    def go(self, where: str) -> None:
        """Move as a button does: "first", "back", "next" or "last" (its label works too)."""
        word = where.lower().strip("|◀▶ ")
        ctl = self.controller
        {"first": ctl.first, "back": ctl.back, "next": ctl.next, "last": ctl.last}[word]()
        self._render()

    def first(self) -> None:
        self.go("first")

    def back(self) -> None:
        self.go("back")

    def next(self) -> None:
        self.go("next")

    def last(self) -> None:
        self.go("last")

    def _swap(self, make: Any, keep: str) -> bool:
        found: list[ReplayController] = []
        ok = attempt(lambda: found.append(make()), self.message, keep)
        if ok:
            self.controller = found[0]
            self._render()
        return ok

    def load(self, seed: int) -> bool:
        """Replay a game between computer players dealt from ``seed``."""
        game = self.controller.game
        return self._swap(lambda: ReplayController(game=game, seed=seed),
                          "The game shown stays.")

    def load_mine(self) -> bool:
        """Replay the round played on the Play tab (so far)."""
        if self.play is None:
            self.message.value = error_html("there is no round of yours to replay here",
                                            "The game shown stays.")
            return False
        play = self.play
        return self._swap(lambda: ReplayController(play.record()), "The game shown stays.")

    def _render(self) -> None:
        ctl = self.controller
        r, i = ctl.position
        step = ctl.step
        said = "the deal" if step is None else f"{ctl.who(step.seat)}: {step.words}"
        self.where.value = notice_html(
            f"Round {r + 1} of {ctl.rounds}, step {i} of {ctl.length} ({said}). "
            + ctl.result_text(), "info")
        self.table.value = (f'<div class="hanafuda-generic-replay-table" data-step="{i}">'
                            f"{_rows_html(ctl.table(), self.width)}</div>")
        self.steps_html.value = _lines_html(ctl.words(), "hanafuda-generic-steps",
                                            "The cards have just been dealt.")
        self.first_button.disabled = self.back_button.disabled = (r, i) == (0, 0)
        self.next_button.disabled = self.last_button.disabled = (
            r == ctl.rounds - 1 and i == ctl.length)


# ---------------------------------------------------------------------------
# One-line builders (the app's tools and the chapters call these)


def play_view(key: str, seed: int = 1, preset: str | None = None, **options: Any) -> PlayView:
    """Play a round of ``key`` against the computer, with hints."""
    return PlayView(PlayController(key, seed=seed, preset=preset, **options))


def score_view(key: str, cards: str = "", preset: str | None = None,
               **options: Any) -> ScoreView:
    """The score calculator of ``key`` (``cards``: the pile to start with)."""
    return ScoreView(ScoreController(key, preset=preset, cards=cards, **options))


def replay_view(key: str, seed: int = 1, play: PlayController | None = None,
                preset: str | None = None, **options: Any) -> ReplayView:
    """Replay a seeded game of ``key`` between computer players (or, with ``play``, the
    round played there)."""
    controller = ReplayController(play.record()) if play is not None else \
        ReplayController(game=key, seed=seed, preset=preset, **options)
    return ReplayView(controller, play=play)


def quiz_view(key: str, seed: int = 1, n: int = 6) -> widgets.Widget:
    """The game's quiz: a seed, the rules, Start, and the questions
    (:func:`hanafuda_core.teach.quizzes.generate_quiz`)."""
    from ..registry import get_game
    from ..teach.facts import preset_label, presets
    from ..teach.quizzes import generate_quiz
    from .common import quiz_tab
    game = get_game(key)
    choices = [(preset_label(game, p), p) for p in presets(game)]

    def preset_box(value: str) -> widgets.Dropdown:
        start = value if value in dict((v, v) for _l, v in choices) else choices[0][1]
        return dropdown(choices, start, "Rules", "50px", "420px")

    def make(seed: int, n: int, preset: str = "book") -> Any:
        return generate_quiz(game.key, seed, n, preset=preset)

    panel = quiz_tab(make, preset_box, seed=seed, n=n,
                     tooltip="Start a quiz for this seed and these rules",
                     intro=f"Questions on {game.name}, each answered with the reason. "
                           "Everyone who starts with the same seed and rules gets the same "
                           "questions.")
    panel.add_class(_CLASS)
    return panel


#: What a chapter says over each live tool (the static page shows the tool as it was built).
CHAPTER_NOTES = {
    "play": "Play a round against the computer, with hints, in the classroom app",
    "score": "The score calculator: pick any pile in the classroom app",
    "replay": "Replay a game step by step in the classroom app",
    "quiz": "Take the whole quiz in the classroom app",
}

_VIEWS: dict[str, Callable[..., widgets.Widget]] = {
    "play": play_view, "score": score_view, "replay": replay_view, "quiz": quiz_view}


def chapter_tool(tool: str, key: str, **kw: Any) -> widgets.Widget:
    """A chapter's one-line call: the tool ``tool`` ("play", "score", "replay", "quiz")
    of game ``key`` under a note that says where it runs live; ``kw`` go to its view
    (``seed=``, ``cards=``...)."""
    from .static import static_note
    if tool not in _VIEWS:
        raise HanafudaError(f"unknown tool {tool!r}; a chapter can show: {', '.join(_VIEWS)}")
    view = _VIEWS[tool](key, **kw)
    return widgets.VBox([static_note(CHAPTER_NOTES[tool] + "."), view])
