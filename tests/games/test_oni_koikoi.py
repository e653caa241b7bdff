"""Oni Koi-Koi (the rulebook's ch. 13): the five scoring examples, the yaku chart, the wild
Phoenix by where it comes from (shown or not from the hand, the stock, the field, the last
card, the leftovers) and every option."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet, parse_cards
from hanafuda_core.engines.capture import (
    PASS,
    Capture,
    Declare,
    Phase,
    apply,
    deal_from_order,
    fast_random_round,
    legal_actions,
    next_dealer,
    next_round,
    replay,
    setup_state,
    wild_revealed,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.games import koikoi
from hanafuda_core.games.oni_koikoi import (
    EXAMPLES,
    OPTIONS,
    PRESETS,
    chapter_facts,
    example_score,
    get_rules,
    month_of_round,
    month_yaku,
)

RULES = get_rules()
PHOENIX = Card.PAULOWNIA_PHOENIX
SHOW = Declare("wild", (PHOENIX,))


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def yaku(pile, rules=RULES):
    return {h.rule.key: h.points for h in rules.yaku.evaluate(CardSet.parse(pile)).hits}


# ---------------------------------------------------------------------------
# The chapter's scoring examples (BOOK 2203-2289), played through the engine

def test_example_1_three_poetry_ribbons_and_stop_score_6():
    s = setup_state(RULES, ["3b 9c", "7c 9d"], "3c 8c", "10c 10d 11c 6c", ["1b 2b"])
    s = apply(s, "play 3b")
    assert s.phase == Phase.DECIDE
    s = apply(s, "stop")
    assert s.result.winner == 0 and s.result.points == (6, 0)


def test_example_2_koikoi_then_five_dry_ribbons_score_7_doubled_to_14():
    s = setup_state(RULES, ["5b 9c", "7c 9d"], "5c 8c", "10c 10d 11c 6c", ["1b 2b 3b 4b"],
                    calls=(1, 0))
    s = play(s, "play 5b", "stop")
    assert s.result.points == (14, 0)
    assert yaku("1b 2b 3b 4b 5b") == {"poetry_ribbons": 6, "five_dry_ribbons": 1}


def test_example_3_the_opponent_stops_with_five_tens_after_a_koikoi_for_2():
    s = setup_state(RULES, ["9c 10c", "7a 9d"], "7c 8c", "10d 11c 6c 3c",
                    ["1b 2b 3b", "2a 4a 5a 6a"], calls=(1, 0), player=1)
    s = play(s, "play 7a", "stop")
    assert s.result.winner == 1 and s.result.points == (0, 2)


def test_example_4_both_call_koikoi_and_nobody_stops_score_nothing():
    s = setup_state(RULES, ["9c", "10c"], "8c", "11c 6c", ["1b 2b 3b", "2a 4a 5a 6a 7a"],
                    calls=(1, 1), dealer=1)
    s = play(s, "play 9c", "play 10c")
    assert s.is_terminal and s.result.winner is None and s.result.points == (0, 0)
    assert next_dealer(s) == 1             # a drawn round: the same dealer deals again


def test_example_5_two_koikoi_calls_then_a_stop_is_doubled_once_for_14():
    s = setup_state(RULES, ["5b 9c", "7c 9d"], "5c 8c", "10c 10d 11c 6c",
                    ["1b 2b 3b 4b", "2a 4a 5a 6a 7a"], calls=(1, 1))
    s = play(s, "play 5b", "stop")
    assert s.result.points == (14, 0)


@pytest.mark.parametrize("name, pile, calls, expected", EXAMPLES)
def test_the_examples_table_scores_as_printed(name, pile, calls, expected):
    assert example_score(pile, calls) == expected, name


def test_chapter_facts_are_the_examples_and_the_chart():
    f = chapter_facts()
    assert (f["oni_ex1"], f["oni_ex2"], f["oni_ex3"], f["oni_ex5"]) == (6, 14, 2, 14)
    assert f["oni_pts_five_brights"] == 15 and f["oni_pts_three_dry_brights"] == 6


# ---------------------------------------------------------------------------
# The yaku (figures 13.1-13.3)

def test_the_bright_yaku_pay_only_the_best():
    assert yaku("1a 3a 8a 11a 12a") == {"five_brights": 15}
    assert yaku("1a 3a 8a 12a") == {"four_dry_brights": 10}
    assert yaku("1a 3a 8a 11a") == {"four_brights": 8}
    assert yaku("1a 3a 8a") == {"three_dry_brights": 6}
    assert yaku("1a 3a 11a") == {}                  # the Rainman is not dry


def test_the_ribbon_and_other_yaku_each_pay():
    assert yaku("6b 9b 10b") == {"purple_ribbons": 6}
    assert yaku("1b 2b 3b 6b 9b 10b") == {"poetry_ribbons": 6, "purple_ribbons": 6,
                                          "five_dry_ribbons": 2}
    assert yaku("2a 4a 5a 6a 7a 8b") == {"five_tens": 2}
    assert yaku("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c") == {"ten_chaffs": 2}


def test_no_views_and_no_boar_deer_butterfly():
    keys = {r.key for r in RULES.yaku.rules}
    assert keys == {"five_brights", "four_dry_brights", "four_brights", "three_dry_brights",
                    "five_dry_ribbons", "purple_ribbons", "poetry_ribbons", "five_tens",
                    "ten_chaffs"}
    assert yaku("3a 8a 9a") == {}                   # no Flower or Moon Viewing
    assert yaku("6a 7a 10a") == {}


def test_the_rain_ribbon_is_an_extra_but_never_one_of_the_five():
    assert yaku("1b 2b 4b 5b 11c") == {}
    assert yaku("1b 2b 4b 5b 6b 11c") == {"five_dry_ribbons": 2}
    never = get_rules(willow_ribbon="never")
    assert yaku("1b 2b 4b 5b 6b 11c", never) == {"five_dry_ribbons": 1}


def test_the_chart_reuses_koikois_rules():
    kk = {r.key: r for r in koikoi.get_rules().yaku.rules}
    ours = {r.key: r for r in RULES.yaku.rules}
    for key in ("five_dry_ribbons", "five_tens"):
        assert ours[key].cards == kk[key].cards and ours[key].plus_per_extra == 1
    assert ours["five_brights"].name == kk["five_brights"].name


# ---------------------------------------------------------------------------
# The wild Phoenix (BOOK 2143-2151)

#: the dealer (seat 0) holds the Phoenix; the field holds two December Chaffs
HANDS = ("12a 1a 2a 3c 4a 5a 6a 7a", "1b 2b 3b 4b 5b 6b 7b 8a")
FIELD = "8b 9a 10a 12b 9c 8c 11c 10c"


def dealt(hands=HANDS, field=FIELD, stock_top=(), rules=RULES, dealer=0):
    head = [int(c) for h in hands for c in parse_cards(h)] + [int(c) for c in parse_cards(field)]
    top = [int(c) for c in parse_cards(" ".join(stock_top))] if stock_top else []
    rest = [c for c in range(48) if c not in set(head) | set(top)]
    return deal_from_order(rules, head + top + rest, dealer)


def test_the_holder_is_asked_to_show_the_phoenix_first():
    s = dealt()
    assert s.phase == Phase.DECLARE and legal_actions(s) == (SHOW, PASS)
    assert wild_revealed(apply(s, SHOW), 0)


def test_a_shown_phoenix_from_the_hand_takes_any_card_even_a_chaff():
    s = play(dealt(), SHOW, "play 12a")
    assert s.phase == Phase.CHOOSE_HAND_CAPTURE
    assert {a.card for a in legal_actions(s)} == set(CardSet(FIELD))
    s = apply(s, "capture 9c")
    assert CardSet("12a 9c") <= s.captures(0)


def test_a_phoenix_not_shown_matches_only_december():
    s = play(dealt(), PASS, "play 12a")
    assert s.phase != Phase.CHOOSE_HAND_CAPTURE
    assert CardSet("12a 12b") <= s.captures(0)
    # no December card on the field: the Phoenix not shown simply joins the field
    s = play(dealt(field="8b 9a 10a 1c 9c 8c 11c 10c", stock_top=("2c",)), PASS, "play 12a")
    assert PHOENIX in s.field and s.wild_log == ()


def test_the_shown_phoenix_never_takes_a_hiki():
    s = play(dealt(field="8b 9a 10a 9b 9c 8c 11c 10c"), SHOW, "play 12a")
    assert {a.card for a in legal_actions(s)} == set(CardSet("8b 10a 8c 11c 10c"))
    with pytest.raises(IllegalActionError, match="cannot take a hiki"):
        apply(s, "capture 9a")


def test_the_phoenix_from_the_stock_takes_only_a_bright_ten_or_ribbon():
    hands = ("1a 1c 2a 3c 4a 5a 6a 7a", "1b 2b 3b 4b 5b 6b 7b 8a")
    s = dealt(hands=hands, stock_top=("12a",))
    assert s.phase == Phase.PLAY
    s = apply(s, "play 7a")               # no July card on the field: the Boar stays
    assert s.phase == Phase.CHOOSE_DRAW_CAPTURE
    assert {a.card for a in legal_actions(s)} == set(CardSet("7a 8b 9a 10a 11c"))
    with pytest.raises(IllegalActionError, match="cannot take a Chaff"):
        apply(s, "capture 9c")


def test_a_phoenix_on_the_field_is_taken_by_a_bright_ten_or_ribbon_not_a_chaff():
    # a Ten with no partner on the field takes the Phoenix
    s = setup_state(RULES, ["4a 3c", "9d 6c"], "12a 8c", "10c 10d 11d 5c")
    s = apply(s, "play 4a")
    assert CardSet("4a 12a") <= s.captures(0)
    assert s.wild_log[0].kind == "taken_on_field"
    # a Chaff of another month cannot: it joins the field
    s = setup_state(RULES, ["3c 4a", "9d 6c"], "12a 8c", "10c 10d 11d 5c")
    s = apply(s, "play 3c")
    assert PHOENIX in s.field
    # a Ribbon with a partner of its month chooses
    s = setup_state(RULES, ["4b 3c", "9d 6c"], "12a 4c", "10c 10d 11d 5c")
    s = apply(s, "play 4b")
    assert s.phase == Phase.CHOOSE_HAND_CAPTURE
    assert legal_actions(s) == (Capture(Card.WISTERIA_CHAFF_1), Capture(PHOENIX))


def test_the_phoenix_as_the_last_stock_card_sweeps_the_field():
    s = setup_state(RULES, ["3c", "4c"], "8c 9c 9d 1a", "6c 12a")
    s = play(s, "play 3c", "play 4c")
    assert s.is_terminal
    assert CardSet("12a 8c 9c 9d 1a 4c") <= s.captures(1)
    assert any(e.kind == "sweep" for e in s.wild_log)


def test_leftovers_go_as_the_chapter_says_or_stay_on_the_field():
    # seat 0 holds the other Decembers; the Phoenix (used by seat 1) left the Pine Chaff
    piles = ["12b 12c", "12a 1a"]
    s = setup_state(RULES, ["3c", "4c"], "12d 1c", "6c 5c", piles)
    s = play(s, "play 3c", "play 4c")
    assert s.is_terminal
    assert Card.PAULOWNIA_CHAFF_2 in s.captures(0)
    field = get_rules(leftovers="field")
    s = setup_state(field, ["3c", "4c"], "12d 1c", "6c 5c", piles)
    s = play(s, "play 3c", "play 4c")
    assert CardSet("12d 1c") <= s.field


# ---------------------------------------------------------------------------
# Options and capabilities

def test_every_option_has_its_source_in_the_chapter():
    for o in OPTIONS.values():
        assert o.source is not None and o.source.lines, o.key
        assert o.source.doc == "BOOK"


def _month_pile(month, round_no, **options):
    """The Stop caller's score when the play of the month's last card completes all four
    cards of ``month`` in round ``round_no``."""
    cards = [f"{month}{x}" for x in "abcd"]
    rules = get_rules(**options)
    s = setup_state(rules, [f"{cards[0]} 9c", "7c"], field=f"{cards[1]} 1a",
                    stock="2c 2d 11c", captures=[" ".join(cards[2:]), ""], round_no=round_no)
    s = apply(s, f"play {cards[0]}")
    if s.phase != Phase.DECIDE:
        return 0
    return apply(s, "stop").result.points[0]


def test_yaku_of_the_month_scores_the_rounds_month_only():
    assert OPTIONS["yaku_of_the_month"].implemented
    pts = chapter_facts()["oni_month_yaku"]
    assert _month_pile(3, 3, yaku_of_the_month=True) == pts
    assert _month_pile(5, 5, yaku_of_the_month=True) == pts
    assert _month_pile(3, 4, yaku_of_the_month=True) == 0        # April's round
    assert _month_pile(3, 3) == 0                                # the option off
    assert month_of_round(1) == 1 and month_of_round(12) == 12 and month_of_round(13) == 1
    assert month_yaku(7).cards == tuple(c for c in Card if c.month == 7)


def test_yaku_of_the_month_follows_the_rounds_and_replays():
    rules = get_rules(yaku_of_the_month=True)
    rng = random.Random(6)
    s = fast_random_round(rules, rng)
    for n in range(1, 5):
        assert s.round_no == n and s.rules.game is rules
        assert s.rules.yaku.rules[-1].cards == month_yaku(n).cards
        assert [r.key for r in s.rules.yaku.rules[:-1]] == [r.key for r in RULES.yaku.rules]
        again = replay(rules, s.deal, s.history, round_no=n, scores=s.scores, wins=s.wins)
        assert again[-1].result == s.result and again[-1].rules is s.rules
        s = next_round(s, rng)
        while not s.is_terminal:
            legal = legal_actions(s)
            s = apply(s, legal[int(rng.random() * len(legal))])
    assert RULES.round_rules is None and fast_random_round(RULES, rng).rules is RULES


def test_koikoi_variations_reach_koikois_overlay():
    assert get_rules(koikoi_effect="multiplier").overlay.koikoi_effect == "multiplier"
    assert example_score("1b 2b 3b 4b 5b", 2, koikoi_effect="multiplier") == 21
    assert example_score("1b 2b 3b 4b 5b", 1, seven_doubles="double") == 28
    assert get_rules(round_end="hands_empty").round_end == "hands_empty"
    assert get_rules(field_four="dealer_wins").on_field_four == "dealer_wins"
    assert get_rules(hand_patterns="instant_win").on_four_pairs == "instant_win"
    assert get_rules(steal_points=50).start_points == 50
    with pytest.raises(OptionError):
        get_rules(koikoi_effect="opponent_pays_double")     # Koi-Koi's, not this chapter's


def test_presets_and_the_registry():
    assert set(PRESETS) == {"book", "book-6"} and get_rules("book-6").rounds == 6
    g = get_game("oni-koikoi")
    assert g.rules.name == "Oni Koi-Koi" and g.rules.key == "oni-koikoi"
    rec = g.play(("greedy", "random"), seed=2)
    assert len(rec.rounds) == RULES.rounds


_PLAYED = {k: o for k, o in OPTIONS.items() if o.implemented}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({k: st.sampled_from(o.allowed) for k, o in _PLAYED.items()}),
       st.integers(0, 10_000))
def test_any_option_set_plays_whole_rounds(options, seed):
    rules = get_rules(**options)
    rng = random.Random(seed)
    for _ in range(3):
        s = fast_random_round(rules, rng)
        assert s.is_terminal
        # every card is somewhere: hands, field, stock, piles
        total = sum(m.bit_count() for m in s.caps_m) + s.field_m.bit_count() + \
            sum(h.bit_count() for h in s.hands_m) + len(s.stock) - s.pos
        assert total == 48
        assert all(p >= 0 for p in s.result.points) or options["steal_points"] is not None


def test_narration_tells_a_shown_phoenix_from_one_kept_secret():
    from hanafuda_core.narration import log_lines, story
    shown = play(dealt(), SHOW)
    after = apply(shown, "play 12a")
    text = " ".join(log_lines(story(shown, "play 12a", after), ("You", "Ben")))
    assert "as the wild card" in text
    hidden = play(dealt(), PASS)
    after = apply(hidden, "play 12a")
    text = " ".join(log_lines(story(hidden, "play 12a", after), ("You", "Ben")))
    assert "wild" not in text and "Special Paulownia" in text


def test_a_whole_game_with_yaku_of_the_month_records_and_replays():
    from hanafuda_core.play import Record
    game = get_game("oni-koikoi", yaku_of_the_month=True)
    record = game.play(["greedy", "random"], seed=5, rounds=6)
    back = Record.from_json(record.to_json())
    assert back == record
    rounds = back.get_game().replay_rounds(back)
    assert [r.result().to_dict() for r in rounds] == [dict(r.outcome) for r in back.rounds]
    assert [r.inner.rules.yaku.rules[-1].cards for r in rounds] == [
        month_yaku(n).cards for n in range(1, len(rounds) + 1)]
