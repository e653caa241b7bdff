"""The Hachi-Hachi tab's views driven as plain objects (.value = ..., .click())."""

from __future__ import annotations

import re

import pytest

from hanafuda_core.deal import deal
from hanafuda_core.games.hachihachi import get_rules
from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES
from hanafuda_core.hachihachi_controllers import NONE, TeyakuTrainer
from hanafuda_core.widgets import hachihachi_panel
from hanafuda_core.widgets.generic import quiz_view
from hanafuda_core.widgets.hachihachi import SettlementView, TeyakuTrainerView

pytestmark = pytest.mark.widgets


def card_codes(html: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="hanafuda-card"[^>]*data-card="([^"]+)"', html)


def totals_shown(html: str) -> dict[str, str]:
    table = html.split('class="hanafuda-hh-table hanafuda-hh-totals"')[1].split("</table>")[0]
    return dict(re.findall(r"<tr data-player='([^']+)'><td>[^<]*</td><td class='num'>"
                           r"<strong>([^<]+)</strong>", table))


def seed_with(keys):
    table = get_rules("book").teyaku
    for seed in range(1, 5000):
        if [h.rule.key for h in table.evaluate(deal(3, seed).hands[0]).hits] == keys:
            return seed
    raise AssertionError(keys)


# -- teyaku trainer -------------------------------------------------------------------

def test_trainer_view_shows_the_seeded_hand_and_judges_a_right_pick():
    seed = seed_with(["three_pairs"])
    view = TeyakuTrainerView(TeyakuTrainer(seed=seed))
    assert card_codes(view.hand_html.value) == [c.code for c in deal(3, seed).hands[0]]
    view.pick("three_pairs")
    view.check_button.click()
    assert 'data-correct="true"' in view.feedback.value and "Right: 3 Pairs" in view.feedback.value
    assert "Right first time: 1 of 1" in view.score.value
    assert 'data-highlight="true"' in view.hand_html.value      # the shown cards are outlined


def test_trainer_view_wrong_pick_explains_the_needed_pattern():
    seed = seed_with([])
    view = TeyakuTrainerView(TeyakuTrainer(seed=seed))
    view.pick("four")
    view.check_button.click()
    assert 'data-correct="false"' in view.feedback.value
    assert "4 of a Kind needs all four cards of a month" in view.feedback.value


def test_trainer_view_check_without_a_pick_shows_a_notice():
    view = TeyakuTrainerView()
    view.check_button.click()
    assert "hanafuda-notice" in view.feedback.value and "Pick at least one" in view.feedback.value
    assert "Traceback" not in view.feedback.value


def test_trainer_view_next_hand_and_tradition():
    view = TeyakuTrainerView(TeyakuTrainer(seed=5))
    view.pick(NONE)
    view.next_button.click()
    assert view.seed.value == 6 and view.feedback.value == "" and not view.picked()
    view.preset.value = "d001"
    assert view.checkboxes["three_pairs"].description.endswith("4 kan")
    view.seed.value = -2
    view.deal_button.click()
    assert "seed must be" in view.message.value and view.controller.seed == 6


# -- settlement calculator -------------------------------------------------------------

def test_settlement_view_prefilled_with_book_example_3():
    view = SettlementView()
    ex = BOOK_EXAMPLES["BK17-3"]
    assert view.example.value == "BK17-3"
    assert [c.hand.value for c in view.columns] == [p.hand.format() for p in ex.facts.players]
    assert totals_shown(view.result.value) == {"A": "-88 points", "B": "-38 points",
                                               "C": "126 points"}
    assert 'class="hanafuda-hh-table hanafuda-hh-payments"' in view.result.value
    view.settle_button.click()
    assert totals_shown(view.result.value)["C"] == "126 points" and view.message.value == ""


def test_settlement_view_switching_tradition_changes_the_unit():
    view = SettlementView()
    view.preset.value = "d001"
    assert 'data-unit="kan"' in view.result.value
    assert totals_shown(view.result.value) == {"A": "-9 kan", "B": "-3 kan 10", "C": "12 kan 10"}
    assert view.columns[0].chaff.options[2][0].endswith("kan")


def test_settlement_view_bad_card_shows_the_message_and_keeps_the_result():
    view = SettlementView()
    good = view.result.value
    view.columns[1].hand.value = "9a 9b 9c 10a 11a 12a cran"
    view.settle_button.click()
    assert "hanafuda-notice-error" in view.message.value
    assert "unknown card &#x27;cran&#x27;" in view.message.value
    assert view.result.value == good


def test_settlement_view_examples_dropdown_and_calls():
    view = SettlementView()
    view.example.value = "BK17-6"
    assert len(view.columns) == 4 and view.columns[3].status.value == "forced_out"
    assert totals_shown(view.result.value) == {"A": "-40 points", "B": "274 points",
                                               "C": "-326 points", "D": "92 points"}
    assert "4 Dry Brights" in view.calls_html.value
    view.remove_call_button.click()
    view.settle_button.click()
    assert "No calls" in view.calls_html.value
    assert view.example.value == ""                 # the form is no longer the example
    view.call_player.value = "C"
    view.call_action.value = "end"
    view.call_yaku.value = ("poetry",)
    view.add_call_button.click()
    view.settle_button.click()
    assert "C: end" in view.calls_html.value and "<td>C&#x27;s yaku</td>" in view.result.value


def test_settlement_view_light_buttons_fill_the_field():
    view = SettlementView()
    view.multiplier.value = None
    view.lights[4].value = True                    # the Phoenix
    assert view.field.value.split() == ["12a"]
    view.settle_button.click()
    assert "Grand Field (x4)" in view.result.value
    view.lights[4].value = False
    assert view.field.value == ""


# -- year chart, quiz, panel (play: tests/test_hachihachi_play_tool.py) -------------------

def test_year_chart_view_play_a_year_draws_the_figure_and_table():
    from hanafuda_core.widgets.hachihachi import YearChartView
    view = YearChartView()
    view.seed.value = 3
    view.play_button.click()
    assert view.controller.seed == 3 and len(view.figure.outputs) == 1
    assert "image/png" in view.figure.outputs[0]["data"]
    assert 'data-deals="12"' in view.table.value
    view.seed.value = -1
    view.play_button.click()
    assert "seed must be" in view.message.value and view.controller.seed == 3


def test_quiz_tab_shows_a_quiz_and_starts_another_from_the_seed():
    from hanafuda_core.widgets.quiz import QuizWidget
    tab = quiz_view("hachihachi")
    assert len(tab.holder.children) == 1 and isinstance(tab.holder.children[0], QuizWidget)
    tab.seed.value = 2
    tab.start.click()
    assert "seed 2" in tab.holder.children[0].header.value


def test_panel_builds_sub_tabs_when_opened():
    panel = hachihachi_panel()
    assert panel.tabs.titles == ("Teyaku trainer", "Settlement", "Play", "Year chart", "Quiz")
    assert isinstance(panel.tabs.children[0], TeyakuTrainerView)
    assert panel.tabs.children[1].children == ()
    panel.tabs.selected_index = 1
    assert isinstance(panel.tabs.children[1].children[0], SettlementView)


def test_settlement_view_refused_tradition_keeps_the_typed_boxes():
    view = SettlementView()
    good = view.result.value
    view.columns[2].points.value = "lots"
    view.preset.value = "d001"
    assert "card points must be a whole number" in view.message.value
    assert view.preset.value == "book" and view.columns[2].points.value == "lots"
    assert view.result.value == good and view.controller.preset == "book"


# -- accessibility: every control named, the chart in words ----------------------------------

def test_settlement_controls_of_every_player_are_named():
    """Each player's controls carry a name (row and player) for a screen reader: the
    grid's row labels only show it on screen."""
    view = SettlementView()
    view.players.value = 5
    names = []
    for column in view.columns:
        for control in (column.status, column.hand, column.chaff, column.suit,
                        column.captures, column.points, column.chaffs):
            assert control.description.endswith(f", player {column.name}")
            names.append(control.description)
        assert column.caught.description
    assert len(names) == len(set(names)) == 7 * 5


@pytest.mark.parametrize("seed", [1, 4])
def test_year_chart_has_a_text_alternative(seed):
    """The chart is an <img> whose alt says what it draws and each player's final total."""
    from hanafuda_core.hachihachi_controllers import YearChart
    from hanafuda_core.widgets.hachihachi import YearChartView, year_chart_alt
    view = YearChartView(YearChart(seed=seed))
    data = view.figure.outputs[0]["data"]
    img = re.search(r'<img [^>]*alt="([^"]+)"', data["text/html"])
    assert img and data["image/png"] in data["text/html"]
    alt = year_chart_alt(view.controller)
    assert "running total" in alt and str(len(view.controller.rows())) in alt
    assert all(name in alt for name in view.controller.names)
