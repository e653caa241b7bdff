"""The Koi-Koi tab of the classroom app under Voila, in Chromium: open the tab, deal a
round and play it to the end by clicking (a hand card, or the choice and Koi-Koi/Stop
buttons when they show), with no external request, no failed request and no script error.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

VOILA_READY_MS = 120_000   # page open -> kernel started and notebook run (2 busy cores)
PLAY_BUDGET_S = 45         # the whole round, click to click
MAX_CLICKS = 40            # 8 hand cards, a few choices and decisions: far fewer in practice

# The first enabled button that plays an action, in the view's order: a capture choice,
# then Koi-Koi/Stop, then a hand card. Returns its text, or "" when there is none.
CLICK_FIRST = """() => {
  const panel = document.querySelector('.hanafuda-kk-play');
  if (!panel) return '';
  for (const sel of ['.hanafuda-kk-choices', '.hanafuda-kk-decide', '.hanafuda-kk-hand']) {
    const box = panel.querySelector(sel);
    if (!box) continue;
    const button = [...box.querySelectorAll('button')].find(b => !b.disabled
        && b.getBoundingClientRect().width > 0);
    if (button) { button.click(); return button.textContent.trim(); }
  }
  return '';
}"""
LOG_LINES = """() => { const l = document.querySelector('.hanafuda-kk-play .hanafuda-kk-log');
  return l ? Number(l.dataset.lines) : -1; }"""
RESULT_SHOWN = "() => !!document.querySelector('.hanafuda-kk-play .hanafuda-kk-result')"


def _explain(page, voila_log, what: str) -> str:
    text = page.locator("body").inner_text()[-1500:]
    log = voila_log.read_text(errors="replace")[-3000:] if voila_log.exists() else ""
    return f"{what}\n--- page text ---\n{text}\n--- voila log ---\n{log}"


def test_app_koikoi_round_played_to_the_end(browser, watch, voila_url, voila_log,
                                            artifacts_dir):
    page = watch.new_page()
    page.goto(voila_url, wait_until="domcontentloaded")
    tab = page.get_by_role("tab", name="Koi-Koi", exact=True)
    try:
        tab.wait_for(state="visible", timeout=VOILA_READY_MS)
    except PlaywrightTimeout:
        pytest.fail(_explain(page, voila_log, "the app never showed a 'Koi-Koi' tab"),
                    pytrace=False)
    tab.click()
    new_round = page.get_by_role("button", name="New round", exact=True)
    try:
        new_round.wait_for(state="visible")
    except PlaywrightTimeout:
        pytest.fail(_explain(page, voila_log, "the Koi-Koi tab showed no 'New round' button"),
                    pytrace=False)
    seed = page.locator(".hanafuda-kk-play input[type=number]").first
    seed.fill("7")
    seed.press("Enter")
    new_round.click()
    page.wait_for_function("() => document.querySelectorAll("
                           "'.hanafuda-kk-hand button:not([disabled])').length === 8")
    page.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_selector(".hanafuda-kk-hint")
    page.screenshot(path=str(artifacts_dir / "voila-koikoi-start.png"), full_page=True)

    clicked: list[str] = []
    deadline = time.monotonic() + PLAY_BUDGET_S
    while not page.evaluate(RESULT_SHOWN):
        assert time.monotonic() < deadline, f"the round did not end in time; clicked {clicked}"
        assert len(clicked) < MAX_CLICKS, f"too many clicks: {clicked}"
        lines = page.evaluate(LOG_LINES)
        label = page.evaluate(CLICK_FIRST)
        if not label:
            page.wait_for_timeout(100)       # the view is redrawing: look again
            continue
        clicked.append(label)
        try:
            page.wait_for_function(f"() => ({RESULT_SHOWN})() || ({LOG_LINES})() > {lines}")
        except PlaywrightTimeout:
            pytest.fail(_explain(page, voila_log, f"clicking {label!r} changed nothing"),
                        pytrace=False)
    result = page.locator(".hanafuda-kk-result").inner_text()
    page.screenshot(path=str(artifacts_dir / "voila-koikoi-end.png"), full_page=True)
    problems = watch.log.problems()
    watch.close_page(page)

    assert clicked, "no button was clicked"
    assert "Total:" in result and ("Stop" in result or "draw" in result)
    assert problems == [], "\n".join(problems)
