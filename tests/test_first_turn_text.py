"""The first turn of a chapter's "first game" told in words
(:func:`hanafuda_core.teach.worked.first_game`, moment ``turn``): each card played or
turned over is named with what it took under the game's own capture relation (Hachi's
chart, Hachi (Simplified)'s three following months), read from the rules; a month-matching
game's sentences are those it always had. The narration
(:func:`hanafuda_core.narration.story`), which follows the engine step by step, says what
each card took."""

from __future__ import annotations

import random

import pytest

from hanafuda_core import get_game
from hanafuda_core.cards import CARD_INFO
from hanafuda_core.engines.capture import CaptureRelation
from hanafuda_core.narration import story
from hanafuda_core.teach.worked import _names, _turn_text, first_game

HACHI = ("hachi", "hachi-simplified")
SEEDS = range(16)


def _moves(key: str, seed: int) -> list:
    """The first turn's moves (the card played, each card turned over) as the narration
    tells them, the turn played as :func:`first_game` plays it."""
    g = get_game(key)
    n = g.players[0]
    agents = [g.agent("greedy") for _ in range(n)]
    rng = random.Random(seed)
    r = g.new_round(seed=seed, players=n)
    while not r.is_terminal and not any(a.code().split()[0] == "play"
                                        for a in r.legal_actions()):
        p = r.current_player
        r = r.apply(agents[p].choose(r.view(p), r.legal_actions(), rng))
    me = r.current_player
    moves = []
    while not r.is_terminal and r.current_player == me:
        action = agents[me].choose(r.view(me), r.legal_actions(), rng)
        after = r.apply(action)
        for part in story(r.state, action, after.state).parts:
            if part.player == me:
                moves += [m for m in (part.hand, part.draw) if m is not None]
        r = after
    return moves


@pytest.mark.parametrize("key", [*HACHI, "koikoi", "simplified"])
@pytest.mark.parametrize("seed", SEEDS)
def test_each_card_is_named_with_what_it_took(key, seed):
    text = first_game(key, seed).moment("turn").text
    moves = _moves(key, seed)
    if any(m.returned or m.wild or m.ignored for m in moves):
        pytest.skip("a pair sent back, or a wild card's power: told from what is left over")
    for m in moves:
        name = CARD_INFO[m.card].name
        if m.outcome == "choice":
            continue                    # (the chosen move that follows tells it)
        if m.taken:
            assert f"the {name} and take {_names(m.taken)}" in text, text
        else:
            assert f"the {name}; " in text and "so it stays on the field" in text, text
    assert "You also capture" not in text and "a card with it" not in text


@pytest.mark.parametrize("key", HACHI)
def test_every_card_named_as_taken_is_one_the_rules_let_it_take(key):
    relation = get_game(key).rules.capture_relation
    for seed in SEEDS:
        fg = first_game(key, seed)
        turn = fg.moment("turn")
        took = set(turn.highlight)
        for m in _moves(key, seed):
            assert set(m.taken) <= took
            assert all(relation.may_take(m.card, t) for t in m.taken)


@pytest.mark.parametrize("key, seed, text", [
    # two cards that may each take both field cards: the one chosen goes with the played
    # card, the other with the card turned over
    ("hachi-simplified", 1, "You play the Pine Chaff 1 and take the Curtain; then you turn "
                            "over the Crane and take the Plum Ribbon."),
    ("hachi-simplified", 3, "You play the Bridge and take the Susuki Chaff 2; then you turn "
                            "over the Maple Chaff 1 and take the Pine Chaff 2."),
    ("hachi", 1, "You play the Iris Ribbon and take the Curtain; then you turn over the Crane "
                 "and take the Plum Ribbon."),
    # the chart of ch. 20: May takes March and August, October takes March and August
    ("hachi", 3, "You play the Bridge and take the Susuki Chaff 2; then you turn over the "
                 "Maple Chaff 1; it can take no field card, so it stays on the field."),
    # three of a month lying together go with the card that takes one of them
    ("hachi", 15, "You play the Chrysanthemum Ribbon and take the Cuckoo, the Wisteria "
                  "Ribbon and the Wisteria Chaff 1; then you turn over the Paulownia Chaff 1; "
                  "it can take no field card, so it stays on the field."),
])
def test_seeded_first_turns_of_the_hachi_games(key, seed, text):
    assert first_game(key, seed).moment("turn").text == text


@pytest.mark.parametrize("key, seed, text", [
    ("koikoi", 1, "You play the Pine Chaff 1 and take the Crane; then you turn over the "
                  "Butterfly; no field card matches, so it stays on the field."),
    ("koikoi", 3, "You play the Pine Ribbon and take the Pine Chaff 2; then you turn over the "
                  "Curtain and take the Cherry Chaff 2."),
    ("koikoi", 4, "You play the Rainman and take the Willow Ribbon; then you turn over the "
                  "Boar and take the Clover Chaff 1."),
    ("simplified", 3, "You play the Pine Ribbon and take the Pine Chaff 2; then you turn over "
                      "the Curtain and take the Cherry Chaff 2."),
    ("six-hundred", 3, "You play the Bridge and take the Storm with it; then you turn over "
                       "the Curtain and take the Cherry Chaff 2."),
])
def test_month_matching_first_turns_are_unchanged(key, seed, text):
    assert first_game(key, seed).moment("turn").text == text


def test_the_relation_given_decides_what_a_card_takes():
    """The sentence follows the relation it is given: the same table told by month and
    by a chart where January takes February and March."""
    before = {"hand 0": (2, 40), "field": (1, 5, 8, 26), "stock": (0, 9)}
    after = {"hand 0": (40,), "field": (1, 26), "stock": (9,)}
    chart = CaptureRelation.from_chart("test", {1: (2, 3)})
    told = _turn_text(before, after, 0, (2, 5, 0, 8), chart, [(5, False)])
    assert told == ("You play the Pine Chaff 1 and take the Plum Ribbon; then you turn over "
                    "the Crane and take the Curtain.")
    by_month = _turn_text(before, {**after, "field": (5, 8, 26)}, 0, (2, 1), None)
    assert by_month == ("You play the Pine Chaff 1 and take the Pine Ribbon; then you turn "
                        "over the Crane; no field card matches, so it stays on the field.")


@pytest.mark.parametrize("key", ["go-stop", "sudaoshi", "six-hundred", "koikoi"])
@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_the_first_turn_is_the_first_card_played(key, seed):
    """The turn starts at the first card played from a hand, whatever else the turn
    offers beside it (Go-Stop's shake or Draw): "your hand" then holds the cards dealt
    (less any that went straight to the pile), and the sentence is never empty."""
    game = get_game(key)
    fg = first_game(key, seed)
    setup, turn = fg.moment("setup"), fg.moment("turn")
    dealt = dict(setup.rows)["Your hand"]
    assert dict(turn.rows)["Your hand"] == dealt
    assert turn.text[:1].isupper() and not turn.text.startswith(".")
    assert len(dealt) <= game.info.deals[fg.players].hand


@pytest.mark.parametrize(("key", "seed", "text"), [
    ("go-stop", 22, "You play the Peony Ribbon on the Butterfly; then you turn over the Peony "
                    "Chaff 2, of the same month: the three cards stay on the field together, "
                    "a stack."),
    ("min-hwatu", 23, "You play the Willow Ribbon on the Rainman; then you turn over the "
                      "Swallow, of the same month: the three cards stay on the field "
                      "together, a stack."),
])
def test_a_stack_is_told_as_a_stack(key, seed, text):
    """A played card that matched a field card, then a card of the same month turned
    over: all stay on the field (the sentence said "no field card matches")."""
    turn = first_game(key, seed).moment("turn")
    assert turn.text == text
    assert dict(turn.rows)["Captured this turn"] == []


def test_a_bomb_is_told_as_one_play():
    turn = first_game("go-stop", 26).moment("turn")
    assert turn.text.startswith("You play the Special Paulownia, the Paulownia Chaff 1 and "
                                "the Paulownia Chaff 2 together and take the Phoenix;")
