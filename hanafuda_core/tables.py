"""Rules -> rows: the data behind every table and chart of the book.

Each ``*_rows`` function returns plain rows (a list of dicts with the same keys
in the same order), computed from the core, so a chapter never types a rule by
hand. :func:`to_markdown` and :func:`to_html` turn rows into a table.

>>> rows = cards_table_rows()
>>> len(rows), rows[0]["Code"], rows[0]["Name"]
(48, '1a', 'Crane')
>>> deck_total()
264
>>> [(r["Kind"], r["Cards"]) for r in kind_counts()]
[('Bright', 5), ('Ten', 9), ('Ribbon', 10), ('Chaff', 24)]
>>> print(to_markdown([{"a": 1, "b": "x|y"}]))
| a | b |
| --- | --- |
| 1 | x\\|y |
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .cards import (
    CARD_INFO,
    DECK,
    DEFAULT_VALUES,
    FLOWERS,
    MONTH_NAMES,
    MONTH_ORDERS,
    Card,
    Extra,
    Kind,
    Ribbon,
    month_in_order,
)
from .deal import BASIC_DEALS

if TYPE_CHECKING:
    from .rules import GameInfo

__all__ = [
    "Row", "cards_table_rows", "kind_counts", "deck_total", "ribbon_rows", "named_cards",
    "named_cards_rows", "extras_rows", "month_orders_rows", "deal_sizes_rows",
    "games_table_rows", "family_counts", "GAME_LENGTHS", "game_length_rows", "players_label",
    "to_markdown", "to_html", "scroll_region", "table_label",
]

Row = dict[str, object]

ORDER_LABELS: Mapping[str, str] = {
    "japanese": "Japanese",
    "korean": "Korean (hwatu)",
    "tensho": "Tensho",
}


def _check_order(order: str) -> None:
    if order not in MONTH_ORDERS:
        raise ValueError(f"unknown month order {order!r}; known orders: {', '.join(MONTH_ORDERS)}")


def cards_table_rows(order: str = "japanese",
                     values: Mapping[Kind, int] = DEFAULT_VALUES) -> list[Row]:
    """One row per card, sorted by month in the chosen month order.

    >>> [r["Code"] for r in cards_table_rows("korean")][40:44]
    ['12a', '12b', '12c', '12d']
    """
    _check_order(order)
    rows = []
    for card in sorted(DECK, key=lambda c: (month_in_order(c, order), c % 4)):
        info = CARD_INFO[card]
        fl = info.flower
        rows.append({
            "Code": info.code,
            "Month": month_in_order(card, order),
            "Flower": fl.english,
            "Kanji": fl.kanji,
            "Romaji": fl.romaji,
            "Hangul": fl.hangul,
            "Kind": info.kind.label,
            "Ribbon": info.ribbon.value.capitalize() if info.ribbon else "",
            "Name": info.name,
            "Japanese": info.japanese,
            "Value": values[info.kind],
        })
    return rows


def kind_counts(values: Mapping[Kind, int] = DEFAULT_VALUES) -> list[Row]:
    """Cards of each kind, the usual value of one, and the points they add up to."""
    counts = Counter(CARD_INFO[c].kind for c in DECK)
    return [{"Kind": k.label, "Cards": counts[k], "Value each": values[k],
             "Points": counts[k] * values[k]} for k in Kind]


def deck_total(values: Mapping[Kind, int] = DEFAULT_VALUES) -> int:
    """The whole deck's card points under a kind -> value table (264 by default)."""
    return sum(values.get(CARD_INFO[c].kind, 0) for c in DECK)


def ribbon_rows() -> list[Row]:
    """The three ribbon colours: how many, which months, which cards."""
    rows = []
    for colour in Ribbon:
        cards = [c for c in DECK if CARD_INFO[c].ribbon is colour]
        rows.append({
            "Ribbon": colour.label,
            "Cards": len(cards),
            "Months": ", ".join(MONTH_NAMES[c.month - 1] for c in cards),
            "Codes": " ".join(c.code for c in cards),
        })
    return rows


def named_cards() -> list[Card]:
    """Cards whose picture has a name of its own (the Crane, the Storm, ...)."""
    return [c for c in DECK if CARD_INFO[c].named]


def named_cards_rows() -> list[Row]:
    """Each named card with its kind and its names in English and Japanese."""
    return [{"Code": c.code, "Month": MONTH_NAMES[c.month - 1], "Kind": c.kind.label,
             "Name": CARD_INFO[c].named, "Japanese": CARD_INFO[c].japanese,
             "Romaji": CARD_INFO[c].romaji} for c in named_cards()]


def extras_rows() -> list[Row]:
    """The optional cards that are not among the 48."""
    return [{"Code": e.code, "Name": e.title, "Used as": e.info.role} for e in Extra]


def month_orders_rows() -> list[Row]:
    """Each flower's month number under every month order.

    >>> row = month_orders_rows()[10]
    >>> row["Flower"], row["Japanese"], row["Korean (hwatu)"]
    ('Willow', 11, 12)
    """
    rows = []
    for fl in FLOWERS:
        row: Row = {"Flower": fl.english, "Kanji": fl.kanji, "Hangul": fl.hangul}
        for order, label in ORDER_LABELS.items():
            row[label] = MONTH_ORDERS[order][fl.month - 1]
        rows.append(row)
    return rows


def deal_sizes_rows(sizes: Mapping[int, tuple[int, int]] = BASIC_DEALS,
                    deck_size: int = len(DECK)) -> list[Row]:
    """Cards to each hand, to the field and left in the stock, per player count."""
    rows: list[Row] = []
    for players in sorted(sizes):
        hand, field = sizes[players]
        rows.append({"Players": players, "Each hand": hand, "Field": field,
                     "Stock": deck_size - players * hand - field})
    return rows


# Game lengths of the capture basics (rulebook ch. 3): rounds, and what players call it.
GAME_LENGTHS: tuple[tuple[int, str], ...] = ((12, "a full year"), (6, "half a year"),
                                             (3, "a season"))


def game_length_rows() -> list[Row]:
    """The usual game lengths, longest first."""
    return [{"Rounds": n, "Called": name} for n, name in GAME_LENGTHS]


def players_label(players: tuple[int, int]) -> str:
    """``(2, 4)`` -> ``'2-4'``, ``(2, 2)`` -> ``'2'``."""
    low, high = players
    return str(low) if low == high else f"{low}-{high}"


def games_table_rows(games: Iterable[GameInfo] | None = None) -> list[Row]:
    """Every registered game: name, family, players, difficulty, where it comes from."""
    if games is None:
        from .games import all_games
        games = all_games()
    from .rules import FAMILIES
    rows: list[Row] = []
    for g in games:
        if g.chapter is not None:
            source = f"Rulebook ch. {g.chapter}"
        else:
            source = ", ".join(sorted({s.doc for s in g.sources})) or "—"
        rows.append({"Game": g.name, "Family": g.family.capitalize() if g.family in FAMILIES
                     else g.family, "Players": players_label(g.players),
                     "Difficulty": g.difficulty or "—", "Source": source})
    return rows


def family_counts(games: Iterable[GameInfo] | None = None) -> list[Row]:
    """How many registered games each family holds, in the book's family order."""
    if games is None:
        from .games import all_games
        games = all_games()
    from .rules import FAMILIES
    counts = Counter(g.family for g in games)
    return [{"Family": fam.capitalize(), "What you do": what.split(": ", 1)[-1].capitalize(),
             "Games": counts[fam]} for fam, what in FAMILIES.items()]


# ---------------------------------------------------------------------------
# Formatting.

def _columns(rows: Sequence[Mapping[str, object]]) -> list[str]:
    cols: list[str] = []
    for row in rows:
        for key in row:
            if key not in cols:
                cols.append(key)
    return cols


def to_markdown(rows: Sequence[Mapping[str, object]]) -> str:
    """A Markdown (GFM/MyST) pipe table; ``|`` in cells is escaped."""
    if not rows:
        return ""
    cols = _columns(rows)

    def cell(v: object) -> str:
        return str("" if v is None else v).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cols) + " |", "| " + " | ".join("---" for _ in cols) + " |"]
    lines += ["| " + " | ".join(cell(r.get(c, "")) for c in cols) + " |" for r in rows]
    return "\n".join(lines)


def scroll_region(label: str) -> str:
    """The opening ``<div>`` of a table's horizontal scroll box: a named region that takes
    keyboard focus, so that a keyboard user can scroll a wide table (WCAG 2.1.1).

    >>> scroll_region("Fees & dues").endswith('role="region" aria-label="Fees &amp; dues">')
    True
    """
    return (f'<div class="hf-table-wrap" style="overflow-x:auto" tabindex="0" role="region" '
            f'aria-label="{html.escape(label, quote=True)}">')


def table_label(cols: Sequence[str], caption: str | None = None) -> str:
    """A table's name for its scroll region: its caption, else its columns.

    >>> table_label(["Card", "Month", "Kind"])
    'Table: Card, Month, Kind'
    """
    return caption or "Table: " + ", ".join(cols)


def to_html(rows: Sequence[Mapping[str, object]], *, caption: str | None = None) -> str:
    """An HTML table (escaped text; numbers right-aligned) styled by the book theme, in a
    focusable scroll region named by its caption (else by its columns)."""
    if not rows:
        return ""
    cols = _columns(rows)
    out = [scroll_region(table_label(cols, caption)), '<table class="table hf-table">']
    if caption:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f'<th scope="col">{html.escape(c)}</th>' for c in cols)
               + "</tr></thead><tbody>")
    for r in rows:
        cells = []
        for c in cols:
            v = r.get(c, "")
            style = ' style="text-align:right"' if isinstance(v, int) else ""
            cells.append(f"<td{style}>{html.escape(str('' if v is None else v))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)
