"""The rulebook's Tensho (Simplified) (ch. 15) as data.

Two players on a deck of 45 cards (the three December Chaffs are out, so the
Phoenix is the only December card). Six cards to each hand, nine to the field, six
set aside face down out of the round, eighteen in the stock; the round ends when
both hands are empty. The Phoenix dealt to a hand or drawn goes straight to its
holder's pile; on the field nothing can take it. The round is scored by yaku alone,
from one of two yaku sets; an automatic win ends it at once. A tie goes to the most
Chaffs, then to the most card points. The most rounds won wins the game.

>>> rules = get_rules()
>>> rules.deals, rules.aside, rules.round_end, len(rules.deck)
({2: (6, 9)}, 6, 'hands_empty', 45)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("3a 4a 5a").mask)          # Front Three Four Five
100
>>> sorted(get_rules(yaku_set="two").yaku.automatic_keys)
['any_1_4_12', 'back_5_10_12']

Tensho (ch. 21, :mod:`hanafuda_core.games.tensho`) is this game with the yaku
numbers read in its own month order and two other card values; both are built by
:func:`build_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from ..cards import MONTH_ORDERS, Card, parse_cards
from ..deal import MisdealRules
from ..engines.capture import CaptureRules, RoundRules
from ..families.capture.ranking import COUNTING_ROUNDS
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import deck_for

__all__ = [
    "BOOK",
    "BOOK_QR",
    "CARD_VALUES",
    "COMPARISON_PILES",
    "DECISIONS",
    "GOAL",
    "LINES",
    "LONE_CARD",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "SET_ONE",
    "SET_TWO",
    "build_rules",
    "get_rules",
    "month_of",
    "preset_options",
    "yaku_table",
]

BOOK = Source("BOOK", "ch. 15 Tensho (Simplified)", "2529-2838")
BOOK_QR = Source("BOOK", "Quick Reference, Tensho (Simplified)", "8701-8919")

#: Where each rule is in the chapter (the keys ``source_of`` takes; ch. 21 has its own).
LINES: Mapping[str, str] = {"setup": "2543-2613", "deck": "2533", "lone": "2575-2595",
                            "rounds": "2577, 2581", "set": "2585-2593",
                            "score": "2611-2639", "values": "2641-2731",
                            "set_one": "2737-2785", "set_two": "2791-2831",
                            "automatic": "2605, 2615", "automatic_named": "2831",
                            "examples": "2833-2837"}


def _src(part: str) -> Source:
    """The chapter, narrowed to the lines that give one rule (a key of :data:`LINES`)."""
    return BOOK.at(LINES[part])


#: The only card left of its month (the Phoenix): it goes straight to a pile.
LONE_CARD = Card.PAULOWNIA_PHOENIX
FRONT_POINTS = 100
BACK_POINTS = 50

#: The card values (the chapter's figure, 2641-2731): every card not listed is worth 1.
CARD_VALUES: tuple[tuple[Card, int], ...] = tuple(
    zip(parse_cards("1a 1b 2a 3a 3b 4a 5a 6a 7a 8a 8b 9a 10a 11a 12a"),
        (15, 5, 7, 10, 10, 8, 3, 9, 4, 10, 10, 5, 11, 10, 12)))

#: A yaku set as printed: (the numbers in the name, what the Front form is, what the Back
#: form is), each ``"points"``, ``"automatic"`` or ``""`` (not in the set); a name with
#: no Front / Back (One Four Twelve) is one entry whose Front value is read from
#: ``one_four_twelve`` and whose Back is ``""``.
SetList = tuple[tuple[tuple[int, ...], str, str], ...]

#: Set One (figure 15.1, 2737-2785), in the chapter's month numbers.
SET_ONE: SetList = (
    ((1, 2, 3), "points", "points"), ((1, 2, 10), "points", "points"),
    ((3, 4, 5), "points", "points"), ((4, 6, 11), "points", "points"),
    ((5, 10, 12), "automatic", "points"), ((7, 5, 3), "points", "points"),
    ((7, 8, 9), "points", "points"), ((8, 4, 6), "points", "points"),
    ((8, 4, 6, 11), "points", "points"), ((8, 4, 11), "points", "points"),
    ((9, 11, 3), "points", "points"), ((10, 9, 6), "points", "points"),
)
#: Set Two (figure 15.2, 2791-2831); (1, 4, 12) is One Four Twelve, an automatic win.
SET_TWO: SetList = (
    ((1, 2, 3), "points", "points"), ((1, 2, 10), "points", "points"),
    ((1, 4, 12), "any", ""), ((3, 4, 5), "points", "points"),
    ((5, 10, 12), "points", "automatic"), ((7, 8, 9), "points", "points"),
    ((7, 8, 9, 10), "points", "points"), ((8, 9, 10), "points", "points"),
    ((9, 11, 3), "points", "points"), ((10, 7, 8), "points", "points"),
    ((10, 9, 6), "points", "points"),
)

_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Eleven", "Twelve")


def month_of(number: int, order: str = "japanese") -> int:
    """The standard month (1-12) a yaku number names in a month order: itself in the
    standard order; in Tensho's, Two is the Willow (11), Six the Paulownia (12), Eleven
    the Peony (6), Twelve the Plum (2).

    >>> [month_of(n, "tensho") for n in (1, 2, 6, 11, 12)]
    [1, 11, 12, 6, 2]
    """
    return MONTH_ORDERS[order].index(number) + 1


def _words(numbers: tuple[int, ...]) -> str:
    """A yaku's numbers as its name says them: (8, 4, 11) is "Eight Four Eleven"."""
    return " ".join(_WORDS[n - 1] for n in numbers)


def _front(month: int) -> Card:
    """The month's first card (its Bright or Ten; the Phoenix for the Paulownia)."""
    return Card(4 * (month - 1))


def _back(month: int) -> Card:
    """The month's Ribbon; the Geese for the Susuki, the Phoenix for the Paulownia."""
    if month == 12:
        return Card.PAULOWNIA_PHOENIX
    return Card(42) if month == 11 else Card(4 * (month - 1) + 1)


def _month_cards(month: int) -> tuple[Card, ...]:
    """The month's cards in the 45-card deck."""
    return (Card.PAULOWNIA_PHOENIX,) if month == 12 else tuple(
        Card(4 * (month - 1) + i) for i in range(4))


def _rule(key: str, name: str, months: tuple[int, ...], value: str, source: Source,
          cards: tuple[Card, ...] = (), slots: tuple[tuple[Card, ...], ...] = (),
          note: str = "", group: str = "tensho") -> YakuRule:
    auto = value == "automatic"
    points = 0 if auto else FRONT_POINTS if key.startswith(("front", "any")) else BACK_POINTS
    return YakuRule(key, name, "", points, cards=cards, slots=slots, group=group,
                    source=source, automatic_win=auto,
                    note=note + ("; an automatic win: it wins the round at once" if auto
                                 else ""))


def yaku_table(entries: SetList, order: str, source: Source, one_four_twelve: str = "any",
               back_reading: str = "ribbon", nested_yaku: str = "all") -> YakuTable:
    """One yaku set under the month ``order`` the numbers are read in and our readings
    (the options ``one_four_twelve``, ``back_reading``, ``nested_yaku``)."""
    rules: list[YakuRule] = []
    families: dict[tuple[int, ...], str] = {}
    if nested_yaku == "largest_only":       # each four-number set with its three-number sets
        for numbers, _, _ in entries:
            if len(numbers) == 4:
                for other, _, _ in entries:
                    if len(other) == 3 and set(other) <= set(numbers):
                        families[other] = families[numbers] = "_".join(map(str, numbers))
    groups = [YakuGroup("tensho", "Tensho yaku", "each")]
    for family in dict.fromkeys(families.values()):
        # named for readers by the largest yaku's own name ("Front Eight Four Eleven
        # Twelve"), not by the key's numbers
        words = _words(tuple(int(n) for n in family.split("_")))
        groups += [YakuGroup(f"{side.lower()}_{family}",
                             f"{side} {words} and the yaku inside it", "one_of")
                   for side in ("Front", "Back")]
    # a four-number set before its three-number sets: of equal points, the best of a
    # group is the first, and "largest only" means the four-number set
    ordered = sorted(entries, key=lambda e: -len(e[0])) if families else entries
    for numbers, front, back in ordered:
        months = tuple(month_of(n, order) for n in numbers)
        tag = "_".join(map(str, numbers))
        words = _words(numbers)
        fam = families.get(numbers)
        if front == "any":          # One Four Twelve / One Six Four: no Front or Back
            if one_four_twelve == "any":
                slots = tuple(_month_cards(m) for m in months)
                rules.append(_rule(f"any_{tag}", words, months, "automatic", source,
                                   cards=tuple(s[-1] for s in slots), slots=slots,
                                   note="a card of each of the three months"))
            else:
                cards = tuple(_front(m) for m in months)
                if one_four_twelve == "front_and_back":
                    cards = tuple(dict.fromkeys(cards + tuple(_back(m) for m in months)))
                rules.append(_rule(f"any_{tag}", words, months, "automatic", source,
                                   cards=cards))
            continue
        rules.append(_rule(f"front_{tag}", f"Front {words}", months, front, source,
                           cards=tuple(_front(m) for m in months),
                           group=f"front_{fam}" if fam else "tensho",
                           note="cards inferred: the first card of each month"))
        if back_reading == "ribbon":
            rules.append(_rule(f"back_{tag}", f"Back {words}", months, back, source,
                               cards=tuple(_back(m) for m in months),
                               group=f"back_{fam}" if fam else "tensho",
                               note="cards inferred: the Ribbon of each month (the Geese "
                                    "for the Susuki, the Phoenix for the Paulownia)"))
        else:
            slots = tuple(_month_cards(m)[1:] or _month_cards(m) for m in months)
            rules.append(_rule(f"back_{tag}", f"Back {words}", months, back, source,
                               cards=tuple(s[0] for s in slots), slots=slots,
                               group=f"back_{fam}" if fam else "tensho",
                               note="any card of each month but its first"))
    return YakuTable(tuple(groups), tuple(rules), source=source)


#: The option naming the reading of the automatic win named by numbers alone, per game.
AUTOMATIC_KEY: Mapping[str, str] = {"tensho-simplified": "one_four_twelve",
                                    "tensho": "one_six_four"}


def _options(src: Any, auto_key: str = "one_four_twelve") -> tuple[Option, ...]:
    return (
        Option("players", 2, (2,), "two players (6 cards each, 9 to the field, 6 set aside)",
               src("setup")),
        Option("rounds", 6, (1, 3, 6, 12), "the number of rounds, agreed by the players",
               src("rounds")),
        Option("yaku_set", "one", ("one", "two"),
               "the yaku set, Set One or Set Two, for the whole game", src("set")),
        Option("set_each_round", False, (False, True),
               "the dealer chooses the yaku set before each round (the chapter's own way)",
               src("set")),
        Option(auto_key, "any", ("any", "front", "front_and_back"),
               "the cards of the automatic win named by three numbers alone: a card of "
               "each of its months (our reading), their first cards, or their first cards "
               "and Ribbons", src("automatic_named")),
        Option("back_reading", "ribbon", ("ribbon", "any_other"),
               "a Back yaku's cards: the Ribbon of each named month (our reading; the Geese "
               "for the Susuki, the Phoenix for the Paulownia) or any card of the month but "
               "its first", src("set_one")),
        Option("nested_yaku", "all", ("all", "largest_only"),
               "a four-month yaku also scores the three-month yaku inside it (each yaku "
               "counts), or only the largest scores", src("set_one")),
        Option("lone_card_on_play", False, (False, True),
               "the Phoenix dealt to a hand stays there and goes to the pile when played, "
               "instead of at once", src("lone")),
        Option(COUNTING_ROUNDS, True, (True,),
               "the most rounds won wins the game; the total of the round scores breaks a "
               "tie", src("score")),
    )


_OPTION_LIST = _options(_src)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent (shown in "Sources and differences").
DECISIONS: Mapping[str, str] = {
    "Front and Back": "The pictures that showed the yaku are lost. We read Front as the "
        "first card of each named month (its Bright or Ten) and Back as its Ribbon; the "
        "Susuki has no Ribbon, so its Back is the Geese, and the Phoenix, the only card "
        "of its month, is both. Front One Two Three is then the Crane, the Nightingale "
        "and the Curtain, and Back One Two Three the three Poetry Ribbons.",
    "An automatic win named by numbers alone": "One of the automatic wins names three "
        "months and no Front or Back: any card of each of the three months makes it.",
    "Yaku inside a larger yaku": "Each yaku counts, so a four-month yaku also scores the "
        "three-month yaku made of its cards.",
    "The lone card": "The chapter says its holder may take it. It can only help, so it "
        "always goes to the pile: at the deal from a hand, at once when drawn.",
    "A tied round": "After the Chaffs and the card points, a round still tied goes to "
        "nobody, and the dealer deals again.",
    "A tied game": "The most rounds won wins; tied on rounds, the higher total of round "
        "scores; still tied, the game is shared.",
    "The yaku set": "One set for the whole game, agreed before the first deal; as a house "
                    "rule the dealer picks the set before each round, as the first move "
                    "of the round, and the computer dealer takes the set under which the "
                    "cards it can see (its hand and the field) already score more.",
    "The number of rounds": "Six rounds unless the players agree on another number.",
    "The second example's name": "The second example names Front Four Three Five: the "
        "chart's Front Three Four Five.",
}

def _nested_step(rules: CaptureRules) -> str:
    """The scoring step on yaku inside a larger yaku, read from the chart: under "largest
    only" (the option ``nested_yaku``) a four-number yaku and the three-number yaku made
    of its cards share an "only the best" group, otherwise every yaku counts."""
    nested = any(g.mode == "one_of" for g in rules.yaku.groups)
    return ("Where a larger yaku holds smaller ones made of its cards, only the larger one "
            "counts: leave the smaller ones out." if nested else
            "A larger yaku and the smaller ones made of its cards all count.") + (
        " A tied round goes to the player with more Chaffs, then to the higher card value.")


SCORING_STEPS: tuple[tuple[str, str, Any], ...] = (("after", "find_yaku", _nested_step),)

PRESETS: Mapping[str, Mapping[str, Any]] = {"book": {}, "book-set-two": {"yaku_set": "two"}}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-set-two": BOOK}
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, Set One",
                                    "book-set-two": "Rulebook, Set Two"}
GOAL = ("Capture the cards of the numbered yaku of your set: the higher yaku total wins the "
        "round, an automatic win takes it at once, and the most rounds won wins the game.")

#: Piles scored on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The Curtain, the Cuckoo and the Bridge", "3a 4a 5a"),
    ("The Crane, the Nightingale and the Curtain", "1a 2a 3a"),
    ("The Crane, the Rainman and the Curtain", "1a 11a 3a"),
    ("The Moon, the Cuckoo, the Butterfly and the Rainman", "8a 4a 6a 11a"),
    ("A Pine Chaff, a Wisteria Chaff and the Phoenix", "1c 4c 12a"),
)



def build_rules(name: str, key: str, preset: str, items: tuple[tuple[str, Any], ...],
                sets: tuple[SetList, SetList], order: str, values: tuple[tuple[Card, int], ...],
                book: Source, source_of: Any) -> CaptureRules:
    """The engine rules of Tensho (Simplified) or Tensho: the same game with its own yaku
    numbers, month order and card values."""
    v = dict(items)

    def chart(which: int) -> tuple[YakuTable, CardValueSettlement]:
        table = yaku_table(sets[which], order, source_of("set_two" if which else "set_one"),
                           v[AUTOMATIC_KEY[key]], v["back_reading"], v["nested_yaku"])
        return table, CardValueSettlement(values=(1, 1, 1, 1), card_values=values,
                                          chart=table, count_cards=False,
                                          round_tie=("most_chaffs", "card_points"),
                                          source=book)

    table, overlay = chart(1 if v["yaku_set"] == "two" else 0)
    round_rules = None
    if v["set_each_round"]:
        # B12: the dealer picks Set One or Set Two before each round
        charts = {"one": chart(0), "two": chart(1)}
        round_rules = RoundRules("yaku_set", partial(_chosen_chart, charts), ("one", "two"),
                                 ("Set One", "Set Two"))
    return CaptureRules(
        name=name, key=key, preset=preset, options=items,
        deck=tuple(c for c in deck_for(key) if isinstance(c, Card)),
        players=2, deals={2: (6, 9)}, aside=6, misdeal=MisdealRules(True, True, False),
        round_end="hands_empty", rounds=v["rounds"], yaku=table, overlay=overlay,
        lone_cards=(LONE_CARD,), lone_on_play=v["lone_card_on_play"], month_order=order,
        round_rules=round_rules)


def _chosen_chart(charts: Mapping[str, tuple[YakuTable, CardValueSettlement]],
                  rules: CaptureRules, _round_no: int, choice: str) -> CaptureRules:
    """The round's rules with the chart the dealer chose (B12; a function of the module,
    not a closure, so that rules and rounds pickle)."""
    t, o = charts[choice]
    return replace(rules, yaku=t, overlay=o)


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    return build_rules("Tensho (Simplified)", "tensho-simplified", preset, items,
                       (SET_ONE, SET_TWO), "japanese", CARD_VALUES, BOOK, _src)


RULE_SETS = RuleSets("Tensho (Simplified)", PRESETS, OPTIONS, _build, cache=32)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
