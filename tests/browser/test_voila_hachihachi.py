"""The Hachi-Hachi page of the classroom app (app/index.ipynb under Voila) in Chromium:
the teyaku trainer judges a pick, the settlement calculator settles a round, and the
page loads only from 127.0.0.1 without failed requests or script errors.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MARK_OLD = """els => els.forEach(e => { e.dataset.beforeClick = "1"; })"""
NEW_PAYMENTS = """() => [...document.querySelectorAll(".hanafuda-hh-payments")]
    .some(e => !e.dataset.beforeClick && e.getBoundingClientRect().width > 0)"""


def test_app_hachihachi_trainer_and_settlement(voila_app, artifacts_dir):
    watch = voila_app.watch
    page = voila_app.open_game("Hachi-Hachi")

    # Teyaku trainer: the seeded hand (seed 5) holds 3 Pairs; tick it and Check.
    trainer = page.locator(".hanafuda-hh-trainer")
    voila_app.wait_visible(page, trainer.get_by_role("button", name="Check", exact=True),
                           "the teyaku trainer never appeared")
    assert trainer.locator(".hanafuda-hh-hand .hanafuda-card").count() == 7
    trainer.get_by_label("3 Pairs", exact=False).first.check()
    trainer.get_by_role("button", name="Check", exact=True).click()
    feedback = trainer.locator(".hanafuda-hh-feedback")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "true"
    assert "3 Pairs" in feedback.inner_text()
    page.screenshot(path=str(artifacts_dir / "voila-hachihachi-trainer.png"), full_page=True)

    # Settlement: the rulebook's round BK17-3 is prefilled (A -88, B -38, C 126). Give B
    # 80 card points and C 84 instead of 90 and 74, and Settle: B -48, C 136.
    page.get_by_role("tab", name="Score calculator").click()
    calc = page.locator(".hanafuda-hh-settlement")
    calc.locator(".hanafuda-hh-payments").wait_for(state="visible")
    totals = calc.locator(".hanafuda-hh-totals").inner_text()
    assert "-88 points" in totals and "126 points" in totals
    calc.locator(".hanafuda-hh-payments").evaluate_all(MARK_OLD)
    points = calc.get_by_placeholder("or card points, e.g. 100")
    points.nth(1).fill("80")
    points.nth(2).fill("84")
    calc.get_by_role("button", name="Settle", exact=True).click()
    voila_app.wait_function(page, NEW_PAYMENTS, "Settle drew no new payment table")
    totals = calc.locator(".hanafuda-hh-totals").inner_text()
    assert "-48 points" in totals and "136 points" in totals
    assert calc.locator(".hanafuda-hh-payments tr").count() > 1
    page.screenshot(path=str(artifacts_dir / "voila-hachihachi-settlement.png"), full_page=True)

    problems = watch.log.problems()
    watch.close_page(page)
    assert problems == [], "\n".join(problems)
