"""The rulebook's Simplified Game for Beginners (ch. 4): its worked examples, its rule
clauses and a golden record.

Run from the repository root; regenerate the golden record after an intended rule
change with ``HANAFUDA_REGEN_GOLDEN=1`` (then run again without it).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, CardSet, Kind
from hanafuda_core.engines.capture import setup_state
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.games.simplified import (
    BOOK_EXAMPLE,
    BOOK_EXAMPLE_CHAFFS,
    SIMPLE_YAKU,
    chapter_facts,
    get_rules,
)
from hanafuda_core.play import Record, random_round

# The chapter's example pile (fig. 4.2): 3 Brights, 5 Tens, 3 Plain Ribbons, 5 Chaffs.
EXAMPLE = BOOK_EXAMPLE


def score(cards: str, preset: str = "book", **options) -> dict:
    return get_game("simplified", preset=preset, **options).score(
        list(CardSet.parse(cards))).to_dict()


def test_book_simplified_example_1_card_values_only():
    """BK04-1: three Brights, five Tens, three Ribbons and five Chaffs make 60 + 50 + 15 + 5
    = 130, and that is the score."""
    pile = CardSet.parse(EXAMPLE)
    counts = {k: sum(1 for c in pile if c.kind is k) for k in Kind}
    assert counts == {Kind.BRIGHT: 3, Kind.TEN: 5, Kind.RIBBON: 3, Kind.CHAFF: 5}
    data = score(EXAMPLE)
    assert data["card_points"] == 130 and data["total"] == 130
    assert data["yaku_points"] == 0
    # the simple yaku are reported as the optional chart, not counted without it
    assert data["optional_yaku_points"] == 50
    assert all(y["optional"] and not y["counted"] for y in data["yaku"])


def test_book_simplified_example_2_with_the_simple_yaku():
    """BK04-2: Any 3 Brights 30 + Any 5 Tens 20 = 50; 130 + 50 = 180. Three Plain
    Ribbons do not reach 4 Plain Ribbons."""
    data = score(EXAMPLE, "book-yaku")
    assert data["card_points"] == 130 and data["optional_yaku_points"] == 50
    assert data["total"] == 180
    assert [(y["name"], y["points"]) for y in data["yaku"]] == [("Any 3 Brights", 30),
                                                                ("Any 5 Tens", 20)]
    # the option on top of the plain preset scores the same
    assert score(EXAMPLE, simple_yaku=True)["total"] == 180


def test_book_simplified_example_3_twenty_chaffs_are_one_ten_chaffs():
    """BK04-3: each yaku is claimed once a round: 20 Chaffs give one Any 10 Chaffs."""
    chaffs = CardSet.parse(BOOK_EXAMPLE_CHAFFS)
    assert len(chaffs) == 20 and all(c.kind is Kind.CHAFF for c in chaffs)
    assert list(chaffs) == [c for c in DECK if c.kind is Kind.CHAFF][:20]
    data = score(BOOK_EXAMPLE_CHAFFS, "book-yaku")
    assert [(y["name"], y["points"]) for y in data["yaku"]] == [("Any 10 Chaffs", 10)]
    assert data["total"] == 20 + 10


def test_book_simplified_examples_are_the_chapters_glued_figures():
    """The chapter glues the examples' figures from the core: BK04-1 to BK04-3."""
    f = chapter_facts()
    assert (f["si_ex_bright"], f["si_ex_ten"], f["si_ex_ribbon"], f["si_ex_chaff"]) == \
        (60, 50, 15, 5)
    assert (f["si_ex_cards"], f["si_ex_yaku"], f["si_ex_total"]) == (130, 50, 180)
    assert (f["si_chaffs_cards"], f["si_chaffs_yaku"], f["si_chaffs_total"]) == (20, 10, 30)


def test_the_simple_yaku_chart_is_the_chapters():
    assert [(r.name, r.points) for r in SIMPLE_YAKU] == [
        ("Any 3 Brights", 30), ("Any 5 Tens", 20), ("3 Poetry Ribbons", 20),
        ("3 Purple Ribbons", 20), ("4 Plain Ribbons", 20), ("Any 10 Chaffs", 10)]
    assert score("4b 5b 7b 11c", "book-yaku")["optional_yaku_points"] == 20
    assert score("4b 5b 7b 1b", "book-yaku")["optional_yaku_points"] == 0
    # a count yaku scores its points once, with no extra for cards beyond the count
    assert score("1a 3a 8a 11a 12a", "book-yaku")["optional_yaku_points"] == 30
    assert score("2a 4a 5a 6a 7a 8b 9a 10a 11b", "book-yaku")["optional_yaku_points"] == 20


@pytest.mark.parametrize("players, hand, field", [(2, 8, 8), (3, 7, 6), (4, 5, 8)])
def test_deal_sizes_per_player_count(players, hand, field):
    game = get_game("simplified", players=players)
    for seed in range(5):
        r = game.new_round(seed=seed)
        zones = r.zones()
        assert [len(zones[f"hand {p}"]) for p in range(players)] == [hand] * players
        assert len(zones["field"]) == field
        assert len(zones["stock"]) == 48 - players * hand - field


def test_five_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="2, 3, 4"):
        get_game("simplified", players=5)
    with pytest.raises(PlayerCountError):
        get_game("simplified").new_round(seed=1, players=3)   # the option sets the count


def test_rounds_are_a_season_half_a_year_or_a_year():
    assert [get_rules(rounds=n).rounds for n in (3, 6, 12)] == [3, 6, 12]
    with pytest.raises(OptionError, match="1, 2, 3"):
        get_rules(rounds=13)


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from((2, 3, 4)), yaku=st.booleans(), seed=st.integers(0, 10**6))
def test_a_round_scores_every_card_once_plus_each_piles_yaku(players, yaku, seed):
    """Every card ends in a pile, so the round's points are the deck's 264 plus the yaku
    each player made (with the chart); the best score wins, a tie nobody."""
    game = get_game("simplified", players=players, simple_yaku=yaku)
    end = random_round(game, seed)
    state = end.inner
    assert state.field_m == 0
    piles = [state.caps_m[p] for p in range(players)]
    assert sum(CardSet.from_mask(m).value() for m in piles) == 264
    table = game.rules.overlay.optional_chart
    yaku_pts = [table.points(m) if yaku else 0 for m in piles]
    points = end.result().points
    assert list(points) == [CardSet.from_mask(m).value() + y for m, y in zip(piles, yaku_pts)]
    best = max(points)
    winner = end.result().winner
    assert (winner is None) == (points.count(best) > 1)
    if winner is not None:
        assert points[winner] == best


def test_a_tie_has_no_winner_and_the_dealer_deals_again():
    rules = get_rules()
    state = setup_state(rules, ["", ""], captures=["1a 2c", "3a 4c"])   # 21 each
    res = rules.overlay.settle_draw(state)
    assert res.points == (21, 21) and res.winner is None
    assert "a tie" in res.report.to_text()


def make_golden() -> Record:
    game = get_game("simplified", players=3, simple_yaku=True)
    return game.play(["random", "greedy", "greedy"], seed=5, rounds=3)


def test_golden_three_player_game_with_the_simple_yaku(golden_record):
    golden_record(make_golden(), "simplified_3p_seed_5.json")
