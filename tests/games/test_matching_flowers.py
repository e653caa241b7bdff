"""The rulebook's Matching Flowers (ch. 5): its worked example, the yaku groups (one-of
and each-of, dry yaku, a card serving several yaku), the deal, the house rules and a
slow re-count of the chart for random piles.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet, Kind
from hanafuda_core.engines.capture import setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.adjustments import LowManOut
from hanafuda_core.games.matching_flowers import (
    GROUPS,
    OPTIONS,
    ROUND_ADJUSTMENTS,
    WORKED_EXAMPLE,
    YAKU,
    chapter_facts,
    get_rules,
)
from hanafuda_core.play import random_round

RULES = get_rules()
TABLE = RULES.yaku
ALL = tuple(Card)


def yaku_points(cards: str) -> int:
    return TABLE.points(CardSet.parse(cards).mask)


def hit_keys(cards: str) -> list[str]:
    return list(TABLE.evaluate(CardSet.parse(cards)).keys)


# ---------------------------------------------------------------------------
# The worked example

# BK05-1 (lines 871-875, figure 5.6): 4 Brights (one the Rainman), 5 Tens, 3 Ribbons,
# 10 Chaffs, with Crane-Moon-Phoenix, Boar-Deer-Butterfly, 3 Dry Plain Ribbons and All 4
# Wisteria. The chapter gives counts only; this pile matches every stated fact and makes
# no other yaku (no Curtain, no Sake Cup).
EXAMPLE = WORKED_EXAMPLE


def test_book_matching_flowers_example_1():
    """BK05-1: 155 card points + 70 yaku = 225 (the chapter's arithmetic is right)."""
    pile = CardSet.parse(EXAMPLE)
    counts = [sum(1 for c in pile if c.kind is k)
              for k in (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)]
    assert counts == [4, 5, 3, 10] and Card.WILLOW_RAINMAN in pile
    assert RULES.overlay.card_points(pile.mask) == 4 * 20 + 5 * 10 + 3 * 5 + 10 == 155
    ev = TABLE.evaluate(pile)
    assert sorted(ev.keys) == sorted(["crane_moon_phoenix", "boar_deer_butterfly",
                                      "dry_plain_ribbons", "wisteria"])
    assert ev.total == 20 + 20 + 20 + 10 == 70
    assert "four_dry_brights" not in ev.keys          # the Rainman is wet (line 873)
    by_key = {h.rule.key: h for h in ev.hits}
    assert Card.WISTERIA_RIBBON in by_key["dry_plain_ribbons"].cards
    assert Card.WISTERIA_RIBBON in by_key["wisteria"].cards       # line 901
    data = get_game("matching-flowers").score(list(pile)).to_dict()
    assert (data["card_points"], data["yaku_points"], data["total"]) == (155, 70, 225)


# ---------------------------------------------------------------------------
# The yaku rules

def test_five_brights_scores_only_the_best_bright_yaku():
    assert hit_keys("1a 3a 8a 11a 12a") == ["five_brights"]
    assert yaku_points("1a 3a 8a 11a 12a") == 100          # not 100 + 60 + 30 + 20


def test_four_dry_brights_beats_crane_moon_phoenix_in_its_group():
    assert hit_keys("1a 3a 8a 12a") == ["four_dry_brights"] and yaku_points("1a 3a 8a 12a") == 60


def test_the_rainman_is_wet_so_four_brights_with_him_are_crane_moon_phoenix():
    assert hit_keys("1a 8a 11a 12a") == ["crane_moon_phoenix"]
    assert yaku_points("1a 8a 11a 12a") == 20


def test_spring_semi_brights_are_the_crane_the_nightingale_and_the_curtain():
    assert hit_keys("1a 2a 3a") == ["spring_semi_brights"] and yaku_points("1a 2a 3a") == 30


def test_all_ten_ribbons_make_seven_dry_ribbons_and_the_three_sets():
    ribbons = " ".join(c.code for c in ALL if c.kind is Kind.RIBBON)
    assert len(ribbons.split()) == 10
    assert sorted(hit_keys(ribbons)) == sorted(["seven_dry_ribbons", "poetry_ribbons",
                                                "purple_ribbons", "dry_plain_ribbons"])
    assert yaku_points(ribbons) == 40 + 40 + 40 + 20 == 140


def test_the_willow_ribbon_never_counts_toward_the_dry_ribbon_counts():
    five_dry = "1b 2b 4b 5b 6b"                             # no set among them
    assert yaku_points(five_dry) == 0
    assert yaku_points(five_dry + " 11c") == 0              # still five dry ones
    assert hit_keys(five_dry + " 10b") == ["six_dry_ribbons"]
    assert hit_keys(five_dry + " 10b 11c") == ["six_dry_ribbons"]   # not seven


def test_the_views_are_the_best_of_their_group():
    assert hit_keys("3a 8a 9a") == ["the_views"] and yaku_points("3a 8a 9a") == 40
    assert hit_keys("3a 9a") == ["flower_viewing"] and yaku_points("3a 9a") == 20
    assert hit_keys("8a 9a") == ["moon_viewing"] and yaku_points("8a 9a") == 20


def test_a_card_counts_in_yaku_of_two_categories():
    """Line 901: the Wisteria Ribbon in 3 Dry Plain Ribbons and in All 4 Wisteria."""
    assert sorted(hit_keys("4a 4b 4c 4d 5b 7b")) == ["dry_plain_ribbons", "wisteria"]
    assert yaku_points("4a 4b 4c 4d 5b 7b") == 30


def test_every_yaku_scores_flat_points_without_extras():
    assert all(r.plus_per_extra == 0 for r in YAKU)
    assert yaku_points(" ".join(c.code for c in ALL if c.kind is Kind.RIBBON)) == 140
    assert yaku_points("11a 11b 11c 11d") == 10 and yaku_points("6a 7a 10a 8b 9a") == 20


def test_the_deck_is_worth_264_and_the_groups_are_as_the_chapter_prints_them():
    assert RULES.overlay.card_points(CardSet(ALL).mask) == 264
    assert [(g.key, g.mode) for g in GROUPS] == [
        ("brights", "one_of"), ("ribbon_counts", "one_of"), ("ribbon_sets", "each"),
        ("views", "one_of"), ("others", "each")]
    assert {r.group for r in YAKU} == {g.key for g in GROUPS}


def _slow_points(mask: int) -> int:
    """The chart re-counted from the rule table: a group's best for one-of, its sum for
    each-of."""
    pile = set(CardSet.from_mask(mask))

    def made(rule: object) -> bool:
        cards = rule.cards  # type: ignore[attr-defined]
        if cards:
            return set(cards) <= pile
        counted = [c for c in pile if c.kind in rule.kinds  # type: ignore[attr-defined]
                   and not (rule.dry and c.month == 11)]  # type: ignore[attr-defined]
        return len(counted) >= rule.count  # type: ignore[attr-defined]

    total = 0
    for g in GROUPS:
        pts = [r.points for r in YAKU if r.group == g.key and made(r)]
        if pts:
            total += max(pts) if g.mode == "one_of" else sum(pts)
    return total


_PILES = st.sets(st.sampled_from(ALL), max_size=30).map(lambda s: CardSet(sorted(s)).mask)


@settings(max_examples=150, deadline=None)
@given(mask=_PILES)
def test_the_table_agrees_with_a_slow_recount_of_the_chart(mask):
    assert TABLE.points(mask) == _slow_points(mask)


@settings(max_examples=100, deadline=None)
@given(mask=_PILES, card=st.sampled_from(ALL))
def test_a_card_added_to_a_pile_never_lowers_its_score(mask, card):
    game = get_game("matching-flowers")
    before = game.score(list(CardSet.from_mask(mask))).to_dict()["total"]
    after = game.score(list(CardSet.from_mask(mask | CardSet([card]).mask))).to_dict()["total"]
    assert after >= before


# ---------------------------------------------------------------------------
# The deal, the round, the options

@pytest.mark.parametrize(("players", "hand", "field", "stock"), [(2, 8, 8, 24), (3, 7, 6, 21)])
def test_the_deal_for_two_and_three_players(players, hand, field, stock):
    game = get_game("matching-flowers", players=players)
    for seed in range(4):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones[f"hand {p}"]) for p in range(players)] == [hand] * players
        assert (len(zones["field"]), len(zones["stock"])) == (field, stock)


def test_four_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="2, 3"):
        get_rules(players=4)


def test_every_variation_of_the_chapter_is_played():
    """Lines 877-903: every variation is an option the computer games play; the round
    variations become the family's adjustments in our order (Low Man Out, Rain, Winner
    Takes All), whichever of them are on."""
    assert all(o.implemented for o in OPTIONS.values())
    assert get_rules().overlay.adjustments == ()
    every = get_rules(winner_takes_all=True, low_man_out=True, rain=True).overlay
    assert [a.name for a in every.adjustments] == ["Low Man Out", "Rain", "Winner Takes All"]
    assert every.adjustments[0] == LowManOut(below=20)
    for key, adj in ROUND_ADJUSTMENTS:
        assert get_rules(**{key: True}).overlay.adjustments == (adj,)


def settle(captures: list[str], dealer: int = 0, **options: object):
    rules = get_rules(players=len(captures), **options)
    return rules.overlay.settle_draw(setup_state(rules, [""] * len(captures),
                                                 captures=captures, dealer=dealer))


def test_winner_takes_all_line_891_the_winner_scores_every_score_the_others_none():
    captures = ["1a 8a 12a", "2a 4a 5c", "6c 7c"]                  # 60 + 20, 21, 2
    plain = settle(captures)
    assert plain.points == (80, 21, 2) and plain.winner == 0
    res = settle(captures, winner_takes_all=True)
    assert res.points == (103, 0, 0) and res.winner == 0
    assert "Winner Takes All: player 1 takes the sum of the scores, 103" in res.report.to_text()


def test_winner_takes_all_after_a_tie_nobody_takes_all():
    res = settle(["1a 2c", "3a 4c"], winner_takes_all=True)      # 21 each
    assert res.points == (21, 21) and res.winner is None


def test_low_man_out_line_895_a_score_under_20_wipes_the_round_out():
    res = settle(["1a 8a 12a", "2a 4a 5c", "6c 7c"], low_man_out=True)
    assert res.points == (0, 0, 0) and res.winner == 0        # the best score still wins
    assert "player 3 scored under 20" in res.report.to_text()
    res = settle(["1a 8a 12a", "2a 4a 5c", "6a 7a"], low_man_out=True)   # 80, 21, 20
    assert res.points == (80, 21, 20)                          # 20 is not under 20


def test_rain_lines_897_899_all_four_november_cards_leave_the_opponents_nothing():
    captures = ["11a 11b 11c 11d", "1a 3a 8a 12a", "2a 5c"]        # 36 + 10, 80 + 60, 11
    res = settle(captures, rain=True)
    # 140 was the best score as counted, but Rain leaves player 1 the only score: they win
    assert res.points == (46, 0, 0) and res.winner == 0
    text = res.report.to_text()
    assert "Rain: player 1 holds all four November cards" in text
    assert "player 1 wins the round" in text


def test_low_man_out_is_read_before_rain_and_winner_takes_all_last():
    """Our order: on the scores as counted (46, 140, 11) Low Man Out fires first, so
    nothing is left for Rain or Winner Takes All; without player 3's low score Rain
    leaves player 1 the only score, so player 1 wins the round and Winner Takes All
    gives them their own score: an opponent Rain wiped out never takes it."""
    every = {"low_man_out": True, "rain": True, "winner_takes_all": True}
    res = settle(["11a 11b 11c 11d", "1a 3a 8a 12a", "2a 5c"], **every)
    assert res.points == (0, 0, 0) and res.winner == 1
    res = settle(["11a 11b 11c 11d", "1a 3a 8a 12a", "2a 4a 5a"], **every)  # 46, 140, 30
    assert res.points == (46, 0, 0) and res.winner == 0


def test_rain_then_winner_takes_all_leaves_every_opponent_nothing():
    """Lines 891 and 897-899 together: whoever wins on the scores as counted, the
    Rain-maker's opponents end the round with 0, and the Rain-maker keeps their score."""
    captures = ["1a 3a 8a 12a", "11a 11b 11c 11d", "2a 4a 5a"]            # 140, 46, 30
    res = settle(captures, rain=True, winner_takes_all=True)
    assert res.points == (0, 46, 0) and res.winner == 1
    assert chapter_facts()["mf_rv_final"] == chapter_facts()["mf_rv_rain"]


def test_every_option_cites_its_lines():
    assert all(o.source is not None and o.source.lines for o in OPTIONS.values())


def test_a_tie_has_no_winner_and_the_dealer_deals_again():
    state = setup_state(RULES, ["", ""], captures=["1a 2c", "3a 4c"])   # 21 each
    res = RULES.overlay.settle_draw(state)
    assert res.points == (21, 21) and res.winner is None


def test_field_four_as_a_house_rule_lets_the_dealer_capture():
    assert get_rules().on_field_four == "redeal"
    assert get_rules(field_four="dealer_captures").on_field_four == "dealer_captures"


_PLAYABLE_OPTIONS = st.fixed_dictionaries({
    "players": st.sampled_from((2, 3)),
    "field_four": st.sampled_from(("misdeal", "dealer_captures")),
    "shorter_rounds": st.booleans(),
    "counting_rounds": st.booleans(),
    "winner_takes_all": st.booleans(),
    "low_man_out": st.booleans(),
    "rain": st.booleans(),
})


def expected_round(counted: list[int], piles: list[int], options: dict) -> tuple[list, object]:
    """The round's points and winner re-counted by hand from the scores as counted: the
    best score wins (a tie: nobody); then Low Man Out, Rain, Winner Takes All."""
    best = max(counted)
    winner = counted.index(best) if counted.count(best) == 1 else None
    points = list(counted)
    if options["low_man_out"] and min(counted) < 20:
        points = [0] * len(points)
    november = CardSet.parse("11a 11b 11c 11d").mask
    if options["rain"]:
        for p, m in enumerate(piles):
            if m & november == november:
                points = [v if q == p else 0 for q, v in enumerate(points)]
                if points[p] > 0:                  # the only score left: the holder wins
                    winner = p
    if options["winner_takes_all"] and winner is not None:
        points = [sum(points) if q == winner else 0 for q in range(len(points))]
    return points, winner


@settings(max_examples=20, deadline=None)
@given(options=_PLAYABLE_OPTIONS, seed=st.integers(0, 10**6))
def test_a_round_under_any_option_set_scores_each_pile_with_its_yaku(options, seed):
    """Each score is the pile's card points plus its yaku; the best score wins, a tie
    nobody; then the round variations that are on, in our order. Played out, the deck's
    264 points are all in the piles; with Shorter Rounds the round ends when the hands
    are empty, and what is left is nobody's."""
    game = get_game("matching-flowers", **options)
    players = options["players"]
    end = random_round(game, seed)
    state = end.inner
    piles = [state.caps_m[p] for p in range(players)]
    counted = [RULES.overlay.card_points(m) + TABLE.points(m) for m in piles]
    taken = sum(RULES.overlay.card_points(m) for m in piles)
    if options["shorter_rounds"]:
        assert not any(state.hands_m)
        assert taken <= 264 and (players == 3 or taken < 264)   # two players leave stock
    else:
        assert state.field_m == 0 and taken == 264
    points, winner = expected_round(counted, piles, options)
    assert list(end.result().points) == points and end.result().winner == winner


def test_presets_are_the_book_and_half_a_year():
    assert get_rules("book").rounds == 12 and get_rules("book-6").rounds == 6
    game = get_game("matching-flowers", "book-6")
    record = game.play(["greedy", "greedy"], seed=2)
    assert len(record.rounds) >= 6


def test_the_first_dealer_tie_breaker_gives_a_shared_game_to_the_first_dealer_or_nearest():
    """Three-player one-round games played the same way with and without the option:
    where the plain game is shared, the option gives it to the first dealer if tied,
    else to the tied player first in play order after the first dealer."""
    opt = OPTIONS["first_dealer_tie"]
    assert opt.implemented and opt.source is not None and opt.source.lines == "903"
    plain = get_game("matching-flowers", players=3, rounds=1)
    broken = get_game("matching-flowers", players=3, rounds=1, first_dealer_tie=True)
    shared = 0
    for seed in range(300):
        a = plain.play(["random"] * 3, seed=seed)
        b = broken.play(["random"] * 3, seed=seed)
        if a.summary["winner"] is not None:
            assert b.summary["winner"] == a.summary["winner"]
            continue
        shared += 1
        totals, first = a.summary["totals"], a.rounds[0].deal["dealer"]
        tied = [s for s in range(3) if totals[s] == max(totals)]
        assert b.summary["winner"] == next(s for s in ((first + k) % 3 for k in range(3))
                                           if s in tied)
        assert b.summary["decided_by"] in ("first dealer", "nearest the first dealer")
    assert shared
