"""A3: a capture round that ends on the first yaku (``CaptureRules.round_end="first_yaku"``,
Hana-Awase 2): the maker's turn is complete, the round is settled at once with the maker
as the winner (the overlay's ``settle``), and the cards still out are nobody's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet
from hanafuda_core.engines.capture import (
    ROUND_ENDS,
    CaptureRules,
    Phase,
    apply,
    fast_random_round,
    setup_state,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

C = Card
TABLE = YakuTable((YakuGroup("ribbons", "Ribbons", "each"),), (
    YakuRule("poetry", "Poetry Ribbons", "", 40,
             cards=(C.PINE_RIBBON, C.PLUM_RIBBON, C.CHERRY_RIBBON), group="ribbons"),
    YakuRule("purple", "Purple Ribbons", "", 40,
             cards=(C.PEONY_RIBBON, C.CHRYSANTHEMUM_RIBBON, C.MAPLE_RIBBON),
             group="ribbons")))
FIRST = CaptureRules(players=3, deals={3: (7, 6)}, yaku=TABLE, round_end="first_yaku")
PLAYED_OUT = CaptureRules(players=3, deals={3: (7, 6)}, yaku=TABLE)


def test_the_round_ends_in_the_turn_that_makes_the_first_yaku():
    # seat 0 holds two Poetry Ribbons; it plays the Cherry Ribbon onto a Cherry Chaff
    # and then turns up a card of no match: the turn is complete, the round is over
    hands = ["3b 5c", "6c", "10c"]
    state = setup_state(FIRST, hands, field="3c", stock="7c 8c 11c",
                        captures=["1b 2b", "", ""])
    end = apply(state, "play 3b")
    assert end.phase == Phase.ROUND_OVER and end.result.winner == 0
    assert end.captures(0) == CardSet.parse("1b 2b 3b 3c")
    assert end.hand(0) == CardSet.parse("5c") and end.stock_size == 2    # drawn: 7c
    assert CardSet.parse("7c") <= end.field
    # the same turn under the basics: play goes on to the next player
    on = apply(setup_state(PLAYED_OUT, hands, field="3c", stock="7c 8c 11c",
                           captures=["1b 2b", "", ""]), "play 3b")
    assert on.phase == Phase.PLAY and on.player == 1 and on.result is None


def test_a_yaku_made_by_the_drawn_card_ends_the_round_too():
    state = setup_state(FIRST, ["4c", "9c", "11c"], field="3c", stock="6c 3b 12c",
                        captures=["", "1b 2b", ""])
    state = apply(state, "play 4c")                 # 4c and 6c join the field
    assert state.phase == Phase.PLAY and state.player == 1
    end = apply(state, "play 9c")                   # 9c to the field, 3b takes 3c
    assert end.phase == Phase.ROUND_OVER and end.result.winner == 1
    assert end.hand(2) == CardSet.parse("11c") and end.stock_size == 1


def test_a_pile_holding_a_yaku_before_does_not_end_the_round_again():
    """Only the first yaku ends it: a side whose yaku were already there (a set-up
    position) and grow does not end the round (the signature was not empty)."""
    state = setup_state(FIRST, ["6b 5c", "7c", "10c"], field="6c", stock="8c 11c 12c",
                        captures=["1b 2b 3b 9b 10b", "", ""])
    after = apply(state, "play 6b")                 # Purple Ribbons join Poetry Ribbons
    assert after.phase == Phase.PLAY and after.player == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_round_ends_with_one_maker_or_none(seed):
    end = fast_random_round(FIRST, random.Random(seed))
    makers = [s for s in range(3) if end.sigs[s]]
    assert end.phase == Phase.ROUND_OVER and len(makers) <= 1
    if makers:
        assert end.result.winner == makers[0] == end.player and end.result.reason == "stop"
    else:
        assert end.card_count() == 48 and end.stock_size == 0 and not any(end.hands_m)


def test_the_round_end_is_checked_and_needs_a_yaku_chart():
    assert "first_yaku" in ROUND_ENDS
    with pytest.raises(OptionError, match="needs a yaku chart"):
        CaptureRules(round_end="first_yaku")
    with pytest.raises(OptionError, match="all_cards, hands_empty, first_yaku"):
        CaptureRules(round_end="first_card")
