"""hanafuda_core.narration: what each action did, told once for the log, the chapter and
the tools. Constructed positions cover each case of the capture turn (BOOK ch. 3 and the
Koi-Koi decision, ch. 12); seeded games check that the story accounts for every card."""

from __future__ import annotations

import pytest

from hanafuda_core.cards import Card, CardSet, parse_cards
from hanafuda_core.engines.capture import Phase, apply, setup_state
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.narration import (BLOCKED, CHOICE, CHOSEN, HIKI, STACKED, STAYS, TAKES,
                                     describe, log_lines, sentences, stories, story)
from hanafuda_core.players import play_game

NAMES = ("Ann", "Ben")
LOG_NAMES = ("Player 1", "Player 2")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def position(hands, field, stock, captures=("", ""), **options):
    return setup_state(get_rules("book", **options), list(hands), field=field, stock=stock,
                       captures=list(captures))


def act(state, code):
    after = apply(state, code)
    return story(state, code, after), after


# -- phase 1 and 2: a card meets the field ------------------------------------------------

def test_basics_no_match_the_played_and_drawn_cards_join_the_field():
    step, after = act(position(("5b 12c", "7c 9d"), "1a 3c 8c 11b", "10d 2d"), "play 5b")
    part = step.parts[0]
    assert step.player == 0 and step.played == cards("5b")[0]
    assert (part.hand.outcome, part.draw.outcome) == (STAYS, STAYS)
    assert part.draw.card == cards("10d")[0] and not step.captured()
    assert part.took_nothing and part.field_after == after.field
    text = describe(step, NAMES)
    assert text.startswith("Ann plays the Iris Ribbon (5b). No May card is on the field")
    assert "the stock turns up the Maple Chaff 2 (10d)" in text
    assert text.endswith("Nothing is captured this turn.")
    assert log_lines(step, LOG_NAMES) == [
        "  Player 1 plays the Iris Ribbon to the field",
        "  Player 1 turns over the Maple Chaff 2: no match, it stays on the field"]


def test_basics_one_match_the_played_card_takes_it():
    step, after = act(position(("3a 12c", "7c 9d"), "1a 3c 8c 11b", "8a 2d"), "play 3a")
    hand, draw = step.parts[0].hand, step.parts[0].draw
    assert (hand.outcome, hand.taken, draw.outcome, draw.taken) == (
        TAKES, cards("3c"), TAKES, cards("8c"))
    assert step.hand_taken == cards("3c")
    assert step.captured(0) == CardSet("3a 3c 8a 8c") == after.captures(0)
    assert sentences(step, ("You", "Ben")) == [
        "You play the Curtain (3a) and take the Cherry Chaff 1 (3c).",
        "Then the stock turns up the Moon (8a) and you take the Susuki Chaff 1 (8c)."]
    assert log_lines(step, LOG_NAMES)[1] == \
        "  Player 1 turns over the Moon and takes Susuki Chaff 1 (8c)"


def test_basics_two_matches_the_player_chooses_then_draws():
    state = position(("2b 12c", "7c 9d"), "2a 2c 6b 9c", "10d 4d")
    step, waiting = act(state, "play 2b")
    hand = step.parts[0].hand
    assert hand.outcome == CHOICE and hand.options == cards("2a 2c") and not hand.taken
    assert step.draws == () and step.phase == Phase.CHOOSE_HAND_CAPTURE
    assert describe(step, NAMES) == (
        "Ann plays the Plum Ribbon (2b). Two February cards lie on the field: the "
        "Nightingale (2a) and the Plum Chaff 1 (2c). Ann must choose which one the Plum "
        "Ribbon (2b) takes.")
    assert log_lines(step, LOG_NAMES)[0].endswith(
        ": two February cards match (Nightingale (2a), Plum Chaff 1 (2c))")
    chosen, after = act(waiting, "capture 2a")
    hand = chosen.parts[0].hand
    assert (hand.outcome, hand.taken, chosen.played) == (CHOSEN, cards("2a"), None)
    assert not chosen.parts[0].new_turn and chosen.parts[0].draw.outcome == STAYS
    assert chosen.captured(0) == after.captures(0) == CardSet("2a 2b")
    assert sentences(chosen, NAMES)[0] == "Ann chooses to take the Nightingale (2a)."
    assert log_lines(chosen, LOG_NAMES) == [
        "  Player 1 takes the Nightingale with the Plum Ribbon",
        "  Player 1 turns over the Maple Chaff 2: no match, it stays on the field"]


def test_basics_drawn_card_with_two_matches_waits_for_the_choice():
    state = position(("5b 12c", "7c 9d"), "3b 3c 8c", "3a 2d")
    step, waiting = act(state, "play 5b")
    draw = step.parts[0].draw
    assert draw.outcome == CHOICE and draw.options == cards("3b 3c")
    assert step.phase == Phase.CHOOSE_DRAW_CAPTURE and step.to_act == 0
    assert describe(step, NAMES).endswith("Ann must choose which one the Curtain (3a) takes.")
    chosen, after = act(waiting, "capture 3b")
    assert chosen.parts[0].draw.outcome == CHOSEN and chosen.parts[0].hand is None
    assert chosen.captured(0) == after.captures(0) == CardSet("3a 3b")
    assert log_lines(chosen, LOG_NAMES) == [
        "  Player 1 takes the Cherry Ribbon with the drawn Curtain"]


def test_basics_hiki_the_fourth_card_takes_all_three():
    step, after = act(position(("4d 12c", "7c 9d"), "4a 4b 4c 10b", "1d 2d"), "play 4d")
    hand = step.parts[0].hand
    assert hand.outcome == HIKI and hand.taken == cards("4a 4b 4c")
    assert step.captured(0) == after.captures(0) == CardSet("4a 4b 4c 4d")
    assert sentences(step, NAMES)[0] == \
        "Ann plays the Wisteria Chaff 2 (4d), the fourth April card, and takes all three."


def test_basics_drawn_card_may_not_take_the_pair_just_made():
    step, after = act(position(("7c 12c", "1d 9d"), "7a 10c 12d", "7b 2d"), "play 7c")
    draw = step.parts[0].draw
    assert draw.outcome == BLOCKED and cards("7b")[0] in after.field
    assert step.captured(0) == CardSet("7a 7c")
    assert "It matches only the pair just made, which it may not take" in describe(step, NAMES)
    assert log_lines(step, LOG_NAMES)[1] == ("  Player 1 turns over the Clover Ribbon: it "
                                             "matches only the pair just made, so it stays "
                                             "on the field")


def test_go_stop_stack_the_pair_goes_back_with_the_drawn_card():
    state = position(("7c 12c", "1d 9d"), "7a 10c 12d", "7b 2d", pair_then_draw="stack")
    step, after = act(state, "play 7c")
    part = step.parts[0]
    assert part.draw.outcome == STACKED and part.draw.returned == cards("7a 7c")
    assert not step.captured() and not after.captures(0)
    assert after.field.of_month(7) == CardSet("7a 7b 7c") and part.took_nothing
    assert "the pair goes back" in describe(step, NAMES)


def test_basics_empty_hands_only_draw_and_each_draw_is_a_turn():
    # Ann's last card; Ben's hand is already empty: his turn is only the draw, then
    # Ann's, until the stock runs out and the round ends (BOOK: all cards are played).
    state = position(("5b", ""), "1a 3c", "10d 3a 1c 6d")
    step, after = act(state, "play 5b")
    seats = [(p.player, p.new_turn, p.draw_only) for p in step.parts]
    assert seats == [(0, True, False), (1, True, True), (0, True, True), (1, True, True)]
    assert [m.card for _, m in step.draws] == list(cards("10d 3a 1c 6d"))
    assert [part.field_after for part in step.parts] == [
        CardSet("1a 3c 5b 10d"), CardSet("1a 5b 10d"), CardSet("5b 10d"), after.field]
    assert step.captured(1) == CardSet("3a 3c") == after.captures(1)
    assert step.captured(0) == CardSet("1a 1c") == after.captures(0)
    assert after.is_terminal and step.result is after.result
    text = describe(step, NAMES)
    assert "Ben has no cards left and only draws: the stock turns up the Curtain (3a)" in text
    assert "Ann has no cards left and only draws" in text
    assert text.endswith("A draw: the cards ran out and nobody called Stop, so nobody scores.")
    assert log_lines(step, LOG_NAMES)[2:] == [
        "  Player 2 has no cards left and turns over the Curtain and takes Cherry Chaff 1 (3c)",
        "  Player 1 has no cards left and turns over the Pine Chaff 1 and takes Crane (1a)",
        "  Player 2 has no cards left and turns over the Peony Chaff 2: no match, it stays on "
        "the field"]


def test_koikoi_decision_yaku_then_koikoi_then_stop():
    state = position(("3c 12c", "7c 9d"), "3b 6b 8c", "10d 2d 12d 9c",
                     captures=("1b 2b", ""))
    step, decide = act(state, "play 3c")
    (news,) = step.yaku
    assert news.player == 0 and news.decide and news.previous == 0
    assert news.yaku == (("3 Poetry Ribbons", 5),) and news.total == 5
    assert step.phase == Phase.DECIDE
    assert describe(step, NAMES).endswith(
        "Ann's captures now make 3 Poetry Ribbons (5): 5 points. "
        "Ann must decide: Koi-Koi (go on) or Stop.")
    assert log_lines(step, LOG_NAMES)[-1] == \
        "    Player 1 has yaku: 3 Poetry Ribbons 5 (total 5): Koi-Koi or Stop?"
    koi, after = act(decide, "koikoi")
    assert koi.decision == "koikoi" and koi.parts[0].player == 0 and not koi.draws
    assert describe(koi, ("You", "Ben")) == "You call Koi-Koi and play on."
    assert log_lines(koi, LOG_NAMES) == ["  Player 1 calls Koi-Koi and plays on"]
    stop, end = act(decide, "stop")
    assert stop.decision == "stop" and stop.result is end.result
    assert describe(stop, NAMES) == (f"Ann calls Stop, and the round ends. Ann scores "
                                     f"{end.result.points[0]} points.")
    assert log_lines(stop, LOG_NAMES) == ["  Player 1 calls Stop"]


# -- a whole game: the story accounts for every card -----------------------------------------


def _check_round(states):
    """Follow every card through the steps alone and compare with the engine's states.

    A turn's captures join the pile when the turn ends; while a choice is pending they
    are held aside (with the card waiting for the choice)."""
    first = states[0]
    rules = first.rules
    hands = [set(first.hand(p)) for p in range(rules.players)]
    field = set(first.field)
    piles = [set(CardSet.from_mask(m)) for m in first.caps_m]
    stock = list(first.stock[first.pos:])
    held: set[Card] = set()
    for before, after, step in zip(states, states[1:], stories(states)):
        for part in step.parts:
            for move in (part.hand, part.draw):
                if move is None:
                    continue
                if move.outcome == CHOSEN:
                    held.remove(move.card)
                elif move.source == "hand":
                    hands[part.player].remove(move.card)
                else:
                    assert stock.pop(0) == move.card
                if move.outcome == CHOICE:
                    held.add(move.card)
                elif move.outcome in (STAYS, BLOCKED):
                    field.add(move.card)
                elif move.outcome == STACKED:
                    field |= {move.card, *move.returned}
                else:
                    field -= set(move.taken)
            if part.waiting:
                held |= set(part.captured)
            else:
                piles[rules.side(part.player)] |= set(part.captured) | held
                held = set()
        assert field == set(after.field)
        assert hands == [set(after.hand(p)) for p in range(rules.players)]
        assert piles == [set(CardSet.from_mask(m)) for m in after.caps_m]
        assert len(stock) == after.stock_size
    everything = [*field, *stock, *held, *(c for h in hands for c in h),
                  *(c for p in piles for c in p)]
    assert sorted(everything) == sorted(rules.deck) and len(rules.deck) == 48


def test_seeded_game_story_accounts_for_all_48_cards():
    """Two seeded three-round games whose turns meet every case (both hikis, choices
    from the hand and the stock, the blocked pair, draw-only turns, Koi-Koi and Stop)."""
    seen = set()
    for seed in (9, 22):
        record = play_game(seed, ("random", "random"), rounds=3)
        for states in record.replay():
            _check_round(states)
            for step in stories(states):
                for part in step.parts:
                    seen |= {(m.source, m.outcome) for m in (part.hand, part.draw) if m}
                    seen |= {part.decision} if part.decision else set()
                    seen |= {"draw only"} if part.draw_only else set()
    assert seen >= {("hand", HIKI), ("stock", HIKI), ("hand", CHOICE), ("stock", CHOICE),
                    ("hand", CHOSEN), ("stock", CHOSEN), ("stock", BLOCKED), "draw only",
                    "koikoi", "stop"}


@pytest.mark.parametrize("preset, options", [
    ("d002", {"players": 3}), ("d002", {"players": 4}), ("book", {"pair_then_draw": "stack"}),
    ("book", {"round_end": "hands_empty"}), ("d002-toppa", {})])
def test_seeded_rounds_under_other_rules_account_for_every_card(preset, options):
    players = options.get("players", 2)
    record = play_game(5, ("random",) * players, rounds=2, preset=preset, **options)
    for states in record.replay():
        _check_round(states)


def test_the_log_the_chapter_and_the_tools_tell_one_story():
    """``hanafuda play``, the chapter's worked round and the tools all read the steps
    of this module: the same round gives the same lines and sentences."""
    from hanafuda_core.cli import round_log
    from hanafuda_core.koikoi_book import narrate
    from hanafuda_core.koikoi_controllers import describe_step
    record = play_game(9, ("random", "random"), rounds=1)
    states = record.replay()[0]
    steps = stories(states)
    lines = round_log(record.rules, record.rounds[0], record.agents)
    who = [f"Player {p + 1} ({a})" for p, a in enumerate(record.agents)]
    told = [line for step in steps for line in log_lines(step, who)]
    start = lines.index(told[0])
    assert lines[start:start + len(told)] == told
    for before, after, step in zip(states, states[1:], steps):
        assert describe_step(before, step.action, after, NAMES) == describe(step, NAMES)
    turns = narrate(states[0], record.rounds[0].actions, names=NAMES)
    assert [s for t in turns for s in t.sentences] == [s for step in steps
                                                     for s in sentences(step, NAMES)]
