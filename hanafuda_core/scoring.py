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
import re
from collections.abc import Iterable, Mapping, Sequence
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

    def owners(self, names: Sequence[str] | None = None) -> tuple[str, ...]:
        """Whose each yaku line is ("Player 2" by default, or ``names``' seat): the seat
        its note names, else the report's scorer; "" where neither is known."""
        scorer = seat_name(names, self.player) if self.player is not None else ""
        return tuple(seat_name(names, int(m.group(1)) - 1) if m else scorer
                     for m in (_OWNER.match(line.note) for line in self.lines))

    def reader_lines(self, names: Sequence[str] | None = None,
                     said: Mapping[str, str] | None = None) -> tuple[str, ...]:
        """The report told as a player at the table tells it, one line per step (the
        command line keeps :meth:`to_text`): each yaku with its owner, its points and its
        cards as a list; how the Sake Cup counted; each multiplier as "×2 because ...";
        the scorer's score where it is more than one yaku's points; the notes in words;
        who pays whom. Nothing is called a total: a card-value round's ``total`` is only
        the best score and its ``subtotal`` mixes every player's yaku, so neither is told.

        ``names`` names the seats ("Player 1" by default); ``said`` gives a note's words
        in place of the note (a score's formula told term by term by the caller).

        >>> for line in score_cards("1b 2b 3b", calls=1).reader_lines():
        ...     print(line)
        Yaku: 3 Poetry Ribbons (赤短 Akatan), 5 points: Pine Ribbon, Plum Ribbon and Cherry Ribbon
        ×2 because Koi-Koi was called (1 call), so the Stop caller's score is doubled, once
        Score: 5 × 2 = 10 points
        """
        from .narration import _name, and_list, counted, possessive, subject

        def name(seat: int) -> str:
            return seat_name(names, seat)

        def words(text: str, start: bool = True) -> str:
            # (a seat as the table names it: "Player 2", "you"; "player 1's" as "your")
            text = _PLAYER.sub(lambda m: possessive(name(int(m.group(1)) - 1), False)
                               if m.group(2) else _name(name(int(m.group(1)) - 1), False),
                               text)
            text = _TIMES.sub("\u00d7", text)
            # ("you" opening a note agrees with its verb: "you carry", "you owe")
            text = _YOU_VERB.sub(lambda m: m.group(1) + _plain_verb(m.group(2)), text)
            return text[:1].upper() + text[1:] if start else text

        scorer = name(self.player) if self.player is not None else ""
        owned = [_OWNER.match(line.note) for line in self.lines]
        one_scorer = bool(self.lines) and not any(owned)     # (a Stop: the scorer's yaku)
        out: list[str] = []
        for line, m, owner in zip(self.lines, owned, self.owners(names), strict=True):
            rest = (m.group(2) or "") if m else line.note
            asides = [_ASIDES.get(part, words(part, False)) for part in rest.split("; ")
                      if part and not part.startswith("cards inferred")]
            pts = counted(line.points, "point")
            if line.extras:
                extra = and_list(c.title for c in line.extra_cards)
                pts = (f"{line.base} + {line.points - line.base} for "
                       f"{counted(line.extras, 'extra card')}"
                       + (f" ({extra})" if extra else "") + f" = {pts}")
            title = f"{line.name} ({line.japanese})" if line.japanese else line.name
            cards = and_list(c.title for c in line.cards)
            out.append((f"{possessive(owner)} yaku: " if owner else "Yaku: ") + f"{title}, {pts}"
                       + (f": {cards}" if cards else "")
                       + (f" ({'; '.join(asides)})" if asides else ""))
        if self.sake_role:
            out.append(f"The Sake Cup counted as {_role_words(self.sake_role)}")
        narrated = any(n.startswith("yaku: ") for n in self.notes)   # (Go-Stop: step by step)
        told = [m for m in self.multipliers
                if not any(n.startswith(f"{m.reason}: x") for n in self.notes)]
        out += [f"\u00d7{m.factor} because {_because(m.reason, scorer)}" for m in told]
        if one_scorer and not narrated and (told or len(self.lines) > 1):
            whose = f"{possessive(scorer)} score" if scorer else "Score"
            steps = "".join(f" \u00d7 {m.factor}" for m in told)
            out.append(f"{whose}: {self.subtotal}{steps} = {counted(self.total, 'point')}"
                       if told and self.subtotal * self.factor == self.total
                       else f"{whose}: {counted(self.total, 'point')}")
        for note in self.notes:
            if said is not None and note in said:
                out.append(said[note])
                continue
            if note.startswith("yaku: "):
                if len(self.lines) != 1 or str(self.lines[0].points) != note[6:]:
                    owner = f"{possessive(scorer)} yaku" if scorer else "The yaku"
                    out.append(f"{owner} add up to {counted(int(note[6:]), 'point')}"
                               if note[6:].lstrip("-").isdigit() else words(note))
                continue
            step = _STEP.match(note)
            if step:
                sign, amount, reason, score = (step.group(2), step.group(3), step.group(1),
                                               step.group(4))
                out.append(f"{'+' if sign == '+' else chr(0xd7)}{amount} because "
                           f"{_because(reason, scorer)}: {counted(int(score), 'point')}")
                continue
            owes = _OWES.match(note)
            if owes and any(p.payer == int(owes.group(1)) - 1 and p.amount == int(owes.group(2))
                            for p in self.payments):
                continue                # (said by the payment: a loser pays what they owe)
            taken = _TAKEN.match(note)
            if taken and said is not None and any(
                    k.startswith(f"player {taken.group(1)}: ") for k in said):
                out.append(words(taken.group(3)))     # (the score's words say the rest)
                continue
            if taken:
                out.append(f"{subject(name(int(taken.group(1)) - 1), 'lose')} "
                           f"{taken.group(2)} to the other players' yaku ({taken.group(3)})")
                continue
            shift = _SHIFT.match(note)
            if shift:
                payer = name(int(shift.group(1)) - 1)
                they = "you" if payer.lower() == "you" else "they"
                out.append(f"{subject(payer, 'pay')} for every loser: "
                           + _SHIFT_WORDS.get(shift.group(2), "{they} " + shift.group(2))
                           .format(they=they))
                continue
            formula = _FORMULA.match(note)
            if formula:
                out.append(f"{possessive(name(int(formula.group(1)) - 1))} score: "
                           + _TIMES.sub("\u00d7", formula.group(2)))
                continue
            out.append(words(note))
        for p in self.payments:
            why = "" if p.reason in ("", "round penalty") else f" ({p.reason})"
            out.append(f"{subject(name(p.payer), 'pay')} {_name(name(p.payee), False)} "
                       f"{counted(p.amount, 'point')}{why}")
        return tuple(out)

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


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """A seat as ``names`` names it, "Player 2" where they do not (no names, or too few).

    >>> seat_name(None, 1), seat_name(["You", "The computer"], 1)
    ('Player 2', 'The computer')
    """
    return names[seat] if names is not None and 0 <= seat < len(names) \
        else f"Player {seat + 1}"


#: Words of a report's notes: a seat ("player 2"), a factor ("x2", "30 x 2"), a yaku
#: line's owner ("player 1; the Rainman stood for the Crane"), a step of a Stop's score
#: ("1 Go call: +1 = 4", "bombed the field: x2 = 8"), what a loser owes ("player 2 owes
#: 3"), what the others' yaku take ("player 2: 100 taken by others' yaku (...)"), a loser
#: who pays for all ("player 2 pays for every loser (go_caller)") and a score's formula
#: ("player 1: (163 - 115) + 25 - 20 = 53").
_PLAYER = re.compile(r"\b[Pp]layer (\d+)('s)?\b")
_TIMES = re.compile(r"(?<=\s)x(?=\s?\d)|(?<=^)x(?=\d)|(?<=\()x(?=\d)")
_OWNER = re.compile(r"^player (\d+)(?:; (.*))?$")
_STEP = re.compile(r"^(.+): ([x+])(\d+) = (-?\d+)$")
_OWES = re.compile(r"^player (\d+) owes (\d+)$")
_TAKEN = re.compile(r"^player (\d+): (\d+) taken by others' yaku \((.+)\)$")
_SHIFT = re.compile(r"^player (\d+) pays for every loser \(([a-z_]+)\)$")
_FORMULA = re.compile(r"^player (\d+): ([-\d ()+x=]+)$")

#: A yaku line's asides in words.
_ASIDES = {"optional chart, not in use: not counted":
           "not counted: these rules leave the optional yaku out",
           "optional chart, in use": "an optional yaku, counted under these rules"}

#: Why one loser pays for every loser (Go-Stop's shifts), in words.
_SHIFT_WORDS = {"go_caller": "{they} called Go and lost",
                "draw_refuser": "{they} refused the Draw",
                "responsible": "{they} handed the winner the winning card"}

#: "You" opening a note, with a verb written for anyone else ("You carries").
_YOU_VERB = re.compile(r"^(you )(\w+s)\b", re.IGNORECASE)


def _plain_verb(verb: str) -> str:
    """The verb that agrees with "you": "carries" is "carry", "owes" "owe", "has"
    "have", "passes" "pass"."""
    if verb == "has":
        return "have"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("shes", "ches", "sses", "xes")):
        return verb[:-2]
    return verb[:-1]


def _because(reason: str, who: str) -> str:
    """A multiplier's reason after "because": a deed is the scorer's ("Player 1 bombed
    the field", "Player 1 has 7 Tens", "Player 1 made 2 Go calls"), a sentence as it is."""
    from .narration import _name, subject
    who = who or "the scorer"
    if reason.startswith("holds "):
        return f"{subject(who, 'hold', False)} {reason[6:]}"
    if re.match(r"(?:revealed|bombed|called|made)\b", reason):
        return f"{_name(who, False)} {reason}"
    if re.fullmatch(r"\d+ Tens", reason):
        return f"{subject(who, 'have', False)} {reason}"
    if re.fullmatch(r"\d+ Go calls?", reason):
        return f"{_name(who, False)} made {reason}"
    return reason


def _role_words(role: str) -> str:
    """How the Sake Cup counted: "a Ten", "both a Ten and a Chaff", "two Chaffs"."""
    parts = [f"a {p}" if p in ("Ten", "Chaff", "Ribbon", "Bright") else p
             for p in role.split(" and ")]
    return f"both {parts[0]} and {parts[1]}" if len(parts) == 2 else " and ".join(parts)


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
