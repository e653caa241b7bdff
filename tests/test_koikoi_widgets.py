"""The Koi-Koi tab's widgets driven as plain objects (.value = ..., .click())."""

from __future__ import annotations

import re

import ipywidgets as widgets

from hanafuda_core.cards import Card, CardSet, parse_card
from hanafuda_core.engines.capture import Phase
from hanafuda_core.games.koikoi import OPTIONS
from hanafuda_core.koikoi_controllers import KoiKoiRound, ScoreCalculator
from hanafuda_core.players import play_game
from hanafuda_core.scoring import score_cards
from hanafuda_core.widgets import koikoi_panel
from hanafuda_core.widgets.koikoi import (
    SUB_TAB_TITLES,
    KoiKoiPlayView,
    ReplayView,
    ScoreCalculatorView,
    koikoi_quiz_tab,
)


def shown_total(html: str) -> int:
    return int(re.search(r'data-total="(\d+)"', html).group(1))


def card_codes(html: str) -> list[str]:
    """Codes of the face-up card pictures (face-down ones are drawn as "back")."""
    return [c for c in re.findall(r'<svg[^>]*class="hanafuda-card" data-card="([^"]+)"', html)
            if c != "back"]


# -- score calculator ------------------------------------------------------------------

def test_calculator_text_box_book_koikoi_example_2():
    view = ScoreCalculatorView(ScoreCalculator())
    view.text.value = "1b 2b 3b 4b"
    assert shown_total(view.report.value) == score_cards("1b 2b 3b 4b").total == 6
    view.calls.value = 1
    assert shown_total(view.report.value) == score_cards("1b 2b 3b 4b", calls=1).total
    assert "3 Poetry Ribbons" in view.report.value and "×2" in view.report.value.replace(
        "&times;", "×")
    assert [c for c, t in view.toggles.items() if t.value] == list(CardSet("1b 2b 3b 4b"))


def test_calculator_toggles_score_live():
    view = ScoreCalculatorView(ScoreCalculator())
    for code in ("1a", "3a", "8a"):
        view.toggles[parse_card(code)].value = True
    assert view.controller.cards == CardSet("1a 3a 8a")
    assert shown_total(view.report.value) == score_cards("1a 3a 8a").total == 5
    assert set(card_codes(view.report.value)) == {"1a", "3a", "8a"}
    assert 'data-highlight="true"' in view.pictures[Card.PINE_CRANE].value
    view.toggles[Card.SUSUKI_MOON].value = False
    assert shown_total(view.report.value) == 0
    assert 'data-highlight="true"' not in view.pictures[Card.SUSUKI_MOON].value


def test_calculator_preset_switch_changes_the_total():
    view = ScoreCalculatorView(ScoreCalculator())
    view.text.value = "crane, curtain, moon, rainman, phoenix"
    book = shown_total(view.report.value)
    view.preset.value = "d003"
    d003 = shown_total(view.report.value)
    assert (book, d003) == (score_cards("1a 3a 8a 11a 12a").total,
                            score_cards("1a 3a 8a 11a 12a", "d003").total)
    assert book != d003
    assert view.option_widgets["views"].value == "off"       # d003's rules are shown


def test_calculator_option_toggle_changes_the_total():
    view = ScoreCalculatorView(ScoreCalculator("3a 9a"))
    assert shown_total(view.report.value) == 5
    view.option_widgets["views"].value = "off"
    assert shown_total(view.report.value) == 0
    helps = [w.value for w in view.children[-1].children[1].children
             if isinstance(w, widgets.HTML)]
    assert any(OPTIONS["views"].description[1:40] in h for h in helps)


def test_calculator_bad_card_name_shows_message_and_keeps_report():
    view = ScoreCalculatorView(ScoreCalculator())
    view.text.value = "1b 2b 3b"
    good = view.report.value
    view.text.value = "1b 2b blossom"
    assert view.report.value == good
    message = view.message.value
    assert "hanafuda-notice" in message and "unknown card" in message.lower()
    assert "Traceback" not in message
    view.calls.value = 42
    assert view.report.value == good and "from 0 to 9" in view.message.value
    view.calls.value = 0
    assert view.message.value == ""


# -- play --------------------------------------------------------------------------------

def test_play_a_round_by_clicking_until_it_ends():
    view = KoiKoiPlayView(KoiKoiRound(seed=5))
    view.seed.value = 14
    view.new_button.click()
    assert view.controller.seed == 14 and len(view.hand_buttons) == 8
    view.hint_button.click()
    assert "hanafuda-kk-hint" in view.hint.value and len(view.hint.value) > 80
    clicks, log_sizes, kinds = 0, [], set()
    while not view.controller.is_over:
        state = view.controller.state
        shown = card_codes(view.table.value) + [b.card.code for b in view.hand_buttons]
        hidden = len(state.hand(1))
        stock = int(re.search(r'class="hanafuda-stack" data-count="(\d+)"',
                              view.table.value).group(1))
        assert len(shown) + hidden + stock == 48 and len(set(shown)) == len(shown)
        buttons = view.action_buttons()
        assert buttons, "no button to click before the round ended"
        if state.phase == Phase.DECIDE:
            kinds.add("decide")
            assert buttons[0] is view.go_on_button
        elif state.phase != Phase.PLAY:
            kinds.add("choose")
            assert buttons[0] in view.choice_buttons
        buttons[0].click()
        assert view.message.value == ""
        clicks += 1
        log_sizes.append(int(re.search(r'data-lines="(\d+)"', view.log_html.value).group(1)))
        assert clicks < 40
    assert log_sizes == sorted(log_sizes) and log_sizes[-1] > clicks
    assert "hanafuda-kk-result" in view.result.value
    assert view.controller.result() in view.result.value.replace("&#x27;", "'")
    assert view.action_buttons() == [] and view.hint_button.disabled


def test_play_many_seeds_reach_choices_and_decisions():
    kinds = set()
    view = KoiKoiPlayView(KoiKoiRound(seed=1, opponent="greedy"))
    for seed in range(1, 30):
        view.seed.value = seed
        view.new_button.click()
        while not view.controller.is_over:
            phase = view.controller.state.phase
            kinds.add(phase)
            view.action_buttons()[0].click()
        assert "hanafuda-kk-result" in view.result.value
        if {Phase.DECIDE, Phase.CHOOSE_HAND_CAPTURE} <= kinds or \
                {Phase.DECIDE, Phase.CHOOSE_DRAW_CAPTURE} <= kinds:
            break
    assert Phase.DECIDE in kinds and (Phase.CHOOSE_HAND_CAPTURE in kinds
                                      or Phase.CHOOSE_DRAW_CAPTURE in kinds)


def test_play_bad_seed_keeps_the_round_and_illegal_action_shows_the_reason():
    view = KoiKoiPlayView(KoiKoiRound(seed=3, opponent="greedy"))
    table = view.table.value
    view.seed.value = -4
    view.new_button.click()
    assert "seed must be a whole number" in view.message.value and view.table.value == table
    assert view.act("stop") is False
    assert "play a card from your hand first" in view.message.value.lower()
    assert view.table.value == table and view.controller.log == ()


def test_play_same_seed_same_table():
    a = KoiKoiPlayView(KoiKoiRound(seed=17))
    b = KoiKoiPlayView(KoiKoiRound(seed=17))
    assert a.table.value == b.table.value
    a.hand_buttons[0].click()
    b.hand_buttons[0].click()
    assert a.table.value == b.table.value and a.log_html.value == b.log_html.value


# -- replay ------------------------------------------------------------------------------

def test_replay_buttons_and_slider_move_through_steps():
    view = ReplayView(seed=4)
    record = play_game(4, ("greedy", "greedy"), rounds=1)
    steps = len(record.rounds[0].actions)
    assert view.slider.max == steps and view.slider.value == 0
    assert view.first_button.disabled and view.back_button.disabled
    view.next_button.click()
    assert view.controller.index == 1 and view.slider.value == 1
    assert 'data-step="1"' in view.step.value
    view.next_button.click()
    view.back_button.click()
    assert view.controller.index == 1
    view.last_button.click()
    assert view.controller.index == steps and view.next_button.disabled
    final = view.controller.state
    assert tuple(final.result.points) == record.rounds[0].points
    assert tuple(a.code() for a in final.history) == record.rounds[0].actions
    assert "Total:" in view.yaku.value
    view.slider.value = 2
    assert view.controller.index == 2 and 'data-step="2"' in view.step.value
    view.first_button.click()
    assert view.controller.index == 0 and view.slider.value == 0


def test_replay_hide_toggle_turns_player_2_hand_face_down():
    view = ReplayView(seed=4)
    faces = len(card_codes(view.table.value))
    view.hide.value = True
    assert len(card_codes(view.table.value)) == faces - 8
    assert view.table.value.count('data-card="back"') == 8


def test_replay_loads_the_round_just_played_and_bad_input_keeps_the_game():
    play = KoiKoiRound(seed=6, opponent="greedy")
    while not play.is_over:
        play.act(play.legal()[0])
    view = ReplayView(play=play, seed=2)
    view.mine_button.click()
    view.last_button.click()
    assert view.controller.state == play.state
    view.seed.value = -1
    view.load_button.click()
    assert "seed must be" in view.message.value and view.controller.state == play.state


# -- quiz and the panel -----------------------------------------------------------------

def test_quiz_tab_shows_the_seeded_quiz():
    from hanafuda_core.koikoi_quiz import generate_koikoi_quiz
    from hanafuda_core.widgets.quiz import QuizWidget
    tab = koikoi_quiz_tab(seed=3)
    shown = tab.holder.children[0]
    assert isinstance(shown, QuizWidget) and shown.session.quiz == generate_koikoi_quiz(3, 6)


def test_koikoi_panel_has_four_sub_tabs_built_when_opened():
    panel = koikoi_panel()
    tabs = panel.tabs
    assert tabs.titles == SUB_TAB_TITLES and isinstance(tabs.children[0], KoiKoiPlayView)
    assert all(child.children == () for child in tabs.children[1:])
    tabs.selected_index = 1
    assert isinstance(tabs.children[1].children[0], ScoreCalculatorView)
    tabs.selected_index = 2
    replay = tabs.children[2].children[0]
    assert isinstance(replay, ReplayView) and replay.play is tabs.children[0].controller
    tabs.selected_index = 3
    assert len(tabs.children[3].children) == 1
