"""Hachi-Hachi (八八, "Eighty-Eight") as data: four traditions as presets of options.

Four sources describe Hachi-Hachi and they keep score differently:

* ``"book"`` (the default): the rulebook's chapter 17. Plain points; hand
  combinations and yaku are worth ten times the kan values of the other
  sources; yaku are settled when the round ends, with a Continue / End / Cancel
  decision (ending after exactly one opponent continued takes double from that
  opponent); only the highest field multiplier counts.
* ``"d001"``: a three-handed rule set in kan of 12 points. Yaku (dekiyaku) are
  paid the moment they are made; a player who calls *sage* to play on and then
  fails pays back half. Extra lights on the table reserve later deals.
* ``"d002"``: a Japanese publisher's rules, also in kan. *Yoshi* ends the round,
  *Sa-gé* plays on: if someone else then says Yoshi the Sa-gé player pays
  double, and a cancelled or exhausted Sa-gé is halved. Suit combinations add
  one kan per greater triple, drop fees depend on the seat.
* ``"d004"``: five to seven players in shillings and pence (a shilling is 12
  pence, standing for the kan). Combinations are paid at once; a player who
  keeps playing returns half on failure and pays for both losers if an
  opponent goes out. Final scores lose ten shillings.

Every value that differs is an :class:`~hanafuda_core.rules.Option` citing
the source of that value (:func:`preset_options` / :func:`options_table`);
a preset is a named set of option values, and any option can be changed on top:

>>> rules = get_rules("book", field_mode="additive")
>>> rules.unit.key, rules.field_mode, rules.teyaku.rule("three").value
('points', 'additive', 20)
>>> get_rules("d001").teyaku.rule("three").value, get_rules("d001").combo_scale
(2, 12)
>>> get_rules("book", calls="poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
hanafuda_core.errors.OptionError: option 'calls' cannot be 'poker'; allowed values: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

from ..cards import KIND_MASKS, MONTH_MASKS, Card, CardSet, Kind
from ..engines.capture import DecisionWords
from ..errors import OptionError, PlayerCountError
from ..ledger import UNITS, Unit
from ..rules import Option, RuleSets, Source
from ..seating import DealerRule
from ..teyaku import BOOK_TABLE, TeyakuTable
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = ["BOOK", "GOAL", "D001", "D002", "D004", "OPTIONS", "PRESETS", "TEYAKU_TABLES",
           "YAKU_TABLES", "yaku_rule", "yaku_values", "HachiHachiRules", "get_rules",
           "preset_options", "options_table", "option_sources", "game_award", "check_table",
           "FIRST_DEALER", "PLAY_PLAYERS", "HINT_SAMPLES", "SCORING_ORDER", "SCORING_STEPS"]

# ---------------------------------------------------------------------------
# Sources (line numbers in the seed files).

BOOK = Source("BOOK", "ch. 17 Hachi-Hachi", "3361-4216")
BOOK_PLAYERS = Source("BOOK", "ch. 17, Playing with 4-7 Players", "3371-3440")
BOOK_FIELD = Source("BOOK", "ch. 17, Determine the Field Multiplier", "3490-3540")
BOOK_CALLS = Source("BOOK", "ch. 17, Continue / End / Cancel and Scoring", "3460-3620")
BOOK_YAKU = Source("BOOK", "ch. 17, Yaku (fig. 17.1)", "3590-3625")
BOOK_SPECIAL = Source("BOOK", "ch. 17, Special Achievements", "3668-3690; QR 9060-9090")
BOOK_VAR = Source("BOOK", "ch. 17, Gameplay Variations", "4120-4216")
D001 = Source("D001", "Hachi-Hachi", "1-182")
D001_FIELD = Source("D001", "Preliminaries and deal", "13-21")
D001_TEYAKU = Source("D001", "Teyaku", "22-52")
D001_DEKI = Source("D001", "Dekiyaku, sage, payment cancellation", "60-100")
D001_END = Source("D001", "End of hand and bonuses", "101-135")
D001_2P = Source("D001", "Hachi-Hachi for 2 players", "140-150")
D001_MANY = Source("D001", "Hachi-Hachi for 4-6 and 7 players", "151-170")
D001_VAR = Source("D001", "Variations", "171-182")
D002 = Source("D002", "Hachi-Hachi", "1-268")
D002_FIELD = Source("D002", "Types of the Fields", "53-67")
D002_DROP = Source("D002", "Drop from the round", "133-168")
D002_HAND = Source("D002", "Hand Combo and combo charts", "169-190; 555-655")
D002_EVENTS = Source("D002", "Getting points during the round", "191-198")
D002_CALLS = Source("D002", "Declare Yoshi or Sa-gé", "199-212")
D002_EMPTY = Source("D002", "Draw deck becomes empty", "213-228")
D002_LOAN = Source("D002", "Coinage and Loan", "25-35")
D002_HANDON = Source("D002", "Han-Don, Ishi-Arai, After 12th round", "241-261")
D002_TRACK = Source("D002", "End of the round (Monthly Track)", "229-235")
D002_AFTER12 = Source("D002", "After 12th round", "251-261")
D004 = Source("D004", "Hachi-Hachi for 5-7 players", "1-80")
D004_UNITS = Source("D004", "Equipment", "7-9")
D004_DEAL = Source("D004", "Deal (exchange with the eldest)", "16-17")
D004_DOUBLES = Source("D004", "Double and quad deals", "20-24")
D004_AUCTION = Source("D004", "Auction and forced passes", "25-34")
D004_MELDS = Source("D004", "Melds", "35-52")
D004_COMBOS = Source("D004", "Scoring combinations, going out and keeping", "53-62")
D004_EVENTS = Source("D004", "Event points, scoring, special combinations", "63-74")
D004_END = Source("D004", "Half-game and determining winner", "77-80")
D004_SPECIALS = Source("D004", "Special combinations", "68-73")
D004_RESPONSIBLE = Source("D004", "Responsible discard", "74-76")

C = Card
_BRIGHTS = (C.PINE_CRANE, C.CHERRY_CURTAIN, C.SUSUKI_MOON, C.WILLOW_RAINMAN,
            C.PAULOWNIA_PHOENIX)
_DRY_BRIGHTS = (C.PINE_CRANE, C.CHERRY_CURTAIN, C.SUSUKI_MOON, C.PAULOWNIA_PHOENIX)
_POETRY = (C.PINE_RIBBON, C.PLUM_RIBBON, C.CHERRY_RIBBON)
_PURPLE = (C.PEONY_RIBBON, C.CHRYSANTHEMUM_RIBBON, C.MAPLE_RIBBON)
_BDB = (C.CLOVER_BOAR, C.MAPLE_DEER, C.PEONY_BUTTERFLY)
_RAIN = MONTH_MASKS[10]


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------------------
# Hand combinations in kan / shillings (the rulebook's are teyaku.BOOK_TABLE).

def _kan_table(source: Source, *, aka_at_least: bool, red: int = 2, plus_x: bool = False,
               names: Mapping[str, str] | None = None) -> TeyakuTable:
    """The kan tables: the rulebook's rows at a tenth of the value, adjusted per source."""
    names = names or {}
    rows = []
    for r in BOOK_TABLE.rules:
        value = r.value // 10
        row = replace(r, value=value, source=source, name=names.get(r.key, r.name))
        if r.key == "two_ribbons":
            row = replace(row, value=red, ribbons_at_least=aka_at_least)
        if r.key == "four_pair" and source.doc == "D001":
            row = replace(row, show_all=True, note="D001: every card is shown")
        rows.append(row)
    if plus_x:
        # D002: Three / Double Three / Full House are 2 / 6 / 7 kan + 1 per greater triple.
        keep = []
        for row in rows:
            if row.key in ("greater", "three_greater", "two_greaters"):
                continue
            if row.key in ("three", "two_threes", "three_two_pairs"):
                row = replace(row, per_greater=1, note="D002: + X, one kan per greater triple")
            keep.append(row)
        rows = keep
    unit = "shillings" if source.doc == "D004" else "kan"
    return TeyakuTable(tuple(rows), unit=unit, source=source)


TEYAKU_TABLES: Mapping[str, TeyakuTable] = {
    "book": BOOK_TABLE,
    "d001": _kan_table(D001_TEYAKU, aka_at_least=True),
    "d002": _kan_table(D002_HAND, aka_at_least=True, plus_x=True,
                       names={"three": "Three of a Kind", "two_threes": "Double Three",
                              "three_two_pairs": "Full House", "two_ribbons": "Red",
                              "seven_chaffs": "All Dregs"}),
    "d004": _kan_table(D004_MELDS, aka_at_least=False,
                       names={"two_ribbons": "red", "one_ribbon": "lone ribbon",
                              "one_ten": "lone ten", "one_bright": "lone bright",
                              "seven_chaffs": "all junk"}),
    "d004-red3": _kan_table(D004_MELDS, aka_at_least=False, red=3),
}


# ---------------------------------------------------------------------------
# Yaku (dekiyaku, captured combinations), on the project's shared yaku mechanism.

def _cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in range(48) if mask >> c & 1)


def _yaku_table(values: Mapping[str, int], source: Source, *, seven_plus: int,
                plus_rain: bool, bdb: int = 0, sixteen: tuple[int, int] | None = None
                ) -> YakuTable:
    """One tradition's yaku as :class:`hanafuda_core.yaku.YakuRule` rows (values in its
    own table unit): the Brights are a one-of group, the rest each score."""
    dry_ribbons = _cards_of(KIND_MASKS[Kind.RIBBON] & ~_RAIN)
    rows = [
        YakuRule("five_brights", "5 Brights", "五光 Gokō", values["five"], cards=_BRIGHTS,
                 group="brights", source=source),
        YakuRule("four_dry_brights", "4 Dry Brights", "四光 Shikō", values["four"],
                 cards=_DRY_BRIGHTS, group="brights", source=source),
        YakuRule("poetry", "3 Poetry Ribbons", "赤短 Akatan", values["poetry"], cards=_POETRY,
                 group="each", source=source),
        YakuRule("purple", "3 Purple Ribbons", "青短 Aotan", values["purple"], cards=_PURPLE,
                 group="each", source=source),
        # 7 of the 9 dry Ribbons; extras counted from every Ribbon (BOOK: the rain one too).
        YakuRule("seven_ribbons", "7 Dry Ribbons", "七短 Nanatan", values["seven"],
                 cards=dry_ribbons, count=7, plus_per_extra=seven_plus,
                 extra_kinds=(Kind.RIBBON,) if plus_rain and seven_plus else (),
                 group="each", source=source),
    ]
    if bdb:
        rows.append(YakuRule("boar_deer_butterfly", "Boar-Deer-Butterfly",
                             "猪鹿蝶 Inoshikachō", bdb, cards=_BDB, group="each",
                             source=source))
    if sixteen:
        name = "Simple 16" if source.doc == "BOOK" else "Sixteen Dregs"
        rows.append(YakuRule("sixteen_dregs", name, "素十六 Sujūroku", sixteen[0],
                             cards=_cards_of(KIND_MASKS[Kind.CHAFF] | _RAIN), count=16,
                             plus_per_extra=sixteen[1], group="each", source=source))
    return YakuTable((YakuGroup("brights", "Brights", "one_of"),
                      YakuGroup("each", "Ribbons and others", "each")), tuple(rows),
                     source=source)


def yaku_rule(table: YakuTable, key: str) -> YakuRule:
    """The yaku of a table by key, or an error naming the keys it has."""
    for r in table.rules:
        if r.key == key:
            return r
    raise OptionError(f"unknown yaku {key!r}; this rule set has: "
                      f"{', '.join(r.key for r in table.rules)}")


def yaku_values(table: YakuTable, cards: CardSet | int) -> dict[str, int]:
    """Every yaku a capture pile makes, key -> value in table units.

    >>> yaku_values(YAKU_TABLES["book"], CardSet.parse("1a 3a 8a 12a 11a 1b 2b 3b"))
    {'five_brights': 120, 'poetry': 70}
    """
    mask = cards if isinstance(cards, int) else cards.mask
    return {table.rules[i].key: p for i, p in table.quick(mask)[1]}


_KAN_YAKU = {"five": 12, "four": 10, "poetry": 7, "purple": 7, "seven": 10}
_BOOK_YAKU = {"five": 120, "four": 100, "poetry": 70, "purple": 70, "seven": 100}


@cache
def _yaku_for(table: str, seven_plus: int, bdb: int, simple16: bool = False) -> YakuTable:
    if table == "book":
        return _yaku_table(_BOOK_YAKU, BOOK_YAKU, seven_plus=seven_plus, plus_rain=True, bdb=bdb,
                           sixteen=(120, 0) if simple16 else None)
    src = {"d001": D001_DEKI, "d002": D002_HAND, "d004": D004_COMBOS}[table]
    return _yaku_table(_KAN_YAKU, src, seven_plus=seven_plus, plus_rain=False, bdb=bdb,
                       sixteen=(12, 2) if table == "d002" else None)


YAKU_TABLES: Mapping[str, YakuTable] = {k: _yaku_for(k, 10 if k == "book" else 0, 0)
                                        for k in ("book", "d001", "d002", "d004")}


# ---------------------------------------------------------------------------
# Options: one row per value that differs, each citing where its default comes from.

def _opt(key: str, default: object, allowed: Iterable[Any], description: str, source: Source,
         note: str = "", implemented: bool = True) -> Option:
    return Option(key, default, tuple(allowed), description, source, note, implemented)


_OPTION_LIST = (
    _opt("unit", "points", tuple(UNITS), "score unit: BOOK points; kan of 12 points (D001, "
         "D002); shillings of 12 pence (in D004)", BOOK),
    _opt("teyaku_table", "book", tuple(TEYAKU_TABLES), "hand combination chart: BOOK points "
         "(2 Ribbons & 5 Chaffs exactly); D001 kan (Aka = 2 or more Ribbons); D002 kan (Red = "
         "all slips and dregs; Three 2+X, Double Three 6+X, Full House 7+X); D004 shillings "
         "(red = exactly 2 ribbons; its red3 chart scores red 3/-)", BOOK),
    _opt("yaku_table", "book", ("book", "d001", "d002", "d004"), "yaku chart: BOOK 120/100/70/"
         "70/100; D001 and D004 12/10/7/7/10; D002 adds Sixteen Dregs 12 + 2 as a captured "
         "combination", BOOK_YAKU),
    _opt("seven_ribbons_extra", 10, (0, 1, 10), "added per ribbon beyond 7 (BOOK 10 incl. the "
         "rain ribbon; BOOK 'No Extra Ribbons' and D001/D002 0; D004 'some' 1/-)", BOOK_YAKU),
    _opt("boar_deer_butterfly", 0, (0, 7, 70), "Boar-Deer-Butterfly as a yaku (BOOK variant "
         "70; D001 variation 7 kan)", BOOK_VAR),
    _opt("field_mode", "highest", ("highest", "additive", "carryover", "queue", "few"),
         "several Brights in the field: BOOK highest only; BOOK 'Multiple Multiplier' adds "
         "them (Dec + Jan = x6); BOOK 'Carryover Multiplier' carries the next highest one "
         "round; D001/D002/D004 'as many as possible' reserve one deal per extra light, quads "
         "first ('queue'); D004 'as few as possible' ('few')", BOOK_FIELD),
    _opt("calls", "book", ("book", "d001", "d002", "d004"), "how yaku are paid and what "
         "continuing costs: BOOK Continue/End/Cancel at round end (End after exactly one "
         "opponent continued = double from that one; Cancel or exhaustion = half); D001 paid "
         "at once, a failed sage pays back half; D002 Yoshi / Sa-gé (another's Yoshi = the "
         "Sa-gé player pays double, the third nothing; cancel or empty deck = half); D004 "
         "paid at once, failed keeping returns half, an opponent going out = pay for both",
         BOOK_CALLS),
    _opt("cards_after_yaku", False, (False, True), "card points are still settled when the "
         "deck runs out in a round where yaku were made (D001, D002, D004); BOOK has no "
         "card-point step once a yaku was captured", BOOK_CALLS),
    _opt("keep_fail_when_out", "both", ("both", "pay_for_both"), "D004: a keeper whose "
         "opponent goes out pays for both losers and also returns half ('both', our reading) "
         "or only pays for both", D004_COMBOS),
    _opt("two_player_cards", "par", ("par", "difference"), "two players: each scores (cards - "
         "88) x field against the bank (in BOOK), or the loser pays the difference (D001; BOOK "
         "'Alternate Two Player Game Scoring')", BOOK),
    _opt("two_player_specials", False, (False, True), "special achievements with two players "
         "(BOOK: none apply; D001: Souhachi on equal points)", BOOK_SPECIAL),
    _opt("specials_need_no_yaku", True, (False, True), "168 Plus, Simple 16 and 88 only in a "
         "round without yaku (in BOOK); the others: whenever the hand is played out", BOOK_SPECIAL),
    _opt("futahachi", (100, 10), ((100, 10), (10, 1)), "168 or more card points: base and "
         "per point over 168, in table units (BOOK 100 + 10; D001/D002/D004 10 + 1)",
         BOOK_SPECIAL),
    _opt("sixteen", (120, 20, 0, False), ((120, 20, 0, False), (120, 20, 0, True),
                                          (12, 2, 0, True), (12, 2, 20, True), None),
         "16 or more Chaffs: (base, per extra, cap, November counts): BOOK 120 + 20, Storm "
         "only (or every November card); D001 12 + 2 with Willows; D004 12 + 2 "
         "capped at 20/- (D004 'some': no cap, as in D001); D002 scores it as a "
         "captured combination instead (none: no special achievement); BOOK's "
         "'Simple 16 Yaku' variant is an option of its own",
         BOOK_SPECIAL),
    _opt("sixteen_when_out", False, (False, True), "sixteen junk also counts when a player "
         "goes out (in D004)", BOOK_SPECIAL),
    _opt("all_88", 100, (100, 10), "all three take exactly 88: the dealer takes this from "
         "each (BOOK 100; D001/D002/D004 10)", BOOK_SPECIAL),
    _opt("special_effect", "cancel_all", ("cancel_all", "return_teyaku", "flip_teyaku",
                                          "return_combos_events", "return_all"),
         "what a special (168 / 16 / 88) does to the rest: BOOK cancels everything but pass "
         "penalties and compensation; D001 cancels card points and bonuses and 'reverses' "
         "teyaku (read as returned; 'flip_teyaku' is the literal other reading); D002 returns "
         "hand combos, Diving and Escape; D004 repays melds, combinations and events",
         BOOK_SPECIAL),
    _opt("chaff_bonus", 10, (10, 1), "a chaff combination (not the Bright one) and 89 or more "
         "card points: from each (BOOK '89 Plus Chaff' 10; D001 'pulling the points', D002 "
         "'Escape', D004 event: 1 unit)", BOOK_SPECIAL),
    _opt("triple_bonus", 10, (10, 1), "catching one's own declared triple, from each, per "
         "triple (BOOK 'Captured Suit' 10; D001 'catching the Sanbon', D002 'Diving', D004 "
         "event: 1 unit)", BOOK_SPECIAL),
    _opt("triple_catch", "all_three", ("all_three", "fourth_card"), "what counts as catching "
         "the triple: capturing all three of its cards (BOOK, D002, D004) or the month's "
         "fourth card (in D001)", BOOK_SPECIAL),
    _opt("triple_with_pairs", True, (False, True), "combinations with pairs (3 of a Kind & 2 "
         "Pairs) also earn the triple bonus (BOOK, D002, D004); D001 names only Sanbon and "
         "Tatesanbon and their doubles", BOOK_SPECIAL),
    _opt("events_when_stopped", True, (False, True), "chaff and triple bonuses also count in a "
         "round ended by a stop (BOOK, D002, D004); D001 pays them only at the end of a "
         "played-out hand", D001_END),
    _opt("blind_stay", 10, (10, 1), "blind-stay dealer with 89 or more: from every player "
         "except the Joker/blank holder (BOOK variant 10; D001 Mizuten, D002, D004 1 unit)",
         BOOK_SPECIAL),
    _opt("blind_failure", True, (False, True), "a blind-stay dealer under 89 in a round "
         "without yaku pays each active opponent the same (BOOK, D002; not in D001, D004)",
         BOOK_SPECIAL),
    _opt("fold_fees", (), ((), (10, 15, 20), (12, 18, 24), (12, 18, 24, 30, 36)),
         "fees for passing voluntarily, in the smallest unit, paid to the round winner "
         "(BOOK none; BOOK 'Pass Penalty' 10/15/20; D001 1 kan, 1 kan 6, 2 kan; D004 1/-, "
         "1/6, 2/-; D001 'nobody forced' adds 2 kan 6, 3 kan)", BOOK_PLAYERS),
    _opt("fold_fee_by", "order", ("order", "seat"), "which fee a passer pays: by the order of "
         "passing (BOOK, D001, D004) or by seat from the dealer (D002: 1, 1 1/2 ... 3 1/2 kan)",
         BOOK_PLAYERS),
    _opt("seat_fees", (12, 18, 24, 30, 36, 42), ((12, 18, 24, 30, 36, 42),), "D002's drop "
         "fees by seat, in points", D002_DROP),
    _opt("fees_multiplied", True, (False, True), "fold fees are multiplied by the field (BOOK "
         "states it; D001, D002 and D004 multiply everything)", BOOK_PLAYERS),
    _opt("compensation_per_card", 3, (2, 3), "compensation per Bright, Poetry or Purple Ribbon "
         "held by a forced dropout (BOOK 3 points, 'Less Compensation' 2; D001 3 points; D002 3 "
         "points; D004 3 pence)", BOOK_PLAYERS),
    _opt("compensation_excludes_counted", True, (False, True), "those cards earn nothing if "
         "already part of a compensated combination (BOOK, D004; D001 and D002 count every "
         "such card)", BOOK_PLAYERS),
    _opt("compensation_yaku", True, (False, True), "half of any yaku held in the dealt hand "
         "is compensated (BOOK, D002, D004; not D001; BOOK 'Worthless Yaku' turns it off)",
         BOOK_PLAYERS),
    _opt("compensation_payers", "active_non_dealer", ("active_non_dealer", "active"),
         "who pays a forced dropout: each player other than the dealer who chose to play "
         "(in BOOK), or each active player (D001, D002, D004)", BOOK_PLAYERS),
    _opt("four_three", "none", ("none", "wins_round", "ends_game", "aborts_hand"), "4 of a "
         "Kind & 3 of a Kind: an ordinary combination (in BOOK); wins the round at once, only "
         "fees, compensation and hand combinations scored (BOOK 'Four & Three', D004 "
         "'some'); ends the whole game (D002, D004 'most'); or stops the hand (D001 variation): "
         "whoever is dealt it, even a dropout, the hand stops after the hand combinations "
         "and the next month is dealt", BOOK_VAR,
         note="when it stops the hand there is no winner, so voluntary fold fees are not "
         "collected (our "
         "decision); compensation and hand combinations are paid"),
    _opt("winning_hand", False, (False, True), "BOOK 'Winning Hand': Four & Three with 7 "
         "Chaffs wins at once and takes 400 from each instead of 240", BOOK_VAR),
    _opt("responsibility", False, (False, True), "a player who discards the card that "
         "completes an opponent's waiting yaku when another choice existed pays for both "
         "losers (BOOK variant: 4 Dry Brights, 3 Poetry, 3 Purple; D001: Akatan, Aotan, "
         "Shikou; D004: any combination)", BOOK_VAR),
    _opt("trade", False, (False, True), "before looking, a player may swap the unseen hand "
         "with the dealer's (eldest's) once; later traders swap with whoever holds that hand "
         "now (BOOK 'Trade' variant; D004 exchange, standard)", BOOK_PLAYERS,
         note="with three or more players the rule set following D004 offers it in every "
         "deal by default, the exchange being standard there; a deal or game can still be "
         "played without the exchange, and a record says whether it was offered"),
    _opt("dealers_hand", 10, (0, 10, 1), "BOOK 'Dealer's Hand': the last trader (who holds the "
         "dealer's dealt hand) with 89 or more card points takes this from every player but "
         "the Joker holder (0: no such achievement, as in D004)", BOOK_SPECIAL),
    _opt("too_few", "forced_in", ("forced_in", "share_pot", "two_handed"), "4-7 players, "
         "when fewer than three choose to play: the rest are forced in (BOOK, D001, D004 "
         "'some'); nobody is forced, one or two stayers end the round and share the fees "
         "(D002 'No match', D001 'nobody forced' variation, D004 'some'); or, with two "
         "stayers, they play a two-handed deal (D001 variation)", BOOK_PLAYERS,
         note="the rule set following D002 plays 'share_pot', its stated rule. If nobody "
         "at all stays, the last player to choose is forced to play (someone must take "
         "the fees): our decision, the sources are silent. Fees that do not split evenly "
         "give the odd point to the first stayer"),
    _opt("field_quad", "redeal", ("redeal", "dealer_takes"), "four cards of a month dealt "
         "to the field: redeal (BOOK, D002, D004; D001 alternative) or the dealer captures "
         "them at once (in D001)", BOOK, note="the acting dealer (the first player who plays) "
         "takes them; the field multiplier still comes from the field as dealt"),
    _opt("overtime", False, (False, True), "at the end of the game, extra deals are played "
         "while doubled or quadrupled deals are still reserved (D001 variation, D004 "
         "'some')", D001_VAR),
    _opt("compensation_with_field", False, (False, True), "a forced dropout is also paid "
         "half of any complete Akatan, Aotan, Shikou or Gokou made by the hand together with "
         "the field cards (D001 variation)", D001_VAR),
    _opt("triple_responsibility", False, (False, True), "a player who discards the fourth "
         "card of an opponent's declared triple, when another choice existed, pays that "
         "triple's bonus for both losers (D001 catching the Sanbon, D004)", D004_EVENTS),
    _opt("rain_in_melds", "junk", ("junk", "either"), "November cards in chaff "
         "combinations: always Chaff (every source) or, D004 'some', each either Chaff or "
         "its own kind, but not both at once", D004_MELDS),
    _opt("keep_forbidden", (), ((), ("five_brights", "seven_ribbons"), ("four_dry_brights",),
                                ("five_brights", "seven_ribbons", "four_dry_brights")),
         "yaku that forbid playing on while held: none, or D004 'some': five brights and "
         "seven ribbons, and/or four brights (no keeping them to aim at five)", D004_COMBOS),
    _opt("keep_cancel", False, (False, True), "D004 'some': a keeper may cancel keeping by "
         "returning half, and then no longer pays for both losers", D004_COMBOS,
         note="D004 allows it at the end of anyone's turn; we offer it at the start of the "
         "keeper's own turn, like BOOK and D002 Cancel. Only with D004 calls"),
    _opt("hidden_field", False, (False, True), "BOOK 'Hidden Field': the field stays face "
         "down until the players of the round are set", BOOK_VAR),
    _opt("open_hand", False, (False, True), "BOOK 'Open Hand': the cards shown for hand "
         "combinations stay visible while they are in the hand", BOOK_VAR),
    _opt("risk", False, (False, True), "BOOK 'Risk': a Continue caller who never calls End "
         "pays the value of their yaku to each active opponent", BOOK_VAR,
         note="our reading: when another player ends, the Risk payment comes on top of what "
         "that End costs; when the deck runs out it replaces the half a continuer would "
         "take; Cancel is not a failure"),
    _opt("campaign", False, (False, True), "BOOK 'Campaign' (a game end scoring variation): "
         "the table plays as many games as there are players, and each game's winner gets "
         "a bonus of 10 points per player", BOOK_VAR,
         note="points only (the kan and shilling traditions always end with their own "
         "Award or pot); paid as 10 from each other player, which moves the winner 10 "
         "points per player ahead of each, as the variation's bonus does"),
    _opt("simple_16_yaku", False, (False, True), "BOOK 'Simple 16 Yaku': 16 Chaffs "
         "(November may count) is a yaku worth 120 instead of a special achievement",
         BOOK_VAR, note="no extra per Chaff: the variant gives 120 only"),
    _opt("loan_unit", 0, (0, 60, 120), "chips borrowed from the bank at a time, in the "
         "smallest unit: BOOK keeps plain scores (0); D002 10 Kan; D004 5/- with a crown "
         "token; D001 has a bank and debt cards (10 kan, our reading)", D002,
         note="loans move chips between the players, not scores"),
    _opt("four_three_track", False, (False, True), "D002: a Four & Three that ends the "
         "game puts a coin (1 point) on every month of the track still empty, paid by its "
         "holder, so the track is full when the poorest take it; elsewhere only a deal's "
         "winner marks the track", D002_TRACK,
         note="the track has as many months as the game has deals (12, or 6)"),
    _opt("award_ties", "first", ("first", "share"), "two or more players tied on top at the "
         "end: the first in seat order takes the Award / pot (the other sources are silent: "
         "our decision) or, D002, the tied players share it evenly", D002_AFTER12,
         note="an amount that does not split evenly gives the odd point to the first in seat "
         "order; BOOK's Campaign bonus is then split the same way"),
    _opt("chart_ties", "first", ("first", "share"), "two or more players tied lowest at the "
         "end: the first in seat order takes the month track's chips (D001, D004 name one "
         "lowest player) or, D002, the poorest players split them evenly", D002_AFTER12,
         note="D002 pays the track before the Award, so the Award goes to whoever is top "
         "after it; the other traditions are read the same way"),
    _opt("responsibility_excludes", (), ((), ("five_brights",), ("seven_ribbons",),
                                         ("five_brights", "seven_ribbons")),
         "yaku for which a responsible discard is not charged: none, or D004 'some': five "
         "brights and/or seven ribbons", D004_RESPONSIBLE),
    _opt("specials_keep_blind", False, (False, True), "a special (168, sixteen junk, all "
         "88) cancels or returns the blind-play event points like the others, or D004 "
         "'some': those stay paid", D004_SPECIALS,
         note="the 'blind' payments: a blind stay's success or failure (and BOOK's Dealer's "
         "Hand, the other bonus for an unseen hand)"),
    _opt("loan_repayment", "end", ("end", "han_don"), "when loans are repaid: after the last "
         "deal, as far as possible; or D002: Han-Don after deal 6 (return 10 Kan, then "
         "optional 5-Kan steps), Ishi-Arai after deal 11 (optional 5-Kan steps) and after "
         "deal 12", D002),
)

OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

_KAN_COMMON = dict(unit="kan", seven_ribbons_extra=0, futahachi=(10, 1), all_88=10,
                   chaff_bonus=1, triple_bonus=1, blind_stay=1, cards_after_yaku=True,
                   specials_need_no_yaku=False, field_mode="queue",
                   compensation_payers="active", dealers_hand=0, loan_unit=120)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "d001": {**_KAN_COMMON, "teyaku_table": "d001", "yaku_table": "d001", "calls": "d001",
             "two_player_cards": "difference", "two_player_specials": True,
             "sixteen": (12, 2, 0, True), "special_effect": "return_teyaku",
             "triple_catch": "fourth_card", "triple_with_pairs": False,
             "events_when_stopped": False, "blind_failure": False, "fold_fees": (12, 18, 24),
             "responsibility": True, "field_quad": "dealer_takes",
             "triple_responsibility": True,
             "compensation_excludes_counted": False, "compensation_yaku": False},
    "d002": {**_KAN_COMMON, "teyaku_table": "d002", "yaku_table": "d002", "calls": "d002",
             "sixteen": None, "special_effect": "return_combos_events", "fold_fee_by": "seat",
             "compensation_excludes_counted": False, "four_three": "ends_game",
             "loan_repayment": "han_don", "too_few": "share_pot", "four_three_track": True,
             "award_ties": "share", "chart_ties": "share"},
    "d004": {**_KAN_COMMON, "unit": "shillings", "teyaku_table": "d004", "yaku_table": "d004",
             "calls": "d004", "sixteen": (12, 2, 20, True), "sixteen_when_out": True,
             "special_effect": "return_all", "blind_failure": False,
             "fold_fees": (12, 18, 24), "four_three": "ends_game", "responsibility": True,
             "trade": True, "triple_responsibility": True, "loan_unit": 60},
}

#: Where each preset's differing values come from (the preset's own document).
PRESET_SOURCES: Mapping[str, Mapping[str, Source]] = {
    "book": {},
    "d001": {"unit": D001, "teyaku_table": D001_TEYAKU, "yaku_table": D001_DEKI,
             "calls": D001_DEKI, "two_player_cards": D001_2P, "two_player_specials": D001_2P,
             "sixteen": D001_DEKI, "special_effect": D001_DEKI, "triple_catch": D001_END,
             "triple_with_pairs": D001_END, "events_when_stopped": D001_DEKI,
             "blind_failure": D001_MANY, "fold_fees": D001_MANY,
             "compensation_excludes_counted": D001_MANY, "compensation_yaku": D001_MANY,
             "compensation_payers": D001_MANY, "field_mode": D001_FIELD,
             "seven_ribbons_extra": D001_DEKI, "futahachi": D001_DEKI, "all_88": D001_DEKI,
             "chaff_bonus": D001_END, "triple_bonus": D001_END, "blind_stay": D001_MANY,
             "cards_after_yaku": D001_END, "specials_need_no_yaku": D001_DEKI,
             "responsibility": D001_DEKI, "field_quad": D001_FIELD,
             "triple_responsibility": D001_END, "dealers_hand": D001, "loan_unit": D001},
    "d002": {"unit": D002, "teyaku_table": D002_HAND, "yaku_table": D002_HAND,
             "calls": D002_CALLS, "sixteen": D002_HAND, "special_effect": D002_EMPTY,
             "fold_fee_by": D002_DROP, "compensation_excludes_counted": D002_DROP,
             "compensation_payers": D002_DROP, "four_three": D002_HAND,
             "field_mode": D002_FIELD, "seven_ribbons_extra": D002_HAND,
             "futahachi": D002_EMPTY, "all_88": D002_EMPTY, "chaff_bonus": D002_EVENTS,
             "triple_bonus": D002_EVENTS, "blind_stay": D002_EVENTS,
             "cards_after_yaku": D002_EMPTY, "specials_need_no_yaku": D002_EMPTY,
             "dealers_hand": D002, "loan_unit": D002_LOAN, "loan_repayment": D002_HANDON,
             "too_few": D002_DROP, "four_three_track": D002_TRACK,
             "award_ties": D002_AFTER12, "chart_ties": D002_AFTER12},
    "d004": {"unit": D004, "teyaku_table": D004_MELDS, "yaku_table": D004_COMBOS,
             "calls": D004_COMBOS, "sixteen": D004_EVENTS, "sixteen_when_out": D004_EVENTS,
             "special_effect": D004_EVENTS, "blind_failure": D004_EVENTS,
             "fold_fees": D004_AUCTION, "four_three": D004_MELDS,
             "compensation_payers": D004_AUCTION, "field_mode": D004_DOUBLES,
             "seven_ribbons_extra": D004_COMBOS, "futahachi": D004_EVENTS,
             "all_88": D004_EVENTS, "chaff_bonus": D004_EVENTS, "triple_bonus": D004_EVENTS,
             "blind_stay": D004_EVENTS, "cards_after_yaku": D004_EVENTS,
             "specials_need_no_yaku": D004_EVENTS, "responsibility": D004_EVENTS,
             "trade": D004_DEAL, "triple_responsibility": D004_EVENTS,
             "dealers_hand": D004_DEAL, "loan_unit": D004_UNITS},
}


#: The seeded cases of the quiz's settlement topics
#: (:mod:`hanafuda_core.teach.settlement_quiz`): topic -> (module of hanafuda_core,
#: function of (game, rng)).
QUIZ_CASES: Mapping[str, tuple[str, str]] = {
    "payment": ("games.hachihachi_examples", "payment_case"),
    "continue": ("games.hachihachi_examples", "continue_case"),
}

#: The maker of a worked example's parts for the teaching layer's settlement display
#: (:func:`hanafuda_core.teach.layouts.show_worked_example`).
WORKED_EXAMPLE: tuple[str, str] = ("games.hachihachi_tables", "worked_example_parts")

#: Who pays a hand combination, as the quiz's feedback says it.
HAND_COMBINATION_PAID = "from each active opponent, times the field"

#: What the whole-game chart shows beyond the deals' points
#: (:mod:`hanafuda_core.teach.whole_game`): (module of hanafuda_core, function of the
#: record and the seats' names).
WHOLE_GAME: tuple[str, str] = ("games.hachihachi_game", "whole_game_marks")

#: The score calculator's form: a whole round's facts, settled
#: (:func:`hanafuda_core.teach.tools.round_calculator`): (module of hanafuda_core, class).
ROUND_CALCULATOR: tuple[str, str] = ("games.hachihachi_calculator", "SettlementCalculator")

#: Each tradition as readers see it (the teaching layer's headings and menus).
#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Finish each round above par: claim the combinations you are dealt, capture valuable "
        "cards and yaku, and collect from the players who fall short.")

PRESET_LABELS: Mapping[str, str] = {
    "book": "Rulebook",
    "d001": "Three-player rules, in kan",
    "d002": "Japanese publisher, in kan",
    "d004": "Shilling rules",
}

#: Sample values the overview shows under every tradition, each in its own unit:
#: (heading, the key of a hand combination or a yaku).
OVERVIEW_SAMPLES: tuple[tuple[str, str], ...] = (("3 of a Kind is worth", "three"),
                                                 ("5 Brights is worth", "five_brights"))

#: The play tool seats three: the players of one round (more may sit at the table: they
#: choose who plays, as the rules say).
PLAY_PLAYERS = 3

#: The order of a Hachi-Hachi settlement at the table, read by the teaching layer
#: (``teach.scoring_steps``): hand combinations are paid first, then either the yaku of
#: the player who ended the round or, when nobody did, the card points against par.
SCORING_ORDER: tuple[str, ...] = ("hand", "find_yaku", "best", "each", "per_extra",
                                  "card_points", "par", "settle")


def _field_step(rules: HachiHachiRules) -> str:
    """The field multiplier, in words: what each field Bright is worth, then how the rules'
    ``field_mode`` makes one multiplier of them (:meth:`~.hachihachi_settle.FieldQueue.next`:
    the highest only, their sum, or the highest now with others kept for later deals)."""
    from .hachihachi_settle import LIGHT_MULTIPLIERS, FieldQueue
    by: dict[int, list[str]] = {}
    for card, factor in LIGHT_MULTIPLIERS.items():
        by.setdefault(factor, []).append(f"the {card.title}")
    parts = "; ".join(f"\u00d7{f} with {', '.join(names[:-1])}{' or ' if names[1:] else ''}"
                      f"{names[-1]}" for f, names in sorted(by.items()))
    mode = rules.field_mode
    if mode == "additive":
        # the example is the engine's own sum for the lowest and the highest Bright
        pair = (min(LIGHT_MULTIPLIERS, key=LIGHT_MULTIPLIERS.__getitem__),
                max(LIGHT_MULTIPLIERS, key=LIGHT_MULTIPLIERS.__getitem__))
        both = FieldQueue(mode).next(CardSet(pair))[0].value
        how = (f"Their values add up to the field multiplier (the {pair[0].title} and the "
               f"{pair[1].title} together make \u00d7{both}; \u00d71 with none).")
    else:
        how = "The highest of them is the field multiplier (\u00d71 with none)" + {
            "highest": ".",
            "carryover": ", and the next highest, if any, is carried to the next deal. "
                         "There it joins that deal's own field Brights: the highest of them "
                         "all is that deal's multiplier, the next highest is carried on "
                         "again, and any others are dropped.",
            "queue": "; every other one is kept for a later deal. At each deal the kept "
                     "multipliers and the new field's Brights go together: the highest is "
                     "that deal's multiplier and all the rest stay kept.",
            "few": "; if there is another, the second highest is kept for the next deal, "
                   "which uses it and does not look at its own field's Brights. Any further "
                   "Brights are dropped.",
        }[mode]
    return ("Before anything is paid, look at the Brights dealt to the field: each is worth "
            f"a multiplier ({parts}). {how} Every payment of the round is multiplied by the "
            "field multiplier.")


def _yaku_step(rules: HachiHachiRules) -> str:
    """Who pays for a yaku, and whether the cards still count (the rules' calls)."""
    if rules.calls in ("book", "d002"):
        return ("The player who ended the round with a yaku takes that total from each "
                "opponent (if exactly one opponent had called to play on, that one pays "
                "double and the other nothing); card values are not counted in a round "
                "ended by a yaku." + _NO_YAKU)
    return ("Yaku are paid by each opponent the moment they are made; a player who played "
            "on and failed pays back half." + _NO_YAKU)


_NO_YAKU = " If nobody ended the round with a yaku, the cards decide:"


#: Hachi-Hachi's own scoring steps, placed among the shared ones (``SCORING_ORDER``).
SCORING_STEPS: tuple[tuple[str, str, Any], ...] = (
    ("before", "hand", _field_step),
    ("after", "hand", "Each of the other players pays you your combination's value at once."),
    ("before", "find_yaku", "Then play the round. If a player makes a yaku and ends the "
                            "round with it:"),
    ("before", "card_points", _yaku_step),
    ("before", "settle", "A special achievement (a huge pile, a pile of Chaffs, or everyone "
                         "exactly on par) replaces the card payments: see the special "
                         "achievements."),
)

#: Sampled futures per move for the coach's hints in the play tool (a few tenths of a
#: second for a three-player round).
HINT_SAMPLES = 24

D002_BASICS = Source("D002", "basic rules (choosing Oya)", "293-295")
D004_SEATING = Source("D004", "Seating", "15")

#: How each tradition picks the first dealer (:mod:`hanafuda_core.seating`): every one
#: draws cards and the earliest month deals; BOOK (ch. 3) and D001 let the higher card
#: win a tie of months, D002 and D004 draw again.
FIRST_DEALER: Mapping[str, DealerRule] = {
    "book": DealerRule("value", Source("BOOK", "ch. 3 Before You Begin", "547-656")),
    "d001": DealerRule("value", D001_FIELD),
    "d002": DealerRule("redraw", D002_BASICS),
    "d004": DealerRule("redraw", D004_SEATING),
}


def option_sources(preset: str = "book") -> dict[str, Option]:
    """The options with this preset's values as defaults, each citing that value's source.

    >>> option_sources("d001")["calls"].source.cite()
    'D001, Dekiyaku, sage, payment cancellation, lines 60-100'
    """
    values = preset_options(preset)
    cites = PRESET_SOURCES.get(preset, {})
    return {k: replace(o, default=values[k], source=cites.get(k, o.source))
            for k, o in OPTIONS.items()}


def options_table(preset: str = "book") -> list[dict[str, Any]]:
    """Rows for a chapter's option chart: key, value under the preset, BOOK value, source."""
    return [{"key": o.key, "value": o.default, "book": OPTIONS[o.key].default,
             "allowed": list(o.allowed), "description": o.description,
             "source": o.source.cite() if o.source else "", "note": o.note,
             "implemented": o.implemented} for o in option_sources(preset).values()]


#: What each tradition calls the decisions after a yaku, by the ``calls`` option: play
#: on, end the round, and call off an earlier play-on (``""``: the tradition has no such
#: call). The engine's neutral GoOn / Stop are shown to players in these words.
DECISION_WORDS: Mapping[str, DecisionWords] = {
    "book": DecisionWords("Continue", "End", "Cancel"),
    "d001": DecisionWords("Sage", "Stop"),
    "d002": DecisionWords("Sa-gé", "Yoshi", "Cancel Sa-gé"),
    "d004": DecisionWords("Keep", "Go out", "Cancel keeping"),
}


@dataclass(frozen=True)
class HachiHachiRules:
    """Everything the settlement needs, built from option values (see :func:`get_rules`)."""

    preset: str
    options: tuple[tuple[str, Any], ...]
    unit: Unit
    teyaku: TeyakuTable
    yaku: YakuTable

    def __post_init__(self) -> None:
        # Speed: each option also becomes a plain instance attribute, so ``rules.calls``
        # is a dict look-up (the settlement reads options dozens of times a round);
        # ``__getattr__`` below then only runs for names that are not options. An option
        # never hides a field, method or property of the same name.
        for key, value in self.options:
            if key not in self.__dict__ and not hasattr(type(self), key):
                object.__setattr__(self, key, value)

    def __getattr__(self, name: str) -> Any:
        for key, value in object.__getattribute__(self, "options"):
            if key == name:
                return value
        raise AttributeError(name)

    @property
    def decision_words(self) -> DecisionWords:
        """The words for the decisions after a yaku under these rules (``calls``)."""
        return DECISION_WORDS[self.calls]

    @cached_property
    def most_players(self) -> int:
        """The most players these rules can seat: 7, or fewer where :func:`check_table`
        finds too few fold fees for the players who may pass (a count refused there is
        refused for every larger one, as more players means more who may pass). Found
        once: the protocol's player range reads it at every deal.

        >>> get_rules("d001").most_players, get_rules("d001", too_few="share_pot").most_players
        (7, 4)
        """
        for players in range(7, 3, -1):
            try:
                check_table(self, players)
            except PlayerCountError:
                continue
            return players
        return 3

    @property
    def combo_scale(self) -> int:
        """Smallest units per table unit: 1 for BOOK points, 12 for kan and shillings."""
        return self.unit.per_major or 1

    def source_of(self, key: str) -> Source | None:
        return PRESET_SOURCES.get(self.preset, {}).get(key, OPTIONS[key].source)

    def cite(self, key: str) -> str:
        src = self.source_of(key)
        return src.cite() if src else ""


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> HachiHachiRules:
    values = dict(items)
    yaku = _yaku_for(values["yaku_table"], values["seven_ribbons_extra"],
                     values["boar_deer_butterfly"], values["simple_16_yaku"])
    teyaku = TEYAKU_TABLES[values["teyaku_table"]]
    if values["rain_in_melds"] == "either":
        teyaku = _either_table(values["teyaku_table"])
    unit = UNITS[values["unit"]]
    _check_halves(yaku, unit, values["yaku_table"])
    return HachiHachiRules(preset, items, unit, teyaku, yaku)


RULE_SETS = RuleSets("Hachi-Hachi", PRESETS, OPTIONS, _build, player="the settlement")
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def _check_halves(yaku: YakuTable, unit: Unit, table: str) -> None:
    """Every tradition pays some yaku back by half (a Cancel, an exhausted deck, a
    failed sage or keeping), so each yaku value and each step added per extra card
    must halve to a whole number of the smallest unit. Mixing a chart written in kan
    (7 for the Ribbons) with plain points breaks that: refuse it when the rules are
    built, saying which values do not halve.

    >>> get_rules("book", yaku_table="d002")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.OptionError: these options cannot be played together: ...
    """
    scale = unit.per_major or 1
    odd = [f"{r.name} {r.points}" if (r.points * scale) % 2 else
           f"{r.name} +{r.plus_per_extra} per extra card"
           for r in yaku.rules if (r.points * scale) % 2 or (r.plus_per_extra * scale) % 2]
    if odd:
        fix = ("the d001, d002 and d004 charts are written in kan: play them with "
               "unit='kan' or 'shillings', or play yaku_table='book' in points"
               if table != "book" else "use the values written in points "
               "(seven_ribbons_extra=10 or 0, boar_deer_butterfly=0 or 70), or play in kan")
        raise OptionError(
            f"these options cannot be played together: yaku are paid back by half, so "
            f"every yaku value must halve to whole {unit.minor}, but with unit={unit.key!r} "
            f"and yaku_table={table!r} these do not: {', '.join(odd)}. Instead, {fix}")


def check_table(rules: HachiHachiRules, players: int) -> None:
    """Refuse, before a deal, rules that cannot settle every round at this table.

    Voluntary passers each pay the fee for their place in ``fold_fees`` (in the order
    of passing), so the list must reach as far as the players who may pass: all but
    the three who must play (``too_few="forced_in"``), or all but one when nobody is
    forced in. Fees by seat need one fee for each seat that chooses. Raises
    :class:`~hanafuda_core.errors.PlayerCountError` saying what conflicts.

    >>> check_table(get_rules("d001", too_few="share_pot"), 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.PlayerCountError: with 5 players and too_few='share_pot' up to 4 ...
    >>> check_table(get_rules("d001"), 5)
    """
    if players <= 3:
        return                              # everyone plays: nobody passes
    choosers = players - (1 if players == 7 else 0)     # the Joker holder sits out
    if rules.fold_fee_by == "seat":
        if len(rules.seat_fees) < choosers:
            raise PlayerCountError(f"fees by seat give {len(rules.seat_fees)} seats, but "
                                   f"{choosers} players choose whether to play")
        return
    fees = rules.fold_fees
    passers = choosers - (3 if rules.too_few == "forced_in" else 1)
    if fees and len(fees) < passers:
        longest = max(OPTIONS["fold_fees"].allowed, key=len)
        raise PlayerCountError(
            f"with {players} players and too_few={rules.too_few!r} up to {passers} players "
            f"may pass, but fold_fees gives fees for only {len(fees)} passers "
            f"{tuple(fees)}: use longer fees (fold_fees={longest}), fold_fee_by='seat', "
            f"too_few='forced_in' or fewer players")


@cache
def _either_table(key: str) -> TeyakuTable:
    """D004 'some': each November card counts either as Chaff or as itself in melds."""
    t = TEYAKU_TABLES[key]
    return TeyakuTable(t.rules, unit=t.unit, rain_is_chaff=True, source=t.source,
                       rain_either=True)


#: The deals of a game: twelve, one for each month (BOOK, D001, D002, D004), the first;
#: or six, half a game (BOOK, D001 and D002 pay their half-time after deal 6).
GAME_DEALS = (12, 6)

#: The bonus to the game's winner per player, in table units (never multiplied by a field):
#: BOOK 'Campaign' 10 points per player; D001 the half-time pot of 5 kan per player;
#: D002 the Award of 5 Kan per player; D004 the crown tokens, 5/- per player.
_AWARD_PER_PLAYER = {"points": 10, "kan": 5, "shillings": 5}


def game_award(rules: HachiHachiRules, players: int) -> int:
    """The game winner's bonus in the smallest unit (D2-5: 6 players in D002 = 30 Kan).

    >>> game_award(get_rules("d002"), 6) // 12
    30
    """
    return _AWARD_PER_PLAYER[rules.unit.key] * players * rules.combo_scale
