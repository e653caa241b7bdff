"""Controllers of the Hachi-Hachi tools (pure Python, no widgets): the teyaku trainer,
the settlement calculator and a year of play (a round against the computer is the
generic play tool: tests/test_hachihachi_play_tool.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.deal import deal
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi import get_rules
from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES, DEFAULT_EXAMPLE
from hanafuda_core.games.hachihachi_settle import settle_round
from hanafuda_core.hachihachi_controllers import (
    BEST,
    NONE,
    SettlementCalculator,
    TeyakuTrainer,
    form_from_facts,
    why_not,
)


def first_seed(predicate, preset="book", start=1):
    """The first seed whose trainer hand satisfies ``predicate(result, hand)``."""
    table = get_rules(preset).teyaku
    for seed in range(start, start + 5000):
        hand = deal(3, seed).hands[0]
        if predicate(table.evaluate(hand), hand):
            return seed
    raise AssertionError("no such hand in 5000 seeds")


def pairs(hand):
    return [m for m, n in hand.months().items() if n == 2]


# -- teyaku trainer -------------------------------------------------------------------

def test_trainer_hand_is_the_first_hand_of_a_seeded_three_player_deal():
    trainer = TeyakuTrainer(seed=5)
    assert trainer.hand == deal(3, 5).hands[0]
    assert len(trainer.hand) == 7 and trainer.seed == 5


def test_trainer_right_pick_is_correct_and_counts():
    seed = first_seed(lambda r, h: [x.rule.key for x in r.hits] == ["three_pairs"])
    trainer = TeyakuTrainer(seed=seed)
    fb = trainer.check(["three_pairs"])
    assert fb.correct and fb.answer == ("three_pairs",)
    hit = trainer.result().find("three_pairs")
    names = ", ".join(f"the {c.title}" for c in list(hit.shown)[:-1])
    assert any(names in line and f"and the {list(hit.shown)[-1].title}." in line
               and "40 points" in line for line in fb.lines)
    assert trainer.score_line().startswith("Right first time: 1 of 1")


def test_book_three_pairs_wrong_pick_names_the_pattern_it_needs():
    """BOOK ch. 17: 3 Pairs needs three months of two cards; a hand with two pairs gets told so."""
    seed = first_seed(lambda r, h: not r.hits and len(pairs(h)) == 2)
    trainer = TeyakuTrainer(seed=seed)
    fb = trainer.check(["three_pairs"])
    assert not fb.correct and fb.answer == (NONE,)
    assert any(line.startswith("3 Pairs needs three months with two cards each; this hand "
                               "has two") for line in fb.lines)
    assert "streak 0" in trainer.score_line()


def test_trainer_wrong_chaff_pick_counts_the_kinds_with_november_as_chaff():
    hand = CardSet.parse("3b 3d 7c 9a 9c 11a 11d")
    table = get_rules("book").teyaku
    text = why_not(table, table.rule("one_bright"), hand)
    # The Rainman (11a) counts as a Chaff for the chaff combinations.
    assert text == ("1 Bright & 6 Chaffs needs 1 Bright and 6 Chaffs; this hand has 0 Brights, "
                    "1 Ten, 1 Ribbon and 5 Chaffs (November cards count as Chaffs here).")


def test_trainer_smaller_combination_of_the_same_family_is_explained():
    seed = first_seed(lambda r, h: r.best("suit") is not None
                      and r.best("suit").rule.key == "greater" and r.find("three"))
    trainer = TeyakuTrainer(seed=seed)
    fb = trainer.check(["three"])
    assert not fb.correct
    assert any("only one suit combination may be claimed" in line for line in fb.lines)


def test_trainer_only_hands_with_a_combination_deals_on():
    seed = first_seed(lambda r, h: not r.hits)
    trainer = TeyakuTrainer(seed=seed, only_with_combo=True)
    assert trainer.seed > seed and trainer.result().hits
    assert trainer.hand == deal(3, trainer.seed).hands[0]


def test_trainer_next_hand_moves_the_seed_and_resets_the_verdict():
    trainer = TeyakuTrainer(seed=5)
    trainer.check([NONE])
    trainer.next_hand()
    assert trainer.seed == 6 and trainer.feedback is None
    assert trainer.hand == deal(3, 6).hands[0]


def test_trainer_checks_once_per_hand_for_the_score():
    trainer = TeyakuTrainer(seed=5)
    wrong = trainer.check([NONE])
    right = trainer.check(list(wrong.answer))
    assert right.correct
    assert trainer.score_line().startswith("Right first time: 0 of 1")


def test_trainer_bad_answers_are_refused_and_nothing_changes():
    trainer = TeyakuTrainer(seed=5)
    with pytest.raises(HanafudaError, match="pick at least one"):
        trainer.check([])
    with pytest.raises(HanafudaError, match="cannot be picked together"):
        trainer.check([NONE, "three"])
    with pytest.raises(HanafudaError, match="not a hand combination"):
        trainer.check(["koikoi"])
    with pytest.raises(HanafudaError, match="seed must be"):
        trainer.deal(-1)
    assert trainer.score_line() == "No hand checked yet." and trainer.seed == 5


def test_trainer_tradition_sets_the_choices_and_the_unit():
    trainer = TeyakuTrainer(seed=5, preset="d002")
    keys = [k for _, k in trainer.choices()]
    assert "greater" not in keys and keys[-1] == NONE        # D002 folds greater into +X
    labels = dict((k, label) for label, k in trainer.choices())
    assert labels["three_pairs"].endswith("4 kan")
    trainer.set_preset("d004")
    assert dict((k, label) for label, k in trainer.choices())["three_pairs"].endswith("4/-")


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


# -- a year of play ----------------------------------------------------------------------

def test_year_chart_has_twelve_points_per_player():
    from hanafuda_core.hachihachi_controllers import YearChart
    year = YearChart(seed=1)
    fig = year.figure()
    lines = [ln for ln in fig.axes[0].lines if ln.get_label() in year.names]
    assert len(lines) == 3 and all(len(ln.get_xdata()) == 12 for ln in lines)
    running = [0, 0, 0]
    for d in year.record.rounds:
        running = [a + b for a, b in zip(running, d.outcome["points"])]
    assert [s[-1] for s in year.series().values()] == running
    replayed = year.record.get_game().replay_rounds(year.record)
    assert year.multipliers() == [r.inner.multiplier.value for r in replayed]
    assert year.png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_year_chart_bad_seed_keeps_the_year():
    from hanafuda_core.hachihachi_controllers import YearChart
    year = YearChart(seed=1)
    record = year.record
    with pytest.raises(HanafudaError, match="seed must be"):
        year.play(seed=-5)
    with pytest.raises(HanafudaError, match="unknown line-up"):
        year.play(agents="four coaches")
    assert year.record is record


def test_year_chart_tells_how_the_first_dealer_was_drawn():
    from hanafuda_core.hachihachi_controllers import YearChart
    year = YearChart(seed=3)
    label, text = year.end_rows()[0]
    from hanafuda_core.seating import DealerDraw
    draw = DealerDraw.from_dict(year.record.summary["first_dealer"])
    assert label == "First dealer" and text.startswith("Each player drew a card: ")
    assert f"{year.names[draw.dealer]} drew " in text
    assert year.record.rounds[0].deal["dealer"] == draw.dealer
