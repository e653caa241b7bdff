"""B14: the rotating point burden (Sudaoshi's, BOOK 4249, 4253, 4259, 4263, 4273) as a
capability of the capture family: ``CaptureRules.burdens`` (lightest first), each seat's
burden kept in the deal record (``State.burdens``), its par in the card-value settlement,
and the burdens handed on after each round (winner lightest, then by round score, a tie
going to the lighter burden carried)."""

import random

import pytest

from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import (
    CaptureRules,
    DealRecord,
    Phase,
    fast_random_round,
    new_round,
    next_dealer,
    next_round,
    replay,
    setup_state,
    view,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.ranking import first_burdens, next_burdens, round_winner
from hanafuda_core.families.capture.settlement import CardValueSettlement

# The basics' values make a deck of 264: three burdens that sum to it make a zero-sum round.
SCALE = (80, 88, 96)


def _rules(**kw):
    overlay = CardValueSettlement(round_tie="lighter_burden")
    base = dict(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                burdens=SCALE, overlay=overlay)
    return CaptureRules(**{**base, **kw})


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_first_round_burdens_go_from_the_dealer_in_play_order(dealer):
    s = new_round(_rules(), 3, dealer)
    assert s.burdens == first_burdens(SCALE, dealer)
    assert s.burdens[dealer] == 80 and s.burdens[(dealer + 1) % 3] == 88
    assert s.burdens[(dealer + 2) % 3] == 96
    assert view(s, 1).burdens == s.burdens            # public


def test_burdens_are_the_par_of_each_seat_and_the_round_is_zero_sum():
    rules = _rules()
    for seed in range(20):
        end = fast_random_round(rules, random.Random(seed))
        values = [rules.overlay.card_points(end.caps_m[p]) for p in range(3)]
        assert end.result.points == tuple(v - b for v, b in zip(values, end.burdens))
        assert sum(end.result.points) == 0


def test_after_a_round_the_winner_takes_the_lightest_burden_and_deals():
    rules = _rules()
    rng = random.Random(5)
    s = fast_random_round(rules, rng)
    for _ in range(6):
        nxt = next_round(s, rng)
        assert sorted(nxt.burdens) == list(SCALE)
        pts = s.result.points
        assert nxt.burdens[s.result.winner] == 80 and nxt.dealer == s.result.winner
        assert nxt.dealer == next_dealer(s)
        low = min(range(3), key=lambda p: (pts[p], -s.burdens[p]))
        assert nxt.burdens[low] == 96
        assert nxt.burdens == next_burdens(pts, s.burdens, s.result.winner)
        s = nxt
        while s.phase != Phase.ROUND_OVER:
            s = s.apply(s.legal_actions()[0])


def test_the_deal_record_keeps_the_burdens_and_replay_rebuilds_them():
    rules = _rules()
    rng = random.Random(11)
    first = fast_random_round(rules, rng)
    start = next_round(first, rng)
    record = DealRecord.from_dict(start.deal.to_dict())
    assert record.burdens == start.burdens and record == start.deal
    end = start
    while end.phase != Phase.ROUND_OVER:
        end = end.apply(end.legal_actions()[-1])
    again = replay(rules, record, end.history, round_no=2, scores=start.scores)
    assert again[0].burdens == start.burdens and again[-1].result == end.result


def test_a_later_round_keeps_burdens_that_do_not_follow_the_dealer():
    # seat 1 won with seat 2 last: 1 takes 80, 0 88, 2 96; play order from 1 would give 2 88
    s = new_round(_rules(), 1, dealer=1, burdens=(88, 80, 96))
    assert s.burdens == (88, 80, 96)
    assert "burdens" in s.deal.to_dict()


def test_a_tie_goes_to_the_lighter_burden():
    assert round_winner((30, 30, -60), 0, "lighter_burden", (96, 88, 80)) == 1
    assert next_burdens((30, 30, -60), (96, 88, 80)) == (88, 80, 96)
    with pytest.raises(OptionError, match="burden"):
        round_winner((30, 30, -60), 0, "lighter_burden")


def test_setup_state_takes_burdens():
    s = setup_state(_rules(), ["1a", "2a", "3a"], "4a", "", dealer=2)
    assert s.burdens == (88, 96, 80)
    s = setup_state(_rules(), ["1a", "2a", "3a"], "4a", "", burdens=(96, 80, 88))
    assert s.burdens == (96, 80, 88)


def test_without_burdens_nothing_changes():
    rules = CaptureRules(players=3, deals={3: (7, 6)}, overlay=CardValueSettlement())
    s = new_round(rules, 2)
    assert s.burdens == () and "burdens" not in s.deal.to_dict() and view(s, 0).burdens == ()
    with pytest.raises(OptionError, match="no point burdens"):
        new_round(rules, 2, burdens=(1, 2, 3))


@pytest.mark.parametrize("bad", [(80, 88), (96, 88, 80), (80, 88, 96.0), [80, 88, 96]])
def test_malformed_burdens_are_refused(bad):
    with pytest.raises(OptionError, match="lightest first"):
        _rules(burdens=bad)


def test_burdens_with_teams_are_refused():
    with pytest.raises(OptionError, match="teams"):
        CaptureRules(players=4, deals={4: (5, 8)}, teams=(0, 1, 0, 1), burdens=(1, 2, 3, 4))


@pytest.mark.parametrize("bad", [(80, 88, 88), (80, 88), (80, 88, 97)])
def test_a_deal_with_other_burdens_is_refused(bad):
    with pytest.raises(OptionError, match="80, 88, 96"):
        new_round(_rules(), 1, burdens=bad)


def test_the_report_names_each_burden_and_a_tie_on_the_lighter_burden():
    rules = _rules()
    # hands empty, nothing left: each seat's pile as it stands is scored against its burden
    s = setup_state(rules, ["", "", ""], "", "", ["1a 2a 3a 4a", "1b 2b 3b 4b", "1c"],
                    burdens=(96, 80, 88))
    scores = rules.overlay.side_scores(s.caps_m, 0, burdens=s.burdens)
    assert [x.total for x in scores] == [60 - 96, 20 - 80, 1 - 88]
    assert [x.par for x in scores] == [96, 80, 88]
    assert scores[0].formula() == "(60 - 96) = -36"
    end = rules.overlay.settle_draw(s)
    notes = end.report.notes
    assert "player 1 carries the 96 point burden" in notes
    assert "player 2 carries the 80 point burden" in notes
    assert end.winner == 0 and end.points == (-36, -60, -87)
    # 36 - 96 and 20 - 80 tie at -60: seat 1 carries the lighter burden and wins
    tied = setup_state(rules, ["", "", ""], "", "", ["1a 2a 4b 6c", "3a", "3c"],
                       burdens=(96, 80, 88))
    res = rules.overlay.settle_draw(tied)
    assert res.points == (-60, -60, -87) and res.winner == 1
    assert ("a tie for the best score: player 2 wins the round, carrying the lighter point "
            "burden") in res.report.notes
    assert next_dealer(tied._replace(result=res, phase=Phase.ROUND_OVER)) == 1
