"""G2: Chaff weights in the yaku table (Jokers and doubled Chaffs), on their own."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, Extra, Kind
from hanafuda_core.errors import OptionError
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

_CHAFFS = YakuRule("ten_chaffs", "Any 10 Chaffs", "", 1, kinds=(Kind.CHAFF,), count=10,
                   plus_per_extra=1, group="chaffs")
_GROUPS = (YakuGroup("chaffs", "Chaffs"),)
_NO_SAKE = [c for c in range(48) if c != Card.CHRYSANTHEMUM_SAKE]


def _table(weights: tuple[tuple[int, int], ...], special: bool = True) -> YakuTable:
    return YakuTable(_GROUPS, (_CHAFFS,), special_chaffs=special, chaff_weights=weights)


def test_a_joker_worth_two_completes_ten_chaffs():
    t = _table(((Extra.JOKER_1, 2), (Extra.JOKER_2, 1)))
    eight = 0
    for c in (2, 3, 6, 7, 10, 11, 14, 15):                     # eight plain Chaffs
        assert Card(c).kind is Kind.CHAFF
        eight |= 1 << c
    assert t.points(eight) == 0
    assert t.points(eight | 1 << Extra.JOKER_2) == 0           # 9 Chaffs
    assert t.points(eight | 1 << Extra.JOKER_1) == 1           # 10 Chaffs
    assert t.points(eight | 1 << Extra.JOKER_1 | 1 << Extra.JOKER_2) == 2
    assert t.chaff_count(eight | 1 << Extra.JOKER_1 | 1 << Extra.JOKER_2) == 11


def test_a_joker_worth_three_counts_three_in_the_yaku():
    t = _table(((Extra.JOKER_3, 3),))
    seven = sum(1 << c for c in (2, 3, 6, 7, 10, 11, 14))
    assert t.points(seven) == 0
    assert t.points(seven | 1 << Extra.JOKER_3) == 1                      # 10 Chaffs
    assert t.points(seven | 1 << Extra.JOKER_3 | 1 << Card.WILLOW_STORM) == 3   # 12
    assert t.chaff_count(seven | 1 << Extra.JOKER_3) == 10


def test_without_weights_a_joker_counts_nothing():
    assert _table(()).chaff_count(1 << Extra.JOKER_1) == 0
    assert _table(((Extra.JOKER_1, 1),)).chaff_count(1 << Extra.JOKER_1) == 1


def test_a_weighted_chaff_card_counts_its_weight_once():
    storm = 1 << Card.WILLOW_STORM
    assert _table(((Card.WILLOW_STORM, 2),), special=False).chaff_count(storm) == 2
    assert _table(((Card.WILLOW_STORM, 2),), special=True).chaff_count(storm) == 2
    assert _table((), special=False).chaff_count(storm) == 1


@pytest.mark.parametrize("weights, words", [
    (((Card.PINE_CRANE, 2),), "Chaff card or a Joker"),
    (((Extra.BLANK, 1),), "Chaff card or a Joker"),
    (((Extra.JOKER_1, 4),), "1, 2 or 3 Chaffs"),
    (((Extra.JOKER_1, 0),), "1, 2 or 3 Chaffs"),
])
def test_bad_weights_are_refused(weights, words):
    with pytest.raises(OptionError, match=words):
        _table(weights)


@settings(max_examples=150, deadline=None)
@given(cards=st.sets(st.sampled_from(_NO_SAKE)),
       jokers=st.sets(st.sampled_from([Extra.JOKER_1, Extra.JOKER_2, Extra.JOKER_3])),
       values=st.tuples(*[st.sampled_from((1, 2, 3))] * 3), special=st.booleans())
def test_the_chaff_yaku_reads_the_same_count_as_chaff_count(cards, jokers, values, special):
    weights = tuple(zip((Extra.JOKER_1, Extra.JOKER_2, Extra.JOKER_3), values))
    t = _table(weights, special)
    mask = sum(1 << c for c in cards) | sum(1 << j for j in jokers)
    n = t.chaff_count(mask)
    expected = sum(1 for c in cards if Card(c).kind is Kind.CHAFF)
    expected += sum(w for j, w in weights if j in jokers)
    if special:
        expected += sum(1 for c in cards if c in (Card.WILLOW_STORM, Card.PAULOWNIA_SPECIAL))
    assert n == expected
    assert t.points(mask) == max(0, n - 9)


_TENS = YakuRule("five_tens", "Any 5 Tens", "", 1, kinds=(Kind.TEN,), count=5, plus_per_extra=1,
                 group="tens")
_BOTH = (YakuGroup("chaffs", "Chaffs"), YakuGroup("tens", "Tens"))
_NINE_CHAFFS = sum(1 << c for c in (2, 3, 6, 7, 10, 11, 14, 15, 22))
_FOUR_TENS = sum(1 << c for c in (Card.PLUM_NIGHTINGALE, Card.WISTERIA_CUCKOO,
                                  Card.PEONY_BUTTERFLY, Card.CLOVER_BOAR))


@pytest.mark.parametrize("sake, tens, chaffs", [("ten_and_chaff", 1, 1), ("ten", 1, 0),
                                                ("two_chaffs", 0, 2)])
def test_the_iris_bridge_as_the_dual_card_and_the_sake_a_plain_ten(sake, tens, chaffs):
    t = YakuTable(_BOTH, (_CHAFFS, _TENS), sake=sake, dual_card=Card.IRIS_BRIDGE)
    bridge, cup = 1 << Card.IRIS_BRIDGE, 1 << Card.CHRYSANTHEMUM_SAKE
    assert t.points(_NINE_CHAFFS | _FOUR_TENS | bridge) == tens + chaffs
    assert t.points(_NINE_CHAFFS | _FOUR_TENS | cup) == 1          # the Sake: a Ten only
    assert t.chaff_count(_NINE_CHAFFS | cup) == 9
    assert t.chaff_count(_NINE_CHAFFS | bridge) == 9 + (2 if sake == "two_chaffs" else
                                                        1 if sake == "ten_and_chaff" else 0)


def test_the_dual_card_is_a_ten():
    with pytest.raises(OptionError, match="dual-role card is a Ten"):
        YakuTable((), (), dual_card=Card.IRIS_RIBBON)
