"""The classroom app (app/index.ipynb under Voila) in Chromium: it loads only from
127.0.0.1, without failed requests or script errors, and its Deal button deals new cards.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

VOILA_READY_MS = 120_000   # page open -> kernel started and notebook run (2 busy cores)

MARK_OLD_CARDS = """els => els.map(e => {
    e.dataset.beforeDeal = "1"; return e.getAttribute("data-card"); })"""
NEW_CARD_SHOWN = """() => [...document.querySelectorAll(".hanafuda-card")]
    .some(e => !e.dataset.beforeDeal && e.getBoundingClientRect().width > 0)"""
NEW_CARDS = """els => els.filter(e => !e.dataset.beforeDeal)
    .map(e => e.getAttribute("data-card"))"""


def _explain(page, voila_log, what: str) -> str:
    text = page.locator("body").inner_text()[-1500:]
    log = voila_log.read_text(errors="replace")[-3000:] if voila_log.exists() else ""
    return f"{what}\n--- page text ---\n{text}\n--- voila log ---\n{log}"


def test_app_deal_button_deals_new_cards(browser, watch, voila_url, voila_log, artifacts_dir):
    page = watch.new_page()
    page.goto(voila_url, wait_until="domcontentloaded")
    deal = page.get_by_role("button", name="Deal", exact=True)
    try:
        deal.wait_for(state="visible", timeout=VOILA_READY_MS)
    except PlaywrightTimeout:
        pytest.fail(_explain(page, voila_log, "the app never showed a button named 'Deal'"),
                    pytrace=False)
    page.screenshot(path=str(artifacts_dir / "voila-before-deal.png"), full_page=True)

    before = page.locator(".hanafuda-card").evaluate_all(MARK_OLD_CARDS)
    deal.click()
    try:
        page.wait_for_function(NEW_CARD_SHOWN)
    except PlaywrightTimeout:
        pytest.fail(_explain(page, voila_log, f"no new .hanafuda-card after Deal "
                                              f"(before: {before})"), pytrace=False)
    new = page.locator(".hanafuda-card:visible").evaluate_all(NEW_CARDS)
    page.screenshot(path=str(artifacts_dir / "voila-after-deal.png"), full_page=True)
    problems = watch.log.problems()
    watch.close_page(page)

    assert new, "Deal showed no visible new card"
    assert problems == [], "\n".join(problems)
