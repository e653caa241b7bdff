"""The static book checks quiz answers in the browser, with no kernel: a wrong answer is
marked wrong and explained with that choice's own feedback, a right one is marked right and
the score counts it, and Check with nothing picked asks for a choice. The same holds on the
pre-rendered page of every seed from 1 to 30, which the quiz pages link to.

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import json

import pytest

from hanafuda_core.teach import kit

pytestmark = pytest.mark.browser

QUIZ_PAGES = ["exercises/deck-quiz.html", "exercises/koikoi-quiz.html",
              "exercises/hachihachi-quiz.html"]
# a seed page of every quiz of the kit (the deck's and every playable game's)
SEED_PAGES = [kit.seed_page_path(q.key, seed)
              for q, seed in zip(kit.kit_quizzes(), (2, 9, 16, 23, 30), strict=False)]


def _first_single_choice(page):
    """The first quiz on the page, its data, and its first one-answer question."""
    quiz = page.locator(".hanafuda-quiz").first
    data = json.loads(quiz.locator("script.hq-data").text_content())
    for number, question in enumerate(data["questions"]):
        if not question["many"] and len(question["choices"]) > 1:
            return quiz, question, quiz.locator("section.hq-q").nth(number)
    pytest.fail("the quiz has no one-answer question")


@pytest.mark.parametrize("page_path", QUIZ_PAGES + SEED_PAGES)
def test_static_quiz_explains_a_wrong_answer_and_counts_a_right_one(watch, book_url,
                                                                   page_path):
    page = watch.new_page()
    page.goto(book_url + page_path, wait_until="networkidle")
    quiz, question, section = _first_single_choice(page)
    feedback = section.locator(".hq-feedback")
    check = section.locator("button.hq-check")

    check.click()
    assert feedback.inner_text().strip(), "Check with nothing picked says nothing"
    assert "pick" in feedback.inner_text().lower()

    wrong = next(c for c in question["choices"] if c["key"] not in question["answer"])
    section.locator(f"input[value='{wrong['key']}']").check()
    check.click()
    shown = feedback.inner_text()
    assert wrong["feedback"].split(":")[0] in shown, (
        f"a wrong answer is not explained by its own feedback: {shown!r}")
    assert section.locator(f"label[data-key='{wrong['key']}'].hq-wrong").count() == 1

    right = question["answer"][0]
    section.locator(f"input[value='{right}']").check()
    check.click()
    assert section.locator(f"label[data-key='{right}'].hq-right").count() == 1
    assert quiz.locator(".hq-score").inner_text().startswith("Score 1 of")
    assert watch.log.problems() == [], "\n".join(watch.log.problems())


@pytest.mark.parametrize("page_path", QUIZ_PAGES)
def test_quiz_page_links_to_a_page_for_every_seed_from_1_to_30(watch, book_url, page_path):
    """Choosing a seed needs no Python: a link per seed, each to a page that is there."""
    page = watch.new_page()
    page.goto(book_url + page_path, wait_until="networkidle")
    links = page.locator("nav.hf-seeds a")
    labels = links.all_inner_texts()
    targets = links.evaluate_all("els => els.map(e => e.href)")
    watch.close_page(page)
    assert labels == [str(seed) for seed in kit.SEEDS]
    for seed, url in zip(kit.SEEDS, targets, strict=True):
        assert url.endswith(f"/seed-{seed}.html")
        response = watch.context.request.get(url)
        assert response.status == 200, f"{url}: HTTP {response.status}"
        assert f"seed {seed}</h1>" in response.text()
