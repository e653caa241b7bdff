"""Displays built from a game's data: presets side by side, hand combinations, yaku with
their cards, a settlement step by step, a deal, a pile counted, a turn.

Every function takes a game (or rows a game's data module gives) and returns HTML
(``*_html``), rows (``*_rows``) or a display object (``show_*``, a chapter's one-line
call). Nothing here is about one game: what a game alone has (Hachi-Hachi's traditions,
fees, fields and worked examples) is rows in its ``games/`` module, shown here.

* :func:`preset_blocks_html`: one collapsible block per preset;
* :func:`hand_combination_rows`, :func:`show_hand_combinations`,
  :func:`show_hand_combination_tables`, :func:`compared_hands_html`: hand combinations
  (dealt hands scored before play), with example hands drawn;
* :func:`preset_yaku_rows`, :func:`yaku_cards_html`, :func:`show_yaku_tables`: each
  preset's yaku with their cards;
* :func:`settlement_step_lines`, :func:`settlement_payment_rows`,
  :func:`settlement_net_rows`, :func:`settlement_html`, :func:`show_worked_example`: a
  settlement (a ledger of payments) told step by step;
* :func:`show_cards_and_table`, :func:`show_deal`, :func:`seated_overview_rows`,
  :func:`show_pile_count`, :func:`show_turn`, :func:`decisions_round_html`,
  :func:`settlement_reference_html`.

>>> from hanafuda_core import get_game
>>> [r["Combination"] for r in hand_combination_rows(get_game("six_hundred"))]
['All Chaffs', 'Any 3 of a Kind', 'Any 3 of a Kind & Any 3 of a Kind']
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .. import tables
from ..book import _html
from ..cards import Card, CardSet, Kind
from ..errors import HanafudaError
from ..play import Game
from ..render.sizes import MIN_CARD_WIDTH
from .facts import amount_text, as_game, game_data, preset_game, preset_label, presets, unit_text

if TYPE_CHECKING:
    from IPython.display import HTML

__all__ = [
    "SettlementStep",
    "WorkedExampleParts",
    "cards_and_table_html",
    "compared_hands_html",
    "deal_html",
    "decisions_round_html",
    "hand_combination_rows",
    "hand_combinations_html",
    "pile_count_html",
    "preset_blocks_html",
    "preset_yaku_rows",
    "seated_overview_rows",
    "settlement_html",
    "settlement_net_rows",
    "settlement_payment_rows",
    "settlement_reference_html",
    "settlement_step_lines",
    "show_cards_and_table",
    "show_compared_hands",
    "show_deal",
    "show_decisions_round",
    "show_hand_combination_tables",
    "show_hand_combinations",
    "show_pile_count",
    "show_seated_overview",
    "show_settlement_reference",
    "show_turn",
    "show_worked_example",
    "show_yaku_cards",
    "show_yaku_tables",
    "turn_html",
    "worked_example_html",
    "yaku_cards_html",
]


def _svg() -> Any:
    from ..render import svg
    return svg


def _caption(text: str) -> str:
    return f'<p class="hf-caption">{html.escape(text)}</p>'


def _and(items: Sequence[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


# ---------------------------------------------------------------------------
# Pictures beside a table


def cards_and_table_html(pictures: Sequence[tuple[str, Iterable[Any]]],
                         rows: Sequence[Mapping[str, object]], *, title: str = "",
                         caption: str = "", highlight: Iterable[Any] = ()) -> str:
    """Rows of cards (label, cards), each drawn, then a table of ``rows``: a title above
    and a caption below where given."""
    out = [f"<p><b>{html.escape(title)}</b></p>"] if title else []
    pics = [(label, list(cards)) for label, cards in pictures]
    if pics:
        out.append(_svg().layout_html(pics, width=MIN_CARD_WIDTH, highlight=list(highlight)))
    if rows:
        out.append(tables.to_html(rows))
    if caption:
        out.append(_caption(caption))
    return "".join(out)


def show_cards_and_table(pictures: Sequence[tuple[str, Iterable[Any]]],
                         rows: Sequence[Mapping[str, object]] = (), *, title: str = "",
                         caption: str = "", highlight: Iterable[Any] = ()) -> HTML:
    """:func:`cards_and_table_html` for a chapter."""
    return _html(cards_and_table_html(pictures, rows, title=title, caption=caption,
                                      highlight=highlight))


# ---------------------------------------------------------------------------
# Presets side by side


def preset_blocks_html(game: Game | str, html_of: Callable[[str], str],
                       open_preset: str | None = None) -> str:
    """One collapsible block per preset of ``game``, headed by its label and its unit,
    holding ``html_of(preset)``; the first preset's block (or ``open_preset``'s) open."""
    g = as_game(game)
    keys = presets(g)
    first = open_preset if open_preset is not None else keys[0]
    out = []
    for p in keys:
        head = f"{preset_label(g, p)} ({unit_text(preset_game(g, p))})"
        out.append(f'<details class="hf-tradition"{" open" if p == first else ""}>'
                   f"<summary><b>{html.escape(head)}</b></summary>{html_of(p)}</details>")
    return "".join(out)


# ---------------------------------------------------------------------------
# Hand combinations


def _teyaku(game: Game) -> Any:
    table = getattr(game.rules, "teyaku", None)
    if table is None:
        raise HanafudaError(f"{game.name} has no hand combinations")
    return table


def hand_combination_rows(game: Game | str, preset: str | None = None, *,
                          japanese: bool = False, value: str = "Value"
                          ) -> list[dict[str, object]]:
    """The hand combinations of a game's rules (or one preset's): group, name (and its
    Japanese name with ``japanese``), what it needs, and its value in the rules' unit
    under the heading ``value``. A game without hand combinations is refused."""
    g = as_game(game) if preset is None else preset_game(game, preset)
    table = _teyaku(g)
    rows: list[dict[str, object]] = []
    for rule in table.rules:
        row: dict[str, object] = {"Group": rule.group.capitalize(), "Combination": rule.name}
        if japanese:
            row["Japanese"] = rule.japanese
        row["Needs"] = rule.describe()
        row[value] = amount_text(g, rule.value)
        rows.append(row)
    return rows


def _worth(game: Game, value: int) -> str:
    """A value in the rules' unit, with "points" where the unit writes a bare number."""
    text = amount_text(game, value)
    return f"{text} points" if text.lstrip("-").isdigit() else text


def hand_combinations_html(game: Game | str, preset: str | None = None, *,
                           pictured: Sequence[str] = (),
                           examples: Mapping[str, CardSet] | None = None,
                           value: str = "Value", width: int = MIN_CARD_WIDTH) -> str:
    """The hand combinations as a table, then those named in ``pictured`` drawn with an
    example hand (``examples[key]``, else one built from the table), the combination's
    cards outlined."""
    from .charts import hand_example
    g = as_game(game) if preset is None else preset_game(game, preset)
    table = _teyaku(g)
    out = [tables.to_html(hand_combination_rows(g, value=value))]
    for key in pictured:
        rule = table.rule(key)
        hand = (examples or {}).get(key) or hand_example(table, key)
        hit = table.evaluate(hand).best(rule.group)
        out.append(_svg().layout_html([(f"{rule.name}: {_worth(g, rule.value)}",
                                        list(hand))], width=width,
                                      highlight=hit.shown if hit else ()))
    return "".join(out)


def show_hand_combinations(game: Game | str, preset: str | None = None, *,
                           pictured: Sequence[str] = (),
                           examples: Mapping[str, CardSet] | None = None,
                           value: str = "Value") -> HTML:
    """:func:`hand_combinations_html` for a chapter."""
    return _html(hand_combinations_html(game, preset, pictured=pictured, examples=examples,
                                        value=value))


def show_hand_combination_tables(game: Game | str) -> HTML:
    """Each preset's own hand-combination table, one collapsible block each."""
    return _html(preset_blocks_html(game, lambda p: tables.to_html(
        hand_combination_rows(game, p, japanese=True))))


def compared_hands_html(game: Game | str, rows: Sequence[Mapping[str, object]],
                        width: int = MIN_CARD_WIDTH) -> str:
    """Example hands valued under every preset: ``rows`` hold ``Combination``,
    ``Needs``, ``Example from``, ``Hand`` (drawn) and one column per preset label; a row
    whose ``Differs`` is true is shaded."""
    esc = html.escape
    g = as_game(game)
    cols = [preset_label(g, p) for p in presets(g)]
    out = [tables.scroll_region("Hand combinations (teyaku) under each tradition")
           + '<table class="table hf-table">',
           "<thead><tr><th>Combination and example hand</th>"
           + "".join(f"<th>{esc(c)}</th>" for c in cols) + "</tr></thead><tbody>"]
    for r in rows:
        style = ' style="background:#fff4e0"' if r.get("Differs") else ""
        out.append(f"<tr><td><b>{esc(str(r['Combination']))}</b><br>"
                   f'<span style="font-size:.85em">{esc(str(r["Needs"]))} · '
                   f"{esc(str(r['Example from']))}</span><br>"
                   f"{_svg().row_svg(str(r['Hand']), width=width)}</td>"
                   + "".join(f"<td{style}>{esc(str(r[c]))}</td>" for c in cols) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def show_compared_hands(game: Game | str, rows: Sequence[Mapping[str, object]]) -> HTML:
    """:func:`compared_hands_html` for a chapter."""
    return _html(compared_hands_html(game, rows))


# ---------------------------------------------------------------------------
# Yaku with their cards, per preset


def _one_of(rules: Any, rule: Any) -> str:
    """The group name when the rule is one of a best-only group, else ''."""
    for group in getattr(rules.yaku, "groups", ()):
        if group.key == rule.group and group.mode == "one_of":
            return str(group.name)
    return ""


def preset_yaku_rows(game: Game | str, preset: str | None = None) -> list[dict[str, object]]:
    """The yaku of a game's rules (or one preset's): name, how many of the cards shown
    are needed, value in the rules' unit (with what each card beyond adds), the group it
    is the best of, and its cards."""
    g = as_game(game) if preset is None else preset_game(game, preset)
    rules = g.rules
    rows: list[dict[str, object]] = []
    for r in rules.yaku.rules:
        pool = CardSet(r.cards)
        need = r.count or len(pool)
        value = amount_text(g, r.points)
        if r.plus_per_extra:
            value += f", + {amount_text(g, r.plus_per_extra)} per card beyond {need}"
            if r.extra_kinds:
                value += " (any " + ", ".join(k.label for k in r.extra_kinds) + ")"
        name = f"{r.name} ({r.japanese})" if r.japanese else r.name
        rows.append({"Yaku": name,
                     "Needs": f"{need} of the {len(pool)} cards shown"
                     if len(pool) != need else f"all {need} cards shown",
                     "Value": value, "One of a group": _one_of(rules, r),
                     "Cards": pool.format()})
    return rows


def yaku_cards_html(game: Game | str, preset: str | None = None, *,
                    drawn_in: str | None = None, width: int = MIN_CARD_WIDTH) -> str:
    """A preset's yaku as a table with their cards drawn; with ``drawn_in`` (another
    preset), a yaku whose cards that preset's table already draws says so instead."""
    esc = html.escape
    g = as_game(game)
    out = [tables.scroll_region("Yaku and their values") + '<table class="table hf-table">'
           "<thead><tr><th>Yaku</th><th>Needs</th><th>Value</th><th>Cards</th></tr></thead>"
           "<tbody>"]
    shared = ({str(r["Cards"]) for r in preset_yaku_rows(g, drawn_in)}
              if drawn_in is not None and drawn_in != preset else set())
    label = preset_label(g, drawn_in) if drawn_in is not None else ""
    for r in preset_yaku_rows(g, preset):
        group = f" (one of: {r['One of a group']})" if r["One of a group"] else ""
        pic = (f"the same cards as the {label} table's" if str(r["Cards"]) in shared
               else _svg().row_svg(str(r["Cards"]), width=width, wrap=9))
        out.append(f"<tr><td>{esc(str(r['Yaku']))}{esc(group)}</td><td>{esc(str(r['Needs']))}"
                   f"</td><td>{esc(str(r['Value']))}</td><td>{pic}</td></tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def show_yaku_cards(game: Game | str, preset: str | None = None) -> HTML:
    """:func:`yaku_cards_html` for a chapter: one preset's yaku with their cards."""
    return _html(yaku_cards_html(game, preset))


def show_yaku_tables(game: Game | str) -> HTML:
    """Each preset's yaku with their cards, one collapsible block each; cards the first
    preset's table draws are drawn once."""
    g = as_game(game)
    first = presets(g)[0]
    return _html(preset_blocks_html(g, lambda p: yaku_cards_html(g, p, drawn_in=first)))


# ---------------------------------------------------------------------------
# A settlement, step by step

#: A settlement's steps in the order a chapter tells them: (title, ledger categories).
SettlementStep = tuple[str, tuple[str, ...]]


def _format(settlement: Any) -> Callable[[int], str]:
    unit = getattr(settlement.rules, "unit", None)
    return (lambda v: str(v)) if unit is None else unit.format


def _line(settlement: Any, x: Any) -> str:
    mult = f" (field ×{x.multiplier})" if x.multiplier != 1 else ""
    half = " — half" if x.note == "half" else ""
    return f"{x.payer} pays {x.payee} {_format(settlement)(x.amount)}: {x.reason}{mult}{half}"


def settlement_step_lines(settlement: Any, steps: Sequence[SettlementStep]
                          ) -> list[tuple[str, list[str]]]:
    """The told steps of a settlement (its ``ledger`` of payments, its ``special`` and
    ``cancelled`` lines): (step title, sentences), skipping steps with nothing in them.
    A step whose categories include ``special`` also tells what the special cancelled."""
    fmt = _format(settlement)
    out = []
    for title, cats in steps:
        lines = [_line(settlement, x) for x in settlement.ledger if x.category in cats]
        if "special" in cats:
            lines += [f"Cancelled: {x.payer} would have paid {x.payee} {fmt(x.amount)} "
                      f"({x.reason})" for x in getattr(settlement, "cancelled", ())]
            if getattr(settlement, "special", None):
                lines.insert(0, f"{settlement.special}.")
        if lines:
            out.append((title, lines))
    return out


def settlement_payment_rows(settlement: Any, steps: Sequence[SettlementStep]
                            ) -> list[dict[str, object]]:
    """One row per payment, in step order: step, who pays whom, amount, what for,
    multiplier, rule."""
    step_of = {c: t for t, cats in steps for c in cats}
    order = {t: i for i, (t, _) in enumerate(steps)}
    fmt = _format(settlement)
    return [{"Step": step_of.get(x.category, x.category), "Pays": x.payer, "To": x.payee,
             "Amount": fmt(x.amount), "For": x.reason + (" (half)" if x.note == "half" else ""),
             "Field": f"×{x.multiplier}", "Rule": x.clause}
            for x in sorted(settlement.ledger,
                            key=lambda x: order.get(step_of.get(x.category, ""), 99))]


def settlement_net_rows(settlement: Any, names: Mapping[str, str]) -> list[dict[str, str]]:
    """Each category's net per player (the settlement's ``to_rows()``), categories named
    by ``names`` and amounts in the rules' unit, like the rulebooks' scoring figures."""
    fmt = _format(settlement)
    return [{("" if k == "category" else k): (names.get(v, v) if k == "category" else fmt(v))
             for k, v in row.items()} for row in settlement.to_rows()]


def _steps_html(settlement: Any, steps: Sequence[SettlementStep]) -> str:
    esc = html.escape
    fmt = _format(settlement)
    out = ["<ol>"]
    for title, lines in settlement_step_lines(settlement, steps):
        out.append(f"<li><b>{esc(title)}.</b> "
                   + " ".join(esc(x if x.endswith(".") else x + ".") for x in lines) + "</li>")
    totals = ", ".join(f"{n} {fmt(v)}" for n, v in settlement.totals().items())
    out.append(f"<li><b>Totals.</b> {esc(totals)}. Winner of the round: "
               f"{esc(settlement.winner or '—')}.</li></ol>")
    return "".join(out)


@dataclass(frozen=True)
class WorkedExampleParts:
    """What a game's data gives for one worked example (a game names its maker as data:
    ``WORKED_EXAMPLE``, (module of hanafuda_core, function of (key, options))).

    ``settlement`` is the example settled; ``caption`` says where it comes from (for the
    variants page) and ``title`` the same for learners; ``facts`` tells the round in one
    paragraph; ``hands`` (label, cards) and ``highlight`` are the hands worth drawing;
    ``steps`` and ``names`` order and name the settlement's categories; ``note`` says
    where the source is wrong (or, with ``gap``, what it leaves unsaid)."""

    settlement: Any
    caption: str
    title: str
    unit: str
    facts: str
    hands: tuple[tuple[str, tuple[Any, ...]], ...]
    highlight: tuple[Any, ...]
    steps: tuple[SettlementStep, ...]
    names: Mapping[str, str]
    note: str = ""
    gap: bool = False


def settlement_html(parts: WorkedExampleParts, *, learner: bool = False) -> str:
    """A worked settlement: where it comes from, the facts, the hands that matter, the
    steps in order, the net table and (not for learners) every payment line; and a note
    where the source is wrong."""
    esc = html.escape
    s = parts.settlement
    if learner:
        out = [f'<p class="hf-caption">From {esc(parts.title)}; amounts in '
               f"{esc(parts.unit)}</p>", f"<p>{esc(parts.facts)}</p>"]
    else:
        out = [f'<p class="hf-caption">{esc(parts.caption)}, amounts in '
               f"{esc(parts.unit)}</p>", f"<p>{esc(parts.facts)}</p>"]
        if parts.hands:
            out.append(_svg().layout_html([(label, list(cards)) for label, cards in parts.hands],
                                          width=MIN_CARD_WIDTH, highlight=list(parts.highlight)))
    out.append(_steps_html(s, parts.steps))
    if not learner:
        out += [_caption(n) for n in getattr(s, "notes", ())]
    out.append(tables.to_html(settlement_net_rows(s, parts.names)))
    if not learner:
        out.append('<details><summary>Every payment line</summary>'
                   + tables.to_html(settlement_payment_rows(s, parts.steps)) + "</details>")
    if parts.note:
        where = "the rulebook" if learner else "the source"
        kind, title = (("note", f"What {where} leaves unsaid") if parts.gap
                       else ("warning", f"Where {where} is wrong"))
        out.append(f'<div class="admonition {kind}"><p class="admonition-title">{title}'
                   f"</p><p>{esc(parts.note)}</p></div>")
    return "".join(out)


def _example_parts(game: Game, key: str, options: Mapping[str, Any]) -> WorkedExampleParts:
    from importlib import import_module
    named = game_data(game, "WORKED_EXAMPLE")
    if not named:
        raise HanafudaError(f"{game.name} names no worked examples")
    maker = getattr(import_module(f"hanafuda_core.{named[0]}"), named[1])
    parts: WorkedExampleParts = maker(key, **options)
    return parts


def worked_example_html(game: Game | str, key: str, *, learner: bool = False,
                        **options: Any) -> str:
    """A game's worked example ``key`` (its data's ``WORKED_EXAMPLE``), settled under
    its own rules plus ``options``: :func:`settlement_html`."""
    return settlement_html(_example_parts(as_game(game), key, options), learner=learner)


def show_worked_example(game: Game | str, key: str, *, learner: bool = False,
                        **options: Any) -> HTML:
    """:func:`worked_example_html` for a chapter."""
    return _html(worked_example_html(game, key, learner=learner, **options))


# ---------------------------------------------------------------------------
# A deal, a seated table, a pile counted, a turn


def _stock(zones: Mapping[str, Sequence[int]]) -> int:
    return len(zones.get("undealt", zones.get("stock", ())))


def deal_html(game: Game | str, seed: int, players: int) -> str:
    """A real deal laid out as at the table: the field face up, your hand, the other
    hands face down and the stock."""
    g = as_game(game)
    zones = g.new_round(seed=seed, players=players).zones()
    others = [(f"Player {i + 1}'s hand (face down)", [None] * len(zones[f"hand {i}"]))
              for i in range(1, players)]
    rows = ([("Field", [Card(c) for c in zones["field"]]),
             ("Your hand (Player 1)", [Card(c) for c in zones["hand 0"]])] + others
            + [("Stock", _stock(zones))])
    markup: str = _svg().layout_html(rows, width=MIN_CARD_WIDTH)
    return markup


def show_deal(game: Game | str, seed: int, players: int) -> HTML:
    """:func:`deal_html` for a chapter."""
    return _html(deal_html(game, seed, players))


def seated_overview_rows(game: Game | str, players: int) -> list[dict[str, object]]:
    """At a glance (:func:`hanafuda_core.teach.overview_rows`) for a table of
    ``players``: the players who play a round and the deal they get."""
    from .facts import deal_rows, overview_rows
    g = as_game(game)
    deal = next(r for r in deal_rows(g) if r["Players"] == players)
    rows = []
    for row in overview_rows(g):
        what = row[""]
        if what == "Players":
            row = {**row, "At a glance": f"{players} in a round (up to "
                   f"{g.players[1]} can sit at the table: see the additions)"}
        elif what == "Deal":
            row = {**row, "At a glance": f"{deal['Each hand']} cards to each player, "
                   f"{deal['Field']} face up to the field, {deal['Stock']} in the stock"}
        rows.append(row)
    return rows


def show_seated_overview(game: Game | str, players: int) -> HTML:
    """:func:`seated_overview_rows` as a table."""
    return _html(tables.to_html(seated_overview_rows(game, players)))


_KINDS = (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)


def _kind_value(game: Game, kind: Kind) -> int:
    card = next(c for c in Card if c.kind is kind)
    value: int = game.score([card]).to_dict()["card_points"]
    return value


def pile_count_html(game: Game | str, cards: str, par: int, *,
                    width: int = MIN_CARD_WIDTH) -> str:
    """A capture pile counted at the table: the cards, each kind's count times its
    value in ``game``, the total and how far it is from ``par``."""
    g = as_game(game)
    pile = [Card(c) for c in CardSet.parse(cards)]
    parts, total = [], 0
    for kind in _KINDS:
        n = sum(1 for c in pile if c.kind is kind)
        if n:
            value = _kind_value(g, kind)
            total += n * value
            word = kind.name.capitalize() + ("s" if n != 1 else "")
            parts.append(f"{n} {word} \u00d7 {value} = {n * value}")
    diff = total - par
    side = (f"{diff} above par: you collect {diff}" if diff > 0 else
            f"{-diff} below par: you pay {-diff}" if diff < 0 else "exactly on par")
    pic: str = _svg().layout_html([("Your captures at the end of a round", pile)],
                                  width=width)
    return pic + _caption("; ".join(parts) + f". Total {total}, {side} (times the field).")


def show_pile_count(game: Game | str, cards: str, par: int) -> HTML:
    """:func:`pile_count_html` for a chapter."""
    return _html(pile_count_html(game, cards, par))


def turn_html(key: str = "two") -> str:
    """One capture turn before and after (the basics' :data:`~hanafuda_core.book.TURN_CASES`),
    told with card names only."""
    from ..book import turn_case, turn_case_html
    from .worked import plain_line
    markup = turn_case_html(turn_case(key))
    head, sep, caption = markup.rpartition('<p class="hf-caption">')
    text = html.unescape(caption.removesuffix("</p>"))
    return head + sep + html.escape(plain_line(text)) + "</p>"


def show_turn(key: str = "two") -> HTML:
    """:func:`turn_html` for a chapter."""
    return _html(turn_html(key))


# ---------------------------------------------------------------------------
# A worked round told by its decisions


def decisions_round_html(game: Game | str, seed: int, players: int, *,
                         choice_text: Callable[[str], str] = str,
                         line_text: Callable[[str], str] = str,
                         reason: Callable[[Any, Any], str] | None = None,
                         drawn: Callable[[Any], bool] = lambda d: True) -> str:
    """A generated round (:func:`hanafuda_core.teach.worked_round`) with its choices and
    story lines put in the game's words (``choice_text``, ``line_text``), each decision's
    reason extended by ``reason(decision, round)``, and only the decisions ``drawn``
    keeps drawn (renumbered); the deal is left out (a chapter pictures it once)."""
    from .worked import worked_round, worked_round_html
    wr = worked_round(as_game(game), seed, players)
    decisions = [replace(d, choices=tuple(choice_text(c) for c in d.choices),
                         chosen=choice_text(d.chosen),
                         reason=" ".join(x for x in (d.reason, reason(d, wr) if reason else "")
                                         if x))
                 for d in wr.decisions]
    kept = tuple(replace(d, number=i) for i, d in
                 enumerate((d for d in decisions if drawn(d)), 1))
    lines = tuple(line_text(x) for x in wr.lines)
    return worked_round_html(replace(wr, decisions=kept, lines=lines, dealt=None))


def show_decisions_round(game: Game | str, seed: int, players: int, **hooks: Any) -> HTML:
    """:func:`decisions_round_html` for a chapter."""
    return _html(decisions_round_html(game, seed, players, **hooks))


# ---------------------------------------------------------------------------
# A printable reference for a settled capture game

def _reference_css() -> str:
    """The style of :func:`settlement_reference_html` (screen, then print)."""
    from ..book import print_css
    return print_css("""
.hf-ref h2{font-size:1.15em;margin:12px 0 4px}
.hf-ref ol,.hf-ref ul{margin:2px 0 6px 1.2em;padding:0}
.hf-ref-cols{display:grid;grid-template-columns:1fr 1fr;gap:4px 18px}
.hf-ref table{font-size:0.85em}
""", """  body{font-size:9.5pt}
  .hf-ref table{font-size:8pt}
""")


def settlement_reference_html(game: Game | str, players: int, *, par: int,
                              field: Sequence[tuple[str, Sequence[Card]]],
                              specials: Sequence[Mapping[str, object]],
                              combinations_note: str = "") -> str:
    """A one- or two-page printable reference of a game settled against par: the deal of
    ``players``, card values and par, a turn, the field (``field``: (label, Brights)
    rows), the hand combinations, the scoring procedure, the yaku and the ``specials``
    rows."""
    from .facts import deal_rows
    from .pages import scoring_procedure
    esc = html.escape
    g = as_game(game)
    deal = next(r for r in deal_rows(g) if r["Players"] == players)
    total = sum(_kind_value(g, Card(c).kind) for c in range(48))
    words = g.rules.decision_words
    value = "Value"
    rows = hand_combination_rows(g, value=value)
    combos = "".join(       # (one group after the other, each under its heading)
        f'<tr><th colspan="2" scope="colgroup">{esc(str(group))} combinations: claim '
        "one</th></tr>" + "".join(f"<tr><td>{esc(str(r['Combination']))}</td>"
                                  f"<td>{esc(str(r[value]))}</td></tr>"
                                  for r in rows if r["Group"] == group)
        for group in dict.fromkeys(r["Group"] for r in rows))
    procedure = "".join(f"<li>{esc(s)}</li>" for s in scoring_procedure(g))
    lights = "".join(f"<li>{esc(label)}: {esc(', '.join(c.title for c in cards))}</li>"
                     for label, cards in field)
    values = ", ".join(f"{k.name.capitalize()} {_kind_value(g, k)}" for k in _KINDS)
    out = [f"<style>{_reference_css()}</style>", '<div class="hf-ref">',
           '<div class="hf-ref-cols"><div class="hf-ref-block"><h2>The deal</h2><ul>'
           f"<li>{players} players: {deal['Each hand']} cards each, {deal['Field']} face up "
           f"to the field, {deal['Stock']} in the stock.</li>"
           f"<li>Card values: {values}: {total} in the deck, par {par} each.</li></ul>"
           "<h2>A turn</h2><ol><li>Play a card: take a field card of its month, or leave "
           "it on the field.</li><li>Turn over the top stock card and do the same.</li>"
           f"<li>Made a yaku? Call {esc(words.stop)} (collect now) or {esc(words.go_on)} "
           "(play on).</li></ol>"
           f"<h2>The field (Brights dealt face up)</h2><ul>{lights}</ul></div>",
           '<div class="hf-ref-block"><h2>Hand combinations</h2>'
           f"<p>{esc(combinations_note)}</p><table class=\"table hf-table\">"
           f"<tbody>{combos}</tbody></table></div></div>",
           f'<div class="hf-ref-block"><h2>Scoring, in order</h2><ol>{procedure}</ol></div>',
           f"<div><h2>Yaku</h2>{yaku_cards_html(g)}</div>",
           '<div class="hf-ref-block"><h2>Special achievements and bonuses</h2>'
           + tables.to_html(specials) + "</div>", "</div>"]
    return "".join(out)


def show_settlement_reference(game: Game | str, players: int, **data: Any) -> HTML:
    """:func:`settlement_reference_html` for a chapter."""
    return _html(settlement_reference_html(game, players, **data))
