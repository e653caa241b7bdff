"""Views of the teaching tools for any playable game: play, score calculator, replay, quiz.

Each view takes a game key (and, where it has them, a preset and options) and lays out
a controller of :mod:`hanafuda_core.teach.tools`; the views compute no rule. Cards are
drawn by our SVG renderer, every control is a button, toggle or text box (so the
keyboard reaches it), a card's state is said in words as well as in colour, and a
refusal from the core shows as a message, never a traceback.

The app builds these for every playable game, each tool where the game's data has what
it needs (:mod:`hanafuda_core.widgets.tools`); a chapter calls them in one line:

>>> view = play_view("simplified", seed=2)
>>> view.controller.your_turn
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..controllers import short_card_label
from ..errors import HanafudaError
from ..narration import possessive
from ..render import svg
from ..render.sizes import MIN_CARD_WIDTH
from ..rules import name_sources
from ..teach.tools import (
    PlayController,
    ReplayController,
    ScoreController,
    TableRow,
    agent_label,
    agent_name,
    option_value_label,
    report_notes,
)
from .common import (
    BIG,
    FOCUS_SCOPE,
    RoundView,
    attempt,
    dropdown,
    error_html,
    focus_next,
    heading,
    hint_html,
    para,
    seed_box,
    sentence,
)
from .static import notice_html

__all__ = [
    "CHAPTER_NOTES",
    "CSS",
    "HandCombinationView",
    "RoundCalculatorView",
    "WholeGameView",
    "PlayView",
    "ReplayView",
    "ScoreView",
    "chapter_tool",
    "play_view",
    "quiz_view",
    "replay_view",
    "report_html",
    "score_view",
    "report_lines_html",
]

_CLASS = "hanafuda-generic"
_HINT_LINES = 4          # moves listed under a hint (best first); a projector shows no more

#: The views' style sheet, scoped to their class: buttons that wrap a card's name, a
#: scrolling log, the report's table.
CSS = """
<style>
.hanafuda-generic .hanafuda-generic-card-button { height: auto; min-height: 34px;
  white-space: normal; line-height: 1.2; padding: 4px 6px; font-size: 14px; }
.hanafuda-generic .hanafuda-generic-cell { align-items: center; margin: 0 6px 6px 0; }
.hanafuda-generic .hanafuda-generic-option-help { font-size: 13px; color: #444;
  line-height: 1.3; margin: 0 0 8px 4px; }
.hanafuda-generic table.hanafuda-generic-data { border-collapse: collapse; font-size: 15px;
  margin: 4px 0 10px; }
.hanafuda-generic table.hanafuda-generic-data th, .hanafuda-generic table.hanafuda-generic-data td {
  padding: 4px 10px; border-bottom: 1px solid #d9dde3; text-align: left; vertical-align: top; }
.hanafuda-generic table.hanafuda-generic-data th { background: #f1f3f6; }
.hanafuda-generic table.hanafuda-generic-data td.num, .hanafuda-generic table.hanafuda-generic-data
  th.num { text-align: right; white-space: nowrap; }
.hanafuda-generic .hanafuda-combo-choices .widget-checkbox { width: auto; }
.hanafuda-generic .hanafuda-combo-choices .widget-checkbox label { font-size: 15px; }
.hanafuda-generic table.hanafuda-generic-report-table td,
.hanafuda-generic table.hanafuda-generic-report-table th { padding: 4px 10px 4px 0;
  text-align: left; vertical-align: middle; }
</style>
"""


def _rows_html(rows: tuple[TableRow, ...], width: int) -> str:
    """The table's zones: shown cards (a yaku or a choice lit), a hidden hand face down,
    or a face-down pile with its count."""
    lit = [c for r in rows for c in r.lit]
    shown: list[tuple[str, object]] = []
    for r in rows:
        if r.hidden:
            shown.append((r.label, [None] * r.count if r.zone.startswith("hand ")
                          else r.count))
        else:
            shown.append((r.label, list(r.cards)))
    return svg.layout_html(shown, width=width, highlight=lit,
                           highlight_note="part of a yaku or a choice")


def _lines_html(lines: tuple[str, ...] | list[str], css: str, empty: str, *,
                newest_first: bool = False) -> str:
    numbered = list(enumerate((t for t in lines if t), start=1))
    if newest_first:
        numbered.reverse()
    items = "".join(f"<li value='{i}' style='margin:2px 0'>{escape(t)}</li>"
                    for i, t in numbered)
    kind = "ol reversed" if newest_first else "ol"
    return (f'<div class="{css}" data-lines="{len(lines)}" style="max-height:320px;'
            f'overflow-y:auto;border:1px solid #ccc;padding:4px 8px;font-size:15px;'
            f'line-height:1.4"><{kind} style="margin:2px 0 2px 22px;padding:0">'
            f"{items or f'<li>{escape(empty)}</li>'}</{kind.split()[0]}></div>")


def report_html(report: Any, *, card_width: int = MIN_CARD_WIDTH,
                show_cards: Any = None, names: Sequence[str] | None = None,
                said: Mapping[str, str] | None = None) -> str:
    """A score report (anything with ``to_dict()``: a game's score sheet, the engine's
    report of a round) as HTML: the pile with its yaku cards lit, one row per yaku with
    its cards, points and rule, the multipliers, the notes, and the total. With
    ``names`` (a finished round's seats, "You" first), what follows the yaku is told in
    a player's words instead (:meth:`~hanafuda_core.scoring.ScoreReport.reader_lines`:
    each multiplier "because", who pays whom, each score), with no total: a round's
    report has one only for its scorer. Each yaku then says whose it is; ``said`` gives
    a note's words (a score told term by term)."""
    told = getattr(report, "reader_lines", None) if names is not None else None
    if report is None:
        return ""
    d: Mapping[str, Any] = report.to_dict()
    out = ['<div class="hanafuda-generic-report" style="font-size:16px;line-height:1.4">']
    if "total" not in d:          # another shape of report (a settlement): its own text
        text = report.to_text() if hasattr(report, "to_text") else str(d)
        return out[0] + f"<pre style='white-space:pre-wrap'>{escape(text)}</pre></div>"
    if d.get("title") and told is None:      # (told: the round's result says it above)
        out.append(f'<div style="font-weight:600;font-size:17px;margin:4px 0">'
                   f'{escape(str(d["title"]))}</div>')
    yaku = list(d.get("yaku") or ())
    if show_cards is not None:
        lit = {code for y in yaku if y.get("counted", True) for code in y.get("cards", ())}
        cards = list(show_cards)
        out.append('<div style="margin:4px 0 8px">'
                   + (svg.row_svg(cards, width=card_width, label=None, wrap=16,
                                  highlight=[c for c in cards if c.code in lit],
                                  highlight_note="counts in a yaku")
                      if cards else "<p>No cards picked yet.</p>") + "</div>")
    if d.get("card_points") is not None:
        par = d.get("par")
        out.append(f"<p style='margin:2px 0'>Card points: {d['card_points']}"
                   + (f", against a par of {par}" if par else "") + "</p>")
    if yaku:
        rows = []
        whose = [f"<br><small>{escape(possessive(o))} yaku</small>" if o else ""
                 for o in report.owners(names)] if told is not None else [""] * len(yaku)
        for y, own in zip(yaku, whose, strict=True):
            pts = str(y.get("base", y["points"]))
            if y.get("extras"):
                pts += f" + {y['points'] - y['base']} for {y['extras']} extra"
            counted = y.get("counted", True)
            note = "" if counted else " (optional chart: not counted under these rules)"
            drawn = svg.row_svg(" ".join(y.get("cards", ())), width=card_width,
                                label=None, wrap=12)
            # Documents named for readers; line numbers only on the variants pages.
            rule = name_sources(re.sub(r",? ?\blines? [\d\-\u2013, ]+$", "",
                                       str(y.get("source", ""))))
            rows.append(
                f"<tr><td><strong>{escape(str(y['name']))}</strong>{escape(note)}<br>"
                f"<small>{escape(str(y.get('japanese', '')))}</small>{own}</td>"
                f"<td>{drawn}</td><td style='white-space:nowrap'>{escape(pts)} = "
                f"<b>{y['points']}</b></td><td><small style='color:#555'>{escape(rule)}"
                f"</small></td></tr>")
        out.append('<table class="hanafuda-generic-report-table" style="border-collapse:'
                   'collapse"><tr><th>Yaku</th><th>Cards</th><th>Points</th><th>Rule</th>'
                   "</tr>" + "".join(rows) + "</table>")
    else:
        out.append("<p style='margin:4px 0'>No yaku in this pile.</p>")
    if told is not None:
        lines = told(names=names, said=said)[len(yaku):]
        out += [f"<p style='margin:2px 0'>{escape(line)}</p>" for line in lines]
        return "".join(out) + "</div>"
    if d.get("sake_role"):
        out.append(f"<p style='margin:2px 0'>The Sake Cup counted as "
                   f"{escape(str(d['sake_role']))}.</p>")
    if "subtotal" in d:
        out.append(f"<p style='margin:2px 0'>Yaku total: {d['subtotal']}</p>")
    for m in d.get("multipliers") or ():
        out.append(f"<p style='margin:2px 0'>&times;{m['factor']}: {escape(str(m['reason']))}"
                   "</p>")
    for note in report_notes(d):      # (the card points are said above, the total below)
        out.append(f"<p style='margin:2px 0;color:#555'><small>{escape(note)}</small></p>")
    for pay in d.get("payments") or ():
        out.append(f"<p style='margin:2px 0'>{_seat(pay['payer'])} pays "
                   f"{_seat(pay['payee']).lower()}: {pay['amount']}</p>")
    total = d.get("total")
    out.append(f'<p class="hanafuda-generic-total" data-total="{total}" style="font-size:20px;'
               f'font-weight:700;margin:6px 0">Total: {total} point'
               f"{'s' * (total != 1)}</p></div>")
    return "".join(out)


#: The codes of the decisions that end a round and collect (shown as the safe choice).
_ENDING_CODES = frozenset({"stop", "end"})


def report_lines_html(lines: tuple[str, ...] | list[str]) -> str:
    """A report told in words, one line each (a settlement: who pays whom and why, the
    totals; the totals line stands out)."""
    items = "".join(
        f"<li style='margin:2px 0{';font-weight:700' if t.startswith('Totals') else ''}'>"
        f"{escape(t)}</li>" for t in lines)
    return (f'<div class="hanafuda-generic-settlement" data-lines="{len(lines)}" '
            f'style="font-size:15px;line-height:1.4"><strong>The settlement</strong>'
            f"<ul style='margin:2px 0 2px 20px;padding:0'>{items}</ul></div>")


def _agent_choice(agent: str) -> str:
    """A computer player as a menu offers it: :func:`agent_label` from a capital."""
    label = agent_label(agent)
    return label[:1].upper() + label[1:]


def round_report_html(state: Any, report: Any, names: Sequence[str], *,
                      card_width: int = MIN_CARD_WIDTH) -> str:
    """A finished round's report told with its seats' ``names`` ("You" first where you
    played): :func:`report_html` with each score term by term where the game counts card
    points (:func:`~hanafuda_core.teach.worked.score_words`)."""
    if report is None:
        return ""
    from ..teach.worked import score_words
    return report_html(report, card_width=card_width, names=names,
                       said=score_words(state, report, names))


def finished_report_html(ctl: PlayController | ReplayController, names: Sequence[str],
                         card_width: int = MIN_CARD_WIDTH) -> str:
    """A finished round's report in the play or replay view: the settlement in words
    where the game's family tells one, else the score told with the seats' ``names``
    (:func:`round_report_html`)."""
    told = ctl.report_lines()
    if told:
        return report_lines_html(told)
    return round_report_html(ctl.state, ctl.report(), names, card_width=card_width)


def _replay_report(ctl: ReplayController) -> str:
    """The replayed round's report once it is over, with the replay's seat names."""
    return finished_report_html(ctl, ctl.names)


def _seat(who: Any) -> str:
    return f"Player {who + 1}" if isinstance(who, int) else str(who)


def _rules_box(choices: tuple[tuple[str, str], ...], value: str,
               width: str = "330px") -> widgets.Dropdown:
    box = dropdown(list(choices), value, "Rules", "50px", width)
    box.disabled = len(choices) < 2
    return box


# ---------------------------------------------------------------------------
# Play against the computer


class PlayView(RoundView, widgets.VBox):  # type: ignore[misc]
    """A round against the computer: the rules, the computer player, the seed; the
    table (the cards of each yaku and any choice lit); one button per legal move (a
    card's move under its picture, a decision in the game's words); Hint; the result
    with its score; and the log, newest first.

    ``act(move)`` plays a move as a button does; ``show_hint()`` asks the coach;
    ``new_round()`` deals with the values of the boxes.
    """

    controller: PlayController

    def __init__(self, controller: PlayController, *, width: int = 56) -> None:
        self.controller = controller
        self.width = width
        self.preset = _rules_box(controller.preset_choices(), controller.preset)
        self.opponent = dropdown([(_agent_choice(a), a)
                                  for a in controller.opponent_choices()],
                                 controller.opponent, "Computer", "70px", "300px")
        self.seed = seed_box(controller.seed)
        self.players = dropdown([(f"{n} players", n) for n in controller.player_choices()],
                                controller.players, "Players", "60px", "200px")
        self.players.disabled = len(controller.player_choices()) < 2
        self.players.observe(lambda change: self.set_players(change["new"]), names="value")
        self.new_button = widgets.Button(description="New round", button_style="primary",
                                         style=BIG, tooltip="Shuffle with this seed and these "
                                                            "rules and deal a new round")
        self.hint_button = widgets.Button(description="Hint", style=BIG,
                                          tooltip="Ask the computer's coach for the best move")
        self.message = widgets.HTML()
        self.hint = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="flex-end"))
        self.moves.add_class("hanafuda-generic-moves")
        self.result = widgets.HTML()
        self.log_html = widgets.HTML()
        self._move_buttons: tuple[widgets.Button, ...] = ()
        self.new_button.on_click(lambda _b: self.new_round())
        self.hint_button.on_click(lambda _b: self.show_hint())
        intro = ("You are player 1; the computer plays every other seat. "
                 "Click a move (or tab to it and press Enter); the computer answers at once. "
                 "Hint asks the coach for the best move and the reasons.")
        controls = widgets.HBox([self.preset, self.opponent, self.players, self.seed,
                                 self.new_button, self.hint_button],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        super().__init__([widgets.HTML(CSS + para(intro)), controls,
                          self.message, self.status, self.hint, self.table,
                          widgets.HTML("<strong>Your moves</strong>"), self.moves,
                          self.result,
                          widgets.HTML("<strong>What happened (newest first)</strong>"),
                          self.log_html])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-play")
        self.add_class(FOCUS_SCOPE)
        self._render()

    def new_round(self, seed: int | None = None) -> bool:
        """Deal again with the boxes' seed (or ``seed``), rules and computer player;
        False if refused (the round shown goes on)."""
        seed = self.seed.value if seed is None else seed
        return self._play(lambda: self.controller.new_round(seed, self.preset.value,
                                                            self.opponent.value),
                          "The round shown goes on.")

    def set_players(self, players: int) -> bool:
        """Deal again for ``players`` at the table (the Players box calls this)."""
        if players == self.controller.players:
            return True
        ok = self._play(lambda: self.controller.set_players(players),
                        "The round shown goes on.")
        if not ok:
            self.players.value = self.controller.players
        return ok

    @property
    def move_buttons(self) -> tuple[widgets.Button, ...]:
        """Every button that plays one of your legal moves now, in the moves' order."""
        return self._move_buttons

    def rows(self) -> tuple[TableRow, ...]:
        """The table's rows as drawn: your hand is left out while every card of it is a
        move button (each drawn over its button)."""
        ctl = self.controller
        hand = set(ctl.state.zones().get(f"hand {ctl.seat}", ()))
        played = {int(m.card) for m in ctl.legal if m.card is not None}
        rows = ctl.table()
        if hand and hand <= played:
            rows = tuple(r for r in rows if r.zone != f"hand {ctl.seat}")
        return rows

    def _move_button(self, move: Any, hand: set[int]) -> tuple[widgets.Button, widgets.Widget]:
        card = move.card
        text = move.words[:1].upper() + move.words[1:]
        b = widgets.Button(description=text, tooltip=f"{text} ({move.code})",
                           layout=widgets.Layout(width="auto" if card is None else
                                                 f"{self.width + 60}px",
                                                 margin="2px 6px 2px 0"))
        b.code = move.code
        b.on_click(lambda _b, code=move.code: self.act(code))
        if card is None:                 # a decision, in the game's words
            b.button_style = "success" if move.code in _ENDING_CODES else "warning"
            return b, b
        b.add_class("hanafuda-generic-card-button")
        b.card = card
        if int(card) not in hand:
            b.button_style = "info"      # a choice among cards on the table
        cell = widgets.VBox([widgets.HTML(svg.card_svg(card, width=self.width)), b])
        cell.add_class("hanafuda-generic-cell")
        return b, cell

    def _render(self) -> None:
        ctl = self.controller
        self.seed.value = ctl.seed
        rules = list(ctl.preset_choices())      # (the rules played, labelled for this table)
        if list(self.preset.options) != rules:
            self.preset.options = rules
        if self.preset.value != ctl.preset:
            self.preset.value = ctl.preset
        if self.opponent.value != ctl.opponent:
            self.opponent.value = ctl.opponent
        choices = [(f"{n} players", n) for n in ctl.player_choices()]
        if list(self.players.options) != choices:
            self.players.options = choices
        if self.players.value != ctl.players:
            self.players.value = ctl.players
        self.players.disabled = len(choices) < 2
        line = (f'<div class="hanafuda-generic-status-line" style="color:#444;font-size:14px;'
                f'margin:0 0 2px">{escape(ctl.status_line())}</div>')
        if ctl.is_over:
            self.status.value = notice_html(ctl.prompt(), "warning", title="Round over:") + line
        else:
            self.status.value = notice_html(ctl.prompt(), "info", title="Now:") + line
        hand = set(ctl.state.zones().get(f"hand {ctl.seat}", ()))
        legal = ctl.legal
        self.table.value = (f'<div class="hanafuda-generic-table" data-seed="{ctl.seed}" '
                            f'style="font-size:16px">{_rows_html(self.rows(), self.width)}'
                            "</div>")
        made = [self._move_button(m, hand) for m in legal]
        self._move_buttons = tuple(b for b, _cell in made)
        self.moves.children = [cell for _b, cell in made]
        # after a move, the keyboard focus goes to your next move, or to New round
        focus_next(self._move_buttons[0] if self._move_buttons else self.new_button,
                   self.new_button)
        self.hint_button.disabled = not ctl.your_turn
        if ctl.is_over:
            self.result.value = (
                f'<div class="hanafuda-generic-result" style="border:2px solid #2f6690;'
                f'border-radius:6px;padding:8px 14px;margin:8px 0"><div style="font-size:'
                f'19px;font-weight:700;margin-bottom:4px">{escape(ctl.result_text())}</div>'
                f"{self._round_report(ctl)}</div>")
        else:
            self.result.value = ""
        self.log_html.value = _lines_html(ctl.log, "hanafuda-generic-log",
                                          "The round has just been dealt.", newest_first=True)

    @staticmethod
    def _round_report(ctl: PlayController) -> str:
        """The finished round's report with the table's names (:func:`finished_report_html`)."""
        return finished_report_html(ctl, ctl.seat_names())

    def _hint_html(self, hint: Any) -> str:
        shown = hint.lines[:_HINT_LINES]
        items = "".join(f"<li>{escape(line)}</li>" for line in shown)
        if len(hint.lines) > len(shown):
            rest = len(hint.lines) - len(shown)
            items += (f"<li>… and {rest} other move{'s' * (rest != 1)}, "
                      "each expected to do worse.</li>")
        if not hint.lines:
            items = "".join(f"<li>{escape(r)}</li>" for r in hint.reasons)
        return hint_html("hanafuda-generic-hint", f"Hint (the {agent_name(hint.by)})",
                         f"{hint.words[:1].upper()}{hint.words[1:]}. {hint.reason}", items)


# ---------------------------------------------------------------------------
# Score calculator


class ScoreView(widgets.VBox):  # type: ignore[misc]
    """The game's cards as toggles under their pictures, a text box, the rules (preset,
    the house rules that change a pile's score, the number of go-on calls where the
    game has them) and the game's score report, with the cards of each yaku lit."""

    def __init__(self, controller: ScoreController, *, width: int = MIN_CARD_WIDTH) -> None:
        self.controller = controller
        self.width = width
        ctl = controller
        self._syncing = False
        self.preset = _rules_box(ctl.preset_choices(), ctl.preset)
        self.calls = widgets.IntText(value=ctl.calls,
                                     description=f"{ctl.go_on_word} calls",
                                     tooltip=f"{ctl.go_on_word} calls made before the pile's "
                                             "owner stopped",
                                     style={"description_width": "100px"},
                                     layout=widgets.Layout(width="170px",
                                                           display=None if ctl.max_calls
                                                           else "none"))
        self.text = widgets.Text(value=ctl.text, description="Cards",
                                 placeholder="1a 3a 8a   or   crane, curtain, moon",
                                 continuous_update=False,
                                 style={"description_width": "50px"},
                                 layout=widgets.Layout(width="420px"))
        self.score_button = widgets.Button(description="Score these", button_style="primary",
                                           style=BIG, tooltip="Score the cards written in the box")
        self.clear_button = widgets.Button(description="Clear", tooltip="Take every card out")
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.report = widgets.HTML()
        self.toggles: dict[Any, widgets.ToggleButton] = {}
        self.pictures: dict[Any, widgets.HTML] = {}
        self.option_widgets: dict[str, widgets.Widget] = {}
        cells = []
        for card in ctl.deck:
            t = widgets.ToggleButton(value=False, description=short_card_label(card),
                                     tooltip=f"{card.title} ({card.code})",
                                     layout=widgets.Layout(width=f"{width + 30}px"))
            t.add_class("hanafuda-generic-card-button")
            t.card = card
            t.observe(lambda change, c=card: self._toggled(c, change), names="value")
            picture = widgets.HTML(svg.card_svg(card, width=width))
            self.toggles[card] = t
            self.pictures[card] = picture
            cells.append(widgets.VBox([picture, t], layout=widgets.Layout(margin="0 4px 6px 0")))
        options: list[widgets.Widget] = []
        values = ctl.option_values()
        for key, title, description, allowed in ctl.option_rows():
            w: widgets.Widget
            if set(allowed) == {False, True}:
                w = widgets.Checkbox(value=bool(values[key]), description=title,
                                     indent=False, layout=widgets.Layout(width="auto"))
            else:
                w = widgets.Dropdown(options=[(option_value_label(v), v) for v in allowed],
                                     value=values[key], description=title,
                                     style={"description_width": "130px"},
                                     layout=widgets.Layout(width="350px"))
            w.observe(lambda change, k=key: self._on_option(k, change), names="value")
            self.option_widgets[key] = w
            options += [w, widgets.HTML(f"<div class='hanafuda-generic-option-help'>"
                                        f"{escape(sentence(description))}</div>")]
        if options:
            options.insert(0, widgets.HTML("<div style='font-weight:600;font-size:17px;"
                                           "margin:4px 0'>Rules that change the score</div>"))
        self.preset.observe(self._on_preset, names="value")
        self.calls.observe(self._on_calls, names="value")
        self.text.observe(lambda change: self.set_text(change["new"]), names="value")
        self.score_button.on_click(lambda _b: self.set_text(self.text.value))
        self.clear_button.on_click(lambda _b: self.clear())
        intro = (f"Pick the cards of a pile (click a card's button, or write the cards in the "
                 f"box: a code like 8a, or an English name; separate names with commas) to "
                 f"see what they score in {ctl.game.name}, with the reasons. The score "
                 f"follows every click.")
        controls = widgets.HBox([self.preset, self.calls, self.text, self.score_button,
                                 self.clear_button],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        grid = widgets.HBox(cells, layout=widgets.Layout(flex_flow="row wrap"))
        bottom = widgets.HBox([widgets.VBox([self.summary, self.report],
                                            layout=widgets.Layout(flex="1 1 560px")),
                               widgets.VBox(options, layout=widgets.Layout(
                                   flex="0 1 380px", margin="0 0 0 18px"))],
                              layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([widgets.HTML(CSS + para(intro)), controls, self.message, bottom,
                          grid])
        self.options_box = bottom.children[1]
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-score")
        self._render()

    def _run(self, change: Callable[[], object], keep: str) -> bool:
        """``change()``, then redraw; a refusal shows why and leaves the text box as
        written, so it can be corrected."""
        ok = attempt(change, self.message, keep)
        self._render(text=ok)
        return ok

    def set_text(self, text: str) -> bool:
        """Score the cards written in ``text``; a bad card shows a message, pile unchanged."""
        if self._syncing:
            return False
        return self._run(lambda: self.controller.set_text(text),
                         "The pile shown stays as it was.")

    def toggle(self, card: Any, on: bool | None = None) -> bool:
        return self._run(lambda: self.controller.toggle(card, on),
                         "The pile shown stays as it was.")

    def clear(self) -> None:
        self.controller.clear()
        self.message.value = ""
        self._render(text=True)

    def _toggled(self, card: Any, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        if (card in self.controller.cards) != change["new"]:
            self.toggle(card, change["new"])

    def _on_preset(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._run(lambda: self.controller.set_preset(change["new"]),
                      "The score shown is still for the last rules.")

    def _on_option(self, key: str, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._run(lambda: self.controller.set_option(key, change["new"]),
                      "The score shown is still for the last rules.")

    def _on_calls(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._run(lambda: self.controller.set_calls(change["new"]),
                      f"Give a number from 0 to {self.controller.max_calls}; the score "
                      "shown is unchanged.")

    def _render(self, text: bool = True) -> None:
        ctl = self.controller
        self._syncing = True
        try:
            self.preset.value = ctl.preset
            self.calls.value = ctl.calls
            values = ctl.option_values()
            for key, w in self.option_widgets.items():
                w.value = values[key]
            for card, t in self.toggles.items():
                on = card in ctl.cards
                if t.value != on:
                    t.value = on
                label = short_card_label(card)
                t.description = f"✓ {label}" if on else label   # said in words, not colour
                t.button_style = "info" if on else ""
                picture = svg.card_svg(card, width=self.width,
                                       highlight="picked" if on else False)
                if self.pictures[card].value != picture:
                    self.pictures[card].value = picture
            if text:
                self.text.value = ctl.text
        finally:
            self._syncing = False
        try:
            report = ctl.report()
            summary = ctl.summary()
        except HanafudaError as error:
            self.report.value = error_html(str(error), "No score is shown.")
            return
        self.summary.value = (f'<div class="hanafuda-generic-summary" style="font-size:17px;'
                              f'font-weight:600;margin:8px 0 4px">{escape(summary)}</div>')
        self.report.value = report_html(report, show_cards=ctl.cards)


# ---------------------------------------------------------------------------
# Replay


class ReplayView(widgets.VBox):  # type: ignore[misc]
    """Step through a game: First, Back, Next, Last and a step box; the round; the table
    (all cards face up, or the other players' hands hidden) with the card just played
    and each yaku lit; the step in words; the yaku each seat holds; the round's score.

    The seed, a computer player per seat, the rules and the number of rounds load a
    game between computer players ("Computer game"); ``play`` (a
    :class:`PlayController`) offers the round you played ("Replay my round")."""

    def __init__(self, controller: ReplayController, *, play: PlayController | None = None,
                 width: int = MIN_CARD_WIDTH) -> None:
        self.controller = controller
        self.play = play
        self.width = width
        self._syncing = False
        game = controller.game
        self.seed = seed_box(controller.record.seed or 1, "160px")
        agents = list(game.agent_names)
        quick = "greedy" if "greedy" in agents else agents[0]
        self._agent_names, self._quick = agents, quick
        self.agents = [self._agent_box(p, quick) for p in range(game.players[0])]
        from ..teach.tools import preset_choices
        self.preset = _rules_box(preset_choices(game), game.preset, "300px")
        self.preset.observe(self._on_preset, names="value")
        # a race with no round limit and no option for one (Six Hundred) is played to its
        # end: its length is not asked for
        self._fixed_length = (getattr(game.rules, "rounds", 0) is None
                              and game.round_word not in game.option_table)
        self.rounds = widgets.IntText(value=controller.rounds,
                                      description=game.round_word.capitalize(),
                                      style={"description_width": "60px"},
                                      layout=widgets.Layout(width="140px"),
                                      disabled=self._fixed_length)
        self.load_button = widgets.Button(description="Computer game", style=BIG,
                                          button_style="primary",
                                          tooltip="Replay a game between computer players "
                                                  "with this seed and these rules")
        self.mine_button = widgets.Button(description="Replay my round", style=BIG,
                                          tooltip="Replay the round you played on the Play tab",
                                          disabled=play is None)
        self.round = dropdown([("Round 1", 0)], 0, "Round", "55px", "170px")
        self.first_button = widgets.Button(description="|◀ First", tooltip="The deal")
        self.back_button = widgets.Button(description="◀ Back", tooltip="One step back")
        self.next_button = widgets.Button(description="Next ▶", button_style="info",
                                          tooltip="One step on")
        self.last_button = widgets.Button(description="Last ▶|", tooltip="The end of the round")
        # A number box, not a slider: its label names it for a screen reader (the slider's
        # handle has no name), and the arrow keys still step through the round.
        self.step = widgets.BoundedIntText(value=0, min=0, max=0, description="Step",
                                           style={"description_width": "40px"},
                                           layout=widgets.Layout(width="140px"))
        self.step_count = widgets.HTML()
        self.hide = widgets.Checkbox(value=False, indent=False,
                                     layout=widgets.Layout(width="auto"))
        self.message = widgets.HTML()
        self.where = widgets.HTML()
        self.table = widgets.HTML()
        self.yaku = widgets.HTML()
        self.steps_html = widgets.HTML()
        for button in (self.first_button, self.back_button, self.next_button,
                       self.last_button):
            button.on_click(lambda _b, name=button.description: self.go(name))
        self.load_button.on_click(lambda _b: self.load(self.seed.value))
        self.mine_button.on_click(lambda _b: self.load_mine())
        self.step.observe(self._on_step, names="value")
        self.round.observe(self._on_round, names="value")
        self.hide.observe(lambda _c: self._render(), names="value")
        self.loader = widgets.HBox(self._loader_row(), layout=widgets.Layout(
            flex_flow="row wrap", align_items="center"))
        nav = widgets.HBox([self.round, self.first_button, self.back_button, self.next_button,
                            self.last_button, self.step, self.step_count, self.hide],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        nav.add_class("hanafuda-generic-replay-nav")
        super().__init__([
            widgets.HTML(CSS + para(
                "Replay a game step by step. Every game here is replayed from its seed: the "
                "same seed, players and rules give the same game. Every card is face up so "
                "the class can see why each move was made; tick the box to hide the other "
                "hands.")),
            self.loader, self.message, nav, self.where, self.table, self.yaku,
            self.steps_html])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-replay")
        self._loaded()

    def _agent_box(self, seat: int, value: str) -> widgets.Dropdown:
        """A seat's computer player, in words (:func:`agent_label`), never by name."""
        return dropdown([(_agent_choice(a), a)
                         for a in self._agent_names], value, f"Player {seat + 1}", "65px",
                        "300px")

    def _loader_row(self) -> list[widgets.Widget]:
        return [self.seed, *self.agents, self.preset, self.rounds, self.load_button,
                self.mine_button]

    def _on_preset(self, change: Mapping[str, Any]) -> None:
        """Rules for another number of players (a preset for three, a team game of
        four) get a computer player menu per seat; the choices made are kept."""
        from ..teach.tools import as_play_game
        found: list[int] = []
        if not attempt(lambda: found.append(as_play_game(self.controller.game.key,
                                                         change["new"]).players[0]),
                       self.message, "The players shown stay."):
            return
        if found[0] != len(self.agents):
            self.agents = [self.agents[p] if p < len(self.agents) else
                           self._agent_box(p, self._quick) for p in range(found[0])]
            self.loader.children = self._loader_row()

    # -- moving -----------------------------------------------------------------------
    def go(self, where: str) -> None:
        """Move as a button does: "first", "back", "next" or "last" (its label works too)."""
        word = where.lower().strip("|◀▶ ")
        ctl = self.controller
        {"first": ctl.first, "back": ctl.back, "next": ctl.next, "last": ctl.last}[word]()
        self._render()

    def first(self) -> None:
        self.go("first")

    def back(self) -> None:
        self.go("back")

    def next(self) -> None:
        self.go("next")

    def last(self) -> None:
        self.go("last")

    def _on_step(self, change: dict[str, Any]) -> None:
        if not self._syncing and attempt(lambda: self.controller.go(change["new"]),
                                         self.message, ""):
            self._render()

    def _on_round(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        if attempt(lambda: self.controller.select_round(change["new"]), self.message, ""):
            self._render()

    # -- loading ----------------------------------------------------------------------
    def _swap(self, make: Any, keep: str) -> bool:
        found: list[ReplayController] = []
        ok = attempt(lambda: found.append(make()), self.message, keep)
        if ok:
            self.controller = found[0]
            self._loaded()
        return ok

    def load(self, seed: int | None = None) -> bool:
        """Replay a game between the chosen computer players, dealt from ``seed`` (the
        seed box's value by default) under the chosen rules and number of rounds."""
        seed = self.seed.value if seed is None else seed
        key = self.controller.game.key
        agents = [a.value for a in self.agents]
        preset = self.preset.value
        rounds = None if self._fixed_length else self.rounds.value
        return self._swap(lambda: ReplayController(game=key, seed=seed, agents=agents,
                                                   preset=preset, rounds=rounds),
                          "The game shown stays.")

    def load_mine(self) -> bool:
        """Replay the round played on the Play tab (so far)."""
        if self.play is None:
            self.message.value = error_html("there is no round of yours to replay here",
                                            "The game shown stays.")
            return False
        play = self.play
        return self._swap(lambda: ReplayController(play.record(),
                                                   title="The round you played"),
                          "The game shown stays.")

    def _loaded(self) -> None:
        ctl = self.controller
        self._syncing = True
        try:
            self.round.options = [(f"Round {i + 1}", i) for i in range(ctl.rounds)]
            self.round.value = ctl.round_index
        finally:
            self._syncing = False
        others = ctl.record.players - 1
        self.hide.description = ("Hide player 2's hand" if others == 1 else
                                 "Hide the other players' hands")
        if ctl.record.agents[:1] == ("you",):
            self.hide.description = ("Hide the computer's hand" if others == 1 else
                                     "Hide the computers' hands")
        self._render()

    # -- drawing ------------------------------------------------------------------------
    def _render(self) -> None:
        ctl = self.controller
        r, i = ctl.position
        self._syncing = True
        try:
            self.step.max = ctl.length
            self.step.value = i
            self.step_count.value = f"of {ctl.length}"
            if self.round.value != r:
                self.round.value = r
        finally:
            self._syncing = False
        self.where.value = (
            f'<div class="hanafuda-generic-step" data-step="{i}" style="font-size:16px;'
            f'line-height:1.45;margin:6px 0"><div style="color:#444">{escape(ctl.title)} · '
            f"round {r + 1} of {ctl.rounds} · step {i} of {ctl.length}</div>"
            f"<div style='font-size:17px;margin-top:2px'>{escape(ctl.describe())}</div>"
            f"<div>{escape(ctl.result_text())}</div></div>")
        hide = range(1, ctl.record.players) if self.hide.value else ()
        self.table.value = (f'<div class="hanafuda-generic-replay-table" data-step="{i}" '
                            f'style="font-size:16px">{_rows_html(ctl.table(hide), self.width)}'
                            "</div>")
        held = "".join(f"<li><strong>{escape(name)}</strong>: "
                       f"{escape(', '.join(yaku) if yaku else 'no yaku yet')}</li>"
                       for name, yaku in ctl.yaku())
        self.yaku.value = ((f"<div style='font-size:16px'><div style='font-weight:600'>Yaku "
                            f"held</div><ul style='margin:2px 0 6px 18px'>{held}</ul></div>"
                            if held else "") + _replay_report(ctl))
        self.steps_html.value = _lines_html(ctl.words(), "hanafuda-generic-steps",
                                            "The cards have just been dealt.")
        self.first_button.disabled = self.back_button.disabled = (r, i) == (0, 0)
        self.next_button.disabled = self.last_button.disabled = (
            r == ctl.rounds - 1 and i == ctl.length)


# ---------------------------------------------------------------------------
# One-line builders (the app's tools and the chapters call these)


def play_view(key: str, seed: int = 1, preset: str | None = None, **options: Any) -> PlayView:
    """Play a round of ``key`` against the computer, with hints."""
    return PlayView(PlayController(key, seed=seed, preset=preset, **options))


def score_view(key: str, cards: str = "", preset: str | None = None, calls: int = 0,
               **options: Any) -> ScoreView:
    """The score calculator of ``key`` (``cards``: the pile to start with; ``calls``: the
    go-on calls made before the stop, where the game has them)."""
    return ScoreView(ScoreController(key, preset=preset, cards=cards, calls=calls,
                                     **options))


def replay_view(key: str, seed: int = 1, play: PlayController | None = None,
                preset: str | None = None, rounds: int | None = None,
                **options: Any) -> ReplayView:
    """Replay a seeded game of ``key`` between computer players, ``rounds`` long (default:
    the game's own length), or, with ``play``, the round played there."""
    controller = ReplayController(play.record()) if play is not None else \
        ReplayController(game=key, seed=seed, preset=preset, rounds=rounds, **options)
    return ReplayView(controller, play=play)


def quiz_view(key: str, seed: int = 1, n: int = 6) -> widgets.Widget:
    """The game's quiz: a seed, the rules, Start, and the questions
    (:func:`hanafuda_core.teach.quizzes.generate_quiz`)."""
    from ..registry import get_game
    from ..teach.facts import preset_label, presets
    from ..teach.quizzes import generate_quiz
    from .common import quiz_tab
    game = get_game(key)
    choices = [(preset_label(game, p), p) for p in presets(game)]

    def preset_box(value: str) -> widgets.Dropdown:
        start = value if value in dict((v, v) for _l, v in choices) else choices[0][1]
        return dropdown(choices, start, "Rules", "50px", "420px")

    def make(seed: int, n: int, preset: str = "book") -> Any:
        return generate_quiz(game.key, seed, n, preset=preset)

    panel = quiz_tab(make, preset_box, seed=seed, n=n,
                     tooltip="Start a quiz for this seed and these rules",
                     intro=f"Questions on {game.name}, each answered with the reason. "
                           "Everyone who starts with the same seed and rules gets the same "
                           "questions.")
    panel.add_class(_CLASS)
    return panel


# ---------------------------------------------------------------------------
# Hand combinations: a dealt hand, name what it holds


class HandCombinationView(widgets.VBox):  # type: ignore[misc]
    """A seeded hand, the rules' combinations as check boxes, Check, Next hand, a score
    line (:class:`~hanafuda_core.teach.hand_combinations.HandCombinationTrainer`)."""

    def __init__(self, controller: Any, *, width: int = 84) -> None:
        from ..teach.hand_combinations import NONE
        self.controller = controller
        self.none_key = NONE
        self.width = width
        ctl = self.controller
        self.preset = dropdown(list(ctl.preset_choices()), ctl.preset, "Rules", "50px",
                               "360px")
        self.seed = seed_box(ctl.seed)
        self.deal_button = widgets.Button(description="Deal", tooltip="Deal the hand of this seed",
                                          style=BIG, layout=widgets.Layout(width="110px",
                                                                            height="38px"))
        self.next_button = widgets.Button(description="Next hand", button_style="primary",
                                          tooltip="Deal the hand of the next seed", style=BIG,
                                          layout=widgets.Layout(width="140px", height="38px"))
        self.only_combo = widgets.Checkbox(value=ctl.only_with_combo, indent=False,
                                           description="Only hands with a combination",
                                           layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.hand_html = widgets.HTML()
        self.question = widgets.HTML(para(
            f"Which hand combinations does this hand of {ctl.game.name} hold? Tick what a "
            "player would claim: at most one of each family, the best one. Tick 'None' if "
            "there is nothing to claim."))
        self.choices_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("hanafuda-combo-choices")
        self.check_button = widgets.Button(description="Check", button_style="success",
                                           tooltip="Check your answer", style=BIG,
                                           layout=widgets.Layout(width="120px", height="40px"))
        self.feedback = widgets.HTML()
        self.score = widgets.HTML()
        self.checkboxes: dict[str, widgets.Checkbox] = {}

        self.preset.observe(self._on_preset, names="value")
        self.only_combo.observe(lambda c: ctl.set_only_with_combo(c["new"]), names="value")
        self.deal_button.on_click(lambda _b: self.deal())
        self.next_button.on_click(lambda _b: self.next_hand())
        self.check_button.on_click(lambda _b: self.check())

        controls = widgets.HBox([self.preset, self.seed, self.deal_button, self.next_button,
                                 self.only_combo],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([widgets.HTML(CSS), controls, self.status, self.message,
                          self.hand_html, self.question, self.choices_box, self.check_button,
                          self.feedback, self.score])
        self.add_class(_CLASS)
        self.add_class("hanafuda-combo-trainer")
        self.add_class(FOCUS_SCOPE)
        self._build_choices()
        self._render()

    # -- actions -------------------------------------------------------------------
    def picked(self) -> list[str]:
        return [key for key, box in self.checkboxes.items() if box.value]

    def pick(self, *keys: str) -> None:
        """Tick exactly these answers (for tests and demonstrations)."""
        for key, box in self.checkboxes.items():
            box.value = key in keys

    def check(self) -> bool:
        try:
            fb = self.controller.check(self.picked())
        except HanafudaError as error:
            self.feedback.value = notice_html(sentence(str(error)), "warning",
                                              title="Not checked:")
            return False
        accent = "#2e7d32" if fb.correct else "#b42318"
        items = "".join(f"<li style='margin:3px 0'>{escape(line)}</li>" for line in fb.lines)
        self.feedback.value = (
            f'<div class="hanafuda-combo-feedback" data-correct="{str(fb.correct).lower()}" '
            f'role="status" style="border-left:6px solid {accent};padding:6px 14px;margin:8px 0;'
            f'font-size:16px;line-height:1.45"><strong style="font-size:18px">'
            f"{escape(fb.headline)}</strong><ul style='margin:4px 0 4px 18px'>{items}</ul></div>")
        self._render(shown=True)
        focus_next(self.next_button, self.check_button)
        return bool(fb.correct)

    def deal(self, seed: int | None = None) -> bool:
        seed = self.seed.value if seed is None else seed
        try:
            self.controller.deal(seed)
        except HanafudaError as error:
            self.message.value = error_html(str(error), "The hand shown stays.")
            return False
        self._fresh()
        return True

    def next_hand(self) -> bool:
        self.controller.next_hand()
        self._fresh()
        return True

    # -- events --------------------------------------------------------------------
    def _on_preset(self, change: Mapping[str, Any]) -> None:
        if not attempt(lambda: self.controller.set_preset(change["new"]), self.message,
                       "The rules shown stay."):
            return
        self.message.value = ""
        self.feedback.value = ""
        self._build_choices()
        self._render()

    # -- drawing ---------------------------------------------------------------------
    def _fresh(self) -> None:
        self.message.value = ""
        self.feedback.value = ""
        self.pick()
        self._render()
        focus_next(self.check_button, self.next_button)

    def _build_choices(self) -> None:
        self.checkboxes = {}
        columns = []
        for title, rows in self.controller.groups():
            boxes = []
            for label, key in rows:
                box = widgets.Checkbox(value=False, description=label, indent=False,
                                       layout=widgets.Layout(width="auto"))
                box.key = key
                self.checkboxes[key] = box
                boxes.append(box)
            columns.append(widgets.VBox([widgets.HTML(heading(title))] + boxes,
                                        layout=widgets.Layout(margin="0 28px 0 0")))
        none = widgets.Checkbox(value=False, description="None: nothing to claim", indent=False,
                                layout=widgets.Layout(width="auto"))
        self.checkboxes[self.none_key] = none
        columns.append(widgets.VBox([widgets.HTML(heading("Nothing")), none]))
        self.choices_box.children = columns

    def _render(self, shown: bool = False) -> None:
        ctl = self.controller
        self.seed.value = ctl.seed
        self.status.value = (f'<div style="color:#444;font-size:15px;margin:4px 0">'
                             f"{escape(ctl.summary())}</div>")
        lit = ctl.result().cards if shown else ()
        note = ("The cards a player would show to claim are outlined." if shown and lit else "")
        self.hand_html.value = (
            f'<div class="hanafuda-combo-hand" data-seed="{ctl.seed}" '
            f'data-hand="{ctl.hand.format()}">'
            + svg.layout_html([("The hand", list(ctl.hand))], width=self.width, highlight=lit,
                              highlight_note="shown to claim") +
            f'<div style="color:#444;font-size:14px">{escape(note)}</div></div>')
        self.score.value = (f'<p class="hanafuda-combo-score" style="font-weight:600;'
                            f'font-size:16px">{escape(ctl.score_line())}</p>')


def hand_combination_view(key: str, seed: int = 5, preset: str | None = None
                          ) -> HandCombinationView:
    """The hand-combination trainer of ``key`` (a game with hand combinations)."""
    from ..teach.hand_combinations import HandCombinationTrainer
    return HandCombinationView(HandCombinationTrainer(key, seed=seed, preset=preset))


# ---------------------------------------------------------------------------
# A whole game by computer players, charted


class WholeGameView(widgets.VBox):  # type: ignore[misc]
    """Play a seeded whole game with computer players; chart the running totals, with
    the chart said in words (its ``alt``) and every number in the table under it
    (:class:`~hanafuda_core.teach.whole_game.WholeGameChart`)."""

    def __init__(self, controller: Any) -> None:
        self.controller = controller
        ctl = self.controller
        self.preset = dropdown(list(ctl.preset_choices()), ctl.preset, "Rules", "50px",
                               "360px")
        self.agents = widgets.Dropdown(options=list(ctl.lineups()), value=ctl.agents,
                                       description="Players", style={"description_width": "60px"},
                                       layout=widgets.Layout(width="320px"))
        self.seed = seed_box(ctl.seed)
        self.play_button = widgets.Button(description="Play a game", button_style="primary",
                                          tooltip="Play a whole game with this seed", style=BIG,
                                          layout=widgets.Layout(width="150px", height="38px"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.figure = widgets.Output(layout=widgets.Layout(min_height="300px"))
        self.table = widgets.HTML()
        self.play_button.on_click(lambda _b: self.play())
        self.preset.observe(self._on_preset, names="value")
        controls = widgets.HBox([self.preset, self.agents, self.seed, self.play_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.intro = widgets.HTML()
        super().__init__([widgets.HTML(CSS), self.intro, controls, self.status, self.message,
                          self.figure, self.table])
        self.add_class(_CLASS)
        self.add_class("hanafuda-whole-game")
        self.add_class(FOCUS_SCOPE)
        self._render()

    def _on_preset(self, change: Mapping[str, Any]) -> None:
        """Other rules may seat another number of players: offer their line-ups, the
        same one chosen ("three greedy players" for "two greedy players")."""
        found: list[list[str]] = []
        if attempt(lambda: found.append(list(self.controller.lineups(change["new"]))),
                   self.message, "The line-ups shown stay."):
            shown = list(self.agents.options)
            at = shown.index(self.agents.value) if self.agents.value in shown else 0
            if found[0] != shown:
                self.agents.options = found[0]
                self.agents.value = found[0][min(at, len(found[0]) - 1)]

    def play(self) -> bool:
        if not attempt(lambda: self.controller.play(self.seed.value, self.preset.value,
                                                    self.agents.value),
                       self.message, "The game shown stays."):
            return False
        self.message.value = ""
        self._render()
        focus_next(self.play_button)
        return True

    def _render(self) -> None:
        from ..teach.whole_game import whole_game_alt
        ctl = self.controller
        word = ctl.round_word
        shade = ctl.shade_note()
        self.intro.value = para(
            f"Computer players play a whole game of {ctl.game.name}, {word} after {word[:-1]}. "
            f"The lines are each player's running total after every {word[:-1]}"
            + (f"; a shaded {ctl.label_word} had {shade}." if shade else "."))
        self.status.value = (f'<div style="color:#444;font-size:15px;margin:4px 0">'
                             f"{escape(ctl.summary())}</div>")
        png = base64.b64encode(ctl.png()).decode("ascii")
        # The chart as an <img> with a text alternative (the page shows the HTML, the
        # richest form); the table under it gives every number the lines show.
        alt = escape(whole_game_alt(ctl), quote=True)
        self.figure.outputs = ({"output_type": "display_data",
                                "data": {"text/html": f'<img class="hanafuda-whole-game-chart" '
                                                      f'src="data:image/png;base64,{png}" '
                                                      f'alt="{alt}" style="max-width:100%">',
                                         "image/png": png,
                                         "text/plain": f"<Figure: {ctl.summary()}>"},
                                "metadata": {}},)
        names = ctl.names
        multiplied = any(m > 1 for m in ctl.multipliers()) or bool(shade)
        field = "<th>Field</th>" if multiplied else ""
        head = (f"<tr><th>{escape(_first_upper(ctl.label_word))}</th>{field}"
                f"<th>{escape(_first_upper(word[:-1]))} won by</th>"
                + "".join(f"<th class='num'>{escape(n)}<br><small>{escape(word[:-1])} "
                          "(running)</small></th>" for n in names) + "</tr>")
        body = "".join(
            f"<tr><td>{escape(r['round'])}</td>"
            + (f"<td>{escape(r['field'])}</td>" if multiplied else "")
            + f"<td>{escape(r['winner'])}<br><small style='color:#555'>{escape(r['how'])}"
            f"</small></td>" + "".join(f"<td class='num'>{escape(r[n])}</td>" for n in names)
            + "</tr>" for r in ctl.rows())
        end = "".join(f"<tr><td>{escape(a)}</td><td>{escape(b)}</td></tr>"
                      for a, b in ctl.end_rows())
        from ..teach.hand_combinations import unit_note
        self.table.value = (
            f'<div class="hanafuda-whole-game-table" data-rounds="{len(ctl.rows())}">'
            f"{heading(_first_upper(word[:-1]) + ' by ' + word[:-1])}"
            f"<table class='hanafuda-generic-data'>{head}{body}</table>"
            f"{heading('After the last ' + word[:-1])}"
            f"<table class='hanafuda-generic-data'>{end}</table>"
            f"<p style='font-size:14px;color:#444'>{escape(unit_note(ctl.game))}</p></div>")


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def whole_game_view(key: str, seed: int = 1, preset: str | None = None) -> WholeGameView:
    """A whole game of ``key`` by computer players, charted."""
    from ..teach.whole_game import WholeGameChart
    return WholeGameView(WholeGameChart(key, seed=seed, preset=preset))


# ---------------------------------------------------------------------------
# A whole round's facts in a form, settled (games whose data describes such a form)


def _control(spec: Mapping[str, Any], description: str, *, hide_label: bool = False
             ) -> widgets.Widget:
    """A control of a form field: a menu, a text box or a check box, named by
    ``description`` (on screen unless ``hide_label``: a grid's row label says it)."""
    kind = spec["kind"]
    width = spec.get("width", "228px")
    style = {"description_width": "0px" if hide_label else "80px"}
    if kind == "choice":
        box = widgets.Dropdown(options=list(spec["choices"]), description=description,
                               style=style, layout=widgets.Layout(width=width))
    elif kind == "text":
        box = widgets.Text(placeholder=spec.get("placeholder", ""), description=description,
                           style=style, layout=widgets.Layout(width=width))
    elif kind == "check":
        box = widgets.Checkbox(description=spec.get("text", description), indent=False,
                               layout=widgets.Layout(width=width))
    else:
        raise HanafudaError(f"a form field is a choice, text or check, not {kind!r}")
    if spec.get("tooltip"):
        box.tooltip = spec["tooltip"]
    return box


class _Column:
    """The controls of one player's column of a round form."""

    def __init__(self, name: str, fields: list[dict[str, Any]]) -> None:
        self.name = name
        self.title = widgets.HTML(f'<div style="font-weight:700;font-size:18px;'
                                  f'text-align:center">Player {escape(name)}</div>')
        # Each control is named by its row and player ("Chaff combination, player B"); the
        # grid's row labels say it on screen, so the name's own label takes no room.
        self.controls: dict[str, widgets.Widget] = {
            f["key"]: _control(f, f"{f['label']}, player {name}", hide_label=True)
            for f in fields}

    def cells(self) -> list[widgets.Widget]:
        return [self.title, *self.controls.values()]

    def fill(self, values: Mapping[str, Any], fields: list[dict[str, Any]]) -> None:
        for f in fields:
            box = self.controls[f["key"]]
            if f["kind"] == "choice" and list(box.options) != list(f["choices"]):
                box.options = list(f["choices"])
            box.value = values[f["key"]]

    def read(self) -> dict[str, Any]:
        return {"name": self.name, **{k: box.value for k, box in self.controls.items()}}


class RoundCalculatorView(widgets.VBox):  # type: ignore[misc]
    """A whole round's facts in a form, Settle, and who pays whom: built from the form
    the calculator describes (``round_fields``, ``player_fields``, ``calls``; Hachi-Hachi:
    :class:`hanafuda_core.games.hachihachi_calculator.SettlementCalculator`). A control
    marked ``act`` is applied at once (a refusal puts it back and says why); the rest are
    read at Settle. The result is drawn from ``result()``."""

    def __init__(self, controller: Any, *, card_width: int = 44) -> None:
        self.controller = controller
        self.card_width = card_width
        ctl = controller
        self._syncing = False
        self.round_controls: dict[str, widgets.Widget] = {}
        self.card_toggles: dict[str, list[widgets.ToggleButton]] = {}
        lines: dict[int, list[widgets.Widget]] = {}
        for spec in ctl.round_fields():
            if spec["kind"] == "cards":
                toggles = []
                for title, code in spec["choices"]:
                    t = widgets.ToggleButton(value=False, description=title,
                                             tooltip=f"Put the {title} in the "
                                                     f"{spec['target']}",
                                             layout=widgets.Layout(width="100px"))
                    t.code, t.target = code, spec["target"]
                    t.observe(self._on_card_toggle, names="value")
                    toggles.append(t)
                self.card_toggles[spec["key"]] = toggles
                label = widgets.HTML(f'<div style="width:84px;font-size:15px;text-align:right;'
                                     f'padding-right:8px">{escape(spec["label"])}</div>')
                lines.setdefault(spec.get("line", 0), []).extend([label, *toggles])
                continue
            box = _control(spec, spec["label"])
            box.key = spec["key"]
            if spec.get("act"):
                box.observe(self._on_act, names="value")
            self.round_controls[spec["key"]] = box
            lines.setdefault(spec.get("line", 0), []).append(box)
        self.example_note = widgets.HTML()
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="4px 8px", margin="6px 0",
                                                          overflow="auto hidden"))
        self.grid.add_class("hanafuda-round-grid")
        self.columns: list[_Column] = []
        calls = ctl.calls()
        self.calls_html = widgets.HTML()
        self.call_player = widgets.Dropdown(description="Who", style={"description_width": "40px"},
                                            layout=widgets.Layout(width="120px"))
        self.call_action = widgets.Dropdown(description="Call", style={"description_width": "40px"},
                                            layout=widgets.Layout(width="170px"))
        self.call_yaku = widgets.SelectMultiple(description="Yaku", rows=4,
                                                style={"description_width": "45px"},
                                                layout=widgets.Layout(width="440px"))
        self.add_call_button = widgets.Button(description="Add call",
                                              tooltip="Add this decision after the ones above")
        self.remove_call_button = widgets.Button(description="Remove last call",
                                                 tooltip="Take back the last call")
        self.settle_button = widgets.Button(description="Settle", button_style="primary",
                                            tooltip="Work out who pays whom", style=BIG,
                                            layout=widgets.Layout(width="150px", height="42px"))
        self.message = widgets.HTML()
        self.result = widgets.HTML()
        self.add_call_button.on_click(lambda _b: self.add_call())
        self.remove_call_button.on_click(lambda _b: self.remove_last_call())
        self.settle_button.on_click(lambda _b: self.settle())

        round_box = widgets.VBox([
            widgets.HBox(lines[n], layout=widgets.Layout(flex_flow="row wrap",
                                                         align_items="center"))
            for n in sorted(lines)])
        if "example" in self.round_controls:
            round_box.children = (round_box.children[0], self.example_note,
                                  *round_box.children[1:])
        calls_box = widgets.VBox([
            widgets.HTML(heading(calls["title"])), self.calls_html,
            widgets.HBox([self.call_player, self.call_action, self.call_yaku,
                          widgets.VBox([self.add_call_button, self.remove_call_button])],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
        ]) if calls is not None else widgets.VBox()
        super().__init__([widgets.HTML(CSS), round_box, widgets.HTML(heading("The players")),
                          self.grid, calls_box, self.settle_button, self.message, self.result])
        self.add_class(_CLASS)
        self.add_class("hanafuda-round-calculator")
        self.add_class(FOCUS_SCOPE)
        self._fill()
        self._render()

    # -- reading the form ----------------------------------------------------------
    def read_values(self) -> dict[str, Any]:
        """The round as the controls show it now."""
        values = {k: box.value for k, box in self.round_controls.items()}
        values["columns"] = [c.read() for c in self.columns]
        return values

    # -- actions ---------------------------------------------------------------------
    def settle(self) -> bool:
        values = self.read_values()
        ok = self._run(lambda: self.controller.settle_values(values),
                       "The last settlement is still shown.")
        if ok:
            focus_next(self.settle_button)
        return ok

    def add_call(self) -> bool:
        ok = self._run(lambda: self.controller.add_call(self.call_player.value,
                                                        self.call_action.value,
                                                        list(self.call_yaku.value)),
                       "The calls are unchanged.", settle=False)
        if ok:
            self.call_yaku.value = ()
            focus_next(self.settle_button, self.add_call_button)
        return ok

    def remove_last_call(self) -> bool:
        return self._run(self.controller.remove_last_call, "The calls are unchanged.",
                         settle=False)

    # -- events ------------------------------------------------------------------------
    def _on_act(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        box = change["owner"]
        values = self.read_values()
        values[box.key] = change["old"]          # the rest of the form, as it was
        if not self._run(lambda: self.controller.change(box.key, change["new"], values),
                         f"{box.description} is put back as it was; nothing else changed.",
                         refill=True):
            self._put_back(box, change["old"])

    def _put_back(self, box: widgets.Widget, value: object) -> None:
        """Show a refused choice's old value again (the typed boxes are left alone)."""
        self._syncing, was = True, self._syncing
        try:
            box.value = value
        finally:
            self._syncing = was

    def _on_card_toggle(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        toggle = change["owner"]
        target = self.round_controls[toggle.target]
        text = target.value.split()
        if change["new"] and toggle.code not in text:
            text.append(toggle.code)
        elif not change["new"]:
            text = [c for c in text if c != toggle.code]
        target.value = " ".join(text)

    def _run(self, change: Callable[[], object], keep: str, *, refill: bool = False,
             settle: bool = True) -> bool:
        if not attempt(change, self.message, keep):
            return False
        if refill:
            self._fill()
        else:
            self._sync_calls()
        if settle:
            self._render()
        return True

    # -- drawing --------------------------------------------------------------------------
    def _fill(self) -> None:
        """Put the calculator's form into the controls."""
        ctl = self.controller
        values = ctl.values()
        self._syncing = True
        try:
            for spec in ctl.round_fields():
                box = self.round_controls.get(spec["key"])
                if box is None:
                    continue
                if spec["kind"] == "choice" and list(box.options) != list(spec["choices"]):
                    box.options = list(spec["choices"])
                box.value = values[spec["key"]]
            for toggles in self.card_toggles.values():
                for t in toggles:
                    t.value = t.code in str(values.get(t.target, "")).split()
            fields = ctl.player_fields()
            names = [c["name"] for c in values["columns"]]
            if [c.name for c in self.columns] != names:
                self.columns = [_Column(n, fields) for n in names]
                self._layout_grid(fields)
            for column, v in zip(self.columns, values["columns"]):
                column.fill(v, fields)
            self._note_example()
            self._sync_calls()
        finally:
            self._syncing = False

    def _note_example(self) -> None:
        ctl = self.controller
        example = getattr(ctl, "example", None)
        self.example_note.value = (para(ctl.example_summary(example), "color:#333")
                                   if example else "")

    def _layout_grid(self, fields: list[dict[str, Any]]) -> None:
        n = len(self.columns)
        labels = [""] + [f["label"] for f in fields]
        cells = []
        for row, text in enumerate(labels):
            cells.append(widgets.HTML(f'<div class="hanafuda-round-rowlabel" style="font-weight:'
                                      f'600;font-size:15px">{escape(text)}</div>'))
            cells.extend(column.cells()[row] for column in self.columns)
        self.grid.layout.grid_template_columns = f"130px repeat({n}, 232px)"
        self.grid.children = cells

    def _sync_calls(self) -> None:
        calls = self.controller.calls()
        if calls is None:
            return
        self._syncing, was = True, self._syncing
        try:
            for box, options in ((self.call_player, calls["who"]),
                                 (self.call_action, calls["words"])):
                keep = box.value
                if list(box.options) != options:
                    box.options = options
                box.value = keep if keep in options else options[0]
            if list(self.call_yaku.options) != list(calls["yaku"]):
                self.call_yaku.options = list(calls["yaku"])
        finally:
            self._syncing = was
        if calls["made"]:
            items = "".join(f"<li>{escape(c)}</li>" for c in calls["made"])
            self.calls_html.value = (f'<ol class="hanafuda-round-calls" style="font-size:16px;'
                                     f'margin:2px 0 6px 22px">{items}</ol>')
        else:
            self.calls_html.value = para(calls["none"], "color:#444")

    def _render(self) -> None:
        ctl = self.controller
        box = self.round_controls.get("example")
        if box is not None:
            self._put_back(box, getattr(ctl, "example", None) or "")
            self._note_example()
        if ctl.settlement is None:
            self.result.value = ""
            return
        self.result.value = round_result_html(ctl.result(), card_width=self.card_width)


def round_result_html(result: Mapping[str, Any], *, card_width: int = 44) -> str:
    """A settled round as HTML (``result``: a round calculator's ``result()``): the
    headline, the payment lines, totals, the net by step, the special achievement and
    notes, and the dealt hands with the shown cards outlined."""
    head = notice_html(result["headline"], "info", title="Settled:")
    lines = result["payments"]
    rows = "".join(
        f"<tr><td>{escape(r['payer'])}</td><td>{escape(r['payee'])}</td>"
        f"<td class='num'><strong>{escape(r['amount'])}</strong></td>"
        f"<td>{escape(r['reason'])}</td><td class='num'>{escape(r['multiplier'])}</td>"
        f"<td><small style='color:#555'>{escape(name_sources(r['clause']))}</small></td></tr>"
        for r in lines)
    if not rows:
        rows = "<tr><td colspan='6'>Nobody pays anybody.</td></tr>"
    payments = (f'<table class="hanafuda-generic-data hanafuda-round-payments" '
                f'data-lines="{len(lines)}"><tr><th>Payer</th><th>Payee</th>'
                f"<th class='num'>Amount</th><th>For</th><th class='num'>Field</th>"
                f"<th>Rule</th></tr>{rows}</table>")
    totals = "".join(
        f"<tr data-player='{escape(name)}'><td>{escape(name)}"
        f"{' (winner)' if name == result['winner'] else ''}</td>"
        f"<td class='num'><strong>{escape(text)}</strong></td></tr>"
        for name, text in result["totals"])
    totals_table = (f'<table class="hanafuda-generic-data hanafuda-round-totals"><tr>'
                    f"<th>Player</th><th class='num'>Net result</th></tr>{totals}</table>")
    steps = result["steps"]
    names = [k for k in steps[0] if k != "category"] if steps else []
    step_rows = "".join(
        "<tr>" + f"<td>{escape(str(r['category']))}</td>"
        + "".join(f"<td class='num'>{escape(r[n])}</td>" for n in names) + "</tr>"
        for r in steps)
    by_step = ('<table class="hanafuda-generic-data"><tr><th>Step</th>'
               + "".join(f"<th class='num'>{escape(n)}</th>" for n in names)
               + f"</tr>{step_rows}</table>")
    special = (notice_html(result["special"], "warning", title="Special achievement:")
               if result["special"] else "")
    items = "".join(f"<li>{escape(note)}</li>" for note in result["notes"])
    notes = f"<ul style='font-size:15px'>{items}</ul>" if items else ""
    hands = list(result["hands"])
    hands_html = (heading("Dealt hands (the cards shown to claim a combination are outlined)")
                  + svg.layout_html(hands, width=card_width, highlight=result["shown"])
                  if hands else "")
    data = "".join(f' data-{escape(k)}="{escape(str(v))}"' for k, v in result["data"].items())
    return (f'<div class="hanafuda-round-result"{data}>{head}'
            f"{heading('Payments')}{payments}"
            f'<div style="display:flex;flex-wrap:wrap;gap:28px">'
            f"<div>{heading('Totals')}{totals_table}</div>"
            f"<div>{heading('Net result by step')}{by_step}</div></div>"
            f"{special}{notes}{hands_html}</div>")


def round_calculator_view(key: str) -> RoundCalculatorView:
    """The round calculator of ``key`` (a game whose data describes one)."""
    from ..teach.tools import round_calculator
    calc = round_calculator(key)
    if calc is None:
        raise HanafudaError(f"{key!r} has no round calculator; its score calculator scores "
                            "a pile (score_view)")
    return RoundCalculatorView(calc)


#: What a chapter says over each tool (the static page shows the tool's first view as
#: plain HTML; it runs live in the classroom app).
CHAPTER_NOTES = {
    "play": "Play a round against the computer, with hints, in the classroom app",
    "score": "The score calculator: pick any pile in the classroom app",
    "replay": "Replay a game step by step in the classroom app",
    "quiz": "Take the whole quiz in the classroom app",
}



def _static_play(key: str, seed: int = 1, preset: str | None = None, **options: Any) -> str:
    """Play's first view: whose turn, the table as player 1 sees it, your moves listed."""
    ctl = PlayController(key, seed=seed, preset=preset, **options)
    moves = "".join(f"<li>{escape(sentence(m.words))}</li>" for m in ctl.legal)
    return (notice_html(ctl.prompt(), "info", title="Now:")
            + f'<div class="hanafuda-generic-status-line" style="color:#444;font-size:14px;'
              f'margin:0 0 2px">{escape(ctl.status_line())}</div>'
            + f'<div class="hanafuda-generic-table" data-seed="{ctl.seed}" '
              f'style="font-size:16px">{_rows_html(ctl.table(), MIN_CARD_WIDTH)}</div>'
            + (f'<div class="hanafuda-generic-moves"><strong>Your moves</strong>'
               f'<ul style="margin:2px 0 6px 20px">{moves}</ul></div>' if moves else ""))


def _static_score(key: str, cards: str = "", preset: str | None = None, calls: int = 0,
                  **options: Any) -> str:
    """The calculator's first view: the pile, its score in a line, the report."""
    ctl = ScoreController(key, preset=preset, cards=cards, calls=calls, **options)
    return (f'<div class="hanafuda-generic-summary" style="font-size:17px;font-weight:600;'
            f'margin:8px 0 4px">{escape(ctl.summary())}</div>'
            + report_html(ctl.report(), card_width=MIN_CARD_WIDTH, show_cards=ctl.cards))


def _static_replay(key: str, seed: int = 1, preset: str | None = None,
                   rounds: int | None = None, **options: Any) -> str:
    """The replay's first view (the deal, every card face up), then the round step by
    step in words (folded) and how it ended."""
    ctl = ReplayController(game=key, seed=seed, preset=preset, rounds=rounds, **options)
    deal = (f'<div class="hanafuda-generic-step" data-step="0" style="font-size:16px;'
            f'line-height:1.45;margin:6px 0"><div style="color:#444">{escape(ctl.title)}'
            f"</div><div style='font-size:17px;margin-top:2px'>{escape(ctl.describe())}"
            f"</div></div>"
            f'<div class="hanafuda-generic-replay-table" data-step="0" style="font-size:16px">'
            f"{_rows_html(ctl.table(), MIN_CARD_WIDTH)}</div>")
    ctl.last()
    steps = _lines_html(ctl.words(), "hanafuda-generic-steps", "The cards were just dealt.")
    return (deal + "<details style='margin:6px 0'><summary style='cursor:pointer;"
            f"font-weight:600'>The round step by step ({ctl.length} steps)</summary>"
            f"{steps}</details>"
            f"<p style='font-size:16px;margin:6px 0'>{escape(ctl.result_text())}</p>"
            + _replay_report(ctl))


def _static_quiz(key: str, seed: int = 1, n: int = 6) -> str:
    """The quiz's questions for ``seed``, checked in the page."""
    from ..teach.quizzes import quiz_html
    return quiz_html(key, seed, n)


_STATIC: dict[str, Callable[..., str]] = {
    "play": _static_play, "score": _static_score, "replay": _static_replay,
    "quiz": _static_quiz}


def chapter_tool(tool: str, key: str, **kw: Any) -> Any:
    """A chapter's one-line call: the first view of tool ``tool`` ("play", "score",
    "replay", "quiz") of game ``key``, as plain HTML (cards, table, the moves listed),
    under a note that says it runs live in the classroom app; ``kw`` go to the tool
    (``seed=``, ``cards=``, ``preset=``, house rules...).

    A static page runs no Python, so a live widget there would only be a picture of one
    that loads the 3.6 MB widget manager; this HTML is the same picture, with no widget
    and no script (:class:`~hanafuda_core.widgets.static.StaticHTML`). The app builds
    the live views (:func:`play_view` and the others).

    >>> shown = chapter_tool("score", "koikoi", cards="1a 3a 8a")
    >>> "3 Dry Brights" in shown.value and "classroom app" in shown.value
    True
    """
    import inspect

    from .static import STATIC_NOTE, StaticHTML
    if tool not in _STATIC:
        raise HanafudaError(f"unknown tool {tool!r}; a chapter can show: {', '.join(_STATIC)}")
    make = _STATIC[tool]
    try:
        inspect.signature(make).bind(key, **kw)
    except TypeError:
        allowed = [n for n, p in inspect.signature(make).parameters.items()
                   if n != "key" and p.kind is not p.VAR_KEYWORD]
        extra = " and house rules by name" if "options" in inspect.signature(make).parameters \
            else ""
        raise HanafudaError(f"the {tool} tool takes {', '.join(allowed)}{extra}; "
                            f"got {', '.join(kw) or 'nothing'}") from None
    body = make(key, **kw)
    return StaticHTML(
        f'<div class="{_CLASS} hanafuda-chapter-tool hanafuda-chapter-tool-{tool}" '
        f'data-tool="{tool}" data-game="{escape(key)}">{CSS}'
        + notice_html(STATIC_NOTE, "info", title=CHAPTER_NOTES[tool] + ".")
        + body + "</div>")
