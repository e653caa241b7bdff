"""Per-loser settlement with payment shifts (G8): the winner collects from each loser.

Some capture games (Go-Stop, ch. 16) settle a round without a single score for the
table: the winner's score is worked out once, as ``(yaku + bonus) x multipliers``, and
then **each loser** pays it, doubled for that loser by the loser's own pile (no Bright
against a Bright yaku, too few Chaffs against the Chaff yaku), and finally one loser may
have to pay **both** penalties (the one who called Go, refused a Draw, or handed the
winner the winning card).

Everything here is a pure function of the round's facts: which seat won, its yaku
total, its Go count and its named multipliers (:class:`WinnerFacts`), and per loser what
the doublings and shifts read (:class:`LoserFacts`). The rules are values:

* :class:`GoTable`: what the winner's Go calls add or multiply (``"book"``: 1 Go +1,
  n >= 2 Go x n; ``"higher_stakes"``: +1, +2, then x2 per Go beyond the second);
* :class:`LoserDouble`: a per-loser doubling, its kind, threshold and mode
  (``"double"``, or ``"plus_two"``: +2 points instead);
* :class:`Shift`: a rule that makes one loser pay every loser's penalty.

A game's module builds the facts from the piles (Go-Stop:
:func:`hanafuda_core.games.go_stop.settle_piles`).

>>> rules = PerLoserPayments(GoTable("book"), (LoserDouble("no_bright", 1),),
...                          (Shift("go_caller"),))
>>> w = WinnerFacts(0, yaku=5, goes=1, bright_yaku=True)
>>> out = rules.settle(3, w, (LoserFacts(1, brights=0, chaffs=6),
...                           LoserFacts(2, brights=1, chaffs=6)))
>>> out.score, out.penalties, out.points
(6, ((1, 12), (2, 6)), (18, -12, -6))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import OptionError
from ...ledger import POINTS, Ledger

__all__ = ["GO_TABLES", "DOUBLE_KINDS", "DOUBLE_MODES", "SHIFT_KINDS", "GoTable", "LoserDouble",
           "Shift", "WinnerFacts", "LoserFacts", "Payout", "PerLoserPayments"]

#: The Go tables: the rulebook's, and its "Higher Stakes" variation.
GO_TABLES = ("book", "higher_stakes")
#: What a per-loser doubling reads: the loser captured too few Brights while the winner
#: scores a Bright yaku; too few Chaffs while the winner scores the Chaff yaku.
DOUBLE_KINDS = ("no_bright", "few_chaffs")
#: How a per-loser doubling applies: x2, or +2 points.
DOUBLE_MODES = ("double", "plus_two")
#: Who pays every loser's penalty: the one loser who called Go, the one who refused a
#: requested Draw, the one who played the card the winner won with.
SHIFT_KINDS = ("go_caller", "draw_refuser", "responsible")


def _check(what: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise OptionError(f"unknown {what} {value!r}; allowed: {', '.join(allowed)}")


@dataclass(frozen=True)
class GoTable:
    """What the winner's Go calls do to the score.

    >>> [GoTable("book").apply(5, g)[0] for g in range(7)]
    [5, 6, 10, 15, 20, 25, 30]
    >>> [GoTable("higher_stakes").apply(5, g)[0] for g in range(7)]
    [5, 6, 7, 10, 20, 40, 80]
    """

    kind: str = "book"

    def __post_init__(self) -> None:
        _check("Go table", self.kind, GO_TABLES)

    def step(self, goes: int) -> tuple[int, int]:
        """(points added, factor) for ``goes`` Go calls by the winner."""
        if goes < 0:
            raise OptionError(f"a Go count is 0 or more, not {goes}")
        if goes == 0:
            return 0, 1
        if self.kind == "book":
            return (1, 1) if goes == 1 else (0, goes)
        if goes <= 2:
            return goes, 1
        return 0, 2 ** (goes - 2)

    def apply(self, yaku: int, goes: int) -> tuple[int, str]:
        """The score after ``goes`` Go calls on ``yaku`` points, and the line saying so."""
        plus, factor = self.step(goes)
        if not goes:
            return yaku, ""
        calls = f"{goes} Go" + (" calls" if goes > 1 else " call")
        if plus:
            return yaku + plus, f"{calls}: +{plus}"
        return yaku * factor, f"{calls}: x{factor}"


@dataclass(frozen=True)
class LoserDouble:
    """A per-loser doubling: ``kind`` (a :data:`DOUBLE_KINDS`), the loser's count below
    ``threshold`` triggers it (Brights: 1, i.e. none; Chaffs: 5), ``mode`` x2 or +2."""

    kind: str
    threshold: int
    mode: str = "double"

    def __post_init__(self) -> None:
        _check("loser doubling", self.kind, DOUBLE_KINDS)
        _check("doubling mode", self.mode, DOUBLE_MODES)

    def applies(self, winner: WinnerFacts, loser: LoserFacts) -> bool:
        """Whether this doubling hits ``loser`` in a round ``winner`` won."""
        if self.kind == "no_bright":
            return (winner.bright_yaku and loser.brights < self.threshold
                    and not loser.no_bright_penalty)
        return winner.chaff_yaku and loser.chaffs < self.threshold

    def label(self) -> str:
        what = ("no Bright against a Bright yaku" if self.kind == "no_bright"
                else f"fewer than {self.threshold} Chaffs against the Chaff yaku")
        return what + (": x2" if self.mode == "double" else ": +2")


@dataclass(frozen=True)
class Shift:
    """A rule that makes one loser pay every loser's penalty (``kind``: a
    :data:`SHIFT_KINDS`)."""

    kind: str

    def __post_init__(self) -> None:
        _check("payment shift", self.kind, SHIFT_KINDS)

    def liable(self, loser: LoserFacts) -> bool:
        """Whether ``loser`` falls under this shift."""
        if self.kind == "go_caller":
            return loser.called_go
        if self.kind == "draw_refuser":
            return loser.refused_draw
        return loser.responsible and not loser.asked_draw


@dataclass(frozen=True)
class WinnerFacts:
    """The winner's side of the round: seat, yaku total, Go calls, whether a Bright or
    the Chaff yaku is among the yaku, and the named multipliers ``(factor, reason)``."""

    seat: int
    yaku: int
    goes: int = 0
    bright_yaku: bool = False
    chaff_yaku: bool = False
    multipliers: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class LoserFacts:
    """One loser's side: Brights and Chaffs captured, and what the shifts read.
    ``no_bright_penalty`` and ``deny_losses`` are Go-Stop's Joker abilities (the holder
    is spared the Bright doubling; never pays the other loser's penalty)."""

    seat: int
    brights: int = 1
    chaffs: int = 99
    called_go: bool = False
    refused_draw: bool = False
    asked_draw: bool = False
    responsible: bool = False
    no_bright_penalty: bool = False
    deny_losses: bool = False


@dataclass(frozen=True)
class Payout:
    """A settled round: the winner's score, each loser's penalty, who paid what, the
    points per seat and the explanation."""

    score: int
    penalties: tuple[tuple[int, int], ...]
    payers: tuple[tuple[int, int], ...]
    points: tuple[int, ...]
    lines: tuple[str, ...]
    ledger: Ledger


@dataclass(frozen=True)
class PerLoserPayments:
    """The settlement rules: the Go table, the per-loser doublings, the shifts."""

    go_table: GoTable = GoTable()
    doubles: tuple[LoserDouble, ...] = ()
    shifts: tuple[Shift, ...] = ()

    def score(self, winner: WinnerFacts) -> tuple[int, tuple[str, ...]]:
        """The winner's score, ``(yaku + bonus) x multipliers``, and its report lines."""
        lines = [f"yaku: {winner.yaku}"]
        score, go_line = self.go_table.apply(winner.yaku, winner.goes)
        if go_line:
            lines.append(f"{go_line} = {score}")
        for factor, reason in winner.multipliers:
            score *= factor
            lines.append(f"{reason}: x{factor} = {score}")
        return score, tuple(lines)

    def penalty(self, score: int, winner: WinnerFacts, loser: LoserFacts
                ) -> tuple[int, tuple[str, ...]]:
        """What ``loser`` owes before any shift: the score with their own doublings
        (the x2 ones first, then any +2)."""
        hit = [d for d in self.doubles if d.applies(winner, loser)]
        amount = score
        for d in hit:
            if d.mode == "double":
                amount *= 2
        for d in hit:
            if d.mode == "plus_two":
                amount += 2
        return amount, tuple(d.label() for d in hit)

    def settle(self, players: int, winner: WinnerFacts, losers: Sequence[LoserFacts],
               names: Sequence[str] | None = None) -> Payout:
        """Settle a round among ``players`` seats (seats not among the winner and the
        losers, such as dropouts, pay and receive nothing).

        Shifts: if exactly one loser falls under the first shift that names anybody,
        that loser pays every penalty (each keeping its own doublings) and the others
        nothing; if several do, each pays their own. A loser with ``deny_losses`` never
        pays another's penalty: the other then pays their own."""
        seats = [winner.seat] + [lf.seat for lf in losers]
        if len(set(seats)) != len(seats) or not all(0 <= s < players for s in seats):
            raise OptionError(f"the winner and the losers must be different seats among "
                              f"0-{players - 1}, not {seats}")
        who = list(names) if names is not None else [f"player {s + 1}" for s in range(players)]
        score, lines = self.score(winner)
        owed: dict[int, int] = {}
        out = list(lines)
        for lf in losers:
            amount, why = self.penalty(score, winner, lf)
            owed[lf.seat] = amount
            out.append(f"{who[lf.seat]} owes {amount}" + (f" ({'; '.join(why)})" if why else ""))
        pays = dict(owed)
        if len(losers) >= 2:
            for shift in self.shifts:
                liable = [lf for lf in losers if shift.liable(lf)]
                if not liable:
                    continue
                if len(liable) == 1:
                    one = liable[0]
                    for lf in losers:
                        if lf.seat != one.seat and not one.deny_losses:
                            pays[one.seat] += pays[lf.seat]
                            pays[lf.seat] = 0
                    if one.deny_losses:
                        out.append(f"{who[one.seat]} falls under the {shift.kind} shift but "
                                   "holds a Deny Losses Joker: each pays their own")
                    else:
                        out.append(f"{who[one.seat]} pays for every loser ({shift.kind})")
                break
        ledger = Ledger(POINTS)
        points = [0] * players
        for lf in losers:
            amount = pays[lf.seat]
            if amount:
                ledger = ledger.pay(who[lf.seat], who[winner.seat], amount, "round penalty",
                                    category="round")
            points[lf.seat] -= amount
            points[winner.seat] += amount
        return Payout(score, tuple(owed.items()), tuple(pays.items()), tuple(points),
                      tuple(out), ledger)
