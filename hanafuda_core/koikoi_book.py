"""Helpers for the Koi-Koi chapter, its variants page and its quick reference: the
turn cases, the yaku groups, the rulebook's Koi-Koi examples played under each rule set,
and the side-by-side comparisons (the worked round is the teaching layer's:
:func:`hanafuda_core.teach.show_worked_round`).

As in :mod:`hanafuda_core.book`, every ``show_*`` function returns an IPython
display object (imported lazily); the data behind each one is a plain function
that the tests check. Nothing about a rule is typed here: points, deals,
misdeals, multipliers and sources come from :mod:`hanafuda_core.games.koikoi`,
the yaku tables and the engine.

>>> [r["Rule set"] for r in misdeal_rows()][:2]
['Rulebook', 'Japanese publisher']
>>> comparison_cell("1b 2b 3b 4b", "book").total
6
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import tables, teach
from .book import TURN_CASES as BASICS_TURN_CASES
from .book import (
    TurnCase,
    TurnSetup,
    _caption,
    _html,
    table_view,
    turn_case_html,
)
from .book import turn_case as _turn_case
from .cards import CARD_INFO, Card
from .engines.capture import (
    GO_ON,
    CaptureRules,
    Phase,
    RoundResult,
    State,
    apply,
    legal_actions,
    next_dealer,
    setup_state,
)
from .errors import HanafudaError, IllegalActionError
from .games.koikoi import COMPARE_ALSO, OPTIONS, PRESETS, WORDS, get_rules, preset_options
from .narration import and_list as _and
from .render.sizes import MIN_CARD_WIDTH
from .scoring import ScoreReport, score_cards
from .teach import preset_label
from .yaku import YakuTable

if TYPE_CHECKING:
    from IPython.display import HTML


__all__ = [
    "COMPARED", "COMPARISON_PILES", "misdeal_rows", "TURN_CASES", "TurnCase", "turn_case",
    "group_rows", "Scenario", "SCENARIOS", "run_scenario", "koikoi_example_rows",
    "seven_doubles_rows", "three_player_example", "koikoi_effect_rows", "SCORE_PILES",
    "comparison_cell", "comparison_rows", "show_misdeals", "show_turn_case", "show_group_rules",
    "show_koikoi_examples", "show_seven_doubles", "show_three_players",
    "show_koikoi_effects", "show_score", "show_comparison",
    "chapter_facts", "reference_html", "show_reference",
]

ALTERNATIVE = COMPARE_ALSO[0][0]


def _label(preset: str) -> str:
    """A preset's column heading (:func:`hanafuda_core.teach.preset_label`)."""
    return preset_label("koikoi", preset)


# The columns of the side-by-side comparison: (label, preset, option overrides).
COMPARED: tuple[tuple[str, str, Mapping[str, Any]], ...] = (
    (_label("book"), "book", {}),
    *COMPARE_ALSO,
    (_label("d002"), "d002", {}),
    (_label("d003"), "d003", {}),
)

# Capture piles on which the sources disagree (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("Four Brights with the Rainman", "1a 3a 8a 11a"),
    ("All five Brights", "1a 3a 8a 11a 12a"),
    ("Moon, Curtain and Sake Cup", "3a 8a 9a"),
    ("Poetry and Purple Ribbons together", "1b 2b 3b 6b 9b 10b"),
    ("Boar, Deer, Butterfly and two more Tens", "2a 4a 6a 7a 10a"),
    ("Nine Chaffs and the Sake Cup", "9a 1c 1d 2c 2d 3c 3d 4c 4d 5c"),
)

# Piles scored in the Scoring section (label, cards, Koi-Koi calls before the Stop).
SCORE_PILES: tuple[tuple[str, str, int], ...] = (
    ("Three Poetry Ribbons and one more Ribbon", "1b 2b 3b 4b", 0),
    ("Moon Viewing beside three Brights", "1a 3a 8a 9a", 0),
    ("The same pile after a Koi-Koi", "1a 3a 8a 9a", 1),
    ("Eleven Chaffs and six Tens", "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 2a 4a 5a 6a 7a 10a", 0),
)


def _name(card: Card) -> str:
    return f"{CARD_INFO[card].name} ({Card(card).code})"


def _cards(cards: Iterable[Card]) -> str:
    return _and([_name(c) for c in cards])


# ---------------------------------------------------------------------------
# Misdeals (the overview and the deal are the teaching layer's: teach.show_overview,
# teach.show_deals)

_OUTCOME_WORDS = {
    "redeal": "deal again, same dealer",
    "redeal_next_dealer": "deal again, the other player deals",
    "instant_win": "the holder wins the round",
    "dealer_wins": "the dealer wins the round",
    "dealer_captures": "the dealer captures them",
    "play_on": "play on",
}


def misdeal_rows() -> list[dict[str, object]]:
    """What each preset does with the three dealt patterns (from the engine rules)."""
    rows: list[dict[str, object]] = []
    for preset in ("book", "d002", "d003"):
        r = get_rules(preset)
        win = f" ({r.instant_win_points} points)"
        words = {k: v + (win if k in ("instant_win", "dealer_wins") else "")
                 for k, v in _OUTCOME_WORDS.items()}
        rows.append({"Rule set": _label(preset),
                     "Four of a month on the field": words[r.on_field_four],
                     "Four of a month in a hand": words[r.on_hand_four],
                     "Four pairs in a hand": words[r.on_four_pairs],
                     "Both hands win at once": words[r.on_both_instant]
                     if "instant_win" in (r.on_hand_four, r.on_four_pairs) else "—"})
    return rows


# ---------------------------------------------------------------------------
# A turn, played by the engine (set up, played and drawn by hanafuda_core.book)

def _with_stock(key: str, stock: str) -> TurnSetup:
    """The basics' case ``key`` with ``stock`` on top of the stock, so the turn is whole."""
    hands, fld, _, caps, actions = BASICS_TURN_CASES[key]
    return hands, fld, stock, caps, actions


# The basics' positions (hanafuda_core.book.TURN_CASES), played as whole turns under
# Koi-Koi's rules, and two of the chapter's own: (hands of seat 0 and 1, field, stock
# top first, captures of seat 0, actions).
TURN_CASES: Mapping[str, TurnSetup] = {
    "none": _with_stock("none", "10d 2d"),
    "one": _with_stock("one", "10d 2d"),
    "two": _with_stock("two", "10d 4d"),
    "hiki": _with_stock("hiki", "1d 2d"),
    "drawn": _with_stock("none", "8a 2d"),
    "same": BASICS_TURN_CASES["same"],
    "pair": BASICS_TURN_CASES["pair"],
    "decide": (("3c 12c", "7c 9d"), "3b 6b 8c", "10d 2d", "1b 2b", ("play 3c",)),
}


def turn_case(key: str, preset: str = "book") -> TurnCase:
    """Play one illustrated turn through the engine (``TURN_CASES[key]``) under a
    preset's rules, and narrate it."""
    return _turn_case(key, TURN_CASES, get_rules(preset))


# ---------------------------------------------------------------------------
# Yaku charts

def _table(preset: str, options: Mapping[str, Any] | None = None) -> YakuTable:
    table: YakuTable = get_rules(preset, **dict(options or {})).yaku
    return table


def group_rows(preset: str = "book") -> list[dict[str, object]]:
    """The yaku groups of a preset: which ones are one-of and what they hold."""
    table = _table(preset)
    rows: list[dict[str, object]] = []
    for g in table.groups:
        members = [r.name for r in table.rules if r.group == g.key]
        if not members:
            continue
        rows.append({"Group": g.name, "Yaku": ", ".join(members),
                     "What counts": ("only the best one" if g.mode == "one_of"
                                     else "every one you make")})
    return rows


# ---------------------------------------------------------------------------
# Calling Koi-Koi: the seed examples, played by the engine

@dataclass(frozen=True)
class Scenario:
    """A seed example: a small position and the actions that act it out."""

    key: str
    story: str
    setup: tuple[tuple[str, str], str, str, tuple[str, str]]
    actions: tuple[str, ...]
    play_out: bool = False      # after the actions, play on (Koi-Koi when asked)


_RACE = (("3c 4c 12a", "6c 12b 12c"), "3b 4b 6a", "2c 8c 9c 10c 11d 1c",
         ("1b 2b", "2a 4a 5a 8b"))
_RACE_C6 = (("3c 4c 6c", "12a 12b 12c"), "3b 4b 6a", "2c 8c 9c 10c 11d 1c",
            ("1b 2b 2a 4a 5a 8b", ""))
_QUIET = (("12a 5c", "12b 7c"), "1c 2c", "8c 10c", ("", ""))

SCENARIOS: tuple[Scenario, ...] = (
    Scenario("Rulebook example 1 (case C3)", "A completes the Poetry Ribbons and stops at once.",
             _RACE, ("play 3c", "stop")),
    Scenario("Rulebook example 2 (case C1)", "A completes the Poetry Ribbons, calls Koi-Koi, "
             "adds a fourth Ribbon later and stops.", _RACE,
             ("play 3c", "koikoi", "play 12b", "play 4c", "stop")),
    Scenario("Rulebook example 3 (case C2)", "A calls Koi-Koi on the Poetry Ribbons; B then "
             "makes five Tens and stops.", _RACE, ("play 3c", "koikoi", "play 6c", "stop")),
    Scenario("Rulebook example 4", "Both call Koi-Koi and nobody ever stops.", _RACE,
             ("play 3c", "koikoi", "play 6c", "koikoi"), play_out=True),
    Scenario("Rulebook example 5", "Both call Koi-Koi, then A adds a Ribbon and stops.", _RACE,
             ("play 3c", "koikoi", "play 6c", "koikoi", "play 4c", "stop")),
    Scenario("Case C4", "A calls Koi-Koi and nobody stops before the cards run out.", _RACE,
             ("play 3c", "koikoi"), play_out=True),
    Scenario("Case C5", "Nobody forms a yaku; the cards run out.", _QUIET,
             ("play 12a", "play 12b", "play 5c", "play 7c")),
    Scenario("Case C6", "A calls Koi-Koi twice, then stops on a third improvement.", _RACE_C6,
             ("play 3c", "koikoi", "play 12a", "play 4c", "koikoi", "play 12b", "play 6c",
              "stop")),
)


def run_scenario(scenario: Scenario, preset: str = "book",
                 options: Mapping[str, Any] | None = None) -> State:
    """The final state of a scenario under a preset (Koi-Koi whenever a play-out asks)."""
    hands, fld, stock, caps = scenario.setup
    rules = get_rules(preset, **dict(options or {}))
    state = setup_state(rules, list(hands), field=fld, stock=stock, captures=list(caps))
    for a in scenario.actions:
        state = apply(state, a)
    while scenario.play_out and not state.is_terminal:
        acts = legal_actions(state)
        state = apply(state, GO_ON if GO_ON in acts else acts[0])
    if not state.is_terminal:
        raise HanafudaError(f"{scenario.key} does not end the round")
    return state


def _result(state: State) -> RoundResult:
    """The result of a round played to its end."""
    assert state.result is not None, "a round played to its end has its result"
    return state.result


def _result_text(state: State) -> str:
    res = _result(state)
    pts = res.points
    if res.winner is None:
        return f"draw: A {pts[0]}, B {pts[1]}"
    who = "AB"[res.winner]
    text = f"{who} {pts[res.winner]}"
    rep = res.report
    if rep is not None and (len(rep.lines) > 1 or rep.factor != 1):
        made = " + ".join(str(line.points) for line in rep.lines)
        text += f" ({made}" + (f", ×{rep.factor}" if rep.factor != 1 else "") + ")"
    loser = 1 - res.winner
    return text + f"; {'AB'[loser]} {pts[loser]}"


def _scenario_text(sc: Scenario, preset: str, options: Mapping[str, Any] | None = None
                   ) -> str:
    """The result of a scenario, or why it cannot happen under these rules."""
    try:
        return _result_text(run_scenario(sc, preset, options))
    except IllegalActionError as err:
        hands, fld, stock, caps = sc.setup
        state = setup_state(get_rules(preset, **dict(options or {})), list(hands),
                            field=fld, stock=stock, captures=list(caps))
        for i, a in enumerate(sc.actions):
            if a in ("koikoi", "stop") and state.phase != Phase.DECIDE:
                return f"does not arise (no decision after '{sc.actions[i - 1]}')"
            try:
                state = apply(state, a)
            except IllegalActionError:
                break
        return f"does not arise: {err}"


def koikoi_example_rows(presets: Sequence[str] = ("book", "d002", "d003")
                        ) -> list[dict[str, object]]:
    """The rulebook's Koi-Koi examples, each played by the engine under each preset."""
    rows = []
    for sc in SCENARIOS:
        state = run_scenario(sc)
        row: dict[str, object] = {"Example": sc.key, "What happens": sc.story,
                                  "Koi-Koi calls": len(state.calls)}
        for p in presets:
            row[_label(p)] = _scenario_text(sc, p)
        row["Next dealer"] = "AB"[next_dealer(state)]
        rows.append(row)
    return rows


def koikoi_effect_rows() -> list[dict[str, object]]:
    """Every value of the ``koikoi_effect`` option: what it does, and BOOK example 3
    (B stops after A's Koi-Koi) and example 2 (A stops after A's own Koi-Koi) under it."""
    opt = OPTIONS["koikoi_effect"]
    words = _option_value_words("koikoi_effect")
    presets = {v: [_label(p) for p in PRESETS if preset_options(p)[opt.key] == v]
               for v in opt.allowed}
    ex2, ex3 = SCENARIOS[1], SCENARIOS[2]
    rows = []
    for value in opt.allowed:
        rows.append({"Setting": value, "Effect": words.get(value, ""),
                     "Used by": ", ".join(presets[value]) or "house rule",
                     "Example 2 (A stops after own call)": _scenario_text(
                         ex2, "book", {"koikoi_effect": value}),
                     "Example 3 (B stops after A's call)": _scenario_text(
                         ex3, "book", {"koikoi_effect": value})})
    return rows


def _option_value_words(key: str) -> dict[object, str]:
    """Split an option's description into one phrase per allowed value, where the
    description lists them in order separated by ';' or ',' (else empty)."""
    opt = OPTIONS[key]
    text = opt.description.split(": ", 1)[-1]
    parts = [p.strip() for p in text.replace("; ", "|").split("|")]
    if len(parts) == len(opt.allowed):
        return dict(zip(opt.allowed, parts))
    return {}


def seven_doubles_rows(values: Iterable[int] = range(1, 11)) -> list[dict[str, object]]:
    """D002's rule: what one loser pays for each yaku total, with and without a call."""
    rules = get_rules("d002")
    ov = rules.overlay
    rows: list[dict[str, object]] = []
    for v in values:
        plain = ov.multipliers(v, 0, 0)
        called = ov.multipliers(v, 0, 1)
        f1 = 1
        for m in plain:
            f1 *= m.factor
        f2 = 1
        for m in called:
            f2 *= m.factor
        rows.append({"Yaku total": v, "Paid": v * f1, "Paid after the payer's Koi-Koi": v * f2})
    return rows


def three_player_example() -> tuple[State, State, list[str]]:
    """D002 with three players: A and B call Koi-Koi, C makes a yaku and must Stop.

    Returns (the decision state, the final state, the legal actions at the decision).
    """
    rules = get_rules("d002", players=3)
    s = setup_state(rules, ["3c 12a", "6c 12b", "10c 12c"], field="3b 6a 10b",
                    stock="2c 8c 9c 11d 1c 5c", captures=["1b 2b", "2a 4a 5a 8b", "6b 9b"])
    for a in ("play 3c", "koikoi", "play 6c", "koikoi", "play 10c"):
        s = apply(s, a)
    legal = [a.code() for a in legal_actions(s)]
    return s, apply(s, legal[0]), legal


# ---------------------------------------------------------------------------
# Scoring and the side-by-side comparison

def comparison_cell(cards: str, preset: str, options: Mapping[str, Any] | None = None
                    ) -> ScoreReport:
    return score_cards(cards, preset, options)


def _cell_text(rep: ScoreReport) -> str:
    if not rep.lines:
        return "0 (no yaku)"
    parts = ", ".join(f"{line.name} {line.points}" for line in rep.lines)
    extra = f" ×{rep.factor}" if rep.factor != 1 else ""
    return f"{rep.total}: {parts}{extra}"


def comparison_rows(piles: Sequence[tuple[str, str]] = COMPARISON_PILES
                    ) -> list[dict[str, object]]:
    """Each pile scored (as if its owner stopped, no Koi-Koi) under each rule set."""
    rows = []
    for label, cards in piles:
        row: dict[str, object] = {"Pile": label, "Cards": cards}
        for col, preset, opts in COMPARED:
            rep = comparison_cell(cards, preset, opts)
            row[col] = _cell_text(rep)
            row[f"{col} total"] = rep.total
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# Display

show_misdeals = table_view(misdeal_rows)


def show_turn_case(key: str) -> HTML:
    """Before and after one engine-played turn, told in a player's words."""
    return _html(turn_case_html(turn_case(key)))


show_group_rules = table_view(group_rows)
show_koikoi_examples = table_view(koikoi_example_rows)
show_koikoi_effects = table_view(koikoi_effect_rows)
show_seven_doubles = table_view(seven_doubles_rows)


def show_three_players() -> HTML:
    from .render.svg import layout_html
    decision, final, legal = three_player_example()
    rows = [(f"Player {'ABC'[p]}'s captures", list(decision.captures(p))) for p in range(3)]
    calls = ", ".join("ABC"[c] for c in decision.calls)
    may = "must" if len(legal) == 1 else "may"
    said = [f"call {WORDS.word(a)}" if a in ("koikoi", "stop") else a for a in legal]
    res = _result(final)
    text = (f"{WORDS.go_on} calls so far: {calls}. Player C has just made a yaku and {may} "
            f"{' or '.join(said)}. Points: " + ", ".join(
                f"{'ABC'[p]} {v:+d}" for p, v in enumerate(res.points)) + ".")
    notes = res.report.notes if res.report else ()
    return _html(layout_html(rows, width=MIN_CARD_WIDTH)
                 + _caption(text + " " + " ".join(notes)))


def show_score(index: int) -> HTML:
    """One of :data:`SCORE_PILES` scored: its yaku with their cards, points and rules,
    and the multipliers (cards drawn and named, never written as codes)."""
    label, cards, calls = SCORE_PILES[index]
    rep = score_cards(cards, calls=calls)
    return _html(f"<p><b>{html.escape(label)}</b>"
                 + (f" · {calls} Koi-Koi call before the Stop" if calls else "") + "</p>"
                 + rep._repr_html_())


def show_comparison() -> HTML:
    from .render.svg import row_svg
    esc = html.escape
    rows = comparison_rows()
    cols = [c for c, _, _ in COMPARED]
    out = [tables.scroll_region("The same piles under each rule set")
           + '<table class="table hf-table">'
           "<thead><tr><th>Pile</th>" + "".join(f"<th>{esc(c)}</th>" for c in cols)
           + "</tr></thead><tbody>"]
    for r in rows:
        totals = {r[f"{c} total"] for c in cols}
        cells = []
        for c in cols:
            total, _, rest = str(r[c]).partition(": ")
            total = total.split(" ")[0]
            shade = "" if len(totals) == 1 else "background:#fff4e0"
            cells.append(f'<td style="{shade}"><b style="font-size:1.25em">{esc(total)}</b>'
                         f'<br><small>{esc(rest or "no yaku")}</small></td>')
        out.append(f"<tr><td>{esc(str(r['Pile']))}<br>"
                   f"{row_svg(str(r['Cards']), width=MIN_CARD_WIDTH, wrap=5)}</td>"
                   f"{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    return _html("".join(out))


def yaku_rule_points(rules: CaptureRules, key: str) -> int:
    """The points of one yaku of a rule set's chart."""
    table: YakuTable = rules.yaku
    return next(r.points for r in table.rules if r.key == key)


def chapter_facts() -> dict[str, object]:
    """The numbers the chapter's prose names beyond those every game has (those are
    :func:`hanafuda_core.teach.facts`), keyed ``kk_...`` for ``{glue:text}``
    (``teach.glue_facts(game, "kk", **chapter_facts())``)."""
    book = get_rules("book")
    ex3 = run_scenario(SCENARIOS[2])
    d002 = get_rules("d002")
    seven = min(v for v in range(1, 20) if d002.overlay.multipliers(v, 0, 0))
    rule = {r.key: r for r in book.yaku.rules}
    tens = rule["five_tens"]
    return {
        "kk_tens": tens.points, "kk_six_tens": tens.points + tens.plus_per_extra,
        "kk_seven_tens": tens.points + 2 * tens.plus_per_extra,
        "kk_poetry": rule["poetry_ribbons"].points,
        "kk_poetry_d002": yaku_rule_points(d002, "poetry_ribbons"),
        "kk_poetry_purple": rule["poetry_and_purple"].points,
        "kk_below_double": 2 * seven - 1,
        "kk_instant": book.instant_win_points,
        "kk_min_points": max(OPTIONS["minimum_points"].allowed),
        "kk_ex2": _result(run_scenario(SCENARIOS[1])).points[0],
        "kk_ex3_book": _result(ex3).points[1],
        "kk_ex3_d003": _result(run_scenario(SCENARIOS[2], "d003")).points[1],
        "kk_seven": seven,
        "kk_toppa": "/".join(map(str, get_rules("d002-toppa").deals[2])),
    }


# ---------------------------------------------------------------------------
# The printable quick reference

def reference_html(preset: str = "book") -> str:
    """The quick reference page as one HTML fragment (with its print style): the teaching
    layer's (:func:`hanafuda_core.teach.quick_reference_html`: at a glance, the deal, a
    turn, scoring and the yaku chart), then Koi-Koi's own: the decision after a yaku in
    the game's words, and the multipliers with two examples played out by the rules.
    The other rule sets' points are on the variants page, not on this sheet."""
    esc = html.escape
    rules = get_rules(preset)
    go, stop = rules.decision_words.go_on, rules.decision_words.stop
    ex2 = run_scenario(SCENARIOS[1], preset)
    ex3 = run_scenario(SCENARIOS[2], preset)
    mults = rules.overlay.multipliers(6, 1, 0)
    mult_text = "; ".join(f"×{m.factor}: {m.reason}" for m in mults) or "no multiplier"
    own = ('<div class="hf-ref-cols"><div class="hf-ref-block">'
           f"<h2>{esc(go)} or {esc(stop)}</h2>"
           f"<ul><li><b>{esc(stop)}</b>: the round ends; only you score your yaku.</li>"
           f"<li><b>{esc(go)}</b>: play on for more; if your opponent stops first, "
           "you score nothing.</li>"
           "<li>Nobody stops before the cards run out: a draw, 0 each, the dealer "
           f"stays.</li><li>The {esc(stop)} caller deals the next round.</li></ul></div>"
           '<div class="hf-ref-block"><h2>Multipliers</h2><ul>'
           f"<li>{esc(mult_text)}.</li>"
           f"<li>Example: 3 Poetry Ribbons, {esc(go)}, a 4th Ribbon, {esc(stop)}: "
           f"{_result(ex2).points[0]} points.</li>"
           f"<li>Example: A calls {esc(go)}; B makes 5 Tens and stops: B "
           f"{_result(ex3).points[1]}, A 0.</li></ul></div></div>")
    page = teach.quick_reference_html(teach.preset_game("koikoi", preset))
    end = page.rindex("</div>")
    return page[:end] + own + page[end:]


def show_reference(preset: str = "book") -> HTML:
    return _html(reference_html(preset))
