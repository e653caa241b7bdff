"""The capture relation (issue 10): which field cards a played or drawn card may take,
when it is not "same month" (Hachi (Simplified): the three following months; Hachi: its
chart). Same month stays the default and the engine's plain path."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import MONTH_MASKS, CardSet
from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (
    SAME_MONTH,
    Capture,
    CaptureRelation,
    CaptureRules,
    Phase,
    Play,
    WildRules,
    apply,
    legal_actions,
    new_round,
    play_options,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.narration import CHOICE, CHOSEN, HIKI, STAYS, TAKES, story

FOLLOWING = CaptureRelation.following(3)


def _rules(rel, **kw):
    return CaptureRules(players=2, deals={2: (7, 6)}, capture_relation=rel, **kw)


def test_the_three_following_months_wrap_round_the_year():
    assert FOLLOWING.months(1) == (2, 3, 4)
    assert FOLLOWING.months(10) == (11, 12, 1)
    assert FOLLOWING.months(12) == (1, 2, 3)
    assert all(m not in FOLLOWING.months(m) for m in range(1, 13))


def test_a_chart_a_rule_and_the_same_month_value():
    chart = {1: (2, 7), 4: (4,)}
    rel = CaptureRelation.from_chart("c", chart)
    assert rel.chart()[1] == (2, 7) and rel.chart()[4] == (4,) and rel.chart()[3] == ()
    assert SAME_MONTH.chart() == {m: (m,) for m in range(1, 13)}
    assert CaptureRelation.modular(12, 0).chart() == {m: (12 - m if m < 12 else 12,)
                                                        for m in range(1, 13)}
    assert rel.may_take(0, 4) and not rel.may_take(4, 0)            # Jan takes Feb only
    assert rel.takers[1] == MONTH_MASKS[0]                          # Feb is taken by Jan


@pytest.mark.parametrize("bad", [{13: (1,)}, {1: (0,)}, {1: ("2",)}])
def test_a_chart_naming_no_month_is_refused(bad):
    with pytest.raises(ValueError, match="not a month"):
        CaptureRelation.from_chart("bad", bad)


def test_bad_relations_are_refused():
    with pytest.raises(ValueError):
        CaptureRelation("x", (0,) * 11)
    with pytest.raises(ValueError):
        CaptureRelation.following(0)
    with pytest.raises(ValueError):
        CaptureRelation.modular(5, 5)
    with pytest.raises(TypeError):
        _rules("following")
    with pytest.raises(OptionError, match="wild"):
        _rules(FOLLOWING, wild=WildRules(card=43))


def test_same_month_rules_read_the_month_masks():
    rules = CaptureRules()
    assert rules.take_masks is MONTH_MASKS and rules.taker_masks is MONTH_MASKS


def test_a_card_takes_a_following_month_not_its_own():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["1c", "9c"], field="1d 3c", stock="5d 5b")
    after = apply(s, "play 1c")                   # Jan takes the March card, not the Jan one
    assert after.captures(0) == CardSet("1c 3c")
    assert CardSet("1d") <= after.field


def test_a_card_with_nothing_to_take_joins_the_field():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["5c", "9c"], field="5d 12c", stock="8c 8d")
    after = apply(s, "play 5c")
    assert not after.captures(0) and CardSet("5c 5d 12c") <= after.field


def test_several_months_make_a_choice_and_the_message_names_them():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["1c", "9c"], field="2c 4c 7c", stock="7d 6d")
    s1 = apply(s, "play 1c")
    assert s1.phase == Phase.CHOOSE_HAND_CAPTURE
    assert legal_actions(s1) == (Capture(6), Capture(14))
    assert play_options(rules, s.field_m, s.field0, 0 * 4 + 2) == (0, CardSet("2c 4c").mask)
    with pytest.raises(IllegalActionError, match="may take .* choose one"):
        apply(s1, "capture 7c")
    s2 = apply(s1, "capture 4c")
    assert CardSet("1c 4c") <= s2.captures(0) and CardSet("2c") <= s2.field


def test_a_hiki_alone_is_taken_whole_and_chosen_whole():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["1c", "9c"], field="3b 3c 3d 8c", stock="8d 6d")
    assert apply(s, "play 1c").captures(0) == CardSet("1c 3b 3c 3d")
    s = setup_state(rules, ["1c", "9c"], field="3b 3c 3d 2c", stock="8d 6d")
    s1 = apply(s, "play 1c")
    assert s1.phase == Phase.CHOOSE_HAND_CAPTURE and len(legal_actions(s1)) == 4
    assert apply(s1, "capture 3c").captures(0) == CardSet("1c 3b 3c 3d")


def test_the_drawn_card_captures_by_the_relation_too():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["6c", "9c"], field="11c 5c", stock="10c 1d")
    after = apply(s, "play 6c")                   # June takes nothing; the October draw
    assert after.captures(0) == CardSet("10c 11c")    # takes November


def test_narration_tells_the_relation():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["1c", "9c"], field="2c 4c 7c", stock="7d 6d")
    s1 = apply(s, "play 1c")
    step = story(s, Play(2), s1)
    assert step.parts[0].hand.outcome == CHOICE
    assert set(step.parts[0].hand.options) == set(CardSet("2c 4c"))
    s2 = apply(s1, "capture 4c")
    move = story(s1, Capture(14), s2).parts[0].hand
    assert move.outcome == CHOSEN and CardSet(move.captured) == CardSet("1c 4c")
    s = setup_state(rules, ["1c", "9c"], field="3b 3c 3d 8c", stock="8d 6d")
    assert story(s, Play(2), apply(s, "play 1c")).parts[0].hand.outcome == HIKI
    s = setup_state(rules, ["1c", "9c"], field="1d 3c", stock="5d 5b")
    assert story(s, Play(2), apply(s, "play 1c")).parts[0].hand.outcome == TAKES
    s = setup_state(rules, ["5c", "9c"], field="5d 12c", stock="8c 8d")
    assert story(s, Play(18), apply(s, "play 5c")).parts[0].hand.outcome == STAYS


def test_the_coach_judges_by_the_relation():
    rules = _rules(FOLLOWING)
    s = setup_state(rules, ["1c 5c", "9c 9d"], field="3a 12c", stock="8d 6d 7c 7d")
    advice = Coach(samples=4, seed=1).advise(view(s, 0), legal_actions(s))
    assert advice.best == Play(2)             # the January card takes the Curtain


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), k=st.integers(1, 4))
def test_random_rounds_under_a_relation_keep_every_card_and_offer_only_allowed_months(seed, k):
    rel = CaptureRelation.following(k)
    rules = _rules(rel, round_end="hands_empty")
    rng = random.Random(seed)
    s = new_round(rules, seed)
    while s.phase != Phase.ROUND_OVER:
        acts = legal_actions(s)
        if s.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            assert len(acts) >= 2
            assert all(rel.may_take(s.pending[0], int(a.card)) for a in acts)
        s = apply(s, rng.choice(acts))
        assert s.card_count() == 48
    assert not any(s.hands_m) and s.stock_size == 48 - 2 * 7 - 6 - 2 * 7


def test_the_coach_names_the_months_that_could_take_a_card_left_on_the_field():
    from hanafuda_core.games import hachi
    s = new_round(hachi.get_rules(), 5)
    advice = Coach(samples=4, seed=1).advise(view(s, s.player), legal_actions(s))
    text = " ".join(r for m in advice.moves for r in m.reasons)
    assert "Cherry Ribbon on the field, where your opponent can take it with a May or " \
           "October card" in text
    assert "with a March card" not in text
