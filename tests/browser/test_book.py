"""The built book in Chromium: every page loads only from the book itself, without a failed
request or a script error, and the deck chapter shows all 48 cards.

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from hanafuda_core.teach import kit

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parents[2]
BUILT = REPO_ROOT / "_build" / "html"
DECK_PAGE = "book/deck.html"

# Anything that would send a reader outside the book to run or edit it.
LAUNCHERS = ", ".join([
    ".launch-buttons", ".thebe-launch-button", ".thebelab-button",
    "a[href*='mybinder.org']", "a[href*='colab.research.google.com']",
    "a[href*='deepnote.com']", "a[href*='github.com'][href*='/edit/']",
    "a[href*='github.com'][href*='/issues/new']",
])


def built_pages() -> list[str]:
    """Every HTML page of the built book (the theme's template fragments under _static
    are not pages)."""
    if not BUILT.is_dir():
        return []
    return sorted(p.relative_to(BUILT).as_posix() for p in BUILT.rglob("*.html")
                  if "_static" not in p.relative_to(BUILT).parts)


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


def redirect_target(page_path: str) -> str | None:
    """Where a built page sends the browser with a meta refresh (the site root's index.html
    sends it to the book's first page), as a path from the site root; None for a page."""
    found = re.search(r'http-equiv="Refresh" content="0; url=([^"]+)"',
                      (BUILT / page_path).read_text(errors="replace"), re.IGNORECASE)
    if found is None:
        return None
    return (PurePosixPath(page_path).parent / found.group(1)).as_posix()


def test_book_root_serves_a_favicon(browser, watch, book_url):
    """Browsers ask for /favicon.ico on a page without an icon link (the root's redirect
    page); it must be there, or the console shows a 404."""
    response = watch.context.request.get(book_url + "favicon.ico")
    assert response.status == 200, f"/favicon.ico: HTTP {response.status}"
    assert response.body()[:4] == b"\x00\x00\x01\x00", "/favicon.ico is not an icon file"


@pytest.mark.parametrize("page_path", browser_pages())
def test_book_page_loads_everything_locally(browser, watch, book_url, page_path):
    page = watch.new_page()
    target = redirect_target(page_path)
    page.goto(book_url + page_path, wait_until="networkidle")
    if target is not None:
        # a redirect page: wait until the page it sends to has loaded, not for a moment
        # between the two (the browser may still be asking for the first one's favicon)
        page.wait_for_url(book_url + target, wait_until="load")
        page.wait_for_load_state("networkidle")
    try:
        # widgets rendered by the vendored widget manager: one view per widget-view script
        views = page.locator("script[type='application/vnd.jupyter.widget-view+json']").count()
        if views:
            page.wait_for_function(
                "n => document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= n",
                arg=views)
        page.wait_for_load_state("networkidle")
    except PlaywrightTimeout as exc:
        pytest.fail(f"{page_path}: widgets never rendered ({exc.message.splitlines()[0]})"
                    "\n  " + "\n  ".join(watch.log.problems()), pytrace=False)

    broken_images = page.eval_on_selector_all(
        "img", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
    launchers = page.locator(LAUNCHERS).count()
    problems = watch.log.problems()
    watch.close_page(page)

    assert problems == [], f"{page_path}:\n  " + "\n  ".join(problems)
    assert broken_images == [], f"{page_path}: images that did not load: {broken_images}"
    assert launchers == 0, f"{page_path}: has launch/edit links that point outside the book"


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
