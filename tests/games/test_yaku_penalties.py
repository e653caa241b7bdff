"""B3: yaku that only cost the opponents (Higo-Bana, BOOK 2417-2419): the own-yaku factor
``"none"``. A side's own yaku count 0 times; every other side's are taken off. The
rulebook's example BK14-1 (A 90 / B 75 / C 80 card points; 0, 2 and 1 yaku of 50) and its
three additional examples (BK14-2) are the arithmetic."""

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.settlement import (
    CardValueSettlement,
    transfer_scores,
    yaku_factor,
)
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable


def test_book_higo_bana_example_1_arithmetic():
    assert transfer_scores((90, 75, 80), (0, 100, 50), "none") == (-60, 25, -20)
    assert yaku_factor("none", 3) == 0 and yaku_factor("none", 1) == 0


@pytest.mark.parametrize("yaku, expected", [
    ((100, 0, 0), (0, -100, -100)),          # one player with 2 yaku (2517)
    ((50, 50, 0), (-50, -50, -100)),         # two with one each (2521)
    ((50, 100, 0), (-100, -50, -150)),       # one and two (2521)
])
def test_book_higo_bana_additional_examples(yaku, expected):
    assert transfer_scores((0, 0, 0), yaku, "none") == expected


CHART = YakuTable((YakuGroup("higo", "Yaku", "each"),), (
    YakuRule("poetry", "3 Poetry Ribbons", "", 50, cards=tuple(CardSet.parse("1b 2b 3b"))),
    YakuRule("purple", "3 Purple Ribbons", "", 50, cards=tuple(CardSet.parse("6b 9b 10b"))),
))


def test_the_settlement_takes_each_yaku_from_the_others_only():
    overlay = CardValueSettlement(chart=CHART, transfer_yaku=True, own_yaku_factor="none")
    rules = CaptureRules(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                         yaku=CHART, overlay=overlay)
    s = setup_state(rules, ["", "", ""], captures=["1a", "1b 2b 3b 6b 9b 10b", "5a"])
    res = overlay.settle_draw(s)
    card = [overlay.card_points(m) for m in s.caps_m]
    assert res.points == (card[0] - 100, card[1], card[2] - 100)
    assert f"player 1: {card[0]} - 100 = {card[0] - 100}" in res.report.notes
    assert f"player 2: {card[1]}" in res.report.notes
    assert any("taken by others" in n for n in res.report.notes)
    # a pile on its own: its yaku give it nothing
    assert overlay.pile_figures(None, s.caps_m[1])["total"] == card[1]


def test_none_without_transfer_is_refused():
    with pytest.raises(OptionError, match="transfer_yaku"):
        CardValueSettlement(chart=CHART, own_yaku_factor="none")
