"""A1: declarations at the deal (the capture engine's DECLARE phase), on its own.

The rules here are a plain capture game with Hachi-juu Hana's kind of declaration (a
month of three cards held together, :class:`MonthSets`) and Oni Koi-Koi's kind (a named
card shown, :class:`ShowCards`); the games use the same code.
"""

import random

import pytest

from hanafuda_core.cards import Card, CardSet, parse_cards
from hanafuda_core.engines.capture import (
    PASS,
    CaptureRules,
    Declare,
    MonthSets,
    Pass,
    Phase,
    ShowCards,
    apply,
    deal_from_order,
    declared_by,
    fast_random_round,
    legal_actions,
    new_round,
    parse_action,
    replay,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.narration import describe, log_lines, sentences, story
from hanafuda_core.players import GreedyPlayer, RandomPlayer, play_round

TRIPLES = CaptureRules(name="Test", players=2, deals={2: (8, 8)},
                       declarations=MonthSets(doubles="month_{month}"))
#: seat 0 (the dealer): January and February triples; seat 1: a March triple
HANDS = ("1a 1b 1c 2a 2b 2c 4a 5a", "3a 3b 3c 4b 5b 6a 6b 7a")
FIELD = "8a 8b 9a 9b 10a 10b 12a 12b"


def _order(hands=HANDS, field=FIELD):
    head = [c for h in hands for c in parse_cards(h)] + list(parse_cards(field))
    return [int(c) for c in head] + [c for c in range(48) if c not in {int(x) for x in head}]


def _dealt(dealer=0):
    return deal_from_order(TRIPLES, _order(), dealer)


def _triple(codes):
    return Declare("triple", tuple(sorted(parse_cards(codes))))


def test_the_round_opens_with_the_dealer_declaring():
    s = _dealt()
    assert s.phase == Phase.DECLARE and s.player == 0
    assert legal_actions(s) == (_triple("1a 1b 1c"), _triple("2a 2b 2c"), PASS)


def test_each_seat_in_play_order_declares_then_the_dealer_plays():
    s = apply(_dealt(), "declare triple 2a 2b 2c")
    assert s.phase == Phase.DECLARE and s.player == 0
    assert legal_actions(s) == (_triple("1a 1b 1c"), PASS)      # one declaration at a time
    s = apply(s, "pass")
    assert s.phase == Phase.DECLARE and s.player == 1
    s = apply(s, _triple("3a 3b 3c"))
    # seat 1 has nothing more to declare: play begins with the dealer
    assert s.phase == Phase.PLAY and s.player == 0
    assert s.declared == ((0, _triple("2a 2b 2c")), (1, _triple("3a 3b 3c")))
    assert declared_by(s, 1) == (_triple("3a 3b 3c"),)
    assert s.hand(1) == CardSet(HANDS[1])      # declared cards stay in the hand


def test_a_dealer_other_than_seat_0_declares_first():
    s = _dealt(dealer=1)
    assert s.phase == Phase.DECLARE and s.player == 1
    s = apply(s, "pass")
    assert s.player == 0 and s.phase == Phase.DECLARE
    s = apply(s, "pass")
    assert s.phase == Phase.PLAY and s.player == 1


def test_seats_with_nothing_to_declare_are_skipped():
    hands = ("1a 1b 2a 3a 4a 5a 6a 7a", "1c 2b 3b 4b 5b 6b 7b 8a")
    s = deal_from_order(TRIPLES, _order(hands, "8b 9a 9b 10a 10b 12a 12b 11a"), 0)
    assert s.phase == Phase.PLAY and s.player == 0 and s.declared == ()


def test_refusals_say_what_is_allowed_and_leave_the_state_untouched():
    s = _dealt()
    with pytest.raises(IllegalActionError, match="before the first play .* 'declare triple "
                       "1a 1b 1c' or 'declare triple 2a 2b 2c', or 'pass'"):
        apply(s, "play 4a")
    with pytest.raises(IllegalActionError, match="you cannot reveal 'triple 3a 3b 3c' now"):
        apply(s, "declare triple 3a 3b 3c")
    with pytest.raises(IllegalActionError, match="names no cards"):
        apply(s, Declare("triple", ("zz",)))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="cannot read the declaration"):
        parse_action("declare triple")
    assert s.phase == Phase.DECLARE and s.declared == () and legal_actions(s)[-1] == PASS
    played = apply(apply(apply(s, "pass"), "pass"), "play 4a")
    with pytest.raises(IllegalActionError, match="declarations are made after the deal"):
        apply(played, "declare triple 3a 3b 3c")
    with pytest.raises(IllegalActionError, match="not possible now"):
        apply(played, PASS)


def test_cards_given_as_codes_in_any_order_are_the_same_declaration():
    s = apply(_dealt(), Declare("triple", ("2c", "2a", "2b")))  # type: ignore[arg-type]
    assert s.declared == ((0, _triple("2a 2b 2c")),)


def test_declared_cards_are_public_in_the_views():
    s = apply(apply(_dealt(), "declare triple 2a 2b 2c"), "pass")
    other = view(s, 1)
    assert other.declared == ((0, _triple("2a 2b 2c")),)
    assert other.shown(0) == CardSet("2a 2b 2c")
    assert not other.unseen.mask & CardSet("2a 2b 2c").mask     # seen, not hidden
    assert other.shown(1) == CardSet()
    # once a declared card leaves the hand, it is no longer "shown in the hand"
    s = apply(apply(s, "pass"), "play 2a")
    assert Card.PLUM_NIGHTINGALE not in view(s, 1).shown(0)


def test_codes_round_trip_and_replay_rebuilds_the_declarations():
    s = _dealt()
    for a in ("declare triple 1a 1b 1c", "pass", "declare triple 3a 3b 3c", "play 4a"):
        s = apply(s, a)
    codes = [a.code() for a in s.history]
    assert codes[:3] == ["declare triple 1a 1b 1c", "pass", "declare triple 3a 3b 3c"]
    assert [parse_action(c) for c in codes] == list(s.history)
    again = replay(TRIPLES, s.deal, codes)[-1]
    assert again == s and again.declared == s.declared


def test_doubled_rules_follow_the_declared_months():
    decl = MonthSets(doubles="month_{month}")
    shown = (_triple("2a 2b 2c"), _triple("12a 12b 12c"))
    assert decl.doubled_rules(shown) == {"month_2", "month_12"}
    assert MonthSets().doubled_rules(shown) == frozenset()


def test_show_cards_offers_each_named_card_held_once():
    decl = ShowCards((Card.PAULOWNIA_PHOENIX,))
    hand = CardSet("12a 1a").mask
    assert decl.offers(hand, ()) == (Declare("wild", (Card.PAULOWNIA_PHOENIX,)),)
    assert decl.offers(hand, decl.offers(hand, ())) == ()
    assert decl.offers(CardSet("1a").mask, ()) == ()


@pytest.mark.parametrize("agent", [RandomPlayer(), GreedyPlayer()])
def test_computer_players_declare_everything_allowed(agent):
    end = play_round(_dealt(), [agent, agent], random.Random(1))
    assert [d for _, d in end.declared] == [_triple("1a 1b 1c"), _triple("2a 2b 2c"),
                                            _triple("3a 3b 3c")]
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 48


def test_fast_random_round_plays_the_rounds_random_agents_play():
    seen = 0
    for seed in range(200):
        fast = fast_random_round(TRIPLES, random.Random(seed))
        rng = random.Random(seed)
        slow = play_round(new_round(TRIPLES, rng), [RandomPlayer()] * 2, rng)
        assert (fast.history, fast.declared, fast.caps_m) == (slow.history, slow.declared,
                                                              slow.caps_m)
        # every triple dealt was declared, nothing else
        dealt = deal_from_order(TRIPLES, fast.deal.order, fast.deal.dealer).hands_m
        triples = {(seat, tuple(c for c in range(48) if h >> c & 1 and c >> 2 == m))
                   for seat, h in enumerate(dealt) for m in range(12)
                   if sum(h >> c & 1 for c in range(4 * m, 4 * m + 4)) == 3}
        assert {(seat, tuple(map(int, d.cards))) for seat, d in fast.declared} == triples
        seen += bool(fast.declared)
    assert seen > 0


def test_narration_tells_the_declarations():
    names = ("You", "Ben")
    s0 = _dealt()
    s1 = apply(s0, "declare triple 1a 1b 1c")
    step = story(s0, "declare triple 1a 1b 1c", s1)
    assert sentences(step, names) == ["You show the Crane, the Pine Ribbon and the Pine "
                                      "Chaff 1."]
    assert describe(step, names).endswith("You may show cards from the hand, or pass.")
    assert log_lines(step, names) == ["  You shows Crane (1a), Pine Ribbon (1b), "
                                      "Pine Chaff 1 (1c)"]
    s2 = apply(s1, PASS)
    step = story(s1, Pass(), s2)
    assert sentences(step, names) == ["You declare nothing more."]
    assert describe(step, names).endswith("Ben may show cards from the hand, or pass.")
    assert log_lines(step, names) == ["  You declares nothing more"]
    s3 = apply(s2, "pass")
    assert describe(story(s2, "pass", s3), names) == ("Ben declares nothing more. You play "
                                                      "the first card.")
