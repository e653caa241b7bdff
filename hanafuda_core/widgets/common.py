"""Pieces the game tabs of the classroom app share (Koi-Koi, Hachi-Hachi, the app page).

- :data:`BIG`: the style of a big button; :func:`para`, :func:`heading`: text blocks.
- :func:`sentence`, :func:`error_html`: the core's message as a sentence, or as a
  "Not done:" notice that says what stays as it was.
- :func:`attempt`: run a controller call; a refusal shows its message and changes nothing.
- :func:`seed_box`, :func:`dropdown`: the seed and rules inputs every tab has.
- :class:`RoundView`: ``act``/``show_hint`` for a view that plays a round against the computer.
- :func:`quiz_tab`, :func:`guarded`, :func:`tabbed_panel`: a game's quiz tab, a tool that
  cannot break the page, and sub-tabs built the first time they are opened.
- :data:`FOCUS_SCOPE`, :data:`FOCUS_NEXT`, :func:`focus_next`: where the keyboard focus
  goes after a move (the app's page puts it back there when a redraw drops it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from ..errors import HanafudaError
from ..quiz import Quiz
from .static import notice_html

__all__ = ["BIG", "para", "heading", "sentence", "error_html", "attempt", "seed_box",
           "dropdown", "hint_html", "RoundController", "RoundView", "quiz_tab", "guarded",
           "tabbed_panel", "FOCUS_SCOPE", "FOCUS_NEXT", "focus_next"]

BIG = {"font_size": "16px", "font_weight": "600"}

#: The class of a view whose redraws may remove the focused button (a game view): when a
#: move drops the keyboard focus to the page, the app's page script
#: (``app/voila/templates/hanafuda/index.html.j2``) puts it on the view's :data:`FOCUS_NEXT`
#: control, else on its first enabled button.
FOCUS_SCOPE = "hanafuda-focus-scope"
#: The class of the control that takes the focus after a move in a :data:`FOCUS_SCOPE`.
FOCUS_NEXT = "hanafuda-focus-next"


def focus_next(control: widgets.DOMWidget, *others: widgets.DOMWidget) -> None:
    """Make ``control`` the one the focus goes to after a move (and none of ``others``)."""
    for other in others:
        if other is not control:
            other.remove_class(FOCUS_NEXT)
    control.add_class(FOCUS_NEXT)


def para(text: str, style: str = "") -> str:
    """A paragraph of plain text at reading size (``style`` adds CSS).

    >>> para("Deal & play").endswith('max-width:980px;">Deal &amp; play</p>')
    True
    """
    return (f'<p style="font-size:16px;line-height:1.5;margin:4px 0 8px;max-width:980px;'
            f'{style}">{escape(text)}</p>')


def heading(text: str) -> str:
    """A small heading over a block of a tab."""
    return f'<div style="font-weight:600;font-size:17px;margin:10px 0 4px">{escape(text)}</div>'


def sentence(text: str) -> str:
    """The core's message as a sentence: a capital first letter and a full stop.

    >>> sentence("the seed must be 0 or more")
    'The seed must be 0 or more.'
    """
    return f"{text[:1].upper()}{text[1:]}."


def error_html(text: str, keep: str) -> str:
    """A refusal as a "Not done:" notice: the reason, then what stays as it was."""
    return notice_html(f"{sentence(text)} {keep}", "error", title="Not done:")


def attempt(call: Callable[[], object], message: widgets.HTML, keep: str,
            errors: tuple[type[Exception], ...] = (HanafudaError,)) -> bool:
    """``call()``; if the core refuses, show why in ``message`` and return False (what is
    shown stays, as ``keep`` says); else clear ``message`` and return True."""
    try:
        call()
    except errors as error:
        message.value = error_html(str(error), keep)
        return False
    message.value = ""
    return True


def seed_box(value: int, width: str = "170px") -> widgets.IntText:
    """The Seed box: the same seed gives the same cards."""
    return widgets.IntText(value=value, description="Seed", style={"description_width": "45px"},
                           layout=widgets.Layout(width=width))


def dropdown(options: Sequence[object] | Mapping[str, object], value: object,
             description: str, label_width: str, width: str) -> widgets.Dropdown:
    """A labelled drop-down (the rules or tradition, the players)."""
    return widgets.Dropdown(options=options, value=value, description=description,
                            style={"description_width": label_width},
                            layout=widgets.Layout(width=width))


def hint_html(css_class: str, who: str, summary: str, items: str) -> str:
    """The hint box: who speaks, the advice, and (if any) ``items``, a list's ``<li>`` rows."""
    return (f'<div class="{css_class} hanafuda-notice" role="status" style="border-left:6px '
            f'solid #6b4fa0;background:#f3effa;padding:8px 14px;margin:6px 0;border-radius:4px;'
            f'font-size:16px;line-height:1.45"><strong>{who}:</strong> {escape(summary)}'
            + (f"<ul style='margin:4px 0 0 18px'>{items}</ul>" if items else "") + "</div>")


class RoundController(Protocol):
    """What :class:`RoundView` asks of a game's controller: play the human's action,
    and give a hint (each game has its own hint type, which its view renders)."""

    def act(self, action: Any) -> object: ...

    def hint(self) -> Any: ...


class RoundView:
    """What a view of a round against the computer does with its controller.

    The view has ``controller`` (``act``, ``hint``), the HTML outputs ``message`` and
    ``hint``, ``_render()``, and ``_hint_html(hint)`` for a hint the controller gave.
    """

    controller: RoundController
    message: widgets.HTML
    hint: widgets.HTML

    def _play(self, call: Callable[[], object], keep: str) -> bool:
        if not attempt(call, self.message, keep):
            return False
        self.hint.value = ""
        self._render()
        return True

    def act(self, action: object) -> bool:
        """Play an action for the human (the buttons call this); False if refused."""
        return self._play(lambda: self.controller.act(action), "Nothing was played.")

    def show_hint(self) -> str:
        try:
            hint = self.controller.hint()
        except HanafudaError as error:
            shown = notice_html(sentence(str(error)), "info")
        else:
            shown = self._hint_html(hint)
        self.hint.value = shown
        return shown

    def _render(self) -> None:
        raise NotImplementedError

    def _hint_html(self, hint: Any) -> str:
        raise NotImplementedError


def quiz_tab(make: Callable[..., Quiz], preset_box: Callable[[str], widgets.Dropdown], *,
             seed: int, n: int, tooltip: str, intro: str) -> widgets.Widget:
    """A game's quiz: a seed, the rules, Start, and the quiz.

    ``make(seed, n, preset=...)`` makes the quiz; ``preset_box(value)`` makes the rules
    drop-down.
    """
    from .quiz import QuizWidget
    seed_input = seed_box(seed)
    preset = preset_box("book")
    start = widgets.Button(description="Start", button_style="primary", style=BIG,
                           tooltip=tooltip)
    message = widgets.HTML()
    holder = widgets.VBox()

    def begin(_b: object = None) -> None:
        try:
            quiz = make(seed_input.value, n, preset=preset.value)
        except HanafudaError as error:
            message.value = error_html(str(error), "The quiz shown goes on.")
            return
        message.value = ""
        holder.children = [QuizWidget(quiz, new_quiz_controls=False)]

    start.on_click(begin)
    panel = widgets.VBox([widgets.HTML(para(intro)), widgets.HBox([seed_input, preset, start]),
                          message, holder])
    panel.seed = seed_input
    panel.preset = preset
    panel.start = start
    panel.holder = holder
    begin()
    return panel


def guarded(build: Callable[[], widgets.Widget], what: str) -> widgets.Widget:
    """``build()``, or a notice in its place if it fails: one broken tool never breaks the page."""
    try:
        return build()
    except Exception as error:     # noqa: BLE001 - any failure becomes a notice
        return widgets.HTML(notice_html(
            f"The {what} could not be built in this copy of the app "
            f"({type(error).__name__}: {error}).", "warning"))


def tabbed_panel(first: widgets.Widget,
                 builders: dict[int, tuple[Callable[[], widgets.Widget], str]],
                 titles: tuple[str, ...], intro: str, css_class: str) -> widgets.VBox:
    """``intro`` (HTML) over sub-tabs: ``first`` is built; the tab at index ``i`` is built by
    ``builders[i]`` (a maker and what it is, for the notice) the first time it is opened.

    The panel keeps ``tabs`` and ``build_tab(index)`` as attributes.
    """
    holders = [widgets.VBox() for _ in builders]
    tabs = widgets.Tab(children=[first] + holders)
    tabs.titles = titles
    tabs.selected_index = 0

    def build(index: int) -> None:
        holder = tabs.children[index]
        if index in builders and not holder.children:
            make, what = builders[index]
            holder.children = [guarded(make, what)]

    tabs.observe(lambda change: build(change["new"]) if change["new"] is not None else None,
                 names="selected_index")
    panel = widgets.VBox([widgets.HTML(intro), tabs])
    panel.add_class(css_class)
    panel.tabs = tabs
    panel.build_tab = build
    return panel
