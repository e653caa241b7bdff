"""A13: a yaku voided by the player's own pile (``YakuRule.void_if_own`` / ``void_unless``),
the mirror of ``cancelled_by`` (which reads the field). Six Hundred's Rain Until Sunrise."""

import random

from hanafuda_core.cards import Card, CardSet
from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable

C = Card
GROUPS = (YakuGroup("views", "Views", "one_of"), YakuGroup("others", "Others", "each"))


def _table(void=(11,), unless=(C.PINE_CRANE,), plus=0):
    return YakuTable(GROUPS, (
        YakuRule("views", "The Views", "", 300,
                 cards=(C.CHERRY_CURTAIN, C.SUSUKI_MOON, C.CHRYSANTHEMUM_SAKE), group="views",
                 void_if_own=void, void_unless=unless),
        YakuRule("moon", "Moon Viewing", "", 100, cards=(C.SUSUKI_MOON, C.CHRYSANTHEMUM_SAKE),
                 group="views", void_if_own=void, void_unless=unless),
        YakuRule("ribbons", "Ribbons", "", 10, kinds=(), ribbons=(), count=0,
                 cards=(C.PINE_RIBBON, C.PLUM_RIBBON), group="others",
                 plus_per_extra=plus),
    ))


def test_a_november_card_in_the_own_pile_voids_the_rule():
    t = _table()
    assert t.points(CardSet.parse("3a 8a 9a").mask) == 300
    assert t.points(CardSet.parse("3a 8a 9a 11d").mask) == 0
    assert t.points(CardSet.parse("8a 9a 11b").mask) == 0


def test_the_lifting_cards_keep_the_yaku():
    t = _table()
    assert t.points(CardSet.parse("3a 8a 9a 11a 1a").mask) == 300


def test_the_field_does_not_void_it():
    t = _table()
    assert t.points(CardSet.parse("3a 8a 9a").mask, CardSet.parse("11a 11b").mask) == 300


def test_no_lifting_cards_means_always_void():
    t = _table(unless=())
    assert t.points(CardSet.parse("3a 8a 9a 11a 1a").mask) == 0
    assert t.points(CardSet.parse("3a 8a 9a 1a").mask) == 300


def test_rules_without_void_are_untouched():
    t = _table()
    assert t.evaluate(CardSet.parse("1b 2b 11a")).keys == ("ribbons",)


def test_evaluate_says_why_a_yaku_was_set_aside():
    ev = _table().evaluate(CardSet.parse("3a 8a 9a 11c"))
    assert ev.hits == () and ev.total == 0
    names = [n for n, _ in ev.set_aside]
    assert names == ["The Views", "Moon Viewing"]
    assert "month 11" in ev.set_aside[0][1] and "Crane" in ev.set_aside[0][1]


def test_generated_evaluator_equals_the_rule_interpreter_with_voids():
    rng = random.Random(5)
    for t in (_table(), _table(unless=()), _table(plus=3), _table(void=(11, 12))):
        for _ in range(2000):
            m = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 25)))
            fm = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 8))) & ~m
            assert t.quick(m, fm) == t._run(t._compiled[0][1], m, fm)
