"""B7: cards set aside face down at the deal (CaptureRules.aside).

Tensho deals 6 to each hand and 9 to the field, then sets 6 cards aside, out of the
round: they are never drawn, never seen, and the stock is what is left."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card
from hanafuda_core.engines.capture import (
    CaptureRules,
    DealRecord,
    Phase,
    deal_from_order,
    fast_random_round,
    new_round,
    replay,
    view,
)
from hanafuda_core.errors import OptionError, PlayerCountError

RULES = CaptureRules(name="aside test", deals={2: (6, 9)}, aside=6, round_end="hands_empty")
ORDER = tuple(range(48))


def test_aside_cards_leave_the_order_after_the_field():
    s = deal_from_order(RULES, ORDER)
    assert s.deal.aside == tuple(range(21, 27))           # after 12 hand and 9 field cards
    assert s.stock == tuple(range(27, 48))                 # the stock starts after them
    assert s.hand(0).mask == (1 << 6) - 1 and s.field.mask == ((1 << 21) - 1) & ~((1 << 12) - 1)
    assert s.card_count() == 48


def test_aside_cards_are_unseen_and_never_drawn():
    s = fast_random_round(RULES, random.Random(3))
    assert s.phase == Phase.ROUND_OVER
    aside = set(s.deal.aside)
    seen = s.field_m
    for c in s.caps_m:
        seen |= c
    assert not any(seen >> c & 1 for c in aside)
    assert s.card_count() == 48
    v = view(new_round(RULES, 5), 0)
    assert all(Card(c) in v.unseen for c in new_round(RULES, 5).deal.aside)


def test_no_aside_is_the_usual_deal():
    plain = CaptureRules(name="plain", deals={2: (6, 9)})
    assert deal_from_order(plain, ORDER).deal.aside == ()
    assert deal_from_order(plain, ORDER).stock == tuple(range(21, 48))


def test_replay_rebuilds_the_aside_cards():
    s = new_round(RULES, 11)
    again = replay(RULES, DealRecord.from_dict(s.deal.to_dict()), [])[0]
    assert again.deal.aside == s.deal.aside and again.stock == s.stock


def test_bad_aside_counts_are_refused():
    with pytest.raises(OptionError, match="set aside"):
        CaptureRules(name="x", deals={2: (6, 9)}, aside=-1)
    with pytest.raises(PlayerCountError, match="6 cards set aside"):
        CaptureRules(name="x", deals={2: (8, 30)}, aside=6)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10))
def test_random_rounds_keep_every_card_with_any_aside_count(seed, aside):
    rules = CaptureRules(name="x", deals={2: (6, 9)}, aside=aside, round_end="hands_empty")
    s = fast_random_round(rules, random.Random(seed))
    assert len(s.deal.aside) == aside and s.card_count() == 48
