#!/usr/bin/env python3
"""Browser test of the HTML report: renders the example app's report in headless Chromium.

    scripts/check_html_report.py [--iconaudit PATH] [--catalog DIR] [--html FILE]
                                 [--screenshot PNG] [--dark-screenshot PNG] [--size 1280x2400]

1. Audits the example app (default Reports/Examples/Phone.xcassets) with `--format html` and
   `--format json` into a temporary folder (or checks an existing `--html FILE`, with the JSON
   written next to it in the temporary folder).
2. Static checks on the file: one self-contained document, no http(s) reference except the SVG
   namespace, every src/href/url() a data: URI or a #fragment, exactly one script element.
3. Loads it in headless Chromium (Debian's `chromium`) with console logging on stderr and dumps the
   DOM after scripts ran: fails on any console message (the page logs nothing, so any message is an
   error or an uncaught exception); checks that every icon of the JSON report has its card
   (`data-icon`), that every card has its glyph and overlay (drawn, or as data until it comes
   into view), that the bars and the measurement
   tables are there, and that the sorting script ran (sortable headers got a tabindex).
4. Saves a screenshot (default Reports/Examples/report.png, 1280×2400: the header, the first
   family's tab bar preview, its measurement charts and its magnified icons with overlays), and
   with --dark-screenshot one in the dark theme (`--force-dark-mode`).

Without --iconaudit it uses the release build (built first when missing or stale: scripts/_bin).
Needs only the Python standard library and `chromium` (`apt-get install -y chromium`).
Exit 0 when every check passes, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bin  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "Reports" / "Examples"

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--mute-audio",
]


def iconaudit_binary(given: Path | None) -> Path:
    return _bin.binary(given)


def chromium_binary() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("check_html_report: chromium not found (apt-get install -y chromium)")


def audit(binary: Path, catalog: Path, fmt: str, output: Path) -> None:
    result = subprocess.run([str(binary), "audit", "--format", fmt, "--output", str(output), str(catalog)],
                            capture_output=True, text=True)
    # 0 clean, 1 error findings (the example's deliberate faults); anything else is a failure.
    if result.returncode not in (0, 1) or not output.exists():
        raise SystemExit(f"check_html_report: iconaudit audit --format {fmt} failed ({result.returncode}): "
                         f"{result.stderr[:600]}")


class DOM(HTMLParser):
    """Collects what the checks need from the dumped DOM."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: list[str] = []
        self.glyphs_in_stage = 0
        self.overlays = 0
        self.tabbars = 0
        self.toolbars = 0
        self.charts = 0
        self.sortable = 0
        self.sortable_ready = 0
        self.scripts = 0
        self._stage_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "article" and "card" in classes:
            self.cards.append(a.get("data-icon") or "")
        if tag == "i" and "ink" in classes and "g" in classes:
            self.glyphs_in_stage += 1
        # An overlay is drawn by the page's script when its card comes into view (svg.ov);
        # until then its stage holds it as data (data-ov).
        if tag == "svg" and "ov" in classes:
            self.overlays += 1
        if tag == "div" and "stage" in classes and a.get("data-ov") is not None:
            self.overlays += 1
        if tag == "div" and "tabbar" in classes:
            self.tabbars += 1
        if tag == "div" and "toolbar" in classes:
            self.toolbars += 1
        if tag == "table" and "chart" in classes:
            self.charts += 1
        if tag == "th" and "sortable" in classes:
            self.sortable += 1
            if a.get("tabindex") == "0":
                self.sortable_ready += 1
        if tag == "script":
            self.scripts += 1


def static_checks(text: str) -> list[str]:
    problems = []
    if not text.startswith("<!DOCTYPE html>"):
        problems.append("does not start with <!DOCTYPE html>")
    for match in re.finditer(r"https?://", text):
        if not text.startswith("www.w3.org/2000/svg", match.end()):
            problems.append(f"network reference: {text[match.start():match.start() + 80]!r}")
    for match in re.finditer(r"""\b(?:src|href)\s*=\s*["']([^"']*)["']""", text):
        url = match.group(1)
        if not (url.startswith("#") or url.startswith("data:")):
            problems.append(f"external reference: {match.group(0)[:80]!r}")
    for match in re.finditer(r"url\(\s*[\"']?([^\"')]*)", text):
        url = match.group(1)
        if not (url.startswith("data:") or url.startswith("#")):
            problems.append(f"external url(): {match.group(0)[:80]!r}")
    if text.count("<script") != 1:
        problems.append(f"{text.count('<script')} script elements (expected the writer's one)")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description="Headless-Chromium check of the HTML report")
    parser.add_argument("--iconaudit", type=Path, help="iconaudit binary (default: the release build)")
    parser.add_argument("--catalog", type=Path, default=EXAMPLES / "Phone.xcassets", help="what to audit")
    parser.add_argument("--html", type=Path, help="check this HTML report instead of writing one")
    parser.add_argument("--screenshot", type=Path, default=EXAMPLES / "report.png")
    parser.add_argument("--dark-screenshot", type=Path, help="also save a screenshot in the dark theme")
    parser.add_argument("--size", default="1280x2400", help="window size for the screenshots (WxH)")
    args = parser.parse_args()

    binary = iconaudit_binary(args.iconaudit)
    chromium = chromium_binary()
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="iconaudit-html-") as tmp:
        tmpdir = Path(tmp)
        html = args.html.resolve() if args.html else tmpdir / "report.html"
        if not args.html:
            audit(binary, args.catalog, "html", html)
        report_json = tmpdir / "report.json"
        audit(binary, args.catalog, "json", report_json)
        ids = [icon["id"] for icon in json.loads(report_json.read_text())["icons"]]

        text = html.read_text(encoding="utf-8")
        problems += static_checks(text)

        url = html.as_uri()
        profile = tmpdir / "profile"
        run = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr",
                              "--v=0", "--virtual-time-budget=2000", "--dump-dom", url],
                             capture_output=True, text=True, timeout=180)
        if run.returncode != 0:
            problems.append(f"chromium exited {run.returncode}: {run.stderr[-400:]}")
        console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
        problems += [f"console: {line.split('] ', 1)[-1]}" for line in console]

        dom = DOM()
        dom.feed(run.stdout)
        missing = [i for i in ids if i not in dom.cards]
        if missing:
            problems.append(f"icons without a card: {missing}")
        if len(dom.cards) != len(ids):
            problems.append(f"{len(dom.cards)} cards for {len(ids)} icons")
        if dom.glyphs_in_stage != len(ids):
            problems.append(f"{dom.glyphs_in_stage} magnified glyphs for {len(ids)} icons")
        if dom.overlays != len(ids):
            problems.append(f"{dom.overlays} overlays for {len(ids)} icons")
        if dom.tabbars + dom.toolbars == 0:
            problems.append("no tab bar or toolbar preview")
        if dom.charts == 0:
            problems.append("no measurement table")
        if dom.sortable == 0 or dom.sortable_ready != dom.sortable:
            problems.append(f"the sorting script did not run ({dom.sortable_ready} of {dom.sortable} headers ready)")

        width, height = args.size.lower().split("x")
        shots = [(args.screenshot, [])]
        if args.dark_screenshot:
            shots.append((args.dark_screenshot, ["--force-dark-mode"]))
        for path, extra in shots:
            path = path.resolve()
            path.parent.mkdir(parents=True, exist_ok=True)
            shot = subprocess.run([chromium, *CHROMIUM_FLAGS, *extra, f"--user-data-dir={profile}",
                                   f"--window-size={width},{height}", f"--screenshot={path}", url],
                                  capture_output=True, text=True, timeout=180)
            if shot.returncode != 0 or not path.exists():
                problems.append(f"screenshot {path} failed ({shot.returncode}): {shot.stderr[-300:]}")

    name = args.html or args.catalog
    try:
        name = Path(name).resolve().relative_to(ROOT)
    except ValueError:
        pass
    if problems:
        print(f"check_html_report: {name}: {len(problems)} problem(s)")
        for p in problems:
            print(f"  - {p}")
        return 1
    print(f"check_html_report: {name}: OK — {len(ids)} icons, {dom.tabbars} tab bars, {dom.toolbars} toolbars, "
          f"{dom.charts} measurement tables, no console messages, no external references")
    print(f"check_html_report: screenshot {args.screenshot}"
          + (f", dark {args.dark_screenshot}" if args.dark_screenshot else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
