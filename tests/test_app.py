"""The classroom app as plain widgets: the home page lists every game of the registry by
family, a playable game's page is built from its tools when first opened, and the Voila
notebook is one call that runs headless."""

from __future__ import annotations

import os
import re
from pathlib import Path

import ipywidgets as widgets
import nbclient
import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.games import all_games, get_game
from hanafuda_core.registry import entry, playable_keys
from hanafuda_core.rules import FAMILIES, GameInfo
from hanafuda_core.teach.facts import preset_label
from hanafuda_core.widgets import SampleDeal, classroom_app
from hanafuda_core.widgets.app import (
    APP_TITLE,
    BOOK_URL_VARIABLE,
    CARD_PAGES,
    ClassroomApp,
    chapter_in_book,
)
from hanafuda_core.widgets.tools import (
    TOOLS,
    UnknownToolError,
    build_tool,
    game_tools,
    rule_set_of,
)

ROOT = Path(__file__).resolve().parents[1]


def home_html(app: ClassroomApp) -> str:
    return "\n".join(w.value for w in app.home.children if isinstance(w, widgets.HTML))


def listed_order(app: ClassroomApp) -> list[tuple[str, str]]:
    """(family, game key) for every game on the home page, in the order shown."""
    out, family = [], None
    for w in app.home.children:
        if isinstance(w, widgets.HTML):
            head = re.search(r'data-family="([^"]+)"', w.value)
            family = head.group(1) if head else family
            out += [(family, k) for k in re.findall(r'data-game="([^"]+)"', w.value)]
        elif "hanafuda-playable" in w._dom_classes:
            key = next(k for k, b in app.game_buttons.items() if b is w.children[0])
            out.append((family, key))
    return out


# -- the home page -------------------------------------------------------------------

def test_home_lists_every_registry_game_once_grouped_by_family():
    app = classroom_app()
    assert APP_TITLE in home_html(app) and "seed" in home_html(app)
    shown = listed_order(app)
    # a seed document's rule set is listed inside its game's card, as a rule set to choose
    rule_sets = [g for g in all_games() if rule_set_of(g.key) is not None]
    assert {rule_set_of(g.key) for g in rule_sets} == {"koikoi", "hachihachi"}
    assert sorted(k for _f, k in shown) == sorted(g.key for g in all_games()
                                                  if g not in rule_sets)
    assert all(get_game(k).family == f for f, k in shown)
    for g in rule_sets:
        base, preset = entry(g.key).preset_of
        card = next(w.children[1].value for w in app.home.children
                    if isinstance(w, widgets.HBox) and w.children[0] is app.game_buttons[base])
        assert preset_label(base, preset) in card
        assert g.key not in app.game_buttons
    families = [f for f, _k in shown]
    order = [f for f in FAMILIES if f in families]
    assert families == sorted(families, key=order.index), "a family's games are not together"
    assert app.stack.selected_index == 0


def test_playable_games_have_an_open_button_and_the_others_say_what_they_are():
    app = classroom_app()
    html = home_html(app)
    playable = [g for g in all_games() if game_tools(g)]
    assert {"koikoi", "hachihachi"} <= {g.key for g in playable}
    for g in playable:
        assert app.game_buttons[g.key].description == f"Open {g.name}"
    for g in all_games():
        if game_tools(g) or rule_set_of(g.key) is not None:
            continue
        item = re.search(rf'<li data-game="{re.escape(g.key)}">(.*?)</li>', html,
                         re.DOTALL).group(1)
        assert "not playable in the app yet" in item
        low, high = g.players
        assert f"{low} player" in item or f"{low} to {high} players" in item
        assert g.summary.split()[0] in item
        if chapter_in_book(g.key):
            assert f'book/{g.key}.html"' in item
        else:
            assert "coming to the book" in item


def test_chapter_links_point_into_the_book_given_by_the_environment(monkeypatch):
    monkeypatch.setenv(BOOK_URL_VARIABLE, "http://127.0.0.1:9999")
    app = classroom_app()
    page = app.open_page("koikoi")
    intro = page.panel.children[0].value
    assert chapter_in_book("koikoi")
    assert 'href="http://127.0.0.1:9999/book/koikoi.html"' in intro


game_infos = st.builds(
    lambda i, family, low, extra, chapter, playable: GameInfo(
        key=f"test-game-{i}", name=f"Test game {i}", family=family, players=(low, low + extra),
        chapter=chapter, summary=f"Summary of test game {i}.", playable=playable),
    st.integers(0, 10_000), st.sampled_from(sorted(FAMILIES)), st.integers(1, 4),
    st.integers(0, 3), st.none() | st.integers(4, 40), st.just(False))


@settings(max_examples=25, deadline=None)
@given(st.lists(game_infos, max_size=12, unique_by=lambda g: g.key))
def test_any_registry_is_listed_by_family_with_its_facts(games):
    app = ClassroomApp(games)
    shown = listed_order(app)
    assert sorted(k for _f, k in shown) == sorted(g.key for g in games)
    by_key = {g.key: g for g in games}
    assert all(by_key[k].family == f for f, k in shown)
    html = home_html(app)
    for g in games:
        item = re.search(rf'<li data-game="{g.key}">(.*?)</li>', html, re.DOTALL).group(1)
        assert g.summary in item and "coming to the book" in item
        if g.chapter is not None:
            assert f"Chapter {g.chapter} of the rulebook" in item
    assert list(app.game_buttons) == [k for k, *_ in CARD_PAGES]


# -- the game pages ------------------------------------------------------------------

@pytest.mark.parametrize("key", [g.key for g in all_games() if game_tools(g)])
def test_game_page_is_built_from_its_tools_when_first_opened(key):
    app = classroom_app()
    assert key not in app.pages
    app.game_buttons[key].click()
    page = app.pages[key]
    assert app.stack.children[app.stack.selected_index].children == (page,)
    tabs = page.panel.tabs
    names = game_tools(get_game(key))
    assert tabs.titles == tuple(TOOLS[n].title for n in names)
    assert not isinstance(tabs.children[0], widgets.HTML), "the first tool failed to build"
    assert all(not holder.children for holder in tabs.children[1:]), "built before opened"
    for index in range(1, len(names)):
        tabs.selected_index = index
        built = tabs.children[index].children
        assert len(built) == 1
        assert "could not be built" not in getattr(built[0], "value", ""), names[index]
    page.children[0].click()                       # back to every game
    assert app.stack.selected_index == 0


def test_deal_tool_deals_cards_for_the_game():
    from test_widgets import card_codes
    app = classroom_app()
    page = app.open_page("koikoi")
    tabs = page.panel.tabs
    tabs.selected_index = game_tools(get_game("koikoi")).index("deal")
    deal_view = tabs.children[tabs.selected_index].children[0]
    assert isinstance(deal_view, SampleDeal)
    assert len(card_codes(deal_view.table.value)) > 0


def test_each_app_keeps_its_own_pages():
    one, two = classroom_app(), classroom_app()
    one.open_page("koikoi")
    assert "koikoi" in one.pages and two.pages == {} and two.stack.selected_index == 0


def test_unknown_page_or_tool_is_refused_and_nothing_changes():
    app = classroom_app()
    with pytest.raises(UnknownToolError, match="no page for 'higo-bana'") as error:
        app.open_page("higo-bana")
    assert isinstance(error.value, HanafudaError)
    assert app.stack.selected_index == 0 and app.pages == {}
    with pytest.raises(UnknownToolError, match="unknown tool 'dance'; the tools are"):
        build_tool("dance", "koikoi")
    with pytest.raises(UnknownToolError, match="no 'play' view for 'higo-bana'"):
        build_tool("play", "higo-bana")


GENERIC_TOOLS = ("play", "score", "replay", "whole-game", "deal", "quiz")


def test_tools_come_from_the_registry_entry():
    assert game_tools(get_game("koikoi")) == entry("koikoi").tools == GENERIC_TOOLS
    assert game_tools(get_game("hachihachi"))[0] == "combinations"
    assert "combinations" in game_tools(get_game("six-hundred"))
    assert game_tools(get_game("higo-bana")) == ()


#: The playable games whose tools are the generic six (every game but Koi-Koi and the
#: games with hand combinations, such as Hachi-Hachi and Six Hundred, which add their
#: trainer),
#: read from the registry: a new game joins the test.
GENERIC_GAMES = [k for k in playable_keys()
                 if entry(k).tools == GENERIC_TOOLS and k != "koikoi"]


@pytest.mark.parametrize("key", playable_keys())
def test_every_playable_game_offers_the_generic_tools_and_the_trainer_where_it_applies(key):
    """Every game has the generic six; a game whose data scores hand combinations (A11:
    Hachi-Hachi, Six Hundred) offers the trainer too, and no other game does."""
    from hanafuda_core.teach.hand_combinations import has_hand_combinations
    tools = game_tools(get_game(key))
    assert set(GENERIC_TOOLS) <= set(tools) and set(tools) - set(GENERIC_TOOLS) <= {
        "combinations"}
    assert ("combinations" in tools) == has_hand_combinations(key)
    assert set(playable_keys()) - set(GENERIC_GAMES) <= {"koikoi"} | {
        k for k in playable_keys() if has_hand_combinations(k)}


@pytest.mark.parametrize("key", GENERIC_GAMES)
def test_new_games_pages_show_every_generic_tool(key):
    page = classroom_app().open_page(key)
    assert page.panel.tabs.titles == ("Play", "Score calculator", "Replay", "Whole game",
                                      "Deal", "Quiz")
    from hanafuda_core.widgets.generic import PlayView
    assert isinstance(page.panel.tabs.children[0], PlayView)


def test_a_tool_that_cannot_be_built_becomes_a_notice(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "hanafuda_core.widgets.quiz", None)  # import -> ImportError
    page = classroom_app().open_page("card-quiz")
    quiz = page.children[-1]
    assert isinstance(quiz, widgets.HTML) and "hanafuda-notice" in quiz.value


# -- the notebook --------------------------------------------------------------------

def test_app_notebook_is_one_call_without_outputs():
    nb = nbformat.read(ROOT / "app" / "index.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.cell_type for c in nb.cells] == ["markdown", "code"]
    assert code[0].source.strip().splitlines()[-1] == "classroom_app()"
    assert all(not c.get("outputs") for c in code)


def test_app_notebook_executes_headless(tmp_path):
    nb = nbformat.read(ROOT / "app" / "index.ipynb", as_version=4)
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env_path) if p)
    try:
        client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                         resources={"metadata": {"path": str(tmp_path)}})
        client.execute()
    finally:
        if env_path:
            os.environ["PYTHONPATH"] = env_path
        else:
            os.environ.pop("PYTHONPATH", None)
    outputs = nb.cells[1].outputs
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for o in outputs)


# --- accessibility of the app's page ---------------------------------------------------

def test_app_page_title_says_what_it_is():
    """The browser's tab and a screen reader's page title name the app (WCAG 2.4.2)."""
    from hanafuda_core.widgets.app import APP_PAGE_TITLE
    notebook = nbformat.read(Path(__file__).resolve().parents[1] / "app" / "index.ipynb",
                             as_version=4)
    assert notebook.metadata["title"] == APP_PAGE_TITLE
    assert APP_PAGE_TITLE.startswith("The Hanafuda Rulebook") and "app" in APP_PAGE_TITLE


def test_app_carries_the_books_contrast_and_focus_styles():
    """The app inlines the book's style additions: one place for contrast and the ring."""
    css_file = Path(__file__).resolve().parents[1] / "book" / "_assets" / "hanafuda.css"
    style = classroom_app().children[0].value
    assert css_file.read_text(encoding="utf-8") in style
    ring = re.search(r"outline:\s*(\d+)px solid (#[0-9a-f]{6})", style)
    assert ring and int(ring.group(1)) >= 3


@pytest.mark.parametrize("key", [g.key for g in all_games() if game_tools(g)])
def test_play_view_marks_where_the_focus_goes_after_a_move(key):
    """A game view is a focus scope; its next move (or New round once the round is over)
    is the one control marked to take the focus after the buttons are redrawn."""
    from hanafuda_core.widgets.common import FOCUS_NEXT, FOCUS_SCOPE
    from hanafuda_core.widgets.generic import play_view
    view = play_view(key, seed=3)
    assert FOCUS_SCOPE in view._dom_classes
    for _ in range(200):
        marked = [b for b in (*view.move_buttons, view.new_button)
                  if FOCUS_NEXT in b._dom_classes]
        if view.controller.is_over or not view.move_buttons:
            assert marked == [view.new_button]
            break
        assert marked == [view.move_buttons[0]]
        assert view.act(view.move_buttons[0].code)
    else:
        pytest.fail("the round did not end within 200 moves")
