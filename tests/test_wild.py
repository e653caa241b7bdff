"""The wild card in the capture engine: Mushi's Storm (BOOK ch. 8, lines 1155-1264)
as Koi-Koi's "Storm is Wild" and "Brewing Storm" (BOOK ch. 12, lines 2027-2043),
and the other games' wild cards described as WildRules values."""

import random
from dataclasses import replace

import pytest
from capture_helpers import asks_which, position_maker

from hanafuda_core.cards import MONTH_MASKS, Card, CardSet
from hanafuda_core.coach import Coach, greedy_rollout
from hanafuda_core.engines.capture import (
    HIGO_BANA_WILD,
    MUSHI_WILD,
    ONI_WILD,
    SIX_HUNDRED_WILD,
    Capture,
    CaptureRules,
    Phase,
    ShowCards,
    WildEvent,
    WildRules,
    apply,
    fast_random_round,
    legal_actions,
    new_round,
    replay,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import RandomPlayer, play_round

STORM = Card.WILLOW_STORM
WILD = get_rules("book", storm_wild=True, views="off")
PLAIN = get_rules("book", views="off")
BREWING = get_rules("book", brewing_storm=True, views="off")


pos = position_maker(WILD)


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


# ---------------------------------------------------------------------------
# Mushi: "the Storm captures anything except the other three November cards or a hiki"

def test_mushi_wild_from_hand_captures_any_non_november_card_but_not_a_hiki():
    s0 = pos(["11d 12a", "12b"], "1a 3c 11a 5b 5c 5d", "2a 2b")
    # the Crane and the Cherry Chaff: not the Rainman (November), not the May hiki
    s = asks_which(s0, "play 11d", Card.PINE_CRANE, Card.CHERRY_CHAFF_1)
    with pytest.raises(IllegalActionError,
                       match="under Storm is Wild the Storm cannot take another November card"):
        apply(s, "capture 11a")
    with pytest.raises(IllegalActionError,
                       match="under Storm is Wild the Storm cannot take a hiki"):
        apply(s, "capture 5b")
    with pytest.raises(IllegalActionError, match="the Pine Ribbon is not on the field"):
        apply(s, "capture 1b")
    with pytest.raises(IllegalActionError, match="choose the card the wild Storm takes"):
        apply(s, "stop")
    assert s.phase == Phase.CHOOSE_HAND_CAPTURE and Card.PINE_CRANE in s.field    # untouched
    s = apply(s, "capture 1a")
    assert s.captures(0) == CardSet("11d 1a")
    assert s.field == CardSet("3c 11a 5b 5c 5d 2a")          # the drawn 2a joined the field
    assert s.wild_log == (WildEvent(0, "hand", STORM, 1 << Card.PINE_CRANE),)
    assert s.history[-1] == Capture(Card.PINE_CRANE)
    assert "plays the Storm as a wild card and takes the Crane" in s.wild_log[0].describe()


def test_mushi_wild_with_one_card_it_may_take_takes_it_and_with_none_joins_the_field():
    s = apply(pos(["11d 12a", "12b"], "8a 11a 5b 5c 5d", "2a 2b"), "play 11d")
    assert s.captures(0) == CardSet("11d 8a") and s.wild_log[0].kind == "hand"
    s = apply(pos(["11d 12a", "12b"], "11a 5b 5c 5d", "11b 2b"), "play 11d")
    assert STORM in s.field and s.captures(0) == CardSet("11a 11b") and not s.wild_log
    s = apply(s, "play 12b")             # lying on the field, the next non-November draw takes it
    assert s.captures(1) == CardSet("2b 11d") and s.wild_log[0].kind == "field"


def test_mushi_wild_turned_up_from_the_stock_also_takes_any_non_november_card():
    s = apply(pos(["4a 12a", "12b"], "1a 3c 11a 4b", "11d 2b"), "play 4a")
    assert s.phase == Phase.CHOOSE_DRAW_CAPTURE and s.current_player == 0
    assert legal_actions(s) == (Capture(Card.PINE_CRANE), Capture(Card.CHERRY_CHAFF_1))
    with pytest.raises(IllegalActionError, match="cannot take another November card"):
        apply(s, "capture 11a")
    s = apply(s, "capture 3c")
    assert s.captures(0) == CardSet("4a 4b 11d 3c") and s.wild_log[0].kind == "stock"
    assert s.current_player == 1


# ---------------------------------------------------------------------------
# Mushi: "dealt to the field, the first player to draw a non-November card must take it"

def test_mushi_wild_on_the_field_is_taken_by_the_first_player_to_draw_a_non_november_card():
    s0 = pos(["3a 12a", "4a 12b"], "11d 1b", "11c 1c 2a 2b")
    s = apply(s0, "play 3a")                 # a hand card of another month leaves the Storm
    assert STORM in s.field and Card.WILLOW_RIBBON in s.field   # the drawn 11c cannot take it
    assert not s.captures(0) and s.current_player == 1
    s = apply(s, "play 4a")                  # player 2 turns up 1c: it must take the Storm
    assert s.captures(1) == CardSet("1c 11d")
    assert Card.PINE_RIBBON in s.field       # ... not the Pine card of its own month
    assert s.wild_log == (WildEvent(1, "field", Card.PINE_CHAFF_1, 1 << STORM),)


def test_mushi_wild_on_the_field_is_not_a_november_card_for_matching():
    s = asks_which(pos(["11c 12a", "12b"], "11d 11a 11b", "2a 2b"), "play 11c",
                   Card.WILLOW_RAINMAN, Card.WILLOW_SWALLOW)
    with pytest.raises(IllegalActionError, match="Storm on the field is not a November card"):
        apply(s, "capture 11d")
    s = apply(pos(["11c 12a", "12b"], "11d 1a", "11b 2b"), "play 11c")
    # the 11c finds no November card to take and joins the field; the drawn 11b takes it
    assert s.captures(0) == CardSet("11b 11c") and CardSet("11d 1a") == s.field


# ---------------------------------------------------------------------------
# Mushi: "if the Storm is the last card of the deck, it captures the whole field"

def test_mushi_wild_as_the_last_stock_card_sweeps_the_field():
    s = play(pos(["3a", "4a"], "1a 5b 5c 5d 11a", "2a 11d"), "play 3a", "play 4a")
    assert s.is_terminal and not s.field
    assert s.captures(1) == CardSet("1a 5b 5c 5d 11a 3a 2a 4a 11d")   # hiki and November too
    assert [e.kind for e in s.wild_log] == ["sweep"]
    # the same Storm earlier in the stock is an ordinary wild draw, not a sweep
    s = play(pos(["3a", "4a"], "1a 11a 3b", "11d 2a"), "play 3a")
    assert s.captures(0) == CardSet("3a 3b 11d 1a") and s.wild_log[0].kind == "stock"


# ---------------------------------------------------------------------------
# Mushi: the leftovers

def test_mushi_leftovers_last_november_to_the_holder_of_the_other_two_partner_to_the_wild_player():
    s0 = pos(["11d 6a", "9a 10a"], "2a 11c", "2b 9b 6b 10b", captures=["", "11a 11b"])
    s = apply(s0, "play 11d")                # the Storm takes the Plum Warbler (only target)
    assert s.captures(0) == CardSet("11d 2a") and Card.PLUM_RIBBON in s.field
    s = play(s, "play 9a", "play 6a", "play 10a")
    assert s.is_terminal and s.stock_size == 0 and not s.field
    # the last November card goes to player 2, who holds the other two November cards
    assert Card.WILLOW_RIBBON in s.captures(1)
    # the partner of the card the Storm took goes to player 1, who played the Storm
    assert Card.PLUM_RIBBON in s.captures(0)
    assert [(e.player, e.kind) for e in s.wild_log] == [(0, "hand"), (1, "month_leftover"),
                                                        (0, "partner_leftover")]
    assert s.result.winner is None          # Koi-Koi: nobody called Stop


def test_mushi_leftover_partner_goes_to_the_player_who_took_the_wild_from_the_field():
    s0 = pos(["3a", "4a"], "11d 1b 3b", "1a 4b", captures=["11a 11b", ""])
    s = play(s0, "play 3a")                  # player 1 turns up the Crane: it takes the Storm
    assert s.captures(0) == CardSet("11a 11b 3a 3b 1a 11d") and Card.PINE_RIBBON in s.field
    s = apply(s, "play 4a")
    assert s.is_terminal and not s.field
    assert Card.PINE_RIBBON in s.captures(0)
    assert [e.kind for e in s.wild_log] == ["field", "partner_leftover"]


def test_without_the_wild_the_storm_is_an_ordinary_november_chaff():
    s = apply(pos(["11d 12a", "12b"], "1a 11a", "2a 2b", rules=PLAIN), "play 11d")
    assert s.captures(0) == CardSet("11d 11a") and not s.wild_log
    assert PLAIN.wild is None and WILD.wild.rule_name == "Storm is Wild"


# ---------------------------------------------------------------------------
# Brewing Storm: wild only if an August card is dealt to the field

def test_brewing_storm_only_when_an_august_card_is_dealt_to_the_field():
    brewing = asks_which(pos(["11d 12a", "12b"], "8c 1a 11a", "2a 2b", rules=BREWING),
                         "play 11d", Card.PINE_CRANE, Card.SUSUKI_CHAFF_1)
    with pytest.raises(IllegalActionError, match="under Brewing Storm the Storm cannot take"):
        apply(brewing, "capture 11a")
    calm = apply(pos(["11d 12a", "12b"], "7c 1a 11a", "2a 2b", rules=BREWING), "play 11d")
    assert calm.captures(0) == CardSet("11d 11a") and not calm.wild_log
    # dealt rounds: wild exactly when the dealt field holds an August card
    seen = set()
    for seed in range(200):
        s = new_round(BREWING, seed)
        august = bool(s.field0 & MONTH_MASKS[7])
        assert (s.active_wild is not None) == august
        assert (view(s, 0).active_wild is not None) == august
        seen.add(august)
    assert seen == {True, False}
    with pytest.raises(OptionError, match="not both"):
        get_rules("book", storm_wild=True, brewing_storm=True)


# ---------------------------------------------------------------------------
# Random play

#: Mushi's capture turn with no yaku and no decisions: every round runs to the end
MUSHI_TURN = CaptureRules(name="capture game with Mushi's wild Storm", wild=MUSHI_WILD)
ALL_KINDS = {"hand", "stock", "field", "sweep", "month_leftover", "partner_leftover"}


@pytest.mark.parametrize("options,rounds", [({"storm_wild": True}, 1500),
                                            ({"brewing_storm": True}, 400),
                                            ({"storm_wild": True, "pair_then_draw": "stack",
                                              "round_end": "hands_empty"}, 300),
                                            (None, 600)])
def test_random_play_with_the_wild_conserves_cards_uses_legal_actions_ends_and_replays(
        options, rounds):
    rules = get_rules("book", **options) if options is not None else MUSHI_TURN
    kinds = set()
    cleared = 0
    for seed in range(rounds):
        rng = random.Random(seed)
        state = new_round(rules, rng, seed % 2)
        states = [state]
        while not state.is_terminal:
            legal = legal_actions(state)
            assert legal
            action = RandomPlayer().choose(view(state, state.player), legal, rng)
            state = apply(state, action)
            assert state.card_count() == 48
            states.append(state)
            assert len(states) < 100
        kinds |= {e.kind for e in state.wild_log}
        cleared += not state.field
        assert replay(rules, state.deal, state.history) == states
    if options is None:                     # Mushi: the round ends with the field cleared
        assert kinds == ALL_KINDS and cleared >= 0.98 * rounds
    elif "round_end" not in options:        # Koi-Koi: most rounds end with a Stop
        assert kinds >= ALL_KINDS - {"sweep"}


@pytest.mark.parametrize("preset,options", [(None, None), ("book", {"storm_wild": True}),
                                            ("book", {"brewing_storm": True}),
                                            ("d002", {"storm_wild": True, "players": 3}),
                                            ("book", {"storm_wild": True,
                                                      "pair_then_draw": "stack"})])
def test_fast_loop_plays_the_same_rounds_as_random_agents_with_the_wild(preset, options):
    rules = get_rules(preset, **options) if preset else MUSHI_TURN
    for seed in range(400):
        fast = fast_random_round(rules, random.Random(seed))
        rng = random.Random(seed)
        slow = play_round(new_round(rules, rng), [RandomPlayer()] * rules.players, rng)
        assert (fast.caps_m, fast.field_m, fast.hands_m, fast.pos, fast.calls, fast.result,
                fast.wild_log) == (slow.caps_m, slow.field_m, slow.hands_m, slow.pos,
                                   slow.calls, slow.result, slow.wild_log)


def test_thousands_of_fast_rounds_with_the_wild_terminate_with_conserved_cards():
    rng = random.Random(7)
    for _ in range(4000):
        s = fast_random_round(WILD, rng)
        assert s.phase == Phase.ROUND_OVER and s.card_count() == 48


# ---------------------------------------------------------------------------
# The coach follows the wild rules

def test_coach_rollouts_and_advice_follow_the_wild_rules():
    s = pos(["11d 3c", "12b 4d"], "1a 5c 7d", "2c 6c 9c 10c", captures=["8a 12a", ""])
    end = greedy_rollout(s)
    assert end.is_terminal and end.captures(0) >= CardSet("11d 1a")   # greedy: Storm -> Crane
    advice = Coach(samples=8, seed=0).advise(view(s, 0), legal_actions(s))
    assert advice.move("play 11d").reasons[0].startswith(
        "captures the Crane: completes 3 Dry Brights")
    s = apply(s, "play 11d")
    advice = Coach(samples=8, seed=0).advise(view(s, 0), legal_actions(s))
    assert [m.action.code() for m in advice.moves][0] == "capture 1a"
    assert advice.moves[0].expected == 5 and "completes 3 Dry Brights" in advice.summary


# ---------------------------------------------------------------------------
# The other games' wild cards, as data

def test_other_wild_variants_are_described_and_played():
    assert MUSHI_WILD.playable and MUSHI_WILD.card == STORM
    assert ONI_WILD.card == Card.PAULOWNIA_PHOENIX and ONI_WILD.from_stock == "non_chaff"
    assert SIX_HUNDRED_WILD.leftovers == "field" and not SIX_HUNDRED_WILD.last_card_sweeps
    assert HIGO_BANA_WILD.optional and HIGO_BANA_WILD.on_field == "month"
    assert SIX_HUNDRED_WILD.playable        # A12: any card may take it on the field
    assert CaptureRules(wild=SIX_HUNDRED_WILD).wild is SIX_HUNDRED_WILD
    # B1 and B2: Higo-Bana's wild (announced hiki, optional) and the discarded wild play
    for wild in (HIGO_BANA_WILD, replace(MUSHI_WILD, on_field="discarded")):
        assert wild.playable and CaptureRules(wild=wild).wild is wild
    # the reveal is played, as a declaration at the deal: rules without one are refused
    assert ONI_WILD.playable
    with pytest.raises(OptionError, match="wild from the hand only if shown at the deal"):
        CaptureRules(wild=ONI_WILD)
    with pytest.raises(OptionError, match="declarations that offer it"):
        CaptureRules(wild=ONI_WILD, declarations=ShowCards((Card.PINE_CRANE,)))
    with pytest.raises(ValueError, match="on_field must be one of"):
        WildRules(on_field="anywhere")
    # the cheap values are played: leftovers stay on the field, no sweep
    rules = replace(WILD, wild=replace(MUSHI_WILD, leftovers="field", last_card_sweeps=False))
    s = play(setup_state(rules, ["3a", "4a"], "1a 5b 5c 5d 11a", "2a 11d"), "play 3a",
             "play 4a", "capture 1a")
    assert s.is_terminal
    assert s.captures(1) == CardSet("11d 1a") and CardSet("5b 5c 5d 11a") <= s.field
