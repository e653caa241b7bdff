"""What the teaching tools say about a round of the capture engine, in a player's words.

The game-agnostic tools of :mod:`hanafuda_core.teach.tools` find this module by the
game's family (``families/<family>/teaching.py``) and ask it to tell a step, the deal,
what to do now and the yaku held, in the game's own words (its decision words come
from the rules: Koi-Koi's "Koi-Koi" / "Stop"). The sentences are those of
:mod:`hanafuda_core.narration`, written once for every capture game.

Each function takes protocol rounds (:class:`hanafuda_core.play.Round`) and returns
None for a round that is not a capture-engine round (Hachi-Hachi's staged round), so
the tool falls back to the actions' own words.

>>> from hanafuda_core import get_game
>>> r = get_game("koikoi").new_round(seed=3)
>>> prompt(r, 0, ["You", "The computer"])
'Your turn: play a card from your hand.'
>>> held_yaku(r, 0)
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import CARD_INFO, FLOWERS, MONTH_NAMES, Card
from ...engines.capture import Phase, State, legal_actions
from ...narration import describe, result_text, story
from ...narration import held_yaku as _held_yaku

__all__ = ["deal_words", "held_yaku", "prompt", "result_words", "step_words"]


def _engine(r: Any) -> State | None:
    s = getattr(r, "state", None)
    return s if isinstance(s, State) else None


def step_words(before: Any, action: Any, after: Any, names: Sequence[str]) -> str | None:
    """One step in words: the card played and what it took, each card the stock turned
    up and what it took, the yaku formed, then what must happen next (a choice, a
    decision in the game's words) or how the round ended."""
    b, a = _engine(before), _engine(after)
    if b is None or a is None:
        return None
    return describe(story(b, action, a), names)


def deal_words(r: Any, names: Sequence[str]) -> list[str] | None:
    """What happened at the deal: misdeals dealt again, the deal's events (a wild card
    set aside...), and the result if the round ended there."""
    s = _engine(r)
    if s is None:
        return None
    lines = [f"Misdeal ({v.reason}): the cards are shuffled and dealt again."
             for v in s.deal.voided]
    lines += [e[:1].upper() + e[1:] + "." for e in s.deal.events]
    if s.is_terminal:
        lines.append(result_text(s, names))
    return lines


#: The ends of a round that the narration tells (a stop, a win from the deal, a drawn
#: round); a round scored by card points ends with every card played and is told by
#: its points.
_TOLD_ENDS = frozenset({"stop", "instant_win", "dealers_delight", "draw"})


def result_words(r: Any, names: Sequence[str]) -> str | None:
    """How the round ended, in the game's words ("You called Stop and score 6 points.")."""
    s = _engine(r)
    if s is None or s.result is None or s.result.reason not in _TOLD_ENDS:
        return None
    return result_text(s, names)


def held_yaku(r: Any, seat: int) -> list[str] | None:
    """The yaku ``seat``'s pile holds now, with their points ("3 Purple Ribbons (6)")."""
    s = _engine(r)
    if s is None:
        return None
    return _held_yaku(s, seat)


def prompt(r: Any, seat: int, names: Sequence[str]) -> str | None:
    """What ``seat`` should do now, in words (None when it is not its turn)."""
    s = _engine(r)
    if s is None or s.is_terminal or s.current_player != seat:
        return None
    if s.phase == Phase.PLAY:
        return "Your turn: play a card from your hand."
    if s.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        card = Card(s.pending[0])
        return (f"Two {MONTH_NAMES[card.month - 1]} ({FLOWERS[card.month - 1].english}) cards "
                f"are on the field: choose which one the {CARD_INFO[card].name} takes.")
    yaku = ", ".join(_held_yaku(s, seat))
    allowed = legal_actions(s)
    words = s.rules.decision_words
    if len(allowed) == 1:
        return f"You hold {yaku}: you must {allowed[0].describe()}."
    return (f"You hold {yaku} ({s.yaku_points(seat)} points). Call {words.go_on} to go on "
            f"for more (if another player stops first you score nothing), or "
            f"{words.stop} to score now.")
