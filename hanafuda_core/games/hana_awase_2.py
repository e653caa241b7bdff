"""The rulebook's Hana-Awase 2 (ch. 7) as data.

Three players, 7 cards each and 6 to the field. Each round the cards a player took are
summed (Bright 20, Ten 10, Ribbon 5, Chaff 1) and measured against a par of 88, a third
of the deck's 264: that difference is the base score. The first yaku anyone captures
ends the round at once: its maker adds the yaku's points and each other player loses
them. A round in which nobody makes a yaku is played out and each base score stands.
Only a dealt quad (on the field or in a hand) is a misdeal.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.round_end, rules.overlay.par
({3: (7, 6)}, 12, 'first_yaku', 88)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1a 3a 8a 11a 12a").mask)   # only the best Bright yaku
100
>>> get_rules("book-bankrupt").start_points, get_rules("book-bankrupt").floor_score
(200, 0)

The round's end is the capture engine's ``round_end="first_yaku"``; the settlement is
the capture family's card-value settlement
(:class:`~hanafuda_core.families.capture.settlement.CardValueSettlement`) with the yaku
charged to the others (``transfer_yaku``, ``own_yaku_factor="one"``); Bankrupt is the
family's floor score (:mod:`~hanafuda_core.families.capture.ranking`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import FIVE_BRIGHTS, FOUR_DRY_BRIGHTS, POETRY_RIBBONS, PURPLE_RIBBONS
from ..cards import CardSet, Kind
from ..engines.capture import CaptureRules
from ..families.capture.adjustments import MiseryLovesCompany
from ..families.capture.ranking import tied_round_decision
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_QR",
    "BOOK_VAR",
    "BANKRUPT_START",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLE_PILES",
    "FIRST_GAME_SEED",
    "MISERY_AMOUNT",
    "MISERY_AT_MOST",
    "OPTIONS",
    "PAR",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_ORDER",
    "SCORING_STEPS",
    "YAKU",
    "YAKU_GROUPS",
    "chapter_facts",
    "get_rules",
    "preset_options",
]

BOOK = Source("BOOK", "ch. 7 Hana-Awase 2", "1005-1154")
BOOK_VAR = Source("BOOK", "ch. 7 Hana-Awase 2, gameplay variations", "1143-1149")
BOOK_QR = Source("BOOK", "Quick Reference, Hana-Awase 2", "8263-8310")


#: The par (lines 1067-1071): a third of the deck's 264 points.
PAR = 88
#: Bankrupt (line 1145): every player starts with this many points; a total of 0 or
#: less ends the game.
BANKRUPT_START = 200
BANKRUPT_FLOOR = 0
#: Misery Loves Company (line 1147): a player who captured at most this many points...
MISERY_AT_MOST = 15
#: ...gains this many, and every other player loses as many.
MISERY_AMOUNT = 40

#: The chapter's three yaku categories (figures 7.1-7.3): from the Bright category a
#: player scores one yaku (the best), from the Ribbon and the Chaff categories each.
YAKU_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "one_of"),
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("chaffs", "Chaff yaku", "each"),
)

#: The chapter's yaku chart (figures 7.1-7.3, the Quick Reference 8285-8307). "Dry"
#: leaves out the November cards.
YAKU: tuple[YakuRule, ...] = (
    FIVE_BRIGHTS.rule(100, group="brights", source=BOOK.at("1063")),
    FOUR_DRY_BRIGHTS.rule(60, group="brights", source=BOOK.at("1069")),
    YakuRule("seven_dry_ribbons", "Any 7 Dry Ribbons", "", 60, kinds=(Kind.RIBBON,),
             count=7, dry=True, group="ribbons", source=BOOK.at("1083"),
             note="any seven Ribbons other than November's"),
    PURPLE_RIBBONS.rule(40, group="ribbons", source=BOOK.at("1087")),
    POETRY_RIBBONS.rule(40, group="ribbons", source=BOOK.at("1089")),
    YakuRule("fourteen_chaffs", "Any 14 Chaffs", "", 60, kinds=(Kind.CHAFF,), count=14,
             group="chaffs", source=BOOK.at("1093"),
             note="the Storm and the Special Paulownia are Chaffs; the Sake Cup is a Ten"),
)
_TABLE = YakuTable(YAKU_GROUPS, YAKU, sake="ten", limit="groups", source=BOOK)

_OPTION_LIST = (
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); "
           "any count from 1 to 12 for short games", BOOK.at("1009")),
    Option("bankrupt", False, (False, True), "Bankrupt: every player starts with "
           f"{BANKRUPT_START} points and the game ends as soon as a total is "
           f"{BANKRUPT_FLOOR} or less (or after the agreed rounds); the most points wins",
           BOOK_VAR.at("1145")),
    Option("misery", False, (False, True), "Misery Loves Company: a player who captured "
           f"{MISERY_AT_MOST} points or less gains {MISERY_AMOUNT}, and every other player "
           f"loses {MISERY_AMOUNT}, on top of the normal scoring", BOOK_VAR.at("1147")),
    Option("worthless_chaff", False, (False, True), "Worthless Chaff: Chaffs are worth 0 "
           f"points (the par stays {PAR}: our reading)", BOOK_VAR.at("1149")),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent: a question a table will meet, and what we
#: do. The teaching layer shows them in "Sources and differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "When the first yaku ends the round": "The chapter ends the round as soon as a player "
        "captures a yaku. We check at the end of that player's turn, once the card played "
        "and the card turned up have both been taken: the turn is finished, and nobody "
        "plays after it. The cards still in the hands, on the field and in the stock "
        "belong to nobody.",
    "Several yaku in one turn": "If one turn's captures make two yaku at once, both count "
        "(the chapter adds up the maker's yaku): the maker gains their sum and each other "
        "player loses it.",
    "A tied round": tied_round_decision(aside=" and nobody made a yaku"),
    "Bankrupt and the agreed rounds": "Bankrupt does not say whether the agreed number "
        "of rounds still counts. We end the game after the agreed rounds or as soon as a "
        "total is 0 or less, whichever comes first; the most points wins, a tie going to "
        "the most rounds won.",
    "Misery Loves Company: 15 points of what?": "The variation gives 40 to a player who "
        "captured 15 points or less. We count the card points they captured, before the "
        "par (after the par of 88 nearly everyone is below 15). Each such player, in seat "
        "order, gains 40 and every other player loses 40: with two such players each ends "
        "even from the rule and the third loses 80. It is a bonus on top of the round's "
        "scores, so the round no longer balances.",
    "Worthless Chaff and the par": "With Chaffs worth nothing the deck is worth less. The "
        "variation changes only the Chaffs' value and does not mention the par, so we "
        f"leave the par at {PAR}. Any 14 Chaffs still counts: it counts cards, not points.",
}

#: The shared scoring steps in this game's order (``teach.scoring_steps``): the base score
#: (cards against the par) first, then the yaku; the game's own step says who gains and
#: who pays them.
SCORING_ORDER: tuple[str, ...] = ("card_points", "par", "find_yaku", "best", "each",
                                  "add_up", "settle")

#: The game's own scoring step, read by the teaching layer (``teach.scoring_steps``),
#: placed after the step that adds up the yaku.
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "add_up",
     "Your base score is your card points less the par. If your yaku ended the round, add "
     "its points to your base score; each other player "
     "subtracts the same points from theirs. If nobody made a yaku, every base score "
     "stands and the best one wins the round."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-6": {"rounds": 6},
    "book-bankrupt": {"bankrupt": True},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-6": BOOK,
                                        "book-bankrupt": BOOK_VAR.at("1145")}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Capture valuable cards and be the first to make a yaku: the yaku ends the round, "
        "its points go to you and come off each other player, and after the agreed number "
        "of rounds the highest total wins.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-6": "Rulebook, half a year (6 rounds)",
                                    "book-bankrupt": "Rulebook with Bankrupt"}

#: The chapter's scoring example (lines 1077-1095, figure 7.4): the round stopped when
#: player A made the 3 Poetry Ribbons. The text gives each pile's counts by kind; these
#: piles fit every stated count, are disjoint, and only A's makes a yaku.
EXAMPLE_PILES: tuple[str, str, str] = (
    "1a 3a 8a 1b 2b 3b 1c 1d 3c 3d",       # 3 Brights, 3 Ribbons, 4 Chaffs: 79
    "12a 2a 4a 5a 6a 4b 4c 4d",            # 1 Bright, 4 Tens, 1 Ribbon, 2 Chaffs: 67
    "7a 9a 10a 5b 7b 5c 5d 7c 7d 9c",      # 3 Tens, 2 Ribbons, 5 Chaffs: 45
)

#: The deal of the chapter's first game and worked round: a round in which a yaku
#: stops play while cards are still in the hands and the stock, so the reader sees the
#: chapter's key rule (tested in tests/games/test_hana_awase_2.py).
FIRST_GAME_SEED = 8

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The chapter's example, player A: three Brights and the Poetry Ribbons",
     EXAMPLE_PILES[0]),
    ("All five Brights and three Chaffs", "1a 3a 8a 11a 12a 1c 2c 3c"),
    ("Fourteen Chaffs", "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d"),
)


def chapter_facts(prefix: str = "hb") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the card values, the deck's worth and the par, the deal, the worked
    example's figures (``ex_a_cards``, ``ex_a_base``, ``ex_a_total``... for A, B, C),
    each yaku's points (``pts_<yaku key>``) and the variations' numbers.

    >>> f = chapter_facts()
    >>> f["hb_par"], f["hb_ex_a_base"], f["hb_ex_a_total"], f["hb_ex_c_total"]
    (88, -9, 31, -83)
    """
    rules = get_rules()
    overlay = rules.overlay
    piles = tuple(CardSet.parse(p).mask for p in EXAMPLE_PILES)
    scores = overlay.side_scores(piles)
    bright, ten, ribbon, chaff = overlay.values
    hand, fld = rules.deals[3]
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "deck": overlay.card_points(CardSet.deck().mask), "par": overlay.par,
        "hand": hand, "field": fld, "stock": len(rules.deck) - 3 * hand - fld,
        "rounds": OPTIONS["rounds"].default, "rounds_half": PRESETS["book-6"]["rounds"],
        "bankrupt_start": BANKRUPT_START, "bankrupt_floor": BANKRUPT_FLOOR,
        "misery_at_most": MISERY_AT_MOST, "misery_amount": MISERY_AMOUNT,
        "ex_yaku": _TABLE.points(piles[0]),
    }
    for who, s in zip("abc", scores):
        values.update({f"ex_{who}_cards": s.card_points, f"ex_{who}_base": s.card_points - s.par,
                       f"ex_{who}_total": s.total})
    values.update({f"pts_{r.key}": r.points for r in YAKU})
    return {f"{prefix}_{k}": v for k, v in values.items()}



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    misery = (MiseryLovesCompany(at_most=MISERY_AT_MOST, amount=MISERY_AMOUNT),)
    overlay = CardValueSettlement(values=(20, 10, 5, 0 if v["worthless_chaff"] else 1),
                                  par=PAR, chart=_TABLE, transfer_yaku=True,
                                  own_yaku_factor="one",
                                  adjustments=misery if v["misery"] else (), source=BOOK)
    bankrupt = v["bankrupt"]
    return CaptureRules(
        name="Hana-Awase 2", key="hana-awase-2", preset=preset, options=items,
        players=3, deals={3: (7, 6)}, misdeal=misdeal_rules("hana-awase-2"),
        round_end="first_yaku", rounds=v["rounds"],
        start_points=BANKRUPT_START if bankrupt else 0,
        floor_score=BANKRUPT_FLOOR if bankrupt else None,
        yaku=_TABLE, overlay=overlay)


RULE_SETS = RuleSets("Hana-Awase 2", PRESETS, OPTIONS, _build)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
