"""The zero-sum ledger and the units (BOOK points, D001/D002 kan, D004 shillings)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.ledger import (
    KAN,
    POINTS,
    SHILLINGS,
    Ledger,
    Payment,
    final_score,
    settle_balances,
)


def test_d001_example_4_kan_formatting():
    """D1-4: 72 points = 6 kan; 112 = 9 kan 4; -184 = -15 kan 4."""
    assert KAN.format(72) == "6 kan"
    assert KAN.format(112) == "9 kan 4"
    assert KAN.format(-184) == "-15 kan 4"


def test_d004_shilling_formatting():
    """D4-1: the passing fees 1/-, 1/6 and 2/- are 12, 18 and 24 pence."""
    assert [SHILLINGS.format(a) for a in (12, 18, 24)] == ["1/-", "1/6", "2/-"]
    assert SHILLINGS.of(1, 6) == 18 and SHILLINGS.format(3) == "3d"


def test_d001_end_of_game_rounding():
    """D001 end: round to whole kan, 5 points or fewer down, 6 or more up."""
    assert KAN.round(12 * 9 + 5) == 108
    assert KAN.round(12 * 9 + 6) == 120
    assert KAN.round(-(12 * 2 + 6)) == -36


def test_d004_example_2_final_rounding_then_minus_ten_shillings():
    """D4-2: 1-5 pence round down, 6-11 up, then 10/- comes off: 7/6 -> 8/- -> -2/-."""
    assert SHILLINGS.round(90) == 96
    assert final_score(90, SHILLINGS) == -24
    assert SHILLINGS.format(final_score(90, SHILLINGS)) == "-2/-"
    assert final_score(12 * 7 + 5, SHILLINGS) == -36


def test_ledger_sums_to_zero_and_renders():
    ledger = (Ledger(POINTS, accounts=("A", "B", "C"))
              .pay("B", "A", 20, "A's 3 of a Kind", "BOOK ch. 17", category="teyaku")
              .pay("C", "A", 20, "A's 3 of a Kind", "BOOK ch. 17", category="teyaku"))
    assert ledger.totals() == {"A": 40, "B": -20, "C": -20}
    assert ledger.balance() == 0
    assert "B pays A 20" in ledger.to_text()
    assert json.loads(ledger.to_json())["totals"]["A"] == 40
    assert ledger.to_rows()[0]["shown"] == "20"
    assert ledger.by_category() == {"teyaku": {"A": 40, "B": -20, "C": -20}}


@pytest.mark.parametrize("preset", ["book", "d001", "d002", "d004"])
def test_a_payment_names_its_rule_for_a_player_not_by_label_and_lines(preset):
    """The payments a game's log prints (``hanafuda play``): each names the source of its
    rule as readers meet it, without the line numbers that point into the sources."""
    from hanafuda_core import get_game
    from hanafuda_core.rules import SOURCE_DOCUMENTS
    from hanafuda_core.teach.pages import reader_problems
    game = get_game("hachihachi", preset=preset)
    paid = [line for line in game.log(game.play(["greedy"] * 3, seed=1, deals=6))
            if " pays " in line and "[" in line]
    assert paid
    readers = tuple(f"[{d.reader}" for d in SOURCE_DOCUMENTS.values())
    for line in paid:
        assert line.rstrip().endswith("]") and any(r in line for r in readers), line
        assert not [p for p in reader_problems(line) if "card code" not in p], line


def test_ledger_is_immutable_and_drops_zero_lines():
    empty = Ledger(KAN)
    one = empty.pay("A", "B", 0, "nothing")
    assert len(empty) == 0 and len(one) == 0


def test_payment_rejects_bad_amounts():
    with pytest.raises(HanafudaError, match="negative"):
        Payment("A", "B", -1, "x")
    with pytest.raises(HanafudaError, match="whole number"):
        Payment("A", "B", 1.5, "x")
    with pytest.raises(HanafudaError, match="themselves"):
        Payment("A", "A", 1, "x")


def test_settle_balances_negative_players_pay_positive_players():
    """D1-4: Uzuki pays 6 kan to Akiko and 9 kan 4 to Iori."""
    lines = settle_balances({"Akiko": 72, "Iori": 112, "Uzuki": -184},
                            ["Akiko", "Iori", "Uzuki"], "card points")
    assert [(p.payer, p.payee, KAN.format(p.amount)) for p in lines] == [
        ("Uzuki", "Akiko", "6 kan"), ("Uzuki", "Iori", "9 kan 4")]
    with pytest.raises(HanafudaError, match="sum to zero"):
        settle_balances({"A": 1}, "A", "x")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-300, 300), min_size=1, max_size=6))
def test_settle_balances_realises_any_zero_sum_balances(amounts):
    """Whatever the balances, the payments leave every player exactly at their balance,
    debtors only pay and creditors only receive."""
    names = [f"P{i}" for i in range(len(amounts) + 1)]
    balances = dict(zip(names, [*amounts, -sum(amounts)]))
    lines = settle_balances(balances, names, "card points")
    assert Ledger(KAN, tuple(lines), tuple(names)).totals() == balances
    assert all(balances[p.payer] < 0 < balances[p.payee] and p.amount > 0 for p in lines)
