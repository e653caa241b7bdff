"""Koi-Koi through the generic teaching tools (hanafuda_core.teach.tools, no widgets):
the score calculator, a round against the computer, a replay. Each assertion of the
retired Koi-Koi controllers is checked here on the generic classes; what holds for any
game is also checked for every playable game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet, parse_cards
from hanafuda_core.controllers import short_card_label
from hanafuda_core.engines.capture import (
    Capture,
    Phase,
    Play,
    Stop,
    apply,
    legal_actions,
    new_round,
)
from hanafuda_core.errors import (
    HanafudaError,
    IllegalActionError,
    OptionError,
    UnknownCardError,
)
from hanafuda_core.families.capture import teaching
from hanafuda_core.games.koikoi import OPTIONS, SCORE_OPTIONS, get_rules
from hanafuda_core.narration import describe, story
from hanafuda_core.players import GreedyPlayer
from hanafuda_core.registry import playable_keys
from hanafuda_core.rules import name_sources
from hanafuda_core.scoring import score_cards
from hanafuda_core.teach.facts import presets
from hanafuda_core.teach.tools import (
    PlayController,
    ReplayController,
    ScoreController,
    rules_words,
)

KEYS = playable_keys()


def play_out(play: PlayController, pick=lambda legal: legal[0]) -> int:
    """Play the human's side with ``pick`` until the round ends; returns the human's moves."""
    moves = 0
    while not play.is_over:
        play.act(pick(play.legal))
        moves += 1
        assert moves < 60, "the round does not end"
    return moves


def engine(play: PlayController):
    """The capture engine's state under the protocol round."""
    return play.state.state


def totals(calc: ScoreController) -> dict:
    return calc.report().to_dict()


# -- score calculator ------------------------------------------------------------------

def test_calculator_book_koikoi_example_1_three_poetry_ribbons_score_5():
    # BK12-1: 3 Poetry Ribbons, Stop at once -> 5
    calc = ScoreController("koikoi")
    assert calc.set_text("1b 2b 3b").to_dict()["total"] == 5 == calc.total
    assert [y["name"] for y in totals(calc)["yaku"]] == ["3 Poetry Ribbons"]


def test_calculator_book_koikoi_example_2_extra_ribbon_after_a_call_is_12():
    # BK12-2: 3 Poetry + one more ribbon, after a Koi-Koi -> (5 + 1) x 2 = 12
    calc = ScoreController("koikoi", cards="1b 2b 3b 4b")
    assert calc.total == 6
    assert calc.set_calls(1).total == 12
    assert calc.total == score_cards("1b 2b 3b 4b", calls=1).total
    assert "×2: " in "\n".join(calc.lines())


def test_calculator_book_koikoi_example_c6_two_calls_double_only_once():
    calc = ScoreController("koikoi", cards="1b 2b 3b 4b", calls=2)
    assert calc.total == 12
    assert [m["factor"] for m in totals(calc)["multipliers"]] == [2]


def test_calculator_names_and_codes_give_the_same_pile():
    calc = ScoreController("koikoi")
    by_name = calc.set_text("crane, curtain, moon").to_dict()["total"]
    assert CardSet(calc.cards) == CardSet("1a 3a 8a")
    assert calc.set_text("1a 3a 8a").to_dict()["total"] == by_name == \
        score_cards("1a 3a 8a").total


def test_calculator_reads_names_of_two_words_between_commas():
    """As its box says ("crane, curtain, moon"): a name of two words is one card."""
    calc = ScoreController("koikoi")
    assert calc.set_text("pine ribbon, plum ribbon, cherry ribbon").to_dict()["total"] == \
        score_cards("1b 2b 3b").total
    assert CardSet(calc.cards) == CardSet("1b 2b 3b")
    calc.set_text("sake cup, moon, 1a")
    assert CardSet(calc.cards) == CardSet("1a 8a 9a")


def test_calculator_toggle_adds_and_removes_one_card():
    calc = ScoreController("koikoi", cards="1b 2b")
    assert calc.total == 0
    calc.toggle("3b")
    assert calc.total == 5 and "3b" in calc.text
    calc.toggle("3b")
    assert calc.total == 0
    calc.toggle("3b", on=True)
    calc.toggle("3b", on=True)            # already in: no change
    assert CardSet(calc.cards) == CardSet("1b 2b 3b")
    calc.toggle("1b", on=False)
    calc.toggle("1b", on=False)           # already out: no change
    assert CardSet(calc.cards) == CardSet("2b 3b")


def test_calculator_presets_differ_on_five_brights():
    calc = ScoreController("koikoi", cards="1a 3a 8a 11a 12a")
    found = {p: calc.set_preset(p).total for p in ("book", "d002", "d002-toppa", "d003")}
    assert found == {p: score_cards("1a 3a 8a 11a 12a", p).total for p in found}
    assert found["book"] != found["d003"]


def test_calculator_option_changes_score_and_preset_clears_it():
    calc = ScoreController("koikoi", cards="3a 9a")     # Flower Viewing under the book
    assert calc.total == 5
    calc.set_option("views", "off")
    assert calc.total == 0 == score_cards("3a 9a", options={"views": "off"}).total
    assert calc.options == {"views": "off"} and calc.option_values()["views"] == "off"
    calc.set_preset("book")
    assert calc.options == {} and calc.total == 5


def test_calculator_offers_only_implemented_options_with_descriptions():
    calc = ScoreController("koikoi")
    rows = calc.option_rows()
    assert [k for k, _, _, _ in rows] == list(SCORE_OPTIONS) == list(calc.score_options)
    assert "views" in SCORE_OPTIONS and calc.max_calls == 9
    for key, title, description, allowed in rows:
        assert OPTIONS[key].implemented and description == name_sources(OPTIONS[key].description)
        assert allowed == OPTIONS[key].allowed and title and key not in title.split()


@pytest.mark.parametrize("change, error", [
    (lambda c: c.set_text("1b banana"), UnknownCardError),
    (lambda c: c.set_text("1b 1b"), UnknownCardError),
    (lambda c: c.set_preset("d009"), OptionError),
    (lambda c: c.set_option("sake", "beer"), OptionError),
    (lambda c: c.set_option("players", 3), OptionError),
    (lambda c: c.set_calls(-1), HanafudaError),
    (lambda c: c.set_calls(10), HanafudaError),
    (lambda c: c.set_calls(True), HanafudaError),
])
def test_calculator_bad_input_is_refused_and_nothing_changes(change, error):
    calc = ScoreController("koikoi", cards="1b 2b 3b 4b", calls=1)
    before = (calc.cards, calc.preset, calc.options, calc.calls, totals(calc))
    with pytest.raises(error):
        change(calc)
    assert (calc.cards, calc.preset, calc.options, calc.calls, totals(calc)) == before


def test_calculator_calls_are_words_of_the_game():
    calc = ScoreController("koikoi", cards="1b 2b 3b 4b", calls=1)
    assert calc.summary() == ("4 cards under the rulebook's rules, after one Koi-Koi "
                              "call: 12 points")
    with pytest.raises(HanafudaError, match="Koi-Koi calls is a whole number from 0 to 9"):
        calc.set_calls(10)


@pytest.mark.parametrize("key", KEYS)
def test_every_games_calculator_takes_each_preset_and_refuses_what_it_lacks(key):
    calc = ScoreController(key, cards="1a 3a")
    game = get_game(key)
    for p in presets(game):
        calc.set_preset(p)
        assert calc.preset == p and rules_words(game, p) in calc.summary()
        assert calc.report().to_dict() == get_game(key, preset=p).score(
            list(calc.cards)).to_dict()
    before = totals(calc)
    with pytest.raises(OptionError, match="preset"):
        calc.set_preset("nowhere")
    if not calc.max_calls:                # a game with no call to go on
        with pytest.raises(HanafudaError, match="no call to go on"):
            calc.set_calls(1)
    assert totals(calc) == before and calc.calls == 0


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_calculator_agrees_with_the_scorer_under_any_offered_options(data):
    """Options and calls drawn at random: the calculator gives what the scorer gives."""
    calc = ScoreController("koikoi")
    preset = data.draw(st.sampled_from(list(presets("koikoi"))), label="preset")
    calc.set_preset(preset)
    chosen = {}
    for key in data.draw(st.lists(st.sampled_from(SCORE_OPTIONS), unique=True, max_size=3),
                         label="options"):
        value = data.draw(st.sampled_from(OPTIONS[key].allowed), label=key)
        try:
            calc.set_option(key, value)
        except OptionError:
            continue                        # a combination the rules refuse
        chosen[key] = value
    calls = data.draw(st.integers(0, 9), label="calls")
    calc.set_calls(calls)
    cards = data.draw(st.lists(st.sampled_from(list(Card)), unique=True, max_size=20))
    calc.set_cards(cards)
    want = score_cards(CardSet(cards), preset, calc.options, calls=calls)
    assert calc.total == want.total


def test_short_card_labels_fit_a_button():
    labels = [short_card_label(c) for c in parse_cards("1a 1b 6b 7b 1c 1d 11d 12b")]
    assert labels == ["Crane", "Poetry Ribbon", "Purple Ribbon", "Plain Ribbon", "Chaff 1",
                      "Chaff 2", "Storm", "Special Chaff"]


# -- a round against the computer -------------------------------------------------------

def test_round_same_seed_same_round():
    a = PlayController("koikoi", seed=11, opponent="greedy")
    b = PlayController("koikoi", seed=11, opponent="greedy")
    assert a.state == b.state
    play_out(a)
    play_out(b)
    assert a.state == b.state and a.log == b.log
    c = PlayController("koikoi", seed=12, opponent="greedy")
    assert engine(c).deal != engine(PlayController("koikoi", seed=11,
                                                   opponent="greedy")).deal


def test_round_deals_the_engine_round_and_the_human_leads():
    play = PlayController("koikoi", seed=4, opponent="greedy")
    expected = new_round(get_rules("book"), 4, dealer=0)
    assert engine(play) == expected
    assert engine(play).current_player == 0
    assert tuple(m.action for m in play.legal) == legal_actions(expected)


def test_round_illegal_action_refused_with_engine_message_state_unchanged():
    play = PlayController("koikoi", seed=4, opponent="greedy")
    before, log = play.state, play.log
    not_mine = next(c for c in Card if c not in engine(play).hand(0))
    with pytest.raises(IllegalActionError) as caught:
        play.act(Play(not_mine))
    with pytest.raises(IllegalActionError) as reason:
        apply(engine(play), Play(not_mine), 0)
    assert str(reason.value) in str(caught.value) and "not in your hand" in str(caught.value)
    with pytest.raises(IllegalActionError, match="play a card from your hand first"):
        play.act(Stop())
    with pytest.raises(IllegalActionError):
        play.act("capture 1a")
    assert play.state is before and play.log == log


def test_round_computer_moves_after_the_human_and_logs_in_words():
    play = PlayController("koikoi", seed=6, opponent="greedy")
    dealt = len(play.log)
    first = play.legal[0]
    play.act(first)
    assert play.log[dealt].startswith(f"You play the {first.card.info.name}")
    if not play.is_over and engine(play).phase == Phase.PLAY:
        assert engine(play).current_player == 0
        assert any(line.startswith("The computer plays")
                   for line in play.log[dealt + 1:])


def test_round_matches_the_engine_with_the_same_agents():
    """The controller plays exactly the engine's round: the human's moves through it equal
    stepping the engine with the same choices (a greedy human against the greedy
    computer, which draws from the controller's seeded generator)."""
    human_rng = random.Random(0)
    greedy = GreedyPlayer()
    play = PlayController("koikoi", seed=21, opponent="greedy")
    from hanafuda_core.engines.capture import view
    play_out(play, lambda legal: greedy.choose(view(engine(play), 0),
                                               [m.action for m in legal], human_rng))
    state = new_round(get_rules("book"), 21, dealer=0)
    mine, theirs = random.Random(0), random.Random("play:koikoi:21")
    while state.phase != Phase.ROUND_OVER:
        rng = mine if state.current_player == 0 else theirs
        action = GreedyPlayer().choose(view(state, state.current_player),
                                       legal_actions(state), rng)
        state = apply(state, action)
    assert engine(play) == state


def test_round_plays_to_the_end_with_cards_conserved_at_every_step():
    for seed in range(1, 9):
        play = PlayController("koikoi", seed=seed, opponent="greedy")
        while not play.is_over:
            shown = sum(row.count for row in play.table())
            assert shown == 48, engine(play).describe()
            play.act(play.legal[-1])
        assert play.state.result() is not None and play.report() is not None
        assert play.result_text() and play.legal == ()
        report = play.report().to_dict()
        assert f"total: {report['total']}" in play.report().to_text()
        if play.state.result().winner is not None:
            assert report["total"] == play.state.result().points[play.state.result().winner]


def test_round_choice_and_decision_prompts():
    seen = set()
    for seed in range(1, 40):
        play = PlayController("koikoi", seed=seed, opponent="greedy")
        while not play.is_over:
            phase = engine(play).phase
            if phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
                seen.add("choose")
                assert len(play.choice_cards()) == 2 and "choose" in play.prompt()
                assert all(isinstance(m.action, Capture) for m in play.legal)
                field = next(r for r in play.table() if r.zone == "field")
                assert set(play.choice_cards()) <= set(field.lit)      # the choice is lit
            elif phase == Phase.DECIDE:
                seen.add("decide")
                assert "Koi-Koi" in play.prompt() and "koikoi" in {m.code for m in play.legal}
                words = {m.code: m.words for m in play.legal}
                assert words["koikoi"] == "call Koi-Koi (go on)"
                assert words.get("stop", "call Stop") == "call Stop"
            play.act(play.legal[0])
        if seen == {"choose", "decide"}:
            break
    assert seen == {"choose", "decide"}


def test_round_lights_the_yaku_of_each_pile():
    for seed in range(1, 30):
        play = PlayController("koikoi", seed=seed, opponent="greedy")
        play_out(play)
        for row in play.table():
            if row.zone.startswith("captures"):
                report = get_game("koikoi").score(list(row.cards)).to_dict()
                lit = {code for y in report["yaku"] for code in y["cards"]}
                assert {c.code for c in row.lit} == lit
                if lit:
                    return
    raise AssertionError("no pile with a yaku in 30 rounds")


def test_round_bad_seed_preset_or_opponent_keeps_the_round():
    play = PlayController("koikoi", seed=3, opponent="greedy")
    before = play.state
    for bad in (dict(seed=-1), dict(seed=10**7), dict(preset="nope"), dict(opponent="shark")):
        with pytest.raises(HanafudaError):
            play.new_round(**bad)
        assert play.state is before and play.seed == 3 and play.opponent == "greedy"
        assert play.preset == "book"


def test_round_hint_gives_a_legal_best_move_and_lines():
    play = PlayController("koikoi", seed=8)
    hint = play.hint()
    assert hint.code in {m.code for m in play.legal} and hint.reason
    assert hint.by == "coach" and len(hint.lines) == len(play.legal)
    assert all("points on average" in line for line in hint.lines)
    play_out(play)
    with pytest.raises(IllegalActionError):
        play.hint()


def test_round_d003_preset_plays_too():
    play = PlayController("koikoi", seed=2, preset="d003", opponent="random")
    play_out(play)
    assert engine(play).rules.preset == "d003" and play.state.result() is not None
    other = PlayController("koikoi", seed=2, opponent="random")
    other.new_round(2, preset="d003")
    assert other.state == PlayController("koikoi", seed=2, preset="d003",
                                         opponent="random").state


@pytest.mark.parametrize("key", KEYS)
def test_every_games_round_changes_rules_and_computer_player(key):
    play = PlayController(key, seed=5, opponent="greedy")
    labels = dict((p, label) for label, p in play.preset_choices())
    assert list(labels) == list(presets(key))
    for p in labels:
        play.new_round(5, preset=p, opponent="random")
        assert play.game.preset == p and play.opponent == "random"
        assert play.state == PlayController(key, seed=5, preset=p, opponent="random").state
        assert play.prompt() and (play.is_over or play.your_turn)


# -- describing a step ------------------------------------------------------------------

def test_step_words_name_the_drawn_card_and_captures():
    game = get_game("koikoi")
    state = game.new_round(seed=5)
    action = state.legal_actions()[0]
    after = state.apply(action)
    text = teaching.step_words(state, action, after, ("Ann", "Ben"))
    assert text == describe(story(state.state, action, after.state), ("Ann", "Ben"))
    assert text.startswith(f"Ann plays the {action.card.info.name}")
    s, a = state.state, after.state
    drawn = a.stock[s.pos] if a.pos > s.pos else None
    if drawn is not None:
        assert f"the stock turns up the {parse_cards([drawn])[0].info.name}" in text


# -- replay -------------------------------------------------------------------------------

def test_replay_steps_and_last_equals_the_recorded_final_state():
    ctl = ReplayController(game="koikoi", seed=7, agents=("greedy", "random"), rounds=1)
    assert ctl.rounds == 1
    record = get_game("koikoi").play(["greedy", "random"], seed=7, rounds=1)
    assert ctl.record == record
    # The seed's generator first draws the first dealer, then deals round 1.
    from hanafuda_core.games.koikoi import FIRST_DEALER
    from hanafuda_core.seating import draw_first_dealer
    rng = random.Random(7)
    draw = draw_first_dealer(FIRST_DEALER["book"], 2, rng)
    assert record.summary["first_dealer"] == draw.to_dict()
    start = new_round(get_rules("book", rounds=1), rng, draw.dealer)
    assert ctl.state.state == start
    ctl.next()
    assert ctl.index == 1 and ctl.step is not None
    ctl.back()
    assert ctl.index == 0 and ctl.step is None
    ctl.back()
    assert ctl.index == 0                    # stays at the start
    end = ctl.last().state
    assert end.is_terminal and ctl.index == ctl.length == len(record.rounds[0].actions)
    assert list(end.result().points) == record.rounds[0].outcome["points"]
    assert end.result().winner == record.rounds[0].outcome["winner"]
    assert tuple(a.code() for a in end.state.history) == record.rounds[0].actions
    ctl.next()
    assert ctl.index == ctl.length           # stays at the end
    with pytest.raises(HanafudaError):
        ctl.go(ctl.length + 1)
    assert ctl.report() is not None and ctl.report().total == end.state.result.report.total


def test_replay_rows_show_hands_face_up_unless_hidden():
    ctl = ReplayController(game="koikoi", seed=3, rounds=1)
    rows = {r.zone: r for r in ctl.table()}
    hand2 = rows["hand 1"]
    assert len(hand2.cards) == 8 and not hand2.hidden and hand2.label.startswith("Player 2")
    hidden = {r.zone: r for r in ctl.table(hide=(1,))}
    assert hidden["hand 1"].hidden and hidden["hand 1"].cards == () and \
        hidden["hand 1"].count == 8
    assert hidden["hand 0"].cards == rows["hand 0"].cards


def test_replay_words_and_yaku_held_follow_the_steps():
    ctl = ReplayController(game="koikoi", seed=5, rounds=1)
    assert ctl.describe().startswith("The deal: each player holds 8 cards")
    assert ctl.title == "Seed 5 · Rulebook · simple player vs simple player"
    ctl.last()
    names = [n for n, _ in ctl.yaku()]
    assert names == ["Player 1 (simple player)", "Player 2 (simple player)"]
    for p, (_name, held) in enumerate(ctl.yaku()):
        assert held == teaching.held_yaku(ctl.state, p)
    words = ctl.words()
    assert len(words) == ctl.length and words[0].startswith("1. Player")
    assert ctl.describe() == words[-1].split(". ", 1)[1]


def test_replay_of_the_round_just_played():
    play = PlayController("koikoi", seed=9, opponent="greedy")
    play_out(play)
    ctl = ReplayController(play.record(), title="The round you played")
    assert ctl.state == get_game("koikoi").new_round(seed=9)
    assert ctl.last().state == play.state
    ctl.go(1)
    assert ctl.describe().startswith(("You", "Player 2"))
    assert ctl.title == "The round you played"


def test_replay_several_rounds_and_bad_input():
    with pytest.raises(HanafudaError):
        ReplayController()
    ctl = ReplayController(game="koikoi", seed=2, rounds=3)
    assert ctl.rounds == 3
    ctl.select_round(2)
    assert ctl.state.state.round_no == 3
    with pytest.raises(HanafudaError):
        ctl.select_round(3)
    for bad in (dict(seed=-5), dict(agents=("greedy", "shark")), dict(rounds=0),
                dict(rounds=13), dict(preset="x")):
        with pytest.raises(HanafudaError):
            ReplayController(game="koikoi", **{"seed": 1, **bad})
    assert ctl.round_index == 2 and ctl.state.state.round_no == 3


@pytest.mark.parametrize("key", KEYS)
def test_every_games_replay_describes_each_step(key):
    ctl = ReplayController(game=key, seed=4)
    assert ctl.describe().startswith("The deal")
    for _ in range(ctl.length):
        ctl.next()
        assert ctl.describe() and ctl.words()[-1].endswith(ctl.describe())
        if ctl.step is not None and ctl.step.card is not None:
            assert any(ctl.step.card in r.lit for r in ctl.table())


def test_round_status_line_names_the_rules_the_stock_and_the_yaku_held():
    play = PlayController("koikoi", seed=8, opponent="greedy")
    while not play.is_over:
        line = play.status_line()
        assert line.startswith("Seed 8 · Rulebook · stock "
                               f"{engine(play).stock_size}")
        for p in range(2):
            for yaku in teaching.held_yaku(play.state, p):
                assert yaku in line
        play.act(play.legal[0])
    assert "yaku:" in play.status_line()
