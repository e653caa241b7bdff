"""The classroom app's home page and game pages in Chromium: every game of the registry is
listed under its family, a playable game opens its page (by mouse and by keyboard) with
every tool it offers (one page of the app tours them all), the other games say what they
are and link to their chapter or say it is coming, and nothing loads from outside
127.0.0.1 or logs an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from hanafuda_core.games import all_games
from hanafuda_core.rules import FAMILIES
from hanafuda_core.widgets.app import chapter_in_book
from hanafuda_core.widgets.tools import TOOLS, game_tools, rule_set_of

from .conftest import VoilaApp, Watch

pytestmark = pytest.mark.browser

PLAYABLE = [g for g in all_games() if game_tools(g)]

# What a reader sees on the pages of the games whose tools are all generic.
GENERIC_TABS = ["Play", "Score calculator", "Replay", "Whole game", "Deal", "Quiz"]

# (family of the section, game key) for every game shown, in page order: a playable game is
# the Open button of a card row, the others are items of a "not playable yet" list.
LISTED = """() => {
  const out = []; let family = null;
  const home = document.querySelector('.hanafuda-home');
  for (const el of home.querySelectorAll('[data-family], .hanafuda-playable, li[data-game]')) {
    if (el.dataset.family) { family = el.dataset.family; continue; }
    if (el.matches('li[data-game]')) { out.push([family, el.dataset.game, 'later']); continue; }
    const button = el.querySelector('button');
    out.push([family, button.textContent.trim(), 'playable']);
  }
  return out;
}"""


def test_app_home_lists_every_game_by_family(voila_app, artifacts_dir):
    watch = voila_app.watch
    page = voila_app.open_home()
    page.screenshot(path=str(artifacts_dir / "app-home.png"), full_page=True)
    listed = page.evaluate(LISTED)
    items = {key: page.locator(f'li[data-game="{key}"]').inner_text()
             for _family, key, kind in listed if kind == "later"}
    links = {key: page.locator(f'li[data-game="{key}"] a').evaluate_all(
        "els => els.map(a => a.getAttribute('href'))") for key in items}
    headings = page.locator("h3[data-family]").all_inner_texts()
    problems = watch.log.problems()
    watch.close_page(page)

    by_name = {f"Open {g.name}": g for g in PLAYABLE}
    shown = [(f, by_name[k].key if kind == "playable" else k) for f, k, kind in listed]
    games = {g.key: g for g in all_games()}
    # a seed document's rule set is shown in its game's card (a rule set to choose there)
    own = {k for k in games if rule_set_of(k) is None}
    assert sorted(k for _f, k in shown) == sorted(own), "not every registry game is listed"
    assert all(games[k].family == f for f, k in shown), "a game is under another family"
    families = [f for f, _k in shown]
    assert families == sorted(families, key=list(FAMILIES).index)
    assert [h.split(":")[0] for h in headings] == [
        FAMILIES[f].split(":")[0] for f in FAMILIES if f in families]
    assert {k for f, k, kind in listed if kind == "playable"} == set(by_name)
    for key, text in items.items():
        g = games[key]
        assert g.name in text and "not playable in the app yet" in text
        if chapter_in_book(key):
            assert links[key] and links[key][0].endswith(f"book/{key}.html")
        else:
            assert links[key] == [] and "coming to the book" in text
    assert problems == [], "\n".join(problems)


@dataclass
class GameVisit:
    """What one game's page showed in the tour: its tabs, heading, whether the home page
    hid, whether the keyboard's back button brought the list back, and any problem."""

    tabs: list[str] = field(default_factory=list)
    heading: str = ""
    home_hidden: bool = False
    back_home: bool = False
    problems: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def app_tour(browser, voila_url, voila_log, artifacts_dir) -> dict[str, GameVisit]:
    """One page of the app (one kernel) opens every playable game from the home page in
    turn, and goes back to the list by keyboard each time."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    watch = Watch.open(browser, viewport={"width": 1280, "height": 900})
    context, log = watch.context, watch.log
    app = VoilaApp(watch, voila_url, voila_log)
    tour: dict[str, GameVisit] = {}
    try:
        page = app.open_home()
        for game in PLAYABLE:
            seen = tour[game.key] = GameVisit()
            log.clear()
            page.get_by_role("button", name=f"Open {game.name}", exact=True).click()
            game_page = page.locator(f".hanafuda-page-{game.key}")
            try:
                game_page.get_by_role("tab").first.wait_for(state="visible")
            except PlaywrightTimeout:
                seen.problems.append(app.explain(page, f"{game.name}: no tools shown"))
                continue
            seen.tabs = [t.strip() for t in game_page.get_by_role("tab").all_inner_texts()]
            seen.heading = game_page.locator("h2").first.inner_text()
            page.screenshot(path=str(artifacts_dir / f"app-{game.key}.png"), full_page=True)
            seen.home_hidden = not page.locator(".hanafuda-home").is_visible()
            # back to the list, by keyboard: the button has a name and takes Enter
            game_page.get_by_role("button", name="← All games").focus()
            page.keyboard.press("Enter")
            try:
                page.get_by_role("button", name=f"Open {game.name}",
                                 exact=True).wait_for(state="visible")
                seen.back_home = True
            except PlaywrightTimeout:
                seen.problems.append(app.explain(page, "the back button did not show the "
                                                       "home page again"))
                break
            seen.problems += log.problems()
        app.watch.close_page(page)
    finally:
        context.close()
    return tour


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.key for g in PLAYABLE])
def test_app_game_page_shows_its_tools(app_tour, game):
    seen = app_tour.get(game.key)
    assert seen is not None, f"the tour stopped before {game.name}"
    assert seen.problems == [], "\n".join(seen.problems)
    assert seen.heading == game.name
    assert seen.tabs == [TOOLS[n].title for n in game_tools(game)]
    if game.key in ("simplified", "mushi"):
        assert seen.tabs == GENERIC_TABS
    assert seen.home_hidden, "the home page still shows over the game's page"
    assert seen.back_home, "the back button did not show the home page again"


def test_app_opens_a_game_by_keyboard(voila_app):
    watch = voila_app.watch
    page = voila_app.open_home()
    game = PLAYABLE[0]
    button = page.get_by_role("button", name=f"Open {game.name}", exact=True)
    button.focus()
    page.keyboard.press("Enter")
    voila_app.wait_visible(page, page.locator(f".hanafuda-page-{game.key}").get_by_role("tab")
                           .first, f"Enter on 'Open {game.name}' did not open its page")
    problems = watch.log.problems()
    watch.close_page(page)
    assert problems == [], "\n".join(problems)


def test_app_sessions_keep_their_own_state(voila_app):
    """Two pages of the app are two sessions with two kernels: a game opened in one does
    not open in the other."""
    watch = voila_app.watch
    game = PLAYABLE[0]
    first = voila_app.open_home()
    second = voila_app.open_home()
    kernels = [p.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data')"
                          ".textContent).kernelId") for p in (first, second)]
    first.get_by_role("button", name=f"Open {game.name}", exact=True).click()
    voila_app.wait_visible(first, first.locator(f".hanafuda-page-{game.key}")
                           .get_by_role("tab").first, f"{game.name} did not open")
    second.wait_for_timeout(500)          # time for a shared state to show, if there were one
    second_home = second.get_by_role("button", name=f"Open {game.name}", exact=True).is_visible()
    second_pages = second.locator(".hanafuda-page").count()
    problems = watch.log.problems()
    watch.close_page(first)
    watch.close_page(second)

    assert kernels[0] and kernels[1] and kernels[0] != kernels[1]
    assert second_home and second_pages == 0
    assert problems == [], "\n".join(problems)
