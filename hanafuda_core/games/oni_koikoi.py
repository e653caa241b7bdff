"""The rulebook's Oni Koi-Koi (ch. 13) as data.

Koi-Koi (ch. 12, :mod:`hanafuda_core.games.koikoi`) for two players with its own yaku
chart (bigger Bright yaku, no Views, no Boar-Deer-Butterfly, the Ribbon and Other yaku
all paid) and the Phoenix wild: played from the hand it takes any card, but only if its
holder showed it at the deal (otherwise it is a plain December card); turned up from
the stock it takes any Bright, Ten or Ribbon; lying on the field any Bright, Ten or
Ribbon may take it; never a hiki; as the last stock card it sweeps the field; the
leftovers at the end go as in Mushi. Everything else is Koi-Koi's: the Koi-Koi / Stop
decision, the doubling, the misdeals, the variations it shares.

>>> rules = get_rules()
>>> rules.deals, rules.rounds, rules.wild.card.code, rules.wild.reveal
({2: (8, 8)}, 12, '12a', True)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1b 2b 3b 4b 5b").mask)   # 3 Poetry + 5 Dry Ribbons
7

The Koi-Koi decision and the settlement are Koi-Koi's overlay
(:class:`~hanafuda_core.games.koikoi.KoiKoiOverlay`); the wild is the engine's
:data:`~hanafuda_core.engines.capture.ONI_WILD` (A12, and its reveal), shown at the
deal as a declaration (A1, :class:`~hanafuda_core.engines.capture.ShowCards`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..capture_yaku import POETRY_RIBBONS, PURPLE_RIBBONS, month_cards
from ..cards import MONTH_NAMES, Card
from ..engines.capture import ONI_WILD, CaptureRules, RoundRules, ShowCards
from ..rules import Option, RuleSets, Source
from ..seating import DealerRule
from ..yaku import YakuGroup, YakuRule, YakuTable
from . import koikoi
from .koikoi import WORDS, _book_chart, _brights

__all__ = [
    "GOAL",
    "BOOK",
    "BOOK_QR",
    "BOOK_VAR",
    "BOOK_WILD",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLES",
    "FIRST_DEALER",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SCORE_OPTIONS",
    "SHOW_PHOENIX",
    "WILD",
    "YAKU",
    "YAKU_GROUPS",
    "chapter_facts",
    "example_score",
    "get_rules",
    "month_of_round",
    "month_yaku",
    "preset_options",
    "zero_sum",
]

BOOK = Source("BOOK", "ch. 13 Oni Koi-Koi", "2123-2338")
BOOK_WILD = Source("BOOK", "ch. 13 Oni Koi-Koi, wild card", "2139-2151")
BOOK_VAR = Source("BOOK", "ch. 13 Oni Koi-Koi, gameplay variations", "2209-2333")
BOOK_QR = Source("BOOK", "Quick Reference, Oni Koi-Koi", "8601-8652")
BOOK_BASICS = Source("BOOK", "ch. 3 Before You Begin", "547-656")


#: The chapter's three yaku groups (figures 13.1-13.3): the Bright group pays its best
#: yaku only ("one of", 2195); the Ribbon and the Other groups pay every yaku made
#: ("each", 2175, 2193).
YAKU_GROUPS: tuple[YakuGroup, ...] = (
    YakuGroup("brights", "Bright yaku", "one_of"),
    YakuGroup("ribbons", "Ribbon yaku", "each"),
    YakuGroup("others", "Other yaku", "each"),
)

_BRIGHTS = BOOK.at("2191-2201")
_RIBBONS = BOOK.at("2171-2185")
_OTHERS = BOOK.at("2193-2197")

_COUNT_KEYS = ("five_dry_ribbons", "five_tens", "ten_chaffs")


def _yaku(willow_extra: bool) -> tuple[YakuRule, ...]:
    """The chart: Koi-Koi's Bright builder at this chapter's values, the shared Ribbon
    yaku, and Koi-Koi's count yaku (its chart builder's own rules, reused: Any 5 Dry
    Ribbons, Any 5 Tens, Any 10 Chaffs, each 1 and 1 more per further card)."""
    counts = {r.key: r for r in _book_chart(False, willow_extra)[1] if r.key in _COUNT_KEYS}
    return _brights((15, 10, 8, 6), _BRIGHTS) + (
        replace(counts["five_dry_ribbons"], source=_RIBBONS),
        PURPLE_RIBBONS.rule(6, group="ribbons", source=_RIBBONS),
        POETRY_RIBBONS.rule(6, group="ribbons", source=_RIBBONS),
        replace(counts["five_tens"], source=_OTHERS),
        replace(counts["ten_chaffs"], group="others", source=_OTHERS),
    )


#: The chapter's yaku chart (figures 13.1-13.3).
YAKU: tuple[YakuRule, ...] = _yaku(True)

#: The wild Phoenix (2143-2151; QR 8643-8647): the engine's rules for it.
WILD = ONI_WILD
#: Showing the Phoenix at the deal (2149): a declaration, public for the round.
SHOW_PHOENIX = ShowCards((Card.PAULOWNIA_PHOENIX,), key="wild", verb="show",
                         source=BOOK.at("2149"))

_KK = koikoi.OPTIONS


def _like(key: str, source: Source, allowed: tuple[Any, ...] | None = None,
          description: str = "", note: str = "") -> Option:
    """Koi-Koi's option ``key`` as this chapter gives it: its lines, and the values it
    lists (a subset of Koi-Koi's)."""
    o = _KK[key]
    return Option(key, o.default, o.allowed if allowed is None else allowed,
                  description or o.description, source, note or o.note)


_OPTION_LIST = (
    Option("rounds", 12, tuple(range(1, 13)), "rounds in a game: 6 or 12 (the chapter); any "
           "count from 1 to 12 for short games", BOOK.at("2127")),
    _like("willow_ribbon", BOOK.at("2179"),
          description="the Willow (November, Rain) Ribbon never counts toward Any 5 Dry "
                      "Ribbons; once the yaku is made it adds 1 as a further Ribbon ('extra'), "
                      "or nothing ('never')",
          note="our reading, as in Koi-Koi: 'each additional Ribbon' is any Ribbon, so the "
               "Rain month's one counts as a further Ribbon but never as one of the five"),
    _like("minimum_points", BOOK_VAR.at("2221-2225"),
          description="under this many points you must call Koi-Koi ('Minimum Points': 3)"),
    _like("target_score", BOOK_VAR.at("2229"),
          description="the game ends when a total reaches this ('First to 50')"),
    _like("hand_patterns", BOOK_VAR.at("2233-2237"), ("misdeal", "instant_win"),
          description="a hand dealt four of a month or four pairs: redeal (the chapter), or "
                      "the holder wins 6 at once ('Automatic Win')", note=""),
    _like("round_end", BOOK_VAR.at("2241-2245"),
          description="the round ends when every card is played (the chapter), or as soon "
                      "as both hands are empty ('Shorter Rounds')"),
    _like("field_four", BOOK_VAR.at("2249-2261"), ("misdeal", "dealer_captures", "dealer_wins"),
          description="four of a month dealt to the field: redeal (the chapter), the dealer "
                      "captures them and the field is refilled ('Four of a Kind is Not a "
                      "Misdeal'), the dealer wins 6 ('Four of a Kind for the Win')"),
    _like("steal_points", BOOK_VAR.at("2265-2279"),
          description="each player starts with these points and the winner takes what they "
                      "earn from the opponent ('Steal Points')"),
    Option("leftovers", "wild_player", ("wild_player", "field"),
           "the cards left on the field at the end: the last December card to the player "
           "holding the other Decembers and the odd card of the wild's month to the player "
           "who used it (the chapter), or they stay on the field, nobody's ('Leftovers')",
           BOOK_VAR.at("2283-2287")),
    _like("winner_scores_all", BOOK_VAR.at("2291"),
          description="the Stop caller also scores the opponent's yaku ('Winner Scores All "
                      "Yaku')"),
    _like("field_bright", BOOK_VAR.at("2295-2307"),
          description="Brights dealt to the field double the round ('Bright') or multiply it "
                    "by 1 + their number ('Super Bright')"),
    _like("yaku_limit", BOOK_VAR.at("2297-2309"),
          description="the best Bright yaku only (the chapter), every yaku ('Count All "
                      "Yaku') or only the best yaku of all ('Only One Yaku')"),
    _like("koikoi_effect", BOOK_VAR.at("2311-2323"),
          ("double_once", "multiplier", "challenge", "double_or_nothing"),
          description="what calling Koi-Koi does to the Stop caller's score: x2 once if "
                      "anyone called (the chapter); x(1 + calls) ('Koi-Koi! Multiplier'); "
                      "x2 only if the opponent called ('Challenge'); x2 only if the Stop "
                      "caller called ('Double or Nothing')", note=""),
    Option("yaku_of_the_month", False, (False, True),
           "all four cards of the month named by the round's number (round 1 January, round "
           "2 February ...) are a yaku worth 4 ('Yaku of the Month')",
           BOOK_VAR.at("2313, 2317-2319")),
    _like("seven_doubles", BOOK_VAR.at("2325"),
          description="a round worth 7 or more is doubled, x4 if Koi-Koi was called, or x3 "
                      "instead ('Lucky 7' and its other reading)", note=""),
    _like("sake", BOOK_VAR.at("2327-2329"), ("ten", "ten_or_chaff", "ten_and_chaff"),
          description="the Sake Cup counts as a Ten (the chapter), a Ten or a Chaff for the "
                      "best score ('Sake 10 or 1') or both ('Sake 10 and 1')"),
    _like("special_chaffs", BOOK_VAR.at("2331"),
          description="the Storm, the Special Paulownia and the Sake Cup count as two Chaffs "
                      "each ('Special Chaffs')"),
    _like("dealers_delight", BOOK_VAR.at("2333"),
          description="a round in which nobody forms a yaku gives the dealer 6 (\"Dealer's "
                      "Delight\")"),
)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent. The teaching layer shows them in "Sources and
#: differences" (``teach.decision_rows``).
DECISIONS: Mapping[str, str] = {
    "Showing the Phoenix": "The chapter says the Phoenix must be shown at the start of the "
                           "round to be wild from the hand, not when or how. Before the "
                           "dealer's first play, each player in turn may show it; it stays "
                           "known to both players for the round. A Phoenix not shown plays "
                           "from the hand as an ordinary December card.",
    "The Phoenix drawn or on the field": "Showing matters only for a Phoenix played from the "
                                         "hand: turned up from the stock or lying on the "
                                         "field it follows its wild rules whoever held it.",
    "A Phoenix that takes nothing": "A wild Phoenix with nothing it may take (an empty field, "
                                    "or only a hiki) joins the field, where a Bright, Ten or "
                                    "Ribbon may then take it.",
    "Choosing the Phoenix": "A Bright, Ten or Ribbon that has a card of its own month on the "
                            "field and the Phoenix too may take either: the player chooses.",
    "Extra Ribbons": "The five Ribbons of Any 5 Dry Ribbons leave out the Rain month's; "
                     "each further Ribbon, the Rain month's included, adds a point, as in "
                     "Koi-Koi. The Ribbon yaku are all paid (the second and fifth examples add "
                     "the 3 Poetry Ribbons and the 5 Ribbons).",
}

# No scoring step of its own: which yaku count (the chapter's best Bright yaku and every
# Ribbon and Other yaku, or the option ``yaku_limit``'s "every yaku" or "the single best
# yaku") is the chart's groups and limit, which the shared steps already state
# (``teach.scoring_steps``: "best", "each", "only_one").

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "book": {},
    "book-6": {"rounds": 6},
}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-6": BOOK}
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-6": "Rulebook, half a year (6 rounds)"}
FIRST_DEALER: Mapping[str, DealerRule] = {p: DealerRule("value", BOOK_BASICS) for p in PRESETS}

#: What a player is trying to do, in one or two sentences (the chapter's At a glance).
GOAL = ("Make yaku from your captures, with the Phoenix as a wild card, then choose: stop and "
        "collect, or call Koi-Koi and play on for more.")

#: The options the score calculator offers (``teach.tools.ScoreController``).
SCORE_OPTIONS: tuple[str, ...] = ("koikoi_effect", "seven_doubles", "sake", "special_chaffs",
                                  "yaku_limit")
MAX_CALLS = koikoi.MAX_CALLS

#: The chapter's scoring examples (2203-2289): (name, the Stop caller's pile, calls before
#: the Stop, expected score).
EXAMPLES: tuple[tuple[str, str, int, int], ...] = (
    ("Example 1: 3 Poetry Ribbons, Stop", "1b 2b 3b", 0, 6),
    ("Example 2: 3 Poetry Ribbons, Koi-Koi, then 5 Dry Ribbons, Stop", "1b 2b 3b 4b 5b", 1, 14),
    ("Example 3: the opponent's Koi-Koi, then 5 Tens, Stop", "2a 4a 5a 6a 7a", 1, 2),
    ("Example 5: two Koi-Koi calls, then 5 Dry Ribbons, Stop", "1b 2b 3b 4b 5b", 2, 14),
)

#: Piles scored under each preset on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The Poetry Ribbons and two more Ribbons", "1b 2b 3b 4b 5b"),
    ("Four Brights with the Rainman, five Tens", "1a 3a 8a 11a 2a 4a 5a 6a 7a"),
)



def zero_sum(rules: CaptureRules) -> bool:
    """Play-protocol hook: a round's points sum to zero only under 'Steal Points'."""
    return rules.option_values["steal_points"] is not None


#: The options passed on to Koi-Koi's rules unchanged.
_KOIKOI_KEYS = ("rounds", "willow_ribbon", "minimum_points", "target_score", "hand_patterns",
                "round_end", "field_four", "steal_points", "winner_scores_all", "field_bright",
                "yaku_limit", "koikoi_effect", "seven_doubles", "sake", "special_chaffs",
                "dealers_delight")


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    v = dict(items)
    base = koikoi.get_rules("book", views="off", **{k: v[k] for k in _KOIKOI_KEYS})
    table = YakuTable(YAKU_GROUPS, _yaku(v["willow_ribbon"] == "extra"), sake=base.yaku.sake,
                      special_chaffs=v["special_chaffs"], limit=v["yaku_limit"], source=BOOK)
    wild = WILD if v["leftovers"] == "wild_player" else replace(WILD, leftovers="field")
    by_round = RoundRules("month", _with_month_yaku) if v["yaku_of_the_month"] else None
    return replace(base, name="Oni Koi-Koi", key="oni-koikoi", preset=preset, options=items,
                   yaku=table, wild=wild, declarations=SHOW_PHOENIX, decision_words=WORDS,
                   round_rules=by_round)


def month_of_round(round_no: int) -> int:
    """The month (1-12) whose four cards are the Yaku of the Month in round ``round_no``
    (round 1 January ... round 12 December; a 13th round would start again).

    >>> month_of_round(1), month_of_round(12)
    (1, 12)
    """
    return (round_no - 1) % 12 + 1


def month_yaku(round_no: int) -> YakuRule:
    """Yaku of the Month (2313, 2317-2319) for round ``round_no``: its month's four cards.

    >>> r = month_yaku(3)
    >>> r.name, r.points, [c.code for c in r.cards]
    ('Yaku of the Month (March)', 4, ['3a', '3b', '3c', '3d'])
    """
    m = month_of_round(round_no)
    return YakuRule("month", f"Yaku of the Month ({MONTH_NAMES[m - 1]})", "", _MONTH_YAKU_POINTS,
                    cards=month_cards(m), group="others", source=BOOK_VAR.at("2313, 2317-2319"))


def _with_month_yaku(rules: CaptureRules, round_no: int, _choice: str) -> CaptureRules:
    """The round's rules under 'Yaku of the Month' (B12: a fact of the deal, no choice):
    the chart with the round's month yaku added."""
    return replace(rules, yaku=replace(rules.yaku, rules=rules.yaku.rules
                                       + (month_yaku(round_no),)))


RULE_SETS = RuleSets("Oni Koi-Koi", PRESETS, OPTIONS, _build, cache=128)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules


def example_score(pile: str, calls: int, preset: str = "book", **options: Any) -> int:
    """What a Stop caller holding ``pile`` scores after ``calls`` Koi-Koi calls in the
    round (Koi-Koi's overlay, this chapter's chart)."""
    from ..cards import CardSet
    rules = get_rules(preset, **options)
    return int(rules.overlay.pile_report(rules, CardSet.parse(pile).mask, 0, calls).total)


def chapter_facts(prefix: str = "oni") -> dict[str, object]:
    """The numbers the chapter's prose names, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: each yaku's points, the examples' scores and the variations' numbers.

    >>> f = chapter_facts()
    >>> f["oni_pts_five_brights"], f["oni_ex2"], f["oni_ex3"], f["oni_ex5"]
    (15, 14, 2, 14)
    """
    rules = get_rules()
    values: dict[str, object] = {f"pts_{r.key}": r.points for r in rules.yaku.rules}
    for i, (_name, pile, calls, _expected) in enumerate(EXAMPLES):
        n = (1, 2, 3, 5)[i]
        values[f"ex{n}"] = example_score(pile, calls)
        values[f"ex{n}_yaku"] = example_score(pile, 0)
    values.update(minimum=OPTIONS["minimum_points"].allowed[-1],
                  first_to=OPTIONS["target_score"].allowed[-1],
                  instant=rules.instant_win_points,
                  steal=OPTIONS["steal_points"].allowed[-1],
                  month_yaku=_MONTH_YAKU_POINTS)
    return {f"{prefix}_{k}": v for k, v in values.items()}


#: Yaku of the Month (2313): all four cards of the round's month.
_MONTH_YAKU_POINTS = 4
