#!/usr/bin/env python3
"""Renders Markdown reports with GitHub's own renderer (cmark-gfm, through the PyPI package
`cmarkgfm`) and checks that they render as intended: every table is a table (no stray pipes left
in paragraphs), the <details> fold is balanced, no raw HTML from inputs survives (names are
escaped), and no Markdown markers are left unrendered.

    scripts/check_markdown.py [FILE.md …]      (default: Reports/Examples/report.md and drift.md)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _venv  # noqa: E402

_venv.ensure()

import cmarkgfm  # noqa: E402
from cmarkgfm.cmark import Options  # noqa: E402


def check(path: Path) -> list[str]:
    text = path.read_text()
    # GitHub renders comments with the GFM extensions and passes <details>/<summary> through.
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    problems = []
    expected_tables = len(re.findall(r"^\|.*\|\s*\n\|[-:| ]+\|\s*$", text, flags=re.M))
    tables = html.count("<table>")
    if tables != expected_tables:
        problems.append(f"{tables} tables rendered, {expected_tables} in the source")
    for paragraph in re.findall(r"<p>(.*?)</p>", html, flags=re.S):
        if re.search(r"(^|\s)\|\s", paragraph):
            problems.append(f"a table row rendered as text: {paragraph[:80]!r}")
    if html.count("<details>") != html.count("</details>"):
        problems.append("unbalanced <details>")
    if re.search(r"<(script|img|iframe)\b", html):
        problems.append("raw HTML from an input survived")
    # Unrendered bold markers in the visible text (names may hold literal backticks or stars,
    # escaped in the source, so only the writer's own ** markers are checked).
    visible = re.sub(r"<code>.*?</code>", "", html, flags=re.S)
    visible = re.sub(r"<[^>]+>", "", visible)
    if "**" in visible:
        problems.append("Markdown bold markers left unrendered")
    prose = _prose(text)
    if prose.count("**") // 2 != html.count("<strong>"):
        problems.append(f"{prose.count('**') // 2} bold spans in the source, {html.count('<strong>')} rendered")
    problems.extend(_table_cell_problems(text))
    return problems


def _prose(text: str) -> str:
    """The source without fenced code blocks and code spans (where `**` is literal)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _cells(row: str) -> int:
    """Cells of a GFM table row: pipes split cells unless escaped, inside code spans too."""
    body = row.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return len(re.split(r"(?<!\\)\|", body))


def _table_cell_problems(text: str) -> list[str]:
    """Rows with more or fewer cells than their header: GitHub drops the extra cells (a `|M|`
    left unescaped in a cell cuts the text after it) and pads the missing ones."""
    problems = []
    lines = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M).split("\n")
    i = 0
    while i + 1 < len(lines):
        header, rule = lines[i], lines[i + 1]
        if header.startswith("|") and re.fullmatch(r"\|[-:| ]+\|\s*", rule):
            width = _cells(header)
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                if _cells(lines[i]) != width:
                    problems.append(f"a table row with {_cells(lines[i])} cells, not {width}: {lines[i][:80]!r}")
                i += 1
        else:
            i += 1
    return problems


def main() -> int:
    root = SCRIPTS.parent / "Reports" / "Examples"
    files = [Path(a) for a in sys.argv[1:]] or [root / "report.md", root / "drift.md"]
    failed = 0
    for path in files:
        problems = check(path)
        if problems:
            failed += 1
            print(f"{path}: FAILED")
            for problem in problems:
                print(f"  {problem}")
        else:
            print(f"{path}: renders as GitHub-flavoured Markdown")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
