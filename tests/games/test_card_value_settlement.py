"""The capture family's card-value settlement (``families/capture/settlement.py``), the
one rule Simplified and Mushi share, checked on generated piles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, CardSet, Kind
from hanafuda_core.coach import greedy_rollout
from hanafuda_core.engines.capture import fast_random_round, new_round
from hanafuda_core.errors import HanafudaError, OptionError
from hanafuda_core.families.capture.settlement import (
    OWN_YAKU_FACTORS,
    CardValueSettlement,
    transfer_scores,
)
from hanafuda_core.games import mushi, simplified
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

VALUE = {Kind.BRIGHT: 20, Kind.TEN: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
MUSHI = mushi.get_rules().overlay
SIMPLE = simplified.get_rules().overlay
SIMPLE_ON = simplified.get_rules("book-yaku").overlay


def piles(deck, sides: int):
    """A deck dealt into ``sides`` piles and a rest left on the field."""
    cards = sorted(int(c) for c in deck)
    return st.lists(st.integers(0, sides), min_size=len(cards), max_size=len(cards)).map(
        lambda owners: tuple(sum(1 << c for c, o in zip(cards, owners) if o == s)
                             for s in range(sides + 1)))


def test_the_games_use_the_one_settlement():
    assert all(isinstance(o, CardValueSettlement) for o in (MUSHI, SIMPLE, SIMPLE_ON))
    assert (MUSHI.par, MUSHI.transfer_yaku) == (115, True)
    assert (SIMPLE.par, SIMPLE.transfer_yaku, SIMPLE.chart) == (0, False, None)


@settings(max_examples=40, deadline=None)
@given(split=piles(DECK, 4))
def test_card_points_are_the_sum_of_the_card_values(split):
    for mask in split:
        assert SIMPLE.card_points(mask) == sum(VALUE[c.kind] for c in CardSet.from_mask(mask))


@settings(max_examples=40, deadline=None)
@given(split=piles(mushi.get_rules().deck, 2))
def test_mushi_scores_cancel_less_what_stays_on_the_field(split):
    a, b, rest = split
    sa, sb = MUSHI.side_scores((a, b), rest)
    assert sa.total + sb.total == -CardSet.from_mask(rest).value()
    assert sa.taken_by_others == sb.yaku_points and sb.taken_by_others == sa.yaku_points
    assert sa.total == MUSHI.card_points(a) - 115 + sa.yaku_points - sb.yaku_points


@settings(max_examples=40, deadline=None)
@given(split=piles(DECK, 3))
def test_the_optional_chart_is_reported_always_and_counted_only_when_on(split):
    sides = split[:3]
    off, on = SIMPLE.side_scores(sides), SIMPLE_ON.side_scores(sides)
    for s_off, s_on in zip(off, on):
        assert s_off.optional_yaku_points == s_on.optional_yaku_points
        assert s_off.total == s_off.card_points and s_off.taken_by_others == 0
        assert s_on.total == s_on.card_points + s_on.optional_yaku_points


def test_there_is_no_decision_to_make():
    assert not MUSHI.decision_needed(None, (), ((0, 25),), 25)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from((2, 3, 4)), yaku=st.booleans())
def test_the_fast_loop_and_the_coachs_rollout_settle_simplified_the_same_way(seed, players,
                                                                             yaku):
    rules = simplified.get_rules(players=players, simple_yaku=yaku)
    ov = rules.overlay
    rng = random.Random(seed)
    for end in (fast_random_round(rules, rng),
                greedy_rollout(new_round(rules, rng))):
        assert end.field_m == 0
        assert end.result.points == tuple(
            ov.card_points(m) + (ov.optional_chart.points(m) if yaku else 0)
            for m in end.caps_m)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_fast_wild_loop_and_the_coachs_rollout_settle_mushi_the_same_way(seed):
    rules = mushi.get_rules()
    rng = random.Random(seed)
    for end in (fast_random_round(rules, rng), greedy_rollout(new_round(rules, rng))):
        a, b = end.caps_m
        ya, yb = rules.yaku.points(a), rules.yaku.points(b)
        assert end.result.points == (rules.overlay.card_points(a) - 115 + ya - yb,
                                     rules.overlay.card_points(b) - 115 + yb - ya)


@pytest.mark.parametrize("key, options, agents", [
    ("mushi", {}, ["coach", "random"]),
    ("simplified", {"players": 3}, ["coach", "greedy", "random"]),
])
def test_the_coach_plays_a_whole_round(key, options, agents):
    record = get_game(key, **options).play(agents, seed=1, rounds=1)
    outcome = record.rounds[0].outcome
    assert len(outcome["points"]) == len(agents) and outcome["reason"] == "cards"


# -- A2: the transfer of yaku with a factor (families/capture/settlement.py) ------------------

def _chart(**points: int) -> YakuTable:
    """A small chart of named sets for the transfer tests (keys: poetry, purple, maple,
    rain), each worth the points given."""
    sets = {"poetry": "1b 2b 3b", "purple": "6b 9b 10b", "maple": "10a 10b 10c 10d",
            "rain": "11a 11b 11c 11d"}
    return YakuTable((YakuGroup("all", "All", "each"),),
                     tuple(YakuRule(k, k, "", p, cards=tuple(CardSet.parse(sets[k])),
                                    group="all") for k, p in points.items()))


MIN_HWATU_LIKE = CardValueSettlement(values=(20, 10, 5, 0),
                                     chart=_chart(poetry=30, purple=30, maple=20, rain=20),
                                     transfer_yaku=True, own_yaku_factor="opponents")


def test_min_hwatu_three_players_own_yaku_count_once_per_opponent():
    """The rulebook's Min-Hwatu, three players (ch. 11, l. 1767-1793): cards 80 / 90 / 70,
    yaku 30 / 20 / 50; A 80 + 30 x 2 - 70 = 70, B 90 + 20 x 2 - 80 = 50,
    C 70 + 50 x 2 - 50 = 120, C wins. The piles are the spec's (they hold those figures)."""
    assert transfer_scores((80, 90, 70), (30, 20, 50), "opponents") == (70, 50, 120)
    a = CardSet.parse("1a 8a 2a 4a 1b 2b 3b 4b 5c").mask
    c = CardSet.parse("3a 12a 10a 6b 9b 10b 7b 10c 10d").mask
    b = CardSet.deck().mask & ~a & ~c
    scores = MIN_HWATU_LIKE.side_scores((a, b, c))
    assert [(s.card_points, s.yaku_points) for s in scores] == [(80, 30), (90, 20), (70, 50)]
    assert [s.total for s in scores] == [70, 50, 120]
    assert [s.formula() for s in scores] == ["80 + 30 x 2 - 70 = 70", "90 + 20 x 2 - 80 = 50",
                                             "70 + 50 x 2 - 50 = 120"]


def test_min_hwatu_two_players_either_factor():
    """The rulebook's Min-Hwatu, two players (l. 1717-1729): A 100 + 30 - 20 = 110,
    B 140 + 20 - 30 = 130. With two sides "one" and "opponents" agree."""
    for factor in ("one", "opponents"):
        assert transfer_scores((100, 140), (30, 20), factor) == (110, 130)


def test_mushi_counts_its_own_yaku_once_per_opponent():
    assert MUSHI.own_yaku_factor == "opponents"


def test_an_unknown_factor_is_refused_with_the_allowed_values():
    with pytest.raises(OptionError, match="'one' or 'opponents'"):
        CardValueSettlement(transfer_yaku=True, own_yaku_factor="twice")
    with pytest.raises(OptionError, match="not 'each'"):
        transfer_scores((1, 2), (0, 0), "each")
    with pytest.raises(HanafudaError, match="one yaku total per side"):
        transfer_scores((1, 2), (0,))


@settings(max_examples=40, deadline=None)
@given(split=piles(DECK, 3), sides=st.sampled_from((2, 3)),
       factor=st.sampled_from(OWN_YAKU_FACTORS), par=st.sampled_from((0, 88)))
def test_transferred_scores_follow_the_formula(split, sides, factor, par):
    """Each score is (cards - par) + own yaku x k - the others' yaku; under "opponents"
    the yaku cancel out over the table, under "one" they do only for two sides, under
    "none" (B3) each yaku only costs the others; the written formula adds up to the
    total."""
    overlay = CardValueSettlement(values=(20, 10, 5, 0), par=par,
                                  chart=_chart(poetry=30, purple=30, maple=20, rain=20),
                                  transfer_yaku=True, own_yaku_factor=factor)
    scores = overlay.side_scores(split[:sides])
    yaku = [s.yaku_points for s in scores]
    k = {"opponents": sides - 1, "one": 1, "none": 0}[factor]
    for s, y in zip(scores, yaku):
        assert s.total == s.card_points - par + y * k - (sum(yaku) - y)
        left, _, right = s.formula().partition(" = ")
        assert int(right or left) == s.total
        assert eval(left.replace("x", "*")) == s.total   # the written arithmetic holds
    cards = sum(s.card_points - par for s in scores)
    assert sum(s.total for s in scores) == cards + (k - (sides - 1)) * sum(yaku)
