"""Controllers of the Hachi-Hachi tools: the hand-combination trainer, the settlement
calculator and a year of play. A round against the computer is the generic play tool
(:class:`hanafuda_core.teach.tools.PlayController`), which plays Hachi-Hachi's staged
round from the game's data.

Pure Python (standard library and the core only, no ipywidgets): the views in
:mod:`hanafuda_core.widgets.hachihachi` lay these answers out and wire events,
and the tests drive the controllers without a browser. Every change is checked
first; on bad input a :class:`~hanafuda_core.errors.HanafudaError` says what was
wrong and what is allowed, and the controller's state is left as it was.

>>> trainer = TeyakuTrainer(seed=5)
>>> trainer.hand.format()
'3b 3d 7c 9a 9c 11a 11d'
>>> fb = trainer.check(["none"])
>>> fb.correct, fb.answer
(False, ('three_pairs',))

>>> calc = SettlementCalculator()             # opens on the rulebook's round BK17-3
>>> {n: calc.format_amount(v) for n, v in calc.settlement.totals().items()}
{'A': '-88 points', 'B': '-38 points', 'C': '126 points'}
>>> calc.set_preset("d001").rules.unit.key
'kan'
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .cards import FLOWERS, MONTH_NAMES, AnyCard, Card, CardSet, parse_cards
from .controllers import MAX_SEED, SeededTool, check_seed
from .deal import deal
from .errors import HanafudaError, OptionError
from .games.hachihachi import (
    DECISION_WORDS,
    OPTIONS,
    PRESETS,
    HachiHachiRules,
    get_rules,
    yaku_rule,
)
from .games.hachihachi import PRESET_LABELS as GAME_LABELS
from .games.hachihachi_examples import BOOK_EXAMPLES, DEFAULT_EXAMPLE
from .games.hachihachi_settle import (
    CALL_ACTIONS,
    Call,
    PlayerFacts,
    RoundFacts,
    Settlement,
    settle_round,
)
from .teyaku import (
    CHAFF,
    SUIT,
    TeyakuResult,
    TeyakuRule,
    TeyakuTable,
    is_greater_triple,
    kind_counts,
)
from .units import format_amount

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .games.hachihachi_game import GameResult
    from .games.hachihachi_play import HachiHachiRound
    from .ledger import Payment
    from .play import Record

__all__ = ["PRESET_LABELS", "TRAINER_PRESETS", "MAX_SEED", "NONE", "BEST", "TeyakuTrainer",
           "TrainerFeedback", "why_not", "format_amount", "unit_note", "combination_label",
           "PlayerForm", "CallForm", "RoundForm", "SettlementCalculator", "STATUSES",
           "CALL_WORDS", "CALCULATOR_OPTIONS", "LIGHTS", "payment_rows", "total_rows",
           "category_rows", "settlement_headline", "YearChart",
           "YEAR_AGENTS"]

#: The four traditions, in the order the tools list them, with their labels: the game's
#: own (:data:`hanafuda_core.games.hachihachi.PRESET_LABELS`, what
#: :func:`hanafuda_core.teach.preset_label` reads).
PRESET_LABELS: Mapping[str, str] = {p: GAME_LABELS[p] for p in PRESETS}
TRAINER_PRESETS: tuple[str, ...] = tuple(PRESET_LABELS)

#: The trainer's answer for a hand without any combination.
NONE = "none"
#: The calculator's "whatever the dealt hand makes best" claim.
BEST = "best"

#: Player statuses in the calculator (the wording of :class:`RoundFacts`).
STATUSES: tuple[tuple[str, str], ...] = (("plays", "active"), ("passed", "passed"),
                                         ("forced out", "forced_out"))

#: Each tradition's words for the decisions after a yaku, as the settlement's call codes:
#: the rules' own words (:data:`~hanafuda_core.games.hachihachi.DECISION_WORDS`) in lower
#: case, with ``cancel`` where the tradition can call one off.
CALL_WORDS: Mapping[str, tuple[str, ...]] = {
    p: (w.go_on.lower(), w.stop.lower(), *(("cancel",) if w.cancel else ()))
    for p, w in DECISION_WORDS.items()}
assert all(CALL_ACTIONS.get(w) for words in CALL_WORDS.values() for w in words)

#: House rules the calculator lets a teacher change on top of the preset.
CALCULATOR_OPTIONS: tuple[str, ...] = tuple(k for k in ("fold_fees",) if OPTIONS[k].implemented)

#: The Brights that raise the field, for a quick "pick the lights" control.
LIGHTS: tuple[str, ...] = ("1a", "3a", "8a", "11a", "12a")


def _check_preset(preset: object) -> str:
    if preset not in PRESET_LABELS:
        raise OptionError(f"unknown Hachi-Hachi tradition {preset!r}; choose one of: "
                          f"{', '.join(PRESET_LABELS)}")
    return str(preset)


def unit_note(rules: HachiHachiRules) -> str:
    """How the tradition writes amounts, in one line.

    >>> unit_note(get_rules("d004"))
    'Amounts in shillings and pence: 1/6 is 1 shilling 6 pence, 2/- is 2 shillings, 6d is 6 pence.'
    """
    key = rules.unit.key
    if key == "shillings":
        return ("Amounts in shillings and pence: 1/6 is 1 shilling 6 pence, 2/- is 2 shillings, "
                "6d is 6 pence.")
    if key == "kan":
        return "Amounts in kan of 12 points: '1 kan 6' is 18 points."
    return "Amounts in points."



def combination_label(rules: HachiHachiRules, rule: TeyakuRule) -> str:
    """A hand combination as a choice: name, Japanese name and value in the unit.

    >>> combination_label(get_rules("book"), get_rules("book").teyaku.rule("three_pairs"))
    '3 Pairs · 喰付 Kuttsuki · 40 points'
    """
    value = format_amount(rules, rule.value * rules.combo_scale)
    plus = f" + {rule.per_greater} per greater triple" if rule.per_greater else ""
    return f"{rule.name} · {rule.japanese} · {value}{plus}"


# ---------------------------------------------------------------------------
# Why a combination does not fit a hand


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _cards_words(cards: Iterable[int]) -> str:
    names = [f"the {Card(c).title}" for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _month_words(months: Iterable[int]) -> str:
    names = [f"{FLOWERS[m - 1].english} ({MONTH_NAMES[m - 1]})" for m in months]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _groups(hand: CardSet) -> dict[str, list[int]]:
    counts = hand.months()
    return {"4": [m for m, n in counts.items() if n == 4],
            "3": [m for m, n in counts.items() if n == 3],
            "G": [m for m, n in counts.items() if n == 3 and is_greater_triple(hand, m)],
            "2": [m for m, n in counts.items() if n == 2]}


def _hand_kinds(table: TeyakuTable, hand: CardSet) -> str:
    b, t, r, c = kind_counts(hand, table.rain_is_chaff)
    rain = " (November cards count as Chaffs here)" if table.rain_is_chaff and any(
        isinstance(card, Card) and card.is_rain for card in hand) else ""
    return (f"{_plural(b, 'Bright')}, {_plural(t, 'Ten')}, {_plural(r, 'Ribbon')} and "
            f"{_plural(c, 'Chaff')}{rain}")


def _chaff_needs(rule: TeyakuRule) -> str:
    """What a chaff combination needs, e.g. '1 Ten and 6 Chaffs'."""
    b, t, r = rule.kinds
    parts = [_plural(n, word) for n, word in ((b, "Bright"), (t, "Ten"), (r, "Ribbon")) if n]
    if rule.ribbons_at_least and r:
        parts[-1] = f"{r} or more Ribbons"
        return " and ".join(parts) + " and the rest Chaffs"
    rest = 7 - b - t - r
    return " and ".join(parts + [_plural(rest, "Chaff")]) if parts else "all 7 cards to be Chaffs"


def why_not(table: TeyakuTable, rule: TeyakuRule, hand: CardSet) -> str:
    """Why ``hand`` does not make ``rule``, in one sentence (empty if it does).

    >>> table = get_rules("book").teyaku
    >>> print(why_not(table, table.rule("three_pairs"), CardSet.parse("1c 1d 2c 2d 3a 5b 7c")))
    3 Pairs needs three months with two cards each; this hand has two (Pine (January) and
    Plum (February)).
    """
    if table.evaluate(hand).find(rule.key) is not None:
        return ""
    if rule.group == CHAFF:
        return f"{rule.name} needs {_chaff_needs(rule)}; this hand has {_hand_kinds(table, hand)}."
    have = _groups(hand)
    need = {p: rule.parts.count(p) for p in "432G"}
    numbers = ("no", "one", "two", "three", "four")

    def count(n: int) -> str:
        return numbers[n] if n < len(numbers) else str(n)

    if len(have["4"]) < need["4"]:
        months = f" ({_month_words(have['4'])})" if have["4"] else ""
        return (f"{rule.name} needs all four cards of a month; this hand has "
                f"{'none' if not have['4'] else count(len(have['4']))}{months}.")
    if len(have["G"]) < need["G"]:
        plain = [m for m in have["3"] if m not in have["G"]]
        extra = ""
        if 12 in plain:
            extra = " (a Paulownia triple with the Phoenix is an ordinary triple)"
        elif plain:
            extra = f" (its triple of {_month_words(plain)} is an ordinary one)"
        greater = "a greater triple" if need["G"] == 1 else "two greater triples"
        return (f"{rule.name} needs {greater}"
                f": three cards of Wisteria, Iris or Bush Clover, or the three Paulownia "
                f"Chaffs; this hand has {count(len(have['G'])) if have['G'] else 'none'}{extra}.")
    triples = need["3"] + need["G"]
    if len(have["3"]) < triples:
        kind = "months with three cards each" if triples > 1 else "a month with exactly three cards"
        got = _month_words(have["3"])
        return (f"{rule.name} needs {count(triples) + ' ' if triples > 1 else ''}{kind}; this "
                f"hand has {count(len(have['3'])) if have['3'] else 'none'}"
                f"{f' ({got})' if got else ''}.")
    if len(have["2"]) < need["2"]:
        got = _month_words(have["2"])
        k = need["2"]
        what = ("a month with exactly two cards" if k == 1
                else f"{count(k)} months with two cards each")
        return (f"{rule.name} needs {what}; this hand has "
                f"{count(len(have['2'])) if have['2'] else 'none'}{f' ({got})' if got else ''}.")
    return f"{rule.name} needs {rule.describe()}; this hand does not split that way."


# ---------------------------------------------------------------------------
# The hand-combination trainer


@dataclass(frozen=True)
class TrainerFeedback:
    """The verdict on one answer, with every reason spelled out."""

    correct: bool
    headline: str
    lines: tuple[str, ...]
    answer: tuple[str, ...]          # the keys a player should claim (NONE: nothing)
    picked: tuple[str, ...]
    result: TeyakuResult

    def to_text(self) -> str:
        return "\n".join((self.headline,) + self.lines)


class TeyakuTrainer(SeededTool):
    """Deal a seeded 7-card hand; the learner names the combinations it holds.

    The hand is the first player's in a three-player deal (:func:`~hanafuda_core.deal.deal`),
    so a seed gives the same hand as the sample deal shows for player 1.
    ``only_with_combo`` deals on from the seed until a hand holds a combination.
    ``seed`` is the seed of the hand shown; :meth:`next_hand` moves past it.
    """

    def __init__(self, preset: str = "book", seed: int = 1, only_with_combo: bool = False
                 ) -> None:
        self._preset = _check_preset(preset)
        self._only = bool(only_with_combo)
        self._checked = 0
        self._right = 0
        self._streak = 0
        self._best_streak = 0
        self._counted = False
        self._feedback: TrainerFeedback | None = None
        self._seed, self._hand = self._find(check_seed(seed), self._only)

    # -- state ---------------------------------------------------------------
    @property
    def rules(self) -> HachiHachiRules:
        return get_rules(self._preset)

    @property
    def table(self) -> TeyakuTable:
        return self.rules.teyaku

    @property
    def hand(self) -> CardSet:
        return self._hand

    @property
    def only_with_combo(self) -> bool:
        return self._only

    @property
    def feedback(self) -> TrainerFeedback | None:
        """The last verdict on this hand (None before the first Check)."""
        return self._feedback

    def result(self) -> TeyakuResult:
        return self.table.evaluate(self._hand)

    def choices(self) -> list[tuple[str, str]]:
        """(label, key) for every combination of the tradition's table, then "none"."""
        rules = self.rules
        out = [(combination_label(rules, r), r.key) for r in rules.teyaku.rules]
        return out + [("None: this hand holds no combination", NONE)]

    def groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The choices split into the two families (chaff, suit), for two columns."""
        rules = self.rules
        out = []
        for group, title in ((CHAFF, "By kind (chaff combinations)"),
                             (SUIT, "By month (suit combinations)")):
            out.append((title, [(combination_label(rules, r), r.key)
                                for r in rules.teyaku.rules if r.group == group]))
        return out

    # -- changes (each checked first) ---------------------------------------------
    def set_preset(self, preset: str) -> None:
        """Judge the same hand under another tradition's table."""
        self._preset = _check_preset(preset)
        self._feedback = None
        self._counted = False

    def set_only_with_combo(self, on: bool) -> None:
        self._only = bool(on)

    def deal(self, seed: int | None = None) -> CardSet:
        """Deal the hand of ``seed`` (default: the current seed again)."""
        seed = self._seed if seed is None else check_seed(seed)
        self._seed, self._hand = self._find(seed, self._only)
        self._feedback = None
        self._counted = False
        return self._hand

    def next_hand(self) -> CardSet:
        """The hand of the next seed (with ``only_with_combo``: the next one holding one)."""
        return self.deal((self._seed + 1) % (MAX_SEED + 1))

    def check(self, picked: Iterable[str]) -> TrainerFeedback:
        """Judge the picked combination keys (``"none"`` for no combination).

        The right answer is what a player claims: the best combination of each
        family the hand makes (one chaff, one suit at most). The first Check of
        each hand counts for the score line.
        """
        picked = tuple(dict.fromkeys(picked))
        if not picked:
            raise HanafudaError("pick at least one answer (or 'None' if the hand holds no "
                                "combination), then Check")
        table = self.table
        known = {r.key for r in table.rules} | {NONE}
        for key in picked:
            if key not in known:
                raise HanafudaError(f"{key!r} is not a hand combination of this tradition; "
                                    f"choose from: {', '.join(sorted(known))}")
        if NONE in picked and len(picked) > 1:
            raise HanafudaError("'None' cannot be picked together with a combination")
        fb = self._judge(picked)
        if not self._counted:
            self._counted = True
            self._checked += 1
            if fb.correct:
                self._right += 1
                self._streak += 1
                self._best_streak = max(self._best_streak, self._streak)
            else:
                self._streak = 0
        self._feedback = fb
        return fb

    # -- answers ----------------------------------------------------------------------
    def score_line(self) -> str:
        if not self._checked:
            return "No hand checked yet."
        return (f"Right first time: {self._right} of {self._checked} · streak {self._streak}"
                f" · best streak {self._best_streak}")

    def summary(self) -> str:
        only = " (dealt on until a hand holds a combination)" if self._only else ""
        return (f"Seed {self._seed} · {PRESET_LABELS[self._preset]}{only}: the first "
                "player's 7 cards of a three-player deal")

    # -- internals ------------------------------------------------------------------------
    @staticmethod
    def _deal_hand(seed: int) -> CardSet:
        return deal(3, seed).hands[0]

    def _find(self, seed: int, only: bool) -> tuple[int, CardSet]:
        hand = self._deal_hand(seed)
        if not only:
            return seed, hand
        table = get_rules(self._preset).teyaku
        for step in range(1000):
            s = (seed + step) % (MAX_SEED + 1)
            hand = self._deal_hand(s)
            if table.evaluate(hand).hits:
                return s, hand
        raise HanafudaError("no hand with a combination in 1,000 deals")  # pragma: no cover

    def _judge(self, picked: tuple[str, ...]) -> TrainerFeedback:
        rules, table, hand = self.rules, self.table, self._hand
        result = table.evaluate(hand)
        answer = tuple(h.rule.key for h in result.hits) or (NONE,)

        def fmt(v: int) -> str:
            return format_amount(rules, v * rules.combo_scale)

        lines: list[str] = []
        for hit in result.hits:
            shown = _cards_words(hit.shown)
            lines.append(f"This hand holds {hit.rule.name} ({hit.rule.japanese}), worth "
                         f"{fmt(hit.value)} from each opponent: it shows {shown}.")
        if not result.hits:
            lines.append(f"This hand holds no combination: by kind it has "
                         f"{_hand_kinds(table, hand)}, and no month split fits the table.")
        for key in picked:
            if key == NONE:
                if result.hits:
                    lines.append("'None' is not right: see the combination(s) above.")
                continue
            if key in answer:
                continue
            rule = table.rule(key)
            found = result.find(key)
            if found is not None:
                best = result.best(rule.group)
                assert best is not None, "a group with a hit has a best hit"
                lines.append(f"The hand does make {rule.name} ({fmt(found.value)}), but only one "
                             f"{'chaff' if rule.group == CHAFF else 'suit'} combination may be "
                             f"claimed and {best.rule.name} ({fmt(best.value)}) is worth more.")
            else:
                lines.append(why_not(table, rule, hand))
        missed = [k for k in answer if k != NONE and k not in picked]
        for key in missed:
            lines.append(f"You missed {table.rule(key).name}.")
        total = result.total
        if total:
            lines.append(f"In all the hand takes {fmt(total)} from each opponent (times the "
                         "field multiplier).")
        correct = set(picked) == set(answer)
        names = " and ".join(table.rule(k).name for k in answer if k != NONE) or "no combination"
        headline = (f"Right: {names}." if correct else f"Not quite: the hand holds {names}.")
        return TrainerFeedback(correct, headline, tuple(lines), answer, picked, result)


# ---------------------------------------------------------------------------
# A settlement as rows for a table


def payment_rows(s: Settlement) -> list[dict[str, str]]:
    """The payment lines, formatted: payer, payee, amount, reason, clause, multiplier."""
    def fmt(v: int) -> str:
        return format_amount(s.rules, v)

    return [{"payer": p.payer, "payee": p.payee, "amount": fmt(p.amount), "reason": p.reason,
             "clause": p.clause, "multiplier": f"x{p.multiplier}", "category": p.category}
            for p in s.ledger.payments]


def total_rows(s: Settlement) -> list[tuple[str, str]]:
    """(player, net result in the unit) for every account."""
    return [(name, format_amount(s.rules, v)) for name, v in s.totals().items()]


#: How the settlement's categories (steps) are named in tables.
CATEGORY_LABELS: Mapping[str, str] = {
    "fees": "pass fees", "compensation": "compensation (forced out)",
    "teyaku": "hand combinations (teyaku)", "yaku": "yaku (captured combinations)",
    "cards": "card points against 88", "events": "bonuses", "blind": "blind stay",
    "special": "special achievement", "returned": "returned payments", "total": "total",
}


def category_rows(s: Settlement, labels: Mapping[str, str] = CATEGORY_LABELS,
                  fmt: Callable[[int], str] | None = None, head: str = "category"
                  ) -> list[dict[str, str]]:
    """Each category's net per player, like the rulebook's scoring figures.

    ``labels`` names the categories, ``fmt`` writes an amount (default: with its
    unit, :func:`format_amount`) and ``head`` is the key of the category column.

    >>> from hanafuda_core.games.hachihachi_examples import example
    >>> category_rows(example("BK17-3").settle())[-1]
    {'category': 'total', 'A': '-88 points', 'B': '-38 points', 'C': '126 points'}
    """
    fmt = fmt or (lambda v: format_amount(s.rules, v))
    return [{(head if k == "category" else k): (labels.get(v, v) if k == "category" else fmt(v))
             for k, v in row.items()} for row in s.to_rows()]


def settlement_headline(s: Settlement) -> str:
    """Tradition, field multiplier and why, the winner, and how amounts are written."""
    m = s.multiplier
    winner = f"Winner: {s.winner}" if s.winner else "No winner"
    return (f"{PRESET_LABELS.get(s.rules.preset, s.rules.preset)} · {m.name} (x{m.value}): "
            f"{m.reason}. {winner}. {unit_note(s.rules)}")


# ---------------------------------------------------------------------------
# The settlement calculator: a round's facts as a form


@dataclass(frozen=True)
class PlayerForm:
    """One player's column of the calculator, as the teacher typed it.

    ``chaff_claim`` / ``suit_claim``: a combination key, ``"best"`` (what the
    dealt hand makes best; nothing without a hand) or ``"none"``.
    ``card_points`` / ``chaffs``: text, blank when unknown.
    """

    name: str
    status: str = "active"
    hand: str = ""
    chaff_claim: str = BEST
    suit_claim: str = BEST
    captures: str = ""
    card_points: str = ""
    chaffs: str = ""
    caught_triple: bool = False


@dataclass(frozen=True)
class CallForm:
    """A decision after a yaku: who, which word, and the yaku held (keys)."""

    player: str
    action: str
    yaku: tuple[str, ...] = ()

    def describe(self, rules: HachiHachiRules) -> str:
        names = ", ".join(yaku_rule(rules.yaku, k).name for k in self.yaku) or "no yaku named"
        return f"{self.player}: {self.action} (holding {names})"


@dataclass(frozen=True)
class RoundForm:
    """The whole calculator form: tradition, players, field, calls."""

    preset: str = "book"
    players: tuple[PlayerForm, ...] = ()
    dealer: str = "A"
    field: str = ""
    multiplier: int | None = None        # None: from the field cards
    calls: tuple[CallForm, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    def player(self, name: str) -> PlayerForm:
        for p in self.players:
            if p.name == name:
                return p
        raise HanafudaError(f"no player called {name!r}; players: "
                            f"{', '.join(p.name for p in self.players)}")


PLAYER_NAMES = tuple("ABCDEFG")


def _claim_fields(claims: tuple[str, ...] | None, table: TeyakuTable) -> tuple[str, str]:
    if claims is None:
        return BEST, BEST
    chaff = suit = NONE
    for key in claims:
        if table.rule(key).group == CHAFF:
            chaff = key
        else:
            suit = key
    return chaff, suit


def form_from_facts(facts: RoundFacts, preset: str = "book",
                    options: Mapping[str, Any] | None = None) -> RoundForm:
    """The calculator form that describes ``facts`` (for loading an example)."""
    table = get_rules(preset, **dict(options or {})).teyaku
    players = []
    for p in facts.players:
        status = ("passed" if p.name in facts.passed else
                  "forced_out" if p.name in facts.forced_out else "active")
        chaff, suit = _claim_fields(p.claims, table)
        players.append(PlayerForm(
            p.name, status, p.hand.format() if p.hand is not None else "", chaff, suit,
            p.captures.format() if p.captures is not None else "",
            "" if p.card_points is None else str(p.card_points),
            "" if p.chaffs is None else str(p.chaffs), bool(p.caught_triples)))
    calls = tuple(CallForm(c.player, c.action, tuple(c.yaku)) for c in facts.calls)
    return RoundForm(preset, tuple(players), facts.dealer,
                     facts.field.format() if facts.field is not None else "", facts.multiplier,
                     calls, tuple(sorted(dict(options or {}).items())))


def _parse_whole(text: Any, what: str, low: int, high: int) -> int | None:
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        try:
            value = int(str(text).strip())
        except ValueError:
            raise HanafudaError(f"{what} must be a whole number from {low} to {high} (or "
                                f"blank), not {text!r}") from None
    if not low <= value <= high:
        raise HanafudaError(f"{what} must be a whole number from {low} to {high}, not {value}")
    return value


def _parse_set(text: str, what: str) -> CardSet | None:
    if not isinstance(text, str):
        raise HanafudaError(f"write {what} as text, not {type(text).__name__}")
    if not text.strip():
        return None
    try:
        return CardSet(parse_cards(text))
    except HanafudaError as error:
        raise HanafudaError(f"{what}: {error}") from None


class SettlementCalculator:
    """A round's facts in a form, settled by
    :func:`~hanafuda_core.games.hachihachi_settle.settle_round`.

    ``settle(form)`` checks the whole form; on success ``form`` and ``settlement``
    are the new ones, on error both stay as they were. It opens on the rulebook's
    round BK17-3 (:data:`~hanafuda_core.games.hachihachi_examples.DEFAULT_EXAMPLE`).
    """

    def __init__(self, example: str | None = DEFAULT_EXAMPLE) -> None:
        self._form = RoundForm(players=tuple(PlayerForm(n) for n in "ABC"))
        self._example: str | None = None
        self._settlement: Settlement | None = None
        if example:
            self.load_example(example)

    # -- state -------------------------------------------------------------------
    @property
    def form(self) -> RoundForm:
        return self._form

    @property
    def preset(self) -> str:
        return self._form.preset

    @property
    def rules(self) -> HachiHachiRules:
        return get_rules(self._form.preset, **dict(self._form.options))

    @property
    def settlement(self) -> Settlement | None:
        """The last good settlement (None before the first)."""
        return self._settlement

    @property
    def example(self) -> str | None:
        """The example the form was loaded from, until the form is changed."""
        return self._example

    @staticmethod
    def examples() -> list[tuple[str, str]]:
        """(label, key) of the rulebook's worked rounds."""
        return [(f"{ex.key}: {ex.title}", ex.key) for ex in BOOK_EXAMPLES.values()]

    @staticmethod
    def example_summary(key: str) -> str:
        return BOOK_EXAMPLES[key].summary

    # -- choices for the view --------------------------------------------------------
    def claim_choices(self, group: str) -> list[tuple[str, str]]:
        """(label, value) for a player's chaff or suit claim under the current tradition."""
        rules = self.rules
        rows = [(combination_label(rules, r), r.key) for r in rules.teyaku.rules
                if r.group == group]
        return [("Best in the dealt hand", BEST), ("None", NONE)] + rows

    def call_words(self) -> tuple[str, ...]:
        return CALL_WORDS[self.preset]

    def yaku_choices(self) -> list[tuple[str, str]]:
        rules = self.rules
        return [(f"{r.name} · {r.japanese} · "
                 f"{format_amount(rules, r.points * rules.combo_scale)}", r.key)
                for r in rules.yaku.rules]

    def option_choices(self, key: str) -> list[tuple[str, Any]]:
        if key not in CALCULATOR_OPTIONS:
            raise OptionError(f"the calculator offers the options {', '.join(CALCULATOR_OPTIONS)}")
        out = []
        for value in OPTIONS[key].allowed:
            if key == "fold_fees":
                label = ("no fee for passing" if not value else
                         " / ".join(format_amount(self.rules, v) for v in value))
            else:
                label = str(value)
            out.append((label, value))
        return out

    def option_value(self, key: str) -> Any:
        return getattr(self.rules, key)

    # -- changes -------------------------------------------------------------------------
    def load_example(self, key: str) -> Settlement:
        """Fill the form with a worked round and settle it."""
        if key not in BOOK_EXAMPLES:
            raise HanafudaError(f"unknown example {key!r}; examples: {', '.join(BOOK_EXAMPLES)}")
        ex = BOOK_EXAMPLES[key]
        settlement = self.settle(form_from_facts(ex.facts, ex.preset, dict(ex.options)))
        self._example = key
        return settlement

    def set_preset(self, preset: str, form: RoundForm | None = None) -> Settlement:
        """Settle the same round (``form``, default the current one) under another
        tradition, its house-rule changes cleared.

        Claims the new table does not have go back to "best in the dealt hand";
        calls use the new tradition's words. On error nothing changes.
        """
        preset = _check_preset(preset)
        form = self._form if form is None else form
        keys = {r.key for r in get_rules(preset).teyaku.rules} | {BEST, NONE}
        players = tuple(replace(p, chaff_claim=p.chaff_claim if p.chaff_claim in keys else BEST,
                                suit_claim=p.suit_claim if p.suit_claim in keys else BEST)
                        for p in form.players)
        calls = tuple(replace(c, action=self._translate(c.action, preset)) for c in form.calls)
        return self.settle(replace(form, preset=preset, players=players, calls=calls, options=()))

    def set_option(self, key: str, value: Any, form: RoundForm | None = None) -> Settlement:
        """Change a house rule on top of the preset and settle again (nothing changes on error)."""
        if key not in CALCULATOR_OPTIONS:
            raise OptionError(f"the calculator offers the options {', '.join(CALCULATOR_OPTIONS)}; "
                              f"not {key!r}")
        form = self._form if form is None else form
        options = dict(form.options)
        options[key] = OPTIONS[key].check(value)
        return self.settle(replace(form, options=tuple(sorted(options.items()))))

    def set_players(self, count: int, form: RoundForm | None = None) -> RoundForm:
        """Change the number of players (2-7) of the draft form; new players start as passers.

        Nothing is settled: click Settle when the new columns are filled in.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 7:
            raise HanafudaError(f"Hachi-Hachi is played by 2 to 7 players, not {count!r}")
        form = self._form if form is None else form
        players = list(form.players[:count])
        for name in PLAYER_NAMES[len(players):count]:
            players.append(PlayerForm(name, status="passed" if len(players) >= 3 else "active"))
        dealer = form.dealer if form.dealer in PLAYER_NAMES[:count] else "A"
        calls = tuple(c for c in form.calls if c.player in PLAYER_NAMES[:count])
        self._form = replace(form, players=tuple(players), dealer=dealer, calls=calls)
        self._example = None
        return self._form

    def add_call(self, player: str, action: str, yaku: Sequence[str]) -> RoundForm:
        """Add a decision at the end of the list of calls (checked first)."""
        self._form.player(player)
        if action not in self.call_words():
            raise HanafudaError(f"{PRESET_LABELS[self.preset]} calls are "
                                f"{', '.join(self.call_words())}; not {action!r}")
        yaku = tuple(dict.fromkeys(yaku))
        for key in yaku:
            yaku_rule(self.rules.yaku, key)
        if CALL_ACTIONS[action] != "cancel" and not yaku:
            raise HanafudaError("name the yaku the player holds when making this call")
        self._form = replace(self._form, calls=self._form.calls + (CallForm(player, action, yaku),))
        self._example = None
        return self._form

    def remove_last_call(self) -> RoundForm:
        if not self._form.calls:
            raise HanafudaError("there is no call to remove")
        self._form = replace(self._form, calls=self._form.calls[:-1])
        self._example = None
        return self._form

    def settle(self, form: RoundForm | None = None) -> Settlement:
        """Check the form, settle it, and keep both (nothing changes on error)."""
        form = self._form if form is None else form
        _check_preset(form.preset)
        rules = get_rules(form.preset, **dict(form.options))
        facts = self.facts(form, rules)
        settlement = settle_round(rules, facts)
        if form != self._form:
            self._example = None
        self._form, self._settlement = form, settlement
        return settlement

    def facts(self, form: RoundForm, rules: HachiHachiRules | None = None) -> RoundFacts:
        """The :class:`RoundFacts` a form describes (raises with the reason if it cannot)."""
        rules = rules or get_rules(form.preset, **dict(form.options))
        table = rules.teyaku
        statuses = {value for _, value in STATUSES}
        seen: dict[AnyCard, str] = {}
        players = []
        for p in form.players:
            if p.status not in statuses:
                raise HanafudaError(f"{p.name}'s status must be one of: "
                                    f"{', '.join(label for label, _ in STATUSES)}")
            hand = _parse_set(p.hand, f"{p.name}'s dealt hand")
            if hand is not None and len(hand) != 7:
                raise HanafudaError(f"{p.name}'s dealt hand has {len(hand)} "
                                    f"card{'s' * (len(hand) != 1)}; Hachi-Hachi deals 7")
            for card in hand or ():
                if card in seen:
                    raise HanafudaError(f"the {card.title} ({card.code}) is dealt to both "
                                        f"{seen[card]} and {p.name}")
                seen[card] = p.name
            captures = _parse_set(p.captures, f"{p.name}'s captured cards")
            points = _parse_whole(p.card_points, f"{p.name}'s card points", 0, 264)
            chaffs = _parse_whole(p.chaffs, f"{p.name}'s Chaffs taken", 0, 26)
            claims = self._claims(p, hand, table)
            caught = None
            if p.caught_triple:
                if hand is None:
                    raise HanafudaError(f"{p.name} caught a triple: give the dealt hand so the "
                                        "triple's month is known")
                caught = tuple(m for h in table.evaluate(hand).hits for m in h.triples
                               if claims is None or h.rule.key in claims)
                if not caught:
                    raise HanafudaError(f"{p.name} claims no combination with a triple, so "
                                        "there is no triple to catch")
            players.append(PlayerFacts(p.name, hand=hand, claims=claims, captures=captures,
                                       card_points=points, chaffs=chaffs, caught_triples=caught))
        field_cards = _parse_set(form.field, "the field")
        if form.multiplier is not None and form.multiplier not in (1, 2, 4):
            raise HanafudaError(f"the field multiplier is 1, 2 or 4 (or taken from the field "
                                f"cards), not {form.multiplier!r}")
        if form.multiplier is None and field_cards is None:
            field_cards = CardSet()
        calls = tuple(Call(c.player, c.action, tuple(c.yaku)) for c in form.calls)
        return RoundFacts(
            tuple(players), dealer=form.dealer, field=field_cards, multiplier=form.multiplier,
            passed=tuple(p.name for p in form.players if p.status == "passed"),
            forced_out=tuple(p.name for p in form.players if p.status == "forced_out"),
            calls=calls)

    # -- answers for the view -------------------------------------------------------------
    def format_amount(self, amount: int) -> str:
        return format_amount(self.rules, amount)

    def payment_rows(self) -> list[dict[str, str]]:
        """The payment lines, formatted: payer, payee, amount, reason, clause, multiplier."""
        return payment_rows(self._require())

    def total_rows(self) -> list[tuple[str, str]]:
        return total_rows(self._require())

    def category_rows(self) -> list[dict[str, str]]:
        """Each category's net per player, like the rulebook's scoring figures."""
        return category_rows(self._require())

    def headline(self) -> str:
        return settlement_headline(self._require())

    def hand_rows(self) -> list[tuple[str, list[AnyCard]]]:
        """(label, cards) for each player with a dealt hand; label names what it shows."""
        s = self._require()
        rows = []
        for p in s.facts.players:
            if p.hand is None:
                continue
            hits = s.teyaku.get(p.name, ())
            shows = ", ".join(h.rule.name for h in hits) or "no combination claimed"
            status = ("" if p.name in s.facts.active else
                      " (passed)" if p.name in s.facts.passed else " (forced out)")
            rows.append((f"{p.name}{status}: {shows}", list(p.hand)))
        return rows

    def shown_cards(self) -> CardSet:
        s = self._require()
        mask = 0
        for hits in s.teyaku.values():
            for h in hits:
                mask |= h.shown.mask
        return CardSet.from_mask(mask)

    # -- internals --------------------------------------------------------------------------
    @staticmethod
    def _translate(action: str, preset: str) -> str:
        kind = CALL_ACTIONS.get(action.strip().lower(), "")
        for word in CALL_WORDS[preset]:
            if CALL_ACTIONS[word] == kind:
                return word
        return action

    @staticmethod
    def _claims(p: PlayerForm, hand: CardSet | None, table: TeyakuTable
                ) -> tuple[str, ...] | None:
        for group, value in ((CHAFF, p.chaff_claim), (SUIT, p.suit_claim)):
            if value in (BEST, NONE):
                continue
            rule = table.rule(value)
            if rule.group != group:
                raise HanafudaError(f"{rule.name} is a {rule.group} combination, not a "
                                    f"{group} one")
        if p.chaff_claim == BEST and p.suit_claim == BEST:
            return None if hand is not None else ()
        best = table.evaluate(hand) if hand is not None else None
        out = []
        for group, value in ((CHAFF, p.chaff_claim), (SUIT, p.suit_claim)):
            if value == NONE:
                continue
            if value == BEST:
                hit = best.best(group) if best is not None else None
                if hit is not None:
                    out.append(hit.rule.key)
                continue
            out.append(value)
        return tuple(out)

    def _require(self) -> Settlement:
        if self._settlement is None:
            raise HanafudaError("nothing has been settled yet; click Settle")
        return self._settlement


# ---------------------------------------------------------------------------
# A year of play: twelve deals by computer players, charted


#: The computer line-ups the year chart offers (one agent name per seat).
YEAR_AGENTS: Mapping[str, tuple[str, str, str]] = {
    "three greedy players": ("greedy", "greedy", "greedy"),
    "greedy, random, greedy": ("greedy", "random", "greedy"),
    "three random players": ("random", "random", "random"),
}


def _deal_points(deal: HachiHachiRound) -> tuple[int, ...]:
    """Each seat's points in a deal played to its end."""
    assert deal.result is not None, "a deal played to its end has its result"
    return deal.result.points


class YearChart(SeededTool):
    """A seeded twelve-deal game played by computer players
    (:func:`hanafuda_core.games.hachihachi_game.play_hachihachi_game`), as cumulative
    scores month by month, with each deal's field multiplier. ``record`` is the game's
    :class:`~hanafuda_core.play.Record`; ``result`` what it tells
    (:func:`hanafuda_core.games.hachihachi_game.game_result`).

    Only the deals' own settlements are charted; what is paid between and after
    the deals (the month chart's chips, the half-time pot, the game winner's
    award) is listed in :meth:`end_rows`.
    """

    _record: Record
    _result: GameResult

    def __init__(self, seed: int = 1, preset: str = "book",
                 agents: str = "three greedy players") -> None:
        self.play(seed, preset, agents)

    # -- state ---------------------------------------------------------------
    @property
    def record(self) -> Record:
        return self._record

    @property
    def result(self) -> GameResult:
        return self._result

    @property
    def agents(self) -> str:
        return self._agents

    @property
    def rules(self) -> HachiHachiRules:
        return self._result.rules

    # -- changes ---------------------------------------------------------------
    def play(self, seed: int | None = None, preset: str | None = None,
             agents: str | None = None) -> Record:
        """Play a new year (everything checked first; nothing changes on error)."""
        from .games.hachihachi_game import game_result, play_hachihachi_game
        seed = getattr(self, "_seed", 1) if seed is None else check_seed(seed)
        preset = getattr(self, "_preset", "book") if preset is None else _check_preset(preset)
        agents = getattr(self, "_agents", "three greedy players") if agents is None else agents
        if agents not in YEAR_AGENTS:
            raise HanafudaError(f"unknown line-up {agents!r}; choose one of: "
                                f"{', '.join(YEAR_AGENTS)}")
        names = tuple(f"Player {i + 1} ({a})" for i, a in enumerate(YEAR_AGENTS[agents]))
        record = play_hachihachi_game(seed, YEAR_AGENTS[agents], deals=12, preset=preset,
                                      names=names)
        result = game_result(record)
        self._seed, self._preset, self._agents = seed, preset, agents
        self._record, self._result = record, result
        return record

    # -- answers -----------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self._result.names

    def months(self) -> list[str]:
        return [row["month"] for row in self._result.chart()]

    def multipliers(self) -> list[int]:
        return [d.multiplier.value for d in self._result.deals]

    def series(self) -> dict[str, list[int]]:
        """Cumulative result of each player after each deal (smallest unit)."""
        out: dict[str, list[int]] = {n: [] for n in self.names}
        run = [0] * len(self.names)
        for d in self._result.deals:
            run = [a + b for a, b in zip(run, _deal_points(d))]
            for n, v in zip(self.names, run):
                out[n].append(v)
        return out

    def rows(self) -> list[dict[str, str]]:
        """One row per deal: month, field, winner, each player's result and running total."""
        rules = self.rules

        def fmt(v: int) -> str:
            return format_amount(rules, v)

        series = self.series()
        out = []
        for i, (d, row) in enumerate(zip(self._result.deals, self._result.chart())):
            line = {"month": row["month"], "field": f"x{d.multiplier.value}",
                    "winner": row["winner"], "how": row["reason"]}
            for n, pts in zip(self.names, _deal_points(d)):
                line[n] = f"{fmt(pts)} ({fmt(series[n][i])})"
            out.append(line)
        return out

    def end_rows(self) -> list[tuple[str, str]]:
        """How the first dealer was chosen, then the payments outside the deals (chart
        chips, half-time pot, award) and the totals."""
        rules = self.rules

        def fmt(v: int) -> str:
            return format_amount(rules, v)

        rec = self._result
        grouped: dict[tuple[str, str, str], list[Payment]] = {}
        for p in rec.ledger.payments:
            if p.category in ("chart", "half-time", "award"):
                grouped.setdefault((p.payer, p.payee, p.category), []).append(p)
        lines = [("First dealer", rec.first_dealer_sentence())] if rec.dealer_draw else []
        for (payer, payee, category), pays in grouped.items():
            amount = sum(p.amount for p in pays)
            reason = (f"a chip on the month chart for each deal won ({len(pays)})"
                      if category == "chart" and payee == "chart" else pays[0].reason)
            lines.append((f"{payer} → {payee}", f"{fmt(amount)}: {reason}"))
        totals = rec.totals()
        lines += [(f"Total for {n}", fmt(totals[n])) for n in self.names]
        if rec.ended_early:
            lines.append(("Ended early", rec.ended_early))
        return lines

    def summary(self) -> str:
        rec = self._result
        return (f"Seed {self._seed} · {PRESET_LABELS[self._preset]} · {self._agents} · "
                f"{len(rec.deals)} deals · game winner: {rec.winner}")

    def figure(self, width: float = 9.0, height: float = 4.6) -> Figure:
        """The chart as a matplotlib Figure (matplotlib is imported here, not before)."""
        from matplotlib.figure import Figure
        fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        months = self.months()
        xs = list(range(1, len(months) + 1))
        scale = self.rules.combo_scale
        unit = self.rules.unit
        label = "points" if scale == 1 else unit.major
        for x, m in zip(xs, self.multipliers()):
            if m > 1:
                ax.axvspan(x - 0.5, x + 0.5, color="#f2c14e" if m == 2 else "#e07a5f",
                           alpha=0.18 if m == 2 else 0.25, linewidth=0)
                ax.annotate(f"x{m}", (x, 1.0), xycoords=("data", "axes fraction"),
                            xytext=(0, -14), textcoords="offset points", ha="center",
                            fontsize=10, fontweight="bold", color="#7a4b00")
        markers = ("o", "s", "^", "D", "v", "P", "X")
        for i, (name, values) in enumerate(self.series().items()):
            ax.plot(xs, [v / scale for v in values], marker=markers[i % len(markers)],
                    linewidth=2, label=name)
        ax.axhline(0, color="#555", linewidth=0.8)
        ax.set_xticks(xs, months)
        ax.set_xlim(0.5, len(xs) + 0.5)
        ax.set_xlabel("Deal (month)")
        ax.set_ylabel(f"Running total ({label})")
        ax.set_title(f"A year of Hachi-Hachi: {PRESET_LABELS[self._preset]}, seed {self._seed} "
                     "(shaded: doubled or quadrupled field)", fontsize=11)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(loc="best", fontsize=9)
        return fig

    def png(self, **kwargs: float) -> bytes:
        """The chart as PNG bytes."""
        buf = io.BytesIO()
        self.figure(**kwargs).savefig(buf, format="png")
        return buf.getvalue()
