"""The coach: sampled look-ahead on a player's view, advice in words (BOOK ch. 12 yaku).

Positions are set up with ``setup_state``; seat 0 is the player being coached.
Cards left out of a setup are out of play, but the coach cannot know that: it
treats every card it cannot see as possibly in the opponent's hand or the stock.
"""

import random
import re

import pytest

from hanafuda_core.coach import Advice, Coach, MoveAdvice, greedy_rollout
from hanafuda_core.engines.capture import (
    GO_ON,
    STOP,
    Capture,
    Phase,
    Play,
    apply,
    legal_actions,
    new_round,
    setup_state,
    view,
)
from hanafuda_core.errors import HanafudaError, IllegalActionError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import RandomPlayer, make_agent, play_game, play_round

BOOK = get_rules("book")


def advise(state, samples=48, seed=0):
    return Coach(samples=samples, seed=seed).advise(view(state, state.current_player),
                                                    legal_actions(state))


def mid_round(seed, rules=BOOK, steps=6):
    """A real dealt round after a few random moves, the player to move in PLAY."""
    rng = random.Random(seed)
    state = new_round(rules, rng, seed % 2)
    taken = 0
    while not state.is_terminal:
        if state.phase == Phase.PLAY and taken >= steps:
            return state
        state = apply(state, RandomPlayer().choose(view(state, state.current_player),
                                                   legal_actions(state), rng))
        taken += 1
    return None


def positions(n, rules=BOOK):
    out = []
    seed = 0
    while len(out) < n:
        s = mid_round(seed, rules)
        if s is not None:
            out.append(s)
        seed += 1
    return out


# ---- the contract -----------------------------------------------------------------

def test_coach_advice_covers_every_legal_action_best_first():
    for state in positions(4):
        legal = legal_actions(state)
        advice = advise(state, samples=16)
        assert isinstance(advice, Advice) and all(isinstance(m, MoveAdvice)
                                                  for m in advice.moves)
        assert sorted(m.action.code() for m in advice.moves) == sorted(a.code() for a in legal)
        assert advice.best == advice.moves[0].action and advice.best in legal
        exp = [m.expected for m in advice.moves]
        assert exp == sorted(exp, reverse=True)
        for m in advice.moves:
            assert 0 <= m.win_rate <= 1 and 0 <= m.loss_rate <= 1 - m.win_rate + 1e-9
            assert m.reasons and all(isinstance(r, str) and r for r in m.reasons)
        assert advice.summary and advice.best.describe()[1:] in advice.summary
        text = advice.to_text()
        assert all(m.action.code() in text for m in advice.moves)


def test_coach_advice_is_deterministic_under_its_seed():
    state = positions(1)[0]
    v = view(state, state.current_player)
    legal = legal_actions(state)
    a1 = Coach(samples=32, seed=7).advise(v, legal)
    a2 = Coach(samples=32, seed=7).advise(v, legal)
    assert a1 == a2 and a1.to_text() == a2.to_text()
    assert Coach(samples=32, seed=7).choose(v, legal, random.Random(1)) == a1.best


def test_coach_never_uses_hidden_cards_same_view_same_advice():
    # a real position, and the same position with the opponent's hand and the stock
    # dealt differently from the same unseen cards
    state = positions(1)[0]
    me = state.current_player
    opp = 1 - me
    hidden = [c for c in range(48) if state.hands_m[opp] >> c & 1] + list(
        state.stock[state.pos:])
    random.Random(5).shuffle(hidden)
    size = state.hands_m[opp].bit_count()
    hands = list(state.hands_m)
    hands[opp] = sum(1 << c for c in hidden[:size])
    other = state._replace(hands_m=tuple(hands), stock=tuple(hidden[size:]), pos=0)
    assert other.hands_m[opp] != state.hands_m[opp]
    assert view(other, me) == view(state, me)
    assert advise(state, samples=24) == advise(other, samples=24)


def test_coach_never_uses_hidden_cards_in_a_set_up_position():
    a = setup_state(BOOK, ["3c 8c 12a", "9c 10c 4d"], field="3b 8a 7c",
                    stock="2c 4a 5d 6c 9d 11d", captures=["1b 2b", "1a"])
    b = setup_state(BOOK, ["3c 8c 12a", "2c 5d 11d"], field="3b 8a 7c",
                    stock="6c 10c 4a 9d 4d 9c", captures=["1b 2b", "1a"])
    assert view(a, 0) == view(b, 0)
    assert advise(a) == advise(b)


def test_coach_needs_a_view_and_the_players_turn():
    state = positions(1)[0]
    with pytest.raises(HanafudaError, match="PlayerView"):
        Coach().advise(state, legal_actions(state))
    with pytest.raises(IllegalActionError, match="turn"):
        Coach().advise(view(state, 1 - state.current_player), legal_actions(state))
    not_held = next(c for c in range(48) if not state.hands_m[state.current_player] >> c & 1)
    with pytest.raises(IllegalActionError, match="not legal"):
        Coach().advise(view(state, state.current_player), [Play(not_held)])


def test_greedy_rollout_ends_the_round_like_the_engine():
    # the fast rollout and the engine played with the same greedy choices agree
    for seed in range(20):
        state = new_round(BOOK, seed)
        fast = greedy_rollout(state)
        slow = state
        g = make_agent("greedy")
        while not slow.is_terminal:
            slow = apply(slow, g.choose(view(slow, slow.current_player), legal_actions(slow),
                                        None))
        assert fast.result == slow.result
        assert fast.caps_m == slow.caps_m and fast.field_m == slow.field_m


# ---- finding the obvious move, with reasons in words -------------------------------------

def test_coach_book_yaku_takes_the_card_that_completes_3_poetry_ribbons():
    state = setup_state(BOOK, ["3c 8c 12a 5c", "12b 12c 4c 4d"], field="3b 8a 10c 7c",
                        stock="2c 4a 5d 6c 9c 11d", captures=["1b 2b", "1a"])
    advice = advise(state)
    assert advice.best == Play(parse("3c"))
    assert "completes 3 Poetry Ribbons" in advice.moves[0].reasons[0]
    assert "3 Poetry Ribbons" in advice.summary


def test_coach_book_koikoi_stops_when_the_opponent_is_one_card_from_boar_deer_butterfly():
    state = setup_state(BOOK, ["3c 12a 5c", "6c 12b 12c"], field="3b 6a 9c",
                        stock="2c 4a 5d 6d 9d 11d", captures=["1b 2b", "7a 10a"])
    state = apply(state, "play 3c")
    assert state.phase == Phase.DECIDE and legal_actions(state) == (GO_ON, STOP)
    advice = advise(state)
    assert advice.best == STOP
    stop, koikoi = advice.move("stop"), advice.move("koikoi")
    assert stop.expected == 5 and stop.win_rate == 1        # the points now, for sure
    assert koikoi.expected < stop.expected and koikoi.nothing_rate > 0
    assert stop.reasons[0] == "Stop now for 5 points with 3 Poetry Ribbons (赤短 Akatan)"
    assert any("Boar-Deer-Butterfly" in r and "1 card from" in r for r in stop.reasons)
    assert "Stop now for 5 points" in advice.summary and "Koi-Koi" in advice.summary


def test_coach_book_bright_over_chaff_when_choosing_a_capture():
    state = setup_state(BOOK, ["8c 12b 5c", "4c 12c 2c"], field="8a 8d 9c",
                        stock="2d 4a 5d 6d 9d 11d", captures=["1a", "7c"])
    state = apply(state, "play 8c")
    assert state.phase == Phase.CHOOSE_HAND_CAPTURE
    advice = advise(state)
    assert advice.best == Capture(parse("8a"))
    assert advice.moves[0].reasons[0] == ("captures the Moon: you then hold 2 of the 3 "
                                          "Brights for 3 Dry Brights (三光 Sankō)")
    assert any("leaves the Moon on the field" in r for r in advice.move("capture 8d").reasons)


def test_coach_book_blocks_boar_deer_butterfly():
    state = setup_state(BOOK, ["7c 9c 12b", "4c 12c 2c"], field="7a 9d 5c",
                        stock="2d 4a 5d 6d 9b 11d", captures=["1c", "6a 10a"])
    advice = advise(state)
    assert advice.best == Play(parse("7c"))
    assert advice.moves[0].reasons[0] == ("blocks Boar-Deer-Butterfly (猪鹿蝶 Inoshikachō): "
                                          "your opponent holds the Butterfly and the Deer")


def test_coach_reasons_follow_the_rule_table_d003_values():
    # D003 values 3 Poetry Ribbons at 6: the reason reads the table, not a typed number
    rules = get_rules("d003")
    state = setup_state(rules, ["3c 8c 12a 5c", "12b 12c 4c 4d"], field="3b 8a 10c 7c",
                        stock="2c 4a 5d 6c 9c 11d", captures=["1b 2b", "1a"])
    advice = advise(state)
    assert advice.best == Play(parse("3c"))
    assert "completes 3 Poetry Ribbons (赤短 Akatan), 6 points now" in advice.moves[0].reasons[0]


def test_coach_advises_a_drawn_card_choice():
    # the drawn card (4a... here the Iris Bridge) matches two field cards: the turn's
    # captures so far are rebuilt from the view (cards neither seen nor unseen)
    state = setup_state(BOOK, ["7c 12b", "4c 12c"], field="7a 5b 5c 9c",
                        stock="5a 2d 4a 6d", captures=["1c", "6a 10a"])
    state = apply(state, "play 7c")
    assert state.phase == Phase.CHOOSE_DRAW_CAPTURE
    advice = advise(state)
    assert {m.action for m in advice.moves} == {Capture(parse("5b")), Capture(parse("5c"))}
    assert advice.best == Capture(parse("5b"))


# ---- house rules that read the dealt field --------------------------------------------------

def test_coach_bright_house_rule_counts_the_brights_dealt_to_the_field_not_those_left():
    """BOOK Koi-Koi variations, "Bright": a Bright dealt to the field doubles the round.
    The Crane was dealt to the field and has been captured since; the coach rebuilds the
    position from the view's dealt field, so Stop is worth the doubled score."""
    rules = get_rules("book", field_bright="bright")
    state = setup_state(rules, ["1c 3c 12a", "12b 12c 9d"], field="1a 3b 8c",
                        stock="4d 10d 6d 7d", captures=["1b 2b", ""])
    for code in ("play 1c", "play 12b", "play 3c"):
        state = apply(state, code)
    assert state.phase == Phase.DECIDE and state.current_player == 0
    v = view(state, 0)
    assert parse("1a") in v.dealt_field and parse("1a") not in v.field
    stopped = apply(state, STOP).result.points[0]
    plain = setup_state(get_rules("book"), ["3c", ""], field="3b", captures=["1a 1b 1c 2b", ""])
    assert stopped == 2 * apply(plain, "play 3c").apply(STOP).result.points[0] == 10
    advice = advise(state, samples=8)
    assert advice.move("stop").expected == stopped
    assert advice.move("stop").reasons[0].startswith("Stop now for 10 points with 3 Poetry")


# ---- strength ---------------------------------------------------------------------------

def match(coach, opponent, rounds, seed0=1000):
    """Total point margin of the coach over ``rounds`` seeded rounds, seats alternating."""
    total = 0
    for i in range(rounds):
        seat = i % 2
        agents = [None, None]
        agents[seat], agents[1 - seat] = coach, opponent
        rng = random.Random(seed0 + i)
        end = play_round(new_round(BOOK, rng, (i // 2) % 2), agents, rng)
        total += end.result.points[seat] - end.result.points[1 - seat]
    return total


def test_coach_beats_random_over_40_seeded_rounds():
    margin = match(Coach(samples=24, seed=0), make_agent("random"), 40)
    print(f"coach (24 samples) vs random over 40 rounds: {margin:+d} points "
          f"({margin / 40:+.2f} per round)")
    assert margin >= 3 * 40


def test_make_agent_coach_plays_a_recorded_game():
    assert make_agent("coach").name == "coach"
    rec = play_game(11, ("coach", "random"), rounds=1)
    assert rec.agents == ("coach", "random")
    end = rec.get_game().round_states(rec)[0][-1]
    assert list(end.result().points) == rec.rounds[0].outcome["points"]


def parse(code):
    from hanafuda_core.cards import parse_card
    return parse_card(code)


def test_coach_reasons_name_a_yaku_without_empty_brackets_where_it_has_no_japanese_name():
    # Mushi's Spring Semi-Brights has no Japanese name in the rulebook: its name alone
    from hanafuda_core.games.mushi import get_rules as mushi_rules
    rules = mushi_rules()
    assert any(not r.japanese for r in rules.yaku.rules)
    reasons = [r for state in positions(12, rules) for m in advise(state, samples=8).moves
               for r in m.reasons]
    assert reasons and not any("()" in r for r in reasons)


def test_a_multiplied_stop_says_the_yaku_points_and_the_factor():
    """Koi-Koi's rulebook doubles a Stop after a Koi-Koi call: the coach's reason gives
    the yaku's own points and the factor with its reason, so 3 points becoming 6 is
    explained (seed 14: the first player calls Koi-Koi, then stops)."""
    from hanafuda_core import teach
    wr = teach.worked_round("koikoi", 14, agent=("coach", "greedy"))
    stop = wr.decisions[-1]
    assert "Stop" in stop.chosen
    m = re.search(r"Stop now for (\d+) points with .*\((\d+) points of yaku ×(\d+) because "
                  r"Koi-Koi was called", stop.reason)
    assert m, stop.reason
    total, base, factor = map(int, m.groups())
    assert total == base * factor and factor > 1
