"""The game-agnostic teaching tools (hanafuda_core.teach.tools), for every playable game:
play against the computer, the score calculator and the replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card
from hanafuda_core.errors import HanafudaError, IllegalActionError, UnknownCardError
from hanafuda_core.play import Record
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach.facts import game_data
from hanafuda_core.teach.tools import (
    PlayController,
    ReplayController,
    ScoreController,
    game_deck,
)

KEYS = playable_keys()


def finish(play: PlayController, choose) -> PlayController:
    for _ in range(500):
        if play.is_over:
            return play
        play.act(choose(play))
    raise AssertionError("the round did not end")


def check_round(play: PlayController) -> None:
    """A finished round: its record replays to the same state, every seat's move was
    legal (the replay would refuse one that was not), and the cards are all there."""
    game = play.game
    assert play.is_over and not play.legal and not play.your_turn
    record = Record.from_json(play.record().to_json())
    assert game.replay(record) == play.state
    assert [code for _seat, code, _w in play.steps] == list(record.rounds[0].actions)
    zones = play.state.zones()
    assert sum(len(ids) for ids in zones.values()) == play.state.card_count()
    assert play.result_text()
    assert play.game_log() == game.log(record)
    assert not set(play.log) & set(game.log(record))    # the account is not told twice
    last = play.log[-1 - len(play.report_lines())]      # the last move says how it ended
    assert any(word in last for word in ("over", "point", "ahead", "draw", "score"))


# -- play against the computer ------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_a_whole_round_played_by_hints(key):
    play = PlayController(key, seed=4)
    assert play.your_turn
    hints = 0

    def by_hint(p: PlayController) -> str:
        nonlocal hints
        hint = p.hint()
        assert hint.code in {m.code for m in p.legal}
        assert hint.reason and hint.words
        hints += 1
        return hint.code

    check_round(finish(play, by_hint))
    assert hints > 0
    with pytest.raises(IllegalActionError, match="round is over"):
        play.hint()


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 2**31))
def test_a_whole_round_played_by_random_legal_moves(key, seed, pick):
    rng = random.Random(pick)
    play = PlayController(key, seed=seed, opponent="random")
    check_round(finish(play, lambda p: rng.choice(p.legal)))
    with pytest.raises(IllegalActionError, match="round is over"):
        play.act("pass")


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_any_rules_the_game_accepts_play_to_the_end(key, data):
    """Presets and house rules drawn at random: rules the game refuses are refused when
    built (with our error); every other combination plays a whole round."""
    base = get_game(key)
    preset = data.draw(st.sampled_from(list(base.adapter.presets())), label="preset")
    table = base.option_table
    names = data.draw(st.lists(st.sampled_from(sorted(table)), unique=True, max_size=3),
                      label="options")
    options = {n: data.draw(st.sampled_from(table[n].allowed), label=n) for n in names
               if table[n].allowed}
    try:
        play = PlayController(key, seed=data.draw(st.integers(0, 999)), preset=preset,
                              opponent="greedy", **options)
    except HanafudaError:
        assume(False)
    check_round(finish(play, lambda p: p.legal[-1]))


@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_deals_and_plays_the_same_round(key):
    one = finish(PlayController(key, seed=9), lambda p: p.legal[0])
    two = finish(PlayController(key, seed=9), lambda p: p.legal[0])
    assert one.state == two.state and one.log == two.log


@pytest.mark.parametrize("key", KEYS)
def test_an_illegal_move_is_refused_and_changes_nothing(key):
    play = PlayController(key, seed=2)
    play.act(play.legal[0])
    before, steps, log = play.state, list(play.steps), play.log
    field = next(r for r in play.table() if r.zone == "field")
    not_in_hand = f"play {field.cards[0].code}" if field.cards else "play 1a"
    for bad in ("fly away", not_in_hand, 42, None):
        with pytest.raises(IllegalActionError) as error:
            play.act(bad)
        assert "legal moves" in str(error.value) or "a move is" in str(error.value)
        assert play.state is before and play.steps == steps and play.log == log
    with pytest.raises(HanafudaError, match="seed"):
        play.new_round(-1)
    assert play.state is before


@pytest.mark.parametrize("key", KEYS)
def test_the_table_shows_your_hand_and_hides_the_others(key):
    play = PlayController(key, seed=5)
    rows = play.table()
    assert rows[0].label == "Your hand" and rows[0].cards
    zones = play.state.zones()
    assert rows[0].cards == tuple(Card(i) for i in zones["hand 0"])
    for row in rows:
        assert row.count == len(zones[row.zone])
        if row.zone.startswith("hand ") and row.zone != "hand 0":
            assert row.hidden and row.cards == ()
    assert {r.zone for r in rows} == set(zones)


@pytest.mark.parametrize("key", KEYS)
def test_every_player_count_the_game_allows_can_be_played(key):
    play = PlayController(key, seed=3)
    choices = play.player_choices()
    # the fewest players, unless the game seats its own number (Hachi-Hachi: the three
    # who play a round)
    assert play.players == game_data(play.game, "PLAY_PLAYERS", choices[0])
    assert play.players in choices
    for n in choices:
        play.set_players(n)
        assert play.players == n == len(play.names)
        assert sum(1 for z in play.state.zones() if z.startswith("hand ")) == n
        check_round(finish(play, lambda p: p.legal[0]))
    before = play.state
    with pytest.raises(HanafudaError, match="players"):
        play.set_players(max(choices) + 1)
    assert play.state is before and play.players == choices[-1]


def test_the_number_of_players_can_be_given_at_the_start():
    assert PlayController("simplified", players=4).state.zones().keys() >= {"hand 3"}
    assert PlayController("hachihachi", players=5).players == 5
    with pytest.raises(HanafudaError, match="2, 3, 4 players, not 5"):
        PlayController("simplified", players=5)
    with pytest.raises(HanafudaError, match="not True"):
        PlayController("mushi", players=True)


def test_player_choices_come_from_the_rules():
    assert PlayController("simplified").player_choices() == (2, 3, 4)
    assert PlayController("mushi").player_choices() == (2,)
    assert PlayController("hachihachi").player_choices() == tuple(range(2, 8))
    assert PlayController("koikoi").player_choices() == (2,)       # the rulebook's game
    assert PlayController("koikoi", preset="d002").player_choices() == (2, 3, 4)


def test_the_opponent_is_checked_and_defaults_to_the_strongest():
    assert PlayController("mushi").opponent == "coach"
    assert PlayController("hachihachi").opponent == "greedy"   # it has no coach
    with pytest.raises(HanafudaError, match="unknown player 'wizard'"):
        PlayController("simplified", opponent="wizard")
    with pytest.raises(HanafudaError, match="preset"):
        PlayController("simplified", preset="nowhere")


def test_a_hint_without_a_coach_gives_the_greedy_players_move(monkeypatch):
    """A game without a coach whose family gives no advice of its own: the greedy
    player's move and what it goes by (Hachi-Hachi with its family's advice left out)."""
    import hanafuda_core.teach.tools as tools
    play = PlayController("hachihachi", seed=3)
    told = tools._told
    monkeypatch.setattr(tools, "_told", lambda game, what, *args: None if what == "advice"
                        else told(game, what, *args))
    hint = play.hint()
    assert hint.by == "greedy" and "without looking ahead" in hint.reason
    assert hint.code in {m.code for m in play.legal}


def test_a_staged_rounds_hint_outside_play_is_the_greedy_players_rule_of_thumb():
    """Hachi-Hachi's claims: no coach weighs them; the greedy player's choice, with the
    reason in words."""
    play = PlayController("hachihachi", seed=3)
    hint = play.hint()
    greedy = play.game.agent("greedy").choose(play.state.view(0), play.state.legal_actions(),
                                              random.Random(0))
    assert hint.by == "greedy" and hint.action == greedy and hint.reason
    assert hint.code in {m.code for m in play.legal}


# -- the score calculator -----------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_score_calculator_agrees_with_the_game(key, data):
    game = get_game(key)
    deck = game_deck(game)
    cards = data.draw(st.lists(st.sampled_from(deck), unique=True, max_size=20))
    calc = ScoreController(key)
    for card in cards:
        calc.toggle(card.code)
    assert calc.cards == tuple(sorted(cards))
    report = game.score(sorted(cards)).to_dict()
    assert calc.report().to_dict() == report
    lines = calc.lines()
    assert lines[-1] == f"Total: {report['total']}"
    for y in report.get("yaku") or ():
        assert any(line.startswith(f"{y['name']}: {y['points']} (") for line in lines)
    by_text = ScoreController(key).set_text(" ".join(c.code for c in reversed(cards)))
    assert by_text.to_dict() == calc.report().to_dict()
    for card in cards:                     # a second toggle takes the card out again
        calc.toggle(card)
    assert calc.cards == ()


@pytest.mark.parametrize("key", KEYS)
def test_the_score_calculator_refuses_unknown_cards_and_keeps_the_pile(key):
    calc = ScoreController(key, cards="1a 1b")
    for bad in ("13a", "1a zz", "1a 1a"):
        with pytest.raises(UnknownCardError):
            calc.set_text(bad)
        assert calc.text == "1a 1b"
    with pytest.raises(UnknownCardError):
        calc.toggle("the moon over the sea")
    assert calc.text == "1a 1b"


def test_mushis_calculator_takes_only_its_forty_cards():
    calc = ScoreController("mushi")
    assert len(calc.deck) == 40
    missing = next(c for c in Card if c not in calc.deck)
    with pytest.raises(UnknownCardError, match="Mushi plays with 40 cards"):
        calc.toggle(missing)
    assert calc.cards == ()


# -- the replay ---------------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_replay_steps_reproduce_a_played_round(key):
    play = finish(PlayController(key, seed=6), lambda p: p.legal[-1])
    record = play.record()
    replay = ReplayController(record)
    assert replay.length == len(record.rounds[0].actions) and replay.step is None
    state = replay.state
    for code in record.rounds[0].actions:
        replay.next()
        assert replay.step.code == code
        state = state.apply(code)
        assert replay.state == state
    assert replay.state == play.state == get_game(key).replay(record)
    assert replay.result_text()
    assert [s.code for s in replay.steps()] == list(record.rounds[0].actions)
    replay.back()
    assert replay.position == (0, replay.length - 1)
    replay.first()
    assert replay.position == (0, 0) and replay.words() == ()
    replay.back()                          # nothing before the deal
    assert replay.position == (0, 0)
    replay.last()
    assert replay.position == (0, replay.length)
    with pytest.raises(HanafudaError, match="steps 0 to"):
        replay.go(replay.length + 1)
    assert replay.position == (0, replay.length)


@pytest.mark.parametrize("key", KEYS)
def test_replay_of_a_seeded_computer_game_steps_through_every_round(key):
    replay = ReplayController(game=key, seed=2)
    finals = get_game(key).replay_rounds(replay.record)
    assert replay.rounds == len(finals) >= 1
    for i, final in enumerate(finals):
        replay.last()
        assert replay.position[0] == i and replay.state == final
        replay.next()
    assert replay.position == (len(finals) - 1, replay.length)
    assert ReplayController(game=key, seed=2).record == replay.record


def test_replay_refuses_what_is_not_a_record():
    with pytest.raises(HanafudaError, match="give a record"):
        ReplayController()
    with pytest.raises(HanafudaError, match="needs a game record"):
        ReplayController("koikoi")  # type: ignore[arg-type]


@pytest.mark.parametrize("rounds", (0, 1, 7, 13))
def test_a_replayed_hachihachi_game_asks_for_six_or_twelve_deals_in_one_message(rounds):
    """The Replay tab's length: one message whatever the wrong length (it said "from 1 to
    12" for 0 and 13, then "6 or 12" for 1)."""
    from hanafuda_core.teach.tools import ReplayController
    with pytest.raises(HanafudaError, match=f"a replayed Hachi-Hachi game has 6 or 12 deals, "
                                            f"not {rounds}$"):
        ReplayController(game="hachihachi", rounds=rounds)
    assert ReplayController(game="hachihachi", rounds=6).rounds == 6


@pytest.mark.parametrize("key", ("tensho", "tensho-simplified"))
def test_the_cards_set_aside_are_face_down_at_the_table_and_in_the_quiz(key):
    """Tensho's six cards set aside are out of play and nobody looks at them: the play
    tool shows their count, face down, and a quiz question never lists them."""
    from hanafuda_core.teach.quizzes import generate_quiz
    from hanafuda_core.teach.tools import PlayController, table_rows
    ctl = PlayController(key)
    aside = [r for r in table_rows(ctl.game, ctl.state, ctl.seat) if r.zone == "aside"]
    assert aside and aside[0].hidden and aside[0].cards == () and aside[0].count == 6
    assert "aside 6" in ctl.status_line()
    for seed in range(1, 4):
        assert not any("Aside:" in q.prompt for q in generate_quiz(key, seed=seed).questions)
