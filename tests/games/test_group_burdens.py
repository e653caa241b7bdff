"""B16: a yaku group only one point burden may score (Sudaoshi's Rain yaku, BOOK 4355,
4359): ``CardValueSettlement.group_burdens``. A side carrying another burden scores its
other yaku; the report says why the group's did not count; a pile scored on its own
(no burden known) counts it, with a note."""

import pytest

from hanafuda_core.cards import Card, CardSet
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.settlement import CardValueSettlement
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

C = Card
CHART = YakuTable(
    (YakuGroup("hills", "Hills yaku"), YakuGroup("rain", "Rain yaku")),
    (YakuRule("over_the_hills", "Over the Hills", "", 10,
              cards=(C.SUSUKI_MOON, C.SUSUKI_GEESE), group="hills"),
     YakuRule("the_hills", "The Hills", "", 20, cards=tuple(CardSet.parse("8a 8b 8c 8d")),
              group="hills"),
     YakuRule("under_the_rainy_sky", "Under the Rainy Sky", "", 10,
              cards=(C.WILLOW_RAINMAN, C.WILLOW_SWALLOW), group="rain"),
     YakuRule("rainy_sky", "Rainy Sky", "", 20, cards=tuple(CardSet.parse("11a 11b 11c 11d")),
              group="rain")))
RESTRICTED = CardValueSettlement(chart=CHART, transfer_yaku=True, own_yaku_factor="opponents",
                                 group_burdens=(("rain", 120),))
RAIN_AND_HILLS = CardSet.parse("11a 11b 11c 11d 8a 8b").mask


@pytest.mark.parametrize("burden, yaku", [(100, 10), (110, 10), (120, 30)])
def test_only_the_named_burden_scores_the_group(burden, yaku):
    assert RESTRICTED.side_scores((RAIN_AND_HILLS,), burdens=(burden,))[0].yaku_points == yaku


def test_the_others_pay_only_the_yaku_that_count():
    rain = CardSet.parse("11a 11b 11c 11d").mask
    hills = CardSet.parse("8a 8b").mask
    for burdens, taken in (((100, 110, 120), 30), ((120, 100, 110), 10)):
        scores = RESTRICTED.side_scores((0, hills, rain), burdens=burdens)
        assert scores[0].taken_by_others == taken
        assert sum(s.total + s.par for s in scores) == RESTRICTED.card_points(hills | rain)


def test_the_report_says_why_a_made_yaku_did_not_count():
    rules = CaptureRules(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                         yaku=CHART, overlay=RESTRICTED, burdens=(100, 110, 120))
    s = setup_state(rules, ["", "", ""], "", "", ["1a", "11a 11b 11c 11d", "8a 8b"])
    res = RESTRICTED.settle_draw(s)
    notes = res.report.notes
    assert ("player 2: Rainy Sky does not count: only the player carrying the 120 point "
            "burden scores Rain yaku") in notes
    assert [line.key for line in res.report.lines] == ["over_the_hills"]
    moved = setup_state(rules, ["", "", ""], "", "", ["1a", "11a 11b 11c 11d", "8a 8b"],
                        burdens=(110, 120, 100))
    res = RESTRICTED.settle_draw(moved)
    assert [line.key for line in res.report.lines] == ["rainy_sky", "over_the_hills"]
    assert not any("does not count" in n for n in res.report.notes)


def test_a_pile_on_its_own_counts_the_group_with_a_note():
    rep = RESTRICTED.pile_report(None, RAIN_AND_HILLS)
    assert rep.total == RESTRICTED.card_points(RAIN_AND_HILLS) + 30
    assert "Rainy Sky counts only for the player carrying the 120 point burden" in rep.notes


def test_without_burdens_every_group_counts():
    assert RESTRICTED.side_scores((RAIN_AND_HILLS,))[0].yaku_points == 30
    assert RESTRICTED.barred_notes(RAIN_AND_HILLS, 0, None) == []


@pytest.mark.parametrize("bad", [(("snow", 120),), (("rain",),), (("rain", "120"),),
                                 ("rain",)])
def test_a_malformed_group_burden_is_refused(bad):
    with pytest.raises(OptionError, match="group_burdens"):
        CardValueSettlement(chart=CHART, group_burdens=bad)
