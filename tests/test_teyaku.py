"""Hand combinations (teyaku): BOOK ch. 17 / ch. 18 table and the D001, D002, D004 tables."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import CardSet
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi import TEYAKU_TABLES, get_rules
from hanafuda_core.teyaku import (
    BOOK_TABLE,
    CHAFF,
    SUIT,
    TeyakuTable,
    _evaluate,
    _evaluate_direct,
    is_greater_triple,
    kind_counts,
)


def best(table, hand):
    return {h.rule.group: (h.rule.key, h.value) for h in table.evaluate(CardSet.parse(hand)).hits}


@pytest.mark.parametrize("hand, key, value", [
    ("1b 2b 1c 2c 3c 4c 5c", "two_ribbons", 20),
    ("6b 1c 2c 3c 4c 5c 12b", "one_ribbon", 30),
    ("2a 1c 3c 4c 5c 6c 7c", "one_ten", 30),
    ("1a 2c 3c 4c 5c 6c 7c", "one_bright", 40),
    ("1c 2c 3c 4c 5c 6c 7c", "seven_chaffs", 40),
])
def test_book_hachihachi_chaff_combos(hand, key, value):
    assert best(BOOK_TABLE, hand)[CHAFF] == (key, value)


def test_book_hachihachi_november_cards_count_as_chaffs():
    # Rainman, Swallow, Willow Ribbon and Storm are Chaffs for hand combinations.
    assert kind_counts(CardSet.parse("11a 11b 11c 11d 1c 2c 3c")) == (0, 0, 0, 7)
    got = best(BOOK_TABLE, "11a 11b 11c 11d 1c 2c 3c")
    assert got[CHAFF] == ("seven_chaffs", 40)
    assert got[SUIT] == ("four", 60)


@pytest.mark.parametrize("hand, key, value", [
    ("9a 9b 9c 1a 2a 3a 8a", "three", 20),
    ("4a 4b 4c 1a 2a 3a 8a", "greater", 30),
    ("5a 5b 5c 1a 2a 3a 8a", "greater", 30),
    ("7a 7b 7c 1a 2a 3a 8a", "greater", 30),
    ("12b 12c 12d 1a 2a 3a 8a", "greater", 30),
    ("12a 12c 12d 1a 2a 3a 8a", "three", 20),   # a Paulownia triple with the Phoenix
    ("9a 9b 9c 9d 1a 2a 3a", "four", 60),
    ("1a 1b 2a 2b 3a 3b 8a", "three_pairs", 40),
    ("9a 9b 9c 1a 1b 2a 2b", "three_two_pairs", 70),
    ("9a 9b 9c 9d 1a 1b 2a", "four_pair", 80),
    ("9a 9b 9c 9d 1a 1b 1c", "four_three", 200),
    ("9a 9b 9c 1a 1b 1c 8a", "two_threes", 60),
    ("9a 9b 9c 4a 4b 4c 8a", "three_greater", 70),
    ("4a 4b 4c 12b 12c 12d 1a", "two_greaters", 80),
])
def test_book_hachihachi_suit_combos(hand, key, value):
    assert best(BOOK_TABLE, hand)[SUIT] == (key, value)


def test_book_hachihachi_example_3_player_c_seven_chaffs_and_three_pairs():
    """BK17-3: C claims 7 Chaffs and 3 Pairs, 40 + 40 = 80 (one of each group)."""
    result = BOOK_TABLE.evaluate(CardSet.parse("1c 1d 2c 2d 3c 3d 10c"))
    assert [(h.rule.key, h.value) for h in result.hits] == [("seven_chaffs", 40),
                                                             ("three_pairs", 40)]
    assert result.total == 80
    # To claim a chaff combo all Chaffs are shown; a suit combo shows only its cards.
    assert result.best(CHAFF).shown == CardSet.parse("1c 1d 2c 2d 3c 3d 10c")
    assert result.best(SUIT).shown == CardSet.parse("1c 1d 2c 2d 3c 3d")


def test_book_hachihachi_no_combination():
    assert BOOK_TABLE.evaluate(CardSet.parse("1a 2a 3a 4a 5b 6b 8b")).hits == ()


def test_book_sudaoshi_example_1_hand_combinations():
    """BK18-1 uses the Hachi-Hachi table: A 3 of a Kind 20, B none, C 7 Chaffs 40; the
    combination terms of the scores are A 40-0-40 = 0, B -20+0-40 = -60, C -20-0+80 = 60."""
    hands = {"A": "9a 9b 9c 1a 2a 3a 8a", "B": "1b 2b 3b 4a 5a 6a 10a",
             "C": "1c 2c 3c 4c 5c 6c 7c"}
    values = {n: BOOK_TABLE.evaluate(CardSet.parse(h)).total for n, h in hands.items()}
    assert values == {"A": 20, "B": 0, "C": 40}
    terms = {n: 2 * v - sum(values[o] for o in hands if o != n) for n, v in values.items()}
    assert terms == {"A": 0, "B": -60, "C": 60}
    assert sum(terms.values()) == 0


def test_d001_teyaku_are_a_tenth_of_the_book_values():
    d001 = TEYAKU_TABLES["d001"]
    for rule in BOOK_TABLE.rules:
        assert d001.rule(rule.key).value * 10 == rule.value


def test_d001_aka_allows_more_than_two_ribbons_book_and_d004_do_not():
    hand = "1b 2b 3b 4c 5c 6c 7c"        # three Ribbons, four Chaffs
    assert best(TEYAKU_TABLES["d001"], hand)[CHAFF] == ("two_ribbons", 2)
    assert best(TEYAKU_TABLES["d002"], hand)[CHAFF] == ("two_ribbons", 2)
    assert CHAFF not in best(BOOK_TABLE, hand)
    assert CHAFF not in best(TEYAKU_TABLES["d004"], hand)
    assert best(TEYAKU_TABLES["d004-red3"], "1b 2b 3c 4c 5c 6c 7c")[CHAFF] == ("two_ribbons", 3)


def test_d001_ichinishi_shows_every_card():
    hit = TEYAKU_TABLES["d001"].evaluate(CardSet.parse("9a 9b 9c 9d 1a 1b 2a")).best(SUIT)
    assert hit.rule.key == "four_pair" and len(hit.shown) == 7


@pytest.mark.parametrize("hand, key, value", [
    ("4a 4b 4c 1a 2a 3a 8a", "three", 3),            # Three of a Kind 2 + 1
    ("9a 9b 9c 4a 4b 4c 8a", "two_threes", 7),        # Double Three 6 + 1
    ("4a 4b 4c 12b 12c 12d 1a", "two_threes", 8),     # Double Three 6 + 2
    ("4a 4b 4c 1a 1b 2a 2b", "three_two_pairs", 8),   # Full House 7 + 1
    ("9a 9b 9c 1a 1b 2a 2b", "three_two_pairs", 7),
])
def test_d002_example_9_suit_combos_plus_x(hand, key, value):
    """D2-9: X adds 1 Kan per greater triple (D001 and BOOK give a Full House 7 / 70)."""
    assert best(TEYAKU_TABLES["d002"], hand)[SUIT] == (key, value)
    if key == "three_two_pairs":
        assert best(TEYAKU_TABLES["d001"], hand)[SUIT] == (key, 7)


def test_d004_greater_paulownia_excludes_the_phoenix():
    assert is_greater_triple(CardSet.parse("12b 12c 12d"), 12)
    assert not is_greater_triple(CardSet.parse("12a 12b 12c"), 12)
    assert best(TEYAKU_TABLES["d004"], "12a 12b 12c 1a 2a 3a 8a")[SUIT] == ("three", 2)


def test_teyaku_rows_for_charts_and_unknown_key():
    rows = get_rules("d004").teyaku.rows()
    assert {r["unit"] for r in rows} == {"shillings"}
    assert any(r["name"] == "lone ribbon" for r in rows)
    with pytest.raises(HanafudaError, match="unknown hand combination"):
        BOOK_TABLE.rule("five_of_a_kind")


# -- speed: the rules matched once per hand shape ----------------------------------

_TABLES = {"book": BOOK_TABLE, **{p: get_rules(p).teyaku for p in ("d001", "d002", "d004")},
           "d004-either": get_rules("d004", rain_in_melds="either").teyaku}


@st.composite
def _hand_pair(draw):
    """A hand drawn from two to five months (so triples, quads and pairs are common) and
    a hand of other months with as many cards in each, in the same order."""
    k = draw(st.integers(2, 5))
    months = draw(st.lists(st.integers(0, 11), min_size=k, max_size=k, unique=True).map(sorted))
    pool = [4 * m + i for m in months for i in range(4)]
    cards = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
    other = draw(st.lists(st.integers(0, 11), min_size=k, max_size=k, unique=True).map(sorted))
    second = []
    for m, o in zip(months, other):
        n = sum(1 for c in cards if c // 4 == m)
        second += draw(st.lists(st.sampled_from([4 * o + i for i in range(4)]), min_size=n,
                                max_size=n, unique=True))
    return sum(1 << c for c in cards), sum(1 << c for c in second)


@settings(max_examples=300, deadline=None)
@given(table=st.sampled_from(sorted(_TABLES)), pair=_hand_pair(),
       other=st.lists(st.integers(0, 47), min_size=7, max_size=7, unique=True))
def test_teyaku_plan_per_shape_agrees_with_matching_the_hand_itself(table, pair, other):
    # evaluate() keeps the rules matched per hand shape (kind counts, month sizes,
    # greater triples); a later hand of the same shape reuses them with its own cards.
    # On a fresh table, a hand evaluated after another (often of the same shape) gets
    # exactly the rules matched for that hand itself.
    t = _TABLES[table]
    for first, second in (pair, (sum(1 << c for c in other), pair[1])):
        fresh = TeyakuTable(t.rules, t.unit, t.rain_is_chaff, t.source,
                            rain_either=t.rain_either)
        assert _evaluate(fresh, first) == _evaluate_direct(fresh, first)
        got, want = _evaluate(fresh, second), _evaluate_direct(fresh, second)
        assert got == want
        assert [(h.rule.key, h.value, h.cards, h.shown, h.triples, h.greater)
                for h in got.candidates] == [
            (h.rule.key, h.value, h.cards, h.shown, h.triples, h.greater)
            for h in want.candidates]
        assert [h.rule.key for h in got.hits] == [h.rule.key for h in want.hits]
        # what a player may claim, without the cards: the same list
        assert fresh.candidates_of(second) == tuple((h.rule.key, h.rule.group, h.value)
                                                    for h in want.candidates)


def test_teyaku_same_shape_other_months_gets_its_own_cards():
    # Same shape (a greater triple, a pair, two singles), other months: same rules, own cards.
    a = BOOK_TABLE.evaluate(CardSet.parse("4a 4b 4c 1c 1d 2c 3c"))
    b = BOOK_TABLE.evaluate(CardSet.parse("5a 5b 5c 6c 6d 8c 9c"))
    assert [h.rule.key for h in a.candidates] == [h.rule.key for h in b.candidates]
    assert a.find("greater").cards == CardSet.parse("4a 4b 4c")
    assert b.find("greater").cards == CardSet.parse("5a 5b 5c")
    assert b.find("greater").greater == (5,)
