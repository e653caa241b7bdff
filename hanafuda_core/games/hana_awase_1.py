"""The rulebook's Hana-Awase 1 (ch. 6) as data.

Three or four players play every card out (7 each and 6 to the field for three, 5 each
and 8 to the field for four); each player scores the card values they captured (Bright
20, Ten 10, Ribbon 5, Chaff 1) plus their yaku, in four groups: the Bright and the
Views groups pay only their best yaku, the Ribbon and the Other groups pay every yaku.
Only a dealt quad (on the field or in a hand) is a misdeal.

>>> rules = get_rules()
>>> rules.deals, get_rules(players=4).deals, rules.rounds
({3: (7, 6)}, {4: (5, 8)}, 12)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1a 3a 8a 11a 12a 9a").mask)      # 5 Brights + Flower Viewing
105

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`); Winner Takes
All is the family's round adjustment and the Dealer Tie Breaker its rule for a tied
round:

>>> overlay = get_rules(winner_takes_all=True, dealer_tie=True).overlay
>>> overlay.adjustments, overlay.round_tie
((WinnerTakesAll(name='Winner Takes All'),), 'dealer_then_play_order')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import (
    BOAR_DEER_BUTTERFLY,
    FIVE_BRIGHTS,
    FLOWER_VIEWING,
    FOUR_DRY_BRIGHTS,
    MOON_VIEWING,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
    SPRING_SEMI_BRIGHTS,
)
from ..cards import Card, Kind
from ..engines.capture import CaptureRules
from ..families.capture.adjustments import WinnerTakesAll
from ..families.capture.ranking import (
    counting_rounds_option,
    first_dealer_tie_option,
    tied_round_decision,
)
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_QR",
    "BOOK_VAR",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLE_PILE",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "YAKU",
    "YAKU_GROUPS",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 6 Hana-Awase 1", "909-1004")
BOOK_VAR = Source("BOOK", "ch. 6 Hana-Awase 1, gameplay variations", "989-999")
BOOK_QR = Source("BOOK", "Quick Reference, Hana-Awase 1", "8221-8262")

C = Card

#: The chapter's four yaku groups (Figures 6.1-6.4): "one of" pays the group's best
#: yaku only, "each" pays every yaku the pile makes.
YAKU_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "one_of"),
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("views", "Views yaku", "one_of"),
    YakuGroup("others", "Other yaku", "each"),
)

_BRIGHTS = Source("BOOK", "ch. 6 Hana-Awase 1, Figure 6.1 Bright Yaku", "951-957")
_RIBBONS = Source("BOOK", "ch. 6 Hana-Awase 1, Figure 6.2 Ribbon Yaku", "965-975")
_VIEWS = Source("BOOK", "ch. 6 Hana-Awase 1, Figure 6.3 Views Yaku", "979-981")
_OTHERS = Source("BOOK", "ch. 6 Hana-Awase 1, Figure 6.4 Other Yaku", "983")

#: The chapter's yaku chart (Figures 6.1-6.4).
YAKU: tuple[YakuRule, ...] = (
    FIVE_BRIGHTS.rule(75, group="brights", source=_BRIGHTS),
    FOUR_DRY_BRIGHTS.rule(
        50, group="brights", source=_BRIGHTS,
        note="the four Brights other than the Rainman; the Quick Reference prints "
             "'5 Dry Brights', which cannot be made (there are only four dry Brights): "
             "we follow the chapter"),
    SPRING_SEMI_BRIGHTS.rule(35, group="brights", source=_BRIGHTS),
    YakuRule("seven_dry_ribbons", "Any 7 Dry Ribbons", "", 50, kinds=(Kind.RIBBON,),
             count=7, dry=True, group="ribbons", source=_RIBBONS,
             note="any seven Ribbons other than November's"),
    POETRY_RIBBONS.rule(35, group="ribbons", source=_RIBBONS),
    PURPLE_RIBBONS.rule(35, group="ribbons", source=_RIBBONS),
    FLOWER_VIEWING.rule(30, group="views", source=_VIEWS),
    MOON_VIEWING.rule(20, group="views", source=_VIEWS),
    BOAR_DEER_BUTTERFLY.rule(35, group="others", source=_OTHERS),
)
_TABLE = YakuTable(YAKU_GROUPS, YAKU, source=BOOK)

_OPTION_LIST = (
    Option("players", 3, (3, 4), "number of players: 3 (7 cards each, 6 to the field) or "
           "4 (5 each, 8 to the field)", BOOK),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); "
           "any count from 1 to 12 for short games", BOOK),
    Option("field_four", "misdeal", ("misdeal", "dealer_captures"),
           "four cards of a month dealt to the field: redeal (the chapter), or the dealer "
           "captures them and the field is refilled ('Four of a Kind is Not a Misdeal')",
           BOOK_VAR),
    Option("winner_takes_all", False, (False, True), "Winner Takes All: the round's winner "
           "scores the sum of every player's score for the round, the others nothing",
           BOOK_VAR,
           note="Without the Dealer Tie Breaker, a round with equal best scores has no "
                "winner and every score stands."),
    Option("dealer_tie", False, (False, True), "Dealer Tie Breaker: a tied round goes to "
           "the dealer if the dealer is among the tied players, else to the tied player "
           "nearest the dealer's right", BOOK_VAR,
           note="Play goes counterclockwise, so the player on the dealer's right plays "
                "next: the tie goes to the first tied seat in play order from the dealer."),
    counting_rounds_option(BOOK_VAR),
    first_dealer_tie_option(BOOK_VAR),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "A tied round": tied_round_decision(aside=" (its Dealer Tie Breaker is a variation)"),
    "Two players": "The chapter deals for three or four players only, so we do not offer "
                   "a two-player game.",
    "Winner Takes All": "The chapter gives the round's winner the sum of every score but "
                        "does not say what the others score; Matching Flowers' same "
                        "variation says they score nothing, and so do we. After a tie that "
                        "nobody breaks, nobody takes all and the scores stand.",
}

#: The game's own scoring step, read by the teaching layer (``teach.scoring_steps``),
#: placed after the step that says which yaku count.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "each",
     "The yaku come in four groups. From the Bright group and the Views group you score "
     "only your best yaku; from the Ribbon group and the Other group you score every yaku "
     "you made."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-4": {"players": 4},
    "book-6": {"rounds": 6},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-4": BOOK, "book-6": BOOK}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and make yaku from them: each round you score your cards' "
        "values plus your yaku, and after the agreed number of rounds the highest total wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, three players",
                                    "book-4": "Rulebook, four players",
                                    "book-6": "Rulebook, half a year (6 rounds)"}

#: The chapter's scoring example (lines 967-973): four Brights, five Tens (the Boar, the
#: Deer and the Butterfly among them), three Ribbons and six Chaffs; 151 + 35 = 186.
EXAMPLE_PILE = "1a 8a 11a 12a 2a 4a 6a 7a 10a 1b 4b 5b 1c 1d 4c 4d 5c 5d"

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The chapter's example: four Brights, the Boar, the Deer and the Butterfly",
     EXAMPLE_PILE),
    ("The Moon, the Sake Cup, the Curtain and the three Poetry Ribbons", "8a 9a 3a 1b 2b 3b"),
)

_DEALS = {3: (7, 6), 4: (5, 8)}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    overlay = CardValueSettlement(
        chart=_TABLE, source=BOOK,
        adjustments=(WinnerTakesAll(),) if v["winner_takes_all"] else (),
        round_tie="dealer_then_play_order" if v["dealer_tie"] else "none")
    rules = CaptureRules(
        name="Hana-Awase 1", key="hana-awase-1", preset=preset, options=items,
        players=v["players"], deals={v["players"]: _DEALS[v["players"]]},
        misdeal=misdeal_rules("hana-awase-1"),
        on_field_four="dealer_captures" if v["field_four"] == "dealer_captures" else "redeal",
        rounds=v["rounds"], yaku=_TABLE, overlay=overlay)
    return rules


RULE_SETS = RuleSets("Hana-Awase 1", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules

