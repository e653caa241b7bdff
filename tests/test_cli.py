"""The ``hanafuda`` command line: output shapes, deals and one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run, run_json

from hanafuda_core import cli, get_game
from hanafuda_core.cards import Card
from hanafuda_core.games import all_games
from hanafuda_core.games.catalog import deck_for

ROOT = Path(__file__).resolve().parents[1]


def python_m(*argv):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "hanafuda_core", *argv], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)


# ---- cards -----------------------------------------------------------------------

def test_cards_json_is_the_48_card_deck_worth_264(capsys):
    cards = run_json(capsys, "cards")
    assert [c["id"] for c in cards] == list(range(48))
    assert sum(c["value"] for c in cards) == 264
    assert len({c["code"] for c in cards}) == 48


def test_cards_json_fields(capsys):
    moon = run_json(capsys, "cards")[Card.SUSUKI_MOON]
    assert moon["code"] == "8a" and moon["month"] == 8 and moon["kind"] == "bright"
    assert moon["named"] == "Moon" and moon["ribbon"] is None and moon["value"] == 20
    assert moon["flower"]["kanji"] == "芒" and moon["flower"]["hangul"] == "공산"
    assert moon["japanese"] == "芒に月" and moon["romaji"] == "susuki ni tsuki"
    ribbon = run_json(capsys, "cards")[Card.MAPLE_RIBBON]
    assert ribbon["ribbon"] == "purple" and ribbon["value"] == 5 and ribbon["named"] is None


def test_cards_korean_order_puts_willow_in_december(capsys):
    cards = run_json(capsys, "cards", "--order", "korean")
    assert [c["code"] for c in cards[-4:]] == ["11a", "11b", "11c", "11d"]
    assert {c["month"] for c in cards[-4:]} == {12}
    assert cards[-1]["months"] == {"japanese": 11, "korean": 12, "tensho": 2}


def test_cards_table_has_a_row_per_card(capsys):
    status, out, err = run(capsys, "cards")
    lines = out.splitlines()
    assert status == 0 and err == "" and len(lines) == 49
    assert lines[0].split()[:3] == ["code", "month", "flower"]
    assert re.match(r"1a\s+1\s+Pine\s+Bright\s+Crane\s+松に鶴$", lines[1])
    assert "Poetry Ribbon" in lines[2]


def test_python_m_hanafuda_core_cards_json_subprocess():
    done = python_m("cards", "--json")
    assert done.returncode == 0, done.stderr
    cards = json.loads(done.stdout)
    assert len(cards) == 48 and sum(c["value"] for c in cards) == 264


# ---- games -----------------------------------------------------------------------

def test_games_json_shape(capsys):
    games = run_json(capsys, "games")
    assert len(games) == len(all_games()) == 42
    koikoi = next(g for g in games if g["key"] == "koikoi")
    assert koikoi["players"] == [2, 2] and koikoi["chapter"] == 12
    assert koikoi["deals"] == {"2": {"hand": 8, "field": 8, "aside": 0, "note": ""}}
    assert koikoi["family"] == "capture" and koikoi["playable"] is True
    assert "こいこい" in koikoi["aliases"] and koikoi["difficulty"] == "Intermediate"
    assert koikoi["deck"] == "48 cards"
    assert sorted(g["chapter"] for g in games if g["chapter"]) == list(range(4, 41))


def test_games_family_filter(capsys):
    luck = run_json(capsys, "games", "--family", "luck")
    assert [g["chapter"] for g in luck] == list(range(28, 35))
    status, out, _ = run(capsys, "games", "--family", "fusion")
    assert status == 0 and len(out.splitlines()) == 1 + 6 and "Hana-Gin" in out


def test_games_shows_one_game_by_alias(capsys):
    status, out, err = run(capsys, "games", "Godori")
    assert status == 0 and err == ""
    assert out.startswith("Go-Stop (chapter 16)")
    assert "2: 10 / 8" in out and "7: 7 / 0" in out and "the rulebook, ch. 16" in out


def test_games_name_each_seed_rule_set_by_its_document_not_by_a_bare_label(capsys):
    status, out, _ = run(capsys, "games", "--family", "capture")
    assert status == 0
    assert "Hachi-Hachi, the shilling rules (D004)" in out
    assert "Koi-Koi, the two-player Koi-Koi rules (D003)" in out
    assert not re.search(r"(Hachi-Hachi|Koi-Koi) \(D00\d\)", out)
    status, out, _ = run(capsys, "games", "hachihachi-d002")
    assert out.startswith("Hachi-Hachi, the Japanese publisher's rules (D002)\n")
    status, out, _ = run(capsys, "deal", "hachihachi-d004", "--players", "5", "--seed", "2")
    assert status == 0 and out.startswith("Hachi-Hachi, the shilling rules (D004): 5 players")


# ---- deal ------------------------------------------------------------------------

def test_deal_same_seed_same_deal(capsys):
    first = run_json(capsys, "deal", "koikoi", "--seed", "42")
    again = run_json(capsys, "deal", "koikoi", "--seed", "42")
    other = run_json(capsys, "deal", "koikoi", "--seed", "43")
    assert first == again and first != other
    assert set(first) >= {"game", "players", "seed", "hands", "field", "stock", "redeals", "hiki"}
    assert first["game"] == "koikoi" and first["players"] == 2 and first["seed"] == 42


@pytest.mark.parametrize("argv, key, players", [
    (["koikoi"], "koikoi", 2), (["higo-bana", "--players", "7"], "higo-bana", 7),
    (["go-stop", "--players", "6", "--jokers", "2"], "go-stop", 6),
    (["Eighty-Eight", "--players", "7"], "hachihachi", 7), (["mushi"], "mushi", 2),
    (["tensho"], "tensho", 2), (["sutda", "--players", "10"], "sutda", 10),
    (["kingo", "--players", "4"], "kingo", 4), (["pyramid"], "pyramid", 1),
    (["poka"], "poka", 2)])
def test_deal_cards_are_disjoint_and_complete(capsys, argv, key, players):
    data = run_json(capsys, "deal", *argv, "--seed", "5")
    assert data["game"] == key and data["players"] == players
    codes = [c for h in data["hands"] for c in h] + data["field"] + data["aside"] + data["stock"]
    codes += [c for cards in data.get("elsewhere", {}).values() for c in cards]
    jokers = int(argv[argv.index("--jokers") + 1]) if "--jokers" in argv else None
    assert len(codes) == len(set(codes))
    if "zones" in data:
        # a playable game is dealt by its rules, as `play` deals it (every card where its
        # first round has it: test_cli_review_deal.py); the catalog deals the others
        assert sorted(codes) == sorted(c for cards in data["zones"].values() for c in cards)
        assert len(codes) == get_game(key).seated(players).new_round(
            seed=0, players=players).card_count()
    else:
        assert sorted(codes) == sorted(c.code for c in deck_for(key, players, jokers=jokers))
    assert len(data["hands"]) == players


def test_deal_without_seed_prints_a_seed_that_repeats_it(capsys):
    status, out, err = run(capsys, "deal", "hana-awase-2")
    assert status == 0 and err == ""
    seed = int(re.search(r"--seed (\d+)", out).group(1))
    assert out.startswith("Hana-Awase 2: 3 players")
    status, again, _ = run(capsys, "deal", "hana-awase-2", "--seed", str(seed))
    assert again == out


def test_deal_text_shows_hands_field_and_stock(capsys):
    status, out, _ = run(capsys, "deal", "koikoi", "--seed", "3")
    data = run_json(capsys, "deal", "koikoi", "--seed", "3")
    assert status == 0
    assert f"Player 1  {' '.join(data['hands'][0])}" in out
    assert "Stock     24 cards" in out


def test_deal_text_flags_hiki_months(capsys):
    seed = next(s for s in range(300)
                if run_json(capsys, "deal", "simplified", "--seed", str(s))["hiki"])
    data = run_json(capsys, "deal", "simplified", "--seed", str(seed))
    month = data["hiki"][0]
    status, out, _ = run(capsys, "deal", "simplified", "--seed", str(seed))
    field_line = next(line for line in out.splitlines() if line.startswith("Field"))
    flagged = [c[:-1] for c in field_line.split()[1:] if c.endswith("*")]
    assert len(flagged) == 3 and {int(c[:-1]) for c in flagged} == {month}
    assert "hiki" in out


def test_deal_tensho_sets_six_cards_aside(capsys):
    data = run_json(capsys, "deal", "tensho-simplified", "--seed", "1")
    assert len(data["aside"]) == 6 and len(data["stock"]) == 18 and len(data["field"]) == 9


def test_deal_reports_redeals_after_misdeals(capsys):
    redealt = [s for s in range(300)
               if run_json(capsys, "deal", "koikoi", "--seed", str(s))["redeals"] > 0]
    assert redealt
    status, out, _ = run(capsys, "deal", "koikoi", "--seed", str(redealt[0]))
    assert "Redeals" in out


# ---- parse -----------------------------------------------------------------------

def test_parse_names_and_codes(capsys):
    status, out, err = run(capsys, "parse", "sake cup", "rainman", "1a")
    assert status == 0 and err == ""
    assert [line.split()[0] for line in out.splitlines()] == ["9a", "11a", "1a"]
    assert "柳に小野道風" in out


def test_parse_json_and_commas(capsys):
    cards = run_json(capsys, "parse", "sake", "cup,", "moon")
    assert [c["code"] for c in cards] == ["9a", "8a"]
    assert cards[0]["name"] == "Sake Cup"


# ---- errors ----------------------------------------------------------------------

@pytest.mark.parametrize("argv, needles", [
    (["deal", "koikoi", "--players", "3"], ["Koi-Koi", "2 players", "not 3"]),
    (["deal", "nonesuch"], ["unknown game 'nonesuch'", "hanafuda games"]),
    (["deal", "koi"], ["did you mean: koikoi"]),
    (["deal", "oicho-kabu"], ["Oicho-Kabu", "no fixed number of cards"]),
    (["deal", "seasons", "--players", "3"], ["Seasons", "1, 2, 4"]),
    (["deal", "go-stop", "--jokers", "9"], ["Go-Stop", "0 to 4 Jokers", "not 9"]),
    (["deal", "koikoi", "--jokers", "1"], ["no Jokers"]),
    (["deal", "koikoi", "--players", "two"], ["--players", "invalid int value"]),
    (["parse", "cran"], ["unknown card 'cran'", "did you mean: crane", "1a to 12d"]),
    (["parse", "crane", "1a"], ["written twice"]),
    (["cards", "--order", "french"], ["invalid choice", "japanese", "korean", "tensho"]),
    (["games", "--family", "trick"], ["invalid choice", "capture"]),
    (["games", "nonesuch"], ["unknown game"]),
    (["shuffle"], ["invalid choice", "deal"]),
    ([], ["required"]),
])
def test_bad_input_is_one_line_on_stderr_with_status_2(capsys, argv, needles):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("hanafuda: error: ")
    for needle in needles:
        assert needle in err


def test_bad_input_subprocess_exits_2_without_traceback():
    done = python_m("deal", "koikoi", "--players", "3")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("hanafuda: error: Koi-Koi is played by 2 players under these "
                           "rules, not 3 (3 and 4 players follow the Japanese publisher's "
                           "rules: use preset 'd002')\n")


def test_help_exits_0(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "deal" in out and "cards" in out


# ---- the subcommand registry -----------------------------------------------------

def test_a_new_subcommand_is_a_function_and_a_decorator(capsys, monkeypatch):
    monkeypatch.setattr(cli, "SUBCOMMANDS", dict(cli.SUBCOMMANDS))

    def arguments(p):
        p.add_argument("game")

    @cli.subcommand("score", "score a capture pile", arguments)
    def _score(args):
        print(f"scoring {args.game}")
        return 0

    assert run(capsys, "score", "koikoi") == (0, "scoring koikoi\n", "")
