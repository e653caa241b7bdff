"""The deck: facts, names, notation and card sets (rulebook ch. 2; seed catalog §1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import (
    CARD_INFO,
    DECK,
    DEFAULT_VALUES,
    FLOWERS,
    MONTH_ORDERS,
    Card,
    CardSet,
    Extra,
    Kind,
    Ribbon,
    card_names,
    format_cards,
    month_in_order,
    parse_card,
    parse_cards,
)
from hanafuda_core.errors import HanafudaError, UnknownCardError


def test_deck_has_48_cards_four_a_month():
    assert len(DECK) == 48
    for month in range(1, 13):
        cards = [c for c in DECK if c.month == month]
        assert len(cards) == 4
        assert all(c // 4 == month - 1 for c in cards)


def test_deck_counts_by_kind_are_5_9_10_24():
    counts = {k: sum(1 for c in DECK if c.kind is k) for k in Kind}
    assert counts == {Kind.BRIGHT: 5, Kind.TEN: 9, Kind.RIBBON: 10, Kind.CHAFF: 24}


def test_deck_is_worth_264_points_so_a_third_is_88():
    total = sum(DEFAULT_VALUES[c.kind] for c in DECK)
    assert total == 264 == CardSet.deck().value()
    assert total // 3 == 88


def test_ribbon_colours_three_poetry_three_purple_four_plain():
    by_colour = {r: [c.month for c in DECK if c.ribbon is r] for r in Ribbon}
    assert by_colour == {Ribbon.POETRY: [1, 2, 3], Ribbon.PURPLE: [6, 9, 10],
                         Ribbon.PLAIN: [4, 5, 7, 11]}
    assert all((c.ribbon is None) == (c.kind is not Kind.RIBBON) for c in DECK)


def test_brights_are_crane_curtain_moon_rainman_phoenix():
    brights = [c.title for c in DECK if c.kind is Kind.BRIGHT]
    assert brights == ["Crane", "Curtain", "Moon", "Rainman", "Phoenix"]


def test_named_cards_by_month():
    named = {c.info.named: c.month for c in DECK if c.info.named}
    assert named == {
        "Crane": 1, "Nightingale": 2, "Curtain": 3, "Cuckoo": 4, "Bridge": 5, "Butterfly": 6,
        "Boar": 7, "Moon": 8, "Geese": 8, "Sake Cup": 9, "Deer": 10, "Rainman": 11,
        "Swallow": 11, "Storm": 11, "Phoenix": 12, "Special Paulownia": 12}
    assert Card.WILLOW_STORM.kind is Kind.CHAFF
    assert Card.PAULOWNIA_SPECIAL.kind is Kind.CHAFF


def test_cards_are_ordered_highest_value_first_within_a_month():
    for month in range(12):
        values = [DEFAULT_VALUES[Card(4 * month + i).kind] for i in range(4)]
        assert values == sorted(values, reverse=True)


def test_flowers_have_names_in_three_languages():
    assert [f.english for f in FLOWERS][:3] == ["Pine", "Plum", "Cherry"]
    for flower in FLOWERS:
        assert flower.kanji and flower.romaji and flower.hangul and flower.month_name
    assert all(info.japanese and info.romaji for info in CARD_INFO)


def test_korean_order_swaps_november_and_december():
    assert month_in_order(Card.WILLOW_RAINMAN, "korean") == 12
    assert month_in_order(Card.PAULOWNIA_PHOENIX, "korean") == 11
    assert [month_in_order(Card(4 * m), "korean") for m in range(10)] == list(range(1, 11))
    for order in MONTH_ORDERS.values():
        assert sorted(order) == list(range(1, 13))


def test_tensho_order_moves_willow_paulownia_peony_plum():
    moved = {FLOWERS[m].english: MONTH_ORDERS["tensho"][m] for m in range(12)
             if MONTH_ORDERS["tensho"][m] != m + 1}
    assert moved == {"Plum": 12, "Peony": 11, "Willow": 2, "Paulownia": 6}


def test_unknown_month_order_names_the_known_ones():
    with pytest.raises(ValueError, match="japanese, korean, tensho"):
        month_in_order(Card.PINE_CRANE, "western")


# --- notation ---------------------------------------------------------------

def test_every_code_round_trips():
    for card in DECK:
        assert parse_card(card.code) is card
        assert parse_card(card.name) is card
        assert parse_card(card.title) is card
        assert parse_card(int(card)) is card


def test_codes_are_month_and_letter():
    assert [c.code for c in DECK[:5]] == ["1a", "1b", "1c", "1d", "2a"]
    assert Card.PAULOWNIA_CHAFF_2.code == "12d"


@pytest.mark.parametrize("text, card", [
    ("crane", Card.PINE_CRANE), ("RAINMAN", Card.WILLOW_RAINMAN),
    ("rain man", Card.WILLOW_RAINMAN), ("sake cup", Card.CHRYSANTHEMUM_SAKE),
    ("Sake", Card.CHRYSANTHEMUM_SAKE), ("lightning", Card.WILLOW_STORM),
    ("warbler", Card.PLUM_NIGHTINGALE), ("banner", Card.CHERRY_CURTAIN),
    ("  Boar ", Card.CLOVER_BOAR), ("pine_ribbon", Card.PINE_RIBBON),
    ("January chaff 2", Card.PINE_CHAFF_2), ("11D", Card.WILLOW_STORM),
])
def test_parse_accepts_names_aliases_and_ids_case_insensitively(text, card):
    assert parse_card(text) is card


def test_unknown_name_says_which_names_are_close():
    with pytest.raises(UnknownCardError) as err:
        parse_card("cran")
    message = str(err.value)
    assert "'cran'" in message and "crane" in message and "1a to 12d" in message


def test_unknown_id_says_the_range():
    with pytest.raises(UnknownCardError, match="0 to 47"):
        parse_card(99)


def test_card_errors_are_value_errors():
    assert issubclass(UnknownCardError, HanafudaError)
    assert issubclass(UnknownCardError, ValueError)


def test_extras_need_to_be_asked_for():
    with pytest.raises(UnknownCardError, match="not one of the 48"):
        parse_card("blank")
    assert parse_card("blank", extras=True) is Extra.BLANK
    assert parse_card("joker 3", extras=True) is Extra.JOKER_3


def test_parse_cards_reads_codes_and_comma_separated_names():
    assert parse_cards("1a 3a 8a") == [Card.PINE_CRANE, Card.CHERRY_CURTAIN, Card.SUSUKI_MOON]
    assert parse_cards("sake cup, moon") == [Card.CHRYSANTHEMUM_SAKE, Card.SUSUKI_MOON]


def test_parse_cards_refuses_a_card_written_twice():
    with pytest.raises(UnknownCardError, match="written twice"):
        parse_cards("1a crane")


def test_format_cards_sorts_into_deck_order():
    assert format_cards([Card.SUSUKI_MOON, Card.PINE_CRANE]) == "1a 8a"


def test_no_name_is_ambiguous():
    # Every accepted name leads to one card: parse(name) is stable.
    for name in card_names():
        assert parse_card(name, extras=True) is parse_card(name, extras=True)


# --- card sets ----------------------------------------------------------------

def test_cardset_round_trips_random_subsets():
    rng = random.Random(3)
    for _ in range(200):
        cards = rng.sample(DECK, rng.randrange(49))
        s = CardSet(cards)
        assert CardSet.parse(s.format()) == s
        assert len(s) == len(cards)
        assert list(s) == sorted(cards)


def test_cardset_is_an_int_bitmask_inside():
    s = CardSet.parse("1a 1b")
    assert s.mask == 0b11
    assert CardSet.from_mask(0b11) == s


@pytest.mark.parametrize("card", [*Card, *Extra])
def test_cardset_of_one_card_holds_that_card_not_its_id_as_a_mask(card):
    """A single card is a one-card set (a plain int is still a mask); it used to raise
    TypeError because a card is not iterable."""
    assert list(CardSet(card)) == [card]
    assert CardSet(card) == CardSet([card])
    assert CardSet(int(card)).mask == int(card)


def test_cardset_algebra():
    a, b = CardSet.parse("1a 1b 8a"), CardSet.parse("8a 11a")
    assert (a | b).format() == "1a 1b 8a 11a"
    assert (a & b).format() == "8a"
    assert (a - b).format() == "1a 1b"
    assert CardSet.parse("8a") <= a
    assert a.add(Card.WILLOW_RAINMAN).format() == "1a 1b 8a 11a"
    assert a.remove(Card.PINE_CRANE).format() == "1b 8a"


def test_cardset_remove_missing_card_explains():
    with pytest.raises(UnknownCardError, match="not in this set"):
        CardSet.parse("1a").remove(Card.SUSUKI_MOON)


def test_cardset_is_immutable_and_hashable():
    s = CardSet.parse("1a")
    with pytest.raises(AttributeError):
        s._mask = 5
    assert {s: 1}[CardSet.parse("1a")] == 1


def test_cardset_counts_and_months():
    s = CardSet.parse("1a 1b 1c 8a 8b 9a")
    assert s.count(Kind.BRIGHT) == 2 and s.count(Kind.TEN) == 2
    assert s.count(Ribbon.POETRY) == 1
    assert s.months() == {1: 3, 8: 2, 9: 1}
    assert s.of_month(8).format() == "8a 8b"
    assert s.value() == 20 + 5 + 1 + 20 + 10 + 10
    assert s.value({Kind.BRIGHT: 50, Kind.TEN: 10, Kind.RIBBON: 10, Kind.CHAFF: 0}) == 130


def test_cardset_str_lists_names():
    assert str(CardSet.parse("1a 9a")) == "Crane, Sake Cup"
    assert str(CardSet()) == "(no cards)"


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(list(Card))), st.sets(st.sampled_from(list(Extra))))
def test_as_cards_gives_a_set_of_the_48_as_cards_and_refuses_extras(cards, extras):
    plain = CardSet(cards)
    got = plain.as_cards()
    assert got == tuple(sorted(cards)) and all(type(c) is Card for c in got)
    mixed = CardSet([*cards, *extras])
    if not extras:
        assert mixed.as_cards() == got
        return
    with pytest.raises(HanafudaError) as error:
        mixed.as_cards()
    assert all(e.code in str(error.value) for e in extras)
