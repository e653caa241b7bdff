"""Who deals first: each player draws a card and the earliest month deals.

Every source that says how the first dealer is chosen says it the same way: each
player draws a card from the shuffled pack and the earliest month (January first)
deals. They differ only on a tie of months: the rulebook's basics (ch. 3) and the
three-player Hachi-Hachi rule set let the higher card win (Bright, then Ten, then
Ribbon, then Chaff) and redraw only if that still ties; the others simply redraw.
A game states its rule once, as a :class:`DealerRule` for each preset, and
:func:`draw_first_dealer` plays it; the :class:`DealerDraw` it returns is kept in a
game record, so a replay shows the same drawing.

>>> import random
>>> draw = draw_first_dealer(DealerRule("value"), 3, random.Random(4))
>>> draw.dealer, draw.sentence(("Ann", "Ben", "Cy"))  # doctest: +NORMALIZE_WHITESPACE
(0, "Each player drew a card: Ann the Cuckoo (4a), Ben the Bridge (5a), Cy the Rainman
(11a). Ann drew April's Cuckoo and deals first.")
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import MONTH_NAMES, MONTH_ORDERS, Card, Kind, parse_card
from .errors import HanafudaError
from .rules import Source

__all__ = ["DealerRule", "DealerDraw", "draw_first_dealer", "KIND_RANK"]

#: The rulebook's order of card types for breaking a tie of months (ch. 3).
KIND_RANK: Mapping[Kind, int] = {Kind.BRIGHT: 3, Kind.TEN: 2, Kind.RIBBON: 1, Kind.CHAFF: 0}

_TIE_BREAKS = ("value", "redraw")
_ORDER_WORDS = {"tensho": "in Tensho's order of months",
                "korean": "in the Korean order of months"}


@dataclass(frozen=True)
class DealerRule:
    """How a rule set picks the first dealer: the earliest month drawn deals; a tie of
    months goes to the higher card type (``"value"``) or is drawn again (``"redraw"``)."""

    tie_break: str = "value"
    source: Source | None = None
    note: str = ""
    month_order: str = "japanese"       # B13: "earliest" in this order (Tensho's own)

    def __post_init__(self) -> None:
        if self.tie_break not in _TIE_BREAKS:
            raise HanafudaError(f"a tie of months is broken by {' or '.join(_TIE_BREAKS)}, "
                                f"not {self.tie_break!r}")
        if self.month_order not in MONTH_ORDERS:
            raise HanafudaError(f"the month order is one of {', '.join(MONTH_ORDERS)}, not "
                                f"{self.month_order!r}")

    def winners(self, drawn: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        """The seats still in the running after one drawing of (seat, card) pairs: the
        earliest month in the rule's ``month_order``, then the tie break.

        >>> DealerRule(month_order="tensho").winners(((0, 8), (1, 40)))  # Cherry, Willow
        (1,)
        """
        order = MONTH_ORDERS[self.month_order]
        first = min(order[c >> 2] for _, c in drawn)
        tied = [(s, c) for s, c in drawn if order[c >> 2] == first]
        if len(tied) > 1 and self.tie_break == "value":
            top = max(KIND_RANK[Card(c).kind] for _, c in tied)
            tied = [(s, c) for s, c in tied if KIND_RANK[Card(c).kind] == top]
        return tuple(s for s, _ in tied)


@dataclass(frozen=True)
class DealerDraw:
    """The drawings for the first dealer: each a tuple of (seat, card) pairs (the tied
    players draw again), and the seat that deals first."""

    draws: tuple[tuple[tuple[int, int], ...], ...]
    dealer: int

    def check(self, rule: DealerRule, players: int) -> DealerDraw:
        """This draw if it follows ``rule`` for ``players`` seats, else
        :class:`HanafudaError` (a record whose drawing does not give its dealer)."""
        seats = tuple(range(players))
        for i, drawn in enumerate(self.draws):
            cards = [c for _, c in drawn]
            if tuple(s for s, _ in drawn) != seats or len(set(cards)) != len(cards) or \
                    not all(0 <= c < 48 for c in cards):
                raise HanafudaError(f"drawing {i + 1} for the first dealer should give one "
                                    f"different card to each of the seats {list(seats)}")
            seats = rule.winners(drawn)
            if len(seats) == 1:
                if i != len(self.draws) - 1 or seats[0] != self.dealer:
                    raise HanafudaError("the drawing for the first dealer does not give the "
                                        f"recorded dealer, seat {self.dealer + 1}")
                return self
        raise HanafudaError("the drawing for the first dealer ends in a tie")

    def sentence(self, names: Sequence[str], month_order: str = "japanese") -> str:
        """The drawing in words, for a game's log; the dealer's month named in the game's
        ``month_order`` (B13).

        >>> DealerDraw((((0, 8), (1, 40)),), 1).sentence(("Ann", "Ben"), "tensho")
        ... # doctest: +NORMALIZE_WHITESPACE
        "Each player drew a card: Ann the Curtain (3a), Ben the Rainman (11a). Ben drew
        February's Rainman (in Tensho's order of months) and deals first."
        """
        parts = []
        for i, drawn in enumerate(self.draws):
            cards = ", ".join(f"{names[s]} the {Card(c).title} ({Card(c).code})"
                              for s, c in drawn)
            if i == 0:
                parts.append(f"Each player drew a card: {cards}.")
            else:
                who = " and ".join(names[s] for s, _ in drawn)
                parts.append(f"{who} tied and drew again: {cards}.")
        card = Card(dict(self.draws[-1])[self.dealer])
        month = MONTH_ORDERS[month_order][card.month - 1]
        parts.append(f"{names[self.dealer]} drew {MONTH_NAMES[month - 1]}'s {card.title}"
                     + (f" ({_ORDER_WORDS.get(month_order, month_order)})"
                        if month_order != "japanese" else "") + " and deals first.")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"draws": [[[s, Card(c).code] for s, c in d] for d in self.draws],
                "dealer": self.dealer}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> DealerDraw:
        try:
            draws = tuple(tuple((int(s), int(parse_card(c))) for s, c in drawn)
                          for drawn in d["draws"])
            return cls(draws, int(d["dealer"]))
        except (KeyError, TypeError, ValueError) as error:
            raise HanafudaError(f"a first-dealer drawing is written as {{'draws': [[[seat, "
                                f"card], ...], ...], 'dealer': seat}}: {error}") from None


def draw_first_dealer(rule: DealerRule, players: int, rng: random.Random) -> DealerDraw:
    """Each player draws a card from a shuffled pack; the earliest month deals, a tie
    broken by ``rule`` (the tied players draw again from a fresh pack)."""
    seats: tuple[int, ...] = tuple(range(players))
    draws = []
    while True:
        deck = list(range(48))
        rng.shuffle(deck)
        drawn = tuple(zip(seats, deck))
        draws.append(drawn)
        seats = rule.winners(drawn)
        if len(seats) == 1:
            return DealerDraw(tuple(draws), seats[0])


def draw_for_game(module: Any, preset: str, players: int,
                  rng: random.Random) -> DealerDraw | None:
    """The drawing for the first dealer of a whole game, made as the game's rules
    module says for ``preset`` (its ``FIRST_DEALER``); None when it says nothing (the
    first seat deals)."""
    rule = getattr(module, "FIRST_DEALER", {}).get(preset)
    return None if rule is None else draw_first_dealer(rule, players, rng)
