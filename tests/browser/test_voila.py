"""The classroom app (app/index.ipynb under Voila) in Chromium: it loads only from
127.0.0.1, without failed requests or script errors, and a game's Deal tool deals new cards.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MARK_OLD_CARDS = """els => els.map(e => {
    e.dataset.beforeDeal = "1"; return e.getAttribute("data-card"); })"""
NEW_CARD_SHOWN = """() => [...document.querySelectorAll(".hanafuda-card")]
    .some(e => !e.dataset.beforeDeal && e.getBoundingClientRect().width > 0)"""
NEW_CARDS = """els => els.filter(e => !e.dataset.beforeDeal)
    .map(e => e.getAttribute("data-card"))"""


def test_app_deal_button_deals_new_cards(voila_app, artifacts_dir):
    watch = voila_app.watch
    page = voila_app.open_game("Koi-Koi", tool="Deal")
    deal = page.get_by_role("button", name="Deal", exact=True)
    voila_app.wait_visible(page, deal, "the Deal tool showed no button named 'Deal'")
    page.screenshot(path=str(artifacts_dir / "voila-before-deal.png"), full_page=True)

    before = page.locator(".hanafuda-card").evaluate_all(MARK_OLD_CARDS)
    deal.click()
    voila_app.wait_function(page, NEW_CARD_SHOWN,
                            f"no new .hanafuda-card after Deal (before: {before})")
    new = page.locator(".hanafuda-card:visible").evaluate_all(NEW_CARDS)
    page.screenshot(path=str(artifacts_dir / "voila-after-deal.png"), full_page=True)
    problems = watch.log.problems()
    watch.close_page(page)

    assert new, "Deal showed no visible new card"
    assert problems == [], "\n".join(problems)
