"""A Sphinx extension that keeps the built book free of anything loaded from outside.

Loaded from _config.yml (``sphinx: local_extensions``). It does two things:

1. Jupyter Book always loads sphinx-thebe, which puts a Thebe URL on unpkg.com, a Binder
   repository on GitHub and its script/stylesheet into every page, for a "launch" button
   we never show. Its page hooks are disconnected here (the ``thebe-button`` directive
   still parses, so a stray one is harmless).
2. Card pictures are written once, as ``_static/cards/{code}.svg``, and the chapters'
   kernels (started by this Sphinx process, so they inherit its environment) draw each
   card as a small ``<svg>`` pointing at its file (``hanafuda_core.render.svg``,
   ``HANAFUDA_CARD_FILES``). A chapter then weighs kilobytes, not megabytes, and the
   browser caches the 56 pictures. The relative URL assumes every page sits one folder
   below the book's root (``book/``, ``exercises/``); a deeper page is a warning.
3. When the HTML build finishes, every page is scanned: a ``<script src>``, ``<link href>``,
   ``<img src>``, ``<iframe src>``, ``<source src>``, ``<video src>`` or ``<audio src>``
   pointing outside the book (``http:``, ``https:`` or ``//``) is a warning, so
   ``jupyter-book build -W`` fails on it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

_EXTERNAL = re.compile(
    r"<(script|link|img|iframe|source|video|audio|embed)\b[^>]*?\s(src|href)\s*=\s*"
    r"[\"']?((?:https?:)?//[^\"'\s>]+)",
    re.IGNORECASE,
)


def _drop_thebe(app: Sphinx, config) -> None:
    for event in ("env-before-read-docs", "doctree-resolved"):
        for listener in list(app.events.listeners.get(event, [])):
            if getattr(listener.handler, "__module__", "").startswith("sphinx_thebe"):
                app.disconnect(listener.id)
    app.registry.css_files = [
        entry for entry in app.registry.css_files if "sphinx-thebe" not in str(entry[0])
    ]


def external_resources(html: str) -> list[str]:
    """The URLs of resources a page would load from outside the book.

    >>> external_resources('<script src="https://cdn.example/x.js"></script><img src="a.png">')
    ['https://cdn.example/x.js']
    >>> external_resources('<a href="https://example.org/">a link is not a resource</a>')
    []
    """
    return [m.group(3) for m in _EXTERNAL.finditer(html)]


def _check_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    for page in sorted(outdir.rglob("*.html")):
        if "_static" in page.relative_to(outdir).parts:
            continue
        for url in external_resources(page.read_text(encoding="utf-8", errors="replace")):
            logger.warning("%s loads an external resource: %s",
                           page.relative_to(outdir).as_posix(), url,
                           type="offline_book", subtype="external")


CARD_URL = "../_static/cards"


def _card_files_for_kernels(app: Sphinx, config) -> None:
    from hanafuda_core.render.svg import CARD_FILES_ENV
    os.environ[CARD_FILES_ENV] = CARD_URL


def _write_card_files(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from hanafuda_core.render.svg import write_card_files
    outdir = Path(app.outdir)
    write_card_files(outdir / "_static" / "cards")
    for page in sorted(outdir.rglob("*.html")):
        rel = page.relative_to(outdir)
        if len(rel.parts) > 2 and "_static" not in rel.parts:
            text = page.read_text(encoding="utf-8", errors="replace")
            if f'href="{CARD_URL}/' in text:
                logger.warning("%s is not one folder below the root, so its card pictures "
                               "(%s/...) would not be found", rel.as_posix(), CARD_URL,
                               type="offline_book", subtype="cards")


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", _drop_thebe, priority=900)
    app.connect("config-inited", _card_files_for_kernels)
    app.connect("build-finished", _write_card_files)
    app.connect("build-finished", _check_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
