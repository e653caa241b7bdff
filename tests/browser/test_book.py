"""The built book in Chromium: every page loads only from the book itself, without a failed
request or a script error, and the deck chapter shows all 48 cards. (Each page is opened
once for all the per-page tests: ``page_visit``, see visit.py.)

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import re

import pytest
from book_pages import built_pages

from hanafuda_core.teach import kit

pytestmark = pytest.mark.browser

DECK_PAGE = "book/deck.html"


#: The teacher's kit's quiz seeds opened in the browser: the first and the last. Every
#: seed page is the same page with other questions; tests/test_built_links.py reads all
#: of them (what they fetch, where they link) without a browser.
SAMPLE_SEEDS = (kit.SEEDS[0], kit.SEEDS[-1])
_SEED_PAGE = re.compile(rf"^{re.escape(kit.QUIZ_DIR)}/[^/]+/seed-(\d+)\.html$")


def browser_pages() -> list[str]:
    """The built pages the browser tests open: every page, but of the kit's seed pages
    only the :data:`SAMPLE_SEEDS` of each quiz."""
    out = []
    for page in built_pages():
        seed = _SEED_PAGE.match(page)
        if seed is None or int(seed.group(1)) in SAMPLE_SEEDS:
            out.append(page)
    return out


def test_book_is_built(book_html):
    pages = built_pages()
    assert DECK_PAGE in pages, f"{DECK_PAGE} is not in the built book: {pages}"


def test_book_root_serves_a_favicon(browser, watch, book_url):
    """Browsers ask for /favicon.ico on a page without an icon link (the root's redirect
    page); it must be there, or the console shows a 404."""
    response = watch.context.request.get(book_url + "favicon.ico")
    assert response.status == 200, f"/favicon.ico: HTTP {response.status}"
    assert response.body()[:4] == b"\x00\x00\x01\x00", "/favicon.ico is not an icon file"


@pytest.mark.parametrize("page_path", browser_pages())
def test_book_page_loads_everything_locally(page_visit, page_path):
    seen = page_visit(page_path)
    assert not seen.failure, f"{page_path}: {seen.failure}\n  " + "\n  ".join(seen.problems)
    assert seen.problems == [], f"{page_path}:\n  " + "\n  ".join(seen.problems)
    assert seen.broken_images == [], (
        f"{page_path}: images that did not load: {seen.broken_images}")
    assert seen.launchers == 0, (
        f"{page_path}: has launch/edit links that point outside the book")


def test_book_deck_chapter_shows_all_48_cards(browser, watch, book_url, artifacts_dir):
    page = watch.new_page()
    page.goto(book_url + DECK_PAGE, wait_until="networkidle")
    cards = page.locator(".hanafuda-card:visible")
    cards.first.wait_for()
    page.screenshot(path=str(artifacts_dir / "book-deck.png"), full_page=True)

    shown = cards.count()
    sizes = cards.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.width, r.height]; })")
    codes = {c for c in cards.evaluate_all("els => els.map(e => e.getAttribute('data-card'))")
             if c}
    problems = watch.log.problems()
    watch.close_page(page)

    assert shown >= 48, f"{DECK_PAGE} shows {shown} visible .hanafuda-card pictures, not 48"
    assert all(w > 10 and h > 10 for w, h in sizes), f"cards drawn too small to see: {sizes}"
    if codes:   # cards that name themselves must name all 48 different cards
        assert len(codes) >= 48, f"only {len(codes)} different data-card values: {sorted(codes)}"
    assert problems == [], "\n".join(problems)
