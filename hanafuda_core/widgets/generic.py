"""Views of the teaching tools for any playable game: play, score calculator, replay, quiz.

Each view takes a game key (and, where it has them, a preset and options) and lays out
a controller of :mod:`hanafuda_core.teach.tools`; the views compute no rule. Cards are
drawn by our SVG renderer, every control is a button, toggle or text box (so the
keyboard reaches it), a card's state is said in words as well as in colour, and a
refusal from the core shows as a message, never a traceback.

The app builds these for every playable game that has no richer view of its own
(:data:`hanafuda_core.widgets.tools.GAME_VIEWS`); a chapter calls them in one line:

>>> view = play_view("simplified", seed=2)
>>> view.controller.your_turn
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from ..controllers import short_card_label
from ..errors import HanafudaError
from ..render import svg
from ..render.sizes import MIN_CARD_WIDTH
from ..rules import name_sources
from ..teach.tools import (
    PlayController,
    ReplayController,
    ScoreController,
    TableRow,
    option_value_label,
)
from .common import (
    BIG,
    FOCUS_SCOPE,
    RoundView,
    attempt,
    dropdown,
    error_html,
    focus_next,
    hint_html,
    para,
    seed_box,
    sentence,
)
from .static import notice_html

__all__ = [
    "CHAPTER_NOTES",
    "CSS",
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
                show_cards: Any = None) -> str:
    """A score report (anything with ``to_dict()``: a game's score sheet, the engine's
    report of a round) as HTML: the pile with its yaku cards lit, one row per yaku with
    its cards, points and rule, the multipliers, the notes, and the total."""
    if report is None:
        return ""
    d: Mapping[str, Any] = report.to_dict()
    out = ['<div class="hanafuda-generic-report" style="font-size:16px;line-height:1.4">']
    if "total" not in d:          # another shape of report (a settlement): its own text
        text = report.to_text() if hasattr(report, "to_text") else str(d)
        return out[0] + f"<pre style='white-space:pre-wrap'>{escape(text)}</pre></div>"
    if d.get("title"):
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
        for y in yaku:
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
                f"<small>{escape(str(y.get('japanese', '')))}</small></td>"
                f"<td>{drawn}</td><td style='white-space:nowrap'>{escape(pts)} = "
                f"<b>{y['points']}</b></td><td><small style='color:#555'>{escape(rule)}"
                f"</small></td></tr>")
        out.append('<table class="hanafuda-generic-report-table" style="border-collapse:'
                   'collapse"><tr><th>Yaku</th><th>Cards</th><th>Points</th><th>Rule</th>'
                   "</tr>" + "".join(rows) + "</table>")
    else:
        out.append("<p style='margin:4px 0'>No yaku in this pile.</p>")
    if d.get("sake_role"):
        out.append(f"<p style='margin:2px 0'>The Sake Cup counted as "
                   f"{escape(str(d['sake_role']))}.</p>")
    if "subtotal" in d:
        out.append(f"<p style='margin:2px 0'>Yaku total: {d['subtotal']}</p>")
    for m in d.get("multipliers") or ():
        out.append(f"<p style='margin:2px 0'>&times;{m['factor']}: {escape(str(m['reason']))}"
                   "</p>")
    for note in d.get("notes") or ():
        out.append(f"<p style='margin:2px 0;color:#555'><small>{escape(str(note))}</small></p>")
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


#: The computer players in words (an agent the table lacks is shown by its name).
AGENT_LABELS = {"coach": "the coach (looks ahead)", "greedy": "greedy (takes the best card now)",
                "random": "random"}


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
        self.opponent = dropdown([(AGENT_LABELS.get(a, a), a)
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
            told = ctl.report_lines()
            self.result.value = (
                f'<div class="hanafuda-generic-result" style="border:2px solid #2f6690;'
                f'border-radius:6px;padding:8px 14px;margin:8px 0"><div style="font-size:'
                f'19px;font-weight:700;margin-bottom:4px">{escape(ctl.result_text())}</div>'
                f"{report_lines_html(told) if told else report_html(ctl.report())}</div>")
        else:
            self.result.value = ""
        self.log_html.value = _lines_html(ctl.log, "hanafuda-generic-log",
                                          "The round has just been dealt.", newest_first=True)

    def _hint_html(self, hint: Any) -> str:
        shown = hint.lines[:_HINT_LINES]
        items = "".join(f"<li>{escape(line)}</li>" for line in shown)
        if len(hint.lines) > len(shown):
            rest = len(hint.lines) - len(shown)
            items += (f"<li>… and {rest} other move{'s' * (rest != 1)}, "
                      "each expected to do worse.</li>")
        if not hint.lines:
            items = "".join(f"<li>{escape(r)}</li>" for r in hint.reasons)
        return hint_html("hanafuda-generic-hint", f"Hint ({hint.by})",
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
        self.agents = [dropdown(agents, quick, f"Player {p + 1}", "65px", "190px")
                       for p in range(game.players[0])]
        from ..teach.tools import preset_choices
        self.preset = _rules_box(preset_choices(game), game.preset, "300px")
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
        loader = widgets.HBox([self.seed, *self.agents, self.preset, self.rounds,
                               self.load_button, self.mine_button],
                              layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
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
            loader, self.message, nav, self.where, self.table, self.yaku, self.steps_html])
        self.add_class(_CLASS)
        self.add_class("hanafuda-generic-replay")
        self._loaded()

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
                            if held else "") + report_html(ctl.report()))
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
            + report_html(ctl.report(), card_width=MIN_CARD_WIDTH))


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
