"""B1 (the announced hiki) and B2 (the optional wild, the wild discarded at the deal):
engine capabilities on plain capture rules, tested on their own (Higo-Bana's rulebook
examples are named tests in tests/games/test_higo_bana.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet
from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (
    HIGO_BANA_WILD,
    MUSHI_WILD,
    PASS,
    CaptureRules,
    Declare,
    Phase,
    deal_from_order,
    fast_random_round,
    hiki_holds,
    hiki_months,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.players import GreedyPlayer, greedy_action

HIKI = CaptureRules(players=2, deals={2: (8, 8)}, announced_hiki="hand_and_field")
WILD = CaptureRules(players=2, deals={2: (8, 8)}, wild=HIGO_BANA_WILD,
                    announced_hiki="hand_and_field")
STORM = Card.WILLOW_STORM


def codes(actions):
    return [a.code() for a in actions]


# -- B1: announcing a hiki ---------------------------------------------------------

def test_a_hiki_is_offered_beside_the_plays_and_takes_the_whole_month():
    s = setup_state(HIKI, ["4a 4b 1a", "2a"], "4c 4d 9a", "3a 3b")
    assert codes(s.legal_actions()) == ["play 1a", "play 4a", "play 4b",
                                        "declare hiki 4a 4b"]
    after = s.apply("declare hiki 4a 4b")
    assert after.captures(0) == CardSet("4a 4b 4c 4d")
    assert after.hand(0) == CardSet("1a") and after.field == CardSet("3a 9a")  # then the draw
    assert after.player == 1 and after.card_count() == s.card_count() == 9
    assert after.history[-1] == Declare("hiki", (Card.WISTERIA_CUCKOO, Card.WISTERIA_RIBBON))


def test_the_splits_one_two_three_cards_in_the_hand():
    for hand, field in (("4a", "4b 4c 4d"), ("4a 4b", "4c 4d"), ("4a 4b 4c", "4d")):
        s = setup_state(HIKI, [hand + " 1a", "2a"], field + " 9a", "3a 3b")
        after = s.apply(f"declare hiki {hand}")
        assert after.captures(0) == CardSet("4a 4b 4c 4d"), hand


def test_a_hand_quad_is_a_hiki_only_under_any():
    s = setup_state(HIKI, ["4a 4b 4c 4d", "2a"], "9a", "3a 3b")
    assert not any(isinstance(a, Declare) for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="rest of the month on the field"):
        s.apply("declare hiki 4a 4b 4c 4d")
    s = setup_state(replace(HIKI, announced_hiki="any"), ["4a 4b 4c 4d", "2a"], "9a",
                    "3a 3b")
    assert s.apply("declare hiki 4a 4b 4c 4d").captures(0) == CardSet("4a 4b 4c 4d")


def test_a_wrong_announcement_is_refused_with_what_is_allowed():
    s = setup_state(HIKI, ["4a 4b 1a", "2a"], "4c 4d 9a", "3a 3b")
    with pytest.raises(IllegalActionError, match="'declare hiki 4a 4b'"):
        s.apply("declare hiki 4a")
    with pytest.raises(IllegalActionError, match="none now"):
        setup_state(HIKI, ["4a 1a", "2a"], "4c 9a", "3a").apply("declare hiki 4a")
    with pytest.raises(IllegalActionError, match="declarations are made after the deal"):
        setup_state(CaptureRules(), ["4a 1a", "2a"], "4b 4c 4d", "3a").apply(
            "declare hiki 4a")
    with pytest.raises(OptionError, match="announced_hiki must be one of"):
        CaptureRules(announced_hiki="always")


def test_hiki_months_and_holds():
    assert hiki_months(CardSet("1a 4a").mask, CardSet("4b 4c 4d").mask) == (3,)
    assert hiki_months(CardSet("1a 4a").mask, CardSet("4b 4c").mask) == ()
    assert hiki_months(CardSet("4a").mask, CardSet("4b 4c 4d").mask, "none") == ()
    hands = (CardSet("4a 4b 4c").mask, CardSet("11d").mask)
    assert hiki_holds(WILD, hands, CardSet("4d 9a").mask, 1) == (
        (0, CardSet("4a 4b 4c 4d").mask),)
    assert hiki_holds(WILD, hands, CardSet("4d 9a").mask, 0) == ()    # one's own hand
    teams = replace(WILD, players=4, deals={4: (5, 8)}, teams=(0, 1, 0, 1))
    four = (0, CardSet("11d").mask, CardSet("4a 4b 4c").mask, 0)
    assert hiki_holds(teams, four, CardSet("4d").mask, 0) == ()       # a partner's hand
    assert hiki_holds(teams, four, CardSet("4d").mask, 1) == ((2, CardSet("4a 4b 4c 4d").mask),)


def test_the_announced_hiki_blocks_the_wild_and_shows_the_holders_cards():
    s = setup_state(WILD, ["4a 4b 4c 1a", "11d 2a"], "4d 9a", "3a 3b", player=1)
    after = s.apply("play 11d")
    assert after.phase == Phase.CHOOSE_HAND_CAPTURE
    assert codes(after.legal_actions()) == ["capture 9a", "pass"]
    ev = after.wild_log[-1]
    assert (ev.kind, ev.player, ev.card, ev.taken) == (
        "hiki_blocked", 0, Card.WISTERIA_CHAFF_2, CardSet("4a 4b 4c").mask)
    assert "announces hiki" in ev.describe()
    assert view(after, 1).shown(0) == CardSet("4a 4b 4c")
    assert not CardSet("4a 4b 4c").mask & view(after, 1).unseen.mask
    with pytest.raises(IllegalActionError, match="player 1 announces hiki, holding the other "
                                                 "three April cards"):
        after.apply("capture 4d")
    assert after.apply("capture 9a").captures(1) == CardSet("11d 9a")


def test_no_hiki_without_the_whole_month_in_one_hand():
    s = setup_state(WILD, ["4a 4b 1a", "11d 2a"], "4d 9a", "4c 3b", player=1)
    after = s.apply("play 11d")
    assert codes(after.legal_actions()) == ["capture 4d", "capture 9a", "pass"]
    assert not after.wild_log


def test_a_field_triple_is_no_hiki_for_the_announced_wild_unless_both():
    s = setup_state(WILD, ["1a", "11d 2a"], "4b 4c 4d", "4a 3b", player=1)
    assert codes(s.apply("play 11d").legal_actions()) == [
        "capture 4b", "capture 4c", "capture 4d", "pass"]
    both = replace(WILD, wild=replace(HIGO_BANA_WILD, hiki="both"))
    s = setup_state(both, ["1a", "11d 2a"], "4b 4c 4d 9a", "4a 3b", player=1)
    after = s.apply("play 11d")
    assert codes(after.legal_actions()) == ["capture 9a", "pass"]


def test_the_drawn_wild_is_blocked_too():
    s = setup_state(WILD, ["4a 4b 4c", "2a 1a"], "4d 9a", "11d 3b", player=1)
    after = s.apply("play 2a")
    assert after.phase == Phase.CHOOSE_DRAW_CAPTURE      # the 2a joined the field
    assert codes(after.legal_actions()) == ["capture 2a", "capture 9a", "pass"]
    assert after.wild_log[-1].kind == "hiki_blocked"


# -- B2: the optional wild -----------------------------------------------------------

def test_the_wild_may_be_left_even_with_one_target():
    s = setup_state(WILD, ["1a", "11d 2a"], "9a", "3a 3b", player=1)
    after = s.apply("play 11d")
    assert codes(after.legal_actions()) == ["capture 9a", "pass"]
    left = after.apply("pass")
    assert STORM in left.field and "9a" in left.field.format() and left.captures(1) == CardSet()
    assert left.wild_log[-1].kind == "left" and "leaves the Storm" in left.wild_log[-1].describe()
    assert left.card_count() == s.card_count()
    # left on the field it is a November card (on_field="month")
    assert left.apply("play 1a").phase == Phase.PLAY
    s = setup_state(WILD, ["11a", "1a"], "11d 9a", "3a 3b")
    assert s.apply("play 11a").captures(0) == CardSet("11a 11d")


def test_the_drawn_wild_may_be_left_and_the_turn_goes_on():
    s = setup_state(WILD, ["2a 1b", "1a"], "9a", "11d 3b")
    after = s.apply("play 2a")
    assert after.phase == Phase.CHOOSE_DRAW_CAPTURE
    left = after.apply(PASS)
    assert left.player == 1 and CardSet("2a 9a 11d") <= left.field


def test_must_capture_from_the_hand_leaves_only_the_drawn_wild_optional():
    rules = replace(WILD, wild=replace(HIGO_BANA_WILD, optional_from_hand=False))
    s = setup_state(rules, ["1a", "11d 2a"], "9a", "3a 3b", player=1)
    after = s.apply("play 11d")             # one target, no choice: taken at once
    assert after.captures(1) == CardSet("11d 9a")
    s = setup_state(rules, ["1a", "11d 2a"], "9a 5a", "3a 3b", player=1)
    with pytest.raises(IllegalActionError, match="declarations are made after the deal"):
        s.apply("play 11d").apply("pass")


def test_a_pass_without_an_optional_wild_is_refused():
    rules = CaptureRules(players=2, deals={2: (8, 8)}, wild=MUSHI_WILD)
    s = setup_state(rules, ["1a", "11d 2a"], "9a 5a", "3a 3b", player=1).apply("play 11d")
    assert "pass" not in codes(s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply("pass")


def test_greedy_players_announce_and_use_the_wild():
    s = setup_state(WILD, ["4a 4b 1a", "2a"], "4c 4d 9a", "3a 3b")
    assert greedy_action(WILD, s.field_m, s.field0, s.legal_actions()) == Declare(
        "hiki", (Card.WISTERIA_CUCKOO, Card.WISTERIA_RIBBON))
    after = setup_state(WILD, ["1a", "11d 2a"], "9a 2b", "3a 3b", player=1).apply("play 11d")
    assert greedy_action(None, 0, 0, after.legal_actions()).code() == "capture 9a"
    coach = Coach(samples=4, seed=1)
    hiki = coach.advise(view(s, 0), s.legal_actions())
    move = next(m for m in hiki.moves if m.action.code() == "declare hiki 4a 4b")
    assert "captures" in move.reasons[0] and "Wisteria" in move.reasons[0]
    advice = coach.advise(view(after, 1), after.legal_actions())
    assert {m.action.code() for m in advice.moves} == {"capture 9a", "capture 2b", "pass"}


# -- B2: the wild dealt to the field leaves the round ----------------------------------

def test_a_wild_dealt_to_the_field_is_discarded_at_the_deal():
    rules = replace(WILD, wild=replace(HIGO_BANA_WILD, on_field="discarded"))
    order = [c for c in range(48) if c != STORM]
    order.insert(16, STORM)            # the first field card
    s = deal_from_order(rules, order)
    assert STORM not in s.field and len(s.field) == 7 and s.card_count() == 48
    assert s.deal.events == ("the Storm, dealt to the field, leaves the round",)
    assert STORM not in view(s, 0).unseen
    assert STORM not in deal_from_order(WILD, order).deal.events  # the book rule keeps it
    assert STORM in deal_from_order(WILD, order).field


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), discarded=st.booleans(), mode=st.sampled_from(
    ("hand_and_field", "any")), from_hand=st.booleans(), players=st.sampled_from((2, 3)))
def test_random_rounds_keep_every_card(seed, discarded, mode, from_hand, players):
    wild = replace(HIGO_BANA_WILD, optional_from_hand=from_hand,
                   on_field="discarded" if discarded else "month")
    rules = CaptureRules(players=players, deals={2: (8, 8), 3: (7, 6)}, wild=wild,
                         announced_hiki=mode)
    end = fast_random_round(rules, random.Random(seed))
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 48
    rng = random.Random(seed)
    state = setup_state(rules, ["4a 4b 1a", "11d 2a"] + ["3c"] * (players == 3), "4c 4d 9a",
                        "3a 3b")
    agent, start = GreedyPlayer(), state.card_count()
    while not state.is_terminal:
        state = state.apply(agent.choose(view(state, state.player), state.legal_actions(), rng))
    assert state.card_count() == start and CardSet("4a 4b 4c 4d") <= state.captures(0)


def test_narration_tells_the_hiki_and_the_wild_left_on_the_field():
    from hanafuda_core.narration import log_lines, part_sentences, story
    names = ["Ann", "Ben"]
    s = setup_state(WILD, ["4a 4b 1a", "2a 11d"], "4c 4d 9a", "3a 3b 3c")
    after = s.apply("declare hiki 4a 4b")
    step = story(s, "declare hiki 4a 4b", after)
    assert log_lines(step, names)[0] == ("  Ann announces hiki with Cuckoo (4a), Wisteria "
                                         "Ribbon (4b) and takes all four April cards")
    assert step.parts[0].draw is not None and step.parts[0].player == 0   # then Ann draws
    chosen = after.apply("play 11d")
    left = chosen.apply("pass")
    step = story(chosen, "pass", left)
    assert part_sentences(step.parts[0], names)[0] == "Ben leaves the wild card on the field."
    assert step.parts[0].draw is not None and step.parts[0].player == 1


def test_the_play_tool_words_the_pass_as_leaving_the_wild():
    from hanafuda_core.families.capture.teaching import moves

    class Round:            # the play tool's round: the engine state it wraps
        def __init__(self, state):
            self.state = state

    chosen = setup_state(WILD, ["1a", "11d 2a"], "9a", "3a 3b", player=1).apply("play 11d")
    words = dict(moves(Round(chosen), 1, ["Ann", "Ben"]))
    assert words[PASS] == "leave the Storm on the field"
    plain = setup_state(WILD, ["9c", "2a"], "9a 9b", "3a").apply("play 9c")   # no wild
    assert plain.pending and moves(Round(plain), 0, ["Ann", "Ben"]) is None
