"""Writing amounts the way a game's tradition writes them (points, kan, shillings).

A neutral, low module: engines, narration, controllers and the command line all
write amounts, so the function lives below all of them (an engine never imports a
controller). The units themselves are :class:`hanafuda_core.ledger.Unit` values
carried by a game's rules (``rules.unit``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .ledger import Unit

__all__ = ["UNIT_NOTES", "format_amount", "unit_note"]

#: How each unit of account is written, in one line (keyed by the unit's key).
UNIT_NOTES: dict[str, str] = {
    "shillings": ("Amounts in shillings and pence: 1/6 is 1 shilling 6 pence, 2/- is "
                  "2 shillings, 6d is 6 pence."),
    "kan": "Amounts in kan of 12 points: '1 kan 6' is 18 points.",
}


class _HasUnit(Protocol):
    """Any rules object that keeps score in a :class:`~hanafuda_core.ledger.Unit`."""

    @property
    def unit(self) -> Unit: ...


def format_amount(rules: _HasUnit, amount: int) -> str:
    """An amount in the smallest unit, written the tradition's way, with its unit.

    ``rules`` is any rules object with a ``unit`` (a :class:`~hanafuda_core.ledger.Unit`).

    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> format_amount(get_rules("book"), 40), format_amount(get_rules("d001"), 18)
    ('40 points', '1 kan 6')
    >>> format_amount(get_rules("d004"), 18), format_amount(get_rules("book"), -1)
    ('1/6', '-1 point')
    """
    unit = rules.unit
    text = unit.format(amount)
    if not unit.per_major:
        return f"{text} point{'s' if abs(amount) != 1 else ''}"
    return text


def unit_note(rules: object) -> str:
    """How ``rules`` write amounts, in one line (points where they keep no unit).

    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> unit_note(get_rules("d001"))
    "Amounts in kan of 12 points: '1 kan 6' is 18 points."
    """
    unit = getattr(rules, "unit", None)
    return UNIT_NOTES.get(getattr(unit, "key", ""), "Amounts in points.")
