"""The classroom app's tools say things in a player's words: the table actually played,
no raw round-end reasons, no computer players' identifiers, no Python output."""

from __future__ import annotations

import re

import pytest

from hanafuda_core.play import count_word
from hanafuda_core.registry import get_game, iter_games
from hanafuda_core.teach.tools import PlayController, ReplayController, ScoreController

KEYS = [e.info.key for e in iter_games("capture", playable=True)]
AGENT_IDS = re.compile(r"\((?:greedy|coach|random)\)|\b(?:greedy|coach)\b")
RAW_REASONS = re.compile(r"\((?:cards|stop|end|yaku|played out|draw|instant_win|"
                         r"dealers_delight|ended by Player \d+)\)")


def _replay(key: str) -> ReplayController:
    return ReplayController(game=key, seed=2)


@pytest.mark.parametrize("key", KEYS)
def test_replay_words_have_no_ids_reasons_or_reprs(key: str) -> None:
    ctl = _replay(key)
    deal = ctl.describe()
    assert "[" not in deal and "undealt" not in deal and "in the aside" not in deal
    assert not AGENT_IDS.search(deal)
    ctl.last()
    text = ctl.result_text()
    assert text and not AGENT_IDS.search(text), text
    assert not RAW_REASONS.search(text), text
    assert "player 1 (" not in text            # the seats' names, with a capital
    for line in ctl.words():
        assert not AGENT_IDS.search(line), line


@pytest.mark.parametrize("key", KEYS)
def test_played_result_has_no_raw_reason(key: str) -> None:
    ctl = PlayController(key, seed=1, opponent="greedy")
    for _ in range(400):
        if ctl.is_over:
            break
        ctl.act(ctl.legal[0])
    assert ctl.is_over
    text = ctl.result_text()
    assert not RAW_REASONS.search(text), text
    assert not AGENT_IDS.search(text), text


def test_replay_of_your_round_agrees_with_you() -> None:
    play = PlayController("koikoi", seed=1, opponent="greedy")
    while not play.is_over:
        play.act(play.legal[0])
    ctl = ReplayController(play.record()).last()
    text = ctl.result_text()
    assert "(you)" not in text and "(greedy)" not in text
    assert "You win " in text or "wins" in text or "Nobody" in text or "nobody" in text
    assert ctl.who(0) == "You"


def test_tensho_deal_in_words() -> None:
    deal = ReplayController(game="tensho", seed=2).describe()
    assert "[5, 6]" not in deal
    assert "holds 5 cards" in deal and "holds 6 cards" in deal
    assert "set aside" in deal


def test_hachihachi_deal_says_stock() -> None:
    deal = ReplayController(game="hachihachi", seed=2).describe()
    assert "in the undealt" not in deal and "in the stock" in deal


@pytest.mark.parametrize("key", KEYS)
def test_status_line_count_agrees_with_the_table(key: str) -> None:
    base = PlayController(key, seed=1)
    for n in base.player_choices():
        ctl = PlayController(key, seed=1)
        if n != ctl.players:
            ctl.set_players(n)
        assert ctl.players == n
        status = ctl.status_line()
        label = dict((p, lab) for lab, p in ctl.preset_choices())[ctl.preset]
        assert label in status
        low, high = get_game(key, preset=ctl.preset).players
        if low == high:                 # a preset for one count: the table's
            for other in range(2, 8):
                if other != n:
                    said = re.compile(rf"\b{count_word(other)}\b(?! Jokers)", re.I)
                    assert not said.search(label), (key, n, label)


@pytest.mark.parametrize("key,n,preset", [("higo-bana", 3, "book-3"),
                                          ("six-hundred", 3, "book-3"),
                                          ("hachijuu-hana", 3, "book-3"),
                                          ("min-hwatu", 3, "book-3")])
def test_a_count_with_its_own_preset_takes_it(key: str, n: int, preset: str) -> None:
    ctl = PlayController(key, seed=1).set_players(n)
    assert ctl.preset == preset
    assert "two players" not in ctl.status_line()
    assert "three players" in ctl.status_line()


def test_go_stop_for_two_is_not_for_three() -> None:
    ctl = PlayController("go-stop", seed=1).set_players(2)
    assert "for three" not in ctl.status_line()


def test_score_html_says_card_points_once() -> None:
    from hanafuda_core.widgets.generic import report_html
    ctl = ScoreController("simplified", cards="1a 1b 2a 3a 8a 11a 12a 9a 9b 9c")
    html = report_html(ctl.report())
    assert "card points: " not in html and html.count("Card points") == 1
    assert "score: " not in html.lower() or "score: 131" not in html.lower()
    notes = [line for line in ctl.lines() if line.lower().startswith(("card points",
                                                                       "score"))]
    assert notes == ["Card points: 131"]


def test_replay_view_words() -> None:
    from hanafuda_core.widgets.generic import ReplayView
    view = ReplayView(ReplayController(game="go-stop", seed=2))
    labels = [label for label, _value in view.agents[0].options]
    assert all(label[:1].isupper() and "player" in label for label in labels)
    assert not {"random", "greedy", "coach"} & set(labels)
    view.last()
    shown = view.yaku.value + view.where.value
    assert "Total: 3 points" not in shown
    assert "player 2 owes" not in shown
    assert "(greedy)" not in shown and "(stop)" not in shown
