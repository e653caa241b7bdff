"""Koi-Koi under generated option sets: each set is refused when the rules are built,
with our own error, or a whole seeded game plays and its record round-trips."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.games.koikoi import OPTIONS, PRESETS, get_rules
from hanafuda_core.play import Record
from hanafuda_core.players import play_game
from hanafuda_core.rules import option_text

PLAYABLE = sorted(k for k, o in OPTIONS.items() if o.settable)


@st.composite
def option_sets(draw):
    keys = draw(st.lists(st.sampled_from(PLAYABLE), max_size=8, unique=True))
    out = {}
    for k in keys:
        value = draw(st.sampled_from(OPTIONS[k].allowed))
        out[k] = option_text(value) if draw(st.booleans()) else value
    return out


@pytest.mark.parametrize("players", (3, 4))
def test_toppa_is_a_two_player_deal_only(players):
    with pytest.raises(PlayerCountError, match="10/8 deal \\(Toppa\\).*two players only"):
        get_rules("d002-toppa", players=players)
    with pytest.raises(PlayerCountError, match="two players only"):
        get_rules("d002", players=players, deal="10/8")
    assert get_rules("d002", players=players).players == players
    assert get_rules("d002-toppa").deals == {2: (10, 8)}


def test_text_values_are_read_as_the_canonical_value():
    assert get_rules("book", rounds="6", rain_and_fog="true") is \
        get_rules("book", rounds=6, rain_and_fog=True)
    assert get_rules("book", target_score="none").target_score is None
    with pytest.raises(OptionError, match="option 'rain_and_fog' cannot be 1"):
        get_rules("book", rain_and_fog=1)


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), options=option_sets(),
       seed=st.integers(0, 10_000))
def test_random_options_are_refused_up_front_or_play_a_whole_game(preset, options, seed):
    try:
        players = get_rules(preset, **options).players
    except (OptionError, PlayerCountError) as refused:
        assert str(refused)
        return
    # play_game compares its ``rounds`` keyword with the rules' own: give it typed values
    typed = {k: OPTIONS[k].check(v) for k, v in options.items()}
    rec = play_game(seed, ("random",) * players, preset=preset, **typed)
    back = Record.from_json(rec.to_json())
    assert back == rec
    assert [list(r.result().points) for r in back.get_game().replay_rounds(back)] == \
        [r.outcome["points"] for r in rec.rounds]
    texts = dict(rec.to_dict(), options={k: option_text(v) for k, v in rec.options.items()})
    assert Record.from_json(json.dumps(texts)) == rec


def test_a_record_of_an_unknown_game_or_option_is_refused_with_our_error():
    from hanafuda_core.errors import UnknownGameError
    rec = play_game(2, ("random", "random"), rounds=1)
    data = rec.to_dict()
    with pytest.raises(UnknownGameError, match="unknown game 'nogame'"):
        Record.from_dict(dict(data, game="nogame"))
    with pytest.raises(UnknownGameError, match="unknown game '../x'"):
        Record.from_dict(dict(data, game="../x"))
    with pytest.raises(OptionError, match="unknown Koi-Koi option 'fog'"):
        Record.from_dict(dict(data, options={"fog": True}))
    with pytest.raises(OptionError, match="option 'rounds' cannot be '13'"):
        Record.from_dict(dict(data, options={"rounds": "13"}))
