"""The teaching layer's side-by-side helpers (every preset of a game at once) and the
facts a chapter glues, for every playable game: each cell is what the game's own data
or rules say, so a new game is covered by becoming playable."""

from __future__ import annotations

import pytest

from hanafuda_core import get_game
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.catalog import deck_for
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach import (
    compared_games,
    deal_rows,
    deals_html,
    facts,
    glue_facts,
    points_text,
    preset_deal_notes,
    preset_deal_rows,
    preset_game,
    preset_info,
    preset_label,
    preset_overview_rows,
    preset_rows,
    presets,
    unit_text,
    usual_players,
    yaku_points_rows,
    yaku_table,
)
from hanafuda_core.teach.quizzes import generate_quiz, own_quiz, quiz_topics

PLAYABLE = playable_keys()


def _cells(key: str):
    """(preset, players, hand, field, stock, starred) for every dealt cell."""
    g = get_game(key)
    for row in preset_deal_rows(g):
        for p in presets(g):
            cell = str(row[preset_label(g, p)])
            if cell == "not played":
                continue
            hand, fld, stock = (int(x) for x in cell.rstrip("*").split(" / "))
            yield p, row["Players"], hand, fld, stock, cell.endswith("*")


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_preset_deal_adds_up_to_its_deck(key):
    cells = list(_cells(key))
    assert cells
    g = get_game(key)
    for p, n, hand, fld, stock, _ in cells:
        info = preset_info(key, p)
        deal = info.deals[n]
        rules = preset_game(g, p).rules
        # (a capture game's rules build its deck: Go-Stop's holds as many Jokers as they deal)
        deck = getattr(rules, "deck_ids", None) or deck_for(info, n)
        assert n * hand + fld + stock + deal.aside == len(deck)
        assert stock >= 0


@pytest.mark.parametrize("key", [k for k in PLAYABLE
                                 if hasattr(get_game(k).rules, "deck_ids")])
def test_every_preset_deal_is_what_a_real_deal_holds(key):
    """The deal tables' stock, read against a round dealt under the preset's rules (for
    each player count they seat): Go-Stop's tables once counted the catalog's one Joker
    where the rules deal two (or none)."""
    g = get_game(key)
    dealt = 0
    for p, n, hand, fld, stock, _ in _cells(key):
        pg = preset_game(g, p)
        low, high = pg.players
        if not low <= n <= high or n != pg.rules.players:
            continue                    # (a count another rule set of the entry seats)
        view = pg.new_round(seed=n, players=n).view(0)
        assert view.hand_sizes == (hand,) * n and len(view.dealt_field) == fld, (p, n)
        # a bonus card dealt to the field goes to a pile, and the stock refills the field
        early = sum(len(pile) for pile in view.captures)
        assert view.stock_size + early == stock, (p, n)
        dealt += 1
    assert dealt


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_preset_deals_what_its_rules_or_entry_say(key):
    g = get_game(key)
    for p, n, hand, fld, _, starred in _cells(key):
        own = getattr(preset_game(g, p).rules, "deals", None)
        if isinstance(own, dict) and n in own:
            assert own[n][:2] == (hand, fld)
        else:
            d = preset_info(g, p).deals[n]
            assert (d.hand, d.field) == (hand, fld)
        assert starred == bool(preset_info(g, p).deals[n].note)
    # the default preset's column is the game's own deal
    default = {r["Players"]: r for r in deal_rows(g)}
    for p, n, hand, fld, stock, _ in _cells(key):
        if p == g.preset and preset_info(g, p) is g.info:
            assert (default[n]["Each hand"], default[n]["Field"], default[n]["Stock"]) == \
                (hand, fld, stock)


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_star_has_its_note(key):
    g = get_game(key)
    notes = {(r["Rule set"], r["Note"]) for r in preset_deal_notes(g)}
    for p, n, _, _, _, starred in _cells(key):
        if starred:
            assert (preset_label(g, p), preset_info(g, p).deals[n].note) in notes
    page = deals_html(g)
    for row in preset_deal_rows(g):
        assert all(f"<td>{row[preset_label(g, p)]}</td>" in page for p in presets(g))
    assert all(note in page for _, note in notes)


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_preset_overview_has_one_row_per_preset_from_its_entry(key):
    g = get_game(key)
    rows = preset_overview_rows(g)
    follows = {r["Rule set"]: r["Follows"] for r in preset_rows(g)}
    assert [r["Rule set"] for r in rows] == [preset_label(g, p) for p in presets(g)]
    for p, row in zip(presets(g), rows, strict=True):
        info = preset_info(g, p)
        low, high = info.players
        assert row["Players"] == (str(low) if low == high else f"{low}-{high}")
        assert row["Keeps score in"] == unit_text(preset_game(g, p))
        assert row["Follows"] == follows[row["Rule set"]] != "—"


def test_hachihachi_samples_are_in_each_traditions_unit():
    rows = {r["Rule set"]: r for r in preset_overview_rows("hachihachi")}
    assert rows[preset_label("hachihachi", "d001")]["3 of a Kind is worth"] == "2 kan"
    assert rows[preset_label("hachihachi", "d004")]["5 Brights is worth"] == "12/-"
    assert rows[preset_label("hachihachi", "d004")]["Keeps score in"] == \
        "shillings of 12 pence"


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_glued_facts_are_the_games_own(key):
    g = get_game(key)
    got = facts(g, "x")
    assert all(k.startswith("x_") for k in got)
    assert (got["x_min_players"], got["x_max_players"]) == g.info.players
    deal = {r["Players"]: r for r in deal_rows(g)}[usual_players(g)]
    assert (got["x_hand"], got["x_field"], got["x_stock"]) == \
        (deal["Each hand"], deal["Field"], deal["Stock"])
    assert got["x_n_options"] == len(g.option_table)
    assert got["x_n_presets"] == len(presets(g))
    if g.rules.yaku is not None:
        assert got["x_n_yaku"] == len(g.rules.yaku.rules)


@pytest.mark.parametrize("key", PLAYABLE)
def test_yaku_points_rows_give_each_rule_sets_own_points(key):
    rows = yaku_points_rows(key)
    columns = [c for c in (rows[0] if rows else {}) if c != "Yaku"]
    games = dict(compared_games(key))
    assert len(games) == len(compared_games(key))          # headings are unique
    for heading in columns:
        g = games[heading]
        table, _ = yaku_table(g)
        by_name = {r.name: r for r in (table.rules if table is not None else ())}
        for row in rows:
            name = str(row["Yaku"]).split(" · ")[0]
            rule = by_name.get(name)
            assert row[heading] == (points_text(g, rule) if rule else "—")


def test_koikoi_compares_its_alternative_chart_and_leaves_out_repeated_columns():
    headings = [h for h, _ in compared_games("koikoi")]
    assert headings[-1] == "Rulebook, alternative charts"
    columns = set(yaku_points_rows("koikoi")[0]) - {"Yaku"}
    # Toppa plays the Japanese publisher's chart: its column would repeat that one
    assert preset_label("koikoi", "d002-toppa") not in columns
    assert preset_label("koikoi", "d002") in columns


@pytest.mark.parametrize("key", PLAYABLE)
def test_a_games_own_quiz_is_found_through_its_data(key):
    own = own_quiz(key)
    quiz = generate_quiz(key, 5, n=4)
    assert len(quiz.questions) == 4
    if own is not None:
        assert set(quiz_topics(key)) == set(own[1])
        assert {q.topic for q in quiz.questions} <= set(own[1])


def test_unknown_presets_are_refused():
    with pytest.raises(HanafudaError, match="unknown preset"):
        preset_label("koikoi", "d009")


_ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("chapter, key, prefix", [("koikoi", "koikoi", "kk"),
                                                   ("hachihachi", "hachihachi", "hh")])
def test_every_number_a_chapter_glues_comes_from_the_core(chapter, key, prefix):
    import re

    from hanafuda_core.games import hachihachi_tables
    from hanafuda_core.teach import situation_facts
    text = (_ROOT / "book" / f"{chapter}.md").read_text(encoding="utf-8")
    used = set(re.findall(r"\{glue:text\}`(\w+)`", text))
    extra = (situation_facts(key, prefix) if key == "koikoi" else
             hachihachi_tables.chapter_facts())
    glued = glue_facts(key, prefix, **extra)
    assert used and used <= set(glued)
    assert f'teach.glue_facts(game, "{prefix}", **' in text
    assert glued[f"{prefix}_n_options"] == len(get_game(key).option_table)
