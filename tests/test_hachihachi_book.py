"""The Hachi-Hachi chapter's helpers: every number they show equals the core's own result.

Worked examples are the seed examples (BK17-*, D1-*, D2-*, D4-*), whose facts live in
hanafuda_core.hachihachi_examples: the helpers' settlements are compared with direct
settle_round calls on those facts and with the values the sources state, typed here (the
corrected value where a source's prose is wrong).
"""

import pytest

from hanafuda_core import hachihachi_book as hh
from hanafuda_core import teach
from hanafuda_core.cards import DEFAULT_VALUES, CardSet
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi import (
    DECISION_WORDS,
    OPTIONS,
    TEYAKU_TABLES,
    get_rules,
    option_sources,
)
from hanafuda_core.hachihachi_examples import EXAMPLES, example
from hanafuda_core.hachihachi_settle import LIGHT_MULTIPLIERS, FieldQueue, settle_round
from hanafuda_core.ledger import KAN, SHILLINGS
from hanafuda_core.rules import SOURCE_DOCUMENTS
from hanafuda_core.teach import option_title, preset_label, value_text
from hanafuda_core.teyaku import CHAFF

#: Each tradition's heading (the teaching layer's preset labels).
LABELS = {p: preset_label("hachihachi", p) for p in hh.TRADITIONS}

# ---------------------------------------------------------------- overview, par, setup

def test_why_88_is_a_third_of_the_deck():
    total, players, par = hh.par_facts()
    assert (total, players, par) == (264, 3, 88)
    assert total == CardSet.deck().value(DEFAULT_VALUES) == players * par


def test_overview_values_come_from_each_tradition():
    rows = {r["Rule set"]: r for r in teach.preset_overview_rows("hachihachi")}
    assert rows["Rulebook"]["3 of a Kind is worth"] == "20"
    assert rows[LABELS["d001"]]["3 of a Kind is worth"] == "2 kan"
    assert rows[LABELS["d004"]]["5 Brights is worth"] == "12/-"
    assert rows["Rulebook"]["Players"] == "2-7" and rows["Rulebook"]["Difficulty"] == "Expert"


def test_deal_rows_follow_the_registry():
    rows = {r["Players"]: r for r in teach.preset_deal_rows("hachihachi")}
    assert rows[3]["Rulebook"] == "7 / 6 / 21"
    assert rows[6][LABELS["d004"]] == "7 / 6 / 0*"
    assert rows[2][LABELS["d002"]] == "not played"
    assert rows[7]["Rulebook"] == "7 / 0 / 0*"          # 49 cards with the Joker
    notes = teach.preset_deal_notes("hachihachi")
    assert {"Rule set": "Rulebook", "Players": "4-6",
            "Note": "7 each and 6 to the field, but only 3 players take part in the round"} \
        in notes


def test_book_hachihachi_example_6_compensation_under_every_tradition():
    rows = {r["Tradition"]: r for r in hh.compensation_rows("BK17-6")}
    # BK17-6: (40 / 2 + 3) x 2 = 46 from B and from C, not from the dealer A.
    assert rows["Rulebook"]["Each pays"] == "46" and rows["Rulebook"]["Paid by"] == "B and C"
    # D001 counts the two Poetry Ribbons of the pairs as well and every active player pays.
    direct = settle_round("d001", example("BK17-6").facts)
    comp = [p for p in direct.ledger if p.category == "compensation"]
    assert rows[LABELS["d001"]]["Each pays"] == KAN.format(comp[0].amount)
    assert rows[LABELS["d001"]]["Paid by"] == "A, B and C"


# ---------------------------------------------------------------- the field

def test_field_rows_group_the_brights_by_multiplier():
    rows = hh.field_rows()
    assert [len(c) for _, c in rows] == [0, 3, 2]
    assert rows[2][0].startswith("Grand Field ×4")


def test_d001_example_6_timeline_matches_field_queue():
    rows = hh.timeline_rows("D1-6", ("queue",))
    assert [r[hh.FIELD_MODES["queue"]].split(";")[0].split(" ")[0] for r in rows] == \
        ["×4", "×4", "×2", "×1"]
    q, direct = FieldQueue("queue"), []
    for f in hh.TIMELINES["D1-6"][1]:
        m, q = q.next(CardSet.parse(f))
        direct.append(m.value)
    assert [v for _, v, _, _ in hh.field_timeline("queue", hh.TIMELINES["D1-6"][1])] == direct


def test_d002_example_1_timeline_pushes_the_queue_back():
    got = [v for _, v, _, _ in hh.field_timeline("queue", hh.TIMELINES["D2-1"][1])]
    assert got == [4, 4, 4, 2]


def test_book_variant_1_timeline_highest_additive_carryover():
    fields = hh.TIMELINES["BK17-V1"][1]
    assert [v for _, v, _, _ in hh.field_timeline("highest", fields)][:2] == [4, 1]
    assert [v for _, v, _, _ in hh.field_timeline("additive", fields)][0] == 6
    assert [v for _, v, _, _ in hh.field_timeline("carryover", fields)][:2] == [4, 2]


# ---------------------------------------------------------------- teyaku

@pytest.mark.parametrize("key", [r.key for r in TEYAKU_TABLES["book"].rules])
def test_every_teyaku_example_hand_evaluates_to_its_combination(key):
    ex = hh.teyaku_example(key)
    assert len(ex.hand) == 7
    result = TEYAKU_TABLES["book"].evaluate(ex.hand)
    assert result.best(ex.group).rule.key == key
    if ex.origin.startswith("dealt"):
        from hanafuda_core.games.catalog import deal_game
        seed = int(ex.origin.split("seed ")[1].split(",")[0])
        player = int(ex.origin.rsplit(" ", 1)[1])
        assert deal_game("hachihachi", 3, seed=seed).hands[player - 1] == ex.hand


def test_teyaku_rows_value_the_same_hand_with_each_table():
    for row in hh.teyaku_rows():
        hand = CardSet.parse(row["Hand"])
        both = row["Needs"].startswith("one chaff and one suit")
        group = None if both else (CHAFF if "Chaff" in row["Needs"] or "Ribbons and four" in
                                   row["Combination"] else "suit")
        for p in hh.TRADITIONS:
            rules = get_rules(p)
            res = rules.teyaku.evaluate(hand)
            cell = row[LABELS[p]]
            if both:
                assert cell.endswith(": " + rules.unit.format(res.total * rules.combo_scale))
                continue
            hit = res.best(group)
            if hit is None:
                assert cell == "nothing"
            else:
                assert cell == (f"{hit.rule.name}: "
                                f"{rules.unit.format(hit.value * rules.combo_scale)}")


def test_d002_plus_x_on_a_greater_triple_with_two_pairs():
    """D2-9: Full House with a greater triple is 7 + 1 = 8 kan (D001 and BOOK: 7 / 70)."""
    row = next(r for r in hh.teyaku_rows() if r["Combination"].startswith("A greater triple"))
    assert row[LABELS["d002"]] == "Full House: 8 kan"
    assert row[LABELS["d001"]].endswith(": 7 kan")
    assert row["Rulebook"].endswith(": 70")


def test_aka_with_three_ribbons_only_in_d001_and_d002():
    row = next(r for r in hh.teyaku_rows() if r["Combination"].startswith("Three Ribbons"))
    assert row["Rulebook"] == "nothing" and row[LABELS["d004"]] == "nothing"
    assert row[LABELS["d001"]].endswith("2 kan")
    assert row[LABELS["d002"]] == "Red: 2 kan"


# ---------------------------------------------------------------- yaku and calls

@pytest.mark.parametrize("preset", hh.TRADITIONS)
def test_yaku_rows_list_every_yaku_of_the_tradition(preset):
    rows = hh.yaku_rows(preset)
    assert len(rows) == len(get_rules(preset).yaku.rules)
    assert rows[0]["One of a group"] == "Brights"


def test_call_rows_equal_direct_settlements():
    rows = hh.call_rows()
    for (_label, calls), row in zip(hh.CALL_CASES, rows):
        for p in hh.TRADITIONS:
            cell = row[LABELS[p]]
            try:
                s = settle_round(p, hh._call_facts(calls))
            except HanafudaError:
                assert cell.startswith("not possible")
                continue
            for name, v in s.totals().items():
                assert f"{name} {get_rules(p).unit.format(v)}" in cell


def test_book_end_after_one_continue_takes_double_in_the_call_table():
    row = hh.call_rows()[1]
    assert row["Rulebook"].endswith("A 280, B -280, C 0")


# ---------------------------------------------------------------- specials

def test_special_rows_values():
    rows = {r[""]: r for r in hh.special_rows()}
    assert rows["168 or more card points"]["Rulebook"].startswith("100 + 10")
    assert rows["168 or more card points"][LABELS["d004"]].startswith("10/- + 1/-")
    assert "at most 20/-" in rows["Sixteen or more Chaffs"][LABELS["d004"]]


def test_d002_example_3_and_d001_example_8_in_special_cases():
    row = hh.special_case_rows()[0]
    # 10 + 2 = 12 kan each
    assert row[LABELS["d002"]].endswith("A 24 kan, B -12 kan, C -12 kan")
    assert row["Rulebook"].endswith("A 240, B -120, C -120")           # 100 + 20 each
    for i in range(len(hh.SPECIAL_CASES)):
        for p in hh.TRADITIONS:
            s = settle_round(p, hh._special_facts(i))
            assert s.ledger.balance() == 0


# ---------------------------------------------------------------- worked examples

EXPECTED = {
    "BK17-1": {"A": 146, "B": 30},
    "BK17-2": {"A": -160, "B": 160},
    "BK17-3": {"A": -88, "B": -38, "C": 126},
    "BK17-4": {"A": 400, "B": -200, "C": -200},
    "BK17-5": {"A": -40, "B": 200, "C": 88, "D": -248},
    "BK17-6": {"A": -40, "B": 274, "C": -326, "D": 92},
    "BK17-V2": {"A": 800, "B": -400, "C": -400},
    "D1-1": {"Akiko": KAN.of(12), "Iori": -KAN.of(6), "Uzuki": -KAN.of(6)},
    "D1-2": {"Akiko": KAN.of(1), "Iori": KAN.of(4), "Uzuki": -KAN.of(5)},
    "D1-3": {"Akiko": 2 * KAN.of(22), "Iori": -KAN.of(22), "Uzuki": -KAN.of(22)},
    "D1-3b": {"Akiko": 2 * KAN.of(5), "Iori": -KAN.of(5), "Uzuki": -KAN.of(5)},
    "D1-4": {"Akiko": KAN.of(6), "Iori": KAN.of(9, 4), "Uzuki": -KAN.of(15, 4)},
    "D1-5": {"A": KAN.of(2), "B": -KAN.of(2)},
    "D1-8": {"A": 2 * KAN.of(12), "B": -KAN.of(12), "C": -KAN.of(12)},     # 10 + 2 kan
    "D1-8b": {"A": 2 * KAN.of(16), "B": -KAN.of(16), "C": -KAN.of(16)},    # 12 + 2 x 2 kan
    "D1-8c": {"A": -KAN.of(10), "B": 2 * KAN.of(10), "C": -KAN.of(10)},    # to the dealer
    "D2-2": {"Oya": KAN.of(1), "Dou-Ni": KAN.of(4), "Biki": -KAN.of(5)},
    "D2-3": {"Oya": 2 * KAN.of(12), "Dou-Ni": -KAN.of(12), "Biki": -KAN.of(12)},
    "D2-4": {"Oya": 12, "Dou-Ni": -16, "Biki": 4},
}


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_worked_example_equals_direct_settle_round(key):
    ex = example(key)
    s = hh.settle(key)
    direct = settle_round(get_rules(ex.preset, **dict(ex.options)), ex.facts)
    assert s.totals() == direct.totals()
    assert [p.to_dict() for p in s.ledger] == [p.to_dict() for p in direct.ledger]
    assert s.ledger.balance() == 0
    rows = hh.payment_rows(s)
    assert len(rows) == len(s.ledger)
    nets = hh.net_rows(s)
    assert nets[-1][""] == "Total"
    assert {k: v for k, v in nets[-1].items() if k} == {
        n: s.rules.unit.format(v) for n, v in s.totals().items()}


@pytest.mark.parametrize("key", list(EXPECTED))
def test_worked_example_matches_the_source(key):
    totals = {k: v for k, v in hh.settle(key).totals().items() if k != "bank"}
    assert totals == EXPECTED[key]


def test_book_example_5_prose_names_the_wrong_payers():
    """BK17-5 (FLAG): C's 1 Ribbon & 6 Chaffs is paid by B and D, not by A (who passed)."""
    s = hh.settle("BK17-5")
    payers = [p.payer for p in s.ledger if p.payee == "C" and p.category == "teyaku"]
    assert payers == ["B", "D"]
    assert "A" not in payers
    assert example("BK17-5").source_note


def test_book_variant_1_settled_under_the_multiplier_variants():
    assert hh.settle("BK17-V1").totals()["A"] == 2 * 20 * 4
    assert hh.settle("BK17-V1", field_mode="additive").totals()["A"] == 2 * 20 * 6


def test_book_variant_2_winning_hand_versus_plain():
    assert hh.settle("BK17-V2", winning_hand=False, four_three="none").totals()["A"] == 480


def test_d001_example_7_and_d004_example_1_fees():
    fees = sorted(KAN.format(p.amount) for p in hh.settle("D1-7").ledger if p.category == "fees")
    assert fees == ["1 kan", "1 kan 6", "2 kan"]
    fees = sorted(SHILLINGS.format(p.amount) for p in hh.settle("D4-1").ledger
                  if p.category == "fees")
    assert fees == ["1/-", "1/6", "2/-"]


def test_step_lines_cover_every_payment_once():
    for key in EXAMPLES:
        s = hh.settle(key)
        lines = [x for _, xs in hh.step_lines(s) for x in xs
                 if " pays " in x and not x.startswith("Cancelled")]
        assert len(lines) == len(s.ledger), key


def test_example_facts_text_names_the_calls_in_the_traditions_words():
    sage = DECISION_WORDS["d001"].go_on
    assert sage.lower() == "sage" and f"calls {sage}" in hh.example_facts_text("D1-3")
    assert "calls Sa-gé" in hh.example_facts_text("D2-Y")
    assert "B passed" not in hh.example_facts_text("BK17-5")
    assert "A passed by choice" in hh.example_facts_text("BK17-5")


# ---------------------------------------------------------------- comparison, options

@pytest.mark.parametrize("index", range(len(hh.SITUATIONS)))
def test_comparison_rows_equal_direct_settlements(index):
    rows = hh.compare_rows(index)
    facts = hh.SITUATIONS[index][1]
    for p in hh.TRADITIONS:
        s = settle_round(p, facts)
        for row in rows[:-1]:
            v = s.totals().get(row["Player"], 0)
            cell = row[LABELS[p]]
            assert cell.startswith(get_rules(p).unit.format(v))
            if p != "book":
                assert cell.endswith(f"({v} points)")
        assert rows[-1][LABELS[p]] == (s.winner or "—")


def test_options_rows_follow_option_sources():
    rows = {r["Option"]: r for r in teach.option_rows("hachihachi", lines=True)}
    assert set(rows) == {option_title(o) for o in OPTIONS.values()}
    calls, unit = (rows[option_title(OPTIONS[k])] for k in ("calls", "unit"))
    assert calls["differs"] and calls[LABELS["d002"]] == value_text("d002") \
        == SOURCE_DOCUMENTS["D002"].short
    assert (calls[LABELS["d001"] + " source"]
            == option_sources("d001")["calls"].source.reader())
    assert unit[LABELS["d004"]] == "shillings"


def test_sources_cite_every_document():
    docs = {r["Document"] for r in teach.source_rows("hachihachi") + hh.example_source_rows()}
    assert {SOURCE_DOCUMENTS[d].reader for d in ("BOOK", "D001", "D002", "D004")} <= docs


def test_unknown_names_are_refused():
    with pytest.raises(HanafudaError, match="unknown worked example"):
        hh.settle("BK17-9")
    with pytest.raises(HanafudaError, match="unknown field example"):
        hh.timeline_rows("X")
    with pytest.raises(HanafudaError, match="unknown Hachi-Hachi tradition"):
        hh.yaku_rows("d003")


def test_html_outputs_render():
    assert "hanafuda-card" in hh.example_html("BK17-5")
    assert "Where the source is wrong" in hh.example_html("BK17-5")
    ref = hh.reference_html()
    assert "@media print" in ref and ref.count("<table") >= 5


# ---------------------------------------------------------------- the engine-played round

def test_worked_round_settlement_equals_settle_round_on_its_facts():
    from hanafuda_core.games import hachihachi_play as hp
    seed = hh.find_round_seed()
    pr = hh.played_round(seed)
    assert pr == hh.played_round(seed)                         # seeded: replays the same
    direct = settle_round(pr.final.rules, hp.round_facts(pr.final))
    assert pr.settlement.totals() == direct.totals()
    cats = {p.category for p in pr.settlement.ledger}
    assert set(hh.WANTED_STEPS) <= cats
    assert len(pr.steps) == len(pr.final.history)
    html = hh.played_round_html(pr)
    assert "Every action" in html and "Totals." in html


def test_every_worked_example_cites_a_seed_document_and_states_its_result():
    """Each example's facts live once, with where they come from and what the source says."""
    docs = {"BOOK", "D001", "D002", "D004"}
    for key, ex in EXAMPLES.items():
        assert ex.key == key and ex.title and ex.states, key
        assert ex.source.split(",")[0].split(" ")[0] in docs, key
        assert ex.rules().preset == ex.preset
    flagged = {k for k, ex in EXAMPLES.items() if ex.source_note}
    assert "BK17-5" in flagged and "BK17-3" not in flagged


def test_book_variant_1_field_is_typed_once_and_fits_the_dealt_hand():
    """BK17-V1 (seed-examples: December and January Brights in the field): the chapter's
    timeline starts from the worked example's field, which holds both Brights and no
    card of the 3 of a Kind hand dealt with it (9c is in that hand, so the field has 9d)."""
    ex = hh.EXAMPLES["BK17-V1"]
    field = CardSet.parse(hh.TIMELINES["BK17-V1"][1][0])
    assert field == ex.facts.field
    assert {c.code for c in field if c in LIGHT_MULTIPLIERS} == {"12a", "1a"}
    hand = ex.facts.player("A").hand
    assert not field & hand and "9d" in field.format() and "9c" in hand.format()
