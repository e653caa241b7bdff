"""Round adjustments: variations that change a capture round's scores once they are counted.

Several chapters of the rulebook end a round with a rule that rewrites the scores
everyone has just counted:

* Winner Takes All (Matching Flowers, Hana-Awase 1, Min-Hwatu): the round's winner
  scores the sum of every score, the others nothing;
* Low Man Out (Matching Flowers): a score under 20 wipes out the whole round;
* Rain (Matching Flowers): whoever holds all four November cards leaves every
  opponent with nothing;
* Misery Loves Company (Hana-Awase 2): a player who captured 15 points or less
  takes 40 from every other player;
* Scoring Canceled (Six Hundred): a round score of 30 or less, not counting the
  November and December cards, cancels the round, unless someone made 4 Dry Brights;
* the lead doublings (Higo-Bana, B4): a winner whose score (or card value) leads every
  other player's by 100 (or 50) or more doubles their score.

Each is a frozen value with one method, ``apply(points, winner, context)``, giving an
:class:`Adjusted` (the new scores, the round's winner and a sentence for the score
report). A game lists them in the order it plays them in
``CardValueSettlement.adjustments``; the settlement applies them one after the other
to the scores as counted, and every sentence becomes a line of the round's report.

>>> ctx = RoundContext(scores=(60, 15, 40), card_points=(50, 15, 35),
...                    piles=(0, 0, 0), yaku=(frozenset(), frozenset(), frozenset()),
...                    dealer=0)
>>> apply_all((LowManOut(below=20), WinnerTakesAll()), ctx, winner=0)[:2]
((0, 0, 0), 0)
>>> apply_all((WinnerTakesAll(),), ctx, winner=0)[:2]
((115, 0, 0), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ...cards import MONTH_MASKS, MONTH_NAMES
from ...errors import OptionError

__all__ = [
    "Adjusted",
    "Adjustment",
    "LEAD_ON",
    "LeadDoubles",
    "LowManOut",
    "MiseryLovesCompany",
    "RainWashes",
    "RoundContext",
    "ScoringCanceled",
    "WinnerTakesAll",
    "apply_all",
]


def _who(seat: int) -> str:
    return f"player {seat + 1}"


def _no_values(mask: int) -> int:
    raise OptionError("this round adjustment needs the card values: give the context "
                      "a value_of function")


@dataclass(frozen=True)
class RoundContext:
    """What a round adjustment may read, one entry per seat (in seat order).

    ``scores``
        Each seat's round score as counted (cards, yaku, par and transfers), before
        any adjustment.
    ``card_points``
        The card values each seat captured.
    ``piles``
        Each seat's capture pile (an int mask).
    ``yaku``
        The keys of the yaku each seat made.
    ``dealer``
        The seat that dealt the round.
    ``value_of``
        The card points of any set of cards (an int mask), under the game's values.
    """

    scores: tuple[int, ...]
    card_points: tuple[int, ...]
    piles: tuple[int, ...]
    yaku: tuple[frozenset[str], ...]
    dealer: int
    value_of: Callable[[int], int] = field(default=_no_values, compare=False)


class Adjusted(NamedTuple):
    """What one adjustment made of a round: the scores, the winner, and the sentence
    that says what happened (for the score report)."""

    points: tuple[int, ...]
    winner: int | None
    note: str


class Adjustment(Protocol):
    """A round adjustment (frozen): its name as the chapter prints it, its ``rule`` in
    words (for the scoring at the table), and ``apply``."""

    @property
    def name(self) -> str: ...

    @property
    def rule(self) -> str: ...

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted: ...


def apply_all(adjustments: Sequence[Adjustment], ctx: RoundContext, winner: int | None) \
        -> tuple[tuple[int, ...], int | None, tuple[str, ...]]:
    """Apply ``adjustments`` in order to the counted scores ``ctx.scores``, starting
    from the round's ``winner`` (read from those scores): the final scores, the final
    winner and one line per adjustment ("Low Man Out: ...") for the score report."""
    points, notes = ctx.scores, []
    for adj in adjustments:
        points, winner, note = adj.apply(points, winner, ctx)
        notes.append(f"{adj.name}: {note}")
    return points, winner, tuple(notes)


@dataclass(frozen=True)
class WinnerTakesAll:
    """The round's winner scores the sum of every score, every other player 0. A round
    without a winner (a tie nobody breaks) keeps its scores: nobody takes all."""

    name: str = "Winner Takes All"

    @property
    def rule(self) -> str:
        return ("the round's winner (the best score) scores the sum of every player's "
                "score, and everyone else scores 0; a round nobody wins keeps its scores")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        if winner is None:
            return Adjusted(points, winner, "the round has no winner, so nobody takes all; "
                                            "the scores stand")
        pot = sum(points)
        out = tuple(pot if s == winner else 0 for s in range(len(points)))
        return Adjusted(out, winner, f"{_who(winner)} takes the sum of the scores, {pot}; "
                                     "everyone else scores 0")


@dataclass(frozen=True)
class LowManOut:
    """If any player's score as counted is under ``below``, every player scores 0 that
    round. It reads the counted scores (``ctx.scores``), so a rule applied before it
    cannot trigger it; the round's winner stays the winner."""

    below: int = 20
    name: str = "Low Man Out"

    @property
    def rule(self) -> str:
        return (f"if any player scored under {self.below} as counted, every player scores "
                "0 for the round")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        low = [s for s, v in enumerate(ctx.scores) if v < self.below]
        if not low:
            return Adjusted(points, winner, f"every score is {self.below} or more; the "
                                            "scores stand")
        who = " and ".join(_who(s) for s in low)
        return Adjusted((0,) * len(points), winner,
                        f"{who} scored under {self.below}, so everybody scores 0")


_NOVEMBER = MONTH_MASKS[10]


@dataclass(frozen=True)
class RainWashes:
    """A player whose pile holds all four November cards keeps their score; every other
    player scores 0. The holder, left with the only score, wins the round (so Winner
    Takes All after it cannot give the holder's points to an opponent Rain wiped out);
    a holder with nothing left (Low Man Out first) leaves the winner as it was."""

    name: str = "Rain"

    @property
    def rule(self) -> str:
        return (f"a player who captured all four {MONTH_NAMES[10]} cards keeps their score "
                "and wins the round; every other player scores 0")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        holder = next((s for s, m in enumerate(ctx.piles) if m & _NOVEMBER == _NOVEMBER),
                      None)
        if holder is None:
            return Adjusted(points, winner, "nobody holds all four November cards; the "
                                            "scores stand")
        out = tuple(v if s == holder else 0 for s, v in enumerate(points))
        note = f"{_who(holder)} holds all four November cards, so every opponent scores 0"
        if out[holder] > 0 and holder != winner:
            return Adjusted(out, holder, f"{note}, and with the only score {_who(holder)} "
                                         "wins the round")
        return Adjusted(out, winner, note)


@dataclass(frozen=True)
class MiseryLovesCompany:
    """Each player who captured ``at_most`` card points or less gains ``amount`` and
    every other player loses ``amount``, on top of the scores (seat by seat)."""

    at_most: int = 15
    amount: int = 40
    name: str = "Misery Loves Company"

    @property
    def rule(self) -> str:
        return (f"a player who captured {self.at_most} card points or less gains "
                f"{self.amount}, and every other player loses {self.amount}")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        poor = [s for s, v in enumerate(ctx.card_points) if v <= self.at_most]
        if not poor:
            return Adjusted(points, winner, f"everyone captured more than {self.at_most} "
                                            "points; the scores stand")
        out = list(points)
        for s in poor:
            for t in range(len(out)):
                out[t] += self.amount if t == s else -self.amount
        who = " and ".join(_who(s) for s in poor)
        return Adjusted(tuple(out), winner,
                        f"{who} captured {self.at_most} points or less: "
                        f"{self.amount} from every other player")


@dataclass(frozen=True)
class ScoringCanceled:
    """If a player's score as counted, less the card values of their cards of
    ``left_out_months`` (1-12), is ``at_most`` or less, the round is cancelled: every
    player scores 0 and nobody wins it, unless some player made the yaku ``unless``
    (a yaku key; empty: no exception), named ``unless_name`` in the report."""

    at_most: int = 30
    left_out_months: tuple[int, ...] = (11, 12)
    unless: str = ""
    unless_name: str = ""
    name: str = "Scoring Canceled"

    def __post_init__(self) -> None:
        bad = [m for m in self.left_out_months if not 1 <= m <= 12]
        if bad:
            raise OptionError(f"left_out_months are months from 1 to 12, not {bad}")

    @property
    def rule(self) -> str:
        months = " and ".join(MONTH_NAMES[m - 1] for m in self.left_out_months)
        unless = (f", unless a player made {self.unless_name or self.unless}"
                  if self.unless else "")
        return (f"if any player's round score, without the values of their {months} cards, "
                f"is {self.at_most} or less, the round is cancelled: nobody scores or wins "
                f"it{unless}")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        left_out = 0
        for m in self.left_out_months:
            left_out |= MONTH_MASKS[m - 1]
        makers = [s for s, keys in enumerate(ctx.yaku) if self.unless and self.unless in keys]
        if makers:
            return Adjusted(points, winner, f"{_who(makers[0])} made "
                                            f"{self.unless_name or self.unless}; the scores "
                                            "stand")
        months = " and ".join(MONTH_NAMES[m - 1] for m in self.left_out_months)
        low = [s for s, v in enumerate(ctx.scores)
               if v - ctx.value_of(ctx.piles[s] & left_out) <= self.at_most]
        if not low:
            return Adjusted(points, winner, f"without their {months} cards every score is "
                                            f"over {self.at_most}; the scores stand")
        who = " and ".join(_who(s) for s in low)
        return Adjusted((0,) * len(points), None,
                        f"without the {months} cards {who} scored {self.at_most} or less: "
                        "the round is cancelled, nobody scores or wins it")


#: What a lead doubling compares (B4): the round scores as they stand, or the card values.
LEAD_ON: tuple[str, ...] = ("score", "cards")


@dataclass(frozen=True)
class LeadDoubles:
    """B4 (Higo-Bana's four lead variations, BOOK 2461-2473, 2507): if the round's winner
    leads every other player by ``lead`` or more ("at least"), the winner's score is
    doubled. ``on="score"`` compares the scores as they stand when it applies ("Final
    Score"), ``on="cards"`` the card values captured ("Card Value"). A round without a
    winner is left as it is. Seats are compared one by one (teams: each other side's
    seats; a partner is no opponent).

    >>> ctx = RoundContext(scores=(-60, 125, -20), card_points=(90, 175, 80),
    ...                    piles=(0, 0, 0), yaku=(frozenset(),) * 3, dealer=0)
    >>> LeadDoubles(100).apply(ctx.scores, 1, ctx).points
    (-60, 250, -20)
    >>> LeadDoubles(100, "cards").apply(ctx.scores, 1, ctx).points      # 85 over C
    (-60, 125, -20)
    >>> LeadDoubles(50, "cards").name
    '50 Lead Card Value'
    """

    lead: int = 100
    on: str = "score"
    partners: tuple[int, ...] | None = None       # side of each seat (teams), or None

    def __post_init__(self) -> None:
        if self.on not in LEAD_ON:
            raise OptionError(f"a lead is measured on {' or '.join(LEAD_ON)}, not {self.on!r}")
        if isinstance(self.lead, bool) or not isinstance(self.lead, int) or self.lead < 0:
            raise OptionError(f"a lead is a whole number of points, 0 or more, not "
                              f"{self.lead!r}")

    @property
    def name(self) -> str:
        """The chapter's name of the variation: "100 Lead Final Score", "50 Lead Card
        Value"."""
        return f"{self.lead} Lead " + ("Final Score" if self.on == "score" else "Card Value")

    @property
    def rule(self) -> str:
        what = "score leads" if self.on == "score" else "captured card values lead"
        others, doubled = (("every opponent's", "the winning side's score") if self.partners
                           else ("every other player's", "the winner's score"))
        return (f"if the round's winner's {what} {others} by {self.lead} or more, "
                f"{doubled} is doubled")

    def apply(self, points: tuple[int, ...], winner: int | None,
              ctx: RoundContext) -> Adjusted:
        if winner is None:
            return Adjusted(points, winner, "the round has no winner; the scores stand")
        values = points if self.on == "score" else ctx.card_points
        what = "score" if self.on == "score" else "card value"
        side = self.partners
        others = [s for s in range(len(points)) if s != winner
                  and (side is None or side[s] != side[winner])]
        short = [s for s in others if values[winner] - values[s] < self.lead]
        if short or not others:
            closest = max(others, key=lambda s: values[s]) if others else winner
            return Adjusted(points, winner, f"{_who(winner)}'s {what} leads "
                                            f"{_who(closest)}'s by "
                                            f"{values[winner] - values[closest]}, less than "
                                            f"{self.lead}; the scores stand")
        doubled = points[winner] * 2
        out = tuple(doubled if s == winner or (side is not None and side[s] == side[winner])
                    else v for s, v in enumerate(points))
        return Adjusted(out, winner, f"{_who(winner)}'s {what} leads every opponent's by "
                                     f"{self.lead} or more: their score is doubled to "
                                     f"{doubled}")
