"""A12: the wild card lying on the field (``WildRules.on_field="any_card"`` / ``"non_chaff"``).

While the wild lies on the field it is one more candidate for every card that may take
it, played or turned up: none -> the card joins the field, the wild alone -> it is taken,
two or more -> the player chooses, a hiki counting as one candidate taken whole. Six
Hundred's Storm (BOOK l. 1289-1293); Oni Koi-Koi's "non_chaff" is the same code with a
kind filter."""

import random
from dataclasses import replace

import pytest
from capture_helpers import asks_which, position_maker

from hanafuda_core.cards import Card, CardSet, parse_card
from hanafuda_core.engines.capture import (
    SIX_HUNDRED_WILD,
    Capture,
    Phase,
    WildEvent,
    apply,
    fast_random_round,
    legal_actions,
    new_round,
    play_options,
    replay,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import RandomPlayer, play_round

STORM = Card.WILLOW_STORM
RULES = replace(get_rules("book", views="off"), wild=SIX_HUNDRED_WILD)
NON_CHAFF = replace(RULES, wild=replace(SIX_HUNDRED_WILD, on_field="non_chaff"))
pos = position_maker(RULES)
STORM_BIT = 1 << STORM


def asks(state, action, cards, phase=Phase.CHOOSE_HAND_CAPTURE):
    """``action`` waits for a choice among ``cards`` (codes, in order)."""
    return asks_which(state, action, *(parse_card(c) for c in cards.split()), phase=phase)


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def test_a_card_with_no_match_of_its_own_takes_the_wild_lying_on_the_field():
    s = play(pos(["3c", "4c"], "11d 5c", "6c 7c"), "play 3c")
    assert s.captures(0) == CardSet("3c 11d")
    assert WildEvent(0, "taken_on_field", parse_card("3c"), STORM_BIT) in s.wild_log
    assert "lying on the field" in s.wild_log[-1].describe()


def test_a_card_with_a_match_of_its_month_chooses_between_it_and_the_wild():
    s = asks(pos(["3c", "4c"], "11d 3a 5c", "5d 7c"), "play 3c", "3a 11d")
    assert play(s, "capture 11d").captures(0) == CardSet("3c 11d 5c 5d")
    after = play(s, "capture 3a")      # the drawn 5d then chooses too: the 5c or the wild
    assert after.phase == Phase.CHOOSE_DRAW_CAPTURE
    after = play(after, "capture 5c")
    assert after.captures(0) == CardSet("3c 3a 5c 5d") and STORM in after.field


def test_two_cards_of_its_month_and_the_wild_make_three_candidates():
    asks(pos(["3c", "4c"], "11d 3a 3b 5c", "6c 7c"), "play 3c", "3a 3b 11d")


def test_a_hiki_is_one_candidate_taken_whole():
    s = asks(pos(["3c", "4c"], "11d 3a 3b 3d 5c", "6c 7c"), "play 3c", "3a 11d")
    # the hiki taken whole; the drawn 6c then takes the wild, still on the field
    assert play(s, "capture 3a").captures(0) == CardSet("3a 3b 3c 3d 6c 11d")
    with pytest.raises(IllegalActionError, match="hiki, taken together"):
        apply(s, "capture 3b")
    after = play(s, "capture 11d")
    assert after.captures(0) == CardSet("3c 11d") and CardSet("3a 3b 3d 6c") <= after.field


def test_a_drawn_card_takes_the_wild_or_chooses():
    s = play(pos(["5c", "6c"], "11d 5a 12c", "3c 7c 8c"), "play 5c", "capture 5a")
    assert s.captures(0) == CardSet("5a 5c 3c 11d") and s.field == CardSet("12c")
    s = play(pos(["5c", "6c"], "11d 3a 5a", "3c 7c 8c"), "play 5c", "capture 5a")
    assert s.phase == Phase.CHOOSE_DRAW_CAPTURE
    assert legal_actions(s) == (Capture(parse_card("3a")), Capture(STORM))
    assert play(s, "capture 11d").captures(0) == CardSet("3c 5a 5c 11d")


def test_a_card_of_the_wilds_month_matches_it_as_usual():
    s = play(pos(["11a", "4c"], "11d 5c", "6c 7c"), "play 11a")
    assert s.captures(0) == CardSet("11a 11d")
    assert not any(e.kind == "taken_on_field" for e in s.wild_log)


def test_a_wild_that_joined_the_field_is_taken_by_the_next_card():
    s = play(pos(["11d", "4c"], "", "6c 7c 8c"), "play 11d")
    assert not s.field and s.captures(0) == CardSet("6c 11d")   # the drawn 6c took it


def test_a_wrong_choice_is_refused_with_the_rule():
    s = asks(pos(["3c", "4c"], "11d 3a 5c", "6c 7c"), "play 3c", "3a 11d")
    with pytest.raises(IllegalActionError, match="lying on the field is wild"):
        apply(s, "capture 5c")


def test_non_chaff_lets_only_brights_tens_and_ribbons_take_it():
    s = play(pos(["3c", "4c"], "11d 5c", "6c 7c", rules=NON_CHAFF), "play 3c")
    assert s.captures(0) == CardSet() and STORM in s.field
    s = play(pos(["3b", "4c"], "11d 5c", "6c 7c", rules=NON_CHAFF), "play 3b")
    assert s.captures(0) == CardSet("3b 11d")


@pytest.mark.parametrize("field,card,taken,options", [
    ("11d 5c", "3c", "11d", ""), ("11d 3a 5c", "3c", "", "3a 11d"),
    ("11d 3a 3b 3d", "3c", "", "3a 11d"), ("5c", "3c", "", ""),
    ("11d 11a", "11b", "", "11a 11d"), ("11d 5c", "11b", "11d", ""),
])
def test_play_options_reads_the_wild_on_the_field(field, card, taken, options):
    f = CardSet(field)
    got = play_options(RULES, f.mask, f.mask, int(parse_card(card)))
    assert got == (CardSet(taken).mask, CardSet(options).mask)


@pytest.mark.parametrize("rules", [RULES, NON_CHAFF])
def test_random_rounds_conserve_cards_replay_and_match_the_fast_loop(rules):
    kinds = set()
    for seed in range(300):
        rng = random.Random(seed)
        state = new_round(rules, rng, seed % 2)
        states = [state]
        while not state.is_terminal:
            legal = legal_actions(state)
            assert legal
            state = apply(state, RandomPlayer().choose(view(state, state.player), legal, rng))
            assert state.card_count() == 48
            states.append(state)
        kinds |= {e.kind for e in state.wild_log}
        assert replay(rules, state.deal, state.history) == states
        fast = fast_random_round(rules, random.Random(seed))
        rng = random.Random(seed)
        slow = play_round(new_round(rules, rng), [RandomPlayer()] * rules.players, rng)
        assert (fast.caps_m, fast.field_m, fast.wild_log) == (slow.caps_m, slow.field_m,
                                                              slow.wild_log)
    assert "taken_on_field" in kinds


def test_every_choice_offered_is_accepted():
    rng = random.Random(3)
    for _ in range(300):
        s = new_round(RULES, rng)
        while not s.is_terminal:
            legal = legal_actions(s)
            if isinstance(legal[0], Capture):
                for a in legal:
                    apply(s, a)     # none refused
            s = apply(s, rng.choice(legal))


def test_the_story_tells_the_wild_taken_on_the_field_and_the_whole_hiki():
    from hanafuda_core.narration import TAKES_WILD_ON_FIELD, log_lines, sentences, story
    s = pos(["3c", "4c"], "11d 5c", "5d 7c")
    after = apply(s, "play 3c")
    st = story(s, "play 3c", after)
    assert st.parts[0].hand.outcome == TAKES_WILD_ON_FIELD
    text = " ".join(sentences(st, ["Ann", "Ben"]))
    # (a match for this card: in Oni Koi-Koi only a card that is not a Chaff takes it)
    assert "the wild Storm lies there, a match for this card: Ann takes it" in text
    s = asks(pos(["3c", "4c"], "11d 3a 3b 3d 5c", "6c 7c"), "play 3c", "3a 11d")
    assert "(the wild lying on the field matches it too)" in " ".join(
        log_lines(story(pos(["3c", "4c"], "11d 3a 3b 3d 5c", "6c 7c"), "play 3c", s),
                  ["Ann", "Ben"]))
    st = story(s, "capture 3a", apply(s, "capture 3a"))
    assert set(st.parts[0].hand.taken) == set(CardSet("3a 3b 3d"))
