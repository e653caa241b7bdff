"""Input review 4: card names of several words without commas, records that are not
UTF-8 text, games named by something that is not text, quiz seeds within the teaching
tools' range, the number of Koi-Koi calls, an empty `parse`, and error messages that
repeat a long input only in part."""

from __future__ import annotations

import io
import json
import sys

import pytest
from cli_helpers import run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, Extra, card_names, parse_card, parse_cards
from hanafuda_core.cli import read_cards, read_months, read_options
from hanafuda_core.controllers import MAX_SEED
from hanafuda_core.errors import (
    HanafudaError,
    PlayerCountError,
    UnknownCardError,
    UnknownGameError,
    check_seat,
    shown,
)
from hanafuda_core.quiz import QuizSession, generate_deck_quiz
from hanafuda_core.registry import entry

ALL_CARDS = [*Card, *Extra]
#: Every name of every card (codes, names, aliases), normalised as parse_card reads them.
NAMES_OF = {card: [n for n in card_names() if parse_card(n, extras=True) == card]
            for card in ALL_CARDS}


# -- fix 1: names of several words need no commas -------------------------------------

@st.composite
def named_cards(draw: st.DrawFn) -> tuple[list[Card | Extra], list[str]]:
    """Distinct cards, each written as one of its names (many have several words)."""
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8, unique=True))
    return cards, [draw(st.sampled_from(NAMES_OF[c])) for c in cards]


@settings(max_examples=300, deadline=None)
@given(case=named_cards(), upper=st.booleans())
def test_fix_1_names_between_spaces_are_read_longest_first(case, upper):
    cards, names = case
    text = " ".join(names)
    text = text.upper() if upper else text
    assert parse_cards(text, extras=True) == cards, text
    assert read_cards(text.split()) == cards, text          # typed without quotes


@settings(max_examples=200, deadline=None)
@given(case=named_cards(), seps=st.lists(st.sampled_from([" ", ", ", ","]), min_size=8,
                                         max_size=8))
def test_fix_1_commas_and_spaces_mixed_read_the_same_cards(case, seps):
    cards, names = case
    text = "".join(name + sep for name, sep in zip(names, seps))
    assert parse_cards(text, extras=True) == cards, text


@pytest.mark.parametrize("text, codes", [
    ("sake cup", ["9a"]),
    ("sake cup moon", ["9a", "8a"]),
    ("pine ribbon plum ribbon", ["1b", "2b"]),
    ("nightingale warbler 1a", ["2a", "1a"]),
    ("1a 3a 8a", ["1a", "3a", "8a"]),                    # as before
    ("sake cup, moon", ["9a", "8a"]),                    # as before
])
def test_fix_1_the_reviewers_texts(text, codes):
    assert [c.code for c in parse_cards(text)] == codes


@pytest.mark.parametrize("argv, codes", [
    (["sake cup"], ["9a"]),
    (["pine ribbon plum ribbon"], ["1b", "2b"]),
    (["pine", "ribbon", "plum", "ribbon"], ["1b", "2b"]),
])
def test_fix_1_the_command_line_scores_them(capsys, argv, codes):
    assert run_json(capsys, "score", "koikoi", *argv)["cards"] == codes


@pytest.mark.parametrize("text, named", [
    ("sake cupp moon", "'sake cupp'"),
    ("pine ribbon plum ribbbon", "'plum ribbbon'"),
    ("1a crain 8a", "'crain'"),
])
def test_fix_1_a_wrong_name_is_named_as_typed(capsys, text, named):
    with pytest.raises(UnknownCardError, match=f"unknown card {named}"):
        parse_cards(text)
    status, out, err = run(capsys, "parse", text)
    assert status == 2 and out == "" and f"unknown card {named}" in err, err


# -- fix 2: a record that is not UTF-8 text -------------------------------------------

def test_fix_2_a_record_file_that_is_not_utf8_is_refused(capsys, tmp_path):
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert f"cannot read the record {str(path)!r}: not UTF-8 text" in err


def test_fix_2_standard_input_that_is_not_utf8_is_refused(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": "\xe9"}')))
    status, out, err = run(capsys, "replay", "-")
    assert status == 2 and out == "" and "from standard input: not UTF-8 text" in err, err


def test_fix_2_a_record_with_a_byte_order_mark_replays(capsys, tmp_path):
    data = run_json(capsys, "play", "koikoi", "--seed", "3", "--rounds", "1")
    path = tmp_path / "bom.json"
    path.write_bytes(json.dumps(data).encode("utf-8-sig"))
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == "" and out.splitlines()[1:] == data["log"]


def test_fix_2_json_nested_too_deeply_is_refused(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == "" and "nested too deeply" in err, err


# -- fix 3: a game named by something that is not text --------------------------------

@pytest.mark.parametrize("name", [None, 5, 2.5, ["koikoi"], b"koikoi", True])
def test_fix_3_a_game_is_named_by_text(name):
    for find in (get_game, entry):
        with pytest.raises(UnknownGameError, match="a game is named by its key or name"):
            find(name)


@pytest.mark.parametrize("cards, kw", [(None, {}), (5, {}), (b"1a", {}),
                                       (["1a"], {"field": 5})])
def test_fix_3_a_pile_that_is_no_cards_is_refused(cards, kw):
    with pytest.raises(UnknownCardError, match="cannot read cards from"):
        get_game("koikoi").score(cards, **kw)


# -- fix 4: quiz seeds run from 0 to MAX_SEED, as in every teaching tool ---------------

@pytest.mark.parametrize("seed", [-1, -5, MAX_SEED + 1, 10 ** 30])
def test_fix_4_a_quiz_seed_out_of_range_is_refused(seed):
    for make in (generate_deck_quiz, QuizSession.from_seed):
        with pytest.raises(HanafudaError, match=f"a quiz seed must be a whole number from 0 to "
                                                f"{MAX_SEED:,}"):
            make(seed)
    from hanafuda_core.teach.quizzes import generate_quiz
    with pytest.raises(HanafudaError, match="a quiz seed must be a whole number from 0"):
        generate_quiz("mushi", seed, 2)


@pytest.mark.parametrize("seed", [0, MAX_SEED])
def test_fix_4_the_ends_of_the_range_make_quizzes(seed):
    assert generate_deck_quiz(seed, 2).seed == seed


def test_fix_4_the_command_line_keeps_seeds_above_max_seed(capsys):
    # MAX_SEED is the teaching tools' limit; a command-line seed is any whole number from 0
    data = run_json(capsys, "deal", "koikoi", "--seed", str(10 ** 22))
    assert data["seed"] == 10 ** 22


# -- fix 5: the number of Koi-Koi calls -----------------------------------------------

@pytest.mark.parametrize("key", ["koikoi", "oni-koikoi"])
@pytest.mark.parametrize("calls", ["-1", "10", "99999"])
def test_fix_5_calls_beyond_the_rules_most_are_refused(capsys, key, calls):
    status, out, err = run(capsys, "score", key, "1a", "3a", "8a", "--koikoi", calls)
    assert status == 2 and out == "" and "from 0 to 9" in err and calls in err, err


@pytest.mark.parametrize("calls", [0, 9])
def test_fix_5_calls_within_the_limit_score(capsys, calls):
    data = run_json(capsys, "score", "koikoi", "1a", "3a", "8a", "--koikoi", str(calls))
    assert data["calls"] == calls


def test_fix_5_go_stop_refuses_a_negative_number_of_go_calls(capsys):
    status, out, err = run(capsys, "score", "go-stop", "1a", "3a", "8a", "--koikoi", "-1")
    assert status == 2 and "Go calls" in err and "from 0" in err, err


# -- fix 6: parse with no card ---------------------------------------------------------

@pytest.mark.parametrize("argv", [[""], [" , "], ["", ","]])
def test_fix_6_parse_refuses_no_card(capsys, argv):
    status, out, err = run(capsys, "parse", *argv)
    assert status == 2 and out == "" and "no card to read" in err, err


# -- fix 7: a long input is repeated only in part ---------------------------------------

LONG = st.text(st.characters(blacklist_categories=("Cs",)), min_size=300, max_size=3000)


@settings(max_examples=60, deadline=None)
@given(text=LONG)
def test_fix_7_card_errors_repeat_a_long_input_in_part(text):
    for read in (parse_card, parse_cards):
        try:
            read(text)
        except HanafudaError as error:
            assert len(str(error)) < 600, str(error)[:100]


@pytest.mark.parametrize("argv", [
    ["parse", "x" * 100_000],
    ["parse", "x " * 50_000],
    ["score", "hachijuu-hana", "2a", "--revealed", "y" * 10_000],
    ["score", "koikoi", "1a", "--option", "z" * 10_000],
    ["play", "koikoi", "--agents", "w" * 10_000],
    ["deal", "koikoi", "--seed", "9" * 5_000],
])
def test_fix_7_command_line_errors_repeat_a_long_input_in_part(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and len(err) < 600, err[:200]


def test_fix_7_shown_cuts_after_forty_characters():
    assert shown("a" * 41) == repr("a" * 40) + "..." and shown("a" * 40) == repr("a" * 40)
    with pytest.raises(PlayerCountError) as caught:
        check_seat("7" * 1000, 3)
    assert len(str(caught.value)) < 120
    with pytest.raises(HanafudaError) as caught:
        read_months("m" * 1000)
    assert len(str(caught.value)) < 200
    with pytest.raises(HanafudaError) as caught:
        read_options(["k" * 1000])
    assert len(str(caught.value)) < 200


def test_fix_8_the_catalog_lookup_and_a_deep_record_refuse_with_our_errors():
    """The catalog's own lookup (used by the deal tool and the chapters) refuses a name
    that is not text, and cuts a long one short; a record nested too deep to read is
    refused, not a RecursionError."""
    from hanafuda_core.errors import HanafudaError, UnknownGameError
    from hanafuda_core.games import get_game as catalog_game
    from hanafuda_core.play import Record
    for name in (None, 5, ["koikoi"]):
        with pytest.raises(UnknownGameError, match="named by its key or name, as text"):
            catalog_game(name)
    with pytest.raises(UnknownGameError) as refused:
        catalog_game("x" * 5000)
    assert len(str(refused.value)) < 200
    with pytest.raises(HanafudaError, match="nested too deeply"):
        Record.from_json("[" * 100_000)
