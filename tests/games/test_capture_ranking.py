"""The capture family's game ranking (families/capture/ranking.py): by total points or,
with the "Counting Rounds Instead of Points" option, by rounds won; one rule for every
capture game that lists the option."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.engines.capture import CaptureRules
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.ranking import (
    COUNTING_ROUNDS,
    check_game_end,
    counting_rounds_option,
    final_line,
    game_winner,
    ranked_by,
    rounds_won,
    standings,
)
from hanafuda_core.play_adapters import capture_rounds_won, capture_totals

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
