#!/usr/bin/env bash
# Fetch the JavaScript the built book needs from the npm registry into book/_vendor/,
# so that no page ever loads anything from a CDN (stack-notes §1).
#
#   book/_vendor/require.js                      requirejs 2.3.8
#   book/_vendor/ipywidgets/embed-amd.js         @jupyter-widgets/html-manager 1.0.15 (+ its fonts)
#
# No MathJax: no page has mathematics (tools/offline_book.py warns on one that does), and
# it was 7.2 MB of the build.
#
# Sphinx copies book/_vendor/* into _build/html/_static/ (html_static_path in _config.yml);
# our own small setup script for the widget manager is book/_assets/widgets-setup.js.
# book/_vendor/ is generated and git-ignored. A stamp file (versions + this script's hash)
# makes a second run a no-op; FORCE=1 fetches again.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$SELF")/.."

HTML_MANAGER=@jupyter-widgets/html-manager@1.0.15
REQUIREJS=requirejs@2.3.8
DEST=book/_vendor
STAMP="$DEST/.stamp"
WANT="$HTML_MANAGER $REQUIREJS $(sha256sum "$SELF" | cut -c1-12)"  # edits re-vendor

if [[ "${FORCE:-0}" != 1 && -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
    echo "vendor-js: $DEST is up to date"
    exit 0
fi
command -v npm >/dev/null || { echo "vendor-js: npm is needed (Node.js 18 or newer)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "vendor-js: npm pack $HTML_MANAGER $REQUIREJS"
(cd "$tmp" && npm pack --silent "$HTML_MANAGER" "$REQUIREJS" >/dev/null)
for pkg in html-manager requirejs; do
    mkdir -p "$tmp/$pkg"
    tar -xzf "$tmp"/*"$pkg"-*.tgz -C "$tmp/$pkg" --strip-components=1
done

new="$tmp/out"
mkdir -p "$new/ipywidgets"

# RequireJS, loaded first on every page that has widget state.
cp "$tmp/requirejs/require.js" "$new/require.js"

# The widget manager bundle and the Font Awesome 4 files it references by hash.
dist="$tmp/html-manager/dist"
cp "$dist/embed-amd.js" "$new/ipywidgets/"
cp "$dist"/*.woff2 "$dist"/*.woff "$dist"/*.ttf "$dist"/*.eot "$dist"/*.svg "$new/ipywidgets/"
cp "$tmp/html-manager/package.json" "$new/ipywidgets/package.json"          # BSD-3-Clause
cp "$dist/embed.js.LICENSE.txt" "$new/ipywidgets/THIRD-PARTY-LICENSES.txt"  # bundled deps

echo "$WANT" > "$new/.stamp"
rm -rf "$DEST"
mkdir -p "$(dirname "$DEST")"
mv "$new" "$DEST"
echo "vendor-js: wrote $DEST ($(du -sh "$DEST" | cut -f1))"
