"""Random-play invariants over thousands of seeded Koi-Koi rounds, for every preset."""

import random

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.engines.capture import (
    Phase,
    apply,
    fast_random_round,
    legal_actions,
    new_round,
    replay,
    view,
)
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import GreedyPlayer, RandomPlayer, play_round

PRESETS = [("book", {}), ("d002", {}), ("d002-toppa", {}), ("d003", {}),
           ("d002", {"players": 3}), ("d002", {"players": 4}),
           ("book", {"pair_then_draw": "stack", "field_four": "dealer_captures",
                     "hand_patterns": "instant_win", "rain_and_fog": True})]


@pytest.mark.parametrize("preset,options", PRESETS)
def test_random_play_conserves_cards_uses_legal_actions_hides_cards_and_replays(preset,
                                                                              options):
    rules = get_rules(preset, **options)
    deck = len(rules.deck)
    for seed in range(150):
        rng = random.Random(seed)
        state = new_round(rules, rng, seed % rules.players)
        states = [state]
        steps = 0
        while not state.is_terminal:
            legal = legal_actions(state)
            assert legal and list(legal) == sorted(legal, key=lambda a: (type(a).__name__,
                                                                          getattr(a, "card", 0)))
            v = view(state, state.current_player)
            hidden = CardSet.from_mask(sum(state.hands_m[p] for p in range(rules.players)
                                           if p != v.player)) | CardSet(
                state.stock[state.pos:])
            assert not (v.hand | v.field) & hidden and hidden == v.unseen
            action = RandomPlayer().choose(v, legal, rng)
            assert action in legal
            state = apply(state, action)
            assert state.card_count() == deck
            states.append(state)
            steps += 1
            assert steps < 200
        assert sum(len(state.captures(p)) for p in range(rules.sides)) <= deck
        if rules.overlay.settlement == "losers_pay":
            assert sum(state.result.points) == 0
        assert replay(rules, state.deal, state.history) == states


@pytest.mark.parametrize("preset,options", PRESETS)
def test_fast_loop_plays_the_same_rounds_as_random_agents(preset, options):
    rules = get_rules(preset, **options)
    for seed in range(300):
        fast = fast_random_round(rules, random.Random(seed))
        rng = random.Random(seed)
        slow = play_round(new_round(rules, rng), [RandomPlayer()] * rules.players, rng)
        assert (fast.caps_m, fast.field_m, fast.hands_m, fast.pos, fast.calls, fast.result) \
            == (slow.caps_m, slow.field_m, slow.hands_m, slow.pos, slow.calls, slow.result)


def test_thousands_of_fast_rounds_terminate_with_conserved_cards():
    rules = get_rules("book")
    rng = random.Random(2024)
    for _ in range(5000):
        s = fast_random_round(rules, rng)
        assert s.phase == Phase.ROUND_OVER and s.card_count() == 48
        if s.result.winner is not None and s.result.reason == "stop":
            assert s.result.points[s.result.winner] >= 1


def test_greedy_player_only_plays_legal_moves():
    rules = get_rules("book")
    rng = random.Random(5)
    for _ in range(100):
        s = play_round(new_round(rules, rng), [GreedyPlayer(), RandomPlayer()], rng)
        assert s.is_terminal
