"""A zero-sum ledger of payments, in the units the sources keep score in.

Gambling card games settle by payments: every :class:`Payment` moves an
amount from a payer to a payee, so the ledger always balances. Each line says
why (the combination or clause), where the rule comes from, and which
multiplier turned the base value into the amount.

Amounts are whole numbers of the tradition's smallest unit (:class:`Unit`):

* the rulebook keeps plain **points** (:data:`POINTS`);
* D001 and D002 count **kan** of 12 points (:data:`KAN`): 112 points are
  "9 kan 4";
* D004 translates kan as the **shilling** of 12 pence (:data:`SHILLINGS`):
  18 pence are "1/6".

At the end of a game the kan and shilling traditions round to whole units
(5 or fewer left over round down, 6 or more round up); D004 then takes 10
shillings off every score (:func:`final_score`).

>>> ledger = Ledger(KAN).pay("Uzuki", "Akiko", 72, "card points", multiplier=4)
>>> ledger = ledger.pay("Uzuki", "Iori", 112, "card points", multiplier=4)
>>> ledger.totals()
{'Uzuki': -184, 'Akiko': 72, 'Iori': 112}
>>> KAN.format(ledger.total("Iori")), KAN.format(ledger.total("Uzuki"))
('9 kan 4', '-15 kan 4')
>>> SHILLINGS.format(18), SHILLINGS.round(90), final_score(90, SHILLINGS)
('1/6', 96, -24)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import HanafudaError
from .frozen import quick_init
from .rules import reader_clause

__all__ = ["Unit", "Payment", "Ledger", "POINTS", "KAN", "SHILLINGS", "UNITS", "final_score",
           "BANK", "POT", "PAYMENT_WORDS", "settle_balances"]

#: Account names that are not players: the rulebook's two-player par scoring is
#: booked against the bank, and fees waiting for a winner sit in the pot.
BANK = "bank"
POT = "pot"


@dataclass(frozen=True)
class Unit:
    """A currency: its smallest unit and, if any, a larger one of ``per_major`` smalls."""

    key: str
    minor: str                 # "points", "pence"
    major: str = ""            # "kan", "shillings"
    per_major: int = 0         # 12 for kan and shillings, 0 when there is no larger unit
    round_down_upto: int = 5   # end-of-game rounding: leftovers up to this round down
    final_offset: int = 0      # subtracted from every final score, in major units (D004: 10)

    def format(self, amount: int) -> str:
        """Show an amount the way the tradition writes it.

        >>> POINTS.format(-40), KAN.format(112), KAN.format(-184), KAN.format(24), KAN.format(5)
        ('-40', '9 kan 4', '-15 kan 4', '2 kan', '5 points')
        >>> KAN.format(0)
        '0 kan'
        >>> SHILLINGS.format(18), SHILLINGS.format(24), SHILLINGS.format(6), SHILLINGS.format(-30)
        ('1/6', '2/-', '6d', '-2/6')
        """
        if not self.per_major:
            return str(amount)
        sign = "-" if amount < 0 else ""
        major, minor = divmod(abs(amount), self.per_major)
        if self.key == "shillings":
            if not major:
                return f"{sign}{minor}d"
            return f"{sign}{major}/{minor if minor else '-'}"
        if not major and minor:         # (nothing is "0 kan", beside the other amounts)
            return f"{sign}{minor} point{'s' if minor != 1 else ''}"
        return f"{sign}{major} {self.major}" + (f" {minor}" if minor else "")

    def of(self, major: int | float = 0, minor: int = 0) -> int:
        """An amount from major and minor parts: ``KAN.of(1, 6)`` is 18 points.

        >>> KAN.of(1, 6), KAN.of(1.5), SHILLINGS.of(2), POINTS.of(0, 15)
        (18, 18, 24, 15)
        """
        scale = self.per_major or 1
        total = major * scale + minor
        if total != int(total):
            raise HanafudaError(f"{major} {self.major or self.minor} is not a whole number of "
                                f"{self.minor}")
        return int(total)

    def round(self, amount: int) -> int:
        """Round to a whole major unit: leftovers of 1-5 go down, 6-11 go up.

        Negative balances round the same way by size (-7 points → -1 kan).

        >>> KAN.round(5), KAN.round(6), KAN.round(-7), SHILLINGS.round(90)
        (0, 12, -12, 96)
        """
        if not self.per_major:
            return amount
        sign = -1 if amount < 0 else 1
        major, minor = divmod(abs(amount), self.per_major)
        if minor > self.round_down_upto:
            major += 1
        return sign * major * self.per_major


POINTS = Unit("points", "points")
KAN = Unit("kan", "points", "kan", 12)
SHILLINGS = Unit("shillings", "pence", "shillings", 12, final_offset=10)
UNITS: Mapping[str, Unit] = {u.key: u for u in (POINTS, KAN, SHILLINGS)}


def final_score(amount: int, unit: Unit) -> int:
    """End-of-game score: rounded to whole major units, less the unit's offset.

    D004: 7/6 (90 pence) rounds to 8/- and 10/- comes off: -2/- (-24 pence).

    >>> final_score(90, SHILLINGS), final_score(112, KAN), final_score(146, POINTS)
    (-24, 108, 146)
    """
    return unit.round(amount) - unit.final_offset * (unit.per_major or 1)


@quick_init
@dataclass(frozen=True)
class Payment:
    """One payment line: who pays whom, how much, for what, by which clause.

    ``amount`` is in the unit's smallest denomination and equals ``base`` times
    ``multiplier`` (times ``factor``, the clause's own doubling or halving, if any).
    ``category`` groups lines for tables ("teyaku", "yaku", "cards", ...).
    """

    payer: str
    payee: str
    amount: int
    reason: str
    clause: str = ""
    multiplier: int = 1
    base: int | None = None
    category: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        amount = self.amount
        if type(amount) is not int:     # (the usual case first: one test for it)
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise HanafudaError(f"a payment amount must be a whole number, not {amount!r}")
        if amount < 0:
            raise HanafudaError(f"a payment amount cannot be negative ({amount}); "
                                "swap payer and payee instead")
        if self.payer == self.payee:
            raise HanafudaError(f"{self.payer} cannot pay themselves ({self.reason})")

    def reversed(self, reason: str, clause: str = "") -> Payment:
        """The payment that returns this one (payee pays the payer back)."""
        return Payment(self.payee, self.payer, self.amount, reason, clause or self.clause,
                       self.multiplier, self.base, self.category, f"returns: {self.reason}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (a record's ledger): its amounts and, under :data:`PAYMENT_WORDS`,
        its wording."""
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount,
                "reason": self.reason, "clause": self.clause, "multiplier": self.multiplier,
                "base": self.base, "category": self.category, "note": self.note}


#: A payment's fields that are words for its reader, not amounts: a replay compares a
#: saved ledger without them, so that rewording a payment keeps earlier saves readable.
PAYMENT_WORDS = frozenset({"reason", "clause", "note"})


@quick_init
@dataclass(frozen=True)
class Ledger:
    """An immutable list of payments in one unit; it always sums to zero."""

    unit: Unit = POINTS
    payments: tuple[Payment, ...] = ()
    accounts: tuple[str, ...] = field(default=())   # display order of the players

    def add(self, *payments: Payment) -> Ledger:
        """A new ledger with more payments (zero amounts are dropped)."""
        kept = tuple(p for p in payments if p.amount)
        return Ledger(self.unit, self.payments + kept, self.accounts)

    def pay(self, payer: str, payee: str, amount: int, reason: str, clause: str = "", *,
            multiplier: int = 1, base: int | None = None, category: str = "",
            note: str = "") -> Ledger:
        """Shortcut for ``add(Payment(...))``."""
        return self.add(Payment(payer, payee, amount, reason, clause, multiplier, base,
                                category, note))

    def _names(self) -> list[str]:
        names = list(self.accounts)
        for p in self.payments:
            for n in (p.payer, p.payee):
                if n not in names:
                    names.append(n)
        return names

    def totals(self) -> dict[str, int]:
        """Net result per account (players in ``accounts`` order first)."""
        out = {n: 0 for n in self._names()}
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return out

    def total(self, name: str) -> int:
        return self.totals().get(name, 0)

    def balance(self) -> int:
        """Sum of every account: zero by construction (a check for tests)."""
        return sum(self.totals().values())

    def by_category(self) -> dict[str, dict[str, int]]:
        """Net result per category and account, like the rulebook's scoring figures."""
        names = self._names()
        out: dict[str, dict[str, int]] = {}
        for p in self.payments:
            row = out.setdefault(p.category or p.reason, {n: 0 for n in names})
            row[p.payer] -= p.amount
            row[p.payee] += p.amount
        return out

    def __len__(self) -> int:
        return len(self.payments)

    def __iter__(self) -> Iterator[Payment]:
        return iter(self.payments)

    # -- rendering ------------------------------------------------------------
    def to_rows(self) -> list[dict[str, Any]]:
        """One dict per payment with the amount also formatted in the unit."""
        return [{**p.to_dict(), "shown": self.unit.format(p.amount)} for p in self.payments]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: unit, payments and totals."""
        return {"unit": self.unit.key, "payments": [p.to_dict() for p in self.payments],
                "totals": self.totals()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def to_text(self) -> str:
        """A readable list of payments and the totals."""
        fmt = self.unit.format
        lines = []
        for p in self.payments:
            mult = f" (x{p.multiplier})" if p.multiplier != 1 else ""
            cite = f"  [{reader_clause(p.clause)}]" if p.clause else ""
            lines.append(f"{p.payer} pays {p.payee} {fmt(p.amount)}: {p.reason}{mult}{cite}")
        lines.append("Totals: " + ", ".join(f"{n} {fmt(v)}" for n, v in self.totals().items()))
        return "\n".join(lines)


def settle_balances(balances: Mapping[str, int], order: Iterable[str], reason: str,
                    clause: str = "", *, multiplier: int = 1, category: str = "") -> list[Payment]:
    """Payments that realise zero-sum balances: players below pay players above.

    Debtors pay creditors in ``order`` (with three players the split is
    unique). Raises if the balances do not sum to zero.

    >>> [(p.payer, p.payee, p.amount) for p in settle_balances(
    ...     {"A": 72, "I": 112, "U": -184}, "AIU", "card points")]
    [('U', 'A', 72), ('U', 'I', 112)]
    """
    order = list(order)
    if sum(balances.values()) != 0:
        raise HanafudaError(f"balances do not sum to zero: {dict(balances)}")
    debtors = [n for n in order if balances.get(n, 0) < 0]
    creditors = [n for n in order if balances.get(n, 0) > 0]
    owes = [-balances[n] for n in debtors]      # what each debtor still has to pay
    due = [balances[n] for n in creditors]      # what each creditor still has to receive
    out: list[Payment] = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        amount = min(owes[i], due[j])
        out.append(Payment(debtors[i], creditors[j], amount, reason, clause, multiplier,
                           None, category))
        owes[i] -= amount
        due[j] -= amount
        if not owes[i]:
            i += 1
        if not due[j]:
            j += 1
    return out

