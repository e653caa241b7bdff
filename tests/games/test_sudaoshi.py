"""Sudaoshi (the rulebook's ch. 18): the worked example (BK18-1), the burdens (B14), the
hand combinations paid by each opponent (B15), the Rain yaku only for the 120 burden
(B16), the yaku and card values, and every option."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import CardSet, parse_cards
from hanafuda_core.engines.capture import (
    Declare,
    Pass,
    Phase,
    fast_random_round,
    legal_actions,
    new_round,
    next_dealer,
    next_round,
    replay,
    setup_state,
    view,
)
from hanafuda_core.families.capture.ranking import next_burdens
from hanafuda_core.games import sudaoshi
from hanafuda_core.games.sudaoshi import (
    BURDENS,
    EXAMPLE_HANDS,
    EXAMPLE_PILES,
    OPTIONS,
    PRESETS,
    TEYAKU,
    example_result,
    example_state,
    get_rules,
)
from hanafuda_core.registry import get_game

RULES = get_rules()
VALUE = RULES.overlay.card_points


# ---- the worked example (4409-4431, figure 18.6) -------------------------------------

def test_book_sudaoshi_example_1_piles_hands_and_card_values():
    piles = [CardSet.parse(p) for p in EXAMPLE_PILES.values()]
    assert sum(len(p) for p in piles) == 48 and len(set().union(*piles)) == 48
    assert [VALUE(p.mask) for p in piles] == [89, 108, 133]              # 4425, 4429
    assert [TEYAKU.evaluate(CardSet.parse(h)).total for h in EXAMPLE_HANDS.values()] == \
        [20, 0, 40]                                                         # 4413-4415
    assert [RULES.yaku.points(p.mask) for p in piles] == [0, 10, 20]      # 4417-4421


def test_book_sudaoshi_example_1_scores():
    res = example_result()
    assert res.points == (-41, -62, 103)                                  # 4423
    assert sum(res.points) == 0 and res.winner == 2
    notes = res.report.notes
    assert "player 1: (20 x 2 - 40) + (89 - 100) + 0 x 2 - 30 = -41" in notes
    assert "player 2: (0 x 2 - 60) + (108 - 110) + 10 x 2 - 20 = -62" in notes
    assert "player 3: (40 x 2 - 20) + (133 - 120) + 20 x 2 - 10 = 103" in notes
    assert "player 3 carries the 120 point burden" in notes


def test_book_sudaoshi_example_1_next_round_burdens():
    state = example_state()
    end = state._replace(result=example_result(), phase=Phase.ROUND_OVER)
    # C takes 100 and deals, A 110, B (lowest) 120 (4427, 4431)
    assert next_burdens(end.result.points, state.burdens, end.result.winner) == (110, 120, 100)
    assert next_dealer(end) == 2
    nxt = next_round(end, 4)
    assert nxt.burdens == (110, 120, 100) and nxt.dealer == 2 and nxt.round_no == 2


def test_rain_yaku_count_only_for_the_120_burden():
    # the same piles with C at 110 and B at 120: C's Rainy Sky does not count (B16)
    res = example_result((100, 120, 110))
    assert res.points == (-21, -52, 73) and sum(res.points) == 0
    assert ("player 3: Rainy Sky does not count: only the player carrying the 120 point "
            "burden scores Rain yaku") in res.report.notes


def test_a_tie_for_the_top_score_goes_to_the_lighter_burden():
    # 130 against 120 and 120 against 110: both +10; the rest (80 against 100) makes only
    # Under the Rainy Sky, which its 100 burden does not score
    a = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 8a 1b 2b 3b 4b 5b"
    b = "7d 9c 9d 10c 10d 12b 12c 12d 11d 3a 12a 2a 4a"
    rest = CardSet.deck() - CardSet.parse(a) - CardSet.parse(b)
    s = setup_state(RULES, ["", "", ""], captures=[a, b, rest], burdens=(120, 110, 100))
    res = RULES.overlay.settle_draw(s)
    assert res.points == (10, 10, -20)
    assert res.winner == 1                                    # the lighter burden (decision 1)
    end = s._replace(result=res, phase=Phase.ROUND_OVER)
    assert next_dealer(end) == 1
    assert next_round(end, 1).burdens == (110, 100, 120)
    keep = get_rules(round_tie="dealer_then_play_order")      # the alternative: dealer first
    assert keep.overlay.settle_draw(s._replace(rules=keep)).winner == 0


# ---- rules, values, yaku -------------------------------------------------------------

def test_the_deck_is_worth_the_three_burdens():
    assert VALUE(CardSet.deck().mask) == sum(BURDENS) == 330                 # 4263
    cards = parse_cards("3a 12a 1a 8a 11a 9a 1b 11d 12b")
    assert [RULES.overlay.card_value(c) for c in cards] == [10, 10, 5, 5, 5, 5, 1, 10, 10]


@pytest.mark.parametrize("pile, points", [
    ("8a 8b", 10), ("8a 8b 8c 8d", 20), ("11a 11b", 10), ("11a 11b 11c 11d", 20),
    ("8a 8b 8c 8d 11a 11b 11c 11d", 40), ("8a 11a", 0)])
def test_each_category_pays_its_best_yaku(pile, points):
    assert RULES.yaku.points(CardSet.parse(pile).mask) == points


def test_the_first_round_burdens_follow_the_dealer_in_play_order():
    for dealer in range(3):
        s = new_round(RULES, 5, dealer)
        assert s.burdens[dealer] == 100 and s.burdens[(dealer + 1) % 3] == 110
        assert view(s, 0).burdens == s.burdens


def test_claims_are_offered_at_the_deal_and_paid_by_each_opponent():
    for seed in range(200):
        s = new_round(RULES, seed)
        if s.phase == Phase.DECLARE:
            break
    legal = legal_actions(s)
    assert any(isinstance(a, Declare) for a in legal) and Pass() in legal
    while s.phase == Phase.DECLARE:
        s = s.apply(legal_actions(s)[0])
    assert s.declared
    claimed = [sum(TEYAKU.rule(d.key).value for p, d in s.declared if p == seat)
               for seat in range(3)]
    while s.phase != Phase.ROUND_OVER:
        s = s.apply(legal_actions(s)[0])
    scores = s.rules.overlay.side_scores(s.caps_m, s.field_m, hand=claimed, burdens=s.burdens)
    assert s.result.points == tuple(x.total for x in scores)
    assert [x.hand_taken for x in scores] == [sum(claimed) - c for c in claimed]


# ---- options -------------------------------------------------------------------------

def test_game_length_and_presets():
    assert get_rules().rounds == 12 and get_rules("book-6").rounds == 6
    assert dict(get_rules("counting-rounds").options)["counting_rounds"] is True
    assert set(PRESETS) == {"book", "book-6", "counting-rounds"}


def test_open_hand_keeps_the_claimed_cards_face_up():
    shown = (0, Declare("three", tuple(CardSet.parse("1a 1b 1c"))))
    for open_hand, seen in ((False, CardSet()), (True, CardSet.parse("1a 1b 1c"))):
        rules = get_rules(open_hand=open_hand)
        s = setup_state(rules, ["1a 1b 1c 4a", "2a", "3a"], "5a", "6a 6b")
        assert view(s._replace(declared=(shown,)), 1).shown(0) == seen


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(sorted(PRESETS)),
       open_hand=st.booleans(), tie=st.sampled_from(OPTIONS["round_tie"].allowed))
def test_random_rounds_are_zero_sum_and_hand_on_the_burdens(seed, preset, open_hand, tie):
    rules = get_rules(preset, open_hand=open_hand, round_tie=tie)
    rng = random.Random(seed)
    s = fast_random_round(rules, rng)
    for _ in range(2):
        assert s.card_count() == 48 and not s.field_m and sum(s.result.points) == 0
        assert s.result.winner is not None
        nxt = next_round(s, rng)
        assert sorted(nxt.burdens) == list(BURDENS)
        assert nxt.burdens[s.result.winner] == 100 and nxt.dealer == s.result.winner
        again = replay(rules, s.deal, s.history, round_no=s.round_no, scores=s.scores)[-1]
        assert again.result == s.result and again.burdens == s.burdens
        s = nxt
        while s.phase != Phase.ROUND_OVER:
            legal = legal_actions(s)
            s = s.apply(legal[int(rng.random() * len(legal))])


def test_a_whole_game_plays_and_replays():
    game = get_game("sudaoshi", rounds=6)
    record = game.play(["greedy", "random", "coach"], seed=3)
    assert len(record.rounds) == 6
    assert sum(record.summary["totals"]) == 0
    burdens = [r.deal["burdens"] for r in record.rounds]
    assert all(sorted(b) == list(BURDENS) for b in burdens)
    for prev, nxt in zip(record.rounds, record.rounds[1:]):
        assert nxt.deal["burdens"][prev.outcome["winner"]] == 100
    rounds = game.replay_rounds(record)       # checks every round's outcome as recorded
    assert [r.inner.burdens for r in rounds] == [tuple(b) for b in burdens]


def test_the_module_names_every_option_with_a_source():
    for opt in OPTIONS.values():
        assert opt.source is not None and opt.description, opt.key
    assert sudaoshi.zero_sum(RULES)


@pytest.mark.parametrize("open_hand", [True, False])
def test_book_open_hand_claimed_cards_lie_face_up_at_the_table(open_hand):
    """Open Hand (4513): the cards shown for a hand combination stay face up until
    played, so the table shows each claimer's claimed cards still in the hand; without
    it they go back face down and the table shows none."""
    from hanafuda_core.teach.tools import PlayController
    play = PlayController("sudaoshi", seed=1, open_hand=open_hand)
    while play.state.state.phase == Phase.DECLARE:
        play.act(play.legal[0])
    state = play.state.state
    assert state.declared
    shown = {r.label: r.cards for r in play.table() if r.zone.startswith("shown")}
    if not open_hand:
        assert shown == {}
        return
    claimed = {c for seat, d in state.declared for c in d.cards
               if state.hands_m[seat] >> c & 1}
    assert len(shown) == len({seat for seat, _ in state.declared})
    assert all(" showed these cards: face up in " in label for label in shown)
    assert {c for cards in shown.values() for c in cards} == claimed
    while not play.is_over:
        play.act(play.legal[0])
        s = play.state.state
        for row in play.table():
            if row.zone.startswith("shown"):
                assert all(any(h >> c & 1 for h in s.hands_m) for c in row.cards)
