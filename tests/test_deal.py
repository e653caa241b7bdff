"""The capture basics' deal: sizes, misdeals, redeals and hiki (rulebook ch. 3)."""

from __future__ import annotations

import pytest

from hanafuda_core.cards import DECK, CardSet
from hanafuda_core.deal import BASIC_DEALS, MisdealRules, deal, deal_valid, field_hiki, misdeals
from hanafuda_core.errors import PlayerCountError


@pytest.mark.parametrize("players, hand, field", [(2, 8, 8), (3, 7, 6), (4, 5, 8)])
def test_book_basics_deal_sizes(players, hand, field):
    assert BASIC_DEALS[players] == (hand, field)
    d = deal(players, seed=11)
    assert [len(h) for h in d.hands] == [hand] * players
    assert len(d.field) == field
    assert len(d.stock) == 48 - players * hand - field


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_conserves_the_deck(players):
    for seed in range(50):
        d = deal(players, seed=seed)
        everything = CardSet(d.stock)
        for part in (*d.hands, d.field):
            assert not (everything & part), "a card was dealt twice"
            everything = everything | part
        assert everything == CardSet(DECK)


def test_same_seed_same_deal_and_different_seeds_differ():
    assert deal(3, seed=5) == deal(3, seed=5)
    assert deal(3, seed=5).hands != deal(3, seed=6).hands


def test_wrong_player_count_is_refused_with_the_allowed_counts():
    with pytest.raises(PlayerCountError, match="2, 3, 4 players, not 5"):
        deal(5, seed=1)


def test_book_misdeal_four_of_a_month_on_the_field():
    found = misdeals([CardSet()], CardSet.parse("3a 3b 3c 3d 1a"))
    assert [m.describe() for m in found] == ["the field holds all four cards of March"]


def test_book_misdeal_four_of_a_month_in_a_hand():
    found = misdeals([CardSet.parse("1a 2a"), CardSet.parse("9a 9b 9c 9d")], CardSet())
    assert [m.describe() for m in found] == ["player 2 holds all four cards of September"]


def test_book_misdeal_four_pairs_in_a_hand():
    hand = CardSet.parse("1a 1b 2a 2b 3a 3b 4a 4b")
    assert [m.pattern for m in misdeals([hand], CardSet())] == ["four pairs"]


def test_min_hwatu_five_pairs_in_a_ten_card_hand_is_a_misdeal():
    """A ten-card hand can hold five pairs; the basics' four pairs read as four or more."""
    hand = CardSet.parse("1a 1b 2a 2b 3a 3b 4a 4b 5a 5b")
    found = misdeals([hand], CardSet())
    assert [m.describe() for m in found] == [
        "player 1 holds five pairs (January, February, March, April, May)"]


def test_hana_awase_1_has_no_four_pairs_rule():
    hand = CardSet.parse("1a 1b 2a 2b 3a 3b 4a 4b")
    assert misdeals([hand], CardSet(), MisdealRules(four_pairs=False)) == ()


def test_three_pairs_is_not_a_misdeal():
    hand = CardSet.parse("1a 1b 2a 2b 3a 3b 4a 5a")
    assert misdeals([hand], CardSet()) == ()


def test_book_hiki_three_of_a_month_on_the_field():
    assert field_hiki(CardSet.parse("8a 8b 8c 1a 2a")) == (8,)
    assert field_hiki(CardSet.parse("8a 8b 1a")) == ()


def test_misdeals_happen_and_deal_valid_redeals_with_the_same_seed():
    seeds = [s for s in range(400) if deal(2, seed=s).is_misdeal]
    assert seeds, "some seed in 400 should misdeal"
    seed = seeds[0]
    valid = deal_valid(2, seed)
    assert not valid.is_misdeal and valid.redeals >= 1
    assert valid == deal_valid(2, seed)


def test_deal_to_dict_uses_codes():
    data = deal(2, seed=1).to_dict()
    assert set(data) >= {"hands", "field", "stock", "misdeals", "hiki"}
    assert len(data["hands"][0]) == 8 and all(isinstance(c, str) for c in data["field"])
