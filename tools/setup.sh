#!/usr/bin/env bash
# Set up everything the book, the app and the tests need. Idempotent: stamp files make a
# second run take about a second.
#
#   bash tools/setup.sh            .venv + requirements.txt + `pip install -e .` + book/_vendor
#   bash tools/setup.sh --browser  the same, plus Debian's Chromium, a CJK font and axe-core
#                                  (tests/_vendor/axe.min.js, for the accessibility tests)
#
# Environment: PYTHON (default python3) makes the venv; FORCE=1 reinstalls everything.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv
export PIP_DISABLE_PIP_VERSION_CHECK=1 DEBIAN_FRONTEND=noninteractive

say() { echo "setup: $*"; }

as_root() {
    if [[ $(id -u) == 0 ]]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else return 1
    fi
}

apt_install() {   # apt_install PACKAGE...: one `apt-get update` per run, quiet install
    say "apt-get install $*"
    if [[ -z "${_apt_updated:-}" ]]; then
        as_root apt-get update -qq && _apt_updated=1 || return 1
    fi
    as_root apt-get install -y -qq -o Dpkg::Use-Pty=0 "$@" >/dev/null
}

# --- system packages for the browser tests ---------------------------------------------
if [[ "${1:-}" == --browser ]]; then
    missing=()
    # Playwright drives Debian's Chromium; never `playwright install`.
    [[ -x /usr/bin/chromium ]] || missing+=(chromium)
    # Cards and chapters write kanji (and Hangul) as SVG/HTML text. Chromium draws text with
    # the system's fonts, so without a CJK font every such glyph is an empty box in the pages
    # and screenshots (the DOM checks pass either way). fonts-noto-cjk covers ja, ko and zh.
    if ! { command -v fc-list >/dev/null && fc-list :lang=ja family | grep -q .; }; then
        missing+=(fonts-noto-cjk)
    fi
    if (( ${#missing[@]} )); then
        apt_install "${missing[@]}" || say "WARNING: could not install ${missing[*]} (not root?)"
    fi
fi

# --- axe-core for the accessibility tests (tests/browser/test_a11y.py), from npm -----------
# Pinned; git-ignored; a stamp makes a second run a no-op (FORCE=1 fetches again). The tests
# inject the file into each page; nothing is fetched at test time.
vendor_axe() {
    local version=4.14.1 dest=tests/_vendor
    local want="axe-core@$version"
    if [[ "${FORCE:-0}" != 1 && -f "$dest/.stamp-axe" && "$(cat "$dest/.stamp-axe")" == "$want" ]]; then
        say "$dest/axe.min.js ($want) is up to date"
        return 0
    fi
    command -v npm >/dev/null || { say "WARNING: npm is needed for axe-core (Node.js 18+)"; return 1; }
    local tmp
    tmp=$(mktemp -d)
    say "npm pack $want"
    (cd "$tmp" && npm pack --silent "$want" >/dev/null) \
        && tar -xzf "$tmp"/axe-core-*.tgz -C "$tmp" package/axe.min.js package/LICENSE \
        && mkdir -p "$dest" \
        && cp "$tmp/package/axe.min.js" "$dest/axe.min.js" \
        && cp "$tmp/package/LICENSE" "$dest/axe-core-LICENSE.txt" \
        && echo "$want" > "$dest/.stamp-axe"
    local rc=$?
    rm -rf "$tmp"
    return $rc
}
if [[ "${1:-}" == --browser ]]; then
    vendor_axe || say "WARNING: could not fetch axe-core; tests/browser/test_a11y.py will fail"
fi

# --- Python: .venv with the pinned stack and the package in editable mode -----------------
if [[ ! -x "$VENV/bin/python" ]]; then
    if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
        # Debian's python3 ships venv/ensurepip separately.
        apt_install python3-venv || { echo "setup: $PYTHON has no venv module" >&2; exit 1; }
    fi
    say "creating $VENV with $("$PYTHON" -V)"
    "$PYTHON" -m venv "$VENV"
fi

want=$( { "$VENV/bin/python" -V; cat requirements.txt pyproject.toml; } | sha256sum | cut -c1-16)
stamp="$VENV/.stamp-setup"
if [[ "${FORCE:-0}" == 1 || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    say "pip install -r requirements.txt"
    "$VENV/bin/python" -m pip install -q -r requirements.txt
    say "pip install -e ."
    "$VENV/bin/python" -m pip install -q -e .
    echo "$want" > "$stamp"
else
    say "$VENV is up to date"
fi
# The package's bytecode, written once. Where PYTHONDONTWRITEBYTECODE is set (as on this
# workplace's machines), every process (a CLI call, a book or app kernel, a test's
# subprocess) would otherwise compile the package from source again: about 0.15 s of the
# 0.3 s a `hanafuda score` takes. Python uses a file only while it matches its source.
"$VENV/bin/python" -m compileall -q hanafuda_core > /dev/null

# --- JavaScript for the book, from the npm registry ---------------------------------------
bash tools/vendor-js.sh
