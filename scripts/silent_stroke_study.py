#!/usr/bin/env python3
"""Glyphs whose profile stroke is clearly off the family's but that get no stroke or size finding.

`stroke_weight_outlier` asks the contour estimate (2 × ink ÷ contour length) to confirm the profile
estimate (coverage across the stroke at skeleton points); `perceived_size_outlier` reports a stroke
off by the same factor as the size, or one whose detail and extent vote "scaled". A glyph whose
profile is off, whose vote says "only the stroke changed" and whose contour estimate does not
follow (a solid part inflates it, short strokes and joins move it) falls between the two rules and
gets nothing. This lists every such glyph of `scripts/calibrate`'s cases (all kinds) and of the real
apps, with both estimates against the group's other icons (leave-one-out in groups of at most 10,
as the rules read them) and what each rule said.

A glyph is listed when it is an outline icon of an outline group of at least 4 icons (4 outline
icons setting the stroke), without a halo finding, whose profile estimate is off by 1.1× or more at
|M| > 2.5 (the bar of any stroke finding), and that has no `stroke_weight_outlier`,
`perceived_size_outlier` or `style_mismatch` finding.

    scripts/calibrate --cases /tmp/cases ...      # first: writes the cases and calibration.json
    scripts/silent_stroke_study.py --cases /tmp/cases [--bin iconaudit] [--apps /work/apps] [--sheet out.png]
"""
from __future__ import annotations

import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _bin  # noqa: E402
from scale_recall_study import audit, injected_and_untouched, report_index, save_stacked, study_arguments, tile_strip  # noqa: E402

RULES = ("stroke_weight_outlier", "perceived_size_outlier", "style_mismatch")
LOO_LIMIT, FLOOR = 10, 0.03


def spread(values: list[float]) -> tuple[float, float]:
    logs = [math.log(v) for v in values if v > 0]
    if not logs:
        return 0.0, 0.0
    m = statistics.median(logs)
    return m, statistics.median(abs(x - m) for x in logs)


def score(value: float, others: list[float]) -> tuple[float, float]:
    m, mad = spread(others)
    if value <= 0 or not others:
        return 1.0, 0.0
    return value / math.exp(m), 0.6745 * (math.log(value) - m) / max(mad, FLOOR)


def contour_pt(m: dict) -> float:
    if m["strokeWeightPx"] > 0 and m["strokeWeightPt"] > 0:
        return m["strokeWeightContourPx"] * m["strokeWeightPt"] / m["strokeWeightPx"]
    return m["strokeWeightContourPx"]


def silent(report: dict, label_of) -> list[dict]:
    metrics, findings = report_index(report)
    out = []
    for fam in report["family"]["families"]:
        evs = [e for e in fam["icons"] if e["group"] == "outline"]
        basis = [e for e in evs if e["style"] == "outline"]
        if len(evs) < 4 or len(basis) < 4:
            continue
        small = len(basis) <= LOO_LIMIT
        for e in evs:
            if e["style"] != "outline":
                continue
            m = metrics[e["id"]]
            found = findings.get(e["id"], [])
            if any(f["ruleId"] in RULES or f["ruleId"] == "drop_shadow" for f in found):
                continue
            others = [o for o in basis if o["id"] != e["id"]] if small else basis
            pr, pz = score(m["strokeWeightPt"], [metrics[o["id"]]["strokeWeightPt"] for o in others])
            cr, cz = score(contour_pt(m), [contour_pt(metrics[o["id"]]) for o in others])
            if abs(pz) <= 2.5 or abs(math.log(pr)) < math.log(1.1):
                continue
            label = label_of(fam["name"], e["id"])
            if label is None:
                continue
            out.append(dict(
                label=label, family=fam["name"], id=e["id"], name=e["id"].rsplit("/", 1)[1], n=len(evs),
                pr=pr, pz=pz, cr=cr, cz=cz, pc=m["strokeWeightProfilePx"] / m["strokeWeightContourPx"] if m["strokeWeightContourPx"] else 0,
                spread=m["strokeWidthSpread"], size=e["size"]["ratio"], sizez=e["size"]["z"], detail=e["detail"]["ratio"],
                extent=e["extent"]["ratio"], said="; ".join(f"{f['severity']} {f['ruleId']}" for f in found if f["severity"] != "info") or "nothing"))
    return out


def table(rows: list[dict]) -> None:
    print("| kind | family | icon | profile × others (M) | contour × others (M) | profile ÷ contour | width spread | size × median (M) | detail | extent | iconaudit said |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: (r["label"], r["family"], r["name"])):
        print(f"| {r['label']} | {r['family']} | `{r['name']}` | {r['pr']:.2f} ({r['pz']:+.1f}) | {r['cr']:.2f} ({r['cz']:+.1f}) | {r['pc']:.2f} "
              f"| {r['spread']:.2f} | {r['size']:.2f} ({r['sizez']:+.1f}) | {r['detail']:.2f} | {r['extent']:.2f} | {r['said']} |")
    print()


def sheet(rows: list[dict], files_of, path: Path) -> None:
    from PIL import Image
    strips = []
    for r in sorted(rows, key=lambda r: (r["label"], r["family"], r["name"])):
        tiles = []
        for f, is_target in files_of(r):
            im = Image.open(f).convert("RGBA")
            if im.width > 120:
                im = im.resize((im.width // 2, im.height // 2), Image.LANCZOS)
            bg = Image.new("RGBA", im.size, "white")
            bg.alpha_composite(im)
            t = Image.new("RGB", (im.width + 6, im.height + 6), (255, 0, 0) if is_target else (225, 225, 225))
            t.paste(bg.convert("RGB"), (3, 3))
            tiles.append(t)
        if not tiles:
            continue
        strips.append(tile_strip(tiles, f"{r['label']} {r['family']} {r['name']}: profile {r['pr']:.2f} ({r['pz']:+.1f}) "
                                        f"contour {r['cr']:.2f} ({r['cz']:+.1f}) size {r['size']:.2f}", per_row=24, min_width=520))
    if not strips:
        return
    pages, page = [], []
    for s in strips:  # pages of at most 1,600 px, so that each can be looked at
        if page and sum(p.height + 6 for p in page) + s.height > 1600:
            pages.append(page)
            page = []
        page.append(s)
    pages.append(page)
    for number, page in enumerate(pages, 1):
        name = path.with_name(f"{path.stem}-{number}{path.suffix}") if len(pages) > 1 else path
        save_stacked(page, name, colors=64)


def main() -> None:
    parser = study_arguments(__doc__)
    parser.add_argument("--apps", type=Path, help="also the real apps' folders under this one (/work/apps)")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet of the listed glyphs beside their families (PNG)")
    args = parser.parse_args()
    binary = _bin.binary(args.bin)
    cases = injected_and_untouched(args.calibration)
    cache = args.cases / ".measurement-cache" / "scale-recall-study"
    rows = []
    for group in ("injected", "untouched"):
        def label_of(family: str, icon: str, group: str = group) -> str | None:
            case = cases.get(family)
            if case is None or case["group"] != group:
                return None
            if group == "untouched":
                return "untouched"
            return case["kind"] + (" (victim)" if icon.rsplit("/", 1)[1] in case["targets"] else " (other)")
        rows += silent(audit(binary, args.cases / group, cache), label_of)
    app_rows = []
    if args.apps:
        for app in sorted(p for p in args.apps.iterdir() if p.is_dir()):
            app_rows += [dict(r, family=f"{app.name}: {r['family']}", root=app)
                         for r in silent(audit(binary, app, cache), lambda f, i: "real app")]
    table(rows + app_rows)
    counts = defaultdict(int)
    for r in rows + app_rows:
        counts[r["label"]] += 1
    print("counts:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if args.sheet:
        def files_of(r: dict):
            if r["label"] == "real app":
                return []
            folder = args.cases / ("untouched" if r["label"] == "untouched" else "injected") / r["family"]
            return [(f, f.name.split("@")[0] == r["name"]) for f in sorted(folder.glob("*.png"))]
        sheet([r for r in rows if not r["label"].endswith("(other)")], files_of, args.sheet)


if __name__ == "__main__":
    main()
