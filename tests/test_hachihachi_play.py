"""Hachi-Hachi on the capture engine: choosing players, claims, play, decisions, settlement."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet
from hanafuda_core.engines.capture import Capture, Play
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.families.capture import teaching
from hanafuda_core.families.capture.table_round import SitOut
from hanafuda_core.games.hachihachi_play import (
    JOIN,
    JOKER,
    PASS,
    BlindStay,
    Cancel,
    Claim,
    Continue,
    End,
    GreedyHachiHachiPlayer,
    HachiHachiDeal,
    _shuffle_keys,
    apply,
    deal_round,
    legal_actions,
    new_hachihachi_round,
    play_round,
    replay_round,
    round_facts,
    setup_hachihachi_round,
    view,
)
from hanafuda_core.games.hachihachi_settle import FieldQueue

PRESETS = ("book", "d001", "d002", "d004")


def random_round(preset, players, seed, blind=False):
    rng = random.Random(seed)
    r = new_hachihachi_round(preset, players, rng, dealer=seed % players, offer_blind_stay=blind)
    start = r
    greedy = GreedyHachiHachiPlayer()
    steps = 0
    while r.stage != "over":
        legal = legal_actions(r)
        assert legal and len(set(legal)) == len(legal)
        a = (legal[int(rng.random() * len(legal))] if seed % 2 else
             greedy.choose(view(r, r.current_seat), legal, rng))
        assert a in legal
        r = apply(r, a)
        assert r.card_count() == 48
        steps += 1
        assert steps < 200
    return start, r


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", range(2, 8))
def test_random_play_invariants(preset, players):
    """Cards conserved, only legal actions, termination, a zero-sum ledger, exact replay.

    Three play (two in a two-player game), except under D002's 'No match'
    (``too_few="share_pot"``, the d002 preset's rule): when only one or two of four
    or more stay, the round ends unplayed and the stayers share the passers' fees."""
    for seed in range(25):
        start, end = random_round(preset, players, seed, blind=seed % 3 == 0)
        s = end.settlement
        assert s.ledger.balance() == 0 and sum(s.totals().values()) == 0
        if end.inner is None:
            assert end.rules.too_few == "share_pot" and players >= 4
            assert 1 <= len(end.active) <= 2 and not s.facts.played
            stayers = {end.names[i] for i in end.active}
            assert {p.category for p in s.ledger} <= {"fees"}
            assert {p.payee for p in s.ledger} <= stayers
            assert all(s.totals()[n] >= 0 for n in stayers)
        else:
            assert len(end.active) == (2 if players == 2 else 3)
        again = replay_round(preset, players, end.deal, [a.code() for a in end.history],
                             offer_blind_stay=start.blind_offered)[-1]
        assert again.result == end.result and again.history == end.history


def test_book_dealer_must_play_and_forced_choices():
    """BOOK: the dealer must play; once two others chose to play the rest are forced out."""
    r = new_hachihachi_round("book", 5, 3, dealer=1)
    assert r.current_seat == 1 and legal_actions(r) == (JOIN,)
    with pytest.raises(IllegalActionError, match="the dealer must play"):
        apply(r, PASS)
    r = apply(apply(apply(r, "join"), "join"), "join")       # seats 1, 2, 3
    assert r.current_seat == 4 and legal_actions(r) == (PASS,)
    with pytest.raises(IllegalActionError, match="two players besides the dealer have chosen "
                                                 "to play, so you are forced out"):
        apply(r, JOIN)
    r = apply(apply(r, "pass"), "pass")
    assert r.stage == "claim" and r.active == (1, 2, 3) and r.forced_out == (4, 0)
    assert r.passed == ()


def test_forced_in_after_enough_passes():
    """Once enough players dropped out, the rest must play (D001 starts with the dealer)."""
    r = new_hachihachi_round("d001", 4, 5, dealer=0)
    r = apply(r, "pass")
    assert legal_actions(r) == (JOIN,)
    with pytest.raises(IllegalActionError, match="forced to play"):
        apply(r, "pass")
    r = apply(apply(apply(r, "join"), "join"), "join")
    assert r.active == (1, 2, 3) and r.passed == (0,) and r.acting_dealer == 1


def test_voluntary_pass_pays_fee_forced_dropout_is_compensated():
    """D001 4-6 players: a voluntary passer pays 1 kan to the winner; forced ones are paid."""
    r = new_hachihachi_round("d001", 5, 11, dealer=0)
    for a in ("pass", "join", "join", "join", "pass"):
        r = apply(r, a)
    assert r.passed == (0,) and r.forced_out == (4,)
    r = play_round(r, ["greedy"] * 5, random.Random(2))
    cats = {p.category for p in r.settlement.ledger.payments}
    assert "fees" in cats
    fee = [p for p in r.settlement.ledger.payments if p.category == "fees"][0]
    assert fee.payer == "Player 1" and fee.amount == 12 * r.multiplier.value


def test_seven_players_joker_holder_sits_out_and_gives_the_field():
    """7 players: the blank card's holder sits out; their other six cards are the field."""
    for seed in range(10):
        r = new_hachihachi_round("book", 7, seed, dealer=0)
        j = r.joker
        assert j is not None and j not in r.choose_order
        order = r.deal.order
        held = [c for c in order[7 * j:7 * j + 7] if c != JOKER]
        assert CardSet(held).mask == r.field0 and len(held) == 6
        if j == 0:
            assert r.deal.dealer == 1          # the player to the dealer's right deals


def test_blind_stay_declared_before_the_deal():
    """Blind Stay: the dealer declares before seeing the hand and then cannot drop out."""
    r = new_hachihachi_round("d001", 5, 7, dealer=2, offer_blind_stay=True)
    assert r.stage == "blind" and len(view(r, 2).hand) == 0
    r = apply(r, BlindStay(True))
    assert r.stage == "choose" and r.current_seat == 2 and legal_actions(r) == (JOIN,)
    with pytest.raises(IllegalActionError, match="blind stay"):
        apply(r, "pass")
    r = play_round(r, ["random"] * 5, random.Random(1))
    assert r.blind and round_facts(r).blind_stay


def test_claims_show_one_of_each_group_and_teach_errors():
    """Teyaku: the legal claims are none, one chaff and/or one suit combination."""
    r = new_hachihachi_round("book", 3, 0)
    for seed in range(200):
        r = new_hachihachi_round("book", 3, seed)
        res = r.rules.teyaku.evaluate(CardSet.from_mask(r.hands[r.current_seat]))
        if res.hits:
            break
    legal = legal_actions(r)
    assert legal[0] == Claim(()) and set(legal[-1].keys) == {h.rule.key for h in res.hits}
    with pytest.raises(IllegalActionError, match="does not make 'four_three'"):
        apply(r, Claim(("four_three",)))
    before = r
    with pytest.raises(IllegalActionError):
        apply(r, "play 1a")
    assert r == before


def test_decision_names_follow_the_preset():
    """Continue / End are named as each tradition names them."""
    words = {"book": ("Continue", "End"), "d001": ("Sage", "Stop"),
             "d002": ("Sa-gé", "Yoshi"), "d004": ("Keep", "Go out")}
    for preset, (go, stop) in words.items():
        r = setup_hachihachi_round(preset, ["3c 9c", "4a 10c", "6c 6d"], "3b", "4c 5c 8c 12c",
                                   ["1b 2b", "", ""])
        r = apply(r, "play 3c")
        assert legal_actions(r) == (Continue(), End())
        assert [a.describe().split(" (")[0] for a in legal_actions(r)] == \
            [f"call {go}", f"call {stop}"]


def test_the_choice_to_sit_a_round_out_is_called_a_pass_as_the_prompt_says():
    """Hachi-Hachi's rules call sitting a round out a pass: the move's words say so, as
    its prompt does; the big Go-Stop table's same choice keeps its plain words."""
    r = get_game("hachihachi").new_round(seed=1, players=5)
    while not any(a.code() == "pass" for a in r.legal_actions()):
        r = r.apply(r.legal_actions()[0])
    assert [a.describe() for a in r.legal_actions()] == ["play this round",
                                                          "pass (sit this round out)"]
    assert "or pass." in teaching.prompt(r, r.current_player, [f"P{i}" for i in range(5)])
    assert SitOut().describe() == "sit this round out"


def _poetry_position(preset, **opts):
    return setup_hachihachi_round(preset, ["3c 9c 9d", "3b 10c 10d", "6c 6d 7c"], "",
                                  "4c 5c 8c 12c 4d 5d 8d", ["1b 2b", "", ""], **opts)


def test_book_end_takes_yaku_from_each():
    """BOOK: End with nobody else continuing: the yaku (3 Poetry 70) from each opponent."""
    r = _poetry_position("book")
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "end"):
        r = apply(r, a)
    assert r.settlement.totals() == {"Player 1": 140, "Player 2": -70, "Player 3": -70}


def test_book_responsibility_discard_pays_for_both():
    """BOOK Responsibility Penalty: the discarder of the completing card pays for both."""
    r = _poetry_position("book", responsibility=True)
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "end"):
        r = apply(r, a)
    assert r.settlement.totals() == {"Player 1": 140, "Player 2": -140, "Player 3": 0}
    assert "responsible" in r.settlement.ledger.payments[0].reason


def test_no_responsibility_without_another_choice():
    """Not responsible when the completing card was the only card left to play."""
    r = setup_hachihachi_round("book", ["3c 9c", "3b", "6c 6d"], "", "4c 5c 8c 12c",
                               ["1b 2b", "", ""], responsibility=True)
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "end"):
        r = apply(r, a)
    assert r.settlement.totals()["Player 2"] == -70


def test_d001_responsibility_is_standard_and_paid_at_once():
    """D001: the responsible discarder pays the dekiyaku (Akatan 7 kan) for both."""
    r = _poetry_position("d001")
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "end"):
        r = apply(r, a)
    assert r.settlement.totals() == {"Player 1": 168, "Player 2": -168, "Player 3": 0}


def test_book_cancel_at_start_of_turn_pays_half():
    """BOOK: a Continue caller may Cancel at the start of their next turn: half from each."""
    r = _poetry_position("book")
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "continue", "play 10c",
              "play 7c"):
        r = apply(r, a)
    assert Cancel() in legal_actions(r)
    r = apply(r, "cancel")
    assert r.settlement.totals() == {"Player 1": 70, "Player 2": -35, "Player 3": -35}


def test_d001_has_no_cancel():
    """D001: a sage stands until it succeeds or fails; Cancel teaches why not."""
    r = _poetry_position("d001", responsibility=False)
    for a in ("play 9c", "play 3b", "play 6c", "play 3c", "continue", "play 10c",
              "play 7c"):
        r = apply(r, a)
    assert Cancel() not in legal_actions(r)
    with pytest.raises(IllegalActionError, match="no Cancel"):
        apply(r, "cancel")


def test_book_end_after_one_opponent_continued_is_double():
    """BOOK: End after exactly one opponent continued takes double from that one."""
    r = setup_hachihachi_round("book", ["3c 9c", "10c 11d", "6c 7c"], "3b 10b",
                               "4c 5c 8c 12c 4d 5d", ["1b 2b", "6b 9b", ""])
    r = apply(apply(r, "play 3c"), "continue")      # Player 1: Poetry, continues
    r = apply(apply(r, "play 10c"), "end")          # Player 2: Purple, ends
    assert r.settlement.totals() == {"Player 1": -140, "Player 2": 140, "Player 3": 0}


def test_illegal_play_leaves_state_unchanged():
    r = _poetry_position("book")
    before = r
    with pytest.raises(IllegalActionError, match="not in your hand"):
        apply(r, "play 1a")
    with pytest.raises(IllegalActionError, match="turn"):
        apply(r, "play 9c", player=1)
    assert r == before


def test_deal_round_replays_a_recorded_deal():
    r = new_hachihachi_round("d004", 6, 9, dealer=3)
    again = deal_round("d004", 6, HachiHachiDeal.from_dict(r.deal.to_dict()))
    assert again.hands == r.hands and again.field0 == r.field0


def test_field_queue_reserves_next_deal():
    """D001: a queued x4 from an earlier deal applies to this one."""
    r = new_hachihachi_round("d001", 3, 1, queue=FieldQueue("queue", (4,)))
    assert r.multiplier.value == 4


def test_coach_advises_the_capture_that_completes_poetry():
    """The project's coach works on the engine view of a Hachi-Hachi turn."""
    from hanafuda_core.coach import Coach
    from hanafuda_core.games.hachihachi_play import coach_advice
    r = _poetry_position("book")
    for a in ("play 9c", "play 3b", "play 6c"):
        r = apply(r, a)
    advice, mapping = coach_advice(r, Coach(samples=8, seed=1))
    assert mapping[advice.best].code() == "play 3c"
    assert "3 Poetry Ribbons" in advice.summary


def _outcome(r, action, player=None):
    try:
        return apply(r, action, player)
    except IllegalActionError as error:
        return ("refused", str(error))


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000),
       tries=st.lists(st.tuples(st.sampled_from(("play", "capture")), st.integers(-1, 48)),
                      min_size=1, max_size=4))
def test_cards_played_in_the_turn_are_checked_as_by_the_full_refusal(preset, seed, tries):
    # apply() hands a Play / Capture in the capture turn straight to the engine (which
    # checks it); naming the seat takes the full path (_refuse, then the move). Both give
    # the same round, or refuse with the same reason, for legal and illegal cards alike,
    # at every position of a random round (decisions and capture choices included).
    rng = random.Random(seed)
    r = new_hachihachi_round(preset, 3, rng)
    while r.stage != "over":
        legal = legal_actions(r)
        for kind, card in tries + [(type(a).__name__.lower(), a.card) for a in legal
                                   if isinstance(a, (Play, Capture))]:
            action = Play(card) if kind == "play" else Capture(card)
            fast = _outcome(r, action)
            full = _outcome(r, action, r.current_seat)
            assert fast == full
        r = apply(r, legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_keys_are_48_draws_of_32_bits(seed):
    # The deal's shuffle keys are drawn in one call; they and the stream after them are
    # those of 48 calls of getrandbits(32), so seeded deals and records stay the same.
    a, b = random.Random(seed), random.Random(seed)
    assert _shuffle_keys(a) == tuple(b.getrandbits(32) for _ in range(48))
    assert a.random() == b.random()


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(PRESETS), players=st.integers(2, 7), seed=st.integers(0, 10_000),
       options=st.fixed_dictionaries({}, optional={
           "responsibility": st.booleans(), "triple_responsibility": st.booleans(),
           "risk": st.booleans(), "open_hand": st.booleans()}))
def test_a_played_round_settles_its_own_facts_unchecked_as_checked(preset, players, seed,
                                                                   options):
    # _finish settles the round's own facts without RoundFacts.check (valid by
    # construction): they pass the check, and the checked settlement is the same.
    from hanafuda_core.games.hachihachi import get_rules
    from hanafuda_core.games.hachihachi_settle import settle_round
    rules = get_rules(preset, **options)
    rng = random.Random(seed)
    r = new_hachihachi_round(rules, players, rng, dealer=seed % players)
    while r.stage != "over":
        legal = legal_actions(r)
        r = apply(r, legal[int(rng.random() * len(legal))])
    facts = r.result.report.facts           # (round_facts of the round as it ended)
    facts.check(rules)
    assert settle_round(rules, facts) == r.result.report
