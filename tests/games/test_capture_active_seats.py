"""The family's choose stage for big tables (G10): the choosing order, forced out / forced
in, and Go-Stop's compensation for a forced dropout, with the Go-Stop chapter's rules
(ch. 16, 2853-2885) as our worked examples (the chapter prints none)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, Extra, parse_cards
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.active_seats import (
    ActiveSeats,
    Compensation,
    choose_order,
    rebuilt_stock,
)
from hanafuda_core.games import go_stop
from hanafuda_core.games.catalog import GAMES_TABLE, deck_for

GO_STOP = go_stop.TABLE_SEATS


def _run(seats: ActiveSeats, players: int, dealer: int, wants: list[bool]
         ) -> list[tuple[int, bool]]:
    """Each seat in order says what it wants; a forced seat does what it must."""
    order = seats.order(players, dealer)
    choices: list[tuple[int, bool]] = []
    for seat, want in zip(order, wants, strict=False):
        forced = seats.forced(order, dealer, [p for _, p in choices], seat)
        choices.append((seat, forced == "in" or (forced == "" and want)))
    return choices


def test_choose_order_from_the_dealers_right() -> None:
    assert choose_order(5, 0, start="dealer_right") == (1, 2, 3, 4)
    assert choose_order(7, 5, start="dealer_right") == (6, 0, 1, 2, 3, 4)
    assert choose_order(4, 1) == (1, 2, 3, 0)
    assert choose_order(4, 1, exclude=3) == (1, 2, 0)


def test_two_volunteers_force_the_rest_out() -> None:
    # 5 players, seat 0 deals: seat 1 plays, seat 2 drops, seat 3 plays -> seat 4 forced out
    choices = _run(GO_STOP, 5, 0, [True, False, True, True])
    assert choices == [(1, True), (2, False), (3, True), (4, False)]
    order = GO_STOP.order(5, 0)
    assert GO_STOP.forced_out(order, 0, choices) == (4,)
    assert GO_STOP.voluntary(order, 0, choices) == (1, 3)


def test_enough_dropouts_force_the_rest_in() -> None:
    # 5 players: seats 1 and 2 drop -> seats 3 and 4 are forced in; nobody compensated
    order = GO_STOP.order(5, 0)
    assert GO_STOP.forced(order, 0, (False, False), 3) == "in"
    choices = _run(GO_STOP, 5, 0, [False, False, False, False])
    assert choices == [(1, False), (2, False), (3, True), (4, True)]
    assert GO_STOP.forced_out(order, 0, choices) == ()
    assert GO_STOP.voluntary(order, 0, choices) == ()


def test_last_alone_forces_only_a_lonely_last_seat() -> None:
    seats = ActiveSeats(3, False, "dealer", "last_alone")
    order = seats.order(4, 0)
    assert seats.forced(order, 0, (False, False), 2) == ""
    assert seats.forced(order, 0, (False, False, False), 3) == "in"
    assert seats.forced(order, 0, (True, False, False), 3) == ""


def test_bad_stage_values_are_refused() -> None:
    with pytest.raises(OptionError, match="allowed: dealer, dealer_right"):
        ActiveSeats(start="left")
    with pytest.raises(OptionError, match="allowed: enough_left, last_alone"):
        ActiveSeats(force_in="never")
    with pytest.raises(OptionError, match="dealer who must play"):
        ActiveSeats(dealer_must_play=False, start="dealer_right")
    with pytest.raises(OptionError, match="at least 1"):
        Compensation(per_card=0)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 7), st.integers(0, 6), st.lists(st.booleans(), min_size=6, max_size=6))
def test_always_three_play(players: int, dealer: int, wants: list[bool]) -> None:
    dealer %= players
    choices = _run(GO_STOP, players, dealer, wants)
    playing = [s for s, p in choices if p] + [dealer]
    assert len(playing) == 3
    out = GO_STOP.forced_out(GO_STOP.order(players, dealer), dealer, choices)
    assert set(out).isdisjoint(playing)


def test_compensation_triple_doubles() -> None:
    hand = parse_cards("1a 9a 11d 5b 5c 5d 7c")
    assert Compensation().points(hand, 5) == 12            # 3 cards x 2, three Irises x2
    assert Compensation(per_card=3).points(hand, 5) == 18  # Higher Compensation
    assert Compensation(triple_doubles=False).points(hand, 5) == 6


def test_compensation_payments_from_each_volunteer() -> None:
    hands = [parse_cards("1b 1c 1d 2a 2b 2c 2d")] * 4 + [parse_cards("1a 9a 11d 5b 5c 5d 7c")]
    usual, higher = go_stop.COMPENSATION[False], go_stop.COMPENSATION[True]
    assert usual.payments(5, hands, (4,), (1, 3)) == (0, -12, 0, -12, 24)
    assert higher.payments(5, hands, (4,), (1, 3)) == (0, -18, 0, -18, 36)


def test_lone_rain_bright_earns_nothing_at_four() -> None:
    hand = parse_cards("11a 12b 1b 2c 3d 4c 6c")
    assert Compensation().points(hand, 4) == 2
    assert Compensation().points(hand, 5) == 4
    with_crane = parse_cards("11a 1a 2c 3d 4c 6c 7c")
    assert Compensation().points(with_crane, 4) == 4


def test_jokers_count_the_blank_does_not() -> None:
    hand = [Extra.JOKER_1, Extra.JOKER_2, Extra.BLANK, Card.PINE_CHAFF_1]
    assert Compensation().points(hand, 5) == 4


def test_rebuilt_stock_is_the_rest_in_key_order() -> None:
    keys = list(range(48, 0, -1))                 # the last card first
    used = sum(1 << c for c in range(0, 48, 2))   # every even card is in play
    stock = rebuilt_stock(used, keys)
    assert stock == tuple(range(47, 0, -2))
    assert rebuilt_stock(0, [0] * 48) == tuple(range(48))   # ties: by card


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_go_stop_big_table_deals_leave_three_a_full_stock(players: int) -> None:
    # the catalog's deals: 7 each; 6 face down to the field (4-6), none with 7 players
    deal = next(g for g in GAMES_TABLE if g.key == "go-stop").deals[players]
    assert (deal.hand, deal.field) == ((7, 0) if players == 7 else (7, 6))
    for jokers in (1, 2):
        deck = len(deck_for("go-stop", jokers=jokers))
        undealt = deck - players * deal.hand - deal.field
        assert undealt >= 0
        # the dropouts' hands join the undealt cards; with 7 players the dealer then lays 6
        stock = undealt + (players - 3) * deal.hand - (6 if players == 7 else 0)
        assert stock == 21 + jokers          # as a three-player deal: 48 + J - 21 - 6
