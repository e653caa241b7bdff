"""Hachi-Hachi under generated option sets: every set either is refused when the rules
are built (or when the table is set) with our own error, or a whole seeded game plays
to the end, and its record goes through JSON and replays equal."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_rules import game_or_skip, under_random_rules

from hanafuda_core import get_game
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.games.hachihachi import OPTIONS, PRESETS, check_table, get_rules
from hanafuda_core.games.hachihachi_game import game_result, play_hachihachi_game
from hanafuda_core.play import Record
from hanafuda_core.rules import option_text
from hanafuda_core.teach.tools import PlayController

PLAYABLE = sorted(k for k, o in OPTIONS.items() if o.settable)


def _written(value, how):
    """A value as the code, a command line (text) or a JSON file (lists) gives it."""
    if how == "text":
        return option_text(value)
    if how == "json":
        return json.loads(json.dumps(value))
    return value


@st.composite
def option_sets(draw):
    keys = draw(st.lists(st.sampled_from(PLAYABLE), max_size=12, unique=True))
    return {k: _written(draw(st.sampled_from(OPTIONS[k].allowed)),
                        draw(st.sampled_from(("value", "text", "json")))) for k in keys}


def test_text_and_json_values_are_read_as_the_canonical_value():
    rules = get_rules("book", fold_fees="10,15,20", risk="true", sixteen=[12, 2, 0, True],
                      keep_forbidden="none", blind_stay="1")
    assert rules.fold_fees == (10, 15, 20) and rules.risk is True
    assert rules.sixteen == (12, 2, 0, True) and rules.keep_forbidden == ()
    assert rules.blind_stay == 1
    assert get_rules("book", risk="true") is get_rules("book", risk=True)


@pytest.mark.parametrize("key, value", [("risk", 1), ("risk", "1"), ("blind_stay", True),
                                        ("fold_fees", "10,15"), ("sixteen", [12, 2]),
                                        ("unit", "kan,points")])
def test_values_that_only_look_alike_are_refused_naming_what_is_allowed(key, value):
    with pytest.raises(OptionError, match=f"option '{key}' cannot be .*allowed values: "):
        get_rules("book", **{key: value})


def test_a_kan_chart_with_plain_points_is_refused_when_the_rules_are_built():
    with pytest.raises(OptionError, match="halve to whole points.*3 Poetry Ribbons 7"):
        get_rules("book", yaku_table="d002")
    with pytest.raises(OptionError, match=r"7 Dry Ribbons \+1 per extra"):
        get_rules("book", seven_ribbons_extra=1)
    assert get_rules("book", yaku_table="d002", unit="kan").yaku.rules


def test_too_few_fees_for_the_passers_are_refused_before_the_deal():
    rules = get_rules("d001", too_few="share_pot")
    with pytest.raises(PlayerCountError, match="up to 4 players may pass.*only 3 passers"):
        play_hachihachi_game(1, ("random",) * 5, preset="d001", too_few="share_pot")
    check_table(rules, 4)                          # three may pass: the three fees do
    check_table(get_rules("d001", too_few="share_pot", fold_fees=(12, 18, 24, 30, 36)), 7)


def test_the_player_range_is_the_counts_these_rules_can_seat():
    """With too few fold fees for five passers, the game says 2 to 4 players: the app's
    menu offers no count that the deal would refuse, and a count the game allows but
    these rules do not is refused with the fees' reason."""
    game = get_game("hachihachi", "d001", too_few="share_pot")
    assert game.players == (2, 4) and get_game("hachihachi", "d001").players == (2, 7)
    assert PlayController(game).player_choices() == (2, 3, 4)
    for n in (5, 6, 7):
        with pytest.raises(PlayerCountError, match=f"with {n} players.*only 3 passers"):
            game.check_players(n)
        with pytest.raises(PlayerCountError, match=f"with {n} players.*only 3 passers"):
            game.new_round(seed=1, players=n)
    with pytest.raises(PlayerCountError, match="2 to 4 players, not 8$"):
        game.check_players(8)
    with pytest.raises(PlayerCountError, match="2 to 4 players, not '4'$"):
        game.check_players("4")


@under_random_rules(40)
@given(preset=st.sampled_from(sorted(PRESETS)), options=option_sets(), seed=st.integers(0, 99))
def test_under_random_options_every_count_in_the_range_deals_and_no_other(preset, options,
                                                                         seed):
    game = game_or_skip("hachihachi", preset, options)
    low, high = game.players
    # (the Japanese publisher's and the shilling rules give no two-player game)
    assert low == {"d002": 3, "d004": 3}.get(preset, 2) and 4 <= high <= 7
    for n in range(2, 8):
        if low <= n <= high:
            assert game.new_round(seed=seed, players=n).players == n
        else:
            with pytest.raises(PlayerCountError, match="fold_fees" if n > high else
                               "have no game for 2 players"):
                game.new_round(seed=seed, players=n)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), options=option_sets(),
       players=st.integers(2, 7), seed=st.integers(0, 10_000),
       greedy=st.sets(st.integers(0, 6)), blind=st.booleans())
def test_random_options_are_refused_up_front_or_play_a_whole_game(preset, options, players,
                                                                  seed, greedy, blind):
    agents = tuple("greedy" if s in greedy else "random" for s in range(players))
    try:
        get_rules(preset, **options)
        rec = play_hachihachi_game(seed, agents, deals=6, preset=preset,
                                   offer_blind_stay=blind, **options)
    except (OptionError, PlayerCountError) as refused:
        assert str(refused)
        return
    assert game_result(rec).ledger.balance() == 0
    back = Record.from_json(rec.to_json())
    assert back == rec
    assert len(game_result(back).deals) == len(rec.rounds)
    # as the command line saves it: every option value written as text
    texts = dict(rec.to_dict(), options={k: option_text(v) for k, v in options.items()})
    assert Record.from_json(json.dumps(texts)) == rec


def test_the_trade_option_offers_the_exchange_at_a_four_player_table():
    """The rulebook's 'Trade' variant, given as an option (as the command line does):
    before looking, each player but the dealer may swap hands with the dealer's."""
    import random

    from hanafuda_core.games.hachihachi_play import apply, new_hachihachi_round, play_round
    r = new_hachihachi_round("book", 4, 7, dealer=0, trade="true")
    dealt = r.hands
    assert r.rules.trade is True and r.stage == "trade" and r.current_seat == 1
    r = apply(r, "trade")
    assert r.hands[1] == dealt[0] and r.hands[0] == dealt[1]
    r = apply(apply(r, "no trade"), "no trade")
    assert r.stage == "choose" and r.last_trader == 1
    end = play_round(r, ("random",) * 4, random.Random(7))
    assert end.stage == "over" and end.settlement.ledger.balance() == 0
    rec = play_hachihachi_game(7, ("random",) * 4, deals=6, trade=True)
    assert game_result(rec).trade and rec.options == {"trade": True}
    assert sum(a == "trade" for d in rec.rounds for a in d.actions) > 0
    assert game_result(Record.from_json(rec.to_json())).deals


def test_no_call_parameter_shares_a_name_with_an_option():
    """Options are passed as keywords: a parameter of the same name would swallow one
    (as ``trade`` and ``blind_stay`` once did)."""
    import inspect

    from hanafuda_core.games.hachihachi_game import play_campaign
    from hanafuda_core.games.hachihachi_play import deal_round, new_hachihachi_round, replay_round
    for fn in (play_hachihachi_game, new_hachihachi_round, deal_round, replay_round,
               play_campaign, get_rules):
        params = {p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind is not inspect.Parameter.VAR_KEYWORD}
        assert not params & set(OPTIONS), (fn.__name__, params & set(OPTIONS))


@pytest.mark.parametrize("argv", [
    ("--seed", "1", "--deals", "6", "--option", "risk=true"),
    ("--players", "4", "--deals", "6", "--seed", "2", "--option", "trade=true"),
    ("--preset", "d001", "--deals", "6", "--seed", "3", "--option", "fold_fees=10,15,20",
     "--option", "sixteen=12,2,20,true", "--option", "keep_forbidden=five_brights,seven_ribbons"),
])
def test_a_game_saved_by_the_command_line_with_options_loads_back_and_replays(capsys, argv):
    from hanafuda_core import cli
    assert cli.main(["play", "hachihachi", *argv, "--json"]) == 0
    text = capsys.readouterr().out
    rec = Record.from_json(text)
    assert rec.options and len(game_result(rec).deals) == len(rec.rounds) == 6
    assert Record.from_json(rec.to_json()) == rec
    if "trade=true" in argv:
        assert game_result(rec).trade and any(a in ("trade", "no trade") for d in rec.rounds
                                              for a in d.actions)
