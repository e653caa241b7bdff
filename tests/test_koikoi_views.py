"""Koi-Koi's page in the app through the generic views (hanafuda_core.widgets.generic),
driven as plain objects (.value = ..., .click()). Each assertion of the retired Koi-Koi
widgets is checked here on the generic views."""

from __future__ import annotations

import html
import re

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet, parse_card
from hanafuda_core.engines.capture import Phase
from hanafuda_core.games.koikoi import OPTIONS
from hanafuda_core.rules import name_sources
from hanafuda_core.scoring import score_cards
from hanafuda_core.teach.quizzes import generate_quiz
from hanafuda_core.teach.tools import PlayController, ReplayController
from hanafuda_core.widgets.generic import (
    PlayView,
    ReplayView,
    ScoreView,
    play_view,
    quiz_view,
    score_view,
)


def shown_total(html: str) -> int:
    return int(re.search(r'data-total="(-?\d+)"', html).group(1))


def card_codes(html: str) -> list[str]:
    """Codes of the face-up card pictures (face-down ones are drawn as "back")."""
    return [c for c in re.findall(r'<svg[^>]*class="hanafuda-card" data-card="([^"]+)"', html)
            if c != "back"]


def lit_codes(html: str) -> set[str]:
    """Codes of the cards drawn with the highlight's orange outline."""
    parts = re.split(r'<svg[^>]*class="hanafuda-card" data-card="([^"]+)"', html)
    return {code for code, body in zip(parts[1::2], parts[2::2])
            if 'data-highlight="true"' in body[:200] or 'stroke="#ff8f00"' in
            body.split('class="hanafuda-card"')[0]}


# -- score calculator ------------------------------------------------------------------

def test_calculator_text_box_book_koikoi_example_2():
    view = score_view("koikoi")
    view.text.value = "1b 2b 3b 4b"
    assert shown_total(view.report.value) == score_cards("1b 2b 3b 4b").total == 6
    view.calls.value = 1
    assert shown_total(view.report.value) == score_cards("1b 2b 3b 4b", calls=1).total
    assert "3 Poetry Ribbons" in view.report.value and "×2" in view.report.value.replace(
        "&times;", "×")
    assert [c for c, t in view.toggles.items() if t.value] == list(CardSet("1b 2b 3b 4b"))
    assert "after one Koi-Koi call: 12 points" in view.summary.value
    assert view.calls.description == "Koi-Koi calls"


def test_calculator_toggles_score_live_and_light_the_yaku():
    view = score_view("koikoi")
    for code in ("1a", "3a", "8a"):
        view.toggles[parse_card(code)].value = True
    assert CardSet(view.controller.cards) == CardSet("1a 3a 8a")
    assert shown_total(view.report.value) == score_cards("1a 3a 8a").total == 5
    assert set(card_codes(view.report.value)) == {"1a", "3a", "8a"}
    assert lit_codes(view.report.value) == {"1a", "3a", "8a"}        # the yaku's cards
    assert 'data-highlight="true"' in view.pictures[Card.PINE_CRANE].value
    assert view.toggles[Card.PINE_CRANE].description == "✓ Crane"
    view.toggles[Card.SUSUKI_MOON].value = False
    assert shown_total(view.report.value) == 0
    assert 'data-highlight="true"' not in view.pictures[Card.SUSUKI_MOON].value
    assert view.toggles[Card.SUSUKI_MOON].description == "Moon"
    assert lit_codes(view.report.value) == set()                     # no yaku now


def test_calculator_preset_switch_changes_the_total():
    view = score_view("koikoi")
    assert dict(view.preset.options)["Japanese publisher"] == "d002"
    view.text.value = "crane, curtain, moon, rainman, phoenix"
    book = shown_total(view.report.value)
    view.preset.value = "d003"
    d003 = shown_total(view.report.value)
    assert (book, d003) == (score_cards("1a 3a 8a 11a 12a").total,
                            score_cards("1a 3a 8a 11a 12a", "d003").total)
    assert book != d003
    assert view.option_widgets["views"].value == "off"       # d003's rules are shown


def test_calculator_option_toggle_changes_the_total():
    view = score_view("koikoi", "3a 9a")
    assert shown_total(view.report.value) == 5
    view.option_widgets["views"].value = "off"
    assert shown_total(view.report.value) == 0
    helps = [w.value for w in view.options_box.children if not hasattr(w, "options")
             and isinstance(w.value, str)]
    assert any(name_sources(OPTIONS["views"].description)[1:40] in h for h in helps)


def test_calculator_bad_card_name_shows_message_and_keeps_report():
    view = score_view("koikoi")
    view.text.value = "1b 2b 3b"
    good = view.report.value
    view.text.value = "1b 2b blossom"
    assert view.report.value == good
    message = view.message.value
    assert "hanafuda-notice" in message and "unknown card" in message.lower()
    assert "Traceback" not in message
    view.calls.value = 42
    assert view.report.value == good and "from 0 to 9" in view.message.value
    assert view.calls.value == 0                      # the box shows the rules in force
    view.calls.value = 1
    assert view.message.value == ""


# -- play --------------------------------------------------------------------------------

def test_play_a_round_by_clicking_until_it_ends():
    view = play_view("koikoi", seed=5)
    view.seed.value = 14
    view.new_button.click()
    assert view.controller.seed == 14 and len(view.move_buttons) == 8
    assert all(b.card.code in card_codes(b_cell.children[0].value)
               for b, b_cell in zip(view.move_buttons, view.moves.children))
    view.hint_button.click()
    assert "hanafuda-generic-hint" in view.hint.value and len(view.hint.value) > 80
    assert "points on average" in view.hint.value
    clicks, log_sizes, kinds = 0, [], set()
    while not view.controller.is_over:
        state = view.controller.state.state
        hand = {c.code for c in state.hand(0)}
        shown = card_codes(view.table.value) + [b.card.code for b in view.move_buttons
                                                if getattr(b, "card", None) is not None
                                                and b.card.code in hand]
        hidden = view.table.value.count('data-card="back"')
        assert hidden == len(state.hand(1))
        stock = int(re.search(r'class="hanafuda-stack" data-count="(\d+)"',
                              view.table.value).group(1))
        assert len(shown) + hidden + stock == 48 and len(set(shown)) == len(shown)
        buttons = view.move_buttons
        assert buttons, "no button to click before the round ended"
        if state.phase == Phase.DECIDE:
            kinds.add("decide")
            words = [b.description for b in buttons]
            assert words[0] == "Call Koi-Koi (go on)" and set(words) <= {
                "Call Koi-Koi (go on)", "Call Stop"}
        elif state.phase != Phase.PLAY:
            kinds.add("choose")
            assert all(b.button_style == "info" and b.description.startswith("Capture")
                       for b in buttons)
            assert {b.card.code for b in buttons} <= lit_codes(view.table.value)
        buttons[0].click()
        assert view.message.value == ""
        clicks += 1
        log_sizes.append(int(re.search(r'data-lines="(\d+)"', view.log_html.value).group(1)))
        assert clicks < 40
    assert log_sizes == sorted(log_sizes) and log_sizes[-1] > clicks
    assert "hanafuda-generic-result" in view.result.value
    points = view.controller.state.result().points
    assert f"{max(points)} points" in html.unescape(view.result.value)
    assert view.controller.result_text() in view.result.value.replace("&#x27;", "'")
    assert view.move_buttons == () and view.hint_button.disabled


def test_play_many_seeds_reach_choices_and_decisions():
    kinds = set()
    view = play_view("koikoi", seed=1, opponent="greedy")
    for seed in range(1, 30):
        view.seed.value = seed
        view.new_button.click()
        while not view.controller.is_over:
            kinds.add(view.controller.state.state.phase)
            view.move_buttons[0].click()
        assert "hanafuda-generic-result" in view.result.value
        if {Phase.DECIDE, Phase.CHOOSE_HAND_CAPTURE} <= kinds or \
                {Phase.DECIDE, Phase.CHOOSE_DRAW_CAPTURE} <= kinds:
            break
    assert Phase.DECIDE in kinds and (Phase.CHOOSE_HAND_CAPTURE in kinds
                                      or Phase.CHOOSE_DRAW_CAPTURE in kinds)


def test_play_bad_seed_keeps_the_round_and_illegal_action_shows_the_reason():
    view = play_view("koikoi", seed=3, opponent="greedy")
    table, log = view.table.value, view.controller.log
    view.seed.value = -4
    view.new_button.click()
    assert "seed must be a whole number" in view.message.value and view.table.value == table
    assert view.act("stop") is False
    assert "play a card from your hand first" in view.message.value.lower()
    assert view.table.value == table and view.controller.log == log
    assert view.controller.steps == []


def test_play_rules_and_computer_boxes_deal_a_new_round():
    view = play_view("koikoi", seed=3)
    assert [label for label, _p in view.preset.options][:2] == ["Rulebook",
                                                               "Japanese publisher"]
    view.preset.value = "d003"
    view.opponent.value = "random"
    view.new_button.click()
    ctl = view.controller
    assert (ctl.preset, ctl.opponent, ctl.seed) == ("d003", "random", 3)
    assert ctl.state == PlayController("koikoi", seed=3, preset="d003",
                                       opponent="random").state


def test_play_same_seed_same_table():
    a = play_view("koikoi", seed=17)
    b = play_view("koikoi", seed=17)
    assert a.table.value == b.table.value
    a.move_buttons[0].click()
    b.move_buttons[0].click()
    assert a.table.value == b.table.value and a.log_html.value == b.log_html.value


# -- replay ------------------------------------------------------------------------------

def one_round(seed: int) -> ReplayView:
    return ReplayView(ReplayController(game="koikoi", seed=seed, rounds=1))


def test_replay_buttons_and_slider_move_through_steps():
    view = one_round(4)
    record = get_game("koikoi").play(["greedy", "greedy"], seed=4, rounds=1)
    steps = len(record.rounds[0].actions)
    assert view.step.max == steps and view.step.value == 0
    assert view.first_button.disabled and view.back_button.disabled
    view.next_button.click()
    assert view.controller.index == 1 and view.step.value == 1
    assert 'data-step="1"' in view.where.value
    view.next_button.click()
    view.back_button.click()
    assert view.controller.index == 1
    view.last_button.click()
    assert view.controller.index == steps and view.next_button.disabled
    final = view.controller.state
    assert list(final.result().points) == record.rounds[0].outcome["points"]
    assert tuple(a.code() for a in final.state.history) == record.rounds[0].actions
    # the round's report told with the replay's seats (no bare total: a round's report
    # has one only for its scorer), beside the yaku each seat holds
    assert "hanafuda-generic-report" in view.yaku.value and "Yaku held" in view.yaku.value
    assert "Total:" not in view.yaku.value
    view.step.value = 2
    assert view.controller.index == 2 and 'data-step="2"' in view.where.value
    view.first_button.click()
    assert view.controller.index == 0 and view.step.value == 0


def test_replay_hide_toggle_turns_player_2_hand_face_down():
    view = one_round(4)
    faces = len(card_codes(view.table.value))
    assert view.hide.description == "Hide player 2's hand"
    view.hide.value = True
    assert len(card_codes(view.table.value)) == faces - 8
    assert view.table.value.count('data-card="back"') == 8


def test_replay_loads_a_seeded_game_with_the_chosen_players_rules_and_rounds():
    view = one_round(4)
    view.seed.value = 6
    view.agents[1].value = "random"
    view.preset.value = "d003"
    view.rounds.value = 2
    view.load_button.click()
    assert view.message.value == ""
    assert view.controller.record == get_game("koikoi", preset="d003").play(
        ["greedy", "random"], seed=6, rounds=2)
    assert [label for label, _i in view.round.options] == ["Round 1", "Round 2"]
    view.round.value = 1
    assert view.controller.position == (1, 0)
    view.rounds.value = 0
    view.load_button.click()
    assert "from 1 to 12" in view.message.value and view.controller.rounds == 2


def test_replay_loads_the_round_just_played_and_bad_input_keeps_the_game():
    play = PlayController("koikoi", seed=6, opponent="greedy")
    while not play.is_over:
        play.act(play.legal[0])
    view = ReplayView(ReplayController(game="koikoi", seed=2, rounds=1), play=play)
    view.mine_button.click()
    view.last_button.click()
    assert view.controller.state == play.state
    assert view.hide.description == "Hide the computer's hand"
    assert "The round you played" in view.where.value
    view.seed.value = -1
    view.load_button.click()
    assert "seed must be" in view.message.value and view.controller.state == play.state


# -- quiz and the page -----------------------------------------------------------------

def test_quiz_view_shows_the_seeded_quiz():
    from hanafuda_core.teach.quizzes import generate_capture_quiz
    from hanafuda_core.widgets.quiz import QuizWidget
    tab = quiz_view("koikoi", seed=3)
    shown = tab.holder.children[0]
    assert isinstance(shown, QuizWidget) and shown.session.quiz == generate_quiz("koikoi", 3, 6)
    own = generate_capture_quiz("koikoi", 3, 6)
    assert [q.prompt for q in shown.session.quiz.questions] == [q.prompt for q in own.questions]


def test_koikoi_page_has_its_tools_built_when_opened():
    from hanafuda_core.widgets.app import ClassroomApp
    page = ClassroomApp().open_page("koikoi")
    tabs = page.panel.tabs
    assert tabs.titles == ("Play", "Score calculator", "Replay", "Whole game", "Deal", "Quiz")
    assert isinstance(tabs.children[0], PlayView)
    assert all(child.children == () for child in tabs.children[1:])
    tabs.selected_index = 1
    assert isinstance(tabs.children[1].children[0], ScoreView)
    tabs.selected_index = 2
    replay = tabs.children[2].children[0]
    assert isinstance(replay, ReplayView) and replay.play is tabs.children[0].controller
    tabs.selected_index = 4
    assert len(tabs.children[4].children) == 1


def test_play_status_says_the_rules_and_the_computer_in_words():
    view = play_view("koikoi", seed=8, opponent="greedy")
    assert dict(view.opponent.options)["The simple player (it takes the move worth most at once, "
                                       "without looking ahead)"] == "greedy"
    assert "Seed 8 · Rulebook · stock" in view.status.value
