"""The rulebook's Matching Flowers (ch. 5) as data.

Two or three players capture the whole deck; each scores the card values they took
(Bright 20, Ten 10, Ribbon 5, Chaff 1) plus their yaku. The yaku come in five
groups: in a "one of" group only the best yaku made counts, in an "each of" group
every yaku made counts, and one card may serve yaku of several groups (the Wisteria
Ribbon counts in 3 Dry Plain Ribbons and in All 4 Wisteria). "Dry" yaku leave the
November cards out.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.overlay.values
({2: (8, 8)}, 12, (20, 10, 5, 1))
>>> get_rules(players=3).deals
{3: (7, 6)}
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1a 3a 8a 11a 12a").mask)   # only the best Bright yaku
100
>>> rules.yaku.points(CardSet.parse("4a 4b 4c 4d 5b 7b").mask)  # 4b serves two groups
30

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`). The chapter's
round variations (Low Man Out, Rain, Winner Takes All) are the family's round
adjustments (:mod:`~hanafuda_core.families.capture.adjustments`), applied in the order
of :data:`ROUND_ADJUSTMENTS`:

>>> get_rules(winner_takes_all=True, rain=True).overlay.adjustments
(RainWashes(name='Rain'), WinnerTakesAll(name='Winner Takes All'))

Rain (the family's :class:`~hanafuda_core.families.capture.adjustments.RainWashes`)
makes the player it leaves holding the only score the round's winner, so Winner Takes
All after it cannot hand the Rain-maker's points to an opponent whose score Rain wiped
out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import (
    BOAR_DEER_BUTTERFLY,
    CRANE_MOON_PHOENIX,
    FIVE_BRIGHTS,
    FLOWER_VIEWING,
    FOUR_DRY_BRIGHTS,
    MOON_VIEWING,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
    SPRING_SEMI_BRIGHTS,
    THE_VIEWS,
    month_cards,
)
from ..cards import Card, Kind
from ..deal import MisdealRules
from ..engines.capture import CaptureRules
from ..families.capture.adjustments import Adjustment, LowManOut, RainWashes, WinnerTakesAll
from ..families.capture.ranking import (
    counting_rounds_option,
    first_dealer_tie_option,
    tied_round_decision,
)
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_QR",
    "BOOK_VAR",
    "COMPARISON_PILES",
    "DECISIONS",
    "GROUPS",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "WORKED_EXAMPLE",
    "YAKU",
    "LOW_MAN_OUT_BELOW",
    "ROUND_ADJUSTMENTS",
    "ROUND_VARIATIONS_EXAMPLE",
    "chapter_facts",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 5 Matching Flowers", "771-908")
BOOK_VAR = Source("BOOK", "ch. 5 Matching Flowers, gameplay variations", "877-903")
BOOK_QR = Source("BOOK", "Quick Reference, Matching Flowers", "8163-8220")
BOOK_BASICS = Source("BOOK", "ch. 3 Before You Begin", "547-656")


C = Card

#: The chapter's five yaku categories (lines 815-865; the Quick Reference 8183-8217).
#: The ribbon category is printed as one figure with two headings: the counts
#: ("one of", 845) and the sets ("each of", 859), so it is two groups here.
GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "one_of"),
    YakuGroup("ribbon_counts", "Dry Ribbon counts", "one_of"),
    YakuGroup("ribbon_sets", "Ribbon sets", "each"),
    YakuGroup("views", "Views yaku", "one_of"),
    YakuGroup("others", "Other yaku", "each"),
)


#: The chapter's yaku (figures 5.1-5.5). Each scores its flat points: no points per
#: extra card. "Dry" means without a November card (line 873).
YAKU: tuple[YakuRule, ...] = (
    FIVE_BRIGHTS.rule(100, group="brights", source=BOOK.at("815-819")),
    FOUR_DRY_BRIGHTS.rule(60, group="brights", source=BOOK.at("825")),
    SPRING_SEMI_BRIGHTS.rule(30, group="brights", source=BOOK.at("829")),
    CRANE_MOON_PHOENIX.rule(20, group="brights", source=BOOK.at("835")),
    YakuRule("seven_dry_ribbons", "Any 7 Dry Ribbons", "", 40, kinds=(Kind.RIBBON,),
             count=7, dry=True, group="ribbon_counts", source=BOOK.at("845-849"),
             note="the Willow Ribbon does not count"),
    YakuRule("six_dry_ribbons", "Any 6 Dry Ribbons", "", 30, kinds=(Kind.RIBBON,),
             count=6, dry=True, group="ribbon_counts", source=BOOK.at("845, 855"),
             note="the Willow Ribbon does not count"),
    POETRY_RIBBONS.rule(40, group="ribbon_sets", source=BOOK.at("859")),
    PURPLE_RIBBONS.rule(40, group="ribbon_sets", source=BOOK.at("863")),
    YakuRule("dry_plain_ribbons", "3 Dry Plain Ribbons", "", 20,
             cards=(C.WISTERIA_RIBBON, C.IRIS_RIBBON, C.CLOVER_RIBBON), group="ribbon_sets",
             source=BOOK.at("865"),
             note="the Plain Ribbons of April, May and July (the Willow Ribbon is wet)"),
    THE_VIEWS.rule(40, group="views", source=BOOK.at("843, 851")),
    FLOWER_VIEWING.rule(20, group="views", source=BOOK.at("853")),
    MOON_VIEWING.rule(20, group="views", source=BOOK.at("855")),
    BOAR_DEER_BUTTERFLY.rule(20, group="others", source=BOOK.at("857")),
    YakuRule("wisteria", "All 4 Wisteria", "", 10, cards=month_cards(4), group="others",
             source=BOOK.at("861")),
    YakuRule("rain", "All 4 Rain", "", 10, cards=month_cards(11), group="others",
             source=BOOK.at("865")),
)
_TABLE = YakuTable(GROUPS, YAKU, sake="ten", limit="groups", source=BOOK)

#: Low Man Out's bar (line 895): a round score under it zeroes the round.
LOW_MAN_OUT_BELOW = 20

#: The round variations as the family's adjustments, each under its option key, in the
#: order they are applied (the chapter gives none; ``DECISIONS`` says why this one).
ROUND_ADJUSTMENTS: tuple[tuple[str, Adjustment], ...] = (
    ("low_man_out", LowManOut(below=LOW_MAN_OUT_BELOW)),
    ("rain", RainWashes()),
    ("winner_takes_all", WinnerTakesAll()),
)

_OPTION_LIST = (
    Option("players", 2, (2, 3), "number of players: 2 (8 cards each, 8 to the field) or "
           "3 (7 each, 6 to the field)", BOOK.at("791-797")),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: half a year (6) or a "
           "full year (12) as the chapter says, a season (3) as the basics allow, or any "
           "count from 1 to 12 for short games", BOOK.at("775")),
    Option("field_four", "misdeal", ("misdeal", "dealer_captures"),
           "four cards of a month dealt to the field: redeal (the chapter), or the dealer "
           "captures them and the field is refilled ('Four of a Kind is Not a Misdeal')",
           BOOK_VAR.at("885")),
    Option("shorter_rounds", False, (False, True), "the round ends as soon as every hand "
           "is empty; the cards left in the stock and on the field are nobody's "
           "('Shorter Rounds')", BOOK_VAR.at("889")),
    Option("winner_takes_all", False, (False, True), "the round's winner scores every "
           "player's round score added together, the others score nothing ('Winner "
           "Takes All')", BOOK_VAR.at("891"),
           note="A round with equal best scores has no winner: nobody takes all and the "
                "scores stand."),
    Option("low_man_out", False, (False, True), "if any player scores under "
           f"{LOW_MAN_OUT_BELOW} in a round, everybody scores nothing that round "
           "('Low Man Out')", BOOK_VAR.at("895"),
           note="Read on the round scores as counted (cards plus yaku), before Rain; the "
                "player with the best score still wins the round."),
    Option("rain", False, (False, True), "a player who captured all four November cards "
           "wipes out every opponent's score for the round ('Rain')", BOOK_VAR.at("897-899"),
           note="The four November cards must be in one pile at the end of the round; "
                "that player keeps their score and, holding the only score, wins the "
                "round."),
    counting_rounds_option(BOOK_VAR.at("901")),
    first_dealer_tie_option(BOOK_VAR.at("903")),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "The cards of the picture-only yaku": "The chapter names The Views, Flower Viewing, "
        "Moon Viewing and Spring Semi-Brights and their points, but shows their cards "
        "only in pictures. We read Flower Viewing as the Curtain and the Sake Cup, Moon "
        "Viewing as the Moon and the Sake Cup (as in Koi-Koi), Spring Semi-Brights as "
        "the Crane, the Nightingale and the Curtain (as in Mushi), and The Views as both "
        "viewings at once: the Curtain, the Moon and the Sake Cup, worth what the two "
        "viewings are worth together.",
    "A tied round": tied_round_decision(),
    "Several round variations at once": "The chapter does not order Low Man Out, Rain "
        "and Winner Takes All. When they are played, we check Low Man Out on the scores "
        "as counted (after Rain it would nearly always wipe the round out), then Rain, "
        "then Winner Takes All. The round's winner is the one with the best score as "
        "counted, except that Rain makes its holder the winner: every opponent then "
        "scores 0, so the holder has the only score, and Winner Takes All must not give "
        "it to a player Rain wiped out. After a tie nobody takes all.",
}

#: The game's own scoring step, read by the teaching layer (``teach.scoring_steps``),
#: placed after the step that says which yaku count.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "each",
     "Go through the yaku one category at a time. In the Bright, Dry Ribbon count and Views "
     "categories only your best yaku counts; in the Ribbon set and other categories "
     "every yaku you made counts. One card may help in several categories."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-6": {"rounds": 6},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-6": BOOK}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and make yaku from them: each round you score your cards' "
        "values plus your yaku, and after the agreed number of rounds the highest total wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-6": "Rulebook, half a year (6 rounds)"}

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("All five Brights", "1a 3a 8a 11a 12a"),
    ("The Wisteria month and two more Plain Ribbons", "4a 4b 4c 4d 5b 7b"),
    ("The Curtain, the Moon and the Sake Cup", "3a 8a 9a"),
)

#: The chapter's worked example (lines 871-875, figure 5.6): four Brights with the
#: Rainman, five Tens, three Ribbons and ten Chaffs, making Crane-Moon-Phoenix,
#: Boar-Deer-Butterfly, 3 Dry Plain Ribbons and All 4 Wisteria. The text gives only the
#: counts and the yaku; this pile fits every stated fact and makes no other yaku.
WORKED_EXAMPLE = "1a 8a 11a 12a 2a 4a 6a 7a 10a 4b 5b 7b 1c 1d 2c 2d 4c 4d 5c 5d 6c 6d"

#: Three piles at the end of a three-player round, to show the round variations together
#: on the variants page: all four November cards, the four dry Brights, three Tens.
ROUND_VARIATIONS_EXAMPLE = ("11a 11b 11c 11d", "1a 3a 8a 12a", "2a 4a 5a")

_DEALS = {2: (8, 8), 3: (7, 6)}


def chapter_facts(prefix: str = "mf") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the card values, the deck's worth, the worked example's figures,
    each yaku's points (``<prefix>_pts_<yaku key>``) and the deal for three players.

    The round variations on :data:`ROUND_VARIATIONS_EXAMPLE` (``<prefix>_rv_<seat>``:
    the scores as counted, ``rv_rain``: the Rain holder's score, ``rv_final``: the
    winner's after all three):

    >>> f = chapter_facts()
    >>> f["mf_ex_cards"], f["mf_ex_yaku"], f["mf_ex_total"], f["mf_deck"]
    (155, 70, 225, 264)
    >>> f["mf_rv_1"], f["mf_rv_2"], f["mf_rv_3"], f["mf_rv_rain"], f["mf_rv_final"]
    (46, 140, 30, 46, 46)
    """
    from ..cards import CardSet
    from ..engines.capture import setup_state
    rules = get_rules()
    overlay = rules.overlay
    pile = CardSet.parse(WORKED_EXAMPLE)
    ev = _TABLE.evaluate(pile)
    bright, ten, ribbon, chaff = overlay.values
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "deck": overlay.card_points(CardSet.deck().mask),
        "ex_cards": overlay.card_points(pile.mask), "ex_yaku": ev.total,
        "ex_total": overlay.card_points(pile.mask) + ev.total,
        "ex_n_yaku": len(ev.hits),
        "hand3": _DEALS[3][0], "field3": _DEALS[3][1],
        "stock3": len(rules.deck) - 3 * _DEALS[3][0] - _DEALS[3][1],
        "low_man_out": LOW_MAN_OUT_BELOW,
        "rounds_half": PRESETS["book-6"]["rounds"],
    }
    def settled(**on: bool) -> tuple[int, ...]:
        rules = get_rules("book", players=3, **on)
        end = setup_state(rules, ["", "", ""], captures=ROUND_VARIATIONS_EXAMPLE)
        points: tuple[int, ...] = rules.overlay.settle_draw(end).points
        return points
    values.update({f"rv_{seat + 1}": v for seat, v in enumerate(settled())})
    values["rv_rain"] = max(settled(rain=True))
    values["rv_final"] = max(settled(low_man_out=True, rain=True, winner_takes_all=True))
    values.update({f"pts_{r.key}": r.points for r in YAKU})
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    adjustments = tuple(adj for key, adj in ROUND_ADJUSTMENTS if v[key])
    overlay = CardValueSettlement(chart=_TABLE, adjustments=adjustments, source=BOOK)
    rules = CaptureRules(
        name="Matching Flowers", key="matching-flowers", preset=preset, options=items,
        players=v["players"], deals={v["players"]: _DEALS[v["players"]]},
        misdeal=MisdealRules(True, True, True),
        on_field_four="dealer_captures" if v["field_four"] == "dealer_captures" else "redeal",
        round_end="hands_empty" if v["shorter_rounds"] else "all_cards",
        rounds=v["rounds"], yaku=_TABLE, overlay=overlay)
    return rules


RULE_SETS = RuleSets("Matching Flowers", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules

