"""Controllers of the Koi-Koi tools (pure Python, no widgets): calculator, round, replay."""

from __future__ import annotations

import random

import pytest

from hanafuda_core.cards import CardSet, parse_cards
from hanafuda_core.engines.capture import (
    Capture,
    GoOn,
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
from hanafuda_core.games.koikoi import OPTIONS, get_rules
from hanafuda_core.koikoi_controllers import (
    CALCULATOR_OPTIONS,
    KoiKoiRound,
    ReplayController,
    ScoreCalculator,
    describe_step,
    short_card_label,
)
from hanafuda_core.players import GreedyPlayer, play_game, play_round
from hanafuda_core.rules import name_sources
from hanafuda_core.scoring import score_cards


def play_out(game: KoiKoiRound, pick=lambda legal: legal[0]) -> int:
    """Play the human's side with ``pick`` until the round ends; returns the human's moves."""
    moves = 0
    while not game.is_over:
        game.act(pick(game.legal()))
        moves += 1
        assert moves < 60, "the round does not end"
    return moves


# -- score calculator ------------------------------------------------------------------

def test_calculator_book_koikoi_example_1_three_poetry_ribbons_score_5():
    # BK12-1: 3 Poetry Ribbons, Stop at once -> 5
    calc = ScoreCalculator()
    assert calc.set_text("1b 2b 3b").total == 5
    assert [line.name for line in calc.report.lines] == ["3 Poetry Ribbons"]


def test_calculator_book_koikoi_example_2_extra_ribbon_after_a_call_is_12():
    # BK12-2: 3 Poetry + one more ribbon, after a Koi-Koi -> (5 + 1) x 2 = 12
    calc = ScoreCalculator("1b 2b 3b 4b")
    assert calc.total == 6
    assert calc.set_calls(1).total == 12
    assert calc.total == score_cards("1b 2b 3b 4b", calls=1).total


def test_calculator_book_koikoi_example_c6_two_calls_double_only_once():
    calc = ScoreCalculator("1b 2b 3b 4b", calls=2)
    assert calc.total == 12
    assert [m.factor for m in calc.report.multipliers] == [2]


def test_calculator_names_and_codes_give_the_same_pile():
    calc = ScoreCalculator()
    by_name = calc.set_text("crane, curtain, moon").total
    assert calc.cards == CardSet("1a 3a 8a")
    assert calc.set_text("1a 3a 8a").total == by_name == score_cards("1a 3a 8a").total


def test_calculator_toggle_adds_and_removes_one_card():
    calc = ScoreCalculator("1b 2b")
    assert calc.total == 0
    calc.toggle("3b")
    assert calc.total == 5 and "3b" in calc.cards.format()
    calc.toggle("3b")
    assert calc.total == 0
    calc.toggle("3b", on=True)
    calc.toggle("3b", on=True)            # already in: no change
    assert calc.cards == CardSet("1b 2b 3b")


def test_calculator_presets_differ_on_five_brights():
    calc = ScoreCalculator("1a 3a 8a 11a 12a")
    totals = {p: calc.set_preset(p).total for p in ("book", "d002", "d002-toppa", "d003")}
    assert totals == {p: score_cards("1a 3a 8a 11a 12a", p).total for p in totals}
    assert totals["book"] != totals["d003"]


def test_calculator_option_changes_score_and_preset_clears_it():
    calc = ScoreCalculator("3a 9a")                 # Flower Viewing under the book
    assert calc.total == 5
    calc.set_option("views", "off")
    assert calc.total == 0 == score_cards("3a 9a", options={"views": "off"}).total
    assert calc.options == {"views": "off"}
    calc.set_preset("book")
    assert calc.options == {} and calc.total == 5


def test_calculator_offers_only_implemented_options_with_descriptions():
    rows = ScoreCalculator.option_rows()
    assert [k for k, _, _ in rows] == list(CALCULATOR_OPTIONS)
    for key, description, allowed in rows:
        assert OPTIONS[key].implemented and description == name_sources(OPTIONS[key].description)
        assert allowed == OPTIONS[key].allowed


@pytest.mark.parametrize("change, error", [
    (lambda c: c.set_text("1b banana"), UnknownCardError),
    (lambda c: c.set_text("1b 1b"), UnknownCardError),
    (lambda c: c.set_preset("d009"), OptionError),
    (lambda c: c.set_option("sake", "beer"), OptionError),
    (lambda c: c.set_option("players", 3), OptionError),
    (lambda c: c.set_calls(-1), HanafudaError),
    (lambda c: c.set_calls(10), HanafudaError),
])
def test_calculator_bad_input_is_refused_and_nothing_changes(change, error):
    calc = ScoreCalculator("1b 2b 3b 4b", calls=1)
    before = (calc.cards, calc.preset, calc.options, calc.calls, calc.report)
    with pytest.raises(error):
        change(calc)
    assert (calc.cards, calc.preset, calc.options, calc.calls, calc.report) == before


def test_short_card_labels_fit_a_month_column():
    labels = [short_card_label(c) for c in parse_cards("1a 1b 6b 7b 1c 1d 11d 12b")]
    assert labels == ["Crane", "Poetry Ribbon", "Purple Ribbon", "Plain Ribbon", "Chaff 1",
                      "Chaff 2", "Storm", "Special Chaff"]


# -- a round against the computer -------------------------------------------------------

def test_round_same_seed_same_round():
    a, b = KoiKoiRound(seed=11, opponent="greedy"), KoiKoiRound(seed=11, opponent="greedy")
    assert a.state == b.state
    play_out(a)
    play_out(b)
    assert a.state == b.state and a.log == b.log
    c = KoiKoiRound(seed=12, opponent="greedy")
    assert c.state.deal != KoiKoiRound(seed=11, opponent="greedy").state.deal


def test_round_deals_the_engine_round_and_the_human_leads():
    game = KoiKoiRound(seed=4, opponent="greedy")
    expected = new_round(get_rules("book"), 4, dealer=0)
    assert game.state == expected
    assert game.state.current_player == 0 and game.legal() == legal_actions(expected)


def test_round_illegal_action_refused_with_engine_message_state_unchanged():
    game = KoiKoiRound(seed=4, opponent="greedy")
    before, log = game.state, game.log
    not_mine = next(c for c in parse_cards([i for i in range(48)])
                    if c not in game.state.hand(0))
    with pytest.raises(IllegalActionError) as caught:
        game.act(Play(not_mine))
    with pytest.raises(IllegalActionError) as engine:
        apply(before, Play(not_mine), 0)
    assert str(caught.value) == str(engine.value) and "not in your hand" in str(caught.value)
    with pytest.raises(IllegalActionError):
        game.act(Stop())
    with pytest.raises(IllegalActionError):
        game.act("capture 1a")
    assert game.state is before and game.log == log


def test_round_computer_moves_after_the_human_and_logs_in_words():
    game = KoiKoiRound(seed=6, opponent="greedy")
    first = game.legal()[0]
    game.act(first)
    assert game.log[0].startswith(f"You play the {first.card.info.name}")
    if not game.is_over and game.state.phase == Phase.PLAY:
        assert game.state.current_player == 0
        assert any(line.startswith("The computer plays") for line in game.log[1:])


def test_round_matches_the_engine_with_the_same_agents():
    """The controller plays exactly the engine's round: the human's moves through it equal
    play_round with the same choices (a greedy human against the greedy computer)."""
    greedy = GreedyPlayer()
    game = KoiKoiRound(seed=21, opponent="greedy")
    human_rng = random.Random(0)
    from hanafuda_core.engines.capture import view
    play_out(game, lambda legal: greedy.choose(view(game.state, 0), legal, human_rng))
    start = new_round(get_rules("book"), 21, dealer=0)
    end = play_round(start, [GreedyPlayer(), GreedyPlayer()], random.Random(21))
    assert game.state == end


def test_round_plays_to_the_end_with_cards_conserved_at_every_step():
    for seed in range(1, 9):
        game = KoiKoiRound(seed=seed, opponent="greedy")
        while not game.is_over:
            rows = game.rows()
            shown = sum(cards if isinstance(cards, int) else len(cards) for _, cards in rows)
            assert shown + len(game.hand()) == 48, game.state.describe()
            game.act(game.legal()[-1])
        assert game.state.result is not None and game.report() is not None
        assert game.result() and game.legal() == ()


def test_round_choice_and_decision_prompts():
    seen = set()
    for seed in range(1, 40):
        game = KoiKoiRound(seed=seed, opponent="greedy")
        while not game.is_over:
            phase = game.state.phase
            if phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
                seen.add("choose")
                assert len(game.choice_cards()) == 2 and "choose" in game.prompt()
                assert all(isinstance(a, Capture) for a in game.legal())
            elif phase == Phase.DECIDE:
                seen.add("decide")
                assert "Koi-Koi" in game.prompt() and GoOn() in game.legal()
            game.act(game.legal()[0])
        if seen == {"choose", "decide"}:
            break
    assert seen == {"choose", "decide"}


def test_round_bad_seed_or_preset_keeps_the_round():
    game = KoiKoiRound(seed=3, opponent="greedy")
    before = game.state
    for bad in (dict(seed=-1), dict(seed=10**7), dict(preset="nope"), dict(opponent="shark")):
        with pytest.raises(HanafudaError):
            game.new_round(**bad)
        assert game.state is before and game.seed == 3


def test_round_hint_gives_a_legal_best_move_and_lines():
    game = KoiKoiRound(seed=8)
    hint = game.hint()
    assert hint.best in game.legal() and hint.summary
    assert hint.source == "coach" and len(hint.lines) == len(game.legal())
    play_out(game)
    with pytest.raises(IllegalActionError):
        game.hint()


def test_round_d003_preset_plays_too():
    game = KoiKoiRound(seed=2, preset="d003", opponent="random")
    play_out(game)
    assert game.state.rules.preset == "d003" and game.state.result is not None


# -- describing a step ------------------------------------------------------------------

def test_describe_step_names_the_drawn_card_and_captures():
    rules = get_rules("book")
    state = new_round(rules, 5, dealer=0)
    action = legal_actions(state)[0]
    after = apply(state, action)
    text = describe_step(state, action, after, ("Ann", "Ben"))
    assert text.startswith(f"Ann plays the {action.card.info.name}")
    drawn = after.stock[state.pos] if after.pos > state.pos else None
    if drawn is not None:
        assert f"the stock turns up the {parse_cards([drawn])[0].info.name}" in text


# -- replay -------------------------------------------------------------------------------

def test_replay_steps_and_last_equals_the_recorded_final_state():
    ctl = ReplayController()
    assert ctl.load_game(7, ("greedy", "random"), "book", rounds=1) == 1
    record = play_game(7, ("greedy", "random"), rounds=1, preset="book")
    assert ctl.record == record
    # The seed's generator first draws the first dealer, then deals round 1.
    from hanafuda_core.games.koikoi import FIRST_DEALER
    from hanafuda_core.seating import draw_first_dealer
    rng = random.Random(7)
    draw = draw_first_dealer(FIRST_DEALER["book"], 2, rng)
    assert record.dealer_draw == draw
    start = new_round(get_rules("book", rounds=1), rng, draw.dealer)
    assert ctl.state == start
    ctl.next()
    assert ctl.index == 1 and ctl.action() is not None
    ctl.back()
    assert ctl.index == 0 and ctl.action() is None
    ctl.back()
    assert ctl.index == 0                    # stays at the start
    end = ctl.last()
    assert end.is_terminal and ctl.index == ctl.steps - 1 == len(record.rounds[0].actions)
    assert tuple(end.result.points) == record.rounds[0].points
    assert end.result.winner == record.rounds[0].winner
    assert tuple(a.code() for a in end.history) == record.rounds[0].actions
    ctl.next()
    assert ctl.index == ctl.steps - 1        # stays at the end
    with pytest.raises(HanafudaError):
        ctl.go(ctl.steps)


def test_replay_rows_show_hands_face_up_unless_hidden():
    ctl = ReplayController()
    ctl.load_game(3)
    rows = dict(ctl.rows())
    hand2 = rows["Player 2 (greedy): hand"]
    assert len(hand2) == 8 and None not in hand2
    hidden = dict(ctl.rows(hide=(1,)))
    assert hidden["Player 2 (greedy): hand"] == [None] * 8
    assert hidden["Player 1 (greedy): hand"] == rows["Player 1 (greedy): hand"]


def test_replay_of_the_round_just_played():
    game = KoiKoiRound(seed=9, opponent="greedy")
    play_out(game)
    ctl = ReplayController()
    ctl.load_round(game.start, game.state)
    assert ctl.state == game.start and ctl.last() == game.state
    assert ctl.describe().startswith("The computer") or ctl.describe().startswith("You")


def test_replay_several_rounds_and_bad_input():
    ctl = ReplayController()
    with pytest.raises(HanafudaError):
        ctl.next()
    assert ctl.load_game(2, rounds=3) == 3
    ctl.select_round(2)
    assert ctl.state.round_no == 3
    with pytest.raises(HanafudaError):
        ctl.select_round(3)
    for bad in (dict(seed=-5), dict(agents=("greedy", "shark")), dict(rounds=0),
                dict(preset="x")):
        with pytest.raises(HanafudaError):
            ctl.load_game(**{"seed": 1, **bad})
    assert ctl.round_index == 2 and ctl.state.round_no == 3
