"""The rulebook's Min-Hwatu (ch. 11): its two scoring examples, the yaku paid by each
opponent, the two charts (standard and optional) and their limits, the ten-card deal with
its five-pair misdeal, the stacking exception of the turn, and the options."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, Card, CardSet, Kind
from hanafuda_core.engines.capture import apply, new_round, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.adjustments import WinnerTakesAll
from hanafuda_core.families.capture.settlement import transfer_scores
from hanafuda_core.games.min_hwatu import (
    GRAND_VIEWS_POINTS,
    GROUPS,
    OPTIONAL_GROUPS,
    OPTIONAL_YAKU,
    OPTIONS,
    PRESETS,
    VALUES,
    YAKU,
    chapter_facts,
    example_piles,
    get_rules,
)
from hanafuda_core.play import random_round

RULES = get_rules()
OPTIONAL = get_rules(optional_yaku=True)
ALL = tuple(Card)
_VALUE = dict(zip((Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF), VALUES))


def card_points(mask: int) -> int:
    return CardSet.from_mask(mask).value(_VALUE)


def hits(cards: str, rules=RULES) -> dict[str, int]:
    return {h.rule.key: h.points for h in rules.yaku.evaluate(CardSet.parse(cards)).hits}


# ---------------------------------------------------------------------------
# The chapter's scoring examples

def test_book_min_hwatu_example_1_two_players():
    """BK11-1 (lines 1717-1729, figure 11.3): A holds 100 in cards and 30 in yaku, B 140
    and 20; A scores 100 + 30 x 1 - 20 = 110 (the text prints "11o", a misprint: the
    figure prints 110), B 140 + 20 x 1 - 30 = 130, and B wins the round."""
    piles = example_piles(2)
    assert piles[0] | piles[1] == CardSet.deck().mask and not piles[0] & piles[1]
    scores = RULES.overlay.side_scores(piles)
    assert [(s.card_points, s.yaku_points) for s in scores] == [(100, 30), (140, 20)]
    assert [s.total for s in scores] == [110, 130]
    assert transfer_scores((100, 140), (30, 20), "opponents") == (110, 130)
    assert scores[0].formula() == "100 + 30 - 20 = 110"      # 30 x 1: one opponent
    assert hits(CardSet.from_mask(piles[0]).format()) == {"poetry_ribbons": 30}
    assert hits(CardSet.from_mask(piles[1]).format()) == {"rain": 20}
    state = setup_state(RULES, ["", ""], captures=[piles[0], piles[1]])
    result = RULES.overlay.settle_draw(state)
    assert result.points == (110, 130) and result.winner == 1
    assert sum(result.points) == 240


def test_book_min_hwatu_example_2_three_players():
    """BK11-2 (lines 1767-1793, figure 11.4): cards 80 / 90 / 70, yaku 30 / 20 / 50; each
    yaku counts twice for its maker (two opponents pay it) and once against each other
    player: A 80 + 60 - 70 = 70, B 90 + 40 - 80 = 50, C 70 + 100 - 50 = 120; C wins. The
    book's arithmetic is right, and the three scores add up to the deck's 240."""
    rules = get_rules("book-3")
    piles = example_piles(3)
    assert sum(piles) == CardSet.deck().mask
    scores = rules.overlay.side_scores(piles)
    assert [(s.card_points, s.yaku_points) for s in scores] == [(80, 30), (90, 20), (70, 50)]
    assert [s.total for s in scores] == [70, 50, 120]
    assert transfer_scores((80, 90, 70), (30, 20, 50), "opponents") == (70, 50, 120)
    assert [s.formula() for s in scores] == ["80 + 30 x 2 - 70 = 70", "90 + 20 x 2 - 80 = 50",
                                            "70 + 50 x 2 - 50 = 120"]
    assert hits(CardSet.from_mask(piles[2]).format()) == {"purple_ribbons": 30, "maple": 20}
    state = setup_state(rules, ["", "", ""], captures=list(piles))
    result = rules.overlay.settle_draw(state)
    assert result.points == (70, 50, 120) and result.winner == 2


def test_the_chapters_figures_are_glued_from_the_core():
    facts = chapter_facts()
    assert (facts["mh_ex2_a_score"], facts["mh_ex2_b_score"]) == (110, 130)
    assert (facts["mh_ex3_a_score"], facts["mh_ex3_b_score"],
            facts["mh_ex3_c_score"]) == (70, 50, 120)
    assert (facts["mh_deck"], facts["mh_chaff"], facts["mh_pts_grand_views"]) == (
        240, 0, GRAND_VIEWS_POINTS)
    assert (facts["mh_hand2"], facts["mh_field2"], facts["mh_stock2"]) == (10, 8, 20)
    assert (facts["mh_hand3"], facts["mh_field3"], facts["mh_stock3"]) == (7, 6, 21)


def _split(rng: random.Random, players: int) -> tuple[int, ...]:
    piles = [0] * players
    for c in ALL:
        piles[rng.randrange(players)] |= 1 << c
    return tuple(piles)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from((2, 3)), seed=st.integers(0, 10**6),
       limit=st.sampled_from(("groups", "all", "only_one")), optional=st.booleans())
def test_each_score_is_cards_plus_own_yaku_per_opponent_minus_the_others_yaku(
        players, seed, limit, optional):
    """Lines 1645-1651 and 1715: for any division of the deck, a player's score is card
    points + own yaku x opponents - every opponent's yaku; the scores add up to 240."""
    rules = get_rules(players=players, yaku_limit=limit, optional_yaku=optional)
    piles = _split(random.Random(seed), players)
    yaku = [rules.yaku.points(m) for m in piles]
    scores = [s.total for s in rules.overlay.side_scores(piles)]
    assert scores == [card_points(m) + y * (players - 1) - (sum(yaku) - y)
                      for m, y in zip(piles, yaku)]
    assert sum(scores) == 240


# ---------------------------------------------------------------------------
# The charts

def test_the_standard_chart_is_the_chapters():
    assert [(r.key, r.points, r.group) for r in YAKU] == [
        ("poetry_ribbons", 30, "ribbons"), ("purple_ribbons", 30, "ribbons"),
        ("dry_plain_ribbons", 30, "ribbons"), ("iris", 20, "months"),
        ("maple", 20, "months"), ("rain", 20, "months")]
    assert all(g.mode == "each" for g in GROUPS)
    assert RULES.yaku.rules == YAKU                 # no optional yaku by default


def test_the_optional_chart_is_the_chapters_less_the_grand_views():
    assert [(r.key, r.points, r.group) for r in OPTIONAL_YAKU] == [
        ("five_brights", 200, "opt_brights"), ("spring_semi_brights", 150, "opt_brights"),
        ("the_views", 100, "opt_views"), ("boar_deer_butterfly", 50, "opt_others"),
        ("godori", 50, "opt_others")]
    assert [(g.key, g.mode) for g in OPTIONAL_GROUPS] == [
        ("opt_brights", "one_of"), ("opt_views", "one_of"), ("opt_others", "each")]
    assert OPTIONAL.yaku.rules == YAKU + OPTIONAL_YAKU
    assert all(r.points != GRAND_VIEWS_POINTS or r.key == "spring_semi_brights"
               for r in OPTIONAL.yaku.rules)


@pytest.mark.parametrize("reading, extra", [("views_and_crane", "1a"),
                                             ("views_and_rainman", "11a")])
def test_the_grand_views_line_1699_under_either_reading_outranks_the_views(reading, extra):
    rules = get_game("min-hwatu", optional_yaku=True, grand_views=reading).rules
    views, grand = CardSet.parse("3a 8a 9a"), CardSet.parse(f"3a 8a 9a {extra}")
    assert [h.rule.key for h in rules.yaku.evaluate(views.mask).hits] == ["the_views"]
    hits = [(h.rule.key, h.points) for h in rules.yaku.evaluate(grand.mask).hits
            if h.rule.group == "opt_views"]
    assert hits == [("grand_views", GRAND_VIEWS_POINTS)]        # one of: the best only
    other = "11a" if extra == "1a" else "1a"
    assert "grand_views" not in {h.rule.key for h in rules.yaku.evaluate(
        CardSet.parse(f"3a 8a 9a {other}").mask).hits}


def test_the_grand_views_is_unscored_by_default_and_needs_the_optional_yaku():
    pile = CardSet.parse("1a 3a 8a 9a 11a").mask
    assert "grand_views" not in {h.rule.key for h in OPTIONAL.yaku.evaluate(pile).hits}
    with pytest.raises(OptionError, match="optional_yaku=True"):
        get_game("min-hwatu", grand_views="views_and_crane")


def test_chaffs_are_worth_nothing_and_the_deck_240():
    assert RULES.overlay.values == (20, 10, 5, 0)
    assert RULES.overlay.card_points(CardSet.deck().mask) == 240
    assert RULES.overlay.card_points(CardSet.parse("1c 1d 11d 12b 12c").mask) == 0


def test_every_standard_yaku_counts_and_the_rain_ribbon_is_not_plain():
    assert hits("1b 2b 3b 6b 9b 10b 4b 5b 7b") == {
        "poetry_ribbons": 30, "purple_ribbons": 30, "dry_plain_ribbons": 30}
    assert hits("4b 5b 11c") == {}                       # "excluding Rain" (line 1701)
    assert hits("5a 5b 5c 5d 10a 10b 10c 10d 11a 11b 11c 11d") == {
        "iris": 20, "maple": 20, "rain": 20}
    assert hits("5a 5b 5c 10a 10b 10c 10d 11a 11b 11c") == {"maple": 20}


def test_the_optional_yaku_score_on_top_and_one_of_groups_pay_their_best():
    assert hits("1a 3a 8a 11a 12a", OPTIONAL) == {"five_brights": 200}
    assert hits("1a 2a 3a", OPTIONAL) == {"spring_semi_brights": 150}
    # five Brights and the Nightingale hold Spring Semi-Brights too: only the best counts
    assert hits("1a 2a 3a 8a 11a 12a", OPTIONAL) == {"five_brights": 200}
    assert hits("3a 8a 9a", OPTIONAL) == {"the_views": 100}
    assert hits("2a 4a 8b 6a 7a 10a", OPTIONAL) == {"godori": 50, "boar_deer_butterfly": 50}
    assert hits("1b 2b 3b 2a 4a 8b", OPTIONAL) == {"poetry_ribbons": 30, "godori": 50}
    assert hits("2a 4a 8b") == {}                          # off without the option


def test_count_all_yaku_and_only_one_yaku():
    """Lines 1765-1777: 'Count All Yaku' lifts the one-of limits; 'Only One Yaku' keeps the
    single best yaku of both charts."""
    pile = "1a 2a 3a 8a 11a 12a 9a 1b 2b 3b"
    every = get_rules(optional_yaku=True, yaku_limit="all")
    one = get_rules(optional_yaku=True, yaku_limit="only_one")
    assert hits(pile, OPTIONAL) == {"five_brights": 200, "the_views": 100,
                                    "poetry_ribbons": 30}
    assert hits(pile, every) == {"five_brights": 200, "spring_semi_brights": 150,
                                 "the_views": 100, "poetry_ribbons": 30}
    assert hits(pile, one) == {"five_brights": 200}
    # the standard chart alone: groups and all agree, only one keeps the best
    plain = "1b 2b 3b 11a 11b 11c 11d"
    assert hits(plain) == hits(plain, get_rules(yaku_limit="all")) == {
        "poetry_ribbons": 30, "rain": 20}
    assert hits(plain, get_rules(yaku_limit="only_one")) == {"poetry_ribbons": 30}


_BEST_OF = {"opt_brights": ((200, "1a 3a 8a 11a 12a"), (150, "1a 2a 3a")),
            "opt_views": ((100, "3a 8a 9a"),)}
_EACH = ((30, "1b 2b 3b"), (30, "6b 9b 10b"), (30, "4b 5b 7b"), (20, "5a 5b 5c 5d"),
         (20, "10a 10b 10c 10d"), (20, "11a 11b 11c 11d"))
_EACH_OPTIONAL = ((50, "7a 10a 6a"), (50, "2a 4a 8b"))


def _expected(pile: CardSet, optional: bool, limit: str) -> int:
    """The charts re-read from the chapter, independently of the rule table."""
    def has(cards: str) -> bool:
        return CardSet.parse(cards).mask & ~pile.mask == 0
    made = [p for p, cards in _EACH if has(cards)]
    if optional:
        made += [p for p, cards in _EACH_OPTIONAL if has(cards)]
        for rules in _BEST_OF.values():
            found = [p for p, cards in rules if has(cards)]
            if found:
                made += found if limit == "all" else [max(found)]
    if limit == "only_one":
        return max(made, default=0)
    return sum(made)


@settings(max_examples=120, deadline=None)
@given(cards=st.sets(st.sampled_from(DECK), max_size=30), optional=st.booleans(),
       limit=st.sampled_from(("groups", "all", "only_one")), players=st.sampled_from((2, 3)))
def test_any_pile_scores_as_a_slow_reading_of_the_charts(cards, optional, limit, players):
    pile = CardSet(sorted(cards))
    rules = get_rules(optional_yaku=optional, yaku_limit=limit)
    assert rules.yaku.points(pile.mask) == _expected(pile, optional, limit)
    data = get_game("min-hwatu", optional_yaku=optional, yaku_limit=limit,
                    players=players).score(list(pile)).to_dict()
    assert data["card_points"] == card_points(pile.mask)
    # a pile's own yaku count once per opponent (ch. 11), as in a round at that table
    assert data["total"] == data["card_points"] + data["yaku_points"] * (players - 1)


# ---------------------------------------------------------------------------
# The deal, the misdeals, the turn

@pytest.mark.parametrize(("players", "hand", "field", "stock"), [(2, 10, 8, 20), (3, 7, 6, 21)])
def test_the_deal_for_two_and_three_players(players, hand, field, stock):
    """Lines 1635-1647 and the Quick Reference 8505-8509."""
    game = get_game("min-hwatu", players=players)
    for seed in range(4):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones[f"hand {p}"]) for p in range(players)] == [hand] * players
        assert (len(zones["field"]), len(zones["stock"])) == (field, stock)


def test_four_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="2, 3"):
        get_rules(players=4)


def _order(hands: list[str], field: str) -> list[int]:
    """A deal order: the hands, then the field, then every other card as the stock."""
    dealt = [c for part in (*hands, field) for c in CardSet.parse(part)]
    return [int(c) for c in dealt] + [int(c) for c in ALL if c not in dealt]


def test_five_pairs_in_a_ten_card_hand_is_a_misdeal(monkeypatch):
    """Lines 1639, 1653 and 1661: a ten-card hand can hold five pairs; they hold four
    pairs, so the same dealer deals again."""
    from hanafuda_core.engines import capture
    five = _order(["1a 1b 2a 2b 3a 3b 4a 4b 5a 5b", "6a 7a 8a 9a 10a 11a 12a 6b 7b 8b"],
                  "1c 2c 3c 4c 5c 6c 7c 8c")
    fine = _order(["1a 2a 3a 4a 5a 6a 7a 8a 9a 10a", "1b 2b 3b 4b 5b 6b 7b 8b 9b 10b"],
                  "1c 2c 3c 4c 5c 6c 7c 8c")
    orders = iter([five, fine])
    monkeypatch.setattr(capture, "shuffle_order", lambda rng, deck: list(next(orders)))
    state = new_round(RULES, 1, dealer=1)
    assert state.dealer == 1 and len(state.deal.voided) == 1
    assert state.deal.voided[0].reason == ("player 1 was dealt five pairs: January, February, "
                                           "March, April, May")
    assert state.hand(0) == CardSet.parse("1a 2a 3a 4a 5a 6a 7a 8a 9a 10a")


def test_misdeals_are_redealt_by_the_same_dealer():
    """Line 1653: every recorded voided deal of many rounds shows a quad or four or more
    pairs, and the round that stands shows neither."""
    for seed in range(60):
        state = new_round(RULES, seed, dealer=1)
        assert state.dealer == 1
        for v in state.deal.voided:
            assert "four cards of" in v.reason or "pairs:" in v.reason
        for h in state.hands_m:
            counts = [(h >> 4 * m & 15).bit_count() for m in range(12)]
            assert counts.count(2) < 4 and 4 not in counts


def test_the_stacking_exception_leaves_three_cards_on_the_field():
    """Line 1677: the drawn card matches only the pair the player just made, so all three
    stay on the field together and the player captures nothing this turn; whoever plays
    the fourth card of the month later takes all three."""
    s = setup_state(RULES, ["3c 12a", "3a 12b"], field="3d 5c", stock="3b 2c 6c",
                    captures=["1a", ""])
    s = apply(s, "play 3c")
    assert s.captures(0) == CardSet.parse("1a")          # unchanged
    assert CardSet.parse("3b 3c 3d") <= s.field and s.current_player == 1
    s = apply(s, "play 3a")
    assert s.captures(1) >= CardSet.parse("3a 3b 3c 3d")


def test_a_drawn_card_matching_the_pair_and_another_card_still_captures():
    """The exception is only for a draw that matches nothing but the fresh pair."""
    s = setup_state(RULES, ["3c 12a", "12b 12c"], field="3d 3a 5c", stock="3b 2c 6c")
    s = apply(s, "play 3c")
    s = apply(s, "capture 3d")
    assert s.captures(0) == CardSet.parse("3a 3b 3c 3d")


def test_a_hiki_taken_with_the_played_card_leaves_nothing_to_stack():
    """Our reading (DECISIONS): the played card took all four of its month, so no pair
    was made and the draw plays as usual."""
    s = setup_state(RULES, ["3c 12a", "12b 12c"], field="3a 3b 3d 5c", stock="5d 2c 6c")
    s = apply(s, "play 3c")
    assert s.captures(0) == CardSet.parse("3a 3b 3c 3d 5c 5d")


# ---------------------------------------------------------------------------
# Rounds and options

_PLAYABLE_OPTIONS = st.fixed_dictionaries({
    "players": st.sampled_from((2, 3)),
    "optional_yaku": st.booleans(),
    "field_four": st.sampled_from(("misdeal", "dealer_captures")),
    "yaku_limit": st.sampled_from(("groups", "all", "only_one")),
    "counting_rounds": st.booleans(),
    "winner_takes_all": st.booleans(),
    "dealer_tie": st.booleans(),
    "first_dealer_tie": st.booleans(),
    "grand_views": st.sampled_from(("unscored", "views_and_crane", "views_and_rainman")),
}).filter(lambda o: o["optional_yaku"] or o["grand_views"] == "unscored")


@settings(max_examples=20, deadline=None)
@given(options=_PLAYABLE_OPTIONS, seed=st.integers(0, 10**6))
def test_a_round_under_any_option_set_plays_out_and_scores_the_transfer(options, seed):
    """Every card ends in a pile (hands and stock run out together: ten turns each for
    two), the scores add up to 240 and follow the transfer formula; the best score wins,
    a tie nobody (or, with the Dealer Tie Breaker, the dealer, else the first tied player
    after the dealer); with Winner Takes All the winner scores all 240."""
    game = get_game("min-hwatu", **options)
    rules = game.rules
    n = options["players"]
    end = random_round(game, seed)
    state = end.inner
    assert state.field_m == 0 and not any(state.hands_m)
    piles = [state.caps_m[p] for p in range(n)]
    assert sum(piles) == CardSet.deck().mask
    yaku = [rules.yaku.points(m) for m in piles]
    counted = [card_points(m) + y * (n - 1) - (sum(yaku) - y) for m, y in zip(piles, yaku)]
    assert sum(counted) == 240
    tied = [p for p, v in enumerate(counted) if v == max(counted)]
    order = [(state.dealer + k) % n for k in range(n)]
    expected = tied[0] if len(tied) == 1 else (
        next(p for p in order if p in tied) if options["dealer_tie"] else None)
    result = end.result()
    assert result.winner == expected
    if options["winner_takes_all"] and expected is not None:
        assert result.points == tuple(240 if p == expected else 0 for p in range(n))
    else:
        assert list(result.points) == counted


def test_a_tie_has_no_winner():
    state = setup_state(RULES, ["", ""], captures=["1a 2c", "3a 4c"])     # 20 each
    res = RULES.overlay.settle_draw(state)
    assert res.points == (20, 20) and res.winner is None


def test_field_four_as_a_house_rule_lets_the_dealer_capture():
    assert RULES.on_field_four == "redeal"
    assert get_rules(field_four="dealer_captures").on_field_four == "dealer_captures"


def settle(captures: list[str], dealer: int = 0, **options: object):
    rules = get_rules(players=len(captures), **options)
    state = setup_state(rules, [""] * len(captures), captures=captures, dealer=dealer)
    return rules.overlay.settle_draw(state)


def test_the_round_variations_are_the_familys():
    assert get_rules(winner_takes_all=True).overlay.adjustments == (WinnerTakesAll(),)
    assert get_rules().overlay.adjustments == ()
    assert get_rules(dealer_tie=True).overlay.round_tie == "dealer_then_play_order"
    assert get_rules().overlay.round_tie == "none"
    assert all(o.implemented for o in OPTIONS.values())


def test_winner_takes_all_lines_1741_1761_the_winner_always_takes_the_decks_240():
    """The scores of a round add up to 240 (the yaku cancel), so the winner takes 240."""
    piles = example_piles(3)
    captures = [CardSet.from_mask(m).format() for m in piles]
    assert settle(captures).points == (70, 50, 120)
    res = settle(captures, winner_takes_all=True)
    assert res.points == (0, 0, 240) and res.winner == 2
    assert "Winner Takes All" in res.report.to_text()


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from((2, 3)), seed=st.integers(0, 10**6))
def test_winner_takes_all_gives_240_to_any_winner(players, seed):
    captures = [CardSet.from_mask(m).format() for m in _split(random.Random(seed), players)]
    plain = settle(captures)
    res = settle(captures, winner_takes_all=True)
    if plain.winner is None:                              # a tie nobody breaks: scores stand
        assert res.points == plain.points and res.winner is None
    else:
        assert res.winner == plain.winner and res.points[res.winner] == 240
        assert sum(res.points) == 240


@pytest.mark.parametrize(("dealer", "winner"), [(0, 0), (1, 2), (2, 2)])
def test_dealer_tie_breaker_lines_1781_1785_the_dealer_then_nearest_the_dealers_right(
        dealer, winner):
    """Players 1 and 3 tie at 20 in a three-player round (no yaku): the dealer wins if
    tied, else the tied player first in turn order after the dealer."""
    captures = ["1a 2c", "5c", "3a 4c"]
    assert settle(captures, dealer).winner is None
    res = settle(captures, dealer, dealer_tie=True)
    assert res.points == (20, 0, 20) and res.winner == winner
    tied = settle(captures, dealer, dealer_tie=True, winner_takes_all=True)
    assert tied.winner == winner and tied.points[winner] == 40


def test_first_dealer_tie_breaker_line_1843_gives_a_shared_game_to_the_first_dealer():
    """One-round games played the same way with and without the option: where the plain
    game is shared, the option gives it to the first dealer if tied, else to the tied
    player first in play order after the first dealer."""
    plain = get_game("min-hwatu", rounds=1)
    broken = get_game("min-hwatu", rounds=1, first_dealer_tie=True)
    shared = 0
    for seed in range(400):
        a = plain.play(["random"] * 2, seed=seed)
        b = broken.play(["random"] * 2, seed=seed)
        assert [r.actions for r in a.rounds] == [r.actions for r in b.rounds]
        if a.summary["winner"] is not None:
            assert b.summary["winner"] == a.summary["winner"]
            continue
        shared += 1
        assert b.summary["winner"] == a.rounds[0].deal["dealer"]    # both tied: two players
        assert "First Dealer Tie Breaker" in broken.log(b)[-1]
    assert shared


def test_every_option_cites_its_lines():
    assert all(o.source is not None and o.source.lines for o in OPTIONS.values())


def test_presets_are_the_books_two_and_three_player_games_and_the_optional_chart():
    assert set(PRESETS) == {"book", "book-3", "book-optional"}
    assert get_rules("book").players == 2 and get_rules("book-3").players == 3
    assert get_rules("book-optional").yaku.rules == YAKU + OPTIONAL_YAKU
    assert get_rules("book").rounds == 12
    with pytest.raises(OptionError, match="1, 2, 3"):
        get_rules(rounds=13)
    record = get_game("min-hwatu", "book-3", rounds=2).play(["greedy"] * 3, seed=2)
    assert len(record.rounds) >= 2
