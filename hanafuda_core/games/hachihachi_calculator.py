"""Hachi-Hachi's round calculator: a round's facts in a form, settled, with its payments.

The score calculator of the app (:func:`hanafuda_core.teach.tools.round_calculator`) uses
this form where a game's rules module names one (``ROUND_CALCULATOR``); the view
(:class:`hanafuda_core.widgets.generic.RoundCalculatorView`) is built from the form's
description (:meth:`SettlementCalculator.round_fields`, :meth:`~SettlementCalculator.player_fields`,
:meth:`~SettlementCalculator.calls`) and knows nothing of Hachi-Hachi. Everything is
checked first; on bad input a :class:`~hanafuda_core.errors.HanafudaError` says what was
wrong and what is allowed, and the calculator's state is left as it was.

>>> calc = SettlementCalculator()             # opens on the rulebook's round BK17-3
>>> {n: calc.format_amount(v) for n, v in calc.settlement.totals().items()}
{'A': '-88 points', 'B': '-38 points', 'C': '126 points'}
>>> calc.set_preset("d001").rules.unit.key
'kan'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import AnyCard, CardSet, parse_card, parse_cards
from ..errors import HanafudaError, OptionError
from ..teyaku import CHAFF, SUIT, TeyakuRule, TeyakuTable
from ..units import format_amount, unit_note
from .hachihachi import (
    DECISION_WORDS,
    OPTIONS,
    PRESETS,
    HachiHachiRules,
    get_rules,
    yaku_rule,
)
from .hachihachi import PRESET_LABELS as GAME_LABELS
from .hachihachi_examples import BOOK_EXAMPLES, DEFAULT_EXAMPLE
from .hachihachi_settle import (
    CALL_ACTIONS,
    Call,
    PlayerFacts,
    RoundFacts,
    Settlement,
    settle_round,
)

__all__ = ["PRESET_LABELS", "NONE", "BEST", "PlayerForm", "CallForm", "RoundForm",
           "SettlementCalculator", "STATUSES", "CALL_WORDS", "CALCULATOR_OPTIONS", "LIGHTS",
           "CATEGORY_LABELS", "payment_rows", "total_rows", "category_rows",
           "settlement_headline", "form_from_facts"]

PRESET_LABELS: Mapping[str, str] = {p: GAME_LABELS[p] for p in PRESETS}

#: A claim of no combination.
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

#: The field multiplier's choices (None: from the field cards).
MULTIPLIERS: tuple[tuple[str, int | None], ...] = (
    ("From the field cards", None), ("x1 Small field", 1), ("x2 Large field", 2),
    ("x4 Grand field", 4))

#: The Brights that raise the field, for a quick "pick the lights" control.
LIGHTS: tuple[str, ...] = ("1a", "3a", "8a", "11a", "12a")


def _preset_docs() -> list[tuple[str, str]]:
    """(label, the document it follows) for each tradition."""
    from ..rules import SOURCE_DOCUMENTS
    from . import get_game as catalog_entry
    from .catalog import PRESET_OF
    out = []
    for p, label in PRESET_LABELS.items():
        key = next((k for k, of in PRESET_OF.items() if of == ("hachihachi", p)), "hachihachi")
        out.append((label, SOURCE_DOCUMENTS[catalog_entry(key).sources[0].doc].short))
    return out


def _check_calls(calls: Sequence[CallForm]) -> None:
    """Refuse calls after the one that ended the round: every call but a call to play
    on ends it, and the round is settled there."""
    for i, c in enumerate(calls[:-1]):
        if CALL_ACTIONS.get(c.action, "continue") != "continue":     # (words: checked apart)
            raise HanafudaError(f"{c.player}'s {c.action!r} ended the round, so no call can "
                                f"follow it ({calls[i + 1].player}'s {calls[i + 1].action!r}); "
                                "remove the calls after it, or change it to a call to "
                                "play on")


def _check_preset(preset: object) -> str:
    if preset not in PRESET_LABELS:
        raise OptionError(f"unknown Hachi-Hachi tradition {preset!r}; choose one of: "
                          f"{', '.join(PRESET_LABELS)}")
    return str(preset)


def combination_label(rules: HachiHachiRules, rule: TeyakuRule) -> str:
    """A hand combination as a choice: name, Japanese name and value in the unit."""
    return rule.label(format_amount(rules, rule.value * rules.combo_scale))


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
    return (f"{PRESET_LABELS.get(s.rules.preset, s.rules.preset)} · {m.name} (\u00d7{m.value}): "
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
        _check_calls(self._form.calls + (CallForm(player, action, yaku),))
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
        _check_calls(form.calls)
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

    # -- the form as a generic view builds it ------------------------------------------------
    def round_fields(self) -> list[dict[str, Any]]:
        """The controls of the round, in lines, as data: ``key``, ``label``, ``kind``
        ("choice", "text" or "cards": toggles that write cards into the text control
        ``target``), ``choices``, ``placeholder``, ``line`` (controls of a line sit
        together) and ``act`` (a change is applied at once, :meth:`change`; else it is
        read at Settle)."""
        tip = "; ".join(f"{label}: {doc}" for label, doc in _preset_docs())
        return [
            {"key": "example", "label": "Example", "kind": "choice", "line": 0, "act": True,
             "choices": [("(your own round)", "")] + self.examples(), "width": "520px"},
            {"key": "preset", "label": "Tradition", "kind": "choice", "line": 1, "act": True,
             "choices": [(PRESET_LABELS[p], p) for p in PRESET_LABELS], "tooltip": tip,
             "width": "330px"},
            {"key": "players", "label": "Players", "kind": "choice", "line": 1, "act": True,
             "choices": [(str(n), n) for n in range(2, 8)], "width": "160px"},
            {"key": "dealer", "label": "Dealer", "kind": "choice", "line": 1,
             "choices": [(p.name, p.name) for p in self._form.players], "width": "160px"},
            *({"key": k, "label": "Pass fees", "kind": "choice", "line": 1, "act": True,
               "choices": self.option_choices(k), "width": "330px"}
              for k in CALCULATOR_OPTIONS),
            {"key": "field", "label": "Field", "kind": "text", "line": 2, "width": "440px",
             "placeholder": "e.g. 1a 5c 9d, or names: crane, moon"},
            {"key": "multiplier", "label": "Multiplier", "kind": "choice", "line": 2,
             "choices": list(MULTIPLIERS), "width": "320px"},
            {"key": "lights", "label": "Lights", "kind": "cards", "line": 3, "target": "field",
             "choices": [(parse_card(c).title, c) for c in LIGHTS]},
        ]

    def player_fields(self) -> list[dict[str, Any]]:
        """Each player's column, row by row, as data (``key``: a field of
        :class:`PlayerForm`; ``kind`` "choice", "text" or "check")."""
        return [
            {"key": "status", "label": "Plays?", "kind": "choice", "choices": list(STATUSES)},
            {"key": "hand", "label": "Dealt hand", "kind": "text",
             "placeholder": "7 cards, e.g. 1a 2b 3c …"},
            {"key": "chaff_claim", "label": "Chaff combination", "kind": "choice",
             "choices": self.claim_choices(CHAFF)},
            {"key": "suit_claim", "label": "Suit combination", "kind": "choice",
             "choices": self.claim_choices(SUIT)},
            {"key": "captures", "label": "Captured cards", "kind": "text",
             "placeholder": "captured cards (optional)"},
            {"key": "card_points", "label": "Card points", "kind": "text",
             "placeholder": "or card points, e.g. 100"},
            {"key": "chaffs", "label": "Chaffs taken", "kind": "text",
             "placeholder": "Chaffs taken (optional)"},
            {"key": "caught_triple", "label": "Bonus", "kind": "check",
             "text": "caught own triple"},
        ]

    def values(self) -> dict[str, Any]:
        """The current form as the controls show it: the round's values by key and
        ``players``, one dict per column (``name`` and the :meth:`player_fields`)."""
        form = self._form
        return {"example": self._example or "", "preset": form.preset,
                "players": len(form.players), "dealer": form.dealer, "field": form.field,
                "multiplier": form.multiplier,
                **{k: self.option_value(k) for k in CALCULATOR_OPTIONS},
                "columns": [{"name": p.name, "status": p.status, "hand": p.hand,
                             "chaff_claim": p.chaff_claim, "suit_claim": p.suit_claim,
                             "captures": p.captures, "card_points": p.card_points,
                             "chaffs": p.chaffs, "caught_triple": p.caught_triple}
                            for p in form.players]}

    def form_of(self, values: Mapping[str, Any]) -> RoundForm:
        """The form that ``values`` (as :meth:`values` gives them) describe; the calls
        and house rules are the calculator's own."""
        form = self._form
        players = tuple(PlayerForm(**{k: v for k, v in column.items()})
                        for column in values.get("columns", ()))
        return RoundForm(form.preset, players or form.players,
                         values.get("dealer", form.dealer), values.get("field", form.field),
                         values.get("multiplier", form.multiplier), form.calls, form.options)

    def change(self, key: str, value: Any, values: Mapping[str, Any]) -> None:
        """Apply a change of an ``act`` control at once (the rest of the form is
        ``values``); raises with the reason, changing nothing, if it cannot be."""
        form = self.form_of(values)
        if key == "example":
            if value:
                self.load_example(str(value))
        elif key == "preset":
            self.set_preset(str(value), form)
        elif key == "players":
            self.set_players(value, form)
        elif key in CALCULATOR_OPTIONS:
            self.set_option(key, value, form)
        else:
            raise HanafudaError(f"{key!r} is read when the round is settled")

    def settle_values(self, values: Mapping[str, Any]) -> Settlement:
        """Settle the round that ``values`` describe (nothing changes on error)."""
        return self.settle(self.form_of(values))

    def calls(self) -> dict[str, Any]:
        """The calls after a yaku: who may call, the words, the yaku to name, the calls
        made in words, and what to say when there are none."""
        return {"title": "Calls after a yaku, in the order they were made",
                "who": [p.name for p in self._form.players], "words": list(self.call_words()),
                "yaku": self.yaku_choices(),
                "made": [c.describe(self.rules) for c in self._form.calls],
                "none": "No calls: nobody made a yaku (add one below if someone did)."}

    def result(self) -> dict[str, Any]:
        """The last settlement as data for a view: headline, payment lines, totals, the
        net by step, the special achievement, notes, the dealt hands and shown cards."""
        s = self._require()
        notes = [f"cancelled: {p.payer} would have paid {p.payee} "
                 f"{format_amount(s.rules, p.amount)} ({p.reason})" for p in s.cancelled]
        return {"headline": settlement_headline(s), "payments": payment_rows(s),
                "totals": total_rows(s), "winner": s.winner or "",
                "steps": category_rows(s, head="category"), "special": s.special or "",
                "notes": notes + list(s.notes), "hands": self.hand_rows(),
                "shown": list(self.shown_cards()),
                "data": {"preset": s.rules.preset, "unit": s.rules.unit.key}}

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


