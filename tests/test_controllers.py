"""Controllers of the deck explorer and the sample deal (pure Python, no widgets)."""

from __future__ import annotations

import random

import pytest

from hanafuda_core.cards import CARD_INFO, DECK, Card, Kind, Ribbon, parse_cards
from hanafuda_core.controllers import (
    MAX_SEED,
    CardFacts,
    DealController,
    DeckController,
    month_label,
)
from hanafuda_core.deal import BASIC_DEALS, deal
from hanafuda_core.errors import HanafudaError, PlayerCountError, UnknownCardError

# Seeds found by dealing (checked again in the tests, so a change in the core shows up).
SEED_HAND_FOUR_2P = 33      # player 2 is dealt all four July cards
SEED_FOUR_PAIRS_2P = 50     # player 1 is dealt four pairs
SEED_FIELD_FOUR_4P = 18     # all four July cards land on the field
SEED_HIKI_2P = 1            # three June cards on the field
SEED_CLEAN_2P = 7           # neither misdeal nor hiki


def codes(cards):
    return [c.code for c in cards]


# -- deck explorer -----------------------------------------------------------

def test_deck_filter_month_november_is_the_four_willow_cards():
    ctl = DeckController()
    assert codes(ctl.set_filters(month=11)) == ["11a", "11b", "11c", "11d"]
    assert {CARD_INFO[c].flower.english for c in ctl.matching()} == {"Willow"}


def test_deck_filter_kind_bright_gives_the_five_brights():
    ctl = DeckController()
    brights = ctl.set_filters(kind=Kind.BRIGHT)
    assert [c.title for c in brights] == ["Crane", "Curtain", "Moon", "Rainman", "Phoenix"]


def test_deck_filter_purple_ribbons_are_june_september_october():
    ctl = DeckController()
    assert codes(ctl.set_filters(ribbon="purple")) == ["6b", "9b", "10b"]


def test_deck_filter_named_cards_only():
    ctl = DeckController()
    named = ctl.set_filters(named_only=True)
    assert named == tuple(c for c in DECK if CARD_INFO[c].named)
    assert "Storm" in [c.title for c in named] and "Special Paulownia" in [c.title for c in named]
    assert not any(c.kind is Kind.RIBBON for c in named)


def test_deck_filters_combine_and_keep_or_move_the_selection():
    ctl = DeckController()
    ctl.select("8b")
    assert codes(ctl.set_filters(month=8)) == ["8a", "8b", "8c", "8d"]
    assert ctl.selected is Card.SUSUKI_GEESE          # still matches: kept
    assert codes(ctl.set_filters(kind="bright")) == ["8a"]
    assert ctl.selected is Card.SUSUKI_MOON           # moved to the first match
    assert ctl.set_filters(ribbon=Ribbon.PLAIN) == ()  # the August Bright has no ribbon
    assert ctl.selected is None and ctl.facts() is None
    assert len(ctl.set_filters(month=None, kind=None, ribbon=None)) == 48


def test_deck_filter_bad_values_raise_and_change_nothing():
    ctl = DeckController()
    ctl.set_filters(month=3)
    for bad in ({"month": 13}, {"month": 0}, {"kind": "joker"}, {"ribbon": "green"},
                {"month": True}):
        with pytest.raises(HanafudaError):
            ctl.set_filters(**bad)
    assert ctl.month == 3 and codes(ctl.matching()) == ["3a", "3b", "3c", "3d"]
    with pytest.raises(HanafudaError, match="japanese or korean"):
        ctl.set_order("tensho")
    with pytest.raises(UnknownCardError):
        ctl.select("13a")


def test_deck_facts_sake_cup_dual_role():
    facts = DeckController().select("sake cup")
    assert facts.code == "9a" and facts.kind is Kind.TEN and facts.value == 10
    assert facts.flower_english == "Chrysanthemum" and facts.flower_kanji == "菊"
    assert facts.flower_hangul == "국화" and facts.japanese == "菊に盃"
    assert facts.named == "Sake Cup" and facts.ribbon is None
    assert (facts.korean_month, facts.tensho_month) == (9, 9)
    assert not facts.wet
    assert any("Chaff" in note and "Ten" in note for note in facts.notes)
    rows = dict(facts.rows())
    assert rows["Kind"] == "Ten" and rows["Default value"] == "10 points"


def test_deck_facts_november_cards_are_wet_and_korean_month_12():
    for card in parse_cards("11a 11b 11c 11d"):
        facts = CardFacts.of(card)
        assert facts.wet and facts.korean_month == 12
        assert any("Dry" in note for note in facts.notes)
    storm = CardFacts.of("storm")
    assert storm.kind is Kind.CHAFF and any("wild" in n for n in storm.notes)
    special = CardFacts.of("12b")
    assert special.kind is Kind.CHAFF and special.korean_month == 11
    assert special.tensho_month == 6 and special.notes
    assert not CardFacts.of("1c").notes   # a plain chaff has nothing special to say


def test_deck_month_order_changes_labels_not_cards():
    ctl = DeckController()
    ctl.set_filters(month=11)
    ctl.set_order("korean")
    assert codes(ctl.matching()) == ["11a", "11b", "11c", "11d"]
    labels = [label for label, _ in ctl.month_options()]
    assert labels[-1] == month_label(11, "korean") and labels[-1].startswith("12 · December")
    assert [m for _, m in ctl.month_options()][-2:] == [12, 11]
    assert "month 12" in ctl.describe_filters()


# -- sample deal ---------------------------------------------------------------

def test_deal_same_seed_same_deal_and_seed_moves_on():
    a, b = DealController(seed=40), DealController(seed=40)
    first = a.deal()
    assert first == b.deal() == deal(2, 40)
    assert a.seed == 41
    second = a.deal()
    assert second.seed == 41 and second != first
    assert a.deal(seed=40) == first           # a teacher repeats the deal by its seed


def test_deal_seed_wraps_after_max():
    ctl = DealController(seed=MAX_SEED)
    ctl.deal()
    assert ctl.seed == 0


@pytest.mark.parametrize("players", sorted(BASIC_DEALS))
def test_deal_rows_follow_basic_deal_sizes(players):
    ctl = DealController(players=players)
    ctl.deal()
    hand, field = BASIC_DEALS[players]
    rows = ctl.rows()
    assert [label for label, _ in rows] == [f"Player {i}" for i in range(1, players + 1)] + [
        "Field", "Stock"]
    assert [len(cards) for _, cards in rows[:-1]] == [hand] * players + [field]
    assert rows[-1][1] == 48 - players * hand - field


@pytest.mark.parametrize("players, seed, expected", [
    (2, SEED_HAND_FOUR_2P, "Misdeal: player 2 holds all four cards of July."),
    (2, SEED_FOUR_PAIRS_2P, "Misdeal: player 1 holds four pairs (March, May, October, December)."),
    (4, SEED_FIELD_FOUR_4P, "Misdeal: the field holds all four cards of July."),
])
def test_book_basics_misdeal_is_flagged_in_words(players, seed, expected):
    ctl = DealController(players=players, seed=seed)
    dealt = ctl.deal()
    assert dealt.is_misdeal                          # one deal: the misdeal is kept to be seen
    assert ctl.misdeal_messages() == [expected]
    culprits = ctl.misdeal_cards()
    assert len(culprits) in (4, 8)                   # four of a month, or four pairs
    months = {m for md in dealt.misdeals for m in md.months}
    assert {c.month for c in culprits} == months


def test_book_basics_hiki_three_of_a_month_on_the_field():
    ctl = DealController(seed=SEED_HIKI_2P)
    dealt = ctl.deal()
    assert dealt.hiki == (6,)
    hiki = ctl.hiki_cards()
    assert len(hiki) == 3 and all(c.month == 6 for c in hiki) and hiki <= set(dealt.field)
    assert "three June (Peony) cards" in ctl.hiki_messages()[0]
    clean = DealController(seed=SEED_CLEAN_2P)
    clean.deal()
    assert clean.hiki_cards() == frozenset() and clean.misdeal_messages() == []
    assert clean.misdeal_cards() == frozenset()


def test_deal_five_players_refused_state_unchanged():
    ctl = DealController(players=3, seed=12)
    before = ctl.deal()
    with pytest.raises(PlayerCountError, match="2, 3 or 4 players, not 5"):
        ctl.deal(players=5)
    with pytest.raises(PlayerCountError):
        ctl.set_players(5)
    assert (ctl.players, ctl.seed, ctl.last) == (3, 13, before)


@pytest.mark.parametrize("bad", [-1, MAX_SEED + 1, 10**30, 2.5, "7", True])
def test_deal_bad_seed_refused_state_unchanged(bad):
    ctl = DealController(seed=5)
    before = ctl.deal()
    with pytest.raises(HanafudaError, match="seed must be a whole number from 0"):
        ctl.deal(seed=bad)
    with pytest.raises(HanafudaError):
        ctl.set_seed(bad)
    assert (ctl.seed, ctl.last) == (6, before)


def test_deal_new_seed_is_in_range_and_used():
    ctl = DealController()
    seed = ctl.new_seed(random.Random(3))
    assert 0 <= seed <= MAX_SEED and ctl.seed == seed
    assert ctl.deal().seed == seed


def test_deal_answers_need_a_deal_first():
    with pytest.raises(HanafudaError, match="deal first"):
        DealController().rows()


@pytest.mark.parametrize("key, players, hand, field", [
    ("mushi", 2, 8, 8), ("hachihachi", 4, 7, 6), ("simplified", 4, 5, 8)])
def test_sample_deal_of_a_game_uses_its_own_deck_and_deal(key, players, hand, field):
    from hanafuda_core.games.catalog import deck_for
    ctl = DealController(players=players, game=key)
    dealt = ctl.deal()
    deck = {c for c in deck_for(key) if isinstance(c, Card)}
    seen = [c for h in dealt.hands for c in h] + list(dealt.field) + list(dealt.stock)
    assert sorted(seen) == sorted(deck) and len(seen) == len(set(seen))
    assert [len(h) for h in dealt.hands] == [hand] * players and len(dealt.field) == field
    assert f"{hand} cards to each player, {field} to the field" in ctl.summary()


def test_sample_deal_of_mushi_refuses_three_players_and_keeps_its_state():
    ctl = DealController(game="mushi")
    assert ctl.players == 2 and ctl.player_choices() == (2,)
    with pytest.raises(PlayerCountError, match="for 2 players, not 3"):
        ctl.set_players(3)
    assert ctl.players == 2


def _deal_tool_counts():
    from hanafuda_core.games import all_games
    return [(g.key, n) for g in all_games() if g.family == "capture" and g.deals
            for n in sorted(g.deals)]


@pytest.mark.parametrize("key, players", _deal_tool_counts())
def test_every_count_the_deal_tab_offers_deals_the_games_own_deck(key, players):
    """The Deal tab deals each count it offers with the cards the game plays with: its
    Jokers, and the blank card or Joker seven players add (Go-Stop and Hachi-Hachi at
    seven failed: their 49th card was left out)."""
    from hanafuda_core.games import get_game as info_of
    from hanafuda_core.games.catalog import deck_for
    from hanafuda_core.registry import entry as registry_entry
    from hanafuda_core.teach.facts import deal_rows
    from hanafuda_core.widgets.deal import SampleDeal
    ctl = DealController(game=key, seed=random.Random(players).randrange(1000))
    assert players in ctl.player_choices()
    view = SampleDeal(ctl, deal_now=False)
    assert view.deal(players=players), view.message.value
    dealt = ctl.last
    cards = [c for h in dealt.hands for c in h] + list(dealt.field) + list(dealt.stock)
    assert len(set(cards)) == len(cards)
    row = next((r for r in deal_rows(key) if r["Players"] == players), None) \
        if registry_entry(key).playable else None
    stock = next(n for label, n in ctl.rows() if label == "Stock")
    if row is not None:
        # the stock the chapter's deal table gives (its rules' deck: Go-Stop's two Jokers;
        # Tensho's cards set aside are not in it)
        assert stock == row["Stock"]
    else:
        assert sorted(cards) == deck_for(info_of(key), players)
    assert stock + dict(ctl.rows()).get("Aside", 0) == len(dealt.stock)
    shown = [c for _, row in ctl.rows() if not isinstance(row, int) for c in row]
    assert len(shown) == len(cards) - len(dealt.stock)
    note = info_of(key).deals[players].note
    assert ctl.summary().endswith(f"({note})" if note else " in the stock")
