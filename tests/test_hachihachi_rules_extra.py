"""Hachi-Hachi rules beyond the first playable version: the exchange of hands, the
auction's variants, field quads, overtime, compensation with the field, Shisou
aborting the hand, responsibility for melded triples, the D004 keeping options,
the rulebook's variants (Hidden Field, Open Hand, Risk, Simple 16 Yaku, ...) and
the chips and loans of the kan traditions. Every test names the clause it checks."""

import random

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.errors import HanafudaError, IllegalActionError
from hanafuda_core.games.hachihachi import OPTIONS, get_rules, option_sources, yaku_values
from hanafuda_core.games.hachihachi_game import (
    chip_account,
    game_result,
    play_campaign,
    play_hachihachi_game,
)
from hanafuda_core.games.hachihachi_play import (
    JOIN,
    PASS,
    Cancel,
    Claim,
    Continue,
    End,
    HachiHachiDeal,
    Trade,
    apply,
    deal_round,
    legal_actions,
    new_hachihachi_round,
    play_round,
    replay_round,
    setup_hachihachi_round,
    view,
)
from hanafuda_core.games.hachihachi_settle import (
    Call,
    FieldQueue,
    PlayerFacts,
    RoundFacts,
    settle_round,
)
from hanafuda_core.ledger import KAN, SHILLINGS

H = CardSet.parse


def P(name, hand=None, **kw):
    return PlayerFacts(name, hand=H(hand) if hand else None, **kw)


def zero_sum(s):
    assert s.ledger.balance() == 0 and sum(s.totals().values()) == 0


def finish(r, rng):
    return play_round(r, ["random"] * r.players, rng)


# ---------------------------------------------------------------- 1. exchange / trade

def test_d004_exchange_chain_with_the_eldest():
    """D004 Deal: before looking, anyone may swap hands with the eldest; a later swapper
    swaps with whoever now holds the eldest's original hand."""
    r = new_hachihachi_round("d004", 5, 3, dealer=0, offer_trade=True)
    dealt = r.hands
    assert r.stage == "trade" and r.current_seat == 1
    assert legal_actions(r) == (Trade(False), Trade(True))
    assert all(len(view(r, s).hand) == 0 for s in range(5))       # nobody has looked
    before = r
    with pytest.raises(IllegalActionError, match="trade your unseen hand|trade / no trade"):
        apply(r, JOIN)
    assert r == before
    r = apply(r, "trade")                      # seat 1 takes the eldest's hand
    assert r.hands[1] == dealt[0] and r.hands[0] == dealt[1]
    r = apply(r, "no trade")                   # seat 2 keeps
    r = apply(r, "trade")                      # seat 3 swaps with seat 1, who holds it now
    assert r.hands[3] == dealt[0] and r.hands[1] == dealt[3] and r.hands[0] == dealt[1]
    r = apply(r, "no trade")
    assert r.stage == "choose" and r.last_trader == 3
    end = finish(r, random.Random(4))
    zero_sum(end.settlement)
    again = replay_round("d004", 5, end.deal, [a.code() for a in end.history], offer_trade=True)[-1]
    assert again.result == end.result


def test_book_trade_needs_the_trade_variant():
    """BOOK: trading is a variant: without the option the exchange is refused, teaching how."""
    assert get_rules("book").trade is False and get_rules("d004").trade is True
    with pytest.raises(HanafudaError, match="trade=True"):
        new_hachihachi_round("book", 4, 1, offer_trade=True)
    r = new_hachihachi_round(get_rules("book", trade=True), 4, 1, offer_trade=True)
    assert r.stage == "trade"
    assert new_hachihachi_round("book", 4, 1, trade=True).stage == "trade"   # the option


def test_book_dealers_hand_achievement_ten_from_all():
    """BOOK Dealer's Hand: the last trader (holding the dealer's hand) with 89 or more card
    points takes 10 from every player, passers included, the Joker holder excepted."""
    rules = get_rules("book", trade=True, fold_fees=(10, 15, 20))
    facts = RoundFacts((P("A", claims=(), card_points=70), P("B", claims=(), card_points=100),
                        P("C", claims=(), card_points=94), P("D"), P("E")),
                       dealer="A", multiplier=2, passed=("D",), joker="E", dealers_hand="B")
    s = settle_round(rules, facts)
    dh = [(p.payer, p.amount) for p in s.ledger if "Dealer's Hand" in p.reason]
    assert sorted(dh) == [("A", 20), ("C", 20), ("D", 20)]
    zero_sum(s)
    assert not [p for p in settle_round(rules, RoundFacts(
        (P("A", claims=(), card_points=70), P("B", claims=(), card_points=88),
         P("C", claims=(), card_points=106), P("D"), P("E")), dealer="A", multiplier=1,
        passed=("D",), joker="E", dealers_hand="B")).ledger if "Dealer's Hand" in p.reason]
    assert get_rules("d004").dealers_hand == 0          # no such achievement in D004


def test_trade_in_play_reaches_dealers_hand_in_facts():
    """The round tells the settlement who traded last."""
    from hanafuda_core.games.hachihachi_play import round_facts
    rules = get_rules("book", trade=True)
    r = new_hachihachi_round(rules, 3, 5, dealer=0, offer_trade=True)
    r = apply(apply(r, "no trade"), "trade")
    assert r.last_trader == 2 and r.stage == "claim"
    end = finish(r, random.Random(2))
    assert round_facts(end).dealers_hand == end.names[2]
    zero_sum(end.settlement)


# ---------------------------------------------------------------- 2. auction

def test_d004_blind_play_only_when_no_double_is_known():
    """D004: the eldest may play blind only when no carried-over double/quad is known."""
    assert new_hachihachi_round("d004", 5, 1, offer_blind_stay=True).stage == "blind"
    carried = new_hachihachi_round("d004", 5, 1, offer_blind_stay=True,
                                   queue=FieldQueue("queue", (2,)))
    assert carried.stage == "trade" and not carried.blind_offered   # the exchange comes next


def test_d004_eldest_passes_right_becomes_eldest_and_pays_first_fee():
    """D004 Auction: if the eldest passes, the player to the right becomes eldest; fees
    1/-, 1/6, 2/- go to the hand's winner (nobody trades hands first)."""
    r = new_hachihachi_round("d004", 6, 8, dealer=0)
    for _ in range(5):
        r = apply(r, "no trade")
    for a in ("pass", "join", "pass", "join", "join", "pass"):
        r = apply(r, a)
    assert r.active == (1, 3, 4) and r.acting_dealer == 1
    assert r.passed == (0, 2) and r.forced_out == (5,)
    end = finish(r, random.Random(1))
    fees = sorted((p.payer, p.amount // end.multiplier.value)
                  for p in end.settlement.ledger if p.category == "fees")
    assert fees == [("Player 1", SHILLINGS.of(1)), ("Player 3", SHILLINGS.of(1, 6))]
    zero_sum(end.settlement)


def test_d002_no_match_one_or_two_stayers_share_the_pot():
    """D002 Drop: if only one or two stay, the round is over and they share the fees
    (the d002 preset's default; the same facts are refused under forced-in rules)."""
    rules = get_rules("d002")
    assert rules.too_few == "share_pot"
    r = new_hachihachi_round(rules, 5, 2, dealer=0)
    for a in ("pass", "join", "pass", "pass"):
        r = apply(r, a)
    assert legal_actions(r) == (JOIN, PASS)           # nobody is forced in
    r = apply(r, "join")
    assert r.stage == "over" and r.active == (1, 4) and r.inner is None
    m = r.multiplier.value
    t = r.settlement.totals()
    # seat fees: Oya (seat 1) 1 Kan, 3rd 2 Kan, 4th 2 1/2 Kan, halved between the stayers
    assert t["Player 2"] == t["Player 5"] == (12 + 24 + 30) * m // 2
    assert t["Player 1"] == -12 * m and t["Player 4"] == -30 * m
    zero_sum(r.settlement)
    with pytest.raises(HanafudaError, match="share the fees"):
        settle_round(get_rules("d002", too_few="forced_in"), r.settlement.facts)


def test_d001_nobody_forced_fees_up_to_three_kan_one_left_takes_the_pot():
    """D001 variation: nobody forced to play; fees 1, 1 1/2, 2, 2 1/2, 3 kan; one left
    takes the pot. If everybody else passed, the last player must stay (our decision)."""
    rules = get_rules("d001", too_few="share_pot", fold_fees=(12, 18, 24, 30, 36))
    r = new_hachihachi_round(rules, 6, 4, dealer=0)
    for a in ("pass",) * 5:
        r = apply(r, a)
    assert legal_actions(r) == (JOIN,)
    with pytest.raises(IllegalActionError, match="forced to play"):
        apply(r, "pass")
    r = apply(r, "join")
    m = r.multiplier.value
    assert r.stage == "over" and r.result.winner == 5
    assert r.settlement.totals()["Player 6"] == (12 + 18 + 24 + 30 + 36) * m
    assert [KAN.format(p.amount // m) for p in r.settlement.ledger] == \
        ["1 kan", "1 kan 6", "2 kan", "2 kan 6", "3 kan"]
    zero_sum(r.settlement)


def test_d001_two_left_may_play_a_two_handed_deal():
    """D001 variation: if only two want to play, they play a two-handed deal (nobody is
    forced in, so up to four of five may pass: D001's 'nobody forced' fees reach 3 kan)."""
    rules = get_rules("d001", too_few="two_handed", fold_fees=(12, 18, 24, 30, 36))
    r = new_hachihachi_round(rules, 5, 6, dealer=0)
    for a in ("pass", "join", "pass", "pass", "join"):
        r = apply(r, a)
    assert r.stage == "claim" and r.active == (1, 4)
    end = finish(r, random.Random(3))
    s = end.settlement
    zero_sum(s)
    assert set(s.facts.active) == {"Player 2", "Player 5"}
    assert {p.payer for p in s.ledger if p.category == "fees"} <= {"Player 1", "Player 3",
                                                                     "Player 4"}


# ---------------------------------------------------------------- 4. D001 variations

def _order_with_field(field: str, hands: list[str]) -> tuple[int, ...]:
    used = H(field).mask
    for h in hands:
        used |= H(h).mask
    rest = [c for c in range(48) if not used >> c & 1]
    order = [int(c) for h in hands for c in H(h)] + [int(c) for c in H(field)] + rest
    return tuple(order)


def test_d001_dealer_captures_a_dealt_field_quad():
    """D001 Deal: a four-of-a-kind on the table is captured at once by the dealer."""
    hands = ["2a 2b 3c 4c 5c 6c 7c", "2c 2d 3d 4d 5d 6d 7d", "9a 9b 9c 10a 10b 10c 12b"]
    order = _order_with_field("1a 1b 1c 1d 8c 8d", hands)
    deal = HachiHachiDeal(order, (0,) * 48, 0)
    r = deal_round("d001", 3, deal)
    assert r.multiplier.value == 2                     # the Crane still doubles the deal
    for _ in range(3):
        r = apply(r, "claim none")
    assert r.captures(0) == H("1a 1b 1c 1d") and r.field == H("8c 8d")
    end = finish(r, random.Random(5))
    assert end.card_count() == 48
    zero_sum(end.settlement)
    assert get_rules("book").field_quad == "redeal"
    assert option_sources("d001")["field_quad"].default == "dealer_takes"


def test_d001_overtime_for_reserved_double_deals():
    """D001 variation / D004 'some': extra deals while doubled or quadrupled deals wait."""
    found = None
    for seed in range(60):
        rec = play_hachihachi_game(seed=seed, agents=("greedy",) * 3, preset="d001", deals=6,
                                   overtime=True)
        if len(rec.rounds) > 6:
            found = rec
            break
    assert found is not None
    assert all(log.context["queue"] for log in found.rounds[6:])
    result = game_result(found)
    assert result.ledger.balance() == 0 and len(result.deals) == len(found.rounds)
    plain = play_hachihachi_game(seed=seed, agents=("greedy",) * 3, preset="d001", deals=6)
    assert len(plain.rounds) == 6


def test_d001_forced_folder_compensated_for_dekiyaku_with_table_cards():
    """D001 variation: a forced folder is paid half of a complete Akatan made with the
    table cards, from each active player (plus the usual 3 points per card)."""
    players = (P("A", claims=()), P("B", claims=()), P("C", claims=()),
               P("D", "1b 2b 4c 5c 6c 7c 9c"))
    facts = RoundFacts(players, dealer="A", field=H("3b 8c 10c 11d 12c 12d"), multiplier=1,
                       forced_out=("D",))
    plain = settle_round("d001", facts)
    # half of the Aka (2 kan) + 3 points for each of the two Poetry Ribbons
    assert [p.amount for p in plain.ledger if p.category == "compensation"] == [18, 18, 18]
    more = settle_round(get_rules("d001", compensation_with_field=True), facts)
    comp = [p.amount for p in more.ledger if p.category == "compensation"]
    assert comp == [18 + KAN.of(3, 6)] * 3          # + half of the Akatan (7 kan)
    zero_sum(more)


def test_d001_shisou_aborts_the_hand_and_the_month_advances():
    """D001 variation: whoever is dealt Shisou (even a forced folder), the hand is aborted
    after the teyaku; no card points, no winner, the next month is dealt."""
    rules = get_rules("d001", four_three="aborts_hand")
    players = (P("A", "1b 2b 3c 4c 6c 7c 10c"), P("B", claims=(), card_points=100),
               P("C", claims=(), card_points=80), P("D", "11a 11b 11c 11d 12b 12c 12d"))
    facts = RoundFacts(players, dealer="A", multiplier=1, forced_out=("D",), aborted="D")
    s = settle_round(rules, facts)
    assert s.winner is None and "cards" not in {p.category for p in s.ledger}
    assert {p.category for p in s.ledger} == {"compensation", "teyaku"}
    zero_sum(s)
    hands = ["11a 11b 11c 11d 12b 12c 12d", "2c 2d 3d 4d 5d 6d 7d", "9a 9b 9c 10a 10b 10c 8a"]
    r = deal_round(rules, 3, HachiHachiDeal(_order_with_field("1a 1c 3a 4a 5a 6a", hands),
                                            (0,) * 48, 0))
    for a in ("claim four_three", "claim none", "claim none"):
        r = apply(r, a)
    assert r.stage == "over" and r.result.winner is None and "aborted" in r.result.reason
    assert not r.ends_game


def test_d001_inoshikachou_seven_kan_with_responsibility():
    """D001 variation: Boar-Deer-Butterfly 7 kan stops play, with responsibility."""
    r = setup_hachihachi_round("d001", ["6c 9c 9d", "6a 10c 10d", "1c 1d 2c"], "",
                               "4c 5c 8c 12c 4d 5d 8d", ["7a 10a", "", ""],
                               boar_deer_butterfly=7)
    for a in ("play 9c", "play 6a", "play 1c", "play 6c"):
        r = apply(r, a)
    assert legal_actions(r) == (Continue(), End())
    r = apply(r, "end")
    assert r.settlement.totals() == {"Player 1": 2 * KAN.of(7), "Player 2": -2 * KAN.of(7),
                                     "Player 3": 0}


# ---------------------------------------------------------------- 5. D004 keeping, melds

def test_d004_giving_up_the_fourth_card_of_a_melded_triple():
    """D004 Responsible discard: discarding the remaining card of a three-card meld makes
    that player pay its event score alone (for both losers)."""
    a = P("A", "9a 9b 9c 1c 2c 3c 4c", claims=("three",), card_points=90,
          captures=None, caught_triples=(9,), triple_responsible=((9, "B"),))
    facts = RoundFacts((a, P("B", claims=(), card_points=90), P("C", claims=(), card_points=84)),
                       dealer="A", multiplier=1)
    s = settle_round("d004", facts)
    ev = [(p.payer, p.amount) for p in s.ledger if p.category == "events"]
    assert ev == [("B", SHILLINGS.of(2))]
    zero_sum(s)
    plain = settle_round("book", facts)          # BOOK: no such responsibility
    assert sorted(p.payer for p in plain.ledger if p.category == "events") == ["B", "C"]


def test_d004_fourth_card_discard_is_found_in_play():
    """In play the discarder of the fourth card of a declared triple is found."""
    from hanafuda_core.games.hachihachi_play import round_facts
    r = setup_hachihachi_round("d004", ["9a 9b 9c 1c", "9d 2c 2d", "3c 3d 4c"], "",
                               "5c 6c 7c 8c 10c 10d 12c", claims=[("three",), (), ()])
    for a in ("play 1c", "play 9d", "play 3c", "play 9a"):
        r = apply(r, a)
    facts = round_facts(r)
    assert facts.player("Player 1").triple_responsible == ((9, "Player 2"),)


def test_d004_rain_card_junk_or_itself_but_not_both():
    """D004 'some': a rain card may count as junk or as itself in melds, not both."""
    hand = H("11a 1c 1d 2c 2d 3c 8c")
    plain = get_rules("d004").teyaku.evaluate(hand)
    either = get_rules("d004", rain_in_melds="either").teyaku.evaluate(hand)
    assert {h.rule.key for h in plain.candidates} == {"seven_chaffs"}
    assert {h.rule.key for h in either.candidates} == {"seven_chaffs", "one_bright"}
    bright = either.find("one_bright")
    assert H("11a").mask & bright.shown.mask == 0             # the Rainman is not shown


def test_d004_sixteen_junk_also_counts_when_someone_goes_out():
    """D004 Special combinations: sixteen junk counts also when a player goes out."""
    facts = RoundFacts((P("A", claims=(), chaffs=16, card_points=60),
                        P("B", claims=(), card_points=100), P("C", claims=(), card_points=104)),
                       dealer="A", multiplier=1, calls=(Call("B", "out", ("purple",)),))
    s = settle_round("d004", facts)
    assert s.winner == "A" and "16" in s.special
    assert s.totals()["A"] == 2 * SHILLINGS.of(12) - SHILLINGS.of(7) + SHILLINGS.of(7)
    zero_sum(s)
    s2 = settle_round(get_rules("d004", sixteen_when_out=False), facts)
    assert s2.winner == "B" and not s2.special


def test_d004_keeping_forbidden_after_five_brights():
    """D004 'some': no keeping after five brights (or seven ribbons)."""
    opts = dict(keep_forbidden=("five_brights", "seven_ribbons"))
    r = setup_hachihachi_round("d004", ["11a 9c", "2c 4c", "5c 6c"], "11d",
                               "7c 10c 12c 7d 10d", ["1a 3a 8a 12a", "", ""], **opts)
    r = apply(r, "play 11a")
    assert legal_actions(r) == (End(),)
    before = r
    with pytest.raises(IllegalActionError, match="nobody may play on"):
        apply(r, "keep")
    assert r == before
    free = setup_hachihachi_round("d004", ["11a 9c", "2c 4c", "5c 6c"], "11d",
                                  "7c 10c 12c 7d 10d", ["1a 3a 8a 12a", "", ""])
    assert legal_actions(apply(free, "play 11a")) == (Continue(), End())


def test_d004_cancelling_a_keep_returns_half():
    """D004 'some': a keeper may cancel by returning half of what the kept combination
    earned, and then no longer pays for both."""
    def position(**opts):
        return setup_hachihachi_round("d004", ["3c 9c 9d", "3b 10c 10d", "6c 6d 7c"], "",
                                      "4c 5c 8c 12c 4d 5d 8d", ["1b 2b", "", ""],
                                      responsibility=False, **opts)
    moves = ("play 9c", "play 3b", "play 6c", "play 3c", "keep", "play 10c", "play 7c")
    r = position(keep_cancel=True)
    for a in moves:
        r = apply(r, a)
    assert Cancel() in legal_actions(r)
    r = apply(r, "cancel")
    assert r.stage == "play" and r.current_seat == 0 and Cancel() not in legal_actions(r)
    assert [c.kind for c in r.calls] == ["continue", "cancel"]
    seven = SHILLINGS.of(7)
    base = (P("A", claims=()), P("B", claims=()), P("C", claims=()))
    cancelled = RoundFacts(base, dealer="A", multiplier=1, calls=(
        Call("A", "keep", ("poetry",)), Call("A", "cancel"), Call("B", "out", ("purple",))))
    assert settle_round("d004", cancelled).totals() == {"A": 0, "B": 2 * seven - seven // 2,
                                                        "C": -2 * seven + seven // 2}
    kept = RoundFacts(base, dealer="A", multiplier=1, calls=(
        Call("A", "keep", ("poetry",)), Call("B", "out", ("purple",))))
    assert settle_round("d004", kept).totals()["A"] == -seven      # pays for both instead
    r = position()
    for a in moves:
        r = apply(r, a)
    with pytest.raises(IllegalActionError, match="keep_cancel"):
        apply(r, "cancel")


# ---------------------------------------------------------------- 6. BOOK variants

def test_book_hidden_field_until_players_are_set():
    """BOOK Hidden Field: the field is face down until the players are determined."""
    r = new_hachihachi_round("book", 5, 3, hidden_field=True)
    assert r.stage == "choose" and len(view(r, 1).field) == 0
    assert len(view(new_hachihachi_round("book", 5, 3), 1).field) == 6
    while r.stage == "choose":
        r = apply(r, legal_actions(r)[0])
    assert len(view(r, 1).field) == 6


def test_book_open_hand_claimed_cards_stay_visible():
    """BOOK Open Hand: cards shown for hand combinations stay visible in the views."""
    hands = ["9a 9b 9c 1c", "2c 2d 4c", "3c 3d 5c"]
    r = setup_hachihachi_round("book", hands, "", "6c 7c 8c 10c 12c 6d 7d",
                               claims=[("three",), (), ()], open_hand=True)
    assert view(r, 1).shown == ((0, H("9a 9b 9c")),)
    r = apply(r, "play 9a")
    assert view(r, 2).shown == ((0, H("9b 9c")),)
    closed = setup_hachihachi_round("book", hands, "", "6c 7c 8c 10c 12c 6d 7d",
                                    claims=[("three",), (), ()])
    assert view(closed, 1).shown == ()


def test_book_risk_continue_caller_who_never_ends_pays():
    """BOOK Risk: a Continue caller who never calls End pays their yaku to each opponent."""
    rules = get_rules("book", risk=True)
    base = (P("A", claims=(), card_points=100), P("B", claims=(), card_points=80),
            P("C", claims=(), card_points=84))
    ended = RoundFacts(base, dealer="A", multiplier=1,
                       calls=(Call("B", "continue", ("purple",)), Call("A", "end", ("poetry",))))
    assert settle_round(rules, ended).totals() == {"A": 140 + 70, "B": -140 - 140, "C": 70}
    out = RoundFacts(base, dealer="A", multiplier=1, calls=(Call("B", "continue", ("purple",)),))
    s = settle_round(rules, out)
    assert s.totals() == {"A": 70, "B": -140, "C": 70} and s.winner == "B"
    assert settle_round("book", out).totals() == {"A": -35, "B": 70, "C": -35}
    zero_sum(s)


def test_book_simple_16_yaku_is_a_yaku_of_120():
    """BOOK Simple 16 Yaku: 16 Chaffs (November may count) is a 120-point yaku, not a
    special achievement."""
    rules = get_rules("book", simple_16_yaku=True)
    pile = H("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 11c 11d")
    assert yaku_values(rules.yaku, pile) == {"sixteen_dregs": 120}
    assert "sixteen_dregs" not in yaku_values(get_rules("book").yaku, pile)
    facts = RoundFacts((P("A", claims=(), card_points=70, chaffs=16),
                        P("B", claims=(), card_points=100), P("C", claims=(), card_points=94)),
                       dealer="B", multiplier=1)
    assert settle_round("book", facts).special
    assert not settle_round(rules, facts).special


def test_book_less_compensation_and_worthless_yaku():
    """BOOK variants: Less Compensation (2 per card) and Worthless Yaku (no half of a
    held yaku) on the rulebook's example 6 (D forced out with 3 Pairs and a Bright)."""
    from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES
    facts = BOOK_EXAMPLES["BK17-6"].facts
    comp = lambda rules: [p.amount for p in settle_round(rules, facts).ledger   # noqa: E731
                          if p.category == "compensation"]
    assert comp(get_rules("book")) == [46, 46]
    assert comp(get_rules("book", compensation_per_card=2)) == [44, 44]
    held = RoundFacts((P("A", claims=()), P("B", claims=()), P("C", claims=()),
                       P("D", "1b 2b 3b 5c 6c 8c 9c")), dealer="A", multiplier=1,
                      forced_out=("D",))
    assert comp(get_rules("book")) and \
        [p.amount for p in settle_round("book", held).ledger] == [35, 35]
    assert [p.amount for p in settle_round(get_rules("book", compensation_yaku=False),
                                           held).ledger] == [9, 9]


# ---------------------------------------------------------------- 7. D002 + X

def test_d002_plus_x_from_the_actual_hand_in_claims_and_compensation():
    """D002: a greater triple adds X = 1 Kan, found in the dealt hand wherever it is seen:
    the claim offered in play and a driven-out player's compensation."""
    rules = get_rules("d002")
    hand = "5a 5b 5d 8a 9a 10a 12a"            # Iris triple (greater), Moon and Phoenix
    assert rules.teyaku.evaluate(H(hand)).find("three").value == 3
    players = (P("A", claims=()), P("B", claims=()), P("C", claims=()), P("D", hand))
    s = settle_round(rules, RoundFacts(players, dealer="A", multiplier=1, forced_out=("D",)))
    assert [p.amount for p in s.ledger if p.category == "compensation"] == [18 + 6] * 3
    order = _order_with_field("1c 2c 3c 4c 6c 7c", [hand, "2a 2b 3a 3b 4a 4b 6a",
                                                    "6b 7a 7b 9b 10b 11a 11b"])
    r = deal_round("d002", 3, HachiHachiDeal(order, (0,) * 48, 0))
    assert Claim(("three",)) in legal_actions(r)
    r = apply(r, "claim three")
    r = apply(apply(r, "claim none"), "claim none")
    assert r.stage == "play"
    end = finish(r, random.Random(1))
    three = [p for p in end.settlement.ledger if p.category == "teyaku"
             and p.payee == "Player 1"]
    assert {p.base for p in three} == {3}


# ---------------------------------------------------------------- 3. chips and loans

def test_d002_loans_han_don_ishi_arai_and_repayment_after_the_twelfth():
    """D002 Loan / Han-Don / Ishi-Arai / After 12th round: the bank lends 10 Kan at a time;
    after deal 6 the stake goes back (10 Kan with the Award share), loans may be repaid in
    5-Kan steps after deals 6 and 11, and as far as possible after deal 12."""
    rec = play_hachihachi_game(seed=11, agents=("random", "greedy", "random", "greedy"),
                               preset="d002")
    rows = chip_account(rec)
    assert chip_account(game_result(rec)) == rows
    rec = game_result(rec)
    events = [r["event"] for r in rows]
    assert "Han-Don: the stake goes back to the bank" in events
    assert "Ishi-Arai: loans repaid in 5-Kan steps" in events
    for row in rows:
        assert all(v % KAN.of(10) == 0 for v in row["loans"].values())
        assert all(v >= 0 for v in row["chips"].values()) or row is rows[-1]
    for row in rows:
        if row["event"].startswith(("Han-Don: loans", "Ishi-Arai")):
            assert all(v % KAN.of(5) == 0 for v in row["repaid"].values())
    last = rows[-1]
    for n in rec.names:
        assert last["chips"][n] - last["debt"][n] - last["stake_owed"][n] == rec.totals()[n]
        assert last["debt"][n] == 0 or last["chips"][n] <= 0
    assert any(r["loans"] for r in rows)           # somebody had to borrow


def test_d004_loans_in_five_shilling_units_with_crown_tokens():
    rec = play_hachihachi_game(seed=3, agents=("random",) * 5, preset="d004", deals=6)
    rows = chip_account(rec)
    assert all(v % SHILLINGS.of(5) == 0 for r in rows for v in r["loans"].values())
    with pytest.raises(HanafudaError, match="no chips"):
        chip_account(play_hachihachi_game(seed=1, deals=6))


def test_d002_campaign_is_players_times_games():
    """D002 Campaign Game: as many games as players."""
    games = play_campaign(2, ("greedy", "random", "greedy"), preset="d002", deals=6)
    assert len(games) == 3 and all(game_result(g).ledger.balance() == 0 for g in games)


# ---------------------------------------------------------------- options and invariants

def test_every_new_option_is_played_and_cited():
    new = ("trade", "dealers_hand", "too_few", "field_quad", "overtime",
           "compensation_with_field", "triple_responsibility", "rain_in_melds",
           "keep_forbidden", "keep_cancel", "hidden_field", "open_hand", "risk",
           "simple_16_yaku", "loan_unit", "loan_repayment")
    for key in new:
        assert OPTIONS[key].implemented and OPTIONS[key].source is not None
    assert all(o.implemented for o in OPTIONS.values())
    assert option_sources("d004")["trade"].source.cite().startswith("D004")


VARIANTS = [
    ("book", dict(trade=True, risk=True, hidden_field=True, open_hand=True,
                  simple_16_yaku=True, fold_fees=(10, 15, 20)), True),
    ("book", dict(too_few="share_pot"), False),
    ("d001", dict(too_few="two_handed", fold_fees=(12, 18, 24, 30, 36),
                  compensation_with_field=True, four_three="aborts_hand",
                  boar_deer_butterfly=7), False),
    ("d002", dict(too_few="share_pot"), False),
    ("d004", dict(keep_cancel=True, keep_forbidden=("five_brights", "seven_ribbons",
                                                    "four_dry_brights"),
                  rain_in_melds="either"), True),
]


@pytest.mark.parametrize("preset,opts,trade", VARIANTS)
@pytest.mark.parametrize("players", (3, 4, 5, 7))
def test_random_play_with_new_options_is_zero_sum_and_replays(preset, opts, trade, players):
    rules = get_rules(preset, **opts)
    for seed in range(12):
        rng = random.Random(seed)
        r = new_hachihachi_round(rules, players, rng, dealer=seed % players, offer_trade=trade,
                                 offer_blind_stay=seed % 3 == 0)
        start = r
        steps = 0
        while r.stage != "over":
            legal = legal_actions(r)
            a = legal[int(rng.random() * len(legal))]
            r = apply(r, a)
            assert r.card_count() == 48
            steps += 1
            assert steps < 250
        zero_sum(r.settlement)
        again = replay_round(rules, players, r.deal, [a.code() for a in r.history],
                             offer_blind_stay=start.blind_offered, offer_trade=trade)[-1]
        assert again.result == r.result


def test_game_with_trade_records_and_replays():
    rec = play_hachihachi_game(seed=5, agents=("random",) * 5, preset="d004", deals=6,
                               offer_trade=True)
    assert any(a in ("trade", "no trade") for d in rec.rounds for a in d.actions)
    back = type(rec).from_json(rec.to_json())
    assert game_result(back).trade and len(game_result(back).deals) == 6


# ---------------------------------------------------------------- D002's last month, D004 'some'

def test_d002_four_and_three_puts_a_coin_on_every_empty_month():
    """D002 End of the round: with Four & Three its holder puts a coin on every empty
    month of the track, so the poorest take the full twelve after the game."""
    from hanafuda_core.games.hachihachi_game import CHART, end_payments, four_three_track
    from hanafuda_core.ledger import Ledger, Payment
    rules = get_rules("d002")
    assert rules.four_three_track and not get_rules("d001").four_three_track
    marks = (Payment("A", CHART, 1, "month 1"), Payment("B", CHART, 1, "month 2"),
             Payment("C", CHART, 1, "month 3"))
    ledger = Ledger(rules.unit, marks, ("A", "B", "C"))
    coins = four_three_track(rules, "C", ledger, 12)
    assert [(p.payer, p.payee, p.amount) for p in coins] == [("C", CHART, 9)]
    assert coins[0].clause.startswith("D002, End of the round")
    assert four_three_track(get_rules("d004"), "C", ledger, 12) == ()
    ledger = ledger.add(*coins)
    end = end_payments(rules, ("A", "B", "C"), ledger)
    assert sum(p.amount for p in end if p.payer == CHART) == 12


def test_d002_award_shared_by_tied_leaders_and_track_by_the_poorest():
    """D002 After 12th round: the poorest split the track's stones evenly; tied top
    scorers share the Award. D001 names one winner and one lowest player."""
    from hanafuda_core.games.hachihachi_game import CHART, end_payments
    from hanafuda_core.ledger import BANK, POT, Ledger, Payment
    names = ("A", "B", "C", "D")
    pays = (Payment("A", POT, 60, "half-time"), Payment("B", POT, 60, "half-time"),
            Payment("C", POT, 60, "half-time"), Payment("D", POT, 60, "half-time"),
            Payment("C", CHART, 12, "track"), Payment(BANK, "A", 100, "deals"),
            Payment(BANK, "B", 100, "deals"), Payment("C", BANK, 30, "deals"),
            Payment("D", BANK, 90, "deals"))
    # totals: A 40, B 40, C -102, D -150: no tie at the bottom before the track
    rules = get_rules("d002")
    ledger = Ledger(rules.unit, pays, names)
    got = [(p.payer, p.payee, p.amount) for p in end_payments(rules, names, ledger)]
    assert got == [(CHART, "D", 12), (POT, "A", 120), (POT, "B", 120)]
    assert [(p.payer, p.payee, p.amount) for p in end_payments(get_rules("d001"), names,
                                                                Ledger(KAN, pays, names))] \
        == [(CHART, "D", 12), (POT, "A", 240)]
    tied_low = pays + (Payment("C", "D", 24, "deal"),)      # C and D both at -126
    got = [(p.payer, p.payee, p.amount)
           for p in end_payments(rules, names, Ledger(rules.unit, tied_low, names))]
    assert got[:2] == [(CHART, "C", 6), (CHART, "D", 6)]
    assert "poorest" in end_payments(rules, names, Ledger(rules.unit, tied_low, names))[0].reason


def test_d002_round_pot_priority_oya_then_dou_ni():
    """D002 End of the round: players tied for the round's win: Oya first, then Dou-Ni."""
    def facts(points):
        return RoundFacts(tuple(P(n, claims=(), card_points=v) for n, v in
                                zip(("Oya", "Dou-Ni", "Biki"), points)) + (P("D"),),
                          dealer="Oya", multiplier=1, passed=("D",))
    assert settle_round("d002", facts((100, 100, 64))).winner == "Oya"
    s = settle_round("d002", facts((64, 100, 100)))
    assert s.winner == "Dou-Ni"
    assert [p.payee for p in s.ledger if p.category == "fees"] == ["Dou-Ni"]


def _d004_out_with(yaku, **options):
    facts = RoundFacts((P("A", claims=()), P("B", claims=()), P("C", claims=())),
                       dealer="A", multiplier=1,
                       calls=(Call("A", "out", yaku=yaku, responsible="B"),))
    return settle_round(get_rules("d004", **options), facts)


def test_d004_some_responsibility_excludes_five_brights_and_seven_ribbons():
    """D004 Responsible discard: some do not charge it for five brights / seven ribbons."""
    t = _d004_out_with(("five_brights",)).totals()
    assert t == {"A": SHILLINGS.of(24), "B": -SHILLINGS.of(24), "C": 0}
    t = _d004_out_with(("five_brights",), responsibility_excludes=("five_brights",)).totals()
    assert t == {"A": SHILLINGS.of(24), "B": -SHILLINGS.of(12), "C": -SHILLINGS.of(12)}
    t = _d004_out_with(("poetry",), responsibility_excludes=("five_brights",
                                                             "seven_ribbons")).totals()
    assert t["B"] == -SHILLINGS.of(14) and t["C"] == 0       # still charged for red ribbons
    assert OPTIONS["responsibility_excludes"].source.cite().startswith("D004, Responsible")


def test_d004_some_specials_keep_the_blind_play_event_points():
    """D004 Special combinations cancel and repay events; some keep the blind-play ones."""
    facts = RoundFacts((P("A", claims=(), card_points=170), P("B", claims=(), card_points=50),
                        P("C", claims=(), card_points=44)), dealer="A", multiplier=1,
                       blind_stay=True)
    plain = settle_round("d004", facts)
    kept = settle_round(get_rules("d004", specials_keep_blind=True), facts)
    assert plain.special and kept.special
    assert kept.totals()["A"] - plain.totals()["A"] == 2 * SHILLINGS.of(1)
    assert [p.category for p in kept.ledger].count("blind") == 2
    assert "returned" not in [p.category for p in kept.ledger]
    zero_sum(plain)
    zero_sum(kept)


def test_d004_some_no_upper_limit_on_sixteen_junk():
    """D004: sixteen junk is 12/- + 2/- per extra up to 20/-; some set no upper limit."""
    facts = RoundFacts((P("A", claims=(), card_points=60, chaffs=21),
                        P("B", claims=(), card_points=104), P("C", claims=(), card_points=100)),
                       dealer="A", multiplier=1)
    capped = settle_round("d004", facts)
    free = settle_round(get_rules("d004", sixteen=(12, 2, 0, True)), facts)
    assert capped.totals()["A"] == 2 * SHILLINGS.of(20)
    assert free.totals()["A"] == 2 * SHILLINGS.of(22)
