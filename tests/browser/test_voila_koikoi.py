"""The Koi-Koi page of the classroom app under Voila, in Chromium: open the page, deal a
round and play it to the end by clicking (a hand card, or the choice and Koi-Koi/Stop
buttons when they show: the generic play view's move buttons), with no external request,
no failed request and no script error.
"""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser

PLAY_BUDGET_S = 45         # the whole round, click to click
MAX_CLICKS = 40            # 8 hand cards, a few choices and decisions: far fewer in practice

# The first enabled button that plays a move, in the view's order (the legal moves: a
# hand card, a capture choice, or Koi-Koi/Stop). Returns its text, or "" when there is none.
PLAY = ".hanafuda-page-koikoi .hanafuda-generic-play"
CLICK_FIRST = """() => {
  const panel = document.querySelector('PLAY');
  if (!panel) return '';
  const box = panel.querySelector('.hanafuda-generic-moves');
  if (!box) return '';
  const button = [...box.querySelectorAll('button')].find(b => !b.disabled
      && b.getBoundingClientRect().width > 0);
  if (button) { button.click(); return button.textContent.trim(); }
  return '';
}""".replace("PLAY", PLAY)
LOG_LINES = """() => { const l = document.querySelector('PLAY .hanafuda-generic-log');
  return l ? Number(l.dataset.lines) : -1; }""".replace("PLAY", PLAY)
RESULT_SHOWN = f"() => !!document.querySelector('{PLAY} .hanafuda-generic-result')"


def test_app_koikoi_round_played_to_the_end(voila_app, artifacts_dir):
    watch = voila_app.watch
    page = voila_app.open_game("Koi-Koi")
    new_round = page.get_by_role("button", name="New round", exact=True)
    voila_app.wait_visible(page, new_round, "the Koi-Koi tab showed no 'New round' button")
    seed = page.locator(f"{PLAY} input[type=number]").first
    seed.fill("7")
    seed.press("Enter")
    new_round.click()
    page.wait_for_function("() => document.querySelectorAll("
                           f"'{PLAY} .hanafuda-generic-moves button:not([disabled])')"
                           ".length === 8")
    page.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_selector(f"{PLAY} .hanafuda-generic-hint")
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
        voila_app.wait_function(page, f"() => ({RESULT_SHOWN})() || ({LOG_LINES})() > {lines}",
                                f"clicking {label!r} changed nothing")
    result = page.locator(f"{PLAY} .hanafuda-generic-result").inner_text()
    page.screenshot(path=str(artifacts_dir / "voila-koikoi-end.png"), full_page=True)
    problems = watch.log.problems()
    watch.close_page(page)

    assert clicked, "no button was clicked"
    # the round's points, its scoring told in words (no printout's "Total:")
    assert "Points:" in result and "Total:" not in result
    assert "Stop" in result or "draw" in result
    assert problems == [], "\n".join(problems)
