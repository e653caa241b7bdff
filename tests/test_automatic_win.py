"""B10: automatic-win yaku (YakuRule.automatic_win).

A pile that makes one wins the round at once, at the end of the maker's turn,
whatever the other player's yaku are worth (Tensho: "A player captures an automatic
win")."""

from __future__ import annotations

import pytest

from hanafuda_core.cards import Card, CardSet, parse_card
from hanafuda_core.engines.capture import CaptureRules, Phase, Play, apply, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.settlement import CardValueSettlement
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

G = (YakuGroup("g", "G", "each"),)
AUTO = YakuRule("auto", "Front Five Ten Twelve", "", 0,
                cards=tuple(map(parse_card, ("5a", "10a", "12a"))), group="g",
                automatic_win=True)
BIG = YakuRule("big", "Front Seven Eight Nine", "", 100,
               cards=tuple(map(parse_card, ("7a", "8a", "9a"))), group="g")
TABLE = YakuTable(G, (AUTO, BIG))
RULES = CaptureRules(name="auto test", deals={2: (8, 8)}, round_end="hands_empty", yaku=TABLE,
                     overlay=CardValueSettlement(values=(1, 1, 1, 1), chart=TABLE,
                                                 count_cards=False))


def test_automatic_keys():
    assert TABLE.automatic_keys == frozenset({"auto"})
    assert TABLE.automatic_indices == frozenset({0})


def test_an_automatic_win_ends_the_round_on_the_makers_turn():
    s = setup_state(RULES, ["10b 1c", "2c 3c"], "10c", "6c 6d 4c 4d",
                    ["5a 12a", "7a 8a 9a"])
    assert s.yaku_points(1) == 100
    end = apply(s, Play(parse_card("10b")))     # the Ribbon: no automatic win
    assert end.phase == Phase.PLAY
    s = setup_state(RULES, ["10a 1c", "2c 3c"], "10c", "6c 6d 4c 4d",
                    ["5a 12a", "7a 8a 9a"])
    end = apply(s, Play(parse_card("10a")))
    assert end.phase == Phase.ROUND_OVER
    assert end.result.winner == 0 and end.result.reason == "automatic win"
    assert end.result.points == (0, 100)        # the yaku totals, reported
    assert "automatic win" in end.result.report.title
    assert len(end.hand(0)) == 1                # the round ended with cards in hand


def test_an_automatic_win_is_worth_no_points():
    with pytest.raises(OptionError, match="points are 0"):
        YakuTable(G, (YakuRule("a", "A", "", 5, cards=(Card(0),), group="g",
                               automatic_win=True),))


def test_a_table_without_automatic_wins_plays_as_before():
    table = YakuTable(G, (BIG,))
    rules = CaptureRules(name="plain", deals={2: (8, 8)}, round_end="hands_empty", yaku=table,
                         overlay=CardValueSettlement(chart=table))
    s = setup_state(rules, ["9a 1c", "2c 3c"], "9c", "6c 6d 4c 4d", ["7a 8a", ""])
    after = apply(s, Play(parse_card("9a")))
    assert after.phase == Phase.PLAY and after.yaku_points(0) == 100


def test_a_pile_report_says_the_automatic_win():
    notes = RULES.overlay.pile_report(RULES, CardSet.parse("5a 10a 12a").mask).notes
    assert "Front Five Ten Twelve is an automatic win: it wins the round at once" in notes
