"""Shuffling and dealing for the capture games, with misdeals and hiki.

The rulebook's capture basics: deal a number of cards face down to each
player and face up to the field; the rest is the stock (draw pile). A deal is a
misdeal when the field holds all four cards of a month, or a hand holds all four
of a month or four pairs; the same dealer then shuffles and deals again. Three
cards of a month on the field are stacked as a *hiki*: whoever plays the fourth
takes all four.

>>> d = deal(2, seed=7)
>>> [len(h) for h in d.hands], len(d.field), len(d.stock)
([8, 8], 8, 24)
>>> d == deal(2, seed=7)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import DECK, MONTH_MASKS, AnyCard, CardSet
from .errors import PlayerCountError

__all__ = ["BASIC_DEALS", "MisdealRules", "Misdeal", "Dealt", "shuffled", "deal",
           "deal_valid", "misdeals", "field_hiki", "pairs_in"]

# The capture basics' deal sizes (hand, field) by player count.
BASIC_DEALS: Mapping[int, tuple[int, int]] = {2: (8, 8), 3: (7, 6), 4: (5, 8)}


@dataclass(frozen=True)
class MisdealRules:
    """Which dealt patterns force a redeal (each game picks its own)."""

    field_four: bool = True    # all four of a month face up on the field
    hand_four: bool = True     # a hand holds all four of a month
    four_pairs: bool = True    # a hand holds four pairs (or more: a ten-card hand holds five)


@dataclass(frozen=True)
class Misdeal:
    """One reason a deal must be redone."""

    where: str                  # "field" or "hand"
    player: int | None          # the hand's player (0-based) or None for the field
    pattern: str                # "four of a month" or "four pairs"
    months: tuple[int, ...]

    def describe(self) -> str:
        from .cards import MONTH_NAMES
        months = ", ".join(MONTH_NAMES[m - 1] for m in self.months)
        if self.where == "field":
            return f"the field holds all four cards of {months}"
        assert self.player is not None, "a hand's misdeal names its player"
        if self.pattern == "four pairs":
            count = "four" if len(self.months) == 4 else "five"
            return f"player {self.player + 1} holds {count} pairs ({months})"
        return f"player {self.player + 1} holds all four cards of {months}"


@dataclass(frozen=True)
class Dealt:
    """The result of one deal: hands, field, stock (top card first) and checks.

    The field is a set; ``field_order`` keeps its cards in the order they were dealt,
    first first, for a game that lays its field out in places (a patience game's
    pyramid or tableau: :data:`hanafuda_core.games.catalog.LAYOUTS`).
    """

    hands: tuple[CardSet, ...]
    field: CardSet
    stock: tuple[AnyCard, ...]
    seed: int | None = None
    misdeals: tuple[Misdeal, ...] = ()
    hiki: tuple[int, ...] = ()          # months with three cards on the field
    redeals: int = 0                    # how many misdeals came before this deal
    field_order: tuple[AnyCard, ...] = ()   # the field's cards as dealt, first first

    @property
    def is_misdeal(self) -> bool:
        return bool(self.misdeals)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [[c.code for c in h] for h in self.hands],
            "field": [c.code for c in self.field],
            "stock": [c.code for c in self.stock],
            "seed": self.seed,
            "misdeals": [m.describe() for m in self.misdeals],
            "hiki": list(self.hiki),
            "redeals": self.redeals,
        }


def shuffled(rng: random.Random, cards: Sequence[AnyCard] = DECK) -> list[AnyCard]:
    """A shuffled copy of ``cards`` drawn from ``rng``."""
    order = list(cards)
    rng.shuffle(order)
    return order


def pairs_in(hand: CardSet) -> tuple[int, ...]:
    """Months of which the hand holds exactly two cards."""
    return tuple(m for m, n in hand.months().items() if n == 2)


def field_hiki(field_cards: CardSet) -> tuple[int, ...]:
    """Months with exactly three cards on the field (each a hiki)."""
    return tuple(m for m, n in field_cards.months().items() if n == 3)


def misdeals(hands: Sequence[CardSet], field_cards: CardSet,
             rules: MisdealRules = MisdealRules()) -> tuple[Misdeal, ...]:
    """Every reason the deal is a misdeal under ``rules`` (empty if it stands)."""
    found: list[Misdeal] = []
    if rules.field_four:
        quads = tuple(m + 1 for m in range(12)
                      if field_cards.mask & MONTH_MASKS[m] == MONTH_MASKS[m])
        if quads:
            found.append(Misdeal("field", None, "four of a month", quads))
    for player, hand in enumerate(hands):
        if rules.hand_four:
            quads = tuple(m + 1 for m in range(12) if hand.mask & MONTH_MASKS[m] == MONTH_MASKS[m])
            if quads:
                found.append(Misdeal("hand", player, "four of a month", quads))
        if rules.four_pairs:
            pairs = pairs_in(hand)
            if len(pairs) >= 4:
                found.append(Misdeal("hand", player, "four pairs", pairs))
    return tuple(found)


def deal(players: int, seed: int | None = None, *,
         sizes: Mapping[int, tuple[int, int]] = BASIC_DEALS,
         deck: Sequence[AnyCard] = DECK, rules: MisdealRules = MisdealRules(),
         rng: random.Random | None = None) -> Dealt:
    """Shuffle and deal once; the result says whether it is a misdeal.

    Hands take the first ``hand`` cards each in turn order, then the field its
    cards, and what is left is the stock, top card first.
    """
    if players not in sizes:
        counts = ", ".join(str(n) for n in sorted(sizes))
        raise PlayerCountError(f"this deal is for {counts} players, not {players}")
    hand_size, field_size = sizes[players]
    if hand_size * players + field_size > len(deck):
        raise PlayerCountError(f"{players} hands of {hand_size} and a field of {field_size} "
                               f"need more than the {len(deck)} cards in the deck")
    rng = rng or random.Random(seed)
    order = shuffled(rng, deck)
    hands = tuple(CardSet(order[i * hand_size:(i + 1) * hand_size]) for i in range(players))
    start = players * hand_size
    laid = tuple(order[start:start + field_size])
    field_cards = CardSet(laid)
    stock = tuple(order[start + field_size:])
    return Dealt(hands, field_cards, stock, seed, misdeals(hands, field_cards, rules),
                 field_hiki(field_cards), field_order=laid)


def deal_valid(players: int, seed: int | None = None, *, max_redeals: int = 1000,
               sizes: Mapping[int, tuple[int, int]] = BASIC_DEALS,
               deck: Sequence[AnyCard] = DECK, rules: MisdealRules = MisdealRules()) -> Dealt:
    """Deal, and redeal with the same dealer after each misdeal, as the rules say.

    The random stream continues across redeals, so one seed gives one valid deal.
    ``sizes``, ``deck`` and ``rules`` are passed on to :func:`deal`.
    """
    rng = random.Random(seed)
    for redeals in range(max_redeals + 1):
        dealt = deal(players, seed, sizes=sizes, deck=deck, rules=rules, rng=rng)
        if not dealt.is_misdeal:
            return replace(dealt, misdeals=(), redeals=redeals)
    raise RuntimeError(f"no valid deal after {max_redeals} redeals")  # pragma: no cover
