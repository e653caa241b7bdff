"""A14: after the dealer captures a field quad, the field is refilled from the stock, or
(``field_quad_refill=False``) stays four cards short."""

import pytest

from hanafuda_core.cards import CardSet, parse_cards
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, Phase, deal_from_order
from hanafuda_core.games.catalog import deal_game

HANDS = ("1a 1b 1c 2a 2b 2c 4a 5a", "1d 3a 3b 4b 5b 6a 6b 7a")
FIELD = "12a 12b 12c 12d 8a 8b 9a 9b"       # all four December cards dealt to the field


def _order():
    head = [int(c) for h in HANDS for c in parse_cards(h)] + [int(c) for c in
                                                             parse_cards(FIELD)]
    return head + [c for c in range(48) if c not in set(head)]


def _rules(refill):
    return CaptureRules(players=2, deals={2: (8, 8)}, misdeal=MisdealRules(True, False, False),
                        on_field_four="dealer_captures", field_quad_refill=refill)


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_dealer_captures_the_quad_and_the_field_is_refilled(dealer):
    s = deal_from_order(_rules(True), _order(), dealer)
    assert s.captures(dealer) == CardSet("12a 12b 12c 12d") and not s.captures(1 - dealer)
    refill = CardSet(s.stock[:4])
    assert s.field == CardSet("8a 8b 9a 9b") | refill and s.pos == 4
    assert s.phase == Phase.PLAY and s.card_count() == 48
    assert s.deal.events == (f"player {dealer + 1} (dealer) captures the four December "
                             "cards dealt to the field",)


def test_without_refill_the_field_stays_four_short():
    s = deal_from_order(_rules(False), _order(), 0)
    assert s.captures(0) == CardSet("12a 12b 12c 12d")
    assert s.field == CardSet("8a 8b 9a 9b") and s.pos == 0 and s.stock_size == 24
    assert s.card_count() == 48


def test_the_catalog_deal_shows_a_field_quad_without_redealing():
    # Hachi-juu Hana and Higo-Bana: the field check is on for the engine (the dealer takes
    # the quad), so the catalog's deal must not redeal it
    for seed in range(3000):
        d = deal_game("hachijuu-hana", 2, seed=seed)
        assert d.redeals == 0
        if any(len([c for c in d.field if c.month == m]) == 4 for m in range(1, 13)):
            break
    else:
        pytest.fail("no field quad in 3000 deals")
