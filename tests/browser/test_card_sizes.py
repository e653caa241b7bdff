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
from book_pages import BUILT

from hanafuda_core.render.sizes import MIN_CARD_WIDTH

from .test_book import browser_pages
from .visit import redirect_target

pytestmark = pytest.mark.browser

#: Sub-pixel rounding of the browser's layout.
TOLERANCE = 0.5

PAGES = [p for p in browser_pages()
         if redirect_target(BUILT, p) is None and p not in ("genindex.html", "search.html")]


def _too_small(cards: list[dict]) -> list[str]:
    return [f"{c['code']} {c['width']} px (section #{c['section']})" for c in cards
            if c["width"] + TOLERANCE < MIN_CARD_WIDTH]


@pytest.mark.parametrize("page_path", PAGES)
def test_every_card_picture_is_at_least_the_minimum_width(page_visit, page_path):
    seen = page_visit(page_path)
    on_screen, in_print = seen.cards_on_screen, seen.cards_in_print
    small = _too_small(on_screen)
    assert not small, (f"{page_path}: {len(small)} of {len(on_screen)} card pictures are "
                       f"narrower than {MIN_CARD_WIDTH} px on screen: " + "; ".join(small[:12]))
    small = _too_small(in_print)
    assert not small, (f"{page_path}: {len(small)} of {len(in_print)} card pictures are "
                       f"narrower than {MIN_CARD_WIDTH} px in print: " + "; ".join(small[:12]))


def test_the_deck_chapter_is_measured(page_visit):
    """The measure sees cards at all: the deck chapter's 48 cards at their drawn width, on
    the screen and in print."""
    seen = page_visit("book/deck.html")
    for cards in (seen.cards_on_screen, seen.cards_in_print):
        codes = {c["code"] for c in cards}
        assert len(codes) >= 48, f"the deck chapter shows {len(codes)} different cards"
        assert max(c["width"] for c in cards) > MIN_CARD_WIDTH
