"""Every page of the built book, read as a file: whatever it asks the browser to fetch is a
file of the book itself (no other host, nothing missing).

The browser tests open every chapter and a sample of the teacher's kit's generated quiz
pages (seeds 1 and 30 of each quiz: the other seeds are the same page with other
questions); this test reads all of them, the seed pages included, without a browser.
What a page asks for: ``src`` of scripts, pictures, frames and media, ``href`` of style
sheets, icons and preloads, ``data`` of objects, and ``url(...)`` in inline styles. A plain
link (``<a href>``) fetches nothing until followed; links inside the book must still lead
to a page that is there. Needs the book built (``make book``; ``make test`` builds it).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest
from book_pages import BUILT, built_pages

_FETCHED = {("script", "src"), ("img", "src"), ("iframe", "src"), ("source", "src"),
            ("video", "src"), ("audio", "src"), ("embed", "src"), ("object", "data"),
            ("input", "src"), ("video", "poster")}
_FETCHED_LINKS = {"stylesheet", "icon", "preload", "modulepreload", "prefetch",
                  "shortcut icon", "apple-touch-icon", "manifest"}
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")


class _Requests(HTMLParser):
    """The URLs a page fetches and the URLs it links to."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fetched: list[str] = []
        self.linked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for (t, attr) in _FETCHED:
            if t == tag and a.get(attr):
                self.fetched.append(a[attr])
        if tag == "link" and a.get("href") and a.get("rel", "").lower() in _FETCHED_LINKS:
            self.fetched.append(a["href"])
        if tag == "a" and a.get("href"):
            self.linked.append(a["href"])
        self.fetched += _CSS_URL.findall(a.get("style", ""))


def missing_or_external(page: str, urls: list[str]) -> tuple[list[str], list[str]]:
    """Of ``urls`` found on ``page``: those on another host, and local files not there."""
    external, missing = [], []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob", "about", "mailto", "javascript"}:
            continue
        if parts.scheme or parts.netloc:
            external.append(url)
            continue
        if not parts.path:                      # "#anchor" on the same page
            continue
        target = (PurePosixPath(page).parent / unquote(parts.path)).as_posix()
        path = BUILT / target
        if not (path.is_file() or (path.is_dir() and (path / "index.html").is_file())):
            missing.append(url)
    return external, missing


@pytest.fixture(scope="module")
def pages() -> dict[str, _Requests]:
    """Every built page, read once: what it fetches and where it links."""
    found = built_pages()
    if not found:
        pytest.fail(f"{BUILT} has no pages: run `make book`", pytrace=False)
    out = {}
    for page in found:
        out[page] = _Requests()
        out[page].feed((BUILT / page).read_text(encoding="utf-8", errors="replace"))
    return out


def test_every_page_fetches_only_files_of_the_book(pages):
    problems = []
    for page, found in pages.items():
        external, missing = missing_or_external(page, found.fetched)
        problems += [f"{page}: asks another host for {u}" for u in external]
        problems += [f"{page}: asks for {u}, which is not in the book" for u in missing]
    assert len(pages) > 100 and problems == [], "\n".join(problems[:40])


def test_every_link_inside_the_book_leads_to_a_page(pages):
    problems = []
    checked: dict[tuple[str, str], bool] = {}
    for page, found in pages.items():
        urls = [u for u in set(found.linked) if (page.rsplit("/", 1)[0], u) not in checked]
        for u in urls:
            checked[(page.rsplit("/", 1)[0], u)] = True
        _external, missing = missing_or_external(page, urls)
        problems += [f"{page}: links to {u}, which is not in the book" for u in missing]
    assert problems == [], "\n".join(problems[:40])


def test_a_missing_file_and_another_host_are_found(pages):
    page = next(iter(pages))
    external, missing = missing_or_external(
        page, ["https://cdn.example.org/x.js", "//cdn.example.org/y.css", "no-such-file.js",
               "#top", "data:image/png;base64,AA=="])
    assert external == ["https://cdn.example.org/x.js", "//cdn.example.org/y.css"]
    assert missing == ["no-such-file.js"]
