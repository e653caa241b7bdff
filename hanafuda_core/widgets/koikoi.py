"""The Koi-Koi tab of the classroom app: play a round, score a pile, replay a game, a quiz.

The controllers in :mod:`hanafuda_core.koikoi_controllers` hold the state and
ask the core; these views only lay the answers out and wire the events. Bad
input shows a notice (the core's message) and leaves what was shown in place.

- :class:`KoiKoiPlayView`: a round against the computer, with hints from the coach.
- :class:`ScoreCalculatorView`: click cards (or type them), pick rules, read the score.
- :class:`ReplayView`: step through a seeded game or the round just played.
- :func:`koikoi_quiz_tab`: the Koi-Koi quiz.
- :func:`koikoi_panel`: the four sub-tabs together.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..cards import CARD_INFO, FLOWERS, MONTH_NAMES, Card
from ..engines.capture import Capture, GoOn, Phase, Play, Stop
from ..errors import HanafudaError
from ..games.koikoi import WORDS
from ..koikoi_controllers import (
    AGENT_CHOICES,
    MAX_CALLS,
    PRESET_LABELS,
    KoiKoiRound,
    ReplayController,
    ScoreCalculator,
    option_value_label,
    short_card_label,
)
from ..render import svg
from ..scoring import ScoreReport
from .common import (
    BIG,
    RoundView,
    attempt,
    dropdown,
    error_html,
    guarded,
    hint_html,
    para,
    quiz_tab,
    seed_box,
    sentence,
    tabbed_panel,
)
from .static import notice_html

__all__ = ["KoiKoiPlayView", "ScoreCalculatorView", "ReplayView", "koikoi_quiz_tab",
           "koikoi_panel", "report_html", "SUB_TAB_TITLES"]

SUB_TAB_TITLES = ("Play", "Score calculator", "Replay", "Quiz")

_PRESETS = [(label, key) for key, label in PRESET_LABELS.items()]
_HINT_LINES = 4          # moves listed under a hint (best first); a projector shows no more
_OPTION_LABELS = {
    "koikoi_effect": "Koi-Koi effect",
    "seven_doubles": "7 or more",
    "sake": "Sake Cup",
    "views": "Viewing yaku",
    "special_chaffs": "Special Chaffs",
    "yaku_limit": "Yaku that count",
    "yaku_chart": "Yaku chart",
}

# Scoped to the Koi-Koi panel: buttons that wrap a card name, a scrolling log.
_CSS = """
<style>
.hanafuda-koikoi .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab,
.hanafuda-koikoi .jupyter-widgets.widget-tab > .p-TabBar .p-TabBar-tab { max-width: none;
  min-width: 170px; flex: 0 0 auto; }
.hanafuda-koikoi .hanafuda-kk-card-button { height: auto; min-height: 34px; white-space: normal;
  line-height: 1.2; padding: 4px 6px; font-size: 14px; }
.hanafuda-koikoi .hanafuda-kk-cell { align-items: center; margin: 0 6px 6px 0; }
.hanafuda-koikoi .hanafuda-kk-month .widget-toggle-button { height: auto; min-height: 30px;
  white-space: normal; line-height: 1.15; padding: 3px 2px; font-size: 13px; }
.hanafuda-koikoi .hanafuda-kk-log { max-height: 260px; overflow-y: auto; border: 1px solid #d0d7de;
  border-radius: 4px; padding: 4px 10px; background: #fbfbf8; }
.hanafuda-koikoi .hanafuda-kk-option-help { font-size: 13px; color: #444; line-height: 1.3;
  margin: 0 0 8px 4px; }
.hanafuda-koikoi table.hanafuda-kk-report td, .hanafuda-koikoi table.hanafuda-kk-report th {
  padding: 4px 10px 4px 0; text-align: left; vertical-align: middle; }
</style>
"""


def _preset_box(value: str, width: str = "280px") -> widgets.Dropdown:
    return dropdown(_PRESETS, value, "Rules", "50px", width)


def _table_html(groups, width: int, highlight) -> str:
    """Lines of labelled card rows; the rows of one line stand side by side (and wrap)."""
    lines = []
    for group in groups:
        cells = "".join(f'<div style="flex:0 1 auto;min-width:120px">'
                        f"{svg.layout_html([row], width=width, highlight=highlight)}</div>"
                        for row in group)
        lines.append(f'<div style="display:flex;flex-wrap:wrap;gap:0 32px">{cells}</div>')
    return "".join(lines)


def report_html(report: ScoreReport | None, *, card_width: int = 38,
                show_cards: tuple[Card, ...] | None = None) -> str:
    """A score report as HTML: the cards, one row per yaku, the multipliers and the total."""
    if report is None:
        return ""
    out = ['<div class="hanafuda-kk-report-box" style="font-size:16px;line-height:1.4">']
    if report.title:
        out.append(f'<div style="font-weight:600;font-size:17px;margin:4px 0">'
                   f'{escape(report.title)}</div>')
    if show_cards is not None:
        out.append(f'<div style="margin:4px 0 8px">'
                   f'{svg.row_svg(list(show_cards), width=card_width, label=None, wrap=16)}</div>')
    if report.lines:
        rows = []
        for line in report.lines:
            pts = str(line.base)
            if line.points != line.base:
                pts += f" + {line.points - line.base} for {line.extras} extra"
            cite = escape(line.source.reader()) if line.source else ""
            rows.append(
                f"<tr><td><strong>{escape(line.name)}</strong><br>"
                f"<small>{escape(line.japanese)}</small></td>"
                f"<td>{svg.row_svg(list(line.cards), width=card_width - 8, label=None, wrap=12)}"
                f"</td><td style='white-space:nowrap'>{escape(pts)} = <b>{line.points}</b></td>"
                f"<td><small style='color:#555'>{cite}</small></td></tr>")
        out.append('<table class="hanafuda-kk-report" style="border-collapse:collapse">'
                   "<tr><th>Yaku</th><th>Cards</th><th>Points</th><th>Rule</th></tr>"
                   + "".join(rows) + "</table>")
    else:
        out.append("<p style='margin:4px 0'>No yaku: these cards score nothing yet.</p>")
    if report.sake_role:
        out.append(f"<p style='margin:2px 0'>The Sake Cup counted as {escape(report.sake_role)}."
                   "</p>")
    out.append(f"<p style='margin:2px 0'>Yaku total: {report.subtotal}</p>")
    for m in report.multipliers:
        out.append(f"<p style='margin:2px 0'>&times;{m.factor}: {escape(m.reason)}</p>")
    for note in report.notes:
        out.append(f"<p style='margin:2px 0;color:#555'><small>{escape(note)}</small></p>")
    for p in report.payments:
        out.append(f"<p style='margin:2px 0'>Player {p.payer + 1} pays player {p.payee + 1}: "
                   f"{p.amount}</p>")
    out.append(f'<p class="hanafuda-kk-total" data-total="{report.total}" '
               f'style="font-size:20px;font-weight:700;margin:6px 0">Total: {report.total} '
               f"point{'s' * (report.total != 1)}</p></div>")
    return "".join(out)


# ---------------------------------------------------------------------------
# Play


class KoiKoiPlayView(RoundView, widgets.VBox):
    """A round against the computer: the table, the hand as buttons, choices, hints, a log."""

    def __init__(self, controller: KoiKoiRound | None = None, *, width: int = 54) -> None:
        self.controller = controller or KoiKoiRound()
        self.width = width
        ctl = self.controller
        opponents = list(AGENT_CHOICES)
        labels = {"coach": "the coach", "greedy": "greedy (takes the best card now)",
                  "random": "random"}
        self.preset = _preset_box(ctl.preset)
        self.opponent = widgets.Dropdown(
            options=[(labels[a], a) for a in opponents], value=ctl.opponent,
            description="Computer", style={"description_width": "80px"},
            layout=widgets.Layout(width="340px"))
        self.seed = seed_box(ctl.seed)
        self.new_button = widgets.Button(description="New round", button_style="primary",
                                         tooltip="Shuffle with this seed and deal a new round",
                                         style=BIG, layout=widgets.Layout(width="140px",
                                                                           height="38px"))
        self.hint_button = widgets.Button(description="Hint", icon="",
                                          tooltip="Ask the coach what to do now", style=BIG,
                                          layout=widgets.Layout(width="110px", height="38px"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_label = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("hanafuda-kk-hand")
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_box.add_class("hanafuda-kk-choices")
        self.go_on_button = widgets.Button(
            description=WORDS.go_on, button_style="warning", style=BIG,
            tooltip="Go on for more points; if the computer stops first you score nothing",
            layout=widgets.Layout(width="140px", height="40px"))
        self.stop_button = widgets.Button(
            description=WORDS.stop, button_style="success", style=BIG,
            tooltip="End the round now and score your yaku",
            layout=widgets.Layout(width="140px", height="40px"))
        self.decide_box = widgets.HBox()
        self.decide_box.add_class("hanafuda-kk-decide")
        self.hint = widgets.HTML()
        self.result = widgets.HTML()
        self.log_html = widgets.HTML()
        self.hand_buttons: list[widgets.Button] = []
        self.choice_buttons: list[widgets.Button] = []

        self.new_button.on_click(lambda _b: self.new_round())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.go_on_button.on_click(lambda _b: self.act(GoOn()))
        self.stop_button.on_click(lambda _b: self.act(Stop()))

        controls = widgets.HBox([self.preset, self.opponent, self.seed, self.new_button,
                                 self.hint_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        left = widgets.VBox([self.status, self.message, self.table, self.hand_label,
                             self.hand_box, self.choice_box, self.decide_box, self.hint,
                             self.result],
                            layout=widgets.Layout(flex="1 1 760px", min_width="560px"))
        right = widgets.VBox([widgets.HTML("<div style='font-weight:600;font-size:17px;"
                                           "margin:6px 0 4px'>What happened (newest first)"
                                           "</div>"), self.log_html],
                             layout=widgets.Layout(flex="0 1 360px", min_width="280px",
                                                   margin="0 0 0 16px"))
        super().__init__([controls, widgets.HBox([left, right],
                                                 layout=widgets.Layout(flex_flow="row wrap"))])
        self.add_class("hanafuda-kk-play")
        self._render()

    # -- actions -------------------------------------------------------------------
    def new_round(self) -> bool:
        return self._play(lambda: self.controller.new_round(self.seed.value, self.preset.value,
                                                            self.opponent.value),
                          "The round on the table goes on.")

    def _hint_html(self, hint) -> str:
        shown = hint.lines[:_HINT_LINES]
        items = "".join(f"<li>{escape(line)}</li>" for line in shown)
        if len(hint.lines) > len(shown):
            rest = len(hint.lines) - len(shown)
            items += (f"<li>… and {rest} other move{'s' * (rest != 1)}, "
                      "each expected to do worse.</li>")
        who = "The coach" if hint.source == "coach" else "A hint"
        return hint_html("hanafuda-kk-hint", who, hint.summary, items)

    def action_buttons(self) -> list[widgets.Button]:
        """Every enabled button that plays an action now: choices, decisions, hand cards."""
        buttons = list(self.choice_buttons)
        buttons += [b for b in self.decide_box.children if isinstance(b, widgets.Button)]
        buttons += self.hand_buttons
        return [b for b in buttons if not b.disabled]

    # -- drawing -----------------------------------------------------------------
    def _render(self) -> None:
        ctl = self.controller
        s = ctl.state
        self.seed.value = ctl.seed
        kind = "info" if not s.is_terminal else "warning"
        self.status.value = (notice_html(ctl.prompt(), kind, title="Now:")
                             + f'<div style="color:#444;font-size:14px;margin:0 0 2px">'
                               f"{escape(ctl.score_line())}</div>")
        lit = ctl.choice_cards()
        table = _table_html(ctl.row_groups(), self.width, lit)
        self.table.value = (f'<div class="hanafuda-kk-table" data-phase="{s.phase.name}" '
                            f'style="font-size:16px">{table}</div>')
        hand = ctl.hand()
        can_play = s.phase == Phase.PLAY and not s.is_terminal
        self.hand_label.value = (f"<div style='font-weight:bold;margin:8px 0 3px'>Your hand "
                                 f"({len(hand)})" + ("" if can_play or not hand else
                                 " <span style='font-weight:normal;color:#555'>(finish the "
                                 "choice above first)</span>") + "</div>")
        self.hand_buttons = []
        cells = []
        for card in hand:
            button = self._card_button(card, CARD_INFO[card].name, Play(card),
                                       f"Play the {card.title}", 36, disabled=not can_play)
            self.hand_buttons.append(button)
            cells.append(self._cell(card, button))
        if not hand:
            cells.append(widgets.HTML("<div style='color:#555;margin:4px 0'>Your hand is empty: "
                                      "the rest of the round is drawn from the stock.</div>"))
        self.hand_box.children = cells
        self.choice_buttons = []
        choice = []
        if lit:
            pending = Card(s.pending[0])
            choice.append(widgets.HTML(
                f"<div style='font-weight:bold;margin:6px 8px 0 0;max-width:190px'>Which card "
                f"does the {escape(CARD_INFO[pending].name)} take?</div>"))
            for card in lit:
                button = self._card_button(card, f"Take the {CARD_INFO[card].name}",
                                           Capture(card), f"Capture the {card.title}", 90,
                                           style="info")
                self.choice_buttons.append(button)
                choice.append(self._cell(card, button))
        self.choice_box.children = choice
        if s.phase == Phase.DECIDE and s.current_player == ctl.human:
            legal = ctl.legal()
            words = s.rules.decision_words       # the buttons say the game's own words
            self.go_on_button.description = words.go_on
            self.stop_button.description = words.stop
            self.go_on_button.disabled = GoOn() not in legal
            self.stop_button.disabled = Stop() not in legal
            self.decide_box.children = [self.go_on_button, self.stop_button]
        else:
            self.decide_box.children = []
        self.hint_button.disabled = not ctl.legal()
        report = ctl.report()
        if s.is_terminal:
            self.result.value = (f'<div class="hanafuda-kk-result" style="border:2px solid '
                                 f'#2f6690;border-radius:6px;padding:8px 14px;margin:8px 0">'
                                 f'<div style="font-size:19px;font-weight:700;margin-bottom:4px">'
                                 f"{escape(ctl.result())}</div>{report_html(report)}</div>")
        else:
            self.result.value = ""
        # newest first, so the last move is in sight without scrolling
        lines = "".join(f"<li value='{i}' style='margin:3px 0'>{escape(t)}</li>"
                        for i, t in reversed(list(enumerate(ctl.log, start=1))))
        self.log_html.value = (
            f'<div class="hanafuda-kk-log" data-lines="{len(ctl.log)}">'
            f"<ol reversed style='margin:4px 0 4px 22px;padding:0;font-size:15px;"
            f"line-height:1.4'>{lines or '<li>The round has just been dealt.</li>'}</ol></div>")

    def _card_button(self, card: Card, text: str, action, tooltip: str, extra: int, *,
                     style: str = "", disabled: bool = False) -> widgets.Button:
        """A button under a card that plays ``action``; ``extra`` px wider than the card."""
        button = widgets.Button(description=text, button_style=style, disabled=disabled,
                                tooltip=tooltip,
                                layout=widgets.Layout(width=f"{self.width + extra}px"))
        button.add_class("hanafuda-kk-card-button")
        button.card = card  # type: ignore[attr-defined]
        button.on_click(lambda _b: self.act(action))
        return button

    def _cell(self, card: Card, button: widgets.Button) -> widgets.VBox:
        cell = widgets.VBox([widgets.HTML(svg.card_svg(card, width=self.width)), button])
        cell.add_class("hanafuda-kk-cell")
        return cell


# ---------------------------------------------------------------------------
# Score calculator


class ScoreCalculatorView(widgets.VBox):
    """Twelve month columns of card toggles, a text box, the rules, and the live score."""

    def __init__(self, controller: ScoreCalculator | None = None, *,
                 card_width: int = 46) -> None:
        self.controller = controller or ScoreCalculator()
        self.card_width = card_width
        ctl = self.controller
        self._syncing = False
        self.preset = _preset_box(ctl.preset)
        self.calls = widgets.IntText(value=ctl.calls, description=f"{WORDS.go_on} calls",
                                     tooltip=f"Calls made before the {WORDS.stop} (by the "
                                             "opponent)",
                                     style={"description_width": "100px"},
                                     layout=widgets.Layout(width="170px"))
        self.text = widgets.Text(value="", placeholder="1a 3a 8a   or   crane, curtain, moon",
                                 description="Cards", continuous_update=False,
                                 style={"description_width": "50px"},
                                 layout=widgets.Layout(width="430px"))
        self.use_button = widgets.Button(description="Score these", button_style="primary",
                                         tooltip="Score the cards written in the box",
                                         style=BIG, layout=widgets.Layout(width="130px"))
        self.clear_button = widgets.Button(description="Clear", tooltip="Remove every card",
                                           style=BIG, layout=widgets.Layout(width="90px"))
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.report = widgets.HTML(layout=widgets.Layout(flex="1 1 560px"))
        self.toggles: dict[Card, widgets.ToggleButton] = {}
        self.pictures: dict[Card, widgets.HTML] = {}
        self.option_widgets: dict[str, widgets.Widget] = {}

        columns = [self._month_column(m) for m in range(1, 13)]
        grid = widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap"))
        grid.add_class("hanafuda-kk-card-grid")
        options = [widgets.HTML("<div style='font-weight:600;font-size:17px;margin:4px 0'>"
                                "Rules that change the score</div>")]
        values = ctl.option_values()
        for key, description, allowed in ctl.option_rows():
            if set(allowed) == {False, True}:
                w = widgets.Checkbox(value=bool(values[key]), description=_OPTION_LABELS[key],
                                     indent=False, layout=widgets.Layout(width="auto"))
            else:
                w = widgets.Dropdown(options=[(option_value_label(v), v) for v in allowed],
                                     value=values[key], description=_OPTION_LABELS[key],
                                     style={"description_width": "130px"},
                                     layout=widgets.Layout(width="350px"))
            w.observe(lambda change, k=key: self._on_option(k, change), names="value")
            self.option_widgets[key] = w
            options += [w, widgets.HTML(f"<div class='hanafuda-kk-option-help'>"
                                        f"{escape(sentence(description))}"
                                        f"</div>")]

        self.preset.observe(self._on_preset, names="value")
        self.calls.observe(self._on_calls, names="value")
        self.text.observe(lambda change: self.use_text(change["new"]), names="value")
        self.use_button.on_click(lambda _b: self.use_text(self.text.value))
        self.clear_button.on_click(lambda _b: self.clear())

        intro = widgets.HTML(para(
            "Click cards to put them in the capture pile, or type them in the box (a code "
            "like 8a, or an English name; separate names that have spaces with commas). "
            "The score follows every click: each yaku with its cards and points, then the "
            "multipliers."))
        controls = widgets.HBox([self.preset, self.calls, self.text, self.use_button,
                                 self.clear_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        bottom = widgets.HBox([widgets.VBox([self.summary, self.report],
                                            layout=widgets.Layout(flex="1 1 560px")),
                               widgets.VBox(options, layout=widgets.Layout(
                                   flex="0 1 380px", margin="0 0 0 18px"))],
                              layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([intro, controls, self.message, grid, bottom])
        self.add_class("hanafuda-kk-calculator")
        self._render()

    # -- events and actions --------------------------------------------------------
    def use_text(self, text: str) -> bool:
        if self._syncing:
            return False
        if not text.strip():
            return self._run(lambda: self.controller.clear(), "")
        return self._run(lambda: self.controller.set_text(text),
                         "The cards shown are still the last good ones.")

    def clear(self) -> bool:
        return self._run(self.controller.clear, "")

    def _on_toggle(self, card: Card, change) -> None:
        if self._syncing:
            return
        self._run(lambda: self.controller.toggle(card, change["new"]), "")

    def _on_preset(self, change) -> None:
        if self._syncing:
            return
        self._run(lambda: self.controller.set_preset(change["new"]),
                  "The score shown is still for the last rules.")

    def _on_option(self, key: str, change) -> None:
        if self._syncing:
            return
        self._run(lambda: self.controller.set_option(key, change["new"]),
                  "The score shown is still for the last rules.")

    def _on_calls(self, change) -> None:
        if self._syncing:
            return
        self._run(lambda: self.controller.set_calls(change["new"]),
                  f"Give a number from 0 to {MAX_CALLS}; the score shown is unchanged.")

    def _run(self, change: Callable[[], object], keep: str) -> bool:
        if not attempt(change, self.message, keep, (HanafudaError, NotImplementedError)):
            return False
        self._render()
        return True

    # -- drawing -----------------------------------------------------------------
    def _month_column(self, month: int) -> widgets.VBox:
        flower = FLOWERS[month - 1]
        head = widgets.HTML(f"<div style='text-align:center;font-weight:700;font-size:15px;"
                            f"line-height:1.25;height:40px;white-space:nowrap'>{month} · "
                            f"{escape(MONTH_NAMES[month - 1][:3])}<br>"
                            f"<span style='font-weight:normal;font-size:11px;color:#444'>"
                            f"{escape(flower.english)}</span></div>")
        items: list[widgets.Widget] = [head]
        for i in range(4):
            card = Card(4 * (month - 1) + i)
            picture = widgets.HTML(svg.card_svg(card, width=self.card_width))
            toggle = widgets.ToggleButton(value=False, description=short_card_label(card),
                                          tooltip=f"{card.title} ({card.code})",
                                          layout=widgets.Layout(width="100%"))
            toggle.card = card  # type: ignore[attr-defined]
            toggle.observe(lambda change, c=card: self._on_toggle(c, change), names="value")
            self.pictures[card] = picture
            self.toggles[card] = toggle
            items += [picture, toggle]
        column = widgets.VBox(items, layout=widgets.Layout(width="92px", align_items="center",
                                                           margin="0 4px 8px 0"))
        column.add_class("hanafuda-kk-month")
        return column

    def _render(self) -> None:
        ctl = self.controller
        self._syncing = True
        try:
            self.preset.value = ctl.preset
            self.calls.value = ctl.calls
            values = ctl.option_values()
            for key, w in self.option_widgets.items():
                w.value = values[key]
            for card, toggle in self.toggles.items():
                on = card in ctl.cards
                if toggle.value != on:
                    toggle.value = on
                toggle.button_style = "info" if on else ""
                picture = svg.card_svg(card, width=self.card_width, highlight=on)
                if self.pictures[card].value != picture:
                    self.pictures[card].value = picture
        finally:
            self._syncing = False
        self.summary.value = (f'<div class="hanafuda-kk-summary" style="font-size:17px;'
                              f'font-weight:600;margin:8px 0 4px">{escape(ctl.summary())}</div>')
        self.report.value = report_html(ctl.report, show_cards=tuple(ctl.cards))


# ---------------------------------------------------------------------------
# Replay


class ReplayView(widgets.VBox):
    """Load a seeded game (or the round just played) and step through it."""

    def __init__(self, controller: ReplayController | None = None, *,
                 play: KoiKoiRound | None = None, width: int = 52, load_now: bool = True,
                 seed: int = 1) -> None:
        self.controller = controller or ReplayController()
        self.play = play
        self.width = width
        self._syncing = False
        agents = list(AGENT_CHOICES)
        self.seed = seed_box(seed, "160px")
        self.player1 = widgets.Dropdown(options=agents, value="greedy", description="Player 1",
                                        style={"description_width": "75px"},
                                        layout=widgets.Layout(width="200px"))
        self.player2 = widgets.Dropdown(options=agents, value="greedy", description="Player 2",
                                        style={"description_width": "75px"},
                                        layout=widgets.Layout(width="200px"))
        self.preset = _preset_box("book", "270px")
        self.rounds = widgets.IntText(value=1, description="Rounds",
                                      style={"description_width": "60px"},
                                      layout=widgets.Layout(width="140px"))
        self.load_button = widgets.Button(description="Load game", button_style="primary",
                                          tooltip="Play this seeded game and step through it",
                                          style=BIG, layout=widgets.Layout(width="130px"))
        self.mine_button = widgets.Button(description="Replay my round", style=BIG,
                                          tooltip="Step through the round from the Play tab",
                                          layout=widgets.Layout(width="170px"),
                                          disabled=play is None)
        self.round = widgets.Dropdown(options=[("Round 1", 0)], value=0, description="Round",
                                      style={"description_width": "55px"},
                                      layout=widgets.Layout(width="170px"))
        self.first_button = widgets.Button(description="|◀ First",
                                           layout=widgets.Layout(width="90px"))
        self.back_button = widgets.Button(description="◀ Back", layout=widgets.Layout(width="90px"))
        self.next_button = widgets.Button(description="Next ▶", button_style="info",
                                          layout=widgets.Layout(width="90px"))
        self.last_button = widgets.Button(description="Last ▶|",
                                          layout=widgets.Layout(width="90px"))
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description="Step",
                                        continuous_update=True,
                                        style={"description_width": "40px"},
                                        layout=widgets.Layout(width="420px"))
        self.hide = widgets.Checkbox(value=False, description="Hide player 2's hand",
                                     indent=False, layout=widgets.Layout(width="auto"))
        self.message = widgets.HTML()
        self.step = widgets.HTML()
        self.table = widgets.HTML()
        self.yaku = widgets.HTML()

        self.load_button.on_click(lambda _b: self.load())
        self.mine_button.on_click(lambda _b: self.load_mine())
        self.first_button.on_click(lambda _b: self._move(self.controller.first))
        self.back_button.on_click(lambda _b: self._move(self.controller.back))
        self.next_button.on_click(lambda _b: self._move(self.controller.next))
        self.last_button.on_click(lambda _b: self._move(self.controller.last))
        self.slider.observe(self._on_slider, names="value")
        self.round.observe(self._on_round, names="value")
        self.hide.observe(lambda _c: self._render(), names="value")

        loader = widgets.HBox([self.seed, self.player1, self.player2, self.preset, self.rounds,
                               self.load_button, self.mine_button],
                              layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        nav = widgets.HBox([self.round, self.first_button, self.back_button, self.next_button,
                            self.last_button, self.slider, self.hide],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        nav.add_class("hanafuda-kk-replay-nav")
        intro = widgets.HTML(para(
            "Every game here is replayed from its seed: the same seed, players and rules give "
            "the same game. All hands are face up so the class can see why each move was "
            "made; tick the box to hide player 2's hand."))
        super().__init__([intro, loader, self.message, nav, self.step, self.table, self.yaku])
        self.add_class("hanafuda-kk-replay")
        if load_now:
            self.load()
        else:
            self.step.value = notice_html("Load a game to replay it.", "info")
            self._set_nav()

    # -- actions -------------------------------------------------------------------
    def load(self) -> bool:
        try:
            n = self.controller.load_game(self.seed.value,
                                          (self.player1.value, self.player2.value),
                                          self.preset.value, self.rounds.value)
        except HanafudaError as error:
            self.message.value = error_html(str(error), "The game shown stays loaded.")
            return False
        self.hide.description = "Hide player 2's hand"
        self._after_load(n)
        return True

    def load_mine(self) -> bool:
        if self.play is None:
            self.message.value = error_html("there is no round from the Play tab", "")
            return False
        if not attempt(lambda: self.controller.load_round(self.play.start, self.play.state),
                       self.message, "The game shown stays loaded."):
            return False
        self.hide.description = "Hide the computer's hand"
        self._after_load(1)
        return True

    def _after_load(self, rounds: int) -> None:
        self.message.value = ""
        self._syncing = True
        try:
            self.round.options = [(f"Round {i + 1}", i) for i in range(rounds)]
            self.round.value = 0
        finally:
            self._syncing = False
        self._set_nav()
        self._render()

    def _on_round(self, change) -> None:
        if self._syncing or change["new"] is None:
            return
        try:
            self.controller.select_round(change["new"])
        except HanafudaError as error:
            self.message.value = error_html(str(error), "")
            return
        self._set_nav()
        self._render()

    def _on_slider(self, change) -> None:
        if self._syncing:
            return
        self._move(lambda: self.controller.go(change["new"]))

    def _move(self, step: Callable[[], object]) -> None:
        if attempt(step, self.message, ""):
            self._set_nav()
            self._render()

    def _set_nav(self) -> None:
        ctl = self.controller
        self._syncing = True
        try:
            if ctl.loaded:
                self.slider.max = ctl.steps - 1
                self.slider.value = ctl.index
            at_start = not ctl.loaded or ctl.index == 0
            at_end = not ctl.loaded or ctl.index == ctl.steps - 1
        finally:
            self._syncing = False
        self.first_button.disabled = self.back_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        self.slider.disabled = not ctl.loaded

    # -- drawing -----------------------------------------------------------------
    def _render(self) -> None:
        ctl = self.controller
        if not ctl.loaded:
            return
        s = ctl.state
        action = ctl.action()
        self.step.value = (f'<div class="hanafuda-kk-step" data-step="{ctl.index}" '
                           f'style="font-size:16px;line-height:1.45;margin:6px 0">'
                           f"<div style='color:#444'>{escape(ctl.title)} · round "
                           f"{ctl.round_index + 1} · step {ctl.index} of {ctl.steps - 1}</div>"
                           f"<div style='font-size:17px;margin-top:2px'>"
                           f"{escape(ctl.describe())}</div></div>")
        hide = (1,) if self.hide.value else ()
        lit = [action.card] if isinstance(action, (Play, Capture)) else []
        self.table.value = (f'<div class="hanafuda-kk-replay-table" style="font-size:16px">'
                            f"{_table_html(ctl.row_groups(hide), self.width, lit)}</div>")
        held = "".join(f"<li><strong>{escape(name)}</strong>: "
                       f"{escape(', '.join(yaku) if yaku else 'no yaku yet')}</li>"
                       for name, yaku in ctl.yaku())
        end = ""
        if s.is_terminal and s.result is not None:
            end = report_html(s.result.report)
        self.yaku.value = (f"<div style='font-size:16px'><div style='font-weight:600'>Yaku held"
                           f"</div><ul style='margin:2px 0 6px 18px'>{held}</ul>{end}</div>")


# ---------------------------------------------------------------------------
# Quiz and the panel


def koikoi_quiz_tab(seed: int = 1, n: int = 6) -> widgets.Widget:
    """The Koi-Koi quiz: a seed, the rules, Start, and the quiz."""
    from ..koikoi_quiz import generate_koikoi_quiz
    return quiz_tab(generate_koikoi_quiz, _preset_box, seed=seed, n=n,
                    tooltip="Start a quiz for this seed and these rules",
                    intro="Questions on Koi-Koi's yaku and scoring. Everyone who starts "
                          "with the same seed and rules gets the same questions.")


def koikoi_panel(seed: int = 1) -> widgets.Widget:
    """The Koi-Koi tab: Play, Score calculator, Replay and Quiz (built when first opened)."""
    play = guarded(lambda: KoiKoiPlayView(KoiKoiRound(seed=seed)), "round against the computer")
    controller = getattr(play, "controller", None)
    builders = {
        1: (lambda: ScoreCalculatorView(ScoreCalculator("1b 2b 3b")), "score calculator"),
        2: (lambda: ReplayView(play=controller, seed=seed), "replay"),
        3: (lambda: koikoi_quiz_tab(seed), "Koi-Koi quiz"),
    }
    return tabbed_panel(
        play, builders, SUB_TAB_TITLES,
        _CSS + para("Play a round of Koi-Koi against the computer (ask for a hint whenever you "
                    "like), score any pile of captured cards under each rule set, replay "
                    "whole games step by step, and test yourself with the quiz."),
        "hanafuda-koikoi")
