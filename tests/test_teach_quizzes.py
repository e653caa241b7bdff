"""One quiz convention for every playable game (hanafuda_core.teach.quizzes)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import MONTH_NAMES, Card
from hanafuda_core.errors import HanafudaError
from hanafuda_core.koikoi_quiz import generate_koikoi_quiz
from hanafuda_core.quiz import check
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach.quizzes import (
    generate_capture_quiz,
    generate_quiz,
    own_quiz,
    quiz_topics,
)
from hanafuda_core.teach.tools import game_deck

KEYS = playable_keys()
CAPTURE = [k for k in KEYS if get_game(k).info.family == "capture"]


def check_questions(quiz, key: str, preset: str, seed: int) -> None:
    ids = [q.id for q in quiz.questions]
    assert len(set(ids)) == len(ids)
    for i, q in enumerate(quiz.questions, start=1):
        assert re.fullmatch(rf"{key}-{preset}-seed{seed}-q{i}-[a-z-]+", q.id), q.id
        assert check(q, q.answer).correct
        wrong = [c for c in q.choices if c.key not in q.answer]
        assert wrong, q.id
        for c in wrong:
            verdict = check(q, [c.key])
            assert not verdict.correct
            assert c.feedback.strip() and c.feedback in " ".join(verdict.messages)


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_every_game_has_a_seeded_quiz_whose_answers_check(key, seed):
    quiz = generate_quiz(key, seed)
    assert quiz == generate_quiz(key, seed) and len(quiz) == 6
    check_questions(quiz, key, get_game(key).preset, seed)


@pytest.mark.parametrize("key", CAPTURE)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_the_generic_quiz_works_for_every_capture_game(key, seed):
    game = get_game(key)
    quiz = generate_capture_quiz(key, seed, n=8)
    assert quiz == generate_capture_quiz(key, seed, n=8)
    check_questions(quiz, key, get_game(key).preset, seed)
    topics = [q.topic.split("/")[1] for q in quiz.questions]
    assert set(topics) == set(quiz_topics(key) if own_quiz(key) is None else topics)
    deck = game_deck(game)
    for q in quiz.questions:
        answer = q.choice(q.answer[0])
        if q.topic.endswith("/score"):
            assert all(c in deck for c in q.cards)
            assert answer.text == str(game.score(list(q.cards)).to_dict()["total"])
        elif q.topic.endswith("/card-value"):
            assert answer.text == str(game.score(list(q.cards)).to_dict()["card_points"])
        elif q.topic.endswith("/deck"):
            assert answer.cards[0] not in deck
            assert all(c.cards[0] in deck for c in q.choices if c is not answer)


def test_the_topics_follow_the_games_data():
    assert quiz_topics("simplified") == ("score", "play", "card-value")
    assert quiz_topics("mushi") == ("score", "play", "card-value", "deck")
    assert quiz_topics("koikoi") == ("koikoi/score", "koikoi/capture", "koikoi/decide")


def test_a_games_own_generator_is_found_and_keeps_its_questions():
    own = generate_koikoi_quiz(4, 3, preset="d003")
    quiz = generate_quiz("koikoi", 4, 3, preset="d003")
    assert [q.prompt for q in quiz.questions] == [q.prompt for q in own.questions]
    assert [q.id for q in quiz.questions] == [
        f"koikoi-d003-seed4-q{i}-{q.topic.split('/')[1]}" for i, q in
        enumerate(own.questions, start=1)]


def test_a_play_question_asks_a_clear_best_move():
    quiz = generate_capture_quiz("mushi", 11, n=2, topics=["play"])
    for q in quiz.questions:
        assert len(q.choices) >= 3
        assert "Right" in q.choice(q.answer[0]).feedback
        assert all("less than" in c.feedback for c in q.choices if c.key not in q.answer)


@pytest.mark.parametrize("bad, match", [
    ({"seed": "one"}, "whole number"), ({"n": 0}, "1 to 50"), ({"n": 51}, "1 to 50"),
    ({"topics": ["poetry"]}, "unknown quiz topic"), ({"key": "higo-bana"}, "cannot be played"),
    ({"key": "koikoi", "preset": "nowhere"}, "preset")])
def test_bad_quiz_requests_are_refused_with_the_reason(bad, match):
    args = {"key": "mushi", "seed": 1, "n": 6, **bad}
    with pytest.raises(HanafudaError, match=match):
        generate_quiz(args.pop("key"), **args)


def test_deck_questions_name_the_months_left_out():
    quiz = generate_capture_quiz("mushi", 5, n=1, topics="deck")
    (q,) = quiz.questions
    out = sorted({c.month for c in Card if c not in game_deck(get_game("mushi"))})
    assert len(out) == 2
    assert "40 cards" in q.explanation
    assert all(MONTH_NAMES[m - 1] in q.explanation for m in out)
