"""The book's pages as the tests see them: read from ``_toc.yml`` once, here.

The reading itself is ``tools/toc_notebooks.py``'s :func:`toc_files` (root, parts,
chapters and nested sections, in order), so the tests and the tool agree on what a page
of the book is.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from tool_modules import tool_module

ROOT = Path(__file__).resolve().parent.parent
TOC = ROOT / "_toc.yml"
BUILT = ROOT / "_build" / "html"


TOOL = tool_module("toc_notebooks")


def toc_files(toc: Path = TOC) -> list[str]:
    """Every ``root`` and ``file`` entry of ``toc``, in order (``book/deck``)."""
    return TOOL.toc_files(yaml.safe_load(toc.read_text(encoding="utf-8")))


def toc_pages(toc: Path = TOC) -> list[str]:
    """Every page of ``toc`` as the path of its built HTML file (``book/deck.html``)."""
    return [f"{f.removesuffix('.md').removesuffix('.ipynb')}.html" for f in toc_files(toc)]


def built_pages() -> list[str]:
    """Every HTML page of the built book (the theme's template fragments under _static
    are not pages); [] when the book is not built."""
    if not BUILT.is_dir():
        return []
    return sorted(p.relative_to(BUILT).as_posix() for p in BUILT.rglob("*.html")
                  if "_static" not in p.relative_to(BUILT).parts)
