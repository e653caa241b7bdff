"""tools/offline_book.py's page-weight pass over a built book: the theme's Font Awesome
script gone and its icons inline, the search scripts only on the search page, the
extensions' assets only where used, the style sheets trimmed; twice is the same as once.

(The real build is checked in the browser: tests/browser/test_page_weight.py.)
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tool_modules import tool_module


@pytest.fixture(scope="module")
def ob():
    return tool_module("offline_book")


HEAD = """<html><head>
<link rel="stylesheet" type="text/css" href="{up}_static/mystnb.abc.css?v=1" />
<link rel="stylesheet" type="text/css" href="{up}_static/sphinx-design.min.css?v=2" />
<link rel="stylesheet" type="text/css" href="{up}_static/pygments.css?v=3" />
<script defer src="{up}_static/scripts/fontawesome.js?digest=x"></script>
<script src="{up}_static/togglebutton.js?v=4"></script>
<script src="{up}_static/searchtools.js"></script>
<script src="{up}_static/language_data.js"></script>
<script src="{up}searchindex.js"></script>
</head><body>
<button aria-label="Site navigation"><span class="fa-solid fa-bars"></span></button>
<button title="Search" aria-label="Search"><i class="fa-solid fa-magnifying-glass fa-lg"></i>
</button>
<i class="theme-switch fa-solid fa-sun fa-lg" data-mode="light" title="Light"></i>
{body}
</body></html>"""

BUNDLE = ('var p={bars:[448,512,["navicon"],"f0c9","M0 96z"],"magnifying-glass":[512,512,[],'
          '"f002","M416 208z"],sun:[512,512,[],"f185","M361 14z"]};'
          '(function(){d("fas",p)})')
CSS = ('.a{color:red}.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}'
       '@media print{.b{display:none}}')
MYSTNB = ".cell{margin:0}div.highlight .-Color[class*=-Red]{color:red}"


def built(tmp_path: Path) -> Path:
    out = tmp_path / "html"
    (out / "_static" / "scripts").mkdir(parents=True)
    (out / "_static" / "styles").mkdir(parents=True)
    (out / "book").mkdir()
    (out / "_static" / "scripts" / "fontawesome.js").write_text(BUNDLE)
    (out / "_static" / "styles" / "pydata-sphinx-theme.css").write_text(CSS)
    (out / "_static" / "mystnb.abc.css").write_text(MYSTNB)
    (out / "book" / "plain.html").write_text(HEAD.format(up="../", body="<p>Cards</p>"))
    (out / "book" / "rich.html").write_text(HEAD.format(
        up="../", body='<div class="sd-card highlight-python toggle"><span class="-Color '
                       '-Red">x</span></div>'))
    (out / "search.html").write_text(HEAD.format(up="", body="<p>Search</p>"))
    return out


def lighten(ob, out: Path) -> None:
    app = SimpleNamespace(outdir=str(out), builder=SimpleNamespace(format="html"),
                          config=SimpleNamespace(html_theme_options={}))
    ob._lighten_pages(app, None)


def test_the_pass_lightens_every_page_and_changes_nothing_twice(ob, tmp_path):
    out = built(tmp_path)
    lighten(ob, out)
    plain = (out / "book" / "plain.html").read_text()
    rich = (out / "book" / "rich.html").read_text()
    search = (out / "search.html").read_text()
    assert not (out / "_static" / "scripts" / "fontawesome.js").exists()
    for page in (plain, rich, search):
        assert "fontawesome" not in page and not re.search(r'<(i|span) class="[^"]*fa-', page)
        assert page.count('aria-hidden="true" focusable="false"') == 3
        assert 'aria-label="Site navigation"' in page and 'data-mode="light"' in page
    assert "searchindex.js" not in plain and "searchindex.js" in search
    # the assets stay only where something uses them
    assert not re.search(r"sphinx-design|pygments|togglebutton", plain)
    for asset in ("sphinx-design.min.css", "pygments.css", "togglebutton.js", "mystnb-ansi.css"):
        assert asset in rich
    css = (out / "_static" / "styles" / "pydata-sphinx-theme.css").read_text()
    assert ".fa-bars" not in css and ".a{color:red}" in css and "@media print" in css
    assert "--pst-icon-bell" in css            # the CSS icons are text now
    assert (out / "_static" / "mystnb.abc.css").read_text() == ".cell{margin:0}"
    assert "-Red" in (out / "_static" / "mystnb-ansi.css").read_text()

    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    lighten(ob, out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_an_icon_the_bundle_lacks_is_kept_and_named(ob):
    icons = ob.fontawesome_icons(BUNDLE)
    html, missing = ob.inline_icons('<i class="fa-solid fa-dragon"></i>', icons)
    assert html == '<i class="fa-solid fa-dragon"></i>' and missing == ["fa-dragon"]


@settings(max_examples=30, deadline=None)
@given(names=st.lists(st.sampled_from(["bars", "magnifying-glass", "sun"]), min_size=1,
                      max_size=6),
       tag=st.sampled_from(["i", "span"]), size=st.sampled_from(["", " fa-lg", " fa-fw"]))
def test_every_known_icon_becomes_one_hidden_svg(ob, names, tag, size):
    icons = ob.fontawesome_icons(BUNDLE)
    html = "".join(f'<b>{n}</b><{tag} class="fa-solid fa-{n}{size}"></{tag}>' for n in names)
    out, missing = ob.inline_icons(html, icons)
    assert missing == [] and f"<{tag} " not in out
    drawn = re.findall(r'<svg class="fa-solid fa-([\w-]+)[^"]*"[^>]*aria-hidden="true"[^>]*>'
                       r'<path fill="currentColor" d="([^"]+)"/></svg>', out)
    assert [n for n, _d in drawn] == names
    assert all(d == icons[("solid", n)][2] for n, d in drawn)
    assert re.sub(r"<svg.*?</svg>", "", out) == "".join(f"<b>{n}</b>" for n in names)


def test_mathematics_is_a_build_warning(ob):
    from docutils import nodes
    from docutils.utils import new_document
    doc = new_document("page")
    doc += nodes.paragraph("", "", nodes.math("", "x^2"))
    warned = []
    real = ob.logger.warning
    ob.logger.warning = lambda *a, **k: warned.append(a[0] % a[1:])
    try:
        ob._no_mathematics(None, doc, "book/algebra")
        ob._no_mathematics(None, new_document("plain"), "book/plain")
    finally:
        ob.logger.warning = real
    assert warned == ["book/algebra has mathematics, but the book ships no MathJax: write it "
                      "in words, a table or a picture"]
