"""Six Hundred (the rulebook's ch. 9): the worked example, the card values, the hand
combinations, the yaku and every option."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import CARD_INFO, Card, CardSet, Kind
from hanafuda_core.engines.capture import (
    PASS,
    SIX_HUNDRED_WILD,
    Declare,
    Phase,
    apply,
    fast_random_round,
    legal_actions,
    new_round,
    setup_state,
)
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.ranking import decide_game
from hanafuda_core.games.six_hundred import (
    EXAMPLE_HAND_C,
    EXAMPLE_PILES,
    OPTIONS,
    PRESETS,
    TEYAKU,
    chapter_facts,
    get_rules,
)

RULES = get_rules()
OVERLAY = RULES.overlay


def figures(pile, rules=RULES):
    return rules.overlay.pile_figures(rules, CardSet.parse(pile).mask)


def yaku(pile, rules=RULES):
    return {h.rule.key: h.points for h in rules.yaku.evaluate(CardSet.parse(pile)).hits}


def end_state(piles, rules=RULES, claims=()):
    """A round at its end: every pile as given, nothing left in hands or stock; each
    of ``claims`` is (seat, key, cards) declared at the deal."""
    s = setup_state(rules, [""] * rules.players, "", "", piles)
    decl = tuple((seat, Declare(key, tuple(CardSet.parse(cards)))) for seat, key, cards in claims)
    return s._replace(declared=decl)


# ---------------------------------------------------------------------------
# Players, deal, card values

def test_two_players_deal_eight_and_eight_three_players_seven_and_six():
    assert RULES.deals == {2: (8, 8)} and get_rules(players=3).deals == {3: (7, 6)}
    s = new_round(get_rules("book-3"), 4)
    assert [len(s.hand(p)) for p in range(3)] in ([7, 7, 7],) and s.stock_size in (21, 20, 19,
                                                                                   18, 17, 16)


def test_card_values_brights_and_the_nightingale_50_tens_ribbons_and_the_paulownia_10():
    for c in Card:
        kind = CARD_INFO[c].kind
        want = {Kind.BRIGHT: 50, Kind.TEN: 10, Kind.RIBBON: 10, Kind.CHAFF: 0}[kind]
        if c == Card.PLUM_NIGHTINGALE:
            want = 50
        if c == Card.PAULOWNIA_SPECIAL:
            want = 10
        assert OVERLAY.card_value(c) == want, c
    assert OVERLAY.card_points(CardSet.deck().mask) == 490 == chapter_facts()["sh_deck"]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(list(Card))))
def test_card_points_of_any_pile_is_the_sum_of_the_table(pile):
    mask = CardSet(pile).mask
    assert OVERLAY.card_points(mask) == sum(OVERLAY.card_value(c) for c in pile)


def test_the_game_races_to_600_with_no_round_limit():
    assert RULES.rounds is None and RULES.target_score == 600
    assert RULES.race_tie_break == ("four_dry_brights", "seven_ribbons")
    assert RULES.wild is SIX_HUNDRED_WILD


# ---------------------------------------------------------------------------
# The chapter's worked example (1411-1471), one pile at a time

def test_book_six_hundred_example_player_a():
    # 3 Brights, 4 Tens, 4 Ribbons, 7 Chaffs: 150 + 40 + 40 = 230 (1423); Crane-Moon-
    # Phoenix and 3 Dry Plain Ribbons: 250 (1427); no hand combination: 480 (1459)
    f = figures(EXAMPLE_PILES["A"])
    assert f["card_points"] == 230 and f["yaku_points"] == 250 and f["total"] == 480
    assert yaku(EXAMPLE_PILES["A"]) == {"crane_moon_phoenix": 150, "dry_plain_ribbons": 100}


def test_book_six_hundred_example_player_b_as_printed_is_520_not_370():
    # 1 Bright, 3 Tens, 4 Ribbons = 120 (1439); Flower Viewing + Boar-Deer-Butterfly =
    # 400 (1439). The printed total (1463) adds A's yaku (250) instead: 370 is a slip.
    f = chapter_facts()
    assert f["sh_ex_b_printed_cards"] == 120 and f["sh_ex_b_printed_yaku"] == 400
    assert f["sh_ex_b_printed_total"] == 520 and f["sh_ex_b_text_total"] == 370


def test_book_six_hundred_example_player_b_pile_under_our_reading():
    # Flower Viewing needs the Sake Cup, a fourth Ten: 50 + 40 + 40 = 130, 400 yaku, 530
    f = figures(EXAMPLE_PILES["B"])
    assert (f["card_points"], f["yaku_points"], f["total"]) == (130, 400, 530)
    assert yaku(EXAMPLE_PILES["B"]) == {"flower_viewing": 100, "boar_deer_butterfly": 300}


def test_book_six_hundred_example_player_c_130_not_the_formulas_120():
    # 1 Bright, 1 Ten, 1 Ribbon, 7 Chaffs + the Nightingale + the Special Paulownia:
    # 50 + 10 + 10 + 0 + 50 + 10 = 130 (1447 states 130; its formula drops the Ribbon)
    f = figures(EXAMPLE_PILES["C"])
    assert f["card_points"] == 130 and yaku(EXAMPLE_PILES["C"]) == {"paulownia": 50}
    hand = TEYAKU.evaluate(EXAMPLE_HAND_C)
    assert [h.rule.key for h in hand.hits] == ["all_chaffs"] and hand.total == 400
    # All Chaffs 400 + 130 + 50 = 580 (1467)
    s = end_state([EXAMPLE_PILES["C"], ""], claims=[(0, "all_chaffs", EXAMPLE_HAND_C)])
    score = OVERLAY.side_scores(s.caps_m, 0, hand=(400, 0))[0]
    assert score.total == 580 and score.formula() == "400 + 130 + 50 = 580"


def test_book_six_hundred_example_c_wins_the_round():
    f = chapter_facts()
    totals = {w: f[f"sh_ex_{w}_total"] for w in "abc"}
    assert totals == {"a": 480, "b": 530, "c": 580}
    assert max(totals, key=totals.__getitem__) == "c"
    assert max(480, f["sh_ex_b_printed_total"], 580) == 580


def test_the_example_piles_need_the_phoenix_twice():
    a, c = CardSet.parse(EXAMPLE_PILES["A"]), CardSet.parse(EXAMPLE_PILES["C"])
    assert Card.PAULOWNIA_PHOENIX in a and Card.PAULOWNIA_PHOENIX in c


# ---------------------------------------------------------------------------
# Hand combinations (figure 9.6)

@pytest.mark.parametrize("hand,want", [
    ("1c 3c 5c 6c 8c 10c 12c", {"all_chaffs": 400}),
    ("12b 12c 12d 1c 2c 3c 4c", {"all_chaffs": 400, "one_triple": 200}),
    ("1a 1b 1c 2a 2b 2c 3a 3b", {"two_triples": 400}),
    ("11d 1c 2c 3c 4c 5c 6c", {"all_chaffs": 400}),
    ("11a 1c 2c 3c 4c 5c 6c", {}),
])
def test_hand_combinations(hand, want):
    assert {h.rule.key: h.value for h in TEYAKU.evaluate(hand).hits} == want


def test_a_claimed_combination_is_shown_and_scored_and_an_unclaimed_one_is_not():
    rules = get_rules("book-no-wild")
    for seed in range(400):
        s = new_round(rules, seed)
        if s.phase == Phase.DECLARE:
            break
    else:
        pytest.fail("no deal with a hand combination in 400 seeds")
    seat = s.player
    offer = legal_actions(s)[0]
    assert isinstance(offer, Declare) and PASS in legal_actions(s)
    assert set(offer.cards) <= set(s.hand(seat))
    claimed, passed = apply(s, offer), apply(s, PASS)

    def finish(state):      # the same plays after either choice: the same piles
        while not state.is_terminal:
            state = apply(state, legal_actions(state)[0])
        return state
    a, b = finish(claimed), finish(passed)
    assert a.caps_m == b.caps_m
    value = TEYAKU.rule(offer.key).value
    assert a.result.points[seat] == b.result.points[seat] + value
    assert [v for p, v in enumerate(a.result.points) if p != seat] == \
        [v for p, v in enumerate(b.result.points) if p != seat]


def test_claims_add_to_the_round_score_in_the_settlement():
    s = end_state(["1a", "1c"], claims=[(1, "two_triples", "2a 2b 2c 3a 3b 3c")])
    res = OVERLAY.settle_draw(s)
    assert res.points == (50, 400) and res.winner == 1
    assert any("claimed Any 3 of a Kind & Any 3 of a Kind" in n for n in res.report.notes)


# ---------------------------------------------------------------------------
# Yaku (figures 9.1-9.5)

def test_four_dry_brights_also_pays_crane_moon_phoenix_and_spring_semi_brights():
    assert yaku("1a 3a 8a 12a") == {"four_dry_brights": 600, "crane_moon_phoenix": 150}
    assert sum(yaku("1a 2a 3a 8a 12a").values()) == 900


def test_seven_ribbons_counts_the_willow_ribbon():
    assert yaku("1b 2b 4b 5b 6b 7b 11c")["seven_ribbons"] == 600
    assert yaku("1b 2b 3b 4b 5b 6b 7b") == {"seven_ribbons": 600, "poetry_ribbons": 100,
                                              "dry_plain_ribbons": 100}


def test_views_pay_only_the_best():
    assert yaku("3a 8a 9a") == {"the_views": 300}
    assert yaku("3a 9a") == {"flower_viewing": 100}


def test_month_yaku_only_for_the_chapters_months():
    assert yaku("11a 11b 11c 11d") == {"rain": 200}
    assert yaku("2a 2b 2c 2d") == {"plum": 50}
    for m in (5, 6, 7, 9):
        assert not yaku(" ".join(f"{m}{k}" for k in "abcd")), m


# ---------------------------------------------------------------------------
# The variations

def test_no_wild_makes_the_storm_a_plain_chaff():
    assert get_rules(no_wild=True).wild is None


def test_sake_and_deer_are_worth_50_and_combine_with_alternate_values():
    assert get_rules(sake_deer=True).overlay.card_points(CardSet.parse("9a 10a").mask) == 100
    alt = get_rules(alternate_values=True).overlay
    assert alt.card_points(CardSet.parse("1a 2a 12b 9a").mask) == 20 + 10 + 10 + 10
    assert alt.card_points(CardSet.deck().mask) == 5 * 20 + 9 * 10 + 10 * 10 + 10
    both = get_rules(alternate_values=True, sake_deer=True).overlay
    assert both.card_points(CardSet.parse("1a 2a 9a 10a").mask) == 20 + 10 + 50 + 50


def test_rain_until_sunrise_voids_the_views_unless_the_crane_is_there():
    rules = get_rules(rain_until_sunrise=True)
    assert yaku("3a 8a 9a 11b", rules) == {}
    assert yaku("3a 8a 9a 11b 1a", rules) == {"the_views": 300}
    assert yaku("3a 8a 9a", rules) == {"the_views": 300}
    assert yaku("3a 8a 9a 11b") == {"the_views": 300}          # off: unchanged
    # the worked example's piles hold no Views yaku: unchanged
    for pile in (EXAMPLE_PILES["A"], EXAMPLE_PILES["C"]):
        assert yaku(pile, rules) == yaku(pile)


def test_alternative_yaku_values():
    rules = get_rules(alternative_yaku_values=True)
    assert yaku("1b 2b 3b", rules) == {"poetry_ribbons": 150}
    assert yaku("1a 2a 3a", rules) == {"spring_semi_brights": 100}


def test_scoring_canceled_by_a_low_score_unless_someone_made_four_dry_brights():
    rules = get_rules(scoring_canceled=True)
    # player 2 has 40 in cards, 20 of them November and December: 20 <= 30
    s = end_state(["1a 3a 8a", "11b 12b 4a 5a"], rules)
    res = rules.overlay.settle_draw(s)
    assert res.points == (0, 0) and res.winner is None
    s = end_state(["1a 3a 8a 12a", "11b 12b 4a 5a"], rules)   # 4 Dry Brights: it stands
    assert rules.overlay.settle_draw(s).points == (950, 40)
    # the worked example's scores are all over 30 without those months: the round stands
    s = end_state([EXAMPLE_PILES["A"], EXAMPLE_PILES["B"]], rules)
    assert rules.overlay.settle_draw(s).points == (480, 530)


def test_seven_hundred_raises_the_target_and_the_two_big_yaku():
    rules = get_rules("book-700")
    assert rules.target_score == 700
    assert yaku("1a 3a 8a 12a", rules)["four_dry_brights"] == 700
    assert yaku("1b 2b 4b 5b 6b 7b 11c", rules)["seven_ribbons"] == 700


def test_shorter_rounds_end_with_the_hands():
    assert get_rules(shorter_rounds=True).round_end == "hands_empty"
    end = fast_random_round(get_rules(shorter_rounds=True, players=3), random.Random(2))
    assert end.is_terminal and not any(end.hands_m)


def test_the_chapters_bright_layout_puts_two_yaku_among_the_views():
    pile = "1a 3a 8a 9a 12a"
    assert sum(yaku(pile).values()) == 600 + 150 + 300
    assert yaku(pile, get_rules(bright_layout="chapter")) == {"four_dry_brights": 600,
                                                               "the_views": 300}


def test_unknown_option_values_are_refused():
    with pytest.raises(OptionError, match="players"):
        get_rules(players=4)
    with pytest.raises(OptionError):
        get_rules(rounds=6)


def test_every_preset_builds_and_names_its_source():
    for p in PRESETS:
        assert get_rules(p).key == "six-hundred"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({k: st.sampled_from(o.allowed) for k, o in OPTIONS.items()}),
       st.integers(0, 10_000))
def test_any_option_set_plays_a_round_that_conserves_the_cards(options, seed):
    rules = get_rules(**options)
    end = fast_random_round(rules, random.Random(seed))
    assert end.is_terminal and end.card_count() == 48
    hand = tuple(sum(TEYAKU.rule(d.key).value for seat, d in end.declared if seat == p)
                 for p in range(rules.players))
    scores = rules.overlay.side_scores(end.caps_m, end.field_m, hand=hand)
    if not options["scoring_canceled"]:
        assert end.result.points == tuple(s.total for s in scores)


# ---------------------------------------------------------------------------
# The race to 600 (1323-1339)

@pytest.mark.parametrize("totals,final,winner", [
    ((640, 610), [set(), {"four_dry_brights"}], 1),
    ((640, 610), [{"seven_ribbons"}, {"four_dry_brights"}], 1),
    ((640, 610), [set(), {"seven_ribbons"}], 1),
    ((640, 610), [set(), set()], 0),
    ((640, 590), [set(), {"four_dry_brights"}], 0),     # under the target: no tie-break
])
def test_the_race_tie_break(totals, final, winner):
    assert decide_game(RULES, totals, (1, 1), final_yaku=final).winner == winner


def test_a_whole_game_ends_at_600_whatever_the_number_of_rounds():
    for seed in range(6):
        record = get_game("six-hundred").play(["random", "random"], seed=seed)
        totals = record.summary["totals"]
        assert max(totals) >= 600
        running = [0, 0]
        for i, r in enumerate(record.rounds):
            running = [t + p for t, p in zip(running, r.outcome["points"])]
            assert (max(running) >= 600) == (i == len(record.rounds) - 1)
        assert running == totals


def test_the_score_report_says_why_rain_until_sunrise_set_the_views_aside():
    rules = get_rules(rain_until_sunrise=True)
    report = rules.overlay.pile_report(rules, CardSet.parse("3a 8a 9a 11b").mask)
    assert report.total == 120
    assert "The Views does not count: the pile holds a card of month 11 and no Crane" \
        in report.notes
