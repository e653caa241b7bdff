"""What the command line reads (the CLI review, items 5 to 8): card names split as
typed, `--field` only where a score looks at the field and never with a card of the
pile, `--version`, and seeds from 0 (a negative seed would repeat a positive one)."""

from __future__ import annotations

import pytest
from cli_helpers import run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import __version__, get_game
from hanafuda_core.cards import Card, Extra
from hanafuda_core.cli import read_cards
from hanafuda_core.errors import HanafudaError, UnknownCardError
from hanafuda_core.registry import entry, playable_keys

ALL_CARDS = [*Card, *Extra]


# -- item 5: each argument, and each item between commas, is one card -----------------

@st.composite
def typed_cards(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Distinct cards written as a user types them: each as its code or its name (names
    of several words included), one argument each or several in one argument between
    commas, and codes several in one quoted argument between spaces."""
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=7, unique=True))
    words = [draw(st.sampled_from([c.code, c.title, c.title.lower()])) for c in cards]
    argv: list[str] = []
    i = 0
    while i < len(cards):
        take = draw(st.integers(1, min(3, len(cards) - i)))
        group = words[i:i + take]
        if take > 1 and all(w == c.code for w, c in zip(group, cards[i:i + take])) and \
                draw(st.booleans()):
            argv.append(" ".join(group))                    # "1a 3a 8a"
        else:
            argv.append(draw(st.sampled_from([", ", ",", " , "])).join(group)
                        + draw(st.sampled_from(["", ","])))
        i += take
    return argv, [c.code for c in cards]


@settings(max_examples=300, deadline=None)
@given(case=typed_cards())
def test_review_5_each_argument_and_comma_item_is_one_card(case):
    argv, codes = case
    assert [c.code for c in read_cards(argv)] == codes, argv


@pytest.mark.parametrize("argv, codes", [
    (["sake cup, moon", "rainman"], ["9a", "8a", "11a"]),
    (["rainman", "sake cup, moon"], ["11a", "9a", "8a"]),
    (["sake", "cup", "moon"], ["9a", "8a"]),             # one name typed without quotes
    (["sake", "cup,", "moon"], ["9a", "8a"]),
    (["1a 3a 8a", "sake cup"], ["1a", "3a", "8a", "9a"]),
])
def test_review_5_the_reviewers_words(capsys, argv, codes):
    assert [c["code"] for c in run_json(capsys, "parse", *argv)] == codes


@pytest.mark.parametrize("argv, words", [
    (["crane", "crane"], "Crane (1a) is written twice"),
    (["sake cup, moon", "moon"], "Moon (8a) is written twice"),
    (["sake cupp", "moon"], "unknown card 'sake cupp'"),
    (["moon,", "cran"], "unknown card 'cran'"),
])
def test_review_5_a_wrong_word_is_named_as_typed(capsys, argv, words):
    status, out, err = run(capsys, "parse", *argv)
    assert status == 2 and out == "" and words in err, err
    with pytest.raises(UnknownCardError):
        read_cards(argv)


# -- item 6: --field only where the score looks at the field ---------------------------

FIELD_BLIND = [key for key in playable_keys() if "score" in entry(key).tools
               and "field" in get_game(key).adapter.score_flags
               and not get_game(key).adapter.uses_field(get_game(key))]


@pytest.mark.parametrize("key", FIELD_BLIND)
def test_review_6_field_is_refused_where_no_yaku_looks_at_the_field(capsys, key):
    status, out, err = run(capsys, "score", key, "1b", "--field", "1a")
    assert status == 2 and out == "" and "--field" in err and "do not count" in err, err


def test_review_6_field_counts_with_rain_and_fog_and_is_refused_without_it(capsys):
    status, out, err = run(capsys, "score", "simplified", "--field", "1a", "1b")
    assert status == 2 and "--field" in err
    status, out, err = run(capsys, "score", "koikoi", "3a", "9a", "--field", "11c")
    assert status == 2 and "rain_and_fog=true" in err, err
    data = run_json(capsys, "score", "koikoi", "3a", "9a", "--field", "11c",
                    "--option", "rain_and_fog=true")
    assert data["total"] == 0                   # the Rainman on the field cancels the yaku


def test_review_6_a_card_is_not_both_in_the_pile_and_on_the_field(capsys):
    status, out, err = run(capsys, "score", "koikoi", "--field", "3a", "--option",
                           "rain_and_fog=true", "3a", "9a")
    assert status == 2 and out == "" and "Curtain (3a) is both in the pile and on the field" \
        in err, err
    with pytest.raises(HanafudaError, match="both in the pile and on the field"):
        get_game("koikoi", rain_and_fog=True).score(["3a", "9a"], field=["3a"])


# -- items 7 and 8: --version; seeds from 0 -------------------------------------------

def test_review_7_version_prints_the_package_version(capsys):
    status, out, err = run(capsys, "--version")
    assert status == 0 and err == "" and out == f"hanafuda {__version__}\n"


@pytest.mark.parametrize("argv", [["deal", "koikoi"], ["play", "koikoi", "--rounds", "1"],
                                  ["deal", "sutda"]])
def test_review_8_a_negative_seed_is_refused(capsys, argv):
    status, out, err = run(capsys, *argv, "--seed", "-1")
    assert status == 2 and out == "" and "a seed is a whole number (from 0" in err, err
    assert "same game as 1" in err


def test_review_8_the_python_api_refuses_a_negative_seed_too():
    game = get_game("koikoi")
    for call in (lambda: game.new_round(seed=-3), lambda: game.play(["random"] * 2, seed=-3)):
        with pytest.raises(HanafudaError, match=r"\(from 0; .*same game as 3"):
            call()
    assert game.new_round(seed=0) == game.new_round(seed=0)
