"""The Hachi-Hachi page of the classroom app (app/index.ipynb under Voila) in Chromium:
the hand-combination trainer judges a pick, the score calculator settles a round, the
whole game is charted with its text alternative, and the page loads only from 127.0.0.1
without failed requests or script errors.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MARK_OLD = """els => els.forEach(e => { e.dataset.beforeClick = "1"; })"""
NEW_PAYMENTS = """() => [...document.querySelectorAll(".hanafuda-round-payments")]
    .some(e => !e.dataset.beforeClick && e.getBoundingClientRect().width > 0)"""


def test_app_hachihachi_trainer_settlement_and_whole_game(voila_app, artifacts_dir):
    watch = voila_app.watch
    page = voila_app.open_game("Hachi-Hachi")

    # Hand combinations: the seeded hand (seed 5) holds 3 Pairs; tick it and Check.
    trainer = page.locator(".hanafuda-combo-trainer")
    voila_app.wait_visible(page, trainer.get_by_role("button", name="Check", exact=True),
                           "the hand-combination trainer never appeared")
    assert trainer.locator(".hanafuda-combo-hand .hanafuda-card").count() == 7
    trainer.get_by_label("3 Pairs", exact=False).first.check()
    trainer.get_by_role("button", name="Check", exact=True).click()
    feedback = trainer.locator(".hanafuda-combo-feedback")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "true"
    assert "3 Pairs" in feedback.inner_text()
    page.screenshot(path=str(artifacts_dir / "voila-hachihachi-trainer.png"), full_page=True)

    # Settlement: the rulebook's round BK17-3 is prefilled (A -88, B -38, C 126). Give B
    # 80 card points and C 84 instead of 90 and 74, and Settle: B -48, C 136.
    page.get_by_role("tab", name="Score calculator").click()
    calc = page.locator(".hanafuda-round-calculator")
    calc.locator(".hanafuda-round-payments").wait_for(state="visible")
    totals = calc.locator(".hanafuda-round-totals").inner_text()
    assert "-88 points" in totals and "126 points" in totals
    calc.locator(".hanafuda-round-payments").evaluate_all(MARK_OLD)
    points = calc.get_by_placeholder("or card points, e.g. 100")
    points.nth(1).fill("80")
    points.nth(2).fill("84")
    calc.get_by_role("button", name="Settle", exact=True).click()
    voila_app.wait_function(page, NEW_PAYMENTS, "Settle drew no new payment table")
    totals = calc.locator(".hanafuda-round-totals").inner_text()
    assert "-48 points" in totals and "136 points" in totals
    assert calc.locator(".hanafuda-round-payments tr").count() > 1
    page.screenshot(path=str(artifacts_dir / "voila-hachihachi-settlement.png"), full_page=True)

    # Whole game: twelve deals charted, the chart an image that says what it shows.
    page.get_by_role("tab", name="Whole game").click()
    chart = page.locator(".hanafuda-whole-game-chart")
    chart.wait_for(state="visible")
    assert "running total" in (chart.get_attribute("alt") or "")
    assert page.locator(".hanafuda-whole-game-table").get_attribute("data-rounds") == "12"

    problems = watch.log.problems()
    watch.close_page(page)
    assert problems == [], "\n".join(problems)
