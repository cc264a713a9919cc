#!/usr/bin/env python3
"""Opens chapters of the built book in a headless Chromium, one per language, and reads the
page the browser rendered (after its scripts ran): the title is the chapter's heading, the
port's code is there (a line of the lesson's own source, inside a Rust code block), the C/C++
beside it is there, no include marker is left, and the language switch links to the same
page in the other language, which exists. Saves a screenshot of each page.

    python3 book/check/browser.py [OUT_DIR]     (after book/build.sh; screenshots to OUT_DIR,
                                                 default target/book/screenshots)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit, unquote

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "target" / "book"
# One chapter per language: a short lesson shown whole, and a long one shown in pairs.
CHAPTERS = [("en", "memory_alloc"), ("zh-CN", "vmm")]
OTHER = {"en": "zh-CN", "zh-CN": "en"}
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars",
]


class Rendered(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.title = ""
        self.blocks = []  # (language class, text) of each <pre><code>
        self.switch = None  # the language switch's attributes
        self.text = []
        self._in = []
        self._block = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "a" and attrs.get("id") == "language-switch":
            self.switch = attrs
        if tag == "code" and "pre" in self._in:
            classes = (attrs.get("class") or "").split()
            kind = next((c[len("language-"):] for c in classes if c.startswith("language-")), "")
            self._block = [kind, ""]
        self._in.append(tag)

    def handle_endtag(self, tag):
        if tag == "code" and self._block is not None:
            self.blocks.append(tuple(self._block))
            self._block = None
        while self._in and self._in.pop() != tag:
            pass

    def handle_data(self, data):
        if self._in and self._in[-1] == "title":
            self.title += data
        if self._block is not None:
            self._block[1] += data
        if "script" not in self._in and "style" not in self._in:
            self.text.append(data)


def chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    sys.exit("browser.py: no chromium on PATH (Debian: apt-get install chromium), or set CHROMIUM")


def run(browser, args, url):
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [browser, *FLAGS, f"--user-data-dir={profile}", *args, url],
            capture_output=True, text=True, timeout=120,
        )
    if done.returncode != 0:
        sys.exit(f"browser.py: chromium failed ({done.returncode}) on {url}:\n{done.stderr[-2000:]}")
    return done.stdout


def included_call(language, lesson):
    """A checked call that the chapter includes from the lesson's source, as written there:
    read from the source itself, so the test knows what the page must show."""
    chapter = (ROOT / "book" / language / "src" / "lessons" / f"{lesson}.md").read_text(encoding="utf-8")
    source = (ROOT / "lessons" / "examples" / f"{lesson}.rs").read_text(encoding="utf-8").splitlines()
    for anchor in re.findall(r"\{\{#include [^}:]*/lessons/examples/" + re.escape(lesson) + r"\.rs(?::([\w-]+))?\}\}", chapter):
        lines, inside = [], not anchor
        for line in source:
            if anchor and re.search(r"ANCHOR_END:\s*" + re.escape(anchor) + r"\b", line):
                break
            if inside and "ANCHOR" not in line:
                lines.append(line)
            if anchor and re.search(r"ANCHOR:\s*" + re.escape(anchor) + r"\b", line):
                inside = True
        for line in lines:
            if re.search(r"check_(driver|cuda)!\(", line):
                return line.strip()
    sys.exit(f"browser.py: the {language} chapter of {lesson} includes no checked call of lessons/examples/{lesson}.rs")


def main():
    shots = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    browser = chromium()
    failures = []
    for language, lesson in CHAPTERS:
        page = OUT / language / "lessons" / f"{lesson}.html"
        if not page.is_file():
            sys.exit(f"browser.py: {page} does not exist: run book/build.sh first")
        url = page.as_uri()
        rendered = Rendered()
        rendered.feed(run(browser, ["--dump-dom"], url))
        source = (ROOT / "book" / language / "src" / "lessons" / f"{lesson}.md").read_text(encoding="utf-8")
        heading = source.splitlines()[0].removeprefix("# ").strip()
        call = included_call(language, lesson)

        def check(ok, what):
            print(f"  {'ok ' if ok else 'FAIL'} {what}")
            if not ok:
                failures.append(f"{language}/{lesson}: {what}")

        print(f"{language}/lessons/{lesson}.html in {browser}:")
        check(rendered.lang == language, f"<html lang> is {language!r} (got {rendered.lang!r})")
        check(rendered.title.startswith(heading), f"title starts with the chapter's heading {heading!r} (got {rendered.title!r})")
        rust = [text for kind, text in rendered.blocks if kind == "rust"]
        check(any(call in text for text in rust), f"a Rust code block holds the lesson's line `{call}`")
        c = [text for kind, text in rendered.blocks if kind in ("c", "cpp") and text.strip()]
        check(bool(c), "a C/C++ code block is there, not empty")
        body = "".join(rendered.text)
        check("{{#include" not in body and "{{#rustdoc_include" not in body, "no unresolved {{#include}} in the page")
        switch = rendered.switch or {}
        target = Path(unquote(urlsplit(switch.get("href", "")).path)) if switch else None
        expected = OUT / OTHER[language] / "lessons" / f"{lesson}.html"
        check(
            target is not None and target.resolve() == expected.resolve() and expected.is_file(),
            f"the language switch links to {expected.relative_to(ROOT)} (got {switch.get('href')!r})",
        )
        shot = shots / f"{language}-{lesson}.png"
        run(browser, [f"--screenshot={shot}", "--window-size=1400,1000"], url)
        check(shot.is_file() and shot.stat().st_size > 10_000, f"screenshot {shot}")
    if failures:
        print(f"browser.py: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
