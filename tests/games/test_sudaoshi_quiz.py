"""Sudaoshi's quiz (:func:`hanafuda_core.teach.quizzes.generate_quiz`): a pile's score
depends on the point burden its player carries (only the 120 burden scores the Rain
yaku, B16, and every burden is taken off the round's score, B14), so each score question
says the burden it is computed with, read from the rules; its answer is the score the
settlement gives a player carrying that burden, before the burden is taken off, under
every preset."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet
from hanafuda_core.teach.quizzes import _burden, generate_quiz

PRESETS = list(get_game("sudaoshi").entry.presets())
BURDEN = re.compile(r"carrying the (\d+) point burden, you end the round with these "
                    r"(\d+) cards in your pile\. What do they score, before the burden is "
                    r"taken off\?$")


def _answer(question) -> int:
    (key,) = question.answer
    return int(next(c.text for c in question.choices if c.key == key))


def _score_under(rules, cards, burden: int) -> int:
    """The pile's score for a player carrying ``burden`` whose opponents took nothing,
    before the burden is taken off (the settlement's own sum)."""
    others = [b for b in rules.burdens if b != burden]
    side = rules.overlay.side_scores((CardSet(cards).mask, 0, 0),
                                     burdens=(burden, *others))[0]
    return side.total + burden


@pytest.mark.parametrize("preset", PRESETS)
def test_every_score_question_says_its_burden_and_is_right_under_it(preset):
    game = get_game("sudaoshi", preset)
    rules = game.rules
    seen = set()
    rain = False
    for seed in range(12):
        for q in generate_quiz("sudaoshi", seed, n=2, topics=["score"], preset=preset).questions:
            found = BURDEN.search(q.prompt)
            assert found, q.prompt
            burden = int(found.group(1))
            assert burden in rules.burdens and int(found.group(2)) == len(q.cards)
            assert _answer(q) == _score_under(rules, q.cards, burden), q.prompt
            assert f"before your {burden} point burden is taken off" in q.explanation
            seen.add(burden)
            rain = rain or "Rain" in q.explanation
    assert seen and rain          # (piles with a Rain yaku were asked about)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_chapters_first_question_names_the_burden(preset):
    q = generate_quiz("sudaoshi", 7, n=3, preset=preset).questions[0]
    assert q.topic == "sudaoshi/score"
    assert f"carrying the {max(get_game('sudaoshi', preset).rules.burdens)} point burden" \
        in q.prompt


def test_the_chapters_rainy_sky_question():
    q = generate_quiz("sudaoshi", 7, n=3).questions[0]
    assert "carrying the 120 point burden" in q.prompt and "Rainy Sky" in q.explanation
    rules = get_game("sudaoshi").rules
    assert _answer(q) == _score_under(rules, q.cards, 120) == 91
    # under another burden the Rain yaku would not count: the stated burden matters
    assert _score_under(rules, q.cards, 100) == 91 - 2 * 20


def test_the_burden_is_read_from_the_rules():
    rules = get_game("sudaoshi").rules
    rain = [{"key": "rainy_sky"}]
    hills = [{"key": "the_hills"}]
    heavier = replace(rules, burdens=(90, 110, 130),
                      overlay=replace(rules.overlay, group_burdens=(("rain", 130),)))
    assert _burden(SimpleNamespace(rules=heavier), rain) == 130
    assert _burden(SimpleNamespace(rules=heavier), hills) == 130
    lighter = replace(heavier, overlay=replace(heavier.overlay, group_burdens=(("rain", 90),)))
    assert _burden(SimpleNamespace(rules=lighter), rain) == 90
    assert _burden(get_game("sudaoshi"), rain) == 120


def test_games_without_burdens_ask_as_before():
    q = generate_quiz("koikoi", 7, n=1, topics=["score"]).questions[0]
    assert "burden" not in q.prompt and q.prompt.endswith("What do they score?")
