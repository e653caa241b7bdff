"""The rulebook's Six Hundred (ch. 9) as data.

Two or three players race to 600 points over as many rounds as it takes. Every card is
played out; a round scores the hand combinations each player claimed at the deal, the
values of the cards they captured (Brights and the Nightingale 50, other Tens, Ribbons
and the Special Paulownia 10, Chaffs nothing) and their yaku, in five groups: only the
Views group pays its best yaku alone, the others pay every yaku made. The Storm (the
November Chaff) is wild: played or turned up it takes any field card but a hiki, and
lying on the field any card may take it.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.target_score, rules.race_tie_break
({2: (8, 8)}, None, 600, ('four_dry_brights', 'seven_ribbons'))
>>> from hanafuda_core.cards import CardSet
>>> rules.overlay.card_points(CardSet.deck().mask)
490
>>> rules.yaku.points(CardSet.parse("1a 3a 8a 12a").mask)     # 4 Dry Brights + Crane-Moon-Phoenix
750

The settlement is the capture family's card-value settlement with values per card (A10)
and the hand combinations claimed at the deal (A11,
:class:`~hanafuda_core.families.capture.settlement.HandClaims`); the wild Storm is the
engine's :data:`~hanafuda_core.engines.capture.SIX_HUNDRED_WILD` (A12); Rain Until
Sunrise voids the Views yaku from the player's own pile (A13); the race to 600 and its
tie-break are the family's ranking (A6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import (
    BOAR_DEER_BUTTERFLY,
    CRANE_MOON_PHOENIX,
    FLOWER_VIEWING,
    FOUR_DRY_BRIGHTS,
    MOON_VIEWING,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
    SPRING_SEMI_BRIGHTS,
    THE_VIEWS,
    month_cards,
)
from ..cards import Card, CardSet, Kind
from ..engines.capture import SIX_HUNDRED_WILD, CaptureRules
from ..families.capture.adjustments import ScoringCanceled
from ..families.capture.settlement import CardValueSettlement, HandClaims
from ..rules import Option, RuleSets, Source
from ..teyaku import CHAFF, SUIT, TeyakuRule, TeyakuTable
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_HAND",
    "BOOK_QR",
    "BOOK_VAR",
    "BOOK_WILD",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLE_PILES",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "TEYAKU",
    "YAKU_GROUPS",
    "chapter_facts",
    "get_rules",
    "preset_options",
    "yaku_rules",
]

BOOK = Source("BOOK", "ch. 9 Six Hundred", "1265-1494")
BOOK_WILD = Source("BOOK", "ch. 9 Six Hundred, wild card", "1281-1295")
BOOK_HAND = Source("BOOK", "ch. 9 Six Hundred, Hand Combinations",
                   "1279-1291, 1333-1337, 1385-1401")
BOOK_VAR = Source("BOOK", "ch. 9 Six Hundred, gameplay variations", "1413-1489")
BOOK_QR = Source("BOOK", "Quick Reference, Six Hundred", "8345-8430")

C = Card


#: The chapter's five yaku groups (figures 9.1-9.5): only the Views group pays its best
#: yaku alone ("one of", 1365); the others pay every yaku made ("each of").
YAKU_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "each"),
    YakuGroup("views", "Views yaku", "one_of"),
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("others", "Other yaku", "each"),
    YakuGroup("months", "Month yaku", "each"),
)

#: The months with an "All 4" yaku (figure 9.5) and the lines that give them.
_MONTH_YAKU = ((1, "pine", "All 4 Pine", "1387"), (2, "plum", "All 4 Plum", "1391"),
               (3, "cherry", "All 4 Cherry", "1395"), (4, "wisteria", "All 4 Wisteria", "1397"),
               (8, "susuki", "All 4 Susuki Grass", "1401"), (10, "maple", "All 4 Maple", "1403"),
               (12, "paulownia", "All 4 Paulownia", "1405"))
_MONTH_POINTS = 50

#: The card values (1345, 1349; QR 8381): Bright, Ten, Ribbon, Chaff, then the cards
#: worth other than their kind.
VALUES = (50, 10, 10, 0)
CARD_VALUES: tuple[tuple[Card, int], ...] = ((C.PLUM_NIGHTINGALE, 50), (C.PAULOWNIA_SPECIAL, 10))
#: Alternate Card Values (1431-1437): Brights 20 ("2o" in the text), the Nightingale a
#: plain Ten; Sake & Deer (1425-1429): the Sake Cup and the Deer worth 50.
ALTERNATE_VALUES = (20, 10, 10, 0)
SAKE_DEER_VALUES: tuple[tuple[Card, int], ...] = ((C.CHRYSANTHEMUM_SAKE, 50), (C.MAPLE_DEER, 50))

#: The race (1323; QR 8373) and Seven Hundred (1477-1489).
TARGET, TARGET_700 = 600, 700
#: Scoring Canceled (1461-1473): a score, less its November and December cards, of this
#: much or less cancels the round.
CANCEL_AT_MOST = 30

#: The hand combinations (figure 9.6, 1385-1401; QR 8411-8423): All Chaffs in a group of
#: its own, and the triples' group paying one of its two.
TEYAKU = TeyakuTable((
    TeyakuRule("all_chaffs", "All Chaffs", "", CHAFF, 400, kinds=(0, 0, 0),
               source=BOOK.at("1389, 1393"),
               note="every card dealt to the hand is a Chaff (7 or 8 cards, by the player "
                    "count); the Special Paulownia and the Storm are Chaffs"),
    TeyakuRule("one_triple", "Any 3 of a Kind", "", SUIT, 200, parts=("3",),
               source=BOOK.at("1397, 1399"), note="three cards of one month in the hand"),
    TeyakuRule("two_triples", "Any 3 of a Kind & Any 3 of a Kind", "", SUIT, 400,
               parts=("3", "3"), source=BOOK.at("1401"),
               note="three cards of one month and three of another"),
), unit="points", rain_is_chaff=False, source=BOOK_HAND)


def yaku_rules(*, seven_hundred: bool = False, alternative_yaku_values: bool = False,
               rain_until_sunrise: bool = False, bright_layout: str = "quick_reference"
               ) -> tuple[YakuRule, ...]:
    """The chapter's yaku (figures 9.1-9.5) under the options that change them."""
    big = TARGET_700 if seven_hundred else TARGET
    semi_group = "views" if bright_layout == "chapter" else "brights"
    # Rain Until Sunrise (1441-1445): a November card in the pile voids the Views yaku,
    # unless the pile also holds the Crane.
    void: dict[str, Any] = ({"void_if_own": (11,), "void_unless": (C.PINE_CRANE,)}
                            if rain_until_sunrise else {})
    rules = [
        FOUR_DRY_BRIGHTS.rule(big, group="brights", source=BOOK.at("1363")),
        CRANE_MOON_PHOENIX.rule(150, group=semi_group, source=BOOK.at("1365")),
        SPRING_SEMI_BRIGHTS.rule(100 if alternative_yaku_values else 150, group=semi_group,
                                 source=BOOK.at("1369")),
        THE_VIEWS.rule(300, group="views", source=BOOK.at("1367"), **void),
        FLOWER_VIEWING.rule(100, group="views", source=BOOK.at("1371"), **void),
        MOON_VIEWING.rule(100, group="views", source=BOOK.at("1373"), **void),
        YakuRule("seven_ribbons", "Any 7 Ribbons", "", big, kinds=(Kind.RIBBON,), count=7,
                 group="ribbons", source=BOOK.at("1375"),
                 note="any seven Ribbons, the Willow Ribbon included"),
        PURPLE_RIBBONS.rule(100, group="ribbons", source=BOOK.at("1355")),
        POETRY_RIBBONS.rule(150 if alternative_yaku_values else 100, group="ribbons",
                            source=BOOK.at("1357")),
        YakuRule("dry_plain_ribbons", "3 Dry Plain Ribbons", "", 100,
                 cards=(C.WISTERIA_RIBBON, C.IRIS_RIBBON, C.CLOVER_RIBBON), group="ribbons",
                 source=BOOK.at("1361"),
                 note="the Plain Ribbons of April, May and July (the Willow Ribbon is wet)"),
        BOAR_DEER_BUTTERFLY.rule(300, group="others", source=BOOK.at("1377")),
        YakuRule("rain", "All 4 Rain", "", 200, cards=month_cards(11), group="months",
                 source=BOOK.at("1383")),
    ]
    rules += [YakuRule(key, name, "", _MONTH_POINTS, cards=month_cards(m), group="months",
                       source=BOOK.at(lines)) for m, key, name, lines in _MONTH_YAKU]
    if bright_layout == "chapter":     # the one-of group's rules sit together
        rules.insert(5, rules.pop(1))
        rules.insert(5, rules.pop(1))
    return tuple(rules)


_OPTION_LIST = (
    Option("players", 2, (2, 3), "number of players: 2 (8 cards each, 8 to the field) or "
           "3 (7 each, 6 to the field)", BOOK.at("1299-1307")),
    Option("no_wild", False, (False, True), "the Storm is an ordinary Chaff, not wild "
           "('No Wild')", BOOK_VAR.at("1413, 1417")),
    Option("sake_deer", False, (False, True), "the Sake Cup and the Deer are worth 50 "
           "each ('Sake & Deer Card Values')", BOOK_VAR.at("1425, 1429")),
    Option("alternate_values", False, (False, True), "Brights are worth 20, every Ten "
           "(the Nightingale too), Ribbon and the Special Paulownia 10, Chaffs nothing "
           "('Alternate Card Values')", BOOK_VAR.at("1431, 1433, 1437"),
           note="the text prints the Brights' value as '2o': 20"),
    Option("rain_until_sunrise", False, (False, True), "a player with a November card "
           "in their pile scores no Views yaku, unless they also captured the Crane "
           "('Rain Until Sunrise')", BOOK_VAR.at("1441, 1445")),
    Option("alternative_yaku_values", False, (False, True), "3 Poetry Ribbons is worth "
           "150 and Spring Semi-Brights 100 ('Alternative Yaku Values')",
           BOOK_VAR.at("1449, 1453, 1457")),
    Option("scoring_canceled", False, (False, True), "if a player's round score, less "
           f"the values of their November and December cards, is {CANCEL_AT_MOST} or "
           "less, nobody scores the round (hand combinations too), unless someone "
           "captured 4 Dry Brights ('Scoring Canceled')", BOOK_VAR.at("1461, 1465, 1469, 1473")),
    Option("seven_hundred", False, (False, True), f"the race is to {TARGET_700}, and 4 Dry "
           f"Brights and Any 7 Ribbons are worth {TARGET_700} ('Seven Hundred')",
           BOOK_VAR.at("1477, 1481, 1485, 1489")),
    Option("shorter_rounds", False, (False, True), "the round ends as soon as every hand "
           "is empty; the cards left in the stock and on the field are nobody's "
           "('Shorter Rounds')", BOOK_VAR.at("1483, 1487"),
           note="the text says 'both players'; with three, every player's hand"),
    Option("bright_layout", "quick_reference", ("quick_reference", "chapter"),
           "where Crane-Moon-Phoenix and Spring Semi-Brights belong: with the Brights, "
           "each paying (the Quick Reference), or with the Views, only the best paying "
           "(the chapter's run-on figures)", BOOK.at("1363-1373"),
           note="a reading of the layout, not a variation the chapter names; QR 8385-8389"),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "The Storm lying on the field": "The chapter says that a Storm dealt to the field may "
        "be captured by any card. We read it for any Storm lying on the field (one that "
        "found nothing to take and stayed there too), and as a match: a card with no "
        "match of its own month must take it, and a card with one has the choice. Three "
        "cards of one month on the field are one choice, taken together.",
    "The Special Paulownia and the Storm in All Chaffs": "Both are Chaffs by kind, though "
        "the Special Paulownia is worth 10: a hand holding either can still be All "
        "Chaffs. The Rainman, the Swallow and the Willow Ribbon are not Chaffs here.",
    "Claiming hand combinations": "The chapter pays a hand combination only when the "
        "player shows it. The computer players always show theirs; in the app you "
        "choose. A combination shown goes back into the hand and stays known to all.",
    "The race's tie-break": "When several totals reach the target, 4 Dry Brights and then "
        "Any 7 Ribbons are looked for in the piles of the round that ended the game, among "
        "the players at the target only; then the higher total wins, and a tie on totals "
        "goes to the most rounds won, else the game is shared.",
    "Scoring Canceled": "A player's round score is their hand combinations, cards and "
        "yaku; the values of their November and December cards are taken off before it "
        "is compared with the bar, and 'or less' includes the bar. A cancelled round has "
        "no winner, the same dealer deals again and the totals do not change.",
    "Rain Until Sunrise": "Any of the four November cards in a pile voids that player's "
        "Views yaku (The Views, Flower Viewing, Moon Viewing); the Crane lifts the void "
        "only if it is in the same pile.",
    "Where two Bright yaku belong": "The chapter's layout runs its Bright figure into the "
        "Views figure; the Quick Reference lists Crane-Moon-Phoenix and Spring "
        "Semi-Brights with the Brights, each paying. We follow the Quick Reference: 4 Dry "
        "Brights then also pays Crane-Moon-Phoenix. The other reading is an option.",
    "The cards of the picture-only yaku": "The Views, Flower Viewing, Moon Viewing and "
        "Spring Semi-Brights are read as in Matching Flowers: the Curtain, the Moon and "
        "the Sake Cup; the Curtain and the Sake Cup; the Moon and the Sake Cup; the "
        "Crane, the Nightingale and the Curtain.",
    "A tied round": "The chapter does not say who wins a round when the best scores are "
                    "equal. We say nobody does, and the same dealer deals again.",
}

#: The game's own scoring steps, read by the teaching layer (``teach.scoring_steps``).
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "each",
     "Go through the yaku one category at a time. Only the Views category pays just your "
     "best yaku; every other category pays each yaku you made, so 4 Dry Brights also "
     "pays Crane-Moon-Phoenix."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-3": {"players": 3},
    "book-700": {"seven_hundred": True},
    "book-no-wild": {"no_wild": True},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-3": BOOK,
                                        "book-700": BOOK_VAR.at("1477-1489"),
                                        "book-no-wild": BOOK_VAR.at("1413, 1417")}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Be the first to reach 600 points: each round you score the hand combinations you "
        "showed, the values of the cards you captured and your yaku.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, two players",
                                    "book-3": "Rulebook, three players",
                                    "book-700": "Rulebook, the race to Seven Hundred",
                                    "book-no-wild": "Rulebook, no wild card"}

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The four dry Brights", "1a 3a 8a 12a"),
    ("Seven Ribbons with the Willow Ribbon", "1b 2b 3b 4b 5b 6b 11c"),
    ("The Curtain, the Moon and the Sake Cup with a November card", "3a 8a 9a 11b"),
)

#: The chapter's worked example (1411-1471), one pile a player, tested one at a time
#: (A's Crane-Moon-Phoenix and C's All 4 Paulownia both need the Phoenix). B's pile is
#: ours: the printed counts cannot make Flower Viewing (see the variants page).
EXAMPLE_PILES: Mapping[str, str] = {
    "A": "1a 8a 12a 4a 5a 8b 11b 4b 5b 6b 7b 1c 1d 2c 2d 3c 3d 6c",
    "B": "3a 6a 7a 9a 10a 1b 2b 9b 10b 4c 4d 5c 5d 7c 7d 9c 9d",
    "C": "12a 2a 9a 3b 12b 12c 12d 8c 8d 10c 10d 6d",
}
#: C's dealt hand in the example (All Chaffs, 1443): any seven Chaffs will do.
EXAMPLE_HAND_C = "1c 3c 5c 6c 8c 10c 12c"

_DEALS = {2: (8, 8), 3: (7, 6)}


def chapter_facts(prefix: str = "sh") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the values, the deck's worth, the targets, the hand combinations,
    each yaku's points and the worked example's figures.

    >>> f = chapter_facts()
    >>> f["sh_deck"], f["sh_ex_a_total"], f["sh_ex_c_total"], f["sh_ex_b_printed_total"]
    (490, 480, 580, 520)
    """
    rules = get_rules()
    overlay = rules.overlay
    table = rules.yaku
    bright, ten, ribbon, chaff = overlay.values
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "nightingale": overlay.card_value(C.PLUM_NIGHTINGALE),
        "special": overlay.card_value(C.PAULOWNIA_SPECIAL),
        "deck": overlay.card_points(CardSet.deck().mask),
        "target": TARGET, "target_700": TARGET_700, "cancel_at_most": CANCEL_AT_MOST,
        "alt_bright": ALTERNATE_VALUES[0], "sake_deer": SAKE_DEER_VALUES[0][1],
        "hand3": _DEALS[3][0], "field3": _DEALS[3][1], "hand2": _DEALS[2][0],
        "field2": _DEALS[2][1],
        "stock2": 48 - 2 * _DEALS[2][0] - _DEALS[2][1],
        "stock3": 48 - 3 * _DEALS[3][0] - _DEALS[3][1],
        "month_yaku": _MONTH_POINTS,
        "month_yaku_count": sum(r.group == "months" for r in table.rules),
    }
    values.update({f"hand_{r.key}": r.value for r in TEYAKU.rules})
    values.update({f"pts_{r.key}": r.points for r in table.rules})
    alt = yaku_rules(alternative_yaku_values=True)
    values.update({f"alt_pts_{r.key}": r.points for r in alt
                   if r.key in ("poetry_ribbons", "spring_semi_brights")})
    hand_c = TEYAKU.evaluate(EXAMPLE_HAND_C).total
    for who, pile in EXAMPLE_PILES.items():
        mask = CardSet.parse(pile).mask
        cards, yaku = overlay.card_points(mask), table.points(mask)
        hand = hand_c if who == "C" else 0
        w = who.lower()
        values.update({f"ex_{w}_cards": cards, f"ex_{w}_yaku": yaku, f"ex_{w}_hand": hand,
                       f"ex_{w}_total": hand + cards + yaku})
    # B as printed: 1 Bright, 3 Tens, 4 Ribbons (120) and Flower Viewing + Boar-Deer-
    # Butterfly (400); the text's total (1463) repeats A's yaku (250) instead.
    b_cards = bright + 3 * ten + 4 * ribbon
    points = {r.key: r.points for r in table.rules}
    b_yaku = points["flower_viewing"] + points["boar_deer_butterfly"]
    a_yaku = table.points(CardSet.parse(EXAMPLE_PILES["A"]).mask)
    # C's formula as printed (1447): 1 Bright, 1 Ten, 7 Chaffs, the Nightingale and the
    # Special Paulownia, without the Ribbon's term
    values["ex_c_text_formula"] = (bright + ten + 7 * chaff
                                   + overlay.card_value(C.PLUM_NIGHTINGALE)
                                   + overlay.card_value(C.PAULOWNIA_SPECIAL))
    values.update({"ex_b_printed_cards": b_cards, "ex_b_printed_yaku": b_yaku,
                   "ex_b_printed_total": b_cards + b_yaku,
                   "ex_b_text_total": b_cards + a_yaku})
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    table = YakuTable(YAKU_GROUPS, yaku_rules(
        seven_hundred=v["seven_hundred"], alternative_yaku_values=v["alternative_yaku_values"],
        rain_until_sunrise=v["rain_until_sunrise"], bright_layout=v["bright_layout"]),
        sake="ten", limit="groups", source=BOOK)
    card_values: tuple[tuple[Card, int], ...]
    if v["alternate_values"]:
        values, card_values = ALTERNATE_VALUES, ((C.PAULOWNIA_SPECIAL, 10),)
    else:
        values, card_values = VALUES, CARD_VALUES
    if v["sake_deer"]:
        card_values += SAKE_DEER_VALUES
    adjustments = (ScoringCanceled(at_most=CANCEL_AT_MOST, left_out_months=(11, 12),
                                   unless="four_dry_brights", unless_name="4 Dry Brights"),
                   ) if v["scoring_canceled"] else ()
    overlay = CardValueSettlement(values=values, card_values=card_values, chart=table,
                                  adjustments=adjustments, source=BOOK)
    return CaptureRules(
        name="Six Hundred", key="six-hundred", preset=preset, options=items,
        players=v["players"], deals={v["players"]: _DEALS[v["players"]]},
        misdeal=misdeal_rules("six-hundred"),
        round_end="hands_empty" if v["shorter_rounds"] else "all_cards",
        rounds=None, target_score=TARGET_700 if v["seven_hundred"] else TARGET,
        race_tie_break=("four_dry_brights", "seven_ribbons"),
        wild=None if v["no_wild"] else SIX_HUNDRED_WILD,
        declarations=HandClaims(TEYAKU, source=BOOK_HAND), teyaku=TEYAKU,
        yaku=table, overlay=overlay)


RULE_SETS = RuleSets("Six Hundred", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
