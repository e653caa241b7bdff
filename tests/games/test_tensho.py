"""The rulebook's Tensho (Simplified) (ch. 15) and Tensho (ch. 21): the deck and deal, the
lone Phoenix, the two yaku sets under our reading of Front and Back, the automatic
wins, the round scored by yaku with its tie-breaks, the month order, the card values,
the seed examples and the options."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card, CardSet, Kind, parse_card
from hanafuda_core.engines.capture import (
    Choose,
    DealRecord,
    Phase,
    Play,
    apply,
    fast_random_round,
    game_rules,
    new_round,
    next_round,
    replay,
    rules_for_round,
    setup_state,
    view,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.games import tensho, tensho_simplified
from hanafuda_core.players import GreedyPlayer, choose_round_rules
from hanafuda_core.seating import draw_first_dealer

GAMES = (tensho_simplified, tensho)
PHOENIX = Card.PAULOWNIA_PHOENIX


def _pile(text):
    return CardSet.parse(text).mask


def _keys(rules, text):
    return set(rules.yaku.evaluate(CardSet.parse(text)).keys)


def _settle(rules, a, b, dealer=1):
    return rules.overlay.settle_draw(setup_state(rules, ["", ""], "", "", [a, b],
                                                 dealer=dealer))


# -- deck, deal, lone card ---------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_deck_is_45_cards_worth_159(game):
    rules = game.get_rules()
    assert len(rules.deck) == 45 and not {parse_card(c) for c in ("12b", "12c", "12d")} \
        & set(rules.deck)
    assert rules.overlay.card_points(rules.deck_mask) == 159
    assert (rules.deck_mask & CardSet.from_mask(rules.deck_mask).mask
            & sum(1 << c for c in Card if c.kind is Kind.CHAFF)).bit_count() == 21


@pytest.mark.parametrize("game", GAMES)
def test_deal_six_each_nine_field_six_aside_eighteen_stock(game):
    s = new_round(game.get_rules(), 4)
    held = sum(len(s.hand(p)) + len(s.captures(p)) for p in range(2))
    assert held == 12 and len(s.field) == 9 and len(s.deal.aside) == 6
    assert s.stock_size == 18


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(GAMES), st.sampled_from(("one", "two")))
def test_random_rounds_keep_the_lone_card_rules(seed, game, yaku_set):
    end = fast_random_round(game.get_rules(yaku_set=yaku_set), random.Random(seed))
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 45
    if PHOENIX in end.dealt_field:
        assert PHOENIX in end.field                      # never taken from the field
    if end.result.reason != "automatic win":
        # 6 of the 18 are never drawn; one more when the dealer's opponent lost the
        # Phoenix at the deal (the dealer's empty hand draws once more otherwise)
        lost = [e for e in end.deal.events if "Phoenix" in e]
        assert end.stock_size == 6 + (bool(lost) and lost[0].startswith("player 2"))
    assert not set(end.deal.aside) & {c for p in range(2) for c in end.captures(p)}


def test_a_hand_dealt_the_phoenix_keeps_five_cards():
    rules = tensho_simplified.get_rules()
    for seed in range(40):
        s = new_round(rules, seed)
        for p in range(2):
            if PHOENIX in s.captures(p):
                assert len(s.hand(p)) == 5
                return
    pytest.fail("no deal of 40 put the Phoenix in a hand")


# -- yaku ----------------------------------------------------------------------------

def test_set_one_and_set_two_have_the_printed_sizes():
    for game in GAMES:
        assert len(game.get_rules().yaku.rules) == 24
        assert len(game.get_rules(yaku_set="two").yaku.rules) == 21


def test_front_and_back_read_as_first_card_and_ribbon():
    r = tensho_simplified.get_rules()
    assert _keys(r, "1a 2a 3a") == {"front_1_2_3"}
    assert _keys(r, "1b 2b 3b") == {"back_1_2_3"}            # the Poetry Ribbons
    assert _keys(r, "10b 9b 6b") == {"back_10_9_6"}          # the Purple Ribbons
    assert _keys(r, "8b 4b 11c") == {"back_8_4_11"}          # the Geese, the Willow Ribbon
    assert r.yaku.points(_pile("1b 2b 3b")) == 50


def test_the_two_chapters_name_other_flowers_by_the_same_numbers():
    """Chapter 21's One Two Three is the Pine, the Willow and the Cherry."""
    assert _keys(tensho.get_rules(), "1a 11a 3a") == {"front_1_2_3"}
    assert _keys(tensho_simplified.get_rules(), "1a 11a 3a") == set()
    assert _keys(tensho_simplified.get_rules(), "1a 2a 3a") == {"front_1_2_3"}
    assert _keys(tensho.get_rules(), "1a 2a 3a") == set()


def test_a_four_month_yaku_also_scores_the_three_inside_it():
    r = tensho_simplified.get_rules()
    assert r.yaku.points(_pile("8a 4a 6a 11a")) == 400
    assert r.yaku.points(_pile("8a 4a 6a 11a"), 0) == \
        tensho_simplified.get_rules(nested_yaku="all").yaku.points(_pile("8a 4a 6a 11a"))
    assert tensho_simplified.get_rules(nested_yaku="largest_only").yaku.points(
        _pile("8a 4a 6a 11a")) == 100
    assert tensho.get_rules(yaku_set="two").yaku.points(_pile("7a 8a 9a 10a")) == 400


@pytest.mark.parametrize("reading,pile,made", [
    ("any", "1c 4c 12a", True), ("any", "1c 4c", False), ("front", "1c 4c 12a", False),
    ("front", "1a 4a 12a", True), ("front_and_back", "1a 4a 12a", False),
    ("front_and_back", "1a 1b 4a 4b 12a", True)])
def test_one_four_twelve_readings(reading, pile, made):
    r = tensho_simplified.get_rules(yaku_set="two", one_four_twelve=reading)
    assert ("any_1_4_12" in _keys(r, pile)) is made
    r = tensho.get_rules(yaku_set="two", one_six_four=reading)
    assert ("any_1_6_4" in _keys(r, pile)) is made


def test_back_reading_any_other_card():
    r = tensho_simplified.get_rules(back_reading="any_other")
    assert "back_1_2_3" in _keys(r, "1c 2d 3b")
    assert "back_1_2_3" not in _keys(r, "1a 2d 3b")
    assert "back_5_10_12" in _keys(r, "5c 10d 12a")


def test_automatic_wins_of_each_set():
    assert tensho_simplified.get_rules().yaku.automatic_keys == {"front_5_10_12"}
    assert tensho_simplified.get_rules(yaku_set="two").yaku.automatic_keys == \
        {"any_1_4_12", "back_5_10_12"}
    assert tensho.get_rules().yaku.automatic_keys == {"front_5_6_10"}
    assert tensho.get_rules(yaku_set="two").yaku.automatic_keys == {"any_1_6_4", "back_5_6_10"}


# -- the seed examples (the text names the yaku; the piles are ours) ------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("yaku_set", ["one", "two"])
def test_book_tensho_example_1_no_yaku_most_chaffs_wins(game, yaku_set):
    """BK15-1 / BK21-1: no yaku either side; A 8 Chaffs, B 7; A wins."""
    rules = game.get_rules(yaku_set=yaku_set)
    a, b = "1a 7b 1c 1d 2c 2d 4c 4d 5c 5d", "9a 3c 3d 6c 6d 8c 8d 10c"
    assert rules.yaku.points(_pile(a)) == rules.yaku.points(_pile(b)) == 0
    res = _settle(rules, a, b)
    assert res.winner == 0 and res.points == (0, 0)
    # the Chaffs tied too: A's card value (15 + 1 + 8 = 24) beats B's (5 + 8 = 13)
    res = _settle(rules, a, b + " 10d")
    assert res.winner == 0
    assert rules.overlay.card_points(_pile(a)) == 24
    assert rules.overlay.card_points(_pile(b + " 10d")) == 13


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("yaku_set", ["one", "two"])
def test_book_tensho_example_2_a_hundred_point_yaku_wins(game, yaku_set):
    """BK15-2 / BK21-2: A makes Front Three Four Five (printed Front Four Three Five)."""
    rules = game.get_rules(yaku_set=yaku_set)
    res = _settle(rules, "3a 4a 5a 1c 2c", "6c 8c 9d 10c")
    assert res.winner == 0 and res.points == (100, 0)


@pytest.mark.parametrize("game,key", [(tensho_simplified, "any_1_4_12"),
                                      (tensho, "any_1_6_4")])
def test_book_tensho_example_3_an_automatic_win_ends_the_round(game, key):
    """BK15-3 / BK21-3: A captures One Four Twelve (One Six Four): A wins at once, though
    B's yaku are worth more."""
    rules = game.get_rules(yaku_set="two")
    s = setup_state(rules, ["4c 6c", "2c 3c"], "4d", "7c 7d 9c 9d",
                    ["1c 12a", "7a 8a 9a"])
    assert s.yaku_points(1) == 100
    end = apply(s, Play(parse_card("4c")))
    assert end.phase == Phase.ROUND_OVER and end.result.winner == 0
    assert end.result.reason == "automatic win" and key in _keys(rules, "1c 4c 12a")


# -- values, month order, options -----------------------------------------------------

def test_each_chapter_has_its_own_two_values():
    ch15, ch21 = tensho_simplified.get_rules().overlay, tensho.get_rules().overlay
    rain, phoenix = Card.WILLOW_RAINMAN, PHOENIX
    assert (ch15.card_value(rain), ch15.card_value(phoenix)) == (10, 12)
    assert (ch21.card_value(rain), ch21.card_value(phoenix)) == (12, 10)
    other = tensho.get_rules(card_values="chapter_15").overlay
    assert (other.card_value(rain), other.card_value(phoenix)) == (10, 12)
    res = _settle(tensho.get_rules(), "11a 1c", "3c 12a")   # tied Chaffs: 13 against 11
    assert res.winner == 0


def test_tensho_counts_months_in_its_own_order():
    assert tensho.get_rules().month_order == "tensho"
    assert tensho_simplified.get_rules().month_order == "japanese"
    assert [tensho_simplified.month_of(n, "tensho") for n in range(1, 13)] == \
        [1, 11, 3, 4, 5, 12, 7, 8, 9, 10, 6, 2]
    rule = tensho.FIRST_DEALER["book"]
    assert rule.winners(((0, int(parse_card("3a"))), (1, int(parse_card("11a"))))) == (1,)
    draw = draw_first_dealer(rule, 2, random.Random(1))
    assert draw.check(rule, 2) is draw


def test_the_game_is_won_on_rounds():
    from hanafuda_core.families.capture.ranking import ranked_by
    for game in GAMES:
        assert ranked_by(game.get_rules()) == "rounds" and game.get_rules().rounds == 6


def test_the_lone_card_on_play_option():
    rules = tensho_simplified.get_rules(lone_card_on_play=True)
    s = setup_state(rules, ["12a 1c", "2c 3c"], "5c", "7c 7d")
    after = apply(s, Play(PHOENIX))
    assert PHOENIX in after.captures(0)


def test_a_bad_yaku_set_is_refused():
    with pytest.raises(OptionError):
        tensho_simplified.get_rules(yaku_set="three")


def _rule_keys(table):
    return [(r.key, r.points, r.cards, r.slots) for r in table.rules]


@pytest.mark.parametrize("game", GAMES)
def test_the_dealer_chooses_the_yaku_set_before_each_round(game):
    """B12 (the chapter's own way): before play the dealer picks Set One or Set Two; the
    round is then scored by that set, and the next round asks again."""
    rules = game.get_rules(set_each_round=True)
    assert game.OPTIONS["set_each_round"].implemented
    s = new_round(rules, 5, dealer=1)
    assert s.phase == Phase.CHOOSE_RULES and s.player == 1
    assert [a.code() for a in s.legal_actions()] == ["choose yaku_set one",
                                                     "choose yaku_set two"]
    after = apply(s, "choose yaku_set two", player=1)
    assert after.phase == Phase.PLAY and after.player == 1
    assert after.deal.choice == "two" and after.deal.to_dict()["choice"] == "two"
    assert _rule_keys(after.rules.yaku) == _rule_keys(game.get_rules(yaku_set="two").yaku)
    assert after.rules.overlay.chart is after.rules.yaku
    one = apply(s, Choose("yaku_set", "one"))
    assert _rule_keys(one.rules.yaku) == _rule_keys(game.get_rules(yaku_set="one").yaku)
    assert game_rules(after.rules) is rules and rules_for_round(after.rules, 1) is rules
    end = fast_random_round(rules, random.Random(3))
    nxt = next_round(end, 9)
    assert nxt.rules is rules and nxt.phase == Phase.CHOOSE_RULES and nxt.deal.choice == ""


def test_a_bad_choice_of_set_is_refused_and_changes_nothing():
    rules = tensho_simplified.get_rules(set_each_round=True)
    s = new_round(rules, 5, dealer=0)
    before = tuple(s)
    for bad, words in (("choose yaku_set three", "choose yaku_set one"),
                       ("play " + next(iter(s.hand(0))).code, "the dealer chooses"),
                       ("stop", "the dealer chooses")):
        with pytest.raises(IllegalActionError, match=words):
            apply(s, bad)
    with pytest.raises(IllegalActionError, match="player 1's turn"):
        apply(s, "choose yaku_set two", player=1)
    assert tuple(s) == before
    played = apply(s, "choose yaku_set one")
    with pytest.raises(IllegalActionError, match="only by the dealer before the first play"):
        apply(played, "choose yaku_set two")
    with pytest.raises(OptionError, match="one, two"):
        rules_for_round(rules, 1, "three")


def test_the_choice_replays_and_is_kept_in_the_record():
    rules = tensho.get_rules(set_each_round=True)
    s = apply(new_round(rules, 11), "choose yaku_set two")
    rng = random.Random(4)
    while not s.is_terminal:
        legal = s.legal_actions()
        s = apply(s, legal[int(rng.random() * len(legal))])
    deal = DealRecord.from_dict(s.deal.to_dict())
    assert deal.choice == "two"
    again = replay(rules, deal, s.history)
    assert again[-1].result == s.result and again[-1].rules is s.rules
    assert again[-1].deal.choice == "two"


def test_the_greedy_dealer_picks_the_set_the_cards_in_sight_score_under():
    rules = tensho_simplified.get_rules(set_each_round=True)
    legal = (Choose("yaku_set", "one"), Choose("yaku_set", "two"))
    one, two = (rules_for_round(rules, 1, c.value).yaku for c in legal)
    # a yaku of Set Two worth more than under Set One: the greedy dealer picks Two
    def gain(r):
        mask = CardSet(r.cards).mask
        return two.quick(mask, 0)[0] - one.quick(mask, 0)[0]

    picked = next(r for r in two.rules if r.cards and r.points and gain(r) > 0)
    seen = CardSet(picked.cards).mask
    assert choose_round_rules(rules, 1, seen, legal).value == "two"
    assert choose_round_rules(rules, 1, 0, legal).value == "one"       # nothing: the first
    s = new_round(rules, 2)
    act = GreedyPlayer().choose(view(s, s.player), s.legal_actions(), random.Random(0))
    sight = s.hands_m[s.player] | s.field_m
    assert act == choose_round_rules(rules, 1, sight, legal)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.sampled_from(("one", "two")),
       st.sampled_from(("any", "front", "front_and_back")),
       st.sampled_from(("ribbon", "any_other")), st.sampled_from(("all", "largest_only")),
       st.booleans(), st.booleans(), st.integers(0, 1000))
def test_every_option_set_plays(game, yaku_set, auto, back, nested, on_play, each_round, seed):
    key = "one_four_twelve" if game is tensho_simplified else "one_six_four"
    rules = game.get_rules(yaku_set=yaku_set, back_reading=back, nested_yaku=nested,
                           lone_card_on_play=on_play, set_each_round=each_round,
                           **{key: auto})
    end = fast_random_round(rules, random.Random(seed))
    if each_round and end.deal.choice:
        # the round was scored under the chosen set's chart, read with the same options
        chosen = game.get_rules(yaku_set=end.deal.choice, back_reading=back,
                                nested_yaku=nested, lone_card_on_play=on_play, **{key: auto})
        assert _rule_keys(end.rules.yaku) == _rule_keys(chosen.yaku)
    else:
        assert end.rules is rules
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 45
    best = max(end.result.points)
    if end.result.winner is not None and end.result.reason != "automatic win":
        assert end.result.points[end.result.winner] == best


def test_a_tensho_records_first_dealer_is_told_in_tenshos_months():
    from hanafuda_core.play_adapters import first_dealer_sentence
    from hanafuda_core.registry import get_game
    game = get_game("tensho")
    record = game.adapter.play(game, [game.adapter.agent(game, "random")] * 2, 4, 1)
    text = first_dealer_sentence(record)
    assert "in Tensho's order of months" in text and "deals first" in text


@pytest.mark.parametrize("key", ["tensho-simplified", "tensho"])
def test_a_whole_game_with_the_dealers_choice_records_and_replays(key):
    from hanafuda_core.play import Record
    from hanafuda_core.registry import get_game
    game = get_game(key, set_each_round=True)
    record = game.play(["greedy", "random"], seed=8, rounds=3)
    assert len(record.rounds) == 3
    assert all(r.actions[0].startswith("choose yaku_set ") for r in record.rounds)
    back = Record.from_json(record.to_json())
    assert back == record
    rounds = back.get_game().replay_rounds(back)
    assert [r.result().to_dict() for r in rounds] == [dict(r.outcome) for r in back.rounds]
    assert [r.inner.deal.choice for r in rounds] == [r.actions[0].split()[-1]
                                                     for r in record.rounds]


def test_the_coach_weighs_both_sets_and_says_what_each_makes():
    from hanafuda_core.coach import Coach
    rules = tensho.get_rules(set_each_round=True)
    s = new_round(rules, 3)
    advice = Coach(samples=6).advise(view(s, s.player), s.legal_actions())
    assert sorted(m.code for m in advice.moves) == ["choose yaku_set one",
                                                    "choose yaku_set two"]
    for m in advice.moves:
        table = rules_for_round(rules, 1, m.action.value).yaku
        pts = table.quick(s.hands_m[s.player] | s.field_m, 0)[0]
        assert f"already make {pts} point" in m.reasons[0]
        assert ("Set One" if m.action.value == "one" else "Set Two") in m.reasons[0]


def test_a_choice_is_read_from_its_code_and_a_bad_one_is_explained():
    from hanafuda_core.engines.capture import parse_action
    assert parse_action("Choose  yaku_set  TWO") == Choose("yaku_set", "two")
    assert Choose("yaku_set", "two", "Set Two").describe() == "choose Set Two for this round"
    with pytest.raises(IllegalActionError, match="choose <what> <value>"):
        parse_action("choose two")


def test_the_narration_tells_the_dealers_choice():
    from hanafuda_core.families.capture.teaching import prompt
    from hanafuda_core.narration import describe, log_lines, story
    from hanafuda_core.registry import get_game
    game = get_game("tensho-simplified", set_each_round=True)
    r = game.new_round(seed=4, dealer=0)
    assert prompt(r, 0, ("You", "Ben")) == ("You deal: choose the yaku set for this round: "
                                            "Set One or Set Two.")
    s = r.inner
    step = story(s, "choose yaku_set two", apply(s, "choose yaku_set two"))
    assert log_lines(step, ("Ann", "Ben")) == [
        "  Ann chooses the yaku set for this round: Set Two"]
    assert describe(step, ("You", "Ben")) == ("You choose the yaku set for this round: "
                                              "Set Two. You play the first card.")


def test_the_play_tools_status_line_names_the_set_the_dealer_chose():
    """The status line names the preset; once the dealer has chosen the round's set it
    also says which one, since the preset's own name may be the other set."""
    from hanafuda_core.teach.tools import PlayController
    play = PlayController("tensho-simplified", seed=4, set_each_round=True)
    chosen = None
    while not play.is_over and chosen is None:
        if play.state.state.phase == Phase.CHOOSE_RULES:
            assert "this round:" not in play.status_line()
            move = next(m for m in play.legal if m.action.value == "two")
            assert isinstance(move.action, Choose)
            play.act(move)
            chosen = move
        else:
            play.act(play.legal[0])
    assert chosen is not None
    assert "this round: Set Two" in play.status_line()
