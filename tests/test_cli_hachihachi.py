"""``hanafuda score hachihachi`` and ``hanafuda play hachihachi``: BOOK ch. 17 and the
kan traditions from the terminal, JSON shapes, reproducible games, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run, run_json

from hanafuda_core import cli
from hanafuda_core.games.hachihachi_examples import THREE_OF_A_KIND_HAND
from hanafuda_core.games.hachihachi_game import game_result, play_hachihachi_game

# -- score --------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, value, unit, written", [("book", 20, "points", "20 points"),
                                                         ("d001", 2, "kan", "2 kan"),
                                                         ("d004", 2, "shillings", "2/-")])
def test_book_hachihachi_field_example_three_of_a_kind_hand(capsys, preset, value, unit, written):
    """BK17-F: a dealt 3 of a Kind is worth 20 in the rulebook's points, 2 kan in D001
    (and 2/- in D004), shown with its three cards."""
    status, out, err = run(capsys, "score", "hachihachi", THREE_OF_A_KIND_HAND, "--hand",
                           "--preset", preset, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "hachihachi" and data["mode"] == "hand" and data["unit"] == unit
    assert [(t["key"], t["value"], t["written"], t["shown"]) for t in data["teyaku"]] == [
        ("three", value, written, "9a 9b 9c")]
    assert data["value"] == value and data["written"] == written
    assert data["amount"] == value * (12 if unit != "points" else 1)


def test_score_hand_text_names_the_combination_and_the_shown_cards(capsys):
    status, out, _ = run(capsys, "score", "hachihachi", THREE_OF_A_KIND_HAND, "--hand",
                         "--preset", "d001")
    assert status == 0
    assert "preset d001: a dealt hand" in out
    assert "2 kan; shows 9a 9b 9c" in out and out.rstrip().splitlines()[-1].startswith(
        "Total: 2 kan")


def test_score_d002_plus_x_greater_triple_by_option_free_text(capsys):
    """D002 Hand Combo: Three of a Kind is 2 + X kan, X one per greater triple (Iris)."""
    status, out, _ = run(capsys, "score", "hachihachi", "5a 5b 5c 1b 2a 3a 8a", "--hand",
                         "--preset", "d002", "--json")
    assert status == 0 and json.loads(out)["value"] == 3


def test_score_capture_pile_yaku_and_card_points(capsys):
    """BOOK yaku: 5 Brights 120 and 3 Poetry 70; card points against the par of 88."""
    cards = "1a 3a 8a 11a 12a 1b 2b 3b"
    status, out, _ = run(capsys, "score", "hachihachi", cards, "--json")
    data = json.loads(out)
    assert status == 0 and data["mode"] == "captures"
    assert {y["key"]: y["value"] for y in data["yaku"]} == {"five_brights": 120, "poetry": 70}
    assert data["value"] == 190 and data["card_points"] == 115 and data["against_par"] == 27
    status, out, _ = run(capsys, "score", "hachihachi", cards, "--preset", "d004")
    assert "5 Brights" in out and "Total: 19/-" in out and "+27 against the par" in out


def test_score_hachihachi_options_from_text(capsys):
    """Options are read with the same helper as Koi-Koi's (lists written with commas)."""
    ribbons = "1b 2b 3b 4b 5b 6b 7b 9b"
    status, out, _ = run(capsys, "score", "hachihachi", ribbons, "--json")
    assert {y["key"]: y["value"] for y in json.loads(out)["yaku"]}["seven_ribbons"] == 110
    status, out, _ = run(capsys, "score", "hachihachi", ribbons, "--option",
                         "seven_ribbons_extra=0", "--json")
    assert {y["key"]: y["value"] for y in json.loads(out)["yaku"]}["seven_ribbons"] == 100
    assert cli.option_value("fold_fees", "(10, 15, 20)", "hachihachi") == (10, 15, 20)
    assert cli.option_value("sixteen", "12,2,0,true", "hachihachi") == (12, 2, 0, True)


def test_score_hachihachi_errors_are_one_line(capsys):
    for argv, words in [
        (("score", "hachihachi", "1a 2a 3a", "--hand"), "7 cards, not 3"),
        (("score", "hachihachi", "1a", "--preset", "d003"), "presets: book, d001, d002, d004"),
        (("score", "hachihachi", "1a", "--option", "calls=poker"), "allowed values"),
        (("score", "hachihachi", "1a", "--option", "views=off"), "unknown Hachi-Hachi option"),
        (("score", "hachihachi", "1a", "--koikoi", "1"), "--koikoi is not used by Hachi-Hachi"),
        (("score", "koikoi", "1a", "--hand"), "Koi-Koi has no hand combinations to claim "
                                              "at the deal; games that score a dealt hand: "),
        (("score", "hachihachi", "1a", "--revealed", "2"), "Hachi-Hachi has no months to "
                                                           "reveal at the deal"),
        (("score", "hachihachi", "1a", "j1"), "48 cards"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, argv
        assert err.startswith("hanafuda: error: ") and words in err, (argv, err)


# -- play ----------------------------------------------------------------------------------

def test_play_json_same_seed_same_output_and_the_record(capsys):
    argv = ("play", "hachihachi", "--seed", "4", "--agents", "greedy,random,greedy",
            "--deals", "6", "--preset", "d001", "--json")
    s1, out1, _ = run(capsys, *argv)
    s2, out2, _ = run(capsys, *argv)
    assert s1 == s2 == 0 and out1 == out2
    data = json.loads(out1)
    rec = game_result(play_hachihachi_game(4, ("greedy", "random", "greedy"), deals=6,
                                           preset="d001"))
    assert data["game"] == "hachihachi" and data["agents"] == ["greedy", "random", "greedy"]
    assert len(data["rounds"]) == 6 and data["totals"] == rec.totals()
    assert data["final_scores"] == rec.final_scores()
    # the log opens with the draw for the first dealer, then tells the deals in order
    assert data["log"][0] == rec.first_dealer_sentence() != ""
    assert data["log"][1].startswith("Deal 1: ") and data["log"][-1].startswith("Final scores")


def test_play_log_tells_field_choices_claims_moves_calls_and_payments(capsys):
    status, out, err = run(capsys, "play", "hachihachi", "--seed", "5", "--players", "5",
                           "--deals", "6", "--preset", "d004")
    assert status == 0 and err == ""
    rec = game_result(play_hachihachi_game(5, ("greedy",) * 5, deals=6, preset="d004"))
    for d in rec.deals:
        assert f"Deal {d.round_no}: " in out and f"Result of deal {d.round_no}: " in out
    assert "Field: " in out and "x2" in out or "x1" in out
    assert "keeps their hand" in out                     # D004: the exchange is offered
    assert "is forced out (three are playing)" in out
    assert "plays the" in out and "turns over the" in out  # the narration's move lines
    assert " pays " in out and "Totals:" in out
    assert "Final scores (rounded to whole shillings, less 10/-):" in out
    winner = rec.winner
    assert f"{winner} (greedy) wins the game" in out


def test_play_log_calls_in_the_traditions_words(capsys):
    """A Continue / End decision is told with the preset's word (D002 Sa-gé / Yoshi)."""
    for seed in range(1, 40):
        rec = play_hachihachi_game(seed, ("greedy",) * 3, deals=6, preset="d002")
        if any(a in ("end", "continue") for d in rec.rounds for a in d.actions):
            break
    status, out, _ = run(capsys, "play", "hachihachi", "--seed", str(seed), "--deals", "6",
                         "--preset", "d002")
    assert status == 0 and ("calls Yoshi: the round ends" in out or "calls Sa-gé" in out)
    assert "Koi-Koi" not in out


def test_play_hachihachi_errors_exit_2(capsys):
    for argv, words in [
        (("play", "hachihachi", "--players", "9"), "Hachi-Hachi is played by 2 to 7 players, "
                                                   "not 9"),
        (("play", "hachihachi", "--agents", "greedy,wizard,random"), "players: random, greedy"),
        (("play", "hachihachi", "--agents", "greedy,greedy", "--players", "3"), "one agent per"),
        (("play", "hachihachi", "--deals", "7"), "6 or 12 deals, not 7"),
        (("play", "hachihachi", "--rounds", "2"), "--rounds is not used by Hachi-Hachi"),
        (("play", "koikoi", "--deals", "6"), "--deals is not used by Koi-Koi"),
        (("play", "hachihachi", "--option", "trade=maybe"), "allowed values: false, true"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, argv
        assert words in err, (argv, err)


def test_replay_reads_a_game_saved_by_an_earlier_version(capsys):
    # tests/golden/legacy/ holds a Hachi-Hachi game saved without a format, with its
    # ledger: `hanafuda replay` tells it with the same payments and final scores.
    legacy = Path(__file__).parent / "golden" / "legacy" / "hachihachi_book_3p.json"
    old = json.loads(legacy.read_text(encoding="utf-8"))
    data = run_json(capsys, "replay", str(legacy))
    assert data["format"] == "hanafuda-record/2" and len(data["rounds"]) == 12
    assert data["ledger"] == old["ledger"] and data["final_scores"] == old["final_scores"]
    assert data["log"][-1].startswith("Final scores")
