"""Accessibility in Chromium: axe-core (WCAG 2.1 A and AA rules) finds no critical and no
serious problem on any page of the book's table of contents, nor on the classroom app's
home page, its card pages or any tab of any playable game; and the focus ring shows.

axe-core comes from npm (``bash tools/setup.sh --browser`` puts it in
``tests/_vendor/axe.min.js``, git-ignored); nothing is fetched while the tests run. Each
failure lists the rule, its impact, the elements (CSS selectors) and axe's summary; the
full results of every page go to ``tests/_artifacts/a11y-*.json``.

The app part uses one Voila server (the session's) and two page loads: one walks every
page and tab, one plays with the keyboard and checks where the focus goes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from book_pages import toc_pages

from .visit import run_axe

pytestmark = pytest.mark.browser

BLOCKING = {"critical", "serious"}
MIN_FOCUS_WIDTH_PX = 3.0
MIN_FOCUS_CONTRAST = 3.0


def blocking(violations: list[dict]) -> list[dict]:
    """The critical and serious violations."""
    return [v for v in violations if v["impact"] in BLOCKING]


def readable(where: str, violations: list[dict], limit: int = 6) -> str:
    """One line per rule and element: rule id, impact, target and axe's summary."""
    lines = []
    for v in violations:
        lines.append(f"{where}: {v['id']} ({v['impact']}, {len(v['nodes'])} elements): "
                     f"{v['help']}")
        for node in v["nodes"][:limit]:
            summary = " ".join((node["summary"] or "").split())[:300]
            lines.append(f"    {node['target']}: {summary}")
        if len(v["nodes"]) > limit:
            lines.append(f"    ... and {len(v['nodes']) - limit} more")
    return "\n".join(lines)


def save(artifacts_dir: Path, name: str, results: dict[str, list[dict]]) -> None:
    path = artifacts_dir / f"a11y-{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.json"
    path.write_text(json.dumps(results, indent=1))


def test_axe_is_vendored(axe_path):
    head = axe_path.read_text(errors="replace")[:400]
    assert "axe v4." in head, f"{axe_path} is not axe-core 4: {head[:120]!r}"


# --- the book ------------------------------------------------------------------------------

@pytest.mark.parametrize("page_path", toc_pages())
def test_book_page_has_no_serious_axe_violation(page_visit, artifacts_dir, page_path):
    violations = page_visit(page_path).axe
    assert violations is not None, f"{page_path}: axe did not run"
    save(artifacts_dir, page_path, {page_path: violations})
    bad = blocking(violations)
    assert bad == [], "\n" + readable(page_path, bad)


# --- the focus ring ------------------------------------------------------------------------

# The focused element's outline (width, colour) and the colour behind it, as RGB.
FOCUS_RING = """(el) => {
  el.focus({focusVisible: true});
  const style = getComputedStyle(el);
  const rgb = s => (s.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  let back = el.parentElement, colour = [255, 255, 255];
  while (back) {
    const c = rgb(getComputedStyle(back).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) { colour = c.slice(0, 3); break; }
    back = back.parentElement;
  }
  return {focused: document.activeElement === el, style: style.outlineStyle,
          width: parseFloat(style.outlineWidth) || 0, colour: rgb(style.outlineColor),
          behind: colour};
}"""


def _luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    """The WCAG contrast ratio of two RGB colours.

    >>> round(contrast([0, 0, 0], [255, 255, 255]), 1)
    21.0
    """
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def focus_problems(page, selectors: list[str], where: str) -> list[str]:
    """What is wrong with the focus ring of the first element of each selector (keyboard
    focus: a Tab press first, so that :focus-visible applies)."""
    page.keyboard.press("Tab")
    out = []
    for selector in selectors:
        element = page.locator(selector).first
        if element.count() == 0:
            out.append(f"{where}: nothing matches {selector}")
            continue
        ring = element.evaluate(FOCUS_RING)
        ratio = contrast(ring["colour"], ring["behind"]) if len(ring["colour"]) >= 3 else 0
        if not ring["focused"]:
            out.append(f"{where}: {selector} takes no focus")
        elif (ring["style"] == "none" or ring["width"] < MIN_FOCUS_WIDTH_PX
              or ratio < MIN_FOCUS_CONTRAST):
            out.append(f"{where}: {selector} focus ring is {ring['style']} {ring['width']} px "
                       f"at {ratio:.1f}:1 (want {MIN_FOCUS_WIDTH_PX:.0f} px, "
                       f"{MIN_FOCUS_CONTRAST:.0f}:1)")
    return out


def test_book_focus_ring_is_visible(watch, book_url):
    """Links, the theme's buttons, the quizzes' buttons and the wide tables' scroll regions
    show a 3 px ring at 3:1."""
    problems = []
    for page_path, selectors in (
            ("book/koikoi.html", ["article p a[href]:visible", ".search-button__button:visible",
                                  ".hf-table-wrap[tabindex]"]),
            ("exercises/koikoi-quiz.html", ["button.hq-check", "article input"])):
        page = watch.new_page()
        page.goto(book_url + page_path, wait_until="networkidle")
        problems += focus_problems(page, selectors, page_path)
        watch.close_page(page)
    assert problems == [], "\n".join(problems)


# --- the app -------------------------------------------------------------------------------

def _playable():
    from hanafuda_core.games import all_games
    from hanafuda_core.widgets.tools import TOOLS, game_tools
    return [(g, [TOOLS[t].title for t in game_tools(g)]) for g in all_games() if game_tools(g)]


# After a move played with the keyboard: where the focus is, once the view has redrawn.
FOCUS_AFTER_MOVE = """(before) => {
  const el = document.activeElement;
  const log = document.querySelector('.hanafuda-page:not(.lm-mod-hidden) '
                                     + '.hanafuda-generic-log');
  return {tag: el ? el.tagName : null, text: el ? el.textContent.trim() : '',
          inScope: !!(el && el.closest('.hanafuda-focus-scope')),
          changed: !!log && log.dataset.lines !== before};
}"""


def _keyboard_move(page, panel, where: str) -> list[str]:
    """Play the first move of a Play tab with Enter; the focus must land on a control of
    the view (the next move or New round), not on the page's body. Also check its ring."""
    button = panel.locator(".hanafuda-focus-scope:visible .hanafuda-focus-next").first
    if button.count() == 0:
        return [f"{where}: no control is marked to take the focus"]
    log = panel.locator(".hanafuda-generic-log:visible")
    before = log.get_attribute("data-lines") if log.count() else None
    button.focus()
    problems: list[str] = []
    page.keyboard.press("Enter")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(f"(b) => ({FOCUS_AFTER_MOVE})(b).changed", arg=before,
                               timeout=20_000)
    except PlaywrightTimeout:
        pass                # said below, with where the focus is
    page.wait_for_timeout(300)
    found = page.evaluate(FOCUS_AFTER_MOVE, before)
    if not found["changed"]:
        problems.append(f"{where}: Enter on the first move did not play it")
    elif not found["inScope"] or found["tag"] not in {"BUTTON", "SELECT", "INPUT"}:
        problems.append(f"{where}: after a move the focus is on {found['tag']} "
                        f"{found['text'][:40]!r}, not on a control of the game view")
    if not found["inScope"]:
        return problems
    ring = page.evaluate(f"() => ({FOCUS_RING})(document.activeElement)")
    if ring["width"] < MIN_FOCUS_WIDTH_PX or ring["style"] == "none":
        problems.append(f"{where}: the focused control's ring is {ring['style']} "
                        f"{ring['width']} px")
    return problems


def test_app_pages_and_tabs_have_no_serious_axe_violation(voila_app, axe_path, artifacts_dir):
    """One page of the app: the home page, each card page, and every tab of every playable
    game (opened one after another, back to the home page in between). On each Play tab a
    move is played with the keyboard: the focus stays on a control of the view."""
    from hanafuda_core.widgets.app import APP_PAGE_TITLE, CARD_PAGES
    page = voila_app.open_home()
    results: dict[str, list[dict]] = {"home": run_axe(page, axe_path)}
    title = page.title()
    focus: list[str] = []

    def back_home() -> None:
        page.locator(".hanafuda-page:visible").get_by_role(
            "button", name="← All games").click()
        voila_app.wait_visible(page, page.locator(".hanafuda-home"), "no home page again")

    for key, name, _what, _build in CARD_PAGES:
        page.get_by_role("button", name=f"Open the {name.lower()}", exact=True).click()
        voila_app.wait_visible(page, page.locator(f".hanafuda-page-{key} .hanafuda-card")
                               .first, f"the {name} did not open")
        page.wait_for_timeout(500)
        results[name] = run_axe(page, axe_path)
        back_home()
    for game, tabs in _playable():
        page.get_by_role("button", name=f"Open {game.name}", exact=True).click()
        panel = page.locator(f".hanafuda-page-{game.key}")
        for tab in tabs:
            panel.get_by_role("tab", name=tab, exact=True).click()
            voila_app.wait_function(page, f"""() => [...document.querySelectorAll(
                '.hanafuda-page-{game.key} .widget-tab-contents > :not(.lm-mod-hidden)')]
                .some(e => e.querySelector('.widget-html, button, svg'))""",
                f"{game.name}: its tab {tab} never showed its tool")
            page.wait_for_timeout(500)
            results[f"{game.name} / {tab}"] = run_axe(page, axe_path)
            if tab == "Play":
                focus += _keyboard_move(page, panel, f"{game.name} / Play")
        back_home()
    problems = voila_app.watch.log.problems()
    voila_app.watch.close_page(page)

    save(artifacts_dir, "app", results)
    report = "\n".join(readable(where, blocking(found)) for where, found in results.items()
                       if blocking(found))
    assert title == APP_PAGE_TITLE
    failures = ([report] if report else []) + focus + problems
    assert failures == [], "\n" + "\n".join(failures)
