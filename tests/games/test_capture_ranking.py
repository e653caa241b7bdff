"""The capture family's game ranking (families/capture/ranking.py): by total points or,
with the "Counting Rounds Instead of Points" option, by rounds won; one rule for every
capture game that lists the option."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, Kind
from hanafuda_core.engines.capture import (
    CaptureRules,
    fast_random_round,
    game_over,
    new_round,
    next_round,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.families.capture.ranking import (
    COUNTING_ROUNDS,
    FIRST_DEALER_TIE,
    GameDecision,
    check_game_end,
    counting_rounds_option,
    decide,
    decide_game,
    final_line,
    final_rule,
    first_dealer_tie_option,
    game_ends,
    game_winner,
    race_contenders,
    ranked_by,
    rounds_won,
    standings,
)
from hanafuda_core.families.capture.settlement import CardValueSettlement
from hanafuda_core.play_adapters import capture_rounds_won, capture_totals
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

seats = st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(-60, 60), min_size=n, max_size=n),
    st.lists(st.integers(0, 6), min_size=n, max_size=n)))


@settings(max_examples=200)
@given(seats, st.sampled_from(("points", "rounds")))
def test_the_winner_leads_on_the_first_key_then_the_second(data, by):
    totals, wins = data
    first, second = (totals, wins) if by == "points" else (wins, totals)
    best = max(first)
    top = [s for s in range(len(totals)) if first[s] == best]
    best2 = max(second[s] for s in top)
    top = [s for s in top if second[s] == best2]
    assert game_winner(totals, wins, by) == (top[0] if len(top) == 1 else None)


@settings(max_examples=100)
@given(seats)
def test_the_two_rankings_are_one_rule_with_the_keys_swapped(data):
    totals, wins = data
    assert standings(totals, wins, "rounds") == standings(wins, totals, "points")


@settings(max_examples=100)
@given(seats, st.sampled_from(("points", "rounds")))
def test_standings_place_every_seat_once_best_first(data, by):
    totals, wins = data
    places = standings(totals, wins, by)
    assert sorted(s for place in places for s in place) == list(range(len(totals)))
    keys = [((totals[p[0]], wins[p[0]]) if by == "points" else (wins[p[0]], totals[p[0]]))
            for p in places]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_rounds_won_counts_each_winner_and_no_one_for_a_drawn_round():
    assert rounds_won([0, None, 1, 0, 2], 3) == (2, 1, 1)


def test_any_capture_game_ranks_by_rounds_when_its_rules_carry_the_option():
    plain = CaptureRules(options=(("rounds", 6),))
    counted = CaptureRules(options=((COUNTING_ROUNDS, True), ("rounds", 6)))
    assert (ranked_by(plain), ranked_by(counted)) == ("points", "rounds")
    option = counting_rounds_option(None)
    assert option.key == COUNTING_ROUNDS and option.default is False
    assert option.check("true") is True and option.implemented


def test_an_unknown_ranking_and_a_race_with_counting_rounds_are_refused():
    with pytest.raises(OptionError, match="points or rounds"):
        game_winner((1, 2), (0, 0), "money")
    with pytest.raises(OptionError, match="choose one"):
        check_game_end("Mushi", "rounds", 50)
    check_game_end("Mushi", "points", 50)
    check_game_end("Mushi", "rounds", None)


def test_the_final_line_names_what_decided():
    who = ["A", "B"]
    assert final_line((5, 9), (2, 1), "points", who) == "Final scores: A 5, B 9; B wins the game"
    assert final_line((5, 9), (2, 1), "rounds", who).endswith("A wins the game on rounds won")
    assert final_line((5, 9), (2, 2), "rounds", who).endswith(
        "B wins the game on the total, tied on rounds won")
    assert final_line((5, 5), (2, 2), "rounds", who).endswith("the game is shared")


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_a_points_game_keeps_its_ranking(seed):
    """Koi-Koi (no counting rounds option): the highest total wins, ties to the most
    rounds won, in the record's summary and by the adapter's reading of the record."""
    game = get_game("koikoi")
    record = game.play(["greedy", "random"], seed=seed, rounds=3)
    totals, wins = [0, 0], [0, 0]
    for rr in record.rounds:
        totals = [t + p for t, p in zip(totals, rr.outcome["points"])]
        if rr.outcome["winner"] is not None:
            wins[rr.outcome["winner"]] += 1
    expected = (0 if (totals[0], wins[0]) > (totals[1], wins[1]) else
                1 if (totals[1], wins[1]) > (totals[0], wins[0]) else None)
    assert ranked_by(game.rules) == "points"
    assert list(capture_totals(record)) == totals and list(capture_rounds_won(record)) == wins
    assert record.summary["winner"] == game.adapter.summary(game, record)["winner"] == expected
    assert "rounds_won" not in record.summary


# ---------------------------------------------------------------------------
# Game end (A6): no round limit, a floor (Bankrupt), the race tie break, and the
# First Dealer Tie Breaker

@settings(max_examples=150)
@given(st.lists(st.integers(-300, 700), min_size=2, max_size=4), st.integers(1, 30),
       st.one_of(st.none(), st.integers(1, 12)), st.one_of(st.none(), st.integers(100, 600)),
       st.one_of(st.none(), st.integers(-50, 50)))
def test_the_game_ends_on_the_first_of_rounds_target_and_floor(totals, round_no, rounds,
                                                               target, floor):
    expected = ((rounds is not None and round_no >= rounds)
                or (target is not None and max(totals) >= target)
                or (floor is not None and min(totals) <= floor))
    assert game_ends(totals, round_no, rounds=rounds, target=target, floor=floor) == expected


def test_a_game_that_could_never_end_or_a_stray_race_tie_break_is_refused():
    with pytest.raises(OptionError, match="no round limit needs a target score or a floor"):
        CaptureRules(rounds=None)
    with pytest.raises(OptionError, match="1 round or more"):
        CaptureRules(rounds=0)
    with pytest.raises(OptionError, match="no target"):
        CaptureRules(race_tie_break=("five_brights",))
    table = YakuTable((YakuGroup("g", "G", "each"),),
                      (YakuRule("poetry", "Poetry", "", 40,
                                cards=(Card.PINE_RIBBON, Card.PLUM_RIBBON, Card.CHERRY_RIBBON),
                                group="g"),))
    with pytest.raises(OptionError, match="not a yaku of this game"):
        CaptureRules(target_score=600, rounds=None, race_tie_break=("five_brights",),
                     yaku=table)
    assert CaptureRules(rounds=None, floor_score=0).rounds is None
    assert CaptureRules(rounds=None, target_score=600, race_tie_break=("poetry",),
                        yaku=table).race_tie_break == ("poetry",)


def test_a_total_at_the_floor_ends_the_game_before_the_agreed_rounds():
    """Two players against a par of half the deck: after a round someone is at 0 or
    below (the points sum to 0 less the cards left on the field), so a floor of 0 ends
    the game at once, and the same round without a floor does not."""
    settle = CardValueSettlement(par=132)
    floored = CaptureRules(rounds=12, floor_score=0, overlay=settle)
    plain = CaptureRules(rounds=12, overlay=settle)
    for seed in range(5):
        end = fast_random_round(floored, random.Random(seed))
        assert game_over(end) and min(t for t in end.result.points) <= 0
        with pytest.raises(IllegalActionError, match="the game is over"):
            next_round(end)
        assert not game_over(fast_random_round(plain, random.Random(seed)))


def test_no_round_limit_plays_on_until_the_target():
    rules = CaptureRules(rounds=None, target_score=50, overlay=CardValueSettlement())
    state = fast_random_round(rules, random.Random(3), round_no=40, scores=(0, 0))
    assert max(state.result.points) >= 50 and game_over(state)       # 20/10/5/1: >= 50 each
    low = new_round(rules, 3, round_no=99, scores=(-500, -500))
    end = fast_random_round(rules, random.Random(3), round_no=99, scores=(-500, -500))
    assert low.round_no == 99 and not game_over(end) and next_round(end).round_no == 100


@settings(max_examples=200)
@given(seats, st.sampled_from(("points", "rounds")), st.integers(0, 3))
def test_the_first_dealer_tie_breaker_only_settles_a_shared_game(data, by, first):
    totals, wins = data
    n = len(totals)
    first %= n
    plain = decide(totals, wins, by)
    broken = decide(totals, wins, by, final="first_dealer", first_dealer=first)
    if plain.winner is not None:
        assert broken == plain
        return
    key = [(totals[s], wins[s]) if by == "points" else (wins[s], totals[s]) for s in range(n)]
    tied = [s for s in range(n) if key[s] == max(key)]
    order = [(first + k) % n for k in range(n)]
    assert broken.winner == next(s for s in order if s in tied)
    assert broken.how == ("first dealer" if first in tied else "nearest the first dealer")


def test_the_first_dealer_tie_breaker_needs_the_first_dealer_and_a_known_rule():
    with pytest.raises(OptionError, match="seat that dealt first"):
        decide((5, 5), (1, 1), final="first_dealer")
    with pytest.raises(OptionError, match="shared or first_dealer"):
        decide((5, 5), (1, 1), final="coin")
    option = first_dealer_tie_option(None)
    assert option.key == FIRST_DEALER_TIE and option.default is False and option.implemented
    on = CaptureRules(options=((FIRST_DEALER_TIE, True),))
    assert (final_rule(CaptureRules()), final_rule(on)) == ("shared", "first_dealer")
    assert decide_game(on, (7, 7), (0, 0), first_dealer=1) == GameDecision(1, "first dealer")
    assert decide_game(CaptureRules(), (7, 7), (0, 0), first_dealer=1).winner is None


def test_the_race_tie_break_reads_the_final_round_in_order_then_the_total():
    keys = ("four_dry_brights", "seven_dry_ribbons")
    totals = (650, 610, 605)
    nothing = [frozenset()] * 3
    assert race_contenders(totals, 600, keys, nothing) == ((0, 1, 2), "")
    ribbons = [frozenset(), frozenset(), frozenset({"seven_dry_ribbons"})]
    assert race_contenders(totals, 600, keys, ribbons) == ((2,), "seven_dry_ribbons")
    both = [frozenset({"seven_dry_ribbons"}), frozenset({"four_dry_brights"}), frozenset()]
    assert race_contenders(totals, 600, keys, both) == ((1,), "four_dry_brights")
    # a yaku held by a player under the target does not count
    under = [frozenset(), frozenset(), frozenset({"four_dry_brights"})]
    assert race_contenders((650, 610, 300), 600, keys, under) == ((0, 1), "")
    assert race_contenders((650, 500, 300), 600, keys, under) is None     # one over: no race
    table = YakuTable((YakuGroup("g", "G", "each"),), (
        YakuRule("four_dry_brights", "4 Dry Brights", "", 60, kinds=(Kind.BRIGHT,), count=4,
                 dry=True, group="g"),
        YakuRule("seven_dry_ribbons", "Any 7 Dry Ribbons", "", 60, kinds=(Kind.RIBBON,),
                 count=7, dry=True, group="g")))
    rules = CaptureRules(rounds=None, target_score=600, race_tie_break=keys, yaku=table)
    assert decide_game(rules, totals, (1, 1, 1), final_yaku=ribbons) == \
        GameDecision(2, "race", "seven_dry_ribbons")
    assert decide_game(rules, totals, (1, 1, 1), final_yaku=nothing) == \
        GameDecision(0, "race", "")
    with pytest.raises(ValueError, match="final round's yaku"):
        decide_game(rules, totals, (1, 1, 1))
    line = final_line(totals, (1, 1, 1), "points", ["A", "B", "C"],
                      decide_game(rules, totals, (1, 1, 1), final_yaku=ribbons),
                      {r.key: r.name for r in table.rules})
    assert line.endswith("C wins the game with Any 7 Dry Ribbons in the last round")


def test_the_final_line_names_the_first_dealer_tie_breaker():
    line = final_line((9, 9, 3), (1, 1, 0), "points", ["A", "B", "C"],
                      decide((9, 9, 3), (1, 1, 0), final="first_dealer", first_dealer=2))
    assert line.endswith("tied, A wins the game as the tied player nearest the first "
                         "dealer's right (First Dealer Tie Breaker)")


def test_a_run_of_wins_ends_a_game_without_a_round_limit_and_bad_runs_are_refused():
    from hanafuda_core.families.capture.ranking import streak_runs, streak_winner
    check_game_end("g", "points", None, rounds=None, win_streak=(2, 20))
    for bad in ((0, 20), (2, -1), (2,), (True, 20)):
        with pytest.raises(OptionError, match="run of wins"):
            check_game_end("g", "points", None, rounds=None, win_streak=bad)
    assert streak_runs((1, 0), (120, 100), 0, 20) == (2, 0)
    assert streak_runs((1, 0), (119, 100), 0, 20) == (0, 0)
    assert streak_runs((1, 0), (100, 100), None, 20) == (0, 0)
    assert streak_winner([(100, 140), (100, 120), (90, 100)], 3, 10) == (1, 2)
    assert streak_winner([(100, 140), (100, 120), (95, 100)], 3, 10) is None
