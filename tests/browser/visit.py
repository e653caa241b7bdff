"""One visit of a built page, shared by the browser tests that look at every page.

Opening a page costs the browser far more than looking at it, so each page of the book is
opened once per test session (``page_visit`` in conftest.py keeps the visits), and
everything the per-page tests check is read during that one load, in this order:

1. a cold load in a fresh context (empty cache, the cache disabled through the DevTools
   protocol, service workers blocked), every response's decoded size noted (page weight);
2. after the widgets have rendered: failed or external requests and script errors
   (``BrowserLog``), pictures that did not load, links that launch the page elsewhere;
3. axe-core's violations, for the pages of the table of contents (accessibility);
4. every card picture's width on the screen (1280 px wide), then in print (the print
   style sheets on an A4-wide page) (card sizes).

Each test then asserts on its part of the :class:`Visit`, so a failure still names one
page and one property.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

#: Anything that would send a reader outside the book to run or edit it.
LAUNCHERS = ", ".join([
    ".launch-buttons", ".thebe-launch-button", ".thebelab-button",
    "a[href*='mybinder.org']", "a[href*='colab.research.google.com']",
    "a[href*='deepnote.com']", "a[href*='github.com'][href*='/edit/']",
    "a[href*='github.com'][href*='/issues/new']",
])

#: An A4 page at 96 px to the inch, for the print view (the print style sheets set the
#: page margins; the layout width is the sheet's).
A4_PX = {"width": 794, "height": 1123}
SCREEN_PX = {"width": 1280, "height": 900}

#: Every card picture: a card (``svg.hanafuda-card``) and a face-down pile
#: (``svg.hanafuda-stack``, one card wide in its viewBox plus the pile's offset). Collapsed
#: ``<details>`` are opened first; a card that is not rendered has no size and is left out.
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

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), impact: n.impact,
                              summary: n.failureSummary}))}));
}"""

WIDGET_STATE = "script[type='application/vnd.jupyter.widget-state+json']"
WIDGET_VIEW = "script[type='application/vnd.jupyter.widget-view+json']"
HEAVIEST_SHOWN = 8                 # resources named in a page-weight failure message


def run_axe(page: Any, axe_path: Path) -> list[dict]:
    """axe's violations of the page as it is now (the script is injected once per page)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_path))
    return page.evaluate(RUN_AXE, AXE_TAGS)


def wait_for_widgets(page: Any) -> None:
    """Wait until every widget view the page holds is drawn (none in today's chapters)."""
    views = page.locator(WIDGET_VIEW).count()
    if views:
        page.wait_for_function(
            "n => document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= n",
            arg=views)
        page.wait_for_load_state("networkidle")


@dataclass
class Visit:
    """What one cold load of a built page showed."""

    path: str
    sizes: list[tuple[int, str]] = field(default_factory=list)   # (bytes, URL) per response
    unread: list[str] = field(default_factory=list)              # bodies the browser dropped
    has_widgets: bool = False
    problems: list[str] = field(default_factory=list)
    broken_images: list[str] = field(default_factory=list)
    launchers: int = 0
    axe: list[dict] | None = None          # None: not a page of the table of contents
    cards_on_screen: list[dict] = field(default_factory=list)
    cards_in_print: list[dict] = field(default_factory=list)
    failure: str = ""                      # the load itself failed: why

    @property
    def total(self) -> int:
        return sum(size for size, _url in self.sizes)

    def heaviest(self, n: int = HEAVIEST_SHOWN) -> str:
        top = sorted(self.sizes, reverse=True)[:n]
        return "\n  ".join(f"{size / 1000:9.1f} kB  {url}" for size, url in top)

    def requested(self, fragment: str) -> list[str]:
        return [url for _size, url in self.sizes if fragment in url] + \
            [url for url in self.unread if fragment in url]


def redirect_target(built: Path, page_path: str) -> str | None:
    """Where a built page sends the browser with a meta refresh (the site root's index.html
    sends it to the book's first page), as a path from the site root; None for a page."""
    found = re.search(r'http-equiv="Refresh" content="0; url=([^"]+)"',
                      (built / page_path).read_text(errors="replace"), re.IGNORECASE)
    if found is None:
        return None
    return (PurePosixPath(page_path).parent / found.group(1)).as_posix()


def visit_page(browser: Any, book_url: str, path: str, *, redirect: str | None,
               axe_path: Path | None) -> Visit:
    """Open ``book_url + path`` once and read everything :class:`Visit` holds.
    ``redirect``: where the page sends the browser (a meta refresh), if it does;
    ``axe_path``: run axe-core from there (None: do not)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from .conftest import Watch

    out = Visit(path)
    watch = Watch.open(browser, viewport=SCREEN_PX, service_workers="block")
    context, log = watch.context, watch.log
    responses: list[Any] = []
    try:
        page = watch.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.on("response", lambda response: responses.append(response))
        page.goto(book_url + path, wait_until="networkidle")
        if redirect is not None:
            # wait until the page it sends to has loaded, not for a moment between the two
            page.wait_for_url(book_url + redirect, wait_until="load")
            page.wait_for_load_state("networkidle")
        try:
            wait_for_widgets(page)
        except PlaywrightTimeout as exc:
            out.failure = f"widgets never rendered ({exc.message.splitlines()[0]})"
        out.has_widgets = page.locator(WIDGET_STATE).count() > 0
        for response in responses:
            if 300 <= response.status < 400:       # a redirect has no body of its own
                continue
            try:
                out.sizes.append((len(response.body()), response.url))
            except Exception:                       # noqa: BLE001 (a body the browser dropped)
                out.unread.append(response.url)
        out.broken_images = page.eval_on_selector_all(
            "img", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0)"
                   ".map(i => i.src)")
        out.launchers = page.locator(LAUNCHERS).count()
        out.problems = log.problems()
        if axe_path is not None:
            out.axe = run_axe(page, axe_path)
        out.cards_on_screen = page.evaluate(MEASURE)
        page.set_viewport_size(A4_PX)
        page.emulate_media(media="print")
        out.cards_in_print = page.evaluate(MEASURE)
        log.paused = True           # closing aborts whatever is in flight: not a failure
    finally:
        context.close()
    return out
