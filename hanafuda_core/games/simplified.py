"""The rulebook's Simplified Game for Beginners (ch. 4) as data.

Two to four players play every card out; each player scores the card values
they captured (Bright 20, Ten 10, Ribbon 5, Chaff 1). Once players know the
game, a short chart of simple yaku may be added (option ``simple_yaku``, off by
default; preset ``"book-yaku"`` turns it on). Each yaku counts once a round:
twenty Chaffs still make one "Any 10 Chaffs".

>>> rules = get_rules("book", players=4)
>>> rules.deals[4], rules.rounds, rules.yaku is None     # the chart is off by default
((5, 8), 12, True)
>>> from hanafuda_core.cards import CardSet
>>> get_rules("book-yaku").yaku.points(CardSet.parse("1a 3a 8a").mask)
30

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import POETRY_RIBBONS, PURPLE_RIBBONS
from ..cards import KIND_MASKS, Card, CardSet, Kind
from ..deal import MisdealRules
from ..engines.capture import CaptureRules
from ..families.capture.ranking import tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_EXAMPLE",
    "BOOK_EXAMPLE_CHAFFS",
    "DECISIONS",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORE_EXAMPLES",
    "SCORING_STEPS",
    "SIMPLE_YAKU",
    "chapter_facts",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 4 Simplified Game for Beginners", "657-770")
BOOK_YAKU = Source("BOOK", "ch. 4 Simplified Game for Beginners, Additional Scoring (Yaku)",
                   "657-770")
BOOK_BASICS = Source("BOOK", "ch. 3 Before You Begin", "547-656")

C = Card
_EACH = (YakuGroup("simple", "Simple yaku", "each"),)

#: The simple yaku chart (the chapter's Figure 4.1). Each yaku scores its points once,
#: however many cards beyond its count the pile holds.
SIMPLE_YAKU: tuple[YakuRule, ...] = (
    YakuRule("three_brights", "Any 3 Brights", "三光 Sankō", 30, kinds=(Kind.BRIGHT,),
             count=3, group="simple", source=BOOK_YAKU,
             note="any three of the five Brights, the Rainman included"),
    YakuRule("five_tens", "Any 5 Tens", "タネ Tane", 20, kinds=(Kind.TEN,), count=5,
             group="simple", source=BOOK_YAKU),
    POETRY_RIBBONS.rule(20, group="simple", source=BOOK_YAKU),
    PURPLE_RIBBONS.rule(20, group="simple", source=BOOK_YAKU),
    YakuRule("plain_ribbons", "4 Plain Ribbons", "短冊 Tanzaku", 20,
             cards=(C.WISTERIA_RIBBON, C.IRIS_RIBBON, C.CLOVER_RIBBON, C.WILLOW_RIBBON),
             group="simple", source=BOOK_YAKU,
             note="all four Plain Ribbons (April, May, July and November)"),
    YakuRule("ten_chaffs", "Any 10 Chaffs", "カス Kasu", 10, kinds=(Kind.CHAFF,), count=10,
             group="simple", source=BOOK_YAKU,
             note="claimed once a round: twenty Chaffs are still one Any 10 Chaffs"),
)
_TABLE = YakuTable(_EACH, SIMPLE_YAKU, source=BOOK_YAKU)

_OPTION_LIST = (
    Option("players", 2, (2, 3, 4), "number of players: 2 (8 cards each, 8 to the field), "
           "3 (7 each, 6 to the field) or 4 (5 each, 8 to the field)", BOOK),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: a season (3), half a year "
           "(6) or a full year (12); any count from 1 to 12 for short games", BOOK_BASICS),
    Option("simple_yaku", False, (False, True), "add the simple yaku chart to the card "
           "points (each yaku once a round per player)", BOOK_YAKU),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "A tied round": tied_round_decision(),
}

#: The game's own scoring step, read by the teaching layer (``teach.scoring_steps``),
#: placed after the step that says which yaku count.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "each",
     "With the simple yaku, each one counts once a round, whatever you add to it: twenty "
     "Chaffs are still a single Any 10 Chaffs."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-yaku": {"simple_yaku": True},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-yaku": BOOK_YAKU}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture the cards worth the most. When every card has been played, each player adds "
        "up the value of what they took; after the agreed number of rounds the highest total "
        "wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-yaku": "Rulebook with the simple yaku"}

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("Three Brights, the Sake Cup and two Poetry Ribbons", "1a 3a 8a 9a 1b 2b"),
    ("The three Poetry Ribbons", "1b 2b 3b"),
    ("Ten Chaffs", "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"),
)

#: The chapter's worked example (its figure 4.2; seed examples BK04-1 and BK04-2): three
#: Brights, five Tens, three Plain Ribbons and five Chaffs. The card values alone make
#: 130; with the simple yaku, Any 3 Brights and Any 5 Tens add 50, for 180 (three Plain
#: Ribbons are one short of 4 Plain Ribbons).
BOOK_EXAMPLE = "1a 3a 8a 2a 4a 5a 6a 7a 4b 5b 7b 1c 1d 2c 2d 3c"

#: The chapter's once-a-round example (seed example BK04-3): twenty Chaffs still claim
#: Any 10 Chaffs only once.
BOOK_EXAMPLE_CHAFFS = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d 10c 10d"

#: The rulebook's examples as the chapter scores them with the simple yaku
#: (``teach.show_score_example``): (label, cards, go-on calls).
SCORE_EXAMPLES: tuple[tuple[str, str, int], ...] = (
    ("The example pile with the simple yaku", BOOK_EXAMPLE, 0),
    ("Twenty Chaffs with the simple yaku", BOOK_EXAMPLE_CHAFFS, 0),
)

_DEALS = {2: (8, 8), 3: (7, 6), 4: (5, 8)}


def chapter_facts(prefix: str = "si") -> dict[str, object]:
    """The numbers the chapter's prose names about the rulebook's examples, keyed
    ``<prefix>_<name>`` for ``{glue:text}``: what each kind of card in
    :data:`BOOK_EXAMPLE` is worth (``ex_bright``, ``ex_ten``, ``ex_ribbon``,
    ``ex_chaff``), then for that pile (``ex``) and for :data:`BOOK_EXAMPLE_CHAFFS`
    (``chaffs``) the card points, the simple yaku and the total with the chart
    (``_cards``, ``_yaku``, ``_total``).

    >>> f = chapter_facts()
    >>> f["si_ex_bright"], f["si_ex_ten"], f["si_ex_ribbon"], f["si_ex_chaff"]
    (60, 50, 15, 5)
    >>> f["si_ex_cards"], f["si_ex_yaku"], f["si_ex_total"]
    (130, 50, 180)
    >>> f["si_chaffs_cards"], f["si_chaffs_yaku"], f["si_chaffs_total"]
    (20, 10, 30)
    """
    plain, with_yaku = get_rules(), get_rules("book-yaku")
    pile = CardSet.parse(BOOK_EXAMPLE).mask
    values: dict[str, object] = {f"ex_{k.value}": plain.overlay.card_points(pile & KIND_MASKS[k])
                                 for k in Kind}
    for tag, cards in (("ex", BOOK_EXAMPLE), ("chaffs", BOOK_EXAMPLE_CHAFFS)):
        fig = with_yaku.overlay.pile_figures(with_yaku, CardSet.parse(cards).mask)
        values.update({f"{tag}_cards": fig["card_points"],
                       f"{tag}_yaku": fig["optional_yaku_points"],
                       f"{tag}_total": fig["total"]})
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    overlay = CardValueSettlement(optional_chart=_TABLE, optional_on=v["simple_yaku"],
                                  source=BOOK)
    return CaptureRules(
        name="Simplified Game for Beginners", key="simplified", preset=preset, options=items,
        players=v["players"], deals={v["players"]: _DEALS[v["players"]]},
        misdeal=MisdealRules(True, True, True), rounds=v["rounds"],
        yaku=_TABLE if v["simple_yaku"] else None, overlay=overlay)


RULE_SETS = RuleSets("Simplified Game for Beginners", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules

