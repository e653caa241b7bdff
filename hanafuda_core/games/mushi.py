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
from ..cards import Card, CardSet, Kind
from ..deal import MisdealRules
from ..engines.capture import MUSHI_WILD, CaptureRules
from ..families.capture.ranking import counting_rounds_option, tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_EXAMPLE_B_AS_PRINTED",
    "BOOK_EXAMPLE_PILES",
    "DECISIONS",
    "OPTIONS",
    "PAR",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORE_EXAMPLES",
    "SCORING_STEPS",
    "YAKU",
    "chapter_facts",
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

#: The chapter's worked example (its figure 8.2; seed example BK08-1), a whole round's
#: piles. A: 4 Brights, 3 Tens, 3 Ribbons, 6 Chaffs (131 card points) with Spring
#: Semi-Brights and All 4 Paulownia (35); B: the other 24 cards, 1 Bright, 4 Tens,
#: 5 Ribbons, 14 Chaffs (99) with All 4 Wisteria (10). A: (131 - 115) + 35 - 10 = 41;
#: B: (99 - 115) + 10 - 35 = -41.
BOOK_EXAMPLE_PILES: Mapping[str, str] = {
    "A": "1a 3a 8a 12a 2a 5a 9a 1b 2b 3b 12b 12c 12d 1c 1d 2c",
    "B": "11a 4a 8b 10a 11b 4b 5b 9b 10b 11c 2d 3c 3d 4c 4d 5c 5d 8c 8d 9c 9d 10c 10d 11d",
}

#: B's pile as the chapter's prose counts it (Brights, Tens, Ribbons, Chaffs): 32 cards,
#: more than the 40-card deck leaves beside A's 16 (and worth 133, not 99). The counts in
#: the chapter's own formula (1, 4, 5, 14) are the ones that fit: :data:`BOOK_EXAMPLE_PILES`.
BOOK_EXAMPLE_B_AS_PRINTED: tuple[int, int, int, int] = (1, 6, 7, 18)

#: The example's piles as the chapter scores them one by one (``teach.show_score_example``):
#: (label, cards, go-on calls). Each is scored before the other side's yaku come off.
SCORE_EXAMPLES: tuple[tuple[str, str, int], ...] = (
    ("Player A's pile, before B's yaku come off", BOOK_EXAMPLE_PILES["A"], 0),
    ("Player B's pile, before A's yaku come off", BOOK_EXAMPLE_PILES["B"], 0),
)

_KINDS = (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)


def chapter_facts(prefix: str = "mu") -> dict[str, object]:
    """The numbers the chapter's prose names about the rulebook's example, keyed
    ``<prefix>_<name>`` for ``{glue:text}``: the par and the deck (``par``,
    ``deck_cards``, ``deck_points``); for each side ``a`` and ``b`` of
    :data:`BOOK_EXAMPLE_PILES` the cards (``ex_a_n``) and each kind's count
    (``ex_a_bright`` ...), the card points (``ex_a_cards``), the yaku (``ex_a_yaku``), the
    score before the other side's yaku come off (``ex_a_own``, as
    :data:`SCORE_EXAMPLES` shows it) and the round's score (``ex_a_total``); and B as the
    chapter's prose counts it (``ex_b_printed_<kind>``, ``ex_b_printed_n``, and
    ``ex_printed_n`` with A's cards).

    >>> f = chapter_facts()
    >>> f["mu_ex_a_cards"], f["mu_ex_a_yaku"], f["mu_ex_a_own"], f["mu_ex_a_total"]
    (131, 35, 51, 41)
    >>> f["mu_ex_b_cards"], f["mu_ex_b_yaku"], f["mu_ex_b_own"], f["mu_ex_b_total"]
    (99, 10, -6, -41)
    >>> f["mu_ex_b_n"], f["mu_ex_b_printed_n"], f["mu_ex_printed_n"], f["mu_deck_cards"]
    (24, 32, 48, 40)
    """
    rules = get_rules()
    overlay = rules.overlay
    piles = {who: CardSet.parse(cards) for who, cards in BOOK_EXAMPLE_PILES.items()}
    round_scores = overlay.side_scores(tuple(p.mask for p in piles.values()))
    values: dict[str, object] = {"par": PAR, "deck_cards": len(rules.deck),
                                 "deck_points": overlay.card_points(CardSet(rules.deck).mask)}
    for (who, pile), side in zip(piles.items(), round_scores, strict=True):
        w = who.lower()
        alone = overlay.pile_figures(rules, pile.mask)
        values.update({f"ex_{w}_n": len(pile), f"ex_{w}_cards": alone["card_points"],
                       f"ex_{w}_yaku": alone["yaku_points"], f"ex_{w}_own": alone["total"],
                       f"ex_{w}_total": side.total})
        values.update({f"ex_{w}_{k.value}": pile.count(k) for k in _KINDS})
    values.update({f"ex_b_printed_{k.value}": n
                   for k, n in zip(_KINDS, BOOK_EXAMPLE_B_AS_PRINTED, strict=True)})
    values["ex_b_printed_n"] = sum(BOOK_EXAMPLE_B_AS_PRINTED)
    values["ex_printed_n"] = len(piles["A"]) + sum(BOOK_EXAMPLE_B_AS_PRINTED)
    return {f"{prefix}_{k}": v for k, v in values.items()}



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
