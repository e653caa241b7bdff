"""The rulebook's Hachi-juu Hana, "Eighty Flowers" (ch. 10) as data.

Two or three players capture the whole deck; each scores the card values they took
(Bright 20, Ten 10, Ribbon 5, Chaff nothing) against a par (120 for two players, 80 for
three: the deck's 240 shared out) plus their yaku. The twelve yaku are the twelve months,
all four cards of a month, 20 points each; for yaku only, a November card may stand in
for any missing card (each card in one yaku only). A player dealt three cards of a month
may reveal them before the first play; capturing that month's fourth card makes its yaku
worth double. There are no misdeals: a month dealt whole to the field goes to the dealer.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.overlay.values, rules.overlay.par
({2: (8, 8)}, 12, (20, 10, 5, 0), 120)
>>> get_rules(players=3).deals, get_rules(players=3).overlay.par
({3: (7, 6)}, 80)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("4a 4b 11a 11b").mask)   # two Rain cards stand in
20

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`); the stand-in
cards are the yaku table's (:class:`~hanafuda_core.yaku.StandIns`), the revealed triples
the engine's declarations at the deal (:class:`~hanafuda_core.engines.capture.MonthSets`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import MONTH_NAMES, Card
from ..engines.capture import CaptureRules, MonthSets
from ..families.capture.ranking import tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import StandIns, YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_QR",
    "COMPARISON_PILES",
    "DECISIONS",
    "GROUPS",
    "OPTIONS",
    "PARS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "REVEAL",
    "SCORING_STEPS",
    "STAND_INS",
    "WORKED_EXAMPLE",
    "YAKU",
    "chapter_facts",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 10 Hachi-juu Hana", "1495-1610")
BOOK_QR = Source("BOOK", "Quick Reference, Hachi-juu Hana", "8431-8488")


#: One group: every month yaku made counts (Figure 10.1, "earn points from each").
GROUPS: tuple[YakuGroup, ...] = (YakuGroup("months", "Month yaku", "each"),)

_FIGURE = Source("BOOK", "ch. 10 Hachi-juu Hana, Figure 10.1 Month Yaku", "1569-1591")

#: The chapter's twelve yaku: all four cards of a month, 20 points each.
YAKU: tuple[YakuRule, ...] = tuple(
    YakuRule(f"month_{m}", f"All 4 {MONTH_NAMES[m - 1]}", "", 20,
             cards=tuple(Card(c) for c in range(4 * m - 4, 4 * m)), group="months",
             source=_FIGURE)
    for m in range(1, 13))

#: The four November cards "may be used as any month" for yaku (lines 1557, 1563).
NOVEMBER: tuple[Card, ...] = tuple(Card(c) for c in range(40, 44))
STAND_INS = StandIns(NOVEMBER, "months", source=BOOK.at("1557-1563"))

#: A month of three cards dealt to a hand may be revealed; its yaku is then worth double
#: (lines 1541-1549).
REVEAL = MonthSets(count=3, key="triple", verb="reveal", doubles="month_{month}",
                   source=BOOK.at("1541-1549"))

_TABLES = {doubles: YakuTable(GROUPS, YAKU, source=BOOK,
                              stand_ins=StandIns(NOVEMBER, "months", doubles,
                                                 STAND_INS.source))
           for doubles in (False, True)}

#: The par by player count: the deck's 240 card points shared out (lines 1527, 1531).
PARS: Mapping[int, int] = {2: 120, 3: 80}
_VALUES = (20, 10, 5, 0)
_DEALS = {2: (8, 8), 3: (7, 6)}

_OPTION_LIST = (
    Option("players", 2, (2, 3), "number of players: 2 (8 cards each, 8 to the field, a "
           "par of 120) or 3 (7 each, 6 to the field, a par of 80)", BOOK.at("1515-1537")),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); "
           "any count from 1 to 12 for short games", BOOK.at("1499")),
    Option("stand_in_doubles", False, (False, True), "a revealed month completed with a "
           "November stand-in is worth double too (our alternative reading; by default "
           "doubling needs the month's own four cards)", BOOK.at("1545"),
           note="The chapter speaks of capturing all four cards of the revealed month and "
                "says nothing of stand-ins there."),
    Option("field_quad_refill", True, (False, True), "after the dealer takes a month "
           "dealt whole to the field, the field is refilled from the stock (turned off, it "
           "stays four cards short)", BOOK.at("1529"),
           note="The chapter says only that the dealer captures the four cards; every "
                "'Four of a Kind is Not a Misdeal' variation of the rulebook refills the "
                "field."),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "Doubling needs the four real cards": "The chapter doubles a revealed month when the "
        "player captures all four of its cards. A month completed with a November stand-in "
        f"is therefore worth the usual {YAKU[0].points}, even if it was revealed (an option "
        "doubles it too).",
    "The field after the dealer's four": "The chapter says only that the dealer captures "
        "a month dealt whole to the field. We refill the field from the stock, as every "
        "'Four of a Kind is Not a Misdeal' variation of the rulebook does (an option leaves "
        "it four cards short).",
    "A month made only of stand-ins": "The chapter lets November cards stand in 'as any "
        "month' without a minimum, so two or more may complete a month of which the player "
        "holds only a card or two, or none at all.",
    "Several best assignments": "When the stand-ins can be placed in several ways worth the "
        "same, we use as few as possible, then complete the earliest months, and a month's "
        "missing cards take the November cards in card order; this is also the chapter's "
        "own choice in its example (January and March).",
    "Revealing is optional": "A player may keep a dealt three of a month hidden: revealing "
        "earns nothing unless the fourth card follows, and shows the others what to "
        "keep from you. A player dealt all four cards of a month has no three to reveal.",
    "A tied round": tied_round_decision(),
}

#: The game's own scoring steps, read by the teaching layer (``teach.scoring_steps``),
#: each placed after a shared step.
SCORING_STEPS: tuple[tuple[str, str, Any], ...] = (
    ("after", "each",
     "Each yaku is a whole month. When you count yaku (never card points) a November card "
     "may take the place of any missing card of another month, each November card in one "
     "yaku only; a month you revealed at the deal and then captured with its own four "
     "cards is worth double."),
    ("after", "par",
     lambda rules: f"The par is an even share of the pack: {PARS[2]} with two players, "
                   f"{PARS[3]} with three. Every player scores their own pile this way."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-3": {"players": 3},
    "book-6": {"rounds": 6},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-3": BOOK, "book-6": BOOK}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and whole months: each round you score your cards' values "
        "above an even share of the deck, plus 20 for each month you hold whole, and after "
        "the agreed number of rounds the highest total wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, two players",
                                    "book-3": "Rulebook, three players",
                                    "book-6": "Rulebook, half a year (6 rounds)"}

#: The chapter's scoring example (lines 1593-1605): two Brights, three Tens, four Ribbons
#: and seven Chaffs; two January, four February, two March, two April, two May and four
#: November cards. The text gives only these counts; this pile fits every one of them.
WORKED_EXAMPLE = "1a 1c 2a 2b 2c 2d 3b 3c 4a 4c 5b 5c 11a 11b 11c 11d"

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The chapter's example: four November cards complete January and March",
     WORKED_EXAMPLE),
    ("Two April cards and two November cards (the chapter's rule)", "4a 4b 11a 11b"),
    ("The four Brights other than the Rainman and three Tens, but no whole month",
     "1a 3a 8a 12a 2a 6a 7a"),
)


def chapter_facts(prefix: str = "hjh") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the card values, the deck's worth, the pars, the worked example's
    figures (and with February revealed), the yaku's points and the deals.

    >>> f = chapter_facts()
    >>> f["hjh_ex_cards"], f["hjh_ex_yaku"], f["hjh_ex_total"], f["hjh_deck"]
    (90, 60, 70, 240)
    """
    from ..cards import CardSet
    rules = get_rules(players=3)
    overlay = rules.overlay
    pile = CardSet.parse(WORKED_EXAMPLE)
    table = _TABLES[False]
    ev = table.evaluate(pile)
    revealed = table.score(pile.mask, 0, ["month_2"])[0]
    cards = overlay.card_points(pile.mask)
    bright, ten, ribbon, chaff = _VALUES
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "deck": overlay.card_points(CardSet.deck().mask),
        "par2": PARS[2], "par3": PARS[3],
        "ex_cards": cards, "ex_yaku": ev.total, "ex_total": cards - PARS[3] + ev.total,
        "ex_revealed_yaku": revealed, "ex_revealed_total": cards - PARS[3] + revealed,
        "month": YAKU[0].points, "month_doubled": 2 * YAKU[0].points,
        "hand2": _DEALS[2][0], "field2": _DEALS[2][1],
        "stock2": len(rules.deck) - 2 * _DEALS[2][0] - _DEALS[2][1],
        "hand3": _DEALS[3][0], "field3": _DEALS[3][1],
        "stock3": len(rules.deck) - 3 * _DEALS[3][0] - _DEALS[3][1],
        "rounds_half": PRESETS["book-6"]["rounds"], "rounds": OPTIONS["rounds"].default,
    }
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    players = v["players"]
    table = _TABLES[v["stand_in_doubles"]]
    overlay = CardValueSettlement(values=_VALUES, par=PARS[players], chart=table, source=BOOK)
    return CaptureRules(
        name="Hachi-juu Hana", key="hachijuu-hana", preset=preset, options=items,
        players=players, deals={players: _DEALS[players]},
        misdeal=misdeal_rules("hachijuu-hana"), on_field_four="dealer_captures",
        field_quad_refill=v["field_quad_refill"], rounds=v["rounds"], yaku=table,
        overlay=overlay, declarations=REVEAL)


RULE_SETS = RuleSets("Hachi-juu Hana", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
