"""The capture engine's turn (BOOK ch. 3, lines 547-656), refusals and views."""

import random

import pytest
from capture_helpers import asks_which, position_maker
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet
from hanafuda_core.engines import capture
from hanafuda_core.engines.capture import (
    CAPTURE,
    PLAY,
    Capture,
    GoOn,
    Phase,
    Play,
    Stop,
    apply,
    fast_random_round,
    legal_actions,
    new_round,
    parse_action,
    position_state,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import RandomPlayer, play_round

RULES = get_rules("book", views="off")
pos = position_maker(RULES)


def test_basics_no_match_card_joins_the_field():
    s = apply(pos(["5c", "12a"], "1c", "2c"), "play 5c")
    assert Card.IRIS_CHAFF_1 in s.field and Card.PLUM_CHAFF_1 in s.field
    assert not s.captures(0)


def test_basics_one_match_is_captured():
    s = apply(pos(["1a", "12a"], "1c 5c", "2c"), "play 1a")
    assert s.captures(0) == CardSet("1a 1c") and s.field == CardSet("5c 2c")


def test_basics_two_matches_player_chooses_and_a_wrong_choice_is_refused():
    s0 = pos(["3a", "12a"], "3b 3c 5c", "2c")
    s = asks_which(s0, "play 3a", Card.CHERRY_RIBBON, Card.CHERRY_CHAFF_1)
    with pytest.raises(IllegalActionError,
                       match="which March card to capture with the Curtain: "
                             "Cherry Ribbon or Cherry Chaff 1"):
        apply(s, "capture 5c")
    assert s.phase == Phase.CHOOSE_HAND_CAPTURE and Card.CHERRY_RIBBON in s.field
    s = apply(s, "capture 3b")
    assert s.captures(0) == CardSet("3a 3b") and Card.CHERRY_CHAFF_1 in s.field


def test_basics_hiki_three_on_the_field_are_taken_together():
    s = apply(pos(["1a", "12a"], "1b 1c 1d 5c", "2c"), "play 1a")
    assert s.captures(0) == CardSet("1a 1b 1c 1d")


def test_basics_drawn_card_matching_only_the_pair_just_made_stays_on_the_field():
    s = apply(pos(["1a", "12a"], "1b 5c", "1c 2c"), "play 1a")
    assert s.captures(0) == CardSet("1a 1b") and Card.PINE_CHAFF_1 in s.field


def test_min_hwatu_option_drawn_card_on_the_pair_just_made_leaves_a_stack_of_three():
    rules = get_rules("book", views="off", pair_then_draw="stack")
    s = apply(pos(["1a", "12a"], "1b 5c", "1c 2c", rules=rules), "play 1a")
    assert not s.captures(0) and CardSet("1a 1b 1c") <= s.field
    s2 = apply(pos(["12b", "1d"], s.field, "2d", rules=rules, player=1), "play 1d")
    assert s2.captures(1) == CardSet("1a 1b 1c 1d")


def test_basics_drawn_card_matching_pair_and_another_takes_the_other():
    s = apply(pos(["1a", "12a"], "1b 1c 5c", "1d 2c"), "play 1a")
    s = apply(s, "capture 1b")
    assert s.captures(0) == CardSet("1a 1b 1c 1d") and not s.field.of_month(1)


def test_basics_drawn_card_with_two_matches_asks_the_player():
    s = apply(pos(["5a", "12a"], "1b 1c 5c", "1d 2c"), "play 5a")
    assert s.phase == Phase.CHOOSE_DRAW_CAPTURE and s.current_player == 0
    s = apply(s, "capture 1c")
    assert s.captures(0) == CardSet("5a 5c 1c 1d") and s.current_player == 1


def test_refusals_teach_the_rule_and_leave_the_state_unchanged():
    s = pos(["3a", "12a"], "3b", "2c")
    with pytest.raises(IllegalActionError, match="the Crane is not in your hand"):
        apply(s, "play 1a")
    with pytest.raises(IllegalActionError, match="it is player 1's turn"):
        apply(s, "play 3a", player=1)
    with pytest.raises(IllegalActionError, match="play a card from your hand first"):
        apply(s, "stop")
    with pytest.raises(IllegalActionError, match="cannot read the action"):
        parse_action("dance")
    assert s.hand(0) == CardSet("3a") and s.phase == Phase.PLAY and s.history == ()
    end = apply(apply(s, "play 3a"), "play 12a")
    assert end.is_terminal
    with pytest.raises(IllegalActionError, match="the round is over"):
        apply(end, "play 12a")


def test_empty_hand_turns_only_draw_until_the_stock_is_used_up():
    s = apply(pos(["5a", "12a"], "", "1a 1b 2a 2b"), "play 5a")
    # player 2 plays, then both hands are empty: the rest of the stock is drawn alone
    s = apply(s, "play 12a")
    assert s.is_terminal and s.stock_size == 0 and s.field == CardSet("5a 12a")
    assert s.captures(1) == CardSet("1a 1b 2a 2b")      # 1b and (draw-only) 2b captured
    shorter = get_rules("book", views="off", round_end="hands_empty")
    t = apply(apply(pos(["5a", "12a"], "", "1a 1b 2a 2b", rules=shorter), "play 5a"),
              "play 12a")
    assert t.is_terminal and t.stock_size == 2


def test_legal_actions_are_sorted_and_views_hide_hidden_cards():
    s = pos(["5a 1a 3a", "12a 12b"], "2c", "4a 4b")
    assert legal_actions(s) == tuple(PLAY[c] for c in (Card.PINE_CRANE, Card.CHERRY_CURTAIN,
                                                       Card.IRIS_BRIDGE))
    v = view(s, 0)
    assert v.hand == CardSet("1a 3a 5a") and v.hand_sizes == (3, 2) and v.stock_size == 2
    assert Card.PAULOWNIA_PHOENIX in v.unseen and Card.WISTERIA_CUCKOO in v.unseen
    assert not any(hasattr(v, name) for name in ("hands_m", "stock"))
    assert CAPTURE[0] == Capture(Card.PINE_CRANE) and Play(0) == PLAY[0]


# ---- random rounds through the public API ----------------------------------------------

@pytest.mark.parametrize("options", [{}, {"pair_then_draw": "stack"}])
def test_fast_random_round_plays_the_rounds_random_agents_play(options):
    # fast_random_round steps legal_actions + apply with the RandomPlayer's draws (no
    # views): the same round, every phase included (choices, decisions, Koi-Koi calls)
    rules = get_rules("book", **options)
    phases = set()
    for seed in range(300):
        fast = fast_random_round(rules, random.Random(seed))
        rng = random.Random(seed)
        slow = play_round(new_round(rules, rng), [RandomPlayer()] * rules.players, rng)
        assert (fast.caps_m, fast.field_m, fast.hands_m, fast.pos, fast.calls, fast.result,
                fast.history) == (slow.caps_m, slow.field_m, slow.hands_m, slow.pos, slow.calls,
                                  slow.result, slow.history)
        phases.update(type(a) for a in slow.history)
    assert phases == {Play, Capture, GoOn, Stop}


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([2, 3]), st.booleans())
def test_a_position_built_unchecked_is_the_position_set_up_by_hand(rng, players, captured):
    """``position_state`` (a staged round starting play from its own deal) builds the
    state ``setup_state`` builds from the same cards written out and checked."""
    from hanafuda_core.games.hachihachi_play import engine_rules
    rules = engine_rules("book", players) if players == 3 else RULES
    deck = list(range(48))
    rng.shuffle(deck)
    hands = [deck[7 * i:7 * i + 7] for i in range(players)]
    rest = deck[7 * players:]
    field, stock = rest[:6], rest[6:30]
    caps = [rest[30:34] if captured else []] + [[] for _ in range(players - 1)]
    as_mask = [sum(1 << c for c in cards) for cards in (*hands, field, *caps)]
    by_hand = setup_state(rules, [CardSet(Card(c) for c in h) for h in hands],
                          CardSet(Card(c) for c in field), [Card(c) for c in stock],
                          [CardSet(Card(c) for c in c_) for c_ in caps], player=1, dealer=1,
                          round_no=3)
    unchecked = position_state(rules, tuple(as_mask[:players]), as_mask[players],
                               tuple(stock), tuple(as_mask[players + 1:]), player=1, dealer=1,
                               round_no=3)
    assert unchecked == by_hand


def _mask(cards: str) -> int:
    return CardSet.parse(cards).mask


@pytest.mark.parametrize(("hand", "months"), [
    ("1a 1b 2a 2b 3a 3b 4a 4b", "January, February, March, April"),
    ("1a 1b 2a 2b 3a 3b 4a 4b 5a 6a", "January, February, March, April"),
    ("1a 1b 2a 2b 3a 3b 4a 4b 5a 5b", "January, February, March, April, May"),
])
def test_basics_four_pairs_means_four_or_more_in_a_ten_card_hand(hand, months):
    """BOOK 1661 (the basics' "4 sets of 2"), read for Min-Hwatu's ten-card hands
    (1639): a hand of five pairs holds four pairs too, so it is a misdeal as well."""
    hands = (_mask(hand), _mask("6b 7a 7b 7c 8a 9a 10a 11a 12a 12b"))
    field = _mask("6c 6d 7d 8b 9b 10b 11b 12c")
    assert capture._maybe_misdeal(hands, field)
    outcome, reason, seat = capture._check_deal(RULES, hands, field)
    count = "five" if months.count(",") == 4 else "four"
    assert (outcome, seat) == ("redeal", 0)
    assert reason == f"player 1 was dealt {count} pairs: {months}"


def test_basics_three_pairs_in_a_ten_card_hand_is_not_a_misdeal():
    hands = (_mask("1a 1b 2a 2b 3a 3b 4a 5a 6a 7a"), _mask("8a 9a 10a 11a 12a 4b 5b 6b 7b 8b"))
    field = _mask("1c 2c 3c 4c 5c 6c 7c 8c")
    assert capture._check_deal(RULES, hands, field) == ("ok", "", None)


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(48)), st.sampled_from([5, 7, 8, 10]))
def test_fast_misdeal_test_never_misses_four_pairs_or_more(order, size):
    """The table pre-check agrees with counting the pairs month by month, in a hand
    (four pairs or a quad) and on the field (a quad)."""
    hand = sum(1 << c for c in order[:size])
    pairs = sum(1 for m in range(12) if (hand >> 4 * m & 15).bit_count() == 2)
    quads = any(hand >> 4 * m & 15 == 15 for m in range(12))
    assert capture._maybe_misdeal((hand,), 0) == (pairs >= 4 or quads)
    assert capture._maybe_misdeal((0, 0), hand) == quads
    assert bool(capture._four_pairs(hand)) == (pairs >= 4)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 600), max_size=60, unique=True))
def test_the_shuffle_orders_the_cards_by_a_64_bit_random_key_each(seed, deck):
    """The shuffle's sort of floats gives the order of each card's 64 random bits (the
    order every seed's deal has had), for any deck, ids over 255 included."""
    bits = random.Random(seed).getrandbits(64 * len(deck))
    keys = [bits >> 64 * i & (2**64 - 1) for i in range(len(deck))]
    expected = tuple(deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__))
    assert capture.shuffle_order(random.Random(seed), deck) == expected
    assert capture.shuffle_order(random.Random(seed), tuple(deck)) == expected
