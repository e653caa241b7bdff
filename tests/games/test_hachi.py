"""The rulebook's Hachi (Simplified) (ch. 19) and Hachi (ch. 20): the capture charts (the
printed chart, and the rule on month numbers it reduces to), the scoring example, the
number-named yaku, the deal and round end, the two-wins-in-a-row game end and the options.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet, Kind
from hanafuda_core.engines.capture import (
    CaptureRelation,
    Phase,
    apply,
    legal_actions,
    new_round,
    setup_state,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.games import hachi, hachi_simplified

GAMES = (hachi_simplified, hachi)

# The charts as printed (figure 19.1, lines 4555-4590; figure 20.1, lines 4713-4765), typed
# here from the text so the engine's relations are checked against the book itself.
CHART_19 = {1: (2, 3, 4), 2: (3, 4, 5), 3: (4, 5, 6), 4: (5, 6, 7), 5: (6, 7, 8),
            6: (7, 8, 9), 7: (8, 9, 10), 8: (9, 10, 11), 9: (10, 11, 12), 10: (11, 12, 1),
            11: (12, 1, 2), 12: (1, 2, 3)}
CHART_20 = {1: (2, 7, 12), 2: (1, 6, 11), 3: (5, 10), 4: (4, 9), 5: (3, 8),
            6: (2, 7, 12), 7: (1, 6, 11), 8: (5, 10), 9: (4, 9), 10: (3, 8),
            11: (2, 7, 12), 12: (1, 6, 11)}


def _months(rel: CaptureRelation, m: int) -> set[int]:
    return set(rel.months(m))


def test_book_hachi_simplified_chart_each_month_takes_the_three_after_it():
    """BK19 chart: month m takes m+1, m+2, m+3, December wrapping to January."""
    rel = hachi_simplified.get_rules().capture_relation
    for m, takes in CHART_19.items():
        assert _months(rel, m) == set(takes)
    assert rel.months(10) == (11, 12, 1) and rel.months(12) == (1, 2, 3)


def test_book_hachi_chart_as_printed():
    """BK20-R: Jan takes {Feb, Jul, Dec}, Apr takes {Apr, Sep}, ... (the printed chart)."""
    rel = hachi.get_rules().capture_relation
    for m, takes in CHART_20.items():
        assert _months(rel, m) == set(takes)
    assert dict(hachi.CHART) == CHART_20


def test_the_hachi_chart_reduces_to_sums_ending_in_3_or_8():
    """The chart equals (m + n) mod 5 == 3 for all 144 pairs, and it is symmetric."""
    for m in range(1, 13):
        for n in range(1, 13):
            printed = n in CHART_20[m]
            assert printed == ((m + n) % 5 == 3) == ((m + n) % 10 in (3, 8))
            assert printed == (m in CHART_20[n])
    assert hachi.RELATION.takes == CaptureRelation.modular(5, 3).takes
    assert [m for m in range(1, 13) if m in CHART_20[m]] == [4, 9]


def test_the_chart_is_the_five_months_apart_hint():
    """The chapter's note: the months a month can capture are five months apart."""
    for takes in CHART_20.values():
        ordered = sorted(takes)
        assert all(b - a == 5 for a, b in zip(ordered, ordered[1:]))


@pytest.mark.parametrize("game", GAMES)
def test_book_hachi_scoring_example_round_1(game):
    """BK19-1 / BK20-1, round 1: 153 and 133, no yaku: A wins by 20."""
    assert game.streak_winner([(153, 133)]) is None
    assert 153 - 133 == game.STREAK_MARGIN


@pytest.mark.parametrize("game", GAMES)
def test_book_hachi_scoring_example_round_2_and_the_game(game):
    """BK19-1 / BK20-1, round 2: A 131 + Poetry One Two Three 20 = 151; B 106 + Five Six
    Ten 10 + Three Five Six 10 = 126; A has won two rounds in a row by 20 or more."""
    table = game.get_rules().yaku
    a = table.evaluate(CardSet.parse("1a 2a 3a 1b 2b 3b"))
    assert list(a.keys) == ["poetry_one_two_three"] and a.total == 20
    b = table.evaluate(CardSet.parse("5a 6a 10a 3a"))
    assert sorted(b.keys) == ["five_six_ten", "three_five_six"] and b.total == 20
    assert 131 + a.total == 151 and 106 + b.total == 126
    assert game.streak_winner([(153, 133), (151, 126)]) == (0, 1)


def test_a_win_by_exactly_the_margin_counts_and_a_smaller_or_tied_round_breaks_the_run():
    sw = hachi_simplified.streak_winner
    assert sw([(120, 100), (100, 120), (120, 100)]) is None
    assert sw([(120, 100), (120, 101), (140, 100), (130, 110)]) == (0, 3)
    assert sw([(120, 100), (110, 110), (120, 100)]) is None
    assert sw([(100, 140), (90, 110)]) == (1, 1)


@pytest.mark.parametrize("game", GAMES)
def test_card_values_bright_ten_chaff_10_ribbon_1(game):
    overlay = game.get_rules().overlay
    assert overlay.values == (10, 10, 1, 10)
    assert overlay.card_points(CardSet.deck().mask) == 5 * 10 + 9 * 10 + 10 * 1 + 24 * 10 == 390


@pytest.mark.parametrize("game", GAMES)
def test_every_number_named_yaku_and_its_poetry_form(game):
    table = game.get_rules().yaku
    assert len(table.rules) == 20
    for key, _name, months in hachi_simplified.YAKU_MONTHS:
        top = CardSet([Card(4 * (m - 1)) for m in months])
        assert all(c.kind in (Kind.BRIGHT, Kind.TEN) for c in top)
        assert list(table.evaluate(top).keys) == [key]
        assert table.points(top.mask) == 10
        poetry = top | CardSet.parse("1b 2b 3b")
        assert f"poetry_{key}" in table.evaluate(poetry).keys
        assert key not in table.evaluate(poetry).keys        # the Poetry form replaces it
        assert table.points((top | CardSet.parse("1b 2b")).mask) >= 10


def test_one_card_may_count_in_several_yaku():
    """The Curtain and the Bridge and Butterfly serve Five Six Ten and Three Five Six."""
    table = hachi_simplified.get_rules().yaku
    ev = table.evaluate(CardSet.parse("3a 5a 6a 10a 7a 8a"))
    assert {"five_six_ten", "three_five_six"} <= set(ev.keys)
    assert "seven_five_three" in ev.keys and "ten_seven_eight" in ev.keys


def test_the_any_card_reading_is_an_option():
    table = hachi_simplified.get_rules(yaku_cards="any_card").yaku
    assert table.points(CardSet.parse("1c 2d 3c").mask) == 10
    assert table.points(CardSet.parse("1c 2d 3c 1b 2b 3b").mask) >= 20
    assert hachi_simplified.get_rules().yaku.points(CardSet.parse("1c 2d 3c").mask) == 0


@settings(max_examples=80, deadline=None)
@given(st.sets(st.integers(0, 47), max_size=24), st.booleans())
def test_the_any_card_yaku_need_a_card_of_each_named_month(cards, poetry_adds):
    # the yaku counted from their definition, card by card, against the table
    pile = CardSet.from_mask(sum(1 << c for c in cards))
    poetry = pile.mask & CardSet.parse("1b 2b 3b").mask == CardSet.parse("1b 2b 3b").mask
    want = 0
    for _, _, months in hachi_simplified.YAKU_MONTHS:
        if all(any(Card(c).month == m for c in cards) for m in months):
            plain, extra = hachi_simplified.PLAIN_POINTS, hachi_simplified.POETRY_POINTS
            want += (plain + extra if poetry_adds else extra) if poetry else plain
    for game in GAMES:
        table = game.get_rules(yaku_cards="any_card", poetry_adds=poetry_adds).yaku
        assert table.points(pile.mask) == table.evaluate(pile).total == want


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_and_the_round_ends_with_the_hands(game):
    rules = game.get_rules()
    s = new_round(rules, 7)
    assert [s.hand(p).__len__() for p in (0, 1)] == [7, 7] and len(s.field) == 6
    rng = random.Random(3)
    while s.phase != Phase.ROUND_OVER:
        s = apply(s, rng.choice(legal_actions(s)))
    assert not any(s.hands_m) and s.stock_size == 48 - 14 - 6 - 14
    pts = s.result.points
    assert s.result.winner == (None if pts[0] == pts[1] else int(pts[1] > pts[0]))


@pytest.mark.parametrize("game", GAMES)
def test_four_of_a_month_on_the_field_is_a_misdeal(game):
    assert game.get_rules().misdeal.field_four and game.get_rules().on_field_four == "redeal"


def test_hachi_april_takes_april_and_september():
    rules = hachi.get_rules()
    s = setup_state(rules, ["4c", "1c"], field="4d 9c 5c", stock="6c 6d")
    s1 = apply(s, "play 4c")
    assert s1.phase == Phase.CHOOSE_HAND_CAPTURE
    assert CardSet([a.card for a in legal_actions(s1)]) == CardSet.parse("4d 9c")


def test_hachi_simplified_a_hiki_goes_whole_to_a_following_month():
    rules = hachi_simplified.get_rules()
    s = setup_state(rules, ["10c", "1c"], field="12b 12c 12d 5c", stock="6c 6d")
    assert CardSet.parse("10c 12b 12c 12d") <= apply(s, "play 10c").captures(0)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_cites_its_lines_and_bad_values_are_refused(game):
    assert all(o.source is not None for o in game.OPTIONS.values())
    with pytest.raises(OptionError):
        game.get_rules(players=3)
    with pytest.raises(OptionError):
        game.get_rules(yaku_cards="all")


def _finished(rules, points, runs=(0, 0), dealer=0):
    """A finished round with these scores (a pile worth each score: chaffs at 10 and
    ribbons at 1), the runs of wins carried in ``wins``."""
    # cards worth 10 that make no yaku together: every Chaff, the Geese, the Swallow and
    # the top cards of six months no named triple lies within
    chaffs = [c for c in CardSet.deck() if c.kind is Kind.CHAFF] + list(
        CardSet.parse("8b 11b 1a 2a 12a 9a 10a 7a"))
    ribbons = [c for c in CardSet.deck() if c.kind is Kind.RIBBON]
    piles, k, r = [], 0, 0
    for pts in points:
        tens, ones = divmod(pts, 10)
        piles.append(CardSet(chaffs[k:k + tens] + ribbons[r:r + ones]))
        k, r = k + tens, r + ones
    end = setup_state(rules, [CardSet(), CardSet()], captures=piles, dealer=dealer)
    end = end._replace(wins=tuple(runs))
    return end._replace(phase=Phase.ROUND_OVER, result=rules.overlay.settle_draw(end))


@pytest.mark.parametrize("game", GAMES)
def test_book_hachi_game_ends_after_two_wins_in_a_row_by_20_in_the_engine(game):
    """BK19-1 / BK20-1 played through the engine: round 1 A 153 - B 133 (A's run is 1,
    the game goes on), round 2 A 151 - B 126 (A's run is 2: A wins the game)."""
    from hanafuda_core.engines.capture import game_over, next_round
    from hanafuda_core.families.capture.ranking import decide_game
    rules = game.get_rules()
    assert rules.rounds is None and rules.win_streak == (2, 20)
    r1 = _finished(rules, (150 + 3, 130 + 3))
    assert r1.result.points == (153, 133) and r1.result.winner == 0
    assert not game_over(r1)
    r2 = next_round(r1, 5)
    assert r2.wins == (1, 0) and r2.dealer == 0
    end = _finished(rules, (151, 126), runs=r2.wins)
    assert end.result.winner == 0 and game_over(end)
    assert decide_game(rules, (304, 259), (2, 0),
                       round_points=[(153, 133), (151, 126)]) == (0, "streak", "")


def test_a_win_by_less_than_20_resets_the_run():
    from hanafuda_core.engines.capture import game_over, next_round
    rules = hachi_simplified.get_rules()
    r1 = _finished(rules, (150, 131), runs=(1, 0))
    assert r1.result.winner == 0 and not game_over(r1)
    assert next_round(r1, 1).wins == (0, 0)
    tied = _finished(rules, (140, 140), runs=(1, 0))
    assert tied.result.winner is None and next_round(tied, 1).wins == (0, 0)


_OPTION_SETS = st.fixed_dictionaries({"yaku_cards": st.sampled_from(("top", "any_card")),
                                      "poetry_adds": st.booleans()})


def test_poetry_adds_scores_the_plain_form_beside_the_poetry_one():
    table = hachi_simplified.get_rules(poetry_adds=True).yaku
    ev = table.evaluate(CardSet.parse("1a 2a 3a 1b 2b 3b"))
    assert sorted(ev.keys) == ["one_two_three", "poetry_one_two_three"] and ev.total == 30


@settings(max_examples=10, deadline=None)
@given(options=_OPTION_SETS, seed=st.integers(0, 10**6), which=st.sampled_from(GAMES))
def test_a_round_under_any_option_set_scores_each_pile_with_its_yaku(options, seed, which):
    rules = which.get_rules(**options)
    rng = random.Random(seed)
    s = new_round(rules, seed)
    while s.phase != Phase.ROUND_OVER:
        s = apply(s, rng.choice(legal_actions(s)))
    for p in (0, 1):
        pile = s.caps_m[p]
        assert s.result.points[p] == rules.overlay.card_points(pile) + rules.yaku.points(pile)
    assert s.card_count() == 48


@pytest.mark.parametrize("game", GAMES)
def test_book_hachi_scoring_example_totals_as_the_chapter_prints_them(game):
    """BK19-1 / BK20-1: the example's round scores are 153-133, then 151-126."""
    assert hachi_simplified.example_scores(game.get_rules()) == ((153, 133), (151, 126))
    assert hachi_simplified.streak_winner(hachi_simplified.example_scores(game.get_rules())) \
        == (0, 1)


def test_the_chart_rows_name_each_month_and_what_it_takes():
    rows = hachi_simplified.capture_chart_rows(hachi.RELATION)
    assert rows[3] == {"A card of": "April", "takes a card of": "April or September"}
    assert rows[0]["takes a card of"] == "February, July or December"


@pytest.mark.parametrize("key", ["hachi-simplified", "hachi"])
def test_a_whole_game_ends_on_the_first_run_and_the_run_wins_it(key):
    from hanafuda_core import get_game
    from hanafuda_core.families.capture.ranking import final_line
    game = get_game(key)
    for seed in (1, 9):
        record = game.play(["random", "random"], seed=seed)
        points = [tuple(r.outcome["points"]) for r in record.rounds]
        made = hachi_simplified.streak_winner(points)
        assert made is not None and made[1] == len(points) - 1    # the first run ends it
        from hanafuda_core.play_adapters import capture_decision
        decision = capture_decision(game, record)
        assert decision.winner == made[0] and decision.how == "streak"
        line = final_line((0, 0), (0, 0), "points", ["A", "B"], decision)
        assert line.endswith(f"{'AB'[made[0]]} wins the game with a run of round wins")
