"""The score calculator of a whole round (a game's data describes the form: Hachi-Hachi's
settlement, hanafuda_core.games.hachihachi_calculator) and the generic view that builds
it (RoundCalculatorView). Moved here from the Hachi-Hachi controller and widget tests;
the assertions are theirs, reaching the view's controls by the form's keys."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi_calculator import (
    BEST,
    NONE,
    SettlementCalculator,
    form_from_facts,
)
from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES, DEFAULT_EXAMPLE
from hanafuda_core.games.hachihachi_settle import settle_round
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach.tools import round_calculator


def test_the_score_tool_is_a_round_form_only_where_the_games_data_describes_one():
    assert isinstance(round_calculator("hachihachi"), SettlementCalculator)
    assert [k for k in playable_keys() if round_calculator(k) is not None] == ["hachihachi"]


# -- settlement calculator -----------------------------------------------------------

def test_calculator_opens_on_book_example_3_with_settle_round_totals():
    """BK17-3 prefilled: the totals shown are settle_round's for the example's facts."""
    calc = SettlementCalculator()
    ex = BOOK_EXAMPLES[DEFAULT_EXAMPLE]
    assert calc.example == "BK17-3"
    assert calc.settlement.totals() == settle_round(ex.rules(), ex.facts).totals()
    assert calc.total_rows() == [("A", "-88 points"), ("B", "-38 points"), ("C", "126 points")]
    rows = calc.payment_rows()
    assert {"payer", "payee", "amount", "reason", "clause", "multiplier"} <= set(rows[0])
    assert len(rows) == len(calc.settlement.ledger.payments)


@pytest.mark.parametrize("key", sorted(BOOK_EXAMPLES))
def test_calculator_loads_every_book_example(key):
    calc = SettlementCalculator()
    calc.load_example(key)
    assert calc.settlement.totals() == BOOK_EXAMPLES[key].settle().totals()
    assert calc.settlement.ledger.balance() == 0


def test_calculator_form_describes_the_example_facts():
    ex = BOOK_EXAMPLES["BK17-6"]
    form = form_from_facts(ex.facts, ex.preset, ex.options)
    assert form.player("D").status == "forced_out"
    assert form.player("A").chaff_claim == BEST and form.calls[0].action == "end"
    facts = SettlementCalculator(example=None).facts(form)
    assert settle_round("book", facts).totals() == ex.settle().totals()


def test_calculator_switching_tradition_changes_the_unit():
    calc = SettlementCalculator()
    calc.set_preset("d001")
    assert calc.rules.unit.key == "kan"
    assert calc.total_rows() == [("A", "-9 kan"), ("B", "-3 kan 10"), ("C", "12 kan 10")]
    calc.set_preset("d004")
    assert calc.rules.unit.key == "shillings" and calc.total_rows()[2] == ("C", "12/10")


def test_calculator_bad_card_keeps_the_last_result():
    calc = SettlementCalculator()
    before, form = calc.settlement, calc.form
    bad = replace(form, players=(replace(form.players[0], hand="1a 2a 3a 4a 5b 6b zz"),)
                  + form.players[1:])
    with pytest.raises(HanafudaError, match="A's dealt hand: unknown card 'zz'"):
        calc.settle(bad)
    assert calc.settlement is before and calc.form is form


def test_calculator_refuses_a_card_dealt_twice_and_a_short_hand():
    calc = SettlementCalculator()
    form = calc.form
    twice = replace(form, players=(replace(form.players[0], hand="9a 2a 3a 4a 5b 6b 8b"),)
                    + form.players[1:])
    with pytest.raises(HanafudaError, match=r"Sake Cup \(9a\) is dealt to both A and B"):
        calc.settle(twice)
    short = replace(form, players=(replace(form.players[0], hand="1a 2a"),) + form.players[1:])
    with pytest.raises(HanafudaError, match="has 2 cards; Hachi-Hachi deals 7"):
        calc.settle(short)


def test_calculator_claiming_none_drops_that_combination():
    """C claims only the suit combination: the 7 Chaffs (40 from each) are not paid."""
    calc = SettlementCalculator()
    form = calc.form
    c = replace(form.player("C"), chaff_claim=NONE)
    calc.settle(replace(form, players=form.players[:2] + (c,)))
    assert calc.settlement.totals()["C"] == 126 - 80
    assert [h.rule.key for h in calc.settlement.teyaku["C"]] == ["three_pairs"]


def test_calculator_claims_without_a_hand_and_card_points_only():
    """D1-2 as claims only (no hands): Aka 2 kan, Tatesanbon 3 kan -> +1, +4, -5 kan."""
    calc = SettlementCalculator(example=None)
    calc.set_preset("d001", replace(calc.form, players=tuple(
        replace(p, hand="", chaff_claim=ch, suit_claim=su, card_points="")
        for p, ch, su in zip(calc.form.players, ("two_ribbons", NONE, NONE),
                             (NONE, "greater", NONE))), multiplier=1))
    assert calc.total_rows() == [("A", "1 kan"), ("B", "4 kan"), ("C", "-5 kan")]


def test_calculator_calls_use_the_tradition_words():
    calc = SettlementCalculator(example=None)
    calc.set_preset("d002", replace(calc.form, multiplier=1, players=tuple(
        replace(p, chaff_claim=NONE, suit_claim=NONE) for p in calc.form.players)))
    with pytest.raises(HanafudaError, match="calls are sa-gé, yoshi, cancel"):
        calc.add_call("B", "end", ["poetry"])
    calc.add_call("B", "yoshi", ["poetry"])
    calc.settle()
    assert calc.settlement.totals()["B"] == 2 * 7 * 12
    calc.remove_last_call()
    with pytest.raises(HanafudaError, match="no call to remove"):
        calc.remove_last_call()


@pytest.mark.parametrize("preset, word_to_go_on, word_to_end", [
    ("book", "continue", "end"), ("d002", "sa-gé", "yoshi")])
def test_calculator_refuses_a_call_after_the_one_that_ended_the_round(preset, word_to_go_on,
                                                                      word_to_end):
    """Every call but one to play on ends the round; a call after it would be left out
    of the settlement without a word, so it is refused and the form stays."""
    calc = SettlementCalculator(example=None)
    calc.set_preset(preset, replace(calc.form, multiplier=1, players=tuple(
        replace(p, chaff_claim=NONE, suit_claim=NONE) for p in calc.form.players)))
    calc.add_call("A", word_to_go_on, ["poetry"])
    calc.add_call("B", word_to_end, ["purple"])
    before = calc.form
    with pytest.raises(HanafudaError, match=f"B's '{word_to_end}' ended the round, so no "
                                            f"call can follow it \\(C's '{word_to_end}'\\)"):
        calc.add_call("C", word_to_end, ["poetry"])
    assert calc.form == before
    with pytest.raises(HanafudaError, match="ended the round"):
        calc.settle(replace(before, calls=before.calls + (before.calls[0],)))
    assert calc.form == before
    calc.settle()
    assert calc.settlement.totals()["B"] > 0


def test_calculator_pass_fee_option_and_players():
    calc = SettlementCalculator()
    calc.load_example("BK17-5")
    assert calc.option_value("fold_fees") == (10, 15, 20)
    calc.set_option("fold_fees", ())
    assert calc.settlement.totals()["A"] == 0
    form = calc.set_players(3)
    assert [p.name for p in form.players] == ["A", "B", "C"]
    with pytest.raises(HanafudaError, match="2 to 7 players"):
        calc.set_players(8)


# -- the view ------------------------------------------------------------------------------

def view():
    from hanafuda_core.widgets.generic import RoundCalculatorView
    return RoundCalculatorView(SettlementCalculator())


def totals_shown(html: str) -> dict[str, str]:
    table = html.split('class="hanafuda-generic-data hanafuda-round-totals"')[1].split(
        "</table>")[0]
    return dict(re.findall(r"<tr data-player='([^']+)'><td>[^<]*</td><td class='num'>"
                           r"<strong>([^<]+)</strong>", table))


def col(v, i, key):
    return v.columns[i].controls[key]


@pytest.mark.widgets
def test_settlement_view_prefilled_with_book_example_3():
    v = view()
    ex = BOOK_EXAMPLES["BK17-3"]
    assert v.round_controls["example"].value == "BK17-3"
    assert [c.controls["hand"].value for c in v.columns] == [p.hand.format()
                                                              for p in ex.facts.players]
    assert totals_shown(v.result.value) == {"A": "-88 points", "B": "-38 points",
                                            "C": "126 points"}
    assert 'class="hanafuda-generic-data hanafuda-round-payments"' in v.result.value
    v.settle_button.click()
    assert totals_shown(v.result.value)["C"] == "126 points" and v.message.value == ""


@pytest.mark.widgets
def test_settlement_view_switching_tradition_changes_the_unit():
    v = view()
    v.round_controls["preset"].value = "d001"
    assert 'data-unit="kan"' in v.result.value
    assert totals_shown(v.result.value) == {"A": "-9 kan", "B": "-3 kan 10", "C": "12 kan 10"}
    assert col(v, 0, "chaff_claim").options[2][0].endswith("kan")


@pytest.mark.widgets
def test_settlement_view_bad_card_shows_the_message_and_keeps_the_result():
    v = view()
    good = v.result.value
    col(v, 1, "hand").value = "9a 9b 9c 10a 11a 12a cran"
    v.settle_button.click()
    assert "hanafuda-notice-error" in v.message.value
    assert "unknown card &#x27;cran&#x27;" in v.message.value
    assert v.result.value == good


@pytest.mark.widgets
def test_settlement_view_examples_dropdown_and_calls():
    v = view()
    v.round_controls["example"].value = "BK17-6"
    assert len(v.columns) == 4 and col(v, 3, "status").value == "forced_out"
    assert totals_shown(v.result.value) == {"A": "-40 points", "B": "274 points",
                                            "C": "-326 points", "D": "92 points"}
    assert "4 Dry Brights" in v.calls_html.value
    v.remove_call_button.click()
    v.settle_button.click()
    assert "No calls" in v.calls_html.value
    assert v.round_controls["example"].value == ""      # the form is no longer the example
    v.call_player.value = "C"
    v.call_action.value = "end"
    v.call_yaku.value = ("poetry",)
    v.add_call_button.click()
    v.settle_button.click()
    assert "C: end" in v.calls_html.value and "<td>C&#x27;s yaku</td>" in v.result.value


@pytest.mark.widgets
def test_settlement_view_light_buttons_fill_the_field():
    v = view()
    v.round_controls["multiplier"].value = None
    lights = v.card_toggles["lights"]
    lights[4].value = True                    # the Phoenix
    assert v.round_controls["field"].value.split() == ["12a"]
    v.settle_button.click()
    assert "Grand Field (\u00d74)" in v.result.value
    lights[4].value = False
    assert v.round_controls["field"].value == ""


@pytest.mark.widgets
def test_settlement_view_refused_tradition_keeps_the_typed_boxes():
    v = view()
    good = v.result.value
    col(v, 2, "card_points").value = "lots"
    v.round_controls["preset"].value = "d001"
    assert "card points must be a whole number" in v.message.value
    assert v.round_controls["preset"].value == "book"
    assert col(v, 2, "card_points").value == "lots"
    assert v.result.value == good and v.controller.preset == "book"


@pytest.mark.widgets
def test_settlement_controls_of_every_player_are_named():
    """Each player's controls carry a name (row and player) for a screen reader: the
    grid's row labels only show it on screen."""
    v = view()
    v.round_controls["players"].value = 5
    names = []
    for column in v.columns:
        for key, control in column.controls.items():
            if key == "caught_triple":
                assert control.description
                continue
            assert control.description.endswith(f", player {column.name}")
            names.append(control.description)
    assert len(names) == len(set(names)) == 7 * 5
    for control in v.round_controls.values():
        assert control.description
    for button in (v.add_call_button, v.remove_call_button, v.settle_button):
        assert button.description and button.tooltip


@pytest.mark.widgets
def test_settle_moves_the_focus_to_settle_again_and_a_call_to_settle():
    v = view()
    v.call_player.value = "A"
    v.call_action.value = v.call_action.options[1]
    v.call_yaku.value = ("poetry",)
    v.add_call_button.click()
    assert "hanafuda-focus-next" in v.settle_button._dom_classes


_EVENTS = st.lists(st.tuples(
    st.sampled_from(["settle", "preset", "players", "example", "text", "light", "call",
                     "uncall", "fees", "status"]),
    st.integers(0, 50)), max_size=10)


@pytest.mark.widgets
@settings(max_examples=12, deadline=None)
@given(events=_EVENTS)
def test_random_calculator_events_never_show_a_traceback(events):
    """Any sequence of choices, typed text, toggles and clicks: a notice at most, never a
    traceback; a shown result is always the calculator's last settlement."""
    v = view()
    texts = ["", "1a 2a", "9a 9b 9c 10a 11a 12a 8c", "zz", "100", "-4", "crane moon"]
    for event, n in events:
        controls = v.round_controls
        if event == "settle":
            v.settle_button.click()
        elif event in ("preset", "players", "example", "fees"):
            box = controls[{"fees": "fold_fees"}.get(event, event)]
            box.value = box.options[n % len(box.options)][1]
        elif event == "text":
            column = v.columns[n % len(v.columns)]
            key = ("hand", "captures", "card_points", "chaffs")[n % 4]
            column.controls[key].value = texts[n % len(texts)]
        elif event == "status":
            box = v.columns[n % len(v.columns)].controls["status"]
            box.value = box.options[n % len(box.options)][1]
        elif event == "light":
            toggle = v.card_toggles["lights"][n % 5]
            toggle.value = not toggle.value
        elif event == "call":
            v.call_player.value = v.call_player.options[n % len(v.call_player.options)]
            v.call_yaku.value = (v.call_yaku.options[n % len(v.call_yaku.options)][1],)
            v.add_call_button.click()
        else:
            v.remove_call_button.click()
        assert "Traceback" not in v.message.value + v.result.value
        if v.controller.settlement is not None:
            assert totals_shown(v.result.value) == dict(v.controller.total_rows())
