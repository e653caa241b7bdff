"""The play protocol, tested once for every playable game of the registry.

Random play with seeded random agents over several seeds and player counts: every
card of the deck stays somewhere at every step, only legal actions are accepted,
illegal ones are refused with the round unchanged, rounds end within a bound, and
payments sum to zero where the rules say so. Records go through JSON and replay to
equal rounds, also under random option sets drawn from each game's option table.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_rules import game_or_skip, option_sets, presets, under_random_rules

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet
from hanafuda_core.errors import HanafudaError, IllegalActionError, PlayerCountError
from hanafuda_core.games.catalog import deck_for
from hanafuda_core.play import Outcome, Record, random_round
from hanafuda_core.registry import entry, playable_keys

PLAYABLE = playable_keys()
MAX_STEPS = 400          # far more than any round of a 48-card capture game takes


def deck_ids(key, game=None):
    """The ids of the standard cards in a game's deck (48, or Mushi's 40), and of the
    Jokers ``game``'s rules deal (Go-Stop's, G1)."""
    jokers = dict(getattr(game.rules, "options", ())).get("jokers", 0) if game else 0
    return [int(c) for c in deck_for(key) if isinstance(c, Card)] + list(
        range(49, 49 + jokers))


def cases():
    """(game key, preset, players) for every preset of every playable game, at the
    fewest, the middle and the most players its rules allow."""
    out = []
    for key in PLAYABLE:
        for preset in entry(key).presets():
            low, high = get_game(key, preset=preset).players
            for n in sorted({low, (low + high) // 2, high}):
                out.append((key, preset, n))
    return out


CASES = cases()


def _check_zero_sum(outcome: Outcome) -> None:
    if outcome.zero_sum:
        assert sum(outcome.points) + sum(outcome.accounts.values()) == 0, outcome


def _illegal_candidates(r, seen_codes):
    legal = {a.code() for a in r.legal_actions()}
    return [c for c in sorted(seen_codes) if c not in legal][:3]


@pytest.mark.parametrize("key, preset, players", CASES)
def test_random_play_invariants(key, preset, players):
    game = get_game(key, preset=preset)
    for seed in range(3):
        rng = random.Random(seed)
        r = game.new_round(seed=seed, players=players)
        seen: set[str] = set()
        deck = deck_ids(key, game)
        for _ in range(MAX_STEPS):
            assert r.card_count() == len(deck)
            placed = [c for cards in r.zones().values() for c in cards]
            assert sorted(placed) == deck, r.zones()    # each card of the deck once
            if r.is_terminal:
                break
            legal = r.legal_actions()
            assert legal and legal == r.legal_actions()              # deterministic
            codes = [a.code() for a in legal]
            assert len(set(codes)) == len(codes)
            seen.update(codes)
            before = r.record()
            for code in _illegal_candidates(r, seen):
                with pytest.raises(IllegalActionError):
                    r.apply(code)
            with pytest.raises(IllegalActionError):
                r.apply(object())
            assert r.record() == before and r.legal_actions() == legal   # untouched
            r = r.apply(legal[int(rng.random() * len(legal))])
        assert r.is_terminal, f"no end within {MAX_STEPS} actions"
        assert r.current_player is None and r.legal_actions() == ()
        outcome = r.result()
        assert len(outcome.points) == players
        _check_zero_sum(outcome)
        with pytest.raises(IllegalActionError):
            r.apply(codes[0])


@pytest.mark.parametrize("key, preset, players", CASES)
def test_record_json_round_trip_replays_equal(key, preset, players):
    game = get_game(key, preset=preset)
    for seed in range(2):
        end = random_round(game, seed, players)
        rec = Record.from_json(end.record().to_json())
        assert rec == end.record()
        assert game.replay(rec) == end
        # a round part-way through replays too
        data = rec.to_dict()
        actions = data["rounds"][0]["actions"]
        data["rounds"][0].update(actions=actions[:len(actions) // 2], outcome=None)
        half = game.replay(Record.from_dict(data))
        step = half
        for action in actions[len(actions) // 2:]:
            step = step.apply(action)
        assert step == end
        again = game.replay(Record.from_json(half.record().to_json()))
        assert again == half and again.legal_actions() == half.legal_actions()


def _card_sets(value, depth=0):
    """Every set of cards a view exposes (its CardSet fields, also inside tuples and
    nested views), as sets of card ids."""
    if isinstance(value, CardSet):
        yield {int(c) for c in value}
    elif isinstance(value, (tuple, list)) and depth < 4:
        for v in value:
            yield from _card_sets(v, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and depth < 4:
        for f in dataclasses.fields(value):
            if f.name != "rules":
                yield from _card_sets(getattr(value, f.name), depth + 1)


@pytest.mark.parametrize("key, preset, players", CASES)
def test_a_view_never_tells_which_cards_another_seat_holds(key, preset, players):
    """A seat's view may show the pool of cards it cannot see (the other hands and the
    stock together), never a set that singles out part of another seat's hand."""
    game = get_game(key, preset=preset)
    rng = random.Random(players)
    r = game.new_round(seed=players, players=players)
    while not r.is_terminal:
        zones = r.zones()
        for p in range(players):
            seen = list(_card_sets(r.view(p)))
            own = set(zones.get(f"hand {p}", ()))
            hidden = set().union(*(set(v) for k, v in zones.items()
                                   if k.startswith("hand ") or k == "stock")) - own
            for k, cards in zones.items():
                other = set(cards) - own
                if not k.startswith("hand ") or not other:
                    continue
                for shown in seen:
                    if shown & other:
                        assert shown >= other and shown - other & hidden, (k, p)
        legal = r.legal_actions()
        r = r.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("key", PLAYABLE)
def test_same_seed_same_deal_and_views_hide_the_other_hands(key):
    game = get_game(key)
    a, b = game.new_round(seed=11), game.new_round(seed=11)
    assert a == b and a.record() == b.record()
    assert a.record() != game.new_round(seed=12).record()
    r = random_round(game, 5)
    players = r.record().players
    views = [r.view(p) for p in range(players)]
    assert len({repr(v) for v in views}) == players          # each seat sees its own
    with pytest.raises(HanafudaError):
        r.view(players)


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("seat", [-1, "seat count", "0", True, 1.0, None])
def test_a_view_for_a_seat_that_is_not_at_the_table_is_refused_with_the_seats(key, seat):
    game = get_game(key)
    state = game.new_round(seed=2)
    if seat == "seat count":
        seat = state.players
    with pytest.raises(PlayerCountError, match=f"must be a seat from 0 to {state.players - 1}"):
        state.view(seat)
    if seat is not None:            # (no dealer given: the first seat deals)
        with pytest.raises(PlayerCountError, match="the dealer must be a seat"):
            game.new_round(seed=2, dealer=seat)


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("seed", [[1], 1.5, True, "7"])
def test_a_seed_that_is_not_a_whole_number_is_refused_with_what_a_seed_is(key, seed):
    game = get_game(key)
    with pytest.raises(HanafudaError, match="a seed is a whole number or a random.Random"):
        game.new_round(seed=seed)
    with pytest.raises(HanafudaError, match="a seed is a whole number"):
        game.play(["random"] * game.players[0], seed=seed)
    assert game.new_round(seed=random.Random(4)).record() == game.new_round(seed=4).record()


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_round_is_immutable(key):
    r = get_game(key).new_round(seed=3)
    with pytest.raises(AttributeError, match="immutable"):
        r.inner = None
    with pytest.raises(AttributeError, match="immutable"):
        r.is_terminal = True


def _midway(game, seed, steps):
    """A round dealt with ``seed`` and ``steps`` random actions in (fewer if it ends)."""
    rng = random.Random(seed)
    r = game.new_round(seed=seed)
    for _ in range(steps):
        if r.is_terminal:
            break
        legal = r.legal_actions()
        r = r.apply(legal[int(rng.random() * len(legal))])
    return r


def _plays_on_alike(r, c, seed):
    """``c`` (a copy of ``r``) equals it, and stays equal, step by step, to the end."""
    assert type(c) is type(r) and c == r and c.is_terminal == r.is_terminal
    assert c.context == r.context and c.record() == r.record()
    rng = random.Random(seed)
    while not r.is_terminal:
        legal = r.legal_actions()
        assert c.legal_actions() == legal
        a = legal[int(rng.random() * len(legal))]
        r, c = r.apply(a), c.apply(a)
        assert c == r and c.is_terminal == r.is_terminal
    assert c.result() == r.result() and c.record() == r.record()


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_copied_round_is_the_same_round_and_plays_on_alike(key):
    r = _midway(get_game(key), 6, 5)
    assert not r.is_terminal
    c = copy.copy(r)
    assert c.game is r.game and c.inner is r.inner
    _plays_on_alike(r, c, 6)
    _plays_on_alike(r, copy.deepcopy(r), 7)


@pytest.mark.parametrize("key", PLAYABLE)
def test_whole_game_record_round_trips_and_replays(key):
    game = get_game(key)
    low = game.players[0]
    record = game.play(["random"] * max(low, 2), seed=4)
    assert record.rounds and all(r.outcome for r in record.rounds)
    assert record.agents == ("random",) * max(low, 2)
    text = record.to_json()
    back = Record.from_json(text)
    assert back == record and back.summary == json.loads(json.dumps(record.summary))
    replayed = get_game(back.game, back.preset, **back.options).replay_rounds(back)
    assert [r.result().to_dict() for r in replayed] == [dict(r.outcome) for r in back.rounds]
    for r in replayed:
        _check_zero_sum(r.result())
    assert game.play(["random"] * max(low, 2), seed=4) == record
    assert game.log(back) == game.log(record)


@pytest.mark.parametrize("key", PLAYABLE)
def test_replay_refuses_a_record_that_does_not_match(key):
    game = get_game(key)
    end = random_round(game, 1)
    data = end.record().to_dict()
    data["rounds"][0]["outcome"]["points"] = [p + 1 for p in data["rounds"][0]["outcome"]
                                              ["points"]]
    with pytest.raises(HanafudaError, match="does not replay"):
        game.replay(Record.from_dict(data))
    data = end.record().to_dict()
    data["rounds"][0]["actions"].append("pass pass")
    with pytest.raises(HanafudaError):
        game.replay(Record.from_dict(data))
    other = next(p for p in entry(key).presets() if p != game.preset)
    with pytest.raises(HanafudaError, match="other rules"):
        get_game(key, preset=other).replay(end.record())


@pytest.mark.parametrize("text, words", [
    ("not json", "is JSON"), ("[]", "JSON object"), ('{"format": "x"}', "format"),
    ('{"format": "hanafuda-record/1", "game": "koikoi"}', "needs game, preset"),
    ('{"format": "hanafuda-record/1", "game": "koikoi", "seed": "7"}', "seed is a whole number"),
])
def test_bad_record_text_is_refused_with_the_reason(text, words):
    with pytest.raises(HanafudaError, match=words):
        Record.from_json(text)


@pytest.mark.parametrize("key", PLAYABLE)
def test_agents_by_name(key):
    game = get_game(key)
    for name in game.agent_names:
        assert hasattr(game.agent(name, seed=1), "choose")
    with pytest.raises(HanafudaError, match="players: random"):
        game.agent("wizard")


# ---- records under random options ---------------------------------------------------


@pytest.mark.parametrize("key", PLAYABLE)
def test_records_under_random_options_round_trip_and_replay(key):
    @under_random_rules(25)
    @given(preset=presets(key), options=option_sets(key), seed=st.integers(0, 10_000))
    def check(preset, options, seed):
        game = game_or_skip(key, preset, options)
        players = game.players[0] if game.players[0] > 2 else min(game.players[1], 3)
        end = random_round(game, seed, players)
        text = end.record().to_json()
        back = Record.from_json(text)
        assert back == end.record()
        replay_game = get_game(back.game, back.preset, **back.options)
        assert replay_game == game and replay_game.replay(back) == end
        _check_zero_sum(end.result())

    check()


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_pickled_round_loads_back_and_plays_on_alike(key):
    @under_random_rules(8)
    @given(preset=presets(key), options=option_sets(key), seed=st.integers(0, 10_000),
           steps=st.integers(0, 12))
    def check(preset, options, seed, steps):
        r = _midway(game_or_skip(key, preset, options), seed, steps)
        back = pickle.loads(pickle.dumps(r))
        assert back.game == r.game and back.game.rules == r.game.rules
        _plays_on_alike(r, back, seed)

    check()


def test_list_values_as_json_gives_them_are_the_same_option():
    game = get_game("hachihachi", preset="d001", fold_fees=[12, 18, 24])
    assert game.options == {"fold_fees": (12, 18, 24)}
    assert game == get_game("hachihachi", preset="d001", fold_fees=(12, 18, 24))


@pytest.mark.parametrize("key", PLAYABLE)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_pile_scores_the_same_whichever_way_its_cards_are_written(key, data):
    """``game.score`` reads card ids, codes, names, a text or cards alike."""
    game = get_game(key)
    ids = data.draw(st.lists(st.sampled_from(deck_ids(key)), unique=True, max_size=12))
    cards = [Card(i) for i in ids]
    want = game.score(cards).to_dict()
    assert game.score(ids).to_dict() == want
    assert game.score([c.code for c in cards]).to_dict() == want
    assert game.score(" ".join(c.code for c in cards)).to_dict() == want


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_pile_with_a_card_twice_or_outside_the_deck_is_refused(key):
    game = get_game(key)
    first = deck_ids(key)[0]
    with pytest.raises(HanafudaError, match="twice"):
        game.score([first, first])
    outside = sorted(set(range(48)) - set(deck_ids(key)))
    if outside:
        with pytest.raises(HanafudaError, match="is not in its deck"):
            game.score([outside[0]])
    with pytest.raises(HanafudaError, match="unknown card"):
        game.score(["13a"])


def test_a_wrong_number_of_calls_is_refused_in_the_score_apis_own_words():
    """The Python API's message names its own argument, not the command line's flag."""
    with pytest.raises(HanafudaError, match=r"\(calls\) are a whole number from 0, not -1$"):
        get_game("koikoi").score(["1a"], calls=-1)
