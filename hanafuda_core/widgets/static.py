"""Widgets that need no Python once drawn, for the static book pages.

:func:`month_tabs` switches tabs in the browser, so it keeps working in a
Jupyter Book page after the kernel is gone. :func:`static_note` marks the
place of a live tool in such a page. :func:`notice_html` is the one notice box
every view uses for hints and error messages.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..cards import CARD_INFO, FLOWERS, MONTH_ORDERS, Card
from ..controllers import MONTH_LABEL_ORDERS, month_label
from ..errors import HanafudaError
from ..render.svg import row_svg

__all__ = ["month_tabs", "month_caption", "static_note", "notice_html", "STATIC_NOTE"]

STATIC_NOTE = ("This tool runs live in the classroom app (make serve → app URL); "
               "in this static page you see its output.")

_NOTICE_STYLES = {
    # kind: (border/accent colour, background); text stays dark for contrast
    "info": ("#2f6690", "#eaf2f8"),
    "warning": ("#b45309", "#fff4e0"),
    "error": ("#b42318", "#fdecea"),
}


def notice_html(text: str, kind: str = "info", *, title: str | None = None) -> str:
    """A notice box (plain text in, escaped HTML out).

    >>> notice_html("Deal again", "warning").startswith(
    ...     '<div class="hanafuda-notice hanafuda-notice-warning"')
    True
    """
    if kind not in _NOTICE_STYLES:
        raise HanafudaError(f"unknown notice kind {kind!r}; use one of: "
                            f"{', '.join(_NOTICE_STYLES)}")
    accent, background = _NOTICE_STYLES[kind]
    head = f"<strong>{escape(title)}</strong> " if title else ""
    return (f'<div class="hanafuda-notice hanafuda-notice-{kind}" role="status" '
            f'style="border-left:6px solid {accent};background:{background};color:#1b1b1b;'
            f'padding:10px 14px;margin:6px 0;border-radius:4px;font-size:16px;'
            f'line-height:1.45">{head}{escape(text)}</div>')


def static_note(text: str = "") -> widgets.HTML:
    """The notice a chapter shows where a live tool would need Python.

    ``text`` (optional) names the tool or says what to try in it; the standard
    sentence about the classroom app follows.
    """
    return widgets.HTML(notice_html(STATIC_NOTE, "info", title=text or None))


def month_caption(month: int) -> str:
    """One line about a month's four cards: flower names and kinds.

    >>> month_caption(8).split(": ")[0]
    'Susuki Grass 芒 (susuki)'
    >>> month_caption(8).split("; ")[1:]
    ['Geese – Ten', 'Susuki Chaff 1 – Chaff', 'Susuki Chaff 2 – Chaff']
    """
    flower = FLOWERS[month - 1]
    parts = []
    for card in _month_cards(month):
        info = CARD_INFO[card]
        kind = info.ribbon.label if info.ribbon else info.kind.label
        parts.append(f"{info.name} – {kind}")
    return f"{flower.english} {flower.kanji} ({flower.romaji}): " + "; ".join(parts)


def _month_cards(month: int) -> list[Card]:
    return [Card(4 * (month - 1) + i) for i in range(4)]


def month_tabs(order: str = "japanese", *, width: int = 88) -> widgets.Tab:
    """Twelve tabs, one a month in ``order``, each with its four cards and a caption."""
    if order not in MONTH_LABEL_ORDERS:
        raise HanafudaError(f"unknown month order {order!r}; use "
                            f"{' or '.join(MONTH_LABEL_ORDERS)}")
    table = MONTH_ORDERS[order]
    months = sorted(range(1, 13), key=lambda m: table[m - 1])
    children, titles = [], []
    for month in months:
        label = month_label(month, order)
        body = (f'<div class="hanafuda-month" data-month="{month}">'
                f'<div style="font-size:18px;font-weight:600;margin:4px 0 8px">'
                f'{escape(label)}</div>'
                f'{row_svg(_month_cards(month), width=width)}'
                f'<div style="font-size:16px;margin-top:8px">{escape(month_caption(month))}</div>'
                f'</div>')
        children.append(widgets.HTML(body))
        titles.append(f"{table[month - 1]} {FLOWERS[month - 1].english}")
    tab = widgets.Tab(children=children)
    tab.titles = tuple(titles)
    return tab
