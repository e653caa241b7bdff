"""A7: stand-in cards for named-set yaku, and rules worth double for a round (yaku.py).

The table here is Hachi-juu Hana's shape written out on its own (twelve month yaku, the
November cards standing in), so the capability is tested apart from the game.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import MONTH_MASKS, MONTH_NAMES, Card, CardSet
from hanafuda_core.errors import OptionError
from hanafuda_core.yaku import StandIns, YakuGroup, YakuRule, YakuTable

NOVEMBER = tuple(Card(c) for c in range(40, 44))
MONTHS = (YakuGroup("months", "Months", "each"),)
RULES = tuple(YakuRule(f"month_{m}", f"All 4 {MONTH_NAMES[m - 1]}", "", 20,
                       cards=tuple(Card(c) for c in range(4 * m - 4, 4 * m)), group="months")
              for m in range(1, 13))
TABLE = YakuTable(MONTHS, RULES, stand_ins=StandIns(NOVEMBER, "months"))
LENIENT = YakuTable(MONTHS, RULES, stand_ins=StandIns(NOVEMBER, "months", doubles=True))
PLAIN = YakuTable(MONTHS, RULES)


def _codes(pairs):
    return [(Card(a).code, Card(b).code) for a, b in pairs]


def test_two_november_cards_complete_april():
    e = TABLE.evaluate(CardSet("4a 4b 11a 11b"))
    assert e.total == 20 and e.keys == ("month_4",)
    hit = e.hits[0]
    assert _codes(hit.stood_for) == [("11a", "4c"), ("11b", "4d")]
    assert hit.cards == CardSet("4a 4b 11a 11b")         # the cards held, not the missing
    assert hit.to_dict()["stood_for"] == [["11a", "4c"], ["11b", "4d"]]
    assert PLAIN.evaluate(CardSet("4a 4b 11a 11b")).total == 0


def test_four_stand_ins_complete_two_months_rather_than_keep_november():
    pile = CardSet("1a 1c 2a 2b 2c 2d 3b 3c 4a 4c 5b 5c 11a 11b 11c 11d")
    e = TABLE.evaluate(pile)
    assert e.keys == ("month_1", "month_2", "month_3") and e.total == 60
    assert _codes(sum((h.stood_for for h in e.hits), ())) == [
        ("11a", "1b"), ("11b", "1d"), ("11c", "3a"), ("11d", "3d")]
    assert TABLE.quick(pile.mask) == (60, ((0, 20), (1, 20), (2, 20)))


def test_november_kept_whole_when_nothing_better():
    e = TABLE.evaluate(CardSet("11a 11b 11c 11d 5a 5b"))
    assert e.keys == ("month_11",) and e.hits[0].stood_for == ()


def test_equal_totals_use_fewer_stand_ins():
    # 1a 1b 1c + 11a..11d: All 4 November (no stand-in) or January with one stand-in and
    # November broken: both 20; no stand-in is used
    e = TABLE.evaluate(CardSet("1a 1b 1c 11a 11b 11c 11d"))
    assert e.keys == ("month_11",) and e.total == 20


def test_doubled_rules_need_their_own_cards_unless_the_table_says_otherwise():
    pile = CardSet("1a 1c 2a 2b 2c 2d 3b 3c 4a 4c 5b 5c 11a 11b 11c 11d").mask
    assert TABLE.score(pile, 0, ["month_2"])[0] == 80
    # April doubled but completed only by stand-ins: still worth 20, the best stays 60
    assert TABLE.score(pile, 0, ["month_4"])[0] == 60
    assert LENIENT.score(pile, 0, ["month_4"])[0] == 80
    e = TABLE.evaluate(pile, 0, ["month_2"])
    feb = next(h for h in e.hits if h.rule.key == "month_2")
    assert (feb.points, feb.base, feb.doubled) == (40, 40, True) and e.total == 80
    assert feb.to_dict()["doubled"] is True
    assert TABLE.score(pile, 0, ()) == TABLE.quick(pile)


def test_a_doubled_month_changes_the_best_assignment():
    # doubling April (4a 4b 4c real, one stand-in missing) beats January under the lenient
    # reading; under ours a stand-in completion is not doubled
    pile = CardSet("1a 1b 1c 4a 4b 4c 11a").mask
    assert TABLE.score(pile, 0, ["month_4"])[0] == 20
    assert LENIENT.score(pile, 0, ["month_4"])[0] == 40
    e = LENIENT.evaluate(pile, 0, ["month_4"])
    assert e.keys == ("month_4",) and _codes(e.hits[0].stood_for) == [("11a", "4d")]


def test_bad_tables_and_keys_are_refused():
    with pytest.raises(OptionError, match="unknown group 'nope'"):
        YakuTable(MONTHS, RULES, stand_ins=StandIns(NOVEMBER, "nope"))
    with pytest.raises(OptionError, match="one to four different cards"):
        YakuTable(MONTHS, RULES, stand_ins=StandIns(NOVEMBER + (Card(0),), "months"))
    counted = RULES + (YakuRule("tens", "Tens", "", 1, kinds=(), count=5, group="months"),)
    with pytest.raises(OptionError, match="named sets only"):
        YakuTable(MONTHS, counted, stand_ins=StandIns(NOVEMBER, "months"))
    with pytest.raises(OptionError, match="no yaku 'month_13' to double"):
        TABLE.score(0, 0, ["month_13"])


def _brute(pile: int) -> int:
    """Every assignment of the pile's November cards: each itself or one missing card of
    another month (two never the same card); the best count of complete months."""
    held = [c for c in range(40, 44) if pile >> c & 1]
    missing = [c for c in range(48) if not pile >> c & 1 and not 40 <= c < 44]
    best = 0
    for choice in itertools.product([None] + missing, repeat=len(held)):
        fills = [c for c in choice if c is not None]
        if len(set(fills)) != len(fills):
            continue
        seen = pile
        for stand, c in zip(held, choice):
            if c is not None:
                seen = (seen & ~(1 << stand)) | (1 << c)
        best = max(best, 20 * sum(seen & m == m for m in MONTH_MASKS))
    return best


#: piles of up to 16 cards of the other months plus up to three November cards (the brute
#: force's size); the four-card case is the worked example above
_piles = st.builds(lambda others, nov: sum(1 << c for c in others | nov),
                   st.sets(st.integers(0, 39) | st.integers(44, 47), max_size=16),
                   st.sets(st.sampled_from([40, 41, 42, 43]), max_size=3))


@settings(max_examples=60, deadline=None)
@given(_piles)
def test_the_search_matches_brute_force(pile):
    assert TABLE.quick(pile)[0] == _brute(pile)


@settings(max_examples=60, deadline=None)
@given(_piles, st.sampled_from(NOVEMBER))
def test_another_november_card_never_lowers_the_total(pile, card):
    assert TABLE.quick(pile | 1 << card)[0] >= TABLE.quick(pile)[0]


@settings(max_examples=60, deadline=None)
@given(_piles | st.sets(st.integers(0, 47), max_size=24).map(
    lambda s: sum(1 << c for c in s)))
def test_stand_ins_are_disjoint_and_replace_missing_cards(pile):
    e = TABLE.evaluate(pile)
    pairs = [p for h in e.hits for p in h.stood_for]
    stands = [a for a, _ in pairs]
    replaced = [b for _, b in pairs]
    assert len(set(stands)) == len(stands) and len(set(replaced)) == len(replaced)
    assert all(pile >> a & 1 and not pile >> b & 1 and not 40 <= b < 44 for a, b in pairs)
    assert e.total == sum(h.points for h in e.hits) == TABLE.quick(pile)[0]
    for h in e.hits:
        assert h.cards.mask & ~pile == 0


def _general(table):
    """The same table searched without the shortcut for plain named sets (every reading
    tried, each scored by the table's evaluator)."""
    other = YakuTable(table.groups, table.rules, stand_ins=table.stand_ins)
    other.__dict__["_simple"] = None
    return other


GENERAL = _general(TABLE)
GENERAL_LENIENT = _general(LENIENT)


@settings(max_examples=80, deadline=None)
@given(st.sets(st.integers(0, 47), max_size=24).map(lambda s: sum(1 << c for c in s)),
       st.sets(st.integers(1, 12), max_size=3))
def test_the_shortcut_reads_piles_as_the_full_search_does(pile, months):
    doubled = [f"month_{m}" for m in months]
    assert TABLE._simple is not None and GENERAL._simple is None
    for fast, slow in ((TABLE, GENERAL), (LENIENT, GENERAL_LENIENT)):
        a = fast.evaluate(pile, 0, doubled)
        b = slow.evaluate(pile, 0, doubled)
        assert a.total == b.total
        assert [(h.rule.key, h.points, h.stood_for) for h in a.hits] == \
            [(h.rule.key, h.points, h.stood_for) for h in b.hits]


# A made-up table of plain named sets unlike the months: sets of two to five cards, unequal
# points (some equal, for the ties), three stand-ins and a set holding them.
_ODD_SETS = ((0, 1), (2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12, 13), (14, 15), (16, 17, 18),
             (19, 20, 21, 22), (23, 24, 25), (30, 31), (44, 45, 46), (32, 33, 34, 35),
             (36, 37, 38))
_ODD_POINTS = (5, 7, 7, 12, 3, 7, 12, 5, 9, 3, 6, 7)
ODD = YakuTable(MONTHS, tuple(YakuRule(f"set_{n}", f"Set {n}", "", p,
                                       cards=tuple(Card(c) for c in cards), group="months")
                              for n, (cards, p) in enumerate(zip(_ODD_SETS, _ODD_POINTS))),
                stand_ins=StandIns(tuple(Card(c) for c in (44, 45, 46)), "months"))
GENERAL_ODD = _general(ODD)
_any_piles = st.sets(st.integers(0, 47), max_size=24).map(lambda s: sum(1 << c for c in s))


@settings(max_examples=150, deadline=None)
@given(_any_piles | _piles | st.sets(st.integers(0, 38) | st.integers(44, 46), max_size=18)
       .map(lambda s: sum(1 << c for c in s)))
def test_the_fast_pile_score_matches_the_full_search(pile):
    # the evaluator behind every pile score (the rules' counts read at once, the readings
    # kept per shape) against every reading tried, on the months and on odd sets
    for fast, slow in ((TABLE, GENERAL), (LENIENT, GENERAL_LENIENT), (ODD, GENERAL_ODD)):
        assert fast._simple is not None and slow._simple is None
        assert fast.quick(pile) == slow.quick(pile) == fast.evaluator(pile, 0)
        a, b = fast.evaluate(pile), slow.evaluate(pile)
        assert (a.total, [(h.rule.key, h.points, h.stood_for, h.cards) for h in a.hits]) == \
            (b.total, [(h.rule.key, h.points, h.stood_for, h.cards) for h in b.hits])
        # a second reading of the same shape gives the same answer
        assert fast.quick(pile) == fast.evaluator(pile, 0)


def _games_with_stand_ins():
    """The yaku table of every preset of every playable game that names stand-in cards,
    under each value of its options about them."""
    from hanafuda_core import get_game
    from hanafuda_core.registry import entry, playable_keys

    out = {}
    for key in playable_keys():
        for preset in entry(key).presets():
            game = get_game(key, preset)
            table = getattr(game.rules, "yaku", None)
            if table is None or table.stand_ins is None:
                continue
            for options in ({}, {"stand_in_doubles": True}):
                try:
                    t = get_game(key, preset, **options).rules.yaku
                except OptionError:
                    continue                # (a game without that option)
                out.setdefault(id(t), (f"{key} {preset} {options}", t))
    return [pytest.param(t, id=label) for label, t in out.values()]


_GAME_TABLES = _games_with_stand_ins()


def test_a_playable_game_has_stand_ins():
    assert _GAME_TABLES, "no playable game names stand-in cards: the test below reads none"


@pytest.mark.parametrize("table", _GAME_TABLES)
@settings(max_examples=60, deadline=None)
@given(pile=_any_piles | _piles, picks=st.sets(st.integers(0, 47), max_size=2))
def test_every_game_with_stand_ins_scores_as_the_full_search(table, pile, picks):
    # each game's own table (the pile score's fast path and the explained one) against
    # every reading tried, with and without rules worth double
    slow = _general(table)
    assert table.quick(pile) == slow.quick(pile)
    keys = [r.key for r in table.rules if r.group == table.stand_ins.group]
    doubled = sorted({keys[i % len(keys)] for i in picks})
    assert table.score(pile, 0, doubled) == slow.score(pile, 0, doubled)
    a, b = table.evaluate(pile, 0, doubled), slow.evaluate(pile, 0, doubled)
    assert (a.total, [(h.rule.key, h.points, h.stood_for, h.cards) for h in a.hits]) == \
        (b.total, [(h.rule.key, h.points, h.stood_for, h.cards) for h in b.hits])
