"""The rulebook's Tensho (ch. 21) as data.

Tensho (Simplified) (:mod:`hanafuda_core.games.tensho_simplified`) in Tensho's own
month order (figure 21.1: February is the Willow, June the Paulownia, November the
Peony, December the Plum; B13, ``CaptureRules.month_order``). Capturing is the same;
the yaku numbers name months in this order, so One Two Three is the Pine, the Willow
and the Cherry. Two card values differ from chapter 15's figure: the Rainman 12 and
the Phoenix 10 (an option gives chapter 15's values).

>>> rules = get_rules()
>>> rules.month_order, rules.overlay.card_value(40), rules.overlay.card_value(44)
('tensho', 12, 10)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1a 11a 3a").mask)         # Front One Two Three
100
>>> sorted(get_rules(yaku_set="two").yaku.automatic_keys)
['any_1_6_4', 'back_5_6_10']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import FLOWERS, MONTH_NAMES, Card
from ..engines.capture import CaptureRules
from ..rules import Option, RuleSets, Source
from ..seating import DealerRule
from . import tensho_simplified as _ts
from .tensho_simplified import COMPARISON_PILES, SCORING_STEPS, SetList, build_rules

__all__ = [
    "BOOK",
    "BOOK_QR",
    "CARD_VALUES",
    "CARD_VALUES_CH15",
    "COMPARISON_PILES",
    "DECISIONS",
    "FIRST_DEALER",
    "GOAL",
    "LINES",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "SET_ONE",
    "SET_TWO",
    "get_rules",
    "month_order_rows",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 21 Tensho", "4845-5186")
BOOK_QR = Source("BOOK", "Quick Reference, Tensho", "9521-9793")

#: Where each rule is in the chapter (the same keys as Tensho (Simplified)'s).
LINES: Mapping[str, str] = {"setup": "4919-4953", "deck": "4849", "lone": "4973, 4977",
                            "rounds": "4925", "set": "4929, 4931", "score": "4941-4979",
                            "values": "4983-5073", "set_one": "5075-5127",
                            "set_two": "5133-5173", "automatic": "4979",
                            "automatic_named": "5161", "examples": "5179-5183",
                            "order": "4855-4917"}


def _src(part: str) -> Source:
    """The chapter, narrowed to the lines that give one rule (a key of :data:`LINES`)."""
    return BOOK.at(LINES[part])


#: The card values (the chapter's figure, 4983-5073): chapter 15's with the Rainman 12
#: and the Phoenix 10.
CARD_VALUES: tuple[tuple[Card, int], ...] = tuple(
    (c, {Card.WILLOW_RAINMAN: 12, Card.PAULOWNIA_PHOENIX: 10}.get(c, v))
    for c, v in _ts.CARD_VALUES)
CARD_VALUES_CH15 = _ts.CARD_VALUES

#: Set One (figure 21.2, 5075-5127) in Tensho's month numbers.
SET_ONE: SetList = (
    ((1, 2, 3), "points", "points"), ((1, 2, 10), "points", "points"),
    ((3, 4, 5), "points", "points"), ((4, 11, 12), "points", "points"),
    ((5, 6, 10), "automatic", "points"), ((7, 5, 3), "points", "points"),
    ((7, 8, 9), "points", "points"), ((8, 4, 11), "points", "points"),
    ((8, 4, 11, 12), "points", "points"), ((8, 4, 12), "points", "points"),
    ((9, 11, 3), "points", "points"), ((10, 9, 12), "points", "points"),
)
#: Set Two (figure 21.3, 5133-5173); (1, 6, 4) is One Six Four, an automatic win.
SET_TWO: SetList = (
    ((1, 2, 3), "points", "points"), ((1, 2, 10), "points", "points"),
    ((1, 6, 4), "any", ""), ((3, 4, 5), "points", "points"),
    ((5, 6, 10), "points", "automatic"), ((7, 8, 9), "points", "points"),
    ((7, 8, 9, 10), "points", "points"), ((8, 9, 10), "points", "points"),
    ((9, 11, 3), "points", "points"), ((10, 7, 8), "points", "points"),
    ((10, 9, 12), "points", "points"),
)

_OPTION_LIST = _ts._options(_src, "one_six_four") + (
    Option("card_values", "chapter_21", ("chapter_21", "chapter_15"),
           "the card values: this chapter's figure (the Rainman 12, the Phoenix 10) or "
           "Tensho (Simplified)'s (the Rainman 10, the Phoenix 12)", _src("values")),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

DECISIONS: Mapping[str, str] = {
    **{k: v for k, v in _ts.DECISIONS.items() if k != "Front and Back"},
    "Front and Back": "The pictures that showed the yaku are lost. We read Front as the "
        "first card of each named month (its Bright or Ten) and Back as its Ribbon; the "
        "Susuki has no Ribbon, so its Back is the Geese, and the Phoenix, the only card "
        "of its month, is both. The numbers name months in Tensho's order: One Two Three "
        "is the Crane, the Rainman and the Curtain.",
    "The lone card": "The chapter calls the one card left of the Paulownia the December "
        "card, the Paulownia's month in the usual order (in Tensho's order it is June). "
        "It always goes to the pile: at the deal from a hand, at once when drawn.",
    "The card values": "The two chapters' figures differ for two cards: the Rainman and "
        "the Phoenix. Each game follows its own chapter; an option plays the other one.",
    "Who deals first": "Each player draws a card and the earliest month deals, read in "
        "Tensho's order: the Willow, February, comes before the Cherry.",
}

PRESETS: Mapping[str, Mapping[str, Any]] = {"book": {}, "book-set-two": {"yaku_set": "two"}}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-set-two": BOOK}
PRESET_LABELS: Mapping[str, str] = _ts.PRESET_LABELS
FIRST_DEALER: Mapping[str, DealerRule] = {
    p: DealerRule("value", _src("order"), month_order="tensho") for p in PRESETS}
GOAL = ("Capture the cards of the numbered yaku of your set, the months counted in "
        "Tensho's own order: the higher yaku total wins the round, an automatic win takes "
        "it at once, and the most rounds won wins the game.")



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    values = CARD_VALUES if dict(items)["card_values"] == "chapter_21" else CARD_VALUES_CH15
    return build_rules("Tensho", "tensho", preset, items, (SET_ONE, SET_TWO), "tensho",
                       values, BOOK, _src)


RULE_SETS = RuleSets("Tensho", PRESETS, OPTIONS, _build, cache=32)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def month_order_rows() -> list[dict[str, str]]:
    """Tensho's months (figure 21.1) as table rows: its month, the flower, and the month
    the flower has in the usual order (the four that move first named by the chart).

    >>> month_order_rows()[1]
    {'Tensho month': 'February', 'Flower': 'Willow', 'Usual month': 'November'}
    """
    rows = []
    for n in range(1, 13):
        m = _ts.month_of(n, "tensho")
        rows.append({"Tensho month": MONTH_NAMES[n - 1], "Flower": FLOWERS[m - 1].english,
                     "Usual month": MONTH_NAMES[m - 1]})
    return rows
