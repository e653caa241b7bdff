"""The registry: ``get_game`` (the one entry point), the game records and their errors.

Everything that holds for every playable game is parametrised over the registry, so
a new game joins these tests by becoming playable.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import hanafuda_core
from hanafuda_core import get_game
from hanafuda_core.cards import Card
from hanafuda_core.errors import OptionError, PlayerCountError, UnknownGameError
from hanafuda_core.games import all_games
from hanafuda_core.games.catalog import deck_for
from hanafuda_core.play import Game
from hanafuda_core.registry import (
    NotPlayableError,
    entry,
    list_games,
    option_from_text,
    playable_keys,
)

ROOT = Path(__file__).resolve().parents[1]
PLAYABLE = playable_keys()
NOT_PLAYABLE = [e.key for e in list_games(playable=False) if e.preset_of is None]


def test_the_playable_games_and_only_they():
    assert PLAYABLE == ("simplified", "matching-flowers", "hana-awase-1", "hana-awase-2",
                        "mushi", "six-hundred", "hachijuu-hana", "min-hwatu", "koikoi",
                        "oni-koikoi", "higo-bana", "tensho-simplified", "go-stop", "hachihachi",
                        "sudaoshi", "hachi-simplified", "hachi", "tensho")     # chapter order
    # five seed rule sets are presets of playable games
    assert len(NOT_PLAYABLE) == len(all_games()) - len(PLAYABLE) - 5


def test_the_entry_point_is_exported_from_the_package():
    assert hanafuda_core.get_game is get_game
    game = hanafuda_core.get_game("koikoi", preset="book")
    assert isinstance(game, Game) and game.key == "koikoi" and game.preset == "book"


def test_importing_the_package_loads_no_game_module():
    code = ("import sys, hanafuda_core; "
            "print(sorted(m for m in sys.modules if m.startswith('hanafuda_core.games')"
            " or m.startswith('hanafuda_core.engines') or m == 'hanafuda_core.play_adapters'))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_name_and_alias_finds_the_game_whatever_the_case(key):
    e = entry(key)
    for name in e.names + (key,):
        for text in (name, name.upper(), name.lower()):
            assert get_game(text).key == key, text


@pytest.mark.parametrize("key", PLAYABLE)
def test_each_playable_entry_has_its_record(key):
    e = entry(key)
    assert e.playable and e.family in ("capture", "sequence", "luck", "fusion")
    assert {"play", "score", "replay", "deal"} <= set(e.tools)
    low, high = e.players
    assert 1 <= low <= high and e.deals
    presets = e.presets()
    # every playable game offers the rulebook's rule set (Go-Stop since its Jokers, G1)
    assert "book" in presets and all(presets.values()), presets
    assert set(presets) == set(e.adapter().presets())
    data = e.to_dict()
    assert data["playable"] is True and data["tools"] == list(e.tools)


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_preset_gives_a_game_whose_players_lie_in_the_catalog_range(key):
    e = entry(key)
    for preset in e.presets():
        game = get_game(key, preset=preset)
        assert game.preset == preset and game.options == {}
        low, high = game.players
        assert e.players[0] <= low <= high <= e.players[1]
        dealt = game.new_round(seed=1)
        deck = [c for c in deck_for(key) if isinstance(c, Card)]      # 48, Mushi's 40
        # and the Jokers a preset deals (Go-Stop's book: 2, G1)
        jokers = dict(getattr(game.rules, "options", ())).get("jokers", 0)
        assert dealt == game.new_round(seed=1) and dealt.card_count() == len(deck) + jokers


@pytest.mark.parametrize("key", NOT_PLAYABLE)
def test_a_game_not_yet_playable_says_so_and_points_at_its_chapter(key):
    e = entry(key)
    with pytest.raises(NotPlayableError) as info:
        get_game(key)
    message = str(info.value)
    assert e.name in message and "cannot be played yet" in message
    assert (f"chapter {e.chapter}" in message) if e.chapter else "source" in message
    assert "playable games: " + ", ".join(PLAYABLE) in message
    assert not e.playable and e.tools in ((), ("deal",))


def test_seed_rule_sets_are_presets_of_their_game():
    for e in list_games():
        if e.preset_of is None:
            continue
        base, preset = e.preset_of
        game = get_game(e.key)
        assert game.key == base and game.preset == preset
        assert game.rules == get_game(base, preset=preset).rules
        assert e.tools == entry(base).tools and e.playable


def test_unknown_game_names_close_matches():
    with pytest.raises(UnknownGameError, match="did you mean: koikoi"):
        get_game("koi")
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        get_game("chess")


@pytest.mark.parametrize("key", PLAYABLE)
def test_bad_preset_option_or_value_lists_what_is_allowed(key):
    presets = ", ".join(entry(key).adapter().presets())
    with pytest.raises(OptionError, match=f"presets: {presets}"):
        get_game(key, preset="no-such-preset")
    with pytest.raises(OptionError, match="options: "):
        get_game(key, no_such_option=True)
    table = get_game(key).option_table
    name = next(k for k, o in table.items() if o.allowed)
    with pytest.raises(OptionError, match="allowed values"):
        get_game(key, **{name: "no such value"})
    with pytest.raises(OptionError, match="a preset is a name"):
        get_game(key, preset=3)


@pytest.mark.parametrize("key", PLAYABLE)
def test_options_read_from_text_are_the_allowed_values(key):
    """Every allowed value of every option reads back from the text the CLI writes."""
    from hanafuda_core.rules import option_text
    for name, opt in get_game(key).option_table.items():
        for value in opt.allowed:
            assert option_from_text(key, name, option_text(value)) == value, (name, value)


@pytest.mark.parametrize("key", PLAYABLE)
def test_game_options_keep_only_what_was_given_as_canonical_values(key):
    tried = offered = 0
    for name, opt in get_game(key).option_table.items():
        for value in opt.allowed:
            if value == opt.default:
                continue
            offered += opt.implemented
            try:
                game = get_game(key, **{name: value})
            except OptionError:             # a combination the preset refuses, with a reason
                continue
            tried += 1
            assert game.options == {name: value} and game.rules != get_game(key).rules
    assert tried >= min(10, offered)    # a small game (Mushi) offers fewer than ten
    name, value = next(iter(game.options.items()))
    assert game == get_game(key, **{name: value}) and game != get_game(key)


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_player_can_set_every_settable_option_to_each_of_its_values(key):
    """Each value of an option in ``settable_options`` makes a game under some preset,
    alone or beside one other option it needs (Go-Stop's compensation needs a big table);
    an option left out is ``players`` (set by the table), has no choice, or is refused
    as not played yet."""
    game = get_game(key)
    presets = sorted(entry(key).presets())
    others = [{}] + [{k: v} for k, o in game.settable_options.items() for v in o.allowed]

    def made(name, value):
        for preset in presets:
            for other in others:
                try:
                    if get_game(key, preset, **{**other, name: value}).options.get(name) == value:
                        return True
                except OptionError:         # a combination the rules refuse, with a reason
                    continue
        return False

    for name, opt in game.option_table.items():
        if name in game.settable_options:
            for value in opt.allowed:
                assert made(name, value), (name, value)
        elif name != "players" and len(opt.allowed) > 1:
            other = next(v for v in opt.allowed if v != opt.default)
            with pytest.raises(NotImplementedError, match="does not play it yet"):
                get_game(key, **{name: other})


def test_player_count_errors_name_the_allowed_counts():
    with pytest.raises(PlayerCountError, match="Koi-Koi is played by 2 players, not 3"):
        get_game("koikoi").new_round(players=3)
    with pytest.raises(PlayerCountError, match="2 to 7 players, not 9"):
        get_game("hachihachi").new_round(players=9)
    with pytest.raises(PlayerCountError, match="^Pyramid is played by one player alone, not 2$"):
        entry("pyramid").info.check_players(2)       # (not "by 1 players")
    with pytest.raises(PlayerCountError, match="dealer must be a seat from 0 to 1"):
        get_game("koikoi").new_round(dealer=2)
    three = get_game("koikoi", preset="d002", players=3)
    assert three.players == (3, 3) and three.new_round(seed=2).card_count() == 48


def test_list_games_by_family():
    luck = list_games(family="luck")
    assert luck and all(e.family == "luck" for e in luck)
    assert [e.key for e in list_games(family="capture", playable=True)] == list(PLAYABLE)
    with pytest.raises(hanafuda_core.HanafudaError, match="families: capture"):
        list_games(family="trick")
