"""The teaching layer (:mod:`hanafuda_core.teach`) for every playable game.

Parametrised over the registry's playable games, so a new game is covered by becoming
playable: every helper names every yaku with the points the core computes, every option
by its title, draws cards with accessible names, and keeps engine words, option
identifiers, bare document labels and line citations out of reader text.
"""

from __future__ import annotations

import html
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import CARD_INFO, CardSet, parse_card
from hanafuda_core.errors import HanafudaError, OptionError
from hanafuda_core.registry import playable_keys
from hanafuda_core.rules import SOURCE_DOCUMENTS
from hanafuda_core.teach import (
    card_value_rows,
    decision_rows,
    game_data,
    hand_rows,
    option_rows,
    option_title,
    options_html,
    overview_html,
    overview_rows,
    plain_line,
    preset_label,
    presets,
    quick_reference_html,
    scoring_html,
    scoring_procedure,
    scoring_steps,
    show_options,
    sources_html,
    value_text,
    worked_round,
    worked_round_html,
    yaku_chart_html,
    yaku_rows,
)
from hanafuda_core.teach.worked import is_decision

PLAYABLE = playable_keys()


@cache
def page(key: str, helper: str) -> str:
    """A helper's HTML for a game under its default rules (built once per test run)."""
    g = get_game(key)
    return {"overview": overview_html, "chart": yaku_chart_html, "options": options_html,
            "sources": sources_html, "scoring": scoring_html,
            "reference": quick_reference_html,
            "worked": lambda g: worked_round_html(worked_round(g, 3))}[helper](g)


def chart_of(g):
    """The game's yaku table, or its optional chart where the yaku are optional."""
    return g.rules.yaku if g.rules.yaku is not None else \
        getattr(getattr(g.rules, "overlay", None), "optional_chart", None)


LEARNER = ("overview", "chart", "scoring", "reference", "worked")
ALL = (*LEARNER, "options", "sources")


def text_of(markup: str) -> str:
    """The visible text and the accessible names of a page."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', markup))
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels))


def card_labels(markup: str) -> list[str]:
    return re.findall(r'<svg[^>]*role="img"[^>]*aria-label="([^"]*)"', markup)


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_chart_names_every_yaku_with_the_points_the_core_gives(key):
    g = get_game(key)
    text = text_of(page(key, "chart"))
    rows = yaku_rows(g)
    table = chart_of(g)
    if table is None:
        assert rows == []
        return
    assert [r["key"] for r in rows] == [r.key for r in table.rules]
    for rule, row in zip(table.rules, rows):
        ev = table.evaluate(CardSet(row["cards"]))
        hit = next(h for h in ev.hits if h.rule.key == rule.key)
        assert hit.base == rule.points == row["points"] == row["core points"]
        assert rule.name in text and str(row["Points"]) in text


@pytest.mark.parametrize("key", PLAYABLE)
def test_hand_combinations_are_charted_with_hands_that_make_them(key):
    g = get_game(key)
    table = getattr(g.rules, "teyaku", None)
    rows = hand_rows(g)
    if table is None:
        assert rows == []
        return
    text = text_of(page(key, "chart"))
    assert [r["key"] for r in rows] == [r.key for r in table.rules]
    for rule, row in zip(table.rules, rows):
        best = table.evaluate(CardSet(row["cards"])).best(rule.group)
        assert len(row["cards"]) == 7 and best.rule.key == rule.key
        assert best.value == rule.value == row["core points"]
        assert rule.name in text


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_chart_says_how_each_group_counts(key):
    g = get_game(key)
    text = text_of(page(key, "chart"))
    table = chart_of(g)
    for group in table.groups if table is not None else ():
        if any(r.group == group.key for r in table.rules):
            words = ("only the best of this group" if group.mode == "one_of"
                     and table.limit == "groups" else None)
            assert f"{group.name} ({words})" in text if words else group.name in text


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("helper", ALL)
def test_cards_are_drawn_with_accessible_names(key, helper):
    markup = page(key, helper)
    labels = card_labels(markup)
    if helper in ("chart", "reference", "worked"):
        assert labels
    for label in labels:
        assert label.strip() and "in question" not in label


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("helper", ALL)
def test_no_bare_document_labels_and_no_option_identifiers(key, helper):
    g = get_game(key)
    text = text_of(page(key, helper))
    assert not re.search(r"(?<!\()\b(D00\d|BOOK)\b(?!\))", text), helper
    identifiers = [k for k in g.option_table if "_" in k]
    found = [k for k in identifiers if re.search(rf"\b{re.escape(k)}\b", text)]
    assert not found, (helper, found)


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("helper", LEARNER)
def test_learner_text_has_no_engine_words_or_line_citations(key, helper):
    text = text_of(page(key, helper))
    assert "engine" not in text.lower()
    assert not re.search(r"\blines? \d", text)
    assert not re.search(r"\b(?:1[0-2]|[1-9])[a-d]\b", re.sub(r"<[^>]+>", " ",
                                                             page(key, helper)))


@pytest.mark.parametrize("key", PLAYABLE)
def test_options_name_every_option_by_title_under_every_preset(key):
    g = get_game(key)
    text = text_of(page(key, "options"))
    titles = [option_title(o) for o in g.option_table.values()]
    assert len(set(titles)) == len(titles)
    for t in titles:
        assert t in text
    labels = [preset_label(g, p) for p in presets(g)]
    assert len(set(labels)) == len(labels)
    for label in labels:
        assert label in text
    rows = option_rows(g)
    for p, label in zip(presets(g), labels):
        values = dict(get_game(key, preset=p).rules.options)
        for (k, opt), row in zip(g.option_table.items(), rows):
            assert row[label] == value_text(values.get(k, opt.default)), (p, k)


@pytest.mark.parametrize("key", PLAYABLE)
def test_options_mark_exactly_the_options_on_which_presets_differ(key):
    g = get_game(key)
    per = [dict(get_game(key, preset=p).rules.options) for p in presets(g)]
    for k, row in zip(g.option_table, option_rows(g)):
        values = {repr(v.get(k, g.option_table[k].default)) for v in per}
        assert row["differs"] == (len(values) > 1), k


@pytest.mark.parametrize("key", PLAYABLE)
def test_sources_cite_by_name_with_lines_only_on_the_variants_page(key):
    markup = page(key, "sources")
    assert re.search(r"\d+-\d+", markup)
    text = text_of(markup)
    assert "the rulebook" in text


@pytest.mark.parametrize("key", PLAYABLE)
def test_overview_reads_the_registry(key):
    g = get_game(key)
    rows = {r[""]: r["At a glance"] for r in overview_rows(g)}
    assert set(rows) == {"Players", "Cards", "Deal", "Length", "Goal", "Difficulty"}
    assert rows["Cards"] == g.info.deck and rows["Difficulty"] == g.info.difficulty
    # The goal is the game module's GOAL, what a player tries to do (not the catalog's
    # summary of what makes the game different).
    assert rows["Goal"] == game_data(g, "GOAL") and rows["Goal"] != g.info.summary
    for n, d in g.info.deals.items():
        assert f"{n} players: {d.hand} each, {d.field} to the field" in rows["Deal"]


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_scoring_procedure_follows_the_rules(key):
    g = get_game(key)
    steps = " ".join(scoring_procedure(g))
    table = chart_of(g)
    for group in table.groups if table is not None else ():
        if group.mode == "one_of" and table.limit == "groups" and \
                any(r.group == group.key for r in table.rules):
            assert group.name in steps
    data = g.score(list(CardSet.parse("1a 1b 1c")))
    data = data.to_dict() if hasattr(data, "to_dict") else dict(data)
    assert ("do not count" in steps) == (data.get("card_points") is None)
    assert (f"par ({data['par']})" in steps) if data.get("par") is not None \
        else "par" not in steps
    assert ("add up to zero" in steps) == g.adapter.zero_sum(g)
    # the card-values step gives each kind's value as the core scores one such card
    # (Chaffs are worth 0 in some games: "every card has its value" hid that)
    counting = dict(scoring_steps(g))["card_points"]
    rows = card_value_rows(g)
    kinds = [r for r in rows if not r.get("single")]
    if rows and len(rows) - len(kinds) <= 4:
        for row in rows:
            name = CARD_INFO[row["cards"][0]].name if row.get("single") else row["Kind"]
            sheet = g.score(list(row["cards"]))
            sheet = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
            assert f"{name} {sheet['card_points']}" in counting, (row, counting)


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_scoring_procedure_names_groups_only_when_there_are_several(key):
    g = get_game(key)
    steps = scoring_procedure(g)
    rows = yaku_rows(g) if chart_of(g) is not None else []
    groups = {str(r["Group"]) for r in rows}
    each = {str(r["Group"]) for r in rows if r["Counts"] == "each one counts"}
    listed = [s for s in steps if s.startswith("Every yaku")]
    if each and len(groups) == 1:
        assert listed == ["Every yaku on the chart counts."]
    elif each:
        assert listed and all(name in listed[0] for name in each)
    else:
        assert not listed


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_worked_round_shows_every_decision_and_replays(key, seed):
    g = get_game(key)
    wr = worked_round(g, seed)
    replayed = g.new_round(seed=seed, players=wr.players)
    decisions = 0
    for code in wr.actions:
        if is_decision([a.code() for a in replayed.legal_actions()]):
            decisions += 1
        replayed = replayed.apply(code)
    assert replayed.is_terminal and replayed.result() == wr.result
    assert decisions == len(wr.decisions)
    markup = worked_round_html(wr)
    for d in wr.decisions:
        assert html.escape(d.chosen) in markup and html.escape(d.reason) in markup
        assert d.chosen in d.choices and len(d.choices) > 1
        captured = d.zones.get(f"captures of side {d.player + 1}")
        if d.reason and captured:
            sheet = g.score([parse_card(c, extras=True) for c in captured])
            data = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
            assert f"{data['yaku_points']} point" in d.reason


@pytest.mark.parametrize("key", PLAYABLE)
def test_bad_input_is_refused_with_our_error(key):
    g = get_game(key)
    with pytest.raises(HanafudaError, match="presets:"):
        preset_label(g, "no-such-preset")
    with pytest.raises(HanafudaError, match="take a game"):
        overview_rows(42)
    with pytest.raises(HanafudaError, match="unknown player"):
        worked_round(g, 1, agent="nobody")


@st.composite
def game_with_options(draw):
    key = draw(st.sampled_from(PLAYABLE))
    table = get_game(key).option_table
    chosen = draw(st.lists(st.sampled_from(sorted(table)), max_size=4, unique=True))
    options = {k: draw(st.sampled_from(table[k].allowed)) for k in chosen
               if table[k].allowed and table[k].implemented}
    preset = draw(st.sampled_from(presets(key)))
    try:
        return get_game(key, preset=preset, **options)
    except (OptionError, HanafudaError):
        return get_game(key, preset=preset)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_with_options())
def test_charts_hold_under_any_options(g):
    for row in yaku_rows(g):
        assert row["points"] == row["core points"]
    for row in hand_rows(g):
        assert row["points"] == row["core points"]
    text = text_of(yaku_chart_html(g))
    for rule in chart_of(g).rules if chart_of(g) is not None else ():
        assert rule.name in text


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_game_adds_its_own_scoring_steps_as_data(key, monkeypatch):
    g = get_game(key)
    # the procedure without any step of the game's own (Mushi and Simplified have some)
    monkeypatch.setattr(g.adapter.module, "SCORING_STEPS", (), raising=False)
    before = scoring_procedure(g)
    monkeypatch.setattr(g.adapter.module, "SCORING_STEPS",
                        ("Multiply by the field.", lambda rules: f"Rules of {rules.preset}."),
                        raising=False)
    after = scoring_procedure(g)
    assert after[:len(before) - 1] == before[:-1]
    assert "Multiply by the field." in after and f"Rules of {g.preset}." in after


@pytest.mark.parametrize("key", PLAYABLE)
def test_card_values_are_charted_where_they_count(key):
    g = get_game(key)
    rows = card_value_rows(g)
    data = g.score(list(CardSet.parse("1a")))
    data = data.to_dict() if hasattr(data, "to_dict") else dict(data)
    if data.get("card_points") is None:
        assert rows == []
        return
    text = text_of(page(key, "chart"))
    for row in rows:
        sheet = g.score(list(row["cards"]))
        sheet = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
        assert row["Value each"] == sheet["card_points"]
        each = "" if row.get("single") else " each"     # a card valued apart from its kind
        assert f"{row['Kind']} : {row['Value each']}{each}" in text


@pytest.mark.parametrize(("line", "plain"), [
    ("Player 1 (seat 1) takes Crane (1a) (BOOK, ch. 12, lines 1-2)", "Player 1 takes Crane"),
    ("  showing 1d 2d", "  showing Pine Chaff 2 Plum Chaff 2"),
    ("5 Brights: 10 pt   (BOOK, ch. 4, Extra (Yaku), lines 657-770)   player 1",
     "5 Brights: 10 pt   player 1"),
    ("claim one_ribbon under D002", "claim one ribbon under the Japanese publisher's rules (D002)"),
])
def test_log_lines_are_told_in_reader_words(line, plain):
    assert plain_line(line) == plain


@pytest.mark.parametrize("key", PLAYABLE)
def test_each_value_is_cited_from_the_document_its_rule_set_follows(key):
    g = get_game(key)
    rows = option_rows(g)
    for p in presets(g):
        src = g.adapter.preset_sources().get(p)
        label = preset_label(g, p)
        for k, row in zip(g.option_table, rows):
            cited = src.get(k) if isinstance(src, dict) else src
            if cited is None:
                cited = g.option_table[k].source
            if cited is not None:
                assert str(row[f"{label} source"]).startswith(
                    SOURCE_DOCUMENTS[cited.doc].reader), (p, k)


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_quick_reference_is_composed_of_the_sections(key):
    g = get_game(key)
    markup = page(key, "reference")
    text = text_of(markup)
    assert "@page{size:A4" in markup
    for step in scoring_procedure(g):
        assert html.escape(step) in markup
    for row in (*yaku_rows(g), *hand_rows(g)):
        assert str(row["Yaku"]) in text and str(row["Points"]) in text
    for row in overview_rows(g):
        assert str(row["At a glance"]) in text
    assert ("A turn" in text) == (g.info.family == "capture")


@pytest.mark.parametrize("key", PLAYABLE)
def test_options_without_lines_keep_every_source_but_drop_line_numbers(key):
    g = get_game(key)
    with_lines, without = options_html(g, lines=True), options_html(g, lines=False)
    assert "lines " not in text_of(without)
    for row in option_rows(g):
        assert str(row["Option"]) in text_of(without)
    assert show_options(g, lines=False).data == without
    assert show_options(g).data == with_lines


# ---------------------------------------------------------------------------
# Reader wording: seats, preset labels, our readings, the order of the scoring steps


@pytest.mark.parametrize("key", PLAYABLE)
@pytest.mark.parametrize("agent", ["greedy", "random"])
def test_the_worked_round_names_seats_as_players_never_the_computer_players(key, agent):
    g = get_game(key)
    wr = worked_round(g, 2, agent=agent)
    text = text_of(worked_round_html(wr))
    for name in g.agent_names:
        assert not re.search(rf"\b{name}\b", text, re.IGNORECASE), name
    assert not re.search(r"\bseat\b", text, re.IGNORECASE)
    assert re.search(r"\bPlayer 1\b", text) and re.search(r"\bPlayer 2\b", text)


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_preset_has_a_reader_label_as_data_without_codes(key):
    g = get_game(key)
    labels = game_data(g, "PRESET_LABELS")
    assert labels is not None and set(labels) == set(presets(g))
    shown = [preset_label(g, p) for p in presets(g)]
    assert shown == [labels[p] for p in presets(g)]
    assert len(set(shown)) == len(shown)
    for p, label in labels.items():
        assert label and label[0].isupper() and "_" not in label, label
        assert not re.search(r"\b(?:BOOK|[dD]00\d)\b", label), label
        assert not re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", label, re.IGNORECASE), label
        assert not re.fullmatch(r"[\w ,]*\b\d+\b", label.split("(")[0]), label  # "Rulebook, 6"


@pytest.mark.parametrize("key", PLAYABLE)
def test_our_readings_are_shown_with_the_sources_not_as_option_notes(key):
    g = get_game(key)
    readings = game_data(g, "DECISIONS") or {}
    rows = decision_rows(g)
    assert [r["Where the sources are silent"] for r in rows] == list(readings)
    text = text_of(sources_html(g))
    for row in rows:
        assert str(row["Where the sources are silent"]) in text
        assert str(row["What we do"]) in text
    if not readings:
        assert "Where the sources are silent" not in text
    options = text_of(options_html(g))
    for reading in readings.values():
        assert reading not in options
    for opt in g.option_table.values():
        assert not re.search(r"\btied? round|\bwho wins a (?:tied )?round", opt.note), opt.key


@pytest.mark.parametrize("key", ["simplified", "mushi", "hana-awase-1", "hana-awase-2",
                                 "six-hundred", "hachijuu-hana", "min-hwatu",
                                 "hachi-simplified", "hachi", "tensho-simplified",
                                 "tensho", "higo-bana"])
def test_a_tied_round_is_one_of_the_readings(key):
    rows = {r["Where the sources are silent"]: r["What we do"] for r in decision_rows(key)}
    assert "nobody" in str(rows["A tied round"]) and "deals again" in str(rows["A tied round"])


def test_mushi_hands_out_the_leftovers_before_counting_and_takes_yaku_off_after_par():
    keys = [k for k, _ in scoring_steps("mushi")]
    texts = scoring_procedure("mushi")
    leftovers = next(i for i, t in enumerate(texts) if "leftovers" in t)
    taken = next(i for i, t in enumerate(texts) if "opponent's yaku off" in t)
    assert leftovers == 0 and keys[1] == "card_points"
    assert leftovers < keys.index("card_points") < keys.index("par") < taken
    assert keys[taken - 1] == "par"


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_games_own_steps_sit_where_its_data_places_them(key):
    g = get_game(key)
    steps = scoring_steps(g)
    texts = [t for _, t in steps]
    for own in game_data(g, "SCORING_STEPS", ()):
        place, anchor, text = own if isinstance(own, tuple) else ("before", "settle", own)
        text = text(g.rules) if callable(text) else text
        i = texts.index(text)
        neighbour = steps[i + 1] if place == "before" else steps[i - 1]
        assert neighbour[0] == anchor, (key, text)


@pytest.mark.parametrize("key", PLAYABLE)
def test_any_step_placed_before_or_after_any_shared_step_lands_beside_it(key, monkeypatch):
    g = get_game(key)
    monkeypatch.setattr(g.adapter.module, "SCORING_STEPS", (), raising=False)
    shared = scoring_steps(g)
    for anchor in dict.fromkeys(k for k, _ in shared):
        for place in ("before", "after"):
            monkeypatch.setattr(g.adapter.module, "SCORING_STEPS",
                                ((place, anchor, "Our own step."),), raising=False)
            steps = scoring_steps(g)
            at = [k for k, _ in steps].index("own")
            assert steps[:at] + steps[at + 1:] == shared
            assert steps[at][1] == "Our own step."
            if place == "before":
                assert steps[at + 1][0] == anchor
                assert anchor not in [k for k, _ in steps[:at]]
            else:
                assert steps[at - 1][0] == anchor
                assert anchor not in [k for k, _ in steps[at + 1:]]


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_step_placed_at_a_step_the_game_lacks_is_refused(key, monkeypatch):
    g = get_game(key)
    for bad in (("before", "no_such_step", "X."), ("during", "settle", "X.")):
        monkeypatch.setattr(g.adapter.module, "SCORING_STEPS", (bad,), raising=False)
        with pytest.raises(HanafudaError, match="settle"):
            scoring_steps(g)


@pytest.mark.parametrize("key", ("hachi-simplified", "go-stop", "koikoi", "sudaoshi"))
def test_a_worked_round_ends_with_its_scores_not_a_game_won(key):
    """A worked round is one round of a longer game: its story ends with the round's
    result and scoring, not "wins the game" (Hachi (Simplified) needs two wins in a row)."""
    from hanafuda_core.teach.worked import worked_round
    lines = worked_round(key, 3).lines
    assert [line.strip()[:17] for line in lines].count("Result of round 1") == 1
    assert not any("wins the game" in line for line in lines)
