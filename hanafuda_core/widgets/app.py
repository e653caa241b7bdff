"""The classroom app: a home page with every game, and one page per game built from its tools.

``app/index.ipynb`` calls :func:`classroom_app` as its last expression and Voila
shows the result. The function builds widgets and displays nothing itself.

The home page lists every game of the registry, grouped by family. A playable game has a
button that opens its page; a game that is not playable yet says what it is and links to
its chapter (or says that the chapter is coming). A game's page is built the first time
it is opened, from the tools its registry entry offers (:mod:`.tools`): nothing here
knows one game from another.

Chapter links point into the built book, served at ``HANAFUDA_BOOK_URL`` (``make serve``
sets it; ``http://127.0.0.1:8000/`` otherwise). A chapter is in the book when its source
``book/<key>.md`` is.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..games import all_games, get_game
from ..rules import FAMILIES, GameInfo
from .common import guarded, tabbed_panel
from .tools import TOOLS, build_tool, game_tools, rule_set_of

__all__ = [
    "APP_PAGE_TITLE",
    "APP_TITLE",
    "BOOK_URL_VARIABLE",
    "CARD_PAGES",
    "DEFAULT_BOOK_URL",
    "PROJECTOR_CLASS",
    "ClassroomApp",
    "book_url",
    "chapter_in_book",
    "classroom_app",
]

# The notebook's markdown cell carries the page's heading; the app's own heading says what is
# in it. The browser's tab says what the page is: app/index.ipynb's metadata "title".
APP_TITLE = "Choose a game"
APP_PAGE_TITLE = "The Hanafuda Rulebook: classroom app"
BOOK_URL_VARIABLE = "HANAFUDA_BOOK_URL"
DEFAULT_BOOK_URL = "http://127.0.0.1:8000/"
_BOOK_SOURCES = Path(__file__).resolve().parents[2] / "book"
# The book's style additions (tab and button contrast, the focus ring), shared by the app.
_SHARED_CSS = _BOOK_SOURCES / "_assets" / "hanafuda.css"

# Larger type and controls for a projector; scoped to the app's own box.
_APP_CSS = """
<style>
.hanafuda-app {
  --jp-widgets-font-size: 16px;
  --jp-widgets-inline-height: 36px;
  --jp-widgets-inline-label-width: 130px;
  font-size: 16px;
  max-width: 1240px;
  padding: 0 0 24px;
}
.hanafuda-app .lm-TabBar-tab, .hanafuda-app .p-TabBar-tab {
  font-size: 17px; font-weight: 600; min-height: 38px; line-height: 38px;
  padding: 0 18px; min-width: 150px;
}
.hanafuda-app .widget-toggle-button, .hanafuda-app .jupyter-button { font-size: 16px; }
.hanafuda-app .widget-toggle-buttons { display: flex; align-items: center; }
.hanafuda-app .widget-toggle-buttons > .widget-label { flex: 0 0 auto; }
.hanafuda-app .widget-select > select, .hanafuda-app .widget-dropdown > select,
.hanafuda-app .widget-text input { font-size: 16px; }
.hanafuda-app .widget-select > select option { padding: 2px 4px; }
.hanafuda-app .widget-label, .hanafuda-app .widget-label-basic { font-size: 16px; }
.hanafuda-app h2 { font-size: 24px; margin: 4px 0; }
.hanafuda-app h3 { font-size: 20px; margin: 18px 0 2px; }
.hanafuda-app .hanafuda-game-open { height: auto; min-height: 40px; font-weight: 600;
  white-space: normal; }
.hanafuda-app .hanafuda-game-card { align-items: flex-start; margin: 6px 0; }
.hanafuda-app .hanafuda-game-card p, .hanafuda-app .hanafuda-later p { margin: 2px 0; }
.hanafuda-app .hanafuda-later ul { margin: 4px 0 4px 0; padding-left: 22px; }
.hanafuda-app .hanafuda-later li { margin: 0 0 8px; line-height: 1.4; }
.hanafuda-app a { text-decoration: underline; }
.hanafuda-app .hanafuda-back { width: auto; }
</style>
"""


def _shared_css() -> str:
    """The book's style additions as a ``<style>`` (empty when this copy has no book)."""
    try:
        return f"<style>{_SHARED_CSS.read_text(encoding='utf-8')}</style>"
    except OSError:
        return ""


#: The class the Projector view toggle puts on the app: large cards and type for a class.
PROJECTOR_CLASS = "hanafuda-projector"
_PROJECTOR_CSS = """
<style>
.hanafuda-app.hanafuda-projector {
  --jp-widgets-font-size: 24px;
  --jp-widgets-inline-height: 52px;
  --jp-widgets-inline-label-width: 190px;
  font-size: 24px;
  max-width: none;
}
.hanafuda-app.hanafuda-projector .widget-label,
.hanafuda-app.hanafuda-projector .widget-label-basic,
.hanafuda-app.hanafuda-projector .widget-html-content,
.hanafuda-app.hanafuda-projector .jupyter-button,
.hanafuda-app.hanafuda-projector .widget-toggle-button,
.hanafuda-app.hanafuda-projector .widget-dropdown > select,
.hanafuda-app.hanafuda-projector .widget-text input { font-size: 24px; }
.hanafuda-app.hanafuda-projector .lm-TabBar-tab,
.hanafuda-app.hanafuda-projector .p-TabBar-tab { font-size: 24px; min-height: 52px;
  line-height: 52px; }
.hanafuda-app.hanafuda-projector h2 { font-size: 36px; }
.hanafuda-app.hanafuda-projector h3 { font-size: 30px; }
.hanafuda-app.hanafuda-projector svg.hanafuda-card { zoom: 1.75; }
.hanafuda-app .hf-projector-toggle { width: auto; }
</style>
"""


# ---------------------------------------------------------------------------
# Facts shown for a game


def book_url() -> str:
    """Where the built book is served (ends with ``/``)."""
    url = os.environ.get(BOOK_URL_VARIABLE) or DEFAULT_BOOK_URL
    return url if url.endswith("/") else url + "/"


def chapter_in_book(key: str) -> bool:
    """True when the game's chapter (``book/<key>.md``) is in this copy of the book."""
    return (_BOOK_SOURCES / f"{key}.md").is_file()


def _players(info: GameInfo) -> str:
    low, high = info.players
    if low == high:
        return "1 player" if low == 1 else f"{low} players"
    return f"{low} to {high} players"


def _family_title(family: str) -> str:
    return FAMILIES.get(family, family).split(":")[0]


def _chapter_html(info: GameInfo) -> str:
    """A link to the game's chapter, or a sentence saying it is coming."""
    if chapter_in_book(info.key):
        label = f"Read chapter {info.chapter}" if info.chapter else "Read its chapter"
        return (f'<a class="hanafuda-chapter-link" href="{escape(book_url())}book/'
                f'{escape(info.key)}.html" target="_blank" rel="noopener">{label}: '
                f"{escape(info.name)}</a> (opens the book in a new tab)")
    where = f"Chapter {info.chapter} of the rulebook" if info.chapter else "Its chapter"
    return f'<span class="hanafuda-chapter-coming">{where} is coming to the book.</span>'


def _facts(info: GameInfo) -> str:
    parts = [_players(info), _family_title(info.family)]
    if info.difficulty:
        parts.append(f"level: {info.difficulty}")
    return escape(" · ".join(parts))


# ---------------------------------------------------------------------------
# Pages besides the games: the cards


def _deck_explorer() -> widgets.Widget:
    from .deck import DeckExplorer
    return DeckExplorer()


def _card_quiz() -> widgets.Widget:
    from .quiz import quiz_panel
    return quiz_panel(seed=1)


#: Pages for every game: (key, title, what it is, builder).
CARD_PAGES: tuple[tuple[str, str, str, Callable[[], widgets.Widget]], ...] = (
    ("deck", "Deck explorer",
     "Filter the 48 cards by month and kind, and read any card's facts.", _deck_explorer),
    ("card-quiz", "Card quiz", "Questions on the cards: months, kinds and flowers.",
     _card_quiz),
)


# ---------------------------------------------------------------------------
# The app


def _rule_sets_html(info: Any) -> str:
    """The rule sets a game's page offers (its presets), by their readers' names."""
    from ..teach.facts import preset_label, presets
    labels = [preset_label(info.key, p) for p in presets(info.key)]
    if len(labels) < 2:
        return ""
    return f"Rule sets to choose from on its page: {escape('; '.join(labels))}. "


# ipywidgets ships no type information, so its classes are Any to mypy.
class ClassroomApp(widgets.VBox):  # type: ignore[misc]
    """The home page and the pages behind it, in a stack that shows one at a time.

    ``open_page(key)`` shows a game's page (or a card page), building it the first time;
    ``go_home()`` shows the home page again. ``game_buttons`` maps each playable game's
    key to its button; ``pages`` holds the pages built so far.
    """

    def __init__(self, games: Iterable[Any] | None = None) -> None:
        self.games = list(all_games() if games is None else games)
        self.pages: dict[str, widgets.Widget] = {}
        self.game_buttons: dict[str, widgets.Button] = {}
        self._index: dict[str, int] = {}
        self.home = self._home()
        holders: list[widgets.Widget] = [self.home]
        for key in [k for k, *_ in CARD_PAGES] + [g.key for g in self.games if game_tools(g)]:
            self._index[key] = len(holders)
            holders.append(widgets.VBox())
        self.stack = widgets.Stack(children=holders, selected_index=0)
        self.projector = widgets.ToggleButton(
            value=False, description="Projector view",
            tooltip="Large cards and type, for a projector or a whiteboard")
        self.projector.add_class("hf-projector-toggle")
        self.projector.observe(lambda change: self.set_projector(change["new"]), "value")
        super().__init__([widgets.HTML(_shared_css() + _APP_CSS + _PROJECTOR_CSS),
                          self.projector, self.stack])
        self.add_class("hanafuda-app")

    def set_projector(self, on: bool) -> None:
        """Turn the projector view (large cards and type) on or off; the toggle follows."""
        if on:
            self.add_class(PROJECTOR_CLASS)
        else:
            self.remove_class(PROJECTOR_CLASS)
        self.projector.value = bool(on)

    # -- navigation --------------------------------------------------------
    def open_page(self, key: str) -> widgets.Widget:
        """Show the page of ``key`` (a playable game or a card page), building it once."""
        if key not in self._index:
            from .tools import UnknownToolError
            raise UnknownToolError(f"the app has no page for {key!r}; its pages are: "
                                   f"{', '.join(self._index)}")
        if key not in self.pages:
            holder = self.stack.children[self._index[key]]
            page = self._card_page(key) if key in {k for k, *_ in CARD_PAGES} \
                else self._game_page(key)
            holder.children = [page]
            self.pages[key] = page
        self.stack.selected_index = self._index[key]
        return self.pages[key]

    def go_home(self, _button: object = None) -> None:
        self.stack.selected_index = 0

    # -- the home page -----------------------------------------------------
    def _home(self) -> widgets.VBox:
        intro = widgets.HTML(
            f'<header class="hanafuda-app-header"><h2>{APP_TITLE}</h2>'
            '<p style="font-size:18px;line-height:1.5;margin:4px 0 10px;max-width:960px">'
            "Every game of the rulebook, grouped by family. Open a game that can be played "
            "here to play it against the computer with hints, score a pile, replay a game, "
            "deal and take its quiz. Every deal, quiz and game has a seed: give your class "
            "the same seed and everyone sees the same cards.</p></header>")
        rows: list[widgets.Widget] = [intro]
        rows.append(widgets.HTML('<h3 id="hanafuda-family-cards">The cards</h3>'))
        for key, title, what, _build in CARD_PAGES:
            rows.append(self._card_row(key, f"Open the {title.lower()}",
                                       f"<p><strong>{escape(title)}</strong></p><p>"
                                       f"{escape(what)}</p>", f"Open the {title.lower()}"))
        for family in FAMILIES:
            members = [g for g in self.games if g.family == family]
            if members:
                rows.extend(self._family(family, members))
        box = widgets.VBox(rows)
        box.add_class("hanafuda-home")
        return box

    def _card_row(self, key: str, label: str, body: str, tooltip: str) -> widgets.HBox:
        button = widgets.Button(description=label, tooltip=tooltip,
                                layout=widgets.Layout(width="240px", margin="0 14px 0 0"))
        button.add_class("hanafuda-game-open")
        button.on_click(lambda _b, key=key: self.open_page(key))
        self.game_buttons[key] = button
        text = widgets.HTML(f'<div style="max-width:900px">{body}</div>')
        row = widgets.HBox([button, text])
        row.add_class("hanafuda-game-card")
        return row

    def _family(self, family: str, members: list[GameInfo]) -> list[widgets.Widget]:
        head, _, about = FAMILIES.get(family, family).partition(":")
        out: list[widgets.Widget] = [widgets.HTML(
            f'<h3 class="hanafuda-family" data-family="{escape(family)}">{escape(head)}</h3>'
            f'<p style="margin:0 0 6px;color:#333">{escape(about.strip().capitalize())}.</p>')]
        rule_sets = {g.key for g in members if rule_set_of(g.key) is not None}
        ready = [g for g in members if game_tools(g)]
        later = [g for g in members if not game_tools(g) and g.key not in rule_sets]
        for g in ready:
            tools = ", ".join(TOOLS[t].title.lower() for t in game_tools(g))
            body = (f'<p><strong>{escape(g.name)}</strong> · {_facts(g)} · '
                    f"<strong>playable here</strong></p><p>{escape(g.summary)}</p>"
                    f"<p>Tools: {escape(tools)}. {_rule_sets_html(g)}"
                    f"{_chapter_html(g)}</p>")
            row = self._card_row(g.key, f"Open {g.name}", body, f"Open {g.name}: {tools}")
            row.add_class("hanafuda-playable")
            out.append(row)
        if later:
            items = "".join(
                f'<li data-game="{escape(g.key)}"><strong>{escape(g.name)}</strong> · '
                f"{_facts(g)} · not playable in the app yet.<br>{escape(g.summary)} "
                f"{_chapter_html(g)}</li>" for g in later)
            label = f"{head}: not playable in the app yet"
            out.append(widgets.HTML(
                f'<section class="hanafuda-later" aria-label="{escape(label)}">'
                f'<p style="font-weight:600">Not playable in the app yet:</p><ul>{items}</ul>'
                "</section>"))
        return out

    # -- pages -----------------------------------------------------------------
    def _back(self) -> widgets.Button:
        back = widgets.Button(description="← All games", tooltip="Back to the list of games")
        back.add_class("hanafuda-back")
        back.on_click(self.go_home)
        return back

    def _card_page(self, key: str) -> widgets.Widget:
        _key, title, what, build = next(p for p in CARD_PAGES if p[0] == key)
        page = widgets.VBox([self._back(), widgets.HTML(
            f"<h2>{escape(title)}</h2><p>{escape(what)}</p>"), guarded(build, title.lower())])
        page.add_class("hanafuda-page")
        page.add_class(f"hanafuda-page-{key}")
        return page

    def _game_page(self, key: str) -> widgets.Widget:
        return guarded(lambda: self._build_game_page(key), f"{key} page")

    def _build_game_page(self, key: str) -> widgets.Widget:
        info = get_game(key)
        names = game_tools(info)
        shared: dict[str, Any] = {}

        def maker(name: str) -> tuple[Callable[[], widgets.Widget], str]:
            return (lambda: build_tool(name, key, shared)), TOOLS[name].what

        first = guarded(*maker(names[0]))
        builders = {i: maker(name) for i, name in enumerate(names) if i}
        intro = (f"<h2>{escape(info.name)}</h2><p>{_facts(info)}</p>"
                 f"<p style='max-width:960px'>{escape(info.summary)}</p>"
                 f"<p>{_chapter_html(info)}</p>")
        panel = tabbed_panel(first, builders, tuple(TOOLS[n].title for n in names), intro,
                             f"hanafuda-{key}")
        page = widgets.VBox([self._back(), panel])
        page.add_class("hanafuda-page")
        page.add_class(f"hanafuda-page-{key}")
        page.tools = names
        page.panel = panel
        return page


def classroom_app() -> ClassroomApp:
    """Build the whole classroom app (the caller displays it): the home page shows, and
    each game's page is built the first time it is opened."""
    return ClassroomApp()
