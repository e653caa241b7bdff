"""The rulebook's Go-Stop (고스톱, ch. 16) as data.

The Korean favourite, for two or three players (four to seven sit at the table but only
three play a round). Two players get ten cards each and eight go to the field, three
get seven each and six to the field. Only yaku score; no card has points. Once a
player's yaku reach the agreed minimum, each new or bigger yaku lets them call **Go**
(play on for more) or **Stop** (collect now). The Stop caller's score is
``(yaku + Go bonus) x multipliers`` and **each** opponent pays it, doubled for an
opponent with no Bright against a Bright yaku or with fewer than 5 Chaffs against the
Chaff yaku; a loser who called Go when the other did not pays for both losers.

>>> rules = get_rules()
>>> rules.deals, rules.pair_then_draw, rules.decision_words.go_on
({3: (7, 6)}, 'stack', 'Go')
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("2a 4a 8b 1b 2b 3b").mask)      # Godori + Poetry
8
>>> [p.points for p in example_payouts()][:3]
[(10, -5, -5), (12, -6, -6), (20, -10, -10)]

The settlement is the family's per-loser settlement
(:class:`~hanafuda_core.families.capture.payments.PerLoserPayments`, G8), fed by
:func:`settle_piles`, which reads the piles: the yaku, the Sake's role (one role per
pile, the winner's best), the 7 Tens, each loser's Brights and Chaffs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from ..capture_yaku import (
    DRY_PLAIN_RIBBONS,
    FIVE_BRIGHTS,
    FOUR_DRY_BRIGHTS,
    GODORI,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
)
from ..cards import KIND_MASKS, MONTH_MASKS, Card, CardSet, Extra, Kind
from ..engines.capture import (
    GO_ON,
    STOP,
    Action,
    BombRules,
    BonusCards,
    CaptureRules,
    DecisionWords,
    EventRules,
    GoOn,
    MonthSets,
    Phase,
    Play,
    RoundResult,
    State,
    bombs_made,
    declared_by,
)
from ..engines.capture import (
    Stop as StopAction,
)
from ..errors import HanafudaError, OptionError
from ..families.capture.active_seats import ActiveSeats, Compensation
from ..families.capture.payments import (
    GoTable,
    LoserDouble,
    LoserFacts,
    Payout,
    PerLoserPayments,
    Shift,
    WinnerFacts,
)
from ..families.capture.table_round import TableSetup
from ..narration import _name, counted
from ..rules import Option, RuleSets, Source
from ..scoring import Multiplier, Payment, ScoreLine, ScoreReport, report_from_evaluation
from ..yaku import SAKE_MODES, Signature, YakuGroup, YakuRule, YakuTable
from .catalog import misdeal_rules

__all__ = [
    "ABILITIES",
    "BOOK",
    "BOOK_4_7",
    "BOOK_BOMB",
    "BOOK_DRAW",
    "BOOK_EVENTS",
    "BOOK_EX",
    "BOOK_GO",
    "BOOK_JOKER",
    "BOOK_QR",
    "BOOK_SCORE",
    "BOOK_VAR",
    "BOOK_YAKU",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLES",
    "GOAL",
    "GROUPS",
    "MAX_CALLS",
    "joker_abilities",
    "joker_weights",
    "OPTIONS",
    "PLAY_PLAYERS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORING_STEPS",
    "SEVEN_TENS",
    "USUAL_MINIMUM",
    "WORDS",
    "YAKU",
    "GoStopOverlay",
    "GoStopRound",
    "GoStopScoring",
    "chapter_facts",
    "chart",
    "example_payouts",
    "get_rules",
    "preset_options",
    "responsible_play",
    "responsible_seat",
    "scoring",
    "settle_piles",
    "table_of",
    "table_setup",
]

BOOK = Source("BOOK", "ch. 16 Go-Stop", "2837-3357")
BOOK_4_7 = Source("BOOK", "ch. 16 Go-Stop, Playing with 4-7 Players", "2853-2891")
BOOK_BOMB = Source("BOOK", "ch. 16 Go-Stop, Bombing the Field", "2893-2899")
BOOK_JOKER = Source("BOOK", "ch. 16 Go-Stop, Jokers", "2901-2923, 2987-3003")
BOOK_DRAW = Source("BOOK", "ch. 16 Go-Stop, Requesting a Draw", "2925-2969")
BOOK_GO = Source("BOOK", "ch. 16 Go-Stop, Calling Go or Stop", "2927-2983, 3087")
BOOK_EVENTS = Source("BOOK", "ch. 16 Go-Stop, Special Events", "3045-3077, 3085")
BOOK_SCORE = Source("BOOK", "ch. 16 Go-Stop, Scoring", "3091-3143")
BOOK_YAKU = Source("BOOK", "ch. 16 Go-Stop, Yaku", "3149-3183")
BOOK_EX = Source("BOOK", "ch. 16 Go-Stop, Scoring Examples", "3185-3305")
BOOK_VAR = Source("BOOK", "ch. 16 Go-Stop, Gameplay Variations", "3283-3355")
BOOK_QR = Source("BOOK", "Quick Reference, Go-Stop", "8923-8994")

C = Card

#: The words the players say (2927).
WORDS = DecisionWords("Go", "Stop")

#: The four yaku categories (figures 16.1-16.3, 3149-3183): the Brights pay their best
#: yaku only ("one of", 3155); Ribbons, Tens and Chaffs pay every yaku made.
GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "one_of"),
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("tens", "Ten yaku", "each"),
    YakuGroup("chaffs", "Chaff yaku", "each"),
)


def joker_weights(jokers: int, values: str) -> tuple[tuple[int, int], ...]:
    """The Chaff weights (G2) of ``jokers`` Jokers worth ``values`` Chaffs in order
    (``joker_values``, e.g. ``"2,3"``; the last value serves every further Joker).

    >>> joker_weights(3, "2,3")
    ((49, 2), (50, 3), (51, 3))
    >>> joker_weights(0, "2,3")
    ()
    """
    return tuple((Extra.JOKER_1 + i, int(v)) for i, v in enumerate(_per_joker(jokers, values)))


def _per_joker(jokers: int, values: str) -> tuple[str, ...]:
    """A per-Joker option's text (``"2,3"``) read for ``jokers`` Jokers, Joker 1 first:
    the last value serves every further Joker."""
    each = values.split(",")
    return tuple(each[min(i, len(each) - 1)] for i in range(jokers))


#: The Jokers' special abilities (G1, 2905-2913), as the option ``joker_abilities`` names them.
ABILITIES = ("chaff_magnet", "double_points", "no_bright_penalty", "deny_losses")
#: the option's values: none, one ability for every Joker, two (Joker 1's, then every further
#: Joker's, "none" for no ability), or all four, one per Joker
_ABILITY_CHOICES = ("none", *ABILITIES,
                    *(f"{a},{b}" for a in ("none", *ABILITIES) for b in ("none", *ABILITIES)
                      if a != b),
                    ",".join(ABILITIES))


def joker_abilities(jokers: int, abilities: str) -> tuple[str, ...]:
    """The ability of each of ``jokers`` Jokers, Joker 1 first, under the option
    ``joker_abilities`` (one for all, or a list: the last serves every further Joker, as
    in ``joker_values``); "none" for a Joker without one.

    >>> joker_abilities(3, "chaff_magnet,double_points")
    ('chaff_magnet', 'double_points', 'double_points')
    >>> joker_abilities(2, "deny_losses")
    ('deny_losses', 'deny_losses')
    """
    return _per_joker(jokers, abilities)


def chart(godori_points: int = 5, dry_brights_yaku: bool = True) -> tuple[YakuRule, ...]:
    """The chapter's yaku chart, with the Godori's points and whether 4 Dry Brights is a
    yaku (the variations "Godori" and "Dry Bright not a Yaku", 3347, 3353)."""
    b = BOOK_YAKU
    brights = (
        FIVE_BRIGHTS.rule(15, group="brights", source=b.at("3159"), japanese="오광 Ogwang"),
        *((FOUR_DRY_BRIGHTS.rule(5, group="brights", source=b.at("3163"), japanese=""),)
          if dry_brights_yaku else ()),
        YakuRule("four_brights", "Any 4 Brights", "사광 Sagwang", 4, kinds=(Kind.BRIGHT,),
                 count=4, group="brights", source=b.at("3167"), note="the Rain Man counts"),
        YakuRule("three_dry_brights", "Any 3 Dry Brights", "삼광 Samgwang", 3,
                 kinds=(Kind.BRIGHT,), count=3, dry=True, group="brights",
                 source=b.at("3171"), note="the Rain Man does not count"),
        YakuRule("three_brights", "Any 3 Brights", "비삼광 Bi-samgwang", 2,
                 kinds=(Kind.BRIGHT,), count=3, group="brights", source=b.at("3175"),
                 note="with the Rain Man"),
    )
    return brights + (
        YakuRule("five_ribbons", "Any 5 Ribbons", "띠 Tti", 1, kinds=(Kind.RIBBON,), count=5,
                 plus_per_extra=1, group="ribbons", source=b.at("3161")),
        POETRY_RIBBONS.rule(3, group="ribbons", source=b.at("3165"), japanese="홍단 Hongdan"),
        PURPLE_RIBBONS.rule(3, group="ribbons", source=b.at("3169"),
                            japanese="청단 Cheongdan"),
        DRY_PLAIN_RIBBONS.rule(3, group="ribbons", source=b.at("3173")),
        GODORI.rule(godori_points, group="tens",
                    source=b.at("3179") if godori_points == 5 else BOOK_VAR.at("3347")),
        YakuRule("five_tens", "Any 5 Tens", "열끗 Yeolkkeut", 1, kinds=(Kind.TEN,), count=5,
                 plus_per_extra=1, group="tens", source=b.at("3181"),
                 note="the Sake cup counts if the pile takes it as a Ten"),
        YakuRule("ten_chaffs", "Any 10 Chaffs", "피 Pi", 1, kinds=(Kind.CHAFF,), count=10,
                 plus_per_extra=1, group="chaffs", source=b.at("3177, 3183"),
                 note="the Storm and the Special Paulownia count 2 each; the Sake cup 2 if "
                      "the pile takes it as Chaffs; a Joker the Chaffs it is worth"),
    )


#: The chapter's chart as printed.
YAKU: tuple[YakuRule, ...] = chart()

_TEN = KIND_MASKS[Kind.TEN]
_BRIGHT = KIND_MASKS[Kind.BRIGHT]
#: the Sake mode each Iris Bridge variant gives the Bridge (the Sake cup then a plain Ten)
_BRIDGE_MODES = {"super_bridge": "ten_and_chaff", "strong_bridge": "ten_or_two_chaffs"}
_RAIN_MAN = 1 << C.WILLOW_RAINMAN
#: A winner with this many Tens or more is doubled (3103).
SEVEN_TENS = 7
_SINGLE_ROLE = {alts[0]: mode for mode, alts in SAKE_MODES.items() if len(alts) == 1}


def _not_yet(description: str) -> str:
    return description + " (not played yet)"


_OPTION_LIST = (
    Option("players", 3, (2, 3), "players in a round: 2 (10 cards each, 8 to the field) or "
           "3 (7 each, 6 to the field)", BOOK.at("2841, 3005-3007")),
    Option("table_players", 3, (3, 4, 5, 6, 7),
           "players at the table: with four to six, seven cards to each and six face down "
           "to the field, then three are chosen each round (the dealer always plays) and a "
           "player forced to drop out is compensated; seven needs a Joker",
           BOOK_4_7, note="seven at the table needs at least one Joker in the deck (G10): "
           "seven hands of seven take 49 cards"),
    Option("stop_minimum", "usual", ("usual", *range(1, 16)), "the yaku points a player "
           "needs before they may call Go or Stop: the chapter names 3 for three players and "
           "5 or 7 for two; 'usual' is 3 for three and 7 for two", BOOK_GO.at("2935, 2973-2981"),
           note="7 for two players is the Korean two-player habit; 5 is the chapter's other "
                "figure"),
    Option("rounds", 10, tuple(range(1, 49)), "rounds in a game (the players agree; 10 is "
           "our default)", BOOK.at("2843, 3143")),
    Option("jokers", 2, (0, 1, 2, 3, 4), "Jokers in the deck: the chapter plays 1 to 4 "
           "(commonly 1 or 2), each worth 1, 2 or 3 Chaffs; a Joker goes to the pile of "
           "whoever gets it and costs its taker one more card from the stock", BOOK_JOKER,
           note="2 is our choice for the rulebook's game, worth 2 and 3 Chaffs (see the "
                "decisions); 0 plays without Jokers (G1)"),
    Option("joker_values", "2,3", ("2,3", "1", "2", "3", "1,1", "2,2", "3,3", "1,2,3"),
           "Chaffs per Joker, in order (the last value serves every further Joker)",
           BOOK_JOKER.at("2901, 2999-3003")),
    Option("bomb", "three", ("three", "weak", "smoke_clears", "off"),
           "bombing the field: three cards of a month played at once onto the fourth, then "
           "three cards drawn, the bomber's two empty-handed turns passing (the chapter); "
           "two drawn, the first empty turn drawing ('Weak Bomb'); or one drawn and two later "
           "turns without a hand card, only the draw, when the bomber likes ('Smoke "
           "Clears'); 'off': no bombs", BOOK_BOMB.at("2893-2899")),
    Option("special_events", True, (True, False),
           "the special events: a Chaff from each opponent for a hiki capture, a swept "
           "field, a jjok or a ttadak; 3 points from each for a hiki left on one's first "
           "turn; a third hiki left ends the round, 5 from each", BOOK_EVENTS,
           note="part of the chapter's game (G5); off: a plain round"),
    Option("draw_requests", False, (False, True),
           "in a round of three, the player about to play may ask for a Draw, showing "
           "their hand; the next player answers first, a refusal plays on (the refuser "
           "pays both losers' penalties if they lose), both accepting ends the round with "
           "no winner", BOOK_DRAW, note="the chapter's game has it at tables of three to "
           "seven (G9, 2933), never with two (2945): at four to seven the three who play "
           "the round ask and answer, those sitting it out take no part; this book leaves "
           "it off by default, a house rule to turn on (see the decision 'The Draw is off "
           "by default'); once per player per round is our reading"),
    Option("go_table", "book", ("book", "higher_stakes"),
           "what Go calls do: +1 for one, then x the number of calls (the chapter); or +1, "
           "+2, then x2 for every Go beyond the second ('Higher Stakes')",
           BOOK_VAR.at("3311-3337")),
    Option("sake", "ten_or_two_chaffs", ("ten_or_two_chaffs", "ten_and_chaff"),
           "the Sake cup counts as a Ten or as 2 Chaffs (the chapter), or as a Ten and a "
           "Chaff at once ('Super Sake')", BOOK_VAR.at("3183, 3333")),
    Option("bridge", "off", ("off", "super_bridge", "strong_bridge"),
           "the Iris Bridge takes the Sake's double role ('Super Iris Bridge': a Ten and a "
           "Chaff; 'Strong Iris Bridge': a Ten or 2 Chaffs); the Sake cup is then a plain "
           "Ten, whatever the Sake option says", BOOK_VAR.at("3335-3345")),
    Option("weak_rain_man", False, (False, True), "the Rain Man does not spare a loser the "
           "Bright double penalty ('Weak Rain Man')", BOOK_VAR.at("3343")),
    Option("weak_brights", False, (False, True), "the Bright penalty adds 2 points instead "
           "of doubling ('Weak Brights')", BOOK_VAR.at("3299, 3303")),
    Option("more_chaffs", False, (False, True), "the Chaff penalty hits a loser with fewer "
           "than 7 Chaffs instead of 5 ('More Chaffs')", BOOK_VAR.at("3307")),
    Option("godori_points", 5, (5, 3), "the Godori's points ('Godori': 3)",
           BOOK_VAR.at("3179, 3347")),
    Option("dry_brights_yaku", True, (True, False), "4 Dry Brights is a yaku (the chapter) or "
           "not ('Dry Bright not a Yaku')", BOOK_VAR.at("3163, 3353")),
    Option("steal_points", 0, (0, 10, 20, 30, 50, 100), "points each player starts with "
           "('Steal Points')", BOOK_VAR.at("3325")),
    Option("winning_brights", False, (False, True),
           "all five Brights end the round at once, scored as a Stop by their taker "
           "('Winning Brights'; with the special events)", BOOK_VAR.at("3317, 3321")),
    Option("first_turn_month", False, (False, True),
           "all four of a month taken on one's first turn: 3 from each (with the special "
           "events)", BOOK_VAR.at("3339")),
    Option("triple_hiki", False, (False, True),
           "a third hiki captured in a round: 2 Chaffs from each (with the special events)",
           BOOK_VAR.at("3283, 3287")),
    Option("hiki_bonus", False, (False, True), "a hiki capture steals 2 Chaffs ('Hiki "
           "Bonus'; with the special events)", BOOK_VAR.at("3291, 3295")),
    Option("unlucky_joker", False, (False, True),
           "a Joker turned up after the hand card made a pair is placed on that pair; if the "
           "next card turned up stacks the pair, the Joker stays on the field with the "
           "stack, for whoever takes it ('Unlucky Joker')", BOOK_JOKER.at("2915-2923")),
    Option("joker_abilities", "none", _ABILITY_CHOICES,
           "a special ability the Jokers give the player who captures one: a Chaff from "
           "each opponent at once ('Chaff Magnet'), double points if they win ('Double "
           "Points'), no Bright double penalty ('No Bright Penalty'), or never paying the "
           "other loser's penalty ('Deny Losses'); one for every Joker, or one each, in "
           "order (a list such as Chaff Magnet then Double Points gives Joker 1 the first "
           "and every further Joker the second)",
           BOOK_JOKER.at("2905-2913"),
           note="one ability for every Joker, or a list read like joker_values (the last "
                "serves every further Joker); the abilities that act at the settlement "
                "follow the Joker's pile"),
    Option("delayed_compensation", False, (False, True),
           "compensation is paid by the round's losers at its end; after a round with no "
           "winner the losers of the next round pay it double, or, with Refresh, nobody "
           "pays it ('Delayed Compensation'; four or more at the table)",
           BOOK_4_7.at("2879, 2891")),
    Option("higher_compensation", False, (False, True),
           "3 points of compensation per card instead of 2 ('Higher Compensation'; four or "
           "more at the table)", BOOK_4_7.at("2881")),
    Option("refresh", False, (False, True),
           "a round with no winner is dealt again to everybody, with a new choice "
           "('Refresh'; four or more at the table)", BOOK_4_7.at("2885-2891")),
    Option("responsibility", "book", ("book", "penalty_variant"),
           "the loser who handed the winner the winning card pays for both losers (the "
           "chapter), or with the exemptions of 'Responsibility Penalty': not for the last "
           "card of a hand, nor when every card held would have been laid down the same way",
           BOOK_VAR.at("3135, 3355"),
           note="the Draw offer's exemption holds under both; 'no other choice' is our "
                "reading of the variation's 'any card would have had the same result'"),
    Option("bomb_multiplier", "once", ("once", "per_bomb"),
           "bombs double the bomber's score once however many were played (our reading), or "
           "once per bomb", BOOK_SCORE.at("3107")),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent or garbled (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "Four of a month in every hand": "One line of the misdeals is garbled. Beside the "
        "automatic win for a dealt four of a month, the only reading that makes sense is "
        "that when every player holds one, nobody can be paid, so the same dealer deals "
        "again.",
    "Which Chaff an opponent gives": "A special event takes a Chaff chosen by the "
        "opponent. No yaku of this game names a Chaff card, so the choice changes nothing: "
        "the opponent gives a single Chaff if they have one, a double one only if not, "
        "nothing without a Chaff; the Sake cup is a Ten and is never given. A Joker in the "
        "pile is a Chaff of its worth: one worth 1 goes like a single Chaff, one worth 2 "
        "like a double Chaff, one worth 3 only when nothing lighter is left.",
    "Emptying the field": "The chapter describes the sweep as taking the final two cards. "
        "We count any turn that leaves the field empty, except the round's last turn.",
    "The first turn": "A stack left on one's first turn: we count the first round of "
        "turns, while the stock has given each player one card at most (the Jokers turned "
        "up and the cards played in a Joker's place not counted).",
    "How many Jokers": "The chapter leaves the number of Jokers (one to four, most often "
        "one or two) and their worth (1, 2 or 3 Chaffs each) to the table. Our rulebook "
        "game deals two, one worth 2 Chaffs and one worth 3, as Korean tables usually do "
        "with their bonus cards; a table without Jokers, or with other values, is an "
        "option away.",
    "A Joker at the bottom of the stock": "Each Joker costs one more card from the stock, "
        "so the hands and the stock still run out together, except when Jokers are the "
        "last cards of the stock. Then the next player, whose hand is empty, takes a turn "
        "of drawing only (as any empty hand does) and turns them up into their pile; if "
        "that makes a yaku, they may still call Go or Stop.",
    "The card played in a Joker's place": "A Joker played from the hand is replaced by "
        "the top card of the stock, played exactly as a hand card (it may make a pair that "
        "the usual draw then stacks). That card came from the stock, not from the player's "
        "choice, so a winner taking it does not make the player pay for both losers.",
    "The Jokers' abilities": "The chapter lets a table give the Jokers special powers, "
        "the same for all or one each; both are offered (a list gives Joker 1's power "
        "first, and its last power serves every further Joker). Double Points, "
        "No Bright Penalty and Deny Losses belong to whichever pile holds a Joker when the "
        "round is settled, so a Joker given away by a special event takes its power with "
        "it; Double Points doubles once however many Jokers the winner holds. Chaff Magnet "
        "acts when a player takes a Joker during play, one Chaff from each opponent per "
        "Joker; a Joker the dealer takes at the deal draws nothing, since nobody has "
        "captured anything yet.",
    "The Unlucky Joker": "We read 'a match from the hand' as a pair: the hand card (or the "
        "card played in a Joker's place) took a single card. A Joker turned up after a "
        "stack of three was taken whole is captured as usual. Several Jokers turned up in a "
        "row after the pair all lie on it.",
    "A Joker refilling the field": "When the card that refills the field is a Joker too, "
        "the dealer takes it as well and the field is refilled again. A refill that "
        "completes four of a month on the field stands: the deal was already accepted.",
    "Three stacks left in a round": "Leaving a third stack ends the round. We read that "
        "its maker wins the round and deals next, with the points taken at once and no "
        "yaku counted; it is not a round nobody won.",
    "The bomber's empty turns": "The chapter says the bomber's turn is simply passed once "
        "their hand is empty, while its turn order lets an empty hand still draw. With "
        "three cards drawn by the bomb, only passing keeps the stock and the hands ending "
        "together, so the bomber's empty turns pass without a draw.",
    "The Weak Bomb's free turns": "The Weak Bomb turns over two cards, one fewer than the "
        "chapter's bomb. We let the bomber's first empty-handed turn draw a card and the "
        "second pass, so the stock still runs out with the last hand.",
    "Claiming a dealt four": "The chapter says a player dealt all four cards of a month "
        "may win at once. We play it as automatic: the holder always takes it.",
    "Counting Chaffs for the penalty": "The Chaff penalty names 'Chaff cards'. We count "
        "Chaffs as the Chaff yaku does: the Storm and the Special Paulownia count 2 each.",
    "The Sake cup's role": "The Sake cup counts as a Ten or as 2 Chaffs. We take one role "
        "per pile for the whole settlement: the winner's role is the one that earns more "
        "(yaku, the 7 Tens doubling and the Chaff penalty together); a loser's Sake counts "
        "the way that spares them the Chaff penalty.",
    "The Iris Bridge variants": "With Super or Strong Iris Bridge the Bridge takes over "
        "the Sake cup's double role, read the same way (one role per pile), and the Sake "
        "cup becomes an ordinary Ten, whatever Sake variation is chosen.",
    "Several revealed triples": "Two revealed triples quadruple the score; with ten-card "
        "hands a third may be shown: each doubles again.",
    "Go on the final turn": "A Go called on the last turn leaves nobody to Stop: the round "
        "ends with no winner and the next round's winner is doubled. The coach warns.",
    "No winner twice in a row": "After a round with no winner the next winner is doubled "
        "once, however many such rounds came in a row.",
    "Shifts that name both losers": "When both losers fall under the same shift (both "
        "called Go), each pays their own penalty.",
    "The end of the round": "The round ends when nobody has a card left to play and the "
        "stock is empty (the chapter's 'no cards left in the field' cannot be meant "
        "literally: the field is never empty then).",
    "Two players": "Payment shifts need two losers, so none apply with two players.",
    "The Responsibility Penalty's exemptions": "The variation spares a player whose card "
        "was the last in their hand, or when any card they played would have had the same "
        "result. We read the second as having no choice: none of the cards they held "
        "matched the field, so whatever they played lay there for the winner.",
    "A field of four at a big table": "With four to six at the table the field is dealt "
        "face down before anyone chooses. If it holds all four cards of a month the whole "
        "table is dealt again at once, as with three players, before anyone is asked.",
    "A dealt four at a big table": "All four cards of a month in one hand win at once only "
        "if the holder plays the round: a player who sits out hands the four back with the "
        "rest of the hand.",
    "Who deals next at a big table": "The winner of a round deals the next one, as with "
        "three players; after a round with no winner the same dealer deals again. So a "
        "player who sat out deals only after winning a round.",
    "The same three again": "A round with no winner is dealt again to the same three "
        "players without a new choice, so nobody is forced out again and no new "
        "compensation is owed; what was paid before stands.",
    "Delayed compensation after a round with no winner": "The chapter says the next "
        "round's losers then pay double, and its note takes the compensation and the "
        "doubling away only together with Refresh. We play it so: without Refresh the same "
        "three play again and that round's losers pay the players forced out double; with "
        "Refresh nothing is owed.",
    "The Draw is off by default": "The chapter lets players ask for a Draw at tables of "
        "three to seven. Our rule sets leave it off, so the play tool and the computer "
        "players start without it: a Draw means showing a hand and voting in the middle of "
        "a round, and the computer players only answer a request, never make one. Turn "
        "the option on to play the chapter's full game; it then applies at every table of "
        "three to seven. At four to seven only the three who play the round ask and "
        "answer: a player sitting the round out has no vote and pays nothing for it, and "
        "a Draw agreed deals the round again to the same three.",
    "How the computer chooses to play": "Before the field is turned up only the hand can "
        "be judged: the computer players count 3 for each Bright, 1 for each Sake Cup, "
        "Storm Chaff or special Paulownia Chaff, 1 for each pair and 3 for three of a "
        "month, and play a hand worth 5 or more.",
}

def _go_words(go: GoTable) -> str:
    """What the Stop caller's own Go calls do, in words, with the Go table's numbers."""
    one = go.step(1)[0]
    if go.kind == "book":
        return (f"one Go adds {counted(one, 'point')}; after two or more, multiply "
                "your yaku points by the number of Go calls instead")
    two, third = go.step(2)[0], go.step(3)[1]
    return (f"one Go adds {counted(one, 'point')} and two Go calls add {two}; from "
            f"the third on, multiply your yaku points by {third} for each Go beyond the "
            "second instead")


def _score_step(rules: CaptureRules) -> str:
    """The Stop caller's score at the table, from the rules' settlement: the Go table,
    then the doublings the rules give (a revealed triple, bombs, 7 Tens, a round nobody
    won, a Double Points Joker)."""
    sc: GoStopScoring = rules.overlay.scoring
    doubles = ["every revealed triple"]
    if rules.option_values["bomb"] != "off":
        doubles.append("every bomb" if sc.per_bomb else "a bomb (once, however many)")
    doubles += [f"{SEVEN_TENS} Tens or more", "a previous round that nobody won"]
    if "double_points" in sc.joker_abilities:
        doubles.append("a Double Points Joker among your cards")
    return ("Only the player who called Stop scores: " + _go_words(sc.payments.go_table)
            + ". Then double the result once for each of these: " + ", ".join(doubles)
            + ".")


def _double_words(d: LoserDouble, sc: GoStopScoring) -> str:
    """When one per-loser doubling hits a loser, in words."""
    if d.kind == "no_bright":
        spared = (" (a No Bright Penalty Joker in their pile spares them)"
                  if "no_bright_penalty" in sc.joker_abilities else "")
        rain = " other than the Rain Man" if sc.weak_rain_man else ""
        return f"if they caught no Bright{rain} while you have a Bright yaku{spared}"
    return f"if they have fewer than {d.threshold} Chaffs while you have the Chaff yaku"


def _pay_step(rules: CaptureRules) -> str:
    """What the losers pay, from the rules' settlement: their own doublings (x2, or +2
    under 'Weak Brights'; the Chaff threshold under 'More Chaffs') and, with two losers,
    which one pays for both."""
    sc: GoStopScoring = rules.overlay.scoring
    pay = sc.payments
    hits = [f"doubled {_double_words(d, sc)}" for d in pay.doubles if d.mode == "double"]
    hits += [f"then 2 points more {_double_words(d, sc)}" for d in pay.doubles
             if d.mode == "plus_two"]
    who = "Each opponent" if rules.players > 2 else "Your opponent"
    out = f"{who} pays you that score" + (", " + ", ".join(hits) if hits else "") + "."
    if rules.players < 3:
        return out
    kinds = [shift.kind for shift in pay.shifts]
    out += (" A loser who called Go when the other loser did not pays for both losers; if "
            "both called Go, each pays their own share.")
    if "draw_refuser" in kinds and rules.option_values["draw_requests"]:
        out += (" If neither called Go, a loser who refused a Draw when the other did not "
                "pays for both.")
    if "responsible" in kinds:
        out += (" Failing that, a loser whose card, laid down without capturing, you took "
                "on your winning turn pays for both")
        if rules.option_values["responsibility"] == "penalty_variant":
            out += (" (not if it was the last card in their hand, nor if none of the cards "
                    "they held could take anything)")
        out += "."
    if "deny_losses" in sc.joker_abilities:
        out += (" A loser holding a Deny Losses Joker never pays for the other: each then "
                "pays their own.")
    return out


#: The game's own scoring steps (``teach.scoring_steps``), read from the rules'
#: settlement: the Stop caller's score, then what each loser pays.
SCORING_STEPS: tuple[tuple[str, str, Any], ...] = (
    ("after", "add_up", _score_step),
    ("before", "settle", _pay_step),
)

#: The rulebook's game is played with Jokers (2901, 2999-3003): "book" is the default.
PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "no-jokers": {"jokers": 0},
    "matgo-no-jokers": {"players": 2, "jokers": 0},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK_JOKER, "no-jokers": BOOK,
                                        "matgo-no-jokers": BOOK}
PRESET_LABELS: Mapping[str, str] = {
    "book": "Rulebook for three, with two Jokers (2 and 3 Chaffs)",
    "no-jokers": "Rulebook for three, without Jokers",
    "matgo-no-jokers": "Two players (matgo), without Jokers",
}

#: The players the play tool seats by default: three, as the chapter's game is played.
PLAY_PLAYERS = 3

#: What a player is trying to do (the chapter's At a glance).
GOAL = ("Make yaku from your captures, then call Go to play on for a bigger score or Stop "
        "to collect it from each opponent.")

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The three birds and the Poetry Ribbons", "2a 4a 8b 1b 2b 3b"),
    ("Four Brights with the Rain Man, five Tens", "1a 3a 8a 11a 2a 4a 5a 6a 7a"),
    ("Ten Chaffs with the Storm", "1c 1d 2c 2d 3c 3d 4c 4d 11d"),
)


# -- the settlement ------------------------------------------------------------------

@dataclass(frozen=True)
class GoStopRound:
    """A won round's facts: the piles (masks, by seat; a seat that did not play holds
    None), the winner, Go calls per seat, the winner's revealed triples and bombs,
    whether the previous round had no winner, the Draw refusers and askers, the seat that
    handed the winner the winning card (if any)."""

    piles: tuple[int | None, ...]
    winner: int
    goes: tuple[int, ...] = ()
    reveals: int = 0
    bombs: int = 0
    previous_no_winner: bool = False
    draw_refusers: tuple[int, ...] = ()
    draw_askers: tuple[int, ...] = ()
    responsible: int | None = None


@dataclass(frozen=True)
class GoStopScoring:
    """Go-Stop's settlement under one set of options: the yaku table, the family's
    per-loser payments and how the Brights are counted for the penalty."""

    table: YakuTable
    payments: PerLoserPayments
    weak_rain_man: bool = False
    #: every bomb doubles again (the option ``bomb_multiplier="per_bomb"``)
    per_bomb: bool = False
    #: G1: each Joker's ability, Joker 1 first (:func:`joker_abilities`): "none",
    #: "double_points", "no_bright_penalty", "deny_losses" read at the settlement for the
    #: pile that holds the Joker (or "chaff_magnet", played during the round)
    joker_abilities: tuple[str, ...] = ()

    def holds_ability(self, pile: int, ability: str) -> bool:
        """Whether ``pile`` holds a Joker with ``ability``."""
        return any(a == ability and pile >> (Extra.JOKER_1 + i) & 1
                   for i, a in enumerate(self.joker_abilities))

    @cached_property
    def role_tables(self) -> tuple[YakuTable, ...]:
        """One table per role the Sake cup may take (one only if it has one role)."""
        alts = SAKE_MODES[self.table.sake]
        if len(alts) == 1:
            return (self.table,)
        return tuple(replace(self.table, sake=_SINGLE_ROLE[a]) for a in alts)

    def winner_facts(self, table: YakuTable, pile: int, facts: GoStopRound) -> WinnerFacts:
        """The winner's facts with the Sake in the role ``table`` gives it."""
        total, sig = table.quick(pile)
        made = [table.rules[i] for i, _ in sig]
        mults: list[tuple[int, str]] = []
        for _ in range(facts.reveals):
            mults.append((2, "revealed three cards of a month"))
        for _ in range(facts.bombs if self.per_bomb else min(facts.bombs, 1)):
            mults.append((2, "bombed the field"))
        tens = (pile & _TEN).bit_count()
        if pile >> table.dual_card & 1 and not SAKE_MODES[table.sake][0][0]:
            tens -= 1
        if tens >= SEVEN_TENS:
            mults.append((2, f"{tens} Tens"))
        if facts.previous_no_winner:
            mults.append((2, "the previous round had no winner"))
        if self.holds_ability(pile, "double_points"):
            mults.append((2, "holds a Double Points Joker"))
        goes = facts.goes[facts.winner] if facts.goes else 0
        return WinnerFacts(facts.winner, total, goes,
                           bright_yaku=any(r.group == "brights" for r in made),
                           chaff_yaku=any(r.key == "ten_chaffs" for r in made),
                           multipliers=tuple(mults))

    def loser_facts(self, seat: int, pile: int, facts: GoStopRound) -> LoserFacts:
        """A loser's facts: Brights (the Rain Man only if it spares), Chaffs (the Sake's
        kindest role), Go calls, the Draw and responsibility shifts."""
        brights = (pile & _BRIGHT & ~(_RAIN_MAN if self.weak_rain_man else 0)).bit_count()
        # (G1: a Joker's ability protects the pile that holds it)
        return LoserFacts(seat, brights=brights, chaffs=self.table.chaff_count(pile),
                          no_bright_penalty=self.holds_ability(pile, "no_bright_penalty"),
                          deny_losses=self.holds_ability(pile, "deny_losses"),
                          called_go=bool(facts.goes and facts.goes[seat]),
                          refused_draw=seat in facts.draw_refusers,
                          asked_draw=seat in facts.draw_askers,
                          responsible=facts.responsible == seat)

    def settle(self, facts: GoStopRound, names: tuple[str, ...] | None = None) -> Payout:
        """The round's payout: the Sake role that pays the winner most."""
        return self.settle_best(facts, names)[0]

    def settle_best(self, facts: GoStopRound, names: tuple[str, ...] | None = None
                    ) -> tuple[Payout, YakuTable, WinnerFacts]:
        """:meth:`settle`, with the table of the Sake role taken and the winner's facts."""
        piles = facts.piles
        _check_round(facts)
        win_pile = piles[facts.winner]
        if win_pile is None:
            raise OptionError(f"the winner, seat {facts.winner}, did not play the round")
        losers = tuple(self.loser_facts(s, p, facts) for s, p in enumerate(piles)
                       if p is not None and s != facts.winner)
        best: tuple[Payout, YakuTable, WinnerFacts] | None = None
        dual = win_pile >> self.table.dual_card & 1
        for table in self.role_tables if dual else self.role_tables[:1]:
            w = self.winner_facts(table, win_pile, facts)
            out = self.payments.settle(len(piles), w, losers, names)
            if best is None or out.points[facts.winner] > best[0].points[facts.winner]:
                best = (out, table, w)
        assert best is not None
        return best


def _check_round(facts: GoStopRound) -> None:
    """Refuse facts that do not describe a round (our error, saying what is allowed)."""
    n = len(facts.piles)
    if not 2 <= n <= 7:
        raise OptionError(f"a Go-Stop round has 2 to 7 seats (one pile each, None for a seat "
                          f"that did not play), not {n}")
    if not 0 <= facts.winner < n:
        raise OptionError(f"the winner must be a seat from 0 to {n - 1}, not {facts.winner}")
    if facts.goes and (len(facts.goes) != n or min(facts.goes) < 0):
        raise OptionError(f"Go calls are counted per seat: {n} counts of 0 or more, not "
                          f"{facts.goes}")
    if facts.reveals < 0 or facts.bombs < 0:
        raise OptionError("revealed triples and bombs are counted from 0")
    seats = (*facts.draw_refusers, *facts.draw_askers,
             *(() if facts.responsible is None else (facts.responsible,)))
    if any(not 0 <= s < n or s == facts.winner for s in seats):
        raise OptionError(f"Draw refusers and askers and the responsible seat are losers: "
                          f"seats from 0 to {n - 1} other than the winner, not {seats}")


def scoring(preset: str = "book", **options: Any) -> GoStopScoring:
    """The settlement under a preset with option overrides."""
    return _scoring(preset, tuple(sorted(preset_options(preset, **options).items())))


@lru_cache(maxsize=64)
def _scoring(preset: str, items: tuple[tuple[str, Any], ...]) -> GoStopScoring:
    v = dict(items)
    bridge = _BRIDGE_MODES.get(v["bridge"])
    table = YakuTable(GROUPS, chart(v["godori_points"], v["dry_brights_yaku"]),
                      sake=bridge or v["sake"], special_chaffs=True, source=BOOK_YAKU,
                      dual_card=C.IRIS_BRIDGE if bridge else C.CHRYSANTHEMUM_SAKE,
                      chaff_weights=joker_weights(v["jokers"], v["joker_values"]))
    doubles = (LoserDouble("no_bright", 1, "plus_two" if v["weak_brights"] else "double"),
               LoserDouble("few_chaffs", 7 if v["more_chaffs"] else 5))
    shifts = (Shift("go_caller"), Shift("draw_refuser"), Shift("responsible"))
    return GoStopScoring(table, PerLoserPayments(GoTable(v["go_table"]), doubles, shifts),
                         v["weak_rain_man"], v["bomb_multiplier"] == "per_bomb",
                         joker_abilities(v["jokers"], v["joker_abilities"]))


def settle_piles(facts: GoStopRound, preset: str = "book", **options: Any) -> Payout:
    """Settle a won round from its piles under a preset and options (G8)."""
    return scoring(preset, **options).settle(facts)


# -- the overlay: Go or Stop, and the settlement in play (G4, G6, G7) ---------------

def responsible_seat(state: State, winner: int) -> int | None:
    """The loser who pays for both as the one who handed the winner the winning card
    (:func:`responsible_play`), or None; under the variation 'Responsibility Penalty'
    (``responsibility="penalty_variant"``, 3355) not if it was the last card in their
    hand, nor if they had no other choice (:func:`_no_other_choice`). The Draw offer's
    exemption is the payments' own (``asked_draw``)."""
    found = responsible_play(state, winner)
    if found is None:
        return None
    seat, card = found
    if state.rules.option_values.get("responsibility") == "penalty_variant" and (
            not state.hands_m[seat] or _no_other_choice(state, seat, card)):
        return None
    return seat


_REAL_CARDS = (1 << 48) - 1


def _no_other_choice(state: State, seat: int, card: int) -> bool:
    """Whether every card ``seat`` held when it played ``card`` found no match on the
    field then (our reading of 'any card that they played would have had the same
    result': whatever they played was laid down uncaptured). Read from the replayed
    round; a position set up by hand, which has no whole deal, counts as a choice."""
    states = _states_before(state)
    if states is None:
        return False
    held = field = 0
    for before, action in zip(states, state.history):
        if isinstance(action, Play) and action.card == card and before.player == seat:
            held, field = before.hands_m[seat] & _REAL_CARDS, before.field_m
    return bool(held) and all(not field & MONTH_MASKS[c >> 2]
                              for c in range(48) if held >> c & 1)


def responsible_play(state: State, winner: int) -> tuple[int, int] | None:
    """(the loser, the card) whose hand card, played without capturing since the
    winner's previous turn, the winner took on this turn (3135), or None. Read at the end
    of the winner's turn: the last hand card played is the winner's, the ones before it
    those of the seats before the winner in play order (every seat plays a hand card each
    turn while no bomb empties a hand early).

    A played card in the winner's pile was either laid without a match or paired and then
    stacked back by its player's drawn card (a stack of three the winner took whole, so
    the winner holds the month's four cards). Only that second case needs the round
    replayed, to see whether the card found a match when it was played."""
    if any(e.kind == "bomb" for e in state.events):
        return _responsible_after_bombs(state, winner)
    plays = [a.card for a in state.history if isinstance(a, Play)]
    n = state.rules.players
    # Chaffs the winner took by special events came from piles, not from the field (G5)
    stolen = 0
    for e in state.events:
        if e.seat == winner:
            stolen |= e.chaffs
    pile = state.caps_m[winner] & ~stolen
    for back in range(1, n):
        if len(plays) <= back:
            break
        card = plays[-1 - back]
        if card < 48 and pile >> card & 1:     # (a Joker played is nobody's gift: G1)
            month = MONTH_MASKS[card >> 2]
            if (pile & month).bit_count() < 4 or not _matched_when_played(state, card):
                return (winner - back) % n, card
            return None
    return None


def _responsible_after_bombs(state: State, winner: int) -> tuple[int, int] | None:
    """:func:`responsible_play` for a round with a bomb (G3): a bomb is a turn without a
    single hand card and a bomber's empty turns pass, so the turns are read from the
    replayed round (who acted, and whether a played card found a match)."""
    states = _states_before(state)
    if states is None:
        return None
    turns = [(b.player, a, bool(b.field_m & MONTH_MASKS[a.card >> 2]))
             if isinstance(a, Play) and a.card < 48 else (b.player, a, True)   # (a Joker: G1)
             for b, a in zip(states, state.history)
             if b.phase == Phase.PLAY and not isinstance(a, (GoOn, StopAction))]
    pile = state.caps_m[winner]
    for e in state.events:
        if e.seat == winner:
            pile &= ~e.chaffs
    for seat, action, matched in reversed(turns[:-1]):
        if seat == winner:
            return None
        if isinstance(action, Play) and pile >> action.card & 1:
            return None if matched else (seat, action.card)
    return None


def _matched_when_played(state: State, card: int) -> bool:
    """Whether the field held a card of ``card``'s month when ``card`` was played (the
    round replayed from its deal; a position set up by hand, which has no whole deal,
    counts as matched)."""
    states = _states_before(state)
    if states is None:
        return True
    for before, action in zip(states, state.history):
        if isinstance(action, Play) and action.card == card:
            return bool(before.field_m & MONTH_MASKS[card >> 2])
    return True


def _states_before(state: State) -> list[State] | None:
    """The round replayed from its deal: the state before each action of its history
    (None for a position set up by hand, which has no whole deal). The last action is
    not applied again: it may be the one that ended the round (G11's five Brights), whose
    settlement is what asks, and applying it would settle the round again, without end."""
    from ..engines.capture import replay
    try:
        return replay(state.rules, state.deal, state.history[:-1])
    except HanafudaError:
        return None


@dataclass(frozen=True)
class GoStopOverlay:
    """Go-Stop's decision and settlement (the engine's overlay protocol).

    A decision comes when the yaku total is at least the Stop minimum and higher than
    at the last check: the engine keeps the total reached at every change of the pile's
    yaku, and without Chaffs lost to an opponent a total only grows, so after a Go the
    next choice comes only above the total of that Go (2971; G4)."""

    stop_minimum: int
    scoring: GoStopScoring
    #: the round's points move between the players (read by the coach)
    settlement: ClassVar[str] = "per_loser"

    def decision_needed(self, rules: CaptureRules, old_sig: Signature, new_sig: Signature,
                        total: int) -> bool:
        return total >= self.stop_minimum and total > sum(p for _, p in old_sig)

    def decision_actions(self, state: State) -> tuple[Action, ...]:
        return (GO_ON, STOP)

    def carry(self, state: State) -> tuple[str, ...]:
        """What the next round inherits (G7): ``("no_winner",)`` after a round nobody won,
        which doubles the next winner's score (3107)."""
        res = state.result
        return ("no_winner",) if res is not None and res.winner is None else ()

    def decision_notes(self, state: State, stopping: bool,
                       names: Sequence[str] | None = None) -> tuple[str, ...]:
        """What the coach adds to a Go or Stop (the chapter's coach, section 12 of our
        spec): stopping, what each opponent would pay and why; going on, what the next
        Go does to the score, the risk of paying for both losers, and the final turn,
        where a Go leaves nobody to stop. ``names`` names the seats (the table's names);
        without them "player 2"; a lone opponent is "your opponent"."""
        rules = state.rules
        me = state.player
        n = rules.players
        if stopping:
            sc = self.scoring
            facts = self.round_facts(state, me)
            out, _table, w = sc.settle_best(facts)
            owed = dict(out.penalties)
            notes = []
            for seat, amount in out.payers:
                lf = sc.loser_facts(seat, state.caps_m[seat], facts)
                why = list(sc.payments.penalty(out.score, w, lf)[1])
                if amount > owed[seat]:
                    why.append("paying for the other loser too")
                who = ("your opponent" if n == 2 else f"player {seat + 1}" if names is None
                       else _name(names[seat], False))
                notes.append(f"{who} would pay {amount}"
                             + (f" ({'; '.join(why)})" if why else ""))
            return tuple(notes)
        notes = []
        goes = state.calls.count(me)
        plus, factor = self.scoring.payments.go_table.step(goes + 1)
        notes.append(f"this would be Go number {goes + 1}: it "
                     + (f"adds {plus} point{'s' * (plus != 1)}" if plus else
                        f"multiplies the score by {factor}") + " if you stop later")
        others = [s for s in range(n) if s != me]
        if n > 2 and not any(state.calls.count(s) for s in others):
            notes.append("if someone else stops after your Go, you pay your penalty and the "
                         "other loser's")
        if not any(state.hands_m) and state.pos >= len(state.stock):
            notes.append("this is the last turn: after a Go nobody can stop, the round has "
                         "no winner and only the next round's winner gains")
        return tuple(notes)

    def round_facts(self, state: State, winner: int) -> GoStopRound:
        """The settlement's facts read from a finished round."""
        n = state.rules.players
        return GoStopRound(tuple(state.caps_m), winner,
                           goes=tuple(state.calls.count(s) for s in range(n)),
                           reveals=len(declared_by(state, winner)),
                           bombs=bombs_made(state, winner),
                           previous_no_winner="no_winner" in state.carry,
                           # G9: a Draw's refusers and askers matter only as losers
                           draw_refusers=tuple(s for s in state.draw_refusers if s != winner),
                           draw_askers=tuple(s for s in state.draw_askers if s != winner),
                           responsible=responsible_seat(state, winner) if n > 2 else None)

    def pile_report(self, rules: CaptureRules, mask: int, field_mask: int = 0, calls: int = 0,
                    doubled: frozenset[str] = frozenset()) -> ScoreReport:
        """A pile scored as if its owner called Stop after ``calls`` Go calls of their own
        (the score each opponent pays before their own doublings; the score tool)."""
        sc = self.scoring
        facts = GoStopRound((mask,), 0, goes=(calls,))
        tables = sc.role_tables if mask >> sc.table.dual_card & 1 else sc.role_tables[:1]
        table, w = max(((t, sc.winner_facts(t, mask, facts)) for t in tables),
                       key=lambda tw: sc.payments.score(tw[1])[0])
        score, lines = sc.payments.score(w)
        mults = [Multiplier(f, why, BOOK_SCORE) for f, why in w.multipliers]
        return report_from_evaluation(table.evaluate(mask), title="Score of the captured cards",
                                      multipliers=mults, notes=lines if w.yaku else (),
                                      total=score if w.yaku else 0)

    def settle(self, state: State, winner: int) -> RoundResult:
        facts = self.round_facts(state, winner)
        out, table, w = self.scoring.settle_best(facts)

        def make_report() -> ScoreReport:
            ev = table.evaluate(state.caps_m[winner])
            mults = [Multiplier(f, why, BOOK_SCORE) for f, why in w.multipliers]
            pays = tuple(Payment(p, winner, a, "round penalty") for p, a in out.payers if a)
            return report_from_evaluation(
                ev, title=f"Round {state.round_no}: player {winner + 1} calls Stop",
                player=winner, multipliers=mults, notes=out.lines, payments=pays,
                total=out.score)
        return RoundResult(winner, out.points, "stop", make_report=make_report)

    def settle_draw(self, state: State) -> RoundResult:
        n = state.rules.players
        what = ("the Draw asked for is accepted" if state.phase == Phase.DRAW_VOTE  # G9
                else "nobody called Stop")
        rep = ScoreReport((), 0, (), 0, f"Round {state.round_no}: {what}", None,
                          ("no winner: nobody scores, the same dealer deals again and the "
                           "next round's winner is doubled",))
        return RoundResult(None, (0,) * n, "draw", rep)

    def settle_event(self, state: State, winner: int, reason: str) -> RoundResult:
        """A round a special event ended (G11): a third hiki left by one player (3073).
        Its maker wins the round (and deals next) with no yaku scoring; the event's own
        points (5 from each opponent) join the result as the events' side payments."""
        n = state.rules.players
        rep = ScoreReport((), 0, (), 0, f"Round {state.round_no}: player {winner + 1} leaves "
                          "a third hiki", winner,
                          ("the round ends at once: no yaku are scored; the hiki's points "
                           "are paid at once",))
        return RoundResult(winner, (0,) * n, reason, rep)

    def settle_instant(self, state: State, winner: int, reason: str) -> RoundResult:
        """A dealt four of a month (3033, 3037): each holder takes the automatic win's
        points from each player without one (G6)."""
        rules = state.rules
        n = rules.players
        pts = rules.instant_win_points
        holders = [s for s, h in enumerate(state.hands_m)
                   if any((h & mm).bit_count() == 4 for mm in MONTH_MASKS)] or [winner]
        points = [0] * n
        pays = []
        for h in holders:
            for p in range(n):
                if p not in holders:
                    points[p] -= pts
                    points[h] += pts
                    pays.append(Payment(p, h, pts, "a dealt four of a month"))
        line = ScoreLine("instant_win", "All four cards of a month dealt", "총통 Chongtong",
                         (), pts, 0, (), pts, BOOK.at("3033-3037"), reason)
        rep = ScoreReport((line,), pts, (), pts, f"Round {state.round_no}: a four of a month "
                          "in the hand wins at once", holders[0], (reason,), tuple(pays))
        return RoundResult(holders[0], tuple(points), "instant_win", rep)


# -- the chapter's scoring examples (3185-3305) ---------------------------------------

_GODORI = "2a 4a 8b"
_B = "11a 1c 1d 2c 2d 3c"          # a Bright and 5 Chaffs: no doubling
_C = "3a 5c 5d 10c 10d 9c"

#: The chapter's nine examples (three players A, B, C; A calls Stop): (name, A's pile,
#: B's, C's, the facts beyond the piles, the points A, B, C). The piles are ours (the
#: chapter gives totals only).
EXAMPLES: tuple[tuple[str, str, str, str, Mapping[str, Any], tuple[int, int, int]], ...] = (
    ("Example 1: Godori, no Go", _GODORI, _B, _C, {}, (10, -5, -5)),
    ("Example 2: Godori, one Go", _GODORI, _B, _C, {"goes": (1, 0, 0)}, (12, -6, -6)),
    ("Example 3: Godori, two Go calls", _GODORI, _B, _C, {"goes": (2, 0, 0)}, (20, -10, -10)),
    ("Example 4: Godori, one Go and a bomb", _GODORI, _B, _C,
     {"goes": (1, 0, 0), "bombs": 1}, (24, -12, -12)),
    ("Example 5: Godori, two Go calls and a bomb", _GODORI, _B, _C,
     {"goes": (2, 0, 0), "bombs": 1}, (40, -20, -20)),
    ("Example 6: Godori and Poetry Ribbons, three Go calls, a bomb, a revealed triple",
     "2a 4a 8b 1b 2b 3b", _B, _C, {"goes": (3, 0, 0), "bombs": 1, "reveals": 1},
     (192, -96, -96)),
    ("Example 7: B called Go and loses", _GODORI, _B, _C, {"goes": (0, 1, 0)}, (10, -10, 0)),
    ("Example 8: B refused C's Draw and loses", _GODORI, _B, _C,
     {"draw_refusers": (1,), "draw_askers": (2,)}, (10, -10, 0)),
    ("Example 9: 4 Dry Brights; B has no Bright, C only the Rain Man", "1a 3a 8a 12a",
     "5c 5d 7c 7d 9c", "11a 1c 1d", {}, (15, -10, -5)),
)


def example_round(index: int) -> GoStopRound:
    """The facts of the chapter's example ``index`` (0-8)."""
    _name, a, b, c, facts, _points = EXAMPLES[index]
    piles = tuple(CardSet.parse(p).mask for p in (a, b, c))
    return GoStopRound(piles, 0, **facts)


def example_payouts(preset: str = "book", **options: Any) -> list[Payout]:
    """The chapter's nine examples settled under a preset and options."""
    return [settle_piles(example_round(i), preset, **options) for i in range(len(EXAMPLES))]


def chapter_facts(prefix: str = "gs") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: the deals, the Stop minimums, each yaku's points
    (``<prefix>_pts_<key>``), the penalties' thresholds, the Go table, and each printed
    example's score and payments (``<prefix>_ex<n>``, ``_ex<n>_a`` / ``_b`` / ``_c``).

    >>> f = chapter_facts()
    >>> f["gs_stock3"], f["gs_ex6"], f["gs_ex6_a"], f["gs_ex9_b"], f["gs_go3"]
    (23, 96, 192, 10, 15)
    >>> f["gs_jokers"], f["gs_joker_worth"]
    (2, '2 and 3')
    >>> f["gs_ev_chaffs"], f["gs_ev_first"], f["gs_ev_three"], f["gs_ev_bonus"]
    (1, 3, 5, 2)
    >>> f["gs_comp_card"], f["gs_comp_ex"], f["gs_comp_ex_higher"]
    (2, 12, 18)
    """
    rules = get_rules()
    values: dict[str, object] = {f"pts_{r.key}": r.points for r in YAKU}
    for n, (hand, fld) in _DEALS.items():
        values.update({f"hand{n}": hand, f"field{n}": fld,
                       f"stock{n}": len(rules.deck_ids) - n * hand - fld})
    # G1: the rulebook game's Jokers (the stock above holds them) and their worth
    assert rules.bonus is not None                      # Jokers are the default
    worth = [str(w) for w in rules.bonus.weights]
    values.update(jokers=len(rules.bonus.cards),
                  joker_worth=" and ".join([", ".join(worth[:-1]), worth[-1]] if
                                           len(worth) > 1 else worth))
    values.update(minimum3=USUAL_MINIMUM[3], minimum2=USUAL_MINIMUM[2],
                  instant=rules.instant_win_points,
                  chaff_penalty=scoring().payments.doubles[1].threshold,
                  chaff_penalty_more=scoring(more_chaffs=True).payments.doubles[1].threshold,
                  tens_double=SEVEN_TENS, rounds=OPTIONS["rounds"].default,
                  godori_variant=OPTIONS["godori_points"].allowed[-1])
    assert rules.bomb is not None                       # bombs are the default
    values.update(bomb_draws=rules.bomb.draws)
    ev, bonus = rules.events, get_rules(hiki_bonus=True).events
    assert ev is not None and bonus is not None        # the special events are the default
    values.update(ev_chaffs=ev.hiki_capture, ev_first=ev.first_hiki, ev_three=ev.three_hiki,
                  ev_bonus=bonus.hiki_capture)
    # G10: the big table (four to seven; three play a round)
    prize = list(CardSet.parse(COMPENSATION_EXAMPLE))
    values.update(table_hand=TABLE_HAND, table_field=TABLE_FIELD,
                  comp_card=COMPENSATION[False].per_card,
                  comp_higher=COMPENSATION[True].per_card,
                  comp_ex=COMPENSATION[False].points(prize, 5),
                  comp_ex_higher=COMPENSATION[True].points(prize, 5))
    for goes in range(7):
        values[f"go{goes}"] = GoTable().apply(5, goes)[0]
        values[f"hs{goes}"] = GoTable("higher_stakes").apply(5, goes)[0]
    for i, out in enumerate(example_payouts(), start=1):
        values[f"ex{i}"] = out.score
        for seat, pts in zip("abc", out.points):
            values[f"ex{i}_{seat}"] = abs(pts)
    return {f"{prefix}_{k}": v for k, v in values.items()}


# -- rules ------------------------------------------------------------------------

_DEALS = {2: (10, 8), 3: (7, 6)}
#: The stock cards a bomb turns over, by the option's value (2893-2899).
_BOMB_DRAWS = {"three": 3, "weak": 2, "smoke_clears": 1}
#: The Stop minimum a table usually agrees on, by players (2973-2981; 7 for two: matgo).
USUAL_MINIMUM = {2: 7, 3: 3}
#: Four to seven at the table (G10): the dealer plays, the others choose
#: from the dealer's right until three play (2873); a forced dropout is owed 2 points per
#: Bright, Joker, Sake cup, Storm or special Paulownia Chaff from each volunteer, 3 with
#: ``higher_compensation`` (2853-2885).
TABLE_SEATS = ActiveSeats(3, True, "dealer_right", "enough_left")
COMPENSATION = {False: Compensation(2), True: Compensation(3)}
#: The deal at a big table: seven cards each; six face down to the field before the choice
#: (four to six), or six laid face up from the new draw pile after it (seven, 2859-2869).
TABLE_HAND = 7
TABLE_FIELD = 6
#: The most Go calls a round can have before its Stop: the limit of the score
#: calculator's calls and of ``hanafuda score go-stop --koikoi N``. Go or Stop is called
#: only at the end of the player's own turn, after a capture made or added to a yaku
#: (2931, 2955, 3087): once a turn at most. A player has no more turns than cards dealt
#: to their hand, ten with two players (3005), seven with three (3007) or at a table of
#: four to seven (2859, 2869): every turn plays a hand card, except the two turns a
#: bomb's three cards buy (passed, or drawing only under Smoke Clears, 2893-2899), and
#: a Joker played from the hand is followed by a stock card in the same turn (2901).
#: The Stop needs a turn of its own after the last Go (a Go on one's last turn leaves
#: nothing to stop on), so ten turns give nine Go calls at most.
MAX_CALLS = max(hand for hand, _field in (*_DEALS.values(), (TABLE_HAND, 0))) - 1
#: The chapter's example of a forced dropout's hand (ours): the Crane, the Sake cup, the
#: Storm Chaff and three Irises: 3 cards x 2, doubled by the three of a month.
COMPENSATION_EXAMPLE = "1a 9a 11d 5b 5c 5d 7c"

_TABLES: dict[int, tuple[CaptureRules, TableSetup]] = {}


def table_of(rules: CaptureRules) -> TableSetup | None:
    """The big table these rules seat (four to seven at the table, three play each
    round), or None for a plain game of two or three (G10)."""
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    v = dict(rules.options)
    n = v["table_players"]
    if n <= 3:
        return None
    setup = TableSetup(rules, n, TABLE_SEATS, COMPENSATION[v["higher_compensation"]],
                       delayed=v["delayed_compensation"], refresh=v["refresh"],
                       hand=TABLE_HAND, field=0 if n == 7 else TABLE_FIELD,
                       field_after=TABLE_FIELD if n == 7 else 0)
    if len(_TABLES) > 256:
        _TABLES.clear()
    _TABLES[id(rules)] = (rules, setup)
    return setup


def table_setup(players: int = 5, preset: str = "no-jokers", **options: Any) -> TableSetup:
    """The big table of ``players`` (4 to 6; 7 once Jokers are played) under a preset
    and options. (By default the rulebook's table without Jokers, whose deals a test or
    an example can write out card by card; ``preset="book"`` adds the two Jokers.)

    >>> s = table_setup(5, higher_compensation=True)
    >>> s.players, s.compensation.per_card, s.field
    (5, 3, 6)
    """
    setup = table_of(get_rules(preset, table_players=players, **options))
    if setup is None:
        raise OptionError(f"a big table seats four to seven, not {players}")
    return setup


def _check(values: Mapping[str, Any]) -> None:
    """Combinations the options allow one by one but not together (G1, G10): a Joker
    rule without Jokers, a big table's options at a table of three."""
    if values["joker_abilities"] != "none" and not values["jokers"]:
        raise OptionError(f"the Joker ability {values['joker_abilities']!r} needs Jokers in "
                          "the deck: give jokers=1 to 4, or joker_abilities='none'")
    if values["unlucky_joker"] and not values["jokers"]:
        raise OptionError("the Unlucky Joker needs Jokers in the deck: give jokers=1 to 4, "
                          "or unlucky_joker=False")
    n = values["table_players"]
    if n > 3 and values["players"] != 3:
        raise OptionError(f"with {n} at the table three play each round: leave players at "
                          f"3, not {values['players']}")
    if n == 7 and values["jokers"] < 1:
        raise OptionError("seven at the table need at least one Joker in the deck (seven "
                          "hands of seven take 49 cards): give jokers=1 to 4, or seat "
                          "four to six")
    if n <= 3:
        for key in ("delayed_compensation", "higher_compensation", "refresh"):
            if values[key]:
                raise OptionError(f"the option {key!r} is for a table of four to seven "
                                  "(compensation is paid to a player forced to drop out); "
                                  "set table_players to 4 to 7")


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    sc = _scoring(preset, items)
    n = v["players"]
    weights = tuple((c, w) for c, w in sc.table.chaff_weights if c >= Extra.JOKER_1)
    abilities = sc.joker_abilities
    return CaptureRules(
        name="Go-Stop", key="go-stop", preset=preset, options=items, players=n,
        deals={n: _DEALS[n]}, misdeal=misdeal_rules("go-stop"),
        on_field_four="redeal", on_hand_four="instant_win", instant_win_points=5,
        on_both_instant="all_win",
        pair_then_draw="stack", rounds=v["rounds"], start_points=v["steal_points"],
        yaku=sc.table, decision_words=WORDS,
        overlay=GoStopOverlay(USUAL_MINIMUM[n] if v["stop_minimum"] == "usual"
                              else v["stop_minimum"], sc),
        declarations=MonthSets(count=3, key="shake", verb="reveal", source=BOOK.at("3029")),
        events=(EventRules(hiki_capture=2 if v["hiki_bonus"] else 1,
                           first_turn_month=3 if v["first_turn_month"] else 0,
                           triple_hiki=2 if v["triple_hiki"] else 0,
                           winning_brights=v["winning_brights"],
                           bonus_weights=weights)
                if v["special_events"] else None),
        bonus=(BonusCards(tuple(c for c, _ in weights), tuple(w for _, w in weights),
                          BOOK_JOKER, magnet=int("chaff_magnet" in abilities),
                          magnet_cards=tuple(c for (c, _), a in zip(weights, abilities)
                                             if a == "chaff_magnet"),
                          unlucky=v["unlucky_joker"])
               if weights else None),
        bomb=(BombRules(_BOMB_DRAWS[v["bomb"]]) if v["bomb"] != "off" else None),
        # G9: ``n`` is the round's players, three at every table of three to seven (at
        # four to seven, the three chosen to play: the Draw is theirs, 2933); never two
        # (2945)
        draw_requests=v["draw_requests"] and n == 3)


RULE_SETS = RuleSets("Go-Stop", PRESETS, OPTIONS, _build, default="book", check=_check)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
