"""The rulebook's Sudaoshi (ch. 18) as data.

Three players, seven cards each and six to the field; every card is played out. The
round scores three things, each paid by both opponents: the hand combinations claimed
at the deal (Hachi-Hachi's table, :data:`~hanafuda_core.teyaku.BOOK_TABLE`), the yaku
(Hills for everyone, Rain only for the seat carrying the heaviest burden), and the
card values (Chaffs, the Curtain and the Phoenix 10, the other Brights and the Tens 5,
Ribbons 1: the deck is worth 330) less the seat's point burden (100, 110 or 120; the
three add up to the deck). The round's best score takes the lightest burden and deals
next.

>>> rules = get_rules()
>>> rules.deals, rules.burdens, rules.rounds
({3: (7, 6)}, (100, 110, 120), 12)
>>> from hanafuda_core.cards import CardSet
>>> rules.overlay.card_points(CardSet.deck().mask)
330
>>> example_result().points          # the chapter's worked example (A, B, C)
(-41, -62, 103)

The settlement is the capture family's card-value settlement with values per card
(A10), the yaku and the claimed hand combinations paid by each opponent (A2, B15), a
yaku group only the 120 burden scores (B16) and each seat's burden as its par (B14:
``CaptureRules.burdens``, handed on after each round by the engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..capture_yaku import month_cards
from ..cards import Card, CardSet
from ..engines.capture import CaptureRules, Declare, RoundResult, State, setup_state
from ..families.capture.ranking import counting_rounds_option
from ..families.capture.settlement import CardValueSettlement, HandClaims
from ..rules import Option, RuleSets, Source
from ..teyaku import BOOK_TABLE
from ..yaku import YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "BOOK",
    "BOOK_BURDEN",
    "BOOK_HAND",
    "BOOK_QR",
    "BOOK_SCORE",
    "BOOK_VAR",
    "BOOK_YAKU",
    "BURDENS",
    "CARD_VALUES",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLE_BURDENS",
    "EXAMPLE_HANDS",
    "EXAMPLE_PILES",
    "GOAL",
    "GROUP_BURDENS",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "TEYAKU",
    "VALUES",
    "YAKU",
    "YAKU_GROUPS",
    "chapter_facts",
    "example_result",
    "example_rows",
    "example_state",
    "get_rules",
    "preset_options",
    "zero_sum",
]

BOOK = Source("BOOK", "ch. 18 Sudaoshi", "4217-4518")
BOOK_BURDEN = Source("BOOK", "ch. 18 Sudaoshi, Point Burden", "4249, 4253, 4259, 4263, 4273")
BOOK_HAND = Source("BOOK", "ch. 18 Sudaoshi, Hand Combinations",
                   "4231, 4237, 4243, 4247, 4267-4277, 4343-4405")
BOOK_YAKU = Source("BOOK", "ch. 18 Sudaoshi, yaku", "4283-4285, 4335-4337, 4345-4359")
BOOK_SCORE = Source("BOOK", "ch. 18 Sudaoshi, scoring", "4269-4339")
BOOK_VAR = Source("BOOK", "ch. 18 Sudaoshi, gameplay variations", "4511-4515")
BOOK_QR = Source("BOOK", "Quick Reference, Sudaoshi", "9143-9273")

C = Card

#: The point burdens, lightest first (4249; QR 9165): the dealer 100, the player on the
#: dealer's right (who plays next) 110, the one on the left 120. They add up to the deck.
BURDENS = (100, 110, 120)

#: Card values (4341; QR 9177): Bright, Ten, Ribbon, Chaff, then the two Brights worth
#: more than their kind. November's cards are Chaffs for the hand combinations only.
VALUES = (5, 5, 1, 10)
CARD_VALUES: tuple[tuple[Card, int], ...] = ((C.CHERRY_CURTAIN, 10), (C.PAULOWNIA_PHOENIX, 10))

#: The hand combinations: the rulebook's table, as Hachi-Hachi plays it (4363-4405;
#: November's cards count as Chaffs, 4361).
TEYAKU = BOOK_TABLE

#: The two yaku categories (4351), each paying one yaku at most (figures 18.2, 18.3).
YAKU_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("hills", "Hills yaku", "one_of"),
    YakuGroup("rain", "Rain yaku", "one_of"),
)
#: Only the player carrying the 120 burden scores the Rain yaku (4355, 4359; QR 9171).
GROUP_BURDENS: tuple[tuple[str, int], ...] = (("rain", BURDENS[-1]),)

YAKU: tuple[YakuRule, ...] = (
    YakuRule("over_the_hills", "Over the Hills", "", 10,
             cards=(C.SUSUKI_MOON, C.SUSUKI_GEESE), group="hills",
             source=BOOK_YAKU.at("4283"), note="the Moon and the Geese"),
    YakuRule("the_hills", "The Hills", "", 20, cards=month_cards(8),
             group="hills", source=BOOK_YAKU.at("4285"), note="all four August cards"),
    YakuRule("under_the_rainy_sky", "Under the Rainy Sky", "", 10,
             cards=(C.WILLOW_RAINMAN, C.WILLOW_SWALLOW), group="rain",
             source=BOOK_YAKU.at("4335"),
             note="the Rainman and the Swallow; only for the player carrying the 120 burden"),
    YakuRule("rainy_sky", "Rainy Sky", "", 20, cards=month_cards(11),
             group="rain", source=BOOK_YAKU.at("4337"),
             note="all four November cards; only for the player carrying the 120 burden"),
)
_TABLE = YakuTable(YAKU_GROUPS, YAKU, source=BOOK_YAKU)

#: How a round whose best score is shared is decided (our reading: see DECISIONS).
_ROUND_TIES = ("lighter_burden", "dealer_then_play_order")

_OPTION_LIST = (
    Option("rounds", 12, (12, 6), "number of rounds: 12 or 6", BOOK.at("4221")),
    counting_rounds_option(BOOK_VAR.at("4515")),
    Option("open_hand", False, (False, True), "Open Hand: the cards shown to claim a hand "
           "combination stay face up until they are played", BOOK_VAR.at("4513"),
           note="without it the claimed cards are hidden again after the claim (4247): "
                "the claims stay known, the cards are no longer shown in the hand"),
    Option("round_tie", "lighter_burden", _ROUND_TIES,
           "who wins a round whose best score is shared: the tied player carrying the "
           "lighter burden, or the dealer if tied, else the first tied player in turn order",
           BOOK_BURDEN.at("4253, 4265"),
           note="the chapter ranks the round's scores without saying how a tie is broken; "
                "both values are our readings"),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "Tied round scores": "The chapter hands the burdens on by the round's scores without "
        "saying what a tie does. Tied players are ranked by the burden they carried this "
        "round, the lighter first: the first of that order wins the round and deals. "
        "Keeping the dealer on a tie is an option.",
    "Right and left of the dealer": "Play goes counterclockwise, so the player on the "
        "dealer's right plays next: in the first round that player carries 110 and the "
        "last player 120.",
    "Claiming is voluntary": "A combination scores only if it is shown. The computer "
        "players always show theirs; in the app you choose.",
    "Both yaku categories for the 120 burden": "The player carrying 120 may score one Hills "
        "yaku and one Rain yaku in the same round.",
    "Rainy Sky and Under the Rainy Sky together": "Each category pays one yaku: all four "
        "November cards score Rainy Sky alone, not both.",
    "Hidden again after the claim": "Without Open Hand the claimed cards go back into the "
        "hand face down: everyone knows what was claimed, but the cards are not shown "
        "lying in the hand.",
}

#: The game's own scoring steps, read by the teaching layer (``teach.scoring_steps``).
SCORING_STEPS: tuple[tuple[str, str, str], ...] = (
    ("after", "best",
     f"A Rain yaku counts only for the player carrying the {BURDENS[-1]} burden this "
     "round; the others score their Hills yaku alone."),
    ("after", "add_up",
     "Both opponents pay you your hand combinations and your yaku: count your own twice "
     "and take off theirs. Add your card values, then take off your point burden "
     f"({', '.join(map(str, BURDENS[:-1]))} or {BURDENS[-1]})."),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-6": {"rounds": 6},
    "counting-rounds": {"counting_rounds": True},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-6": BOOK.at("4221"),
                                        "counting-rounds": BOOK_VAR.at("4515")}
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook, 12 rounds",
                                    "book-6": "Rulebook, half a year (6 rounds)",
                                    "counting-rounds": "Rulebook, counting rounds won"}
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Score more than your point burden: the cards you capture, your yaku and the hand "
        "combinations you were dealt all count, and your opponents pay for the last two. "
        "After the agreed rounds the highest total wins.")

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The four August cards", "8a 8b 8c 8d"),
    ("The four November cards", "11a 11b 11c 11d"),
    ("The Curtain, the Phoenix and three Chaffs", "3a 12a 1c 2c 3c"),
)

#: The chapter's worked example (4409-4431, figure 18.6): A (seat 0) deals. The hands are
#: ours, chosen to make the claims the text names (A Any 3 of a Kind, B nothing, C Any 7
#: Chaffs); the piles are ours too, a split of the deck with the printed card values
#: (89, 108, 133) and yaku (B Over the Hills, C Rainy Sky).
EXAMPLE_BURDENS = (100, 110, 120)
EXAMPLE_HANDS: Mapping[str, str] = {"A": "1a 1b 1c 4a 6b 9c 10b",
                                    "B": "2a 3b 4b 5a 6a 7b 8b",
                                    "C": "1d 2c 3c 5c 10c 11d 12c"}
EXAMPLE_PILES: Mapping[str, str] = {
    "A": "1b 2a 3b 4a 5a 5c 6d 7a 7b 9a 9d 10b 10c 12a 12d",
    "B": "1a 1c 1d 2d 3a 3d 4b 4c 5b 5d 6a 6b 6c 8a 8b 10a",
    "C": "2b 2c 3c 4d 7c 7d 8c 8d 9b 9c 10d 11a 11b 11c 11d 12b 12c",
}

_DEALS = {3: (7, 6)}


def example_state(burdens: tuple[int, ...] = EXAMPLE_BURDENS, preset: str = "book",
                  **options: Any) -> State:
    """The worked example's last position: every card in the three piles, the claims of
    the dealt hands made, the burdens as given (the chapter's by default)."""
    rules = get_rules(preset, **options)
    state = setup_state(rules, ["", "", ""], captures=list(EXAMPLE_PILES.values()),
                        burdens=burdens)
    claims = []
    for seat, hand in enumerate(EXAMPLE_HANDS.values()):
        for hit in TEYAKU.evaluate(CardSet.parse(hand)).hits:
            claims.append((seat, Declare(hit.rule.key, tuple(c for c in hit.shown
                                                             if isinstance(c, Card)))))
    return state._replace(declared=tuple(claims))


def example_result(burdens: tuple[int, ...] = EXAMPLE_BURDENS) -> RoundResult:
    """The worked example settled (the chapter's burdens by default)."""
    state = example_state(burdens)
    result: RoundResult = state.rules.overlay.settle_draw(state)
    return result


def example_rows(burdens: tuple[int, ...] = EXAMPLE_BURDENS) -> list[dict[str, object]]:
    """The worked example term by term, one row per term and a column per player (the
    chapter's table; figure 18.6 lays it out the same way), settled with ``burdens``.

    >>> [r["Player C"] for r in example_rows()]
    [120, 60, 30, 133, 103]
    """
    state = example_state(burdens)
    overlay = state.rules.overlay
    scores = overlay.side_scores(state.caps_m, 0, hand=_claimed(state), burdens=burdens)
    hand = overlay.transfer_hand_points([s.hand_points for s in scores])
    yaku = [s.yaku_points * s.yaku_factor - s.taken_by_others for s in scores]
    terms = (("Point burden", [s.par for s in scores]),
             ("Hand combinations: yours twice, less both opponents'", list(hand)),
             ("Yaku: yours twice, less both opponents'", yaku),
             ("Card values", [s.card_points for s in scores]),
             ("Score: the three terms less the burden", [s.total for s in scores]))
    return [{"": label, **{f"Player {who}": v[seat] for seat, who in enumerate("ABC")}}
            for label, v in terms]


def chapter_facts(prefix: str = "sd") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: values, burdens, the deal, each yaku's points, the worked example's
    terms and the burdens of the round after it.

    >>> f = chapter_facts()
    >>> f["sd_deck"], f["sd_ex_a_total"], f["sd_ex_b_total"], f["sd_ex_c_total"]
    (330, -41, -62, 103)
    >>> f["sd_next_a"], f["sd_next_b"], f["sd_next_c"], f["sd_swap_c_total"]
    (110, 120, 100, 73)
    """
    from ..families.capture.ranking import next_burdens
    rules = get_rules()
    overlay = rules.overlay
    bright, ten, ribbon, chaff = overlay.values
    values: dict[str, object] = {
        "bright": bright, "ten": ten, "ribbon": ribbon, "chaff": chaff,
        "curtain": overlay.card_value(C.CHERRY_CURTAIN),
        "phoenix": overlay.card_value(C.PAULOWNIA_PHOENIX),
        "deck": overlay.card_points(CardSet.deck().mask),
        "light": BURDENS[0], "middle": BURDENS[1], "heavy": BURDENS[2],
        "hand": _DEALS[3][0], "field": _DEALS[3][1],
        "stock": 48 - 3 * _DEALS[3][0] - _DEALS[3][1],
        "rounds": OPTIONS["rounds"].default, "rounds_half": PRESETS["book-6"]["rounds"],
    }
    values.update({f"pts_{r.key}": r.points for r in YAKU})
    values.update({f"hand_{r.key}": r.value for r in TEYAKU.rules})
    state = example_state()
    res = example_result()
    scores = overlay.side_scores(state.caps_m, 0, hand=_claimed(state), burdens=EXAMPLE_BURDENS)
    for seat, who in enumerate("abc"):
        s = scores[seat]
        values.update({f"ex_{who}_burden": EXAMPLE_BURDENS[seat], f"ex_{who}_cards": s.card_points,
                       f"ex_{who}_hand": s.hand_points, f"ex_{who}_yaku": s.yaku_points,
                       f"ex_{who}_total": res.points[seat]})
    after = next_burdens(res.points, EXAMPLE_BURDENS, res.winner)
    values.update({f"next_{who}": after[seat] for seat, who in enumerate("abc")})
    swapped = example_result((100, 120, 110))
    values.update({f"swap_{who}_total": swapped.points[seat] for seat, who in enumerate("abc")})
    return {f"{prefix}_{k}": v for k, v in values.items()}


def _claimed(state: State) -> tuple[int, ...]:
    """Per seat, the points of the combinations it claimed."""
    return tuple(sum(TEYAKU.rule(d.key).value for p, d in state.declared if p == seat)
                 for seat in range(state.rules.players))



def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    overlay = CardValueSettlement(values=VALUES, card_values=CARD_VALUES, chart=_TABLE,
                                  transfer_yaku=True, own_yaku_factor="opponents",
                                  transfer_hand=True, group_burdens=GROUP_BURDENS,
                                  round_tie=v["round_tie"], source=BOOK_SCORE)
    return CaptureRules(
        name="Sudaoshi", key="sudaoshi", preset=preset, options=items,
        players=3, deals=_DEALS, misdeal=misdeal_rules("sudaoshi"),
        round_end="all_cards", rounds=v["rounds"], burdens=BURDENS,
        declarations=HandClaims(TEYAKU, source=BOOK_HAND, open_hand=v["open_hand"]),
        teyaku=TEYAKU, yaku=_TABLE, overlay=overlay)


RULE_SETS = RuleSets("Sudaoshi", PRESETS, OPTIONS, _build, cache=32)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def zero_sum(rules: CaptureRules) -> bool:
    """Play-protocol hook: yes. The deck's 330 points are the three burdens' sum, every
    card is captured, and each yaku and claimed combination is added to its owner as
    often as the opponents pay it."""
    return True
