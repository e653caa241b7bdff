"""The twelve-month Hachi-Hachi game: queue, dealer, half-time, award, rounding, replay."""

from pathlib import Path

import pytest

from hanafuda_core import records
from hanafuda_core.errors import HanafudaError, PlayerCountError
from hanafuda_core.games.hachihachi_game import (
    CHART,
    game_result,
    month_chart,
    play_campaign,
    play_hachihachi_game,
)
from hanafuda_core.ledger import POT, Ledger, final_score
from hanafuda_core.play import Record


@pytest.mark.parametrize("preset, players", [
    (preset, players) for preset in ("book", "d001", "d002", "d004") for players in (2, 3, 4, 6, 7)
    if players > 2 or preset in ("book", "d001")])    # (D002 and D004 seat three to seven)
def test_game_is_zero_sum_after_every_deal_and_replays(preset, players):
    agents = (["random", "greedy"] * 4)[:players]
    record = play_hachihachi_game(seed=players, agents=agents, preset=preset, deals=6,
                                  offer_blind_stay=True)
    rec = game_result(record)
    unit = rec.rules.unit
    ledger = Ledger(unit)
    for log in rec.deals:
        ledger = ledger.add(*log.settlement.ledger.payments)
        assert ledger.balance() == 0
    assert rec.ledger.balance() == 0 and sum(rec.totals().values()) == 0
    assert rec.totals().get(POT, 0) == 0 and rec.totals().get(CHART, 0) == 0
    assert len(rec.deals) == len(record.rounds)
    back = Record.from_json(record.to_json())
    assert back == record and game_result(back).totals() == rec.totals() == \
        record.summary["totals"]


@pytest.mark.parametrize("source", ("new", "legacy"))
def test_a_replay_checks_the_results_without_replaying_the_game_twice(monkeypatch, source):
    """A whole game's replay checks its stored totals from the deals it has just
    replayed: each deal is replayed once, a legacy save's too."""
    from hanafuda_core.play_adapters import HachiHachiAdapter
    legacy = Path(__file__).parent / "golden" / "legacy" / "hachihachi_book_3p.json"
    record = play_hachihachi_game(seed=4, agents=("greedy", "random", "random")) \
        if source == "new" else None
    calls = []
    replay_round = HachiHachiAdapter.replay_round

    def counted(self, game, players, rr):
        calls.append(rr.context["round_no"])
        return replay_round(self, game, players, rr)

    monkeypatch.setattr(HachiHachiAdapter, "replay_round", counted)
    if record is None:
        record = records.load(legacy)                   # (replays it, to read its results)
    else:
        record.get_game().replay_rounds(record)
    assert calls == list(range(1, len(record.rounds) + 1)) and len(calls) == 12
    assert record.summary["totals"] and record.summary["winner"]


@pytest.mark.parametrize("preset", ("d002", "d004"))
def test_the_publishers_and_the_shilling_rules_have_no_two_player_game(preset):
    with pytest.raises(PlayerCountError, match="have no game for 2 players: choose rules that "
                                               r"do \(preset book or d001\)"):
        play_hachihachi_game(seed=1, agents=("random", "random"), preset=preset)


def test_dealer_rotation_winner_deals_next():
    rec = play_hachihachi_game(seed=5, agents=("greedy", "random", "random"), preset="book")
    for a, b in zip(rec.rounds, rec.rounds[1:]):
        if a.outcome["winner"] is not None:
            assert b.deal["dealer"] == a.outcome["winner"]


def test_d001_half_time_debt_card_and_pot_award():
    """D001: at half-time every player puts 5 kan in the pot; the leader takes 5 x players."""
    rec = game_result(play_hachihachi_game(seed=2, agents=("greedy",) * 3, preset="d001"))
    half = [p for p in rec.ledger.payments if p.category == "half-time"]
    assert len(half) == 3 and all(p.amount == 60 and p.payee == POT for p in half)
    award = [p for p in rec.ledger.payments if p.category == "award"]
    assert award[0].amount == 180 and award[0].payee == rec.winner


def test_book_campaign_bonus_ten_per_player():
    """BOOK Campaign (a game end scoring variation, the ``campaign`` option): the game's
    winner gets 10 x players (10 from each opponent); without it, no bonus."""
    rec = game_result(play_hachihachi_game(seed=3, agents=("random",) * 4, preset="book",
                                           campaign=True))
    award = [p for p in rec.ledger.payments if p.category == "award"]
    assert len(award) == 3 and {p.amount for p in award} == {10}
    assert {p.payee for p in award} == {rec.winner}
    plain = game_result(play_hachihachi_game(seed=3, agents=("random",) * 4, preset="book"))
    assert not [p for p in plain.ledger.payments if p.category == "award"]
    assert plain.totals()[rec.winner] == rec.totals()[rec.winner] - 30
    games = play_campaign(1, ("random",) * 3)
    assert len(games) == 3 and [g.seed for g in games] == [1000, 1001, 1002]
    for g in games:
        result = game_result(g)
        assert [p.payee for p in result.ledger.payments if p.category == "award"] == \
            [result.winner] * 2


def test_d004_final_scores_round_and_lose_ten_shillings():
    """D004: totals round to whole shillings (1-5d down, 6-11d up), then 10/- comes off."""
    rec = game_result(play_hachihachi_game(seed=4, agents=("greedy", "random") * 3,
                                           preset="d004"))
    for name, v in rec.final_scores().items():
        assert v == final_score(rec.totals()[name], rec.rules.unit)
        assert v % 12 == 0
    assert final_score(90, rec.rules.unit) == -24


def test_month_chart_has_one_row_per_deal():
    rec = game_result(play_hachihachi_game(seed=8, agents=("greedy",) * 3, preset="d002",
                                           deals=6))
    chart = month_chart(rec)
    assert [row["month"] for row in chart] == ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]


def test_game_length_is_six_or_twelve():
    with pytest.raises(HanafudaError, match="6 or 12"):
        play_hachihachi_game(seed=1, deals=7)
