"""Koi-Koi as data: yaku charts, options (house rules and source differences), presets.

Three sources describe Koi-Koi and they disagree (see the catalog's Koi-Koi
table): the rulebook's chapter 12 (preset ``"book"``, the default), the
Koi-Koi appendix of D002 (``"d002"``, and ``"d002-toppa"`` for its 10/8 deal)
and D003 (``"d003"``). Every value that differs is an :class:`Option`; a
preset is just a named set of option values, and any option can be changed on
top of a preset:

>>> rules = get_rules("book", rounds=6, rain_and_fog=True)
>>> rules.rounds, rules.yaku.field_sensitive
(6, True)
>>> get_rules("book", sake="beer")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
hanafuda_core.errors.OptionError: option 'sake' cannot be 'beer'; allowed values: ...

The Koi-Koi decision and the round's settlement are the engine's stop/continue
overlay, :class:`KoiKoiOverlay` (multipliers with their reasons, payments).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..capture_yaku import (
    BOAR_DEER_BUTTERFLY,
    FIVE_BRIGHTS,
    FLOWER_VIEWING,
    FOUR_DRY_BRIGHTS,
    MOON_VIEWING,
    POETRY_RIBBONS,
    PURPLE_RIBBONS,
)
from ..cards import KIND_MASKS, Card, Kind
from ..deal import MisdealRules
from ..engines.capture import (
    GO_ON,
    MUSHI_WILD,
    STOP,
    CaptureRules,
    DecisionWords,
    GoOn,
    RoundResult,
    State,
    Stop,
)
from ..errors import OptionError, PlayerCountError
from ..narration import counted
from ..rules import Option, RuleSets, Source, source_name
from ..scoring import Multiplier, Payment, ScoreLine, ScoreReport, report_from_evaluation
from ..seating import DealerRule
from ..yaku import SAKE_MODES, Evaluation, Signature, YakuGroup, YakuRule, YakuTable

__all__ = ["GOAL", "OPTIONS", "PRESETS", "CHARTS", "KoiKoiOverlay", "get_rules", "preset_options",
           "options_table", "BOOK", "D002", "D003", "STORM_IS_WILD", "BREWING_STORM",
           "FIRST_DEALER", "WORDS", "SCORE_OPTIONS", "MAX_CALLS", "COMPARISON_PILES",
           "SCORE_EXAMPLES", "TURN_CASES", "DECISION_EXAMPLES",
           "DECISION_OPTION", "DECISION_MOMENT", "DECISION_NOTES", "REFERENCE_EXAMPLES"]

BOOK = Source("BOOK", "ch. 12 Koi-Koi", "1849-2122")
BOOK_VAR = Source("BOOK", "ch. 12 Koi-Koi, gameplay variations", "2045-2122")
BOOK_BASICS = Source("BOOK", "ch. 3 Before You Begin", "547-656")
D002 = Source("D002", "Koi-Koi appendix", "75-131")
D002_CHART = Source("D002", "Koi-Koi combo chart", "533-551")
D003 = Source("D003", "Koi-Koi (2 players)", "1-79")

C = Card

_GROUPS_BOOK = (YakuGroup("brights", "Bright yaku"), YakuGroup("views", "Views", "each"),
                YakuGroup("ribbons", "Ribbon yaku"), YakuGroup("others", "Other yaku"),
                YakuGroup("chaffs", "Chaff yaku", "each"))
_GROUPS_EACH = (YakuGroup("brights", "Bright yaku"), YakuGroup("views", "Views", "each"),
                YakuGroup("ribbons", "Ribbon yaku", "each"),
                YakuGroup("others", "Other yaku", "each"),
                YakuGroup("chaffs", "Chaff yaku", "each"))


def _brights(values: tuple[int, int, int, int], src: Source) -> tuple[YakuRule, ...]:
    five, four_dry, four, three = values
    return (
        FIVE_BRIGHTS.rule(five, group="brights", source=src),
        FOUR_DRY_BRIGHTS.rule(four_dry, group="brights", source=src, note=""),
        YakuRule("four_brights", "Any 4 Brights (with the Rainman)", "雨四光 Ame-shikō", four,
                 kinds=(Kind.BRIGHT,), count=4, group="brights", source=src),
        YakuRule("three_dry_brights", "3 Dry Brights", "三光 Sankō", three,
                 kinds=(Kind.BRIGHT,), count=3, dry=True, group="brights", source=src),
    )


@cache
def _book_chart(alternative: bool, willow_extra: bool = True
                ) -> tuple[tuple[YakuGroup, ...], tuple[YakuRule, ...]]:
    """The rulebook's chart (or its alternative Ribbon/Other charts). ``willow_extra``:
    the Willow (Rain) Ribbon adds +1 as an additional Ribbon to every Ribbon yaku once it
    is made, though it never counts toward the five Dry Ribbons (option ``willow_ribbon``).
    """
    src = BOOK_VAR if alternative else BOOK
    plus = 0 if alternative else 1
    # dry=True keeps November out of the extras too, unless wet_extras says otherwise.
    dry_extras = not willow_extra
    rules = _brights((10, 8, 7, 5), BOOK) + (
        YakuRule("five_dry_ribbons", "Any 5 Dry Ribbons", "短冊 Tanzaku", 1,
                 kinds=(Kind.RIBBON,), count=5, dry=True, plus_per_extra=1,
                 extra_kinds=(Kind.RIBBON,), wet_extras=willow_extra,
                 group="ribbons", source=src),
        PURPLE_RIBBONS.rule(5, plus_per_extra=plus, extra_kinds=(Kind.RIBBON,),
                            dry=dry_extras, group="ribbons", source=src),
        POETRY_RIBBONS.rule(5, plus_per_extra=plus, extra_kinds=(Kind.RIBBON,),
                            dry=dry_extras, group="ribbons", source=src),
    )
    if not alternative:
        rules += (YakuRule("poetry_and_purple", "3 Poetry & 3 Purple Ribbons",
                           "赤短・青短の重複 Akatan-Aotan", 10,
                           cards=POETRY_RIBBONS.template.cards + PURPLE_RIBBONS.template.cards,
                           plus_per_extra=1, extra_kinds=(Kind.RIBBON,), dry=dry_extras,
                           group="ribbons", source=BOOK),)
    rules += (
        YakuRule("five_tens", "Any 5 Tens", "タネ Tane", 1, kinds=(Kind.TEN,), count=5,
                 plus_per_extra=1, group="others", source=src),
        BOAR_DEER_BUTTERFLY.rule(5, plus_per_extra=plus, extra_kinds=(Kind.TEN,),
                                 group="others", source=src),
        YakuRule("ten_chaffs", "Any 10 Chaffs", "カス Kasu", 1, kinds=(Kind.CHAFF,), count=10,
                 plus_per_extra=1, group="chaffs", source=src),
    )
    return (_GROUPS_EACH if alternative else _GROUPS_BOOK), rules


def _seed_chart(values: tuple[int, int, int, int], aka_ao: int, src: Source,
                kasu_note: str = "") -> tuple[tuple[YakuGroup, ...], tuple[YakuRule, ...]]:
    rules = _brights(values, src) + (
        PURPLE_RIBBONS.rule(aka_ao, group="ribbons", source=src),
        POETRY_RIBBONS.rule(aka_ao, group="ribbons", source=src),
        YakuRule("five_ribbons", "Any 5 Ribbons", "短冊 Tanzaku", 1, kinds=(Kind.RIBBON,),
                 count=5, plus_per_extra=1, group="ribbons", source=src),
        BOAR_DEER_BUTTERFLY.rule(5, group="others", source=src),
        YakuRule("five_tens", "Any 5 Tens", "タネ Tane", 1, kinds=(Kind.TEN,), count=5,
                 plus_per_extra=1, group="others", source=src),
        YakuRule("ten_chaffs", "Any 10 Chaffs", "カス Kasu", 1, kinds=(Kind.CHAFF,), count=10,
                 plus_per_extra=1, group="chaffs", source=src, note=kasu_note),
    )
    return _GROUPS_EACH, rules


CHARTS: Mapping[str, tuple[tuple[YakuGroup, ...], tuple[YakuRule, ...]]] = {
    "book": _book_chart(False),
    "book-alternative": _book_chart(True),
    "d002": _seed_chart((10, 8, 7, 6), 6, D002_CHART,
                        "D002's chart is garbled after Kasu's 1 point; we read it as +1 per "
                        "extra chaff like the other count yaku"),
    "d003": _seed_chart((15, 10, 8, 6), 6, D003),
}


def _views(mode: str, rain_and_fog: bool) -> tuple[YakuRule, ...]:
    if mode == "off":
        return ()
    company = ("brights", "ribbons", "others") if mode == "with_friends" else ()
    return (
        FLOWER_VIEWING.rule(5, group="views",
                            cancelled_by=(11,) if rain_and_fog else (),
                            needs_company=company, source=BOOK),
        MOON_VIEWING.rule(5, group="views",
                          cancelled_by=(12,) if rain_and_fog else (), needs_company=company,
                          source=BOOK),
    )


# ---------------------------------------------------------------------------
# Options

def _opt(key: str, default: object, allowed: Iterable[Any], description: str, source: Source,
         note: str = "", implemented: bool = True) -> Option:
    return Option(key, default, tuple(allowed), description, source, note, implemented)


#: What Dealer's Delight gives the dealer (option ``dealers_delight``).
DEALERS_DELIGHT = 6

_OPTION_LIST = (
    _opt("players", 2, (2, 3, 4), "number of players (3 and 4 with teams: D002 only)", D002),
    _opt("deal", "8/8", ("8/8", "10/8"), "cards to each hand / to the field (2 players); "
         "D002's Toppa deals 10/8 and plays to an empty stock", D002,
         note="the Japanese publisher's rules describe the Toppa deal for two players "
              "only, so 10/8 with three or four players is refused"),
    _opt("rounds", 12, tuple(range(1, 13)), "rounds in a game (BOOK 6 or 12; D003 6; D002 "
         "12, 10 or 6; BOOK basics also allow 3; any count from 1 to 12 for short games)",
         BOOK_BASICS),
    _opt("yaku_chart", "book", tuple(CHARTS), "the yaku chart: BOOK, BOOK's alternative "
         "Ribbon/Other charts (each-of, flat Aotan/Akatan/BDB), D002 or D003", BOOK),
    _opt("willow_ribbon", "extra", ("extra", "never"), "the Willow (November, Rain) Ribbon "
         "in the rulebook's Ribbon yaku: it never counts toward Any 5 Dry Ribbons, but once a "
         "Ribbon yaku is made it adds +1 as an additional Ribbon to each of them, 5 Dry, "
         "Poetry, Purple and both together ('extra'); or it adds nothing to any of them "
         "('never')", BOOK,
         note="our reading: the rulebook's chart gives five dry Ribbons (the Rain month left "
              "out) 1 point and three Poetry Ribbons 5 points, each with a point more per "
              "further Ribbon; leaving out the Rain month names the five that make the yaku, "
              "and a further Ribbon is any Ribbon, as the rulebook's Hachi-Hachi says "
              "outright of its 7 Dry Ribbons. One reading holds for every Ribbon yaku; "
              "'never' leaves the Rain month out of the extras too. The other rule "
              "sets count every Ribbon in Any 5 Ribbons, so this option changes only the "
              "rulebook's charts"),
    _opt("views", "on", ("on", "off", "with_friends"), "Flower and Moon Viewing: counted "
         "(BOOK), not yaku (BOOK 'No Views'; absent in D002 and D003), or only alongside a "
         "Bright, Ribbon or Other yaku (BOOK 'Views with Friends')", BOOK_VAR),
    _opt("rain_and_fog", False, (False, True), "a November card on the field cancels Flower "
         "Viewing, a December card Moon Viewing (BOOK 'Rain & Fog')", BOOK_VAR),
    _opt("sake", "ten", tuple(SAKE_MODES), "how the Sake Cup counts: Ten (BOOK), Chaff, Ten or "
         "Chaff for the best score (BOOK 'Sake 10 or 1', D002), Ten and Chaff at once (BOOK "
         "'Sake 10 and 1', D003 Bake-fuda), two Chaffs", BOOK_VAR),
    _opt("special_chaffs", False, (False, True), "the Storm, the Special Paulownia and the Sake "
         "Cup count as two Chaffs each (BOOK 'Special Chaffs'; the Sake then counts as two "
         "Chaffs instead of a Ten unless 'sake' says otherwise)", BOOK_VAR),
    _opt("yaku_limit", "groups", ("groups", "all", "only_one"), "one yaku per one-of category "
         "(BOOK), every yaku ('Count All Yaku') or only the best ('Only One Yaku')", BOOK_VAR),
    _opt("koikoi_effect", "double_once",
         ("double_once", "multiplier", "challenge", "double_or_nothing",
          "opponent_pays_double", "none"),
         "what calling Koi-Koi does to the Stop caller's score: x2 once if anyone called "
         "(BOOK); x(1 + calls) ('Koi-Koi! Multiplier'); x2 only if the opponent called "
         "('Challenge'); x2 only if the Stop caller called ('Double or Nothing'); the last "
         "opponent who called pays double, a third player nothing (D002); no multiplier "
         "(D003)", BOOK,
         note="D003 states no multiplier: we take 'none' (a Koi-Koi caller who is beaten "
              "simply loses their points; only the Stop caller scores)"),
    _opt("seven_doubles", "off", ("off", "double", "double_or_triple"),
         "a round worth 7 or more is doubled, x4 if already doubled (D002; BOOK 'Lucky 7'), "
         "or x3 instead of x4 after a Koi-Koi (BOOK's other Lucky 7)", D002),
    _opt("minimum_points", 0, (0, 3), "under this many points you must call Koi-Koi (BOOK "
         "'Minimum Points': 3)", BOOK_VAR),
    _opt("new_yaku_only", False, (False, True), "only a new yaku (not a bigger one) opens the "
         "Koi-Koi/Stop decision (BOOK 'New Yaku Only')", BOOK_VAR),
    _opt("winner_scores_all", False, (False, True), "the Stop caller also scores the "
         "opponents' yaku (BOOK 'Winner Scores All Yaku')", BOOK_VAR),
    _opt("dealers_delight", False, (False, True), "a round in which nobody forms a yaku gives "
         f"the dealer {DEALERS_DELIGHT} (BOOK \"Dealer's Delight\")", BOOK_VAR),
    _opt("field_bright", "off", ("off", "bright", "super_bright"), "Brights dealt to the field "
         "double the round ('Bright') or multiply it by 1 + their number ('Super Bright')",
         BOOK_VAR),
    _opt("hand_patterns", "misdeal", ("misdeal", "instant_win", "play_on"),
         "a hand dealt four of a month or four pairs: redeal (BOOK), the holder wins 6 at "
         "once (BOOK 'Automatic Win'; D002 Te-shi and Kuttsuki; D003), or play on", BOOK),
    _opt("field_four", "misdeal", ("misdeal", "misdeal_next_dealer", "dealer_captures",
                                   "dealer_wins", "play_on"),
         "four of a month dealt to the field: redeal by the same dealer (BOOK, D002), redeal "
         "by the other player (D003), the dealer captures them and the field is refilled "
         "(BOOK 'Four of a Kind is Not a Misdeal'), the dealer wins 6 (BOOK 'Four of a Kind "
         "for the Win')", BOOK),
    _opt("both_instant", "redeal", ("redeal", "redeal_next_dealer"),
         "both hands hold an instant-win pattern: void and redeal by the same dealer, or by "
         "the other player (D003)", D003,
         note="BOOK does not say; we redeal with the same dealer"),
    _opt("round_end", "all_cards", ("all_cards", "hands_empty"),
         "the round ends when every card is played, empty hands drawing only (BOOK), or as "
         "soon as the hands are empty, the rest of the stock unused (BOOK 'Shorter Rounds'; "
         "D002's modern rule; D003's draw on the Second's last card)", BOOK),
    _opt("draw_dealer", "stays", ("stays", "next", "swap"),
         "after a drawn round the dealer stays (BOOK), the next player deals (D002: the "
         "former Naka becomes Oya) or the roles swap (D003)", BOOK),
    _opt("settlement", "winner_scores", ("winner_scores", "losers_pay"),
         "only the winner adds points (BOOK, D003) or each loser pays the winner (D002's "
         "zero-sum payments)", D002),
    _opt("must_stop_when_all_called", False, (False, True),
         "with 3 players, if both others have called Koi-Koi you must Stop (D002)", D002),
    _opt("target_score", None, (None, 50), "the game ends when a total reaches this (BOOK "
         "'First to 50')", BOOK_VAR),
    _opt("steal_points", None, (None, 50), "each player starts with these points and the "
         "winner takes what they earn from the opponent (BOOK 'Steal Points')", BOOK_VAR),
    _opt("pair_then_draw", "field", ("field", "stack"),
         "the drawn card matches only the pair just made: it stays on the field (BOOK ch. 3), "
         "or the three stay stacked as a hiki (Min-Hwatu, Go-Stop)", BOOK_BASICS),
    _opt("storm_wild", False, (False, True), "the Storm is a wild card as in Mushi: from the "
         "hand or the stock it takes any card but a November card or one of a hiki; dealt to "
         "the field it goes to the first player who turns up a non-November card; as the last "
         "stock card it sweeps the field; leftovers at the end go as in Mushi (BOOK 'Storm "
         "is Wild')", BOOK_VAR,
         note="Mushi's rules (BOOK ch. 8). Our reading: the non-November card turned up takes "
              "the Storm instead of a card of its own month, and a Storm that finds nothing "
              "to take waits on the field under the same rule"),
    _opt("brewing_storm", False, (False, True), "the Storm is wild, with Mushi's rules, only "
         "if an August card is dealt to the field (BOOK 'Brewing Storm')", BOOK_VAR),
)

OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

_D002 = dict(yaku_chart="d002", views="off", sake="ten_or_chaff",
             koikoi_effect="opponent_pays_double", seven_doubles="double",
             hand_patterns="instant_win", round_end="hands_empty", draw_dealer="next",
             settlement="losers_pay", must_stop_when_all_called=True)

#: The decisions after a yaku, as every Koi-Koi source names them: "Koi-Koi" (go on)
#: and "Stop" (the Japanese publisher's rules and the rulebook; the two-player rules
#: call the Stop "ending the round and claiming"). No preset has a cancel.
WORDS = DecisionWords("Koi-Koi", "Stop")

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "d002": _D002,
    "d002-toppa": {**_D002, "deal": "10/8", "round_end": "all_cards"},
    "d003": dict(yaku_chart="d003", views="off", sake="ten_and_chaff", koikoi_effect="none",
                 hand_patterns="instant_win", field_four="misdeal_next_dealer",
                 both_instant="redeal_next_dealer", round_end="hands_empty",
                 draw_dealer="swap", rounds=6),
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "d002": D002,
                                        "d002-toppa": D002, "d003": D003}

#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Make yaku (scoring sets) from your captures before your opponent does, then choose: "
        "stop and collect, or call Koi-Koi and play on for more.")

#: Each preset as readers see it (the teaching layer's headings and menus).
PRESET_LABELS: Mapping[str, str] = {
    "book": "Rulebook",
    "d002": "Japanese publisher",
    "d002-toppa": "Japanese publisher, Toppa (10 cards each)",
    "d003": "Two-player rules (6 rounds)",
}

#: Charts compared beside the presets (the points of every yaku, the same piles scored):
#: (heading, preset, options on top).
COMPARE_ALSO: tuple[tuple[str, str, Mapping[str, Any]], ...] = (
    ("Rulebook, alternative charts", "book", {"yaku_chart": "book-alternative"}),)

#: Capture piles on which the sources disagree, scored under every rule set on the
#: variants page (``teach.show_same_piles``): (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("Four Brights with the Rainman", "1a 3a 8a 11a"),
    ("All five Brights", "1a 3a 8a 11a 12a"),
    ("Moon, Curtain and Sake Cup", "3a 8a 9a"),
    ("Poetry and Purple Ribbons together", "1b 2b 3b 6b 9b 10b"),
    ("Boar-Deer-Butterfly and two more Tens", "2a 4a 6a 7a 10a"),
    ("Nine Chaffs and the Sake Cup", "9a 1c 1d 2c 2d 3c 3d 4c 4d 5c"),
)

#: Piles scored in the chapter's Scoring section (``teach.show_score_example``): (label,
#: cards, go-on calls before the Stop).
SCORE_EXAMPLES: tuple[tuple[str, str, int], ...] = (
    ("Three Poetry Ribbons and one more Ribbon", "1b 2b 3b 4b", 0),
    ("Three Brights with Flower and Moon Viewing", "1a 3a 8a 9a", 0),
    ("The same pile after a Koi-Koi", "1a 3a 8a 9a", 1),
    ("Eleven Chaffs and six Tens", "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 2a 4a 5a 6a 7a 10a", 0),
)

#: The chapter's turns, played under the rules (``teach.show_turn_case``): the basics'
#: positions (:data:`hanafuda_core.book.TURN_CASES`) with a stock to turn up, so each
#: turn is whole, and two of the chapter's own. Each: (hands of seat 0 and 1, field,
#: stock top first, captures of seat 0, actions).
TURN_CASES: Mapping[str, tuple[tuple[str, str], str, str, str, tuple[str, ...]]] = {
    "none": (("5b 12c", "7c 9d"), "1a 3c 8c 11b", "10d 2d", "", ("play 5b",)),
    "one": (("3a 12c", "7c 9d"), "1a 3c 8c 11b", "10d 2d", "", ("play 3a",)),
    "two": (("2b 12c", "7c 9d"), "2a 2c 6b 9c", "10d 4d", "", ("play 2b", "capture 2a")),
    "hiki": (("4d 12c", "7c 9d"), "4a 4b 4c 10b", "1d 2d", "", ("play 4d",)),
    "drawn": (("5b 12c", "7c 9d"), "1a 3c 8c 11b", "8a 2d", "", ("play 5b",)),
    "same": (("7c 12c", "1d 9d"), "7a 10c 12d", "7b 2d", "", ("play 7c",)),
    "pair": (("7c 12c", "1d 9d"), "7a 7d 12d", "7b 2d", "", ("play 7c", "capture 7a")),
    "decide": (("3c 12c", "7c 9d"), "3b 6b 8c", "10d 2d", "1b 2b", ("play 3c",)),
}

# The rulebook's race of its Koi-Koi examples: (hands, field, stock top first, captures).
_RACE = (("3c 4c 12a", "6c 12b 12c"), "3b 4b 6a", "2c 8c 9c 10c 11d 1c",
         ("1b 2b", "2a 4a 5a 8b"))
_RACE_C6 = (("3c 4c 6c", "12a 12b 12c"), "3b 4b 6a", "2c 8c 9c 10c 11d 1c",
            ("1b 2b 2a 4a 5a 8b", ""))
_QUIET = (("12a 5c", "12b 7c"), "1c 2c", "8c 10c", ("", ""))

#: The rulebook's Koi-Koi examples and cases (ch. 12), as positions the rules play out
#: under every rule set (``teach.show_decision_examples``): (name, what happens,
#: (hands, field, stock top first, captures), actions, whether play goes on after the
#: actions, a go-on call whenever one is asked, until the round ends).
DECISION_EXAMPLES: tuple[tuple[str, str, Any, tuple[str, ...], bool], ...] = (
    ("Rulebook example 1 (case C3)", "A completes the Poetry Ribbons and stops at once.",
     _RACE, ("play 3c", "stop"), False),
    ("Rulebook example 2 (case C1)", "A completes the Poetry Ribbons, calls Koi-Koi, adds a "
     "fourth Ribbon later and stops.", _RACE,
     ("play 3c", "koikoi", "play 12b", "play 4c", "stop"), False),
    ("Rulebook example 3 (case C2)", "A calls Koi-Koi on the Poetry Ribbons; B then makes "
     "five Tens and stops.", _RACE, ("play 3c", "koikoi", "play 6c", "stop"), False),
    ("Rulebook example 4", "Both call Koi-Koi and nobody ever stops.", _RACE,
     ("play 3c", "koikoi", "play 6c", "koikoi"), True),
    ("Rulebook example 5", "Both call Koi-Koi, then A adds a Ribbon and stops.", _RACE,
     ("play 3c", "koikoi", "play 6c", "koikoi", "play 4c", "stop"), False),
    ("Case C4", "A calls Koi-Koi and nobody stops before the cards run out.", _RACE,
     ("play 3c", "koikoi"), True),
    ("Case C5", "Nobody forms a yaku; the cards run out.", _QUIET,
     ("play 12a", "play 12b", "play 5c", "play 7c"), False),
    ("Case C6", "A calls Koi-Koi twice, then stops on a third improvement.", _RACE_C6,
     ("play 3c", "koikoi", "play 12a", "play 4c", "koikoi", "play 12b", "play 6c", "stop"),
     False),
)

#: The option that says what a go-on call does, and the examples (by index into
#: :data:`DECISION_EXAMPLES`) played under each of its values, with their headings
#: (``teach.show_decision_option``).
DECISION_OPTION: tuple[str, tuple[tuple[str, int], ...]] = (
    "koikoi_effect", (("Example 2 (A stops after own call)", 1),
                      ("Example 3 (B stops after A's call)", 2)))

#: The decision the variants page draws (``teach.show_decision_moment``): the Japanese
#: publisher's three-player rule (D002), where A and B have called Koi-Koi and C makes a
#: yaku and must Stop. (name, what happens, (hands, field, stock, captures), actions,
#: play on, preset, options).
DECISION_MOMENT: tuple[Any, ...] = (
    "Three players", "A and B call Koi-Koi; C makes a yaku and must Stop.",
    (("3c 12a", "6c 12b", "10c 12c"), "3b 6a 10b", "2c 8c 9c 11d 1c 5c",
     ("1b 2b", "2a 4a 5a 8b", "6b 9b")),
    ("play 3c", "koikoi", "play 6c", "koikoi", "play 10c"), False, "d002", {"players": 3})

#: The decision on the quick reference (``teach.show_quick_reference``): what each
#: answer does, in the game's words (``{go_on}``, ``{stop}``), each (the answer in bold,
#: or "", the rest); then the examples (indices into :data:`DECISION_EXAMPLES`) played
#: out under the reference's rules.
DECISION_NOTES: tuple[tuple[str, str], ...] = (
    ("{stop}", "the round ends; only you score your yaku."),
    ("{go_on}", "play on for more; if your opponent stops first, you score nothing."),
    ("", "Nobody stops before the cards run out: a draw, 0 each, the dealer stays."),
    ("", "The {stop} caller deals the next round."),
)
REFERENCE_EXAMPLES: tuple[int, ...] = (1, 2)


#: What the score calculator offers (:class:`hanafuda_core.teach.tools.ScoreController`):
#: the options that change the score of a capture pile, most important first (only
#: options the engine plays), and the most go-on calls a pile can be scored after (no
#: real round has more).
SCORE_OPTIONS: tuple[str, ...] = tuple(
    k for k in ("koikoi_effect", "seven_doubles", "sake", "views", "special_chaffs",
                "yaku_limit", "yaku_chart") if OPTIONS[k].implemented)
MAX_CALLS = 9


#: How each rule set picks the first dealer (:mod:`hanafuda_core.seating`): the
#: earliest month drawn deals; the rulebook's basics (ch. 3) let the higher card win a
#: tie of months, the Japanese publisher's basics draw again. The two-player rule set
#: (D003) does not say: we draw as the rulebook's basics do.
FIRST_DEALER: Mapping[str, DealerRule] = {
    "book": DealerRule("value", BOOK_BASICS),
    "d002": DealerRule("redraw", Source("D002", "basic rules (choosing Oya)", "293-295")),
    "d002-toppa": DealerRule("redraw", Source("D002", "basic rules (choosing Oya)",
                                              "293-295")),
    "d003": DealerRule("value", BOOK_BASICS, note="D003 does not say how the first dealer "
                       "is chosen: we draw as the rulebook's basics say"),
}


def _check_storms(values: Mapping[str, Any]) -> None:
    """The Storm is wild always or only when brewing, not both."""
    if values["storm_wild"] and values["brewing_storm"]:
        raise OptionError("choose one of 'storm_wild' (the Storm is always wild) and "
                          "'brewing_storm' (wild only if an August card is dealt to the "
                          "field), not both")


def options_table(preset: str = "book") -> list[dict[str, Any]]:
    """Rows for a chapter's option chart: key, value under the preset, default, allowed."""
    values = preset_options(preset)
    return [{"key": o.key, "value": values[o.key], "default": o.default,
             "allowed": list(o.allowed), "description": o.description,
             "source": o.source.cite() if o.source else "", "note": o.note,
             "implemented": o.implemented} for o in _OPTION_LIST]


def zero_sum(rules: CaptureRules) -> bool:
    """Play-protocol hook (:mod:`hanafuda_core.play_adapters`): a round's points sum to
    zero only when each loser pays the winner (D002's payments, BOOK 'Steal Points');
    under BOOK's own rule only the winner adds points."""
    values = rules.option_values
    return values["settlement"] == "losers_pay" or values["steal_points"] is not None


#: Koi-Koi's wild-card variations: Mushi's Storm rules (BOOK ch. 8), always or only
#: when an August card is dealt to the field (BOOK ch. 12 variations).
STORM_IS_WILD = replace(MUSHI_WILD, rule_name="Storm is Wild",
                        source=Source("BOOK", "ch. 12 'Storm is Wild' -> ch. 8 Mushi",
                                      "2027-2031, 1155-1264"))
BREWING_STORM = replace(MUSHI_WILD, rule_name="Brewing Storm", needs_dealt_month=8,
                        source=Source("BOOK", "ch. 12 'Brewing Storm' -> ch. 8 Mushi",
                                      "2035-2043, 1155-1264"))

_MISDEAL = {"misdeal": "redeal", "misdeal_next_dealer": "redeal_next_dealer",
            "instant_win": "instant_win", "dealer_captures": "dealer_captures",
            "dealer_wins": "dealer_wins", "play_on": "play_on"}


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    groups, chart = CHARTS[v["yaku_chart"]]
    if v["yaku_chart"].startswith("book"):
        groups, chart = _book_chart(v["yaku_chart"] == "book-alternative",
                                    v["willow_ribbon"] == "extra")
    sake = v["sake"]
    if v["special_chaffs"] and sake == "ten":
        sake = "two_chaffs"
    table = YakuTable(groups, chart[:4] + _views(v["views"], v["rain_and_fog"]) + chart[4:],
                      sake=sake, special_chaffs=v["special_chaffs"], limit=v["yaku_limit"],
                      source=PRESET_SOURCES[preset])
    players = v["players"]
    if players != 2 and not preset.startswith("d002"):
        raise OptionError("3 and 4 players follow the Japanese publisher's rules: use "
                          "preset 'd002'")
    if players != 2 and v["deal"] != "8/8":
        raise PlayerCountError(f"the {v['deal']} deal (Toppa) is described for two players "
                               f"only (the Japanese publisher's rules); with {players} "
                               f"players use deal='8/8' (preset 'd002'), or play Toppa with "
                               f"players=2")
    if players == 2:
        deals = {2: (10, 8)} if v["deal"] == "10/8" else {2: (8, 8)}
    elif players == 3:
        deals = {3: (7, 6)}
    else:
        deals = {4: (5, 8)}
    teams = (0, 1, 0, 1) if players == 4 else None
    four_pairs = "instant_win" if v["hand_patterns"] == "instant_win" and players == 2 else (
        "redeal" if v["hand_patterns"] == "misdeal" else "play_on")
    if v["hand_patterns"] == "instant_win" and players != 2 and preset.startswith("d002"):
        four_pairs = "play_on"       # D002: Kuttsuki (four pairs) is a 2-player combo only
    overlay = KoiKoiOverlay(
        koikoi_effect=v["koikoi_effect"], seven_doubles=v["seven_doubles"],
        minimum_points=v["minimum_points"], new_yaku_only=v["new_yaku_only"],
        winner_scores_all=v["winner_scores_all"], dealers_delight=v["dealers_delight"],
        field_bright=v["field_bright"],
        settlement="losers_pay" if v["steal_points"] is not None else v["settlement"],
        must_stop_when_all_called=v["must_stop_when_all_called"])
    return CaptureRules(
        name="Koi-Koi", key="koikoi", preset=preset, options=items, players=players,
        deals=deals, teams=teams, misdeal=MisdealRules(True, True, True),
        on_field_four=_MISDEAL[v["field_four"]],
        on_hand_four=_MISDEAL[v["hand_patterns"]] if v["hand_patterns"] != "misdeal" else "redeal",
        on_four_pairs=four_pairs, on_both_instant=v["both_instant"], instant_win_points=6,
        pair_then_draw=v["pair_then_draw"], round_end=v["round_end"],
        draw_dealer=v["draw_dealer"], rounds=v["rounds"], target_score=v["target_score"],
        start_points=v["steal_points"] or 0, yaku=table, overlay=overlay,
        decision_words=WORDS,
        wild=STORM_IS_WILD if v["storm_wild"] else (BREWING_STORM if v["brewing_storm"]
                                                    else None))


RULE_SETS = RuleSets("Koi-Koi", PRESETS, OPTIONS, _build, check=_check_storms, cache=256)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


# ---------------------------------------------------------------------------
# The multipliers, as rules

@dataclass(frozen=True)
class MultiplierRule:
    """One multiplier of the rules: its factor from two counts of the round (the Stop
    caller's and the opponents' Koi-Koi calls, or the Brights dealt to the field), 1
    where it does not apply; the factor in words for a chart ("×2"); the rule, a
    sentence whose ``{count}`` a round fills with its count ("(2 calls)") and a chart
    leaves out; its source; and a rule that replaces it after a Koi-Koi that doubled the
    score (the other Lucky 7)."""

    factor: Callable[[int, int], int]
    times: str
    rule: str
    source: Source
    after_call: MultiplierRule | None = None

    @property
    def text(self) -> str:
        """The rule for a chart: without a round's count."""
        return self.rule.replace("{count}", "")

    def multiplier(self, a: int, b: int, count: str) -> Multiplier:
        """This rule as applied to a round, with the round's ``count`` where the rule
        takes one."""
        return Multiplier(self.factor(a, b),
                          self.rule.replace("{count}", f" ({count})" if count else ""),
                          self.source)


#: What calling Koi-Koi does to the Stop caller's score (option ``koikoi_effect``; "none":
#: nothing), from the Stop caller's calls and the opponents'.
CALL_EFFECTS: dict[str, MultiplierRule] = {
    "double_once": MultiplierRule(
        lambda me, them: 2 if me + them else 1, "×2",
        "Koi-Koi was called{count}, so the Stop caller's score is doubled, once", BOOK),
    "multiplier": MultiplierRule(
        lambda me, them: 1 + me + them, "×(1 + calls)",
        "Koi-Koi was called{count}, so the Stop caller's score is multiplied by one more "
        "than the number of calls (Koi-Koi! Multiplier)", BOOK_VAR),
    "challenge": MultiplierRule(
        lambda me, them: 2 if them else 1, "×2",
        "the opponent called Koi-Koi, so the Stop caller's score is doubled (Challenge)",
        BOOK_VAR),
    "double_or_nothing": MultiplierRule(
        lambda me, them: 2 if me else 1, "×2",
        "the Stop caller had called Koi-Koi, so their score is doubled (Double or Nothing)",
        BOOK_VAR),
    "opponent_pays_double": MultiplierRule(
        lambda me, them: 2 if them else 1, "×2",
        "an opponent called Koi-Koi, so that opponent pays double", D002),
}

#: Brights dealt to the field (option ``field_bright``; "off": nothing), from their number.
FIELD_BRIGHTS: dict[str, MultiplierRule] = {
    "bright": MultiplierRule(lambda n, _: 2 if n else 1, "×2",
                             "a Bright was dealt to the field, so the score is doubled "
                             "(Bright)", BOOK_VAR),
    "super_bright": MultiplierRule(lambda n, _: 1 + n, "×(1 + Brights)",
                                   "Brights were dealt to the field{count}, so the score is "
                                   "multiplied by one more than their number (Super "
                                   "Bright)", BOOK_VAR),
}

_SEVEN = "the round is worth 7 or more, so it is doubled, on top of any other multiplier"

#: A round worth 7 or more (option ``seven_doubles``; "off": nothing).
SEVEN_DOUBLES: dict[str, MultiplierRule] = {
    "double": MultiplierRule(lambda *_: 2, "×2", _SEVEN, D002),
    "double_or_triple": MultiplierRule(
        lambda *_: 2, "×2", _SEVEN, BOOK_VAR,
        after_call=MultiplierRule(lambda *_: 3, "×3", "the round is worth 7 or more and a "
                                  "Koi-Koi call doubled it, so it is tripled in all, not "
                                  "doubled twice (Lucky 7)", BOOK_VAR)),
}


# ---------------------------------------------------------------------------
# The stop/continue overlay

_BRIGHT_MASK = KIND_MASKS[Kind.BRIGHT]
#: KoiKoiOverlay._multipliers_cached: (overlay, value, calls, brights) -> (multipliers, factor)
_MULTIPLIER_CACHE: dict[tuple[KoiKoiOverlay, int, int, int, int],
                        tuple[tuple[Multiplier, ...], int]] = {}


@dataclass(frozen=True)
class KoiKoiOverlay:
    """Koi-Koi's decision and settlement, driven by option values."""

    koikoi_effect: str = "double_once"
    seven_doubles: str = "off"
    minimum_points: int = 0
    new_yaku_only: bool = False
    winner_scores_all: bool = False
    dealers_delight: bool = False
    #: what Dealer's Delight gives the dealer (from each opponent, where losers pay)
    delight_points: int = DEALERS_DELIGHT
    field_bright: str = "off"
    settlement: str = "winner_scores"
    must_stop_when_all_called: bool = False

    # -- the decision ----------------------------------------------------------
    def decision_needed(self, rules: CaptureRules, old_sig: Signature, new_sig: Signature,
                        total: int) -> bool:
        if not self.new_yaku_only and total > (sum(p for _, p in old_sig) if old_sig else 0):
            return True       # a higher total means some yaku is new or bigger
        old = dict(old_sig)
        if self.new_yaku_only:
            return any(i not in old for i, _ in new_sig)
        return any(p > old.get(i, 0) for i, p in new_sig)

    def decision_actions(self, state: State) -> tuple[GoOn | Stop, ...]:
        rules = state.rules
        me = state.player
        if self.must_stop_when_all_called and rules.players >= 3:
            others = {p for p in range(rules.players) if rules.side(p) != rules.side(me)}
            if others and others <= set(state.calls):
                return (STOP,)
        if self.minimum_points and state.yaku_pts[rules.side(me)] < self.minimum_points:
            return (GO_ON,)
        return (GO_ON, STOP)

    # -- multipliers -----------------------------------------------------------
    def multipliers(self, value: int, calls_self: int, calls_opp: int,
                    field_brights: int = 0) -> list[Multiplier]:
        """The factors applied to a Stop caller's yaku total, each with its reason: the
        rules of :data:`CALL_EFFECTS`, :data:`FIELD_BRIGHTS` and :data:`SEVEN_DOUBLES`
        chosen by the options, with this round's count beside the rule."""
        kk = fb = seven = None
        call = CALL_EFFECTS.get(self.koikoi_effect)
        calls = calls_self + calls_opp
        if call is not None and call.factor(calls_self, calls_opp) > 1:
            kk = call.multiplier(calls_self, calls_opp, counted(calls, "call"))
        bright = FIELD_BRIGHTS.get(self.field_bright)
        if bright is not None and field_brights:
            fb = bright.multiplier(field_brights, 0, f"{field_brights} dealt")
        lucky = SEVEN_DOUBLES.get(self.seven_doubles)
        if lucky is not None and value >= 7:
            if lucky.after_call is not None and kk is not None and kk.factor == 2:
                kk = lucky.after_call.multiplier(0, 0, "")
            else:
                seven = lucky.multiplier(0, 0, "")
        return [m for m in (kk, fb, seven) if m is not None]

    def multiplier_rules(self) -> list[tuple[str, str]]:
        """The multipliers these options apply, as rules (the factor in words, the rule):
        for a chart or the scoring at the table, not one round."""
        call = CALL_EFFECTS.get(self.koikoi_effect)
        out = []
        for table, key in ((CALL_EFFECTS, self.koikoi_effect),
                           (FIELD_BRIGHTS, self.field_bright),
                           (SEVEN_DOUBLES, self.seven_doubles)):
            rule = table.get(key)
            if rule is not None:
                out.append((rule.times, rule.text))
                if rule.after_call is not None and call is not None:   # (a call doubles)
                    out.append((rule.after_call.times, rule.after_call.text))
        return out

    def _multipliers_cached(self, value: int, calls_self: int, calls_opp: int,
                            field_brights: int) -> tuple[tuple[Multiplier, ...], int]:
        """:meth:`multipliers` (as a tuple) and their product, memoised: settling a
        round (random play, the coach's rollouts) asks for the same few cases again."""
        key = (self, value, calls_self, calls_opp, field_brights)
        hit = _MULTIPLIER_CACHE.get(key)
        if hit is None:
            mults = tuple(self.multipliers(value, calls_self, calls_opp, field_brights))
            factor = 1
            for m in mults:
                factor *= m.factor
            if len(_MULTIPLIER_CACHE) > 10_000:
                _MULTIPLIER_CACHE.clear()
            hit = _MULTIPLIER_CACHE[key] = (mults, factor)
        return hit

    # -- settlement --------------------------------------------------------------
    def _evaluate(self, rules: CaptureRules, mask: int, field_mask: int) -> Evaluation:
        table: YakuTable = rules.yaku           # CaptureRules.yaku is typed Any
        return table.evaluate(mask, field_mask)

    def pile_report(self, rules: CaptureRules, mask: int, field_mask: int, calls: int = 0,
                    calls_self: int = 0) -> ScoreReport:
        """A pile scored as if its owner called Stop after ``calls`` opponents' calls."""
        ev = rules.yaku.evaluate(mask, field_mask)
        mults = self.multipliers(ev.total, calls_self, calls) if ev.total else []
        return report_from_evaluation(ev, title="Score of the captured cards",
                                      multipliers=mults)

    def settle(self, state: State, winner: int) -> RoundResult:
        """Points for a Stop by ``winner``; the explained report is built on demand."""
        rules = state.rules
        n = rules.players
        teams = rules.teams
        side = teams[winner] if teams else winner          # rules.side(winner)
        quick = rules.yaku.quick
        value = quick(state.caps_m[side], state.field_m)[0]
        if self.winner_scores_all:
            value += sum(quick(state.caps_m[s], state.field_m)[0]
                         for s in range(rules.sides) if s != side)
        calls = state.calls
        calls_self = (sum(1 for c in calls if teams[c] == side) if teams
                      else calls.count(side))
        calls_opp = len(calls) - calls_self
        brights = (state.field0 & _BRIGHT_MASK).bit_count() if self.field_bright != "off" else 0
        if calls or self.seven_doubles != "off" or brights:
            cached, factor = self._multipliers_cached(value, calls_self, calls_opp, brights)
            mults = list(cached)
        else:
            mults, factor = [], 1
        total = value * factor
        points = [0] * n
        payments = []
        last_only = False
        if self.settlement == "winner_scores":
            points[winner] = total
        else:
            payers = [p for p in range(n) if rules.side(p) != side]
            opp_calls = [c for c in state.calls if rules.side(c) != side]
            if self.koikoi_effect == "opponent_pays_double" and opp_calls:
                last_side = rules.side(opp_calls[-1])
                payers = [p for p in payers if rules.side(p) == last_side]
                last_only = n >= 3
            for p in payers:
                points[p] -= total
                points[winner] += total
                payments.append(Payment(p, winner, total))

        def make_report() -> ScoreReport:
            ev = rules.yaku.evaluate(state.caps_m[side], state.field_m)
            notes = []
            extra_lines = []
            if self.winner_scores_all:
                for s in range(rules.sides):
                    if s == side:
                        continue
                    oev = rules.yaku.evaluate(state.caps_m[s], state.field_m)
                    extra_lines += [ScoreLine(h.rule.key, h.rule.name, h.rule.japanese,
                                              tuple(h.cards), h.base, h.extras,
                                              tuple(h.extra_cards), h.points, BOOK_VAR,
                                              "an opponent's yaku (Winner Scores All Yaku)")
                                    for h in oev.hits]
            if last_only:
                notes.append("the last player who called Koi-Koi pays double; the other "
                             f"player pays nothing ({source_name('D002')})")
            if state.calls and self.koikoi_effect == "none":
                notes.append(f"no multiplier for Koi-Koi in {source_name('D003')}")
            for p in range(n):
                if rules.side(p) != side and state.yaku_pts[rules.side(p)] and \
                        not self.winner_scores_all:
                    notes.append(f"player {p + 1}'s yaku do not count: only the Stop caller "
                                 "scores")
            return report_from_evaluation(
                ev, title=f"Round {state.round_no}: player {winner + 1} calls Stop",
                player=winner, multipliers=mults, notes=notes, extra_lines=extra_lines,
                payments=payments, total=total)
        return RoundResult(winner, tuple(points), "stop", make_report=make_report)

    def settle_draw(self, state: State) -> RoundResult:
        rules = state.rules
        n = rules.players
        points = [0] * n
        if self.dealers_delight and not any(state.yaku_pts):
            d, gain = state.dealer, self.delight_points
            payments = []
            if self.settlement == "winner_scores":
                points[d] = gain
            else:
                for p in range(n):
                    if rules.side(p) != rules.side(d):
                        points[p] -= gain
                        points[d] += gain
                        payments.append(Payment(p, d, gain))
            rep = ScoreReport((), 0, (), gain, f"Round {state.round_no}: nobody formed a yaku",
                              d, (f"Dealer's Delight: the dealer earns {gain}",),
                              tuple(payments))
            return RoundResult(None, tuple(points), "dealers_delight", rep)
        rep = ScoreReport((), 0, (), 0, f"Round {state.round_no}: nobody called Stop",
                          None, ("the round is a draw: nobody scores",))
        return RoundResult(None, tuple(points), "draw", rep)

    def settle_instant(self, state: State, winner: int, reason: str) -> RoundResult:
        rules = state.rules
        n = rules.players
        pts = rules.instant_win_points
        points = [0] * n
        payments = []
        if self.settlement == "winner_scores":
            points[winner] = pts
        else:
            for p in range(n):
                if rules.side(p) != rules.side(winner):
                    points[p] -= pts
                    points[winner] += pts
                    payments.append(Payment(p, winner, pts))
        line = ScoreLine("instant_win", "Instant win from the deal", "手役 Te-yaku (手四 Te-shi / "
                         "くっつき Kuttsuki)", (), pts, 0, (), pts,
                         D003 if rules.preset == "d003" else (D002 if rules.preset.startswith(
                             "d002") else BOOK_VAR), reason)
        rep = ScoreReport((line,), pts, (), pts, f"Round {state.round_no}: player {winner + 1} "
                          "wins from the deal", winner, (reason,), tuple(payments))
        return RoundResult(winner, tuple(points), "instant_win", rep)
