"""A Sphinx extension that keeps the built book free of anything loaded from outside.

Loaded from _config.yml (``sphinx: local_extensions``). What it does:

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
4. Page weight (every page loads at most 1.5 MB cold; tests/browser/test_page_weight.py):
   - the theme's Font Awesome bundle (``_static/scripts/fontawesome.js``, 1.5 MB of
     JavaScript for about ten header icons) is dropped: each ``<i class="fa-...">`` /
     ``<span class="fa-...">`` icon of a page becomes an inline ``<svg>`` drawn from that
     bundle's own path data at build time (hidden from assistive technology; the buttons
     keep their names), the page's ``<script>`` for it is removed and so is the file. An
     icon the bundle lacks is a warning.
   - the theme's style sheet loses Font Awesome's 1,900 glyph rules (``.fa-x:before``, 86 kB;
     no element uses them once the icons are SVG), and its few icons drawn in CSS
     (admonition titles, breadcrumbs, external links) become plain text symbols, so no page
     downloads the 156 kB icon font.
   - the search index and Sphinx's search scripts (100 kB) load only on the search page:
     the theme's search box sends its query there (``search_as_you_type`` is off), so the
     other pages never use them.
   - myst-nb's style sheet loses its colours for ANSI escapes in outputs (34 kB, 529 rules
     for ``.-Color-*``) into ``_static/mystnb-ansi.css``, linked only from a page whose
     outputs have such colours.
   - the extensions' assets that Jupyter Book puts on every page stay only on a page that
     uses them (:data:`PAGE_ASSETS`): sphinx-design's style sheet and tab script (62 kB)
     where a ``sd-`` component is; the code-block colours and copy button (32 kB) where a
     code block is; sphinx-togglebutton (13 kB) where a toggle or dropdown is.
   - the book ships no MathJax: a page with mathematics is a warning (write it in words,
     a table or a picture), so no page ever asks for MathJax.
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


# -- Font Awesome icons as inline SVG ---------------------------------------------------

FONTAWESOME_JS = "_static/scripts/fontawesome.js"
_PACK_STYLES = {"fas": "solid", "far": "regular", "fab": "brands"}
_STYLE_CLASSES = {"fa-solid": "solid", "fas": "solid", "fa-regular": "regular",
                  "far": "regular", "fa-brands": "brands", "fab": "brands"}
_SIZE_CLASSES = {"fa-lg", "fa-sm", "fa-xs", "fa-fw", "fa-1x", "fa-2x", "fa-3x", "fa-xl"}
_ICON = re.compile(r'<(i|span)\s+class="([^"]*\bfa[srb]?-[^"]*)"([^>]*)>\s*</\1>')
_PACK = re.compile(r'\bd\("(fa[srb])",(\w+)\)')
_PACK_ENTRY = re.compile(r'(?:"([^"]+)"|([\w$]+)):\[(\d+),(\d+),\[[^\]]*\],"[0-9a-f]+",'
                         r'"((?:[^"\\]|\\.)*)"\]')
_SEARCH_SCRIPTS = re.compile(
    r'<script src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js|searchindex\.js)'
    r'[^"]*"></script>\s*')


def _asset_tags(*files: str) -> re.Pattern[str]:
    names = "|".join(re.escape(f) for f in files)
    return re.compile(rf'<(?:link|script)\b[^>]*(?:href|src)="[^"]*_static/(?:{names})(?:\?[^"]*)?"'
                      r'[^>]*>(?:\s*</script>)?\s*')


#: (the tags of an extension's assets, what in a page uses them): the tags go from a page
#: that has nothing of the kind.
PAGE_ASSETS = (
    (_asset_tags("sphinx-design.min.css", "design-tabs.js"),
     re.compile(r'class="(?:[^"]*\s)?sd-')),
    (_asset_tags("pygments.css", "copybutton.css", "clipboard.min.js", "copybutton.js"),
     re.compile(r'class="(?:[^"]*\s)?highlight[\s"-]')),
    (_asset_tags("togglebutton.css", "togglebutton.js"),
     re.compile(r'class="(?:[^"]*\s)?(?:toggle|tag_hide-[\w-]+|dropdown)(?:\s[^"]*)?"'
                r'|class="admonition dropdown|toggle-details')),
)


def drop_unused_assets(html: str) -> str:
    """``html`` without the asset tags of :data:`PAGE_ASSETS` that nothing in it uses.

    >>> head = ('<link rel="stylesheet" href="../_static/pygments.css?v=1" />'
    ...         '<script src="../_static/togglebutton.js?v=2"></script>')
    >>> drop_unused_assets(head + '<p>Text</p>')
    '<p>Text</p>'
    >>> drop_unused_assets(head + '<div class="highlight-python"></div>') == (
    ...     '<link rel="stylesheet" href="../_static/pygments.css?v=1" />'
    ...     '<div class="highlight-python"></div>')
    True
    """
    body = html[max(html.find("<body"), 0):]      # what the page shows, not its head
    for tags, used in PAGE_ASSETS:
        if not used.search(body):
            html = tags.sub("", html)
    return html

_GLYPH_RULE = re.compile(r'(?:\.fa-[\w-]+:(?:before|after),?)+\{content:"[^"]*"\}')
THEME_CSS = ("_static/styles/pydata-sphinx-theme.css", "_static/styles/sphinx-book-theme.css")
#: The theme's CSS icons, as text in the page's own font (no icon font to download).
CSS_ICON_TEXT = """
/* tools/offline_book.py: the theme's CSS icons as text, so no icon font is downloaded */
html:root {
  --fa-font-solid: normal 700 1em/1 var(--pst-font-family-base, sans-serif);
  --fa-font-regular: normal 400 1em/1 var(--pst-font-family-base, sans-serif);
  --fa-font-brands: normal 400 1em/1 var(--pst-font-family-base, sans-serif);
  --pst-icon-check-circle: "\\2713"; --pst-icon-info-circle: "i";
  --pst-icon-exclamation-triangle: "!"; --pst-icon-exclamation-circle: "!";
  --pst-icon-times-circle: "\\2715"; --pst-icon-lightbulb: "\\2605";
  --pst-icon-download: "\\2193"; --pst-icon-angle-left: "\\2039";
  --pst-icon-angle-right: "\\203A"; --pst-icon-external-link: "\\2197";
  --pst-icon-search-minus: "\\2212"; --pst-icon-github: ""; --pst-icon-gitlab: "";
  --pst-icon-share: "\\2192"; --pst-icon-bell: "\\2022"; --pst-icon-pencil: "\\270E";
  --pst-breadcrumb-divider: "\\203A";
}
.bd-sidebar-secondary.hide:not(:hover) .onthispage:after { content: "\\25BE";
  font-family: inherit; font-weight: inherit; }
"""
_FA_SCRIPT = re.compile(r'<(?:script|link)\b[^>]*fontawesome\.js[^>]*>(?:\s*</script>)?\s*')


def fontawesome_icons(bundle: str) -> dict[tuple[str, str], tuple[int, int, str]]:
    """The icons of a Font Awesome 6 JavaScript bundle: (style, name) -> (width, height,
    SVG path), style being "solid", "regular" or "brands".

    >>> js = 'var p={bars:[448,512,[],"f0c9","M0 96z"]};(function(){d("fas",p)})'
    >>> fontawesome_icons(js)
    {('solid', 'bars'): (448, 512, 'M0 96z')}
    """
    icons: dict[tuple[str, str], tuple[int, int, str]] = {}
    for pack in _PACK.finditer(bundle):
        start = bundle.rfind(f"var {pack.group(2)}={{", 0, pack.start())
        if start < 0:
            continue
        style = _PACK_STYLES[pack.group(1)]
        for quoted, bare, width, height, path in _PACK_ENTRY.findall(bundle, start, pack.start()):
            icons.setdefault((style, quoted or bare), (int(width), int(height), path))
    return icons


def inline_icons(html: str, icons: dict[tuple[str, str], tuple[int, int, str]]
                 ) -> tuple[str, list[str]]:
    """``html`` with each Font Awesome ``<i>``/``<span>`` icon drawn as an inline SVG (its
    classes and ``data-*`` attributes kept, hidden from assistive technology: the control
    around it carries the name), and the ``fontawesome.js`` script tags removed. Also
    returns the icons not found in ``icons``.

    >>> icons = {("solid", "bars"): (448, 512, "M0 96z")}
    >>> out, missing = inline_icons('<button aria-label="Menu"><span class="fa-solid '
    ...     'fa-bars"></span></button><i class="fas fa-nope"></i>', icons)
    >>> out.split("<i")[0]
    '<button aria-label="Menu"><svg class="fa-solid fa-bars hanafuda-icon" aria-hidden="true" \
focusable="false" viewBox="0 0 448 512" style="width:0.875em;height:1em;vertical-align:-0.125em;\
overflow:visible"><path fill="currentColor" d="M0 96z"/></svg></button>'
    >>> missing
    ['fa-nope']
    """
    missing: list[str] = []

    def draw(match: re.Match[str]) -> str:
        classes = match.group(2).split()
        style = next((_STYLE_CLASSES[c] for c in classes if c in _STYLE_CLASSES), "solid")
        names = [c[3:] for c in classes
                 if c.startswith("fa-") and c not in _STYLE_CLASSES and c not in _SIZE_CLASSES]
        found = next((icons[(style, n)] for n in names if (style, n) in icons), None)
        if found is None:
            missing.extend(f"fa-{n}" for n in names[:1])
            return match.group(0)
        width, height, path = found
        data = " ".join(re.findall(r'data-[\w-]+="[^"]*"', match.group(3)))
        return (f'<svg class="{" ".join(classes)} hanafuda-icon"{" " + data if data else ""} '
                f'aria-hidden="true" focusable="false" viewBox="0 0 {width} {height}" '
                f'style="width:{width / height:.4g}em;height:1em;vertical-align:-0.125em;'
                f'overflow:visible"><path fill="currentColor" d="{path}"/></svg>')

    return _FA_SCRIPT.sub("", _ICON.sub(draw, html)), missing


def _lighten_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    bundle = outdir / FONTAWESOME_JS
    if not bundle.is_file():
        import pydata_sphinx_theme
        bundle = (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
                  / "static" / "scripts" / "fontawesome.js")
    icons = fontawesome_icons(bundle.read_text(encoding="utf-8"))
    search_as_you_type = (app.config.html_theme_options or {}).get("search_as_you_type")
    for page in sorted(outdir.rglob("*.html")):
        rel = page.relative_to(outdir)
        if "_static" in rel.parts:
            continue
        text = page.read_text(encoding="utf-8")
        new, missing = inline_icons(text, icons)
        if not search_as_you_type and rel.as_posix() != "search.html":
            new = _SEARCH_SCRIPTS.sub("", new)
        new = drop_unused_assets(new)
        for name in sorted(set(missing)):
            logger.warning("%s: icon %s is not in the theme's Font Awesome bundle",
                           rel.as_posix(), name, type="offline_book", subtype="icons")
        if new != text:
            page.write_text(new, encoding="utf-8")
    # the bundle and its source map go; its licence file stays (the icons' paths are
    # Font Awesome Free's, CC BY 4.0)
    for leftover in (outdir / FONTAWESOME_JS, outdir / (FONTAWESOME_JS + ".map")):
        leftover.unlink(missing_ok=True)
    for name in THEME_CSS:
        sheet = outdir / name
        if sheet.is_file():
            css = sheet.read_text(encoding="utf-8")
            if "tools/offline_book.py" not in css:
                sheet.write_text(lighter_css(css), encoding="utf-8")
    _split_mystnb_css(outdir)


ANSI_CSS = "mystnb-ansi.css"
_ANSI_SELECTOR = re.compile(r"\.-[A-Za-z]")
_USES_ANSI = re.compile(r'class="(?:[^"]*\s)?-[A-Za-z]')
_MYSTNB_LINK = re.compile(r'<link rel="stylesheet" type="text/css" href="([^"]*_static/)'
                          r'mystnb\.[^"]*\.css[^"]*" />')


def css_statements(css: str) -> list[str]:
    """A style sheet cut into its top-level statements (a rule, an @media block with its
    rules, a comment stays with the statement after it).

    >>> css_statements("a{x:y}/* c */@media print{b{z:w}}c{v:u}")
    ['a{x:y}', '/* c */@media print{b{z:w}}', 'c{v:u}']
    """
    out, depth, start, i = [], 0, 0, 0
    while i < len(css):
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = len(css) if end < 0 else end + 2
            continue
        if css[i] == "{":
            depth += 1
        elif css[i] == "}":
            depth -= 1
            if depth == 0:
                out.append(css[start:i + 1])
                start = i + 1
        i += 1
    if css[start:].strip():
        out.append(css[start:])
    return out


def split_ansi_css(css: str) -> tuple[str, str]:
    """(the style sheet without its ANSI colour rules, those rules).

    >>> split_ansi_css(".cell{a:b}div.highlight .-Color[class*=-Red]{color:red}")
    ('.cell{a:b}', 'div.highlight .-Color[class*=-Red]{color:red}')
    """
    keep, ansi = [], []
    for statement in css_statements(css):
        head = re.sub(r"/\*.*?\*/", "", statement.split("{", 1)[0], flags=re.S)
        (ansi if not head.strip().startswith("@") and _ANSI_SELECTOR.search(head)
         else keep).append(statement)
    return "".join(keep), "".join(ansi)


def _split_mystnb_css(outdir: Path) -> None:
    """Move myst-nb's ANSI colours to their own sheet, linked only where used."""
    static = outdir / "_static"
    for sheet in static.glob("mystnb.*.css"):
        base, ansi = split_ansi_css(sheet.read_text(encoding="utf-8"))
        if ansi:                  # not split yet (a sheet copied again by this build)
            sheet.write_text(base, encoding="utf-8")
            (static / ANSI_CSS).write_text(ansi, encoding="utf-8")
    for page in sorted(outdir.rglob("*.html")):
        if "_static" in page.relative_to(outdir).parts:
            continue
        text = page.read_text(encoding="utf-8")
        if _USES_ANSI.search(text) and ANSI_CSS not in text:
            linked = _MYSTNB_LINK.sub(lambda m: m.group(0) + f'\n<link rel="stylesheet" '
                                      f'type="text/css" href="{m.group(1)}{ANSI_CSS}" />',
                                      text, count=1)
            page.write_text(linked, encoding="utf-8")


def lighter_css(css: str) -> str:
    """A theme style sheet without Font Awesome's glyph rules, its CSS icons as text.

    >>> lighter_css('.a{color:red}.fa-bars:before,.fa-navicon:before{content:"x"}'
    ...             '.b{x:y}').split("/*")[0].strip()
    '.a{color:red}.b{x:y}'
    """
    return _GLYPH_RULE.sub("", css) + CSS_ICON_TEXT


def _no_mathematics(app: Sphinx, doctree, docname: str) -> None:
    from docutils import nodes
    for node in doctree.findall(lambda n: isinstance(n, (nodes.math, nodes.math_block))):
        logger.warning("%s has mathematics, but the book ships no MathJax: write it in "
                       "words, a table or a picture", docname, location=node,
                       type="offline_book", subtype="math")
        break


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", _drop_thebe, priority=900)
    app.connect("config-inited", _card_files_for_kernels)
    app.connect("build-finished", _write_card_files)
    app.connect("build-finished", _lighten_pages)
    app.connect("build-finished", _check_pages)
    app.connect("doctree-resolved", _no_mathematics)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
