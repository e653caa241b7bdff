"""Choosing who plays a round at a big table, and what a forced dropout is owed (G10).

Some capture games seat more players than play a round: Hachi-Hachi (ch. 17) and
Go-Stop (ch. 16) both deal to everyone and then let three play. The stage is the same:

* the seats say in turn whether they play or drop out (:func:`choose_order`: from the
  dealer on, or from the dealer's right with the dealer always playing);
* once enough chose to play, the rest are **forced out**; once so many dropped out that
  only enough remain, the rest are **forced in** (:meth:`ActiveSeats.forced`);
* the dropouts' hands go back, shuffled with the undealt cards into the draw pile
  (:func:`rebuilt_stock`: the shuffle is the deal's recorded chance keys, so a round
  replays exactly);
* a forced dropout may be owed something for the hand they had to give up. Go-Stop pays
  a fixed amount per valuable card (:class:`Compensation`); Hachi-Hachi keeps its own
  fees and hand-combination payments in its rules module, on the same choice.

Everything here is a pure function of the seats, the dealer and the choices so far.

>>> seats = ActiveSeats(dealer_must_play=True, start="dealer_right")
>>> order = seats.order(5, dealer=0)
>>> order
(1, 2, 3, 4)
>>> seats.forced(order, 0, (True, False, True), 4)
'out'
>>> seats.forced(order, 0, (False, False), 3)
'in'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ...cards import AnyCard, Card, Extra
from ...errors import OptionError

__all__ = ["STARTS", "FORCE_IN", "COMPENSATION_PAYERS", "choose_order", "rebuilt_stock",
           "ActiveSeats",
           "Compensation", "GO_STOP_COMPENSATION_CARDS"]

#: Where the choice starts: with the dealer (who then says first), or with the player to
#: the dealer's right (the dealer plays without being asked).
STARTS = ("dealer", "dealer_right")
#: When the last seats are forced to play: ``"enough_left"``, as soon as only enough
#: remain to make the table; ``"last_alone"``, only the last seat, and only if nobody
#: chose to play before it (somebody must take the round).
FORCE_IN = ("enough_left", "last_alone")
#: Who pays a forced dropout: each non-dealer who chose to play, the full amount.
COMPENSATION_PAYERS = ("voluntary_non_dealers",)

Forced = Literal["in", "out", ""]


def choose_order(players: int, dealer: int, *, start: str = "dealer",
                 exclude: int | None = None) -> tuple[int, ...]:
    """The seats in the order they choose, counting on from the dealer.

    ``start="dealer_right"`` leaves the dealer out (the dealer plays anyway); ``exclude``
    is a seat that sits the round out before the choice (Hachi-Hachi's Joker holder).

    >>> choose_order(4, 2)
    (2, 3, 0, 1)
    >>> choose_order(4, 2, start="dealer_right", exclude=0)
    (3, 1)
    """
    if start not in STARTS:
        raise OptionError(f"unknown start {start!r}; allowed: {', '.join(STARTS)}")
    first = 0 if start == "dealer" else 1
    seats = ((dealer + i) % players for i in range(first, players))
    return tuple(s for s in seats if s != exclude)


def rebuilt_stock(used: int, keys: Sequence[int], cards: Iterable[int] = range(48)
                  ) -> tuple[int, ...]:
    """The draw pile once the players are chosen: every card of ``cards`` not in ``used``
    (a mask of the active hands and the field) in the order of the deal's recorded
    random ``keys`` (one per card), so the reshuffle is part of the replayable deal.

    >>> rebuilt_stock(0b1011, [50, 10, 90, 20, 30, 0], range(6))
    (5, 4, 2)
    """
    rest = [c for c in cards if not used >> c & 1]
    return tuple(sorted(rest, key=lambda c: (keys[c], c)))


@dataclass(frozen=True)
class ActiveSeats:
    """How a big table picks the players of a round.

    ``to_play`` players play (the dealer included); ``dealer_must_play`` makes the dealer
    one of them whatever they say; ``start`` is where the choice begins (:data:`STARTS`);
    ``force_in`` when the last seats must play (:data:`FORCE_IN`).
    """

    to_play: int = 3
    dealer_must_play: bool = True
    start: str = "dealer"
    force_in: str = "enough_left"

    def __post_init__(self) -> None:
        if self.start not in STARTS:
            raise OptionError(f"unknown start {self.start!r}; allowed: {', '.join(STARTS)}")
        if self.force_in not in FORCE_IN:
            raise OptionError(f"unknown force_in {self.force_in!r}; allowed: "
                              f"{', '.join(FORCE_IN)}")
        if self.start == "dealer_right" and not self.dealer_must_play:
            raise OptionError("a choice that starts at the dealer's right needs a dealer "
                              "who must play")

    def order(self, players: int, dealer: int, exclude: int | None = None
              ) -> tuple[int, ...]:
        """The seats that choose, in order (:func:`choose_order`)."""
        return choose_order(players, dealer, start=self.start, exclude=exclude)

    def forced(self, order: Sequence[int], dealer: int, before: Sequence[bool],
               seat: int) -> Forced:
        """``"in"``, ``"out"`` or ``""`` (a free choice) for ``seat``, given ``order`` and
        the choices ``before`` it (True: plays)."""
        joins = sum(before)
        if self.start == "dealer_right":
            joins += 1                              # the dealer, who was not asked
        left = len(order) - len(before)
        if joins >= self.to_play:
            return "out"
        if self.force_in == "last_alone":
            if left == 1 and joins == 0:
                return "in"
        elif joins + left <= self.to_play:
            return "in"
        if self.dealer_must_play and seat == dealer:
            return "in"
        return ""

    def forced_out(self, order: Sequence[int], dealer: int,
                   choices: Sequence[tuple[int, bool]]) -> tuple[int, ...]:
        """The seats among ``choices`` ((seat, plays) in order) that were forced out."""
        out = []
        for i, (seat, plays) in enumerate(choices):
            if not plays and self.forced(order, dealer, [p for _, p in choices[:i]],
                                         seat) == "out":
                out.append(seat)
        return tuple(out)

    def voluntary(self, order: Sequence[int], dealer: int,
                  choices: Sequence[tuple[int, bool]]) -> tuple[int, ...]:
        """The seats among ``choices`` that chose to play without being forced in."""
        return tuple(seat for i, (seat, plays) in enumerate(choices)
                     if plays and seat != dealer
                     and self.forced(order, dealer, [p for _, p in choices[:i]], seat) != "in")


#: The cards Go-Stop compensates: the five Brights, the Sake cup, the Storm Chaff and the
#: special Paulownia Chaff (and every Joker, counted apart).
GO_STOP_COMPENSATION_CARDS: frozenset[Card] = frozenset(
    (Card.PINE_CRANE, Card.CHERRY_CURTAIN, Card.SUSUKI_MOON, Card.WILLOW_RAINMAN,
     Card.PAULOWNIA_PHOENIX, Card.CHRYSANTHEMUM_SAKE, Card.WILLOW_STORM,
     Card.PAULOWNIA_SPECIAL))
_BRIGHTS = frozenset((Card.PINE_CRANE, Card.CHERRY_CURTAIN, Card.SUSUKI_MOON,
                      Card.WILLOW_RAINMAN, Card.PAULOWNIA_PHOENIX))


@dataclass(frozen=True)
class Compensation:
    """What a forced dropout is owed for the hand they show (Go-Stop, 2853-2885).

    ``per_card`` points per card of ``cards`` and per Joker; doubled when the hand holds
    three cards of one month (``triple_doubles``; three or more, our reading); with
    ``lone_rain_in`` players at the table the Rain Bright alone (no other Bright) earns
    nothing. Each of ``payers`` pays the full amount (:data:`COMPENSATION_PAYERS`).

    >>> from hanafuda_core.cards import parse_cards
    >>> comp = Compensation()
    >>> comp.points(parse_cards("1a 9a 11d 5b 5c 5d 7c"), players=5)
    12
    >>> comp.points(parse_cards("11a 12b 1b 2c 3d 4c 6c"), players=4)
    2
    """

    per_card: int = 2
    cards: frozenset[Card] = GO_STOP_COMPENSATION_CARDS
    triple_doubles: bool = True
    lone_rain_in: int | None = 4
    payers: str = "voluntary_non_dealers"

    def __post_init__(self) -> None:
        if self.per_card < 1:
            raise OptionError(f"compensation per card must be at least 1, not {self.per_card}")
        if self.payers not in COMPENSATION_PAYERS:
            raise OptionError(f"unknown compensation payers {self.payers!r}; allowed: "
                              f"{', '.join(COMPENSATION_PAYERS)}")

    def points(self, hand: Iterable[AnyCard], players: int) -> int:
        """The compensation a forced dropout holding ``hand`` is owed, from each payer."""
        held = list(hand)
        plain = [c for c in held if isinstance(c, Card)]
        counted = [c for c in plain if c in self.cards]
        if (players == self.lone_rain_in and Card.WILLOW_RAINMAN in counted
                and not any(c in _BRIGHTS for c in counted if c != Card.WILLOW_RAINMAN)):
            counted.remove(Card.WILLOW_RAINMAN)
        jokers = sum(1 for c in held if isinstance(c, Extra) and c != Extra.BLANK)
        total = self.per_card * (len(counted) + jokers)
        if self.triple_doubles:
            months: dict[int, int] = {}
            for c in plain:
                months[c // 4] = months.get(c // 4, 0) + 1
            if any(n >= 3 for n in months.values()):
                total *= 2
        return total

    def payments(self, players: int, hands: Sequence[Sequence[AnyCard]],
                 forced_out: Iterable[int], payers: Iterable[int]) -> tuple[int, ...]:
        """Each seat's points after paying: every forced dropout collects its
        :meth:`points` from each payer (zero-sum)."""
        out = [0] * players
        paying = tuple(payers)
        for seat in forced_out:
            owed = self.points(hands[seat], players)
            for p in paying:
                out[p] -= owed
                out[seat] += owed
        return tuple(out)
