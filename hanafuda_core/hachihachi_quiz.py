"""Seeded Hachi-Hachi quizzes in the schema of :mod:`hanafuda_core.quiz`.

Three kinds of question, every answer and every feedback sentence computed by
the core (:class:`~hanafuda_core.teyaku.TeyakuTable` and
:func:`~hanafuda_core.games.hachihachi_settle.settle_round`):

* ``hachihachi/teyaku``: a dealt hand (from a seeded deal) that holds a hand
  combination; which one can be claimed? The wrong choices are near misses,
  and the feedback says what each needs and what the hand has.
* ``hachihachi/payment``: a small three-player settlement (seeded hands, card
  points from a seeded split of the deck, the field of the deal); what is one
  player's net result? The wrong choices are the usual mistakes (forgetting
  the field, leaving out the card points or the hand combinations), and the
  feedback lists the payment lines.
* ``hachihachi/continue``: you have just made a yaku; End now, or play on?
  Both branches of playing on are settled, and the stated chance weighs them.

>>> quiz = generate_hachihachi_quiz(1, n=3)
>>> quiz == generate_hachihachi_quiz(1, n=3), sorted(q.topic for q in quiz.questions)
(True, ['hachihachi/continue', 'hachihachi/payment', 'hachihachi/teyaku'])
>>> from hanafuda_core.quiz import check
>>> all(check(q, q.answer).correct for q in quiz.questions)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import DECK, DEFAULT_VALUES, MONTH_NAMES, CardSet
from .errors import HanafudaError
from .games.hachihachi import get_rules
from .games.hachihachi_examples import yaku_cards
from .games.hachihachi_settle import Call, PlayerFacts, RoundFacts, settle_round
from .hachihachi_book import (
    REGISTRY_KEYS,
    TRADITIONS,
    _check_tradition,
    money,
    table_value,
)
from .ledger import Unit
from .quiz import Choice, Question, Quiz, check_quiz_size, chosen_topics
from .teyaku import CHAFF, TeyakuResult, kind_counts

__all__ = ["TOPICS", "PRESETS", "generate_hachihachi_quiz", "hand_shape", "ContinueCase",
           "continue_case"]

TOPICS = ("hachihachi/teyaku", "hachihachi/payment", "hachihachi/continue")
"""The topics :func:`generate_hachihachi_quiz` draws from."""

PRESETS = TRADITIONS
"""The traditions a quiz can be set in."""

_SOURCE = "book/hachihachi"


def _keys(n: int) -> list[str]:
    return [chr(ord("a") + i) for i in range(n)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def hand_shape(hand: CardSet, group: str) -> str:
    """What a hand has, in the terms of one group of combinations.

    >>> hand_shape(CardSet.parse("1b 6b 2c 3c 8c 9c 11d"), "chaff")
    '0 Brights, 0 Tens, 2 Ribbons and 5 Chaffs (November counted as Chaff)'
    >>> hand_shape(CardSet.parse("4a 4b 4c 1a 5a 6a 8a"), "suit")
    'three April cards and four single cards'
    """
    if group == CHAFF:
        b, t, r, c = kind_counts(hand)
        return (f"{_plural(b, 'Bright')}, {_plural(t, 'Ten')}, {_plural(r, 'Ribbon')} and "
                f"{_plural(c, 'Chaff')} (November counted as Chaff)")
    words = {4: "four", 3: "three", 2: "a pair of"}
    parts = []
    singles = 0
    for month, n in sorted(hand.months().items(), key=lambda kv: (-kv[1], kv[0])):
        if n >= 2:
            name = MONTH_NAMES[month - 1]
            parts.append(f"{words[n]} {name} cards" if n > 2 else f"a pair of {name} cards")
        else:
            singles += 1
    if singles:
        parts.append(f"{['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'][singles]}"
                     f" single card{'s' if singles != 1 else ''}")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


# ---------------------------------------------------------------------------
# Which hand combination?

def _dealt_hand(rng: random.Random, preset: str, want: Callable[[CardSet], bool]
                ) -> tuple[int, int, CardSet]:
    """(seed, player, hand) of the first seeded three-player deal (no blank card) whose
    hand passes ``want``."""
    from .games.catalog import deal_game
    for _ in range(2000):
        seed = rng.randrange(100_000)
        d = deal_game(REGISTRY_KEYS[preset], 3, seed=seed)
        player = rng.randrange(3)
        if want(d.hands[player]):
            return seed, player + 1, d.hands[player]
    raise HanafudaError("no suitable dealt hand found")  # pragma: no cover


def _gen_teyaku(rng: random.Random, qid: str, preset: str) -> Question:
    table = get_rules(preset).teyaku
    _seed, _player, hand = _dealt_hand(rng, preset, lambda h: bool(table.evaluate(h).hits))
    res: TeyakuResult = table.evaluate(hand)
    target = rng.choice(res.hits)
    group = target.rule.group
    others = [r for r in table.rules if r.group == group and r.key != target.rule.key]
    # Near misses: the values closest to the right one, then shuffled.
    others.sort(key=lambda r: (abs(r.value - target.rule.value), r.key))
    pool = others[:5]
    rng.shuffle(pool)
    options = pool[:3] + [target.rule]
    rng.shuffle(options)
    keys = _keys(len(options))
    shape = hand_shape(hand, group)
    kind = "chaff" if group == CHAFF else "suit"
    choices = []
    for key, rule in zip(keys, options):
        if rule.key == target.rule.key:
            fb = (f"Right: {rule.name} needs {rule.describe()}, and the hand has {shape}. "
                  f"It is worth {table_value(preset, target.value)} from each opponent.")
        else:
            made = res.find(rule.key)
            if made is not None:
                fb = (f"The hand does make {rule.name} ({table_value(preset, made.value)}), "
                      f"but only one {kind} combination is claimed and {target.rule.name} "
                      f"is worth more.")
            else:
                fb = (f"{rule.name} needs {rule.describe()}; this hand has {shape}.")
        choices.append(Choice(key, rule.name, fb))
    expl = (f"The hand has {shape}: that is {target.rule.name} ({target.rule.japanese}), "
            f"{table_value(preset, target.value)} from each active opponent, times the "
            f"field. A player may claim one chaff and one suit combination.")
    if len(res.hits) == 2:
        other = next(h for h in res.hits if h is not target)
        expl += (f" This hand also holds {other.rule.name} in the other group, claimed "
                 "beside it.")
    prompt = (f"You are dealt this hand. Which {kind} combination (teyaku) can you "
              "claim?")
    return Question(qid, "hachihachi/teyaku", prompt, "single", tuple(choices),
                    (keys[options.index(target.rule)],), expl, hand.as_cards(), _SOURCE)


# ---------------------------------------------------------------------------
# What does a player win or lose?

def _payment_facts(rng: random.Random, preset: str) -> RoundFacts:
    from .games.catalog import deal_game
    seed = rng.randrange(100_000)
    d = deal_game(REGISTRY_KEYS[preset], 3, seed=seed)
    order = list(DECK)
    rng.shuffle(order)
    a, b = sorted(rng.sample(range(8, 40), 2))
    piles = (order[:a], order[a:b], order[b:])
    names = ("A", "B", "C")
    players = tuple(PlayerFacts(n, hand=h, card_points=CardSet(p).value(DEFAULT_VALUES))
                    for n, h, p in zip(names, d.hands, piles))
    return RoundFacts(players, dealer="A", field=d.field)


def _gen_payment(rng: random.Random, qid: str, preset: str) -> Question:
    rules = get_rules(preset)
    for _ in range(500):
        facts = _payment_facts(rng, preset)
        s = settle_round(rules, facts)
        if s.special or not any(x.category == "teyaku" for x in s.ledger):
            continue
        who = rng.choice(facts.active)
        right = s.totals()[who]
        by_cat = {r["category"]: r[who] for r in s.to_rows()}
        one = settle_round(rules, RoundFacts(facts.players, facts.dealer, multiplier=1))
        mistakes = [
            (one.totals()[who], "forgets to multiply by the field"),
            (right - by_cat.get("cards", 0), "leaves out the card points"),
            (right - by_cat.get("teyaku", 0), "leaves out the hand combinations"),
            (-right, "has the sign the wrong way round"),
            (right - by_cat.get("events", 0), "leaves out the bonuses"),
        ]
        wrong: list[tuple[int, str]] = []
        for amount, why in mistakes:
            if amount != right and amount not in [w for w, _ in wrong]:
                wrong.append((amount, why))
        if len(wrong) >= 3:
            break
    else:  # pragma: no cover
        raise HanafudaError("no suitable settlement found")
    wrong = wrong[:3]
    options = [(right, "")] + wrong
    rng.shuffle(options)
    keys = _keys(len(options))
    lines = [f"{x.payer} pays {x.payee} {money(preset, x.amount)} ({x.reason})"
             for x in s.ledger]
    choices = []
    for key, (amount, why) in zip(keys, options):
        if not why:
            fb = (f"Right: {who}'s payment lines add up to {money(preset, right)}.")
        else:
            fb = (f"That total {why}. {who}'s payment lines add up to "
                  f"{money(preset, right)}.")
        choices.append(Choice(key, money(preset, amount), fb))
    hands = "; ".join(
        f"{p.name}: " + (", ".join(f"{h.rule.name}" for h in s.teyaku[p.name]) or
                         "no hand combination") + f", {p.card_points} card points"
        for p in facts.players)
    prompt = (f"Three players, {s.multiplier.name} (×{s.multiplier.value}); A deals. "
              f"{hands}. No yaku was made. What is {who}'s net result for the round?")
    expl = ("The payments, each already multiplied by the field: " + "; ".join(lines)
            + ". Totals: " + ", ".join(f"{n} {money(preset, v)}" for n, v in
                                       s.totals().items()) + ".")
    answer = keys[[a for a, _ in options].index(right)]
    return Question(qid, "hachihachi/payment", prompt, "single", tuple(choices), (answer,),
                    expl, (), _SOURCE)


# ---------------------------------------------------------------------------
# End now, or play on?

_YAKU_CARDS = ("poetry", "purple", "four_dry_brights")


@dataclass(frozen=True)
class ContinueCase:
    """A decision after making a yaku, and the three settlements that answer it."""

    preset: str
    multiplier: int
    mine: str              # the yaku just made
    hoped: str             # the yaku hoped for by playing on
    theirs: str            # the yaku an opponent (B) has already continued on, or ""
    chance: float          # stated chance that playing on succeeds
    end_now: int           # your net if you end now
    success: int           # your net if you play on and then end with both yaku
    failure: int           # your net if you play on and C makes the hoped-for yaku first

    @property
    def expected(self) -> float:
        return self.chance * self.success + (1 - self.chance) * self.failure

    @property
    def best(self) -> str:
        return "end" if self.end_now > self.expected else "continue"


def _calls(prior: Sequence[Call], *rest: Call) -> tuple[Call, ...]:
    return tuple(prior) + rest


def continue_case(preset: str, mine: str, hoped: str, theirs: str, multiplier: int,
                  chance: float) -> ContinueCase:
    """Settle the three branches of an End-or-play-on decision for player "You"."""
    rules = get_rules(preset)
    players = tuple(PlayerFacts(n, claims=()) for n in ("You", "B", "C"))
    cards = {k: yaku_cards(k) for k in _YAKU_CARDS}
    prior = [Call("B", "continue", cards=cards[theirs])] if theirs else []

    def net(calls: tuple[Call, ...]) -> int:
        s = settle_round(rules, RoundFacts(players, dealer="You", multiplier=multiplier,
                                           calls=calls))
        return s.totals()["You"]

    end_now = net(_calls(prior, Call("You", "end", cards=cards[mine])))
    success = net(_calls(prior, Call("You", "continue", cards=cards[mine]),
                         Call("You", "end", cards=cards[mine] | cards[hoped])))
    failure = net(_calls(prior, Call("You", "continue", cards=cards[mine]),
                         Call("C", "end", cards=cards[hoped])))
    return ContinueCase(preset, multiplier, mine, hoped, theirs, chance, end_now, success,
                        failure)


def _yaku_name(preset: str, key: str) -> str:
    from .games.hachihachi import yaku_rule
    return yaku_rule(get_rules(preset).yaku, key).name


def _avg(unit: Unit, minor: float) -> str:
    """An average in the unit's larger denomination when it has one (44.8 kan)."""
    if unit.per_major:
        return f"{minor / unit.per_major:.2f}".rstrip("0").rstrip(".") + f" {unit.major}"
    return f"{minor:.1f}".rstrip("0").rstrip(".") + f" {unit.minor}"


def _gen_continue(rng: random.Random, qid: str, preset: str) -> Question:
    unit = get_rules(preset).unit
    words = get_rules(preset).decision_words
    go, stop = words.go_on, words.stop
    for _ in range(200):
        mine, hoped, theirs = rng.sample(list(_YAKU_CARDS), 3)
        if rng.random() < 0.4:
            theirs = ""
        case = continue_case(preset, mine, hoped, theirs, rng.choice((1, 2, 4)),
                             rng.choice((0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)))
        if abs(case.end_now - case.expected) >= 1:
            break
    name = {k: _yaku_name(preset, k) for k in _YAKU_CARDS}
    pct = f"{case.chance:.0%}"
    before = (f"B has already called {go} holding the {name[case.theirs]}. "
              if case.theirs else "Nobody else has made a yaku. ")
    prompt = (f"Field ×{case.multiplier}. {before}You have just captured the "
              f"{name[case.mine]}. If you call {go}, say you have a {pct} chance of also "
              f"making the {name[case.hoped]} and calling {stop}; otherwise C takes those "
              f"cards first and calls {stop}. Which call is worth more on average?")
    exp = _avg(unit, case.expected)
    end_fb = (f"Calling {stop} now gives you {unit.format(case.end_now)}.")
    if case.theirs and preset in ("book", "d002"):
        end_fb += (" B had played on, so B pays double and C pays nothing.")
    go_fb = (f"Playing on: if it works you end with {unit.format(case.success)}; if C calls "
             f"{stop} first you end with {unit.format(case.failure)}. On average "
             f"{pct} × {unit.format(case.success)} + {1 - case.chance:.0%} × "
             f"{unit.format(case.failure)} = {exp}.")
    choices = (Choice("a", f"End now ({stop})", end_fb + (" That is the better choice."
                                                           if case.best == "end" else
                                                           f" Playing on averages {exp}.")),
               Choice("b", f"Play on ({go})", go_fb + (" That is the better choice."
                                                               if case.best == "continue" else
                                                               " Ending now is worth more.")))
    expl = (f"{stop[:1].upper() + stop[1:]} now: {unit.format(case.end_now)}. "
            f"{go[:1].upper() + go[1:]}: {exp} on average "
            f"({unit.format(case.success)} if it works, {unit.format(case.failure)} if not). "
            "Amounts come from settling each ending with the rules of this tradition.")
    return Question(qid, "hachihachi/continue", prompt, "single", choices,
                    ("a" if case.best == "end" else "b",), expl, (), _SOURCE)


# ---------------------------------------------------------------------------

def generate_hachihachi_quiz(seed: int, n: int = 6, topics: Iterable[str] | None = None,
                             preset: str = "book") -> Quiz:
    """A Hachi-Hachi quiz drawn from ``seed`` (the same seed gives the same questions).

    Topics are taken in turn and shuffled; ``preset`` sets the tradition
    (book, d001, d002, d004) whose rules and units the questions use.
    """
    check_quiz_size(seed, n, 50)
    _check_tradition(preset)
    chosen = chosen_topics(topics, TOPICS)
    rng = random.Random(f"hachihachi-{preset}-{seed}")
    order = [chosen[i % len(chosen)] for i in range(n)]
    rng.shuffle(order)
    gens = {"hachihachi/teyaku": _gen_teyaku, "hachihachi/payment": _gen_payment,
            "hachihachi/continue": _gen_continue}
    questions = [gens[t](rng, f"hh-{preset}-seed{seed}-q{i + 1}-{t.split('/')[-1]}", preset)
                 for i, t in enumerate(order)]
    return Quiz(seed, tuple(questions), f"Hachi-Hachi quiz, seed {seed}")
