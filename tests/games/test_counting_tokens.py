"""B5: tokens by margin (Higo-Bana's Counting Tokens, BOOK 2515-2523): each round's winner
takes 1 token, 2 if it won by more than 50 over the runner-up, 3 by more than 100; the
most tokens win the game, then the total, then the game is shared. No new state: the
tokens are read from the rounds' scores."""

from types import SimpleNamespace

import pytest

from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.ranking import (
    COUNTING_TOKENS,
    RANKINGS,
    TOKEN_STEPS,
    check_game_end,
    counting_tokens_option,
    decide,
    final_line,
    ranked_by,
    round_tokens,
    tokens_won,
)
from hanafuda_core.play_adapters import capture_rounds_won, capture_tokens
from hanafuda_core.registry import get_game


def test_book_higo_bana_example_1_takes_one_token():
    # B wins with 25, C is runner-up with -20: a margin of 45, not more than 50
    assert round_tokens((-60, 25, -20), 1) == 1


@pytest.mark.parametrize("points, tokens", [((51, 0), 2), ((50, 0), 1), ((101, 0), 3),
                                            ((100, 0), 2), ((300, 10, 250), 1)])
def test_more_than_each_step_adds_a_token(points, tokens):
    assert TOKEN_STEPS == (50, 100)
    assert round_tokens(points, 0) == tokens


def test_a_round_nobody_won_gives_no_token_and_steps_are_data():
    assert round_tokens((10, 10), None) == 0
    assert round_tokens((10, 0), 0, steps=()) == 1             # Counting Rounds: no steps
    rounds = [((120, 0), 0), ((0, 60), 1), ((40, 0), 0)]
    assert tokens_won(rounds, 2) == (4, 2)
    assert tokens_won(rounds, 2, steps=()) == (2, 1)


def test_the_most_tokens_win_then_the_total_then_shared():
    assert RANKINGS["tokens"] == ("tokens", "total")
    assert decide((500, -20), (2, 5), "tokens").winner == 1
    assert decide((10, 30), (3, 3), "tokens").winner == 1
    assert decide((10, 10), (3, 3), "tokens").winner is None
    line = final_line((500, -20), (2, 5), "tokens", ["Ann", "Bo"],
                      decide((500, -20), (2, 5), "tokens"))
    assert line == ("Tokens: Ann 2, Bo 5; final scores: Ann 500, Bo -20; Bo wins the game "
                    "on tokens")


def test_the_option_switches_the_ranking():
    opt = counting_tokens_option(None)
    assert opt.key == COUNTING_TOKENS and opt.default is False
    assert ranked_by(SimpleNamespace(options=((COUNTING_TOKENS, True),))) == "tokens"
    with pytest.raises(OptionError, match="choose one"):
        ranked_by(SimpleNamespace(options=((COUNTING_TOKENS, True),
                                           ("counting_rounds", True))))
    with pytest.raises(OptionError, match="counting tokens"):
        check_game_end("Higo-Bana", "tokens", 300)


def test_tokens_are_read_from_a_recorded_game():
    record = get_game("min-hwatu", rounds=6).play(["greedy", "random"], seed=4)
    expected = tokens_won(((r.outcome["points"], r.outcome["winner"])
                           for r in record.rounds), 2)
    assert capture_tokens(record) == expected
    assert sum(capture_tokens(record)) >= sum(capture_rounds_won(record))
