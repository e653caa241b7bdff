"""The teacher's kit prints cleanly (issue 8 §2), in headless Chromium's print to PDF:

* every game's quick reference (the book's reference pages and the kit's printouts, one per
  playable game) fits on one or two A4 pages;
* a seed page prints as a worksheet: no button, input or navigation, cards at least 56 px
  wide, no question split across pages, and its answer key starting a page of its own;
* the book's quiz pages print without their Check buttons, each question kept whole.

Pages are counted from the PDF's page objects (``/Type /Page``). Needs the book built
(``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import re

import pytest

from hanafuda_core.registry import playable_keys
from hanafuda_core.teach import kit

pytestmark = pytest.mark.browser

BOOK_REFERENCES = ["book/koikoi-reference.html", "book/hachihachi-reference.html"]
# Every game's quick reference: the book's pages and the kit's printouts.
QUICK_REFERENCES = BOOK_REFERENCES + [kit.print_reference_path(k) for k in playable_keys()]
WORKSHEETS = [kit.seed_page_path(q.key, seed) for q in kit.kit_quizzes() for seed in (1, 30)]
QUIZ_PAGES = ["exercises/koikoi-quiz.html", "exercises/hachihachi-quiz.html"]

_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")

# Elements a reader could press or type into, visible in the page as it is now styled.
_VISIBLE_CONTROLS = """() => Array.from(document.querySelectorAll(
    'button, input, select, textarea, nav, [role=button]'))
  .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
  .map(e => e.outerHTML.slice(0, 80))"""


def pdf_pages(page) -> int:
    """How many A4 pages ``page`` prints on."""
    pdf = page.pdf(format="A4", print_background=True)
    return len(_PAGE_OBJECT.findall(pdf))


# Loaded and laid out: the document, its stylesheets and its fonts, with nothing in flight.
_LAID_OUT = """() => document.readyState === 'complete'
    && Array.from(document.styleSheets).every(s => { try { return s.cssRules !== null; }
                                                     catch (e) { return false; } })
    && document.fonts.status === 'loaded'"""


def _open(watch, book_url, path):
    page = watch.new_page()
    page.goto(book_url + path, wait_until="networkidle")
    page.wait_for_function(_LAID_OUT)
    return page


def _state(page) -> str:
    """What the page held when it printed, for a failure's message."""
    return page.evaluate("""() => `${document.styleSheets.length} stylesheets, `
        + `${document.querySelectorAll('.hf-ws-q').length} worksheet questions, `
        + `body ${document.body.scrollHeight} px high`""")


@pytest.mark.parametrize("page_path", QUICK_REFERENCES)
def test_quick_reference_prints_on_one_or_two_a4_pages(watch, book_url, page_path):
    page = _open(watch, book_url, page_path)
    pages = pdf_pages(page)
    page.emulate_media(media="print")
    controls = page.evaluate(_VISIBLE_CONTROLS)
    problems = watch.log.problems()
    watch.close_page(page)
    assert 1 <= pages <= 2, f"{page_path} prints on {pages} A4 pages, not one or two"
    assert controls == [], f"{page_path} prints controls: {controls}"
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("page_path", WORKSHEETS)
def test_worksheet_prints_without_controls_and_its_answer_key_on_a_new_page(
        watch, book_url, page_path):
    page = _open(watch, book_url, page_path)
    page.locator(".hf-worksheet .hf-ws-q").first.wait_for(state="attached")
    printed = _state(page)
    whole = pdf_pages(page)
    # the questions alone, then the answer key alone: together they take as many pages as
    # the whole worksheet only if the key starts a page of its own
    page.evaluate("document.querySelector('.hf-answer-key').style.display = 'none'")
    questions = pdf_pages(page)
    page.evaluate("""() => {
        document.querySelector('.hf-answer-key').style.display = '';
        for (const sel of ['main > h1', '.hf-ws-title', '.hf-ws-name', '.hf-ws-questions']) {
            document.querySelector(sel).style.display = 'none';
        }
    }""")
    answers = pdf_pages(page)
    page.reload(wait_until="networkidle")

    page.emulate_media(media="print")
    controls = page.evaluate(_VISIBLE_CONTROLS)
    text = page.locator("body").inner_text()
    key_break = page.locator(".hf-answer-key").evaluate(
        "e => getComputedStyle(e).breakBefore")
    kept_whole = page.locator(".hf-ws-q").evaluate_all(
        "els => els.map(e => getComputedStyle(e).breakInside)")
    widths = page.locator(".hf-worksheet svg.hanafuda-card").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    prompts = page.locator(".hf-ws-prompt").all_inner_texts()
    problems = watch.log.problems()
    watch.close_page(page)

    assert whole == questions + answers >= 2, (
        f"{page_path}: the answer key does not start a new page (whole {whole} pages, "
        f"questions {questions}, answer key {answers}); printed with {printed}; "
        f"{problems}")
    assert controls == [], f"{page_path} prints controls: {controls}"
    assert "Check answer" not in text and "Answer key" in text
    assert prompts and all(p.strip() in text for p in prompts)
    assert key_break == "page"
    assert kept_whole and set(kept_whole) == {"avoid"}, kept_whole
    assert widths and min(widths) >= 56, f"cards printed narrower than 56 px: {min(widths)}"
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("page_path", QUIZ_PAGES)
def test_book_quiz_page_prints_without_buttons_and_keeps_each_question_whole(
        watch, book_url, page_path):
    page = _open(watch, book_url, page_path)
    page.emulate_media(media="print")
    controls = page.evaluate(_VISIBLE_CONTROLS)
    text = " ".join(page.locator(".hanafuda-quiz").all_inner_texts())
    kept_whole = page.locator(".hanafuda-quiz .hq-q").evaluate_all(
        "els => els.map(e => getComputedStyle(e).breakInside)")
    problems = watch.log.problems()
    watch.close_page(page)
    assert controls == [], f"{page_path} prints controls: {controls}"
    assert "Check answer" not in text
    assert kept_whole and set(kept_whole) == {"avoid"}, kept_whole
    assert problems == [], "\n".join(problems)


def test_seed_page_checks_answers_on_screen(watch, book_url):
    """A seed page's quiz works with no kernel, like the book's quiz pages."""
    page = _open(watch, book_url, kit.seed_page_path("koikoi", 17))
    section = page.locator(".hanafuda-quiz section.hq-q").first
    section.locator("input").first.check()
    section.locator("button.hq-check").click()
    verdict = section.locator(".hq-feedback .hq-head").inner_text()
    score = page.locator(".hanafuda-quiz .hq-score").inner_text()
    links = page.locator("nav.hf-seeds a").count()
    problems = watch.log.problems()
    watch.close_page(page)
    assert verdict in {"Correct!", "Not quite.", "Partly right."}
    assert score.endswith("(1 checked)")
    assert links == len(kit.SEEDS)
    assert problems == [], "\n".join(problems)


def test_app_projector_view_enlarges_cards_and_type(voila_app):
    """The app's Projector view button puts its class on the app: cards and type grow, and
    pressing it again brings them back."""
    page = voila_app.open_game("Koi-Koi")
    new_round = page.get_by_role("button", name="New round", exact=True)
    voila_app.wait_visible(page, new_round, "the Koi-Koi tab showed no 'New round' button")
    new_round.click()
    card = page.locator(".hanafuda-page-koikoi svg.hanafuda-card").first
    voila_app.wait_visible(page, card, "the new round showed no card")
    toggle = page.get_by_role("button", name="Projector view", exact=True)

    def sizes():
        return page.evaluate("""() => [
            document.querySelector('.hanafuda-page-koikoi svg.hanafuda-card')
              .getBoundingClientRect().width,
            parseFloat(getComputedStyle(document.querySelector('.hanafuda-app')).fontSize),
            document.querySelector('.hanafuda-app').classList.contains('hanafuda-projector')]""")

    before = sizes()
    toggle.click()
    page.wait_for_function("() => document.querySelector('.hanafuda-app.hanafuda-projector')")
    during = sizes()
    toggle.click()
    page.wait_for_function(
        "() => !document.querySelector('.hanafuda-app.hanafuda-projector')")
    after = sizes()
    problems = voila_app.watch.log.problems()
    voila_app.watch.close_page(page)
    assert before[2] is False and during[2] is True and after[2] is False
    assert during[0] >= 1.5 * before[0], f"cards {before[0]} px -> {during[0]} px"
    assert during[1] > before[1], f"type {before[1]} px -> {during[1]} px"
    assert after[:2] == before[:2]
    assert problems == [], "\n".join(problems)
