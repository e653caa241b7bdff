"""The capture engine refuses odd input with errors of our own (issue 7, "Other odd
input"): deal orders that are not a deal of the deck, set-up positions with cards that
are not in the deck, and actions that are malformed or name no card. The state is
never changed by a refused action."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card
from hanafuda_core.engines.capture import (
    Capture,
    DealOrderError,
    DealRecord,
    GoOn,
    Phase,
    Play,
    Stop,
    apply,
    check_order,
    deal_from_order,
    legal_actions,
    new_round,
    replay,
    setup_state,
)
from hanafuda_core.errors import HanafudaError, IllegalActionError, PlayerCountError
from hanafuda_core.games.koikoi import get_rules

RULES = get_rules("book")
ORDER = tuple(range(48))


# ---- deal orders ------------------------------------------------------------------------

def test_a_deal_order_with_a_card_twice_is_refused():
    order = (0,) + ORDER[:47]
    with pytest.raises(DealOrderError, match=r"the 1a \(Crane\) appears twice"):
        deal_from_order(RULES, order)


def test_a_deal_order_with_an_id_that_is_no_card_is_refused():
    order = ORDER[:47] + (60,)
    with pytest.raises(DealOrderError, match="60 in the deal order is not a card of the "
                                             "Koi-Koi deck"):
        deal_from_order(RULES, order)
    with pytest.raises(DealOrderError, match="-1 in the deal order"):
        deal_from_order(RULES, (-1,) + ORDER[1:])


def test_a_short_deal_order_is_refused_naming_the_missing_card():
    with pytest.raises(DealOrderError, match=r"has 47 cards; .* uses the 48 cards .*"
                                             r"missing: 12d"):
        deal_from_order(RULES, ORDER[:47])
    with pytest.raises(DealOrderError, match=r"the 1d \(Pine Chaff 2\) appears twice"):
        deal_from_order(RULES, ORDER + (3,))


def test_a_deal_order_of_things_that_are_not_cards_is_refused():
    with pytest.raises(DealOrderError, match="is not a card"):
        deal_from_order(RULES, (None,) + ORDER[1:])
    with pytest.raises(DealOrderError, match="is not a card"):
        deal_from_order(RULES, (True,) + ORDER[1:])
    with pytest.raises(DealOrderError, match="a deal order is a sequence of cards"):
        deal_from_order(RULES, 7)
    with pytest.raises(HanafudaError, match="unknown card"):
        deal_from_order(RULES, ("crane?",) + ORDER[1:])


def test_a_valid_order_of_ints_cards_or_codes_deals_the_same_round():
    a = deal_from_order(RULES, ORDER)
    b = deal_from_order(RULES, [Card(c) for c in ORDER])
    c = deal_from_order(RULES, [Card(x).code for x in ORDER])
    assert a == b == c and check_order(RULES, ORDER) == ORDER


def test_a_dealer_who_is_no_seat_is_refused():
    with pytest.raises(PlayerCountError, match="seat from 0 to 1"):
        deal_from_order(RULES, ORDER, dealer=2)


def test_replay_refuses_a_record_whose_order_or_voided_order_is_bad():
    with pytest.raises(DealOrderError, match="appears twice"):
        replay(RULES, DealRecord((5,) + ORDER[1:], 0), [])
    good = new_round(RULES, 3)
    voided = DealRecord(good.deal.order, 0,
                        (type("V", (), {"order": ORDER[:40], "dealer": 0, "reason": "x"})(),))
    with pytest.raises(DealOrderError, match="has 40 cards"):
        replay(RULES, voided, [])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 70), min_size=0, max_size=60))
def test_random_orders_deal_only_when_they_are_the_whole_deck(order):
    if sorted(order) == list(range(48)):
        assert deal_from_order(RULES, order).card_count() == 48
    else:
        with pytest.raises(DealOrderError):
            deal_from_order(RULES, order)


@settings(max_examples=40, deadline=None)
@given(st.permutations(list(range(48))))
def test_every_permutation_of_the_deck_is_a_valid_deal(order):
    state = deal_from_order(RULES, order)
    assert state.card_count() == 48 and state.deal.order == tuple(order)


# ---- set-up positions ---------------------------------------------------------------------

def test_a_setup_with_a_card_outside_the_deck_is_refused():
    with pytest.raises(DealOrderError, match="stock holds a card that is not in"):
        setup_state(RULES, ["1a", "2a"], field="3a", stock=[60])
    with pytest.raises(DealOrderError, match=r"player 1's hand holds a card .* \(ids 50\)"):
        setup_state(RULES, [1 << 50, "2a"], field="3a")
    with pytest.raises(DealOrderError, match="placed twice .*1a"):
        setup_state(RULES, ["1a", "2a"], field="1a")
    with pytest.raises(DealOrderError, match="one capture pile per side"):
        setup_state(RULES, ["1a", "2a"], captures=["", "", "3a"])
    with pytest.raises(PlayerCountError, match="the player must be a seat"):
        setup_state(RULES, ["1a", "2a"], player=5)
    with pytest.raises(DealOrderError, match="is not a card set"):
        setup_state(RULES, [None, "2a"])


@pytest.mark.parametrize("stock", [[-1], [2, -3], [48], (5, 60, 6)])
def test_a_setup_stock_id_outside_the_deck_names_it_and_the_allowed_ids(stock):
    bad = [c for c in stock if not 0 <= c < 48]
    with pytest.raises(DealOrderError, match=rf"stock holds a card that is not in the "
                       rf".* deck \(ids {bad[0]}\); its cards are the ids 0 to 47"):
        setup_state(RULES, ["1a", "2a"], field="3a", stock=stock)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-3, 50), max_size=8), st.sampled_from([list, tuple, iter]))
def test_setup_stock_as_ids_is_accepted_exactly_when_a_valid_placement(ids, kind):
    hands, field = ["1a 1b", "2a"], "3a"
    valid = all(0 <= c < 48 for c in ids) and len(set(ids)) == len(ids) \
        and not set(ids) & {0, 1, 4, 8}
    if valid:
        state = setup_state(RULES, hands, field=field, stock=kind(ids))
        assert state.stock == tuple(ids) and all(type(c) is int for c in state.stock)
        assert state.deal.order == (0, 1, 4, 8, *ids)
    else:
        with pytest.raises(DealOrderError):
            setup_state(RULES, hands, field=field, stock=kind(ids))


# ---- actions ------------------------------------------------------------------------------

def _mid_round(seed: int = 4):
    rng = random.Random(seed)
    state = new_round(RULES, rng)
    for _ in range(3):
        legal = legal_actions(state)
        state = apply(state, legal[int(rng.random() * len(legal))])
    return state


@pytest.mark.parametrize("action", [Play(48), Play(-1), Play(60), Capture(48), Capture(-3),
                                    Play("3a"), Play(None), Play(True), Play(2.0)])
def test_a_play_or_capture_naming_no_card_is_refused(action):
    state = _mid_round()
    with pytest.raises(IllegalActionError, match="names no card: a card is one of the 48"):
        apply(state, action)


@pytest.mark.parametrize("action", [None, 3, 2.5, ("play", 3), object(), Card.PINE_CRANE])
def test_something_that_is_not_an_action_is_refused(action):
    state = _mid_round()
    with pytest.raises(IllegalActionError, match="is not an action; an action is Play"):
        apply(state, action)


@pytest.mark.parametrize("text", ["", "play", "play nothing", "capture 13a", "koikoi now",
                                  "jump 3a"])
def test_text_that_does_not_parse_is_refused(text):
    state = _mid_round()
    with pytest.raises(HanafudaError):
        apply(state, text)


def test_a_card_not_in_the_hand_is_refused_and_names_the_hand():
    state = new_round(RULES, 5)
    outside = next(c for c in range(48) if not state.hands_m[state.player] >> c & 1)
    with pytest.raises(IllegalActionError, match="is not in your hand; your hand: "):
        apply(state, Play(outside))


GARBAGE = st.one_of(
    st.none(), st.integers(-100, 100), st.floats(allow_nan=False), st.text(max_size=12),
    st.builds(Play, st.integers(-100, 100)), st.builds(Capture, st.integers(-100, 100)),
    st.builds(Play, st.text(max_size=4)), st.builds(Capture, st.none()),
    st.just(GoOn()), st.just(Stop()),
    st.text(max_size=6).map(lambda t: "play " + t), st.lists(st.integers(), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 12), action=GARBAGE)
def test_random_garbage_actions_are_refused_with_our_error_and_the_state_is_unchanged(
        seed, steps, action):
    rng = random.Random(seed)
    state = new_round(RULES, rng)
    for _ in range(steps):
        if state.phase == Phase.ROUND_OVER:
            break
        legal = legal_actions(state)
        state = apply(state, legal[int(rng.random() * len(legal))])
    before = tuple(state)
    legal = legal_actions(state)
    try:
        after = apply(state, action)
    except HanafudaError:
        assert tuple(state) == before and legal_actions(state) == legal
    else:                               # only a legal action may be applied
        assert action in legal or any(a.code() == str(action).strip().lower() for a in legal)
        assert after.card_count() == state.card_count() == 48


@pytest.mark.parametrize("seat", [2, -1, "0", None, 1.0, True])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(seat):
    from hanafuda_core.engines.capture import view
    with pytest.raises(PlayerCountError, match="player must be a seat from 0 to 1"):
        view(new_round(RULES, 1), seat)


def test_state_methods_are_the_engine_functions():
    # state.legal_actions() / state.apply() step the same functions as the module's
    state = new_round(RULES, 2)
    action = state.legal_actions()[0]
    assert state.apply(action) == apply(state, action)
    assert state.legal_actions() == legal_actions(state)
