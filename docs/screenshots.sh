#!/usr/bin/env bash
# Look at the rulebook as a reader would: build it, then screenshot key pages with headless
# Chromium (Debian's `chromium` package).  Usage: docs/screenshots.sh [OUTDIR]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-docs/_build/screenshots}
html=docs/_build/html
mkdir -p "$out"
python -m sphinx -W --keep-going -q -b html docs "$html"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
for page in index spec/cuckoo-dice/index spec/cuckoo-dice/components spec/cuckoo-dice/place \
            spec/cuckoo-dice/notation spec/cuckoo-cards/notation implementers traceability; do
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --hide-scrollbars --window-size=1280,2400 \
        --screenshot="$out/${page//\//-}.png" "file://$PWD/$html/$page.html" 2>/dev/null
    echo "$out/${page//\//-}.png"
done
