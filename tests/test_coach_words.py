"""The coach's hints in the learner's words: seats named as the table names them, "your
opponents" where there are several, and every "because" with its subject."""

from __future__ import annotations

import re

import pytest

from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import apply, legal_actions, setup_state, view
from hanafuda_core.games.go_stop import get_rules
from hanafuda_core.registry import list_games
from hanafuda_core.teach.tools import PlayController, _told

#: a seat by the engine's number ("player 2"), where the table says "Computer 1"
SEAT_NUMBER = re.compile(r"\b[Pp]layer \d\b")
#: "because" followed by a deed with no one doing it ("because revealed ...")
BARE_BECAUSE = re.compile(r"\bbecause (?:revealed|bombed|called|made|holds|\d+ Tens)\b")


def _coach_games(players: int) -> list[str]:
    keys = []
    for g in list_games(playable=True):
        ctl = PlayController(g.key, seed=1)
        if players in ctl.player_choices() and "coach" in ctl.game.agent_names:
            keys.append(g.key)
    return keys


def _hint_texts(ctl: PlayController) -> list[str]:
    """The hint as ``PlayController.hint`` shows it, with the coach given the table's
    names (``advise(view, legal, names=self._said_names())``)."""
    said = _told(ctl.game, "advice", ctl.state, ctl.seat, ctl.seed, ctl.seat_names())
    if said is not None:
        return [said["reason"], *said["reasons"], *said["lines"]]
    advice = ctl.game.agent("coach").advise(ctl.state.view(ctl.seat), ctl.state.legal_actions(),
                                            names=ctl.seat_names())
    return [advice.summary, *(r for m in advice.moves for r in m.reasons)]


def _positions(key: str, players: int, seeds: tuple[int, ...] = (1, 2), moves: int = 4):
    for seed in seeds:
        ctl = PlayController(key, seed=seed, players=players)
        for _ in range(moves):
            if not ctl.your_turn:
                break
            yield ctl
            ctl.act(ctl.hint().code)


@pytest.mark.parametrize("key", _coach_games(3))
def test_three_player_hints_name_the_tables_seats(key):
    seen = []
    for ctl in _positions(key, 3):
        for text in _hint_texts(ctl):
            seen.append(text)
            assert not SEAT_NUMBER.search(text), text
            assert "your opponent " not in text and not text.endswith("your opponent"), text
            assert not BARE_BECAUSE.search(text), text
    # (the hints did speak of the other seats, by the table's names)
    assert any("Computer 1" in t or "Computer 2" in t for t in seen), seen[:5]
    assert any("your opponents" in t for t in seen)


def test_a_card_left_on_the_field_names_every_seat_that_may_take_it():
    """The chance is that any opponent holds a taker, so every one is named."""
    left = [t for ctl in _positions("simplified", 3, seeds=(1, 2, 3), moves=6)
            for t in _hint_texts(ctl) if "can take it with" in t]
    assert left and all("where Computer 1 or Computer 2 can take it" in t
                        and "so one of them holds one with probability" in t for t in left)


def test_without_names_the_coach_still_numbers_the_seats():
    """Other callers (the staged rounds' teaching, which renames "player N" itself) get
    today's words."""
    texts = []
    for ctl in _positions("simplified", 3, seeds=(1, 2, 3), moves=6):
        advice = ctl.game.agent("coach").advise(ctl.state.view(0), ctl.state.legal_actions())
        texts += [r for m in advice.moves for r in m.reasons]
    assert any("where player 2 or player 3 can take it" in t for t in texts)
    assert not any("Computer" in t for t in texts)


def test_go_stop_multipliers_say_who_did_it():
    """Seed 2, two players: at the Go or Stop, the doubling reasons are the player's deeds
    ("because you revealed ...", never "because revealed ...")."""
    ctl = PlayController("go-stop", seed=2, players=2)
    found = []
    for _ in range(20):
        if not ctl.your_turn:
            break
        texts = _hint_texts(ctl)
        found += [t for t in texts if "because" in t]
        for t in texts:
            assert not BARE_BECAUSE.search(t), t
            assert not SEAT_NUMBER.search(t), t
        ctl.act(ctl.hint().code)
    assert any("×2 because you revealed three cards of a month" in t for t in found), found
    assert any("×2 because you bombed the field" in t for t in found), found


def test_go_stop_two_players_the_payer_is_your_opponent():
    ctl = PlayController("go-stop", seed=2, players=2)
    pays = []
    for _ in range(20):
        if not ctl.your_turn:
            break
        pays += [t for t in _hint_texts(ctl) if "would pay" in t]
        ctl.act(ctl.hint().code)
    assert pays and all("your opponent would pay" in t for t in pays), pays


def test_go_stop_notes_use_the_names_given():
    rules = get_rules("no-jokers")
    c_pile = "3a 5c 5d 10c 10d 9c"
    state = setup_state(rules, ["8b 12c", "6d 12d", "6c 7c"], "8c 4c 9d", "11b 12a 11c 12b",
                        ["2a 4a", "1c 1d 2c 2d", c_pile])
    state = apply(state, "play 8b")
    names = ["You", "Computer 1", "Computer 2"]
    notes = rules.overlay.decision_notes(state, True, names=names)
    assert notes == ("Computer 1 would pay 5", "Computer 2 would pay 5")
    text = Coach(samples=4).advise(view(state, 0), legal_actions(state), names=names).to_text()
    assert "Computer 1 would pay 5" in text and not SEAT_NUMBER.search(
        text.split("\n", 1)[1])


def test_several_opponents_agree_with_their_verb():
    """A reason's subject of two seats (teams) takes a plural verb."""
    from hanafuda_core.coach import _Context
    ctl = PlayController("simplified", seed=1, players=3)
    st = ctl.state.view(0)
    ctx = _Context.__new__(_Context)
    ctx.names = ("You", "Computer 1", "Computer 2")
    ctx.opp_sides = [1, 2]
    ctx.opp_seats = [1, 2]
    ctx.rules = st.rules
    assert ctx.does(1, "hold") == "Computer 1 holds"
    assert ctx.does(2, "be") == "Computer 2 is"
    assert ctx.no_opponent() in ("neither Computer 1 nor Computer 2 can",)


def test_play_controller_hint_names_the_seats():
    texts = []
    for ctl in _positions("simplified", 3, seeds=(1, 2), moves=6):
        hint = ctl.hint()
        texts.append("\n".join([hint.to_text(), *hint.lines]))
    assert not any(SEAT_NUMBER.search(t) for t in texts)
    assert any("Computer 1" in t for t in texts)
