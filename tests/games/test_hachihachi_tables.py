"""The Hachi-Hachi chapter's data (games/hachihachi_tables) and the teaching layer's displays
of it (teach/layouts): every number they show equals the core's own result.

Worked examples are the seed examples (BK17-*, D1-*, D2-*, D4-*), whose facts live in
hanafuda_core.games.hachihachi_examples: the helpers' settlements are compared with direct
settle_round calls on those facts and with the values the sources state, typed here (the
corrected value where a source's prose is wrong).
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import tables, teach
from hanafuda_core.cards import DEFAULT_VALUES, Card, CardSet, Kind
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games import hachihachi_tables as hh
from hanafuda_core.games.hachihachi import (
    DECISION_WORDS,
    OPTIONS,
    TEYAKU_TABLES,
    get_rules,
    option_sources,
)
from hanafuda_core.games.hachihachi_examples import EXAMPLES, example
from hanafuda_core.games.hachihachi_play import Claim
from hanafuda_core.games.hachihachi_settle import LIGHT_MULTIPLIERS, FieldQueue, settle_round
from hanafuda_core.ledger import KAN, SHILLINGS
from hanafuda_core.registry import get_game
from hanafuda_core.rules import SOURCE_DOCUMENTS
from hanafuda_core.teach import option_title, preset_label, value_text
from hanafuda_core.teyaku import CHAFF

#: Each tradition's heading (the teaching layer's preset labels).
LABELS = {p: preset_label("hachihachi", p) for p in hh.TRADITIONS}

def _reference() -> str:
    """The base game's printable reference, as its page shows it."""
    return teach.settlement_reference_html("hachihachi", hh.BASE_PLAYERS, **hh.reference_data())


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
    rows = teach.preset_yaku_rows("hachihachi", preset)
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
    rows = teach.settlement_payment_rows(s, hh.STEPS)
    assert len(rows) == len(s.ledger)
    nets = teach.settlement_net_rows(s, hh.NET_NAMES)
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
        lines = [x for _, xs in teach.settlement_step_lines(s, hh.STEPS) for x in xs
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
    with pytest.raises(HanafudaError, match="preset"):
        teach.preset_yaku_rows("hachihachi", "d003")
    with pytest.raises(HanafudaError, match="unknown Hachi-Hachi tradition"):
        hh.tradition_name("d003")


def test_html_outputs_render():
    assert "hanafuda-card" in teach.worked_example_html("hachihachi", "BK17-5")
    assert "Where the source is wrong" in teach.worked_example_html("hachihachi", "BK17-5")
    ref = _reference()
    # the base game's reference: hand combinations, yaku and specials as tables
    assert "@media print" in ref and ref.count("<table") >= 3


# ---------------------------------------------------------------- a greedy round, settled

def _greedy_round(seed: int, players: int = 4):
    """A seeded round of the rulebook's game played by greedy players through the
    staged-round wiring (the chapter's worked round goes through the play protocol)."""
    import random

    from hanafuda_core.games import hachihachi_play as hp
    rng = random.Random(seed)
    r = hp.new_hachihachi_round("book", players=players, seed=seed)
    agents = [hp.make_agent("greedy") for _ in range(players)]
    steps = 0
    while not r.is_terminal:
        seat = r.current_seat
        legal = hp.legal_actions(r)
        r = hp.apply(r, agents[seat].choose(hp.view(r, seat), legal, rng))
        steps += 1
    return r, steps


def test_a_greedy_rounds_settlement_equals_settle_round_on_its_facts():
    """The first greedy four-player round that pays compensation, hand combinations and
    a yaku settles to the same totals as settle_round on the round's facts."""
    from hanafuda_core.games import hachihachi_play as hp
    wanted = {"compensation", "teyaku", "yaku"}
    seed = next(s for s in range(1, 200)
                if wanted <= {x.category for x in _greedy_round(s)[0].result.report.ledger})
    final, steps = _greedy_round(seed)
    again, _ = _greedy_round(seed)
    assert again.result.report.totals() == final.result.report.totals()   # seeded
    direct = settle_round(final.rules, hp.round_facts(final))
    assert final.result.report.totals() == direct.totals()
    assert steps == len(final.history)


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


# ---------------------------------------------------------------- the learner chapter
#
# The chapter (book/hachihachi.md) and its quick reference are executed here cell by cell,
# as the book build does, and every piece of text a reader sees (the prose, and the HTML
# the cells show) is checked for engine words, card codes, option identifiers, line
# citations and bare document labels. The variants page is the one place where those
# belong, so it is not checked.


BOOK_DIR = Path(__file__).resolve().parents[2] / "book"
LEARNER_PAGES = ("hachihachi.md", "hachihachi-reference.md")

#: What a learner page must not show, with what it is.
FORBIDDEN = {
    "engine word": re.compile(r"\bengines?\b", re.I),
    "line citation": re.compile(r"\blines? \d|\bl\. ?\d"),
    "bare document label": re.compile(r"\b(?:D00\d|BOOK)\b|\bbook\b"),
    "card code": re.compile(r"\b(?:1[0-2]|[1-9])[a-d]\b"),
    "option identifier": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "action code": re.compile(r"\bclaim none\b|\bclaim [a-z_]+,[a-z]|'(?:play|capture|call) "),
}


class _Text(HTMLParser):
    """The text a reader sees: no tags, no styles or scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    return " ".join(parser.parts)


def problems(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r} in ...{text[max(0, m.start() - 60):m.end() + 60]}..."
            for what, pattern in FORBIDDEN.items() for m in pattern.finditer(text)]


def _cells(page: str) -> tuple[list[str], list[str]]:
    """(the prose, the code cells) of a MyST chapter."""
    import jupytext
    nb = jupytext.read(BOOK_DIR / page)
    prose = [c.source for c in nb.cells if c.cell_type == "markdown"]
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    return prose, code


def _run_cells(code: list[str]) -> list[str]:
    """Execute a chapter's code cells in order; the HTML each one shows (widgets, which
    the browser tests read, are left out)."""
    import ast

    from myst_nb import glue  # noqa: F401  (the chapter glues its facts)
    env: dict[str, object] = {}
    shown = []
    for source in code:
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "<cell>", "exec"), env)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), env)
            markup = getattr(value, "data", None)
            if isinstance(markup, str):
                shown.append(markup)
    return shown


@pytest.fixture(scope="module")
def learner_pages():
    out = {}
    for page in LEARNER_PAGES:
        prose, code = _cells(page)
        out[page] = (prose, _run_cells(code))
    return out


def _prose_text(md: str) -> str:
    md = re.sub(r"\{(?:doc|glue:text|ref)\}`[^`]*`", "", md)   # roles: links and glued facts
    return re.sub(r"^---$.*?^---$", "", md, flags=re.S | re.M)


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_learner_prose_has_no_engine_words(learner_pages, page):
    prose, _ = learner_pages[page]
    found = [p for md in prose for p in problems(_prose_text(md))]
    assert not found, found


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_learner_outputs_have_no_engine_words(learner_pages, page):
    _, shown = learner_pages[page]
    assert shown, page
    found = [p for markup in shown for p in problems(visible_text(markup))]
    assert not found, found


def test_the_checker_catches_what_it_forbids():
    """The forbidden patterns are real: each catches its own example, none catches a
    reader's sentence."""
    for bad in ("the engine stopped", "lines 3361-4216", "(D002)", "BOOK ch. 17",
                "take 2a", "fold_fees", "claim none", "claim three,two_pairs"):
        assert problems(bad), bad
    assert not problems("The rulebook's Scoring Example 3 (figure 17.6): 3 of a Kind, "
                        "1 Jan, 12 Dec, the Plum Ribbon.")
    assert visible_text("<style>a_b{}</style><p>x<b>y</b></p><svg><title>z</title></svg>") \
        .split() == ["x", "y", "z"]


def test_the_chapter_teaches_the_rulebooks_three_player_game(learner_pages):
    prose, shown = learner_pages["hachihachi.md"]
    text = "\n".join(prose)
    heads = re.findall(r"^##+ (.+)$", text, flags=re.M)
    for section in ("At a glance", "Your first game", "Scoring at the table",
                    "A worked round", "Play against the computer", "Strategy tips", "FAQ",
                    "Quick reference", "Exercises"):
        assert section in heads, section
    # the additions come one at a time, after the first game and before scoring
    adds = [h for h in heads if re.match(r"\d\. ", h)]
    assert len(adds) >= 4
    assert heads.index("Your first game") < heads.index(adds[0]) < heads.index(
        "Scoring at the table")
    # only the base game's tradition: no other tradition's column in what is shown
    others = [preset_label("hachihachi", p) for p in hh.TRADITIONS if p != hh.BASE_PRESET]
    assert not [o for o in others for m in shown if o in visible_text(m)]
    # every FAQ question of the anatomy is answered
    for q in ("No card in my hand matches", "matches two field cards", "hand is empty",
              "tie", "Grand Field"):
        assert q in text, q


def test_scoring_procedure_is_a_hachihachi_settlement_in_order():
    """Hand combinations, then the yaku of a round ended by a call or else card points
    against par, the field multiplying everything, and who pays whom last; under every
    tradition."""
    for p in hh.TRADITIONS:
        steps = teach.scoring_steps(get_game("hachihachi", preset=p))
        keys = [k for k, _ in steps]
        texts = [t for _, t in steps]
        assert "multiplier" in texts[0] and "\u00d74" in texts[0]
        assert keys.index("hand") < keys.index("find_yaku") < keys.index("card_points") \
            < keys.index("par") < keys.index("settle") == len(keys) - 1
        assert "add_up" not in keys
        assert f"par ({hh.par_facts()[2]})" in texts[keys.index("par")]
        yaku_step = texts[keys.index("card_points") - 1]
        paid_at_once = get_rules(p).calls not in ("book", "d002")
        assert ("moment they are made" in yaku_step) == paid_at_once


def test_scoring_order_of_unknown_steps_is_refused(monkeypatch):
    from hanafuda_core.games import hachihachi as module
    monkeypatch.setattr(module, "SCORING_ORDER", ("hand", "tally"))
    with pytest.raises(HanafudaError, match="SCORING_ORDER"):
        teach.scoring_steps("hachihachi")


def test_base_overview_seats_three():
    rows = {r[""]: r["At a glance"]
            for r in teach.seated_overview_rows("hachihachi", hh.BASE_PLAYERS)}
    deal = get_game("hachihachi").info.deals[3]
    stock = 48 - 3 * deal.hand - deal.field
    assert rows["Deal"] == (f"{deal.hand} cards to each player, {deal.field} face up to the "
                            f"field, {stock} in the stock")
    assert rows["Players"].startswith("3 in a round")


def test_first_deal_picture_is_the_seeded_deal():
    zones = get_game("hachihachi").new_round(seed=hh.FIRST_DEAL_SEED, players=3).zones()
    markup = teach.deal_html("hachihachi", hh.FIRST_DEAL_SEED, hh.BASE_PLAYERS)
    # the field and your hand face up, the others' 14 cards face down, the stock a pile
    assert markup.count('class="hanafuda-card"') == len(zones["field"]) + 7 + 14
    for c in list(zones["field"]) + list(zones["hand 0"]):
        assert Card(c).title in markup
    assert markup.count('class="hanafuda-stack"') == 1


def test_worked_round_seed_is_the_first_with_a_claim_and_a_real_end_call():
    assert hh.find_sage_seed() == hh.FIRST_DEAL_SEED


def test_worked_round_shows_the_end_call_with_its_reason():
    g = get_game("hachihachi")
    wr = teach.worked_round(g, hh.FIRST_DEAL_SEED, 3)
    end = next(d for d in wr.decisions if "End" in d.chosen)
    markup = teach.decisions_round_html("hachihachi", hh.FIRST_DEAL_SEED, hh.BASE_PLAYERS,
                                          **hh.WORKED_ROUND)
    text = visible_text(markup)
    rules = get_rules("book")
    caps = CardSet(Card(c) for c in end.zones[f"captures of side {end.player + 1}"])
    value = sum(h.points for h in rules.yaku.evaluate(caps).hits)
    field = CardSet(Card(c) for c in wr.dealt["field"])
    mult = hh.field_multiplier(rules, field).value
    assert f"{value * mult} from each of the other two" in text
    assert "Why End?" in text and "(chosen)" in text
    assert wr.result.winner == end.player
    assert "Decision 1" in text and "Decision 2" not in text     # only the call is drawn
    assert "claim " not in " ".join(c for d in wr.decisions for c in d.choices
                                    if "End" in c)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_claim_words_become_combination_names(data):
    t = get_rules("book").teyaku
    chaff = [r for r in t.rows() if r["group"] == CHAFF]
    suit = [r for r in t.rows() if r["group"] != CHAFF]
    picked = [data.draw(st.sampled_from(chaff))] if data.draw(st.booleans()) else []
    picked += [data.draw(st.sampled_from(suit))] if data.draw(st.booleans()) else []
    described = Claim(tuple(str(r["key"]) for r in picked)).describe()
    expected = ("claim " + " and ".join(str(r["name"]) for r in picked) if picked
                else "claim no hand combination")
    assert hh.claim_text(described) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([f"{m}{k}" for m in range(1, 13) for k in "abcd"]),
                min_size=1, max_size=20, unique=True))
def test_pile_count_adds_the_card_values_and_compares_with_par(codes):
    pile = CardSet.parse(" ".join(codes))
    total = sum(DEFAULT_VALUES[c.kind] for c in pile)
    text = visible_text(teach.pile_count_html("hachihachi", " ".join(codes), hh.par_facts()[2]))
    par = hh.par_facts()[2]
    assert f"Total {total}," in text
    if total > par:
        assert f"{total - par} above par" in text
    elif total < par:
        assert f"{par - total} below par" in text
    else:
        assert "exactly on par" in text
    for kind in Kind:
        n = sum(1 for c in pile if c.kind is kind)
        if n:
            assert f"{n} \u00d7 {DEFAULT_VALUES[kind]} = {n * DEFAULT_VALUES[kind]}" in \
                text.replace(f" {kind.name.capitalize()}s ", " ").replace(
                    f" {kind.name.capitalize()} ", " ")


@pytest.mark.parametrize("key", [k for k in EXAMPLES if k.startswith("BK17-")
                                 and not k.startswith("BK17-V")])
def test_learner_examples_are_the_rulebooks_settlements_without_citations(key):
    markup = teach.worked_example_html("hachihachi", key, learner=True)
    text = visible_text(markup)
    assert not problems(text), problems(text)
    for name, total in hh.settle(key).totals().items():
        nets = teach.settlement_net_rows(hh.settle(key), hh.NET_NAMES)
        assert total == int(str(next(r for r in nets if r[""] == "Total")[name]))
    assert text.startswith("From the rulebook, Scoring Example")
    ex = example(key)
    assert ("Where the rulebook is wrong" in text) == bool(ex.source_note and not ex.source_gap)
    assert ("What the rulebook leaves unsaid" in text) == ex.source_gap


def test_base_teyaku_table_is_the_rulebooks():
    rows = teach.hand_combination_rows("hachihachi", value="Points from each opponent")
    t = get_rules("book").teyaku
    assert [(r["Combination"], r["Points from each opponent"]) for r in rows] == \
        [(r["name"], str(r["value"])) for r in t.rows()]
    markup = teach.hand_combinations_html("hachihachi", pictured=hh.PICTURED_TEYAKU,
                                          examples=hh.teyaku_hands())
    assert markup.count("hanafuda-layout") == len(hh.PICTURED_TEYAKU)


def test_base_reference_is_the_base_game_only():
    ref = _reference()
    text = visible_text(ref)
    assert "@media print" in ref
    assert not problems(text), problems(text)
    others = [preset_label("hachihachi", p) for p in hh.TRADITIONS if p != "book"]
    assert not [o for o in others if o in text]
    for step in teach.scoring_procedure("hachihachi"):
        assert step in text
    assert tables.deck_total() == hh.par_facts()[0]


def test_base_specials_leave_the_bonuses_to_the_prose_and_the_reference_lists_them():
    chapter = [r["Achievement"] for r in hh.base_specials_rows()]
    reference = [r["Achievement"] for r in hh.base_specials_rows(bonuses=True)]
    assert len(chapter) == 3 and set(chapter) < set(reference)
    assert [r for r in reference if r not in chapter] == [
        r[""] for r in hh.special_rows() if str(r[""]).startswith(hh.BONUS_ROWS)]
    book = get_rules("book")
    worth = {r["Achievement"]: r["What it is worth"] for r in hh.base_specials_rows(
        bonuses=True)}
    assert any(str(book.chaff_bonus) in str(v) for k, v in worth.items()
               if k.startswith("Chaff combination"))


@pytest.mark.parametrize("page", ("hachihachi.md", "hachihachi-variants.md"))
def test_every_glued_fact_a_page_names_is_glued(page):
    """A page's {glue:text} roles name facts the page's first cell glues (the build
    would fail on a missing one)."""
    text = (BOOK_DIR / page).read_text(encoding="utf-8")
    named = set(re.findall(r"\{glue:text\}`([a-z0-9_]+)`", text))
    assert 'teach.glue_facts(game, "hh", **hh.chapter_facts())' in text
    glued = {**teach.facts("hachihachi", "hh"), **hh.chapter_facts()}
    assert named and named <= set(glued), named - set(glued)


def test_the_variants_page_follows_the_chapter_in_the_table_of_contents():
    toc = (BOOK_DIR.parent / "_toc.yml").read_text(encoding="utf-8").splitlines()
    at = toc.index("      - file: book/hachihachi")
    assert toc[at + 1] == "      - file: book/hachihachi-variants"


def test_variants_page_names_documents_and_shows_no_engine_words():
    """The variants page may cite lines and labels, but a label always stands in
    parentheses after the document's name, and no engine words, option identifiers or
    card codes (pence, "8d", are money) reach the reader."""
    prose, code = _cells("hachihachi-variants.md")
    texts = [visible_text(m) for m in _run_cells(code)] + [_prose_text(p) for p in prose]
    bare_label = re.compile(r"(?<!\()\b(?:D00\d|BOOK)\b(?!\))")
    allowed = ("engine word", "option identifier")
    codes = re.compile(r"\b(?:1[0-2]|[1-9])[a-c]\b")
    found = [p for t in texts for p in problems(t) if p.split(":")[0] in allowed]
    found += [m.group(0) for t in texts for m in bare_label.finditer(t)]
    found += [t[max(0, m.start() - 40):m.end() + 20] for t in texts for m in codes.finditer(t)]
    assert not found, found[:5]


def test_a_worked_example_says_whether_the_rulebook_is_wrong_or_only_silent():
    """Example 4's totals are right (only the dealer goes unsaid); example 5's prose names
    the wrong payers. Each box says which, on the learner page and the variants page."""
    from hanafuda_core.games.hachihachi_examples import BOOK_EXAMPLES
    from hanafuda_core.teach.layouts import settlement_html
    for learner, where in ((True, "the rulebook"), (False, "the source")):
        gap = settlement_html(hh.worked_example_parts("BK17-4"), learner=learner)
        wrong = settlement_html(hh.worked_example_parts("BK17-5"), learner=learner)
        assert f"What {where} leaves unsaid" in gap and "is wrong" not in gap
        assert f"Where {where} is wrong" in wrong and "leaves unsaid" not in wrong
    noted = [k for k, ex in BOOK_EXAMPLES.items() if ex.source_note]
    assert {k for k in noted if BOOK_EXAMPLES[k].source_gap} == {"BK17-4"}


def test_at_a_glance_the_length_is_the_deals_a_game_plays():
    """The chapter's At a glance said 'as many deals as the table agrees'; a game is
    twelve deals unless the table asks for six."""
    from hanafuda_core.teach.facts import game_length, overview_rows
    g = get_game("hachihachi")
    planned = g.play(["greedy"] * 3, seed=1).summary["planned_deals"]
    assert game_length(g) == planned == 12
    assert {r[""]: r["At a glance"] for r in overview_rows(g)}["Length"] == f"{planned} deals"
