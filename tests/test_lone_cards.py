"""B8: lone cards go straight to the pile (CaptureRules.lone_cards).

Tensho's deck keeps one December card, the Phoenix: dealt to a hand it goes to that
player's pile at the deal; drawn, to the drawer's pile; on the field nothing takes it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet, parse_card
from hanafuda_core.engines.capture import (
    CaptureRules,
    Phase,
    Play,
    apply,
    deal_from_order,
    fast_random_round,
    setup_state,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.games.catalog import deck_for

DECK = tuple(deck_for("tensho-simplified"))
PHOENIX = Card.PAULOWNIA_PHOENIX
RULES = CaptureRules(name="lone test", deck=DECK, deals={2: (6, 9)}, aside=6,
                     round_end="hands_empty", lone_cards=(PHOENIX,))


def _order_with(card, index):
    rest = [c for c in map(int, DECK) if c != card]
    return tuple(rest[:index] + [int(card)] + rest[index:])


def test_lone_card_dealt_to_a_hand_goes_to_the_pile():
    s = deal_from_order(RULES, _order_with(PHOENIX, 7), dealer=0)   # seat 2's hand
    assert PHOENIX not in s.hand(1) and len(s.hand(1)) == 5
    assert PHOENIX in s.captures(1)
    assert any("Phoenix" in e and "player 2" in e for e in s.deal.events)
    assert s.card_count() == 45


def test_lone_card_on_the_field_is_never_taken():
    s = deal_from_order(RULES, _order_with(PHOENIX, 12))           # the first field card
    assert PHOENIX in s.field
    for seed in range(5):
        end = fast_random_round(RULES, random.Random(seed))
        if PHOENIX in end.dealt_field:
            assert PHOENIX in end.field


def test_lone_card_drawn_goes_to_the_drawers_pile():
    s = setup_state(RULES, ["1a", "2c"], "5c", "12a 3c")
    s = apply(s, Play(parse_card("1a")))
    assert PHOENIX in s.captures(0) and PHOENIX not in s.field
    assert parse_card("1a") in s.field


def test_lone_card_played_goes_to_the_pile_when_kept_in_hand():
    rules = CaptureRules(name="lone on play", deck=DECK, deals={2: (6, 9)},
                         lone_cards=(PHOENIX,), lone_on_play=True, round_end="hands_empty")
    s = deal_from_order(rules, _order_with(PHOENIX, 0))
    assert PHOENIX in s.hand(0)
    s = apply(s, Play(PHOENIX))
    assert PHOENIX in s.captures(0)


def test_a_card_with_month_mates_is_no_lone_card():
    with pytest.raises(OptionError, match="only card of its month"):
        CaptureRules(name="x", lone_cards=(PHOENIX,))        # the full deck has 12b-12d


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_the_phoenix_ends_in_a_pile_unless_dealt_to_the_field(seed):
    end = fast_random_round(RULES, random.Random(seed))
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 45
    where = [p for p in range(2) if PHOENIX in end.captures(p)]
    if PHOENIX in end.dealt_field:
        assert not where
    elif PHOENIX not in CardSet(end.deal.aside) and PHOENIX not in end.stock[end.pos:]:
        assert len(where) == 1


def test_narration_tells_the_lone_card_going_to_the_pile():
    from hanafuda_core import narration
    s = setup_state(RULES, ["1a", "2c"], "5c", "12a 3c")
    after = apply(s, Play(parse_card("1a")))
    step = narration.story(s, Play(parse_card("1a")), after)
    assert PHOENIX in step.captured(0)
    assert any("Phoenix, the only card of its month: it goes straight to their pile" in line
               for line in narration.log_lines(step, ["A", "B"]))
    assert "goes straight to the captured cards" in narration.describe(step, ["A", "B"])
