"""``Game.play(agents, seed, rounds=...)`` for every playable game: the number of rounds
is taken where the rules let the table choose it (the round option; Hachi-Hachi's 6 or
12 deals), as the one number the rules set where they set the length, and never where
the rules end the game their own way (Six Hundred's race to 600, Hachi's two clear wins
in a row). A number the rules do not play is refused with our message, which says what
was wrong and what the game's length is, and nothing is changed."""

from __future__ import annotations

import pytest
from cli_helpers import run

from hanafuda_core import get_game
from hanafuda_core.errors import HanafudaError
from hanafuda_core.play import Game, numbers_text
from hanafuda_core.play_adapters import CaptureAdapter, game_end_words
from hanafuda_core.registry import playable_keys

PLAYABLE = playable_keys()


def _agents(game: Game) -> list[str]:
    return ["random"] * game.players[0]


def _default_length(game: Game) -> int | None:
    """The rounds (deals) a game of these rules has when none are given; None for a game
    the rules end their own way."""
    deals = getattr(game.adapter, "default_rounds", None)      # (Hachi-Hachi: 12 deals)
    return deals if deals is not None else game.rules.rounds


def _allowed(game: Game) -> tuple[int, ...]:
    """Every number of rounds ``play`` takes for this game."""
    option = game.option_table.get(game.round_word)
    if option is not None:
        return tuple(option.allowed)
    lengths = getattr(game.adapter, "game_lengths", None)
    if lengths is not None:
        return tuple(lengths)
    return (game.rules.rounds,) if game.rules.rounds is not None else ()


def _ends_sooner(game: Game) -> bool:
    """Whether a game of these rules may end before its number of rounds."""
    rules = game.rules
    return any(getattr(rules, k, None) is not None
               for k in ("target_score", "floor_score", "win_streak"))


def _refused(game: Game) -> list[object]:
    """Numbers of rounds the game does not take: out of range, or any number at all."""
    allowed = _allowed(game)
    if not allowed:
        return [1, 2, 12]
    return [0, max(allowed) + 1, *[n for n in (2, 7) if n not in allowed], True]


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_default_length_is_accepted_and_played(key):
    game = get_game(key)
    length = _default_length(game)
    if length is None:          # (a race or a run of wins: only the game's own end)
        record = game.play(_agents(game), seed=1)
        assert record.rounds and game_end_words(game.rules, game.round_word)
        return
    record = game.play(_agents(game), seed=1, rounds=length)
    if _ends_sooner(game):
        assert 1 <= len(record.rounds) <= length
    else:
        assert len(record.rounds) == length
    # the same game as the one played without the number
    assert record.rounds == game.play(_agents(game), seed=1).rounds
    assert record.get_game().replay_rounds(record)


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_length_the_rules_do_not_play_is_refused_and_nothing_changes(key):
    game = get_game(key)
    options, preset, rules = dict(game.options), game.preset, game.rules
    allowed = _allowed(game)
    for bad in _refused(game):
        with pytest.raises(HanafudaError) as refused:
            game.play(_agents(game), seed=1, rounds=bad)        # type: ignore[arg-type]
        text = str(refused.value)
        assert text.startswith(game.name) and f"not {bad!r}" in text, text
        assert "unknown" not in text and "option" not in text, text
        if allowed:         # what the game takes
            assert f"{numbers_text(sorted(allowed))} {game.round_word}" in text, text
        else:               # why no number is taken: how the game ends
            assert f"has no set number of {game.round_word}" in text, text
            assert game_end_words(game.rules, game.round_word) in text
            assert "cannot be changed" in text
    assert game.options == options and game.preset == preset and game.rules is rules
    assert game == get_game(key)


@pytest.mark.parametrize("key", ["hachi", "hachi-simplified"])
def test_hachi_has_no_length_to_give(key):
    game = get_game(key)
    with pytest.raises(HanafudaError) as refused:
        game.play(["random", "random"], seed=1, rounds=1)
    assert str(refused.value) == (
        f"{game.name} has no set number of rounds: a game goes on until a player wins 2 "
        "rounds in a row, each by 20 points or more, so its length cannot be changed; leave "
        "the number of rounds out (not 1)")
    assert len(game.play(["random", "random"], seed=1).rounds) >= 2


def test_six_hundred_names_its_race_under_every_target():
    for options, target in (({}, 600), ({"seven_hundred": True}, 700)):
        game = get_game("six-hundred", **options)
        with pytest.raises(HanafudaError, match=f"until a player's total reaches {target}, "):
            game.play(["random", "random"], seed=1, rounds=3)


def test_the_cli_says_the_same(capsys):
    status, _, err = run(capsys, "play", "hachi", "--rounds", "1", "--seed", "1")
    assert status == 2 and "Hachi has no set number of rounds" in err and "unknown" not in err


class _LengthSetByRules(CaptureAdapter):
    """Koi-Koi's adapter without its round option: the rules set twelve rounds."""

    def option_table(self):
        return {k: v for k, v in super().option_table().items() if k != "rounds"}


def test_a_length_set_by_the_rules_is_accepted_as_itself_only():
    entry = get_game("koikoi").entry
    game = Game(entry, _LengthSetByRules("koikoi"), "book", {})
    assert game.rules.rounds == 12
    record = game.play(["random", "random"], seed=2, rounds=12)
    assert len(record.rounds) == 12 and record.options == {}
    for bad in (6, 13, "12"):
        with pytest.raises(HanafudaError, match=(
                rf"^Koi-Koi is played over 12 rounds: its rules set the length, which cannot "
                rf"be changed; give 12 or leave the number of rounds out \(not {bad!r}\)$")):
            game.play(["random", "random"], seed=2, rounds=bad)     # type: ignore[arg-type]
    assert game.options == {}


def test_give_the_number_once():
    game = get_game("koikoi", rounds=3)
    with pytest.raises(HanafudaError, match="give the number of rounds once"):
        game.play(["random", "random"], seed=1, rounds=3)
