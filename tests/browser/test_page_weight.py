"""Page weight: every page of the built book, opened cold, loads at most 1.5 MB.

Each page listed in ``_toc.yml`` is opened in a new browser context (an empty cache, and
the cache disabled through the DevTools protocol: ``page_visit``, see visit.py), and the
uncompressed bytes of every response (the page, its scripts, style sheets, fonts and
pictures) are added up. A page over the budget fails with its heaviest resources listed.

The heavy things a page must not ask for unless it needs them: MathJax (no page has
mathematics: the book ships none), the theme's Font Awesome bundle (tools/offline_book.py
drops it; the header icons are inline SVG), and the widget manager
``ipywidgets/embed-amd.js`` (only a page that holds widget state needs it, and no chapter
does: the chapters' tools are drawn as plain HTML, see ``widgets/generic.py:
chapter_tool``).

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

import pytest
from book_pages import toc_pages

pytestmark = pytest.mark.browser

BUDGET = 1_500_000                 # bytes, uncompressed, for one cold page load


def test_toc_pages_are_built(book_html):
    pages = toc_pages()
    missing = [p for p in pages if not (book_html / p).is_file()]
    assert len(pages) >= 10 and missing == [], f"pages of _toc.yml not built: {missing}"


def test_toc_pages_reads_parts_and_nested_sections(tmp_path):
    toc = tmp_path / "_toc.yml"
    toc.write_text("format: jb-book\nroot: book/index\nparts:\n  - caption: A\n    chapters:\n"
                   "      - file: book/a\n        sections:\n          - file: book/a1\n"
                   "      - file: exercises/q.ipynb\n")
    assert toc_pages(toc) == ["book/index.html", "book/a.html", "book/a1.html",
                              "exercises/q.html"]


@pytest.mark.parametrize("page_path", toc_pages())
def test_page_cold_load_fits_the_budget(page_visit, book_url, page_path):
    load = page_visit(page_path)
    total = load.total
    report = (f"{page_path}: {total / 1e6:.2f} MB in {len(load.sizes)} responses "
              f"(budget {BUDGET / 1e6:.1f} MB); heaviest:\n  {load.heaviest()}")
    print(report)
    assert load.sizes and load.sizes[0][1] == book_url + page_path, report
    assert total <= BUDGET, report
    assert load.requested("mathjax") == [], f"{page_path} loads MathJax:\n  {load.heaviest()}"
    assert load.requested("fontawesome") == [], \
        f"{page_path} loads the Font Awesome bundle:\n  {load.heaviest()}"
    if not load.has_widgets:
        assert load.requested("embed-amd.js") == [], \
            f"{page_path} has no widgets but loads the widget manager"
        assert load.requested("require.js") == [], \
            f"{page_path} has no widgets but loads RequireJS"


def test_root_favicon_is_served(browser, book_url):
    context = browser.new_context()
    try:
        response = context.request.get(book_url + "favicon.ico")
        assert response.status == 200, f"/favicon.ico: HTTP {response.status}"
        assert response.body()[:4] == b"\x00\x00\x01\x00", "/favicon.ico is not an icon file"
    finally:
        context.close()
