"""The generic views (hanafuda_core.widgets.generic) and the app's tools, for every playable
game, driven as plain widgets (button.click(), .value = ...)."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from hanafuda_core.games import get_game
from hanafuda_core.registry import get_game as registry_game
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach.hand_combinations import has_hand_combinations
from hanafuda_core.teach.tools import round_calculator
from hanafuda_core.widgets.generic import (
    HandCombinationView,
    PlayView,
    ReplayView,
    RoundCalculatorView,
    ScoreView,
    WholeGameView,
    play_view,
    quiz_view,
    replay_view,
    score_view,
)
from hanafuda_core.widgets.quiz import QuizWidget
from hanafuda_core.widgets.tools import build_tool, game_tools

KEYS = playable_keys()


def card_count(html: str) -> int:
    return len(re.findall(r'class="hanafuda-card"', html))


def face_up(html: str) -> list[str]:
    """Codes of the face-up card pictures (face-down ones are drawn as "back")."""
    return [c for c in re.findall(r'<svg[^>]*class="hanafuda-card" data-card="([^"]+)"', html)
            if c != "back"]


@pytest.mark.parametrize("key", KEYS)
def test_every_tool_of_every_playable_game_builds(key):
    shared: dict = {}
    names = game_tools(get_game(key))
    assert {"play", "score", "replay", "whole-game", "deal", "quiz"} <= set(names)
    assert ("combinations" in names) == has_hand_combinations(key)
    for name in names:
        view = build_tool(name, key, shared)
        assert isinstance(view, widgets.Widget)
        if name == "quiz":                 # one quiz tool for every game
            assert isinstance(view.holder.children[0], QuizWidget)
            assert view.holder.children[0].session.quiz.questions[0].id.startswith(
                f"{key}-{registry_game(key).preset}-seed1-q1-")
        # one view of each tool for every game; the score calculator settles a whole
        # round where the game's data describes the form, else it scores a pile
        score = RoundCalculatorView if round_calculator(key) is not None else ScoreView
        expected = {"play": PlayView, "score": score, "replay": ReplayView,
                    "whole-game": WholeGameView, "combinations": HandCombinationView}
        if name in expected:
            assert isinstance(view, expected[name])


@pytest.mark.parametrize("key", KEYS)
def test_play_view_plays_by_buttons_and_refuses_with_a_message(key):
    view = play_view(key, seed=3)
    rows = view.rows()
    assert len(face_up(view.table.value)) == sum(len(r.cards) for r in rows)
    assert view.table.value.count('data-card="back"') == sum(
        r.count for r in rows if r.hidden and r.zone.startswith("hand "))
    assert card_count(view.table.value) == sum(
        r.count if r.hidden and r.zone.startswith("hand ") else len(r.cards) for r in rows)
    # your hand is drawn over its buttons, once: on the table or as moves
    hand = {c.code for c in view.controller.table()[0].cards}
    drawn = face_up(view.table.value) + [b.card.code for b in view.move_buttons
                                          if hasattr(b, "card")]
    assert hand <= set(drawn) and len(drawn) == len(set(drawn))
    codes = [b.code for b in view.move_buttons]
    assert codes == [m.code for m in view.controller.legal]
    assert all(b.description and b.tooltip for b in view.move_buttons)
    before = view.controller.state
    assert not view.act("no such move")
    assert "Not done" in view.message.value and view.controller.state is before
    view.move_buttons[0].click()
    assert view.message.value == "" and view.controller.steps
    view.hint_button.click()
    assert "Hint" in view.hint.value
    for _ in range(300):
        if view.controller.is_over:
            break
        view.move_buttons[0].click()
    assert view.controller.is_over and view.move_buttons == ()
    assert "Round over" in view.status.value and view.hint_button.disabled
    view.seed.value = 8
    view.new_button.click()
    assert not view.controller.is_over and view.controller.seed == 8
    most = view.controller.player_choices()[-1]
    view.players.value = most
    assert view.controller.players == most and view.controller.seed == 8
    assert f"Computer {most - 1}" in view.table.value or most == 2


@pytest.mark.parametrize("key", KEYS)
def test_score_view_toggles_text_and_bad_cards(key):
    view = score_view(key, "1a")
    first, second = list(view.toggles)[:2]
    assert view.toggles[first].value and view.toggles[first].description.startswith("✓")
    view.toggles[second].value = True
    assert view.controller.cards == (first, second) and view.text.value == \
        f"{first.code} {second.code}"
    assert f"Total: {view.controller.report().to_dict()['total']}" in view.report.value
    view.text.value = "1a 13q"
    view.score_button.click()
    assert "Not done" in view.message.value
    assert view.controller.cards == (first, second) and view.toggles[second].value
    view.clear_button.click()
    assert view.controller.cards == () and not any(t.value for t in view.toggles.values())


@pytest.mark.parametrize("key", KEYS)
def test_replay_view_steps_and_replays_the_round_you_played(key):
    view = replay_view(key, seed=2)
    assert view.first_button.disabled and view.mine_button.disabled
    view.next_button.click()
    assert view.controller.position == (0, 1) and "step 1 of" in view.where.value
    view.last_button.click()
    assert view.controller.position[1] == view.controller.length
    view.back_button.click()
    view.first_button.click()
    assert view.controller.position == (0, 0)
    play = play_view(key, seed=4).controller
    play.act(play.legal[0])
    mine = ReplayView(view.controller, play=play)
    mine.mine_button.click()
    assert mine.controller.record.agents[0] == "you"
    mine.last_button.click()
    assert mine.controller.state == play.state
    view.seed.value = 7
    view.load_button.click()
    assert view.controller.record.seed == 7


@pytest.mark.parametrize("key", KEYS)
def test_quiz_view_starts_a_quiz_and_checks_an_answer(key):
    panel = quiz_view(key, seed=2, n=3)
    quiz = panel.holder.children[0]
    assert isinstance(quiz, QuizWidget)
    question = quiz.session.current
    assert quiz.session.check(question.answer).correct
    panel.seed.value = 3
    panel.start.click()
    assert panel.holder.children[0].session.quiz.seed == 3


@pytest.mark.parametrize("key", KEYS)
def test_quiz_tab_shows_a_quiz_and_starts_another_from_the_seed(key):
    tab = quiz_view(key)
    assert len(tab.holder.children) == 1 and isinstance(tab.holder.children[0], QuizWidget)
    tab.seed.value = 2
    tab.start.click()
    assert "seed 2" in tab.holder.children[0].header.value


def test_hachihachi_page_offers_its_tools_built_when_opened():
    """Hachi-Hachi's page keeps every tool it had (the trainer, play, the settlement
    calculator, the year chart, deal, quiz), each a generic view built when its tab is
    first opened, and gains the replay."""
    from hanafuda_core.widgets.app import classroom_app
    page = classroom_app().open_page("hachihachi")
    tabs = page.panel.tabs
    assert tabs.titles == ("Hand combinations", "Play", "Score calculator", "Replay",
                           "Whole game", "Deal", "Quiz")
    assert isinstance(tabs.children[0], HandCombinationView)
    assert tabs.children[2].children == ()
    tabs.selected_index = 2
    assert isinstance(tabs.children[2].children[0], RoundCalculatorView)
    tabs.selected_index = 4
    assert isinstance(tabs.children[4].children[0], WholeGameView)


def _preset_pairs():
    """Every (game, preset) whose rules seat another number than the game's first
    preset; the rest a seeded sample (each replay plays a whole game)."""
    import random

    from hanafuda_core.teach.facts import usual_players
    pairs, others = [], []
    for key in KEYS:
        game = registry_game(key)
        for preset in game.adapter.presets():
            if preset == game.preset:
                continue
            seats = usual_players(registry_game(key, preset)) != usual_players(game)
            (pairs if seats else others).append((key, preset))
    return pairs + random.Random(11).sample(others, 4)


@pytest.mark.parametrize("key, preset", _preset_pairs())
def test_replay_and_whole_game_load_every_preset_with_its_own_number_of_players(key, preset):
    """A preset for three (or a team game of four) loads in the Replay and Whole game
    tabs: the seats follow the rules chosen, not the game first shown."""
    from hanafuda_core.teach.facts import usual_players
    want = registry_game(key, preset)
    replay = build_tool("replay", key)
    replay.preset.value = preset
    assert len(replay.agents) == want.players[0]
    assert replay.load(), replay.message.value
    assert replay.controller.record.preset == preset and \
        replay.controller.record.players == want.players[0]
    assert all(a in replay.loader.children for a in replay.agents)
    whole = build_tool("whole-game", key)
    first = whole.agents.index
    whole.preset.value = preset
    assert whole.agents.index == first          # the same line-up, for the new table
    assert whole.play(), whole.message.value
    assert whole.controller.record.players == usual_players(want)
    assert len(whole.controller.names) == usual_players(want)
