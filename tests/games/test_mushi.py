"""The rulebook's Mushi (ch. 8): its worked example, its rule clauses (the 40-card deck,
par 115, yaku taken from the opponent, the wild Storm and its leftovers, the house
rules) and a golden record.

Regenerate the golden record after an intended rule change with
``HANAFUDA_REGEN_GOLDEN=1`` (then run again without it).
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet, Kind
from hanafuda_core.engines.capture import Capture, Play, game_over, setup_state
from hanafuda_core.errors import HanafudaError, OptionError
from hanafuda_core.games.mushi import (
    BOOK_EXAMPLE_B_AS_PRINTED,
    BOOK_EXAMPLE_PILES,
    PAR,
    chapter_facts,
    get_rules,
)
from hanafuda_core.play import Record, random_round

RULES = get_rules()
DECK40 = CardSet(RULES.deck)

# The chapter's example (fig. 8.2). Player A: 4 Brights, 3 Tens, 3 Ribbons, 6 Chaffs,
# with Spring Semi-Brights and All 4 Paulownia. Player B holds the other 24 cards and
# All 4 Wisteria.
PILE_A = CardSet.parse(BOOK_EXAMPLE_PILES["A"])
PILE_B = CardSet.parse(BOOK_EXAMPLE_PILES["B"])


def kinds(pile: CardSet) -> tuple[int, int, int, int]:
    return tuple(sum(1 for c in pile if c.kind is k)  # type: ignore[return-value]
                 for k in (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF))


def test_the_deck_has_no_june_or_july_and_is_worth_twice_the_par():
    assert len(DECK40) == 40 and not any(c.month in (6, 7) for c in DECK40)
    assert DECK40.value() == 230 == 2 * PAR


def test_the_deal_is_eight_each_and_eight_to_the_field_sixteen_in_the_stock():
    game = get_game("mushi")
    for seed in range(5):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones["hand 0"]), len(zones["hand 1"]), len(zones["field"]),
                len(zones["stock"])] == [8, 8, 8, 16]
        assert CardSet(sorted(c for cards in zones.values() for c in cards)) == DECK40


def test_a_pile_at_par_without_yaku_scores_nothing():
    exactly = CardSet.parse("1a 3a 8a 11a 4a 5a 8b 1b")       # 4 x 20 + 3 x 10 + 5 = 115
    data = get_game("mushi").score(list(exactly)).to_dict()
    assert (data["card_points"], data["yaku_points"], data["total"]) == (115, 0, 0)
    with_one_more = get_game("mushi").score(list(exactly) + [Card.PINE_CHAFF_1]).to_dict()
    assert with_one_more["total"] == 1


def test_book_mushi_example_1():
    """BK08-1. A: (131 - 115) + 35 - 10 = 41; B: (99 - 115) + 10 - 35 = -41; A wins.

    The chapter's prose gives B "1 Bright, 6 Tens, 7 Ribbons, 18 Chaffs", which is
    more cards than a 40-card deck leaves (and would be worth 133). Its own formula
    uses 1/4/5/14 = 99, and only those counts fit: 16 + 24 = 40 cards and
    131 + 99 = 230. We assert the consistent counts and the book's scores.
    """
    assert PILE_B == CardSet.from_mask(DECK40.mask & ~PILE_A.mask)   # B holds the rest
    assert kinds(PILE_A) == (4, 3, 3, 6) and len(PILE_A) == 16
    assert kinds(PILE_B) == (1, 4, 5, 14) and len(PILE_B) == 24   # not 1/6/7/18
    assert BOOK_EXAMPLE_B_AS_PRINTED == (1, 6, 7, 18)
    assert len(PILE_A) + sum(BOOK_EXAMPLE_B_AS_PRINTED) > len(DECK40)   # cannot fit
    assert PILE_A.value() + PILE_B.value() == 230 == DECK40.value()
    overlay = RULES.overlay
    assert overlay.card_points(PILE_A.mask) == 131
    assert overlay.card_points(PILE_B.mask) == 99
    a_yaku = [h.rule.name for h in RULES.yaku.evaluate(PILE_A).hits]
    b_yaku = [h.rule.name for h in RULES.yaku.evaluate(PILE_B).hits]
    assert a_yaku == ["Spring Semi-Brights", "All 4 Paulownia"] and b_yaku == ["All 4 Wisteria"]
    state = setup_state(RULES, ["", ""], captures=[PILE_A, PILE_B])
    res = RULES.overlay.settle_draw(state)
    assert res.points == (41, -41) and res.winner == 0
    text = res.report.to_text()
    assert "player 1: (131 - 115) + 35 - 10 = 41" in text
    assert "player 2: (99 - 115) + 10 - 35 = -41" in text


def test_book_mushi_example_1_is_the_chapters_glued_figures():
    """The chapter glues BK08-1's figures from the core, the slip's counts included."""
    f = chapter_facts()
    assert (f["mu_ex_a_cards"], f["mu_ex_a_yaku"], f["mu_ex_a_own"], f["mu_ex_a_total"]) == \
        (131, 35, 131 - 115 + 35, 41)
    assert (f["mu_ex_b_cards"], f["mu_ex_b_yaku"], f["mu_ex_b_own"], f["mu_ex_b_total"]) == \
        (99, 10, 99 - 115 + 10, -41)
    assert [f[f"mu_ex_b_{k}"] for k in ("bright", "ten", "ribbon", "chaff")] == [1, 4, 5, 14]
    assert [f[f"mu_ex_b_printed_{k}"] for k in ("bright", "ten", "ribbon", "chaff")] == \
        [1, 6, 7, 18]
    assert (f["mu_ex_a_n"], f["mu_ex_b_n"], f["mu_ex_printed_n"], f["mu_deck_cards"]) == \
        (16, 24, 48, 40)
    assert (f["mu_par"], f["mu_deck_points"]) == (115, 230)


def test_score_of_one_pile_reports_card_points_par_and_yaku():
    data = get_game("mushi").score(list(PILE_A)).to_dict()
    assert data["card_points"] == 131 and data["par"] == 115
    assert data["yaku_points"] == 35 and data["optional_yaku_points"] == 0
    assert data["total"] == 131 - 115 + 35          # no opponent: nothing taken away
    assert {y["key"]: y["cards"] for y in data["yaku"]} == {
        "spring_semi_brights": ["1a", "2a", "3a"], "paulownia": ["12a", "12b", "12c", "12d"]}


def test_koikoi_calls_are_refused_with_the_reason():
    with pytest.raises(HanafudaError, match="no Koi-Koi calls"):
        get_game("mushi").score(list(PILE_A), calls=1)


def test_a_card_outside_the_forty_is_refused():
    with pytest.raises(HanafudaError, match="6a is not in its deck"):
        get_game("mushi").score(list(CardSet.parse("1a 6a")))


def test_too_many_brights_takes_away_the_five_brights():
    five = list(CardSet.parse("1a 3a 8a 11a 12a"))
    assert get_game("mushi").score(five).to_dict()["yaku_points"] == 30
    assert get_game("mushi", too_many_brights=True).score(five).to_dict()["yaku_points"] == 0


def _rounds_and_totals(record: Record) -> tuple[list[int], list[int]]:
    """Rounds won and totals per seat, added up from the record's round outcomes."""
    wins, totals = [0, 0], [0, 0]
    for rr in record.rounds:
        out = rr.outcome
        assert out is not None
        if out["winner"] is not None:
            wins[out["winner"]] += 1
        totals = [t + p for t, p in zip(totals, out["points"])]
    return wins, totals


def test_counting_rounds_gives_the_game_to_the_rounds_leader_over_the_points_leader():
    """Seed 3, six rounds between two greedy players: player 1 ends ahead on points but
    player 2 won four rounds to two. Counting rounds changes who wins, not the play."""
    by_points = get_game("mushi").play(["greedy", "greedy"], seed=3, rounds=6)
    by_rounds = get_game("mushi", counting_rounds=True).play(["greedy", "greedy"], seed=3,
                                                             rounds=6)
    assert by_rounds.rounds == by_points.rounds          # the same deals and moves
    wins, totals = _rounds_and_totals(by_rounds)
    assert totals[0] > totals[1] and wins[1] > wins[0]
    assert by_points.summary["winner"] == 0
    assert by_rounds.summary["winner"] == 1
    assert by_rounds.summary["rounds_won"] == wins
    assert by_rounds.summary["ranked_by"] == "rounds won"
    assert "rounds_won" not in by_points.summary


def test_counting_rounds_breaks_a_tie_on_rounds_by_the_total():
    """Seed 1: three rounds each; player 1 has the higher total and wins the game."""
    record = get_game("mushi", counting_rounds=True).play(["greedy", "greedy"], seed=1,
                                                          rounds=6)
    wins, totals = _rounds_and_totals(record)
    assert wins[0] == wins[1] and totals[0] > totals[1]
    assert record.summary["winner"] == 0


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 4))
def test_counting_rounds_winner_has_the_most_rounds_won(seed, rounds):
    record = get_game("mushi", counting_rounds=True).play(["random", "greedy"], seed=seed,
                                                          rounds=rounds)
    wins, totals = _rounds_and_totals(record)
    winner = record.summary["winner"]
    if wins[0] != wins[1]:
        assert winner == wins.index(max(wins))
    elif totals[0] != totals[1]:
        assert winner == totals.index(max(totals))
    else:
        assert winner is None


def test_counting_rounds_round_trips_in_records_and_replays(capsys):
    data = run_json(capsys, "play", "mushi", "--seed", "3", "--agents", "greedy,greedy",
                    "--rounds", "6", "--option", "counting_rounds=true")
    assert data["options"]["counting_rounds"] is True and data["winner"] == 1
    back = Record.from_json(json.dumps(data))
    game = get_game(back.game, back.preset, **back.options)
    assert game.options["counting_rounds"] is True
    assert [r.result().to_dict() for r in game.replay_rounds(back)] == \
        [dict(r.outcome) for r in back.rounds]
    assert Record.from_json(back.to_json()) == back
    assert game.log(back)[-1].endswith("Player 2 (greedy) wins the game on rounds won")


def test_the_command_line_shows_the_ranking_by_rounds_won(capsys):
    status, out, err = run(capsys, "play", "mushi", "--seed", "3", "--agents",
                           "greedy,greedy", "--rounds", "6", "--option", "counting_rounds=true")
    assert status == 0 and err == ""
    wins, totals = _rounds_and_totals(get_game("mushi").play(["greedy", "greedy"], seed=3,
                                                             rounds=6))
    last = out.strip().splitlines()[-1]
    assert last == (f"Rounds won: Player 1 (greedy) {wins[0]}, Player 2 (greedy) {wins[1]}; "
                    f"final scores: Player 1 (greedy) {totals[0]}, Player 2 (greedy) "
                    f"{totals[1]}; Player 2 (greedy) wins the game on rounds won")


def test_counting_rounds_with_first_to_50_is_refused_with_the_reason():
    with pytest.raises(OptionError, match="choose one"):
        get_game("mushi", counting_rounds=True, first_to_50=True)


def test_only_two_players():
    with pytest.raises(HanafudaError, match="2"):
        get_game("mushi").new_round(seed=1, players=3)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), field_four=st.sampled_from(("misdeal", "dealer_captures")))
def test_every_round_captures_all_forty_and_the_scores_cancel(seed, field_four):
    """Played to the end (the leftovers given away), each score is (cards - 115) + own
    yaku - the other's yaku, and the two sum to zero unless cards stay on the field.
    Only November cards can stay: the three others lying together after the Storm has
    gone, or the Storm itself when no card of another month was turned up after it
    reached the field. The leftover rule names no owner for them: they are nobody's,
    and the sum is minus their value."""
    game = get_game("mushi", field_four=field_four)
    end = random_round(game, seed)
    state = end.inner
    assert state.card_count() == 40
    left = CardSet.from_mask(state.field_m)
    assert all(c.month == 11 for c in left)
    a, b = state.caps_m
    ya, yb = RULES.yaku.points(a), RULES.yaku.points(b)
    ov = RULES.overlay
    assert end.result().points == (ov.card_points(a) - PAR + ya - yb,
                                   ov.card_points(b) - PAR + yb - ya)
    assert sum(end.result().points) == -left.value()
    # what no pile scored is the round's account, so the round still sums to zero
    outcome = end.result()
    assert outcome.zero_sum
    assert outcome.accounts == ({"left on the field": left.value()} if left else {})
    assert sum(outcome.points) + sum(outcome.accounts.values()) == 0


def test_three_november_cards_stranded_on_the_field_are_nobodys():
    """Seed 137680 (found by the test above): the Storm went early, and the Rainman,
    the Swallow and the Ribbon end up together on the field; nobody holds two of them,
    so the leftover rule gives them to no one (our reading: the chapter names no owner)."""
    end = random_round(get_game("mushi"), 137680)
    assert end.inner.field == CardSet.parse("11a 11b 11c")
    assert sum(end.result().points) == -35
    assert end.result().accounts == {"left on the field": 35}
    assert "3 cards stay on the field and score for nobody" in end.result().detail.report.to_text()


def test_a_storm_left_on_the_field_at_the_end_is_nobodys():
    """Seed 308: the Storm reaches the field after the last card of another month was
    turned up, so nobody had to take it; it is nobody's at the end (our reading)."""
    end = random_round(get_game("mushi"), 308)
    assert end.inner.field == CardSet.parse("11d")
    assert sum(end.result().points) == -1


# ---- the wild Storm ---------------------------------------------------------------

STORM = int(Card.WILLOW_STORM)


def test_the_storm_from_the_hand_takes_any_card_but_a_november_one_or_a_hiki():
    state = setup_state(RULES, ["11d 2a", "3d"], field="1a 11c 5a 5b 5c 9a")
    after = state.apply(Play(Card.WILLOW_STORM))
    codes = sorted(a.code() for a in after.legal_actions())
    assert codes == ["capture 1a", "capture 9a"]       # not 11c (November), not the hiki 5
    with pytest.raises(HanafudaError, match="November"):
        after.apply(Capture(Card.WILLOW_RIBBON))


def test_the_leftovers_go_to_the_november_holder_and_to_the_storm_player():
    """The last November card goes to whoever holds the other two; the partner of the
    card the Storm took goes to whoever played the Storm."""
    state = setup_state(RULES, ["11d", "2b"], field="1a 1b 11c 2a",
                        captures=["", "11a 11b"])
    s = state.apply(Play(Card.WILLOW_STORM))
    s = s.apply(Capture(Card.PINE_CRANE))
    s = s.apply(Play(Card.PLUM_RIBBON))
    assert s.is_terminal and s.field_m == 0
    kinds_ = [(e.kind, e.player, CardSet.from_mask(e.taken).format()) for e in s.wild_log]
    assert ("month_leftover", 1, "11c") in kinds_
    assert ("partner_leftover", 0, "1b") in kinds_
    assert CardSet.parse("11d 1a 1b").mask & ~s.caps_m[0] == 0
    assert CardSet.parse("11a 11b 11c 2a 2b").mask & ~s.caps_m[1] == 0


def test_the_storm_dealt_to_the_field_goes_to_the_first_non_november_draw():
    state = setup_state(RULES, ["5a", "3d"], field="11d 1c", stock="2a 4a")
    s = state.apply(Play(Card.IRIS_BRIDGE))      # no match: the Bridge joins the field
    assert STORM not in CardSet.from_mask(s.field_m) and s.caps_m[0] >> STORM & 1
    assert s.wild_log[-1].kind == "field"


def test_the_storm_as_the_last_stock_card_sweeps_the_field_hiki_included():
    state = setup_state(RULES, ["4a", "3d"], field="1a 1b 1c 11c 9a", stock="11d")
    s = state.apply(Play(Card.WISTERIA_CUCKOO))
    assert s.wild_log[-1].kind == "sweep"
    assert s.caps_m[0] == CardSet.parse("1a 1b 1c 11c 9a 4a 11d").mask


def test_first_to_50_ends_the_game_when_a_total_reaches_50():
    game = get_game("mushi", first_to_50=True)
    record = game.play(["greedy", "random"], seed=3)
    totals = [0, 0]
    for i, rr in enumerate(record.rounds):
        totals = [t + p for t, p in zip(totals, rr.outcome["points"])]
        if i < len(record.rounds) - 1:
            assert max(totals) < 50
    assert max(totals) >= 50 or len(record.rounds) == 12
    last = game.replay_rounds(record)[-1]
    assert game_over(last.inner)


def make_golden() -> Record:
    return get_game("mushi").play(["random", "greedy"], seed=7, rounds=6)


def test_golden_mushi_game(golden_record):
    golden_record(make_golden(), "mushi_seed_7.json")
