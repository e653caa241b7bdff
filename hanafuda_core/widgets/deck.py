"""The deck explorer: filter the 48 cards and read the facts of one.

The :class:`~hanafuda_core.controllers.DeckController` does the filtering and
the facts; this view only lays them out and wires the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from ..controllers import CardFacts, DeckController
from ..render.svg import card_svg
from .static import notice_html

__all__ = ["DeckExplorer"]

_WIDE = {"description_width": "130px"}
# ipywidgets reads a None value as "nothing selected", so the "all" choices use a word.
ALL = "all"


def _none_if_all(value: object) -> object:
    return None if value == ALL else value


def _all_if_none(value: object) -> object:
    return ALL if value is None else value


# ipywidgets ships no type information, so its classes are Any to mypy.
class DeckExplorer(widgets.VBox):  # type: ignore[misc]
    """Filters on top, the matching cards as pictures, a card list and its facts."""

    def __init__(self, controller: DeckController | None = None, *, width: int = 64) -> None:
        self.controller = controller or DeckController()
        self.width = width
        ctl = self.controller
        self._syncing = False
        self.order = widgets.ToggleButtons(
            options=[("Japanese months", "japanese"), ("Korean months", "korean")],
            value=ctl.order, description="Month order", style=_WIDE)
        self.month = widgets.Dropdown(
            options=self._month_options(), value=_all_if_none(ctl.month), description="Month",
            style=_WIDE, layout=widgets.Layout(width="420px"))
        self.kind = widgets.Dropdown(
            options=[("All kinds", ALL)] + ctl.kind_options(), value=_all_if_none(ctl.kind),
            description="Kind", style=_WIDE, layout=widgets.Layout(width="320px"))
        self.ribbon = widgets.Dropdown(
            options=[("Any or none", ALL)] + ctl.ribbon_options(),
            value=_all_if_none(ctl.ribbon),
            description="Ribbon colour", style=_WIDE, layout=widgets.Layout(width="320px"))
        self.named = widgets.Checkbox(value=ctl.named_only, description="Named cards only",
                                      indent=False)
        self.card = widgets.Select(options=ctl.card_options(), value=ctl.selected, rows=12,
                                   description="Card", style={"description_width": "50px"},
                                   layout=widgets.Layout(width="330px"))
        self.heading = widgets.HTML()
        self.pictures = widgets.HTML()
        self.facts = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self.message = widgets.HTML()

        self.order.observe(self._on_order, names="value")
        for control in (self.month, self.kind, self.ribbon, self.named):
            control.observe(self._on_filter, names="value")
        self.card.observe(self._on_card, names="value")

        filters = widgets.VBox([self.order,
                                widgets.HBox([self.month, self.kind]),
                                widgets.HBox([self.ribbon, self.named])])
        super().__init__([filters, self.heading, self.pictures, self.message,
                          widgets.HBox([self.card, self.facts])])
        self.add_class("hanafuda-deck-explorer")
        self._render()

    # -- events ------------------------------------------------------------
    def _on_order(self, change: Mapping[str, Any]) -> None:
        self.controller.set_order(change["new"])
        month = self.month.value
        self._syncing = True
        try:
            self.month.options = self._month_options()
            self.month.value = month
        finally:
            self._syncing = False
        self._render()

    def _on_filter(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        self.controller.set_filters(month=_none_if_all(self.month.value),
                                    kind=_none_if_all(self.kind.value),
                                    ribbon=_none_if_all(self.ribbon.value),
                                    named_only=self.named.value)
        self._syncing = True
        try:
            self.card.options = self.controller.card_options()
            self.card.value = self.controller.selected
        finally:
            self._syncing = False
        self._render()

    def _on_card(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        self.controller.select(change["new"])
        self._render()

    # -- drawing -------------------------------------------------------------
    def _month_options(self) -> list[tuple[str, str | int]]:
        return [("All months", ALL), *self.controller.month_options()]

    def _render(self) -> None:
        ctl = self.controller
        cards = ctl.matching()
        self.heading.value = (f'<div style="font-size:17px;margin:8px 0 4px">'
                              f'<strong>{len(cards)}</strong> of 48: '
                              f'{escape(ctl.describe_filters())}</div>')
        if cards:
            self.message.value = ""
            pictures = "".join(card_svg(c, width=self.width,
                                        highlight="selected" if c == ctl.selected else False)
                               for c in cards)
            self.pictures.value = (f'<div class="hanafuda-explorer-cards" style="display:flex;'
                                   f'flex-wrap:wrap;gap:6px">{pictures}</div>')
        else:
            self.pictures.value = ""
            self.message.value = notice_html(
                "No card matches all these filters. Set one of them back to 'All'.",
                "warning")
        self.facts.value = self._facts_html(ctl.facts())

    def _facts_html(self, facts: CardFacts | None) -> str:
        if facts is None:
            return ""
        rows = "".join(
            f'<tr><th style="text-align:left;padding:3px 12px 3px 0;font-weight:600;'
            f'white-space:nowrap;vertical-align:top">{escape(label)}</th>'
            f'<td style="padding:3px 0">{escape(text)}</td></tr>'
            for label, text in facts.rows())
        notes = "".join(f'<li style="margin:4px 0">{escape(n)}</li>' for n in facts.notes)
        notes_html = (f'<div style="margin-top:8px"><strong>Notes</strong>'
                      f'<ul style="margin:4px 0 0 18px;padding:0">{notes}</ul></div>'
                      if notes else "")
        return (f'<div class="hanafuda-facts" data-facts="{facts.code}" style="display:flex;'
                f'gap:18px;align-items:flex-start;font-size:16px;line-height:1.4;'
                f'margin-left:12px">'
                f'<div>{card_svg(facts.card, width=128)}</div>'
                f'<div><table style="border-collapse:collapse">{rows}</table>{notes_html}'
                f'</div></div>')
