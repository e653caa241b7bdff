"""The rulebook's worked Hachi-Hachi rounds (BOOK ch. 17) as round facts.

The settlement tests (``tests/test_hachihachi_settlement.py``) check these
rounds against the numbers in the seed examples; the settlement calculator of
the classroom app loads them as ready-made rounds. The facts live here once so
that both use the same hands.

Hands are real 7-card hands chosen to make exactly the combinations each
example names, so a settlement of them exercises detection as well as payment.

>>> ex = BOOK_EXAMPLES["BK17-3"]
>>> ex.facts.names, ex.facts.multiplier
(('A', 'B', 'C'), 1)
>>> ex.settle().totals()
{'A': -88, 'B': -38, 'C': 126}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .cards import CardSet
from .games.hachihachi import HachiHachiRules, get_rules
from .hachihachi_settle import Call, PlayerFacts, RoundFacts, Settlement, settle_round

__all__ = ["SettlementExample", "BOOK_EXAMPLES", "DEFAULT_EXAMPLE"]

H = CardSet.parse


def _p(name: str, hand: str | None = None, **kw: Any) -> PlayerFacts:
    return PlayerFacts(name, hand=H(hand) if hand else None, **kw)


@dataclass(frozen=True)
class SettlementExample:
    """One worked round: its key in the seed examples, a title, and its facts."""

    key: str
    title: str
    summary: str
    facts: RoundFacts
    preset: str = "book"
    options: Mapping[str, Any] = field(default_factory=dict)

    def rules(self) -> HachiHachiRules:
        return get_rules(self.preset, **self.options)

    def settle(self) -> Settlement:
        return settle_round(self.rules(), self.facts)


_EXAMPLES = (
    SettlementExample(
        "BK17-1", "Two players, Large field, no yaku",
        "A holds 1 Bright & 6 Chaffs, B a 3 of a Kind; the Curtain in the field makes it a "
        "Large field (x2). With two players each card total is scored against 88 on its own.",
        RoundFacts((_p("A", "1a 1c 2c 3c 4c 5c 6c", card_points=141),
                    _p("B", "9a 9b 9c 8a 10a 12a 2a", card_points=123)),
                   dealer="A", field=H("3a 5a 7b 10b 11d 12c"))),
    SettlementExample(
        "BK17-2", "Two players, Grand field, a yaku ends the round",
        "A holds a greater triple of Wisteria; B captures the three Poetry Ribbons and calls "
        "End, so no card points are counted.",
        RoundFacts((_p("A", "4a 4b 4c 1c 2c 3d 5c"), _p("B", "1a 2a 3b 5a 6b 8b 9c")),
                   dealer="A", multiplier=4, calls=(Call("B", "end", ("poetry",)),))),
    SettlementExample(
        "BK17-3", "Three players, Small field, no yaku",
        "A holds no combination but takes the most card points; B holds a 3 of a Kind; C "
        "holds 7 Chaffs and 3 Pairs. The winner (most card points) is not the one who "
        "gains the most.",
        RoundFacts((_p("A", "1a 2a 3a 4a 5b 6b 8b", card_points=100),
                    _p("B", "9a 9b 9c 10a 11a 12a 8a", card_points=90),
                    _p("C", "1c 1d 2c 2d 3c 3d 10c", card_points=74)),
                   dealer="A", multiplier=1)),
    SettlementExample(
        "BK17-4", "Three players take 88 each",
        "Everyone captures exactly 88 in a Large field: the dealer's special achievement "
        "cancels the hand combinations and the card points.",
        RoundFacts((_p("A", "10a 10b 10c 8a 9a 12a 11b", card_points=88),
                    _p("B", "5b 7b 1c 2c 3c 4c 6c", card_points=88),
                    _p("C", "1a 2a 3a 4a 5a 6a 8b", card_points=88)),
                   dealer="A", multiplier=2)),
    SettlementExample(
        "BK17-5", "Four players, one passes (Pass Penalty variant)",
        "A passes and pays the first pass fee to the round's winner; B catches the triple "
        "it showed; Grand field.",
        RoundFacts((_p("A", "1b 4a 4d 7a 9d 11a 12d"),
                    _p("B", "9a 9b 9c 1a 2a 3a 8a", card_points=98, caught_triples=(9,)),
                    _p("C", "6b 1c 2c 3c 10c 11d 12b", card_points=80),
                    _p("D", "2b 3b 4b 5a 7b 8b 10a", card_points=86)),
                   dealer="B", multiplier=4, passed=("A",)),
        options={"fold_fees": (10, 15, 20)}),
    SettlementExample(
        "BK17-6", "Four players, one forced out, a yaku round",
        "B and C choose to play with the dealer A, so D must sit out and is compensated; "
        "B captures 4 Dry Brights and calls End.",
        RoundFacts((_p("A", "5c 5d 6c 6d 7c 8c 9c"), _p("B", "10a 11b 12a 9a 8b 7a 5a"),
                    _p("C", "1c 3a 4c 6a 7b 9b 10b"), _p("D", "1a 2a 2b 3b 3c 4a 4b")),
                   dealer="A", multiplier=2, forced_out=("D",),
                   calls=(Call("B", "end", ("four_dry_brights",)),))),
)

#: The rulebook's worked rounds by key ("BK17-1" ... "BK17-6").
BOOK_EXAMPLES: Mapping[str, SettlementExample] = {ex.key: ex for ex in _EXAMPLES}

#: The round the settlement calculator shows first.
DEFAULT_EXAMPLE = "BK17-3"
