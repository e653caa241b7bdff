"""hanafuda_core.players: the greedy agent judges a play by what the engine would do with
it when a wild card is in force (Koi-Koi "Storm is Wild", Mushi's rules: BOOK ch. 8
l. 1155-1264), and the coach's rollouts play exactly the greedy agent's policy."""

import random

import pytest

from hanafuda_core.cards import CardSet, parse_card
from hanafuda_core.coach import greedy_rollout
from hanafuda_core.engines.capture import (
    Capture,
    Phase,
    Play,
    apply,
    legal_actions,
    new_round,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.narration import CHOICE, story
from hanafuda_core.players import GreedyPlayer, RandomPlayer, play_effects, play_round

WILD = get_rules("book", storm_wild=True)
PLAIN = get_rules("book")


def greedy_move(rules, hands, field, stock="2a 2b", captures=()):
    state = setup_state(rules, hands, field=field, stock=stock, captures=captures)
    return GreedyPlayer().choose(view(state, 0), legal_actions(state), random.Random(0)).code()


def test_greedy_plays_the_wild_storm_for_the_crane_it_may_take():
    # By month the Storm finds no November card and looks like a discard; wild, it takes
    # the Crane (20 + 1), worth more than the Cherry Chaff pair (1 + 1).
    assert greedy_move(PLAIN, ["11d 3c", "12b"], "1a 3d 7d") == "play 3c"
    assert greedy_move(WILD, ["11d 3c", "12b"], "1a 3d 7d") == "play 11d"


def test_greedy_knows_the_wild_storm_cannot_take_a_november_card():
    # By month the Storm "takes the Rainman" (1 + 20); wild, it may take only another
    # month's card (at best a Chaff), so the Geese taking the Susuki Chaff is better.
    assert greedy_move(PLAIN, ["11d 8b", "12b"], "11a 8c 1c") == "play 11d"
    assert greedy_move(WILD, ["11d 8b", "12b"], "11a 8c 1c") == "play 8b"


def test_greedy_knows_the_storm_on_the_field_is_no_november_match():
    # Mushi: lying on the field the Storm matches no card; the Rainman would only be
    # discarded, so the Cherry pair is the capture.
    assert greedy_move(PLAIN, ["11a 3c", "12b"], "11d 3d") == "play 11a"
    assert greedy_move(WILD, ["11a 3c", "12b"], "11d 3d") == "play 3c"


def test_greedy_wild_storm_leaves_a_hiki_alone():
    # The three May cards on the field stay together: the Storm may take only the Pine
    # or Clover Chaff (1 + 1), not the Bridge (it would be 1 + 10), so the Clover Ribbon
    # taking the Clover Chaff (5 + 1) is the greedy play.
    assert greedy_move(WILD, ["11d 7b", "12b"], "5a 5b 5c 7d 1c") == "play 7b"
    state = setup_state(WILD, ["11d 7b", "12b"], field="5a 5b 5c 7d 1c", stock="2a 2b")
    effects = {a.code(): (t, o) for a, t, o in play_effects(view(state, 0), legal_actions(state))}
    assert effects == {"play 7b": (CardSet("7b 7d"), CardSet()),
                       "play 11d": (CardSet(), CardSet("1c 7d"))}


def test_greedy_with_the_wild_choice_counts_the_card_it_will_choose():
    state = setup_state(WILD, ["11d 4c", "12b"], field="1a 3c 4d", stock="2a 2b")
    ((p4, t4, o4), (p11, t11, o11)) = play_effects(view(state, 0), legal_actions(state))
    assert (p4.code(), t4, o4) == ("play 4c", CardSet("4c 4d"), CardSet())
    assert (p11.code(), t11, o11) == ("play 11d", CardSet(), CardSet("1a 3c 4d"))
    rng = random.Random(0)
    assert GreedyPlayer().choose(view(state, 0), legal_actions(state), rng) == Play(
        parse_card("11d"))
    waiting = apply(state, "play 11d")
    assert GreedyPlayer().choose(view(waiting, 0), legal_actions(waiting), rng) == Capture(
        parse_card("1a"))


def test_play_effects_is_only_read_on_the_seats_turn_to_play():
    state = setup_state(WILD, ["11d 4c", "12b"], field="1a 3c 4d", stock="2a 2b")
    with pytest.raises(IllegalActionError, match="turn to play a card"):
        play_effects(view(state, 1), legal_actions(state))


def _random_positions(rules, n, seed=0):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = new_round(rules, rng, len(out) % 2)
        while not state.is_terminal:
            if state.phase == Phase.PLAY and rng.random() < 0.3:
                out.append(state)
            state = apply(state, RandomPlayer().choose(None, legal_actions(state), rng))
    return out[:n]


@pytest.mark.parametrize("options", [{"storm_wild": True}, {}, {"brewing_storm": True}])
def test_play_effects_match_what_the_engine_does_with_the_played_card(options):
    """Each play's effect, read from the view alone, is what the real state does with the
    card before the draw (the narration reads it from the engine's wild log)."""
    for state in _random_positions(get_rules("book", **options), 150):
        v = view(state, state.player)
        for action, taken, choose in play_effects(v, legal_actions(state)):
            after = apply(state, action)
            hand = story(state, action, after).parts[0].hand
            if hand.outcome == CHOICE:
                assert not taken and choose == CardSet(hand.options)
            else:
                assert not choose and taken == CardSet(hand.captured)


@pytest.mark.parametrize("options", [{"storm_wild": True}, {}, {"brewing_storm": True},
                                     {"storm_wild": True, "pair_then_draw": "stack"}])
def test_coach_rollouts_play_the_same_rounds_as_greedy_agents(options):
    rules = get_rules("book", **options)
    rng = random.Random(3)
    for seed in range(300):
        state = new_round(rules, rng, seed % 2)
        agents = play_round(state, [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        rollout = greedy_rollout(state)
        assert (rollout.caps_m, rollout.field_m, rollout.hands_m, rollout.pos, rollout.result,
                rollout.wild_log) == (agents.caps_m, agents.field_m, agents.hands_m, agents.pos,
                                      agents.result, agents.wild_log)


def test_greedy_counts_one_card_of_a_pair_it_will_choose_from():
    # The Pine Chaff meets the Crane and the Pine Ribbon: it takes one of them (the
    # Crane, 1 + 20 = 21), not both (26). The Cherry Curtain taking the Cherry Poetry
    # Ribbon (20 + 5 = 25) is the better play; counting both cards chose the Chaff.
    assert greedy_move(PLAIN, ["1c 3a", "12b"], "1a 1b 3b") == "play 3a"
    # with no better play the pair is still taken, the more valuable card chosen
    state = setup_state(PLAIN, ["1c 4c", "12b"], field="1a 1b 7d", stock="2a 2b")
    assert GreedyPlayer().choose(view(state, 0), legal_actions(state), None).code() == "play 1c"
    waiting = apply(state, "play 1c")
    assert GreedyPlayer().choose(view(waiting, 0), legal_actions(waiting), None).code() \
        == "capture 1a"


def test_play_game_takes_rounds_as_the_option_of_that_name_in_any_form():
    # ``rounds`` is the Koi-Koi option, given as text (the command line) or as a value.
    from hanafuda_core.players import play_game
    as_text = play_game(3, ("random", "greedy"), rounds="2")
    as_value = play_game(3, ("random", "greedy"), rounds=2)
    assert as_text == as_value and len(as_value.rounds) == 2
    assert as_value.options["rounds"] == 2


def test_play_game_and_the_adapter_share_one_loop():
    # The same seed and agents give the same rounds through play_game and Game.play.
    from hanafuda_core import get_game
    from hanafuda_core.players import play_game
    thin = play_game(8, ("random", "greedy"), rounds=3, preset="d002")
    record = get_game("koikoi", "d002", rounds=3).play(["random", "greedy"], seed=8)
    assert [r.deal for r in thin.rounds] == [r.deal for r in record.rounds]
    assert [list(r.actions) for r in thin.rounds] == [list(r.actions) for r in record.rounds]


def test_whole_koikoi_games_draw_the_first_dealer_and_record_the_drawing():
    # Over many seeds both seats come to deal first, always the one the drawing chose,
    # and the drawing survives the record's round trip (play_game and Game.play alike).
    from hanafuda_core import get_game
    from hanafuda_core.games.koikoi import FIRST_DEALER
    from hanafuda_core.play import Record
    from hanafuda_core.players import play_game
    from hanafuda_core.seating import DealerDraw
    firsts = set()
    for seed in range(12):
        rec = play_game(seed, ("random", "random"), rounds=1, preset="d002")
        draw = DealerDraw.from_dict(rec.summary["first_dealer"])
        draw.check(FIRST_DEALER["d002"], 2)
        assert rec.rounds[0].deal["dealer"] == draw.dealer
        assert Record.from_dict(rec.to_dict()) == rec
        firsts.add(draw.dealer)
        game = get_game("koikoi", "d002", rounds=1)
        generic = game.play(["random", "random"], seed=seed)
        assert generic.summary["first_dealer"] == draw.to_dict()
        assert generic.rounds[0].deal == rec.rounds[0].deal
        back = Record.from_dict(generic.to_dict())
        assert back.summary["first_dealer"] == draw.to_dict()
        assert game.replay(back) == game.replay(generic)
    assert firsts == {0, 1}
