"""B11: a round scored by yaku only, with ordered tie-break keys
(CardValueSettlement.count_cards, round_tie as a tuple of keys).

Tensho: the highest yaku total wins; tied, the most Chaffs; still tied, the most card
points; still tied, nobody."""

from __future__ import annotations

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.engines.capture import CaptureRules, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.settlement import CardValueSettlement
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

TABLE = YakuTable((YakuGroup("g", "G", "each"),),
                  (YakuRule("f345", "Front Three Four Five", "", 100,
                            cards=tuple(CardSet.parse("3a 4a 5a")), group="g"),))
SETTLE = CardValueSettlement(values=(1, 1, 1, 1), card_values=tuple(
    (c, v) for c, v in zip(CardSet.parse("1a 3a 9a"), (15, 10, 5))), chart=TABLE,
    count_cards=False, round_tie=("most_chaffs", "card_points"))
RULES = CaptureRules(name="yaku only", deals={2: (8, 8)}, round_end="hands_empty", yaku=TABLE,
                     overlay=SETTLE)


def _end(a, b, dealer=1):
    return SETTLE.settle_draw(setup_state(RULES, ["", ""], "", "", [a, b], dealer=dealer))


def test_card_points_are_reported_not_scored():
    s = SETTLE.side_scores((CardSet.parse("1a 3a 4a 5a").mask, CardSet.parse("9a").mask))
    assert [x.total for x in s] == [100, 0]
    assert [x.card_points for x in s] == [15 + 10 + 1 + 1, 5]
    assert s[0].formula() == "yaku 100"


def test_the_yaku_total_wins():
    res = _end("3a 4a 5a 1c 2c", "6c 8c 9d 10c")
    assert res.winner == 0 and res.points == (100, 0)


def test_a_tie_goes_to_the_most_chaffs():
    res = _end("1a 7b 1c 1d 2c 2d 4c 4d 5c 5d", "9a 3c 3d 6c 6d 8c 8d 10c")
    assert res.winner == 0 and res.points == (0, 0)
    assert any("the most Chaffs (8)" in n for n in res.report.notes)


def test_then_the_most_card_points():
    res = _end("1a 7b 1c 1d 2c 2d 4c 4d 5c 5d", "9a 3c 3d 6c 6d 8c 8d 10c 10d")
    assert res.winner == 0
    assert any("the most card points (24)" in n for n in res.report.notes)
    res = _end("9a 1c", "1a 2c")
    assert res.winner == 1


def test_still_tied_nobody_wins():
    assert _end("1c 2c", "3c 4c").winner is None


def test_dealer_last_settles_every_tie():
    settle = CardValueSettlement(values=(1, 1, 1, 1), count_cards=False,
                                 round_tie=("most_chaffs", "dealer_then_play_order"))
    rules = CaptureRules(name="x", deals={2: (8, 8)}, overlay=settle)
    state = setup_state(rules, ["", ""], "", "", ["1c 2c", "3c 4c"], dealer=1)
    assert settle.settle_draw(state).winner == 1


@pytest.mark.parametrize("bad", [(), ("most_chaffs", "most_chaffs"),
                                 ("dealer_then_play_order", "card_points"), ("fewest",)])
def test_bad_tie_keys_are_refused(bad):
    with pytest.raises(OptionError, match="tied round"):
        CardValueSettlement(round_tie=bad)


def test_the_one_key_values_stay():
    assert CardValueSettlement(round_tie="dealer_then_play_order").round_tie == \
        "dealer_then_play_order"
