"""Hachi-Hachi settlement: every BOOK ch. 17, D001, D002 and D004 worked example as a test.

The examples' facts come from hanafuda_core.games.hachihachi_examples (written there once);
the values expected here are the sources' own, typed independently as the check.
Hands are real 7-card hands chosen to make exactly the combinations each example names,
so the tests exercise detection as well as payment.
"""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import DECK, DEFAULT_VALUES, CardSet
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi import game_award, get_rules, option_sources, options_table
from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES, EXAMPLES, THREE_OF_A_KIND_HAND
from hanafuda_core.games.hachihachi_settle import (
    Call,
    FieldQueue,
    PlayerFacts,
    RoundFacts,
    card_points,
    field_multiplier,
    settle_round,
)
from hanafuda_core.ledger import BANK, KAN, SHILLINGS

H = CardSet.parse


def P(name, hand=None, **kw):
    return PlayerFacts(name, hand=H(hand) if hand else None, **kw)


def players_only(totals):
    return {k: v for k, v in totals.items() if k != BANK}


def check_zero_sum(s):
    assert s.ledger.balance() == 0
    assert sum(s.totals().values()) == 0


# ---------------------------------------------------------------- BOOK ch. 17

@pytest.mark.parametrize("field, expected", [("5c 6c 7c 9c 10c 11d", 20),
                                             ("1a 5c 6c 7c 9c 10c", 40),
                                             ("12a 5c 6c 7c 9c 10c", 80)])
def test_book_hachihachi_field_example_three_of_a_kind_by_field(field, expected):
    """BK17-F: a 3 of a Kind is worth 20 / 40 / 80 in a Small / Large / Grand field (the
    3 of a Kind of BK17-V1, dealt with each field)."""
    facts = replace(EXAMPLES["BK17-V1"].facts, field=H(field))
    s = settle_round("book", facts)
    assert [p.amount for p in s.ledger if p.payee == "A"] == [expected, expected]
    check_zero_sum(s)


def test_book_hachihachi_example_1_two_players_large_field():
    """BK17-1: A 1 Bright & 6 Chaffs (40), 141 points; B 3 of a Kind (20), 123; Large
    field. A 80 - 40 + 106 = 146; B -80 + 40 + 70 = 30. The two-player par rule is not
    zero-sum between the players, so the card points are booked against the bank."""
    facts = BOOK_EXAMPLES["BK17-1"].facts
    s = settle_round("book", facts)
    assert s.multiplier.value == 2 and s.multiplier.name == "Large Field"
    assert players_only(s.totals()) == {"A": 146, "B": 30}
    assert s.totals()[BANK] == -176
    assert s.winner == "A"
    check_zero_sum(s)


def test_book_hachihachi_example_2_two_players_grand_field_yaku():
    """BK17-2: A Greater (3 Wisteria) 30 x 4 = 120; B 3 Poetry 70 x 4 = 280 and End.
    No card points in a yaku round: A -160, B 160."""
    facts = BOOK_EXAMPLES["BK17-2"].facts
    s = settle_round("book", facts)
    assert s.teyaku["A"][0].rule.key == "greater"
    assert s.totals() == {"A": -160, "B": 160}
    assert s.winner == "B"
    check_zero_sum(s)


def test_book_hachihachi_example_3_three_players_no_yaku():
    """BK17-3: A -88, B -38, C 126; the winner is A (highest card total)."""
    facts = BOOK_EXAMPLES["BK17-3"].facts
    s = settle_round("book", facts)
    assert s.totals() == {"A": -88, "B": -38, "C": 126}
    assert s.winner == "A"
    rows = {r["category"]: r for r in s.to_rows()}
    assert (rows["cards"]["A"], rows["cards"]["B"], rows["cards"]["C"]) == (12, 2, -14)
    check_zero_sum(s)


def test_book_hachihachi_example_4_eighty_eight_cancels_everything():
    """BK17-4: all three take 88 in a Large field; the dealer A takes 200 from each and
    the hand combinations are cancelled (the figure prints them but leaves them out)."""
    facts = BOOK_EXAMPLES["BK17-4"].facts
    s = settle_round("book", facts)
    assert s.totals() == {"A": 400, "B": -200, "C": -200}
    assert s.winner == "A" and "88" in s.special
    assert {p.category for p in s.cancelled} == {"teyaku"}
    assert sum(p.amount for p in s.cancelled) == 4 * 40
    check_zero_sum(s)


def test_book_hachihachi_example_5_four_players_pass_penalty_captured_suit():
    """BK17-5 (FLAG in prose): the text says C takes 120 "from Player A and Player B", but A
    had passed; the arithmetic, asserted here, has C take 120 from B and D.
    A -40, B 200 (160 + the 40 pass penalty), C 88, D -248."""
    rules = get_rules("book", fold_fees=(10, 15, 20))
    facts = BOOK_EXAMPLES["BK17-5"].facts
    assert BOOK_EXAMPLES["BK17-5"].rules() == rules
    s = settle_round(rules, facts)
    assert s.totals() == {"A": -40, "B": 200, "C": 88, "D": -248}
    c_takes = [(p.payer, p.amount) for p in s.ledger if p.payee == "C"]
    assert c_takes == [("B", 120), ("D", 120)]
    assert s.winner == "B"
    check_zero_sum(s)


def test_book_hachihachi_example_6_forced_dropout_compensation():
    """BK17-6: D is forced out holding 3 Pairs and an unclaimed Bright: (40/2 + 3) x 2 = 46
    from each of B and C (not from the dealer A). A 7 Chaffs 80 from each; B 4 Dry Brights
    and End, nobody continued: 200 from each. A -40, B 274, C -326, D 92."""
    facts = BOOK_EXAMPLES["BK17-6"].facts
    s = settle_round("book", facts)
    comp = [(p.payer, p.amount) for p in s.ledger if p.category == "compensation"]
    assert comp == [("B", 46), ("C", 46)]
    assert s.totals() == {"A": -40, "B": 274, "C": -326, "D": 92}
    assert s.winner == "B"
    check_zero_sum(s)


def test_book_hachihachi_special_1_168_plus():
    """BK17-S1: 168 takes 100 from each; 170 takes 120; hand combinations are cancelled."""
    for points, each in ((168, 100), (170, 120)):
        facts = RoundFacts((P("A", THREE_OF_A_KIND_HAND, card_points=points),
                            P("B", card_points=50, claims=()),
                            P("C", card_points=264 - points - 50, claims=())),
                           dealer="B", multiplier=1)
        s = settle_round("book", facts)
        assert s.totals()["A"] == 2 * each and s.winner == "A"
        assert [p.category for p in s.ledger] == ["special", "special"]


def test_book_hachihachi_special_2_simple_16():
    """BK17-S2: 16 Chaffs take 120 from each; 18 Chaffs take 160."""
    for chaffs, each in ((16, 120), (18, 160)):
        facts = RoundFacts((P("A", card_points=70, chaffs=chaffs, claims=()),
                            P("B", card_points=100, claims=()),
                            P("C", card_points=94, claims=())), dealer="B", multiplier=1)
        s = settle_round("book", facts)
        assert s.totals()["A"] == 2 * each and s.winner == "A"
        check_zero_sum(s)


def test_book_hachihachi_variant_1_carryover_and_multiple_multiplier():
    """BK17-V1: December and January Brights: Carryover x4 then x2; Multiple x6."""
    field = EXAMPLES["BK17-V1"].facts.field
    assert {c.code for c in field} >= {"12a", "1a"}
    m, q = FieldQueue("carryover").next(field)
    assert m.value == 4 and q.pending == (2,)
    assert q.next(H("5d 6d"))[0].value == 2
    assert FieldQueue("additive").next(field)[0].value == 6
    assert field_multiplier(get_rules("book"), field).value == 4


def test_book_hachihachi_variant_2_winning_hand():
    """BK17-V2: Four & Three (200) + 7 Chaffs (40) take 240 from each, or 400 under the
    'Winning Hand' variant."""
    ex = EXAMPLES["BK17-V2"]
    base = ex.facts
    assert settle_round("book", base).totals()["A"] == 480
    variant = get_rules("book", winning_hand=True, four_three="wins_round")
    assert ex.rules() == variant
    s = settle_round(variant, base)
    assert s.totals() == {"A": 800, "B": -400, "C": -400} and s.winner == "A"


def test_book_hachihachi_end_after_one_continue_pays_double():
    """BOOK: End after exactly one opponent continued takes double from that one only."""
    facts = RoundFacts((P("A", claims=()), P("B", claims=()), P("C", claims=())), dealer="A",
                       multiplier=1, calls=(Call("B", "continue", ("purple",)),
                                            Call("A", "end", ("poetry",))))
    s = settle_round("book", facts)
    assert s.totals() == {"A": 140, "B": -140, "C": 0} and s.winner == "A"


def test_book_hachihachi_cancel_and_exhaustion_pay_half():
    """BOOK: Cancel takes half from each; an exhausted deck pays every continuer half and
    the first continuer wins."""
    cancel = RoundFacts((P("A", claims=()), P("B", claims=()), P("C", claims=())),
                        dealer="A", multiplier=2,
                        calls=(Call("A", "continue", ("poetry",)), Call("A", "cancel")))
    assert settle_round("book", cancel).totals() == {"A": 140, "B": -70, "C": -70}
    out = RoundFacts((P("A", claims=(), card_points=100), P("B", claims=(), card_points=80),
                      P("C", claims=(), card_points=84)), dealer="A", multiplier=1,
                     calls=(Call("B", "continue", ("purple",)),
                            Call("C", "continue", ("poetry",))))
    s = settle_round("book", out)
    assert s.totals() == {"A": -70, "B": 35, "C": 35} and s.winner == "B"


def test_book_seven_ribbons_extra_counts_the_rain_ribbon():
    """BOOK: 7 Dry Ribbons 100 + 10 per extra Ribbon, the rain Ribbon included."""
    rules = get_rules("book")
    hits = {h.rule.key: h.points
            for h in rules.yaku.evaluate(H("4b 5b 6b 7b 9b 10b 1b 11c")).hits}
    assert hits["seven_ribbons"] == 110
    no_extra = get_rules("book", seven_ribbons_extra=0).yaku
    assert {h.rule.key: h.points for h in no_extra.evaluate(H("4b 5b 6b 7b 9b 10b 1b 11c")).hits
            }["seven_ribbons"] == 100


# ---------------------------------------------------------------- D001

def test_d001_example_1_toichi_doubled():
    """D1-1: Akiko's Toichi (3 kan), doubled: 12 kan, 6 from each."""
    facts = EXAMPLES["D1-1"].facts
    s = settle_round("d001", facts)
    assert KAN.format(s.totals()["Akiko"]) == "12 kan"
    assert [KAN.format(p.amount) for p in s.ledger] == ["6 kan", "6 kan"]


def test_d001_example_2_aka_and_tatesanbon():
    """D1-2: Akiko Aka 2, Iori Tatesanbon 3, Uzuki nothing: +1, +4, -5 kan."""
    facts = EXAMPLES["D1-2"].facts
    s = settle_round("d001", facts)
    assert s.totals() == {"Akiko": 12, "Iori": 48, "Uzuki": -60}
    check_zero_sum(s)


def test_d001_example_3_sage_shikou_upgraded_to_gokou():
    """D1-3: Shikou is paid 10 kan at once; after a sage, Gokou pays 12 more (22 in all).
    If the sage fails, half of the dekiyaku is paid back to each opponent."""
    ok = settle_round("d001", EXAMPLES["D1-3"].facts)
    assert [KAN.format(p.amount) for p in ok.ledger if p.payer == "Iori"] == ["10 kan", "12 kan"]
    assert ok.totals()["Akiko"] == 2 * KAN.of(22)
    failed = settle_round("d001", EXAMPLES["D1-3b"].facts)
    assert failed.totals() == {"Akiko": 2 * KAN.of(5), "Iori": -KAN.of(5), "Uzuki": -KAN.of(5)}


def test_d001_sage_fails_when_someone_else_scores_first():
    facts = RoundFacts((P("Akiko", claims=()), P("Iori", claims=()), P("Uzuki", claims=())),
                       dealer="Akiko", multiplier=1,
                       calls=(Call("Akiko", "sage", ("poetry",)),
                              Call("Iori", "stop", ("purple",))))
    s = settle_round("d001", facts)
    # Akiko: +7 +7 for the Akatan, 3.5 back to each, 7 to Iori for the Aotan.
    # Iori: -7 + 3.5 + 14; Uzuki: -7 + 3.5 - 7.
    assert s.totals() == {"Akiko": 0, "Iori": KAN.of(10.5), "Uzuki": -KAN.of(10.5)}
    check_zero_sum(s)


def test_d001_example_4_card_points_quadrupled():
    """D1-4: 106 / 116 / 42, quadrupled: 6 kan, 9 kan 4, -15 kan 4; Uzuki pays both."""
    facts = EXAMPLES["D1-4"].facts
    s = settle_round("d001", facts)
    assert {n: KAN.format(v) for n, v in s.totals().items()} == {
        "Akiko": "6 kan", "Iori": "9 kan 4", "Uzuki": "-15 kan 4"}
    assert [(p.payer, p.payee, KAN.format(p.amount)) for p in s.ledger] == [
        ("Uzuki", "Akiko", "6 kan"), ("Uzuki", "Iori", "9 kan 4")]
    assert s.winner == "Iori"


def test_d001_example_5_aka_three_and_two_players():
    """D1-5: an Aka is worth 4 kan with three players (2 from each), 2 kan with two."""
    two = EXAMPLES["D1-5"].facts
    three = replace(two, players=two.players + (P("C", claims=()),))
    assert settle_round("d001", three).totals()["A"] == KAN.of(4)
    assert settle_round("d001", two).totals()["A"] == KAN.of(2)


def test_d001_two_players_pay_the_difference():
    facts = RoundFacts((P("A", claims=(), card_points=120), P("B", claims=(), card_points=100)),
                       dealer="A", multiplier=2)
    assert settle_round("d001", facts).totals() == {"A": 40, "B": -40}


def test_d001_example_6_banner_rainman_phoenix_queue():
    """D1-6: Banner + Rainman + Phoenix: this deal x4, the next x4, the one after x2."""
    q = FieldQueue(get_rules("d001").field_mode)
    got = []
    for field in ("3a 11a 12a", "2c", "4c", "5c"):
        m, q = q.next(H(field))
        got.append(m.value)
    assert got == [4, 4, 2, 1]


def test_d001_example_7_fold_fees():
    """D1-7: voluntary folds pay 1 kan, 1 kan 6, 2 kan to the round's winner (the 'nobody
    forced to play' variation adds 2 kan 6 and 3 kan)."""
    s = settle_round("d001", EXAMPLES["D1-7"].facts)
    fees = [(p.payer, p.payee, KAN.format(p.amount)) for p in s.ledger if p.category == "fees"]
    assert sorted(fees) == [("B", "A", "1 kan"), ("D", "A", "1 kan 6"), ("F", "A", "2 kan")]
    assert get_rules("d001", fold_fees=(12, 18, 24, 30, 36)).fold_fees[3:] == (30, 36)
    check_zero_sum(s)


def test_d001_example_8_end_of_hand_dekiyaku_return_teyaku():
    """D1-8: Futahachi 10 + 1 per point over 168; Sujiroku 12 + 2 per junk over 16 with the
    Willows; Souhachi 10 to the dealer. They cancel card points and return teyaku."""
    s = settle_round("d001", EXAMPLES["D1-8"].facts)
    assert s.totals()["A"] == 2 * KAN.of(12)           # teyaku returned, 12 kan from each
    assert {p.category for p in s.ledger} == {"teyaku", "returned", "special"}
    s = settle_round("d001", EXAMPLES["D1-8b"].facts)
    assert s.totals()["A"] == 2 * KAN.of(16) and "18 Chaffs" in s.special
    s = settle_round("d001", EXAMPLES["D1-8c"].facts)
    assert s.totals()["B"] == 2 * KAN.of(10) and s.winner == "B"


# ---------------------------------------------------------------- D002

def test_d002_example_1_reserved_fields():
    """D2-1: Jan, Nov and Dec Lights: rounds 1 and 2 Grand, round 3 Large; with the Nov
    Light again in round 2, rounds 2 and 3 are Grand and round 4 Large."""
    q = FieldQueue(get_rules("d002").field_mode)
    m1, q1 = q.next(H("1a 11a 12a"))
    assert m1.value == 4
    plain = [m.value for m in (q1.next(H("2c"))[0], q1.next(H("2c"))[1].next(H("3c"))[0])]
    assert plain == [4, 2]
    m2, q2 = q1.next(H("11a"))
    m3, q3 = q2.next(H("2c"))
    m4, _ = q3.next(H("3c"))
    assert (m2.value, m3.value, m4.value) == (4, 4, 2)


def test_d002_example_2_hand_combos_balanced():
    """D2-2: Oya 2 Kan (Red), Dou-Ni 3 Kan (a greater Three, 2 + 1), Biki none:
    Oya +1, Dou-Ni +4, Biki -5."""
    s = settle_round("d002", EXAMPLES["D2-2"].facts)
    assert s.totals() == {"Oya": KAN.of(1), "Dou-Ni": KAN.of(4), "Biki": -KAN.of(5)}


def test_d002_example_3_double_eights_170():
    """D2-3: 170 card points: Double 8's = 10 + 2 = 12 Kan; hand combos are returned."""
    s = settle_round("d002", EXAMPLES["D2-3"].facts)
    assert s.totals()["Oya"] == 2 * KAN.of(12)
    assert any(p.category == "returned" for p in s.ledger)


def test_d002_example_4_card_points_around_88():
    """D2-4: 100 card points = +12 points, 72 = -16 points (88 = 0)."""
    s = settle_round("d002", EXAMPLES["D2-4"].facts)
    assert s.totals() == {"Oya": 12, "Dou-Ni": -16, "Biki": 4}


def test_d002_example_5_award_not_multiplied():
    """D2-5: the final Award is 5 Kan x 6 players = 30 Kan, whatever the field."""
    assert game_award(get_rules("d002"), 6) == KAN.of(30)
    assert game_award(get_rules("d004"), 6) == SHILLINGS.of(30)
    assert game_award(get_rules("book"), 6) == 60     # BOOK 'Campaign': 10 x players


def test_d002_example_6_three_players_zero_sum():
    """D2-6: a winner's 20 is taken from each of two losers: 40 in all."""
    facts = RoundFacts((P("A", THREE_OF_A_KIND_HAND), P("B", claims=()), P("C", claims=())),
                       dealer="A", multiplier=1)
    s = settle_round("book", facts)
    assert s.totals() == {"A": 40, "B": -20, "C": -20}


def test_d002_yoshi_after_sage_pays_double_and_empty_deck_halves():
    base = dict(players=(P("Oya", claims=(), card_points=100),
                         P("Dou-Ni", claims=(), card_points=80),
                         P("Biki", claims=(), card_points=84)), dealer="Oya", multiplier=1)
    s = settle_round("d002", RoundFacts(**base, calls=(Call("Dou-Ni", "sa-gé", ("poetry",)),
                                                       Call("Biki", "yoshi", ("purple",)))))
    assert s.totals() == {"Oya": 0, "Dou-Ni": -2 * KAN.of(7), "Biki": 2 * KAN.of(7)}
    s = settle_round("d002", RoundFacts(**base, calls=(Call("Dou-Ni", "sa-gé", ("poetry",)),)))
    # halved combo (3.5 Kan from each) plus the card points balanced around 88
    assert s.totals() == {"Oya": -42 + 12, "Dou-Ni": 84 - 8, "Biki": -42 - 4}


def test_d002_drop_fees_by_seat():
    facts = RoundFacts(tuple(P(n, claims=(), card_points=pts) for n, pts in
                             zip("ABCDE", (None, 100, 80, 84, None))),
                       dealer="B", multiplier=1, passed=("E", "A"))
    s = settle_round("d002", facts)
    fees = {p.payer: p.amount for p in s.ledger if p.category == "fees"}
    assert fees == {"A": KAN.of(1), "E": KAN.of(3)} and s.winner == "B"


# ---------------------------------------------------------------- D004

def test_d004_example_1_passing_fees():
    """D4-1: passing fees 1/-, 1/6, 2/- for the first, second and third passer."""
    s = settle_round("d004", EXAMPLES["D4-1"].facts)
    fees = [(p.payer, SHILLINGS.format(p.amount)) for p in s.ledger if p.category == "fees"]
    assert sorted(fees) == [("A", "1/-"), ("C", "1/6"), ("E", "2/-")]
    check_zero_sum(s)


def test_d004_example_3_sixteen_junk_cap_and_double_eighty():
    """D4-3: sixteen junk 12/- + 2/- per extra up to 20/-; double 80: 168 = 10/-, 170 = 12/-."""
    def sixteen(n):
        facts = RoundFacts((P("A", claims=(), card_points=70, chaffs=n),
                            P("B", claims=(), card_points=100), P("C", claims=(), card_points=94)),
                           dealer="B", multiplier=1)
        return settle_round("d004", facts).totals()["A"] // 2
    assert [SHILLINGS.format(sixteen(n)) for n in (16, 17, 20, 21)] == ["12/-", "14/-", "20/-",
                                                                         "20/-"]

    def double80(pts):
        facts = RoundFacts((P("A", claims=(), card_points=pts), P("B", claims=(), card_points=50),
                            P("C", claims=(), card_points=214 - pts)), dealer="B", multiplier=1)
        return settle_round("d004", facts).totals()["A"] // 2
    assert [SHILLINGS.format(double80(p)) for p in (168, 170)] == ["10/-", "12/-"]


def test_d004_keeping_fails_when_an_opponent_goes_out():
    """D4-K: combinations are paid at once; a keeper whose opponent goes out pays for both
    losers and returns half of what the kept combination earned."""
    s = settle_round("d004", EXAMPLES["D4-K"].facts)
    seven = SHILLINGS.of(7)
    # A: +7 +7 for the Red ribbons, pays B 14 (for B's blue ribbons, for both), 3/6 back to
    # each. B: -7 + 14 + 3/6. C: -7 + 3/6 (C pays nothing for B's going out).
    assert s.totals() == {"A": 2 * seven - 2 * seven - seven, "B": -seven + 2 * seven + seven // 2,
                          "C": -seven + seven // 2}
    assert not [p for p in s.ledger if p.payer == "C" and p.payee == "B"]
    check_zero_sum(s)


def test_d004_keeping_to_the_end_returns_half():
    facts = RoundFacts((P("A", claims=(), card_points=100), P("B", claims=(), card_points=80),
                        P("C", claims=(), card_points=84)), dealer="A", multiplier=1,
                       calls=(Call("A", "keep", ("poetry",)),))
    s = settle_round("d004", facts)
    assert s.totals() == {"A": 84 + 12, "B": -42 - 8, "C": -42 - 4}


# ---------------------------------------------------------------- options, errors, rendering

def test_every_preset_option_cites_a_source():
    for preset in ("book", "d001", "d002", "d004"):
        for row in options_table(preset):
            assert row["source"], (preset, row["key"])
    assert option_sources("d004")["unit"].source.doc == "D004"


def test_bad_facts_are_refused_with_a_reason():
    with pytest.raises(HanafudaError, match="exactly 3 must play"):
        settle_round("book", RoundFacts(tuple(P(n, claims=()) for n in "ABCD"), dealer="A"))
    with pytest.raises(HanafudaError, match="does not make"):
        settle_round("book", RoundFacts((P("A", "1a 2a 3a 4a 5b 6b 8b", claims=("three",)),
                                         P("B", claims=()), P("C", claims=())), dealer="A"))
    with pytest.raises(HanafudaError, match="add up to"):
        settle_round("book", RoundFacts((P("A", claims=(), card_points=100),
                                         P("B", claims=(), card_points=100),
                                         P("C", claims=(), card_points=100)), dealer="A"))
    with pytest.raises(HanafudaError, match="unknown call"):
        settle_round("book", RoundFacts((P("A", claims=()), P("B", claims=()),
                                         P("C", claims=())), dealer="A",
                                        calls=(Call("A", "koikoi", ("poetry",)),)))


def test_settlement_renders_text_dict_rows():
    facts = BOOK_EXAMPLES["BK17-3"].facts
    s = settle_round("book", facts)
    text = s.to_text()
    assert "C shows 7 Chaffs" in text and "Winner: A" in text
    d = s.to_dict()
    assert d["totals"] == {"A": -88, "B": -38, "C": 126}
    assert s.to_rows()[-1] == {"category": "total", "A": -88, "B": -38, "C": 126}


# ---------------------------------------------------------------- random invariants

def _random_round(rng, preset):
    deck = list(DECK)
    rng.shuffle(deck)
    n = rng.choice((3, 3, 4, 5, 6))
    names = [f"P{i}" for i in range(n)]
    hands = [CardSet(deck[7 * i:7 * i + 7]) for i in range(n)]
    order = names[:]
    rng.shuffle(order)
    active, out = order[:3], order[3:]
    split = rng.randint(0, len(out))
    passed, forced = tuple(out[:split]), tuple(out[split:])
    # split the 48 cards among the three active players as capture piles
    rest = list(DECK)
    rng.shuffle(rest)
    cut1, cut2 = sorted(rng.sample(range(1, 48), 2))
    piles = dict(zip(active, (CardSet(rest[:cut1]), CardSet(rest[cut1:cut2]),
                              CardSet(rest[cut2:]))))
    players = tuple(PlayerFacts(name, hand=hand, captures=piles.get(name))
                    for name, hand in zip(names, hands))
    calls = []
    keys = ("poetry", "purple", "four_dry_brights", "five_brights")
    for _ in range(rng.randint(0, 3)):
        calls.append(Call(rng.choice(active), rng.choice(("continue", "end")),
                          (rng.choice(keys),)))
    dealer = rng.choice(active)
    return RoundFacts(players, dealer=dealer, field=CardSet(deck[-6:]), passed=passed,
                      forced_out=forced, calls=tuple(calls), blind_stay=rng.random() < 0.2)


@pytest.mark.parametrize("preset", ["book", "d001", "d002", "d004"])
def test_random_rounds_always_sum_to_zero(preset):
    rng = random.Random(8888)
    rules = get_rules(preset, fold_fees=(10, 15, 20)) if preset == "book" else get_rules(preset)
    settled = 0
    for _ in range(300):
        facts = _random_round(rng, preset)
        s = settle_round(rules, facts)
        settled += 1
        assert s.ledger.balance() == 0
        assert sum(v for k, v in s.totals().items()) == 0
        assert BANK not in s.totals()          # the bank is used only by two-player BOOK
        assert all(p.amount > 0 for p in s.ledger)
        assert s.winner in facts.active
    assert settled == 300


@settings(max_examples=200, deadline=None)
@given(mask=st.integers(0, (1 << 48) - 1))
def test_card_points_of_a_mask_are_the_cards_values(mask):
    # card_points (the settlement's and the engine estimate's sum) is CardSet.value.
    assert card_points(mask) == CardSet.from_mask(mask).value(DEFAULT_VALUES)
