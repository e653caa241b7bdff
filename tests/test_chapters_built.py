"""Every chapter in the table of contents ran in the book build, and no cell of it failed.

The build runs every chapter (``execute_notebooks: force``) with ``allow_errors: false``
and ``-W``, so a failing cell already stops ``make book``. These tests read what the
build left in ``_build/html``, one test per chapter, so a chapter that did not run, or
ran with an error shown, names itself in the test summary (the chapters are executed
once, by the build, not a second time). Needs the book built (``make book``; ``make
test`` builds it first).
"""

from __future__ import annotations

import re

import jupytext
import pytest
import yaml
from book_pages import BUILT, ROOT, TOOL, toc_files

CHAPTERS = toc_files()
# An output the build shows only when a cell failed or wrote to stderr.
_ERROR_OUTPUT = re.compile(r'class="output (?:[a-z_-]+ )*(?:traceback|stderr|error)\b')
_HIDDEN = {"remove-cell", "remove-output"}


def shown_outputs(entry: str) -> int:
    """How many code cells of a chapter keep their output on the page (not removed)."""
    nb = jupytext.read(TOOL.source_of(entry))
    return sum(1 for cell in nb.cells if cell.cell_type == "code"
               and not _HIDDEN & set(cell.metadata.get("tags", ())))


def test_the_config_makes_a_failing_cell_fail_the_build():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["execute"]
    assert config["execute_notebooks"] == "force" and config["allow_errors"] is False


@pytest.mark.parametrize("entry", CHAPTERS)
def test_chapter_ran_in_the_build_without_an_error(entry):
    page = BUILT / f"{entry}.html"
    if not page.is_file():
        pytest.fail(f"{page.relative_to(ROOT)} is not built: run `make book`", pytrace=False)
    html = page.read_text(encoding="utf-8", errors="replace")
    errors = _ERROR_OUTPUT.findall(html)
    assert not errors, f"{entry}: the build shows {len(errors)} failed or stderr outputs"
    if shown_outputs(entry):
        assert 'class="cell_output' in html, f"{entry}: no cell output: the chapter did not run"


@pytest.mark.parametrize("html, failed", [
    ('<div class="output traceback highlight-ipythontb notranslate">', True),
    ('<div class="output stderr highlight-myst-ansi notranslate">', True),
    ('<div class="output text_html">', False),
    ('<p>A widget never shows a traceback.</p>', False),
])
def test_an_error_output_is_recognised(html, failed):
    """The classes myst-nb gives a failed cell's traceback and a cell's stderr."""
    assert bool(_ERROR_OUTPUT.search(html)) is failed
