"""The shared yaku readings (hanafuda_core.capture_yaku) are the only reading of each shared
yaku: every playable game, under every preset, that scores a yaku of the same key reads the
same cards (issue 9, A8)."""

from __future__ import annotations

import pytest

from hanafuda_core.capture_yaku import SHARED_YAKU, month_cards
from hanafuda_core.cards import CARD_INFO, Card
from hanafuda_core.registry import get_game, playable_keys
from hanafuda_core.rules import Source


def reading(rule) -> tuple[frozenset[Card], int]:
    """What a yaku asks for, however it is spelled: the cards that count toward it and
    how many it needs."""
    if rule.cards:
        return frozenset(rule.cards), len(rule.cards)
    eligible = frozenset(
        Card(i) for i, info in enumerate(CARD_INFO)
        if (info.kind in rule.kinds or info.ribbon in rule.ribbons)
        and not (rule.dry and info.month == 11))
    return eligible, rule.count


@pytest.mark.parametrize("key", playable_keys())
def test_a_shared_yaku_reads_the_same_cards_in_every_game(key):
    seen = 0
    for preset in get_game(key).adapter.presets():
        table = getattr(get_game(key, preset).rules, "yaku", None)
        for rule in getattr(table, "rules", ()):
            shared = SHARED_YAKU.get(rule.key)
            if shared is None:
                continue
            seen += 1
            assert reading(rule) == reading(shared.template), (
                f"{key} ({preset}): {rule.key} reads other cards than the shared reading")
    if key in {"simplified", "koikoi", "mushi", "matching-flowers", "hana-awase-1",
               "six-hundred"}:
        assert seen, f"{key} scores no shared yaku"


def test_a_game_sets_its_own_points_group_and_source():
    src = Source("BOOK", "ch. 5", "853")
    rule = SHARED_YAKU["flower_viewing"].rule(20, group="views", source=src, cancelled_by=(11,))
    assert (rule.points, rule.group, rule.source, rule.cancelled_by) == (20, "views", src, (11,))
    assert SHARED_YAKU["flower_viewing"].template.points == 0


def test_inferred_readings_say_so():
    for key in ("spring_semi_brights", "flower_viewing", "moon_viewing", "the_views"):
        assert SHARED_YAKU[key].template.note.startswith("cards inferred"), key


def test_month_cards_are_the_four_cards_of_the_month():
    assert month_cards(11) == (Card.WILLOW_RAINMAN, Card.WILLOW_SWALLOW, Card.WILLOW_RIBBON,
                               Card.WILLOW_STORM)
