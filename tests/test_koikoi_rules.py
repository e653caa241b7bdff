"""Koi-Koi rules: the seed examples (BOOK ch. 12, D002, D003) played through the engine.

Each scenario sets up a small position with ``setup_state`` and plays real
actions; the engine finds the yaku, opens the decisions and settles the round.
Seat 0 is "Player A", seat 1 "Player B" (seat 2 "Player C" with three players).
"""


import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.engines import capture
from hanafuda_core.engines.capture import (
    GO_ON,
    STOP,
    Phase,
    apply,
    legal_actions,
    new_round,
    next_dealer,
    setup_state,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.games.koikoi import OPTIONS, PRESETS, get_rules, options_table
from hanafuda_core.scoring import score_cards

# A deal with no pattern anywhere: each hand and the field hold single cards of
# eight months (seat 0, seat 1, field = the first 24 cards of the order).
SEAT0 = [0, 4, 8, 12, 16, 20, 24, 28]
SEAT1 = [1, 5, 9, 13, 17, 21, 25, 29]
FIELD = [2, 6, 10, 14, 18, 22, 26, 30]


def order_of(seat0, seat1, field):
    used = seat0 + seat1 + field
    return used + [c for c in range(48) if c not in used]


FIELD_QUAD = order_of([4, 8, 12, 16, 20, 24, 28, 32], [5, 9, 13, 17, 21, 25, 29, 33],
                      [0, 1, 2, 3, 6, 10, 14, 18])     # all of January on the field


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def poetry_race(preset="book", **options):
    """A holds two Poetry Ribbons and can take the third (3b with 3c) and a fourth
    ribbon later (4b with 4c); B can take a fifth Ten (6a with 6c) and later
    nothing. Every stock card falls on the field without a match."""
    rules = get_rules(preset, **options)
    return setup_state(rules, hands=["3c 4c 12a", "6c 12b 12c"],
                       field="3b 4b 6a", stock="2c 8c 9c 10c 11d 1c",
                       captures=["1b 2b", "2a 4a 5a 8b"], player=0, dealer=0)


def test_book_koikoi_example_1_stop_scores_5():
    s = play(poetry_race(), "play 3c")
    assert s.phase == Phase.DECIDE and legal_actions(s) == (GO_ON, STOP)
    s = play(s, "stop")
    assert s.result.winner == 0 and s.result.points == (5, 0)
    assert [line.key for line in s.result.report.lines] == ["poetry_ribbons"]


def test_book_koikoi_example_2_koikoi_then_stop_doubles():
    s = play(poetry_race(), "play 3c", "koikoi", "play 12b", "play 4c")
    assert s.phase == Phase.DECIDE      # a fourth ribbon adds to A's own yaku
    s = play(s, "stop")
    assert s.result.points == (12, 0)   # (5 + 1) x 2
    rep = s.result.report
    assert rep.subtotal == 6 and rep.factor == 2 and rep.total == 12


def test_book_koikoi_example_3_opponent_stops_after_koikoi():
    s = play(poetry_race(), "play 3c", "koikoi", "play 6c")
    assert s.phase == Phase.DECIDE and s.current_player == 1
    s = play(s, "stop")
    assert s.result.winner == 1 and s.result.points == (0, 2)   # 1 x 2


def test_book_koikoi_example_4_both_koikoi_nobody_stops_is_a_draw():
    s = play(poetry_race(), "play 3c", "koikoi", "play 6c", "koikoi")
    while s.phase != Phase.ROUND_OVER:
        acts = legal_actions(s)
        s = apply(s, GO_ON if GO_ON in acts else acts[0])
    assert s.result.winner is None and s.result.points == (0, 0)


def test_book_koikoi_example_5_doubled_once_despite_two_calls():
    s = play(poetry_race(), "play 3c", "koikoi", "play 6c", "koikoi", "play 4c", "stop")
    assert s.result.points == (12, 0)


def test_book_koikoi_case_c1_koikoi_then_stop_doubles():
    test_book_koikoi_example_2_koikoi_then_stop_doubles()


def test_book_koikoi_case_c2_opponent_stop_doubles():
    test_book_koikoi_example_3_opponent_stops_after_koikoi()


def test_book_koikoi_case_c3_no_koikoi_normal_points():
    s = play(poetry_race(), "play 3c", "stop")
    assert s.result.report.multipliers == () and s.result.points == (5, 0)


def test_book_koikoi_case_c4_koikoi_and_no_stop_scores_nothing():
    s = play(poetry_race(), "play 3c", "koikoi")
    while s.phase != Phase.ROUND_OVER:
        acts = legal_actions(s)
        s = apply(s, GO_ON if GO_ON in acts else acts[0])
    assert s.result.points == (0, 0)


def test_book_koikoi_case_c5_nobody_stops_draw_dealer_stays():
    rules = get_rules("book")
    s = setup_state(rules, ["12a", "12b"], field="", stock="", player=0, dealer=1)
    s = play(s, "play 12a", "play 12b")
    assert s.is_terminal and s.result.points == (0, 0) and next_dealer(s) == 1


def test_book_koikoi_case_c6_koikoi_twice_doubles_once():
    rules = get_rules("book")
    s = setup_state(rules, ["3c 4c 6c", "12a 12b 12c"], field="3b 4b 6a",
                    stock="2c 8c 9c 10c 11d 1c", captures=["1b 2b 2a 4a 5a 8b", ""])
    s = play(s, "play 3c", "koikoi", "play 12a", "play 4c", "koikoi", "play 12b", "play 6c")
    assert s.phase == Phase.DECIDE
    s = play(s, "stop")
    # 3 Poetry + 1 extra ribbon = 6, 5 Tens = 1: 7, doubled once
    assert s.result.points == (14, 0) and s.result.report.factor == 2


def test_book_koikoi_winner_deals_next():
    s = play(poetry_race(), "play 3c", "koikoi", "play 6c", "stop")
    assert next_dealer(s) == 1


def test_book_koikoi_koikoi_multiplier_variant():
    s = play(poetry_race(koikoi_effect="multiplier"), "play 3c", "koikoi", "play 6c",
             "koikoi", "play 4c", "stop")
    assert s.result.points == (18, 0)   # 6 x 3 for two calls


def test_book_koikoi_challenge_and_double_or_nothing_variants():
    s = play(poetry_race(koikoi_effect="challenge"), "play 3c", "koikoi", "play 12b",
             "play 4c", "stop")
    assert s.result.points == (6, 0)    # only the opponent's calls double
    s = play(poetry_race(koikoi_effect="double_or_nothing"), "play 3c", "koikoi", "play 12b",
             "play 4c", "stop")
    assert s.result.points == (12, 0)


def test_book_koikoi_minimum_points_forces_koikoi():
    s = play(poetry_race(minimum_points=3), "play 3c")
    assert legal_actions(s) == (STOP, GO_ON) or legal_actions(s) == (GO_ON, STOP)
    rules = get_rules("book", minimum_points=3)
    s = setup_state(rules, ["6c", "12a"], field="6a", stock="2c",
                    captures=["2a 4a 5a 8b", ""])
    s = play(s, "play 6c")            # 5 Tens = 1 point, under 3
    assert legal_actions(s) == (GO_ON,)
    with pytest.raises(Exception, match="must call Koi-Koi"):
        apply(s, STOP)


def test_book_koikoi_new_yaku_only_variant():
    s = play(poetry_race(new_yaku_only=True), "play 3c", "koikoi", "play 12b", "play 4c")
    assert s.phase == Phase.PLAY and s.current_player == 1   # adding a ribbon: no decision


def test_book_koikoi_winner_scores_all_yaku_variant():
    s = play(poetry_race(winner_scores_all=True), "play 3c", "koikoi", "play 6c", "stop")
    assert s.result.points == (0, (1 + 5) * 2)


def test_book_koikoi_dealers_delight_variant():
    rules = get_rules("book", dealers_delight=True)
    s = play(setup_state(rules, ["12a", "11a"], stock="", dealer=1), "play 12a", "play 11a")
    assert s.result.points == (0, 6)


def test_book_koikoi_bright_and_super_bright_variants():
    for option, factor in (("bright", 2), ("super_bright", 3)):
        rules = get_rules("book", field_bright=option)
        s = setup_state(rules, ["3c", "12c"], field="3b 1a 8a", stock="2c",
                        captures=["1b 2b", ""])
        s = play(s, "play 3c", "stop")
        assert s.result.points == (5 * factor, 0)


def test_book_koikoi_lucky_seven_variants():
    assert score_cards("1a 3a 8a 12a", options={"seven_doubles": "double"}).total == 16
    assert score_cards("1a 3a 8a 12a", options={"seven_doubles": "double"},
                       calls=1).total == 32
    assert score_cards("1a 3a 8a 12a", options={"seven_doubles": "double_or_triple"},
                       calls=1).total == 24
    assert score_cards("1b 2b 3b", options={"seven_doubles": "double"}).total == 5


def test_book_koikoi_first_to_50_and_steal_points():
    from hanafuda_core.engines.capture import game_over
    rules = get_rules("book", target_score=50)
    s = play(setup_state(rules, ["3c", "12a"], field="3b", stock="2c",
                         captures=["1b 2b", ""], scores=(46, 0)), "play 3c", "stop")
    assert game_over(s)
    rules = get_rules("book", steal_points=50)
    s = play(setup_state(rules, ["3c", "12a"], field="3b", stock="2c",
                         captures=["1b 2b", ""]), "play 3c", "stop")
    assert s.scores == (50, 50) and s.result.points == (5, -5)


def test_book_koikoi_automatic_win_variant_and_four_of_a_kind_for_the_win(monkeypatch):
    rules = get_rules("book", hand_patterns="instant_win")
    order = order_of([0, 1, 2, 3, 16, 20, 24, 28], [4, 8, 12, 17, 21, 25, 29, 32],
                     [5, 9, 13, 18, 22, 26, 30, 33])      # seat 0 holds all of January
    s = capture.deal_from_order(rules, order, dealer=1)
    assert s.is_terminal and s.result.winner == 0 and s.result.points == (6, 0)
    rules = get_rules("book", field_four="dealer_wins")
    s = capture.deal_from_order(rules, FIELD_QUAD, dealer=1)
    assert s.result.winner == 1 and s.result.points == (0, 6)


def test_book_koikoi_four_of_a_kind_is_not_a_misdeal_dealer_captures():
    rules = get_rules("book", field_four="dealer_captures")
    s = capture.deal_from_order(rules, FIELD_QUAD, dealer=0)
    assert s.captures(0) == CardSet("1a 1b 1c 1d") and len(s.field) == 8
    assert s.card_count() == 48


def test_book_koikoi_misdeal_redeals_same_dealer(monkeypatch):
    orders = iter([FIELD_QUAD, order_of(SEAT0, SEAT1, FIELD)])
    monkeypatch.setattr(capture, "shuffle_order", lambda rng, deck: list(next(orders)))
    s = new_round(get_rules("book"), 1, dealer=1)
    assert s.dealer == 1 and len(s.deal.voided) == 1
    assert "all four cards of January" in s.deal.voided[0].reason


def test_d002_7_seven_or_more_doubles():
    assert score_cards("1a 3a 8a 11a", "d002").total == 14        # 7 -> 14
    assert score_cards("1a 3a 8a 12a", "d002").total == 16        # 8 -> 16
    assert score_cards("1a 3a 8a 12a", "d002", calls=1).total == 32   # x4
    assert score_cards("1b 2b 3b", "d002").total == 6             # 1-6 unchanged


def test_d002_8_three_players_last_caller_pays_double_and_must_stop():
    rules = get_rules("d002", players=3)
    s = setup_state(rules, ["3c 12a", "6c 12b", "10c 12c"], field="3b 6a 10b",
                    stock="2c 8c 9c 11d 1c 5c",
                    captures=["1b 2b", "2a 4a 5a 8b", "6b 9b"])
    s = play(s, "play 3c", "koikoi", "play 6c", "koikoi", "play 10c")
    assert s.phase == Phase.DECIDE and s.current_player == 2
    assert legal_actions(s) == (STOP,)       # both others called: must Stop
    with pytest.raises(Exception, match="must call Stop"):
        apply(s, GO_ON)
    s = apply(s, STOP)
    # C: Aotan 6, doubled; only B, the last caller, pays
    assert s.result.points == (0, -12, 12)


def test_d002_two_players_opponent_who_called_pays_double():
    s = play(poetry_race("d002"), "play 3c", "koikoi", "play 6c", "stop")
    assert s.result.points == (-2, 2)
    s = play(poetry_race("d002"), "play 3c", "stop")
    assert s.result.points == (6, -6)        # Akatan is 6 in D002


def test_d003_1_instant_win_and_void_deals(monkeypatch):
    rules = get_rules("d003")
    pairs = [0, 1, 4, 5, 8, 9, 12, 13]          # seat 0: four pairs
    s = capture.deal_from_order(rules, order_of(pairs, [2, 6, 10, 16, 20, 24, 28, 32],
                                                [3, 7, 11, 17, 21, 25, 29, 33]), dealer=0)
    assert s.result.winner == 0 and s.result.points == (6, 0)
    # both hands hold a pattern -> void, the Second deals
    both = order_of([0, 1, 2, 3, 16, 20, 24, 28], [4, 5, 6, 7, 17, 21, 25, 29],
                    [8, 12, 18, 22, 26, 30, 32, 36])
    fine = order_of(SEAT0, SEAT1, FIELD)
    orders = iter([both, fine])
    monkeypatch.setattr(capture, "shuffle_order", lambda rng, deck: list(next(orders)))
    s = new_round(rules, 1, dealer=0)
    assert s.dealer == 1 and "both win" in s.deal.voided[0].reason
    # a field quad -> void and the Second deals
    orders = iter([FIELD_QUAD, fine])
    monkeypatch.setattr(capture, "shuffle_order", lambda rng, deck: list(next(orders)))
    assert new_round(rules, 1, dealer=0).dealer == 1


def test_d003_2_yaku_values():
    assert score_cards("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d", "d003").total == 3
    r = score_cards("9a 1c 1d 2c 2d 3c 3d 4c 4d 5c 2a 4a 5a 6a", "d003")
    assert {line.key: line.points for line in r.lines} == {"ten_chaffs": 1, "five_tens": 1}
    assert score_cards("1a 3a 8a 12a", "d003").total == 10      # not 10 + 6


def test_d003_3_beaten_caller_gets_nothing_and_draw_swaps_roles():
    s = play(poetry_race("d003"), "play 3c", "koikoi", "play 6c", "stop")
    assert s.result.points == (0, 1)          # no multiplier in D003
    rules = get_rules("d003")
    s = play(setup_state(rules, ["12a", "12b"], stock="2c 8c", dealer=0), "play 12a",
             "play 12b")
    assert s.result.winner is None and next_dealer(s) == 1


def test_koikoi_options_are_validated_with_allowed_values():
    with pytest.raises(OptionError, match="allowed values"):
        get_rules("book", rounds=13)
    with pytest.raises(OptionError, match="options:"):
        get_rules("book", colour="red")
    with pytest.raises(OptionError, match="presets:"):
        get_rules("nintendo")
    with pytest.raises(OptionError, match="not both"):
        get_rules("book", storm_wild=True, brewing_storm=True)
    assert get_rules("book", storm_wild=True).wild.rule_name == "Storm is Wild"
    assert all(set(p) <= set(OPTIONS) for p in PRESETS.values())
    assert {row["key"] for row in options_table("d003")} == set(OPTIONS)
