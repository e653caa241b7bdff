"""The rulebook's Hachi (Simplified) (ch. 19) as data.

Two players; a card does not take its own month but any of the three months after it
(December wraps round to January, February and March: the family's capture relation,
:class:`~hanafuda_core.engines.capture.CaptureRelation`). The round ends when both
hands are empty, with fourteen cards still in the stock. Each player scores the card
values taken (Bright 10, Ten 10, Ribbon 1, Chaff 10) plus their yaku; the higher score
wins the round and deals the next. A player who wins two rounds in a row, each by 20
or more, wins the game.

>>> rules = get_rules()
>>> rules.deals, rules.round_end, rules.overlay.values
({2: (7, 6)}, 'hands_empty', (10, 10, 1, 10))
>>> rules.capture_relation.months(10)
(11, 12, 1)
>>> from hanafuda_core.cards import CardSet
>>> rules.yaku.points(CardSet.parse("1a 2a 3a").mask)              # One Two Three
10
>>> rules.yaku.points(CardSet.parse("1a 2a 3a 1b 2b 3b").mask)     # its Poetry form only
20

Hachi (ch. 20, :mod:`hanafuda_core.games.hachi`) is this game with another capture
chart; both are built by :func:`build_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..capture_yaku import POETRY_RIBBONS
from ..cards import MONTH_NAMES, Card
from ..deal import MisdealRules
from ..engines.capture import CaptureRelation, CaptureRules
from ..families.capture.ranking import streak_winner as _streak_winner
from ..families.capture.settlement import CardValueSettlement
from ..rules import Option, RuleSets, Source
from ..yaku import YakuGroup, YakuRule, YakuTable

__all__ = [
    "GOAL",
    "LINES",
    "BOOK",
    "BOOK_QR",
    "COMPARISON_PILES",
    "DECISIONS",
    "EXAMPLE_CARD_VALUES",
    "EXAMPLE_YAKU",
    "OPTIONS",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "RELATION",
    "SCORING_STEPS",
    "STREAK_MARGIN",
    "STREAK_ROUNDS",
    "YAKU_MONTHS",
    "build_rules",
    "capture_chart_rows",
    "example_scores",
    "get_rules",
    "preset_options",
    "streak_winner",
    "yaku_table",
]

BOOK = Source("BOOK", "ch. 19 Hachi (Simplified)", "4519-4684")
BOOK_QR = Source("BOOK", "Quick Reference, Hachi (Simplified)", "9275-9396")


#: Where each rule is in the chapter (the keys ``source_of`` takes; ch. 20 has its own).
LINES: Mapping[str, str] = {"chart": "4545-4590", "setup": "4619", "values": "4621",
                            "game_end": "4623", "yaku": "4629-4677",
                            "yaku_example": "4629, 4679-4683"}


def _src(part: str) -> Source:
    """The chapter, narrowed to the lines that give one rule (a key of :data:`LINES`)."""
    return BOOK.at(LINES[part])


#: The capture chart (figure 19.1): each month takes the three months after it.
RELATION = CaptureRelation.following(3)

#: The number-named yaku (figure 19.2, the same in ch. 20): key, name, its three months.
YAKU_MONTHS: tuple[tuple[str, str, tuple[int, int, int]], ...] = (
    ("twelve_four_eleven", "Twelve Four Eleven", (12, 4, 11)),
    ("one_two_three", "One Two Three", (1, 2, 3)),
    ("nine_eleven_three", "Nine Eleven Three", (9, 11, 3)),
    ("five_six_ten", "Five Six Ten", (5, 6, 10)),
    ("three_five_six", "Three Five Six", (3, 5, 6)),
    ("eight_four_eleven", "Eight Four Eleven", (8, 4, 11)),
    ("five_four_six", "Five Four Six", (5, 4, 6)),
    ("ten_seven_eight", "Ten Seven Eight", (10, 7, 8)),
    ("seven_eight_nine", "Seven Eight Nine", (7, 8, 9)),
    ("seven_five_three", "Seven Five Three", (7, 5, 3)),
)
PLAIN_POINTS = 10
POETRY_POINTS = 20
#: The game end: this many round wins in a row, each by at least this margin.
STREAK_ROUNDS = 2
STREAK_MARGIN = 20

_VALUES = (10, 10, 1, 10)

#: The chapter's scoring example (lines 4669-4683, the same in ch. 20): each round's
#: card values (A, B) and the yaku each player made.
EXAMPLE_CARD_VALUES: tuple[tuple[int, int], ...] = ((153, 133), (131, 106))
EXAMPLE_YAKU: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    ((), ()), (("poetry_one_two_three",), ("five_six_ten", "three_five_six")))


def example_scores(rules: CaptureRules) -> tuple[tuple[int, int], ...]:
    """The example's round scores under ``rules``: card values plus the named yaku.

    >>> example_scores(get_rules())
    ((153, 133), (151, 126))
    """
    points = {r.key: r.points for r in rules.yaku.rules}
    return tuple((cv[0] + sum(points[k] for k in yk[0]), cv[1] + sum(points[k] for k in yk[1]))
                 for cv, yk in zip(EXAMPLE_CARD_VALUES, EXAMPLE_YAKU))


def _top_card(month: int) -> Card:
    """The month's first card: its Bright, or its Ten where it has no Bright."""
    return Card(4 * (month - 1))



def yaku_table(source_of: Any, cards: str = "top", poetry_adds: bool = False) -> YakuTable:
    """The yaku chart under the reading ``cards`` of the number-named yaku: ``"top"``
    (each named month's Bright or Ten) or ``"any_card"`` (any card of each named month).
    A Poetry yaku adds the three Poetry Ribbons and replaces its plain form (each pair
    is a "best of" group), or with ``poetry_adds`` scores beside it. ``source_of(part)``
    names the chapter's lines (a key of :data:`LINES`)."""
    poetry = POETRY_RIBBONS.template.cards
    groups = tuple(YakuGroup(key, name, "each" if poetry_adds else "one_of")
                   for key, name, _ in YAKU_MONTHS)
    rules: list[YakuRule] = []
    for key, name, months in YAKU_MONTHS:
        if cards == "top":
            top = tuple(_top_card(m) for m in months)
            rules.append(YakuRule(key, name, "", PLAIN_POINTS, cards=top, group=key,
                                  source=source_of("yaku"),
                                  note="cards inferred: the Bright or Ten of each month"))
            rules.append(YakuRule(f"poetry_{key}", f"Poetry {name}", "", POETRY_POINTS,
                                  cards=top + poetry, group=key,
                                  source=source_of("yaku"),
                                  note="cards inferred: the Bright or Ten of each month and "
                                       "the three Poetry Ribbons"))
        else:
            # a predicate does the scoring; the cards are an example for charts (a Chaff
            # of each month)
            example = tuple(Card(4 * (m - 1) + 2) for m in months)
            slots = tuple(tuple(Card(c) for c in range(4 * (m - 1), 4 * m)) for m in months)
            rules.append(YakuRule(key, name, "", PLAIN_POINTS, group=key, cards=example,
                                  source=source_of("yaku"), slots=slots,
                                  note=f"any card of each of months {months}"))
            rules.append(YakuRule(f"poetry_{key}", f"Poetry {name}", "", POETRY_POINTS,
                                  group=key, source=source_of("yaku"), cards=example + poetry,
                                  slots=slots + tuple((c,) for c in poetry),
                                  note=f"any card of each of months {months} and the three "
                                       "Poetry Ribbons"))
    return YakuTable(groups, tuple(rules), limit="groups", source=source_of("yaku"))


def streak_winner(rounds: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """The game's winner under the chapter's game end (the family's
    :func:`~hanafuda_core.families.capture.ranking.streak_winner` with
    :data:`STREAK_ROUNDS` and :data:`STREAK_MARGIN`): (seat, index of the round that
    completes the run), or None.

    >>> streak_winner([(153, 133), (151, 126)])        # the chapter's example
    (0, 1)
    """
    return _streak_winner(rounds, STREAK_ROUNDS, STREAK_MARGIN)


def capture_chart_rows(relation: CaptureRelation = RELATION) -> list[dict[str, str]]:
    """The capture chart as table rows for the chapter: each month and what it takes.

    >>> capture_chart_rows()[9]
    {'A card of': 'October', 'takes a card of': 'November, December or January'}
    """
    rows = []
    for m in range(1, 13):
        names = [MONTH_NAMES[n - 1] for n in relation.months(m)]
        text = (", ".join(names[:-1]) + " or " + names[-1]) if len(names) > 1 else names[0]
        rows.append({"A card of": MONTH_NAMES[m - 1], "takes a card of": text})
    return rows


def _options(src: Any) -> tuple[Option, ...]:
    return (
        Option("players", 2, (2,), "two players (7 cards each, 6 to the field)",
               src("setup")),
        Option("yaku_cards", "top", ("top", "any_card"),
               "the cards of the number-named yaku, shown only in the lost picture: the "
               "Bright or Ten of each named month (our reading), or any card of each named "
               "month", src("yaku"),
               note="A Poetry yaku adds the three Poetry Ribbons either way."),
        Option("poetry_adds", False, (False, True),
               "a Poetry yaku also scores its plain form (the chapter's note that one card "
               "may count in several yaku, read literally), instead of replacing it as in "
               "the chapter's example", src("yaku_example"),
               note="Off, the example's Poetry One Two Three scores its 20 alone, as printed."),
    )


_OPTION_LIST = _options(_src)
OPTIONS: Mapping[str, Option] = {o.key: o for o in _OPTION_LIST}

#: Our readings where the chapter is silent (shown in "Sources and differences").
DECISIONS: Mapping[str, str] = {
    "No round limit": "The game has no agreed number of rounds: it goes on until one "
        f"player wins {STREAK_ROUNDS} rounds in a row, each by {STREAK_MARGIN} points or "
        "more. A tied round, or a win by less, breaks the run.",
    "The cards of the number-named yaku": "The chapter names twenty yaku by month numbers "
        "(One Two Three, Five Six Ten ...) and shows their cards only in a lost picture. "
        "We read each as the best card of each named month (its Bright, or its Ten), and "
        "the Poetry form as those three cards with the three Poetry Ribbons, worth more "
        "and scored instead of the plain form, as in the chapter's example.",
    "Several cards it may take": "A card may take from up to three months. With one "
        "card to take it takes it; with more, the player chooses one; three cards of one "
        "month on the field (a hiki) go together to whoever takes one of them.",
    "A tied round": "The chapter does not say who wins a round with equal scores. We say "
        "nobody does, the dealer deals again, and a run of wins is broken.",
}

def _poetry_step(rules: CaptureRules) -> str:
    """The scoring step on a number-named yaku and its Poetry form, read from the chart:
    the two share a group that pays only its best (the chapter's example), or, under the
    option ``poetry_adds``, a group where each counts."""
    adds = all(g.mode == "each" for g in rules.yaku.groups)
    return ("A number-named yaku and its Poetry form both score: when you hold the Poetry "
            "form, add its points to the plain form's." if adds else
            "Each number-named yaku counts once: when you hold its Poetry form as well, "
            "only the Poetry form scores.") + " One card may help several different yaku."


SCORING_STEPS: tuple[tuple[str, str, Any], ...] = (("after", "find_yaku", _poetry_step),)

PRESETS: Mapping[str, Mapping[str, Any]] = {"book": {}, "book-any-card": {"yaku_cards": "any_card"}}
PRESET_SOURCES: Mapping[str, Source] = {"book": BOOK, "book-any-card": BOOK}
PRESET_LABELS: Mapping[str, str] = {"book": "Rulebook",
                                    "book-any-card": "Rulebook, yaku of any card of each month"}
GOAL = ("Capture cards by the months they follow and make the number-named yaku: the "
        "higher score wins the round, and two clear wins in a row win the game.")

#: Piles scored on the variants page: (label, cards).
COMPARISON_PILES: tuple[tuple[str, str], ...] = (
    ("The Crane, the Nightingale and the Curtain", "1a 2a 3a"),
    ("The same with the three Poetry Ribbons", "1a 2a 3a 1b 2b 3b"),
    ("The Bridge, the Butterfly, the Deer and the Curtain", "5a 6a 10a 3a"),
)



def build_rules(name: str, key: str, preset: str, items: tuple[tuple[str, Any], ...],
                relation: CaptureRelation, book: Source, source_of: Any) -> CaptureRules:
    """The engine rules of Hachi (Simplified) or Hachi: the same game with its own
    capture relation."""
    v = dict(items)
    table = yaku_table(source_of, v["yaku_cards"], v["poetry_adds"])
    overlay = CardValueSettlement(values=_VALUES, chart=table, source=book)
    return CaptureRules(
        name=name, key=key, preset=preset, options=items, players=2, deals={2: (7, 6)},
        misdeal=MisdealRules(True, False, False), on_field_four="redeal",
        round_end="hands_empty", rounds=None, win_streak=(STREAK_ROUNDS, STREAK_MARGIN),
        yaku=table, overlay=overlay, capture_relation=relation)


def _build(preset: str, items: tuple[tuple[str, Any], ...]) -> CaptureRules:
    return build_rules("Hachi (Simplified)", "hachi-simplified", preset, items, RELATION,
                       BOOK, _src)


RULE_SETS = RuleSets("Hachi (Simplified)", PRESETS, OPTIONS, _build, cache=16)
preset_options = RULE_SETS.values
get_rules = RULE_SETS.rules
