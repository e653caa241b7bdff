"""Card pictures as SVG strings: the 48 cards, the extras, the back, and layouts.

Pure Python, standard library only, so it runs unchanged in Pyodide. Every
function returns a string; nothing here touches a file or the network.

>>> from hanafuda_core.cards import Card
>>> svg = card_svg(Card.PINE_CRANE, width=80)
>>> 'data-card="1a"' in svg and 'width="80"' in svg and 'height="128"' in svg
True

How a card shows its kind (by shape first, colour second, so the deck reads in
black and white too):

=========  ==============================================================
Bright     a rayed sun badge (twelve points, red) in the top-right corner
Ten        a diamond badge (blue) in the top-right corner
Ribbon     the ribbon strip itself across the picture: red with brush
           strokes = Poetry, purple-indigo = Purple, red and unmarked = Plain
Chaff      no badge (the Storm and the Special Paulownia are chaffs too)
=========  ==============================================================

Every card has a band at the bottom with the month number and short name
("1 Jan") and the flower's kanji, a ``<title>`` ("Crane — January (Pine),
Bright") and an ``aria-label``. The two chaffs of a month are mirror images
of each other with small differences in the picture.

SVG carries no ``id``, no gradient and no external reference, so any number
of cards can share one HTML page. A page with hundreds of cards can instead point
at one file per card (:func:`use_card_files`, :func:`write_card_files`): the book
does this, so each picture is drawn once and cached by the browser, while each card
keeps its own ``<svg>`` element with its title, classes and highlight. Text uses a
generic font stack (no web font). The art is original, drawn by this package's code;
it is licensed CC BY 4.0 (see ``ART-LICENSE.md``).
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from html import escape
from pathlib import Path

from ..cards import (
    FLOWERS,
    MONTH_NAMES,
    MONTH_ORDERS,
    AnyCard,
    Card,
    CardSet,
    Extra,
    parse_card,
    parse_cards,
)
from ..errors import HanafudaError
from . import motifs as m

__all__ = ["card_svg", "card_back_svg", "row_svg", "layout_html", "deck_grid_html",
           "card_data_uri", "card_title", "stack_svg", "FONT", "CARD_RATIO",
           "use_card_files", "write_card_files", "card_file_svg", "CARD_FILES_ENV",
           "HIGHLIGHTED", "highlight_name"]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Noto Sans CJK JP, Noto Sans CJK KR, Noto Sans, sans-serif"
CARD_RATIO = 1.6           # height / width of a card
VIEW_W, VIEW_H = 100, 160  # the card's own drawing units
LABEL_H = 20               # extra drawing units under a card that has a caption

CardLike = AnyCard | str | int

CARD_FILES_ENV = "HANAFUDA_CARD_FILES"
"""Environment variable naming the URL folder of the card files (set by ``make book``)."""

_card_files: str | None = os.environ.get(CARD_FILES_ENV) or None


def use_card_files(base_url: str | None) -> None:
    """Draw cards as references to ``{base_url}/{code}.svg`` (None: inline pictures).

    The files come from :func:`write_card_files`. The book build sets this through
    the ``HANAFUDA_CARD_FILES`` environment variable, so a chapter stays a few hundred
    kilobytes however many cards it shows; notebooks and the app draw inline.

    >>> use_card_files("cards"); 'href="cards/8a.svg"' in card_svg("moon")
    True
    >>> use_card_files(None); "href" in card_svg("moon")
    False
    """
    global _card_files
    _card_files = base_url.rstrip("/") if base_url else None


# ---------------------------------------------------------------------------
# Names


def _coerce(card: CardLike) -> AnyCard:
    if isinstance(card, (Card, Extra)):
        return card
    return parse_card(card, extras=True)


def card_title(card: CardLike) -> str:
    """The text a card's ``<title>`` and ``aria-label`` carry.

    >>> card_title(Card.PINE_CRANE)
    'Crane — January (Pine), Bright'
    >>> card_title("9b")
    'Chrysanthemum Ribbon — September (Chrysanthemum), Purple Ribbon'
    >>> card_title(Extra.JOKER_5)
    'Joker 5 — Dry Koi'
    """
    card = _coerce(card)
    if isinstance(card, Extra):
        if card is Extra.BLANK:
            return "Blank card"
        return f"{card.title} — {'Wet' if card <= Extra.JOKER_4 else 'Dry'} Koi"
    info = card.info
    kind = info.ribbon.label if info.ribbon else info.kind.label
    return f"{info.name} — {info.flower.month_name} ({info.flower.english}), {kind}"


def _esc(text: str) -> str:
    return escape(str(text), quote=True)


# ---------------------------------------------------------------------------
# Card bodies (cached; the wrappers only add size, outline and caption)


def _frame(face: str) -> str:
    return (m.rect(0, 0, VIEW_W, VIEW_H, m.INK, rx=6)
            + m.rect(3, 3, 94, 154, face, rx=2.5))


def _band(left: str, right: str, colour: str) -> str:
    return (m.rect(3, 142, 94, 15, colour, rx=2)
            + m.rect(3, 142, 94, 0.9, m.INK)
            + f'<text x="7" y="153.2" font-family="{FONT}" font-size="9.5" '
              f'font-weight="bold" fill="{m.INK}">{_esc(left)}</text>'
            + f'<text x="93" y="153.4" font-family="{FONT}" font-size="9.5" '
              f'text-anchor="end" fill="{m.INK}">{_esc(right)}</text>')


def _picture(content: str) -> str:
    """The picture, clipped to the card face by a nested viewport (no clipPath id)."""
    return (f'<svg x="3" y="3" width="94" height="139" viewBox="3 3 94 139" '
            f'overflow="hidden">{content}</svg>')


@cache
def _card_body(index: int) -> str:
    if index >= 48:
        return _extra_body(Extra(index))
    card = Card(index)
    info = card.info
    month = info.month
    place = info.place
    chaff_pair = info.kind.value == "chaff" and info.named is None
    picture = m.PAINTERS[month - 1](place)
    if chaff_pair and place == 3:   # the second plain chaff: mirror image
        picture = m.group(picture, "translate(100,0) scale(-1,1)")
    body = _frame(m.PAPER) + _picture(picture)
    if info.kind.value == "bright":
        body += m.bright_badge()
    elif info.kind.value == "ten":
        body += m.ten_badge()
    body += _band(f"{month} {MONTH_NAMES[month - 1][:3]}", info.flower.kanji,
                  m.BAND[month - 1])
    return body


def _extra_body(extra: Extra) -> str:
    if extra is Extra.BLANK:
        return (_frame("#ffffff")
                + m.rect(12, 20, 76, 112, "none", stroke="#c8c8c8", stroke_width=0.8,
                         stroke_dasharray="3 3")
                + f'<text x="50" y="80" font-family="{FONT}" font-size="15" '
                  f'text-anchor="middle" fill="#8a8a8a">Blank</text>'
                + _band("Blank", "", "#f2f2f2"))
    number = extra - Extra.BLANK
    wet = number <= 4
    disc = (m.circle(50, 82, 38, "#9cc9e6", stroke="#2f6f9f", stroke_width=1)
            + m.stroke("M20,70 q8,-4 16,0 t16,0 M52,104 q8,-4 16,0 t12,0 "
                       "M24,96 q6,-3 12,0", "#eaf5fb", 1)
            if wet else
            m.circle(50, 82, 38, "#f3d27a", stroke="#9c7b12", stroke_width=1)
            + m.polygon(m.star(50, 82, 36, 30, 16), "none", stroke="#c9a227",
                        stroke_width=0.8))
    colour, patch = (("#e2572b", "#fbf6ec") if wet else ("#f0b323", "#d8261c"))
    rot = (-30, 20, -15, 35, -25, 25)[number - 1]
    fish = m.group(m.koi(colour, patch),
                   f"translate(50,82) rotate({rot})" + (" scale(-1,1)" if number % 2 == 0 else ""))
    return (_frame(m.PAPER)
            + _picture(disc + fish)
            + f'<text x="50" y="24" font-family="{FONT}" font-size="13" font-weight="bold" '
              f'text-anchor="middle" fill="{m.INK}" letter-spacing="1">JOKER</text>'
            + m.circle(14, 15, 7.5, "#fffdf5", stroke=m.INK, stroke_width=0.8)
            + f'<text x="14" y="19" font-family="{FONT}" font-size="10.5" font-weight="bold" '
              f'text-anchor="middle" fill="{m.INK}">{number}</text>'
            + _band(f"Joker {number}", "Wet Koi" if wet else "Dry Koi",
                    "#d6e9f5" if wet else "#f6e7b0"))


@cache
def _back_body() -> str:
    lattice = " ".join(f"M{x},3 L{x + 60},157 M{x + 60},3 L{x},157" for x in range(-57, 98, 10))
    return (m.rect(0, 0, VIEW_W, VIEW_H, m.INK, rx=6)
            + m.rect(3, 3, 94, 154, "#7a1c15", rx=2.5)
            + '<svg x="3" y="3" width="94" height="154" viewBox="3 3 94 154" overflow="hidden">'
            + m.stroke(lattice, "#94302a", 0.8) + "</svg>"
            + m.rect(9, 9, 82, 142, "none", stroke="#b8862f", stroke_width=1, rx=2)
            + m.circle(50, 80, 15, "#5e140f", stroke="#b8862f", stroke_width=1.2)
            + "".join(m.ellipse(50 + 6 * dx, 80 + 6 * dy, 5, 3.4, "#c9a227",
                                rot=90 if dx else 0)
                      for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))
            + m.circle(50, 80, 2.6, "#7a1c15"))


def _caption(text: str) -> str:
    return (f'<text x="50" y="{VIEW_H + 14}" font-family="{FONT}" font-size="12" '
            f'text-anchor="middle" fill="#222">{_esc(text)}</text>')


# A highlighted card: a thick orange frame, a dark dashed frame round the picture (clear of
# the month band) and a dark corner flag with a white star, so that it shows without colour
# (in greyscale, to a colour-blind reader); its name says "highlighted" too
# (:func:`highlight_name`).
_HIGHLIGHT = (m.rect(1.5, 1.5, 97, 157, "none", stroke="#ff8f00", stroke_width=4.5, rx=5.5)
              + m.rect(6, 6, 88, 133, "none", stroke="#1a1a1a", stroke_width=2.2, rx=2,
                       stroke_dasharray="7 4")
              + m.polygon([(3, 3), (30, 3), (3, 30)], "#1a1a1a")
              + m.polygon(m.star(11.5, 11.5, 6, 2.6, 5), "#ffffff"))

HIGHLIGHTED = "highlighted"
"""The word a highlighted card's accessible name carries."""


def highlight_name(title: str, note: str | None = None) -> str:
    """A highlighted card's accessible name: its title, "highlighted" and what the
    highlight means (``note``), so that the highlight is not shown by colour alone.

    >>> highlight_name("Crane — January (Pine), Bright", "can be captured")
    'Crane — January (Pine), Bright, highlighted: can be captured'
    >>> highlight_name("Face-down card")
    'Face-down card, highlighted'
    """
    return f"{title}, {HIGHLIGHTED}" + (f": {note}" if note else "")


def _card_parts(card: CardLike | None, highlight: bool, face_down: bool,
                label: str | None, note: str | None = None) -> tuple[str, str, str, int]:
    """(code, title, inner SVG, drawing height) for one card; a highlighted card's title
    says so, with ``note`` (what the highlight means)."""
    if face_down or card is None:
        code, title = "back", "Face-down card"
        inner = _back_body() if _card_files is None else ""
    else:
        card = _coerce(card)
        code, title = card.code, card_title(card)
        inner = _card_body(int(card)) if _card_files is None else ""
    if _card_files is not None:
        inner = (f'<image href="{_esc(_card_files)}/{code}.svg" width="{VIEW_W}" '
                 f'height="{VIEW_H}"/>')
    if highlight:
        inner += _HIGHLIGHT
        title = highlight_name(title, note)
    height = VIEW_H
    if label:
        inner += _caption(label)
        height += LABEL_H
    return code, title, inner, height


def _aria(title: str, label: str | None) -> str:
    return f"{title} ({label})" if label else title


def _size(width: float) -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or width <= 0:
        raise HanafudaError(f"card width must be a positive number of pixels, not {width!r}")
    return width


# ---------------------------------------------------------------------------
# Public API


def card_svg(card: CardLike | None, *, width: float = 96, highlight: bool | str = False,
             face_down: bool = False, label: str | None = None) -> str:
    """One card as a standalone ``<svg>`` element.

    ``card`` is a :class:`Card`, an :class:`Extra` or anything
    :func:`~hanafuda_core.cards.parse_card` reads (``None``: the back). ``highlight``
    draws a thick orange outline, a dark dashed frame and a corner flag (a selected or
    captured card) and adds "highlighted" to the card's name; a string ``highlight`` also
    says what it means ("can be captured"). ``face_down`` draws the back and
    hides the card (title "Face-down card"); ``label`` adds a caption under the
    card, which makes the picture taller by 1/8 of its width.

    >>> card_svg("moon", width=50).count("<title>")
    1
    >>> "Crane" in card_svg("1a", face_down=True)
    False
    """
    width = _size(width)
    note = highlight if isinstance(highlight, str) and highlight else None
    code, title, inner, vh = _card_parts(card, bool(highlight), face_down, label, note)
    aria = _aria(title, label)
    extra = ' data-highlight="true"' if highlight else ""
    return (f'<svg xmlns="{SVG_NS}" class="hanafuda-card" data-card="{code}"{extra} '
            f'width="{m.num(width)}" height="{m.num(width * vh / VIEW_W)}" '
            f'viewBox="0 0 {VIEW_W} {vh}" role="img" aria-label="{_esc(aria)}">'
            f"<title>{_esc(aria)}</title>{inner}</svg>")


def card_back_svg(width: float = 96) -> str:
    """The back of a card (the same for every card)."""
    return card_svg(None, width=width, face_down=True)


def card_file_svg(card: CardLike | None) -> str:
    """A standalone SVG document of one card face (``None``: the back), as written
    by :func:`write_card_files`."""
    if card is None:
        title, body = "Face-down card", _back_body()
    else:
        card = _coerce(card)
        title, body = card_title(card), _card_body(int(card))
    return (f'<svg xmlns="{SVG_NS}" width="{VIEW_W}" height="{VIEW_H}" '
            f'viewBox="0 0 {VIEW_W} {VIEW_H}"><title>{_esc(title)}</title>{body}</svg>')


def write_card_files(folder: str | os.PathLike[str]) -> list[Path]:
    """Write every card face, the extras and the back as ``{code}.svg`` files.

    >>> import tempfile; d = tempfile.mkdtemp()
    >>> len(write_card_files(d))   # 48 cards, the blank, 6 jokers and the back
    56
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for card in [*Card, *Extra, None]:
        path = out / f"{'back' if card is None else card.code}.svg"
        path.write_text(card_file_svg(card), encoding="utf-8")
        written.append(path)
    return written


def card_data_uri(card: CardLike, width: float = 96) -> str:
    """A ``data:`` URI of the card's SVG, for ``<img src=...>``.

    >>> card_data_uri("1a").startswith("data:image/svg+xml;base64,")
    True
    """
    global _card_files
    saved, _card_files = _card_files, None      # a data URI must carry its own picture
    try:
        svg = card_svg(card, width=width)
    finally:
        _card_files = saved
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f"data:image/svg+xml;base64,{data}"


def _as_cards(cards: object) -> list[AnyCard | None]:
    """A list of cards (``None`` = a face-down card) from a CardSet, list or string."""
    if cards is None:
        return []
    if isinstance(cards, (Card, Extra)):
        return [cards]
    if isinstance(cards, str):
        return list(parse_cards(cards, extras=True)) if cards.strip() else []
    if not isinstance(cards, Iterable):
        raise HanafudaError(f"cards are a CardSet, a list of cards (None for a face-down "
                            f"card) or codes such as '1a 8a', not {cards!r}")
    return [None if c is None else _coerce(c) for c in cards]


def _placeholder(w: float, h: float, x: float = 0, y: float = 0, text: str = "no cards") -> str:
    return (m.rect(x + 1, y + 1, w - 2, h - 2, "#fafafa", rx=6, stroke="#9a9a9a",
                   stroke_width=1.2, stroke_dasharray="5 4")
            + f'<text x="{m.num(x + w / 2)}" y="{m.num(y + h / 2 + 4)}" font-family="{FONT}" '
              f'font-size="12" text-anchor="middle" fill="#777">{_esc(text)}</text>')


def row_svg(cards: Iterable[CardLike | None] | CardSet | str, *, width: float = 64,
            label: str | None = None, wrap: int = 12,
            highlight: Iterable[CardLike] = (), highlight_note: str | None = None) -> str:
    """Cards laid out in one ``<svg>``: a row wrapping after ``wrap`` cards.

    Each card is a nested ``<svg class="hanafuda-card">``; ``None`` in ``cards``
    draws a face-down card; cards in ``highlight`` get the outline and are named
    "highlighted" (with ``highlight_note``, what it means). An empty row
    shows a dashed "no cards" placeholder.

    >>> ">no cards<" in row_svg([], label="Field")
    True
    >>> row_svg("1a 8a 12a").count('class="hanafuda-card"')
    3
    """
    width = _size(width)
    if isinstance(wrap, bool) or not isinstance(wrap, int) or wrap < 1:
        raise HanafudaError(f"wrap must be a whole number of cards, 1 or more, not {wrap!r}")
    items = _as_cards(cards)
    lit = {_coerce(c) for c in highlight}
    h = width * CARD_RATIO
    gap = max(3.0, width * 0.08)
    top = 20.0 if label else 0.0
    if not items:
        w_all, h_all = max(width * 1.6, 90.0), max(h * 0.5, 48.0)
        body = _placeholder(w_all, h_all, 0, top)
        aria = f"{label}: no cards" if label else "no cards"
    else:
        cols = min(len(items), wrap)
        rows = -(-len(items) // wrap)
        w_all = cols * width + (cols - 1) * gap
        h_all = rows * h + (rows - 1) * gap
        parts = []
        for i, card in enumerate(items):
            x, y = (i % wrap) * (width + gap), top + (i // wrap) * (h + gap)
            code, title, inner, vh = _card_parts(card, card in lit and card is not None,
                                                 card is None, None, highlight_note)
            parts.append(f'<svg class="hanafuda-card" data-card="{code}" x="{m.num(x)}" '
                         f'y="{m.num(y)}" width="{m.num(width)}" height="{m.num(h)}" '
                         f'viewBox="0 0 {VIEW_W} {vh}" role="img" aria-label="{_esc(title)}">'
                         f"<title>{_esc(title)}</title>{inner}</svg>")
        body = "".join(parts)
        names = ", ".join("face-down card" if c is None
                          else f"{c.title} ({HIGHLIGHTED})" if c in lit else c.title
                          for c in items)
        aria = f"{label}: {names}" if label else names
    head = ""
    if label:
        head = (f'<text x="0" y="14" font-family="{FONT}" font-size="13" font-weight="bold" '
                f'fill="#222">{_esc(label)}</text>')
    return (f'<svg xmlns="{SVG_NS}" class="hanafuda-row" width="{m.num(w_all)}" '
            f'height="{m.num(h_all + top)}" viewBox="0 0 {m.num(w_all)} {m.num(h_all + top)}" '
            f'role="img" aria-label="{_esc(aria)}"><title>{_esc(aria)}</title>'
            f"{head}{body}</svg>")


def stack_svg(count: int, *, width: float = 64, label: str | None = None) -> str:
    """A pile of ``count`` face-down cards (a draw pile) with the count shown."""
    width = _size(width)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise HanafudaError(f"a pile holds a whole number of cards, 0 or more, not {count!r}")
    what = f"{label}: " if label else ""
    title = f"{what}{count} face-down card{'s' if count != 1 else ''}"
    if count == 0:
        inner = _placeholder(VIEW_W + 12, VIEW_H + 12, text="no cards")
    else:
        layers = min(count, 3)
        inner = ""
        for k in range(layers - 1, -1, -1):
            inner += f'<g transform="translate({4 * k},{12 - 4 * k})">{_back_body()}</g>'
        inner += (m.circle(58, 92, 20, "#fffdf5", stroke=m.INK, stroke_width=1.5)
                  + f'<text x="58" y="{99 if count < 100 else 97}" font-family="{FONT}" '
                    f'font-size="{20 if count < 100 else 15}" font-weight="bold" '
                    f'text-anchor="middle" fill="{m.INK}">{count}</text>')
    vw, vh = VIEW_W + 12, VIEW_H + 12
    return (f'<svg xmlns="{SVG_NS}" class="hanafuda-stack" data-count="{count}" '
            f'width="{m.num(width * vw / VIEW_W)}" height="{m.num(width * vh / VIEW_W)}" '
            f'viewBox="0 0 {vw} {vh}" role="img" aria-label="{_esc(title)}">'
            f"<title>{_esc(title)}</title>{inner}</svg>")


_ROW_STYLE = "margin:6px 0"
_LABEL_STYLE = "font-weight:bold;font-size:0.95em;margin:0 0 3px 0"
_CARDS_STYLE = "display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start"


def _rows(rows: Mapping[str, object] | Iterable[object]) -> list[tuple[str, object]]:
    if isinstance(rows, Mapping):
        return [(str(k), v) for k, v in rows.items()]
    out = []
    for entry in rows:
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise HanafudaError(f"each layout row is a (label, cards) pair, not {entry!r}")
        out.append((str(entry[0]), entry[1]))
    return out


def layout_html(rows: Mapping[str, object] | Sequence[tuple[str, object]], *,
                width: float = 64, highlight: Iterable[CardLike] = (),
                highlight_note: str | None = None) -> str:
    """Labelled rows of cards as an HTML ``<div class="hanafuda-layout">``.

    ``rows`` is a dict or a sequence of ``(label, cards)`` pairs. ``cards`` is a
    CardSet, a list of cards (``None`` = face down), a notation string, or an
    int ``n`` for a pile of ``n`` face-down cards, drawn as one
    ``<svg class="hanafuda-stack">`` with the count on it. Every shown card is its
    own ``<svg class="hanafuda-card">``; cards in ``highlight`` are drawn and named as
    highlighted (with ``highlight_note``: what it means). The markup is well-formed XML.

    >>> html = layout_html({"Hand": "1a 2b", "Field": [], "Stock": 24})
    >>> html.count('class="hanafuda-card"'), html.count('class="hanafuda-stack"')
    (2, 1)
    """
    width = _size(width)
    lit = {_coerce(c) for c in highlight}
    out = [f'<div class="hanafuda-layout" style="font-family:{FONT}">']
    for label, cards in _rows(rows):
        if isinstance(cards, int) and not isinstance(cards, (Card, Extra, bool)):
            pictures = stack_svg(cards, width=width, label=label)
            count = f" ({cards})"
        else:
            items = _as_cards(cards)
            if items:
                pictures = "".join(card_svg(c, width=width, face_down=c is None,
                                            highlight=(highlight_note or True)
                                            if c is not None and c in lit else False)
                                   for c in items)
            else:
                w, h = m.num(width * 1.6), m.num(width * 0.8)
                pictures = (f'<svg xmlns="{SVG_NS}" class="hanafuda-empty" width="{w}" '
                            f'height="{h}" viewBox="0 0 {w} {h}" role="img" '
                            f'aria-label="no cards"><title>no cards</title>'
                            f"{_placeholder(width * 1.6, width * 0.8)}</svg>")
            count = f" ({len(items)})"
        out.append(f'<div class="hanafuda-row" style="{_ROW_STYLE}">'
                   f'<div class="hanafuda-row-label" style="{_LABEL_STYLE}">'
                   f"{_esc(label)}{count}</div>"
                   f'<div class="hanafuda-row-cards" style="{_CARDS_STYLE}">{pictures}</div>'
                   f"</div>")
    out.append("</div>")
    return "".join(out)


def deck_grid_html(order: str = "japanese", width: float = 72) -> str:
    """All 48 cards in 12 labelled rows of 4, months numbered in ``order``.

    ``order`` is a key of :data:`~hanafuda_core.cards.MONTH_ORDERS`; under
    ``"korean"`` the Willow cards are month 12 and the Paulownia cards month 11.

    >>> deck_grid_html().count('class="hanafuda-card"')
    48
    """
    width = _size(width)
    try:
        table = MONTH_ORDERS[order]
    except (KeyError, TypeError):
        raise HanafudaError(f"unknown month order {order!r}; known orders: "
                            f"{', '.join(MONTH_ORDERS)}") from None
    out = [f'<div class="hanafuda-layout hanafuda-deck-grid" data-order="{_esc(order)}" '
           f'style="font-family:{FONT}">']
    for japanese_month in sorted(range(1, 13), key=lambda jm: table[jm - 1]):
        number = table[japanese_month - 1]
        flower = FLOWERS[japanese_month - 1]
        label = (f"<b>{number}</b> {MONTH_NAMES[number - 1]} · {_esc(flower.english)} · "
                 f"{flower.kanji} ({flower.romaji}) · {flower.hangul}")
        cards = "".join(card_svg(Card((japanese_month - 1) * 4 + p), width=width)
                        for p in range(4))
        out.append(f'<div class="hanafuda-row" data-month="{number}" '
                   f'style="display:flex;align-items:center;gap:10px;margin:4px 0">'
                   f'<div class="hanafuda-row-label" style="width:15em;font-size:0.95em">'
                   f"{label}</div>"
                   f'<div class="hanafuda-row-cards" style="{_CARDS_STYLE}">{cards}</div></div>')
    out.append("</div>")
    return "".join(out)
