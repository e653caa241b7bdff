"""Declarations hidden again after the deal (``Declarations.open_hand``; Sudaoshi's default,
its Open Hand variation keeps them face up): the claims stay public in the view, the cards
are not listed as lying in the hand and stay among the unseen cards."""

from hanafuda_core.cards import CardSet
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, Declare, setup_state, view
from hanafuda_core.families.capture.settlement import CardValueSettlement, HandClaims
from hanafuda_core.teyaku import BOOK_TABLE


def _state(open_hand):
    rules = CaptureRules(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                         declarations=HandClaims(BOOK_TABLE, open_hand=open_hand),
                         overlay=CardValueSettlement())
    s = setup_state(rules, ["1a 1b 1c 4a", "2a", "3a"], "5a", "6a 6b")
    return s._replace(declared=((0, Declare("three", tuple(CardSet.parse("1a 1b 1c")))),))


def test_open_hand_shows_the_claimed_cards_in_the_hand():
    v = view(_state(True), 1)
    assert v.shown(0) == CardSet.parse("1a 1b 1c")
    assert not v.unseen & CardSet.parse("1a 1b 1c")


def test_without_open_hand_the_claim_stays_public_but_the_cards_are_hidden():
    v = view(_state(False), 1)
    assert v.shown(0) == CardSet()
    assert v.declared == ((0, Declare("three", tuple(CardSet.parse("1a 1b 1c")))),)
    assert CardSet.parse("1a 1b 1c") <= v.unseen
