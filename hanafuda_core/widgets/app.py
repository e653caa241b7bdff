"""The classroom app: one page with the sample deal, the deck explorer, the quiz and Koi-Koi.

``app/index.ipynb`` calls :func:`classroom_app` as its last expression and Voila
shows the result. The function builds widgets and displays nothing itself.
"""

from __future__ import annotations

import ipywidgets as widgets

from .common import guarded
from .deal import SampleDeal
from .deck import DeckExplorer
from .static import notice_html

__all__ = ["classroom_app", "APP_TITLE", "TAB_TITLES", "KOIKOI_TAB", "HACHIHACHI_TAB"]

# The notebook's markdown cell carries the page title; the app's own heading says what is in it.
APP_TITLE = "Deal, explore, quiz"
# The sample deal comes first so its Deal button is visible without a click.
TAB_TITLES = ("Sample deal", "Deck explorer", "Quiz", "Koi-Koi", "Hachi-Hachi")
KOIKOI_TAB = TAB_TITLES.index("Koi-Koi")
HACHIHACHI_TAB = TAB_TITLES.index("Hachi-Hachi")

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
</style>
"""


def _header() -> widgets.HTML:
    intro = ("Deal sample hands, explore the 48 cards, try the quiz, play Koi-Koi and settle "
             "Hachi-Hachi. Every deal, quiz and game has a seed: give your class the same seed "
             "and everyone sees the same cards, so a deal can be repeated and talked about.")
    return widgets.HTML(
        f'{_APP_CSS}<header class="hanafuda-app-header"><h2>{APP_TITLE}</h2>'
        f'<p style="font-size:18px;line-height:1.5;margin:4px 0 10px;max-width:960px">'
        f'{intro}</p></header>')


def _quiz_tab() -> widgets.Widget:
    from .quiz import quiz_panel
    return quiz_panel(seed=1)


def _koikoi_tab() -> widgets.Widget:
    from .koikoi import koikoi_panel
    return koikoi_panel()


def _hachihachi_tab() -> widgets.Widget:
    from .hachihachi import hachihachi_panel
    return hachihachi_panel()


def classroom_app() -> widgets.VBox:
    """Build the whole classroom page (the caller displays it).

    The Koi-Koi tab is built the first time it is opened, so the page loads fast.
    """
    koikoi = widgets.VBox([widgets.HTML(notice_html("Loading Koi-Koi…", "info"))])
    hachihachi = widgets.VBox([widgets.HTML(notice_html("Loading Hachi-Hachi…", "info"))])
    tabs = widgets.Tab(children=[guarded(SampleDeal, "sample deal"),
                                 guarded(DeckExplorer, "deck explorer"),
                                 guarded(_quiz_tab, "quiz"), koikoi, hachihachi])
    tabs.titles = TAB_TITLES
    tabs.selected_index = 0

    def open_koikoi(change) -> None:
        if change["new"] == KOIKOI_TAB and not getattr(koikoi, "built", False):
            koikoi.built = True  # type: ignore[attr-defined]
            koikoi.children = [guarded(_koikoi_tab, "Koi-Koi tab")]

    tabs.observe(open_koikoi, names="selected_index")

    def open_hachihachi(change) -> None:
        if change["new"] == HACHIHACHI_TAB and not getattr(hachihachi, "built", False):
            hachihachi.built = True  # type: ignore[attr-defined]
            hachihachi.children = [guarded(_hachihachi_tab, "Hachi-Hachi tab")]

    tabs.observe(open_hachihachi, names="selected_index")
    app = widgets.VBox([_header(), tabs])
    app.add_class("hanafuda-app")
    return app
