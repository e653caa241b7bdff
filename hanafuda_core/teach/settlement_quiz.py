"""Quiz topics about a round's settlement, for any game whose data supports them.

Three topics join the generic quiz (:func:`hanafuda_core.teach.quizzes.generate_quiz`)
for the games that have what each needs:

* ``hand-combination``: a game with hand combinations (its rules' ``teyaku`` table:
  Hachi-Hachi, Six Hundred). A hand from a seeded deal holds one; which can be claimed?
  The wrong choices are near misses of the same group, and the feedback says what each
  needs and what the hand has.
* ``payment``: a game that names a payment case as data (``QUIZ_CASES["payment"]``, a
  function giving a :class:`PaymentCase`): a small settled round; what is one player's
  net result? The wrong choices are the usual slips the case names.
* ``continue``: a game that names a continue case (``QUIZ_CASES["continue"]``, giving a
  :class:`ContinueCase`): you have just made a yaku; end now, or play on? The case
  settles every ending; this module weighs them by the stated chance.

Every answer and feedback sentence is computed from the game: its table, its unit and the
settlements its cases return. A game hooks in only by data.

>>> from hanafuda_core import get_game
>>> settlement_topics(get_game("hachihachi"))
('hand-combination', 'payment', 'continue')
>>> settlement_topics(get_game("six_hundred")), settlement_topics(get_game("koikoi"))
(('hand-combination',), ())
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import MONTH_NAMES, CardSet
from ..errors import HanafudaError
from ..play import Game, count_word
from ..quiz import Choice, Question

__all__ = [
    "ContinueCase",
    "PaymentCase",
    "TOPIC_MAKERS",
    "amount",
    "average",
    "dealt_hand",
    "hand_shape",
    "settlement_topics",
]

_KEYS = "abcdefgh"


@dataclass(frozen=True)
class PaymentCase:
    """A settled round, as the ``payment`` topic asks it.

    ``setting`` describes the round in words (who held what, the field); ``who`` is the
    player asked about and ``net`` that player's result (in the rules' smallest unit);
    ``lines`` every payment in words; ``totals`` every player's result; ``slips`` the
    wrong totals with what each does wrong ("forgets to multiply by the field")."""

    setting: str
    who: str
    net: int
    lines: tuple[str, ...]
    totals: tuple[tuple[str, int], ...]
    slips: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class ContinueCase:
    """A decision after making a yaku, and the settlements that answer it.

    ``setting`` opens the question (the field, who has already played on); ``mine`` is
    the yaku just made and ``hoped`` the one hoped for by playing on (their names);
    ``rival`` the opponent who takes the hoped-for cards first if playing on fails.
    ``end_now``, ``success`` and ``failure`` are your results (smallest unit) if you end
    now, play on and make it, or play on and the rival ends first; ``note`` explains the
    end-now amount where the rules make it unusual."""

    setting: str
    mine: str
    hoped: str
    rival: str
    chance: float
    end_now: int
    success: int
    failure: int
    note: str = ""

    @property
    def expected(self) -> float:
        """Your average result if you play on, at the stated chance."""
        return self.chance * self.success + (1 - self.chance) * self.failure

    @property
    def best(self) -> str:
        """``"end"`` or ``"continue"``: the call worth more on average."""
        return "end" if self.end_now > self.expected else "continue"


def amount(game: Game, value: int) -> str:
    """An amount in the rules' smallest unit, written as the game's players write it
    ("12 kan 4", "3/6"); plain points where the rules keep no unit."""
    unit = getattr(game.rules, "unit", None)
    return str(value) if unit is None else str(unit.format(value))


def average(game: Game, value: float) -> str:
    """An average amount written as the rules write every amount ("24/6", "3 kan 2"),
    to the nearest smallest unit ("about" when that rounds it): an average beside
    "61/-" in the same sentence is not "24.5 shillings"."""
    unit = getattr(game.rules, "unit", None)
    if unit is not None and unit.per_major:
        whole = round(value)
        return ("about " if abs(whole - value) > 1e-9 else "") + str(unit.format(whole))
    word = "points" if unit is None else unit.minor
    return f"{value:.1f}".rstrip("0").rstrip(".") + f" {word}"


def _cases(game: Game) -> Mapping[str, tuple[str, str]]:
    from .facts import game_data
    cases = game_data(game, "QUIZ_CASES") or {}
    return dict(cases)


def _case_maker(game: Game, topic: str) -> Callable[..., Any]:
    from importlib import import_module
    module, name = _cases(game)[topic]
    maker: Callable[..., Any] = getattr(import_module(f"hanafuda_core.{module}"), name)
    return maker


def settlement_topics(game: Game) -> tuple[str, ...]:
    """The topics of this module that ``game``'s data supports, in their usual order."""
    out = []
    if getattr(game.rules, "teyaku", None) is not None:
        out.append("hand-combination")
    cases = _cases(game)
    out += [t for t in ("payment", "continue") if t in cases]
    return tuple(out)


def hand_shape(hand: CardSet, group: str, rain_is_chaff: bool = True) -> str:
    """What a hand has, in the terms of one group of hand combinations.

    >>> hand_shape(CardSet.parse("1b 6b 2c 3c 8c 9c 11d"), "chaff")
    'no Brights, no Tens, 2 Ribbons and 5 Chaffs (November cards count as Chaffs here)'
    >>> hand_shape(CardSet.parse("4a 4b 4c 1a 5a 6a 8a"), "suit")
    'three April cards and four single cards'
    """
    from ..teyaku import CHAFF
    from .hand_combinations import hand_kinds
    if group == CHAFF:
        return hand_kinds(hand, rain_is_chaff)
    words = {4: "four", 3: "three"}
    parts = []
    singles = 0
    for month, n in sorted(hand.months().items(), key=lambda kv: (-kv[1], kv[0])):
        name = MONTH_NAMES[month - 1]
        if n > 2:
            parts.append(f"{words[n]} {name} cards")
        elif n == 2:
            parts.append(f"a pair of {name} cards")
        else:
            singles += 1
    if singles:
        parts.append(f"{count_word(singles)} single card{'s' if singles != 1 else ''}")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def dealt_hand(game: Game, rng: random.Random, want: Callable[[CardSet], bool]
               ) -> tuple[int, int, CardSet]:
    """(seed, seat, hand) of the first seeded deal, at the game's usual table, whose hand
    at a random seat passes ``want``."""
    from .facts import usual_players
    players = usual_players(game)
    for _ in range(2000):
        seed = rng.randrange(100_000)
        zones = game.new_round(seed=seed, players=players).zones()
        seat = rng.randrange(players)
        hand = CardSet(zones[f"hand {seat}"])
        if want(hand):
            return seed, seat, hand
    raise HanafudaError(f"no dealt {game.name} hand passes the test")  # pragma: no cover


def _question(game: Game, qid: str, topic: str, prompt: str, choices: tuple[Choice, ...],
              answer: str, explanation: str, cards: tuple[Any, ...] = ()) -> Question:
    return Question(qid, f"{game.key}/{topic}", prompt, "single", choices, (answer,),
                    explanation, cards, f"book/{game.key}")


# ---------------------------------------------------------------------------
# Which hand combination?


def _hand_question(game: Game, rng: random.Random, qid: str) -> Question:
    from ..teyaku import CHAFF
    from .facts import amount_text, game_data
    table = game.rules.teyaku
    # A combination is asked only where its group has another to mistake it for.
    groups = [r.group for r in table.rules]
    asked = {g for g in groups if groups.count(g) > 1}

    def askable(hand: CardSet) -> list[Any]:
        return [h for h in table.evaluate(hand).hits if h.rule.group in asked]

    _seed, _seat, hand = dealt_hand(game, rng, lambda h: bool(askable(h)))
    res = table.evaluate(hand)
    target = rng.choice(askable(hand))
    group = target.rule.group
    others = [r for r in table.rules if r.group == group and r.key != target.rule.key]
    # Near misses: the values closest to the right one, then shuffled.
    others.sort(key=lambda r: (abs(r.value - target.rule.value), r.key))
    pool = others[:5]
    rng.shuffle(pool)
    options = pool[:3] + [target.rule]
    rng.shuffle(options)
    keys = _KEYS[:len(options)]
    shape = hand_shape(hand, group, getattr(table, "rain_is_chaff", True))
    kind = "chaff" if group == CHAFF else "suit"
    paid = game_data(game, "HAND_COMBINATION_PAID") or "to the player who claims it"
    worth = amount_text(game, target.value)
    choices = []
    for key, rule in zip(keys, options):
        if rule.key == target.rule.key:
            fb = (f"Right: {rule.name} needs {rule.describe()}, and the hand has {shape}. "
                  f"It is worth {worth} {paid}.")
        else:
            made = res.find(rule.key)
            if made is not None:
                fb = (f"The hand does make {rule.name} ({amount_text(game, made.value)}), "
                      f"but only one {kind} combination is claimed and {target.rule.name} "
                      f"is worth more.")
            else:
                fb = f"{rule.name} needs {rule.describe()}; this hand has {shape}."
        choices.append(Choice(key, rule.name, fb))
    japanese = f" ({target.rule.japanese})" if target.rule.japanese else ""
    expl = (f"The hand has {shape}: that is {target.rule.name}{japanese}, "
            f"{worth} {paid}. A player may claim one chaff and one suit combination.")
    if len(res.hits) == 2:
        other = next(h for h in res.hits if h is not target)
        expl += (f" This hand also holds {other.rule.name} in the other group, claimed "
                 "beside it.")
    prompt = f"You are dealt this hand. Which {kind} combination (teyaku) can you claim?"
    return _question(game, qid, "hand-combination", prompt, tuple(choices),
                     keys[options.index(target.rule)], expl, hand.as_cards())


# ---------------------------------------------------------------------------
# What does a player win or lose?


def _payment_question(game: Game, rng: random.Random, qid: str) -> Question:
    case: PaymentCase = _case_maker(game, "payment")(game, rng)
    who, right = case.who, case.net
    options = [(right, ""), *case.slips[:3]]
    rng.shuffle(options)
    keys = _KEYS[:len(options)]
    choices = []
    for key, (value, why) in zip(keys, options):
        if not why:
            fb = f"Right: {who}'s payment lines add up to {amount(game, right)}."
        else:
            fb = f"That total {why}. {who}'s payment lines add up to {amount(game, right)}."
        choices.append(Choice(key, amount(game, value), fb))
    prompt = f"{case.setting} What is {who}'s net result for the round?"
    expl = ("The payments, each already multiplied by the field: " + "; ".join(case.lines)
            + ". Totals: " + ", ".join(f"{n} {amount(game, v)}" for n, v in case.totals)
            + ".")
    answer = keys[[v for v, _ in options].index(right)]
    return _question(game, qid, "payment", prompt, tuple(choices), answer, expl)


# ---------------------------------------------------------------------------
# End now, or play on?


def _continue_question(game: Game, rng: random.Random, qid: str) -> Question:
    case: ContinueCase = _case_maker(game, "continue")(game, rng)
    words = game.rules.decision_words
    go, stop = words.go_on, words.stop
    pct = f"{case.chance:.0%}"
    prompt = (f"{case.setting} You have just captured the {case.mine}. If you call {go}, "
              f"say you have a {pct} chance of also making the {case.hoped} and calling "
              f"{stop}; otherwise {case.rival} takes those cards first and calls {stop}. "
              "Which call is worth more on average?")
    exp = average(game, case.expected)
    end_fb = f"Calling {stop} now gives you {amount(game, case.end_now)}."
    if case.note:
        end_fb += f" {case.note}"
    go_fb = (f"Playing on: if it works you end with {amount(game, case.success)}; if "
             f"{case.rival} calls {stop} first you end with {amount(game, case.failure)}. "
             f"On average {pct} × {amount(game, case.success)} + {1 - case.chance:.0%} × "
             f"{amount(game, case.failure)} = {exp}.")
    end_best = case.best == "end"
    choices = (Choice("a", f"End now ({stop})", end_fb + (
                   " That is the better choice." if end_best else f" Playing on averages {exp}.")),
               Choice("b", f"Play on ({go})", go_fb + (
                   " Ending now is worth more." if end_best else " That is the better choice.")))
    expl = (f"{stop[:1].upper() + stop[1:]} now: {amount(game, case.end_now)}. "
            f"{go[:1].upper() + go[1:]}: {exp} on average "
            f"({amount(game, case.success)} if it works, {amount(game, case.failure)} if "
            "not). Amounts come from settling each ending with the rules of this tradition.")
    return _question(game, qid, "continue", prompt, choices, "a" if end_best else "b", expl)


#: Each topic's question maker: ``(game, rng, question id) -> Question``.
TOPIC_MAKERS: Mapping[str, Callable[[Game, random.Random, str], Question]] = {
    "hand-combination": _hand_question,
    "payment": _payment_question,
    "continue": _continue_question,
}
