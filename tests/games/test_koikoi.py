"""Koi-Koi's chapter facts: its charts, its written examples and the rule sets side by side,
each as the teaching layer shows them from Koi-Koi's data (hanafuda_core.games.koikoi)."""

import html
import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from random_rules import option_sets, presets, under_random_rules

from hanafuda_core import get_game, teach
from hanafuda_core.cards import CardSet
from hanafuda_core.engines.capture import GO_ON, STOP, Phase, apply, legal_actions, setup_state
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.games.koikoi import (
    DECISION_MOMENT,
    OPTIONS,
    PRESETS,
    get_rules,
)
from hanafuda_core.rules import SOURCE_DOCUMENTS
from hanafuda_core.teach import option_title, preset_label, situations, value_text

GAME = get_game("koikoi")
#: Each preset's heading (the teaching layer's preset labels).
LABELS = {p: preset_label("koikoi", p) for p in PRESETS}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_yaku_of_each_preset_is_in_its_chart(preset):
    rows = teach.yaku_rows(teach.preset_game("koikoi", preset))
    assert [r["key"] for r in rows] == [r.key for r in get_rules(preset).yaku.rules]


@pytest.mark.parametrize("preset", ["book", "d002", "d003"])
def test_chart_example_cards_make_exactly_their_yaku(preset):
    table = get_rules(preset).yaku
    for row in teach.yaku_rows(teach.preset_game("koikoi", preset)):
        rule = next(r for r in table.rules if r.key == row["key"])
        ev = table.evaluate(CardSet(row["cards"]))
        assert rule.key in ev.keys, row["Yaku"]
        hit = next(h for h in ev.hits if h.rule.key == rule.key)
        assert hit.points == rule.points          # the minimum set: no extras


def test_chart_html_draws_every_yaku_of_the_book_chart():
    html = teach.yaku_chart_html("koikoi")
    for rule in get_rules("book").yaku.rules:
        assert rule.name.replace("&", "&amp;") in html
    assert html.count('class="hf-yaku"') == len(get_rules("book").yaku.rules)


def test_book_koikoi_points_matrix_follows_the_charts():
    rows = {r["Yaku"].split(" · ")[0]: r for r in teach.yaku_points_rows("koikoi")}
    assert rows["5 Brights"][LABELS["book"]] == "10 points"
    assert rows["5 Brights"][LABELS["d003"]] == "15 points"
    assert rows["3 Poetry Ribbons"][LABELS["book"]] == "5 points + 1 per extra Ribbon"
    assert rows["3 Poetry Ribbons"][LABELS["d002"]] == "6 points"
    assert rows["Flower Viewing"][LABELS["d002"]] == "—"


def test_comparison_compares_every_rule_set_and_the_alternative_charts():
    rows = teach.same_piles_rows(GAME)
    assert "Rulebook, alternative charts total" in rows[0]
    for row in rows:                                       # Toppa scores as D002 does
        assert row[f"{LABELS['d002-toppa']} total"] == row[f"{LABELS['d002']} total"]


def test_comparison_shows_the_catalog_disagreements():
    by_pile = {r["Pile"]: r for r in teach.same_piles_rows(GAME)}
    five = by_pile["All five Brights"]
    assert (five["Rulebook total"], five[LABELS["d003"] + " total"]) == (10, 15)
    assert five[LABELS["d002"]] == "20: 5 Brights 10 ×2"        # D002 doubles 7 or more
    views = by_pile["Moon, Curtain and Sake Cup"]
    assert views["Rulebook total"] == 10
    assert views[LABELS["d002"] + " total"] == 0
    assert views[LABELS["d003"] + " total"] == 0
    ribbons = by_pile["Poetry and Purple Ribbons together"]
    assert ribbons["Rulebook total"] == 10 and ribbons[LABELS["d003"] + " total"] == 14
    assert all(r["differs"] for r in by_pile.values())


def test_book_koikoi_examples_table_matches_the_rulebook():
    rows = {r["Example"]: r for r in teach.decision_example_rows(GAME)}
    book, d002, d003 = (LABELS[p] for p in ("book", "d002", "d003"))
    assert rows["Rulebook example 1 (case C3)"][book].startswith("A 5;")
    assert rows["Rulebook example 2 (case C1)"][book].startswith("A 12 ")
    assert rows["Rulebook example 3 (case C2)"][book].startswith("B 2 ")
    assert rows["Rulebook example 4"][book] == "draw: A 0, B 0"
    assert rows["Rulebook example 5"][book].startswith("A 12 ")
    assert rows["Case C6"][book].startswith("A 14 ")        # doubled once, not x4
    assert rows["Rulebook example 3 (case C2)"][d003].startswith("B 1;")   # no multiplier
    assert rows["Rulebook example 2 (case C1)"][d002].startswith("does not arise")
    assert rows["Rulebook example 2 (case C1)"]["Koi-Koi calls"] == 1
    assert rows["Rulebook example 3 (case C2)"]["Next dealer"] == "B"
    assert LABELS["d002-toppa"] not in rows["Case C4"]     # its results repeat D002's


def test_d002_7_seven_doubles_rows():
    rows = {r["Yaku total"]: r for r in teach.multiplier_rows(teach.preset_game(GAME, "d002"))}
    assert rows[6]["Paid"] == 6 and rows[7]["Paid"] == 14 and rows[8]["Paid"] == 16
    assert rows[8]["Paid after the payer's Koi-Koi"] == 32


def test_d002_8_three_player_example_forces_stop():
    example = situations.Example.from_data(DECISION_MOMENT)
    decision, final, legal = situations.decision_moment(GAME, example)
    assert legal == ["stop"] and final.result.points == (0, -12, 12)
    assert decision.rules.players == 3 and decision.rules.preset == "d002"
    text = teach.show_decision_moment(GAME).data
    assert "Koi-Koi calls so far: A, B. Player C has just made a yaku and must call Stop" \
        in text


def test_koikoi_effect_rows_cover_every_value():
    rows = teach.decision_option_rows(GAME)
    assert [r["Setting"] for r in rows] == list(OPTIONS["koikoi_effect"].allowed)
    by = {r["Setting"]: r for r in rows}
    assert by["double_once"]["Used by"] == LABELS["book"]
    assert by["none"]["Example 3 (B stops after A's call)"].startswith("B 1;")
    assert by["double_once"]["Example 3 (B stops after A's call)"].startswith("B 2 ")


def test_options_rows_list_every_option_with_preset_values():
    rows = teach.option_rows("koikoi", lines=True)
    assert [r["Option"] for r in rows] == [option_title(o) for o in OPTIONS.values()]
    sake = next(r for r in rows if r["Option"] == option_title(OPTIONS["sake"]))
    assert sake[LABELS["d003"]] == value_text("ten_and_chaff") == "ten and chaff"
    assert sake[LABELS["book"]] == "ten"


def test_deal_and_misdeal_rows_come_from_the_rules():
    deals = set()
    for row in teach.preset_deal_rows("koikoi"):
        n = row["Players"]
        for p in PRESETS:
            cell = str(row[LABELS[p]])
            if cell == "not played":
                continue
            hand, fld, stock = (int(x) for x in cell.rstrip("*").split(" / "))
            deals.add((LABELS[p], n, hand, fld))
            assert hand * n + fld + stock == 48
            assert get_rules(p, players=n).deals[n] == (hand, fld)   # the engine's deal
    assert deals >= {
        (LABELS["book"], 2, 8, 8), (LABELS["d002"], 3, 7, 6),
        (LABELS["d002"], 4, 5, 8), (LABELS["d002-toppa"], 2, 10, 8)}
    mis = {r["Rule set"]: r for r in teach.misdeal_rows("koikoi")}
    assert list(mis) == [LABELS["book"], LABELS["d002"], LABELS["d003"]]  # Toppa repeats D002
    assert mis[LABELS["book"]]["Four pairs in a hand"].startswith("deal again")
    assert (mis[LABELS["d003"]]["Four of a month on the field"]
            == "deal again, the other player deals")
    assert mis[LABELS["d002"]]["Four of a month in a hand"] == \
        "the holder wins the round (6 points)"


def test_group_rows_of_the_rulebook():
    rows = {r["Group"]: r for r in teach.group_rows(GAME)}
    assert rows["Bright yaku"]["What counts"] == "only the best one"
    assert rows["Views"]["What counts"] == "every one you make"


@pytest.mark.parametrize("seed", [3, 0, 19])
def test_narrated_round_replays_to_the_recorded_final_state(seed):
    """The turn-by-turn story of a whole recorded round (the turn cases' narration)
    ends on the recorded final state, using every action once."""
    from hanafuda_core.book import narrate
    from hanafuda_core.players import play_game
    record = play_game(seed, ("greedy", "greedy"), rounds=1)
    states = tuple(s.inner for s in record.get_game().round_states(record)[0])
    steps = narrate(states[0], record.rounds[0].actions, names=("You", "Opponent"))
    final = states[-1]
    last = steps[-1]
    assert final.is_terminal
    assert last.field_after == final.field
    assert last.captures_after == tuple(final.captures(p) for p in range(2))
    assert last.hands_after == tuple(final.hand(p) for p in range(2))
    used = [i for s in steps for i in s.action_indices]
    assert used == list(range(len(record.rounds[0].actions)))
    decisions = [s for s in steps if s.decision]
    if final.result.winner is not None:
        assert decisions[-1].decision == "stop" and decisions[-1].player == final.result.winner


def test_chapter_worked_round_shows_the_coachs_koikoi_call_in_full():
    """The chapter's worked round (the teaching layer's, seed 14): the coach calls
    Koi-Koi, then stops; every decision is drawn in full with its reason, none folded."""
    wr = teach.worked_round("koikoi", 14, agent=("coach", "greedy"))
    said = [d.chosen for d in wr.decisions]
    assert said[0].startswith("call Koi-Koi") and said[-1] == "call Stop"
    assert wr.result.winner == 0 and wr.result.points[0] > 0
    html = teach.worked_round_html(wr)
    assert "<details" not in html and html.count('class="hf-decision"') == len(said)
    assert all("average" in d.reason for d in wr.decisions)


def test_sources_list_every_document_used():
    docs = {r["Document"] for r in teach.source_rows("koikoi")}
    assert docs == {SOURCE_DOCUMENTS[d].reader for d in ("BOOK", "D002", "D003")}


def test_overview_uses_the_registry():
    rows = {r[""]: r["At a glance"] for r in teach.overview_rows("koikoi")}
    assert rows["Difficulty"] == "Intermediate" and rows["Cards"] == "48 cards"


def test_last_card_decision_checked_in_the_engine():
    """The quiz's last-card position: a go-on call on the last card can only draw."""
    rules = get_rules("book")
    s = setup_state(rules, [["3c"], []], field="3b 10c", stock=[], captures=["1b 2b", ""])
    s = apply(s, "play 3c")
    assert s.phase == Phase.DECIDE and set(legal_actions(s)) == {GO_ON, STOP}
    assert apply(s, GO_ON).result.points == (0, 0)
    assert apply(s, STOP).result.points == (5, 0)


@pytest.mark.parametrize("effect", OPTIONS["koikoi_effect"].allowed)
def test_multiplier_rules_name_every_multiplier_a_round_can_apply(effect):
    """Every multiplier a round gets is one of the rules the options list for the scoring
    at the table (with the round's count beside it), at the factor the rule gives; and
    every rule listed is one some round gets."""
    for bright in OPTIONS["field_bright"].allowed:
        for seven in OPTIONS["seven_doubles"].allowed:
            overlay = get_rules(koikoi_effect=effect, field_bright=bright,
                                seven_doubles=seven).overlay
            rules = overlay.multiplier_rules()
            used = set()
            for value in (3, 7):
                for me in range(3):
                    for them in range(3):
                        for brights in range(3):
                            for m in overlay.multipliers(value, me, them, brights):
                                # (the rule, less the round's count: "(2 calls)")
                                rule = re.sub(r" \(\d+ (calls?|dealt)\)", "", m.reason)
                                hit = [(times, text) for times, text in rules if rule == text]
                                assert len(hit) == 1, (m.reason, rules)
                                times = hit[0][0]
                                if times[1:].isdigit():
                                    assert m.factor == int(times[1:])
                                assert "(s)" not in m.reason
                                used.add(hit[0])
            assert used == set(rules), (effect, bright, seven)


def test_scoring_at_the_table_names_the_multipliers_of_the_options():
    steps = teach.scoring_procedure(get_game("koikoi", koikoi_effect="double_or_nothing",
                                             field_bright="super_bright"))
    multiply = [s for k, s in teach.scoring_steps(get_game(
        "koikoi", koikoi_effect="double_or_nothing", field_bright="super_bright"))
        if k == "multiply"]
    assert len(multiply) == 2
    assert "Double or Nothing" in multiply[0] and "(×(1 + Brights))" in multiply[1]
    steps = teach.scoring_procedure(get_game("koikoi", koikoi_effect="multiplier"))
    assert any("×(1 + calls)" in s for s in steps) and not any("(s)" in s for s in steps)
    assert not any(k == "multiply" for k, _ in teach.scoring_steps(get_game("koikoi", "d003")))


@under_random_rules(40)
@given(preset=presets("koikoi"), options=option_sets("koikoi"),
       players=st.sampled_from((2, 3, 4)))
def test_the_quick_reference_holds_under_any_rules(preset, options, players):
    """The quick reference's decision block builds under every preset, house rules and
    table the rules allow: it lists the multipliers of these rules, and shows the
    examples that these rules reach (an example whose moves they forbid is left out)."""
    try:
        game = get_game("koikoi", preset, players=players, **options)
    except (OptionError, PlayerCountError):
        assume(False)
    block = situations.decision_reference_html(game)
    rules = game.rules.overlay.multiplier_rules()
    for times, text in rules:
        assert html.escape(f"{times}: {text}") in block
    assert ("no multiplier" in block) == (not rules)
    assert teach.quick_reference_html(game)
