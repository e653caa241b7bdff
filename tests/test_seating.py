"""The first dealer: each player draws a card and the earliest month deals."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games import hachihachi, koikoi
from hanafuda_core.games.hachihachi_game import game_result, play_hachihachi_game
from hanafuda_core.play import Record
from hanafuda_core.play_adapters import first_dealer_sentence
from hanafuda_core.seating import KIND_RANK, DealerDraw, DealerRule, draw_first_dealer


@settings(max_examples=80, deadline=None)
@given(tie_break=st.sampled_from(("value", "redraw")), players=st.integers(2, 7),
       seed=st.integers(0, 10**6))
def test_the_earliest_month_deals_and_ties_follow_the_rule(tie_break, players, seed):
    rule = DealerRule(tie_break)
    draw = draw_first_dealer(rule, players, random.Random(seed))
    assert [s for s, _ in draw.draws[0]] == list(range(players))
    for drawn in draw.draws[:-1]:                 # every earlier drawing tied
        first = min(Card(c).month for _, c in drawn)
        tied = [Card(c) for _, c in drawn if Card(c).month == first]
        assert len(tied) > 1
        if tie_break == "value":
            assert len({KIND_RANK[c.kind] for c in tied}) == 1
    last = dict(draw.draws[-1])
    mine = Card(last[draw.dealer])
    assert all(Card(c).month > mine.month or (Card(c).month == mine.month and tie_break ==
                                                "value" and KIND_RANK[Card(c).kind] <
                                                KIND_RANK[mine.kind])
               for s, c in last.items() if s != draw.dealer)
    assert DealerDraw.from_dict(draw.to_dict()) == draw.check(rule, players)


def test_a_tie_of_months_is_broken_by_value_or_drawn_again():
    drawn = ((0, int(Card.PINE_CHAFF_1)), (1, int(Card.PINE_CRANE)), (2, int(Card.PLUM_RIBBON)))
    assert DealerRule("value").winners(drawn) == (1,)
    assert DealerRule("redraw").winners(drawn) == (0, 1)
    again = DealerDraw((drawn, ((0, int(Card.MAPLE_DEER)), (1, int(Card.PEONY_RIBBON)))), 1)
    assert again.check(DealerRule("redraw"), 3) is again
    assert "Player 1 and Player 2 tied and drew again" in again.sentence(
        ("Player 1", "Player 2", "Player 3"))
    with pytest.raises(HanafudaError, match="does not give the recorded dealer"):
        DealerDraw(again.draws, 0).check(DealerRule("redraw"), 3)
    with pytest.raises(HanafudaError, match="one different card to each"):
        DealerDraw((((0, 5), (1, 5), (2, 9)),), 0).check(DealerRule("value"), 3)


def test_every_preset_of_both_games_states_how_the_first_dealer_is_chosen():
    assert set(hachihachi.FIRST_DEALER) == set(hachihachi.PRESETS)
    assert set(koikoi.FIRST_DEALER) == set(koikoi.PRESETS)
    assert hachihachi.FIRST_DEALER["book"].tie_break == "value"      # BOOK ch. 3
    assert hachihachi.FIRST_DEALER["d004"].tie_break == "redraw"     # D004 Seating


@pytest.mark.parametrize("preset, players", [("book", 3), ("d002", 4), ("d004", 6)])
def test_a_hachihachi_game_draws_its_first_dealer_and_keeps_the_drawing(preset, players):
    record = play_hachihachi_game(3, ("random",) * players, deals=6, preset=preset)
    rec = game_result(record)
    draw = rec.dealer_draw
    assert draw is not None and rec.deals[0].deal.dealer == draw.dealer
    name = rec.names[draw.dealer]
    assert rec.first_dealer_sentence().startswith("Each player drew a card: ")
    assert f"{name} drew " in rec.first_dealer_sentence()
    assert first_dealer_sentence(record, rec.names) == rec.first_dealer_sentence()
    back = Record.from_json(record.to_json())
    assert back == record and game_result(back).dealer_draw == draw
    given = game_result(play_hachihachi_game(3, ("random",) * players, deals=6,
                                             preset=preset, dealer=0))
    assert given.dealer_draw is None and given.first_dealer_sentence() == ""


def test_a_record_whose_drawing_does_not_give_its_dealer_is_refused():
    rec = play_hachihachi_game(3, ("random",) * 3, deals=6)
    data = rec.to_dict()
    data["first_dealer"]["dealer"] = (data["first_dealer"]["dealer"] + 1) % 3
    with pytest.raises(HanafudaError, match="recorded dealer"):
        Record.from_dict(data)


def test_a_koikoi_record_keeps_its_drawing_and_checks_the_first_dealer():
    from hanafuda_core.engines.capture import new_round
    from hanafuda_core.play import Record, RoundRecord
    from hanafuda_core.play_adapters import first_dealer_sentence
    from hanafuda_core.players import make_agent, play_round
    rules = koikoi.get_rules("book", rounds=1)
    rng = random.Random(11)
    draw = draw_first_dealer(koikoi.FIRST_DEALER["book"], 2, rng)
    start = new_round(rules, rng, draw.dealer)
    end = play_round(start, [make_agent("random")] * 2, rng)
    res = end.result
    rounds = (RoundRecord(start.deal.to_dict(), tuple(a.code() for a in end.history),
                          {"round_no": 1, "scores": [0, 0], "wins": [0, 0]},
                          {"winner": res.winner, "points": list(res.points),
                           "reason": res.reason}),)

    def record(options, drawn):
        return Record("koikoi", "book", options, 2, rounds, 11, ("random", "random"),
                      {"first_dealer": drawn.to_dict()})

    rec = Record.from_dict(record({"rounds": "1"}, draw).to_dict())
    assert rec.options == {"rounds": 1}
    assert first_dealer_sentence(rec).endswith("deals first.")
    back = Record.from_json(rec.to_json())
    assert back == rec and DealerDraw.from_dict(back.summary["first_dealer"]) == draw
    assert back.get_game().replay_rounds(back)
    other = DealerDraw(draw.draws, 1 - draw.dealer)
    with pytest.raises(HanafudaError):
        Record.from_dict(record({}, other).to_dict())
    with pytest.raises(HanafudaError):
        record({"rounds": 1}, other).get_game()


def test_a_hachihachi_record_whose_first_deal_has_another_dealer_is_refused():
    rec = play_hachihachi_game(5, ("random",) * 4, deals=6, preset="d002")
    data = rec.to_dict()
    data["rounds"][0]["deal"]["dealer"] = (rec.summary["first_dealer"]["dealer"] + 1) % 4
    with pytest.raises(HanafudaError, match="first round is not dealt by"):
        Record.from_dict(data)
