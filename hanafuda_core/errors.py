"""Errors raised by the core.

Every error is a :class:`ValueError` subclass whose message says what was wrong
and what is allowed, so that a widget or the command line can show it as it is.
Raising one never changes any state: the core's values are immutable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


class HanafudaError(ValueError):
    """Base class of every error the core raises for bad input."""


class UnknownCardError(HanafudaError):
    """A card name or code that is not in the deck."""


class PlayerCountError(HanafudaError):
    """A player count the game does not allow."""


class UnknownGameError(HanafudaError):
    """A game key or name that is not in the registry."""


class IllegalActionError(HanafudaError):
    """An action that the rules do not allow in this state."""


class AnswerFormatError(HanafudaError):
    """A quiz answer that cannot be read at all (as opposed to a wrong one)."""


class QuizSchemaError(HanafudaError):
    """A quiz question or question bank that does not follow the quiz schema."""


class OptionError(HanafudaError):
    """A rule option (house rule) name or value that the game does not know."""


class DeclarationError(HanafudaError):
    """A declaration at the deal (a revealed month, a claimed hand combination) that the
    game does not have or does not allow."""


class RecordError(HanafudaError):
    """A game record that cannot be read or replayed: the message names the field that
    is wrong and what it should hold, or the result that the replay does not give."""


#: How much of a reader's input an error message repeats (:func:`shown`).
SHOWN_CHARACTERS = 40


def shown(value: object, most: int = SHOWN_CHARACTERS) -> str:
    """``value`` as an error message repeats it (its ``repr``), cut after ``most``
    characters with "..." when longer, so that a long input does not make a long message.

    >>> shown("1a 3a"), shown("x" * 100, 5), shown(10 ** 60, 5)
    ("'1a 3a'", "'xxxxx'...", '10000...')
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= most else f"{value[:most]!r}..."
    try:
        text = repr(value)
    except ValueError:                  # an int too long to write out in full
        return f"a whole number of more than {most} digits"
    return text if len(text) <= most else f"{text[:most]}..."


def check_seat(seat: object, players: int, who: str = "player") -> int:
    """``seat`` if it is one of ``players`` seats (a whole number from 0), else
    :class:`PlayerCountError` naming ``who`` ("the dealer") and the seats allowed.

    >>> check_seat(2, 3)
    2
    >>> check_seat("1", 3, "dealer")
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.PlayerCountError: the dealer must be a seat from 0 to 2, not '1'
    """
    if type(seat) is bool or not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayerCountError(f"the {who} must be a seat from 0 to {players - 1}, not "
                                f"{shown(seat)}")
    return seat


def apply_or_refuse(step: Callable[[Any, Any], Any], state: Any, action: Any,
                    legal: Callable[[Any], Sequence[Any]], what: str = "game") -> Any:
    """``step(state, action)``, with a malformed action (one that makes the step fail
    with a Python error, such as ``Play(48)``) refused as illegal, naming the legal
    actions (``legal(state)``, each with its text ``code()``) of this ``what``."""
    try:
        return step(state, action)
    except HanafudaError:
        raise
    except (IndexError, ValueError, TypeError, AttributeError, KeyError):
        codes = ", ".join(a.code() for a in legal(state)) or "none (the round is over)"
        raise IllegalActionError(f"{action!r} is not an action of this {what}; legal now: "
                                 f"{codes}") from None
