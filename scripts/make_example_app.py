#!/usr/bin/env python3
"""Renders the example app's asset catalog from its SVG sources.

Reads Reports/Examples/sources/<Group>/<name>.svg (Group: TabBar, Toolbar) and writes
Reports/Examples/Phone.xcassets/<Group>/<name>.imageset/ with <name>@2x.png and <name>@3x.png
(rendered by rsvg-convert, librsvg, at 2 and 3 px per pt) and a Contents.json as Xcode writes it
(universal idiom, an empty 1x slot, template rendering), plus the catalog's and the groups'
Contents.json. The catalog is rebuilt from scratch on every run, so an image set whose source was
removed goes too; the output is byte-identical from run to run (no timestamps, sorted order).
Installs Debian's librsvg2-bin when rsvg-convert is missing. Standard library only.

    scripts/make_example_app.py            # regenerate Reports/Examples/Phone.xcassets
    scripts/make_example_app.py --check    # exit 1 if the committed catalog is not what the sources give

A second release of the app, for the drift report: Reports/Examples/Release-2.0/Phone.xcassets is
made from the same sources with the files of Reports/Examples/sources-2.0/ in place of theirs
(2.0 fixes the voicemail size and the trash stroke, and re-exports the search glyph at 80%).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "Reports" / "Examples"
SOURCES = EXAMPLES / "sources"
CATALOG = EXAMPLES / "Phone.xcassets"
RELEASES = {"2.0": (EXAMPLES / "sources-2.0", EXAMPLES / "Release-2.0" / "Phone.xcassets")}
SCALES = (2, 3)
INFO = {"author": "xcode", "version": 1}


def ensure_rsvg_convert() -> str:
    """rsvg-convert's path; installs librsvg2-bin with apt when it is missing (as scripts/setup does)."""
    found = shutil.which("rsvg-convert")
    if found:
        return found
    print("make_example_app: installing librsvg2-bin (rsvg-convert)", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "librsvg2-bin"],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    found = shutil.which("rsvg-convert")
    if not found:
        sys.exit("make_example_app: rsvg-convert is still missing after installing librsvg2-bin")
    return found


def xcode_json(value: object) -> str:
    """JSON laid out like Xcode's Contents.json: 2-space indent, ' : ' between key and value."""
    return json.dumps(value, indent=2, separators=(",", " : "), sort_keys=True, ensure_ascii=False) + "\n"


def image_set_contents(name: str) -> dict:
    images = [{"idiom": "universal", "scale": "1x"}]
    images += [{"filename": f"{name}@{s}x.png", "idiom": "universal", "scale": f"{s}x"} for s in SCALES]
    return {"images": images, "info": INFO, "properties": {"template-rendering-intent": "template"}}


def render(rsvg: str, source: Path, scale: int, output: Path) -> None:
    subprocess.run([rsvg, "--zoom", str(scale), "--format", "png", "--output", str(output), str(source)], check=True)


def build(rsvg: str, catalog: Path, overlay: Path | None = None) -> int:
    """Writes the whole catalog into `catalog` (which must not exist); returns the number of image sets.
    Files of `overlay/<Group>/` replace the sources of the same name."""
    catalog.mkdir(parents=True)
    (catalog / "Contents.json").write_text(xcode_json({"info": INFO}), encoding="utf-8")
    count = 0
    groups = sorted(p for p in SOURCES.iterdir() if p.is_dir())
    for group in groups:
        out_group = catalog / group.name
        out_group.mkdir()
        (out_group / "Contents.json").write_text(xcode_json({"info": INFO}), encoding="utf-8")
        for source in sorted(group.glob("*.svg")):
            name = source.stem
            if overlay is not None and (overlay / group.name / source.name).exists():
                source = overlay / group.name / source.name
            image_set = out_group / f"{name}.imageset"
            image_set.mkdir()
            for scale in SCALES:
                render(rsvg, source, scale, image_set / f"{name}@{scale}x.png")
            (image_set / "Contents.json").write_text(xcode_json(image_set_contents(name)), encoding="utf-8")
            count += 1
    return count


def same_tree(a: Path, b: Path) -> bool:
    comparison = filecmp.dircmp(a, b)
    if comparison.left_only or comparison.right_only or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, comparison.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_tree(a / d, b / d) for d in comparison.common_dirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed catalog instead of writing it")
    args = parser.parse_args()
    rsvg = ensure_rsvg_convert()
    targets = [(None, CATALOG)] + [(overlay, catalog) for overlay, catalog in RELEASES.values()]
    stale = 0
    for overlay, catalog in targets:
        with tempfile.TemporaryDirectory(prefix="example-app-") as scratch:
            fresh = Path(scratch) / catalog.name
            count = build(rsvg, fresh, overlay)
            where = catalog.relative_to(ROOT)
            if args.check:
                if catalog.is_dir() and same_tree(fresh, catalog):
                    print(f"make_example_app: {where} is up to date ({count} image sets)", file=sys.stderr)
                else:
                    print(f"make_example_app: {where} differs from its sources; run scripts/make_example_app.py", file=sys.stderr)
                    stale += 1
                continue
            if catalog.exists():
                shutil.rmtree(catalog)
            catalog.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(fresh, catalog)
        print(f"make_example_app: wrote {count} image sets at @{'x, @'.join(map(str, SCALES))}x into {where}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
