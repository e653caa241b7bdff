"""A10: card values per card (``CardValueSettlement.card_values``), overriding a kind's value."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import CARD_INFO, Card, CardSet, Kind
from hanafuda_core.errors import HanafudaError
from hanafuda_core.families.capture.settlement import CardValueSettlement

SIX = CardValueSettlement(values=(50, 10, 10, 0),
                          card_values=((Card.PLUM_NIGHTINGALE, 50), (Card.PAULOWNIA_SPECIAL, 10)))
_KIND_ORDER = (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)


def test_the_overridden_cards_are_worth_their_own_value():
    assert SIX.card_points(CardSet.parse("2a").mask) == 50
    assert SIX.card_points(CardSet.parse("12b").mask) == 10
    assert SIX.card_points(CardSet.parse("12c 12d 11d").mask) == 0
    assert SIX.card_points(CardSet.parse("9a 10a").mask) == 20


def test_the_whole_deck_is_the_sum_of_the_table():
    # 5 Brights x 50 + the Nightingale 50 + 8 other Tens x 10 + 10 Ribbons x 10 + 12b 10
    assert SIX.card_points(CardSet.deck().mask) == 490


def test_no_overrides_is_the_kind_table():
    plain = CardValueSettlement()
    assert plain.card_points(CardSet.deck().mask) == 264


def test_a_later_pair_overrides_an_earlier_one():
    s = CardValueSettlement(card_values=((Card.SUSUKI_MOON, 5), (Card.SUSUKI_MOON, 7)))
    assert s.card_points(1 << Card.SUSUKI_MOON) == 7 == s.card_value(Card.SUSUKI_MOON)


@pytest.mark.parametrize("bad", [((48, 5),), ((Card.PINE_CRANE, "5"),), ((True, 5),),
                                 ((Card.PINE_CRANE,),)])
def test_malformed_card_values_are_refused(bad):
    with pytest.raises(HanafudaError, match="card_values"):
        CardValueSettlement(card_values=bad)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 47)),
       st.lists(st.tuples(st.integers(0, 47), st.integers(-5, 80)), max_size=6))
def test_card_points_is_the_sum_of_each_cards_value(pile, overrides):
    s = CardValueSettlement(values=(50, 10, 10, 0),
                            card_values=tuple((Card(c), v) for c, v in overrides))
    mask = sum(1 << c for c in pile)
    want = 0
    for c in pile:
        own = [v for k, v in overrides if k == c]
        want += own[-1] if own else s.values[_KIND_ORDER.index(CARD_INFO[c].kind)]
    assert s.card_points(mask) == want == sum(s.card_value(c) for c in pile)
