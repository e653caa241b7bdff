"""The glossary data (hanafuda_core.glossary): unique terms, valid sources, chapters
that exist, definitions filled from the core."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hanafuda_core import glossary as g
from hanafuda_core.rules import SOURCE_DOCUMENTS

BOOK_DIR = Path(__file__).resolve().parent.parent / "book"


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def test_no_duplicate_terms_or_names():
    # Every term and other name becomes a Sphinx glossary term; duplicates break -W builds.
    seen: dict[str, str] = {}
    for term in g.TERMS:
        for text in (term.term, *(n.text for n in term.names)):
            assert _key(text) not in seen, f"{text!r} is in {seen.get(_key(text))!r} too"
            seen[_key(text)] = term.term


def test_every_source_tag_is_a_known_document():
    for term in g.TERMS:
        tags = set(term.sources) | {s for n in term.names for s in n.sources}
        assert tags <= set(SOURCE_DOCUMENTS), (term.term, tags - set(SOURCE_DOCUMENTS))


def test_every_see_chapter_exists_in_book():
    for term in g.TERMS:
        if term.see is not None:
            assert (BOOK_DIR / f"{term.see}.md").is_file(), (term.term, term.see)


def test_every_definition_fills_its_placeholders_from_the_core():
    for term in g.TERMS:
        text = term.text()
        assert "{" not in text and "}" not in text, term.term
        assert text.endswith("."), term.term


def test_bright_definition_names_the_five_brights_from_the_core():
    text = g.find_term("Bright").text()
    assert "There are 5:" in text
    for name in ("Crane", "Curtain", "Moon", "Rainman", "Phoenix"):
        assert name in text


def test_ribbon_definitions_name_their_months():
    assert "January, February and March" in g.find_term("Poetry Ribbon").text()
    assert "June, September and October" in g.find_term("Purple Ribbon").text()
    assert "November" in g.find_term("Plain Ribbon").text()


def test_brief_terms_are_present():
    for word in ("Bright", "Light", "Ten", "Animal", "Ribbon", "Slip", "Poetry Ribbon",
                 "Akatan", "Purple Ribbon", "Aotan", "Plain Ribbon", "Chaff", "Junk", "Dreg",
                 "Plain", "Hiki", "Misdeal", "Field", "Stock", "Draw pile", "Capture pile",
                 "Yaku", "Dekiyaku", "Teyaku", "Koi-Koi", "Oya", "Dealer", "Kan", "Sake cup",
                 "Bake-fuda", "Hwatu", "Hanafuda", "Godori", "Go-Stop", "Dry", "Wet", "Month"):
        assert g.find_term(word)


def test_find_term_ignores_case_and_unknown_words_raise():
    assert g.find_term("junk").term == "Chaff"
    assert g.find_term("BANNER").term == "Curtain"
    with pytest.raises(KeyError, match="no glossary entry"):
        g.find_term("trump")


def test_source_crosswalk_the_words_each_document_uses():
    rows = {r["This book"]: r for r in g.source_names_rows()}
    d1, d2, d3 = (SOURCE_DOCUMENTS[d].short for d in ("D001", "D002", "D003"))
    assert rows["Chaff"][d1] == "Junk" and rows["Chaff"][d2] == "Dreg"
    assert rows["Chaff"][d3] == "Plain"
    assert rows["Bright"][d2] == "Light" and rows["Ribbon"][d2] == "Slip"
    assert rows["Curtain"][d1] == "Banner"
    assert rows["Purple Ribbon"][d3] == "Aotan"
    assert set(rows["Bright"]) == {"This book", *(d.short for d in SOURCE_DOCUMENTS.values())}


def test_glossary_markdown_is_a_sorted_myst_glossary_with_chapter_links():
    text = g.glossary_markdown()
    assert text.startswith("```{glossary}\n:sorted:") and text.endswith("```")
    for term in g.TERMS:
        assert f"\n{term.term}\n" in text
    assert text.count("{doc}`deck`") == sum(t.see == "deck" for t in g.TERMS)
    # definitions are indented under their terms
    assert "\n  The highest kind of card" in text
