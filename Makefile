# The Hanafuda Rulebook: set up, build, serve and test.
#
#   make serve   set up, build the book (-W), serve the book and the Voila app on 127.0.0.1
#   make test    set up (also Chromium and a CJK font), build the book, run every test
#
# Everything runs from .venv (made by tools/setup.sh). Never set MPLBACKEND=Agg here: it
# stops the inline backend, and figures silently vanish from the book and the app.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
BIN  := $(VENV)/bin
PY   := $(BIN)/python
NBTEST := .nbtest

BOOK_PORT ?= 8000
APP_PORT  ?= 8866

.PHONY: help setup setup-browser book serve notebooks lint test clean distclean

help:
	@echo "make serve   build the book, then serve it (http://127.0.0.1:$(BOOK_PORT)/)"
	@echo "             and the Voila app (http://127.0.0.1:$(APP_PORT)/) until Ctrl-C"
	@echo "make test    lint (ruff, mypy), build the book with -W, then unit, doctest,"
	@echo "             chapter, widget and browser tests"
	@echo "make lint    only ruff and mypy"
	@echo "make book    set up and build the book into _build/html"
	@echo "make clean   remove build outputs; make distclean also removes .venv and the vendored JS"

setup:
	@bash tools/setup.sh

setup-browser:
	@bash tools/setup.sh --browser

# -W: any warning fails, -n: nitpicky references, --keep-going: report every warning at once.
# A failing cell is a warning, so this fails on any cell error.
book: setup
	$(BIN)/jupyter-book build -W -n --keep-going .

serve: book
	$(PY) tools/serve.py --book-port $(BOOK_PORT) --app-port $(APP_PORT)

# The chapters as notebooks, to run them cell by cell under nbval while writing one
# (`$(PY) -m pytest --nbval-lax .nbtest/book/deck.ipynb`). make test does not: the book
# build has run every chapter already, and tests/test_chapters_built.py reads the result.
notebooks: setup
	$(PY) tools/toc_notebooks.py $(NBTEST)

# The gates: ruff (pyproject.toml [tool.ruff]) and strict mypy over the package
# ([tool.mypy]; the modules not typed yet are listed there and leave the list when typed).
lint: setup
	$(BIN)/ruff check .
	$(BIN)/mypy

# pytest is the last command, so its summary line is the last line of the run.
test: setup-browser lint book
	$(PY) -m pytest tests hanafuda_core app -n 2 --dist loadgroup \
	    --nbval-lax --nbval-sanitize-with nbval_sanitize.cfg --nbval-current-env \
	    --nbval-cell-timeout 120 --durations=20

clean:
	rm -rf _build $(NBTEST) tests/_artifacts .pytest_cache

distclean: clean
	rm -rf $(VENV) book/_vendor tests/_vendor
