"""The classroom app: one page with the sample deal, the deck explorer and the quiz.

``app/index.ipynb`` calls :func:`classroom_app` as its last expression and Voila
shows the result. The function builds widgets and displays nothing itself.
"""

from __future__ import annotations

import ipywidgets as widgets

from .deal import SampleDeal
from .deck import DeckExplorer
from .static import notice_html

__all__ = ["classroom_app", "APP_TITLE", "TAB_TITLES"]

# The notebook's markdown cell carries the page title; the app's own heading says what is in it.
APP_TITLE = "Deal, explore, quiz"
# The sample deal comes first so its Deal button is visible without a click.
TAB_TITLES = ("Sample deal", "Deck explorer", "Quiz")

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
    intro = ("Deal sample hands, explore the 48 cards and try the quiz. Every deal and "
             "quiz has a seed: give your class the same seed and everyone sees the same "
             "cards, so a deal can be repeated and talked about.")
    return widgets.HTML(
        f'{_APP_CSS}<header class="hanafuda-app-header"><h2>{APP_TITLE}</h2>'
        f'<p style="font-size:18px;line-height:1.5;margin:4px 0 10px;max-width:960px">'
        f'{intro}</p></header>')


def _quiz_tab() -> widgets.Widget:
    try:
        from .quiz import quiz_panel
    except ImportError:
        # TODO(lead): remove this fallback once hanafuda_core/widgets/quiz.py has landed.
        return widgets.HTML(notice_html(
            "The quiz is not installed in this copy of the app yet.", "warning"))
    return quiz_panel(seed=1)


def classroom_app() -> widgets.VBox:
    """Build the whole classroom page (the caller displays it)."""
    tabs = widgets.Tab(children=[SampleDeal(), DeckExplorer(), _quiz_tab()])
    tabs.titles = TAB_TITLES
    tabs.selected_index = 0
    app = widgets.VBox([_header(), tabs])
    app.add_class("hanafuda-app")
    return app
