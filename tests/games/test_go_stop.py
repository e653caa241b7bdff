"""The rulebook's Go-Stop (ch. 16): the yaku chart, the nine printed scoring examples
(BK16-1..9) as settlement tests, our rule tests of the settlement (7 Tens, the Chaff and
Bright penalties, the previous round with no winner, the shifts), the variations that
change the settlement, and the family's per-loser payments (G8)."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import MONTH_MASKS, Card, CardSet, Extra, parse_card
from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (
    GO_ON,
    PASS,
    STOP,
    BonusCards,
    DealOrderError,
    DealRecord,
    Phase,
    Play,
    SpecialEvent,
    apply,
    deal_from_order,
    fast_random_round,
    legal_actions,
    new_round,
    next_round,
    replay,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.families.capture.payments import (
    GoTable,
    LoserDouble,
    LoserFacts,
    PerLoserPayments,
    Shift,
    WinnerFacts,
)
from hanafuda_core.games import go_stop
from hanafuda_core.games.go_stop import (
    EXAMPLES,
    OPTIONS,
    GoStopRound,
    example_payouts,
    example_round,
    get_rules,
    responsible_seat,
    scoring,
    settle_piles,
)

RULES = get_rules("no-jokers")        # 48 cards: deals written as orders of the 48
BOOK_RULES = get_rules()             # the rulebook's game: two Jokers (G1)
B_PILE = "11a 1c 1d 2c 2d 3c"      # a Bright and 5 Chaffs: never doubled
C_PILE = "3a 5c 5d 10c 10d 9c"


def m(cards: str) -> int:
    return CardSet.parse(cards).mask


def hits(cards: str, **options) -> dict[str, int]:
    table = get_rules(**options).yaku
    return {h.rule.key: h.points for h in table.evaluate(m(cards)).hits}


def won(a: str, b: str = B_PILE, c: str = C_PILE, **facts) -> tuple[int, ...]:
    options = facts.pop("options", {})
    return settle_piles(GoStopRound((m(a), m(b), m(c)), 0, **facts), **options).points


# ---------------------------------------------------------------------------
# The yaku chart (figures 16.1-16.3, lines 3149-3183)

@pytest.mark.parametrize(("cards", "expected"), [
    ("1a 3a 8a 12a", {"four_dry_brights": 5}),
    ("1a 3a 8a 11a", {"four_brights": 4}),
    ("1a 3a 8a 11a 12a", {"five_brights": 15}),
    ("1a 3a 11a", {"three_brights": 2}),
    ("1a 3a 8a", {"three_dry_brights": 3}),
    ("1b 2b 3b 4b 5b", {"five_ribbons": 1, "poetry_ribbons": 3}),
    ("2a 4a 8b", {"godori": 5}),
    ("2a 4a 8b 5a 6a 7a 10a", {"godori": 5, "five_tens": 3}),
    ("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d", {"ten_chaffs": 1}),
    ("1c 1d 2c 2d 3c 3d 4c 11d 12b", {"ten_chaffs": 2}),
    ("9a 1c 1d 2c 2d 3c 3d 4c 4d", {"ten_chaffs": 1}),
    ("1b 2b 3b 4b 5b 6b 7b 9b 10b 11c",
     {"five_ribbons": 6, "poetry_ribbons": 3, "purple_ribbons": 3, "dry_plain_ribbons": 3}),
])
def test_the_chart_scores_the_checked_piles(cards, expected):
    assert hits(cards) == expected


def test_the_willow_ribbon_is_no_dry_plain_ribbon():
    assert "dry_plain_ribbons" not in hits("4b 5b 11c")


def test_the_bright_yaku_pay_one_of_the_others_each():
    groups = {g.key: g.mode for g in go_stop.GROUPS}
    assert groups == {"brights": "one_of", "ribbons": "each", "tens": "each", "chaffs": "each"}


def test_korean_names_stand_beside_the_english():
    names = {r.key: r.japanese for r in go_stop.YAKU}
    assert names["godori"] == "고도리 Godori" and names["poetry_ribbons"] == "홍단 Hongdan"
    assert names["purple_ribbons"] == "청단 Cheongdan"
    assert names["dry_plain_ribbons"] == "초단 Chodan"


def test_dry_plain_ribbons_is_the_shared_rule_min_hwatu_uses_too():
    from hanafuda_core.games import min_hwatu
    ours = {r.key: r for r in go_stop.YAKU}["dry_plain_ribbons"]
    theirs = {r.key: r for r in min_hwatu.YAKU}["dry_plain_ribbons"]
    assert ours.cards == theirs.cards and (ours.points, theirs.points) == (3, 30)


# ---------------------------------------------------------------------------
# The chapter's nine scoring examples (lines 3185-3305)

@pytest.mark.parametrize("index", range(9), ids=[f"BK16-{i + 1}" for i in range(9)])
def test_book_go_stop_scoring_example(index):
    """BK16-1..9: every printed total, with piles of ours that make the yaku."""
    name, *_rest, expected = EXAMPLES[index]
    assert example_payouts()[index].points == expected, name


def test_book_go_stop_example_6_arithmetic():
    """BK16-6 (3205-3233): 8 x 3 = 24, x 2 = 48 (bomb), x 2 = 96 (revealed triple)."""
    out = settle_piles(example_round(5))
    assert out.score == 96 and out.points == (192, -96, -96)
    assert any("3 Go calls: x3 = 24" in line for line in out.lines)


def test_book_go_stop_example_8_refuser_pays_both():
    """BK16-8 (3259-3275): C asked for a Draw, B refused and lost: B pays 10, C nothing."""
    out = settle_piles(example_round(7))
    assert dict(out.penalties) == {1: 5, 2: 5} and dict(out.payers) == {1: 10, 2: 0}


# ---------------------------------------------------------------------------
# Our rule tests (go-stop.md section 8.2)

def test_go_table_book():
    """BK16-T: Go 0..6 on 5 points: 5, 6, 10, 15, 20, 25, 30."""
    assert [GoTable().apply(5, g)[0] for g in range(7)] == [5, 6, 10, 15, 20, 25, 30]


def test_seven_tens_double():
    """BK16-M: Godori 5 + Any 5 Tens 3 = 8; 7 Tens: x2 = 16 from each."""
    assert won("2a 4a 8b 5a 6a 7a 10a") == (32, -16, -16)


def test_the_winner_counts_the_sake_as_a_ten_when_that_pays_more():
    """BK16-M with the Sake: as a Ten 8 x 2 = 16; as 2 Chaffs 7: the winner takes 16."""
    assert won("2a 4a 8b 5a 6a 10a 9a") == (32, -16, -16)


def test_chaff_penalty_and_the_losers_sake():
    """BK16-P: A 10 Chaffs + Godori = 6; B 4 Chaffs pays 12; C's Sake as 2 Chaffs
    makes 5: C pays 6. With one Chaff fewer C pays 12."""
    a = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 2a 4a 8b"
    assert won(a, "7c 7d 12c 12d", "9a 8c 8d 6c") == (18, -12, -6)
    assert won(a, "7c 7d 12c 12d", "9a 8c 8d") == (24, -12, -12)


def test_both_penalties_quadruple():
    """BK16-PB: A 3 Dry Brights + 10 Chaffs = 4; B no Bright, 4 Chaffs: 16; C 4."""
    a = "1a 3a 8a 1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"
    assert won(a, "7c 7d 12c 12d", "11a 6c 6d 9c 9d 10c") == (20, -16, -4)


def test_previous_round_without_winner_doubles():
    """BK16-N: the round before had no winner: 5 x 2 = 10 from each."""
    assert won("2a 4a 8b", previous_no_winner=True) == (20, -10, -10)


def test_a_shifted_penalty_keeps_its_doubling():
    """BK16-SHIFT2: B called Go (has a Bright), C has none: B pays 5 + 10."""
    assert won("1a 3a 8a 12a", "11a 1c 1d", "5c 5d 7c 7d 9c", goes=(0, 1, 0)) == (15, -15, 0)


def test_responsibility_shift():
    """BK16-RESP: B handed A the winning card: B pays both penalties."""
    assert won("2a 4a 8b", responsible=1) == (10, -10, 0)


def test_a_draw_asker_is_spared_the_responsibility_shift():
    assert won("2a 4a 8b", responsible=2, draw_askers=(2,)) == (10, -5, -5)


def test_both_losers_called_go_each_pays_their_own():
    assert won("2a 4a 8b", goes=(0, 1, 2)) == (10, -5, -5)


def test_a_winner_among_the_piles_must_have_played():
    with pytest.raises(OptionError, match="did not play"):
        settle_piles(GoStopRound((None, m("1c"), m("2c")), 0))


# ---------------------------------------------------------------------------
# The variations that change the settlement (lines 3283-3355)

def test_higher_stakes():
    """BK16-V1: Go 1..6 on 5: 6, 7, 10, 20, 40, 80."""
    got = [won("2a 4a 8b", goes=(g, 0, 0), options={"go_table": "higher_stakes"})[0] // 2
           for g in range(1, 7)]
    assert got == [6, 7, 10, 20, 40, 80]


def test_weak_rain_man():
    """BK16-V2 on BK16-9: C's Rain Man no longer spares C: C pays 10."""
    assert settle_piles(example_round(8), weak_rain_man=True).points == (20, -10, -10)


def test_weak_brights():
    """BK16-V3 on BK16-9: B pays 5 + 2 = 7."""
    assert settle_piles(example_round(8), weak_brights=True).points == (12, -7, -5)


def test_dry_bright_not_a_yaku():
    """BK16-V4 on BK16-9: 1a 3a 8a 12a scores Any 4 Brights 4: B 8, C 4."""
    assert settle_piles(example_round(8), dry_brights_yaku=False).points == (12, -8, -4)


def test_godori_three():
    """BK16-V5 on BK16-1: +6."""
    assert settle_piles(example_round(0), godori_points=3).points == (6, -3, -3)


def test_more_chaffs():
    """BK16-V6: BK16-P's C with 5 Chaffs now pays double: 12; A +24."""
    a = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 2a 4a 8b"
    got = won(a, "7c 7d 12c 12d", "9a 8c 8d 6c", options={"more_chaffs": True})
    assert got == (24, -12, -12)


def test_super_sake_is_a_ten_and_a_chaff():
    """BK16-V7: 9a with 9 single Chaffs makes 10 Chaffs, and the Sake is still a Ten."""
    pile = "9a 1c 1d 2c 2d 3c 3d 4c 4d 5c 2a 4a 6a 7a"
    assert hits(pile, sake="ten_and_chaff") == {"ten_chaffs": 1, "five_tens": 1}
    # the book's Sake is one or the other: as 2 Chaffs (11 Chaffs, 2) it beats 5 Tens (1)
    assert hits(pile) == {"ten_chaffs": 2}


def test_super_iris_bridge_is_a_ten_and_a_chaff_and_the_sake_a_plain_ten():
    """The Super Iris Bridge: 5a with 9 single Chaffs makes 10 Chaffs and is still a Ten;
    the Sake cup then counts as a Ten only."""
    pile = "5a 1c 1d 2c 2d 3c 3d 4c 4d 6c 2a 4a 6a 7a"
    assert hits(pile, bridge="super_bridge") == {"ten_chaffs": 1, "five_tens": 1}
    assert hits(pile) == {"five_tens": 1}
    sake = pile.replace("5a", "9a")
    assert hits(sake, bridge="super_bridge") == {"five_tens": 1}
    assert hits(sake, bridge="super_bridge", sake="ten_and_chaff") == {"five_tens": 1}


def test_strong_iris_bridge_takes_the_role_that_pays_more():
    """The Strong Iris Bridge is a Ten or 2 Chaffs: the winner takes the better; a loser's
    Bridge counts 2 Chaffs against the Chaff penalty, a loser's Sake none."""
    pile = "5a 1c 1d 2c 2d 3c 3d 4c 4d 6c 2a 4a 6a 7a"
    assert hits(pile, bridge="strong_bridge") == {"ten_chaffs": 2}
    table = scoring(bridge="strong_bridge").table
    assert table.chaff_count(m("5a 1c 1d 2c")) == 5
    assert table.chaff_count(m("9a 1c 1d 2c")) == 3
    assert scoring().table.chaff_count(m("9a 1c 1d 2c")) == 5


@pytest.mark.parametrize("values", OPTIONS["joker_values"].allowed)
def test_the_jokers_count_their_chaffs_in_a_table_with_their_weights(values):
    """G2 for the Jokers still waiting for the engine (G1): each Joker dealt counts its
    value in the Chaff yaku and against the Chaff penalty."""
    weights = go_stop.joker_weights(4, values)
    worth = [int(v) for v in values.split(",")]
    assert [w for _, w in weights] == (worth + [worth[-1]] * 4)[:4]
    table = replace(scoring().table, chaff_weights=weights)
    nine = m("1c 1d 2c 2d 3c 3d 4c 4d 5c")
    for joker, w in weights:
        assert table.chaff_count(nine | 1 << joker) == 9 + w
        assert table.points(nine | 1 << joker) == w
    # the rulebook's game (the default, as everywhere) deals two Jokers, worth 2 and 3
    # Chaffs (G1); no-jokers none
    assert scoring().table.chaff_weights == ((Extra.JOKER_1, 2), (Extra.JOKER_2, 3))
    assert scoring("book").table == scoring().table
    assert BOOK_RULES.yaku.chaff_weights == ((Extra.JOKER_1, 2), (Extra.JOKER_2, 3))
    assert BOOK_RULES.bonus is not None and BOOK_RULES.bonus.weights == (2, 3)
    assert RULES.bonus is None and scoring("no-jokers").table.chaff_weights == ()


def test_every_option_of_the_chapter_is_played():
    """Every house rule the chapter lists is played (the chapter and the README say
    so); an option not played would be refused by the rules (``implemented=False``)."""
    assert [k for k, o in OPTIONS.items() if not o.implemented] == []
    for key, option in OPTIONS.items():
        for value in option.allowed:
            big = {"table_players": 4} if key in ("delayed_compensation",
                                                  "higher_compensation", "refresh") else {}
            get_rules(**{key: value, **big})


def test_every_option_names_its_lines():
    for o in OPTIONS.values():
        assert o.source is not None and o.source.lines, o.key


_SETTLE_OPTIONS = {k: OPTIONS[k].allowed for k in ("go_table", "sake", "bridge", "weak_rain_man",
                                                   "weak_brights", "more_chaffs",
                                                   "godori_points", "dry_brights_yaku")}


@settings(max_examples=40, deadline=None)
@given(st.fixed_dictionaries({k: st.sampled_from(v) for k, v in _SETTLE_OPTIONS.items()}),
       st.integers(0, 8), st.integers(0, 5))
def test_any_settlement_is_zero_sum_and_the_winner_gains(options, index, goes):
    facts = example_round(index)
    facts = GoStopRound(facts.piles, 0, goes=(goes,) + tuple(facts.goes[1:] or (0, 0)),
                        draw_refusers=facts.draw_refusers, draw_askers=facts.draw_askers)
    out = settle_piles(facts, **options)
    assert sum(out.points) == 0 and out.ledger.balance() == 0
    assert out.points[0] >= out.score > 0
    assert out.points[0] == sum(out.ledger.totals().get(f"player {s}", 0) for s in (1,)) \
        and out.points[0] == -out.points[1] - out.points[2]


# ---------------------------------------------------------------------------
# The family's per-loser payments (G8), on their own

def test_go_table_refuses_what_it_does_not_know():
    with pytest.raises(OptionError, match="book, higher_stakes"):
        GoTable("double")
    with pytest.raises(OptionError, match="0 or more"):
        GoTable().step(-1)


def test_doubling_and_shift_kinds_are_checked():
    with pytest.raises(OptionError, match="no_bright, few_chaffs"):
        LoserDouble("no_ribbon", 1)
    with pytest.raises(OptionError, match="double, plus_two"):
        LoserDouble("no_bright", 1, "triple")
    with pytest.raises(OptionError, match="go_caller"):
        Shift("dealer")


def test_no_shift_with_a_single_loser():
    rules = PerLoserPayments(shifts=(Shift("go_caller"),))
    out = rules.settle(2, WinnerFacts(0, 7), (LoserFacts(1, called_go=True),))
    assert out.points == (7, -7)


def test_deny_losses_keeps_each_loser_on_their_own_penalty():
    """BK16-V11 (2913): B called Go but holds the Deny Losses Joker: each pays their own."""
    rules = PerLoserPayments(shifts=(Shift("go_caller"),))
    losers = (LoserFacts(1, called_go=True, deny_losses=True), LoserFacts(2))
    assert rules.settle(3, WinnerFacts(0, 5), losers).points == (10, -5, -5)


def test_no_bright_penalty_joker_spares_its_holder():
    """BK16-V10 (2911): B holds the Joker in BK16-9: B pays 5."""
    rules = PerLoserPayments(doubles=(LoserDouble("no_bright", 1),))
    w = WinnerFacts(0, 5, bright_yaku=True)
    out = rules.settle(3, w, (LoserFacts(1, brights=0, no_bright_penalty=True),
                              LoserFacts(2, brights=1)))
    assert out.points == (10, -5, -5)


def test_a_dropout_pays_nothing():
    rules = PerLoserPayments()
    out = rules.settle(5, WinnerFacts(3, 4), (LoserFacts(0), LoserFacts(4)))
    assert out.points == (-4, 0, 0, 8, -4)


def test_seats_must_differ():
    with pytest.raises(OptionError, match="different seats"):
        PerLoserPayments().settle(3, WinnerFacts(0, 4), (LoserFacts(0),))


def test_scoring_is_cached_per_option_set():
    assert scoring() is scoring() and scoring(godori_points=3) is not scoring()


# ---------------------------------------------------------------------------
# Playing a round: Go or Stop (G4), several automatic wins (G6), the carry-over (G7)

def _order_with_fours() -> list[int]:
    """Seat 0 dealt all of January, seat 1 all of March, seat 2 no four."""
    first = [0, 1, 2, 3, 4, 5, 13] + [8, 9, 10, 11, 6, 14, 17]
    return first + [c for c in range(48) if c not in first]


def test_the_usual_minimum_is_three_for_three_players_and_seven_for_two():
    assert RULES.overlay.stop_minimum == 3
    assert get_rules("matgo-no-jokers").overlay.stop_minimum == 7
    assert get_rules(players=2).overlay.stop_minimum == 7
    assert get_rules(players=2, stop_minimum=5).overlay.stop_minimum == 5


def test_a_decision_needs_the_minimum_and_a_higher_total():
    overlay = RULES.overlay
    assert not overlay.decision_needed(RULES, ((0, 2),), ((0, 2), (5, 0)), 2)
    assert overlay.decision_needed(RULES, ((0, 2),), ((0, 3),), 3)
    assert not overlay.decision_needed(RULES, ((9, 5),), ((9, 5), (11, 0)), 5)
    assert overlay.decision_needed(RULES, ((9, 5),), ((9, 5), (11, 1)), 6)
    assert not get_rules(stop_minimum=7).overlay.decision_needed(RULES, (), ((9, 5),), 5)


def test_godori_in_play_opens_go_or_stop_and_stop_settles():
    """A plays the Geese onto a Susuki Chaff: Godori, 5 points: Go or Stop; Stop takes 5
    from each (B and C each hold a Bright and 5 Chaffs)."""
    state = setup_state(RULES, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 9d", "11b 12a 11c 12b",
                        ["2a 4a", B_PILE, C_PILE])
    state = apply(state, "play 8b")
    assert state.phase == Phase.DECIDE
    assert legal_actions(state) == (GO_ON, STOP)
    end = apply(state, STOP)
    assert end.result.points == (10, -5, -5) and end.result.reason == "stop"
    assert "player 2 owes 5" in end.result.report.notes


def test_after_a_go_only_a_higher_total_asks_again():
    state = setup_state(RULES, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 12a", "11b 9d 11c 12b",
                        ["2a 4a", B_PILE, C_PILE])
    state = apply(apply(state, "play 8b"), GO_ON)
    assert state.phase != Phase.DECIDE and state.calls == (0,)


def test_a_go_caller_who_loses_pays_for_both():
    """BK16-7 played: B called Go earlier (state.calls), A stops with Godori: B pays 10."""
    state = setup_state(RULES, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 9d", "11b 12a 11c 12b",
                        ["2a 4a", B_PILE, C_PILE], calls=(1,))
    end = apply(apply(state, "play 8b"), STOP)
    assert end.result.points == (10, -10, 0)


def test_responsibility_in_play():
    """BK16-RESP: B plays 7c onto a field with no Clover; C passes it by; A takes it with
    7d on A's next turn: B is the responsible loser (3135)."""
    state = setup_state(RULES, ["7d 12c", "7c 1c", "6c 9c"], "3c 4c 5d", "10c 11b 12a 11c",
                        ["2a 4a 8b", "11a 1d 2c 2d 3d", "3a 5c 6d 10d 9d"], player=1)
    state = apply(state, "play 7c")
    assert state.field.mask >> Card.CLOVER_CHAFF_1 & 1
    state = apply(state, "play 6c")
    assert state.player == 0 and responsible_seat(state, 0) is None
    state = apply(state, "play 7d")
    assert responsible_seat(state, 0) == 1


def test_two_dealt_fours_each_win_from_the_third():
    """BK16-R2 (3037): A holds all of January, B all of March: A +5, B +5, C -10."""
    state = deal_from_order(RULES, _order_with_fours())
    assert state.phase == Phase.ROUND_OVER and state.result.reason == "instant_win"
    assert state.result.points == (5, 5, -10)


def test_one_dealt_four_wins_from_each():
    """BK16-R1 (3033): A dealt all of January: +10, B -5, C -5."""
    order = _order_with_fours()
    order[7], order[14] = order[14], order[7]        # break B's four
    state = deal_from_order(RULES, order)
    assert state.result.points == (10, -5, -5)


def test_every_hand_holding_a_four_is_a_redeal():
    """BK16-R3 (3021, our reading): with two players both holding a four: redeal."""
    rules = get_rules("matgo-no-jokers")
    first = [0, 1, 2, 3, 4, 5, 13, 16, 20, 24] + [8, 9, 10, 11, 6, 14, 17, 21, 25, 28]
    order = first + [c for c in range(48) if c not in first]
    from hanafuda_core.engines.capture import _check_deal, _layout
    hands, fm, _stock = _layout(rules, order)
    assert _check_deal(rules, hands, fm)[0] == "redeal"


def test_a_round_without_winner_doubles_the_next():
    """BK16-N in play: the round after a draw carries 'no_winner', kept in the record."""
    rng = random.Random(3)
    while True:
        end = fast_random_round(RULES, rng)
        if end.result.winner is None and end.result.reason == "draw":
            break
    nxt = next_round(end, rng)
    assert nxt.carry == ("no_winner",) and nxt.dealer == end.dealer
    assert DealRecord.from_dict(nxt.deal.to_dict()) == nxt.deal
    facts = RULES.overlay.round_facts(nxt, 0)
    assert facts.previous_no_winner
    after_win = next_round(_won_round(), rng)
    assert after_win.carry == ()
    assert "carry" not in after_win.deal.to_dict()


def _won_round():
    state = setup_state(RULES, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 9d", "11b 12a 11c 12b",
                        ["2a 4a", B_PILE, C_PILE])
    return apply(apply(state, "play 8b"), STOP)


def test_random_rounds_are_zero_sum():
    rng = random.Random(11)
    for rules in (RULES, get_rules("matgo-no-jokers")):
        for _ in range(60):
            end = fast_random_round(rules, rng)
            assert sum(end.result.points) == 0
            assert end.result.reason in ("stop", "draw", "instant_win", "three_hiki")


def test_a_card_paired_then_stacked_back_makes_nobody_responsible():
    """A card that found its pair and was stacked back by its player's drawn card (the
    winner then took the stack of three) was not laid without a match: no shift. Random
    rounds where the winner took a whole month that way never name its player."""
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        end = fast_random_round(RULES, rng)
        res = end.result
        if res.reason != "stop":
            continue
        seat = responsible_seat(end, res.winner)
        if seat is None:
            continue
        plays = [a.card for a in end.history if isinstance(a, Play)]
        card = plays[-1 - (res.winner - seat) % 3]
        states = replay(RULES, end.deal, end.history)
        before = next(s for s, a in zip(states, end.history)
                      if isinstance(a, Play) and a.card == card)
        assert not before.field_m & MONTH_MASKS[card >> 2]
        checked += 1
    assert checked


def test_the_coach_explains_go_or_stop():
    """The coach's Go or Stop (section 12): what each opponent pays, what the next Go
    does, the risk of paying for both, and the Go on the final turn."""
    state = setup_state(RULES, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 9d", "11b 12a 11c 12b",
                        ["2a 4a", "1c 1d 2c 2d", C_PILE])
    state = apply(state, "play 8b")
    notes = RULES.overlay.decision_notes
    assert notes(state, True) == ("player 2 would pay 5", "player 3 would pay 5")
    going = notes(state, False)
    assert going[0] == "this would be Go number 1: it adds 1 point if you stop later"
    assert "the other loser's" in going[1] and len(going) == 2
    last = setup_state(RULES, ["8b", "", ""], "8c 4c", "", ["2a 4a", "1c 1d 2c 2d", C_PILE])
    last = apply(last, "play 8b")
    assert last.phase == Phase.DECIDE and "last turn" in notes(last, False)[-1]
    text = Coach(samples=4).advise(view(state, 0), legal_actions(state)).to_text()
    assert "player 2 would pay 5" in text and "Go number 1" in text


def test_the_coach_names_a_doubled_penalty():
    state = setup_state(RULES, ["3a 12c", "6d 12d", "6c 7c"], "3c 4c 9d", "11b 7d 11c 12b",
                        ["1a 8a", "1c 1d 2c 2d", "12a 5c 5d 10c 10d 9c"])
    state = apply(state, "play 3a")
    assert RULES.overlay.decision_notes(state, True) == (
        "player 2 would pay 6 (no Bright against a Bright yaku: x2)",
        "player 3 would pay 3")


# (the big table's options play a table round: tests/games/test_go_stop_table.py)
_TABLE_OPTIONS = ("table_players", "delayed_compensation", "higher_compensation", "refresh")
_PLAY_OPTIONS = {k: o.allowed for k, o in OPTIONS.items()
                 if o.implemented and k not in ("rounds", *_TABLE_OPTIONS)}


@settings(max_examples=15, deadline=None)
@given(st.fixed_dictionaries({k: st.sampled_from(v) for k, v in _PLAY_OPTIONS.items()}),
       st.integers(0, 10_000))
def test_any_option_set_plays_zero_sum_rounds(options, seed):
    assume(options["jokers"] or (options["joker_abilities"] == "none"
                                 and not options["unlucky_joker"]))   # (refused: G1)
    rules = get_rules(**options)
    end = fast_random_round(rules, random.Random(seed))
    res = end.result
    assert sum(res.points) == 0 and res.reason in ("stop", "draw", "instant_win", "three_hiki",
                                                   "winning_brights")
    if res.reason == "stop":
        assert res.points[res.winner] - end.side_pay[res.winner] > 0
        assert end.yaku_pts[res.winner] >= rules.overlay.stop_minimum
    nxt = next_round(end, random.Random(seed))
    assert nxt.carry == (("no_winner",) if res.winner is None else ())
    assert nxt.scores == tuple(s + p for s, p in zip(end.scores, res.points))


@pytest.mark.parametrize(("facts", "words"), [
    ({"piles": (m("1c"),), "winner": 0}, "2 to 7 seats"),
    ({"winner": 3}, "seat from 0 to 2"),
    ({"goes": (1, 0)}, "3 counts of 0 or more"),
    ({"goes": (1, -1, 0)}, "3 counts of 0 or more"),
    ({"bombs": -1}, "counted from 0"),
    ({"draw_refusers": (0,)}, "other than the winner"),
    ({"responsible": 5}, "other than the winner"),
])
def test_facts_that_are_no_round_are_refused(facts, words):
    base = {"piles": (m("2a 4a 8b"), m(B_PILE), m(C_PILE)), "winner": 0}
    with pytest.raises(OptionError, match=words):
        settle_piles(GoStopRound(**{**base, **facts}))


def test_an_option_value_outside_the_allowed_ones_is_refused():
    with pytest.raises(OptionError, match="stop_minimum"):
        get_rules(stop_minimum=0)
    with pytest.raises(OptionError, match="players"):
        get_rules(players=5)


# ---------------------------------------------------------------------------
# Special events (G5) and the rounds they end (G11): our worked examples BK16-E1..E7.
# Three players A B C, A to play; B's pile holds 1c and the Peony's Butterflies, C's only the two
# 2-Chaff cards (11d 12b), unless said. (Our spec gave B 11d as well: a card twice.)

_PILES = ["", "1c 6a", "11d 12b"]


def _event_state(hands, field, stock, piles=_PILES, **kw):
    return setup_state(RULES, hands, field, stock, piles, **kw)


def test_e1_a_hiki_capture_takes_the_lightest_chaff_from_each():
    state = _event_state(["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a", "10a 10b 10c 10d")
    state = apply(state, "play 3a")
    (event,) = state.events
    assert event.kind == "hiki_capture" and event.seat == 0
    assert state.captures(0) == CardSet.parse("3a 3b 3c 3d 1c 11d")
    assert state.captures(1) == CardSet.parse("6a")       # its only Chaff went
    assert state.captures(2) == CardSet.parse("12b")      # lowest id of equals: 11d (43)
    assert state.side_pay == (0, 0, 0)
    assert "captures a stack of three" in event.describe()


def test_hiki_bonus_takes_two_chaffs():
    rules = get_rules(hiki_bonus=True)
    state = setup_state(rules, ["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                        "10a 10b 10c 10d", ["", "1c 1d 2c", "11d 12b"])
    state = apply(state, "play 3a")
    assert state.events[0].chaffs == m("1c 1d 11d 12b")


def test_e2_a_swept_field_and_not_on_the_final_turn():
    state = _event_state(["4d 6c", "7a 7b", "8c 8d"], "4c 10d", "10c 10b 10a 11a")
    state = apply(state, "play 4d")
    assert [e.kind for e in state.events] == ["sweep"]
    assert state.captures(0) == CardSet.parse("4c 4d 10c 10d 1c 11d")
    last = _event_state(["4d", "", ""], "4c 10d", "10c")
    last = apply(last, "play 4d")
    assert last.events == () and last.result is not None


def test_e3_jjok_and_e5_no_chaff_to_give():
    state = _event_state(["7c 6c", "9a 9b", "8c 8d"], "3a 4a", "7d 10a 10b 10c",
                         ["", "1c 6a", "5b"])
    state = apply(state, "play 7c")
    (event,) = state.events
    assert event.kind == "jjok" and event.chaffs == m("1c")   # C has no Chaff: nothing
    assert state.captures(2) == CardSet.parse("5b")


def test_e4_ttadak():
    state = _event_state(["9a 6c", "7a 7b", "8c 8d"], "9c 9d 3a", "9b 10a 10b 10c")
    state = apply(state, "play 9a")
    state = apply(state, "take 9c")
    assert [e.kind for e in state.events] == ["ttadak"]
    assert state.captures(0) & CardSet.parse("9a 9b 9c 9d") == CardSet.parse("9a 9b 9c 9d")


def test_e6_a_hiki_left_on_the_first_turn_pays_three_from_each_at_once():
    state = _event_state(["5c 6c", "7a 7b", "8c 8d"], "5d 3a", "5a 10a 10b 10c")
    state = apply(state, "play 5c")
    (event,) = state.events
    assert event.kind == "first_hiki" and event.points == 3
    assert state.field == CardSet.parse("5a 5c 5d 3a")
    assert state.side_pay == (6, -3, -3)


def test_e7_a_third_hiki_ends_the_round_and_its_maker_wins():
    state = _event_state(["5c 6c", "7a 7b", "8c 8d"], "5d 3a", "1a 1b 2a 5a 10a 10b")
    state = apply(state, "play 6c")             # three quiet turns: no longer the first
    state = apply(state, "play 7a")
    state = apply(state, "play 8c")
    made = SpecialEvent(0, "hiki_made")
    state = state._replace(events=(made, made))
    end = apply(state, "play 5c")
    assert end.events[-1].kind == "three_hiki"
    assert end.result.reason == "three_hiki" and end.result.winner == 0
    assert end.result.points == (10, -5, -5)
    assert next_round(end, random.Random(1)).dealer == 0


def test_special_events_off_plays_a_plain_round():
    rules = get_rules(special_events=False)
    state = setup_state(rules, ["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                        "10a 10b 10c 10d", _PILES)
    state = apply(state, "play 3a")
    assert state.events == () and state.captures(1) == CardSet.parse("1c 6a")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_events_keep_every_card_once_and_the_side_pay_zero_sum(seed):
    rng = random.Random(seed)
    state = fast_random_round(RULES, rng)
    piles = state.caps_m
    assert sum(p.bit_count() for p in piles) == functools.reduce(
        lambda a, b: a | b, piles).bit_count()
    assert sum(state.side_pay) == 0 and sum(state.result.points) == 0
    replayed = replay(RULES, state.deal, state.history)[-1]
    assert replayed.events == state.events and replayed.result == state.result


def test_the_narration_tells_the_events_of_an_action():
    from hanafuda_core.narration import story
    state = _event_state(["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a", "10a 10b 10c 10d")
    after = apply(state, "play 3a")
    step = story(state, "play 3a", after)
    assert [e.describe() for e in step.special_events] == [
        "player 1: captures a stack of three (takes Pine Chaff 1, Storm)"]


# ---------------------------------------------------------------------------
# Bombs (G3): our worked example BK16-B and the bomber's empty turns

def test_bk16_b_a_bomb_takes_the_month_and_draws_three():
    state = setup_state(RULES, ["6a 6b 6c 1a 3b 4a 7a", "11a 11b", "12a 12c"],
                        "6d 5a 2c 8c 9c 10c", "5b 2a 3a 11c 12d", ["", "", ""])
    bomb = "declare bomb 6a 6b 6c"
    assert [a.code() for a in legal_actions(state) if a.code().startswith("declare")] == [bomb]
    after = apply(state, bomb)
    assert after.captures(0) == CardSet.parse("6a 6b 6c 6d 5a 5b 2a 2c")
    assert after.field == CardSet.parse("8c 9c 10c 3a")
    assert after.hand(0) == CardSet.parse("1a 3b 4a 7a") and after.player == 1
    assert after.yaku_pts[0] == 0 and after.events[0].kind == "bomb"


def test_a_bomb_is_refused_without_the_fourth_on_the_field():
    state = setup_state(RULES, ["6a 6b 6c 1a", "11a 11b", "12a 12c"], "5a 2c",
                        "5b 2a 3a", ["", "", ""])
    with pytest.raises(IllegalActionError, match="three cards of one month"):
        apply(state, "declare bomb 6a 6b 6c")
    off = get_rules(bomb="off")
    state = setup_state(off, ["6a 6b 6c 1a", "11a 11b", "12a 12c"], "6d 2c", "5b 2a 3a",
                        ["", "", ""])
    assert not any(a.code().startswith("declare") for a in legal_actions(state))


def test_the_bombers_empty_turn_passes_without_a_draw():
    state = setup_state(RULES, ["6a 6b 6c", "11a 11b", "12a 12c"], "6d 1c",
                        "5b 2a 3a 4a 7a 8a 9a", ["", "", ""])
    state = apply(state, "declare bomb 6a 6b 6c")       # A draws 5b 2a 3a
    state = apply(state, "play 11a")                     # B draws 4a
    state = apply(state, "play 12a")                     # C draws 7a; A's turn passes
    assert state.player == 1 and state.pos == 5 and not state.hands_m[0]


def test_a_bomb_doubles_the_bombers_score():
    state = setup_state(RULES, ["6a 6b 6c 3a", "11a 11b", "12c 9d"], "6d 1c",
                        "5b 2a 1b 7a 8c 9a 10a", ["4a 8b 1a", "", ""])
    end = apply(state, "declare bomb 6a 6b 6c")
    facts = RULES.overlay.round_facts(end, 0)
    assert facts.bombs == 1
    assert ("bombed the field" in " ".join(
        why for _, why in RULES.overlay.scoring.winner_facts(
            RULES.yaku, end.caps_m[0], facts).multipliers))


def test_the_narration_gives_the_bomb_its_three_draws():
    from hanafuda_core.narration import story
    state = setup_state(RULES, ["6a 6b 6c 1a 3b 4a 7a", "11a 11b", "12a 12c"],
                        "6d 5a 2c 8c 9c 10c", "5b 2a 3a 11c 12d", ["", "", ""])
    after = apply(state, "declare bomb 6a 6b 6c")
    step = story(state, "declare bomb 6a 6b 6c", after)
    assert [(p, m.card.code) for p, m in step.draws] == [(0, "5b"), (0, "2a"), (0, "3a")]
    assert step.decision == "declare bomb 6a 6b 6c"
    assert step.captured(0) == CardSet.parse("5a 5b 2a 2c")     # the draws' captures


def test_the_responsible_loser_read_from_the_replay_agrees_without_bombs():
    """With a bomb the responsible loser is read from the replayed turns; on rounds
    without one that reading gives the same seat as the quick one."""
    rng = random.Random(3)
    rules = get_rules(bomb="off")
    compared = named = 0
    for _ in range(150):
        end = fast_random_round(rules, rng)
        if end.result.reason != "stop":
            continue
        w = end.result.winner
        quick = go_stop.responsible_play(end, w)
        assert go_stop._responsible_after_bombs(end, w) == quick
        assert responsible_seat(end, w) == (quick[0] if quick else None)
        compared += 1
        named += quick is not None
    assert compared and named



@pytest.mark.parametrize(("bomb", "drawn"), [("weak", "5b 2a"), ("smoke_clears", "5b")])
def test_bk16_b_weaker_bombs_draw_fewer(bomb, drawn):
    rules = get_rules(bomb=bomb)
    state = setup_state(rules, ["6a 6b 6c 1a 3b 4a 7a", "11a 11b", "12a 12c"],
                        "6d 5a 2c 8c 9c 10c", "5b 2a 3a 11c 12d", ["", "", ""])
    after = apply(state, "declare bomb 6a 6b 6c")
    assert after.pos == len(drawn.split())
    assert CardSet.parse(drawn).mask & ~after.captures(0).mask == 0


def test_weak_bomb_the_first_empty_turn_draws():
    rules = get_rules(bomb="weak")
    state = setup_state(rules, ["6a 6b 6c", "11a 11b", "12a 12c"], "6d 1c",
                        "5b 2a 3a 4a 7a 8a 9a", ["", "", ""])
    state = apply(state, "declare bomb 6a 6b 6c")       # A draws 5b 2a
    state = apply(state, "play 11a")                     # B draws 3a
    state = apply(state, "play 12a")                     # C draws 4a; A draws 7a only
    assert state.player == 1 and state.pos == 5
    state = apply(state, "play 11b")                     # B draws 8a
    state = apply(state, "play 12c")                     # C draws 9a: cards and stock end
    assert state.result is not None and state.pos == len(state.stock)
    assert [e.kind for e in state.events if e.seat == 0] == ["bomb", "free_turn"]


def test_smoke_clears_the_bomber_may_skip_a_hand_card_twice():
    rules = get_rules(bomb="smoke_clears")
    state = setup_state(rules, ["6a 6b 6c 1a 3b", "11a 11b 11c", "12a 12c 12d"], "6d 1c",
                        "5b 2a 3a 4a 7a 8a 9a 10a 10b", ["", "", ""])
    with pytest.raises(IllegalActionError, match="Smoke Clears"):
        apply(state, "pass")
    state = apply(state, "declare bomb 6a 6b 6c")       # A draws 5b
    state = apply(apply(state, "play 11a"), "play 12a")
    assert PASS in legal_actions(state)
    state = apply(state, "pass")                         # A draws only, keeps 1a 3b
    assert state.hand(0) == CardSet.parse("1a 3b") and state.pos == 4
    state = apply(apply(state, "play 11b"), "play 12c")
    state = apply(state, "pass")
    state = apply(apply(state, "play 11c"), "play 12d")
    assert PASS not in legal_actions(state)              # both free turns are used


def test_smoke_clears_the_greedy_player_skips_only_when_no_card_takes():
    from hanafuda_core.players import greedy_action
    rules = get_rules(bomb="smoke_clears")
    state = setup_state(rules, ["6a 6b 6c 1a 3b", "11a 11b 11c", "12a 12c 12d"], "6d 1c",
                        "5b 2a 3a 4a 7a 8a 9a 10a 10b", ["", "", ""])
    state = apply(state, "declare bomb 6a 6b 6c")
    state = apply(apply(state, "play 11a"), "play 12a")

    def greedy(s):
        return greedy_action(rules, s.field_m, s.field0, legal_actions(s))
    # the Cherry Curtain (3a) lies on the field: the Cherry Ribbon takes it, so the
    # bomber plays it rather than skip
    assert PASS in legal_actions(state) and greedy(state) == Play(9)
    # with no card of the hand matching the field, the owed free turn is taken: no card
    # is given to the field
    bare = state._replace(field_m=CardSet.parse("9c 10c").mask)
    assert greedy(bare) == PASS


@pytest.mark.parametrize("bomb", ["three", "weak", "smoke_clears"])
@pytest.mark.parametrize("preset", ["no-jokers", "matgo-no-jokers"])
def test_with_bombs_the_hands_and_the_stock_end_together(bomb, preset):
    """A player who always bombs when allowed: every round nobody stops ends with the
    hands and the stock empty together (the free turns keep the count), and replays."""
    rules = get_rules(preset, bomb=bomb)
    rng = random.Random(7)
    bombed = 0
    for _ in range(120):
        state = deal_from_order(rules, rng.sample(range(48), 48))
        while state.result is None:
            acts = legal_actions(state)
            bombs = [a for a in acts if a.code().startswith("declare bomb")]
            state = apply(state, bombs[0] if bombs else rng.choice(acts))
        bombed += any(e.kind == "bomb" for e in state.events)
        if state.result.reason == "draw":
            assert state.pos == len(state.stock) and not any(state.hands_m)
        assert replay(rules, state.deal, state.history)[-1].result == state.result
    assert bombed



def test_first_turn_month_pays_three_from_each():
    rules = get_rules(first_turn_month=True)
    state = setup_state(rules, ["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                        "10a 10b 10c 10d", _PILES)
    state = apply(state, "play 3a")
    assert [e.kind for e in state.events] == ["hiki_capture", "first_turn_month"]
    assert state.side_pay == (6, -3, -3)
    assert apply(_event_state(["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                              "10a 10b 10c 10d"), "play 3a").side_pay == (0, 0, 0)


def test_triple_hiki_takes_two_chaffs_at_the_third_capture():
    rules = get_rules(triple_hiki=True)
    state = setup_state(rules, ["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                        "10a 10b 10c 10d", ["", "1c 1d 2c 2d", "11d 12b 9c"])
    took = SpecialEvent(0, "hiki_capture")
    state = apply(state._replace(events=(took, took)), "play 3a")
    kinds = [e.kind for e in state.events[2:]]
    assert kinds == ["hiki_capture", "triple_hiki"]
    assert state.events[-2].chaffs == m("1c 9c")            # the capture's one from each
    assert state.events[-1].chaffs == m("1d 2c 11d 12b")    # then two from each
    assert state.captures(1) == CardSet.parse("2d") and state.captures(2) == CardSet()


@pytest.mark.parametrize(("option", "factor"), [("once", 2), ("per_bomb", 4)])
def test_bomb_multiplier(option, factor):
    sc = scoring(bomb_multiplier=option)
    facts = GoStopRound((m("2a 4a 8b"), m(B_PILE), m(C_PILE)), 0, bombs=2)
    plain = scoring().settle(GoStopRound(facts.piles, 0)).score
    assert sc.settle(facts).score == plain * factor



def test_winning_brights_end_the_round_as_a_stop():
    piles = ["1a 3a 8a 11a", "1c 1d 2c 2d 3c", "5c 5d 9c"]
    hands = ["12a 6c", "7a 7b", "8c 8d"]
    end = apply(setup_state(get_rules(winning_brights=True), hands, "12c 4c", "9a 9b 6a 6b",
                            piles), "play 12a")
    assert end.result.reason == "winning_brights" and end.result.winner == 0
    assert end.result.points[0] > 0 and sum(end.result.points) == 0
    plain = apply(setup_state(RULES, hands, "12c 4c", "9a 9b 6a 6b", piles), "play 12a")
    assert plain.result is None and plain.phase == Phase.DECIDE


# ---------------------------------------------------------------------------
# Jokers (G1, 2901-2923, 2987-3003): the rulebook's game deals two, worth 2 (j1) and 3 (j2)
# Chaffs. Three players A B C, A to play, unless said.

J1, J2 = int(Extra.JOKER_1), int(Extra.JOKER_2)


def _plain_order(seed: int = 3) -> list[int]:
    """A 48-card deal of three players that needs no redeal (hands 0-20, field 21-26)."""
    for s in range(seed, seed + 200):
        dealt = new_round(RULES, s)
        if not dealt.deal.voided and dealt.phase == Phase.PLAY and not dealt.deal.events:
            return list(dealt.deal.order)
    raise AssertionError("no plain deal")              # pragma: no cover


def test_book_joker_dealt_to_the_field_goes_to_the_dealer():
    order = _plain_order()
    field = order[21:27]
    # j1 is the field's first card: the sixth field card becomes the top of the stock, the
    # refill; j2 lies deep in the stock
    joker_order = order[:21] + [J1] + field[:5] + [field[5]] + order[27:40] + [J2] + order[40:]
    state = deal_from_order(BOOK_RULES, joker_order, dealer=1)
    assert state.captures(1) == CardSet.from_mask(1 << J1)          # the dealer's pile
    assert state.field == CardSet.from_mask(sum(1 << c for c in field))   # refilled
    assert not state.field_m >> 48 and state.card_count() == 50
    assert state.stock_size == 23 - 1 and state.stock[0] == order[27]
    assert any("Joker 1" in e for e in state.deal.events)
    assert state.legal_actions() and state.player == 1


def test_book_joker_refilling_the_field_goes_to_the_dealer_too():
    order = _plain_order()
    field = order[21:27]
    joker_order = order[:21] + [J1] + field[:5] + [J2, field[5]] + order[27:]
    state = deal_from_order(BOOK_RULES, joker_order)
    assert state.captures(0) == CardSet.from_mask((1 << J1) | (1 << J2))
    assert state.field_m == sum(1 << c for c in field) and state.card_count() == 50
    # the dealer's pile counts 5 Chaffs at once: no yaku yet, but counted
    assert BOOK_RULES.yaku.chaff_count(state.caps_m[0]) == 5


def test_book_joker_played_from_the_hand_then_the_stock_card_is_played_as_a_hand_card():
    state = setup_state(BOOK_RULES, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "4a 12a 11c 10b")
    assert Play(Extra.JOKER_1) in state.legal_actions()
    after = apply(state, "play j1")
    # j1 to the pile; 4a, the top stock card, is played as A's hand card and takes 4c; then
    # A's usual draw, 12a, lies on the field
    assert after.captures(0) == CardSet.parse("j1 4a 4c")
    assert after.hand(0) == CardSet.parse("8b") and after.player == 1
    assert after.field == CardSet.parse("8c 9d 12a") and after.pos == 2
    assert after.card_count() == state.card_count()


def test_book_the_card_played_in_a_jokers_place_makes_a_pair_the_draw_may_stack():
    # 4a stands in for j1 and pairs with 4c; the draw, 4b, matches only that pair: the
    # three stay on the field as a stack (the turn of a hand card, 2987-3003 with ch. 3)
    state = setup_state(BOOK_RULES, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "4a 4b 11c 10b")
    after = apply(state, "play j1")
    assert after.field == CardSet.parse("4a 4b 4c 8c 9d")
    assert after.captures(0) == CardSet.parse("j1")
    assert [e.kind for e in after.events] == ["first_hiki"]


def test_book_the_card_played_in_a_jokers_place_may_wait_for_a_choice():
    state = setup_state(BOOK_RULES, ["j1 8b", "6d 12d", "6c 7c"], "4c 4d 9d",
                        "4a 12a 11c 10b")
    wait = apply(state, "play j1")
    assert wait.phase == Phase.CHOOSE_HAND_CAPTURE and wait.pending[0] == Card.WISTERIA_CUCKOO
    assert wait.card_count() == state.card_count()
    after = apply(wait, "capture 4d")
    assert after.captures(0) == CardSet.parse("j1 4a 4d") and after.field == CardSet.parse(
        "4c 9d 12a")


def test_book_joker_drawn_from_the_stock_goes_to_the_pile_and_the_player_draws_again():
    state = setup_state(BOOK_RULES, ["8b 1a", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "j2 4a 11c 10b")
    after = apply(state, "play 8b")
    assert after.captures(0) == CardSet.parse("8b 8c j2 4a 4c")
    assert after.field == CardSet.parse("9d") and after.pos == 2 and after.player == 1


def test_book_two_jokers_in_a_row():
    # j1 played, and the card that would stand in for it is j2: it goes to the pile too,
    # and 4a stands in; the usual draw follows
    state = setup_state(BOOK_RULES, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "j2 4a 11c 10b")
    after = apply(state, "play j1")
    assert after.captures(0) == CardSet.parse("j1 j2 4a 4c")
    assert after.field == CardSet.parse("8c 9d 11c") and after.pos == 3
    # two Jokers turned up one after the other by a draw
    state = setup_state(BOOK_RULES, ["8b 1a", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "j1 j2 4a 10b")
    after = apply(state, "play 8b")
    assert after.captures(0) == CardSet.parse("8b 8c j1 j2 4a 4c") and after.pos == 3


def test_book_joker_as_the_last_stock_card_goes_to_the_next_player():
    # A plays the last hand card and draws 4a; only j1 is left in the stock: B, whose hand
    # is empty, draws it into their pile and the round ends
    state = setup_state(BOOK_RULES, ["8b", "", ""], "8c 4c 9d", "4a j1")
    end = apply(state, "play 8b")
    assert end.is_terminal and end.result.reason == "draw"
    assert end.captures(1) == CardSet.parse("j1") and end.stock_size == 0
    assert end.card_count() == state.card_count()


def test_book_jokers_count_in_the_chaff_yaku_and_against_the_chaff_penalty():
    # A: Godori and 7 Chaffs with j2 (3 Chaffs): 10 Chaffs, 6 points declared. A takes
    # 12d with 12c: 12 Chaffs, the Chaff yaku 3, total 8, and calls Stop.
    # B: 3 Chaffs and j1 (2): 5 Chaffs, spared the Chaff penalty. C: 3 Chaffs: double.
    piles = ["2a 4a 8b 1c 1d 2c 2d 3c 3d 5c j2", "11a 6c 6d 7c j1", "3a 9c 9d 10c"]
    state = setup_state(BOOK_RULES, ["12c 1a", "6a 7a", "7b 9a"], "12d 4c 5a",
                        "6b 10a 10b 11b", piles)
    assert state.yaku_pts[0] == 6
    decide = apply(state, "play 12c")
    assert decide.phase == Phase.DECIDE and decide.yaku_pts[0] == 8
    end = apply(decide, "stop")
    assert end.result.points == (8 + 16, -8, -16)
    assert sum(end.result.points) == 0
    # without j1 B has 3 Chaffs and pays double too
    plain = [piles[0], "11a 6c 6d 7c", piles[2]]
    state = setup_state(BOOK_RULES, ["12c 1a", "6a 7a", "7b 9a"], "12d 4c 5a",
                        "6b 10a 10b 11b", plain)
    assert apply(apply(state, "play 12c"), "stop").result.points == (32, -16, -16)


def test_book_a_joker_is_given_when_no_single_chaff_is_left():
    # A's hiki capture takes a Chaff from each: B has no single Chaff, only j1 (2 Chaffs)
    # and a Bright: j1 goes; C gives its single Chaff before j2
    state = setup_state(BOOK_RULES, ["3a 6c", "7a 7b", "8c 8d"], "3b 3c 3d 4a",
                        "10a 10b 10c 10d", ["", "11a j1", "1c j2"])
    after = apply(state, "play 3a")
    (event,) = after.events
    assert event.chaffs == (1 << J1) | m("1c")
    assert after.captures(1) == CardSet.parse("11a") and after.captures(2) == CardSet.parse(
        "j2")
    ev = BOOK_RULES.events
    # a 3-Chaff Joker only when nothing lighter is left: the Storm (2) goes first
    assert ev.steal(m("11d") | 1 << J2, 1) == m("11d")
    assert ev.steal(m("11d") | 1 << J2, 2) == m("11d") | 1 << J2


def test_book_a_round_with_jokers_records_and_replays():
    for seed in range(6):
        end = fast_random_round(BOOK_RULES, random.Random(seed))
        data = end.deal.to_dict()
        assert {"j1", "j2"} <= set(data["order"])
        deal = DealRecord.from_dict(data)
        assert deal == end.deal
        states = replay(BOOK_RULES, deal, [a.code() for a in end.history])
        assert states[-1] == end
    game = get_game("go-stop")
    record = game.play(["greedy", "coach", "random"], seed=2, rounds=2)
    back = type(record).from_json(record.to_json())
    assert back == record and "j1" in record.to_json()
    rounds = back.get_game().replay_rounds(back)
    assert [r.result().to_dict() for r in rounds] == [dict(r.outcome) for r in back.rounds]


def test_book_jokers_bad_input_is_refused_with_our_error():
    state = setup_state(RULES, ["8b", "", ""], "8c", "4a")
    with pytest.raises(IllegalActionError, match="without Jokers"):
        apply(state, Play(Extra.JOKER_1))
    book = setup_state(BOOK_RULES, ["8b", "", ""], "8c", "4a j1")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        apply(book, "play j2")
    with pytest.raises(IllegalActionError):
        apply(book, "capture j1")
    assert book.hand(0) == CardSet.parse("8b")              # untouched
    order = _plain_order()
    with pytest.raises(DealOrderError, match="without Jokers"):
        deal_from_order(RULES, order[:47] + [J1])
    with pytest.raises(DealOrderError, match="missing: j1 Joker 1, j2 Joker 2"):
        deal_from_order(BOOK_RULES, order)
    with pytest.raises(OptionError):
        get_rules(jokers=5)
    with pytest.raises(OptionError):
        get_rules(jokers=3, joker_values="two")
    with pytest.raises(OptionError, match="1, 2 or 3 Chaffs"):
        BonusCards((J1,), (4,))


@settings(max_examples=60, deadline=None)
@given(jokers=st.integers(0, 4), values=st.sampled_from(OPTIONS["joker_values"].allowed),
       players=st.sampled_from((2, 3)), seed=st.integers(0, 10**6),
       ability=st.sampled_from(OPTIONS["joker_abilities"].allowed), unlucky=st.booleans())
def test_book_random_rounds_with_jokers_keep_every_card_and_end(jokers, values, players, seed,
                                                               ability, unlucky):
    if not jokers:
        ability, unlucky = "none", False
    rules = get_rules(jokers=jokers, joker_values=values, players=players,
                      joker_abilities=ability, unlucky_joker=unlucky)
    rng = random.Random(seed)
    state = new_round(rules, rng)
    deck = 48 + jokers
    for _ in range(400):
        # (a Joker lies on the field only with a stack, under the Unlucky Joker)
        assert state.card_count() == deck and (unlucky or not state.field_m >> 48)
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = apply(state, legal[int(rng.random() * len(legal))])
    assert state.is_terminal
    assert sum(state.result.points) == 0
    if state.result.reason == "draw":
        assert state.stock_size == 0 and not any(state.hands_m)
    assert replay(rules, state.deal, state.history)[-1] == state


def test_book_the_narration_tells_the_joker_goes_to_the_pile():
    from hanafuda_core.narration import describe, log_lines, story
    state = setup_state(BOOK_RULES, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "j2 4a 11c 10b")
    after = apply(state, "play j1")
    step = story(state, "play j1", after)
    text = describe(step, ["You", "Ann", "Bob"])
    assert text.startswith("You play Joker 1: it goes straight to the captured cards")
    assert "turns up Joker 2" in text and "you take the Wisteria Chaff 1" in text
    log = log_lines(step, ["Player 1", "Player 2", "Player 3"])
    assert "Player 1 plays Joker 1: it goes straight to their pile" in log[0]
    assert step.captured(0) == CardSet.parse("j1 j2 4a 4c")


# Joker abilities (2905-2913): every Joker the same ability; B holds j1 in these rounds.


def _ability_round(ability: str, b_pile: str, a_pile: str = "1a 3a 8a 1c 1d 2c 2d 3c 3d 8c 8d"):
    """A takes 12c with 12d, making ten Chaffs beside three Brights, and stops."""
    rules = get_rules(joker_abilities=ability)
    state = setup_state(rules, ["12c 4d", "6a 7a", "7b 9a"], "12d 4c 5a",
                        "6b 10a 10b 11b", [a_pile, b_pile, "9c 9d 10c 5c 5d"])
    decide = apply(state, "play 12c")
    assert decide.phase == Phase.DECIDE
    return apply(decide, "stop")


def test_book_joker_double_points_doubles_its_captor_winning():
    plain = _ability_round("none", "6c 6d 7c", a_pile="1a 3a 8a 1c 1d 2c 2d 3c 3d j1")
    double = _ability_round("double_points", "6c 6d 7c", a_pile="1a 3a 8a 1c 1d 2c 2d 3c 3d j1")
    assert [2 * p for p in plain.result.points] == list(double.result.points)
    assert "Double Points" in " ".join(double.result.report.notes)


def test_book_joker_no_bright_penalty_spares_its_captor():
    # A's three Brights: B and C caught no Bright and owe double; B's Joker spares B
    plain = _ability_round("none", "6c 6d 7c j1")
    spared = _ability_round("no_bright_penalty", "6c 6d 7c j1")
    a, b, c = plain.result.points
    assert spared.result.points == (a + b // 2, b // 2, c)


def test_book_joker_deny_losses_stops_a_shift_onto_its_captor():
    # B called Go earlier (so B would pay both penalties); B's Deny Losses Joker: each
    # pays their own
    rules = get_rules(joker_abilities="deny_losses")
    facts = GoStopRound((m("1a 3a 8a"), m("6c 6d 7c") | 1 << J1, m("9c 9d 10c 5c 5d")), 0,
                        goes=(0, 1, 0))
    plain = get_rules().overlay.scoring.settle(facts)
    denied = rules.overlay.scoring.settle(facts)
    assert plain.points[2] == 0 and denied.points[1] < 0 and denied.points[2] < 0
    assert sum(denied.points) == 0 and denied.points[0] == plain.points[0]


def test_book_joker_chaff_magnet_takes_a_chaff_from_each_at_once():
    rules = get_rules(joker_abilities="chaff_magnet")
    state = setup_state(rules, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "4a 12a 11c 10b", ["", "1c 6a", "11d j2"])
    after = apply(state, "play j1")
    (event,) = after.events
    assert event.kind == "chaff_magnet" and event.chaffs == m("1c 11d")
    assert after.captures(0) == CardSet.parse("j1 4a 4c 1c 11d")
    assert after.captures(2) == CardSet.parse("j2")
    assert "Chaff Magnet" in event.describe()


# Each Joker its own ability (2905-2913: the chapter allows one per Joker): a list gives
# Joker 1's first; the last serves every further Joker.


def test_book_each_joker_may_have_its_own_ability():
    rules = get_rules(joker_abilities="chaff_magnet,double_points")
    assert rules.overlay.scoring.joker_abilities == ("chaff_magnet", "double_points")
    assert get_rules(jokers=3, joker_abilities="none,deny_losses").overlay.scoring \
        .joker_abilities == ("none", "deny_losses", "deny_losses")
    piles = ["", "1c 6a", "11d"]
    # Joker 1 carries the magnet: played, it takes a Chaff from each opponent ...
    state = setup_state(rules, ["j1 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "4a 12a 11c 10b", [piles[0], piles[1], piles[2] + " j2"])
    after = apply(state, "play j1")
    assert [e.kind for e in after.events] == ["chaff_magnet"]
    assert after.captures(0) == CardSet.parse("j1 4a 4c 1c 11d")
    # ... Joker 2 does not (its ability acts at the settlement)
    state = setup_state(rules, ["j2 8b", "6d 12d", "6c 7c"], "8c 4c 9d",
                        "4a 12a 11c 10b", [piles[0], piles[1], piles[2] + " j1"])
    after = apply(state, "play j2")
    assert after.events == () and after.captures(0) == CardSet.parse("j2 4a 4c")


def test_book_a_jokers_own_double_points_follow_that_joker():
    a_pile = "1a 3a 8a 1c 1d 2c 2d 3c 3d "
    plain = _ability_round("none", "6c 6d 7c", a_pile=a_pile + "j2")
    second = _ability_round("none,double_points", "6c 6d 7c", a_pile=a_pile + "j2")
    first_only = _ability_round("double_points,none", "6c 6d 7c", a_pile=a_pile + "j2")
    assert list(second.result.points) == [2 * p for p in plain.result.points]
    assert first_only.result.points == plain.result.points
    assert "Double Points" not in " ".join(first_only.result.report.notes)


@pytest.mark.parametrize("value", ["double_points,double_points", "magnet", "none,none"])
def test_book_a_joker_ability_list_is_checked(value):
    with pytest.raises(OptionError, match="joker_abilities.*allowed values: none; "
                                          "chaff_magnet; .*; chaff_magnet,double_points;"):
        get_rules(joker_abilities=value)


def test_book_a_joker_ability_needs_jokers():
    with pytest.raises(OptionError, match="needs Jokers"):
        get_rules("no-jokers", joker_abilities="double_points")


def _joker_after_a_pair(rules):
    """A to play, holding 4a 8b; B holds 4d 12d, C 6c 7c; the field 4c 9d 1c. A's 4a pairs
    the 4c, then the stock turns up Joker 1 and 4b (then 11c 10b 10a)."""
    return setup_state(rules, ["4a 8b", "4d 12d", "6c 7c"], "4c 9d 1c", "j1 4b 11c 10b 10a",
                       ["", "", ""])


def test_book_unlucky_joker_stays_with_the_stack_for_whoever_takes_it():
    rules = get_rules(unlucky_joker=True)
    # A's 4a takes 4c (a pair); the stock turns up j1, placed on the pair, then 4b: the pair
    # goes back with 4b as a stack and j1 stays on the field with it; A takes nothing
    state = _joker_after_a_pair(rules)
    after = apply(state, "play 4a")
    assert after.field == CardSet.parse("4a 4b 4c 9d 1c j1")
    assert after.captures(0) == CardSet() and after.card_count() == state.card_count()
    (left, made) = [e for e in after.events if e.kind in ("unlucky_joker", "first_hiki")]
    assert left.left == 1 << J1 and "Joker 1 stays with the April stack" in left.describe()
    # B plays the fourth April card: the stack and the Joker are B's
    taken = apply(after, "play 4d")
    assert CardSet.parse("4a 4b 4c 4d j1") <= taken.captures(1)
    assert not taken.field_m >> 48
    # without the option the Joker is A's and the pair goes back as usual
    plain = apply(_joker_after_a_pair(get_rules()), "play 4a")
    assert plain.captures(0) == CardSet.parse("j1")


def test_book_unlucky_joker_on_a_pair_the_next_card_does_not_stack_is_captured():
    rules = get_rules(unlucky_joker=True)
    state = setup_state(rules, ["4a 8b", "4d 12d", "6c 7c"], "4c 9d 1c",
                        "j1 11c 10b 10a", ["", "", ""])
    after = apply(state, "play 4a")
    assert after.captures(0) == CardSet.parse("4a 4c j1")
    assert not [e for e in after.events if e.kind == "unlucky_joker"]


def test_book_unlucky_joker_is_told_as_placed_on_the_pair():
    from hanafuda_core.narration import describe, story
    rules = get_rules(unlucky_joker=True)
    state = _joker_after_a_pair(rules)
    after = apply(state, "play 4a")
    text = describe(story(state, "play 4a", after), ["You", "Ann", "Bob"])
    assert "Joker 1: it is placed on the pair just made" in text
    assert "the pair goes back" in text or "stack" in text


def test_book_unlucky_joker_is_told_going_with_the_stack_to_its_taker():
    from hanafuda_core.narration import describe, story
    rules = get_rules(unlucky_joker=True)
    state = _joker_after_a_pair(rules)
    after = apply(state, "play 4a")
    taken = apply(after, "play 4d")
    step = story(after, "play 4d", taken)
    assert CardSet.parse("4a 4b 4c 4d j1") <= step.captured(1)
    text = describe(step, ["You", "Ann", "Bob"])
    assert "takes all three, with Joker 1 lying on them" in text


def test_book_unlucky_joker_taken_with_the_stack_is_named_in_the_log():
    # (found by the random-option record test: the log could not name a Joker taken by a
    # card turned up from the stock, nor one taken by a hand card)
    from hanafuda_core.narration import log_lines, story
    rules = get_rules(unlucky_joker=True)
    state = setup_state(rules, ["4a 8b", "12d 2a", "6c 7c"], "4c 9d 1c",
                        "j1 4b 4d 10b 10a", ["", "", ""])
    after = apply(state, "play 4a")
    drawn = apply(after, "play 12d")            # B's 12d stays; the drawn 4d takes the stack
    assert CardSet.parse("4a 4b 4c 4d j1") <= drawn.captures(1)
    lines = log_lines(story(after, "play 12d", drawn), ["A", "B", "C"])
    assert any("takes" in line and "Joker 1 (j1)" in line for line in lines), lines
    by_hand = _joker_after_a_pair(rules)
    after = apply(by_hand, "play 4a")
    taken = apply(after, "play 4d")
    lines = log_lines(story(after, "play 4d", taken), ["A", "B", "C"])
    assert any("Joker 1" in line for line in lines), lines


def test_book_the_coach_sees_the_unlucky_joker_go_with_the_stack():
    # The special events are public: the view shows them, and the coach's captures count
    # a Joker lying with a stack that the move takes
    rules = get_rules(unlucky_joker=True)
    state = _joker_after_a_pair(rules)
    after = apply(state, "play 4a")
    seen = view(after, 1)
    assert seen.events == after.events and seen.events[0].kind == "unlucky_joker"
    advice = Coach(samples=4).advise(seen, legal_actions(after))
    take = next(m for m in advice.moves if m.action == Play(parse_card("4d")))
    assert "the Wisteria Chaff 1 and Joker 1" in " ".join(take.reasons)


def test_book_the_coach_leaves_out_what_earlier_events_paid():
    # A's first stack (3 points from each other player, paid already) changes no move's
    # worth for B: B's figures are the same as without the event
    state = _joker_after_a_pair(get_rules())
    after = apply(state, "play 4a")
    assert [e.kind for e in after.events] == ["first_hiki"] and after.side_pay[1] < 0
    coach = Coach(samples=6)
    figures = [[(m.action, m.expected, m.win_rate, m.nothing_rate) for m in
                coach.advise(view(s, 1), legal_actions(s)).moves]
               for s in (after, after._replace(events=()))]
    assert figures[0] == figures[1]


def test_book_five_brights_ending_the_round_find_the_responsible_loser():
    # (found by fuzzing whole games: the round ended by the fifth Bright was settled, the
    # settlement replayed the round to find who gave the winner the card, the replay
    # applied the last action again and settled again, without end: RecursionError)
    rules = get_rules("no-jokers", stop_minimum=9, go_table="book", weak_rain_man=False,
                      winning_brights=True)
    deal = DealRecord.from_dict({"order": (
        "10d 11a 1c 5d 2b 2a 8d 6d 1d 5a 10b 9c 9d 1b 2d 5c 11b 2c 8b 6c 5b 8c 10a 9a "
        "3d 3c 10c 12a 3a 1a 4b 12d 8a 6a 7b 7c 3b 4c 12c 7d 6b 7a 9b 11d 12b 11c 4a "
        "4d").split(), "dealer": 2})
    actions = ("play 8b", "play 10d", "capture 10a", "capture 3c", "play 9c", "play 2c",
               "play 1c", "play 10b", "play 2d", "play 8d", "play 6d", "play 5c", "play 5d",
               "play 1d", "play 6c", "play 2b", "play 1b", "play 5b", "play 2a", "play 5a",
               "play 11b", "play 11a")
    end = replay(rules, deal, actions)[-1]
    res = end.result
    assert res is not None and res.reason == "winning_brights" and res.winner == 0
    assert sum(res.points) == 0 and res.points[2] == 2 * res.points[1] < 0  # (pays for both)


def test_book_the_coach_gives_a_reason_for_playing_a_joker():
    state = setup_state(BOOK_RULES, ["j1 8b 1a", "6d 12d 2a", "6c 7c 3a"], "8c 4c 9d",
                        "4a 12a 11c 10b 10a 10c 10d")
    advice = Coach(samples=4).advise(view(state, 0), legal_actions(state))
    text = advice.to_text()
    assert "plays Joker 1: it goes straight to your pile, counting as 2 Chaffs" in text
    assert advice.best in legal_actions(state)


def test_book_responsibility_penalty_spares_the_last_card_and_a_forced_discard():
    """'Responsibility Penalty' (3355): the giver of the winning card pays for both
    losers, but not for the last card in their hand, nor when any card they could have
    played would have gone down the same way (our reading: none of their cards had a
    match on the field). Checked on random rounds against the replayed turn itself."""
    book = get_rules("no-jokers")
    variant = get_rules("no-jokers", responsibility="penalty_variant")
    seen = {"last card": 0, "no other choice": 0, "pays for both": 0}
    for seed in range(600):
        state = fast_random_round(variant, random.Random(seed))
        winner = state.result.winner
        if winner is None:
            continue
        found = go_stop.responsible_play(state, winner)
        if found is None:
            assert responsible_seat(state, winner) is None
            continue
        seat, card = found
        states = replay(variant, state.deal, state.history)
        before = [b for b, a in zip(states, state.history)
                  if a == Play(card) and b.player == seat][-1]
        held = before.hands_m[seat]
        if held == 1 << card:
            why = "last card"
        elif all(not before.field_m & MONTH_MASKS[c >> 2] for c in range(48) if held >> c & 1):
            why = "no other choice"
        else:
            why = "pays for both"
        seen[why] += 1
        assert responsible_seat(state, winner) == (seat if why == "pays for both" else None)
        assert responsible_seat(state._replace(rules=book), winner) == seat
    assert all(seen.values()), seen


# -- the most Go calls a round can have (MAX_CALLS) -------------------------------------

def test_max_calls_is_the_longest_hand_less_the_stops_turn():
    """Go or Stop comes once a turn at most (2931, 3087) and a player has no more turns
    than cards dealt: ten with two (3005), seven with three (3007) or at a big table
    (2859, 2869); the Stop takes a turn of its own."""
    hands = [get_rules(players=2).deals[2][0], get_rules().deals[3][0],
             go_stop.table_setup(5).hand]
    assert hands == [10, 7, 7]
    assert go_stop.MAX_CALLS == max(hands) - 1 == 9
    assert "MAX_CALLS" in go_stop.__all__


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]),
       jokers=st.integers(0, 4), bomb=st.sampled_from(["three", "weak", "smoke_clears", "off"]))
def test_no_round_gets_past_max_calls(seed, players, jokers, bomb):
    """Seeded rounds under the lowest Stop minimum, where whoever may call always goes on
    while they still hold cards and stops only on their last hand card: nobody gets more
    Go calls than MAX_CALLS + 1 (one a turn, the last one leaving nothing to stop on), and
    nobody wins by a Stop after more than MAX_CALLS Go calls."""
    rules = get_rules(players=players, jokers=jokers, bomb=bomb, stop_minimum=1)
    rng = random.Random(seed)
    for _ in range(20):
        state = new_round(rules, rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            if STOP in legal:
                act = STOP if not state.hands_m[state.player] else GO_ON
            else:
                act = legal[int(rng.random() * len(legal))]
            state = state.apply(act, player=state.actor)
        assert all(state.calls.count(p) <= go_stop.MAX_CALLS + 1 for p in range(players))
        res = state.result
        if res.reason == "stop":
            assert state.calls.count(res.winner) <= go_stop.MAX_CALLS


@pytest.mark.parametrize("calls", ["10", "10000"])
def test_the_command_line_refuses_more_go_calls_than_a_round_has(capsys, calls):
    from cli_helpers import run
    status, out, err = run(capsys, "score", "go-stop", "1a", "3a", "8a", "11a", "--koikoi",
                           calls)
    assert status == 2 and out == ""
    assert f"the Go calls made before the stop: a whole number from 0 to 9 (no round has " \
           f"more), not {calls}" in err, err


def test_the_command_line_scores_up_to_max_calls(capsys):
    from cli_helpers import run_json
    data = run_json(capsys, "score", "go-stop", "1a", "3a", "8a", "11a", "--koikoi", "9")
    assert data["calls"] == 9 and data["total"] == 4 * 9         # 4 Brights, x9 (3091)


@pytest.mark.parametrize("calls", [10, 10000, -1, True])
def test_the_score_calculator_refuses_more_go_calls_than_a_round_has(calls):
    from hanafuda_core.errors import HanafudaError
    from hanafuda_core.teach.tools import ScoreController
    calc = ScoreController("go-stop", cards="1a 3a 8a 11a", calls=2)
    assert calc.max_calls == go_stop.MAX_CALLS
    before = (calc.cards, calc.calls, calc.total)
    with pytest.raises(HanafudaError, match=f"the number of Go calls is a whole number "
                                            f"from 0 to 9, not {calls!r}"):
        calc.set_calls(calls)
    assert (calc.cards, calc.calls, calc.total) == before == (calc.cards, 2, 4 * 2)


@pytest.mark.parametrize("calls", range(go_stop.MAX_CALLS + 1))
def test_the_score_calculator_scores_every_allowed_number_of_go_calls(calls):
    """The calculator agrees with the scorer; the chapter's Go table (3091): one Go
    +1, two x2, three x3, more x the number."""
    from hanafuda_core.teach.tools import ScoreController
    calc = ScoreController("go-stop", cards="1a 3a 8a 11a").set_calls(calls)
    want = get_game("go-stop").score(list(calc.cards), calls=calls) if calls else \
        get_game("go-stop").score(list(calc.cards))
    assert calc.total == want.to_dict()["total"] == (4, 5, 8, 12, 16, 20, 24, 28, 32, 36)[calls]
