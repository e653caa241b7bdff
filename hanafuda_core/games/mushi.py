"""The rulebook's Mushi (ch. 8) as data.

Two players, the 40-card deck (no June or July), and the Storm (the November
Chaff) as a wild card with its leftover rules (the capture engine's
:data:`~hanafuda_core.engines.capture.MUSHI_WILD`). Every card is played out;
each player then scores (card points - 115) + their yaku - the opponent's yaku,
so the two scores of a round add up to nothing when every card was captured
(see :func:`zero_sum` for the rare round in which November cards stay on the
field, nobody's).

>>> rules = get_rules()
>>> len(rules.deck), rules.deals[2], rules.overlay.par
(40, (8, 8), 115)
>>> sorted(r.key for r in rules.yaku.rules)
['five_brights', 'paulownia', 'spring_semi_brights', 'wisteria']
>>> sorted(r.key for r in get_rules(too_many_brights=True).yaku.rules)
['paulownia', 'spring_semi_brights', 'wisteria']

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import (
    FIVE_BRIGHTS,
    SPRING_SEMI_BRIGHTS,
    month_cards,
)
from ..cards import Card
from ..deal import MisdealRules
from ..engines.capture import MUSHI_WILD, CaptureRules
from ..families.capture.ranking import counting_rounds_option, tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = [
    "GOAL",
    "BOOK",
    "DECISIONS",
    "OPTIONS",
    "PAR",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "YAKU",
    "get_rules",
    "preset_options",
    "zero_sum",
]

BOOK = Source("BOOK", "ch. 8 Mushi", "1155-1264")
BOOK_VAR = Source("BOOK", "ch. 8 Mushi, gameplay variations", "1155-1264")
BOOK_QR = Source("BOOK", "Quick Reference, Mushi", "8311-8344")

#: Half the 40-card deck's 230 card points: a pile at par scores nothing.
PAR = 115

C = Card
_EACH = (YakuGroup("yaku", "Yaku", "each"),)


#: The chapter's Figure 8.1; every yaku a pile makes scores.
YAKU: tuple[YakuRule, ...] = (
    FIVE_BRIGHTS.rule(30, group="yaku", source=BOOK),
    SPRING_SEMI_BRIGHTS.rule(25, group="yaku", source=BOOK),
    YakuRule("wisteria", "All 4 Wisteria", "", 10, cards=month_cards(4), group="yaku",
             source=BOOK),
    YakuRule("paulownia", "All 4 Paulownia", "", 10, cards=month_cards(12), group="yaku",
             source=BOOK),
)

_OPTION_LIST = (
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); "
           "any count from 1 to 12 for short games", BOOK),
    Option("field_four", "misdeal", ("misdeal", "dealer_captures"),
           "four cards of a month dealt to the field: redeal (the chapter), or the dealer "
           "captures them and the field is refilled ('Four of a Kind is Not a Misdeal')",
           BOOK_VAR),
    Option("first_to_50", False, (False, True), "the first player whose total reaches 50 "
           "wins the game ('First to 50')", BOOK_VAR,
           note="We end the game after the round in which a total reaches 50; if both do, "
                "the higher total wins (the capture basics' game end)."),
    Option("too_many_brights", False, (False, True), "5 Brights is not a yaku ('Too Many "
           "Brights')", BOOK_VAR),
    counting_rounds_option(
        BOOK_VAR, note="It cannot be combined with 'First to 50': the two can name "
                       "different winners, so choose one."),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``);
#: the chapter's prose there tells the readings that need pictures or an example (the
#: Spring Semi-Brights' cards, the stranded November cards, the Storm on the field).
DECISIONS: Mapping[str, str] = {
    "A tied round": tied_round_decision("both scores"),
}

#: Mushi's own scoring steps, read by the teaching layer (``teach.scoring_steps``): each
#: goes "before" or "after" one of the procedure's shared steps. The leftovers are handed
#: out before anyone counts a card; the opponent's yaku come off after the par.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("before", "card_points",
     "Before counting, hand out the leftovers: the last November card on the field goes "
     "to the player who took the other two, and the card left of the month the Storm "
     "took goes to the player who used the Storm."),
    ("after", "par",
     "Take your opponent's yaku off your score: every yaku counts for the player who "
     "made it and against the other player."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-6": {"rounds": 6},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-6": BOOK}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture more card value than the par, and make yaku: every yaku you make is taken "
        "off your opponent's score.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-6": "Rulebook, half a year (6 rounds)"}

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The three spring cards, the Storm and the Sake Cup", "1a 2a 3a 11d 9a"),
    ("Three Poetry Ribbons", "1b 2b 3b"),
)



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    from .catalog import deck_for
    v = dict(items)
    chart = tuple(r for r in YAKU if not (v["too_many_brights"] and r.key == "five_brights"))
    table = YakuTable(_EACH, chart, source=BOOK)
    overlay = CardValueSettlement(par=PAR, chart=table, transfer_yaku=True,
                                  own_yaku_factor="opponents", source=BOOK)
    rules = CaptureRules(
        name="Mushi", key="mushi", preset=preset, options=items,
        deck=tuple(c for c in deck_for("mushi") if isinstance(c, Card)), players=2,
        deals={2: (8, 8)},
        misdeal=MisdealRules(True, True, True),
        on_field_four="dealer_captures" if v["field_four"] == "dealer_captures" else "redeal",
        rounds=v["rounds"], target_score=50 if v["first_to_50"] else None,
        yaku=table, overlay=overlay, wild=MUSHI_WILD, par=PAR)
    return rules


RULE_SETS = RuleSets("Mushi", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def zero_sum(rules: CaptureRules) -> bool:
    """Play-protocol hook: yes. With every card captured the two scores cancel (the
    deck's 230 points are twice the par, and each yaku is added once and taken once).
    Two rare endings leave November cards that the leftover rule gives to nobody: the
    three other November cards lying together after the Storm has gone (a hiki whose
    fourth card was the wild), or the Storm itself when no card of another month was
    turned up after it reached the field. The chapter names no owner, so they stay on
    the field; their points are the round's ``accounts`` ("left on the field"), and
    the two scores plus that sum to zero."""
    return True
