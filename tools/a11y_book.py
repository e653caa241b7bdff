"""Sphinx extension: names the theme's controls that have no name, once the book is built.

The theme's sidebar opens and closes a chapter's sections with a ``<summary>`` that holds
only an icon, so a screen reader announces an unnamed control (axe's ``summary-name``,
WCAG 4.1.2). Once the pages are written, each such summary gets the name "Sections of
<chapter>". Nothing else in a page changes. Checked by tests/browser/test_a11y.py.
"""

from __future__ import annotations

import re
from html import escape, unescape
from pathlib import Path

from sphinx.application import Sphinx

# A sidebar entry with sections: its link, then the <details> whose <summary> toggles them.
_TOGGLE = re.compile(r'(<a class="[^"]*reference internal[^"]*" href="[^"]*">([^<]*)</a>\s*'
                     r'<details[^>]*>\s*<summary)(>)')


def name_toggles(page: str) -> str:
    """``page`` with each unnamed sidebar toggle named after its chapter.

    >>> '<summary aria-label="Sections of For teachers">' in name_toggles(
    ...     '<a class="reference internal" href="t.html">For teachers</a>'
    ...     '<details><summary><span></span></summary>')
    True
    """
    def named(match: re.Match[str]) -> str:
        title = match.group(2).strip()
        return f'{match.group(1)} aria-label="{escape(f"Sections of {unescape(title)}")}">'
    return _TOGGLE.sub(named, page)


def _name_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for path in Path(app.outdir).rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        named = name_toggles(text)
        if named != text:
            path.write_text(named, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("build-finished", _name_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
