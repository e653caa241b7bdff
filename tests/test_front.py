"""The front of the book: the welcome page as a learning path with a table of every game,
the Sources page, the deck chapter's explanation of the card pictures, and card widths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import book, teach
from hanafuda_core.cards import DECK, Kind, Ribbon
from hanafuda_core.games import all_games, reader_name
from hanafuda_core.games.catalog import PRESET_OF
from hanafuda_core.registry import get_game, playable_keys
from hanafuda_core.render import motifs
from hanafuda_core.render.sizes import MIN_CARD_WIDTH
from hanafuda_core.render.svg import card_file_svg
from hanafuda_core.rules import SOURCE_DOCUMENTS

ROOT = Path(__file__).resolve().parents[1]
BARE = re.compile(r"(?<!\()\b(?:D00\d|BOOK)\b(?!\))")
DOC_LINK = re.compile(r"\{doc\}`([^`<]*?)\s*<([^>]+)>`")


def _page(name: str) -> str:
    return (ROOT / "book" / f"{name}.md").read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """A chapter's markdown outside its code cells."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.DOTALL)
    return re.sub(r"^```\{code-cell\}.*?^```$", "", text, flags=re.DOTALL | re.MULTILINE)


def _myst_cell_calls(text: str) -> list[str]:
    """The calls of the cells whose output is read as MyST markdown."""
    cells = re.findall(r"^```\{code-cell\}[^\n]*\n(.*?)^```$", text, re.DOTALL | re.MULTILINE)
    return [c.split("---\n")[-1].strip() for c in cells if "markdown_format: myst" in c]


# --- the welcome page ------------------------------------------------------------------

def test_welcome_table_lists_every_registry_game_with_a_link_or_coming():
    rows = book.game_path_rows()
    games = all_games()
    assert [r["Game"] for r in rows] == [reader_name(g) for g in games]
    pages = book.book_pages()
    for row, g in zip(rows, games, strict=True):
        assert not BARE.findall(row["Game"]), row
        if g.playable:
            (text, target), = DOC_LINK.findall(row["Chapter"])
            assert target == book.chapter_of(g)
            assert f"book/{target}" in pages and (ROOT / "book" / f"{target}.md").is_file()
            assert text == get_game(target).name
        else:
            assert row["Chapter"] == book.COMING
    assert sum(r["Chapter"] == book.COMING for r in rows) == sum(not g.playable for g in games)
    table = book.show_games().data
    for row in rows:
        assert f"| {row['Game']} |" in table and row["Chapter"] in table


def test_a_seed_documents_rule_set_links_to_its_games_chapter():
    for key, (parent, _preset) in PRESET_OF.items():
        info = next(g for g in all_games() if g.key == key)
        assert book.chapter_of(info) == parent
        name = reader_name(info)
        assert name.startswith(get_game(parent).name + ", ")
        for s in info.sources:
            assert SOURCE_DOCUMENTS[s.doc].reader in name


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(all_games()), unique_by=lambda g: g.key, max_size=12))
def test_welcome_rows_follow_the_games_given(games):
    rows = book.game_path_rows(games)
    assert [r["Game"] for r in rows] == [reader_name(g) for g in games]
    for row, g in zip(rows, games, strict=True):
        assert (row["Chapter"] == book.COMING) == (not g.playable)
        assert row["Players"] == book.tables.players_label(g.players)


def test_welcome_page_is_a_learning_path():
    text = _page("index")
    prose = _prose(text)
    assert "## New to hanafuda? Learn the deck, then Koi-Koi" in prose
    path = prose.split("## New to hanafuda?")[1].split("\n## ")[0]
    steps = [m.start() for m in (re.search(r"\{doc\}`" + re.escape(p) + "`", path)
                                 for p in ("deck", "basics", "simplified", "koikoi"))
             if m is not None]
    assert len(steps) == 4 and steps == sorted(steps), "deck, basics, Simplified, Koi-Koi"
    after = prose.split("## Where to go next")[1].split("\n## ")[0]
    for page in ("mushi", "hachihachi", "glossary", "sources"):
        assert f"{{doc}}`{page}`" in after
    sources_item = next(item for item in after.split("\n- ") if "{doc}`sources`" in item)
    assert "label" in sources_item and "(D002)" in sources_item
    assert "pick a beginner game from the table below" not in prose
    assert _myst_cell_calls(text) == ["show_teachers()", "show_games()"]


def test_the_teachers_line_links_the_kit_only_when_the_book_has_it():
    without = book.teachers_markdown(["book/index", "book/deck"])
    assert without.startswith("**For teachers.**") and "{doc}" not in without
    line = book.teachers_markdown(["book/index", "book/teachers/index"])
    assert line.startswith(without) and line.endswith("<teachers/index>`.")
    assert book.teachers_markdown() == book.teachers_markdown(book.book_pages())


def test_book_pages_reads_the_table_of_contents(tmp_path):
    assert book.book_pages()[0] == "book/index"
    assert {"book/deck", "book/sources", "book/koikoi"} <= set(book.book_pages())
    assert book.book_pages(tmp_path) == ()
    (tmp_path / "_toc.yml").write_text("root: book/index\nparts:\n  - chapters:\n"
                                       "      - file: book/teachers/index.md\n")
    assert book.book_pages(tmp_path) == ("book/index", "book/teachers/index")


# --- the Sources page ------------------------------------------------------------------

def test_sources_page_names_and_describes_every_document():
    text = book.sources_markdown()
    for doc in SOURCE_DOCUMENTS.values():
        name = doc.name[:1].upper() + doc.name[1:]
        assert f"**{name} ({doc.label})**: {doc.title}." in text
        assert doc.description in text and f"“{doc.short}”" in text
    assert not BARE.findall(text)
    assert _myst_cell_calls(_page("sources")) == ["show_sources()"]
    assert not BARE.findall(_prose(_page("sources")))


def test_sources_coverage_follows_the_registry():
    coverage = {c.document.label: c for c in book.source_coverage()}
    assert list(coverage) == list(SOURCE_DOCUMENTS)
    rulebook = coverage["BOOK"]
    assert len(rulebook.games) == sum(g.chapter is not None for g in all_games())
    assert {g.key for g in rulebook.playable} == {g.key for g in all_games()
                                                  if g.playable and g.key not in PRESET_OF}
    for label in ("D001", "D002", "D003", "D004"):
        c = coverage[label]
        parents = {PRESET_OF[g.key][0] for g in all_games()
                   if g.key in PRESET_OF and any(s.doc == label for s in g.sources)}
        assert parents <= {g.key for g in c.games} and c.playable == c.games
        assert {game for game, _ in c.rule_sets} == {get_game(p).name for p in parents}
    cited = sum(1 for key in playable_keys()
                for o in get_game(key).option_table.values() if o.source is not None)
    assert sum(c.options for c in coverage.values()) == cited
    text = book.sources_markdown()
    for c in coverage.values():
        for g in c.playable:
            assert f"{{doc}}`{g.name} <{g.key}>`" in text


# --- the deck chapter: reading a card picture ------------------------------------------

def test_every_kind_and_ribbon_colour_has_its_mark_explained():
    marks = {b.what: b for b in book.BADGES}
    assert set(marks) == ({k.label for k in Kind if k is not Kind.RIBBON}
                          | {r.label for r in Ribbon})
    for b in book.BADGES:
        card = book.parse_cards(b.example)[0]
        assert b.what in (card.kind.label, card.ribbon.label if card.ribbon else None)
    rows = book.badge_rows()
    assert [r["Kind"] for r in rows] == [b.what for b in book.BADGES]


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_the_badges_explained_are_the_ones_the_cards_carry(card):
    picture = card_file_svg(card)
    assert (motifs.bright_badge() in picture) == (card.kind is Kind.BRIGHT)
    assert (motifs.ten_badge() in picture) == (card.kind is Kind.TEN)
    said = next(b for b in book.BADGES
                if b.what in (card.kind.label, card.ribbon.label if card.ribbon else ""))
    assert ("no badge" in said.mark) == (card.kind not in (Kind.BRIGHT, Kind.TEN))
    assert (said.zoom == book.CORNER) == (card.kind in (Kind.BRIGHT, Kind.TEN))


def test_the_deck_chapter_shows_the_badges():
    text = _page("deck")
    assert "## Reading a card picture" in text and "show_badges()" in text
    html = book.show_badges().data
    for b in book.BADGES:
        assert f"<b>{b.what}</b>: {b.mark}." in html.replace("&#x27;", "'")
        assert f'data-card="{b.example}"' in html
    assert html.count('class="hf-zoom"') == 1 + sum(b.zoom is not None for b in book.BADGES)


# --- card widths -------------------------------------------------------------------------

_WIDTH = re.compile(r'<svg[^>]*class="hanafuda-(card|stack)"[^>]*?\swidth="([\d.]+)"[^>]*'
                    r'viewBox="0 0 ([\d.]+)')


def _narrowest(html: str) -> float:
    widths = [float(w) * 100 / float(vw) if kind == "stack" else float(w)
              for kind, w, vw in _WIDTH.findall(html)]
    assert widths, "no card pictures"
    return min(widths)


@pytest.mark.parametrize("show", [
    lambda: book.show_deck(), lambda: book.show_kinds(), lambda: book.show_ribbons(),
    lambda: book.show_named(), lambda: book.show_extras(), lambda: book.show_badges(),
    lambda: book.show_first_dealer(), lambda: book.show_misdeal("pairs"),
    lambda: book.show_hiki(), lambda: book.show_sample_deal(),
    *[lambda k=k: book.show_turn_case(k) for k in book.TURN_CASES],
], ids=lambda f: "")
def test_the_first_chapters_draw_cards_at_least_the_minimum_width(show):
    assert _narrowest(show().data) >= MIN_CARD_WIDTH


@pytest.mark.parametrize("key", playable_keys())
def test_game_charts_and_quick_references_draw_cards_at_least_the_minimum_width(key):
    game = get_game(key)
    assert _narrowest(teach.yaku_chart_html(game)) >= MIN_CARD_WIDTH
    assert _narrowest(teach.quick_reference_html(game)) >= MIN_CARD_WIDTH
