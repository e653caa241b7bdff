"""Koi-Koi quizzes: deterministic per seed, and every answer re-checked independently."""

import random

import pytest

from hanafuda_core import quiz
from hanafuda_core.cards import CardSet, parse_card
from hanafuda_core.engines.capture import GO_ON, STOP, Phase, apply, legal_actions, setup_state
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.koikoi_quiz import (
    TOPICS,
    capture_question,
    decide_question,
    generate_koikoi_quiz,
    score_question,
)
from hanafuda_core.scoring import score_cards

SEEDS = range(6)


def test_quiz_is_deterministic_per_seed_and_differs_between_seeds():
    a, b = generate_koikoi_quiz(4), generate_koikoi_quiz(4)
    assert a == b and a.to_dict() == b.to_dict()
    assert generate_koikoi_quiz(5) != a


@pytest.mark.parametrize("seed", SEEDS)
def test_quiz_follows_the_schema(seed):
    q = generate_koikoi_quiz(seed)
    quiz.validate_bank(q.to_dict()["questions"])
    assert {x.topic for x in q.questions} == set(TOPICS)
    html = quiz.to_html(q)
    assert html.count('class="hq-q"') == len(q)


def _total(choice_text: str) -> int:
    return int(choice_text.split()[0])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("preset", ["book", "d002", "d003"])
def test_score_this_pile_answer_is_the_score_cards_total(seed, preset):
    q = score_question(random.Random(seed), "q", preset)
    right = score_cards(CardSet(q.cards), preset).total
    totals = [_total(c.text) for c in q.choices]
    assert len(set(totals)) == len(totals) == 4
    (key,) = q.answer
    assert _total(q.choice(key).text) == right
    for c in q.choices:
        assert c.feedback
        if c.key != key:
            assert _total(c.text) != right
    for line in score_cards(CardSet(q.cards), preset).lines:
        assert line.name in q.explanation


@pytest.mark.parametrize("seed", SEEDS)
def test_which_card_do_you_capture_answer_scores_more_in_the_engine(seed):
    q = capture_question(random.Random(seed), "q")
    played = parse_card(q.prompt.split("You play the ")[1].split(", and")[0])   # by name
    rules = get_rules("book")
    options = [c.cards[0] for c in q.choices]
    used = set(q.cards) | set(options) | {played}
    spare = next(c for c in CardSet.deck() if c not in used and c.month != played.month)
    points = {}
    for target in options:
        # An independent position: only the pile, the played card and the two options.
        s = setup_state(rules, [[played], [spare]], field=options, stock=[],
                        captures=[CardSet(q.cards), ""])
        s = apply(s, f"play {played.code}")
        assert s.phase == Phase.CHOOSE_HAND_CAPTURE
        s = apply(s, f"capture {target.code}")
        points[target] = s.yaku_points(0)
    (key,) = q.answer
    best = q.choice(key).cards[0]
    assert points[best] == max(points.values()) and len(set(points.values())) == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_koikoi_or_stop_on_the_last_card_stop_is_right(seed):
    q = decide_question(random.Random(seed), "q", kind="last")
    assert q.choice(q.answer[0]).text == "Stop"
    assert "draw" in q.choice("a").feedback


@pytest.mark.parametrize("seed", SEEDS)
def test_book_koikoi_minimum_points_question_forces_koikoi(seed):
    q = decide_question(random.Random(seed), "q", kind="minimum")
    assert q.choice(q.answer[0]).text == "Koi-Koi"
    rules = get_rules("book", minimum_points=3)
    pts = rules.yaku.quick(CardSet(q.cards).mask)[0]
    assert 0 < pts < 3


def test_last_card_decision_checked_in_the_engine():
    rules = get_rules("book")
    s = setup_state(rules, [["3c"], []], field="3b 10c", stock=[], captures=["1b 2b", ""])
    s = apply(s, "play 3c")
    assert s.phase == Phase.DECIDE and set(legal_actions(s)) == {GO_ON, STOP}
    assert apply(s, GO_ON).result.points == (0, 0)
    assert apply(s, STOP).result.points == (5, 0)


def test_bad_arguments_are_refused_with_reasons():
    with pytest.raises(HanafudaError, match="whole number"):
        generate_koikoi_quiz("x")
    with pytest.raises(HanafudaError, match="known topics"):
        generate_koikoi_quiz(1, topics=["koikoi/nope"])
    with pytest.raises(HanafudaError, match="1 to 50"):
        generate_koikoi_quiz(1, n=0)
    with pytest.raises(Exception, match="unknown Koi-Koi preset"):
        generate_koikoi_quiz(1, preset="nope")
