#!/usr/bin/env python3
"""Checks iconaudit's stroke weight on a real family: Lucide (stroke-width 2 on a 24-unit grid).

    scripts/check_lucide_stroke.py [--iconaudit PATH] [--sizes 48,44] [--limit N] [--output FILE]
                                   [--no-reference]

Renders every Lucide icon at 48 px and 44 px (scripts/lucide_icons.py; rsvg-convert), runs
`iconaudit measure --format json` on each folder and reports the median strokeWeightPx and the share
of icons within ±0.25 px of the drawn stroke (2 · px / 24: 4.000 px at 48, 3.667 px at 44).
Acceptance: at 48 px median 4.00 ± 0.05 with ≥ 90% of icons within ±0.25 px; at 44 px median within
±0.15 px of 3.667. Exit status 1 when a target is missed.

It also runs the Python reference (scripts/reference_metrics.py) on the same PNGs and compares
every shared metric icon by icon (median and worst differences), to catch a discrepancy between the
two implementations.

Without --iconaudit it uses the release build (built first when missing or stale: scripts/_bin).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bin  # noqa: E402
import _venv  # noqa: E402

_venv.ensure()

import bench  # noqa: E402  (lucide_folder)
import reference_metrics  # noqa: E402

TOLERANCE_PX = 0.25
# (median tolerance, minimum share within ±0.25 px or None)
TARGETS = {48: (0.05, 0.90), 44: (0.15, None)}


def expected_px(px: int) -> float:
    return 2.0 * px / 24.0


def iconaudit_binary(given: Path | None) -> Path:
    return _bin.binary(given)


def run_iconaudit(binary: Path, folder: Path) -> dict[str, dict]:
    result = subprocess.run([str(binary), "measure", "--format", "json", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode not in (0, 1):
        raise SystemExit(f"check_lucide_stroke: iconaudit failed ({result.returncode}): {result.stderr.decode()[:400]}")
    report = json.loads(result.stdout)
    if report.get("unreadable"):
        print(f"check_lucide_stroke: {len(report['unreadable'])} unreadable files", file=sys.stderr)
    return {Path(icon["path"]).stem: icon["metrics"] for icon in report["icons"]}


def stroke_summary(weights: dict[str, float], target: float) -> dict:
    values = list(weights.values())
    within = [abs(v - target) <= TOLERANCE_PX for v in values]
    outliers = sorted(weights.items(), key=lambda kv: -abs(kv[1] - target))
    return {"icons": len(values), "medianPx": round(statistics.median(values), 4),
            "shareWithin": round(sum(within) / len(values), 4),
            "p10Px": round(statistics.quantiles(values, n=10)[0], 4),
            "p90Px": round(statistics.quantiles(values, n=10)[-1], 4),
            "worst": [(name, round(v, 3)) for name, v in outliers[:8]]}


# Metrics compared between iconaudit and the reference: name → getter.
COMPARED = {
    "inkAreaPt2": lambda m: m["inkAreaPt2"],
    "hullAreaPt2": lambda m: m["hullAreaPt2"],
    "perceivedSizePt": lambda m: m["perceivedSizePt"],
    "extentPt.width": lambda m: m["extentPt"]["width"],
    "extentPt.height": lambda m: m["extentPt"]["height"],
    "opticalCenterOffsetPt.x": lambda m: m["opticalCenterOffsetPt"]["x"],
    "opticalCenterOffsetPt.y": lambda m: m["opticalCenterOffsetPt"]["y"],
    "strokeWeightPx": lambda m: m["strokeWeightPx"],
    "strokeWeightContourPx": lambda m: m.get("strokeWeightContourPx", m.get("strokeWeightCrossCheckPx")),
    "detailDensity": lambda m: m["detailDensity"],
    "density": lambda m: m["density"],
    "components": lambda m: m["components"],
    "holes": lambda m: m["holes"],
    "skeletonEndPoints": lambda m: m["skeletonEndPoints"],
    "skeletonJunctions": lambda m: m["skeletonJunctions"],
    "partialPixelRatio": lambda m: m["partialPixelRatio"],
    "haloFraction": lambda m: m["haloFraction"],
    "style": lambda m: m["style"],
}


def compare(swift: dict[str, dict], reference: dict[str, dict]) -> dict:
    names = sorted(set(swift) & set(reference))
    out = {}
    for metric, get in COMPARED.items():
        pairs = []
        for name in names:
            try:
                pairs.append((name, get(swift[name]), get(reference[name])))
            except (KeyError, TypeError):
                continue
        if not pairs:
            continue
        if isinstance(pairs[0][1], str):
            differ = [p for p in pairs if p[1] != p[2]]
            out[metric] = {"compared": len(pairs), "differ": len(differ), "examples": differ[:5]}
            continue
        diffs = [(name, float(a) - float(b), float(a), float(b)) for name, a, b in pairs]
        absolute = [abs(d[1]) for d in diffs]
        # "Differs" = by more than 1% of the reference value and more than the JSON rounding (1e-3).
        differs = [abs(d[1]) > max(0.01 * abs(d[3]), 1e-3) for d in diffs]
        diffs.sort(key=lambda d: -abs(d[1]))
        out[metric] = {
            "compared": len(pairs), "medianAbsDiff": round(statistics.median(absolute), 4),
            "maxAbsDiff": round(max(absolute), 4),
            "shareOver1Percent": round(sum(differs) / len(differs), 4),
            "worst": [(n, round(a, 3), round(b, 3)) for n, _, a, b in diffs[:4]],
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="Lucide stroke-weight check of iconaudit")
    parser.add_argument("--iconaudit", type=Path, help="iconaudit binary (default: the release build)")
    parser.add_argument("--sizes", default="48,44")
    parser.add_argument("--limit", type=int, help="only the first N icons (quick runs)")
    parser.add_argument("--output", type=Path, help="write the full results as JSON")
    parser.add_argument("--no-reference", action="store_true", help="skip the Python reference")
    args = parser.parse_args()

    binary = iconaudit_binary(args.iconaudit)
    results: dict = {"lucide": bench.lucide_icons.LUCIDE_VERSION, "tolerancePx": TOLERANCE_PX, "sizes": []}
    ok = True
    lines = ["| size | expected | iconaudit median | within ±0.25 px | P10–P90 | reference median | "
             "reference within | target | result |", "|---|---|---|---|---|---|---|---|---|"]
    for px in [int(s) for s in args.sizes.split(",")]:
        folder = bench.lucide_folder(px, args.limit)
        target = expected_px(px)
        swift = run_iconaudit(binary, folder)
        summary = stroke_summary({k: m["strokeWeightPx"] for k, m in swift.items()}, target)
        entry = {"px": px, "expectedPx": round(target, 4), "iconaudit": summary}
        median_tol, share_min = TARGETS.get(px, (0.15, None))
        passed = abs(summary["medianPx"] - target) <= median_tol and (
            share_min is None or summary["shareWithin"] >= share_min)
        ok &= passed
        target_text = f"median ±{median_tol}" + (f", ≥{share_min:.0%} within" if share_min else "")
        ref_median = ref_share = "—"
        if not args.no_reference:
            files = sorted(folder.glob("*.png"))
            reference = {Path(r["file"]).stem: r["metrics"] for r in reference_metrics.measure_all(files, 2)
                         if "metrics" in r}
            ref_summary = stroke_summary({k: m["strokeWeightPx"] for k, m in reference.items()
                                          if "strokeWeightPx" in m}, target)
            entry["reference"] = ref_summary
            entry["comparison"] = compare(swift, reference)
            ref_median, ref_share = f"{ref_summary['medianPx']:.3f}", f"{ref_summary['shareWithin']:.1%}"
        entry["passed"] = passed
        results["sizes"].append(entry)
        lines.append(f"| {px} px | {target:.3f} | {summary['medianPx']:.3f} | {summary['shareWithin']:.1%} | "
                     f"{summary['p10Px']:.2f}–{summary['p90Px']:.2f} | {ref_median} | {ref_share} | "
                     f"{target_text} | {'pass' if passed else 'FAIL'} |")
    print("\n".join(lines))
    for entry in results["sizes"]:
        print(f"\n{entry['px']} px, largest deviations (iconaudit): "
              + ", ".join(f"{n} {v}" for n, v in entry["iconaudit"]["worst"]))
        if "comparison" in entry:
            print(f"{entry['px']} px, iconaudit vs reference, icon by icon:")
            print("| metric | median abs. diff. | max abs. diff. | icons differing > 1% | worst (icon, iconaudit, reference) |")
            print("|---|---|---|---|---|")
            for metric, c in entry["comparison"].items():
                if "differ" in c:
                    print(f"| {metric} | — | — | {c['differ']}/{c['compared']} differ | {c['examples'][:3]} |")
                else:
                    print(f"| {metric} | {c['medianAbsDiff']} | {c['maxAbsDiff']} | {c['shareOver1Percent']:.1%} | "
                          f"{c['worst'][:3]} |")
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
