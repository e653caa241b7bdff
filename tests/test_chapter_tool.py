"""A chapter's tools in the static book: plain HTML of the tool's first view, no widget.

A page whose notebook holds widget state loads the 3.6 MB widget manager, over the page
budget (tests/browser/test_page_weight.py), and nothing runs Python in the static book,
so ``chapter_tool`` draws what the live tool would show first, under a note that says
where it runs live.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.registry import list_games
from hanafuda_core.teach.tools import PlayController, ReplayController, ScoreController
from hanafuda_core.widgets.generic import CHAPTER_NOTES, chapter_tool
from hanafuda_core.widgets.static import STATIC_NOTE, StaticHTML

PLAYABLE = sorted(g.key for g in list_games() if g.playable)


def cards_drawn(html: str) -> list[str]:
    return re.findall(r'class="hanafuda-card[^"]*" data-card="([^"]+)"', html)


def check_static(shown, tool: str) -> str:
    assert isinstance(shown, StaticHTML) and not isinstance(shown, widgets.Widget)
    html = shown._repr_html_()
    assert html == shown.value
    assert CHAPTER_NOTES[tool] + "." in html and "classroom app" in html
    assert STATIC_NOTE in html
    assert "<script" not in html and "<button" not in html and "<input" not in html
    return html


@settings(max_examples=12, deadline=None)
@given(key=st.sampled_from(PLAYABLE), seed=st.integers(1, 500))
def test_play_shows_the_table_and_lists_every_legal_move(key, seed):
    html = check_static(chapter_tool("play", key, seed=seed), "play")
    ctl = PlayController(key, seed=seed)
    assert f'data-seed="{ctl.seed}"' in html
    moves = re.search(r'<div class="hanafuda-generic-moves">.*?</ul>', html, re.S)
    listed = re.findall(r"<li>(.*?)</li>", moves.group(0)) if moves else []
    assert len(listed) == len(ctl.legal)
    if not ctl.legal:       # the round ended at the deal (a dealt quad wins at once: D002)
        assert "Deal a new round" in html
    # every face-up card of the table as player 1 sees it is drawn
    shown = {c.code for row in ctl.table() if not row.hidden for c in row.cards}
    assert shown <= set(cards_drawn(html))


@settings(max_examples=12, deadline=None)
@given(key=st.sampled_from(PLAYABLE), data=st.data())
def test_score_shows_the_pile_and_the_calculators_summary(key, data):
    deck = ScoreController(key).deck
    pile = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=10, unique=True))
    text = " ".join(c.code for c in pile)
    html = check_static(chapter_tool("score", key, cards=text), "score")
    ctl = ScoreController(key, cards=text)
    assert ctl.summary().replace("&", "&amp;").replace("'", "&#x27;") in html
    assert {c.code for c in pile} <= set(cards_drawn(html))


@pytest.mark.parametrize("key", PLAYABLE)
def test_replay_shows_the_deal_then_every_step_and_the_result(key):
    html = check_static(chapter_tool("replay", key, seed=3), "replay")
    ctl = ReplayController(game=key, seed=3)
    assert 'data-step="0"' in html
    ctl.last()
    steps = re.search(r'<div class="hanafuda-generic-steps" data-lines="(\d+)"', html)
    assert steps and int(steps.group(1)) == len(ctl.words()) == ctl.length
    assert "<details" in html and f"({ctl.length} steps)" in html


def test_quiz_is_the_static_quiz_of_the_seed():
    from hanafuda_core.teach.quizzes import quiz_html
    html = chapter_tool("quiz", "koikoi", seed=4, n=3).value
    assert quiz_html("koikoi", 4, 3) in html and CHAPTER_NOTES["quiz"] in html


def test_a_chapter_tool_leaves_no_widget_behind():
    """No widget is even created: a notebook stores the state of every widget made in
    its kernel, and that state alone makes the page load the widget manager."""
    from ipywidgets.widgets.widget import _instances
    before = len(_instances)
    for tool, kw in (("play", {"seed": 2}), ("score", {"cards": "1a 3a"}),
                     ("replay", {"seed": 2, "rounds": 1})):
        chapter_tool(tool, "koikoi", **kw)
    assert len(_instances) == before


@pytest.mark.parametrize(("tool", "kw", "words"), [
    ("dance", {}, "a chapter can show: play, score, replay, quiz"),
    ("quiz", {"cards": "1a"}, "the quiz tool takes seed, n"),
    ("score", {"cards": "99z"}, "unknown card '99z'"),
    ("play", {"no_such_rule": 1}, "no_such_rule"),
])
def test_bad_requests_are_refused_with_our_own_error(tool, kw, words):
    with pytest.raises(HanafudaError, match=re.escape(words)):
        chapter_tool(tool, "koikoi", **kw)
