"""B15: hand combinations claimed at the deal paid by each opponent (Sudaoshi, BOOK 4247,
4279, 4353; figure 18.1): ``CardValueSettlement.transfer_hand`` transfers the claimed
points like the yaku (own x the factor, less every other side's), instead of only adding
them to the claimer (A11, Six Hundred)."""

import random

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, Declare, fast_random_round, setup_state
from hanafuda_core.families.capture.settlement import CardValueSettlement, HandClaims
from hanafuda_core.teyaku import BOOK_TABLE

# A: Any 3 of a Kind (20); B: nothing; C: Any 7 Chaffs (40), as the rulebook's example
CLAIMS = ((0, Declare("three", tuple(CardSet.parse("1a 1b 1c")))),
          (2, Declare("seven_chaffs", tuple(CardSet.parse("1d 2c 3c 5c 10c 11d 12c")))))


def _rules(transfer_hand, factor="opponents"):
    overlay = CardValueSettlement(transfer_yaku=True, own_yaku_factor=factor,
                                  transfer_hand=transfer_hand)
    return CaptureRules(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                        declarations=HandClaims(BOOK_TABLE), overlay=overlay)


def _end(rules, piles=("1a", "2a", "3c")):
    s = setup_state(rules, ["", "", ""], "", "", list(piles))
    return s._replace(declared=CLAIMS)


def test_claimed_combinations_are_paid_by_each_opponent():
    rules = _rules(True)
    res = rules.overlay.settle_draw(_end(rules))
    # cards 20 / 10 / 1, hand terms 2 x 20 - 40 = 0, 0 - 60 = -60, 2 x 40 - 20 = 60
    assert res.points == (20 + 0, 10 - 60, 1 + 60)
    assert "player 2: (0 x 2 - 60) + 10 = -50" in res.report.notes
    assert "player 3: (40 x 2 - 20) + 1 = 61" in res.report.notes


def test_without_transfer_the_claimer_only_adds_them():
    rules = _rules(False)
    res = rules.overlay.settle_draw(_end(rules))
    assert res.points == (20 + 20, 10, 1 + 40)
    assert "player 3: 40 + 1 = 41" in res.report.notes


def test_factor_one_counts_the_own_combinations_once():
    s = CardValueSettlement(transfer_yaku=True, own_yaku_factor="one", transfer_hand=True)
    assert s.transfer_hand_points((20, 0, 40)) == (-20, -60, 20)
    scores = s.side_scores((0, 0, 0), hand=(20, 0, 40))
    assert [x.hand_taken for x in scores] == [40, 60, 20] and scores[0].hand_factor == 1


@pytest.mark.parametrize("hand", [(20, 0, 40), (0, 0, 0), (200, 30, 70)])
def test_the_hand_terms_sum_to_zero(hand):
    s = CardValueSettlement(transfer_yaku=True, own_yaku_factor="opponents",
                            transfer_hand=True)
    assert sum(s.transfer_hand_points(hand)) == 0


def test_random_rounds_transfer_exactly_what_was_claimed():
    rules, plain = _rules(True), _rules(False)
    for seed in range(15):
        end = fast_random_round(rules, random.Random(seed))
        hand = [plain.declarations.points([d for p, d in end.declared if p == s])
                for s in range(3)]
        cards = [rules.overlay.card_points(m) for m in end.caps_m]
        assert sum(end.result.points) == sum(cards)          # yaku and hands cancel
        other = plain.overlay.settle_draw(end._replace(rules=plain))
        assert [a - b for a, b in zip(end.result.points, other.points)] == [
            2 * h - (sum(hand) - h) - h for h in hand]
