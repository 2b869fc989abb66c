#!/usr/bin/env python3
"""Joint evidence for a scaled glyph: whether combining the cues a scale moves together (size, extent,
profile stroke, contour stroke) finds the glyphs `scripts/calibrate`'s scale kinds miss without new
errors on untouched glyphs (issue 16; the write-up is Reports/calibration/scale-misses.md).

Every cue is a residual r = ln(value ÷ median of the glyph's group, the glyph left out; the size
against the group's closed glyphs) with a robust spread σ = 1.4826 · max(MAD, 0.06) over the group,
so z = r ÷ σ. A glyph scaled by k moves every residual by ln k at once; natural variation moves them
less coherently. Three ways of combining them are measured:

- Stouffer: Z = Σ z ÷ √n, an error where |Z| ≥ T, every z agrees on the direction and the mean
  residual is at least ln 1.1;
- a weighted factor (independent cues): ln k̂ = Σ r/σ² ÷ Σ 1/σ², its standard error 1 ÷ √Σ 1/σ²,
  an error where |ln k̂| ÷ SE ≥ T, the cues agree with one factor (Σ (r − ln k̂)²/σ² ÷ (n − 1) ≤ χ)
  and |ln k̂| ≥ ln 1.1;
- the same with the cues' correlation (a matched filter): C the correlation of the clipped z-scores
  over the calibration's untouched glyphs (by style: size and extent correlate 0.47–0.59, the two
  stroke estimates 0.35, size and stroke about 0), d = (1/σ), ln k̂ = dᵀC⁻¹z ÷ dᵀC⁻¹d, t = ln k̂ ·
  √(dᵀC⁻¹d), consistency (zᵀC⁻¹z − t²) ÷ (n − 1) ≤ χ; optionally only for glyphs with ≥ 3 cues of
  which one is a stroke of their own style (a solid glyph among line glyphs has only size and
  extent, which move together by nature); and that factor against the factors of the glyph's
  group (a robust z, so a family whose glyphs' factors spread asks more).

Counts, against what iconaudit says now (a glyph already with a size error is unchanged): the scale
kinds' recall and precision as `scripts/calibrate` counts them, untouched icons newly given an error
per source (and the worst source's share with an error), and other icons of injected families newly
given one; with `--apps`, the icons of real apps' families it would newly give an error. With `--held-out-cases` and `--held-out-calibration`, the same on held-out families with
the calibration's correlation (nothing fitted on them).

    scripts/calibrate --cases CASES ...          # first: the cases and calibration.json
    scripts/scale_joint_study.py --cases CASES [--held-out-cases HCASES --held-out-calibration H.json]
        [--apps /work/apps*/*] [--sheet Reports/calibration/scale-joint.png]
"""
from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _bin  # noqa: E402
from scale_recall_study import THIN, audit, injected_and_untouched, report_index, save_stacked, study_arguments, tile_strip  # noqa: E402

SIZE = "perceived_size_outlier"
CUES = ["size", "ext", "stroke", "contour"]
FLOOR = 0.06


def rows_of(report: dict, cases: dict[str, dict], group: str) -> list[dict]:
    """One row per icon of the families of `group`: its cue values, what iconaudit said."""
    metrics, findings = report_index(report)
    out = []
    for fam in report["family"]["families"]:
        case = cases.get(fam["name"])
        if case is None or case["group"] != group:
            continue
        for e in fam["icons"]:
            m, found, name = metrics[e["id"]], findings.get(e["id"], []), e["id"].rsplit("/", 1)[1]
            w, h = m["extentPt"]["width"], m["extentPt"]["height"]
            out.append(dict(
                family=fam["name"], name=name, source=case["source"], group=e["group"], style=e["style"],
                kind=case.get("kind") if group == "injected" else "untouched",
                victim=group == "injected" and name in case["targets"],
                closed=(e["style"] == "filled" or m["holes"] > 0) and not (w <= 0 or h <= 0 or max(w, h) >= THIN * min(w, h)),
                values=dict(size=m["perceivedSizePt"], ext=max(w, h), stroke=e["stroke"]["value"], contour=e["strokeContour"]["value"]),
                size_error=any(f["ruleId"] == SIZE and f["severity"] == "error" for f in found),
                any_error=any(f["severity"] == "error" for f in found)))
    return out


def residuals(rows: list[dict]) -> None:
    """Adds `res` and `sig` (per cue) to every row: leave-one-out against the glyph's group."""
    groups = defaultdict(list)
    for r in rows:
        groups[(r["family"], r["group"])].append(r)
    for rs in groups.values():
        for i, r in enumerate(rs):
            r["res"], r["sig"] = {}, {}
            for c in CUES:
                others = [math.log(o["values"][c]) for j, o in enumerate(rs)
                          if j != i and o["values"][c] > 0 and (c != "size" or o["closed"])]
                if r["values"][c] <= 0 or len(others) < 3:
                    continue
                md = statistics.median(others)
                r["res"][c] = math.log(r["values"][c]) - md
                r["sig"][c] = 1.4826 * max(statistics.median(abs(x - md) for x in others), FLOOR)


def cues_of(r: dict) -> dict[str, tuple[float, float]]:
    """The glyph's cues as (residual, σ); the strokes only among glyphs of its own style."""
    return {c: (r["res"][c], r["sig"][c]) for c in CUES
            if c in r["res"] and (c in ("size", "ext") or r["style"] == r["group"])}


def inverse(a: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive definite matrix."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda k: abs(m[k][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        m[col] = [x / p for x in m[col]]
        for k in range(n):
            if k != col and m[k][col]:
                f = m[k][col]
                m[k] = [x - f * y for x, y in zip(m[k], m[col])]
    return [row[n:] for row in m]


def correlations(rows: list[dict]) -> dict[str, list[list[float]]]:
    """The correlation of the four z-scores (clipped at ±3) over untouched glyphs drawn in their
    group's style, by style (outline, filled)."""
    out = {}
    for style in ("outline", "filled"):
        zs = [[max(-3.0, min(3.0, r["res"][c] / r["sig"][c])) for c in CUES] for r in rows
              if r["kind"] == "untouched" and r["style"] == style == r["group"] and all(c in r["res"] for c in CUES)]
        means = [statistics.fmean(z[i] for z in zs) for i in range(4)]
        cov = [[statistics.fmean((z[i] - means[i]) * (z[j] - means[j]) for z in zs) for j in range(4)] for i in range(4)]
        out[style] = [[cov[i][j] / math.sqrt(cov[i][i] * cov[j][j]) for j in range(4)] for i in range(4)]
    return out


def against_group(rows: list[dict], corr: dict) -> None:
    """Adds `kz` to every row: its correlated factor ln k̂ (≥ 3 cues with a stroke) as a robust z
    against the other factors of its group (leave-one-out median, 1.4826 · max(MAD, 0.03); 0 with
    fewer than 4 others). A family whose glyphs' factors spread (Papirus's solids) asks more."""
    estimate = factor(0, math.inf, corr, True, estimate=True)
    groups = defaultdict(list)
    for r in rows:
        groups[(r["family"], r["group"])].append(r)
    for rs in groups.values():
        ks = []
        for r in rs:
            cs = cues_of(r)
            ks.append(estimate(r) if len(cs) >= 3 and {"stroke", "contour"} & cs.keys() else None)
        for i, r in enumerate(rs):
            others = [k for j, k in enumerate(ks) if j != i and k is not None]
            r["kz"] = 0.0
            if ks[i] is not None and len(others) >= 4:
                md = statistics.median(others)
                r["kz"] = (ks[i] - md) / (1.4826 * max(statistics.median(abs(k - md) for k in others), 0.03))


def stouffer(threshold: float):
    def call(r: dict) -> bool:
        cs = cues_of(r)
        if len(cs) < 2:
            return False
        zs = [v / s for v, s in cs.values()]
        big = sum(zs) / math.sqrt(len(zs))
        sign = 1 if big > 0 else -1
        return abs(big) >= threshold and all(z * sign > 0 for z in zs) \
            and abs(statistics.fmean(v for v, _ in cs.values())) >= math.log(1.1)
    return call


def factor(threshold: float, chi: float, corr: dict | None = None, need_line: bool = False, min_factor: float = 1.1,
           estimate: bool = False):
    """The weighted factor test (independent cues when `corr` is None, else the matched filter);
    with `estimate`, a function giving ln k̂ itself."""
    def call(r: dict) -> bool:
        cs = cues_of(r)
        if len(cs) < (3 if need_line else 2) or (need_line and not ({"stroke", "contour"} & cs.keys())):
            return False
        names = [c for c in CUES if c in cs]
        z = [cs[c][0] / cs[c][1] for c in names]
        d = [1 / cs[c][1] for c in names]
        if corr is None:
            ci = [[1.0 if i == j else 0.0 for j in range(len(names))] for i in range(len(names))]
        else:
            c = corr["filled" if r["style"] == "filled" else "outline"]
            ci = inverse([[c[CUES.index(a)][CUES.index(b)] for b in names] for a in names])
        quad = lambda u, v: sum(u[i] * ci[i][j] * v[j] for i in range(len(u)) for j in range(len(v)))  # noqa: E731
        den = quad(d, d)
        ln_k = quad(d, z) / den
        t = ln_k * math.sqrt(den)
        rest = (quad(z, z) - t * t) / max(1, len(names) - 1)
        if estimate:
            return ln_k
        return abs(t) >= threshold and rest <= chi and abs(ln_k) >= math.log(min_factor)
    return call


def evaluate(rows: list[dict], call) -> dict:
    """What the model would change: scale recall and precision, new errors on untouched icons by
    source (and the worst source's share with an error after), new errors on other injected icons,
    and the scaled glyphs it gains."""
    total, with_error, new_untouched = Counter(), Counter(), Counter()
    tp, fp, victims, others_new = Counter(), Counter(), Counter(), 0
    gained = []
    for r in rows:
        hit = call(r)
        if r["kind"] == "untouched":
            total[r["source"]] += 1
            with_error[r["source"]] += r["any_error"] or hit
            new_untouched[r["source"]] += hit and not r["any_error"]
            continue
        kind = r["kind"]
        if r["victim"] and kind.startswith("scale"):
            victims[kind] += 1
            found = r["size_error"] or hit
            tp[kind] += found
            fp[kind] += not found and r["any_error"]
            if hit and not r["size_error"]:
                gained.append(f"{kind[-3:]} {r['family'].split('/')[1]} {r['name']}")
        elif not r["victim"]:
            fp[kind] += kind.startswith("scale") and (r["any_error"] or hit)
            others_new += hit and not r["any_error"]
        else:
            others_new += hit and not r["any_error"]
    return dict(recall={k: (tp[k], victims[k]) for k in victims}, precision={k: (tp[k], tp[k] + fp[k]) for k in victims},
                untouched={k: v for k, v in sorted(new_untouched.items()) if v},
                worst=max(with_error[s] / total[s] for s in total), others=others_new, gained=gained)


def models(corr: dict) -> dict:
    return {
        "now (no joint test)": lambda r: False,
        "Stouffer, 4 cues, all agree, \\|Z\\| ≥ 3": stouffer(3.0),
        "Stouffer, 4 cues, all agree, \\|Z\\| ≥ 4": stouffer(4.0),
        "factor, independent cues, t ≥ 3, χ ≤ 1": factor(3.0, 1.0),
        "factor, independent cues, t ≥ 3.5, χ ≤ 1": factor(3.5, 1.0),
        "factor, correlated cues, t ≥ 2.5, χ ≤ 1": factor(2.5, 1.0, corr),
        "factor, correlated cues, t ≥ 3.5, χ ≤ 1": factor(3.5, 1.0, corr),
        "factor, correlated, ≥ 3 cues with a stroke, t ≥ 2, χ ≤ 0.5": factor(2.0, 0.5, corr, True),
        "factor, correlated, ≥ 3 cues with a stroke, t ≥ 2, χ ≤ 1": factor(2.0, 1.0, corr, True),
        "factor, correlated, ≥ 3 cues with a stroke, t ≥ 2.5, χ ≤ 0.5": factor(2.5, 0.5, corr, True),
        "factor, correlated, ≥ 3 cues with a stroke, t ≥ 2, χ ≤ 0.5, k ≥ 1.15": factor(2.0, 0.5, corr, True, 1.15),
        "the same (t ≥ 2, χ ≤ 0.5), its factor ≥ 2.5 z from its group's": lambda r: abs(r["kz"]) >= 2.5 and factor(2.0, 0.5, corr, True)(r),
        "the same, t ≥ 1.5": lambda r: abs(r["kz"]) >= 2.5 and factor(1.5, 0.5, corr, True)(r),
    }


def table(title: str, rows: list[dict], corr: dict) -> None:
    print(f"## {title}\n")
    print("| model | 0.8 recall | 0.8 precision | 1.2 recall | 1.2 precision | untouched icons newly errors | worst source with an error "
          "| other icons of injected families newly errors | scaled glyphs gained |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---|")
    against_group(rows, corr)
    for label, call in models(corr).items():
        e = evaluate(rows, call)
        rec = {k: f"{a / b:.2f} ({a}/{b})" for k, (a, b) in e["recall"].items()}
        pre = {k: f"{a / b:.2f} ({a}/{b})" if b else "–" for k, (a, b) in e["precision"].items()}
        unt = ", ".join(f"{s} {v}" for s, v in e["untouched"].items())
        print(f"| {label} | {rec['scale 0.8']} | {pre['scale 0.8']} | {rec['scale 1.2']} | {pre['scale 1.2']} "
              f"| {sum(e['untouched'].values())}{f' ({unt})' if unt else ''} | {e['worst']:.1%} | {e['others']} | {'; '.join(e['gained']) or '–'} |")
    print()


def ceiling(rows: list[dict], corr: dict) -> None:
    """The best any threshold on the correlated factor ln k̂ could do: per source and style, the
    closed untouched glyphs drawn in their group's style with every cue, the bound where 1.5% of
    their ln k̂ fall on each side, and the share that would pass it once scaled by 0.8 (1.2)."""
    print("## The ceiling of the joint factor (closed untouched glyphs with all four cues, bound at 1.5% on each side)\n")
    print("| source | style | glyphs | σ of ln k̂ | found at 0.8 | found at 1.2 | σ of ln size | found at 0.8 | found at 1.2 |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    by = defaultdict(list)
    for r in rows:
        if r["kind"] == "untouched" and r["closed"] and r["style"] == r["group"] and all(c in r["res"] for c in CUES):
            by[(r["source"], "filled" if r["style"] == "filled" else "line")].append(r)
    for (source, style), rs in sorted(by.items()):
        if len(rs) < 15:
            continue
        cells = []
        for values in ([factor(0, math.inf, corr, estimate=True)(r) for r in rs], [r["res"]["size"] for r in rs]):
            v = sorted(values)
            md = statistics.median(v)
            lo, hi = v[int(0.015 * len(v))], v[int(0.985 * len(v)) - 1]
            cells += [f"{1.4826 * statistics.median(abs(x - md) for x in v):.3f}",
                      f"{sum(1 for x in v if x + math.log(0.8) < lo) / len(v):.0%}",
                      f"{sum(1 for x in v if x + math.log(1.2) > hi) / len(v):.0%}"]
        print(f"| {source} | {style} | {len(rs)} | " + " | ".join(cells) + " |")
    print()


def sheets(rows: list[dict], cases_dir: Path, call, path: Path) -> None:
    """A contact sheet (PNG) of every scaled glyph `call` gains and every untouched glyph it newly
    gives an error, each in its family (red frame), one tile per drawing."""
    from PIL import Image
    strips = []
    for r in rows:
        gained = r["victim"] and r["kind"].startswith("scale") and not r["size_error"]
        if not ((gained or (r["kind"] == "untouched" and not r["any_error"])) and call(r)):
            continue
        folder = cases_dir / ("injected" if r["victim"] else "untouched") / r["family"]
        tiles, seen = [], set()
        for f in sorted(folder.glob("*.png")):
            base = f.name.split("@")[0]
            if base in seen:
                continue
            seen.add(base)
            im = Image.open(f).convert("RGBA")
            bg = Image.new("RGBA", im.size, "white")
            bg.alpha_composite(im)
            t = Image.new("RGB", (im.width + 6, im.height + 6), (255, 0, 0) if base == r["name"] else (225, 225, 225))
            t.paste(bg.convert("RGB"), (3, 3))
            tiles.append(t)
        label = f"{'gained' if r['victim'] else 'untouched, new error'}: {r['family']} {r['name']} " \
                + " ".join(f"{c} {math.exp(v):.2f}x" for c, (v, _) in cues_of(r).items())
        strips.append(tile_strip(tiles, label, per_row=20, min_width=400))
    if strips:
        save_stacked(strips, path, colors=32)


def load(binary: Path, cases_dir: Path, calibration: Path) -> list[dict]:
    cases = injected_and_untouched(calibration)
    cache = cases_dir / ".measurement-cache" / "scale-recall-study"
    rows = []
    for group in ("injected", "untouched"):
        rows += rows_of(audit(binary, cases_dir / group, cache), cases, group)
    residuals(rows)
    return rows


def app_rows(binary: Path, folder: Path, cache: Path) -> list[dict]:
    """The icons of an app folder's families (an app's bar families or a whole repository), with
    their residuals; `kind` "app"."""
    out = subprocess.run([str(binary), "audit", "--format", "json", "--cache-dir", str(cache), str(folder)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    report = json.loads(out.stdout)
    metrics = {i["id"]: i["metrics"] for i in report["icons"]}
    size_errors = {f.get("iconId") for f in report["findings"] if f["ruleId"] == SIZE and f["severity"] == "error"}
    rows = []
    for fam in report["family"]["families"]:
        for e in fam["icons"]:
            m = metrics.get(e["id"])
            if m is None:
                continue
            w, h = m["extentPt"]["width"], m["extentPt"]["height"]
            rows.append(dict(family=f"{folder}:{fam['name']}", name=e["id"].rsplit("/", 1)[1], group=e["group"], style=e["style"],
                             kind="app", victim=False, source=folder.name,
                             closed=(e["style"] == "filled" or m["holes"] > 0) and not (w <= 0 or h <= 0 or max(w, h) >= THIN * min(w, h)),
                             values=dict(size=m["perceivedSizePt"], ext=max(w, h), stroke=e["stroke"]["value"],
                                         contour=e["strokeContour"]["value"]),
                             size_error=e["id"] in size_errors))
    residuals(rows)
    return rows


def apps_table(folders: list[Path], binary: Path, corr: dict, cache: Path) -> None:
    """Per model, the icons of the apps' families it would newly give a size error, each named."""
    rows = [r for folder in folders for r in app_rows(binary, folder, cache)]
    against_group(rows, corr)
    print(f"## Real apps ({len(folders)} folders, {len(rows)} icons in families): new size errors\n")
    print("| model | new errors | icons |")
    print("|---|---:|---|")
    for label, call in models(corr).items():
        hits = [r for r in rows if not r["size_error"] and call(r)]
        names = "; ".join(f"{r['family'].split('/work/', 1)[-1]} `{r['name']}`" for r in hits) if len(hits) <= 12 else "…"
        print(f"| {label} | {len(hits)} | {names or '–'} |")
    print()


def main() -> None:
    parser = study_arguments(__doc__)
    parser.add_argument("--held-out-cases", type=Path, help="the held-out sources' cases (scripts/calibrate.py --sources ...)")
    parser.add_argument("--held-out-calibration", type=Path, help="the calibration.json the held-out run wrote")
    parser.add_argument("--apps", type=Path, nargs="*", default=[], help="app folders to replay the models on (/work/apps*/<app>)")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet of what the least noisy gaining model changes here")
    args = parser.parse_args()
    binary = _bin.binary(args.bin)
    rows = load(binary, args.cases, args.calibration)
    corr = correlations(rows)
    for style, c in corr.items():
        print(f"correlation of the z-scores ({', '.join(CUES)}), {style}: "
              + "; ".join(" ".join(f"{x:+.2f}" for x in row) for row in c), file=sys.stderr)
    table("The calibration's seven sources", rows, corr)
    ceiling(rows, corr)
    chosen = factor(2.0, 0.5, corr, True)
    if args.sheet:
        sheets(rows, args.cases, chosen, args.sheet)
    if args.held_out_cases and args.held_out_calibration:
        held_out = load(binary, args.held_out_cases, args.held_out_calibration)
        table("Held-out sources (the calibration's correlation)", held_out, corr)
        if args.sheet:
            sheets(held_out, args.held_out_cases, chosen, args.sheet.with_name(args.sheet.stem + "-held-out.png"))
    if args.apps:
        apps_table(args.apps, binary, corr, args.cases / ".measurement-cache" / "scale-joint-apps")


if __name__ == "__main__":
    main()
