"""Situations a chapter plays out through a capture game's rules, for any capture game:
a turn (no match, two matches, a hiki, the same month drawn, the decision), what each
rule set does with a lucky or spoiled deal, the yaku groups, the stop/continue decision's
examples played under every rule set, an option's values against those examples, what a
round's multipliers make of each total, a scored pile, and the numbers a chapter's prose
names from them.

A game hooks in by data in its rules module, read here and nowhere else:

* ``TURN_CASES``: the turns a chapter shows, each (hands of seat 0 and 1, field, stock
  top first, captures of seat 0, actions); without them, the basics' positions
  (:data:`hanafuda_core.book.TURN_CASES`);
* ``DECISION_EXAMPLES``: positions that end in a stop/continue decision, each (name,
  what happens, (hands, field, stock top first, captures), actions, whether play goes
  on after them), optionally with the preset and options it needs (three players...);
  ``DECISION_OPTION`` the option whose values they are played under;
  ``DECISION_MOMENT`` one more such position, drawn at its decision;
  ``DECISION_NOTES`` and ``REFERENCE_EXAMPLES`` the decision on the quick reference;
* ``SCORE_EXAMPLES``: piles the chapter scores, each (label, cards, go-on calls).

Every ``*_rows`` function returns rows for a table, every ``*_html`` a string, every
``show_*`` a display object.

>>> from hanafuda_core import get_game
>>> turn_case(get_game("koikoi"), "two").legal_at_choice
('capture 2a', 'capture 2c')
>>> [r["Rule set"] for r in misdeal_rows("koikoi")][:2]
['Rulebook', 'Japanese publisher']
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import tables
from ..book import TURN_CASES as BASICS_TURN_CASES
from ..book import TurnCase, TurnSetup, _caption, turn_case_html
from ..book import _html as _display
from ..book import turn_case as _turn_case
from ..cards import CardSet
from ..engines.capture import (
    GO_ON,
    STOP,
    CaptureRules,
    DecisionWords,
    Phase,
    RoundResult,
    State,
    apply,
    legal_actions,
    next_dealer,
    setup_state,
)
from ..errors import HanafudaError, IllegalActionError, PlayerCountError
from ..play import Game
from ..render.sizes import MIN_CARD_WIDTH
from .charts import yaku_table
from .facts import as_game, game_data, preset_label, presets, usual_players

__all__ = [
    "Example",
    "capture_rules",
    "decision_example_rows",
    "decision_examples",
    "decision_moment",
    "decision_moment_html",
    "decision_option_rows",
    "decision_reference_html",
    "group_rows",
    "misdeal_rows",
    "multiplier_rows",
    "result_text",
    "run_example",
    "score_example_html",
    "show_decision_examples",
    "show_decision_moment",
    "show_decision_option",
    "show_group_rules",
    "show_misdeals",
    "show_multipliers",
    "show_score_example",
    "show_turn_case",
    "situation_facts",
    "turn_case",
    "turn_cases",
]


def _table(rows: Sequence[Mapping[str, object]]) -> Any:
    return _display(tables.to_html(rows))


def capture_rules(game: Game | str) -> CaptureRules:
    """The game's capture-engine rules; a game whose turns are not the capture engine's
    is refused with the reason."""
    g = as_game(game)
    if not isinstance(g.rules, CaptureRules):
        raise HanafudaError(f"{g.name}'s rounds are not plain capture rounds: its turns and "
                            "decisions cannot be set up as positions here")
    return g.rules


def _words(rules: CaptureRules) -> DecisionWords:
    words: DecisionWords = rules.decision_words
    return words


def _other(g: Game, preset: str | None = None, options: Mapping[str, Any] | None = None
           ) -> Game:
    """The same game under ``preset`` (default: its own) with ``options`` on top."""
    if preset is None and not options:
        return g
    from ..registry import get_game
    return get_game(g.key, preset=preset or g.preset, **{**g.options, **dict(options or {})})


# ---------------------------------------------------------------------------
# A turn, played by the rules (set up, played and drawn by hanafuda_core.book)


def turn_cases(game: Game | str) -> Mapping[str, TurnSetup]:
    """The turns a chapter may show: the game's own (``TURN_CASES``), else the basics'."""
    own = game_data(game, "TURN_CASES")
    return own if own is not None else BASICS_TURN_CASES


def turn_case(game: Game | str, key: str) -> TurnCase:
    """Play one illustrated turn (:func:`turn_cases`) under the game's rules and narrate
    it; an unknown key is refused with the keys there are."""
    g = as_game(game)
    return _turn_case(key, turn_cases(g), capture_rules(g))


def show_turn_case(game: Game | str, key: str) -> Any:
    """Before and after one turn played by the rules, told in a player's words."""
    return _display(turn_case_html(turn_case(game, key)))


# ---------------------------------------------------------------------------
# Misdeals and yaku groups

#: What the rules do with a dealt pattern, in words.
OUTCOME_WORDS = {
    "redeal": "deal again, same dealer",
    "redeal_next_dealer": "deal again, the other player deals",
    "instant_win": "the holder wins the round",
    "dealer_wins": "the dealer wins the round",
    "dealer_captures": "the dealer captures them",
    "play_on": "play on",
}


def misdeal_rows(game: Game | str) -> list[dict[str, object]]:
    """What each preset does with the three dealt patterns (four of a month on the field,
    four of a month or four pairs in a hand) and with two winning hands at once, from
    the rules; a preset whose row would repeat an earlier one's is left out."""
    g = as_game(game)
    rows: list[dict[str, object]] = []
    seen: list[dict[str, object]] = []
    for preset in presets(g):
        r = capture_rules(_other(g, preset))
        win = f" ({r.instant_win_points} points)"
        words = {k: v + (win if k in ("instant_win", "dealer_wins") else "")
                 for k, v in OUTCOME_WORDS.items()}
        cells: dict[str, object] = {
            "Four of a month on the field": words[r.on_field_four],
            "Four of a month in a hand": words[r.on_hand_four],
            "Four pairs in a hand": words[r.on_four_pairs],
            "Both hands win at once": words[r.on_both_instant]
            if "instant_win" in (r.on_hand_four, r.on_four_pairs) else "—"}
        if cells in seen:
            continue
        seen.append(cells)
        rows.append({"Rule set": preset_label(g, preset), **cells})
    return rows


def group_rows(game: Game | str) -> list[dict[str, object]]:
    """The yaku groups of the game's chart: the yaku each holds and whether only the
    best one counts or every one made."""
    table, _ = yaku_table(as_game(game))
    if table is None:
        return []
    rows: list[dict[str, object]] = []
    for g in table.groups:
        members = [r.name for r in table.rules if r.group == g.key]
        if members:
            rows.append({"Group": g.name, "Yaku": ", ".join(members),
                         "What counts": ("only the best one" if g.mode == "one_of"
                                         else "every one you make")})
    return rows


def show_misdeals(game: Game | str) -> Any:
    """:func:`misdeal_rows` as a table."""
    return _table(misdeal_rows(game))


def show_group_rules(game: Game | str) -> Any:
    """:func:`group_rows` as a table."""
    return _table(group_rows(game))


# ---------------------------------------------------------------------------
# The stop/continue decision: written positions played out


@dataclass(frozen=True)
class Example:
    """A written position and the actions that act it out (a game's
    ``DECISION_EXAMPLES``): ``play_out`` goes on after the actions, calling go-on
    whenever asked, until the round ends; ``preset`` and ``options`` are the rules it
    needs (None: the rules it is played under)."""

    name: str
    story: str
    hands: tuple[str, ...]
    field: str
    stock: str
    captures: tuple[str, ...]
    actions: tuple[str, ...]
    play_out: bool = False
    preset: str | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def from_data(cls, data: Sequence[Any]) -> Example:
        """An example from a rules module's plain tuple (see the module's notes)."""
        name, story, (hands, fld, stock, caps), actions, play_out, *rest = data
        preset = rest[0] if rest else None
        options = dict(rest[1]) if len(rest) > 1 else {}
        return cls(name, story, tuple(hands), fld, stock, tuple(caps), tuple(actions),
                   bool(play_out), preset, options)


def decision_examples(game: Game | str) -> tuple[Example, ...]:
    """The game's written decision examples (``DECISION_EXAMPLES``), or none."""
    return tuple(Example.from_data(d) for d in game_data(game, "DECISION_EXAMPLES", ()))


def _start(g: Game, ex: Example) -> State:
    rules = capture_rules(g)
    return setup_state(rules, list(ex.hands), field=ex.field, stock=ex.stock,
                       captures=list(ex.captures))


def run_example(game: Game | str, example: Example, preset: str | None = None,
                options: Mapping[str, Any] | None = None) -> State:
    """The final state of ``example`` under ``preset`` (default: the example's own, else
    the game's) with ``options`` on top; an example that does not end the round is
    refused, an action these rules do not allow raises
    :class:`~hanafuda_core.errors.IllegalActionError`."""
    g = as_game(game)
    played = _other(g, preset or example.preset, {**example.options, **dict(options or {})})
    state = _start(played, example)
    for a in example.actions:
        state = apply(state, a)
    while example.play_out and not state.is_terminal:
        acts = legal_actions(state)
        state = apply(state, GO_ON if GO_ON in acts else acts[0])
    if not state.is_terminal:
        raise HanafudaError(f"{example.name} does not end the round")
    return state


def _result(state: State) -> RoundResult:
    if state.result is None:
        raise HanafudaError("the round has not ended")
    return state.result


def _seats(n: int) -> str:
    return "ABCD"[:n]


def result_text(state: State) -> str:
    """A finished example's result: the winner's points with their yaku and multiplier
    ("A 12 (6, ×2); B 0"), or a draw."""
    res = _result(state)
    pts, seats = res.points, _seats(len(res.points))
    if res.winner is None:
        return "draw: " + ", ".join(f"{seats[p]} {v}" for p, v in enumerate(pts))
    text = f"{seats[res.winner]} {pts[res.winner]}"
    rep = res.report
    if rep is not None and (len(rep.lines) > 1 or rep.factor != 1):
        made = " + ".join(str(line.points) for line in rep.lines)
        text += f" ({made}" + (f", ×{rep.factor}" if rep.factor != 1 else "") + ")"
    others = [f"{seats[p]} {v}" for p, v in enumerate(pts) if p != res.winner]
    return text + "; " + ", ".join(others)


def _example_text(g: Game, ex: Example, preset: str,
                  options: Mapping[str, Any] | None = None) -> str:
    """The result of an example under a preset, or why it does not arise there."""
    try:
        return result_text(run_example(g, ex, preset, options))
    except IllegalActionError as err:
        state = _start(_other(g, preset, {**ex.options, **dict(options or {})}), ex)
        for i, a in enumerate(ex.actions):
            if state.phase != Phase.DECIDE and a in _DECISION_CODES:
                return f"does not arise (no decision after '{ex.actions[i - 1]}')"
            try:
                state = apply(state, a)
            except IllegalActionError:
                break
        return f"does not arise: {err}"


#: The codes of the stop/continue answers (an example's actions name them).
_DECISION_CODES = frozenset({GO_ON.code(), STOP.code()})


def decision_example_rows(game: Game | str, preset_keys: Iterable[str] | None = None,
                          examples: Sequence[Example] | None = None
                          ) -> list[dict[str, object]]:
    """Decision examples (by default the game's own), each played out under every preset
    (or ``preset_keys``; a preset whose results repeat an earlier one's is left out):
    what happens, the go-on calls and who deals next under the game's own rules, and
    each preset's result ("does not arise" where the rules never ask)."""
    g = as_game(game)
    keys = tuple(preset_keys) if preset_keys is not None else presets(g)
    words = _words(capture_rules(g))
    chosen = list(examples) if examples is not None else list(decision_examples(g))
    columns: list[tuple[str, list[str]]] = []
    for p in keys:
        cells = [_example_text(g, ex, p) for ex in chosen]
        if all(cells != seen for _, seen in columns):
            columns.append((preset_label(g, p), cells))
    rows = []
    for i, ex in enumerate(chosen):
        try:
            state: State | None = run_example(g, ex)
        except IllegalActionError:
            state = None                 # it does not arise under the game's own rules
        row: dict[str, object] = {"Example": ex.name, "What happens": ex.story,
                                  f"{words.go_on} calls": "—" if state is None
                                  else len(state.calls)}
        for label, cells in columns:
            row[label] = cells[i]
        row["Next dealer"] = "—" if state is None else \
            _seats(len(ex.hands))[next_dealer(state)]
        rows.append(row)
    return rows


def _value_words(description: str, allowed: Sequence[Any]) -> dict[Any, str]:
    """An option's description split into one phrase per allowed value, where it lists
    them in order after a colon, separated by ';' (else nothing)."""
    text = description.split(": ", 1)[-1]
    parts = [p.strip() for p in text.split("; ")]
    return dict(zip(allowed, parts)) if len(parts) == len(allowed) else {}


def decision_option_rows(game: Game | str) -> list[dict[str, object]]:
    """Every value of the game's decision option (``DECISION_OPTION``: the option, and
    the examples played under it with their headings): what it does, the presets that
    use it, and each example's result under it."""
    g = as_game(game)
    data = game_data(g, "DECISION_OPTION")
    if not data:
        return []
    key, columns = data
    opt = g.option_table[key]
    words = _value_words(opt.description, opt.allowed)
    from .facts import option_values
    users = {p: option_values(g, p)[key] for p in presets(g)}
    examples = decision_examples(g)
    rows = []
    for value in opt.allowed:
        used = [preset_label(g, p) for p, v in users.items() if v == value]
        row: dict[str, object] = {"Setting": value, "Effect": words.get(value, ""),
                                  "Used by": ", ".join(used) or "house rule"}
        for heading, index in columns:
            row[heading] = _example_text(g, examples[index], g.preset, {key: value})
        rows.append(row)
    return rows


def show_decision_examples(game: Game | str) -> Any:
    """:func:`decision_example_rows` as a table."""
    return _table(decision_example_rows(game))


def show_decision_option(game: Game | str) -> Any:
    """:func:`decision_option_rows` as a table."""
    return _table(decision_option_rows(game))


def decision_moment(game: Game | str, example: Example
                    ) -> tuple[State, State, list[str]]:
    """``example`` played to its last decision: (the decision, the round after the first
    legal answer, the legal answers' codes)."""
    g = as_game(game)
    played = _other(g, example.preset, example.options)
    state = _start(played, example)
    for a in example.actions:
        state = apply(state, a)
    if state.phase != Phase.DECIDE:
        raise HanafudaError(f"{example.name} does not end in a decision")
    legal = [a.code() for a in legal_actions(state)]
    return state, apply(state, legal[0]), legal


def decision_moment_html(game: Game | str, example: Example | Sequence[Any] | None = None
                         ) -> str:
    """Every player's captures at the decision of ``example`` (an :class:`Example`, a
    rules module's tuple, or by default the game's ``DECISION_MOMENT``), who called go-on
    so far, what the player may answer, in the game's words, and the points after the
    answer."""
    from ..render.svg import layout_html
    if example is None:
        example = game_data(game, "DECISION_MOMENT")
        if example is None:
            raise HanafudaError(f"{as_game(game).name} names no decision to draw "
                                "(DECISION_MOMENT)")
    ex = example if isinstance(example, Example) else Example.from_data(example)
    decision, final, legal = decision_moment(game, ex)
    words = _words(decision.rules)
    n = len(ex.hands)
    seats = _seats(n)
    rows = [(f"Player {seats[p]}'s captures", list(decision.captures(p))) for p in range(n)]
    calls = ", ".join(seats[c] for c in decision.calls) or "none"
    may = "must" if len(legal) == 1 else "may"
    codes = {GO_ON.code(): words.go_on, STOP.code(): words.stop}
    said = [f"call {codes[a]}" if a in codes else a for a in legal]
    res = _result(final)
    who = seats[decision.current_player if decision.current_player is not None else 0]
    text = (f"{words.go_on} calls so far: {calls}. Player {who} has just made a yaku and "
            f"{may} {' or '.join(said)}. Points: "
            + ", ".join(f"{seats[p]} {v:+d}" for p, v in enumerate(res.points)) + ".")
    notes = res.report.notes if res.report else ()
    return layout_html(rows, width=MIN_CARD_WIDTH) + _caption(" ".join([text, *notes]))


def show_decision_moment(game: Game | str, example: Example | Sequence[Any] | None = None
                         ) -> Any:
    """:func:`decision_moment_html` for a chapter."""
    return _display(decision_moment_html(game, example))


# ---------------------------------------------------------------------------
# Multipliers and scored piles


def multiplier_rows(game: Game | str, totals: Iterable[int] = range(1, 11)
                    ) -> list[dict[str, object]]:
    """What one loser pays for each yaku total under the game's rules, with no go-on call
    and after the payer's own call (the multipliers of its overlay)."""
    rules = capture_rules(game)
    go_on = _words(rules).go_on
    return [{"Yaku total": v, "Paid": v * rules.multiplier(v, 0),
             f"Paid after the payer's {go_on}": v * rules.multiplier(v, 1)} for v in totals]


def show_multipliers(game: Game | str) -> Any:
    """:func:`multiplier_rows` as a table."""
    return _table(multiplier_rows(game))


def score_example_html(game: Game | str, index: int) -> str:
    """One of the game's ``SCORE_EXAMPLES`` scored: its yaku with their cards, points and
    rules, and the multipliers after its go-on calls (cards drawn and named)."""
    g = as_game(game)
    examples = game_data(g, "SCORE_EXAMPLES", ())
    if not 0 <= index < len(examples):
        raise HanafudaError(f"{g.name} has {len(examples)} scoring examples, numbered 0 to "
                            f"{len(examples) - 1}; not {index}")
    label, cards, calls = examples[index]
    rules = capture_rules(g)
    words = _words(rules)
    rep = rules.overlay.pile_report(rules, CardSet.parse(cards).mask, 0, calls)
    said = (f" · {calls} {words.go_on} call{'s' * (calls > 1)} before the {words.stop}"
            if calls else "")
    return f"<p><b>{html.escape(label)}</b>{html.escape(said)}</p>" + str(rep._repr_html_())


def show_score_example(game: Game | str, index: int) -> Any:
    """:func:`score_example_html` for a chapter."""
    return _display(score_example_html(game, index))


# ---------------------------------------------------------------------------
# The quick reference's decision and the chapter's numbers


def decision_reference_html(game: Game | str) -> str:
    """The quick reference's block on the stop/continue decision, for a game that
    declares it (``DECISION_NOTES``; else ""): what each answer does in the game's
    words, the multipliers, and the ``REFERENCE_EXAMPLES`` played out under its rules."""
    g = as_game(game)
    notes = game_data(g, "DECISION_NOTES", ())
    if not notes:
        return ""
    esc = html.escape
    rules = capture_rules(g)
    words = _words(rules)
    say = {"go_on": words.go_on, "stop": words.stop}
    items = "".join(f"<li>{'<b>' + esc(b.format(**say)) + '</b>: ' if b else ''}"
                    f"{esc(t.format(**say))}</li>" for b, t in notes)
    from .pages import multiplier_rules
    mult_text = "; ".join(f"{times}: {rule}" for times, rule in multiplier_rules(g)) \
        or "no multiplier"
    examples = decision_examples(g)
    shown = ""
    for i in game_data(g, "REFERENCE_EXAMPLES", ()):
        try:
            final = run_example(g, examples[i], g.preset)
        except (IllegalActionError, PlayerCountError):
            continue    # (a position these rules or this table do not reach: not shown)
        shown += f"<li>Example: {esc(examples[i].story)} {esc(result_text(final))}.</li>"
    return ('<div class="hf-ref-cols"><div class="hf-ref-block">'
            f"<h2>{esc(words.go_on)} or {esc(words.stop)}</h2><ul>{items}</ul></div>"
            '<div class="hf-ref-block"><h2>Multipliers</h2><ul>'
            f"<li>{esc(mult_text)}.</li>{shown}</ul></div></div>")


def situation_facts(game: Game | str, prefix: str) -> dict[str, object]:
    """The numbers a chapter's prose names from the rules beyond
    :func:`~hanafuda_core.teach.facts`, keyed ``<prefix>_<name>`` for ``{glue:text}``
    (``p`` below is a preset's key with ``_`` for ``-``; the game's own preset has no
    ``p_``):

    * ``pts_<yaku>``, ``p_pts_<yaku>``: a yaku's points; ``pts_<yaku>_more1`` and
      ``_more2`` with one or two cards beyond its count;
    * ``p_deal``: cards to each hand / to the field for the usual player count;
    * ``instant``: the points of a win from the deal;
    * ``ex<n>``, ``p_ex<n>``: the winner's points in the ``n``-th decision example;
    * ``p_doubles_from``: the smallest total a preset's multipliers raise with no call,
      and ``p_unpaid_to`` the largest total nobody pays above it.

    >>> f = situation_facts("koikoi", "kk")
    >>> f["kk_ex2"], f["kk_d003_ex3"], f["kk_d002_doubles_from"], f["kk_d002_toppa_deal"]
    (12, 1, 7, '10/8')
    """
    g = as_game(game)
    out: dict[str, object] = {}
    usual = usual_players(g)
    examples = decision_examples(g)
    for p in presets(g):
        pg = _other(g, p)
        rules = capture_rules(pg)
        tags = ["", p.replace("-", "_") + "_"] if p == g.preset else [p.replace("-", "_") + "_"]
        for tag in tags:
            for rule in rules.yaku.rules:
                out[f"{tag}pts_{rule.key}"] = rule.points
                if rule.plus_per_extra:
                    out[f"{tag}pts_{rule.key}_more1"] = rule.points + rule.plus_per_extra
                    out[f"{tag}pts_{rule.key}_more2"] = rule.points + 2 * rule.plus_per_extra
            for n, ex in enumerate(examples, start=1):
                try:
                    res = _result(run_example(g, ex, p))
                except (HanafudaError, IllegalActionError):
                    continue
                if res.winner is not None:
                    out[f"{tag}ex{n}"] = res.points[res.winner]
        if usual in rules.deals:
            out[f"{p.replace('-', '_')}_deal"] = "/".join(map(str, rules.deals[usual]))
        raised = [v for v in range(1, 30) if rules.multiplier(v, 0) > 1]
        if raised:
            key = p.replace("-", "_")
            out[f"{key}_doubles_from"] = raised[0]
            out[f"{key}_unpaid_to"] = raised[0] * rules.multiplier(raised[0], 0) - 1
    out["instant"] = capture_rules(g).instant_win_points
    return {f"{prefix}_{k}": v for k, v in out.items()}
