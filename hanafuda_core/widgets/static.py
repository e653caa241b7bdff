"""Views that need no Python once drawn, for the static book pages.

:func:`month_tabs` switches tabs in the browser with plain HTML and CSS (radio
buttons, no script), so it keeps working in a Jupyter Book page after the kernel
is gone. :func:`static_note` marks the place of a live tool in such a page. Both
are :class:`StaticHTML`, not widgets: a page without widget state loads no widget
manager (3.6 MB of JavaScript), which keeps every page under the 1.5 MB budget
(tests/browser/test_page_weight.py). :func:`notice_html` is the one notice box
every view uses for hints and error messages.
"""

from __future__ import annotations

import itertools
from html import escape

from ..cards import CARD_INFO, FLOWERS, MONTH_ORDERS, Card
from ..controllers import MONTH_LABEL_ORDERS, month_label
from ..errors import HanafudaError
from ..render.svg import row_svg

__all__ = ["month_tabs", "month_caption", "static_note", "notice_html", "STATIC_NOTE",
           "StaticHTML", "MonthTabs"]

STATIC_NOTE = ("This tool runs live in the classroom app that comes with the book (your "
               "teacher starts it); in this static page you see its output.")

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


class StaticHTML:
    """HTML that a notebook (and so a book page) shows as it is: no widget, no script,
    nothing that needs a kernel or a widget manager in the page. ``value`` is the HTML.

    >>> StaticHTML("<p>Hi</p>")._repr_html_()
    '<p>Hi</p>'
    """

    def __init__(self, value: str) -> None:
        self.value = value

    def _repr_html_(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self.value)} characters of HTML>"


def static_note(text: str = "") -> StaticHTML:
    """The notice a chapter shows where a live tool would need Python.

    ``text`` (optional) names the tool or says what to try in it; the standard
    sentence about the classroom app follows.
    """
    return StaticHTML(notice_html(STATIC_NOTE, "info", title=text or None))


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


#: Tabs drawn with radio buttons and CSS: the labels in a row, the checked one's panel
#: below them. Arrow keys move between months (a radio group), the focused month shows a
#: 3 px ring, the chosen one is bold and underlined (not told by colour alone); printed,
#: every month shows.
MONTH_TABS_CSS = """<style>
.hanafuda-month-tabs { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 4px 4px;
  margin: 8px 0; }
.hanafuda-month-tabs > input { position: absolute; opacity: 0; width: 1px; height: 1px;
  margin: 0; }
.hanafuda-month-tabs > label { order: 0; cursor: pointer; padding: 6px 10px; font-size: 15px;
  color: #1b1b1b; background: #f2f2f2; border: 1px solid #6b6b6b; border-radius: 4px 4px 0 0;
  margin: 0; }
.hanafuda-month-tabs > input:checked + label { background: #ffffff; font-weight: 700;
  text-decoration: underline; text-underline-offset: 4px; border-color: #1a4f8b; }
.hanafuda-month-tabs > input:focus-visible + label { outline: 3px solid #1a4f8b;
  outline-offset: 2px; }
.hanafuda-month-tabs > .hanafuda-month-panel { order: 1; width: 100%; display: none;
  border: 1px solid #6b6b6b; padding: 10px 12px; color: #1b1b1b; background: #ffffff; }
.hanafuda-month-tabs > input:checked + label + .hanafuda-month-panel { display: block; }
@media print {
  .hanafuda-month-tabs > label { display: none; }
  .hanafuda-month-tabs > .hanafuda-month-panel { display: block; break-inside: avoid; }
}
</style>"""

_TAB_GROUPS = itertools.count(1)


class MonthTabs(StaticHTML):
    """Twelve month tabs as plain HTML (see :func:`month_tabs`): ``children`` holds each
    month's panel (a :class:`StaticHTML`), ``titles`` its tab label, in tab order."""

    def __init__(self, value: str, children: list[StaticHTML], titles: tuple[str, ...]
                 ) -> None:
        super().__init__(value)
        self.children = children
        self.titles = titles


def month_tabs(order: str = "japanese", *, width: int = 88) -> MonthTabs:
    """Twelve tabs, one a month in ``order``, each with its four cards and a caption.

    Plain HTML and CSS (a radio button per month), so the tabs switch in a static page
    with no script; the first month is open.

    >>> tabs = month_tabs()
    >>> tabs.titles[:2], tabs.value.count('type="radio"')
    (('1 Pine', '2 Plum'), 12)
    """
    if order not in MONTH_LABEL_ORDERS:
        raise HanafudaError(f"unknown month order {order!r}; use "
                            f"{' or '.join(MONTH_LABEL_ORDERS)}")
    table = MONTH_ORDERS[order]
    months = sorted(range(1, 13), key=lambda m: table[m - 1])
    group = f"hanafuda-months-{next(_TAB_GROUPS)}"
    children, titles, parts = [], [], []
    for i, month in enumerate(months):
        label = month_label(month, order)
        body = (f'<div class="hanafuda-month" data-month="{month}">'
                f'<div style="font-size:18px;font-weight:600;margin:4px 0 8px">'
                f'{escape(label)}</div>'
                f'{row_svg(_month_cards(month), width=width)}'
                f'<div style="font-size:16px;margin-top:8px">{escape(month_caption(month))}</div>'
                f'</div>')
        title = f"{table[month - 1]} {FLOWERS[month - 1].english}"
        children.append(StaticHTML(body))
        titles.append(title)
        tab = f"{group}-{month}"
        parts.append(f'<input type="radio" name="{group}" id="{tab}" value="{month}"'
                     f'{" checked" if i == 0 else ""}>'
                     f'<label for="{tab}">{escape(title)}</label>'
                     f'<div class="hanafuda-month-panel">{body}</div>')
    value = (MONTH_TABS_CSS + f'<div class="hanafuda-month-tabs" role="group" '
             f'aria-label="Months">{"".join(parts)}</div>')
    return MonthTabs(value, children, tuple(titles))
