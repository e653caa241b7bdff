"""Cards are legible in the built book: every card picture on every page is drawn at least
:data:`~hanafuda_core.render.sizes.MIN_CARD_WIDTH` px wide, on the screen and in print
(of the kit's generated seed pages, the sample ``test_book.browser_pages`` opens).

The width is the one the reader sees (``getBoundingClientRect``, after every style sheet
has had its say), not the ``width`` attribute the core wrote. Collapsed ``<details>`` are
opened first, so the cards inside them count; a card that is not rendered at all (an
inactive tab, a part print hides) has no size to measure and is left out. No page has
an exception: a page that needs a compact overview of small cards must first change
this test and say why.

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import pytest

from hanafuda_core.render.sizes import MIN_CARD_WIDTH

from .test_book import browser_pages, redirect_target

pytestmark = pytest.mark.browser

#: An A4 page at 96 px to the inch, for the print view (the print style sheets set the
#: page margins; the layout width is the sheet's).
A4_PX = {"width": 794, "height": 1123}
#: Sub-pixel rounding of the browser's layout.
TOLERANCE = 0.5

#: Every card picture: a card (``svg.hanafuda-card``) and a face-down pile
#: (``svg.hanafuda-stack``, one card wide in its viewBox plus the pile's offset).
MEASURE = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const out = [];
  for (const el of document.querySelectorAll('svg.hanafuda-card, svg.hanafuda-stack')) {
    const r = el.getBoundingClientRect();
    if (!el.checkVisibility() || r.width === 0) continue;   // not rendered: nothing to see
    const box = el.viewBox && el.viewBox.baseVal;
    const pile = el.classList.contains('hanafuda-stack');
    const card = pile && box && box.width ? r.width * 100 / box.width : r.width;
    const where = el.closest('section[id]');
    out.push({code: el.getAttribute('data-card') || (pile ? 'pile' : '?'),
              width: Math.round(card * 100) / 100,
              section: where ? where.id : ''});
  }
  return out;
}"""

PAGES = [p for p in browser_pages()
         if redirect_target(p) is None and p not in ("genindex.html", "search.html")]


def _widget_views_rendered(page) -> None:
    views = page.locator("script[type='application/vnd.jupyter.widget-view+json']").count()
    if views:
        page.wait_for_function(
            "n => document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= n",
            arg=views)


def _too_small(cards: list[dict]) -> list[str]:
    return [f"{c['code']} {c['width']} px (section #{c['section']})" for c in cards
            if c["width"] + TOLERANCE < MIN_CARD_WIDTH]


@pytest.mark.parametrize("page_path", PAGES)
def test_every_card_picture_is_at_least_the_minimum_width(browser, book_url, page_path):
    screen = browser.new_context(viewport={"width": 1280, "height": 900})
    printed = browser.new_context(viewport=A4_PX)
    try:
        page = screen.new_page()
        page.goto(book_url + page_path, wait_until="networkidle")
        _widget_views_rendered(page)
        on_screen = page.evaluate(MEASURE)

        paper = printed.new_page()
        paper.emulate_media(media="print")
        paper.goto(book_url + page_path, wait_until="networkidle")
        _widget_views_rendered(paper)
        in_print = paper.evaluate(MEASURE)
    finally:
        screen.close()
        printed.close()

    small = _too_small(on_screen)
    assert not small, (f"{page_path}: {len(small)} of {len(on_screen)} card pictures are "
                       f"narrower than {MIN_CARD_WIDTH} px on screen: " + "; ".join(small[:12]))
    small = _too_small(in_print)
    assert not small, (f"{page_path}: {len(small)} of {len(in_print)} card pictures are "
                       f"narrower than {MIN_CARD_WIDTH} px in print: " + "; ".join(small[:12]))


def test_the_deck_chapter_is_measured(browser, book_url):
    """The measure sees cards at all: the deck chapter's 48 cards at their drawn width."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(book_url + "book/deck.html", wait_until="networkidle")
        cards = page.evaluate(MEASURE)
    finally:
        context.close()
    codes = {c["code"] for c in cards}
    assert len(codes) >= 48, f"the deck chapter shows {len(codes)} different cards"
    assert max(c["width"] for c in cards) > MIN_CARD_WIDTH
