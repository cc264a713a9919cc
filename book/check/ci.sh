#!/usr/bin/env bash
# CI's step for the book (.ci/run): builds both languages and checks them (book/build.sh),
# compiles book/c/ against the toolkit roots given, and has a headless Chromium read two
# chapters (book/check/browser.py), leaving their screenshots in target/book/screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
timed() { local start=$SECONDS; "$@"; echo "($((SECONDS - start))s: $*)"; }
if ! command -v chromium >/dev/null || ! fc-list :lang=zh | grep -q .; then
    # Chromium for the rendering test; a CJK font so the Chinese screenshot shows characters.
    timed bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null'
fi
timed bash book/build.sh
timed bash book/check/c.sh "$@"
timed python3 book/check/browser.py target/book/screenshots
