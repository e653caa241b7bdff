"""``hanafuda score koikoi`` and ``hanafuda play koikoi``: BOOK ch. 12 examples, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run, run_json

from hanafuda_core.play_adapters import capture_totals
from hanafuda_core.players import play_game
from hanafuda_core.registry import playable_keys


def test_score_book_koikoi_example_1_three_poetry_ribbons_json(capsys):
    status, out, err = run(capsys, "score", "koikoi", "1b", "2b", "3b", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["total"] == 5
    assert [(y["name"], y["points"], y["cards"]) for y in data["yaku"]] == [
        ("3 Poetry Ribbons", 5, ["1b", "2b", "3b"])]


def test_score_d003_three_poetry_ribbons_by_name_are_worth_6(capsys):
    status, out, _ = run(capsys, "score", "koikoi", "pine ribbon, plum ribbon, cherry ribbon",
                         "--preset", "d003", "--json")
    assert status == 0 and json.loads(out)["total"] == 6


def test_score_book_koikoi_example_2_ribbon_plus_koikoi_doubles(capsys):
    # BOOK ex. 2: 3 Poetry Ribbons and one more ribbon (5 + 1) after a Koi-Koi: 12
    status, out, _ = run(capsys, "score", "koikoi", "1b", "2b", "3b", "4b", "--koikoi", "1")
    assert status == 0
    assert "3 Poetry Ribbons" in out and out.rstrip().endswith("total: 12")


def test_score_options_are_read_from_text(capsys):
    status, out, _ = run(capsys, "score", "koikoi", "3a 9a", "--option", "views=off", "--json")
    assert status == 0 and json.loads(out)["total"] == 0
    status, out, _ = run(capsys, "score", "koikoi", "3a 9a", "--field", "11c",
                         "--option", "rain_and_fog=true", "--json")
    assert status == 0 and json.loads(out)["total"] == 0
    status, out, _ = run(capsys, "score", "koikoi", "3a 9a", "--json")
    assert json.loads(out)["total"] == 5


def test_score_bad_option_value_lists_the_allowed_values(capsys):
    status, out, err = run(capsys, "score", "koikoi", "1b", "--option", "sake=beer")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hanafuda: error: ")
    assert "'sake' cannot be 'beer'" in err and "ten_or_chaff" in err and "two_chaffs" in err


def test_score_bad_input_is_one_line_and_exit_2(capsys):
    """(Hachi-Hachi can be scored now, so another game stands for "cannot be scored".)"""
    for argv, words in [
        (("score", "oicho-kabu", "1a"),
         "games that can be scored: " + ", ".join(playable_keys())),
        (("score", "koikoi", "1a", "moonbeam"), "unknown card"),
        (("score", "koikoi", "1a", "--preset", "nope"), "presets: book, d002"),
        (("score", "koikoi", "1a", "--option", "colour=red"), "unknown Koi-Koi option"),
        (("score", "koikoi", "1a", "--option", "rounds"), "KEY=VALUE"),
        (("score", "koikoi", "1a", "--option", "storm_wild=true", "--option",
          "brewing_storm=true"), "not both"),
        (("score", "koikoi", "1a", "j1"), "48 cards"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, argv
        assert words in err, (argv, err)


def test_play_json_same_seed_same_output(capsys):
    argv = ("play", "koikoi", "--seed", "4", "--agents", "coach,random", "--rounds", "2",
            "--json")
    s1, out1, _ = run(capsys, *argv)
    s2, out2, _ = run(capsys, *argv)
    assert s1 == s2 == 0 and out1 == out2
    data = json.loads(out1)
    assert data["agents"] == ["coach", "random"] and len(data["rounds"]) == 2
    assert data["final_scores"] == data["totals"]
    rec = play_game(4, ("coach", "random"), rounds=2)
    assert data["totals"] == rec.summary["totals"] == list(capture_totals(rec))
    assert data["log"][-1].startswith("Final scores:")


def test_play_log_tells_each_rounds_result(capsys):
    status, out, err = run(capsys, "play", "koikoi", "--seed", "9", "--agents",
                           "greedy,random", "--rounds", "3")
    assert status == 0 and err == ""
    rec = play_game(9, ("greedy", "random"), rounds=3)
    totals = capture_totals(rec)
    for r in rec.rounds:
        round_no, winner = r.context["round_no"], r.outcome["winner"]
        assert f"Round {round_no}: " in out
        assert f"Result of round {round_no}: " in out
        if winner is not None:
            assert (f"Result of round {round_no}: Player {winner + 1} "
                    f"({rec.agents[winner]}) wins") in out
    assert "plays the" in out and "turns over the" in out
    assert f"Final scores: Player 1 (greedy) {totals[0]}, Player 2 (random) " \
           f"{totals[1]}" in out


def test_play_bad_agents_and_options_exit_2(capsys):
    for argv, words in [
        (("play", "koikoi", "--agents", "coach,wizard"), "players: random, greedy, coach"),
        (("play", "koikoi", "--option", "rounds=13"), "allowed values"),
        (("play", "koikoi", "--rounds", "2", "--option", "rounds=3"), "rounds once"),
        (("play", "oicho-kabu"),
         "games that can be played: " + ", ".join(playable_keys())),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and err.count("\n") == 1 and words in err, (argv, err)


def test_replay_reads_a_game_saved_by_an_earlier_version(capsys):
    # tests/golden/legacy/ holds a game saved as "hanafuda-game-record/1": `hanafuda replay`
    # tells it as the same game played today.
    legacy = Path(__file__).parent / "golden" / "legacy" / "koikoi_seed_1.json"
    data = run_json(capsys, "replay", str(legacy))
    assert data["format"] == "hanafuda-record/2" and len(data["rounds"]) == 6
    today = run_json(capsys, "play", "koikoi", "--seed", "1", "--agents", "random,greedy",
                     "--rounds", "6")
    assert data["log"] == today["log"] and data["rounds"] == today["rounds"]
    assert data["totals"] == json.loads(legacy.read_text(encoding="utf-8"))["totals"]
