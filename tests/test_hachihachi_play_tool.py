"""Hachi-Hachi on the generic play tool (:class:`~hanafuda_core.teach.tools.PlayController`
and :class:`~hanafuda_core.widgets.generic.PlayView`): the staged round (the exchange
of unseen hands, hand combinations claimed, the captures with the decision after a
yaku in the tradition's words, the settlement), hints, the table's seats and amounts in
the tradition's unit. Ported from the tests of Hachi-Hachi's own play tool, with every
assertion kept."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.coach import Coach
from hanafuda_core.errors import HanafudaError, IllegalActionError
from hanafuda_core.families.capture import teaching
from hanafuda_core.games import hachihachi as rules_module
from hanafuda_core.games import hachihachi_play as play
from hanafuda_core.teach.tools import PlayController, amount_text

PRESETS = ("book", "d001", "d002", "d004")


def codes(ctl):
    return [m.code for m in ctl.legal]


def actions(ctl):
    return [m.action for m in ctl.legal]


def row(ctl, zone):
    return next(r for r in ctl.table() if r.zone == zone)


def to_play_stage(ctl):
    while ctl.state.inner.stage != "play" and not ctl.is_over:
        ctl.act(ctl.legal[-1])


# -- the round, start to end -------------------------------------------------------------

def test_the_play_tool_seats_the_three_players_of_a_round():
    ctl = PlayController("hachihachi", seed=1)
    assert ctl.players == rules_module.PLAY_PLAYERS == 3
    assert ctl.state.inner.active == (0, 1, 2)
    assert ctl.names == ["you", "computer 1", "computer 2"]


def test_play_round_to_the_end_by_first_legal_action_is_zero_sum():
    for seed in (1, 2, 3):
        game = PlayController("hachihachi", seed=seed)
        steps = 0
        while not game.is_over:
            assert game.legal, game.prompt()
            game.act(game.legal[0])
            steps += 1
        s = game.report()
        assert s.ledger.balance() == 0 and sum(s.totals().values()) == 0
        assert game.state.card_count() == 48 and steps >= 7
        # the settlement closes the round: who won it and what you gain or lose, every
        # total, in words
        text = game.result_text()
        winner = s.winner
        assert text.startswith("The round is over: ") and re.search(
            r"; you (?:gain|lose) \S|; you break even", text), text
        assert (" you win it;" in text) == (winner == game.state.inner.names[0]), text
        assert any(line.startswith("Totals: You ") for line in game.report_lines())


def test_play_illegal_action_keeps_the_round_and_hint_is_legal():
    game = PlayController("hachihachi", seed=4)
    assert game.state.inner.stage == "claim"
    hint = game.hint()
    assert hint.action in actions(game)
    before = game.state
    hand = game.state.inner.hand(0).format()
    with pytest.raises(IllegalActionError):
        game.act("play 1a" if "1a" not in hand else "continue")
    assert game.state is before
    game.act(game.legal[-1])
    assert game.state.inner.stage == "play" and game.hint().action in actions(game)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10_000), players=st.integers(3, 6), pick=st.randoms())
def test_any_round_at_any_table_ends_settled_in_the_traditions_unit(preset, seed, players,
                                                                    pick):
    """Three to six at the table (some choose to pass or are forced out), any tradition,
    any moves: the round ends settled, zero-sum, and the amounts are written in the
    tradition's unit."""
    ctl = PlayController("hachihachi", seed=seed, preset=preset, players=players)
    for _ in range(200):
        if ctl.is_over:
            break
        assert ctl.legal and ctl.prompt()
        ctl.act(pick.choice(ctl.legal))
    assert ctl.is_over
    outcome = ctl.state.result()
    assert sum(outcome.points) == 0 and ctl.report().ledger.balance() == 0
    for p, v in enumerate(outcome.points):
        assert f"{ctl.names[p]} {amount_text(ctl.game, v)}" in ctl.result_text()
    unit = ctl.game.rules.unit
    assert f"{ctl.names[0]} {unit.format(outcome.points[0])}" in ctl.result_text()
    if ctl.state.inner.inner is not None:        # played: each pile named after its seat
        assert _pile_labels(ctl) == _expected_labels(ctl)


# -- the exchange (D004) ------------------------------------------------------------------

def test_d004_play_offers_you_the_exchange_with_the_eldest_first():
    """D004 Deal: before looking, anyone may swap hands with the eldest. The seat at
    your left (computer 2) is the eldest and you, at its right, are asked first; your
    hand stays face down until the exchange is over."""
    game = PlayController("hachihachi", seed=3, preset="d004")
    r = game.state.inner
    assert r.stage == "trade" and r.deal.dealer == 2 and r.current_seat == 0
    assert [m.words for m in game.legal] == ["Trade with the eldest", "Keep my hand"]
    mine = row(game, "hand 0")
    assert mine.hidden and mine.cards == () and "face down" in mine.label
    assert game.face_down() and "eldest" in game.prompt()
    assert game.log[0].startswith("Computer 2 deals (the eldest)")
    hint = game.hint()
    assert hint.action in actions(game) and not hint.action.swap
    dealt = r.hands
    game.act(game.legal[0])                       # trade with the eldest
    assert game.state.inner.stage != "trade"
    # the greedy computer 1 keeps its hand, so the swap stands
    assert game.state.inner.trades == ((0, True), (1, False))
    assert game.state.inner.hands[0] == dealt[2] and game.state.inner.hands[2] == dealt[0]
    assert "You trade unseen hands with Computer 2" in game.log[1]
    assert len(row(game, "hand 0").cards) == 7 and game.face_down() is None
    assert not {"trade", "no trade"} & set(codes(game))


def test_book_play_has_no_exchange_and_you_deal():
    game = PlayController("hachihachi", seed=3)
    assert game.state.inner.deal.dealer == 0 and not {"trade", "no trade"} & set(codes(game))
    assert game.log[0].startswith("You deal")


def test_the_eldest_deals_where_hands_may_be_traded_at_any_table():
    for players in range(3, 7):
        game = PlayController("hachihachi", seed=2, preset="d004", players=players)
        r = game.state.inner
        assert r.deal.dealer == players - 1 and r.trade_order[0] == 0


# -- hand combinations, the decision after a yaku -----------------------------------------

def test_claims_are_listed_best_first_with_what_they_collect():
    for seed in range(1, 400):
        game = PlayController("hachihachi", seed=seed)
        if len(game.legal) > 1:
            break
    words = [m.words for m in game.legal]
    assert words[-1] == "Claim nothing" and words[0].startswith("Claim ")
    assert words[0].endswith(" points from each)")
    best = game.legal[0].action
    table = game.game.rules.teyaku
    found = table.evaluate(game.state.inner.hand(0))
    value = sum(found.find(k).value for k in best.keys)
    assert f"({amount_text(game.game, value)} from each)" in words[0]
    game.act(game.legal[0])
    shown = [r for r in game.table() if r.zone.startswith("shown ")]
    assert shown and shown[0].label.startswith("You show ")


def _decision(preset):
    """The first seed whose round, played by first moves, asks you to decide after a
    yaku under ``preset``."""
    for seed in range(1, 300):
        game = PlayController("hachihachi", seed=seed, preset=preset)
        while not game.is_over and not {"continue", "end"} & set(codes(game)):
            game.act(game.legal[0])
        if not game.is_over:
            return game
    raise AssertionError("no decision in 300 seeds")


def test_play_hint_for_continue_or_end_uses_the_coach_in_the_traditions_words():
    """D002 Sa-gé / Yoshi after a yaku: the coach's go-on / stop advice, renamed."""
    game = _decision("d002")
    assert [m.action.name for m in game.legal if m.code in ("continue", "end")] == \
        ["Sa-gé", "Yoshi"]
    assert "Yoshi" in game.prompt() and "Sa-gé" in game.prompt()
    hint = game.hint()
    assert hint.action in actions(game) and type(hint.action).__name__ in ("Continue", "End")
    assert ("Yoshi" in hint.reason or "Sa-gé" in hint.reason)
    assert "Stop" not in hint.to_text() and "Koi-Koi" not in hint.to_text()


@pytest.mark.parametrize("preset", ("book", "d002", "d004"))
def test_play_hint_uses_the_coach_names_a_legal_move_and_repeats(preset):
    """During the captures the hint is the coach's advice (its summary, its moves), in
    the tradition's words; the same seed gives the same hint."""
    game = PlayController("hachihachi", seed=6, preset=preset)
    to_play_stage(game)
    assert game.state.inner.stage == "play"
    hint = game.hint()
    assert hint.action in actions(game) and hint.lines and hint.by == "coach"
    advice, mapping = play.coach_advice(game.state.inner,
                                        Coach(rules_module.HINT_SAMPLES, 6))
    assert hint.action == mapping[advice.best]
    assert hint.reason == teaching.coach_words(game.state, advice.summary,
                                               game._said_names())
    assert "Koi-Koi" not in hint.to_text()
    again = PlayController("hachihachi", seed=6, preset=preset)
    to_play_stage(again)
    assert again.hint() == hint


def test_hints_speak_the_traditions_unit_and_the_tables_names():
    game = PlayController("hachihachi", seed=6, preset="d004")
    to_play_stage(game)
    hint = game.hint()
    assert all(" pence on average" in line for line in hint.lines)
    assert not re.search(r"\b[Pp]layer [1-9]\b", hint.to_text() + " ".join(hint.lines))


def test_held_yaku_and_status_line_in_the_unit():
    game = _decision("d001")
    held = teaching.held_yaku(game.state, 0)
    assert held and all(re.search(r"\(\d+ kan", h) for h in held)
    line = game.status_line()
    assert "Field (\u00d7" in line and "card points: You " in line and "your yaku: " in line


def test_the_hint_is_refused_when_the_round_is_over():
    game = PlayController("hachihachi", seed=2)
    while not game.is_over:
        game.act(game.legal[0])
    with pytest.raises(HanafudaError):
        game.hint()


# -- the view ---------------------------------------------------------------------------------

@pytest.mark.widgets
def test_play_view_clicking_the_first_button_plays_to_the_settlement():
    from hanafuda_core.widgets.generic import play_view
    view = play_view("hachihachi")
    assert view.controller.state.inner.stage == "claim"
    view.hint_button.click()
    assert "Hint (the simple player)" in view.hint.value      # a rule of thumb for the claims
    for _ in range(60):
        if view.controller.is_over:
            break
        view.move_buttons[0].click()
        assert view.message.value == ""
    assert view.controller.is_over and view.controller.report().ledger.balance() == 0
    assert 'class="hanafuda-generic-result"' in view.result.value
    assert 'class="hanafuda-generic-settlement"' in view.result.value
    assert "Totals: You " in view.result.value
    assert not view.move_buttons and view.hint_button.disabled


@pytest.mark.widgets
def test_play_view_d004_trade_buttons_then_the_hand():
    """D004: the exchange comes first: "Trade with the eldest" / "Keep my hand"."""
    from hanafuda_core.widgets.generic import play_view
    view = play_view("hachihachi")
    view.preset.value = "d004"
    view.new_button.click()
    assert [b.description for b in view.move_buttons] == ["Trade with the eldest",
                                                          "Keep my hand"]
    assert not any(hasattr(b, "card") for b in view.move_buttons)
    mine = next(r for r in view.rows() if r.zone == "hand 0")
    assert mine.hidden and "face down" in view.table.value
    view.move_buttons[1].click()
    assert view.message.value == "" and "Keep my hand" not in [
        b.description for b in view.move_buttons]
    assert view.controller.state.inner.trades[0] == (0, False)
    assert len(next(r for r in view.rows() if r.zone == "hand 0").cards) == 7


@pytest.mark.widgets
def test_the_app_page_and_the_panel_play_hachihachi_on_the_generic_view():
    from hanafuda_core.widgets.app import classroom_app
    from hanafuda_core.widgets.generic import PlayView
    from hanafuda_core.widgets.tools import build_tool
    shared: dict = {}
    view = build_tool("play", "hachihachi", shared)
    assert isinstance(view, PlayView) and shared["play"] is view.controller
    assert view.controller.players == 3
    panel = classroom_app().open_page("hachihachi").panel
    panel.tabs.selected_index = 1
    assert isinstance(panel.tabs.children[1].children[0], PlayView)


# -- the table's seats: more at the table than play a round --------------------------------

def _pile_labels(ctl):
    return {r.label for r in ctl.table() if r.zone.startswith("captures of side ")}


def _expected_labels(ctl):
    return {"Your captures" if s == 0 else f"Captured by {ctl.names[s]}"
            for s in ctl.state.inner.active}


@pytest.mark.parametrize("players", (4, 5, 6))
def test_the_piles_are_named_after_the_seats_that_play_the_round(players):
    for seed in range(1, 40):
        ctl = PlayController("hachihachi", seed=seed, players=players)
        while not ctl.is_over and ctl.state.inner.stage != "play":
            ctl.act(ctl.legal[0])
        if ctl.state.inner.inner is not None and ctl.state.inner.active != (0, 1, 2):
            break
    active = ctl.state.inner.active
    assert len(active) == 3 and active != (0, 1, 2)
    assert _pile_labels(ctl) == _expected_labels(ctl)
    hands = {r.zone for r in ctl.table() if r.zone.startswith("hand ")}
    assert hands == {f"hand {s}" for s in active}


def test_holding_the_blank_card_you_sit_the_round_out():
    for seed in range(1, 200):
        ctl = PlayController("hachihachi", seed=seed, players=7)
        if ctl.state.inner.joker == 0:
            break
    assert ctl.is_over and not ctl.legal and 0 not in ctl.state.inner.active
    assert "You held the blank card and sat this round out." in ctl.result_text()
    assert _pile_labels(ctl) == _expected_labels(ctl)
    assert "Your captures" not in _pile_labels(ctl)
