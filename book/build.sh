#!/usr/bin/env bash
# Builds the book in both languages into target/book/{en,zh-CN} and checks it (book/check/book.py:
# every lesson has a chapter in each language, every include and link resolves).
# `bash book/build.sh --open` then opens the English book in a browser.
# mdBook is installed on first use, at the pinned version, into target/tools (cached there).
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.5.4
mdbook=target/tools/bin/mdbook
if ! "$mdbook" --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
    # Only the renderer and its search index; no `serve`/`watch` (a web server this build needs not).
    # Unoptimized: it compiles in 66 s of CPU (150 s at opt-level 1), and renders the book in 1.6 s
    # instead of 0.4 (the same files).
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install mdbook --locked --version "$MDBOOK_VERSION" \
        --no-default-features --features search --root target/tools --quiet
fi
# `--install`: mdBook only (CI installs it in the background, beside other steps).
[ "${1:-}" != --install ] || exit 0
status=0
for language in en zh-CN; do
    rm -rf "target/book/$language"
    # mdBook reports a missing {{#include}} file as an ERROR line but still succeeds: any ERROR or
    # WARN line fails the build here. book.py then says what is wrong, lesson by lesson.
    if ! log=$("$mdbook" build "book/$language" 2>&1) || grep -E '(ERROR|WARN)' <<<"$log"; then
        echo "$log" | grep -v ' INFO ' >&2 || true
        echo "book/build.sh: mdBook reported the problems above for book/$language" >&2
        status=1
    fi
done
python3 book/check/book.py || status=1
[ "$status" = 0 ] || exit 1
if [ "${1:-}" = --open ]; then
    # mdBook rebuilds the English book (a second) and hands its index to the system's browser.
    "$mdbook" build --open book/en 2>&1 | { grep -v ' INFO ' || true; }
fi
echo "built: file://$PWD/target/book/en/index.html and file://$PWD/target/book/zh-CN/index.html"
