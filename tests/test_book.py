"""The chapter helpers (hanafuda_core.book): seeded examples, the first-dealer draw and
the turn illustrations of BOOK ch. 3, and the notation examples of ch. 2."""

from __future__ import annotations

import pytest

from hanafuda_core import book
from hanafuda_core.cards import Card, Kind, format_cards, parse_cards
from hanafuda_core.deal import deal, deal_valid
from hanafuda_core.engines.capture import apply, setup_state
from hanafuda_core.errors import HanafudaError
from hanafuda_core.narration import HIKI, STAYS, story


@pytest.mark.parametrize("pattern", ["field", "hand", "pairs"])
def test_book_ch3_misdeal_example_is_the_first_seed_of_its_kind(pattern):
    where, kind = book.MISDEAL_PATTERNS[pattern]
    seed = book.find_misdeal_seed(pattern)

    def has(s):
        return any(m.where == where and m.pattern == kind for m in deal(2, s).misdeals)

    assert has(seed)
    assert not any(has(s) for s in range(seed))


def test_book_ch3_misdeal_cards_are_the_four_of_a_month_on_the_field():
    dealt = deal(2, book.find_misdeal_seed("field"))
    cards = book.misdeal_cards(dealt)
    assert len(cards) == 4 and len({c.month for c in cards}) == 1
    assert all(c in dealt.field for c in cards)


def test_book_ch3_four_pairs_example_hand_holds_four_pairs():
    dealt = deal(2, book.find_misdeal_seed("pairs"))
    miss = next(m for m in dealt.misdeals if m.pattern == "four pairs")
    hand = dealt.hands[miss.player]
    assert [hand.months()[m] for m in miss.months] == [2, 2, 2, 2]


def test_book_ch3_hiki_example_has_three_of_a_month_on_the_field():
    seed = book.find_hiki_seed()
    dealt = deal(2, seed)
    assert dealt.hiki and not dealt.is_misdeal
    assert all(len(dealt.field.of_month(m)) == 3 for m in dealt.hiki)
    assert not any(deal(2, s).hiki and not deal(2, s).is_misdeal for s in range(seed))


def test_unknown_misdeal_pattern_and_player_count_are_refused():
    with pytest.raises(HanafudaError, match="field, hand, pairs"):
        book.find_misdeal_seed("five brights")
    with pytest.raises(HanafudaError, match="not 5"):
        book.find_hiki_seed(5)


def test_book_ch3_first_dealer_earliest_month_wins():
    assert book.dealer_from_draws(parse_cards("5c 2d 9a")) == 1


def test_book_ch3_first_dealer_tie_on_month_goes_to_higher_kind():
    # Cherry Chaff vs Cherry Ribbon: the Ribbon ranks higher.
    assert book.dealer_from_draws(parse_cards("3d 9c 3b")) == 2
    assert book.dealer_from_draws(parse_cards("8b 8a")) == 1


def test_book_ch3_first_dealer_tie_on_month_and_kind_draws_again():
    assert book.dealer_from_draws(parse_cards("1c 1d 4a")) is None


def test_draw_for_dealer_is_seeded_and_ends_with_a_winner():
    rounds, winner = book.draw_for_dealer(3, seed=11)
    assert (rounds, winner) == book.draw_for_dealer(3, seed=11)
    assert all(book.dealer_from_draws(r) is None for r in rounds[:-1])
    assert book.dealer_from_draws(rounds[-1]) == winner


def test_dealer_tie_example_is_settled_by_kind():
    seed = book.find_dealer_tie_seed(3)
    rounds, winner = book.draw_for_dealer(3, seed)
    first = rounds[0]
    earliest = min(c.month for c in first)
    tied = [c for c in first if c.month == earliest]
    assert len(rounds) == 1 and len(tied) >= 2
    assert first[winner].month == earliest
    rank = list(Kind).index
    others = [c for c in tied if c != first[winner]]
    assert all(rank(first[winner].kind) < rank(c.kind) for c in others)


@pytest.mark.parametrize("case,expected", [
    ("none", ""), ("one", "3a 3c"), ("two", "2a 2b"), ("hiki", "4a 4b 4c 4d"),
    ("same", "7a 7c"), ("pair", "7a 7b 7c 7d")])
def test_book_ch3_turn_cases_capture_what_the_three_phases_say(case, expected):
    tc = book.turn_case(case)
    assert format_cards(tc.step.captured) == expected
    assert tc.after.captures(0) == tc.step.captured           # phase three: into the pile
    moved = {c for c in (tc.step.played, tc.step.drawn) if c is not None}
    # cards are conserved: field + played + drawn = captured + field after
    assert set(tc.before.field) | moved == set(tc.step.captured) | set(tc.after.field)
    assert tc.step.field_after == tc.after.field


def test_book_ch3_drawn_card_may_not_take_the_pair_just_made():
    same = book.turn_case("same")
    assert same.step.drawn == Card.CLOVER_RIBBON and same.step.taken_draw == ()
    assert same.step.drawn in same.after.field
    pair = book.turn_case("pair")
    assert pair.step.taken_hand == (Card.CLOVER_CHAFF_1, Card.CLOVER_BOAR)
    assert pair.step.taken_draw == (Card.CLOVER_RIBBON, Card.CLOVER_CHAFF_2)


def test_book_ch3_phase_one_outcomes():
    before = setup_state(book.BASICS_RULES, ["4d 2b 3a 5a", "12c"],
                         field="4a 4b 4c 2a 2c 3c")

    def hand_move(card):
        action = f"play {card}"
        return story(before, action, apply(before, action)).parts[0].hand

    assert hand_move("4d").outcome == HIKI
    assert hand_move("2b").options == (Card.PLUM_NIGHTINGALE, Card.PLUM_CHAFF_1)
    assert hand_move("3a").taken == (Card.CHERRY_CHAFF_1,)
    assert hand_move("5a").outcome == STAYS


def test_turn_case_refuses_a_card_already_on_the_field():
    with pytest.raises(HanafudaError, match="placed twice"):
        book.turn_case("bad", {"bad": (("3c", ""), "1a 3c", "", "", ("play 3c",))})
    with pytest.raises(HanafudaError, match="none, one, two"):
        book.turn_case("three")


def test_notation_examples_round_trip():
    for row in book.notation_rows():
        assert format_cards(parse_cards(row["Written back"])) == row["Written back"]
        assert format_cards(parse_cards(row["You write"])) == row["Written back"]


def test_notation_error_examples_are_all_refused_with_a_reason():
    rows = book.notation_error_rows()
    assert len(rows) == len(book.NOTATION_ERRORS)
    assert "1a to 12d" in rows[0]["The book answers"]
    assert "written twice" in rows[1]["The book answers"]
    with pytest.raises(ValueError, match="not a mistake"):
        book.notation_error_rows(["1a"])


def test_sample_deal_is_a_valid_seeded_deal():
    dealt = deal_valid(2, book.SAMPLE_SEED)
    assert not dealt.is_misdeal
    rows = book.deal_layout(dealt)
    assert [r[0] for r in rows] == ["Field", "Player 1 (dealer)", "Player 2", "Stock"]
    assert rows[-1][1] == 24


def test_show_helpers_return_html_with_cards():
    html = book.show_turn_case("pair").data
    assert html.count('class="hanafuda-card"') >= 5
    assert "pair just made" in book.show_turn_case("same").data
    misdeal = book.show_misdeal("hand").data
    assert "misdeal: player" in misdeal and "Seed" not in misdeal   # no seed the reader won't use
    assert book.show_kind_counts().data.count("<tr>") == 6
    with pytest.raises(HanafudaError, match="none, one, two"):
        book.show_turn_case("three")
