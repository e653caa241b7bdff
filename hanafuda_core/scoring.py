"""Explained score reports: every point says which yaku, which cards and which rule.

A :class:`ScoreReport` is what a chapter, a widget or the command line shows
when a round is scored: one :class:`ScoreLine` per yaku (English and Japanese
names, the cards that made it, base points, extras and for which cards, the
rule clause), the multipliers applied and why, payments between players, and
the total. It renders as text, as a dict/JSON and as HTML with card pictures.

:func:`score_cards` is the calculator entry point:

>>> r = score_cards("1b 2b 3b 4b")
>>> r.total, [line.name for line in r.lines]
(6, ['3 Poetry Ribbons'])
>>> score_cards("1b 2b 3b", calls=1).total
10
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import AnyCard, Card, CardSet
from .render.sizes import MIN_CARD_WIDTH
from .rules import Source

if TYPE_CHECKING:
    from .engines.capture import CaptureRules
    from .yaku import Evaluation, Signature

__all__ = ["ScoreLine", "Multiplier", "Payment", "ScoreReport", "report_from_evaluation",
           "score_cards", "PileScore", "score_pile"]


@dataclass(frozen=True)
class ScoreLine:
    """One yaku in a report."""

    key: str
    name: str
    japanese: str
    cards: tuple[AnyCard, ...]
    base: int
    extras: int
    extra_cards: tuple[AnyCard, ...]
    points: int
    source: Source | None = None
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "japanese": self.japanese,
                "points": self.points, "base": self.base, "extras": self.extras,
                "cards": [c.code for c in self.cards],
                "extra_cards": [c.code for c in self.extra_cards],
                "source": self.source.cite() if self.source else "", "note": self.note}

    def to_text(self) -> str:
        text = (f"{self.name} ({self.japanese})" if self.japanese else self.name) + \
            f": {self.base} pt"
        if self.extras:
            text += (f" + {self.points - self.base} for {self.extras} extra "
                     f"({' '.join(c.code for c in self.extra_cards)})")
        text += f" = {self.points}   [{' '.join(c.code for c in self.cards)}]"
        if self.source:
            text += f"   ({self.source.reader(lines=False)})"
        if self.note:
            text += f"   {self.note}"
        return text


@dataclass(frozen=True)
class Multiplier:
    """A factor applied to the round's value, with the reason and the rule."""

    factor: int
    reason: str
    source: Source | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"factor": self.factor, "reason": self.reason,
                "source": self.source.cite() if self.source else ""}


@dataclass(frozen=True)
class Payment:
    """Points moving from one player to another (seats are 0-based)."""

    payer: int
    payee: int
    amount: int
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount,
                "reason": self.reason}


@dataclass(frozen=True)
class ScoreReport:
    """The explained score of a pile or of a round."""

    lines: tuple[ScoreLine, ...]
    subtotal: int
    multipliers: tuple[Multiplier, ...] = ()
    total: int = 0
    title: str = ""
    player: int | None = None
    notes: tuple[str, ...] = ()
    payments: tuple[Payment, ...] = ()
    sake_role: str = ""

    @property
    def factor(self) -> int:
        f = 1
        for m in self.multipliers:
            f *= m.factor
        return f

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "player": self.player,
                "yaku": [line.to_dict() for line in self.lines],
                "subtotal": self.subtotal,
                "multipliers": [m.to_dict() for m in self.multipliers],
                "total": self.total, "notes": list(self.notes),
                "payments": [p.to_dict() for p in self.payments],
                "sake_role": self.sake_role}

    def to_json(self, **kwargs: Any) -> str:
        kwargs.setdefault("ensure_ascii", False)
        kwargs.setdefault("indent", 2)
        return json.dumps(self.to_dict(), **kwargs)

    def to_text(self) -> str:
        out = [self.title] if self.title else []
        if not self.lines:
            out.append("no yaku")
        out += [f"  {line.to_text()}" for line in self.lines]
        if self.sake_role:
            out.append(f"  (the Sake Cup counted as {self.sake_role})")
        out.append(f"  yaku total: {self.subtotal}")
        for m in self.multipliers:
            src = f" ({m.source.reader(lines=False)})" if m.source else ""
            out.append(f"  x{m.factor}: {m.reason}{src}")
        out += [f"  {note}" for note in self.notes]
        for p in self.payments:
            out.append(f"  player {p.payer + 1} pays player {p.payee + 1}: {p.amount}"
                       + (f" ({p.reason})" if p.reason else ""))
        out.append(f"  total: {self.total}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        from .render.svg import row_svg  # imported lazily: rendering is optional
        esc = html.escape

        def where(source: Source | None) -> str:
            return esc(source.reader(lines=False)) if source else ""

        parts = ["<div class='hanafuda-score'>"]
        if self.title:
            parts.append(f"<h4>{esc(self.title)}</h4>")
        parts.append("<table><thead><tr><th>Yaku</th><th>Cards</th><th>Points</th>"
                     "<th>Rule</th></tr></thead><tbody>")
        for line in self.lines:
            pts = f"{line.base}" + (f" + {line.points - line.base}" if line.extras else "")
            parts.append(
                f"<tr><td>{esc(line.name)}<br><small>{esc(line.japanese)}</small></td>"
                f"<td>{row_svg(list(line.cards), width=MIN_CARD_WIDTH, label=None)}</td>"
                f"<td>{esc(pts)} = <b>{line.points}</b></td>"
                f"<td><small>{where(line.source)}</small></td></tr>")
        if not self.lines:
            parts.append("<tr><td colspan='4'>no yaku</td></tr>")
        parts.append("</tbody></table>")
        parts.append(f"<p>Yaku total: {self.subtotal}</p>")
        for m in self.multipliers:
            parts.append(f"<p>&times;{m.factor}: {esc(m.reason)}"
                         + (f" <small>({where(m.source)})</small>" if m.source else "")
                         + "</p>")
        for note in self.notes:
            parts.append(f"<p><small>{esc(note)}</small></p>")
        parts.append(f"<p><b>Total: {self.total}</b></p></div>")
        return "".join(parts)


def report_from_evaluation(evaluation: Evaluation, *, title: str = "", player: int | None = None,
                           multipliers: Iterable[Multiplier] = (), notes: Iterable[str] = (),
                           extra_lines: Iterable[ScoreLine] = (), payments: Iterable[Payment] = (),
                           total: int | None = None) -> ScoreReport:
    """Turn a :class:`hanafuda_core.yaku.Evaluation` into a report."""
    lines = [ScoreLine(h.rule.key, h.rule.name, h.rule.japanese, tuple(h.cards), h.base,
                       h.extras, tuple(h.extra_cards), h.points, h.rule.source, h.rule.note)
             for h in evaluation.hits]
    lines += list(extra_lines)
    subtotal = sum(line.points for line in lines)
    multipliers = tuple(multipliers)
    factor = 1
    for m in multipliers:
        factor *= m.factor
    notes = list(notes) + [f"{name} does not count: {why}" for name, why in evaluation.set_aside]
    return ScoreReport(tuple(lines), subtotal, multipliers,
                       subtotal * factor if total is None else total, title, player,
                       tuple(notes), tuple(payments), evaluation.sake_role)


class _PileFields(NamedTuple):
    rules: CaptureRules
    mask: int
    field_mask: int
    calls: int
    points: int
    signature: Signature
    total: int


class PileScore(_PileFields):
    """The score of a capture pile now, its explanation when asked for (made by
    :func:`score_pile`).

    ``points`` (the yaku total) and ``signature`` (``((rule index, points), ...)``)
    come from the yaku table's evaluation (:meth:`YakuTable.quick
    <hanafuda_core.yaku.YakuTable.quick>`); ``total`` applies the rules' multipliers for
    ``calls``. The explained :class:`ScoreReport` (which yaku, which cards, which rule)
    is built the first time ``report`` is read, and kept: scoring many piles costs only
    what each caller reads. (A tuple underneath: a pile's score is made in one step.)

    >>> from hanafuda_core.games.koikoi import get_rules
    >>> s = score_pile(get_rules("book"), CardSet("1b 2b 3b 4b").mask)
    >>> s.points, s.total, [line.name for line in s.report.lines]
    (6, 6, ['3 Poetry Ribbons'])
    """

    @cached_property
    def report(self) -> ScoreReport:
        """The explained report (built once, on first use)."""
        rules = self.rules
        make = getattr(rules.overlay, "pile_report", None)
        if make is not None:
            report: ScoreReport = make(rules, self.mask, self.field_mask, self.calls)
            return report
        return report_from_evaluation(rules.yaku.evaluate(self.mask, self.field_mask),
                                      title="Score of the captured cards")

    def __repr__(self) -> str:
        return f"PileScore(points={self.points}, total={self.total})"


_NO_YAKU: tuple[int, Signature] = (0, ())
_tuple_new = tuple.__new__

def score_pile(rules: CaptureRules, mask: int, field_mask: int = 0,
               calls: int = 0) -> PileScore:
    """Score a capture pile (a card mask) under engine rules: the fast path of
    :func:`score_cards` (no parsing, the explanation built on demand)."""
    if type(mask) is not int and (type(mask) is bool or not isinstance(mask, int)) \
            or mask < 0 or mask >> 48 and mask >> 48 << 48 & ~rules.bonus_mask:
        from .errors import UnknownCardError
        raise UnknownCardError("a pile is a mask of the 48 card bits (0 to 2**48 - 1)"
                               + (" and the rules' Jokers" if rules.bonus_mask else "")
                               + f", not {mask!r}")
    table = rules.yaku          # None: no yaku under these rules (Simplified's default)
    points, sig = table.quick(mask, field_mask) if table is not None else _NO_YAKU
    if not points:
        return _tuple_new(PileScore, (rules, mask, field_mask, calls, 0, sig, 0))
    # (the rules' memo read here: the method's call would be a quarter of a pile's time)
    factor = rules.multipliers_memo.get((points, calls)) or rules.multiplier(points, calls)
    return _tuple_new(PileScore, (rules, mask, field_mask, calls, points, sig,
                                  points * factor))


def score_cards(cards: str | Iterable[Card] | CardSet, preset: str = "book",
                options: Mapping[str, object] | None = None, *, calls: int = 0,
                field: str | Iterable[Card] | CardSet | None = None) -> ScoreReport:
    """Score a capture pile under a Koi-Koi preset, as if its owner called Stop.

    ``calls`` is how many Koi-Koi calls were made before the Stop
    (by anyone; the preset decides what they do); ``field`` the cards left on
    the field (only the Rain & Fog house rule looks at it).
    """
    from .games.koikoi import get_rules
    rules = get_rules(preset, **dict(options or {}))
    pile = cards if isinstance(cards, CardSet) else CardSet(cards)
    field_set = CardSet() if field is None else (field if isinstance(field, CardSet)
                                                else CardSet(field))
    return score_pile(rules, pile.mask, field_set.mask, calls).report
