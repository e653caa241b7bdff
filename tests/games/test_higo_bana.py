"""The rulebook's Higo-Bana (ch. 14): its worked examples (the three-player round, the
penalty-only examples, the four hiki examples), its card values and yaku, the announced
hiki and the optional Storm, the deal for two to seven, and the options."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import Card, CardSet
from hanafuda_core.engines.capture import Phase, fast_random_round, setup_state, view
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.families.capture.settlement import transfer_scores
from hanafuda_core.games.higo_bana import (
    OPTIONS,
    PENALTY,
    PILES,
    PRESETS,
    VALUES,
    YAKU,
    chapter_facts,
    get_rules,
)

RULES = get_rules()
THREE = get_rules("book-3")


def masks(*keys: str) -> tuple[int, ...]:
    return tuple(CardSet.parse(PILES[k]).mask for k in keys)


def yaku_keys(pile: str) -> set[str]:
    return {h.rule.key for h in RULES.yaku.evaluate(CardSet.parse(pile).mask).hits}


# -- the worked examples ---------------------------------------------------------------

def test_book_higo_bana_example_1_three_players():
    """BK14-1 (lines 2443-2505): A 90 in cards and no yaku, B 75 and two yaku, C 80 and one;
    A = 90 - 50 x 2 - 50 x 1 = -60, B = 75 - 50 = 25, C = 80 - 50 x 2 = -20; B wins. The
    printed figures are right (the figure writes A's penalty as 50 x 3)."""
    a, b, c = masks("A", "B", "C")
    assert a | b | c == CardSet.deck().mask and not (a & b or a & c or b & c)
    assert yaku_keys(PILES["A"]) == set()
    assert yaku_keys(PILES["B"]) == {"poetry_ribbons", "purple_ribbons"}
    assert yaku_keys(PILES["C"]) == {"dry_plain_ribbons"}
    scores = THREE.overlay.side_scores((a, b, c))
    assert [s.card_points for s in scores] == [90, 75, 80]
    assert [s.total for s in scores] == [-60, 25, -20]
    assert [s.formula() for s in scores] == ["90 - 150 = -60", "75 - 50 = 25",
                                             "80 - 100 = -20"]
    state = setup_state(THREE, ["", "", ""], "", "", captures=[PILES[k] for k in "ABC"])
    res = THREE.overlay.settle_draw(state)
    assert res.winner == 1 and res.points == (-60, 25, -20)
    assert any("taken by others" in n for n in res.report.notes)


def test_book_higo_bana_example_1_variations():
    """The same piles under the chapter's two card-value variations: the Rainman worth 5
    (A 75 - 150 = -75), the Special Paulownia worth 10 (C 90 - 100 = -10)."""
    piles = masks("A", "B", "C")
    rain = get_rules("book-3", rainman_5=True).overlay.side_scores(piles)
    assert [s.total for s in rain] == [-75, 25, -20]
    paul = get_rules("book-3", special_paulownia_10=True).overlay.side_scores(piles)
    assert [s.total for s in paul] == [-60, 25, -10]


def test_book_higo_bana_additional_examples():
    """BK14-2 (lines 2509-2521), the penalties alone: one player with 2 yaku costs each
    other player 100; two players with a yaku each cost each other 50 and the third 100;
    1, 2 and 0 yaku give -100, -50 and -150."""
    p = PENALTY
    assert transfer_scores((0, 0, 0), (2 * p, 0, 0), "none") == (0, -100, -100)
    assert transfer_scores((0, 0, 0), (p, p, 0), "none") == (-50, -50, -100)
    assert transfer_scores((0, 0, 0), (p, 2 * p, 0), "none") == (-100, -50, -150)


def _hiki_state(hand_a: str, field: str, stock: str = "3a 3b 3c"):
    return setup_state(RULES, [hand_a + " 1a", "2a 2b"], field, stock)


@pytest.mark.parametrize("hand, field", [("4a", "4b 4c 4d"), ("4a 4b", "4c 4d"),
                                         ("4a 4b 4c", "4d")])
def test_book_higo_bana_hiki_examples_1_to_3(hand, field):
    """BK14-H1..H3 (line 2373): one, two or three cards of a month in the hand and the rest
    on the field: announcing hiki takes all four in one turn, then the player draws."""
    state = _hiki_state(hand, field + " 9a")
    after = state.apply(f"declare hiki {hand}")
    assert after.captures(0) >= CardSet("4a 4b 4c 4d")
    assert after.hand(0) == CardSet("1a") and after.player == 1
    assert after.stock_size == state.stock_size - 1


def test_book_higo_bana_hiki_example_1_a_plain_play_does_the_same():
    state = _hiki_state("4a", "4b 4c 4d 9a")
    assert state.apply("play 4a").captures(0) == state.apply("declare hiki 4a").captures(0)


def test_book_higo_bana_hiki_example_4_the_storm_is_refused():
    """BK14-H4 (line 2373): A holds three Wisteria cards, the fourth is on the field; B's
    Storm may not take it (A announces hiki), only the Sake Cup or nothing."""
    state = setup_state(RULES, ["4a 4b 4c 1a", "11d 2a"], "4d 9a", "3a 3b", player=1)
    after = state.apply("play 11d")
    assert [a.code() for a in after.legal_actions()] == ["capture 9a", "pass"]
    with pytest.raises(IllegalActionError, match="player 1 announces hiki"):
        after.apply("capture 4d")
    assert after.wild_log[-1].kind == "hiki_blocked"
    assert view(after, 1).shown(0) == CardSet("4a 4b 4c")
    # with the fourth card in the stock, A has no hiki and B may take the field card
    state = setup_state(RULES, ["4a 4b 1a", "11d 2a"], "4d 9a", "4c 3b", player=1)
    assert "capture 4d" in [a.code() for a in state.apply("play 11d").legal_actions()]


def test_three_on_the_field_and_the_fourth_in_an_opponents_hand_stop_the_storm():
    """The chapter's FAQ: three Wisteria cards on the field, the fourth in A's hand: B's
    Storm may take none of the three (A announces hiki); with the fourth in the stock it
    may take one."""
    state = setup_state(RULES, ["4d 1a", "11d 2a"], "4a 4b 4c 9a", "3a 3b", player=1)
    after = state.apply("play 11d")
    assert [a.code() for a in after.legal_actions()] == ["capture 9a", "pass"]
    state = setup_state(RULES, ["5c 1a", "11d 2a"], "4a 4b 4c 9a", "4d 3b", player=1)
    codes = [a.code() for a in state.apply("play 11d").legal_actions()]
    assert {"capture 4a", "capture 4b", "capture 4c"} <= set(codes)


def test_the_cards_shared_by_two_yaku_are_named_in_the_chapter():
    assert chapter_facts()["higo_shared_cards"] == ("the Curtain, the Boar, the Sake Cup "
                                                    "and the Deer")
    for card in (Card.CHERRY_CURTAIN, Card.CLOVER_BOAR, Card.CHRYSANTHEMUM_SAKE,
                 Card.MAPLE_DEER):
        assert sum(card in y.cards for y in YAKU) == 2


# -- values, yaku, deal -------------------------------------------------------------------

def test_card_values_are_the_chapters_own_and_the_deck_is_worth_245():
    assert VALUES == (20, 5, 10, 0)
    o = RULES.overlay
    assert o.card_points(CardSet.deck().mask) == 245
    assert [o.card_value(c) for c in (Card.PINE_CRANE, Card.PLUM_NIGHTINGALE,
                                      Card.PINE_RIBBON, Card.WILLOW_STORM)] == [20, 5, 10, 0]


def test_the_eight_yaku_are_each_worth_50_to_the_others():
    assert [(r.key, r.points) for r in YAKU] == [
        ("spring_semi_brights", 50), ("purple_ribbons", 50), ("poetry_ribbons", 50),
        ("dry_plain_ribbons", 50), ("the_views", 50), ("boar_deer_geese", 50),
        ("sake_deer_butterfly", 50), ("boar_cuckoo_bridge", 50)]
    assert yaku_keys("7a 10a 8b 9a 6a 4a 5a") == {
        "boar_deer_geese", "sake_deer_butterfly", "boar_cuckoo_bridge"}   # cards shared
    score = get_game("higo-bana").score(list(CardSet.parse("1b 2b 3b 6b 9b 10b"))).to_dict()
    assert score["total"] == 60 and score["card_points"] == 60     # a pile alone pays nothing


@pytest.mark.parametrize("players, hand, field", [(2, 8, 8), (3, 7, 6), (4, 5, 8), (5, 4, 8),
                                                  (6, 3, 12), (7, 3, 6)])
def test_deal_sizes_per_player_count(players, hand, field):
    state = get_rules(players=players)
    end = fast_random_round(state, random.Random(players))
    assert end.card_count() == 48
    first = end.deal.order
    assert len(first) == 48 and state.deals == {players: (hand, field)}


def test_one_or_eight_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="2, 3, 4, 5, 6, 7"):
        get_rules(players=8)


def test_only_a_field_quad_is_a_misdeal_and_the_dealer_takes_it():
    assert RULES.misdeal.field_four and not RULES.misdeal.hand_four
    assert RULES.on_field_four == "dealer_captures" and RULES.field_quad_refill
    assert not get_rules(field_quad_refill=False).field_quad_refill


# -- options ---------------------------------------------------------------------------

def test_every_option_has_its_source_in_the_chapter():
    for o in OPTIONS.values():
        assert o.source is not None and o.source.lines and o.source.doc == "BOOK", o.key


def test_every_variation_of_the_chapter_is_played():
    assert all(o.implemented for o in OPTIONS.values())


def _settle(rules, piles, dealer=0):
    state = setup_state(rules, [""] * rules.players, "", "", captures=piles, dealer=dealer)
    return rules.overlay.settle_draw(state)


def test_book_higo_bana_example_1_lead_bonuses():
    """BK14-1 under the lead variations (2461-2473, 2507): B's 25 leads A's -60 by 85 and
    C's -20 by 45, so "50 Lead Final Score" does not double it; B's cards (75) lead
    nobody's, so no card-value lead does either."""
    piles = [PILES[k] for k in "ABC"]
    for lead in ("score_100", "score_50", "cards_100", "cards_50"):
        res = _settle(get_rules("book-3", lead_bonus=lead), piles)
        assert res.points == (-60, 25, -20) and res.winner == 1, lead
        assert any("the scores stand" in n for n in res.report.notes)


def test_a_lead_of_at_least_the_bonus_doubles_the_winners_score():
    piles = ["1a 3a 8a 11a 12a", "1c"]           # 100 against 0: a lead of exactly 100
    assert _settle(get_rules(lead_bonus="score_100"), piles).points == (200, 0)
    assert _settle(get_rules(lead_bonus="cards_50"), piles).points == (200, 0)
    assert _settle(get_rules(lead_bonus="none"), piles).points == (100, 0)
    piles = ["1a 3a 8a 11a", "1c"]               # 80 against 0
    assert _settle(get_rules(lead_bonus="score_100"), piles).points == (80, 0)
    team = _settle(get_rules("teams-2v2", lead_bonus="score_50"), ["1a 3a 8a", "1c"])
    assert team.points == (120, 0, 120, 0)       # partners share the doubled score


def test_book_higo_bana_example_1_counting_tokens():
    """BK14-1 with Counting Tokens (2515-2523): B wins by 25 over C, one token; more than
    50 gives two, more than 100 three; the most tokens wins the game."""
    from hanafuda_core.families.capture.ranking import decide_game, round_tokens
    assert round_tokens((-60, 25, -20)) == (0, 1, 0)
    assert round_tokens((0, 51, 0)) == (0, 2, 0) and round_tokens((0, 50, 0)) == (0, 1, 0)
    assert round_tokens((0, 101, 0)) == (0, 3, 0) and round_tokens((0, 100, 0)) == (0, 2, 0)
    rules = get_rules("book-3", counting_tokens=True)
    rounds = [(-60, 25, -20), (0, 160, 20), (95, 10, 30), (90, 0, 30)]
    totals = tuple(map(sum, zip(*rounds)))
    assert totals == (125, 195, 60)
    decision = decide_game(rules, totals, (0, 0, 0), round_points=rounds)
    # A takes 2 + 2 tokens (leads of 65 and 60), B 1 + 3 (25 and 140): B's total breaks
    # the tie
    assert (decision.winner, decision.how) == (1, "second key")
    with pytest.raises(OptionError, match="counting tokens"):
        get_rules(counting_tokens=True, first_to=300)


def test_counting_tokens_in_a_played_game():
    game = get_game("higo-bana", counting_tokens=True, rounds=3)
    record = game.play(["greedy", "greedy"], seed=4)
    summary = game.adapter.summary(game, record)
    assert summary["ranked_by"] == "tokens" and sum(summary["tokens"]) >= 0
    assert game.log(record)[-1].startswith("Tokens: ")


def test_the_wild_options_reach_the_engine():
    assert RULES.wild.optional and RULES.wild.optional_from_hand
    assert RULES.wild.hiki == "announced" and RULES.wild.on_field == "month"
    assert not get_rules(wild_from_hand="must_capture").wild.optional_from_hand
    assert get_rules(wild_spares_field_triples=True).wild.hiki == "both"
    assert get_rules(wild_dealt_discarded=True).wild.on_field == "discarded"
    assert RULES.announced_hiki == "any"
    assert get_rules(hand_quad_hiki=False).announced_hiki == "hand_and_field"


def test_first_to_ends_the_game_at_the_target():
    rules = get_rules(first_to=300)
    assert rules.rounds is None and rules.target_score == 300


def test_presets():
    assert set(PRESETS) == {"book", "book-3", "book-6", "teams-2v2", "teams-3v3"}
    assert get_rules("book-3").players == 3 and get_rules("book-6").rounds == 6


def test_chapter_facts_are_the_examples():
    f = chapter_facts()
    assert (f["higo_ex_a"], f["higo_ex_b"], f["higo_ex_c"]) == (-60, 25, -20)
    assert (f["higo_deck"], f["higo_penalty"], f["higo_ten"], f["higo_ribbon"]) == (
        245, 50, 5, 10)


_OPTION_SETS = st.fixed_dictionaries({
    "players": st.sampled_from((2, 3, 4, 7)),
    "wild_dealt_discarded": st.booleans(), "rainman_5": st.booleans(),
    "special_paulownia_10": st.booleans(), "hand_quad_hiki": st.booleans(),
    "wild_from_hand": st.sampled_from(("as_drawn", "must_capture")),
    "wild_spares_field_triples": st.booleans(), "field_quad_refill": st.booleans()})


@settings(max_examples=25, deadline=None)
@given(options=_OPTION_SETS, seed=st.integers(0, 10_000))
def test_random_rounds_score_the_cards_less_the_penalties(options, seed):
    """Every card is accounted for; the scores add up to the captured card values less 50
    for each yaku times the other sides; a side's own yaku never raise its score."""
    rules = get_rules(**options)
    end = fast_random_round(rules, random.Random(seed))
    assert end.phase == Phase.ROUND_OVER and end.card_count() == 48
    o = rules.overlay
    scores = o.side_scores(end.caps_m, end.field_m)
    n = len(scores)
    cards = sum(o.card_points(m) for m in end.caps_m)
    yaku = sum(s.yaku_points for s in scores)
    assert sum(s.total for s in scores) == cards - (n - 1) * yaku
    assert all(s.total == s.card_points - s.taken_by_others for s in scores)
    assert end.result.points == tuple(s.total for s in scores)


@settings(max_examples=20, deadline=None)
@given(lead=st.sampled_from(("score_100", "score_50", "cards_100", "cards_50")),
       seed=st.integers(0, 10_000), players=st.sampled_from((2, 3)))
def test_a_lead_bonus_only_ever_doubles_the_round_winner(lead, seed, players):
    plain = fast_random_round(get_rules(players=players), random.Random(seed))
    bonus = fast_random_round(get_rules(players=players, lead_bonus=lead),
                              random.Random(seed))
    assert plain.history == bonus.history                 # the same round
    before, after, w = plain.result.points, bonus.result.points, bonus.result.winner
    for s in range(players):
        assert after[s] == before[s] or (s == w and after[s] == 2 * before[s])


# -- Team Play (B6) ----------------------------------------------------------------------

@pytest.mark.parametrize("layout, players, teams", [
    ("2v2", 4, (0, 1, 0, 1)), ("2v2v2", 6, (0, 1, 2, 0, 1, 2)), ("3v3", 6, (0, 1, 0, 1, 0, 1))])
def test_team_layouts_seat_partners_apart(layout, players, teams):
    rules = get_rules(teams=layout, players=players)
    assert rules.teams == teams and rules.players == players and rules.sides == max(teams) + 1


def test_team_play_fixes_the_number_of_players():
    with pytest.raises(OptionError, match="Team Play 2v2 is for 4 players, not 2: set "
                                          "players=4"):
        get_rules(teams="2v2")
    with pytest.raises(OptionError, match="for 6 players, not 4"):
        get_rules(teams="3v3", players=4)


def test_partners_pool_their_captures_and_share_the_side_score():
    """BOOK 2371: partners capture into one joint pile. Every seat of a side records the
    side's score; the other side pays 50 for each yaku of the pile."""
    rules = get_rules("teams-2v2")
    pile0, pile1 = "1b 2b 3b 1a", "8a 3a 9a 6b"
    state = setup_state(rules, ["", "", "", ""], "", "", captures=[pile0, pile1])
    res = rules.overlay.settle_draw(state)
    # side 0: 20 + 30 = 50 in cards, Poetry Ribbons; side 1: 40 + 5 + 10 = 55, The Views
    assert res.points == (50 - 50, 55 - 50, 50 - 50, 55 - 50)
    assert res.winner == 1          # side 1's seat first in play order from the dealer (0)
    notes = res.report.notes
    assert any("player 3 plays with player 1" in n for n in notes)


def test_the_winning_side_deals_next_through_its_first_seat_in_play_order():
    rules = get_rules("teams-2v2")
    state = setup_state(rules, ["", "", "", ""], "", "", captures=["1a", "3a 8a"],
                        dealer=2)
    res = rules.overlay.settle_draw(state)
    assert res.points[1] == res.points[3] and res.winner == 3     # 3 plays before 1 after 2


def test_a_team_game_is_won_by_a_side():
    from hanafuda_core.families.capture.ranking import decide_game
    rules = get_rules("teams-3v3")
    decision = decide_game(rules, (10, 40, 10, 40, 10, 40), (0,) * 6)
    assert decision.winner == 1
    assert decide_game(rules, (40,) * 6, (0,) * 6).winner is None


@settings(max_examples=15, deadline=None)
@given(preset=st.sampled_from(("teams-2v2", "teams-3v3")), seed=st.integers(0, 10_000),
       two_pairs=st.booleans())
def test_random_team_rounds_score_by_side(preset, seed, two_pairs):
    rules = get_rules(preset) if not two_pairs else get_rules(teams="2v2v2", players=6)
    end = fast_random_round(rules, random.Random(seed))
    assert end.card_count() == 48
    pts = end.result.points
    for seat in range(rules.players):
        assert pts[seat] == pts[rules.teams.index(rules.teams[seat])]
    if end.result.winner is not None:
        side = rules.teams[end.result.winner]
        assert all(pts[s] < pts[end.result.winner] for s in range(rules.players)
                   if rules.teams[s] != side)


def test_a_team_round_is_told_won_by_the_side():
    # the round's winner is a side: the log, the play and replay tools, the worked round
    # and the first game all name every partner of the winning seat
    from hanafuda_core.teach.tools import PlayController, ReplayController
    from hanafuda_core.teach.worked import first_game, worked_round, worked_round_html
    game = get_game("higo-bana", "teams-2v2")
    play = PlayController(game, seed=3)
    while not play.is_over:
        play.act(play.legal[0])
    res = play.state.result()
    assert res is not None and res.winner is not None
    side = [p for p in range(4) if p % 2 == res.winner % 2]
    names = ["You" if p == 0 else play.names[p][:1].upper() + play.names[p][1:]
             for p in range(4)]
    assert play.result_text().startswith(f"{names[side[0]]} and {names[side[1]]} win this "
                                         "round")
    replay = ReplayController(play.record())
    replay.last()
    told = replay.result_text()
    assert f"{replay.names[side[0]]} and {replay.names[side[1]]} win (" in told, told
    log = "\n".join(game.log(play.record()))
    assert f"Player {side[0] + 1} (" in log and " win (" in log
    wr = worked_round(game, 5)
    if wr.result.winner is not None:
        assert " win (" in worked_round_html(wr) and " and Player " in worked_round_html(wr)
    end = first_game(game, seed=3).moment("end").text
    assert "nobody wins" in end or (" and Player " in end and " win." in end)
