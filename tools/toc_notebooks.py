"""Convert every chapter listed in _toc.yml to a notebook under a scratch folder, for nbval.

    python tools/toc_notebooks.py [OUT_DIR]        (default: .nbtest)

Chapters are MyST .md notebooks (jupytext); nbval only collects .ipynb. Each chapter
``book/deck.md`` becomes ``OUT_DIR/book/deck.ipynb`` (the folder layout is kept), an
.ipynb chapter is copied as it is. Pages without code cells are left out. OUT_DIR is
emptied first, so a chapter removed from the table of contents is not tested again.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jupytext
import yaml

ROOT = Path(__file__).resolve().parent.parent


def toc_files(toc: dict | list) -> list[str]:
    """Every ``file:`` / ``root:`` entry of a jb-book table of contents, in order."""
    found: list[str] = []
    if isinstance(toc, dict):
        for key in ("root", "file"):
            if isinstance(toc.get(key), str):
                found.append(toc[key])
        for key in ("parts", "chapters", "sections"):
            for item in toc.get(key) or []:
                found.extend(toc_files(item))
    elif isinstance(toc, list):
        for item in toc:
            found.extend(toc_files(item))
    return found


def source_of(entry: str) -> Path:
    path = ROOT / entry
    for candidate in (path, path.with_suffix(".md"), path.with_suffix(".ipynb")):
        if candidate.is_file() and candidate.suffix in (".md", ".ipynb"):
            return candidate
    raise SystemExit(f"toc_notebooks: {entry!r} is listed in _toc.yml but no .md/.ipynb exists")


def main(out_dir: str = ".nbtest") -> int:
    out = ROOT / out_dir
    shutil.rmtree(out, ignore_errors=True)
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    written = 0
    for entry in toc_files(toc):
        src = source_of(entry)
        nb = jupytext.read(src)
        if not any(cell.cell_type == "code" for cell in nb.cells):
            continue
        nb.metadata.setdefault("kernelspec", {"name": "python3", "display_name": "Python 3",
                                              "language": "python"})
        target = out / src.relative_to(ROOT).with_suffix(".ipynb")
        target.parent.mkdir(parents=True, exist_ok=True)
        jupytext.write(nb, target, fmt="ipynb")
        written += 1
    print(f"toc_notebooks: {written} chapter notebooks in {out.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
