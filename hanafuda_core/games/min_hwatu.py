"""The rulebook's Min-Hwatu (ch. 11) as data.

A Korean capture game for two or three. Two players get ten cards each and eight go to
the field, so hands and stock run out together; three get seven each and six to the
field. Chaffs are worth nothing (Bright 20, Ten 10, Ribbon 5, Chaff 0: the deck is
worth 240). Every yaku is paid by each opponent: a pile's card points, plus its yaku
once per opponent, less all the opponents' yaku, make the round's score. One
turn differs from the basics: a drawn card that matches only the pair the player has
just made leaves all three cards on the field as a stack, and the player takes nothing.

>>> rules = get_rules()
>>> rules.deals, rules.pair_then_draw, rules.overlay.values
({2: (10, 8)}, 'stack', (20, 10, 5, 0))
>>> get_rules(players=3).deals
{3: (7, 6)}
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1b 2b 3b 11a 11b 11c 11d").mask)   # Poetry + Rain
50
>>> get_rules(optional_yaku=True).yaku.points(CardSet.parse("1a 2a 3a 4a 8b").mask)
200

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`) with the
yaku transferred once per opponent (``own_yaku_factor="opponents"``); Winner Takes All
is the family's round adjustment, and the Dealer and First Dealer Tie Breakers are the
family's tie rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import (
    BOAR_DEER_BUTTERFLY,
    DRY_PLAIN_RIBBONS,
    FIVE_BRIGHTS,
    GODORI,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
    SPRING_SEMI_BRIGHTS,
    THE_VIEWS,
    month_cards,
)
from ..cards import Card, CardSet
from ..engines.capture import CaptureRules
from ..errors import OptionError
from ..families.capture.adjustments import WinnerTakesAll
from ..families.capture.ranking import (
    counting_rounds_option,
    first_dealer_tie_option,
    tied_round_decision,
)
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import LIMITS, YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_OPT",
    "BOOK_QR",
    "BOOK_VAR",
    "COMPARISON_PILES",
    "DECK_POINTS",
    "DECISIONS",
    "EXAMPLE_2P",
    "EXAMPLE_3P",
    "GRAND_VIEWS_POINTS",
    "GRAND_VIEWS_READINGS",
    "GROUPS",
    "OPTIONAL_GROUPS",
    "OPTIONAL_YAKU",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "VALUES",
    "YAKU",
    "chapter_facts",
    "example_piles",
    "example_rows",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 11 Min-Hwatu", "1611-1848")
BOOK_OPT = Source("BOOK", "ch. 11 Min-Hwatu, Optional Yaku", "1621, 1683-1711")
BOOK_VAR = Source("BOOK", "ch. 11 Min-Hwatu, gameplay variations", "1719-1843")
BOOK_QR = Source("BOOK", "Quick Reference, Min-Hwatu", "8489-8542")


C = Card

#: Card values: Bright, Ten, Ribbon, Chaff (line 1679; the Quick Reference 8521).
VALUES = (20, 10, 5, 0)
#: The whole deck's card points: what every round's scores add up to (the yaku cancel).
DECK_POINTS = CardValueSettlement(values=VALUES).card_points(CardSet.deck().mask)

#: The standard chart (figure 11.1, lines 1693-1711): two "each of" categories.
GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("months", "Whole-month yaku", "each"),
)
#: The Optional Yaku chart (figure 11.2, lines 1689-1709): two "one of" categories and
#: one "each of".
OPTIONAL_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("opt_brights", "Optional Bright yaku", "one_of"),
    YakuGroup("opt_views", "Optional Views yaku", "one_of"),
    YakuGroup("opt_others", "Optional other yaku", "each"),
)


#: The standard chart: every yaku a pile makes scores.
YAKU: tuple[YakuRule, ...] = (
    POETRY_RIBBONS.rule(30, group="ribbons", source=BOOK.at("1697"), japanese="홍단 Hongdan"),
    PURPLE_RIBBONS.rule(30, group="ribbons", source=BOOK.at("1699"),
                        japanese="청단 Cheongdan"),
    DRY_PLAIN_RIBBONS.rule(30, group="ribbons", source=BOOK.at("1701")),
    YakuRule("iris", "All 4 Iris", "", 20, cards=month_cards(5), group="months",
             source=BOOK.at("1703")),
    YakuRule("maple", "All 4 Maple", "", 20, cards=month_cards(10), group="months",
             source=BOOK.at("1707")),
    YakuRule("rain", "All 4 Rain", "", 20, cards=month_cards(11), group="months",
             source=BOOK.at("1711")),
)

#: The Grand Views' points (line 1699). Its cards survive only in a lost figure, so by
#: default no pile scores it (see DECISIONS); option ``grand_views`` names two readings.
GRAND_VIEWS_POINTS = 150

#: Readings of The Grand Views a table may agree on: The Views (the Curtain, the Moon and
#: the Sake Cup) and one more Bright, so that it outranks The Views in their "one of" group.
GRAND_VIEWS_READINGS: Mapping[str, tuple[Card, ...]] = {
    "views_and_crane": THE_VIEWS.template.cards + (C.PINE_CRANE,),
    "views_and_rainman": THE_VIEWS.template.cards + (C.WILLOW_RAINMAN,),
}


def grand_views(reading: str) -> tuple[YakuRule, ...]:
    """The Grand Views under ``reading`` (a key of :data:`GRAND_VIEWS_READINGS`), or no
    rule for ``"unscored"``."""
    if reading == "unscored":
        return ()
    cards = GRAND_VIEWS_READINGS[reading]
    return (YakuRule("grand_views", "The Grand Views", "", GRAND_VIEWS_POINTS, cards=cards,
                     group="opt_views", source=BOOK_OPT.at("1699"),
                     note="cards chosen by the table: The Views and the "
                          + ("Crane" if C.PINE_CRANE in cards else "Rainman")
                          + " (the chapter shows them only in a figure the text lost)"),)

#: The Optional Yaku chart, which counts on top of the standard one (line 1687).
OPTIONAL_YAKU: tuple[YakuRule, ...] = (
    FIVE_BRIGHTS.rule(200, group="opt_brights", source=BOOK_OPT.at("1689"), japanese="오광 Ogwang"),
    SPRING_SEMI_BRIGHTS.rule(150, group="opt_brights", source=BOOK_OPT.at("1695")),
    THE_VIEWS.rule(100, group="opt_views", source=BOOK_OPT.at("1701")),
    BOAR_DEER_BUTTERFLY.rule(50, group="opt_others", source=BOOK_OPT.at("1705"), japanese=""),
    GODORI.rule(50, group="opt_others", source=BOOK_OPT.at("1709"),
                note="cards inferred (the chapter shows them only in a figure): "
                     + GODORI.template.note),
)

_OPTION_LIST = (
    Option("players", 2, (2, 3), "number of players: 2 (10 cards each, 8 to the field) or "
           "3 (7 each, 6 to the field)", BOOK.at("1635-1647")),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: half a year (6) or a "
           "full year (12) as the chapter says; any count from 1 to 12 for short games",
           BOOK.at("1615")),
    Option("optional_yaku", False, (False, True), "add the Optional Yaku chart (5 Brights, "
           "Spring Semi-Brights, The Views, Boar-Deer-Butterfly, Godori), scored on top of "
           "the standard yaku; the table agrees before play", BOOK_OPT.at("1621, 1631, 1683-1691"),
           note="The chart also names The Grand Views, whose cards the text does not keep: "
                "it is not scored (see the decisions)."),
    Option("grand_views", "unscored", ("unscored", *GRAND_VIEWS_READINGS),
           "The Grand Views with the Optional Yaku: not scored (our reading: its cards are "
           "lost), or read as The Views and the Crane, or The Views and the Rainman",
           BOOK_OPT.at("1699"),
           note="Either reading outranks The Views in their group, which pays only the "
                "best of the two. It needs the Optional Yaku."),
    Option("field_four", "misdeal", ("misdeal", "dealer_captures"),
           "four cards of a month dealt to the field: redeal (the chapter), or the dealer "
           "captures them and the field is refilled ('Four of a Kind is Not a Misdeal')",
           BOOK_VAR.at("1727")),
    Option("winner_takes_all", False, (False, True), "the round's winner scores every "
           "player's round score added together, the others nothing ('Winner Takes All')",
           BOOK_VAR.at("1741, 1761"),
           note="The yaku cancel out across the table, so the scores of a round always add "
                f"up to the deck's {DECK_POINTS} card points: the winner always takes "
                f"{DECK_POINTS}. Without "
                "the Dealer Tie Breaker, a round with equal best scores has no winner and "
                "every score stands."),
    Option("yaku_limit", "groups", LIMITS, "how many yaku count: the limits the chart "
           "sets (groups), every yaku made (all: 'Count All Yaku') or only the single best "
           "(only one: 'Only One Yaku')", BOOK_VAR.at("1765-1777"),
           note="The standard chart is all 'each of', so the limits matter only with the "
                "Optional Yaku: there 'groups' and 'all' differ in the two 'one of' "
                "categories. 'Only One Yaku' changes the standard chart too."),
    Option("dealer_tie", False, (False, True), "a tied round goes to the dealer if the "
           "dealer is among the tied players, else to the tied player nearest the "
           "dealer's right ('Dealer Tie Breaker')", BOOK_VAR.at("1781, 1785"),
           note="Play goes counterclockwise, so the player on the dealer's right plays "
                "next: the tie goes to the first tied seat in play order from the dealer."),
    counting_rounds_option(BOOK_VAR.at("1791, 1841")),
    first_dealer_tie_option(BOOK_VAR.at("1843")),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "The Grand Views": "The Optional Yaku chart names The Grand Views and its points, but "
        "its cards were in a picture the text has lost, and no other chapter has it. We "
        "do not score it until a printed copy settles which cards it needs; a table that "
        "wants it can agree on one of two readings (The Views and the Crane, or The Views "
        "and the Rainman), both options.",
    "The cards of the other picture-only yaku": "We read The Views as the Curtain, the "
        "Moon and the Sake Cup (both viewings at once, as in Matching Flowers), Spring "
        "Semi-Brights as the Crane, the Nightingale and the Curtain (as in Mushi), and "
        "Godori ('five birds' in Korean) as the three bird Tens: the Nightingale, the "
        "Cuckoo and the Geese.",
    "Five pairs in a hand": "A ten-card hand can hold five pairs. The basics call four "
        "pairs a misdeal; five pairs hold four, so we redeal them too.",
    "The stack after a capture of four": "The turn's exception needs a pair made by the "
        "played card. If that card took a stack of three (all four of its month), there "
        "is no pair, and the drawn card cannot be of that month: nothing changes.",
    "Winner Takes All": "The chapter gives the round's winner every player's score for the "
                        "round; we read that the others score nothing, as Matching Flowers' "
                        "same variation says. After a tie that nobody breaks, nobody takes "
                        "all and the scores stand.",
    "A tied round": tied_round_decision(aside=" (its Dealer Tie Breaker is a variation)"),
}

#: The game's own scoring step, read by the teaching layer (``teach.scoring_steps``),
#: placed after the step that adds up the yaku.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "add_up",
     "Every opponent pays you your yaku: multiply your yaku points by the number of "
     "opponents and add them to your card points. Then take off every opponent's yaku, "
     "since you pay each of theirs. The best score wins the round, and its winner deals "
     "the next one."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-3": {"players": 3},
    "book-optional": {"optional_yaku": True},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-3": BOOK, "book-optional": BOOK_OPT}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and make yaku: every opponent pays you each yaku you make, "
        "and you pay each of theirs. After the agreed number of rounds the highest total "
        "wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, two players",
                                    "book-3": "Rulebook, three players",
                                    "book-optional": "Rulebook with the Optional Yaku"}

#: The chapter's two-player example (lines 1717-1729, figure 11.3) gives only totals: A
#: 100 in cards and 30 in yaku, B 140 and 20. A's pile below makes exactly those figures
#: (3 Poetry Ribbons); B holds every other card (All 4 Rain).
EXAMPLE_2P = ("1a 2a 3a 8a 1b 2b 3b 4b 6b 7b 5c 10c",)
#: The chapter's three-player example (lines 1767-1793, figure 11.4): A 80 and 30, B 90
#: and 20, C 70 and 50. A makes 3 Poetry Ribbons, C 3 Purple Ribbons and All 4 Maple, B
#: holds every other card (All 4 Rain). Given in the order A, C.
EXAMPLE_3P = ("1a 8a 2a 4a 1b 2b 3b 4b 5c", "3a 12a 10a 6b 9b 10b 7b 10c 10d")

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("Player A's cards in the chapter's two-player example", EXAMPLE_2P[0]),
    ("All five Brights and the Sake Cup", "1a 3a 8a 11a 12a 9a"),
    ("The three bird Tens with the Boar, the Deer and the Butterfly",
     "2a 4a 8b 7a 10a 6a"),
)

_DEALS = {2: (10, 8), 3: (7, 6)}


def example_piles(players: int) -> tuple[int, ...]:
    """The piles (int masks, player A first) that give the chapter's example totals for
    two or three players; the last player holds every card the others do not.

    >>> [get_rules(players=3).overlay.card_points(m) for m in example_piles(3)]
    [80, 90, 70]
    """
    given = EXAMPLE_2P if players == 2 else EXAMPLE_3P
    masks = [CardSet.parse(p).mask for p in given]
    rest = CardSet.deck().mask & ~sum(masks)
    return (masks[0], rest) if players == 2 else (masks[0], rest, masks[1])


def example_rows(players: int) -> list[dict[str, object]]:
    """The chapter's example for two or three players as a table: each player's card
    points, yaku, what the opponents pay them, what they pay, and the round score.

    >>> [r["Score"] for r in example_rows(2)]
    [110, 130]
    """
    scores = get_rules(players=players).overlay.side_scores(example_piles(players))
    everyone = sum(s.yaku_points for s in scores)
    return [{"Player": name, "Card points": s.card_points, "Own yaku": s.yaku_points,
             "Paid by the opponents": f"{s.yaku_points} x {players - 1}",
             "Paid to the opponents": everyone - s.yaku_points, "Score": s.total}
            for name, s in zip("ABC", scores)]


def chapter_facts(prefix: str = "mh") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the card values, the deck's worth, the deals, each yaku's points
    (``<prefix>_pts_<yaku key>``), and the worked examples' figures
    (``<prefix>_ex<n>_<a|b|c>_cards`` / ``_yaku`` / ``_score`` for n = 2, 3).

    >>> f = chapter_facts()
    >>> f["mh_deck"], f["mh_ex2_a_score"], f["mh_ex2_b_score"]
    (240, 110, 130)
    >>> f["mh_ex3_a_score"], f["mh_ex3_b_score"], f["mh_ex3_c_score"]
    (70, 50, 120)
    """
    rules = get_rules()
    bright, ten, ribbon, chaff = VALUES
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "deck": DECK_POINTS,
        "hand2": _DEALS[2][0], "field2": _DEALS[2][1],
        "stock2": len(rules.deck) - 2 * _DEALS[2][0] - _DEALS[2][1],
        "hand3": _DEALS[3][0], "field3": _DEALS[3][1],
        "stock3": len(rules.deck) - 3 * _DEALS[3][0] - _DEALS[3][1],
        "rounds_half": 6, "pts_grand_views": GRAND_VIEWS_POINTS,
    }
    for n in (2, 3):
        overlay = get_rules(players=n).overlay
        for seat, s in zip("abc", overlay.side_scores(example_piles(n))):
            values[f"ex{n}_{seat}_cards"] = s.card_points
            values[f"ex{n}_{seat}_yaku"] = s.yaku_points
            values[f"ex{n}_{seat}_score"] = s.total
        values[f"ex{n}_opponents"] = n - 1
    values.update({f"pts_{r.key}": r.points for r in YAKU + OPTIONAL_YAKU})
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    if v["grand_views"] != "unscored" and not v["optional_yaku"]:
        raise OptionError(f"grand_views={v['grand_views']!r} reads a yaku of the Optional "
                          "Yaku chart: set optional_yaku=True too, or leave grand_views "
                          "'unscored'")
    groups, chart = GROUPS, YAKU
    if v["optional_yaku"]:
        groups = GROUPS + OPTIONAL_GROUPS
        chart = YAKU + OPTIONAL_YAKU + grand_views(v["grand_views"])
    table = YakuTable(groups, chart, limit=v["yaku_limit"],
                      source=BOOK_OPT if v["optional_yaku"] else BOOK)
    overlay = CardValueSettlement(
        values=VALUES, chart=table, transfer_yaku=True, own_yaku_factor="opponents",
        adjustments=(WinnerTakesAll(),) if v["winner_takes_all"] else (),
        round_tie="dealer_then_play_order" if v["dealer_tie"] else "none", source=BOOK)
    return CaptureRules(
        name="Min-Hwatu", key="min-hwatu", preset=preset, options=items,
        players=v["players"], deals={v["players"]: _DEALS[v["players"]]},
        misdeal=misdeal_rules("min-hwatu"),
        on_field_four="dealer_captures" if v["field_four"] == "dealer_captures" else "redeal",
        pair_then_draw="stack", rounds=v["rounds"], yaku=table, overlay=overlay)


RULE_SETS = RuleSets("Min-Hwatu", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
