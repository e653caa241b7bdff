"""Go-Stop's Draw (G9) at a table of four to seven (G10). The rulebook lets players ask
for a Draw at tables of three to seven (2933), never with two (2945); at four to seven
only three play each round (2855), so the ask and the votes are those three's: the
player to the asker's right answers first, a refusal plays on, both accepting ends the
round with no winner and deals it again to the same three (2929, 2941-2961); a refuser
who then loses pays both losers' penalties, the other loser nothing, and a refuser who
wins leaves each loser their own (2965-2969, 3139). Seeded rounds and seeded random
option sets; the hands are the shuffle's.

(Named apart from ``tests/test_go_stop_draw.py``, the three-player Draw's tests: two test
modules of one name cannot be collected together here.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.engines.capture import ACCEPT_DRAW, ASK_DRAW, REFUSE_DRAW, Phase
from hanafuda_core.families.capture.table_round import (
    SIT_IN,
    SIT_OUT,
    TableRound,
    new_table_round,
)
from hanafuda_core.games.go_stop import get_rules, table_setup

SIZES = (4, 5, 6, 7)


def _setup(players: int, **options: object):
    """The big table of ``players`` with the Draw on (seven need a Joker: the rulebook's
    two; fewer play without Jokers unless ``options`` say otherwise)."""
    preset = "book" if players == 7 else "no-jokers"
    return table_setup(players, preset, **{"draw_requests": True, **options})


def _seated(r: TableRound, rng: random.Random) -> TableRound:
    """The three chosen by seeded choices, then the reveals passed up to the first
    player's first chance to play."""
    while r.inner is None:
        r = r.apply(SIT_IN if rng.random() < 0.5 else SIT_OUT)
    while r.inner.phase != Phase.PLAY:
        r = r.apply(r.legal_actions()[-1])          # (pass: nothing revealed)
    return r


def _asked(players: int, seed: int, **options: object) -> TableRound:
    """A seeded round at ``players`` whose first player has just asked for a Draw."""
    rng = random.Random(seed)
    r = _seated(new_table_round(_setup(players, **options), rng, seed % players), rng)
    assert r.legal_actions()[-1] == ASK_DRAW
    return r.apply(ASK_DRAW)


def _play_out(r: TableRound, rng: random.Random) -> TableRound:
    """The round played to its end at random, without another ask."""
    while not r.is_terminal:
        legal = [a for a in r.legal_actions() if a != ASK_DRAW]
        r = r.apply(legal[int(rng.random() * len(legal))])
    return r


def _shifted_payments(r: TableRound) -> dict[int, int]:
    """What each loser (engine seat) pays the Stop caller under the chapter's rule,
    from each loser's own penalty (the settlement's ``penalties``): one loser who called
    Go when the other did not pays both (3135); else a loser who refused a Draw pays
    both (3139); else the loser who handed the winner the winning card, unless they had
    asked for a Draw (3135); else each pays their own."""
    inner = r.inner
    assert inner is not None and inner.result is not None
    winner = inner.result.winner
    assert winner is not None
    overlay = inner.rules.overlay
    facts = overlay.round_facts(inner, winner)
    owed = dict(overlay.scoring.settle(facts).penalties)
    losers = [e for e in range(3) if e != winner]
    for named in ([e for e in losers if inner.calls.count(e)],
                  [e for e in losers if e in inner.draw_refusers],
                  [e for e in losers if e == facts.responsible and e not in inner.draw_askers]):
        if len(named) == 1:
            return {e: sum(owed.values()) if e == named[0] else 0 for e in losers}
        if named:
            break
    return owed


def _paid(r: TableRound) -> dict[int, int]:
    """What each loser (engine seat) paid in the round's settlement (its report's round
    penalties; the special events' points are apart)."""
    inner = r.inner
    assert inner is not None and inner.result is not None
    winner = inner.result.winner
    paid = {e: 0 for e in range(3) if e != winner}
    for p in inner.result.report.payments:
        assert p.payee == winner
        paid[p.payer] += p.amount
    return paid


# -- the option at every table the rulebook names ---------------------------------------

@pytest.mark.parametrize("players", SIZES)
def test_the_draw_is_offered_at_every_table_of_four_to_seven(players):
    """2933: tables of 3-7. The option on, the three playing the round may ask; off (our
    default), nobody may."""
    assert _setup(players).rules.draw_requests
    assert not get_rules(table_players=players).draw_requests       # the default: off
    for seed in range(5):
        rng = random.Random(seed)
        r = _seated(new_table_round(_setup(players), rng, seed % players), rng)
        assert r.legal_actions()[-1] == ASK_DRAW
        off = _seated(new_table_round(_setup(players, draw_requests=False),
                                      random.Random(seed), seed % players),
                      random.Random(seed))
        assert ASK_DRAW not in off.legal_actions()


def test_two_players_never_ask():
    """2945: no Draw in a two-player game, whatever the option says."""
    assert not get_rules(players=2, draw_requests=True).draw_requests


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("seed", range(4))
def test_the_three_players_vote_in_turn_and_the_others_have_no_say(players, seed):
    """2949-2953: the player to the asker's right answers first, then the third; every
    voter is one of the three, and the asker's hand is shown to them (2947)."""
    r = _asked(players, seed)
    inner = r.inner
    asker = inner.player
    order = [r.active[(asker + k) % 3] for k in (1, 2)]
    sitting_out = set(range(players)) - set(r.active)
    assert len(r.active) == 3 and len(sitting_out) == players - 3
    assert r.current_seat == order[0] and r.legal_actions() == (ACCEPT_DRAW, REFUSE_DRAW)
    voter = r.view(order[0]).inner
    assert voter is not None and voter.shown(asker) == inner.hand(asker)
    for seat in sitting_out:
        assert r.view(seat).inner is None                # no part in the round
    second = r.apply(ACCEPT_DRAW)
    assert second.current_seat == order[1] and second.legal_actions() == (ACCEPT_DRAW,
                                                                          REFUSE_DRAW)


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("seed", range(3))
def test_both_accepting_ends_the_round_with_no_winner_for_the_same_three(players, seed):
    """2957: no winner, no scoring; dealt again to the same three by the same dealer
    (2929), the next winner doubled (3107). Compensation already paid by those who chose
    to play stands; nothing else moves."""
    r = _asked(players, seed).apply(ACCEPT_DRAW).apply(ACCEPT_DRAW)
    res = r.table_result
    assert r.is_terminal and res is not None
    assert res.winner is None and res.reason == "draw_agreed"
    assert res.engine.points == (0, 0, 0)
    assert res.points == res.compensation and sum(res.points) == 0
    paid = {s: -c for s, c in enumerate(res.compensation) if c < 0}
    assert set(paid) <= set(r.volunteers)             # the volunteers pay, as at the choice
    nxt = r.next_round(seed)
    assert nxt.dealer == r.dealer and nxt.active == r.active and nxt.inner is not None
    assert "no_winner" in nxt.inner.carry


@pytest.mark.parametrize("players", SIZES)
def test_an_agreed_draw_with_delayed_compensation_doubles_it_for_the_next_losers(players):
    """Delayed Compensation (2879): paid at the end by the losers; after a round with no
    winner, the next round's losers pay double. An agreed Draw is such a round."""
    for seed in range(40):
        r = _asked(players, seed, delayed_compensation=True)
        if r.compensation_owed() and any(p for _, p in r.compensation_owed()):
            break
    else:
        pytest.fail("no seed forced a player out with cards to compensate")
    r = r.apply(ACCEPT_DRAW).apply(ACCEPT_DRAW)
    assert r.table_result.winner is None and not any(r.table_result.compensation)
    nxt = r.next_round(1)
    assert nxt.active == r.active
    assert nxt.deal.owed == tuple((s, 2 * p) for s, p in r.compensation_owed())


@pytest.mark.parametrize("players", SIZES)
def test_an_agreed_draw_with_refresh_is_dealt_to_the_whole_table(players):
    """Refresh (2887): a round with no winner is dealt again to every player, with a new
    choice of the three."""
    r = _asked(players, 2, refresh=True).apply(ACCEPT_DRAW).apply(ACCEPT_DRAW)
    nxt = r.next_round(3)
    assert r.table_result.winner is None and nxt.inner is None and nxt.choices == ()
    assert nxt.dealer == r.dealer


# -- a refusal: play goes on, and the refuser's payment ------------------------------------

@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("second", [False, True])
def test_a_refusal_plays_on_and_is_the_refusers(players, second):
    """2949, 2961: one refusal ends the question (the first voter's, or the second's
    after an acceptance); the asker plays their turn and may not ask again this round
    (our reading: once a round)."""
    r = _asked(players, 1)
    asker = r.inner.player
    refuser = (asker + (2 if second else 1)) % 3
    r = r.apply(ACCEPT_DRAW).apply(REFUSE_DRAW) if second else r.apply(REFUSE_DRAW)
    assert r.inner.phase == Phase.PLAY and r.current_seat == r.active[asker]
    assert r.inner.draw_refusers == (refuser,) and r.inner.draw_askers == (asker,)
    assert ASK_DRAW not in r.legal_actions()


@pytest.mark.parametrize("players", SIZES)
def test_a_refuser_who_loses_pays_for_both_and_one_who_wins_is_paid_as_usual(players):
    """2965-2969 (3139): seeded rounds at the table, a Draw asked on the first turn and
    refused by the first voter, then played out. Where the refuser loses and neither
    loser alone called Go (the Go caller's shift comes first, 3135), the refuser pays
    both losers' own penalties and the other loser nothing; where the refuser wins, each
    loser pays their own (or the Go caller's or the responsible player's shift)."""
    seen = {"refuser lost": 0, "refuser won": 0}
    for seed in range(300):
        rng = random.Random(seed)
        r = _asked(players, seed, special_events=False).apply(REFUSE_DRAW)
        refuser = r.inner.draw_refusers[0]
        r = _play_out(r, rng)
        res = r.table_result
        assert sum(res.points) == 0
        if res.reason != "stop":
            continue
        w = r.inner.result.winner
        paid, want = _paid(r), _shifted_payments(r)
        assert paid == want
        assert res.engine.points[w] == sum(paid.values())
        for e, amount in paid.items():
            assert res.engine.points[e] == -amount
        for e, seat in enumerate(r.active):
            assert res.points[seat] == res.engine.points[e] + res.compensation[seat]
        if w == refuser:
            seen["refuser won"] += 1
            continue
        other = 3 - w - refuser
        if not any(r.inner.calls.count(e) for e in (refuser, other)):
            owed = dict(r.inner.rules.overlay.scoring.settle(
                r.inner.rules.overlay.round_facts(r.inner, w)).penalties)
            assert paid == {refuser: owed[refuser] + owed[other], other: 0}
            seen["refuser lost"] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen


# -- random option sets --------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from(SIZES), seed=st.integers(0, 10_000),
       ask=st.floats(0.0, 1.0),
       options=st.fixed_dictionaries({"higher_compensation": st.booleans(),
                                      "delayed_compensation": st.booleans(),
                                      "refresh": st.booleans(),
                                      "special_events": st.booleans(),
                                      "bomb": st.sampled_from(["three", "weak", "off"]),
                                      "go_table": st.sampled_from(["book",
                                                                   "higher_stakes"])}))
def test_random_asks_and_votes_at_a_big_table(players, seed, ask, options):
    """Asks made at random (probability ``ask``) and votes cast at random under random
    options: only the three playing vote, in turn from the asker's right; the round ends
    zero-sum over the table; an agreed Draw has no winner and scores nothing; a round
    won by Stop pays as the chapter's shifts say; the next round keeps the three after
    a round with no winner (Refresh: a new choice)."""
    game = get_game("go-stop", "book" if players == 7 else "no-jokers", table_players=players,
                    draw_requests=True, **options)
    rng = random.Random(seed)
    w = game.new_round(seed=seed, dealer=seed % players)
    r: TableRound = w.inner
    asker = -1
    while not r.is_terminal:
        legal = r.legal_actions()
        inner = r.inner
        if inner is not None and inner.phase == Phase.DRAW_VOTE:
            k = 2 if inner.draw_votes[-1][1] == "accept" else 1
            assert r.current_seat == r.active[(asker + k) % 3]
            assert legal == (ACCEPT_DRAW, REFUSE_DRAW)
        if legal[-1] == ASK_DRAW and rng.random() < ask:
            asker = inner.player
            act = ASK_DRAW
        else:
            choices = [a for a in legal if a != ASK_DRAW]
            act = choices[int(rng.random() * len(choices))]
        r = r.apply(act)
    res = r.table_result
    assert sum(res.points) == 0 and len(res.points) == players
    inner = r.inner
    assert len(set(inner.draw_askers)) == len(inner.draw_askers)
    if res.reason == "draw_agreed":
        assert res.winner is None and res.engine.points == (0, 0, 0)
        assert inner.history[-2:] == (ACCEPT_DRAW, ACCEPT_DRAW)
    if res.reason == "stop":
        assert _paid(r) == _shifted_payments(r)
    if res.winner is None:
        nxt = r.next_round(seed)
        assert nxt.dealer == r.dealer
        assert (nxt.inner is None) if options["refresh"] else (nxt.active == r.active)
