"""B9: one card from each slot (YakuRule.slots).

Tensho's One Four Twelve: any card of January, any of April and the December card.
The generated evaluator, the plain loop and the explained path agree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import MONTH_MASKS, Card, CardSet
from hanafuda_core.errors import OptionError
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable


def _month(m):
    return tuple(Card(4 * (m - 1) + i) for i in range(4))


SLOTS = (_month(1), _month(4), (Card.PAULOWNIA_PHOENIX,))
RULE = YakuRule("one_four_twelve", "One Four Twelve", "", 30, slots=SLOTS,
                cards=(Card(2), Card(14), Card.PAULOWNIA_PHOENIX), group="g")
TABLE = YakuTable((YakuGroup("g", "G", "each"),),
                  (RULE, YakuRule("front", "Front", "", 100, cards=(Card(0), Card(4)),
                                  group="g")))


@pytest.mark.parametrize("pile,made", [("1c 4c 12a", True), ("1a 1b 4a 4b 12a", True),
                                       ("1c 1d 4c", False), ("4c 12a 2a", False),
                                       ("1a 2a 12a", False)])
def test_one_card_of_each_slot(pile, made):
    ev = TABLE.evaluate(CardSet.parse(pile))
    assert ("one_four_twelve" in ev.keys) is made
    assert TABLE.points(CardSet.parse(pile).mask) == (30 if made else 0) + \
        (100 if {"front"} <= set(ev.keys) else 0)


def test_explained_hit_shows_the_slot_cards_held():
    hit = TABLE.evaluate(CardSet.parse("1c 4c 4d 12a 7a")).hits[0]
    assert hit.cards == CardSet.parse("1c 4c 4d 12a")


def test_slots_need_cards_and_no_predicate():
    with pytest.raises(OptionError, match="slots"):
        YakuTable((), (YakuRule("x", "X", "", 1, slots=((), (Card(0),))),))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, (1 << 48) - 1))
def test_generated_evaluator_agrees_with_the_rule(mask):
    want = all(mask & sum(1 << c for c in s) for s in SLOTS)
    got = TABLE.quick(mask)
    assert (0 in [i for i, _ in got[1]]) is want
    assert got == TABLE._run(TABLE._compiled[0][1], mask, 0)
    assert bool(want) == bool(mask & MONTH_MASKS[0] and mask & MONTH_MASKS[3] and mask >> 44 & 1)
