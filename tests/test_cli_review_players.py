"""`hanafuda play --players N`, `--agents` and `hanafuda deal` (the CLI review, items 3
and 4): every playable game seats each number of players its rules take (through the
game's own option, :meth:`Game.seated`), a count they cannot seat is refused naming
the counts they can, and ``deal`` deals what ``play`` deals under the same game,
preset, options and player count."""

from __future__ import annotations

import pytest
from cli_helpers import run, run_json

from hanafuda_core import get_game
from hanafuda_core.cards import Card, Extra
from hanafuda_core.errors import PlayerCountError
from hanafuda_core.play import Record
from hanafuda_core.registry import playable_keys

PLAYABLE = playable_keys()
PRESETS = [(key, preset) for key in PLAYABLE for preset in get_game(key).entry.presets()]
SEATINGS = [(key, n) for key in PLAYABLE for n in get_game(key).player_counts()]


def _short(game) -> list[str]:
    """The flags that make ``play`` a short game under these rules (one round, or six
    deals; none where the rules set the length or race without one)."""
    word = game.round_word
    option = game.option_table.get(word)
    if word in game.options or (option is None and getattr(game.rules, "rounds", 0) is None):
        return []
    return [f"--{word}", str(min(option.allowed) if option is not None else 6)]


def _codes(ids):
    return sorted((Card(c) if c < 48 else Extra(c)).code for c in ids)


@pytest.mark.parametrize("key, n", SEATINGS)
def test_review_3_play_seats_every_count_the_game_takes(capsys, key, n):
    game = get_game(key)
    data = run_json(capsys, "play", key, "--players", str(n), "--seed", "1",
                    "--agents", ",".join(["random"] * n), *_short(game))
    assert data["players"] == n and len(data["agents"]) == n
    record = Record.from_dict(data)
    assert record.get_game().replay_rounds(record)          # a true record of n players


@pytest.mark.parametrize("argv, players, option", [
    (["simplified", "--players", "4"], 4, {"players": 4}),
    (["higo-bana", "--players", "7"], 7, {"players": 7}),
    (["go-stop", "--players", "5"], 5, {"table_players": 5}),
    (["go-stop", "--players", "2"], 2, {"players": 2}),
    (["simplified", "--agents", "coach,greedy,greedy,greedy"], 4, {"players": 4}),
    (["koikoi", "--preset", "d002", "--players", "4"], 4, {"players": 4}),
    (["hachihachi", "--players", "5"], 5, {}),
    (["hachihachi", "--preset", "d001", "--players", "2"], 2, {}),
])
def test_review_3_the_reviewers_commands_play(capsys, argv, players, option):
    data = run_json(capsys, "play", *argv, "--seed", "2", *_short(get_game(argv[0])))
    assert data["players"] == players and len(data["agents"]) == players
    assert {k: v for k, v in data["options"].items() if k != "rounds"} == option
    deal = run_json(capsys, "deal", *[a for a in argv if a != "--agents" and "," not in a],
                    *(["--players", str(players)] if "--agents" in argv else []),
                    "--seed", "2")
    assert deal["players"] == players and len(deal["hands"]) == players


@pytest.mark.parametrize("argv, words", [
    (["play", "simplified", "--players", "5"], "Simplified Game for Beginners is played by 2 "
                                               "to 4 players, not 5"),
    (["deal", "go-stop", "--players", "8"], "Go-Stop is played by 2 to 7 players, not 8"),
    (["play", "koikoi", "--players", "3"], "Koi-Koi is played by 2 players under these rules, "
                                           "not 3 (3 and 4 players follow the Japanese "
                                           "publisher's rules: use preset 'd002')"),
    (["deal", "hachihachi", "--preset", "d002", "--players", "8"],
     "Hachi-Hachi is played by 3 to 7 players, not 8"),
    # the Japanese publisher's and the shilling rules seat three to seven: no two-player game
    (["play", "hachihachi", "--preset", "d002", "--players", "2"],
     "the Japanese publisher's rules (D002) have no game for 2 players: choose rules that "
     "do (preset book or d001)"),
    (["deal", "hachihachi-d004", "--players", "2"], "the shilling rules (D004) have no game"),
    (["play", "higo-bana", "--preset", "teams-2v2", "--players", "5"], "played by 4 players "
                                                                      "under these rules"),
    (["deal", "go-stop", "--preset", "no-jokers", "--players", "7"], "at least one Joker"),
    (["play", "simplified", "--option", "players=3", "--players", "4"], "players=3"),
    (["play", "simplified", "--agents", "random,random", "--players", "3"], "one agent per"),
])
def test_review_3_a_count_the_rules_cannot_seat_is_refused_naming_the_counts(capsys, argv,
                                                                            words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("key", PLAYABLE)
def test_review_3_seated_gives_rules_for_each_count_the_game_lists(key):
    game = get_game(key)
    counts = game.player_counts()
    assert counts and set(counts) >= set(range(game.players[0], game.players[1] + 1))
    for n in counts:
        seated = game.seated(n)
        assert seated.players[0] <= n <= seated.players[1]
        assert len([z for z in seated.new_round(seed=1, players=n).zones()
                    if z.startswith("hand ")]) == n
    with pytest.raises(PlayerCountError, match=f"not {max(counts) + 1}"):
        game.seated(max(counts) + 1)


@pytest.mark.parametrize("key, preset", PRESETS)
def test_review_4_deal_deals_what_play_deals_under_every_preset(capsys, key, preset):
    game = get_game(key, preset)
    dealt = run_json(capsys, "deal", key, "--preset", preset, "--seed", "4")
    n = dealt["players"]
    data = run_json(capsys, "play", key, "--preset", preset, "--seed", "4", "--players",
                    str(n), "--agents", ",".join(["random"] * n), *_short(game))
    record = Record.from_dict(data)
    rules = record.get_game()
    first = rules.round_states(record)[0][0]            # the first state of `play`
    zones = first.zones()
    # the same cards (the deck of these rules), hands of the same sizes (by seat, the
    # sizes may follow the dealer: Tensho's dealer holds one more)
    assert sorted(c for cs in dealt["zones"].values() for c in cs) == \
        _codes(c for cs in zones.values() for c in cs)
    assert sorted(len(h) for h in dealt["hands"]) == \
        sorted(len(zones[f"hand {p}"]) for p in range(n))
    # dealt by the same rules: the deal is the round those rules deal from the seed
    assert dealt["preset"] == preset
    assert dealt["options"] == {k: v for k, v in data["options"].items()
                                if k != game.round_word}
    again = rules.new_round(seed=4, players=n).zones()
    assert dealt["zones"] == {z: [(Card(c) if c < 48 else Extra(c)).code for c in cs]
                              for z, cs in again.items()}


@pytest.mark.parametrize("argv, cards, hand", [
    (["go-stop", "--preset", "no-jokers"], 48, 7),
    (["go-stop"], 50, 7),
    (["go-stop", "--jokers", "1"], 49, 7),
    (["koikoi", "--preset", "d002-toppa"], 48, 10),
    (["koikoi", "--preset", "d002", "--players", "4"], 48, None),
    (["hachihachi", "--preset", "d002"], 48, 7),
])
def test_review_4_deal_applies_the_presets_rules(capsys, argv, cards, hand):
    for seed in ("2", "9"):
        dealt = run_json(capsys, "deal", *argv, "--seed", seed)
        codes = [c for cs in dealt["zones"].values() for c in cs]
        assert len(codes) == len(set(codes)) == cards
        assert any(c.startswith("j") for c in codes) == (cards > 48)
        if hand is not None:
            assert {len(h) for h in dealt["hands"]} == {hand}
