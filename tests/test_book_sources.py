"""Readers meet the source documents by name: no bare "D002" or "BOOK" in what they read.

The labels stay in the code, the tests and the CLI; chapters, widgets and quizzes say
"the Japanese publisher's rules (D002)", with the label only in parentheses.
"""

from __future__ import annotations

import html
import inspect
import re

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import book, get_game, teach
from hanafuda_core.games import hachihachi_tables as hh
from hanafuda_core.games.hachihachi import PRESET_LABELS as HH_LABELS
from hanafuda_core.games.hachihachi_examples import EXAMPLES
from hanafuda_core.games.koikoi import PRESET_LABELS as KK_LABELS
from hanafuda_core.glossary import glossary_markdown, source_names_rows
from hanafuda_core.rules import SOURCE_DOCUMENTS, Source, name_sources, source_name
from hanafuda_core.teach import situations
from hanafuda_core.teach.quizzes import generate_quiz
from hanafuda_core.widgets.app import ClassroomApp
from hanafuda_core.widgets.static import static_note

#: A label a reader would have to look up: anywhere but directly inside parentheses.
BARE = re.compile(r"(?<!\()\b(?:D00\d|BOOK)\b(?!\))")


def bare(text: str) -> list[str]:
    return [text[max(0, m.start() - 50):m.end() + 30] for m in BARE.finditer(text)]


def test_every_document_has_a_reader_name_and_a_description():
    assert set(SOURCE_DOCUMENTS) == {"BOOK", "D001", "D002", "D003", "D004"}
    assert source_name("BOOK") == "the rulebook"
    assert source_name("D002") == "the Japanese publisher's rules (D002)"
    for label, doc in SOURCE_DOCUMENTS.items():
        assert doc.label == label and doc.name.startswith("the ")
        assert len(doc.description) > 100 and not bare(doc.description + doc.title + doc.name)
        assert not bare(doc.short) and not bare(doc.reader) and not bare(doc.possessive)
    assert len({d.name for d in SOURCE_DOCUMENTS.values()}) == len(SOURCE_DOCUMENTS)


def test_source_cite_keeps_the_label_and_reader_names_it():
    s = Source("D002", "Koi-Koi appendix", "75-131")
    assert s.cite() == "D002, Koi-Koi appendix, lines 75-131"
    assert s.reader() == "the Japanese publisher's rules (D002), Koi-Koi appendix, lines 75-131"
    assert Source("BOOK", "ch. 12").reader() == "the rulebook, ch. 12"


_WORDS = st.sampled_from(["BOOK", "D001", "D002", "D003", "D004", "(D002)", "D004's",
                          "BOOK's", "(D001's", "rule", ",", ";", "(", ")", "'some'", "and"])


@settings(max_examples=200)
@given(st.lists(_WORDS, max_size=12), st.booleans())
def test_name_sources_leaves_no_bare_label_and_is_stable(words, as_html):
    text = " ".join(words)
    named = name_sources(text, html=as_html)
    assert not bare(named), named
    assert name_sources(named, html=as_html) == named
    assert named.count("(") - named.count(")") == text.count("(") - text.count(")")


# -- the reader texts the package builds --------------------------------------------------

_ARGS = {
    (book, "show_cards"): [("1a 2a",)], (book, "show_month"): [(1,), (11,)],
    (book, "show_misdeal"): [("field",), ("hand",), ("pairs",)],
    (book, "show_turn_case"): [(k,) for k in book.TURN_CASES],
    (book, "show_table"): [],
    (situations, "show_score_example"): [("koikoi", i) for i in range(4)],
    (situations, "show_turn_case"): [("koikoi", k) for k in situations.turn_cases("koikoi")],
    (situations, "show_decision_examples"): [("koikoi",)],
    (situations, "show_decision_moment"): [("koikoi",)],
    (situations, "show_decision_option"): [("koikoi",)],
    (situations, "show_group_rules"): [("koikoi",)],
    (situations, "show_misdeals"): [("koikoi",)],
    (situations, "show_multipliers"): [("koikoi",)],
}

_HH = get_game("hachihachi")

#: The Hachi-Hachi chapters' displays: the teaching layer's, over the game's data.
_HH_SHOWN = [
    *[pytest.param(teach.show_worked_example, (_HH, k), id=f"hachihachi.example{k}")
      for k in EXAMPLES],
    *[pytest.param(lambda i: teach.show_cards_and_table(**hh.situation_view(i)), (i,),
                   id=f"hachihachi.situation{i}") for i in (0, 1)],
    *[pytest.param(lambda k: teach.show_cards_and_table(**hh.timeline_view(k)), (k,),
                   id=f"hachihachi.timeline{k}") for k in hh.TIMELINES],
    pytest.param(lambda: teach.show_cards_and_table(**hh.compensation_view()), (),
                 id="hachihachi.compensation"),
    pytest.param(lambda: teach.show_compared_hands(_HH, hh.teyaku_rows()), (),
                 id="hachihachi.compared_hands"),
    pytest.param(teach.show_hand_combination_tables, (_HH,), id="hachihachi.teyaku_tables"),
    pytest.param(teach.show_yaku_tables, (_HH,), id="hachihachi.yaku_tables"),
    pytest.param(static_note, ("A note.",), id="hachihachi.static_note"),
    *[pytest.param(lambda rows: book.show_table(rows()), (rows,), id=f"hachihachi.{rows.__name__}")
      for rows in (hh.dropout_rows, hh.call_rows, hh.special_rows, hh.special_case_rows,
                   hh.example_source_rows)],
]


def _calls():
    yield from _HH_SHOWN
    for mod in (book, situations):
        for name in sorted(n for n in dir(mod) if n.startswith("show_")):
            f = getattr(mod, name)
            needs = any(p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD
                        for p in inspect.signature(f).parameters.values())
            for args in (_ARGS[(mod, name)] if needs else [()]):
                yield pytest.param(f, args, id=f"{mod.__name__.split('.')[-1]}.{name}{args}")


@pytest.mark.parametrize(("show", "args"), list(_calls()))
def test_chapter_helpers_name_the_documents(show, args):
    out = show(*args)
    text = out if isinstance(out, str) else getattr(out, "data", None) or out.value
    assert text and not bare(text), bare(text)[:3]


def test_glossary_and_crosswalk_name_the_documents():
    assert not bare(glossary_markdown())
    rows = source_names_rows()
    assert not bare(" ".join(str(k) for r in rows for k in r))


def _texts(w) -> list[str]:
    out = [str(getattr(w, a, "") or "") for a in ("description", "tooltip", "value",
                                                  "placeholder")]
    out += [str(o[0] if isinstance(o, tuple) else o) for o in getattr(w, "options", ())]
    out += [str(t) for t in getattr(w, "titles", ()) or ()]
    for child in getattr(w, "children", ()):
        out += _texts(child)
    return out


def koikoi_page():
    """Koi-Koi's page of the app (its tools are the generic views)."""
    return ClassroomApp().open_page("koikoi").panel


def hachihachi_page():
    """Hachi-Hachi's page of the app (its tools are the generic views)."""
    return ClassroomApp().open_page("hachihachi").panel


@pytest.mark.widgets
@pytest.mark.parametrize("panel, named", [
    (koikoi_page, "the Japanese publisher's rules (D002)"),
    (hachihachi_page, "Japanese publisher (D002)")])
def test_widget_labels_name_the_documents(panel, named):
    p = panel()
    for i in range(len(p.tabs.children)):
        p.build_tab(i)
    texts = [t for t in _texts(p) if isinstance(t, str)]
    assert any(named in html.unescape(t) for t in texts)
    leaks = [b for t in texts for b in bare(t)]
    assert not leaks, leaks[:3]
    for label in (*KK_LABELS.values(), *HH_LABELS.values()):
        assert not bare(label)
    assert isinstance(p, widgets.VBox)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quiz_texts_name_the_documents(seed):
    quizzes = [generate_quiz("koikoi", seed, 8, preset=p) for p in KK_LABELS]
    quizzes += [generate_quiz("hachihachi", seed, 8, preset=p) for p in HH_LABELS]
    for quiz in quizzes:
        for q in quiz.questions:
            text = " ".join([q.prompt, q.explanation, *(c.text for c in q.choices),
                             *(c.feedback for c in q.choices)])
            assert not bare(text), (q.id, bare(text)[:2])


# -- the chapters' own prose ---------------------------------------------------------------

_ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
_PAGES = sorted([*(_ROOT / "book").glob("*.md"), *(_ROOT / "exercises").glob("*.md")])


def _prose(text: str) -> str:
    """The markdown outside code cells and the front matter: what the author typed."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.DOTALL)
    return re.sub(r"^```\{code-cell\}.*?^```$", "", text, flags=re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("page", _PAGES, ids=lambda p: p.name)
def test_chapter_prose_names_the_documents(page):
    assert not bare(_prose(page.read_text(encoding="utf-8")))


def test_sources_page_is_in_the_table_of_contents_and_shows_every_document():
    assert "- file: book/sources" in (_ROOT / "_toc.yml").read_text(encoding="utf-8")
    text = book.show_sources().data           # MyST markdown (the page links the games)
    for doc in SOURCE_DOCUMENTS.values():
        assert doc.description.split(".")[0] in text
        assert f"({doc.label})" in text


def test_hachihachi_chapter_says_who_redeals_four_of_a_month():
    facts = hh.field_quad_facts()
    assert facts["hh_quad_redeal"] == ("the rulebook, the Japanese publisher's rules (D002) "
                                       "and the shilling rules (D004)")
    assert facts["hh_quad_take"] == "the three-player Hachi-Hachi rules (D001)"
    # Who redeals is a difference between the traditions: the variants page says it.
    text = (_ROOT / "book" / "hachihachi-variants.md").read_text(encoding="utf-8")
    assert "{glue:text}`hh_quad_redeal`" in text and "{glue:text}`hh_four_name`" in text
    assert "redeals for four of a month in a hand" not in text


def test_koikoi_chapter_says_the_wild_storm_plays():
    # The house rules and their command lines live on the chapter's variants page.
    text = (_ROOT / "book" / "koikoi-variants.md").read_text(encoding="utf-8")
    assert "cannot be played" not in text
    assert "--option storm_wild=true" in text
