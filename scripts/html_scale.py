#!/usr/bin/env python3
"""Scale check of the HTML report (issue 20): a 2,000-icon design system at @2x, audited to HTML,
then loaded in headless Chromium; prints the page's size and the time to first paint and to load.

    scripts/html_scale [--icons 2000] [--iconaudit PATH] [--runs 3] [--keep HTML] [--screenshot PNG]

1. Makes the catalog (once, into scripts/.cache/html-scale-N/DesignSystem.xcassets): the first N
   Material Design Icons of the calibration sources (scripts/.cache/calibrate/mdi-7.4.47.json, 24×24
   viewBox; fetched from PyPI as scripts/calibrate fetches it when missing), rendered by
   rsvg-convert at 48×48 px (24 pt @2x) as template images, in families of 100 (`Icons-01`…), every
   fourth icon that has an `-outline` drawing given as `name` (the outline) and `name-selected` (the
   filled drawing), so the families have selected states.
2. Audits it with `iconaudit audit --role toolbar --format html` (the release build, scripts/_bin).
3. Loads the page `--runs` times in headless Chromium (selenium, Debian's chromium-driver) in a
   1280×900 window and reads `performance.getEntriesByType("paint")` (first paint, first contentful
   paint) and the navigation timing (DOMContentLoaded, load), all from navigation start.
4. Prints the size and the median timings; exits 1 when the page is 6 MB or more, or when first
   contentful paint or DOMContentLoaded (the page parsed, its script run) takes 1 s or more (the
   issue's targets: under 6 MB, the first screen drawn in under 1 s).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _venv  # noqa: E402

_venv.ensure("browser")
import _bin  # noqa: E402
import browser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "scripts" / ".cache"
MDI = CACHE / "calibrate" / "mdi-7.4.47.json"
FAMILY_SIZE = 100
PX = 48


def make_catalog(count: int) -> Path:
    out = CACHE / f"html-scale-{count}" / "DesignSystem.xcassets"
    stamp = out.parent / ".complete"
    if stamp.exists():
        return out
    if out.exists():
        shutil.rmtree(out)
    if not MDI.exists():
        import calibrate_sources  # noqa: PLC0415 (downloads the MDI wheel from PyPI once, as scripts/calibrate does)
        calibrate_sources.MaterialDesign(calibrate_sources.CACHE)
    drawings: dict[str, str] = json.loads(MDI.read_text())
    names = sorted(n for n in drawings if not n.endswith("-outline"))
    chosen: list[tuple[str, str]] = []  # (image set name, MDI drawing)
    for k, name in enumerate(names):
        if len(chosen) >= count:
            break
        outline = name + "-outline"
        if k % 4 == 0 and outline in drawings and len(chosen) + 2 <= count:
            chosen += [(name, outline), (name + "-selected", name)]
        else:
            chosen.append((name, name))
    out.mkdir(parents=True)
    (out / "Contents.json").write_text('{"info":{"author":"xcode","version":1}}\n')
    jobs = []
    for k, (name, drawing) in enumerate(chosen):
        group = out / f"Icons-{k // FAMILY_SIZE + 1:02d}"
        if not group.exists():
            group.mkdir()
            (group / "Contents.json").write_text('{"info":{"author":"xcode","version":1}}\n')
        iset = group / f"{name}.imageset"
        iset.mkdir()
        (iset / "Contents.json").write_text(json.dumps({
            "images": [{"idiom": "universal", "scale": "1x"},
                       {"filename": f"{name}@2x.png", "idiom": "universal", "scale": "2x"},
                       {"idiom": "universal", "scale": "3x"}],
            "info": {"author": "xcode", "version": 1},
            "properties": {"template-rendering-intent": "template"}}, indent=2) + "\n")
        jobs.append((drawings[drawing], iset / f"{name}@2x.png"))

    def render(job: tuple[str, Path]) -> None:
        svg, png = job
        subprocess.run(["rsvg-convert", "-w", str(PX), "-h", str(PX), "-o", str(png)],
                       input=svg.encode(), check=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(render, jobs))
    stamp.write_text("ok\n")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--icons", type=int, default=2000)
    parser.add_argument("--iconaudit", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="keep the HTML report in this file")
    parser.add_argument("--screenshot", type=Path, help="save a 1280×2000 screenshot of the top of the page")
    args = parser.parse_args()

    catalog = make_catalog(args.icons)
    binary = _bin.binary(args.iconaudit)
    with tempfile.TemporaryDirectory(prefix="iconaudit-html-scale-") as tmp:
        html = args.keep.resolve() if args.keep else Path(tmp) / "report.html"
        run = subprocess.run([str(binary), "audit", str(catalog), "--role", "toolbar", "--label", "design system",
                              "--format", "html", "--output", str(html)], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(f"html_scale: iconaudit failed ({run.returncode}): {run.stderr[-600:]}", file=sys.stderr)
            return 1
        size = html.stat().st_size
        timings = []
        with browser.Chromium(width=1280, height=900) as chrome:
            for _ in range(args.runs):
                timings.append(chrome.load_timing(html))
        if args.screenshot:
            # The first screen and what follows: the summary, the filters, the closed families, and
            # the first family with a finding opened.
            with browser.Chromium(width=1280, height=2000) as chrome:
                chrome.open(html)
                chrome.driver.execute_script(
                    "var c=document.querySelector('article.card.sev-error,article.card.sev-warning');"
                    "if(c)c.closest('details').open=true")
                time.sleep(1.0)
                chrome.screenshot(args.screenshot)
    icons = sum(1 for _ in catalog.glob("*/*.imageset"))

    def med(key: str) -> float:
        return statistics.median(t[key] for t in timings)
    fcp = med("first-contentful-paint")
    print(f"html_scale: {icons} icons at @2x ({PX} px), {size / 1e6:.2f} MB ({size} bytes)")
    print(f"html_scale: median of {len(timings)} loads in headless Chromium 1280x900: first paint "
          f"{med('first-paint'):.0f} ms, first contentful paint {fcp:.0f} ms, "
          f"DOMContentLoaded {med('domContentLoaded'):.0f} ms, load {med('load'):.0f} ms")
    ok = size < 6_000_000 and fcp < 1000 and med("domContentLoaded") < 1000
    print(f"html_scale: targets (< 6 MB, first screen < 1 s): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
