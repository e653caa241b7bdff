"""The capture family's round adjustments (``families/capture/adjustments.py``, README A4)
and a tied round's winner in the card-value settlement (A5), each checked on its own and
through ``CardValueSettlement.settle_draw``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import MONTH_MASKS, Card, CardSet
from hanafuda_core.engines.capture import CaptureRules, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.adjustments import (
    LowManOut,
    MiseryLovesCompany,
    RainWashes,
    RoundContext,
    ScoringCanceled,
    WinnerTakesAll,
    apply_all,
)
from hanafuda_core.families.capture.ranking import round_winner
from hanafuda_core.families.capture.settlement import CardValueSettlement
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

NOVEMBER = MONTH_MASKS[10]
NONE3 = (frozenset(),) * 3


def ctx(scores, *, cards=None, piles=None, yaku=None, dealer=0, value_of=None):
    n = len(scores)
    extra = {} if value_of is None else {"value_of": value_of}
    return RoundContext(tuple(scores), tuple(cards or scores), tuple(piles or (0,) * n),
                        tuple(yaku or (frozenset(),) * n), dealer, **extra)


scores_st = st.lists(st.integers(-100, 300), min_size=2, max_size=4)


@settings(max_examples=60, deadline=None)
@given(scores=scores_st, dealer=st.integers(0, 3))
def test_winner_takes_all_gives_the_winner_every_score(scores, dealer):
    """The round's winner scores the sum of the scores, everyone else 0; a round
    without a winner keeps its scores."""
    c = ctx(scores, dealer=dealer % len(scores))
    winner = round_winner(scores, c.dealer)
    points, after, note = WinnerTakesAll().apply(c.scores, winner, c)
    assert after == winner
    if winner is None:
        assert points == c.scores and "nobody takes all" in note
    else:
        assert points[winner] == sum(scores) and sum(points) == sum(scores)
        assert all(v == 0 for s, v in enumerate(points) if s != winner)


@settings(max_examples=60, deadline=None)
@given(scores=scores_st, below=st.sampled_from((0, 20, 50)))
def test_low_man_out_zeroes_the_round_when_a_score_is_under_the_bar(scores, below):
    c = ctx(scores)
    winner = round_winner(scores, 0)
    points, after, _ = LowManOut(below=below).apply(c.scores, winner, c)
    assert after == winner          # the winner stays the winner (our reading)
    if min(scores) < below:
        assert points == (0,) * len(scores)
    else:
        assert points == c.scores


def test_low_man_out_reads_the_scores_as_counted_not_after_an_earlier_rule():
    """Rain has already zeroed two players: Low Man Out still reads 40, 30, 25 and lets
    the round stand."""
    c = ctx((40, 30, 25))
    assert LowManOut(below=20).apply((40, 0, 0), 0, c).points == (40, 0, 0)
    assert LowManOut(below=26).apply((40, 0, 0), 0, c).points == (0, 0, 0)


def test_rain_leaves_the_holder_of_all_four_november_cards_their_score():
    piles = (CardSet.parse("1a 11a 11b").mask, CardSet.parse("11c 11d 2a").mask, 0)
    c = ctx((50, 60, 70), piles=piles)
    assert RainWashes().apply(c.scores, 2, c).points == (50, 60, 70)
    piles = (0, NOVEMBER | CardSet.parse("3a").mask, 0)
    c = ctx((50, 60, 70), piles=piles)
    points, winner, note = RainWashes().apply(c.scores, 2, c)
    # the holder, with the only score left, wins the round
    assert (points, winner) == ((0, 60, 0), 1) and "player 2" in note
    assert "with the only score player 2 wins the round" in note
    # a holder whose score is gone already (Low Man Out first) leaves the winner be
    assert RainWashes().apply((0, 0, 0), 2, c).winner == 2


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.integers(0, 60), min_size=3, max_size=4))
def test_misery_loves_company_pays_each_poor_player_from_every_other(cards):
    """Each player with at most 15 card points gains 40, every other player loses 40
    (Hana-Awase 2's reading: two poor players of three end 0 from it, the third -80)."""
    c = ctx([0] * len(cards), cards=cards)
    points = MiseryLovesCompany(at_most=15, amount=40).apply(c.scores, None, c).points
    poor = [s for s, v in enumerate(cards) if v <= 15]
    for s, v in enumerate(points):
        mine = s in poor
        assert v == 40 * mine - 40 * (len(poor) - mine)


def test_misery_with_two_poor_players_of_three():
    c = ctx((0, 0, 0), cards=(10, 15, 100))
    assert MiseryLovesCompany().apply(c.scores, 2, c).points == (0, 0, -80)


VALUE_600 = {int(Card.PAULOWNIA_PHOENIX): 50}    # the Phoenix at 50 (Six Hundred)


def value_600(mask: int) -> int:
    """Six Hundred's values for the cards these tests use: the Phoenix 50, else 10."""
    return sum(VALUE_600.get(c, 10) for c in range(48) if mask >> c & 1)


def test_scoring_canceled_on_six_hundreds_example_lets_the_round_stand():
    """Six Hundred's example (l. 1459-1471 as our spec corrects it): A 480 less 12a and
    11b (60) is 420, B 520, C 580 less 12a and 12b (60) is 520: nobody is at 30 or less."""
    piles = (CardSet.parse("12a 11b").mask, 0, CardSet.parse("12b").mask)
    c = ctx((480, 520, 580), piles=piles, value_of=value_600)
    rule = ScoringCanceled(at_most=30, left_out_months=(11, 12), unless="four_dry_brights")
    assert rule.apply(c.scores, 2, c)[:2] == ((480, 520, 580), 2)


def test_scoring_canceled_cancels_unless_someone_made_the_exception():
    piles = (CardSet.parse("12a 11b").mask, 0, 0)
    rule = ScoringCanceled(at_most=30, left_out_months=(11, 12), unless="four_dry_brights",
                           unless_name="4 Dry Brights")
    c = ctx((90, 300, 400), piles=piles, value_of=value_600)      # 90 - 60 = 30: cancelled
    points, winner, note = rule.apply(c.scores, 2, c)
    assert (points, winner) == ((0, 0, 0), None)
    assert "November and December" in note and "player 1" in note
    c = ctx((90, 300, 400), piles=piles, value_of=value_600,
            yaku=(frozenset(), frozenset(), frozenset({"four_dry_brights"})))
    points, winner, note = rule.apply(c.scores, 2, c)
    assert (points, winner) == ((90, 300, 400), 2) and "4 Dry Brights" in note


def test_bad_adjustment_values_are_refused_with_the_reason():
    with pytest.raises(OptionError, match="months from 1 to 12"):
        ScoringCanceled(left_out_months=(0, 12))
    with pytest.raises(OptionError, match="card values"):
        ScoringCanceled().apply((0, 0), None, ctx((0, 0)))


def test_matching_flowers_order_low_man_out_then_rain_then_winner_takes_all():
    """Low Man Out reads the counted scores; after Rain zeroed the others it must not
    fire; Winner Takes All then gives the Rain holder the rest."""
    piles = (NOVEMBER, 0, 0)
    c = ctx((120, 60, 84), piles=piles)
    order = (LowManOut(below=20), RainWashes(), WinnerTakesAll())
    points, winner, notes = apply_all(order, c, winner=0)
    assert (points, winner) == ((120, 0, 0), 0)
    assert [n.split(":")[0] for n in notes] == ["Low Man Out", "Rain", "Winner Takes All"]


# -- through the settlement (A4 + A5) ---------------------------------------------------

_CHART = YakuTable((YakuGroup("all", "All", "each"),),
                   (YakuRule("rain", "All 4 Rain", "", 10, cards=tuple(CardSet(NOVEMBER)),
                             group="all"),))


def rules_with(**overlay: object) -> CaptureRules:
    return CaptureRules(name="Test", key="test", players=3, deals={3: (7, 6)},
                        yaku=_CHART, overlay=CardValueSettlement(chart=_CHART, **overlay))


def test_a_tied_round_goes_to_the_dealer_then_in_play_order():
    rules = rules_with(round_tie="dealer_then_play_order")
    captures = ["1a 2c", "5c", "3a 4c"]                       # 21, 1, 21
    for dealer, winner in ((0, 0), (2, 2), (1, 2)):
        res = rules.overlay.settle_draw(setup_state(rules, ["", "", ""], captures=captures,
                                                    dealer=dealer))
        assert res.points == (21, 1, 21) and res.winner == winner
        assert f"player {winner + 1} wins the round" in res.report.to_text()
    plain = rules_with()
    res = plain.overlay.settle_draw(setup_state(plain, ["", "", ""], captures=captures))
    assert res.winner is None and "a tie" in res.report.to_text()


def test_the_adjustments_are_lines_of_the_round_report():
    rules = rules_with(adjustments=(LowManOut(below=20), RainWashes(), WinnerTakesAll()))
    captures = ["11a 11b 11c 11d", "1a 3a 8a", "2a 5c"]        # 20+5+5+1 + 10 = 41, 60, 11
    res = rules.overlay.settle_draw(setup_state(rules, ["", "", ""], captures=captures))
    assert res.points == (0, 0, 0) and res.winner == 1           # player 3 is under 20
    text = res.report.to_text()
    assert "Low Man Out: player 3 scored under 20, so everybody scores 0" in text
    assert "Rain: player 1 holds all four November cards" in text
    assert "Winner Takes All: player 2 takes the sum of the scores, 0" in text
    assert "the round's scores: player 1 0, player 2 0, player 3 0" in text


def test_an_unknown_tie_rule_is_refused():
    with pytest.raises(OptionError, match="dealer_then_play_order"):
        CardValueSettlement(round_tie="coin")
