"""Page weight: every page of the built book, opened cold, loads at most 1.5 MB.

Each page listed in ``_toc.yml`` is opened in a new browser context (an empty cache, and
the cache disabled through the DevTools protocol), and the uncompressed bytes of every
response (the page, its scripts, style sheets, fonts and pictures) are added up. A page
over the budget fails with its heaviest resources listed.

The heavy things a page must not ask for unless it needs them: MathJax (no page has
mathematics: the book ships none), the theme's Font Awesome bundle (tools/offline_book.py
drops it; the header icons are inline SVG), and the widget manager
``ipywidgets/embed-amd.js`` (only a page that holds widget state needs it, and no chapter
does: the chapters' tools are drawn as plain HTML, see ``widgets/generic.py:
chapter_tool``).

Needs the book built (``make book``); ``make test`` builds it first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from book_pages import toc_pages

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parents[2]
BUDGET = 1_500_000                 # bytes, uncompressed, for one cold page load
HEAVIEST_SHOWN = 8                 # resources named in a failure message
WIDGET_STATE = "script[type='application/vnd.jupyter.widget-state+json']"


@dataclass
class Load:
    """What one cold page load fetched: (bytes, URL) per response."""

    sizes: list[tuple[int, str]] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(size for size, _url in self.sizes)

    def heaviest(self, n: int = HEAVIEST_SHOWN) -> str:
        top = sorted(self.sizes, reverse=True)[:n]
        return "\n  ".join(f"{size / 1000:9.1f} kB  {url}" for size, url in top)

    def requested(self, fragment: str) -> list[str]:
        return [url for _size, url in self.sizes if fragment in url] + \
            [url for url in self.unread if fragment in url]


def cold_load(browser, url: str) -> tuple[Load, bool]:
    """Open ``url`` in a fresh context with the cache off, wait until the network is idle
    (and any widgets have rendered), and measure every response's decoded body.
    Also returns whether the page holds widget state."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(url, wait_until="networkidle")
        has_widgets = page.locator(WIDGET_STATE).count() > 0
        views = page.locator("script[type='application/vnd.jupyter.widget-view+json']").count()
        if views:
            page.wait_for_function(
                "n => document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= n",
                arg=views)
            page.wait_for_load_state("networkidle")
        load = Load()
        for response in responses:
            if 300 <= response.status < 400:       # a redirect has no body of its own
                continue
            try:
                load.sizes.append((len(response.body()), response.url))
            except Exception:                       # noqa: BLE001 (a body the browser dropped)
                load.unread.append(response.url)
        return load, has_widgets
    finally:
        context.close()


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
def test_page_cold_load_fits_the_budget(browser, book_url, book_html, page_path):
    load, has_widgets = cold_load(browser, book_url + page_path)
    total = load.total
    report = (f"{page_path}: {total / 1e6:.2f} MB in {len(load.sizes)} responses "
              f"(budget {BUDGET / 1e6:.1f} MB); heaviest:\n  {load.heaviest()}")
    print(report)
    assert load.sizes and load.sizes[0][1] == book_url + page_path, report
    assert total <= BUDGET, report
    assert load.requested("mathjax") == [], f"{page_path} loads MathJax:\n  {load.heaviest()}"
    assert load.requested("fontawesome") == [], \
        f"{page_path} loads the Font Awesome bundle:\n  {load.heaviest()}"
    if not has_widgets:
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
