"""Positions played out by a capture game's rules (hanafuda_core.teach.situations), for
Koi-Koi and for another game with the same decision (Oni Koi-Koi): every turn, table and
narration is what the rules say."""

import re

import pytest

from hanafuda_core import get_game, teach
from hanafuda_core.engines.capture import Phase
from hanafuda_core.errors import HanafudaError, IllegalActionError
from hanafuda_core.games import koikoi
from hanafuda_core.teach import situations
from hanafuda_core.teach.situations import Example

#: Koi-Koi, and a second game with a stop/continue decision but a chart of its own.
GAMES = ("koikoi", "oni-koikoi")
#: Koi-Koi's written decision examples (a position is a position under any chart).
EXAMPLES = situations.decision_examples("koikoi")


def _cases(key):
    return [(key, case) for case in situations.turn_cases(key)]


@pytest.mark.parametrize(("key", "case"), [c for k in GAMES for c in _cases(k)])
def test_turn_cases_narration_matches_the_rules(key, case):
    tc = teach.turn_case(get_game(key), case)
    assert tc.step.captured == tc.after.captures(0) - tc.before.captures(0)
    assert tc.step.field_after == tc.after.field
    assert tc.before.rules is get_game(key).rules


@pytest.mark.parametrize("key", GAMES)
def test_basics_turn_cases_show_the_rules(key):
    game = get_game(key)
    assert teach.turn_case(game, "two").legal_at_choice == ("capture 2a", "capture 2c")
    same = teach.turn_case(game, "same")
    assert same.step.drawn in same.after.field            # may not take the pair just made
    assert len(teach.turn_case(game, "hiki").step.taken_hand) == 4
    with pytest.raises(HanafudaError, match="unknown turn case"):
        teach.turn_case(game, "nope")


def test_a_game_without_turn_cases_gets_the_basics_and_koikoi_its_own():
    from hanafuda_core.book import TURN_CASES
    assert situations.turn_cases("oni-koikoi") is TURN_CASES
    assert situations.turn_cases("koikoi") is koikoi.TURN_CASES
    decide = teach.turn_case(get_game("koikoi"), "decide")
    assert decide.after.phase == Phase.DECIDE


def test_turn_cases_refuse_a_game_whose_rounds_are_staged():
    with pytest.raises(HanafudaError, match="not plain capture rounds"):
        teach.turn_case(get_game("hachihachi"), "two")


@pytest.mark.parametrize("key", GAMES)
def test_misdeal_rows_follow_each_presets_rules(key):
    game = get_game(key)
    rows = teach.misdeal_rows(game)
    assert rows and len({tuple(r.values())[1:] for r in rows}) == len(rows)   # no repeats
    for row in rows:
        preset = next(p for p in teach.presets(game) if teach.preset_label(game, p)
                      == row["Rule set"])
        rules = teach.preset_game(game, preset).rules
        words = situations.OUTCOME_WORDS
        assert row["Four of a month on the field"].startswith(words[rules.on_field_four])
        assert row["Four pairs in a hand"].startswith(words[rules.on_four_pairs])


@pytest.mark.parametrize("key", GAMES)
def test_group_rows_hold_every_yaku_of_the_chart_once(key):
    game = get_game(key)
    rows = teach.group_rows(game)
    table = game.rules.yaku
    by_group = {r["Group"]: str(r["Yaku"]) for r in rows}
    names = {g.key: g.name for g in table.groups}
    for rule in table.rules:
        assert rule.name in by_group[names[rule.group]]
    assert sum(len(r.name) for r in table.rules) + 2 * (len(table.rules) - len(rows)) == \
        sum(len(v) for v in by_group.values())               # each yaku once
    modes = {g.name: g.mode for g in table.groups}
    for r in rows:
        assert (r["What counts"] == "only the best one") == (modes[r["Group"]] == "one_of")


@pytest.mark.parametrize("key", GAMES)
def test_decision_examples_replay_through_the_rules(key):
    """Under Koi-Koi every example plays out; under another chart an example whose
    decision never comes is refused with the reason, and the table says it does not
    arise."""
    game = get_game(key)
    rows = {r["Example"]: r for r in teach.decision_example_rows(game, [game.preset],
                                                                  EXAMPLES)}
    label = teach.preset_label(game, game.preset)
    played = 0
    for ex in EXAMPLES:
        try:
            state = situations.run_example(game, ex)
        except IllegalActionError:
            assert key != "koikoi"
            assert rows[ex.name][label].startswith("does not arise")
            continue
        played += 1
        assert state.is_terminal and state.card_count() <= 48
        assert state.rules is game.rules
        assert rows[ex.name][label] == situations.result_text(state)
    assert played >= len(EXAMPLES) // 2


def test_an_example_that_does_not_end_the_round_is_refused():
    ex = Example("half", "stops early", ("3c 4c", "6c 12b"), "3b 4b", "2c 8c",
                 ("1b 2b", ""), ("play 3c",))
    with pytest.raises(HanafudaError, match="does not end the round"):
        situations.run_example("koikoi", ex)


def test_oni_koikoi_plays_the_examples_under_its_own_chart():
    """The same race under Oni Koi-Koi's chart: its 3 Poetry Ribbons pay 6 (the
    rulebook's Koi-Koi pays 5), so the first example's Stop scores 6."""
    ex1 = EXAMPLES[0]
    assert situations.result_text(situations.run_example("koikoi", ex1)).startswith("A 5;")
    assert situations.result_text(situations.run_example("oni-koikoi", ex1)).startswith("A 6;")


@pytest.mark.parametrize("key", GAMES)
def test_multiplier_rows_follow_the_overlay(key):
    game = get_game(key, seven_doubles="double")
    rows = {r["Yaku total"]: r for r in teach.multiplier_rows(game)}
    assert rows[6]["Paid"] == 6 and rows[7]["Paid"] == 14
    for total, row in rows.items():
        calls = [k for k in row if k.startswith("Paid after")]
        assert calls == ["Paid after the payer's Koi-Koi"]
        assert row[calls[0]] >= row["Paid"] >= total


@pytest.mark.parametrize("key", GAMES)
def test_same_piles_cells_equal_each_rule_sets_score(key):
    game = get_game(key)
    columns = dict(teach.compared_games(game))
    rows = teach.same_piles_rows(game)
    assert len(rows) == len(teach.game_data(game, "COMPARISON_PILES"))
    for row in rows:
        shown = [c for c in columns if c in row]
        assert shown and shown[0] == teach.preset_label(game, game.preset)
        for label in shown:
            data = columns[label].score(row["cards"].split()).to_dict()
            assert row[f"{label} total"] == data["total"]
            assert str(row[label]).startswith(f"{data['total']}:")
            for y in data["yaku"]:
                assert y["name"] in row[label]
        assert row["differs"] == (len({row[f"{c} total"] for c in shown}) > 1)


def test_score_examples_name_cards_and_never_write_codes():
    game = get_game("koikoi")
    for i in range(len(koikoi.SCORE_EXAMPLES)):
        html = teach.show_score_example(game, i).data
        text = re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", html, flags=re.S))
        assert teach.reader_problems(text) == [], teach.reader_problems(text)
    assert "1 Koi-Koi call before the Stop" in teach.show_score_example(game, 2).data
    with pytest.raises(HanafudaError, match="0 scoring examples"):
        teach.show_score_example(get_game("oni-koikoi"), 0)


@pytest.mark.parametrize("key", GAMES)
def test_reference_page_has_print_style_and_every_yaku(key):
    game = get_game(key)
    html = teach.quick_reference_html(game)
    assert "@media print" in html and "size:A4" in html
    for rule in game.rules.yaku.rules:
        assert rule.name.replace("&", "&amp;") in html
    # The decision block is the game's data: Koi-Koi declares it, Oni Koi-Koi not yet.
    assert ("<h2>Koi-Koi or Stop</h2>" in html) == (key == "koikoi")


def test_koikoi_reference_plays_its_examples_out():
    html = teach.quick_reference_html("koikoi")
    ex2 = situations.run_example("koikoi", EXAMPLES[1]).result
    ex3 = situations.run_example("koikoi", EXAMPLES[2]).result
    assert f"A {ex2.points[0]} " in html and f"B {ex3.points[1]} " in html
    assert "×2: Koi-Koi was called" in html


def test_situation_facts_come_from_the_rules():
    facts = teach.situation_facts("koikoi", "kk")
    book, d002 = koikoi.get_rules("book"), koikoi.get_rules("d002")
    tens = next(r for r in book.yaku.rules if r.key == "five_tens")
    assert facts["kk_pts_five_tens"] == tens.points
    assert facts["kk_pts_five_tens_more2"] == tens.points + 2 * tens.plus_per_extra
    assert facts["kk_d002_pts_poetry_ribbons"] == next(
        r.points for r in d002.yaku.rules if r.key == "poetry_ribbons")
    assert facts["kk_ex2"] == situations.run_example("koikoi", EXAMPLES[1]).result.points[0]
    assert (facts["kk_ex3"], facts["kk_d003_ex3"]) == (2, 1)
    assert (facts["kk_d002_doubles_from"], facts["kk_d002_unpaid_to"]) == (7, 13)
    assert facts["kk_d002_toppa_deal"] == "10/8" and facts["kk_instant"] == 6
    assert "kk_book_doubles_from" not in facts        # the rulebook doubles only on a call
    oni = teach.situation_facts("oni-koikoi", "oni")
    assert oni["oni_pts_poetry_ribbons"] == 6 and not any("_ex" in k for k in oni)
