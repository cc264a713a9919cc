#!/usr/bin/env python3
"""Checks the book's sources and the HTML mdBook built from them (run by book/build.sh).

1. Every lesson (the files of lessons/examples/, read here, never listed by hand) has a chapter
   in every language, listed in that language's SUMMARY.md; no chapter is left without its lesson.
2. The languages have the same pages (the language switch links a page to the same path in the
   other book).
3. Every {{#include}} names a file that exists, and an anchor that the file has (mdBook only
   warns about a missing file and silently includes nothing for a missing anchor).
4. In the HTML: no include marker left over, no empty code block, no ANCHOR comment shown,
   every page has its counterpart in the other language and loads the switch, and every local
   link and image resolves, down to the #fragment.

Each problem is printed on a line of its own; the exit status is 1 if there is any.
"""

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
OUT = ROOT / "target" / "book"
LANGUAGES = ["en", "zh-CN"]
INCLUDE = re.compile(r"\{\{#(include|rustdoc_include)\s+([^}\s]+)\s*\}\}")
ANCHOR = re.compile(r"ANCHOR:\s*([\w_-]+)")

problems = []


def problem(text):
    problems.append(text)
    print(f"book: {text}", file=sys.stderr)


def lessons():
    return sorted(p.stem for p in (ROOT / "lessons" / "examples").glob("*.rs"))


def summary_links(language):
    summary = (BOOK / language / "src" / "SUMMARY.md").read_text(encoding="utf-8")
    return re.findall(r"\]\(([^)]+\.md)\)", summary)


def check_chapters():
    all_lessons = lessons()
    if not all_lessons:
        problem("no lessons found in lessons/examples/")
    orders = {}
    for language in LANGUAGES:
        src = BOOK / language / "src"
        linked = summary_links(language)
        orders[language] = linked
        for lesson in all_lessons:
            chapter = f"lessons/{lesson}.md"
            if not (src / chapter).is_file():
                problem(
                    f"lesson `{lesson}` (lessons/examples/{lesson}.rs) has no {language} chapter: "
                    f"write book/{language}/src/{chapter} (see book/README.md)"
                )
            if chapter not in linked:
                problem(
                    f"lesson `{lesson}`: book/{language}/src/SUMMARY.md does not list {chapter}"
                )
        for chapter in sorted((src / "lessons").glob("*.md")):
            if chapter.stem not in all_lessons:
                problem(
                    f"book/{language}/src/lessons/{chapter.name} has no lesson "
                    f"lessons/examples/{chapter.stem}.rs (renamed or removed?)"
                )
    if orders["en"] != orders["zh-CN"]:
        problem(
            "book/en/src/SUMMARY.md and book/zh-CN/src/SUMMARY.md list different pages or orders: "
            f"{orders['en']} against {orders['zh-CN']}"
        )
    pages = {
        language: sorted(str(p.relative_to(BOOK / language / "src")) for p in (BOOK / language / "src").rglob("*.md"))
        for language in LANGUAGES
    }
    for page in sorted(set(pages["en"]) ^ set(pages["zh-CN"])):
        have = "en" if page in pages["en"] else "zh-CN"
        problem(f"{page} exists in book/{have} only: the language switch needs it in both")


def check_includes():
    for language in LANGUAGES:
        for page in sorted((BOOK / language / "src").rglob("*.md")):
            text = page.read_text(encoding="utf-8")
            for kind, target in INCLUDE.findall(text):
                path, _, selector = target.partition(":")
                where = f"{page.relative_to(ROOT)}: {{{{#{kind} {target}}}}}"
                file = (page.parent / path).resolve()
                if not file.is_file():
                    problem(f"{where}: no file {file.relative_to(ROOT) if file.is_relative_to(ROOT) else file}")
                    continue
                if selector and not re.fullmatch(r"[\d:]*", selector):
                    anchors = ANCHOR.findall(file.read_text(encoding="utf-8"))
                    if selector not in anchors:
                        problem(f"{where}: {file.relative_to(ROOT)} has no `ANCHOR: {selector}`")


class Page(HTMLParser):
    """The ids, links, code blocks and leftover include markers of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.markers = set(), [], []
        self.empty_blocks = 0
        self.anchor_lines = 0  # code blocks showing an ANCHOR comment (a whole-file include of an anchored file)
        self.stack = []  # open tags
        self.block_text = None  # text of the <pre> being read

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for attribute in ("href", "src"):
            if attrs.get(attribute) and tag in ("a", "img", "link", "script"):
                self.links.append(attrs[attribute])
        if tag == "pre":
            self.block_text = ""
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "pre" and self.block_text is not None:
            if not self.block_text.strip():
                self.empty_blocks += 1
            if re.search(r"ANCHOR(_END)?:", self.block_text):
                self.anchor_lines += 1
            self.block_text = None
        while self.stack:
            if self.stack.pop() == tag:
                break

    def handle_data(self, data):
        if self.block_text is not None:
            self.block_text += data
        in_inline_code = "code" in self.stack and "pre" not in self.stack
        if "{{#" in data and not in_inline_code and "script" not in self.stack:
            self.markers.append(data.strip()[:80])


def check_html():
    parsed = {}
    for language in LANGUAGES:
        if not (OUT / language / "index.html").is_file():
            problem(f"target/book/{language} was not built (run book/build.sh)")
            continue
        for file in sorted((OUT / language).rglob("*.html")):
            page = Page()
            page.feed(file.read_text(encoding="utf-8"))
            parsed[file.resolve()] = page
    # The switch (shared/language.js) links each page to the same path in the other book: every
    # page must load it, and its counterpart must exist.
    for language in LANGUAGES:
        other = OUT / [l for l in LANGUAGES if l != language][0]
        for file in sorted((OUT / language).rglob("*.html")):
            relative = file.relative_to(OUT / language)
            if file.name in ("toc.html",):
                continue  # mdBook's sidebar frame for browsers without JavaScript
            if not (other / relative).is_file():
                problem(f"{file.relative_to(ROOT)}: no {other.name}/{relative} for the language switch to open")
            if not any(re.search(r"shared/language(-[0-9a-f]+)?\.js$", link) for link in parsed[file.resolve()].links):
                problem(f"{file.relative_to(ROOT)}: does not load shared/language.js (the language switch)")
    for file, page in parsed.items():
        name = file.relative_to(ROOT)
        for marker in page.markers:
            problem(f"{name}: an include mdBook did not resolve: {marker}")
        if page.empty_blocks and file.parent.name == "lessons":
            problem(f"{name}: {page.empty_blocks} empty code block(s) (an include that matched nothing?)")
        if page.anchor_lines:
            problem(
                f"{name}: {page.anchor_lines} code block(s) show ANCHOR comments: a file included whole has "
                "anchors now; include it by anchor, or move the anchors (book/README.md)"
            )
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # external: not checked offline
            target = (file.parent / unquote(parts.path)).resolve() if parts.path else file
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                problem(f"{name}: broken link {link}")
            elif parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else None
                if ids is not None and unquote(parts.fragment) not in ids:
                    problem(f"{name}: link {link}: no id `{parts.fragment}` in {target.relative_to(ROOT)}")


def main():
    check_chapters()
    check_includes()
    check_html()
    if problems:
        print(f"book: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"book: {len(lessons())} lessons, a chapter each in {', '.join(LANGUAGES)}; includes and links resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
