"""The rulebook's Higo-Bana (ch. 14) as data.

Two to seven players play every card out (8 each and 8 to the field for two, 7 and 6
for three, down to 3 and 6 for seven). Card values are the chapter's own: Bright 20,
Ten 5, Ribbon 10, Chaff 0 (the deck is worth 245). Every yaku is a penalty: it scores
nothing for the side that makes it and costs each other side 50. The Storm (the
November Chaff) is wild: drawn or played it may take any field card or be left on the
field, never another player's hiki; a player who sees all four cards of a month between
the hand and the field may announce hiki and take them at once.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.wild.card.code, rules.announced_hiki
({2: (8, 8)}, 12, '11d', 'any')
>>> from hanafuda_core.cards import CardSet
>>> rules.overlay.card_points(CardSet.deck().mask)
245
>>> [s.total for s in rules.overlay.side_scores(tuple(CardSet.parse(p).mask for p in (
...     PILES["A"], PILES["B"], PILES["C"])))]
[-60, 25, -20]

The settlement is the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`) with the own
yaku factor ``"none"`` (B3); the wild is the engine's
:data:`~hanafuda_core.engines.capture.HIGO_BANA_WILD` (B1, B2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..capture_yaku import POETRY_RIBBONS, PURPLE_RIBBONS, SPRING_SEMI_BRIGHTS, THE_VIEWS
from ..cards import Card
from ..engines.capture import HIGO_BANA_WILD, CaptureRules
from ..errors import OptionError
from ..families.capture.adjustments import LeadDoubles
from ..families.capture.ranking import COUNTING_TOKENS, tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..narration import and_list
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_HIKI",
    "BOOK_QR",
    "BOOK_SCORE",
    "BOOK_TEAMS",
    "BOOK_VAR",
    "BOOK_WILD",
    "BOOK_YAKU",
    "COMPARISON_PILES",
    "DECISIONS",
    "OPTIONS",
    "PENALTY",
    "PILES",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_ORDER",
    "SCORING_STEPS",
    "TEAMS",
    "VALUES",
    "YAKU",
    "chapter_facts",
    "get_rules",
    "preset_options",
    "zero_sum",
]

BOOK = Source("BOOK", "ch. 14 Higo-Bana", "2339-2528")
BOOK_TEAMS = Source("BOOK", "ch. 14 Higo-Bana, Team Play", "2353-2371")
BOOK_HIKI = Source("BOOK", "ch. 14 Higo-Bana, Hiki", "2373, 2389-2393")
BOOK_WILD = Source("BOOK", "ch. 14 Higo-Bana, wild card", "2375-2381")
BOOK_YAKU = Source("BOOK", "ch. 14 Higo-Bana, yaku (figures 14.2a-b)", "2395-2437")
BOOK_SCORE = Source("BOOK", "ch. 14 Higo-Bana, scoring", "2411-2423")
BOOK_VAR = Source("BOOK", "ch. 14 Higo-Bana, gameplay variations", "2429-2523")
BOOK_QR = Source("BOOK", "Quick Reference, Higo-Bana", "8657-8695")

C = Card

#: The chapter's card values (2387; QR 8683): Bright, Ten, Ribbon, Chaff.
VALUES = (20, 5, 10, 0)
#: What each yaku costs every other side (2417, 2419).
PENALTY = 50

_GROUPS = (YakuGroup("higo", "Yaku", "each"),)


def _own(key: str, name: str, cards: tuple[Card, ...], lines: str) -> YakuRule:
    return YakuRule(key, name, "", PENALTY, cards=cards, group="higo", source=BOOK.at(lines))


#: The chapter's eight yaku (figures 14.2a-b; QR 8677-8693), each worth 50 as a penalty.
YAKU: tuple[YakuRule, ...] = (
    SPRING_SEMI_BRIGHTS.rule(PENALTY, group="higo", source=BOOK.at("2403")),
    PURPLE_RIBBONS.rule(PENALTY, group="higo", source=BOOK.at("2407"),
                        note="printed '3 Purple Brights': the three purple cards are Ribbons"),
    POETRY_RIBBONS.rule(PENALTY, group="higo", source=BOOK.at("2413"),
                        note="printed '3 Poetry Brights': the three poetry cards are Ribbons"),
    _own("dry_plain_ribbons", "3 Dry Plain Ribbons",
         (C.WISTERIA_RIBBON, C.IRIS_RIBBON, C.CLOVER_RIBBON), "2415"),
    THE_VIEWS.rule(PENALTY, group="higo", source=BOOK.at("2417")),
    _own("boar_deer_geese", "Boar-Deer-Geese", (C.CLOVER_BOAR, C.MAPLE_DEER, C.SUSUKI_GEESE),
         "2421"),
    _own("sake_deer_butterfly", "Sake, Deer, Butterfly",
         (C.CHRYSANTHEMUM_SAKE, C.MAPLE_DEER, C.PEONY_BUTTERFLY), "2435"),
    _own("boar_cuckoo_bridge", "Boar, Cuckoo, Bridge",
         (C.CLOVER_BOAR, C.WISTERIA_CUCKOO, C.IRIS_BRIDGE), "2437"),
)
_TABLE = YakuTable(_GROUPS, YAKU, source=BOOK_YAKU)

#: Team Play's seatings (2353-2371): the side of each seat, partners sitting apart.
TEAMS: Mapping[str, tuple[int, ...] | None] = {
    "none": None, "2v2": (0, 1, 0, 1), "2v2v2": (0, 1, 2, 0, 1, 2), "3v3": (0, 1, 0, 1, 0, 1)}

#: Cards each player holds in the deal table (2379-2385; QR 8669-8673): (hand, field).
_DEALS = {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12), 7: (3, 6)}

_OPTION_LIST = (
    Option("players", 2, tuple(_DEALS), "number of players, 2 to 7; the deal follows the "
           "chapter's table", BOOK.at("2341, 2379-2385")),
    Option("teams", "none", tuple(TEAMS), "Team Play: two against two (4 players), three "
           "pairs or two teams of three (6 players); partners sit apart, share one capture "
           "pile and one score", BOOK_TEAMS,
           note="The side that wins a round deals next through its player first in turn "
                "from the dealer: our reading."),
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); "
           "any count from 1 to 12 for short games", BOOK.at("2343")),
    Option("first_to", None, (None, 200, 300, 500), "First to X Points: the game ends "
           "when a total reaches this, and the highest total wins", BOOK_VAR.at("2437"),
           note="The chapter leaves the target to the table; we offer three."),
    Option("wild_dealt_discarded", False, (False, True), "Wild Dealt to Field: the Storm "
           "dealt to the field leaves the round at once", BOOK_VAR.at("2439"),
           note="The field is then one card short; nothing replaces it."),
    Option("rainman_5", False, (False, True), "Rain Man Card Value: the Rainman is worth 5",
           BOOK_VAR.at("2445, 2449")),
    Option("special_paulownia_10", False, (False, True), "Special Paulownia Card Value: the "
           "Paulownia chaff with the coloured base is worth 10", BOOK_VAR.at("2453, 2457")),
    Option("lead_bonus", "none", ("none", "score_100", "score_50", "cards_100", "cards_50"),
           "the round's winner doubles its score when it leads every other player by at "
           "least 100 or 50, counting final scores or card values", BOOK_VAR.at(
               "2461-2473, 2507"),
           note="The chapter lets a table choose several; doubling twice makes little "
                "sense, so we offer one at a time."),
    Option(COUNTING_TOKENS, False, (False, True), "Counting Tokens: the round's winner "
           "takes 1 token, 2 if it won by more than 50, 3 by more than 100; the most tokens "
           "wins the game, the total breaking a tie", BOOK_VAR.at("2515-2523"),
           note="'Won by' is the lead over the second-best score: our reading. It cannot "
                "be combined with First to X Points."),
    Option("hand_quad_hiki", True, (False, True), "all four cards of a month dealt to one "
           "hand may be announced as a hiki too", BOOK_HIKI,
           note="our reading of 'in any combination (either in hand or in the field)'"),
    Option("wild_from_hand", "as_drawn", ("as_drawn", "must_capture"),
           "the Storm played from the hand: as drawn (any card, or left on the field), or "
           "it must take a card when it can", BOOK_WILD,
           note="the chapter describes the Storm dealt, drawn and last, not played: as "
                "drawn is our reading"),
    Option("wild_spares_field_triples", False, (False, True), "the Storm may not take "
           "one of three cards of a month lying on the field either (the basics' hiki)",
           BOOK_WILD.at("2381"),
           note="the chapter protects only another player's hiki; this adds the basics' "
                "rule"),
    Option("field_quad_refill", True, (False, True), "after the dealer takes four cards "
           "of a month dealt to the field, the field is refilled from the stock",
           BOOK_HIKI.at("2393"), note="the chapter does not say; we refill, as the basics' "
                                      "'Four of a Kind is Not a Misdeal' does"),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "A tied round": tied_round_decision(),
    "The Storm played from the hand": "The chapter tells what the Storm does dealt, drawn "
                                      "and as the last card, not played from the hand. We "
                                      "play it as drawn: it may take any card but another "
                                      "player's hiki, or stay on the field.",
    "Announcing a hiki": "On your turn, instead of playing a card, you may show every card "
                         "of a month you hold when the rest of that month lies on the "
                         "field, and take all four; then you draw as usual. Four of a "
                         "month in your hand count too.",
    "A hiki against the Storm": "A player holding the rest of a month always announces it "
                                "when the Storm would take one of its field cards, so we "
                                "announce for them and refuse the Storm that card. This "
                                "holds whenever an opponent's hand has every card of the "
                                "month that is not on the field, also a single fourth card "
                                "beside three on the field. Three cards of a month lying "
                                "on the field are no hiki of their own: when the fourth is "
                                "in the stock or in the hand of the Storm's player (or a "
                                "partner), the Storm may take one of them.",
    "Teams": "The chapter does not say who deals after a team wins a round. The winning "
             "side deals through its player who comes first in turn from the last dealer; "
             "both partners write the side's score.",
    "Purple and Poetry Brights": "The chapter prints '3 Purple Brights' and '3 Poetry "
                                 "Brights'; no three Brights are purple or poetic, so we read "
                                 "the three purple and the three poetry Ribbons.",
}

#: The shared scoring steps Higo-Bana uses, in order: no "add up your yaku" (a yaku
#: scores nothing for its maker).
SCORING_ORDER: tuple[str, ...] = ("card_points", "find_yaku", "each", "settle")

#: The game's own scoring steps (``teach.scoring_steps``).
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("before", "card_points",
     "Before counting, hand out the leftovers: the last November card on the field goes "
     "to the player who took the other two, and the card left of the month the Storm "
     "took goes to the player who used the Storm."),
    ("after", "each",
     "Your own yaku give you nothing: each one costs every other player 50. Take 50 off "
     "your card values for every yaku each other player made."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-3": {"players": 3},
    "book-6": {"rounds": 6},
    "teams-2v2": {"players": 4, "teams": "2v2"},
    "teams-3v3": {"players": 6, "teams": "3v3"},
}
PRESET_SOURCES: Mapping[str, Source] = {p: BOOK for p in PRESETS}
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, two players",
                                    "book-3": "Rulebook, three players",
                                    "book-6": "Rulebook, half a year (6 rounds)",
                                    "teams-2v2": "Rulebook, two teams of two",
                                    "teams-3v3": "Rulebook, two teams of three"}

#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and make yaku: each yaku you make costs every opponent 50, "
        "and after the agreed rounds the highest total wins.")

#: The chapter's three-player scoring example (2443-2505, figure 14.3): piles holding
#: the printed figures (card values 90 / 75 / 80; 0 / 2 / 1 yaku).
PILES: Mapping[str, str] = {
    "A": "1d 2c 2d 3a 3c 3d 4a 4c 4d 5a 5c 8b 9a 11a 11c 12a",
    "B": "1b 2a 2b 3b 6a 6b 6c 6d 7c 7d 8c 8d 9b 9c 10b 11b",
    "C": "1a 1c 4b 5b 5d 7a 7b 8a 9d 10a 10c 10d 11d 12b 12c 12d",
}

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The example's second player: two yaku, six Ribbons", PILES["B"]),
    ("The Rainman, the Special Paulownia and the Boar, Deer and Geese", "11a 12b 7a 10a 8b"),
)


def zero_sum(rules: CaptureRules) -> bool:
    """Play-protocol hook: no. A yaku costs every other side and gives its maker nothing,
    so a round's scores add up to the deck's 245 less the penalties."""
    return False


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    own: tuple[tuple[Card, int], ...] = ()
    if v["rainman_5"]:
        own += ((C.WILLOW_RAINMAN, 5),)
    if v["special_paulownia_10"]:
        own += ((C.PAULOWNIA_SPECIAL, 10),)
    lead = v["lead_bonus"]
    adjustments = () if lead == "none" else (LeadDoubles(
        int(lead.split("_")[1]), lead.split("_")[0], partners=TEAMS[v["teams"]]),)
    overlay = CardValueSettlement(values=VALUES, card_values=own, chart=_TABLE,
                                  transfer_yaku=True, own_yaku_factor="none",
                                  adjustments=adjustments, source=BOOK_SCORE)
    wild = replace(HIGO_BANA_WILD,
                   on_field="discarded" if v["wild_dealt_discarded"] else "month",
                   optional_from_hand=v["wild_from_hand"] == "as_drawn",
                   hiki="both" if v["wild_spares_field_triples"] else "announced")
    n = v["players"]
    return CaptureRules(
        name="Higo-Bana", key="higo-bana", preset=preset, options=items,
        players=n, deals={n: _DEALS[n]}, teams=TEAMS[v["teams"]],
        misdeal=misdeal_rules("higo-bana"),
        on_field_four="dealer_captures", field_quad_refill=v["field_quad_refill"],
        rounds=None if v["first_to"] else v["rounds"], target_score=v["first_to"],
        yaku=_TABLE, overlay=overlay, wild=wild,
        announced_hiki="any" if v["hand_quad_hiki"] else "hand_and_field")


def _check(values: Mapping[str, Any]) -> None:
    """Team Play fixes the number of players: refuse another count, naming the right one."""
    teams = TEAMS[values["teams"]]
    if teams is not None and len(teams) != values["players"]:
        raise OptionError(f"Higo-Bana's Team Play {values['teams']} is for {len(teams)} "
                          f"players, not {values['players']}: set players={len(teams)} "
                          "(or teams=none)")


RULE_SETS = RuleSets("Higo-Bana", PRESETS, OPTIONS, _build, check=_check)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def chapter_facts(prefix: str = "higo") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the card values, the penalty, the deck's worth, the deal table and
    the worked example's figures.

    >>> f = chapter_facts()
    >>> f["higo_penalty"], f["higo_deck"], f["higo_ex_a"], f["higo_ex_b"], f["higo_ex_c"]
    (50, 245, -60, 25, -20)
    >>> f["higo_shared_cards"]
    'the Curtain, the Boar, the Sake Cup and the Deer'
    """
    from ..cards import CardSet
    rules = get_rules("book-3")
    o = rules.overlay
    piles = tuple(CardSet.parse(PILES[k]).mask for k in "ABC")
    scores = o.side_scores(piles)
    values: dict[str, object] = dict(zip(("bright", "ten", "ribbon", "chaff"), VALUES))
    values.update(penalty=PENALTY, deck=o.card_points(CardSet.deck().mask),
                  yaku_count=len(YAKU), rounds=rules.rounds)
    # the cards that belong to more than one yaku, in deck order ("the Curtain, ...")
    shared = sorted(c for c in Card if sum(c in y.cards for y in YAKU) > 1)
    values["shared_cards"] = and_list(f"the {c.info.name}" for c in shared)
    for k, s in zip("abc", scores):
        values[f"ex_{k}"] = s.total
        values[f"ex_{k}_cards"] = s.card_points
        values[f"ex_{k}_yaku"] = s.yaku_points // PENALTY
        values[f"ex_{k}_taken"] = s.taken_by_others
    for n, (hand, fld) in _DEALS.items():
        values[f"deal_{n}_hand"], values[f"deal_{n}_field"] = hand, fld
    return {f"{prefix}_{k}": v for k, v in values.items()}
