"""Koi-Koi quizzes: seeded questions whose answers and feedback come from the core.

Three topics, each in the schema of :mod:`hanafuda_core.quiz`:

* ``koikoi/score``: a capture pile is shown; which total does it score? The
  right total and the explanation come from :func:`~hanafuda_core.scoring.score_cards`;
  each wrong total is explained (a yaku forgotten, the extra cards left out, a
  one-of group counted twice).
* ``koikoi/capture``: your card matches two field cards; which do you take? The
  engine plays both choices; the answer is the one that leaves you with more
  yaku points at once (positions where both are equal are not asked). When the
  coach (:mod:`hanafuda_core.coach`) is available, a position is only asked if
  the coach agrees, and its reason is added to the feedback.
* ``koikoi/decide``: you have just formed a yaku: Koi-Koi or Stop? Only
  positions the rules decide are asked: the last card of the round (a Koi-Koi
  there can only end in a draw) and the Minimum Points house rule (under 3 points
  the engine allows only Koi-Koi).

>>> quiz = generate_koikoi_quiz(1, n=3)
>>> quiz == generate_koikoi_quiz(1, n=3), len(quiz)
(True, 3)
>>> sorted(q.topic for q in quiz.questions)
['koikoi/capture', 'koikoi/decide', 'koikoi/score']
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from .cards import CARD_INFO, DECK, MONTH_NAMES, Card, CardSet
from .engines.capture import (
    GO_ON,
    STOP,
    Capture,
    Phase,
    State,
    apply,
    legal_actions,
    setup_state,
    view,
)
from .errors import HanafudaError
from .games.koikoi import get_rules, preset_options
from .narration import and_list, the_card
from .quiz import Choice, Question, Quiz, check_quiz_size, chosen_topics
from .scoring import ScoreReport, score_cards

if TYPE_CHECKING:
    from .coach import Coach
    from .yaku import YakuTable

__all__ = ["TOPICS", "generate_koikoi_quiz", "score_question", "capture_question",
           "decide_question", "pile_text"]

TOPICS = ("koikoi/score", "koikoi/capture", "koikoi/decide")
SOURCE = "book/koikoi"


def _keys(n: int) -> list[str]:
    return [chr(ord("a") + i) for i in range(n)]


def pile_text(report: ScoreReport) -> str:
    """'3 Poetry Ribbons 5 + 1 for the extra Ribbon = 6; ...' for feedback."""
    if not report.lines:
        return "no yaku"
    parts = []
    for line in report.lines:
        text = f"{line.name} {line.base}"
        if line.extras:
            text += (f" + {line.points - line.base} for {line.extras} extra card"
                     f"{'s' * (line.extras > 1)} = {line.points}")
        parts.append(text)
    out = "; ".join(parts)
    if report.factor != 1:
        out += f"; ×{report.factor}"
    return out


# ---------------------------------------------------------------------------
# (a) Score this pile

def _random_pile(rng: random.Random, table: YakuTable) -> CardSet:
    """A pile built around one or two yaku of the table, plus a few loose cards."""
    from .teach import example_cards
    rules = list(table.rules)
    pile = set(example_cards(rng.choice(rules), table))
    if rng.random() < 0.5:
        pile |= set(example_cards(rng.choice(rules), table))
    rest = [c for c in DECK if c not in pile]
    pile |= set(rng.sample(rest, rng.randint(2, 5)))
    return CardSet(pile)


def score_question(rng: random.Random, qid: str, preset: str = "book") -> Question:
    """Show a pile; choices are totals; the feedback explains every wrong total."""
    table = get_rules(preset).yaku
    for _ in range(200):
        pile = _random_pile(rng, table)
        report = score_cards(pile, preset)
        if report.lines and len(pile) <= 14:
            break
    right = report.total
    wrong: dict[int, str] = {}
    for line in report.lines:
        v = right - line.points
        if v >= 0:
            wrong.setdefault(v, f"This leaves out {line.name} ({line.points}).")
        if line.extras:
            wrong.setdefault(right - (line.points - line.base),
                             f"This forgets the extra cards of {line.name}: "
                             f"+{line.points - line.base} on top of its {line.base}.")
    every = score_cards(pile, preset, {"yaku_limit": "all"})
    if every.total != right:
        more = [line.name for line in every.lines
                if line.key not in {x.key for x in report.lines}]
        wrong.setdefault(every.total, f"This adds up every yaku, but only the best of a "
                                      f"one-of group counts: {and_list(more)} do not add.")
    step = 1
    while len(wrong) < 3:
        for v in (right + step, right - step):
            if v >= 0 and v != right and len(wrong) < 3:
                wrong.setdefault(v, "No way of counting this pile gives this total.")
        step += 1
    wrong.pop(right, None)
    options = sorted([right, *list(wrong)[:3]])
    keys = _keys(len(options))
    explanation = (f"The pile scores {pile_text(report)}: {right} point"
                   f"{'s' * (right != 1)} if its owner calls Stop with no Koi-Koi called.")
    choices = []
    for key, v in zip(keys, options):
        fb = f"Right: {pile_text(report)}." if v == right else wrong[v]
        choices.append(Choice(key, f"{v} point{'s' * (v != 1)}", fb))
    return Question(qid, "koikoi/score", "This capture pile is yours and you call Stop "
                    "(nobody called Koi-Koi). How many points do you score?", "single",
                    tuple(choices), (keys[options.index(right)],), explanation,
                    pile.as_cards(), SOURCE)


# ---------------------------------------------------------------------------
# (b) Which card do you capture?

def _coach() -> Coach:
    from .coach import Coach
    return Coach(samples=16, seed=0)


def _capture_position(rng: random.Random, preset: str
                      ) -> tuple[State, Card, dict[Card, tuple[int, State]]]:
    """A position where the played card matches two field cards that score differently."""
    rules = get_rules(preset)
    table = rules.yaku
    deck = list(DECK)
    for _ in range(500):
        month = rng.randint(1, 12)
        cards = list(CardSet.deck().of_month(month).as_cards())
        rng.shuffle(cards)
        played, a, b, spare = cards
        if CARD_INFO[a].kind == CARD_INFO[b].kind:
            continue
        others = [c for c in deck if c.month != month]
        rng.shuffle(others)
        pile = others[:rng.randint(5, 9)]
        field_more = others[9:13]
        hand_more = others[13:15]
        opp = others[15:18]
        stock = others[18:20]
        state = setup_state(rules, [[played, *hand_more], opp], field=[a, b, *field_more],
                            stock=stock, captures=[pile, ""])
        state = apply(state, f"play {played.code}")
        if state.phase != Phase.CHOOSE_HAND_CAPTURE:
            continue
        results = {}
        # the choice phase: every legal action is a Capture
        for act in cast("tuple[Capture, ...]", legal_actions(state)):
            after = apply(state, act)
            results[act.card] = (after.yaku_points(0), after)
        (c1, (p1, _)), (c2, (p2, _)) = results.items()
        if p1 == p2 or table.quick(CardSet(pile).mask)[0]:
            continue
        return state, played, results
    raise HanafudaError("no capture position found")  # pragma: no cover


def capture_question(rng: random.Random, qid: str, preset: str = "book",
                     coach: Coach | None = None) -> Question:
    """Your played card matches two field cards: which do you take?"""
    while True:
        state, played, results = _capture_position(rng, preset)
        best = max(results, key=lambda c: results[c][0])
        advice = None
        if coach is not None:
            advice = coach.advise(view(state, 0), legal_actions(state))
            chosen = advice.best
            if not isinstance(chosen, Capture) or chosen.card != best:
                continue
        break
    options = sorted(results)
    keys = _keys(len(options))
    rules = get_rules(preset)
    choices = []
    for key, c in zip(keys, options):
        pts, after = results[c]
        ev = rules.yaku.evaluate(after.captures(0), after.field)
        made = and_list([f"{h.rule.name} ({h.points})" for h in ev.hits]) or "no yaku"
        fb = (f"Taking {the_card(c)} with {the_card(played)} gives your pile {made}: {pts} "
              f"point{'s' * (pts != 1)} at once.")
        if c != best:
            fb += " The other card gives more."
        choices.append(Choice(key, f"Take the {CARD_INFO[c].name}", fb, (c,)))
    month = MONTH_NAMES[played.month - 1]
    pile = state.captures(0)
    explanation = (f"Both {month} cards can be taken, but only one completes or raises a "
                   f"yaku with your captures ({pile.format()}): take {the_card(best)}.")
    if advice is not None:
        explanation += f" The coach agrees: {advice.summary}"
    prompt = (f"The cards shown are your captures so far. You play {the_card(played)}, and two "
              f"{month} cards lie on the field. Which do you take?")
    return Question(qid, "koikoi/capture", prompt, "cards", tuple(choices),
                    (keys[options.index(best)],), explanation, pile.as_cards(), SOURCE)


# ---------------------------------------------------------------------------
# (c) Koi-Koi or Stop?

def _decide_last_card(rng: random.Random, preset: str) -> tuple[State, Card, Card]:
    """You hold the last card of the round and it completes a yaku."""
    from .teach import example_cards
    rules = get_rules(preset)
    table = rules.yaku
    for _ in range(500):
        rule = rng.choice([r for r in table.rules if r.cards])
        need = list(example_cards(rule, table))
        missing = rng.choice(need)
        month = [c for c in CardSet.deck().of_month(missing.month).as_cards() if c != missing]
        played = rng.choice(month)
        pile = [c for c in need if c != missing]
        others = [c for c in DECK if c not in need and c.month != missing.month]
        rng.shuffle(others)
        pile += others[:rng.randint(3, 7)]
        opp_pile = others[8:14]
        state = setup_state(rules, [[played], []], field=[missing, others[7]], stock=[],
                            captures=[pile, opp_pile])
        if table.quick(CardSet(pile).mask)[0]:
            continue
        state = apply(state, f"play {played.code}")
        if state.phase == Phase.DECIDE and set(legal_actions(state)) == {GO_ON, STOP}:
            return state, played, missing
    raise HanafudaError("no last-card position found")  # pragma: no cover


def decide_question(rng: random.Random, qid: str, preset: str = "book",
                    kind: str | None = None) -> Question:
    """Koi-Koi or Stop, in a position the rules decide (``kind``: 'last' or 'minimum')."""
    kind = kind or rng.choice(("last", "minimum"))
    if kind == "last":
        state, played, missing = _decide_last_card(rng, preset)
        stop = apply(state, STOP).result
        assert stop is not None, "a Stop ends the round"
        koi = apply(state, GO_ON)
        koi_result = koi.result if koi.is_terminal else None
        pts = state.yaku_points(0)
        rep = stop.report
        formed = and_list([line.name for line in rep.lines])
        prompt = (f"It is the last turn of the round: your hand holds only "
                  f"{the_card(played)}, the stock is empty and your opponent's hand too. You "
                  f"take {the_card(missing)} and form {formed}. "
                  "Koi-Koi or Stop?")
        koi_text = ("nobody can call Stop after you, so the round ends as a draw"
                    if koi_result is not None and koi_result.winner is None
                    else "the round goes on")
        koi_points = koi_result.points[0] if koi_result is not None else 0
        choices = (Choice("a", "Koi-Koi", f"No: with no cards left to play, {koi_text} and "
                          f"you score {koi_points}."),
                   Choice("b", "Stop", f"Yes: Stop ends the round and you score "
                          f"{stop.points[0]} ({pile_text(rep)})."))
        answer = ("b",) if stop.points[0] > koi_points else ("a",)
        expl = (f"A Koi-Koi only pays if you can still improve and then stop; on the last "
                f"card there is nothing left to gain, so Stop and take your {pts} "
                f"point{'s' * (pts != 1)}.")
        return Question(qid, "koikoi/decide", prompt, "single", choices, answer, expl,
                        state.captures(0).as_cards(), SOURCE)
    opts = {"minimum_points": 3}
    rules = get_rules(preset, **opts)
    low = [r for r in rules.yaku.rules if r.points < 3 and not r.cards]
    rule = rng.choice(low)
    from .teach import example_cards
    need = list(example_cards(rule, rules.yaku))
    for _ in range(500):
        missing = rng.choice(need)
        mates = [c for c in CardSet.deck().of_month(missing.month).as_cards()
                 if c != missing and c not in need]
        if not mates:
            continue
        played = rng.choice(mates)
        pile = [c for c in need if c != missing]
        others = [c for c in DECK if c not in need and c.month != missing.month]
        rng.shuffle(others)
        state = setup_state(rules, [[played, others[0]], [others[1], others[2]]],
                            field=[missing, others[3]], stock=others[4:8],
                            captures=[pile, others[8:12]])
        if rules.yaku.quick(CardSet(pile).mask)[0]:
            continue
        state = apply(state, f"play {played.code}")
        if state.phase == Phase.DECIDE and 0 < state.yaku_points(0) < 3:
            break
    legal = legal_actions(state)
    pts = state.yaku_points(0)
    made = and_list([h.rule.name for h in rules.yaku.evaluate(state.captures(0)).hits])
    prompt = (f"House rule Minimum Points ({opts['minimum_points']}): you take "
              f"{the_card(missing)} with {the_card(played)} and form {made}, worth {pts} "
              f"point{'s' * (pts != 1)}. Koi-Koi or Stop?")
    stop_ok = STOP in legal
    choices = (Choice("a", "Koi-Koi", "Right: under 3 points you may not stop; the game "
                      "calls Koi-Koi for you." if not stop_ok else "Allowed here."),
               Choice("b", "Stop", f"Not allowed: with {pts} point{'s' * (pts != 1)} you "
                      "are under the minimum of 3, so you must play on."
                      if not stop_ok else "Allowed here."))
    answer = ("a",) if not stop_ok else ("b",)
    offered = " or ".join(a.describe() for a in legal)      # in the rules' words
    expl = ("With the Minimum Points house rule you need at least 3 points to call Stop; "
            f"below that, the only choice the game gives you is to {offered}.")
    return Question(qid, "koikoi/decide", prompt, "single", choices, answer, expl,
                    state.captures(0).as_cards(), SOURCE)


# ---------------------------------------------------------------------------

def generate_koikoi_quiz(seed: int, n: int = 6, topics: Iterable[str] | None = None,
                         preset: str = "book") -> Quiz:
    """A Koi-Koi quiz drawn from ``seed`` (same seed, same questions).

    Topics are taken in turn, so each appears; ``topics`` narrows them to some of
    :data:`TOPICS`; ``preset`` is the rule set the answers follow.
    """
    check_quiz_size(seed, n, 50, "a Koi-Koi quiz")
    preset_options(preset)          # checks the preset name
    chosen = chosen_topics(topics, TOPICS)
    rng = random.Random(seed)
    coach = _coach() if "koikoi/capture" in chosen else None
    questions = []
    for i in range(n):
        topic = chosen[i % len(chosen)]
        qid = f"kk-seed{seed}-q{i + 1}-{topic.split('/')[-1]}"
        if topic == "koikoi/score":
            questions.append(score_question(rng, qid, preset))
        elif topic == "koikoi/capture":
            questions.append(capture_question(rng, qid, preset, coach))
        else:
            questions.append(decide_question(rng, qid, preset))
    return Quiz(seed, tuple(questions), f"Koi-Koi quiz, seed {seed}")
