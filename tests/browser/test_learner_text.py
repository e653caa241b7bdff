"""No engine words in reader text (issue 8 §1): every learner page of the built book.

Learner pages are every page of ``_toc.yml`` except the variants pages
(``*-variants``), the Sources page and the glossary: those are where documents are
cited with their labels and line numbers. On a learner page's visible article text
(the built HTML under ``_build/html``, parsed with the standard library) we look for:

* what the teaching layer's :func:`~hanafuda_core.teach.reader_problems` finds: the
  word "engine";
* action codes ("capture 2a", "play 3c") and card codes in prose ("2a"): codes are
  allowed only in command lines (a ``<code>``/``<pre>`` that starts with ``hanafuda``),
  in the deck chapter's "Writing cards down" section and in a reference table's "Code"
  column;
* option identifiers (``double_once``: any snake_case word);
* line citations ("lines 1849-2122");
* bare document labels: D001-D004 not inside "(D00x)" after a name, "BOOK", and the
  rulebook's preset key "book" used as a label ("rule set book");
* seeds the reader does not use: a seed number outside the sections with a tool or quiz
  the reader sets a seed in (anywhere on an exercises page or in the teacher's kit).

Each failure names the page and the phrase. Nothing here runs a browser: the fixture
``book_html`` only checks that the book is built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from book_pages import toc_files

from hanafuda_core.teach import reader_problems

ROOT = Path(__file__).resolve().parents[2]

#: Pages where documents are cited with labels and lines, and the page for authors of
#: question banks (the file format: field names, card codes and the loading call are
#: what it teaches): not learner pages.
NOT_LEARNER = re.compile(r"(?:-variants$|^book/sources$|^book/glossary$|^exercises/schema$)")

#: Sections (by their id) where card codes are what the reader is taught.
CODE_SECTIONS = {"writing-cards-down"}

#: Table columns (by their heading) that give each card's code: the deck's reference.
CODE_COLUMNS = {"Code", "Codes"}

_SKIP_TAGS = {"script", "style", "title", "desc", "template", "noscript"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
         "source", "track", "wbr", "path", "rect", "circle", "line", "polyline",
         "polygon", "ellipse", "use", "stop"}

#: A seed number shown to the reader: allowed only where the reader sets seeds.
SEED = re.compile(r"\bseeds? \d+|\bseed=\d+", re.I)


def learner_pages() -> list[str]:
    return [f for f in toc_files() if not NOT_LEARNER.search(f)]


@dataclass
class _Table:
    """An open table: its column headings, the column being read, and whether that is
    a heading."""

    heads: list[str] = field(default_factory=list)
    col: int = -1
    in_th: bool = False


class _ArticleText(HTMLParser):
    """The visible text of a page's article, as (text, allowed codes, seed section) runs:
    script, style and SVG titles skipped, hidden elements skipped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool, bool]] = []  # tag, skip, codes ok, hidden
        self.in_article = 0
        self.runs: list[tuple[str, bool, str]] = []
        self.section = ""
        self.tables: list[_Table] = []

    def _flags(self) -> tuple[bool, bool]:
        skip = any(s for _, s, _, _ in self.stack)
        codes = any(c for _, _, c, _ in self.stack)
        return skip, codes

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "article":
            self.in_article += 1
        if tag in _VOID:
            return
        hidden = ("hidden" in a or a.get("aria-hidden") == "true"
                  or "display:none" in a.get("style", "").replace(" ", ""))
        skip = tag in _SKIP_TAGS or hidden
        codes = tag == "section" and a.get("id", "") in CODE_SECTIONS
        if tag == "table":
            self.tables.append(_Table())
        elif self.tables and tag == "tr":
            self.tables[-1].col = -1
        elif self.tables and tag in ("th", "td"):
            t = self.tables[-1]
            t.col += 1
            t.in_th = tag == "th"
            if tag == "th":
                t.heads.append("")
            else:   # a reference table's code column is where codes belong (the deck)
                codes = t.col < len(t.heads) and t.heads[t.col].strip() in CODE_COLUMNS
        if tag == "section" and a.get("id"):
            self.section = a["id"]
        self.stack.append((tag, skip, codes, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.tables:
            self.tables.pop()
        if tag == "article":
            self.in_article -= 1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self.in_article or not data.strip():
            return
        skip, codes = self._flags()
        if skip:
            return
        if self.tables and self.tables[-1].in_th and self.tables[-1].heads:
            self.tables[-1].heads[-1] += data
        in_code = any(t in ("code", "pre") for t, _, _, _ in self.stack)
        # A command line is where codes belong: `hanafuda score koikoi 1b 2b ...`.
        if in_code and data.strip().startswith(("hanafuda", "$ hanafuda", "python -m")):
            codes = True
        self.runs.append((data, codes, self.section))


def page_runs(html_file: Path) -> list[tuple[str, bool, str]]:
    parser = _ArticleText()
    parser.feed(html_file.read_text(encoding="utf-8"))
    return parser.runs


def problems(runs: list[tuple[str, bool, str]], seed_sections: set[str] | None) -> list[str]:
    """Every banned phrase in a page's text runs (the teaching layer's
    :func:`~hanafuda_core.teach.reader_problems`), and every seed number shown outside
    the sections where the reader sets one (``None``: the whole page is such a place, as
    an exercises page is)."""
    out: list[str] = []
    for text, codes_ok, section in runs:
        out += reader_problems(text, codes=codes_ok)
        if seed_sections is not None and section not in seed_sections:
            flat = " ".join(text.split())
            for m in SEED.finditer(flat):
                out.append(f"a seed the reader does not use: {m.group(0)!r} in "
                           f"\u201c{flat[max(0, m.start() - 40):m.end() + 40]}\u201d")
    return out


#: Pages where the reader uses seeds throughout: the quizzes, and the teacher's kit
#: (a teacher hands a class one seed).
SEED_PAGES = ("exercises/", "book/teachers/")

#: Sections where the reader sets a seed: the play tool, the replay and the quizzes.
SEED_SECTIONS = {"play-against-the-computer", "exercises", "try-it-the-score-calculator"}


def test_problems_finds_each_banned_phrase():
    """The checker itself: each kind of banned phrase is found, and plain prose passes."""
    bad = ["The engine stopped to ask", "'capture 2a' or 'capture 2c'", "the 1b takes",
           "double_once", "lines 1849-2122", "D002 2, 3, 4", "rule set book", "BOOK says"]
    for text in bad:
        assert problems([(text, False, "x")], set()), text
    assert problems([("Use seed 3", False, "worked")], set())
    assert not problems([("Use seed 3", False, "exercises")], {"exercises"})
    good = ("The Japanese publisher's rules (D002) double a round of 7 or more; the Pine "
            "Ribbon takes the Pine Chaff. Koi-Koi, Stop, a 2-player game, 12 rounds.")
    assert not problems([(good, False, "x")], set())
    assert not problems([("hanafuda score koikoi 1b 2b 3b", True, "x")], set())


def test_learner_pages_are_the_toc_less_the_reference_pages():
    pages = learner_pages()
    assert "book/koikoi" in pages and "book/index" in pages
    assert not any(p.endswith("-variants") for p in pages)
    assert "book/sources" not in pages and "book/glossary" not in pages


@pytest.mark.parametrize("page", learner_pages())
def test_learner_page_has_no_engine_words(book_html, page):
    html_file = book_html / f"{page}.html"
    assert html_file.is_file(), f"{page}: not built ({html_file} is missing)"
    seeds = None if page.startswith(SEED_PAGES) else SEED_SECTIONS
    found = problems(page_runs(html_file), seeds)
    assert not found, f"{page}: {len(found)} banned phrase(s):\n  " + "\n  ".join(found[:40])
