"""Yaku charts for every capture game, read from its rules' data: each yaku (and hand
combination, where the game has them) with example cards, its points under the
game's preset and whether only the best of its group counts.

A game hooks in only by data: its rules' ``yaku`` (a :class:`~hanafuda_core.yaku.YakuTable`)
and, where it has hand combinations, ``teyaku`` (a
:class:`~hanafuda_core.teyaku.TeyakuTable`).

>>> rows = yaku_rows("koikoi")
>>> rows[0]["Yaku"], rows[0]["Points"], rows[0]["Counts"]
('5 Brights', '10 points', 'only the best of this group')
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..cards import CARD_INFO, DECK, MONTH_MASKS, Card, CardSet, Kind
from ..errors import HanafudaError
from ..narration import and_list
from ..play import Game
from ..render.sizes import MIN_CARD_WIDTH
from ..yaku import YakuRule, YakuTable
from .facts import amount_text, as_game, game_data, preset_game, preset_label, presets

if TYPE_CHECKING:
    from ..teyaku import TeyakuTable

__all__ = [
    "GROUP_WORDS",
    "example_cards",
    "hand_example",
    "hand_rows",
    "compared_games",
    "points_text",
    "yaku_chart_html",
    "yaku_points_rows",
    "yaku_rows",
]

#: How a group's yaku count, in the chart's words.
GROUP_WORDS = {"best": "only the best of this group", "each": "each one counts",
               "only_one": "only your single best yaku counts"}


def _named_sets(table: YakuTable) -> dict[Card, int]:
    count: dict[Card, int] = {}
    for r in table.rules:
        for c in r.cards:
            count[c] = count.get(c, 0) + 1
    return count


def _makes(table: YakuTable, rule: YakuRule, cards: tuple[Card, ...], exact: bool) -> bool:
    ev = table.evaluate(CardSet(cards))
    if rule.key not in ev.keys:
        return False
    return not exact or ev.total == rule.points


def example_cards(rule: YakuRule, table: YakuTable,
                  deck: Iterable[Card] = DECK) -> tuple[Card, ...]:
    """Cards that show ``rule`` under ``table``: its named set (as many as it needs), or
    for a count yaku an example set that makes exactly this yaku (checked with the
    table, from ``deck``: the game's cards); a yaku no set can show raises
    :class:`HanafudaError`."""
    need = rule.threshold
    if rule.cards and need >= len(rule.cards) and _makes(table, rule, rule.cards, False):
        return tuple(rule.cards)
    if rule.cards:
        pool = list(rule.cards)
    else:
        masks, _ = table._kind_masks(table._compiled[0][0])
        pool_mask = 0
        for k in rule.kinds:
            pool_mask |= masks[k]
        pool = [c for c in deck if pool_mask >> c & 1 and not (rule.dry and c.is_rain)]
        if rule.ribbons:
            pool = [c for c in pool if c.ribbon in rule.ribbons] or \
                [c for c in deck if c.ribbon in rule.ribbons]
    if rule.predicate is not None and not pool:
        pool = list(deck)
    named = _named_sets(table)
    orders = (sorted(pool, key=lambda c: (named.get(c, 0), c)),
              sorted(pool, key=lambda c: (not c.is_rain, named.get(c, 0), c)), pool)
    tries = [tuple(o[:need]) for o in orders if need]
    if len(pool) <= 10 and need:
        tries += list(combinations(pool, need))
    rng = random.Random(0)
    for _ in range(2000 if rule.predicate is not None else 0):
        tries.append(tuple(rng.sample(pool, rng.randint(1, min(10, len(pool))))))
    for exact in (True, False):
        for cards in tries:
            if _makes(table, rule, cards, exact):
                return tuple(sorted(cards))
    for other in table.rules:           # a yaku that scores only beside one of these groups
        if other.group in rule.needs_company and not other.needs_company:
            for cards in tries:
                both = tuple(sorted(set(cards) | set(example_cards(other, table, deck))))
                if _makes(table, rule, both, False):
                    return both
    raise HanafudaError(f"no example set of cards makes {rule.name}")


def hand_example(table: TeyakuTable, key: str) -> CardSet:
    """A dealt hand of seven cards built card by card to make the hand combination ``key``
    as the best of its group (checked with ``table``)."""
    from ..teyaku import CHAFF, GREATER_MONTHS
    rule = table.rule(key)
    rain = MONTH_MASKS[10]
    used: list[Card] = []

    def take(pool: list[Card], n: int) -> None:
        got = [c for c in pool if c not in used][:n]
        if len(got) < n:
            raise HanafudaError(f"cannot build a hand for {rule.name}")
        used.extend(got)

    if rule.group == CHAFF:
        b, t, r = rule.kinds
        dry = [c for c in DECK if not (1 << c) & rain]
        take([c for c in dry if c.kind is Kind.BRIGHT], b)
        take([c for c in dry if c.kind is Kind.TEN], t)
        take([c for c in dry if c.kind is Kind.RIBBON][::3], r)
        months = {c.month for c in used}      # Chaffs of other months: no suit combination
        for c in DECK:
            if len(used) == 7:
                break
            if (c.kind is Kind.CHAFF or (1 << c) & rain) and c.month not in months:
                used.append(c)
                months.add(c.month)
    else:
        taken: set[int] = set()
        for part in rule.parts:
            if part == "G":
                month = next(m for m in GREATER_MONTHS if m not in taken)
                cards = [c for c in DECK if c.month == month]
                cards = cards[1:] if month == 12 else cards[:3]
            else:
                month = next(m for m in range(1, 13) if m not in taken
                             and (part != "3" or m not in GREATER_MONTHS))
                cards = [c for c in DECK if c.month == month][:int(part)]
            taken.add(month)
            used.extend(cards)
        for m in range(1, 13):
            if len(used) == 7:
                break
            if m not in taken:
                used.append(Card(4 * (m - 1) + 3))
                taken.add(m)
    hand = CardSet(used)
    best = table.evaluate(hand).best(rule.group)
    if len(hand) != 7 or best is None or best.rule.key != key:
        raise HanafudaError(f"the hand built for {rule.name} ({hand.format()}) does not "
                            "make it")
    return hand


def points_text(game: Game, rule: YakuRule) -> str:
    """'10 points', '1 point + 1 per extra Ten', in the game's unit; 'wins the round'
    for an automatic win (B10)."""
    if rule.automatic_win:
        return "wins the round"
    text = amount_text(game, rule.points)
    if rule.plus_per_extra:
        kinds = rule.extra_kinds or rule.kinds
        what = " or ".join(k.label for k in kinds) if kinds else "card"
        text += f" + {amount_text(game, rule.plus_per_extra).split(' ')[0]} per extra {what}"
    return text


def _need_text(rule: YakuRule) -> str:
    if rule.predicate is not None or rule.slots:
        return rule.note or rule.name
    if rule.cards:
        names = [CARD_INFO[c].name for c in rule.cards]
        if rule.count and rule.count < len(rule.cards):
            return f"any {rule.count} of " + and_list(names) + _company_text(rule)
        return "exactly " + and_list(names) + _company_text(rule)
    what = " or ".join([k.label + "s" for k in rule.kinds]
                       + [r.value.capitalize() + " Ribbons" for r in rule.ribbons])
    text = f"any {rule.count} {what}"
    if rule.dry:
        text += ", no November card"
    return text + _company_text(rule)


def _company_text(rule: YakuRule) -> str:
    return ", beside another yaku" if rule.needs_company else ""


def _counts(table: YakuTable, rule: YakuRule) -> tuple[str, str]:
    """(group name, how its yaku count) for a yaku of a table."""
    group = next((g for g in table.groups if g.key == rule.group), None)
    name = group.name if group else ""
    limit = getattr(table, "limit", "groups")
    if limit == "only_one":
        return name, GROUP_WORDS["only_one"]
    if limit == "groups" and group is not None and group.mode == "one_of":
        return name, GROUP_WORDS["best"]
    return name, GROUP_WORDS["each"]


def yaku_table(game: Game | str) -> tuple[YakuTable | None, bool]:
    """The game's yaku table and whether it is an optional chart not in use under these
    rules (Simplified's simple yaku): the rules' ``yaku``, else their scoring's
    ``optional_chart``; ``(None, False)`` for a game without yaku."""
    g = as_game(game)
    table = getattr(g.rules, "yaku", None)
    if table is not None:
        return table, False
    optional = getattr(getattr(g.rules, "overlay", None), "optional_chart", None)
    return optional, optional is not None


def yaku_rows(game: Game | str) -> list[dict[str, object]]:
    """One row per yaku of the game's rules (or of its optional chart), in table order:
    group, how it counts, name, Japanese name, what it needs, points (in the game's
    unit), example cards and the points the core gives those cards for it
    (``core points``)."""
    g = as_game(game)
    table, optional = yaku_table(g)
    if table is None:
        return []
    deck = getattr(g.rules, "deck", DECK)
    rows = []
    for rule in table.rules:
        group, counts = _counts(table, rule)
        if optional:
            group = f"{group} (optional)" if group else "Optional yaku"
        cards = example_cards(rule, table, deck)
        hit = next(h for h in table.evaluate(CardSet(cards)).hits if h.rule.key == rule.key)
        rows.append({"key": rule.key, "Group": group, "Counts": counts, "Yaku": rule.name,
                     "Japanese": rule.japanese, "Needs": _need_text(rule),
                     "Points": points_text(g, rule), "points": rule.points,
                     "core points": hit.base, "cards": cards,
                     "example": not rule.cards or len(cards) < len(rule.cards),
                     "Note": rule.note})
    return rows


def compared_games(game: Game | str) -> list[tuple[str, Game]]:
    """The rule sets a chapter compares side by side, as (heading, game): every preset
    under its label, then the charts the game names as data (``COMPARE_ALSO``:
    (heading, preset, options on top))."""
    from ..registry import get_game
    g = as_game(game)
    out = [(preset_label(g, p), preset_game(g, p)) for p in presets(g)]
    for heading, preset, options in game_data(g, "COMPARE_ALSO") or ():
        out.append((heading, get_game(g.key, preset=preset, **dict(options))))
    return out


def yaku_points_rows(game: Game | str) -> list[dict[str, object]]:
    """Every yaku of any compared rule set (:func:`compared_games`; its optional chart
    where the yaku are optional) against the points each gives it, in its unit ("—":
    not a yaku there). A rule set whose column would
    repeat an earlier one's is left out."""
    columns: list[tuple[str, Game, dict[str, Any]]] = []
    for heading, g in compared_games(game):
        table, _ = yaku_table(g)
        rules = {r.key: r for r in table.rules} if table is not None else {}
        cells = {k: points_text(g, r) for k, r in rules.items()}
        if any(cells == seen for _, _, seen in columns):
            continue
        columns.append((heading, g, cells))
    names: dict[str, str] = {}
    for _, g, _ in columns:
        table, _ = yaku_table(g)
        for r in table.rules if table is not None else ():
            names.setdefault(r.key, f"{r.name} · {r.japanese}" if r.japanese else r.name)
    return [{"Yaku": name, **{heading: cells.get(k, "—") for heading, _, cells in columns}}
            for k, name in names.items()]


def card_value_rows(game: Game | str) -> list[dict[str, object]]:
    """What each kind of card is worth where card values count (one card of each kind,
    scored by the game itself); ``[]`` where only yaku score."""
    g = as_game(game)
    if getattr(g.adapter, "score", None) is None:
        return []
    deck = getattr(g.rules, "deck", DECK)
    rows: list[dict[str, object]] = []
    own = getattr(getattr(g.rules, "overlay", None), "card_values", ())
    apart = {int(c) for c, _ in own}        # cards valued apart from their kind (A10)
    for kind in Kind:
        card = next((c for c in deck if c.kind is kind and not c.is_rain
                     and int(c) not in apart), None)
        if card is None:
            continue
        value = _card_points(g, card)
        if value is None:
            return []
        rows.append({"Kind": kind.label, "Value each": value, "cards": (card,)})
    for c in sorted(apart):                 # then each of those on its own row
        if c in {int(x) for x in deck}:
            value = _card_points(g, Card(c))
            kind_row = next((r for r in rows if r["Kind"] == Card(c).kind.label), None)
            # (a kind whose every card is valued apart has no row of its own: Tensho)
            if value is not None and (kind_row is None or value != kind_row["Value each"]):
                rows.append({"Kind": f"The {CARD_INFO[c].name}", "Value each": value,
                             "cards": (Card(c),), "single": True})
    return rows


def _card_points(g: Game, card: Card) -> int | None:
    """The card points ``g`` scores for a pile of one card (None: it scores none)."""
    try:
        sheet = g.score([card])
    except HanafudaError:
        return None
    data = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
    value = data.get("card_points")
    return None if value is None else int(value)


_GROUP_NAMES = {"chaff": "Combinations by kind of card (Chaffs, Ribbons, Tens)",
                "suit": "Combinations by month (pairs, triples, fours)"}


def hand_rows(game: Game | str) -> list[dict[str, object]]:
    """One row per hand combination (dealt hands scored before play), where the game has
    them: its group, name, what it needs, value and an example hand with the value the
    core gives it."""
    g = as_game(game)
    table = getattr(g.rules, "teyaku", None)
    if table is None:
        return []
    rows = []
    for rule in table.rules:
        hand = hand_example(table, rule.key)
        best = table.evaluate(hand).best(rule.group)
        need = rule.describe()
        rows.append({"key": rule.key, "Group": _GROUP_NAMES.get(rule.group, rule.group),
                     "Counts": GROUP_WORDS["best"], "Yaku": rule.name,
                     "Japanese": rule.japanese, "Needs": need,
                     "Points": amount_text(g, rule.value), "points": rule.value,
                     "core points": best.value if best else 0, "cards": tuple(hand),
                     "example": True, "Note": rule.note})
    return rows


_TILE = ('border:1px solid #d6cfc0;border-radius:6px;padding:5px 8px;background:#fffdf7;'
         'break-inside:avoid;max-width:100%')


def _card_list(cards: object) -> list[Card]:
    return [Card(c) for c in cards] if isinstance(cards, (tuple, list, CardSet)) else []


def _whole_month(cards: object) -> bool:
    """Whether ``cards`` are the four cards of one month."""
    mask = CardSet(_card_list(cards)).mask
    return mask.bit_count() == 4 and mask in MONTH_MASKS


def _cards_named(cards: list[Card]) -> str:
    """Cards in words: a shared yaku's name where they are exactly its cards ("the 3
    Poetry Ribbons"), else their names."""
    from ..capture_yaku import SHARED_YAKU
    for shared in SHARED_YAKU.values():
        if set(shared.template.cards) == set(cards):
            return f"the {shared.template.name}"
    return and_list([f"the {CARD_INFO[c].name}" for c in cards])


def _chart(rows: list[dict[str, object]], width: float, compact: bool,
           pictures: bool = True) -> list[str]:
    from ..render.svg import row_svg
    esc = html.escape
    out: list[str] = []
    for group in dict.fromkeys(r["Group"] for r in rows):
        members = [r for r in rows if r["Group"] == group]
        counts = members[0]["Counts"]
        head = len(out)
        out.append("")                      # the group's heading, once its tiles are known
        months = [r for r in members if _whole_month(r["cards"])]
        if compact and pictures and len(months) >= 3:
            # the printed quick reference: the yaku of a whole month (its four cards) named
            # in one tile, the first one drawn as the example
            said = " · ".join(f'<b>{esc(str(r["Yaku"]))}</b>: {esc(str(r["Points"]))}'
                              for r in months)
            first = months[0]
            out.append(f'<div class="hf-yaku hf-yaku-months" style="{_TILE}">'
                       f'<div>{said}</div><div style="font-size:0.85em;color:#555">for '
                       f'example, {esc(str(first["Yaku"]))}:</div>'
                       f'{row_svg(_card_list(first["cards"]), width=width)}</div>')
            members = [r for r in members if r not in months]
        # compact: a yaku made of another one's cards and more is said in that one's tile
        # ("and the Pine Ribbon ..."), not drawn again
        within: dict[int, list[str]] = {}
        if compact and pictures:
            kept: list[dict[str, object]] = []
            for r in members:
                cards = set(_card_list(r["cards"]))
                base = next((i for i, k in enumerate(kept) if _card_list(k["cards"])
                             and set(_card_list(k["cards"])) < cards), None)
                if base is None:
                    kept.append(r)
                    continue
                extra = [Card(c) for c in sorted(cards - set(_card_list(kept[base]["cards"])))]
                within.setdefault(id(kept[base]), []).append(
                    f'<div><b>{esc(str(r["Yaku"]))}</b>: {esc(str(r["Points"]))} (these '
                    f'and {esc(_cards_named(extra))})</div>')
            members = kept
        # compact (the printed quick reference): a group of one tile sits beside the next
        # such group (a group side by side cannot break across pages: only a small one)
        flow = (' style="display:inline-block;vertical-align:top;margin-right:10px"'
                if compact and len(out) - head - 1 + len(members) == 1 else "")
        out[head] = (f'<div class="hf-yaku-group"{flow}><p style="margin:8px 0 2px;'
                     f'font-weight:bold">{esc(str(group))} <span style="font-weight:normal">'
                     f'({esc(str(counts))})</span></p>'
                     '<div style="display:flex;flex-wrap:wrap;gap:6px">')
        for r in members:
            note = "for example" if r["example"] else ""
            japanese = f' · {esc(str(r["Japanese"]))}' if r["Japanese"] else ""
            n = min(len(_card_list(r["cards"])), 7)
            # a tile that also names other yaku keeps to the width of its cards
            narrow = f"max-width:{n * (width + 4) + 12:.0f}px;" if id(r) in within else ""
            out.append(f'<div class="hf-yaku" style="{_TILE};{narrow}">'
                       f'<div><b>{esc(str(r["Yaku"]))}</b>{japanese}</div>'
                       f'<div>{esc(str(r["Points"]))}</div>'
                       + "".join(within.get(id(r), []))
                       + ("" if compact and pictures else
                          f'<div style="font-size:0.85em;color:#555">'
                          f'{esc(str(r["Needs"]))}</div>')
                       + f'<div class="hf-yaku-note" style="font-size:0.85em;color:#555">'
                         f'{esc(note)}</div>'
                       + (row_svg(_card_list(r["cards"]), width=width, wrap=7)
                          if pictures else "") + "</div>")
        out.append("</div></div>")
    return out


def yaku_chart_html(game: Game | str, *, width: float = MIN_CARD_WIDTH,
                    compact: bool = False) -> str:
    """The game's yaku chart, grouped, each yaku drawn with its cards and its points; then
    its hand combinations, where it has them."""
    from ..render.svg import row_svg
    g = as_game(game)
    out = ['<div class="hf-yaku-chart">']
    values = card_value_rows(g)
    counts = ("every captured card counts" if getattr(getattr(g.rules, "overlay", None),
                                                      "count_cards", True)
              else "they only break a tied round")      # B11: a round scored by yaku
    if values and compact:
        # the printed quick reference: the values in one line of words, no pictures
        said = [f'{html.escape(str(r["Kind"]))} {r["Value each"]}'
                + ("" if r.get("single") else " each") for r in values]
        out.append('<p class="hf-card-values" style="margin:8px 0 0"><b>Card values</b> '
                   f'({counts}): {", ".join(said)}.</p>')
    elif values:
        out.append(f'<p style="margin:8px 0 0"><b>Card values</b> ({counts})</p>'
                   '<div style="display:flex;flex-wrap:wrap;gap:6px">')
        for r in values:
            out.append(f'<div class="hf-card-value" style="{_TILE}"><div><b>'
                       f'{html.escape(str(r["Kind"]))}</b>: {r["Value each"]}'
                       f'{"" if r.get("single") else " each"}</div>'
                       f'{row_svg(_card_list(r["cards"]), width=width)}</div>')
        out.append("</div>")
    yaku = yaku_rows(g)
    hands = hand_rows(g)
    if hands:
        out.append('<p style="margin:8px 0 0"><b>Yaku</b> (made from captured cards)</p>')
    out += _chart(yaku, width, compact)
    if hands:
        out.append('<p style="margin:12px 0 0"><b>Hand combinations</b> (shown from the '
                   'dealt hand, one from each group at most)</p>')
        # A hand is seven cards: drawn in full, a compact chart (the printed quick
        # reference) would run to several pages, so there it names them only.
        out += _chart(hands, width, compact, pictures=not compact)
    out.append("</div>")
    return "".join(out)
