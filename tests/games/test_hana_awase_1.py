"""The rulebook's Hana-Awase 1 (ch. 6): its worked example, its yaku groups (the Bright
and the Views groups pay their best yaku only, the Ribbon and the Other groups every
yaku), the deal for three or four, the quads-only misdeal and the options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, Card, CardSet, Kind
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import setup_state
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.families.capture.adjustments import WinnerTakesAll
from hanafuda_core.families.capture.ranking import round_winner
from hanafuda_core.games.hana_awase_1 import (
    EXAMPLE_PILE,
    OPTIONS,
    PRESETS,
    YAKU,
    YAKU_GROUPS,
    get_rules,
)
from hanafuda_core.play import random_round

RULES = get_rules()
TABLE = RULES.yaku


def score(cards: str | CardSet, preset: str = "book", **options: object) -> dict:
    pile = CardSet.parse(cards) if isinstance(cards, str) else cards
    return get_game("hana-awase-1", preset=preset, **options).score(list(pile)).to_dict()


def hits(cards: str) -> dict[str, int]:
    return {y["key"]: y["points"] for y in score(cards)["yaku"] if y["counted"]}


def test_book_hana_awase_1_example_1():
    """BK06-1 (lines 967-973): four Brights, five Tens, three Ribbons and six Chaffs are
    (4 x 20) + (5 x 10) + (3 x 5) + (6 x 1) = 151; Boar-Deer-Butterfly adds 35: 186.
    The book's arithmetic is right."""
    pile = CardSet.parse(EXAMPLE_PILE)
    counts = {k: sum(1 for c in pile if c.kind is k) for k in Kind}
    assert counts == {Kind.BRIGHT: 4, Kind.TEN: 5, Kind.RIBBON: 3, Kind.CHAFF: 6}
    data = score(pile)
    assert (data["card_points"], data["yaku_points"], data["total"]) == (151, 35, 186)
    assert hits(EXAMPLE_PILE) == {"boar_deer_butterfly": 35}
    # the four Brights include the Rainman, so no 4 Dry Brights; no Curtain (no Spring
    # Semi-Brights), no Sake Cup (no viewing)
    assert Card.WILLOW_RAINMAN in pile
    for key in ("four_dry_brights", "spring_semi_brights", "moon_viewing", "flower_viewing"):
        assert key not in hits(EXAMPLE_PILE)


def test_the_yaku_chart_is_the_chapters():
    assert [(r.key, r.points, r.group) for r in YAKU] == [
        ("five_brights", 75, "brights"), ("four_dry_brights", 50, "brights"),
        ("spring_semi_brights", 35, "brights"), ("seven_dry_ribbons", 50, "ribbons"),
        ("poetry_ribbons", 35, "ribbons"), ("purple_ribbons", 35, "ribbons"),
        ("flower_viewing", 30, "views"), ("moon_viewing", 20, "views"),
        ("boar_deer_butterfly", 35, "others")]
    assert [(g.key, g.mode) for g in YAKU_GROUPS] == [
        ("brights", "one_of"), ("ribbons", "each"), ("views", "one_of"), ("others", "each")]
    assert "5 Dry Brights" in next(r for r in YAKU if r.key == "four_dry_brights").note


def test_the_bright_group_pays_only_its_best_yaku():
    assert hits("1a 3a 8a 12a") == {"four_dry_brights": 50}
    assert hits("1a 3a 8a 11a") == {}                           # the Rainman is wet
    assert hits("1a 2a 3a") == {"spring_semi_brights": 35}
    # five Brights also hold four dry ones and (with the Nightingale) Spring: only 75
    assert hits("1a 2a 3a 8a 11a 12a") == {"five_brights": 75}
    assert hits("1a 2a 3a 8a 12a") == {"four_dry_brights": 50}


def test_the_views_group_pays_only_its_best_yaku():
    assert hits("8a 9a") == {"moon_viewing": 20}
    assert hits("3a 9a") == {"flower_viewing": 30}
    assert hits("3a 8a 9a") == {"flower_viewing": 30}


def test_the_ribbon_group_pays_every_yaku_and_seven_ribbons_must_be_dry():
    both = "1b 2b 3b 6b 9b 10b"
    assert hits(both) == {"poetry_ribbons": 35, "purple_ribbons": 35}
    assert hits(both + " 4b") == {"poetry_ribbons": 35, "purple_ribbons": 35,
                                  "seven_dry_ribbons": 50}
    assert hits("4b 5b 7b 1b 2b 6b 11b") == {}                   # November's is wet
    # groups add up: a Bright yaku, a viewing, every ribbon yaku and Boar-Deer-Butterfly
    everything = "1a 2a 3a 8a 11a 12a 9a 1b 2b 3b 6b 9b 10b 4b 6a 7a 10a"
    assert score(everything)["yaku_points"] == 75 + 30 + 35 + 35 + 50 + 35


#: Independent readings of the chapter's chart (figures 6.1-6.4), as card sets.
_BEST_OF = {
    "brights": ((75, "1a 3a 8a 11a 12a"), (50, "1a 3a 8a 12a"), (35, "1a 2a 3a")),
    "views": ((30, "3a 9a"), (20, "8a 9a")),
}
_EACH = ((35, "1b 2b 3b"), (35, "6b 9b 10b"), (35, "6a 7a 10a"))
_DRY_RIBBONS = CardSet([c for c in DECK if c.kind is Kind.RIBBON and c.month != 11])


def _expected_yaku(pile: CardSet) -> int:
    def has(cards: str) -> bool:
        return CardSet.parse(cards).mask & ~pile.mask == 0
    total = sum(max((p for p, cards in rules if has(cards)), default=0)
                for rules in _BEST_OF.values())
    total += sum(p for p, cards in _EACH if has(cards))
    if (pile.mask & _DRY_RIBBONS.mask).bit_count() >= 7:
        total += 50
    return total


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(DECK), max_size=24))
def test_any_pile_scores_its_cards_plus_the_best_of_each_one_of_group_and_every_each_yaku(
        cards):
    pile = CardSet(sorted(cards))
    data = score(pile)
    assert data["card_points"] == pile.value()
    assert data["yaku_points"] == _expected_yaku(pile)
    assert data["total"] == pile.value() + data["yaku_points"]


@pytest.mark.parametrize("players, hand, field", [(3, 7, 6), (4, 5, 8)])
def test_deal_sizes_per_player_count(players, hand, field):
    game = get_game("hana-awase-1", players=players)
    for seed in range(5):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones[f"hand {p}"]) for p in range(players)] == [hand] * players
        assert len(zones["field"]) == field
        assert len(zones["stock"]) == 48 - players * hand - field


def test_two_or_five_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="3, 4"):
        get_game("hana-awase-1", players=2)
    with pytest.raises(OptionError, match="3, 4"):
        get_game("hana-awase-1", players=5)
    with pytest.raises(PlayerCountError):
        get_game("hana-awase-1").new_round(seed=1, players=4)   # the option sets the count


def test_only_quads_are_misdeals():
    """A dealt quad, on the field or in a hand, is redealt; the basics' four pairs are not
    a misdeal here (a hand of seven or five cards could not hold them anyway)."""
    assert RULES.misdeal == MisdealRules(True, True, False)
    assert get_rules(players=4).misdeal == MisdealRules(True, True, False)
    for players in (3, 4):
        game = get_game("hana-awase-1", players=players)
        for seed in range(150):
            zones = game.new_round(seed=seed).zones()
            for where in ("field", *(f"hand {p}" for p in range(players))):
                months = [Card(c).month for c in zones[where]]
                assert max(months.count(m) for m in set(months)) < 4, (players, seed, where)


def test_rounds_six_or_twelve_and_the_presets():
    assert [get_rules(p).rounds for p in PRESETS] == [12, 12, 6]
    assert get_rules("book-4").players == 4 and get_rules("book-4").deals == {4: (5, 8)}
    with pytest.raises(OptionError, match="1, 2, 3"):
        get_rules(rounds=13)


def test_every_variation_of_the_chapter_is_played():
    """Lines 989-999: Winner Takes All is the family's round adjustment, the Dealer Tie
    Breaker its rule for a tied round."""
    assert all(o.implemented for o in OPTIONS.values())
    assert OPTIONS["winner_takes_all"].source.lines == "989-999"
    plain = get_rules().overlay
    assert (plain.adjustments, plain.round_tie) == ((), "none")
    assert get_rules(winner_takes_all=True).overlay.adjustments == (WinnerTakesAll(),)
    assert get_rules(dealer_tie=True).overlay.round_tie == "dealer_then_play_order"


def settle(captures: list[str], dealer: int = 0, **options: object):
    rules = get_rules(players=len(captures), **options)
    return rules.overlay.settle_draw(setup_state(rules, [""] * len(captures),
                                                 captures=captures, dealer=dealer))


def test_winner_takes_all_line_993_the_winner_scores_every_players_score():
    captures = ["1a 8a 12a", "2a 4a 5c", "6c 7c"]                 # 60, 21, 2
    assert settle(captures).points == (60, 21, 2)
    res = settle(captures, winner_takes_all=True)
    assert res.points == (83, 0, 0) and res.winner == 0
    assert "Winner Takes All: player 1 takes the sum of the scores, 83" in res.report.to_text()


@pytest.mark.parametrize(("dealer", "winner"), [(0, 0), (1, 2), (2, 2), (3, 0)])
def test_dealer_tie_breaker_line_995_the_dealer_then_nearest_the_dealers_right(dealer, winner):
    """Players 1 and 3 tie at 21 in a four-player round: the dealer wins if tied, else
    the tied player first in turn order after the dealer (play goes to the right)."""
    captures = ["1a 2c", "5c", "3a 4c", "6c"]
    assert settle(captures, dealer).winner is None
    res = settle(captures, dealer, dealer_tie=True)
    assert res.points == (21, 1, 21, 1) and res.winner == winner
    assert f"player {winner + 1} wins the round" in res.report.to_text()


def test_winner_takes_all_after_a_tie_goes_to_the_tie_breaker_or_to_nobody():
    captures = ["1a 2c", "5c", "3a 4c"]                            # 21, 1, 21
    res = settle(captures, 1, winner_takes_all=True)
    assert res.points == (21, 1, 21) and res.winner is None       # nobody takes all
    res = settle(captures, 1, winner_takes_all=True, dealer_tie=True)
    assert res.points == (0, 0, 43) and res.winner == 2


def test_four_of_a_kind_on_the_field_goes_to_the_dealer_with_the_option():
    assert get_rules().on_field_four == "redeal"
    assert get_rules(field_four="dealer_captures").on_field_four == "dealer_captures"


def test_a_tie_has_no_winner():
    rules = get_rules()
    state = setup_state(rules, ["", "", ""], captures=["1a 2c", "3a 4c", "5c"])   # 21, 21, 1
    res = rules.overlay.settle_draw(state)
    assert res.points == (21, 21, 1) and res.winner is None


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from((3, 4)),
       field_four=st.sampled_from(("misdeal", "dealer_captures")),
       counting=st.booleans(), winner_takes_all=st.booleans(), dealer_tie=st.booleans(),
       seed=st.integers(0, 10**6))
def test_a_round_scores_every_card_once_plus_each_piles_yaku(players, field_four, counting,
                                                             winner_takes_all, dealer_tie,
                                                             seed):
    """Every card ends in a pile (hands and stock run out together), so the round's card
    points are the deck's 264, and each score adds the pile's yaku; the best score wins,
    a tie nobody (or, with the Dealer Tie Breaker, the dealer, else the first tied player
    after the dealer); with Winner Takes All the winner then scores every score."""
    game = get_game("hana-awase-1", players=players, field_four=field_four,
                    counting_rounds=counting, winner_takes_all=winner_takes_all,
                    dealer_tie=dealer_tie)
    end = random_round(game, seed)
    state = end.inner
    assert state.field_m == 0
    piles = [state.caps_m[p] for p in range(players)]
    assert sum(CardSet.from_mask(m).value() for m in piles) == 264
    counted = [CardSet.from_mask(m).value() + TABLE.points(m) for m in piles]
    best = max(counted)
    tied = [p for p in range(players) if counted[p] == best]
    order = [(state.dealer + k) % players for k in range(players)]
    expected = tied[0] if len(tied) == 1 else (
        next(p for p in order if p in tied) if dealer_tie else None)
    points, winner = end.result().points, end.result().winner
    assert winner == expected
    if winner_takes_all and winner is not None:
        assert list(points) == [264 + sum(TABLE.points(m) for m in piles)
                                if p == winner else 0 for p in range(players)]
    else:
        assert list(points) == counted


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=3, max_size=4).flatmap(
    lambda pts: st.tuples(st.just(tuple(pts)), st.integers(0, len(pts) - 1))))
def test_dealer_tie_breaker_gives_the_round_to_the_dealer_then_in_play_order(case):
    """The Dealer Tie Breaker (line 995) as the family's round rule: the only best score
    wins; a shared best goes to the dealer if tied, else to the first tied seat after the
    dealer in play order; without the option a shared best has no winner."""
    points, dealer = case
    best = max(points)
    tied = [s for s, p in enumerate(points) if p == best]
    plain = round_winner(points, dealer)
    broken = round_winner(points, dealer, "dealer_then_play_order")
    if len(tied) == 1:
        assert plain == broken == tied[0]
        return
    assert plain is None
    assert broken in tied
    if dealer in tied:
        assert broken == dealer
    else:
        # every seat strictly between the dealer and the winner, in play order, is not tied
        between = [(dealer + k) % len(points)
                   for k in range(1, (broken - dealer) % len(points))]
        assert not any(s in tied for s in between)


def test_round_winner_refuses_an_unknown_tie_rule_or_dealer():
    with pytest.raises(OptionError, match="dealer_then_play_order"):
        round_winner((1, 1, 0), 0, "coin")
    with pytest.raises(OptionError, match="0 to 2"):
        round_winner((1, 1, 0), 3)


def test_the_first_dealer_tie_breaker_gives_a_shared_game_to_the_first_dealer_or_nearest():
    """One-round games played the same way with and without the option: where the plain
    game is shared, the option gives it to the first dealer if tied, else to the tied
    player first in play order after the first dealer (the family's rule, ranking.py)."""
    opt = OPTIONS["first_dealer_tie"]
    assert opt.implemented and opt.source is not None and opt.source.lines == "989-999"
    plain, broken = get_game("hana-awase-1", rounds=1), get_game(
        "hana-awase-1", rounds=1, first_dealer_tie=True)
    shared = 0
    for seed in range(200):
        a = plain.play(["random"] * 3, seed=seed)
        b = broken.play(["random"] * 3, seed=seed)
        assert [r.actions for r in a.rounds] == [r.actions for r in b.rounds]
        if a.summary["winner"] is not None:
            assert b.summary["winner"] == a.summary["winner"]
            continue
        shared += 1
        totals, first = a.summary["totals"], a.rounds[0].deal["dealer"]
        tied = [s for s in range(3) if totals[s] == max(totals)]
        assert b.summary["winner"] == next(s for s in ((first + k) % 3 for k in range(3))
                                           if s in tied)
        assert "First Dealer Tie Breaker" in broken.log(b)[-1]
    assert shared
