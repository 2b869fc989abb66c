#!/usr/bin/env python3
"""What limits the recall of a scaled glyph: the misses of `scripts/calibrate`'s scale kinds, and the
cues that could find them, measured against the untouched icons of all seven sources.

Audits the calibration cases (`injected/` and `untouched/`, as `scripts/calibrate` wrote them) with
iconaudit's JSON output and replays the size model from the measurements (span, headroom, closed
glyphs: `Sources/FamilyAnalysis/FamilyAnalyzer+Size.swift`). Prints:

1. every glyph scaled by 0.8 or 1.2 without a `perceived_size_outlier` error (the harness's misses:
   no finding, a warning, or another rule's error), with what iconaudit said, its size ratio,
   headroom, ratio × headroom, longer side ÷ the family's span, and its stroke;
2. the ceiling of any size-only detector: per source and style (line / filled), the share of
   closed untouched glyphs that would pass the detector's bound when scaled by 0.8 (1.2), with the
   bound set where 1.5% of the untouched glyphs fall on each side (3% in all: the issue's error bar);
3. candidate cues, each as "misses it would find" against "untouched icons (and other icons of the
   injected families) it would newly flag": a glyph reaching beyond the family's envelope (upper
   quartile, largest other glyph, a keyline pile-up) with a larger size; the glyph against the
   family's glyphs of the same hull shape (aspect and hull ÷ extent area); stroke and size off in
   the same direction, looser than the same-factor reading.
With `--sheets DIR`, contact sheets of every missed glyph beside its family (PNG, red frame).

    scripts/calibrate --cases /tmp/cases ...      # first: writes the cases and calibration.json
    scripts/scale_recall_study.py --cases /tmp/cases [--bin iconaudit] [--sheets /tmp/sheets]
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _bin  # noqa: E402

SIZE = "perceived_size_outlier"
WIDE, TALL, SHAPE_ASPECT, THIN = 31 / 25, 28 / 25, 1.25, 2.5


def audit(binary: Path, folder: Path, cache: Path) -> dict:
    config = Path(tempfile.mkdtemp()) / "defaults.iconaudit.json"
    config.write_text('{"version": 1}\n')
    out = subprocess.run([str(binary), "audit", "--format", "json", "--config", str(config), "--cache-dir", str(cache),
                          str(folder)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if out.returncode not in (0, 1):
        raise SystemExit(f"iconaudit exited {out.returncode} on {folder}")
    return json.loads(out.stdout)


def longer(m: dict) -> float:
    return max(m["extentPt"]["width"], m["extentPt"]["height"])


def headroom(m: dict, span: float) -> float:
    w, h = m["extentPt"]["width"], m["extentPt"]["height"]
    if w <= 0 or h <= 0 or span <= 0:
        return math.inf
    return min(span * (WIDE if w >= SHAPE_ASPECT * h else 1) / w, span * (TALL if h >= SHAPE_ASPECT * w else 1) / h)


def quantile(values: list[float], q: float) -> float:
    v = sorted(values)
    p = q * (len(v) - 1)
    lo = int(p)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (p - lo)


def report_index(report: dict) -> tuple[dict[str, dict], dict[str, list[dict]]]:
    """An audit report's icons' metrics by icon id, and its findings by icon id."""
    metrics = {i["id"]: i["metrics"] for i in report["icons"]}
    findings: dict[str, list[dict]] = defaultdict(list)
    for f in report["findings"]:
        findings[f.get("iconId")].append(f)
    return metrics, findings


def rows_of(report: dict, cases: dict[str, dict], group: str) -> list[dict]:
    """One row per icon of the families of `group`, with the size model replayed."""
    metrics, findings = report_index(report)
    out = []
    for fam in report["family"]["families"]:
        case = cases.get(fam["name"])
        if case is None or case["group"] != group:
            continue
        by_group = defaultdict(list)
        for e in fam["icons"]:
            by_group[e["group"]].append(e)
        for g, evs in by_group.items():
            stats = [e for e in evs if e["style"] == g] or evs
            sides = [longer(metrics[e["id"]]) for e in stats]
            span, large = statistics.median(sides), quantile(sides, 0.75)
            for e in evs:
                m = metrics[e["id"]]
                w, h = m["extentPt"]["width"], m["extentPt"]["height"]
                others = [longer(metrics[o["id"]]) for o in stats if o["id"] != e["id"]]
                found = findings.get(e["id"], [])
                out.append(dict(
                    id=e["id"], family=fam["name"], name=e["id"].rsplit("/", 1)[1], source=case["source"],
                    kind=case.get("kind") if group == "injected" else "untouched",
                    victim=group == "injected" and e["id"].rsplit("/", 1)[1] in case["targets"],
                    style=e["style"], group=g, n=len(evs), m=m,
                    closed=(e["style"] == "filled" or m["holes"] > 0) and not (w <= 0 or h <= 0 or max(w, h) >= THIN * min(w, h)),
                    open=e["openStroke"], r=e["size"]["ratio"], z=e["size"]["z"], room=headroom(m, span),
                    ext=longer(m) / span, reach=1 / headroom(m, large), above_max=longer(m) / max(others) if others else 0,
                    sr=e["stroke"]["ratio"], sz=e["stroke"]["z"], scr=e["strokeContour"]["ratio"],
                    size_error=any(f["ruleId"] == SIZE and f["severity"] == "error" for f in found),
                    said="; ".join(f"{f['severity']} {f['ruleId']}" for f in found if f["severity"] != "info") or "nothing"))
    return out


def missed_table(rows: list[dict]) -> None:
    print("## Glyphs scaled by 0.8 / 1.2 without a perceived_size_outlier error\n")
    print("| kind | family | icon | style | iconaudit said | size × median (M) | headroom | ratio × headroom | side ÷ span | stroke × median (M) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted((r for r in rows if r["victim"] and r["kind"].startswith("scale") and not r["size_error"]),
                    key=lambda r: (r["kind"], r["family"])):
        fam = r["family"].split("/", 1)[1]
        print(f"| {r['kind']} | {fam} | `{r['name']}` | {r['style']}{' (open)' if r['open'] else ''}{'' if r['closed'] else ' (not closed)'} "
              f"| {r['said']} | {r['r']:.2f} ({r['z']:+.1f}) | {r['room']:.2f} | {r['r'] * r['room']:.2f} | {r['ext']:.2f} "
              f"| {r['sr']:.2f} ({r['sz']:+.1f}) |")
    print()


def ceiling(rows: list[dict]) -> None:
    print("## The ceiling of a size-only detector (closed untouched glyphs, bound at 1.5% on each side)\n")
    print("| source | style | glyphs | σ of ln(size ÷ median) | found at 0.8 | found at 1.2 |")
    print("|---|---|---:|---:|---:|---:|")
    by = defaultdict(list)
    for r in rows:
        if r["kind"] == "untouched" and r["closed"] and r["r"] > 0:
            by[(r["source"], "filled" if r["style"] == "filled" else "line")].append(math.log(r["r"]))
    for (source, style), v in sorted(by.items()):
        if len(v) < 15:
            continue
        v.sort()
        med = statistics.median(v)
        sigma = 1.4826 * statistics.median(abs(x - med) for x in v)
        lo, hi = v[int(0.015 * len(v))], v[int(0.985 * len(v)) - 1]
        small = sum(1 for x in v if x + math.log(0.8) < lo) / len(v)
        large = sum(1 for x in v if x + math.log(1.2) > hi) / len(v)
        print(f"| {source} | {style} | {len(v)} | {sigma:.3f} | {small:.0%} | {large:.0%} |")
    print()


def shape(m: dict) -> tuple[float, float]:
    w, h = m["extentPt"]["width"], m["extentPt"]["height"]
    return math.log(w / h), m["hullAreaPt2"] / (w * h)


def cues(rows: list[dict]) -> None:
    print("## Candidate cues: misses found against icons newly flagged\n")
    fams = defaultdict(list)
    for r in rows:
        fams[r["family"]].append(r)
    # Same hull shape: the glyph's longer side against the median of the family's glyphs whose aspect
    # (ln w/h within 0.1) and hull ÷ extent area (within 0.06) match.
    for r in rows:
        a, f = shape(r["m"]) if r["m"]["extentPt"]["height"] > 0 and r["m"]["extentPt"]["width"] > 0 else (9, 9)
        peers = [longer(o["m"]) for o in fams[r["family"]] if o is not r and o["group"] == r["group"]
                 and o["m"]["extentPt"]["height"] > 0 and o["m"]["extentPt"]["width"] > 0
                 and abs(shape(o["m"])[0] - a) <= 0.1 and abs(shape(o["m"])[1] - f) <= 0.06]
        r["peer"] = longer(r["m"]) / statistics.median(peers) if len(peers) >= 2 else None

    def same_direction(r: dict) -> bool:
        if not (r["style"] == "outline" and r["group"] == "outline" and r["closed"] and r["n"] >= 4 and r["sr"] > 0 and r["r"] > 0):
            return False
        lk, lr = math.log(r["sr"]), math.log(r["r"])
        return abs(lk) >= math.log(1.1) and abs(r["sz"]) >= 2.5 and lk * lr > 0 and abs(lr) >= math.log(1.1) \
            and abs(lr - lk) <= 0.5 * abs(lk)

    candidates = {
        "larger (≥ 1.1×) and beyond the upper quartile of the family's longer sides by 10% (with the wide/tall allowances)":
            lambda r: r["closed"] and r["r"] >= 1.1 and r["reach"] >= 1.1,
        "larger (≥ 1.1×) and beyond the family's largest other glyph by 3%":
            lambda r: r["closed"] and r["r"] >= 1.1 and r["above_max"] >= 1.03,
        "larger (≥ 1.1×) and its longer side ≥ 1.15× the family's span (allowances included)":
            lambda r: r["closed"] and r["r"] >= 1.1 and r["room"] > 0 and 1 / r["room"] >= 1.15,
        "against the family's glyphs of the same hull shape (≥ 2 of them): beyond 0.85–1.18×":
            lambda r: r["peer"] is not None and not (0.85 < r["peer"] < 1.18),
        "stroke and size off the same way (each ≥ 1.1×, the stroke at M ≥ 2.5 either way, within half of ln k of each other)": same_direction,
    }
    print("| cue | misses at 0.8 found | misses at 1.2 found | untouched icons newly flagged (by source) | other icons of injected families newly flagged |")
    print("|---|---:|---:|---|---:|")
    for label, cue in candidates.items():
        gain = Counter(r["kind"] for r in rows if r["victim"] and r["kind"].startswith("scale") and not r["size_error"] and cue(r))
        untouched = Counter(r["source"] for r in rows if r["kind"] == "untouched" and not r["size_error"] and cue(r))
        others = sum(1 for r in rows if r["kind"] != "untouched" and not r["victim"] and not r["size_error"] and cue(r))
        by_source = ", ".join(f"{k} {v}" for k, v in sorted(untouched.items())) or "none"
        print(f"| {label} | {gain['scale 0.8']} | {gain['scale 1.2']} | {sum(untouched.values())} ({by_source}) | {others} |")
    with_peers = [r for r in rows if r["kind"] == "untouched" and r["peer"] is not None]
    victims = [r for r in rows if r["victim"] and r["kind"].startswith("scale") and r["peer"] is not None]
    print(f"\nSame hull shape: {len(with_peers)} untouched glyphs and {len(victims)} of 140 scaled ones have such peers; "
          f"scaled by 0.8 they read {min((r['peer'] for r in victims if r['kind'] == 'scale 0.8'), default=0):.2f}–"
          f"{max((r['peer'] for r in victims if r['kind'] == 'scale 0.8'), default=0):.2f}, by 1.2 "
          f"{min((r['peer'] for r in victims if r['kind'] == 'scale 1.2'), default=0):.2f}–"
          f"{max((r['peer'] for r in victims if r['kind'] == 'scale 1.2'), default=0):.2f}.\n")


def sheets(rows: list[dict], cases_dir: Path, out: Path) -> None:
    from PIL import Image
    out.mkdir(parents=True, exist_ok=True)
    for kind in ("scale 0.8", "scale 1.2"):
        strips = []
        for r in sorted((r for r in rows if r["victim"] and r["kind"] == kind and not r["size_error"]), key=lambda r: r["family"]):
            files = sorted((cases_dir / "injected" / r["family"]).glob("*.png"))
            tiles = []
            for f in files:
                im = Image.open(f).convert("RGBA")
                bg = Image.new("RGBA", im.size, "white")
                bg.alpha_composite(im)
                t = Image.new("RGB", (im.width + 6, im.height + 6), (255, 0, 0) if f.name.split("@")[0] == r["name"] else (225, 225, 225))
                t.paste(bg.convert("RGB"), (3, 3))
                tiles.append(t)
            strips.append(tile_strip(tiles, f"{r['family']}  {r['name']} ({r['said']})", per_row=30, min_width=400))
        if not strips:
            continue
        save_stacked(strips, out / f"scale-misses-{kind.split()[1]}.png", colors=32)


def tile_strip(tiles: list, label: str, per_row: int, min_width: int):
    """One glyph's strip of a contact sheet: `label` on a 14 px line over the tiles (PIL images),
    `per_row` to a row, at least `min_width` px wide."""
    from PIL import Image, ImageDraw
    h = max(t.height for t in tiles)
    strip = Image.new("RGB", (max(min_width, sum(t.width for t in tiles[:per_row])), 14 + h * math.ceil(len(tiles) / per_row)), "white")
    ImageDraw.Draw(strip).text((2, 0), label, fill="black")
    x, y = 0, 14
    for k, t in enumerate(tiles):
        if k and k % per_row == 0:
            x, y = 0, y + h
        strip.paste(t, (x, y))
        x += t.width
    return strip


def save_stacked(strips: list, path: Path, colors: int) -> None:
    """Stacks the strips (PIL images) top to bottom, 6 px apart, on white and saves them as a
    palette PNG of `colors` colours."""
    from PIL import Image
    sheet = Image.new("RGB", (max(s.width for s in strips), sum(s.height + 6 for s in strips)), "white")
    y = 0
    for s in strips:
        sheet.paste(s, (0, y))
        y += s.height + 6
    sheet.quantize(colors=colors).save(path, optimize=True)
    print(f"wrote {path}", file=sys.stderr)


def study_arguments(doc: str) -> argparse.ArgumentParser:
    """The options every calibration study takes: the cases folder, the binary, calibration.json."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, default=SCRIPTS / ".cache" / "calibrate" / "cases")
    parser.add_argument("--bin", help="the iconaudit binary (default: the release build)")
    parser.add_argument("--calibration", type=Path, default=SCRIPTS.parent / "Reports" / "calibration" / "calibration.json")
    return parser


def injected_and_untouched(calibration: Path) -> dict[str, dict]:
    """calibration.json's injected and untouched cases by their folder path."""
    return {c["path"]: c for c in json.loads(calibration.read_text())["cases"] if c["group"] in ("injected", "untouched")}


def main() -> None:
    parser = study_arguments(__doc__)
    parser.add_argument("--sheets", type=Path, help="write contact sheets of the missed glyphs here")
    args = parser.parse_args()
    binary = _bin.binary(args.bin)
    cases = injected_and_untouched(args.calibration)
    cache = args.cases / ".measurement-cache" / "scale-recall-study"
    rows = []
    for group in ("injected", "untouched"):
        rows += rows_of(audit(binary, args.cases / group, cache), cases, group)
    missed_table(rows)
    ceiling(rows)
    cues(rows)
    if args.sheets:
        sheets(rows, args.cases, args.sheets)


if __name__ == "__main__":
    main()
