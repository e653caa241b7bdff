"""The rulebook's Hachi-juu Hana (ch. 10): its worked examples, the twelve month yaku with
the November cards standing in, the revealed triples worth double, the par by player
count, no misdeals (a field quad goes to the dealer) and the options."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, MONTH_MASKS, Card, CardSet, Kind, parse_cards
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import (
    PASS,
    Declare,
    Phase,
    apply,
    deal_from_order,
    fast_random_round,
    legal_actions,
    new_round,
    setup_state,
)
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.games.hachijuu_hana import (
    DECISIONS,
    OPTIONS,
    PARS,
    PRESETS,
    WORKED_EXAMPLE,
    YAKU,
    chapter_facts,
    get_rules,
)
from hanafuda_core.play import random_round
from hanafuda_core.players import GreedyPlayer, play_round

RULES = get_rules()
TABLE = RULES.yaku
VALUES = dict(zip((Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF), (20, 10, 5, 0)))


def score(cards: str | CardSet, preset: str = "book", **options: object) -> dict:
    pile = CardSet.parse(cards) if isinstance(cards, str) else cards
    return get_game("hachijuu-hana", preset=preset, **options).score(list(pile)).to_dict()


def _triple(codes: str) -> Declare:
    return Declare("triple", tuple(sorted(parse_cards(codes))))


def test_book_hachijuu_hana_example_1():
    """BK10-1 (line 1563): two April cards and two November cards make All 4 April, the
    November cards standing for the missing April cards; they keep their own card values
    (10 + 5 + 20 + 10 = 45), and All 4 November is not claimed."""
    data = score("4a 4b 11a 11b")
    assert [(y["key"], y["points"], y["stood_for"]) for y in data["yaku"]] == [
        ("month_4", 20, [["11a", "4c"], ["11b", "4d"]])]
    assert (data["card_points"], data["yaku_points"], data["par"]) == (45, 20, 120)
    assert data["total"] == 45 - 120 + 20


def test_book_hachijuu_hana_example_2():
    """BK10-2 (lines 1593-1605), three players: 2 Brights, 3 Tens, 4 Ribbons, 7 Chaffs;
    by month 2 January, 4 February, 2 March, 2 April, 2 May, 4 November. Card points
    (2 x 20) + (3 x 10) + (4 x 5) + (7 x 0) = 90; the four November cards complete
    January and March (the book's own choice), with February: 60; (90 - 80) + 60 = 70.
    The book's arithmetic is right."""
    pile = CardSet.parse(WORKED_EXAMPLE)
    kinds = {k: sum(1 for c in pile if c.kind is k) for k in Kind}
    assert kinds == {Kind.BRIGHT: 2, Kind.TEN: 3, Kind.RIBBON: 4, Kind.CHAFF: 7}
    months = {m: (pile.mask & MONTH_MASKS[m - 1]).bit_count() for m in range(1, 13)}
    assert {m: n for m, n in months.items() if n} == {1: 2, 2: 4, 3: 2, 4: 2, 5: 2, 11: 4}
    data = score(pile, players=3)
    assert (data["card_points"], data["yaku_points"], data["par"], data["total"]) == \
        (90, 60, 80, 70)
    assert [y["key"] for y in data["yaku"]] == ["month_1", "month_2", "month_3"]
    stood = [p for y in data["yaku"] for p in y.get("stood_for", ())]
    assert stood == [["11a", "1b"], ["11b", "1d"], ["11c", "3a"], ["11d", "3d"]]
    facts = chapter_facts()
    assert (facts["hjh_ex_cards"], facts["hjh_ex_yaku"], facts["hjh_ex_total"]) == (90, 60, 70)


def _settled(pile: str, declared: tuple, players: int = 3, **options: object):
    """The round's settlement of a position where seat 0 holds ``pile`` and declared
    ``declared`` at the deal (the other piles empty)."""
    rules = get_rules(players=players, **options)
    state = setup_state(rules, [""] * players, captures=[pile] + [""] * (players - 1))
    state = state._replace(declared=tuple((0, d) for d in declared))
    return rules.overlay.settle_draw(state)


def test_the_example_with_february_revealed_doubles_february():
    """Our test: A was dealt 2a 2b 2c and revealed them; capturing the fourth makes All 4
    February worth 40: yaku 40 + 20 + 20 = 80, score (90 - 80) + 80 = 90."""
    res = _settled(WORKED_EXAMPLE, (_triple("2a 2b 2c"),))
    assert res.points[0] == 90
    lines = {line.key: line for line in res.report.lines}
    assert lines["month_2"].points == 40 and "worth double" in lines["month_2"].note
    assert "the Rainman stood for the Pine Ribbon" in lines["month_1"].note


def test_a_revealed_month_completed_by_stand_ins_is_not_doubled():
    """Our test (decision 1): April revealed (another player took an April card), so only
    stand-ins can complete it: not doubled, and the best stays January + March: 60."""
    assert _settled(WORKED_EXAMPLE, (_triple("4a 4b 4c"),)).points[0] == 70
    # the alternative reading doubles it: April (40) with January beats January + March
    assert _settled(WORKED_EXAMPLE, (_triple("4a 4b 4c"),),
                    stand_in_doubles=True).points[0] == 10 + 20 + 40 + 20


def test_the_yaku_are_the_twelve_months_at_20_each():
    assert [(r.key, r.points, r.group, CardSet(r.cards).mask) for r in YAKU] == [
        (f"month_{m}", 20, "months", MONTH_MASKS[m - 1]) for m in range(1, 13)]
    assert TABLE.evaluate(CardSet.parse("5a 5b 5c 5d 6a 6b 6c 6d")).total == 40
    assert TABLE.stand_ins is not None and TABLE.stand_ins.cards == tuple(
        Card(c) for c in range(40, 44))


def test_card_values_chaffs_nothing_and_the_par_shares_the_deck():
    deck = CardSet(DECK)
    assert RULES.overlay.values == (20, 10, 5, 0)
    assert deck.value(VALUES) == 240 == 2 * PARS[2] == 3 * PARS[3]
    assert score("1c 1d 2c 2d")["card_points"] == 0


def test_stand_ins_count_for_yaku_never_for_card_points():
    assert score("4a 4b 11a 11b")["card_points"] == CardSet.parse("4a 4b 11a 11b").value(VALUES)


@pytest.mark.parametrize(("players", "hand", "field", "stock"), [(2, 8, 8, 24), (3, 7, 6, 21)])
def test_the_deal_for_two_and_three_players(players, hand, field, stock):
    game = get_game("hachijuu-hana", players=players)
    for seed in range(5):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones[f"hand {p}"]) for p in range(players)] == [hand] * players
        assert len(zones["field"]) == field and len(zones["stock"]) == stock
    assert get_rules(players=players).overlay.par == PARS[players]


def test_four_players_are_refused_with_the_allowed_counts():
    with pytest.raises(OptionError, match="2, 3"):
        get_game("hachijuu-hana", players=4)
    with pytest.raises(PlayerCountError):
        get_game("hachijuu-hana").new_round(seed=1, players=3)


def test_no_misdeals_a_hand_quad_or_four_pairs_is_played():
    assert RULES.misdeal == MisdealRules(True, False, False)
    assert RULES.on_field_four == "dealer_captures"
    quads = pairs = 0
    for seed in range(20000):
        s = new_round(RULES, seed)
        assert s.deal.voided == ()
        for h in s.hands_m:
            counts = [(h & m).bit_count() for m in MONTH_MASKS]
            quads += 4 in counts
            pairs += counts.count(2) == 4
        if quads and pairs:
            break
    assert quads and pairs


def _order(hands, field):
    head = [int(c) for h in hands for c in parse_cards(h)] + [int(c) for c in parse_cards(field)]
    return head + [c for c in range(48) if c not in set(head)]


@pytest.mark.parametrize("refill", [True, False])
def test_a_month_dealt_to_the_field_goes_to_the_dealer(refill):
    hands = ("1a 1b 1c 2a 2b 3a 4a 5a", "1d 2c 3b 4b 5b 6a 6b 7a")
    rules = get_rules(field_quad_refill=refill)
    s = deal_from_order(rules, _order(hands, "12a 12b 12c 12d 8a 8b 9a 9b"), 1)
    assert s.captures(1) == CardSet("12a 12b 12c 12d")
    assert len(s.field) == (8 if refill else 4)
    # seat 0 holds a January triple: the declarations come first, the dealer (seat 1)
    # has none, so seat 0 is asked
    assert s.phase == Phase.DECLARE and s.player == 0


def test_a_dealt_triple_may_be_revealed_a_quad_may_not():
    hands = ("1a 1b 1c 2a 2b 2c 2d 3a", "1d 3b 3c 3d 4a 4b 5a 5b")
    s = deal_from_order(RULES, _order(hands, "6a 6b 7a 7b 8a 8b 9a 9b"), 0)
    assert s.phase == Phase.DECLARE and s.player == 0
    assert legal_actions(s) == (_triple("1a 1b 1c"), PASS)          # February is a quad
    s = apply(s, PASS)
    assert s.player == 1 and legal_actions(s) == (_triple("3b 3c 3d"), PASS)
    s = apply(s, "declare triple 3b 3c 3d")
    assert s.phase == Phase.PLAY and s.player == 0
    assert s.declared == ((1, _triple("3b 3c 3d")),)


def test_revealed_months_double_in_a_played_round():
    """A real round: seat 0 reveals its triple, then the greedy players play it out; the
    settlement doubles that month exactly when seat 0's pile holds its four own cards."""
    seen = set()
    for seed in range(200):
        s = new_round(RULES, seed)
        if s.phase != Phase.DECLARE:
            continue
        end = play_round(s, [GreedyPlayer()] * 2, random.Random(seed))
        for side in range(2):
            months = {(int(d.cards[0]) >> 2) + 1 for seat, d in end.declared if seat == side}
            pile = end.caps_m[side]
            doubled = frozenset(f"month_{m}" for m in months)
            expected = pile_score(pile, 2, doubled)
            assert end.result.points[side] == expected
            # the yaku shown during play count the doubled months too
            assert end.yaku_points(side) == TABLE.score(pile, 0, doubled)[0]
            seen.add(any(pile & MONTH_MASKS[m - 1] == MONTH_MASKS[m - 1] for m in months))
    assert seen == {False, True}


def pile_score(pile: int, players: int, doubled: frozenset = frozenset()) -> int:
    """The chapter's formula, counted slowly: card points - par + yaku (a doubled month
    with its own four cards 40)."""
    cards = CardSet.from_mask(pile).value(VALUES)
    return cards - PARS[players] + TABLE.score(pile, 0, doubled)[0]


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from((2, 3)), doubles=st.booleans(), refill=st.booleans(),
       rounds=st.sampled_from((6, 12)), seed=st.integers(0, 10**6))
def test_a_round_under_any_option_set_scores_each_pile(players, doubles, refill, rounds,
                                                         seed):
    """Every card ends in a pile, so the card points add up to 240; each score is the
    pile's card points less the par plus its yaku (revealed months doubled); the best
    score wins, a tie nobody."""
    rules = get_rules(players=players, stand_in_doubles=doubles, field_quad_refill=refill,
                      rounds=rounds)
    end = fast_random_round(rules, random.Random(seed))
    assert end.field_m == 0 and end.card_count() == 48
    assert sum(CardSet.from_mask(m).value(VALUES) for m in end.caps_m) == 240
    for side in range(players):
        months = {(int(d.cards[0]) >> 2) + 1 for s, d in end.declared if s == side}
        doubled = frozenset(f"month_{m}" for m in months)
        cards = CardSet.from_mask(end.caps_m[side]).value(VALUES)
        yaku = rules.yaku.score(end.caps_m[side], 0, doubled)[0]
        assert end.result.points[side] == cards - PARS[players] + yaku
    best = max(end.result.points)
    assert (end.result.winner is None) == (end.result.points.count(best) > 1)


def test_a_tie_has_no_winner_and_the_dealer_deals_again():
    rules = get_rules()
    state = setup_state(rules, ["", ""], captures=["1a 2c", "3a 4c"], dealer=1)
    res = rules.overlay.settle_draw(state)
    assert res.points == (20 - 120, 20 - 120) and res.winner is None
    assert rules.draw_dealer == "stays"
    assert "A tied round" in DECISIONS


def test_every_option_cites_its_lines_and_is_played():
    for opt in OPTIONS.values():
        assert opt.source is not None and opt.source.lines and opt.implemented, opt.key
    assert [get_rules(p).rounds for p in PRESETS] == [12, 12, 6]
    assert get_rules("book-3").players == 3 and get_rules("book-3").deals == {3: (7, 6)}
    with pytest.raises(OptionError, match="1, 2, 3"):
        get_rules(rounds=13)


def test_a_whole_game_plays_and_replays_with_declarations():
    """The record keeps the declarations as actions; replaying it rebuilds them, and the
    rounds end as recorded (the doubled months included)."""
    game = get_game("hachijuu-hana")
    record = game.play(["greedy", "random"], seed=5)
    assert len(record.rounds) == 12
    declared = 0
    for rr, r in zip(record.rounds, game.replay_rounds(record)):
        codes = [c for c in rr.actions if c.startswith("declare ")]
        assert [d.code() for _, d in r.inner.declared] == codes
        assert r.result().points == tuple(rr.outcome["points"])
        declared += len(codes)
    assert declared


def test_random_rounds_of_the_play_protocol_end_scored():
    end = random_round(get_game("hachijuu-hana", players=3), 11)
    assert end.inner.field_m == 0 and end.result().points is not None
