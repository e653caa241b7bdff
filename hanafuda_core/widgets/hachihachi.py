"""The Hachi-Hachi tab of the classroom app: hand combinations, settlements, a quiz.

The controllers in :mod:`hanafuda_core.hachihachi_controllers` hold the state and
ask the core; these views only lay the answers out and wire the events. Bad
input shows a notice (the core's message) and leaves what was shown in place.

- :class:`TeyakuTrainerView`: a seeded 7-card hand; name its combinations, Check.
- :class:`SettlementView`: a round's facts in a form; Settle shows who pays whom.
- :func:`hachihachi_panel`: the sub-tabs together.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..cards import parse_card, parse_cards
from ..errors import HanafudaError
from ..hachihachi_controllers import (
    LIGHTS,
    NONE,
    STATUSES,
    YEAR_AGENTS,
    PlayerForm,
    RoundForm,
    SettlementCalculator,
    TeyakuTrainer,
    YearChart,
    category_rows,
    format_amount,
    payment_rows,
    settlement_headline,
    total_rows,
    unit_note,
)
from ..render import svg
from ..rules import SOURCE_DOCUMENTS, name_sources
from ..teach import preset_info, preset_label, presets
from ..teyaku import CHAFF, SUIT
from .common import (
    BIG,
    attempt,
    dropdown,
    error_html,
    guarded,
    heading,
    para,
    seed_box,
    sentence,
    tabbed_panel,
)
from .static import notice_html

if TYPE_CHECKING:
    from ..games.hachihachi_settle import Settlement
    from ..render.svg import CardLike

__all__ = ["TeyakuTrainerView", "SettlementView", "YearChartView",
           "hachihachi_panel", "settlement_html", "SUB_TAB_TITLES"]

SUB_TAB_TITLES = ("Teyaku trainer", "Settlement", "Play", "Year chart", "Quiz")

#: The traditions as the menus list them (the teaching layer's preset labels), and a
#: tooltip naming the document each follows.
_PRESETS = [(preset_label("hachihachi", p), p) for p in presets("hachihachi")]
_PRESET_TIP = "; ".join(
    f"{label}: {SOURCE_DOCUMENTS[preset_info('hachihachi', p).sources[0].doc].short}"
    for label, p in _PRESETS)
_MULTIPLIERS = [("From the field cards", None), ("x1 Small field", 1), ("x2 Large field", 2),
                ("x4 Grand field", 4)]

# Scoped to the Hachi-Hachi panel.
_CSS = """
<style>
.hanafuda-hachihachi .hanafuda-hh-grid input, .hanafuda-hachihachi .hanafuda-hh-grid select {
  font-size: 15px; }
.hanafuda-hachihachi .hanafuda-hh-rowlabel { font-weight: 600; font-size: 15px; line-height: 1.2;
  align-self: center; }
.hanafuda-hachihachi table.hanafuda-hh-table { border-collapse: collapse; font-size: 15px;
  margin: 4px 0 10px; }
.hanafuda-hachihachi table.hanafuda-hh-table th, .hanafuda-hachihachi table.hanafuda-hh-table td {
  padding: 4px 10px; border-bottom: 1px solid #d9dde3; text-align: left; vertical-align: top; }
.hanafuda-hachihachi table.hanafuda-hh-table th { background: #f1f3f6; }
.hanafuda-hachihachi table.hanafuda-hh-table td.num, .hanafuda-hachihachi table.hanafuda-hh-table
  th.num { text-align: right; white-space: nowrap; }
.hanafuda-hachihachi .hanafuda-hh-card-button { height: auto; min-height: 34px; white-space: normal;
  line-height: 1.2; padding: 4px 6px; font-size: 14px; }
.hanafuda-hachihachi .hanafuda-hh-choices .widget-checkbox { width: auto; }
.hanafuda-hachihachi .hanafuda-hh-choices .widget-checkbox label { font-size: 15px; }
</style>
"""


def _preset_box(value: str) -> widgets.Dropdown:
    box = dropdown(_PRESETS, value, "Tradition", "75px", "330px")
    box.tooltip = _PRESET_TIP
    return box


# ---------------------------------------------------------------------------
# Teyaku trainer


class TeyakuTrainerView(widgets.VBox):  # type: ignore[misc]
    """A hand, the tradition's combinations as check boxes, Check, Next hand, a score line."""

    def __init__(self, controller: TeyakuTrainer | None = None, *, width: int = 84) -> None:
        self.controller = controller or TeyakuTrainer(seed=5)
        self.width = width
        ctl = self.controller
        self.preset = _preset_box(ctl.preset)
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
            "Which hand combinations (teyaku, 手役) does this hand hold? Tick what a player "
            "would claim: at most one of each family, the best one. Tick 'None' if there is "
            "nothing to claim."))
        self.choices_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("hanafuda-hh-choices")
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
        super().__init__([controls, self.status, self.message, self.hand_html, self.question,
                          self.choices_box, self.check_button, self.feedback, self.score])
        self.add_class("hanafuda-hh-trainer")
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
            f'<div class="hanafuda-hh-feedback" data-correct="{str(fb.correct).lower()}" '
            f'role="status" style="border-left:6px solid {accent};padding:6px 14px;margin:8px 0;'
            f'font-size:16px;line-height:1.45"><strong style="font-size:18px">'
            f"{escape(fb.headline)}</strong><ul style='margin:4px 0 4px 18px'>{items}</ul></div>")
        self._render(shown=True)
        return fb.correct

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
        self.controller.set_preset(change["new"])
        self.feedback.value = ""
        self._build_choices()
        self._render()

    # -- drawing ---------------------------------------------------------------------
    def _fresh(self) -> None:
        self.message.value = ""
        self.feedback.value = ""
        self.pick()
        self._render()

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
        self.checkboxes[NONE] = none
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
            f'<div class="hanafuda-hh-hand" data-seed="{ctl.seed}" data-hand="{ctl.hand.format()}">'
            + svg.layout_html([("The hand", list(ctl.hand))], width=self.width, highlight=lit,
                              highlight_note="shown to claim") +
            f'<div style="color:#444;font-size:14px">{escape(note)}</div></div>')
        self.score.value = (f'<p class="hanafuda-hh-score" style="font-weight:600;font-size:16px">'
                            f"{escape(ctl.score_line())}</p>")


# ---------------------------------------------------------------------------
# Settlement calculator


class _PlayerColumn:
    """The widgets of one player's column in the calculator form."""

    def __init__(self, name: str, calc: SettlementCalculator) -> None:
        self.name = name
        wide = widgets.Layout(width="228px")
        self.title = widgets.HTML(f'<div style="font-weight:700;font-size:18px;text-align:center">'
                                  f"Player {escape(name)}</div>")
        # Each control is named by its row and player ("Chaff combination, player B"); the
        # grid's row labels say it on screen, so the name's own label takes no room.
        def named(row: int) -> dict[str, object]:
            return {"description": f"{_ROW_LABELS[row]}, player {name}",
                    "style": {"description_width": "0px"}}

        self.status = widgets.Dropdown(options=list(STATUSES), layout=wide, **named(1))
        self.hand = widgets.Text(placeholder="7 cards, e.g. 1a 2b 3c …", layout=wide,
                                 **named(2))
        self.chaff = widgets.Dropdown(options=calc.claim_choices(CHAFF), layout=wide,
                                      **named(3))
        self.suit = widgets.Dropdown(options=calc.claim_choices(SUIT), layout=wide, **named(4))
        self.captures = widgets.Text(placeholder="captured cards (optional)", layout=wide,
                                     **named(5))
        self.points = widgets.Text(placeholder="or card points, e.g. 100", layout=wide,
                                   **named(6))
        self.chaffs = widgets.Text(placeholder="Chaffs taken (optional)", layout=wide,
                                   **named(7))
        self.caught = widgets.Checkbox(description="caught own triple", indent=False,
                                       layout=widgets.Layout(width="228px"))

    def cells(self) -> list[widgets.Widget]:
        return [self.title, self.status, self.hand, self.chaff, self.suit, self.captures,
                self.points, self.chaffs, self.caught]

    def fill(self, p: PlayerForm, calc: SettlementCalculator) -> None:
        self.status.value = p.status
        self.hand.value = p.hand
        self.chaff.options = calc.claim_choices(CHAFF)
        self.suit.options = calc.claim_choices(SUIT)
        self.chaff.value = p.chaff_claim
        self.suit.value = p.suit_claim
        self.captures.value = p.captures
        self.points.value = p.card_points
        self.chaffs.value = p.chaffs
        self.caught.value = p.caught_triple

    def read(self) -> PlayerForm:
        return PlayerForm(self.name, self.status.value, self.hand.value, self.chaff.value,
                          self.suit.value, self.captures.value, self.points.value,
                          self.chaffs.value, self.caught.value)


_ROW_LABELS = ("", "Plays?", "Dealt hand", "Chaff combination", "Suit combination",
               "Captured cards", "Card points", "Chaffs taken", "Bonus")


class SettlementView(widgets.VBox):  # type: ignore[misc]
    """A round's facts (tradition, field, players, calls), Settle, and the payment lines."""

    def __init__(self, controller: SettlementCalculator | None = None, *,
                 card_width: int = 44) -> None:
        self.controller = controller or SettlementCalculator()
        self.card_width = card_width
        ctl = self.controller
        self._syncing = False
        narrow = {"description_width": "80px"}
        self.example = widgets.Dropdown(options=[("(your own round)", "")] + ctl.examples(),
                                        value=ctl.example or "", description="Example",
                                        style=narrow, layout=widgets.Layout(width="520px"))
        self.example_note = widgets.HTML()
        self.preset = widgets.Dropdown(options=_PRESETS, value=ctl.preset, description="Tradition",
                                       style=narrow, layout=widgets.Layout(width="330px"),
                                       tooltip=_PRESET_TIP)
        self.players = widgets.Dropdown(options=[(str(n), n) for n in range(2, 8)],
                                        value=len(ctl.form.players), description="Players",
                                        style=narrow, layout=widgets.Layout(width="160px"))
        self.dealer = widgets.Dropdown(options=[p.name for p in ctl.form.players],
                                       value=ctl.form.dealer, description="Dealer", style=narrow,
                                       layout=widgets.Layout(width="160px"))
        self.field = widgets.Text(description="Field", style=narrow,
                                  placeholder="e.g. 1a 5c 9d, or names: crane, moon",
                                  layout=widgets.Layout(width="440px"))
        self.lights = [widgets.ToggleButton(value=False, description=parse_card(code).title,
                                            tooltip=f"Put the {parse_card(code).title} "
                                                    "in the field",
                                            layout=widgets.Layout(width="100px"))
                       for code in LIGHTS]
        for button, code in zip(self.lights, LIGHTS):
            button.code = code
            button.observe(self._on_light, names="value")
        self.multiplier = widgets.Dropdown(options=_MULTIPLIERS, value=ctl.form.multiplier,
                                           description="Multiplier", style=narrow,
                                           layout=widgets.Layout(width="320px"))
        self.fold_fees = widgets.Dropdown(options=ctl.option_choices("fold_fees"),
                                          value=ctl.option_value("fold_fees"),
                                          description="Pass fees", style=narrow,
                                          layout=widgets.Layout(width="330px"))
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="4px 8px", margin="6px 0",
                                                          overflow="auto hidden"))
        self.grid.add_class("hanafuda-hh-grid")
        self.columns: list[_PlayerColumn] = []
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
        self.remove_call_button = widgets.Button(description="Remove last call")
        self.settle_button = widgets.Button(description="Settle", button_style="primary",
                                            tooltip="Work out who pays whom", style=BIG,
                                            layout=widgets.Layout(width="150px", height="42px"))
        self.message = widgets.HTML()
        self.result = widgets.HTML()

        self.example.observe(self._on_example, names="value")
        self.preset.observe(self._on_preset, names="value")
        self.players.observe(self._on_players, names="value")
        self.fold_fees.observe(self._on_fold_fees, names="value")
        self.add_call_button.on_click(lambda _b: self.add_call())
        self.remove_call_button.on_click(lambda _b: self.remove_last_call())
        self.settle_button.on_click(lambda _b: self.settle())

        round_box = widgets.VBox([
            widgets.HBox([self.example], layout=widgets.Layout(flex_flow="row wrap")),
            self.example_note,
            widgets.HBox([self.preset, self.players, self.dealer, self.fold_fees],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.field, self.multiplier],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([widgets.HTML('<div style="width:84px;font-size:15px;text-align:right;'
                                       'padding-right:8px">Lights</div>')] + self.lights,
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
        ])
        calls_box = widgets.VBox([
            widgets.HTML(heading("Calls after a yaku, in the order they were made")),
            self.calls_html,
            widgets.HBox([self.call_player, self.call_action, self.call_yaku,
                          widgets.VBox([self.add_call_button, self.remove_call_button])],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
        ])
        super().__init__([round_box, widgets.HTML(heading("The players")), self.grid, calls_box,
                          self.settle_button, self.message, self.result])
        self.add_class("hanafuda-hh-settlement")
        self._fill()
        self._render()

    # -- reading the form ----------------------------------------------------------
    def read_form(self) -> RoundForm:
        """The round as the widgets show it now (calls come from the controller)."""
        ctl = self.controller
        return RoundForm(ctl.preset, tuple(c.read() for c in self.columns), self.dealer.value,
                         self.field.value, self.multiplier.value, ctl.form.calls,
                         ctl.form.options)

    # -- actions ---------------------------------------------------------------------
    def settle(self) -> bool:
        return self._run(lambda: self.controller.settle(self.read_form()),
                         "The last settlement is still shown.")

    def load_example(self, key: str) -> bool:
        ok = self._run(lambda: self.controller.load_example(key),
                       "The last settlement is still shown.", refill=True)
        return ok

    def add_call(self) -> bool:
        ok = self._run(lambda: self.controller.add_call(self.call_player.value,
                                                        self.call_action.value,
                                                        list(self.call_yaku.value)),
                       "The calls are unchanged.", settle=False)
        if ok:
            self.call_yaku.value = ()
        return ok

    def remove_last_call(self) -> bool:
        return self._run(self.controller.remove_last_call, "The calls are unchanged.",
                         settle=False)

    # -- events ------------------------------------------------------------------------
    def _on_example(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not change["new"]:
            return
        self.load_example(change["new"])

    def _on_preset(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        form = self.read_form()
        if not self._run(lambda: self.controller.set_preset(change["new"], form),
                         "The tradition stays as it was.", refill=True):
            self._put_back(self.preset, change["old"])

    def _on_players(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        form = self.read_form()
        self._run(lambda: self.controller.set_players(change["new"], form),
                  "The players stay as they were.", refill=True, settle=False)

    def _on_fold_fees(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        form = self.read_form()
        if not self._run(lambda: self.controller.set_option("fold_fees", change["new"], form),
                         "The pass fees stay as they were.", refill=True):
            self._put_back(self.fold_fees, change["old"])

    def _put_back(self, box: widgets.Widget, value: object) -> None:
        """Show a refused choice's old value again (the typed boxes are left alone)."""
        self._syncing, was = True, self._syncing
        try:
            box.value = value
        finally:
            self._syncing = was

    def _on_light(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        code = change["owner"].code
        try:
            cards = [c.code for c in parse_cards(self.field.value)] if self.field.value.strip() \
                else []
        except HanafudaError as error:
            self.message.value = error_html(str(error), "Fix the field cards first.")
            return
        if change["new"] and code not in cards:
            cards.append(code)
        elif not change["new"] and code in cards:
            cards.remove(code)
        self.field.value = " ".join(cards)

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
        """Put the controller's form into the widgets."""
        ctl = self.controller
        form = ctl.form
        self._syncing = True
        try:
            self.example.value = ctl.example or ""
            self.example_note.value = (para(ctl.example_summary(ctl.example), "color:#333")
                                       if ctl.example else "")
            self.preset.value = form.preset
            self.players.value = len(form.players)
            self.dealer.options = [p.name for p in form.players]
            self.dealer.value = form.dealer
            self.field.value = form.field
            self.multiplier.value = form.multiplier
            self.fold_fees.options = ctl.option_choices("fold_fees")
            self.fold_fees.value = ctl.option_value("fold_fees")
            in_field = set(form.field.split())
            for button in self.lights:
                button.value = button.code in in_field
            if [c.name for c in self.columns] != [p.name for p in form.players]:
                self.columns = [_PlayerColumn(p.name, ctl) for p in form.players]
                self._layout_grid()
            for column, p in zip(self.columns, form.players):
                column.fill(p, ctl)
            self._sync_calls()
        finally:
            self._syncing = False

    def _layout_grid(self) -> None:
        n = len(self.columns)
        labels = [widgets.HTML(f'<div class="hanafuda-hh-rowlabel">{escape(t)}</div>')
                  for t in _ROW_LABELS]
        cells = []
        for row in range(len(_ROW_LABELS)):
            cells.append(labels[row])
            cells.extend(column.cells()[row] for column in self.columns)
        self.grid.layout.grid_template_columns = f"130px repeat({n}, 232px)"
        self.grid.children = cells

    def _sync_calls(self) -> None:
        ctl = self.controller
        form = ctl.form
        self._syncing, was = True, self._syncing
        try:
            for box, options in ((self.call_player, [p.name for p in form.players]),
                                 (self.call_action, list(ctl.call_words()))):
                keep = box.value
                if list(box.options) != options:
                    box.options = options
                box.value = keep if keep in options else options[0]
            yaku = ctl.yaku_choices()
            if list(self.call_yaku.options) != yaku:
                self.call_yaku.options = yaku
        finally:
            self._syncing = was
        if form.calls:
            items = "".join(f"<li>{escape(c.describe(ctl.rules))}</li>" for c in form.calls)
            self.calls_html.value = (f'<ol class="hanafuda-hh-calls" style="font-size:16px;'
                                     f'margin:2px 0 6px 22px">{items}</ol>')
        else:
            self.calls_html.value = para("No calls: nobody made a yaku (add one below if "
                                          "someone did).", "color:#444")

    def _render(self) -> None:
        ctl = self.controller
        s = ctl.settlement
        self._syncing, was = True, self._syncing
        try:
            self.example.value = ctl.example or ""
            if not ctl.example:
                self.example_note.value = ""
        finally:
            self._syncing = was
        if s is None:
            self.result.value = ""
            return
        self.result.value = settlement_html(s, hands=ctl.hand_rows(),
                                            shown=ctl.shown_cards(), card_width=self.card_width)


def settlement_html(s: Settlement, *, hands: Sequence[tuple[str, object]] = (),
                    shown: Iterable[CardLike] = (), card_width: int = 44) -> str:
    """A settlement as HTML: the headline, the payment lines, totals, the net by step,
    specials and notes, and (if given) the dealt hands with the shown cards outlined."""
    head = notice_html(settlement_headline(s), "info", title="Settled:")
    lines = payment_rows(s)
    rows = "".join(
        f"<tr><td>{escape(r['payer'])}</td><td>{escape(r['payee'])}</td>"
        f"<td class='num'><strong>{escape(r['amount'])}</strong></td>"
        f"<td>{escape(r['reason'])}</td><td class='num'>{escape(r['multiplier'])}</td>"
        f"<td><small style='color:#555'>{escape(name_sources(r['clause']))}</small></td></tr>"
        for r in lines)
    if not rows:
        rows = "<tr><td colspan='6'>Nobody pays anybody.</td></tr>"
    payments = (f'<table class="hanafuda-hh-table hanafuda-hh-payments" '
                f'data-lines="{len(lines)}"><tr><th>Payer</th><th>Payee</th>'
                f"<th class='num'>Amount</th><th>For</th><th class='num'>Field</th>"
                f"<th>Rule</th></tr>{rows}</table>")
    totals = "".join(
        f"<tr data-player='{escape(name)}'><td>{escape(name)}"
        f"{' (winner)' if name == s.winner else ''}</td>"
        f"<td class='num'><strong>{escape(text)}</strong></td></tr>"
        for name, text in total_rows(s))
    totals_table = (f'<table class="hanafuda-hh-table hanafuda-hh-totals"><tr><th>Player</th>'
                    f"<th class='num'>Net result</th></tr>{totals}</table>")
    cats = category_rows(s)
    names = [k for k in cats[0] if k != "category"] if cats else []
    cat_rows = "".join(
        "<tr>" + f"<td>{escape(str(r['category']))}</td>"
        + "".join(f"<td class='num'>{escape(r[n])}</td>" for n in names) + "</tr>"
        for r in cats)
    by_cat = ('<table class="hanafuda-hh-table"><tr><th>Step</th>'
              + "".join(f"<th class='num'>{escape(n)}</th>" for n in names)
              + f"</tr>{cat_rows}</table>")
    special = notice_html(s.special, "warning", title="Special achievement:") if s.special else ""
    items = [f"<li>cancelled: {escape(p.payer)} would have paid {escape(p.payee)} "
             f"{escape(format_amount(s.rules, p.amount))} ({escape(p.reason)})</li>"
             for p in s.cancelled] + [f"<li>{escape(note)}</li>" for note in s.notes]
    notes = f"<ul style='font-size:15px'>{''.join(items)}</ul>" if items else ""
    hands_html = (heading("Dealt hands (the cards shown to claim a combination are outlined)")
                  + svg.layout_html(list(hands), width=card_width, highlight=shown)
                  if hands else "")
    return (f'<div class="hanafuda-hh-result" data-preset="{escape(s.rules.preset)}" '
            f'data-unit="{escape(s.rules.unit.key)}">{head}'
            f"{heading('Payments')}{payments}"
            f'<div style="display:flex;flex-wrap:wrap;gap:28px">'
            f"<div>{heading('Totals')}{totals_table}</div>"
            f"<div>{heading('Net result by step')}{by_cat}</div></div>"
            f"{special}{notes}{hands_html}</div>")


# ---------------------------------------------------------------------------
# A year of play


def year_chart_alt(chart: YearChart) -> str:
    """The year chart in words: what it draws, the game, and each player's final total
    (the table under the chart gives every deal).

    >>> "running total" in year_chart_alt(YearChart(seed=1))
    True
    """
    finals = "; ".join(f"{name} {total}" for name, total in
                       zip(chart.names, (row[name] for row in chart.rows()[-1:]
                                         for name in chart.names)))
    return (f"Line chart of each player's running total after each of the "
            f"{len(chart.rows())} deals. {chart.summary()}. After the last deal: {finals}. "
            "The table below gives every deal.")


class YearChartView(widgets.VBox):  # type: ignore[misc]
    """Play a seeded twelve-deal game with computer players; chart the running totals."""

    def __init__(self, controller: YearChart | None = None) -> None:
        self.controller = controller or YearChart()
        ctl = self.controller
        self.preset = _preset_box(ctl.preset)
        self.agents = widgets.Dropdown(options=list(YEAR_AGENTS), value=ctl.agents,
                                       description="Players", style={"description_width": "60px"},
                                       layout=widgets.Layout(width="300px"))
        self.seed = seed_box(ctl.seed)
        self.play_button = widgets.Button(description="Play a year", button_style="primary",
                                          tooltip="Play twelve deals with this seed", style=BIG,
                                          layout=widgets.Layout(width="150px", height="38px"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.figure = widgets.Output(layout=widgets.Layout(min_height="300px"))
        self.table = widgets.HTML()
        self.play_button.on_click(lambda _b: self.play())
        controls = widgets.HBox([self.preset, self.agents, self.seed, self.play_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        intro = widgets.HTML(para(
            "Three computer players play a whole game: twelve deals, one for each month. The "
            "lines are each player's running total after every deal; shaded months had a "
            "doubled or quadrupled field, where every payment counts two or four times."))
        super().__init__([intro, controls, self.status, self.message, self.figure, self.table])
        self.add_class("hanafuda-hh-year")
        self._render()

    def play(self) -> bool:
        if not attempt(lambda: self.controller.play(self.seed.value, self.preset.value,
                                                    self.agents.value),
                       self.message, "The year shown stays."):
            return False
        self._render()
        return True

    def _render(self) -> None:
        ctl = self.controller
        self.status.value = (f'<div style="color:#444;font-size:15px;margin:4px 0">'
                             f"{escape(ctl.summary())}</div>")
        png = base64.b64encode(ctl.png()).decode("ascii")
        # The chart as an <img> with a text alternative (the page shows the HTML, the
        # richest form); the table under it gives every number the lines show.
        alt = escape(year_chart_alt(ctl), quote=True)
        self.figure.outputs = ({"output_type": "display_data",
                                "data": {"text/html": f'<img class="hanafuda-hh-chart" '
                                                      f'src="data:image/png;base64,{png}" '
                                                      f'alt="{alt}" style="max-width:100%">',
                                         "image/png": png,
                                         "text/plain": f"<Figure: {ctl.summary()}>"},
                                "metadata": {}},)
        names = ctl.names
        head = ("<tr><th>Month</th><th>Field</th><th>Deal won by</th>"
                + "".join(f"<th class='num'>{escape(n)}<br><small>deal (running)</small></th>"
                          for n in names) + "</tr>")
        body = "".join(
            f"<tr><td>{escape(r['month'])}</td><td>{escape(r['field'])}</td>"
            f"<td>{escape(r['winner'])}<br><small style='color:#555'>{escape(r['how'])}"
            f"</small></td>" + "".join(f"<td class='num'>{escape(r[n])}</td>" for n in names)
            + "</tr>" for r in ctl.rows())
        end = "".join(f"<tr><td>{escape(a)}</td><td>{escape(b)}</td></tr>"
                      for a, b in ctl.end_rows())
        self.table.value = (
            f'<div class="hanafuda-hh-year-table" data-deals="{len(ctl.rows())}">'
            f"{heading('Deal by deal')}<table class='hanafuda-hh-table'>{head}{body}</table>"
            f"{heading('After the last deal')}<table class='hanafuda-hh-table'>{end}</table>"
            f"<p style='font-size:14px;color:#444'>{escape(unit_note(ctl.rules))}</p></div>")


# ---------------------------------------------------------------------------
# Quiz and panel


def _play_view(seed: int) -> widgets.Widget:
    """The generic play tool on Hachi-Hachi (the staged round comes from the game's
    data)."""
    from .generic import play_view
    return play_view("hachihachi", seed=seed)


def _quiz_view(seed: int) -> widgets.Widget:
    """The generic quiz on Hachi-Hachi (its own questions come through the game's data:
    :func:`hanafuda_core.teach.quizzes.own_quiz`)."""
    from .generic import quiz_view
    return quiz_view("hachihachi", seed=seed)


def hachihachi_panel(seed: int = 5) -> widgets.Widget:
    """The Hachi-Hachi tab: Teyaku trainer, Settlement, Play, Year chart and Quiz.

    Each sub-tab but the first is built when first opened."""
    first = guarded(lambda: TeyakuTrainerView(TeyakuTrainer(seed=seed)), "teyaku trainer")
    makers: dict[str, tuple[Callable[[], widgets.Widget], str]] = {
        "Settlement": (SettlementView, "settlement calculator"),
        "Play": (lambda: _play_view(seed), "round against the computer"),
        "Year chart": (lambda: YearChartView(YearChart(seed=1)), "year chart"),
        "Quiz": (lambda: _quiz_view(1), "Hachi-Hachi quiz"),
    }
    builders = {i + 1: makers[t] for i, t in enumerate(SUB_TAB_TITLES[1:])}
    return tabbed_panel(
        first, builders, SUB_TAB_TITLES,
        _CSS + para("Hachi-Hachi (八八, 'eighty-eight') is played by three at a time and "
                    "settled in payments. Practise spotting hand combinations (teyaku), work "
                    "out who pays whom at the end of a round under each tradition, play a "
                    "round against two computer players, watch a whole year of play, and "
                    "test yourself with the quiz."),
        "hanafuda-hachihachi")
