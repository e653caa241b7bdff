"""G9: the Draw vote in Go-Stop (three players): ask, vote, public hand, settlement."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.engines.capture import (
    ACCEPT_DRAW,
    ASK_DRAW,
    REFUSE_DRAW,
    Phase,
    State,
    new_round,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.games.go_stop import get_rules
from hanafuda_core.players import make_agent, play_round


def _turn(seed: int = 3) -> State:
    s = new_round(get_rules("no-jokers", draw_requests=True), seed)
    while s.phase != Phase.PLAY:
        s = s.apply(s.legal_actions()[-1])
    return s


def test_ask_opens_a_vote_from_the_askers_right() -> None:
    s = _turn()
    a = s.player
    assert s.legal_actions()[-1] == ASK_DRAW
    v = s.apply("ask draw")
    assert v.phase == Phase.DRAW_VOTE and v.player == a
    assert v.voter == v.actor == v.current_player == (a + 1) % 3
    assert v.legal_actions() == (ACCEPT_DRAW, REFUSE_DRAW)
    seen = view(v, (a + 1) % 3)
    assert seen.shown(a) == v.hand(a) and seen.current_player == (a + 1) % 3
    with pytest.raises(IllegalActionError):
        v.apply("play 1a")
    with pytest.raises(IllegalActionError):
        v.apply("accept draw", player=a)


def test_first_refusal_plays_on_and_is_recorded() -> None:
    s = _turn()
    a = s.player
    r = s.apply("ask draw").apply("refuse draw")
    assert r.phase == Phase.PLAY and r.player == a
    assert r.draw_refusers == ((a + 1) % 3,) and r.draw_askers == (a,)
    assert ASK_DRAW not in r.legal_actions()       # once per player per round


def test_second_refusal_and_both_accepting() -> None:
    s = _turn().apply("ask draw").apply("accept draw")
    assert s.voter == (s.player + 2) % 3
    assert s.apply("refuse draw").draw_refusers == ((s.player + 2) % 3,)
    end = s.apply("accept draw")
    assert end.is_terminal and end.result is not None
    assert end.result.winner is None and end.result.reason == "draw_agreed"
    assert end.result.points == (0, 0, 0)


def test_option_off_or_two_players_offers_no_ask() -> None:
    s = new_round(get_rules("no-jokers"), 3)
    assert all(a != ASK_DRAW for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply("ask draw")
    assert not get_rules("matgo-no-jokers", draw_requests=True).draw_requests


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), bomb=st.sampled_from(("off", "three", "weak")),
       events=st.booleans())
def test_rounds_end_with_agents(seed: int, bomb: str, events: bool) -> None:
    rules = get_rules("no-jokers", draw_requests=True, bomb=bomb, special_events=events)
    agents = [make_agent("greedy"), make_agent("random"), make_agent("greedy")]
    end = play_round(new_round(rules, seed), agents, random.Random(seed))
    assert end.result is not None and not end.draw_askers    # the agents never ask


def test_refuser_is_in_the_settlement_facts() -> None:
    s = _turn().apply("ask draw").apply("refuse draw")
    refuser = s.draw_refusers[0]
    facts = s.rules.overlay.round_facts(s, s.player)        # the asker wins
    assert facts.draw_refusers == (refuser,) and facts.draw_askers == ()
    other = 3 - s.player - refuser
    facts = s.rules.overlay.round_facts(s, other)           # the third player wins
    assert facts.draw_refusers == (refuser,) and facts.draw_askers == (s.player,)
    assert s.rules.overlay.round_facts(s, refuser).draw_refusers == ()


def test_voters_follow_the_position() -> None:
    from hanafuda_core.coach import Coach
    from hanafuda_core.players import accepts_draw
    v = _turn().apply("ask draw")
    seat = v.voter
    seen = view(v, seat)
    behind = seen.yaku_points[seat] < seen.yaku_points[v.player] or (
        seen.yaku_points[seat] == seen.yaku_points[v.player]
        and sum(c.mask for c in seen.captures[seat]) == 0
        and bool(seen.captures[v.player]))
    assert accepts_draw(seen) == behind
    coach = Coach()
    assert coach.choose(seen, v.legal_actions()) in (ACCEPT_DRAW, REFUSE_DRAW)
    advice = coach.advise(seen, v.legal_actions())
    assert advice is not None
    start = view(_turn(), _turn().player)
    assert coach.choose(start, _turn().legal_actions()) != ASK_DRAW


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), bomb=st.sampled_from(("off", "three", "weak")),
       events=st.booleans(), ask=st.floats(0.0, 1.0))
def test_rounds_with_asks_stay_zero_sum(seed: int, bomb: str, events: bool, ask: float) -> None:
    """A driver that asks whenever it may (with probability ``ask``) and votes at random:
    every round ends, zero-sum, the vote's records consistent with the history."""
    rules = get_rules("no-jokers", draw_requests=True, bomb=bomb, special_events=events)
    rng = random.Random(seed)
    s = new_round(rules, rng)
    while not s.is_terminal:
        legal = s.legal_actions()
        if legal[-1] == ASK_DRAW and rng.random() < ask:
            act = ASK_DRAW
        else:
            act = rng.choice([a for a in legal if a != ASK_DRAW])
        s = s.apply(act, player=s.actor)
    assert s.result is not None and sum(s.result.points) == 0
    assert len(set(s.draw_askers)) == len(s.draw_askers)
    assert s.history.count(ASK_DRAW) == len(s.draw_askers)
    assert s.history.count(REFUSE_DRAW) == len(s.draw_refusers)
    if s.result.reason == "draw_agreed":
        assert s.result.winner is None and s.history[-2:] == (ACCEPT_DRAW, ACCEPT_DRAW)


def test_an_agreed_draw_is_a_round_with_no_winner() -> None:
    from hanafuda_core.engines.capture import next_round
    s = _turn().apply("ask draw").apply("accept draw").apply("accept draw")
    assert s.result is not None and "Draw asked for is accepted" in s.result.report.title
    nxt = next_round(s, random.Random(1))
    assert nxt.dealer == s.dealer and nxt.carry == ("no_winner",)


def test_the_play_controller_follows_the_vote() -> None:
    from hanafuda_core.families.capture.teaching import prompt
    from hanafuda_core.teach.tools import PlayController
    pc = PlayController("go-stop", seed=2, opponent="greedy", draw_requests=True)
    assert "ask the others for a Draw" in pc.prompt()
    pc.act("ask draw")
    assert pc.log[-2:] == (
        "You ask for a Draw, the hand face up for the others. Computer 1 must "
        "accept or refuse the Draw.",
        "Computer 1 refuses the Draw, so play goes on.")
    assert pc.state.current_player == 0 and "ask the others" not in pc.prompt()
    r = get_game("go-stop", draw_requests=True).new_round(seed=3)
    while r.legal_actions()[-1] != ASK_DRAW:
        r = r.apply(r.legal_actions()[-1])
    asker = r.current_player
    r = r.apply("ask draw")
    assert r.current_player == (asker + 1) % 3
    words = prompt(r, r.current_player, ("A", "B", "C"))
    assert words is not None and words.startswith(f"{'ABC'[asker]} asks for a Draw")
    assert prompt(r, asker, ("A", "B", "C")) is None


def test_the_table_shows_the_askers_hand() -> None:
    from hanafuda_core.teach.tools import PlayController
    pc = PlayController("go-stop", seed=2, opponent="greedy", draw_requests=True)
    assert not [row for row in pc.table() if row.zone.startswith("shown")]
    pc.act("ask draw")
    rows = [row for row in pc.table() if row.zone.startswith("shown")]
    assert [r.label for r in rows] == ["You asked for a Draw: your hand is shown"]
    assert set(rows[0].cards) == set(pc.state.inner.hand(0))


def test_the_narration_tells_the_vote() -> None:
    from hanafuda_core.narration import describe, log_lines, stories
    states = [_turn()]
    for code in ("ask draw", "accept draw", "accept draw"):
        states.append(states[-1].apply(code))
    names = ["You", "Ann", "Ben"]
    asker = states[0].player
    told = [describe(step, names) for step in stories(states)]
    assert told[0].startswith(f"{names[asker]} ask") and "must accept or refuse" in told[0]
    assert told[1].startswith(f"{names[(asker + 1) % 3]} accepts the Draw")
    assert told[2].endswith("The Draw is agreed: the round ends with no winner, and "
                            "nobody scores.")
    assert log_lines(stories(states)[1], names) == [f"  {names[(asker + 1) % 3]} accepts "
                                                    "the Draw"]
