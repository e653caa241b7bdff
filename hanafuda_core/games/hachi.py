"""The rulebook's Hachi (ch. 20) as data.

Hachi (Simplified) (:mod:`hanafuda_core.games.hachi_simplified`) with the older capture
chart (figure 20.1): January takes February, July and December; April takes April and
September; and so on. The chart is symmetric and is a rule on month numbers: month
``m`` takes month ``n`` exactly when ``m + n`` ends in 3 or 8, i.e.
``(m + n) % 5 == 3`` (the chapter's hint: the months a card takes are five apart).
April and September are the only months that take their own month.

>>> rules = get_rules()
>>> rules.capture_relation.months(1), rules.capture_relation.months(4)
((2, 7, 12), (4, 9))
>>> RELATION.takes == CaptureRelation.modular(5, 3).takes
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engines.capture import CaptureRelation, CaptureRules
from ..rules import Option, RuleSets, Source
from . import hachi_simplified as _hs
from .hachi_simplified import (
    COMPARISON_PILES,
    SCORING_STEPS,
    STREAK_MARGIN,
    STREAK_ROUNDS,
    YAKU_MONTHS,
    build_rules,
    streak_winner,
)

__all__ = [
    "GOAL",
    "LINES",
    "BOOK",
    "BOOK_QR",
    "CHART",
    "COMPARISON_PILES",
    "DECISIONS",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "RELATION",
    "SCORING_STEPS",
    "STREAK_MARGIN",
    "STREAK_ROUNDS",
    "YAKU_MONTHS",
    "get_rules",
    "preset_options",
    "streak_winner",
]

BOOK = Source("BOOK", "ch. 20 Hachi", "4685-4844")
BOOK_QR = Source("BOOK", "Quick Reference, Hachi", "9397-9516")


#: Where each rule is in the chapter (the same keys as Hachi (Simplified)'s).
LINES: Mapping[str, str] = {"chart": "4713-4765", "setup": "4781", "values": "4787",
                            "game_end": "4779", "yaku": "4789-4837",
                            "yaku_example": "4789, 4839-4843"}


def _src(part: str) -> Source:
    """The chapter, narrowed to the lines that give one rule (a key of :data:`LINES`)."""
    return BOOK.at(LINES[part])


#: The capture chart as the chapter prints it (figure 20.1, lines 4713-4765).
CHART: Mapping[int, tuple[int, ...]] = {
    1: (2, 7, 12), 2: (1, 6, 11), 3: (5, 10), 4: (4, 9),
    5: (3, 8), 6: (2, 7, 12), 7: (1, 6, 11), 8: (5, 10),
    9: (4, 9), 10: (3, 8), 11: (2, 7, 12), 12: (1, 6, 11),
}
RELATION = CaptureRelation.from_chart("the Hachi capture chart", CHART)

_OPTION_LIST = _hs._options(_src)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

DECISIONS: Mapping[str, str] = {
    **_hs.DECISIONS,
    "The capture chart as a rule": "The chart is printed month by month. It is the same "
        "as one rule: two months take each other when their numbers add up to a number "
        "ending in 3 or 8. We play the chart as printed and check that the rule gives it.",
}

PRESETS: Mapping[str, Mapping[str, Any]] = {"book": {}, "book-any-card": {"yaku_cards": "any_card"}}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-any-card": BOOK}
PRESET_LABELS: Mapping[str, str] = _hs.PRESET_LABELS
GOAL = ("Capture cards by the chart of months that go together and make the number-named "
        "yaku: the higher score wins the round, and two clear wins in a row win the game.")



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    return build_rules("Hachi", "hachi", preset, items, RELATION, BOOK, _src)


RULE_SETS = RuleSets("Hachi", PRESETS, OPTIONS, _build, cache=16)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
