"""The hand-combination trainer for every game that scores combinations in the dealt hand.

Hachi-Hachi's teyaku and Six Hundred's hand combinations are both a
:class:`~hanafuda_core.teyaku.TeyakuTable`, which a game's play adapter hands over
(``adapter.hand_table(game)``: the capture family's
:class:`~hanafuda_core.families.capture.settlement.HandClaims` of its declarations at the
deal, Hachi-Hachi's tradition table). The trainer deals a seeded hand of the game's own
deal, the learner names the combinations a player would claim, and every reason is
spelled out (:func:`why_not`). Pure Python: the view
:class:`hanafuda_core.widgets.generic.HandCombinationView` lays it out.

>>> trainer = HandCombinationTrainer("hachihachi", seed=5)
>>> trainer.hand.format()
'3b 3d 7c 9a 9c 11a 11d'
>>> fb = trainer.check(["none"])
>>> fb.correct, fb.answer
(False, ('three_pairs',))
>>> has_hand_combinations("six-hundred"), has_hand_combinations("koikoi")
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import FLOWERS, MONTH_NAMES, Card, CardSet
from ..controllers import MAX_SEED, SeededTool, check_seed
from ..errors import HanafudaError, OptionError
from ..narration import counted
from ..play import Game, count_word
from ..teyaku import (
    CHAFF,
    SUIT,
    TeyakuResult,
    TeyakuRule,
    TeyakuTable,
    greater_words,
    is_greater_triple,
    kind_counts,
)
from .facts import preset_label, presets, usual_players
from .tools import amount_text, as_play_game

__all__ = ["NONE", "HandCombinationTrainer", "TrainerFeedback", "combination_label",
           "has_hand_combinations", "hand_table", "unit_note", "why_not"]

#: The trainer's answer for a hand without any combination.
NONE = "none"

#: The two families of combinations, as the trainer's columns title them.
GROUP_TITLES: tuple[tuple[str, str], ...] = ((CHAFF, "By kind (chaff combinations)"),
                                             (SUIT, "By month (suit combinations)"))

def hand_table(game: Game | str) -> TeyakuTable | None:
    """The hand combinations a dealt hand of ``game`` is scored by, or None."""
    g = as_play_game(game)
    table = getattr(g.adapter, "hand_table", None)
    found = table(g) if table is not None else None
    return found if isinstance(found, TeyakuTable) else None


def has_hand_combinations(game: Game | str) -> bool:
    """Whether ``game`` scores combinations in the dealt hand (the trainer applies)."""
    return hand_table(game) is not None


def unit_note(game: Game) -> str:
    """How the rules write amounts, in one line.

    >>> from hanafuda_core import get_game
    >>> unit_note(get_game("hachihachi", preset="d004"))
    'Amounts in shillings and pence: 1/6 is 1 shilling 6 pence, 2/- is 2 shillings, 6d is 6 pence.'
    >>> unit_note(get_game("six-hundred"))
    'Amounts in points.'
    """
    from ..units import unit_note as note
    return note(game.rules)


def _scale(game: Game) -> int:
    """What one of the table's values is worth in the rules' smallest unit."""
    return int(getattr(game.rules, "combo_scale", 1))


def _points(text: str) -> str:
    """An amount with its unit: a plain number is in points."""
    return f"{text} points" if text.lstrip("-").isdigit() else text


def combination_label(game: Game, rule: TeyakuRule) -> str:
    """A hand combination as a choice: name, Japanese name (where it has one) and value.

    >>> from hanafuda_core import get_game
    >>> hh = get_game("hachihachi")
    >>> combination_label(hh, hand_table(hh).rule("three_pairs"))
    '3 Pairs · 喰付 Kuttsuki · 40 points'
    """
    return rule.label(_points(amount_text(game, rule.value * _scale(game))))


# ---------------------------------------------------------------------------
# Why a combination does not fit a hand


def _plural(n: int, one: str) -> str:
    return f"no {one}s" if n == 0 else counted(n, one)


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


def hand_kinds(hand: CardSet, rain_is_chaff: bool) -> str:
    """A dealt hand's cards by kind, as the chaff combinations count them (November
    cards as Chaffs where ``rain_is_chaff``, which a hand holding one is told).

    >>> hand_kinds(CardSet.parse("1b 6b 2c 3c 8c 9c 11d"), True)
    'no Brights, no Tens, 2 Ribbons and 5 Chaffs (November cards count as Chaffs here)'
    """
    b, t, r, c = kind_counts(hand, rain_is_chaff)
    rain = " (November cards count as Chaffs here)" if rain_is_chaff and any(
        isinstance(card, Card) and card.is_rain for card in hand) else ""
    return (f"{_plural(b, 'Bright')}, {_plural(t, 'Ten')}, {_plural(r, 'Ribbon')} and "
            f"{_plural(c, 'Chaff')}{rain}")


def _chaff_needs(rule: TeyakuRule, size: int) -> str:
    """What a chaff combination needs of a hand of ``size`` cards, e.g. '1 Ten and 6
    Chaffs'."""
    b, t, r = rule.kinds
    parts = [_plural(n, word) for n, word in ((b, "Bright"), (t, "Ten"), (r, "Ribbon")) if n]
    if rule.ribbons_at_least and r:
        parts[-1] = f"{r} or more Ribbons"
        return " and ".join(parts) + " and the rest Chaffs"
    rest = size - b - t - r
    return (" and ".join(parts + [_plural(rest, "Chaff")]) if parts
            else f"all {size} cards to be Chaffs")


def why_not(table: TeyakuTable, rule: TeyakuRule, hand: CardSet) -> str:
    """Why ``hand`` does not make ``rule``, in one sentence (empty if it does).

    >>> from hanafuda_core.teyaku import BOOK_TABLE as table
    >>> print(why_not(table, table.rule("three_pairs"), CardSet.parse("1c 1d 2c 2d 3a 5b 7c")))
    3 Pairs needs three months with two cards each; this hand has two (Pine (January) and
    Plum (February)).
    """
    if table.evaluate(hand).find(rule.key) is not None:
        return ""
    if rule.group == CHAFF:
        return (f"{rule.name} needs {_chaff_needs(rule, len(hand))}; this hand has "
                f"{hand_kinds(hand, table.rain_is_chaff)}.")
    have = _groups(hand)
    need = {p: rule.parts.count(p) for p in "432G"}
    if len(have["4"]) < need["4"]:
        months = f" ({_month_words(have['4'])})" if have["4"] else ""
        return (f"{rule.name} needs all four cards of a month; this hand has "
                f"{'none' if not have['4'] else count_word(len(have['4']))}{months}.")
    if len(have["G"]) < need["G"]:
        plain = [m for m in have["3"] if m not in have["G"]]
        extra = ""
        if 12 in plain:
            extra = " (a Paulownia triple with the Phoenix is an ordinary triple)"
        elif plain:
            extra = f" (its triple of {_month_words(plain)} is an ordinary one)"
        greater = "a greater triple" if need["G"] == 1 else "two greater triples"
        return (f"{rule.name} needs {greater}"
                f": {greater_words()}; this hand has "
                f"{count_word(len(have['G'])) if have['G'] else 'none'}{extra}.")
    triples = need["3"] + need["G"]
    if len(have["3"]) < triples:
        kind = "months with three cards each" if triples > 1 else "a month with exactly three cards"
        got = _month_words(have["3"])
        return (f"{rule.name} needs {count_word(triples) + ' ' if triples > 1 else ''}{kind}; this "
                f"hand has {count_word(len(have['3'])) if have['3'] else 'none'}"
                f"{f' ({got})' if got else ''}.")
    if len(have["2"]) < need["2"]:
        got = _month_words(have["2"])
        k = need["2"]
        what = ("a month with exactly two cards" if k == 1
                else f"{count_word(k)} months with two cards each")
        return (f"{rule.name} needs {what}; this hand has "
                f"{count_word(len(have['2'])) if have['2'] else 'none'}"
                f"{f' ({got})' if got else ''}.")
    return f"{rule.name} needs {rule.describe()}; this hand does not split that way."


# ---------------------------------------------------------------------------
# The trainer


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


class HandCombinationTrainer(SeededTool):
    """Deal a seeded hand of ``game``; the learner names the combinations it holds.

    The hand is the first player's in a deal of the game's own deck and deal sizes for
    the players its play tool seats (Hachi-Hachi: three, seven cards each; Six Hundred:
    two, eight each), so a seed gives the same hand as the sample deal shows for
    player 1. ``only_with_combo`` deals on from the seed until a hand holds a
    combination. ``seed`` is the seed of the hand shown; :meth:`next_hand` moves past it.
    A game without hand combinations is refused with the reason.
    """

    def __init__(self, game: Game | str, seed: int = 1, preset: str | None = None,
                 only_with_combo: bool = False) -> None:
        g = as_play_game(game, preset)
        if hand_table(g) is None:
            raise HanafudaError(f"{g.name} scores no combinations in the dealt hand, so "
                                "it has no hand-combination trainer")
        self.game = g
        self._preset = g.preset
        self._only = bool(only_with_combo)
        self._checked = 0
        self._right = 0
        self._streak = 0
        self._best_streak = 0
        self._counted = False
        self._feedback: TrainerFeedback | None = None
        self.players = usual_players(g)
        self._seed, self._hand = self._find(check_seed(seed), self._only, self.table)

    # -- state ---------------------------------------------------------------
    @property
    def table(self) -> TeyakuTable:
        found = hand_table(self.game)
        assert found is not None, "checked when the trainer was made"
        return found

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

    def preset_choices(self) -> tuple[tuple[str, str], ...]:
        """(label for readers, preset) for each preset of the game."""
        return tuple((preset_label(self.game, p), p) for p in presets(self.game))

    def choices(self) -> list[tuple[str, str]]:
        """(label, key) for every combination of the rules' table, then "none"."""
        out = [(combination_label(self.game, r), r.key) for r in self.table.rules]
        return out + [("None: this hand holds no combination", NONE)]

    def groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The choices split into their families (chaff, suit), for columns."""
        out = []
        for group, title in GROUP_TITLES:
            rows = [(combination_label(self.game, r), r.key) for r in self.table.rules
                    if r.group == group]
            if rows:
                out.append((title, rows))
        return out

    # -- changes (each checked first) ---------------------------------------------
    def set_preset(self, preset: str) -> None:
        """Judge the same hand under another preset's table."""
        if preset not in presets(self.game):
            raise OptionError(f"unknown {self.game.name} rules {preset!r}; choose one of: "
                              f"{', '.join(presets(self.game))}")
        from ..registry import get_game
        game = get_game(self.game.key, preset=preset)
        if hand_table(game) is None:
            raise HanafudaError(f"{preset_label(game, preset)} scores no hand combinations")
        self.game, self._preset = game, preset
        self._feedback = None
        self._counted = False

    def set_only_with_combo(self, on: bool) -> None:
        self._only = bool(on)

    def deal(self, seed: int | None = None) -> CardSet:
        """Deal the hand of ``seed`` (default: the current seed again)."""
        seed = self._seed if seed is None else check_seed(seed)
        self._seed, self._hand = self._find(seed, self._only, self.table)
        self._feedback = None
        self._counted = False
        return self._hand

    def next_hand(self) -> CardSet:
        """The hand of the next seed (with ``only_with_combo``: the next one holding one)."""
        return self.deal((self._seed + 1) % (MAX_SEED + 1))

    def check(self, picked: Iterable[str]) -> TrainerFeedback:
        """Judge the picked combination keys (``"none"`` for no combination).

        The right answer is what a player claims: the best combination of each
        family the hand makes. The first Check of each hand counts for the score line.
        """
        if isinstance(picked, str):
            picked = (picked,)
        picked = tuple(dict.fromkeys(picked))
        if not picked:
            raise HanafudaError("pick at least one answer (or 'None' if the hand holds no "
                                "combination), then Check")
        table = self.table
        known = {r.key for r in table.rules} | {NONE}
        for key in picked:
            if key not in known:
                raise HanafudaError(f"{key!r} is not a hand combination of these rules; "
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
        return (f"Seed {self._seed} · {preset_label(self.game, self._preset)}{only}: the "
                f"first player's {len(self._hand)} cards of a {self.players}-player deal")

    def unit_note(self) -> str:
        return unit_note(self.game)

    # -- internals ------------------------------------------------------------------------
    def _deal_hand(self, seed: int) -> CardSet:
        from ..deal import deal
        from ..games.catalog import deck_for
        info = self.game.info
        sizes = {n: (d.hand, d.field) for n, d in info.deals.items()}
        deck = [c for c in deck_for(info) if isinstance(c, Card)]
        return deal(self.players, seed, sizes=sizes, deck=deck).hands[0]

    def _find(self, seed: int, only: bool, table: TeyakuTable) -> tuple[int, CardSet]:
        hand = self._deal_hand(seed)
        if not only:
            return seed, hand
        for step in range(1000):
            s = (seed + step) % (MAX_SEED + 1)
            hand = self._deal_hand(s)
            if table.evaluate(hand).hits:
                return s, hand
        raise HanafudaError("no hand with a combination in 1,000 deals")  # pragma: no cover

    def _judge(self, picked: tuple[str, ...]) -> TrainerFeedback:
        game, table, hand = self.game, self.table, self._hand
        result = table.evaluate(hand)
        answer = tuple(h.rule.key for h in result.hits) or (NONE,)
        scale = _scale(game)

        def fmt(v: int) -> str:
            return _points(amount_text(game, v * scale))

        lines: list[str] = []
        for hit in result.hits:
            shown = _cards_words(hit.shown)
            japanese = f" ({hit.rule.japanese})" if hit.rule.japanese else ""
            lines.append(f"This hand holds {hit.rule.name}{japanese}, worth "
                         f"{fmt(hit.value)} from each opponent: it shows {shown}.")
        if not result.hits:
            lines.append("This hand holds no combination: by kind it has "
                         f"{hand_kinds(hand, table.rain_is_chaff)}, and no month split fits "
                         "the table.")
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
            field = (" (times the field multiplier)"
                     if getattr(game.rules, "field_mode", None) is not None else "")
            lines.append(f"In all the hand takes {fmt(total)} from each opponent{field}.")
        correct = set(picked) == set(answer)
        names = " and ".join(table.rule(k).name for k in answer if k != NONE) or "no combination"
        headline = (f"Right: {names}." if correct else f"Not quite: the hand holds {names}.")
        return TrainerFeedback(correct, headline, tuple(lines), answer, picked, result)
