#!/usr/bin/env python3
"""The scale benchmark behind scripts/bench_scale (run that: it builds release first).

    scripts/bench_scale.py --bin BINDIR [--icons 10000] [--runs 3] [--ref-sample 500] [--ref-runs 1]
                           [--family-size 240] [--out Reports/benchmarks] [--no-write]

A design system's worth of icons, audited end to end, in one run on this machine (issue 8):

  corpus  Lucide (1745 SVGs) rendered with rsvg-convert at 44, 50, 66, 75, 100 and 150 px, the
          first ⌈N/6⌉ icons of each size (alphabetical), N = --icons (10,000), laid out as
          CORPUS/<px>px/set-NN/NAME.png: families of --family-size icons (~100–300, like a
          design system's folders). Cached under scripts/.cache/scale (hard links to the renders).
  (a)     `iconaudit audit --format json --output TMP CORPUS`: wall time (of the process) and peak
          RSS and CPU time from /usr/bin/time -v; median of --runs after one warm-up run.
  (b)     `iconaudit-bench decode CORPUS --runs 1`: discovery + decoding every file on all cores,
          exactly as the audit reads them, and nothing else (the floor); the same, as a process.
          Runs of (a) and (b) alternate, so that both see the same load.
  (c)     icons per second of the audit.
  (d)     the Python reference (scripts/reference_metrics.py) over a sample of --ref-sample icons
          of the corpus (every k-th, all sizes), in this process, one thread, imports excluded;
          its ms per icon against the audit's wall ms per icon (and CPU ms per icon).
  (e)     one family of all 1745 icons at 44 px (the duplicate search must not blow up).

Targets (issue 8): audit < 5 s wall, peak RSS < 300 MB, audit ≤ 2.5 × decode, reference ÷ audit
per icon ≥ 20. Writes OUT/scale-<date>.json and the "Scale" section of OUT/README.md.

The measurement cache (issue 18; `--cache` runs only this part, the full run ends with it):

  (f)     warm: the corpus audited (`audit --format json`) and measured (`measure --format json`)
          with a cache that already holds every icon (a temporary `--cache-dir`, filled by one run
          first), against decode only; target: warm audit ≤ ½ × decode (wall).
  (g)     history: a git repository of a 500-icon catalog (the corpus's first 500 icons at 66 px, in
          two folders) at 20 tagged revisions, each replacing 5% of the files (25, seeded) with
          other icons' bytes (scripts/.cache/history, built once); `history --tags 'r*' PATH`
          with an empty cache, with --no-cache (its memory-only memo), and with a warm cache,
          against one cold audit of the catalog at its last revision (`--no-cache`); target:
          history (empty cache) ≤ 2 × the cold audit (wall).
  Writes OUT/cache-<date>.json and the "Cache" section of OUT/README.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _venv  # noqa: E402

_venv.ensure()

import lucide_icons  # noqa: E402
import machine_info  # noqa: E402
import reference_metrics  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "scripts" / ".cache"
SIZES = [44, 50, 66, 75, 100, 150]
TIME = "/usr/bin/time"


def log(message: str) -> None:
    print(f"bench_scale: {message}", file=sys.stderr, flush=True)


def load() -> float:
    return round(os.getloadavg()[0], 2)


# MARK: - corpus

def rendered(px: int) -> Path:
    svg_dir = lucide_icons.fetch_svgs(CACHE / "lucide")
    out = CACHE / "lucide" / f"png-{px}"
    summary = lucide_icons.render_all(svg_dir, out, px, "")
    if summary["failed"]:
        raise SystemExit(f"bench_scale: {len(summary['failed'])} SVGs failed to render at {px} px")
    return out


def corpus(total: int, family_size: int) -> tuple[Path, dict]:
    """CORPUS/<px>px/set-NN/NAME.png, hard links to the renders; idempotent."""
    per_size = [total // len(SIZES) + (1 if i < total % len(SIZES) else 0) for i in range(len(SIZES))]
    root = CACHE / "scale" / f"corpus-{total}-f{family_size}"
    stamp = root / ".complete"
    families: dict[str, int] = {}
    if not stamp.exists():
        if root.exists():
            shutil.rmtree(root)
        for px, count in zip(SIZES, per_size):
            source = sorted(rendered(px).glob("*.png"))
            if count > len(source):
                raise SystemExit(f"bench_scale: {count} icons asked at {px} px, {len(source)} rendered")
            chosen = source[:count]
            nfam = max(1, round(count / family_size))
            for f in range(nfam):
                part = chosen[f * count // nfam:(f + 1) * count // nfam]
                folder = root / f"{px}px" / f"set-{f + 1:02d}"
                folder.mkdir(parents=True)
                for png in part:
                    try:
                        os.link(png, folder / png.name)
                    except OSError:
                        shutil.copy2(png, folder / png.name)
        stamp.write_text("")
    for folder in sorted(p for p in root.glob("*px/set-*") if p.is_dir()):
        families[str(folder.relative_to(root))] = len(list(folder.glob("*.png")))
    sizes = {f"{px}px": sum(n for name, n in families.items() if name.startswith(f"{px}px/")) for px in SIZES}
    info = {"path": str(root.relative_to(ROOT)), "icons": sum(families.values()), "families": len(families),
            "familySizeMin": min(families.values()), "familySizeMax": max(families.values()),
            "iconsPerSize": sizes}
    return root, info


# MARK: - timing a process

def timed_process(cmd: list[str]) -> dict:
    """Wall (perf_counter around the process), peak RSS and CPU from /usr/bin/time -v."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        start = time.perf_counter()
        proc = subprocess.run([TIME, "-v", "-o", tf.name] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        text = open(tf.name).read()
    if proc.returncode not in (0, 1):  # audit: 1 = error findings; 2 = unreadable input
        sys.stderr.write(proc.stderr.decode(errors="replace")[-2000:])
        raise SystemExit(f"bench_scale: {' '.join(cmd)} exited with {proc.returncode}")

    def field(name: str) -> str:
        m = re.search(rf"^\s*{re.escape(name)}: (.*)$", text, re.M)
        return m.group(1).strip() if m else ""
    return {"wallS": wall, "maxRssKB": int(field("Maximum resident set size (kbytes)") or 0),
            "userS": float(field("User time (seconds)") or 0), "systemS": float(field("System time (seconds)") or 0),
            "cpuPercent": field("Percent of CPU this job got"), "load": load(), "stdout": proc.stdout}


def summary(runs: list[dict], icons: int) -> dict:
    wall = statistics.median(r["wallS"] for r in runs)
    cpu = statistics.median(r["userS"] + r["systemS"] for r in runs)
    return {"runs": len(runs), "wallS": [round(r["wallS"], 3) for r in runs], "medianWallS": round(wall, 3),
            "minWallS": round(min(r["wallS"] for r in runs), 3),
            "maxRssMB": round(max(r["maxRssKB"] for r in runs) / 1024, 1),
            "medianCpuS": round(cpu, 3), "msPerIcon": round(1000 * wall / icons, 4),
            "cpuMsPerIcon": round(1000 * cpu / icons, 4), "iconsPerSecond": round(icons / wall),
            "loadDuringRuns": [r["load"] for r in runs]}


# MARK: - the measurement cache (issue 18): warm runs and history across git revisions

HISTORY_ICONS, HISTORY_REVISIONS, HISTORY_CHANGED = 500, 20, 25


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def history_repository(root: Path) -> tuple[Path, dict]:
    """scripts/.cache/history/catalog-500x20: Icons/{A,B}/NAME.png at tags r01…r20; idempotent."""
    import random
    repo = CACHE / "history" / f"catalog-{HISTORY_ICONS}x{HISTORY_REVISIONS}"
    stamp = repo / ".git" / "bench-complete"
    pool = sorted((root / "66px").glob("set-*/*.png"))
    if len(pool) < 2 * HISTORY_ICONS:
        raise SystemExit(f"bench_scale: {len(pool)} icons at 66 px, {2 * HISTORY_ICONS} needed for the history run")
    changed_total = 0
    if not stamp.exists():
        if repo.exists():
            shutil.rmtree(repo)
        repo.mkdir(parents=True)
        git(repo, "init", "-q")
        git(repo, "config", "user.email", "bench@example.com")
        git(repo, "config", "user.name", "bench_scale")
        names = [f"{'AB'[i % 2]}/{p.name}" for i, p in enumerate(pool[:HISTORY_ICONS])]
        for name, source in zip(names, pool):
            (repo / "Icons" / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, repo / "Icons" / name)
        rng = random.Random(18)
        spare = pool[HISTORY_ICONS:]
        for revision in range(1, HISTORY_REVISIONS + 1):
            if revision > 1:
                for name in rng.sample(names, HISTORY_CHANGED):
                    shutil.copyfile(rng.choice(spare), repo / "Icons" / name)
            git(repo, "add", "-A")
            git(repo, "commit", "-q", "-m", f"revision {revision}")
            git(repo, "tag", f"r{revision:02d}")
        stamp.write_text("")
    for revision in range(2, HISTORY_REVISIONS + 1):
        changed_total += len(git(repo, "diff", "--name-only", f"r{revision - 1:02d}", f"r{revision:02d}").split())
    info = {"path": str(repo.relative_to(ROOT)), "icons": HISTORY_ICONS, "revisions": HISTORY_REVISIONS,
            "filesChangedPerRevision": round(changed_total / (HISTORY_REVISIONS - 1), 1),
            "distinctFilesMeasured": HISTORY_ICONS + changed_total}
    return repo, info


def cache_runs(args, audit_bin: Path, bench_bin: Path, root: Path, n: int) -> dict:
    """(f) warm runs of the corpus and (g) the history run; runs alternate with the decode."""
    report: dict = {"date": dt.date.today().isoformat(), "command": args.command, "machine": machine_info.machine(),
                    "source": source_state(), "loadAverageAtStart": [round(x, 2) for x in os.getloadavg()]}
    repo, info = history_repository(root)
    report["historyRepository"] = info
    with tempfile.TemporaryDirectory() as tmp:
        cache, out = Path(tmp) / "cache", Path(tmp) / "out.json"
        decode_cmd = [str(bench_bin), "decode", str(root), "--runs", "1"]
        # Each command writes a report of its own, so that each warm audit replaces the last one's
        # 28 MB report, as a CI run writing to the same path does (the kernel's dropping of the old
        # file's pages is the audit's CPU then, not the measure's).
        warm_cmd = [str(audit_bin), "audit", "--format", "json", "--output", str(Path(tmp) / "warm-audit.json"),
                    "--cache-dir", str(cache), str(root)]
        warm_measure_cmd = [str(audit_bin), "measure", "--format", "json", "--output", str(Path(tmp) / "warm-measure.json"),
                            "--cache-dir", str(cache), str(root)]
        log("filling a cache for the warm runs")
        cold_fill = timed_process(warm_cmd)  # the first run with an empty cache writes every entry
        timed_process(warm_measure_cmd)
        timed_process(decode_cmd)
        decodes, warms, warm_measures = [], [], []
        for r in range(args.runs):
            decodes.append(timed_process(decode_cmd))
            warms.append(timed_process(warm_cmd))
            warm_measures.append(timed_process(warm_measure_cmd))
            log(f"warm run {r + 1}/{args.runs}: audit {warms[-1]['wallS']:.2f} s, measure {warm_measures[-1]['wallS']:.2f} s; "
                f"decode {decodes[-1]['wallS']:.2f} s (load {load()})")
        report["coldAuditFillingTheCache"] = summary([cold_fill], n)
        report["decode"] = summary(decodes, n)
        report["warmAudit"] = summary(warms, n)
        report["warmMeasure"] = summary(warm_measures, n)
        # Each round's warm audit against the decode run just before it (the same minute's load):
        # the ratio of each pair, not of medians taken over rounds whose load differs.
        cpu = lambda run: run["userS"] + run["systemS"]  # noqa: E731
        report["warmRounds"] = [{"cpuRatio": round(cpu(w) / cpu(d), 3), "wallRatio": round(w["wallS"] / d["wallS"], 3),
                                 "warmCpuS": round(cpu(w), 3), "decodeCpuS": round(cpu(d), 3), "load": w["load"]}
                                for d, w in zip(decodes, warms)]
        report["cacheBytes"] = sum(f.stat().st_size for f in cache.rglob("*") if f.is_file())
        report["cachePacks"] = sum(1 for f in cache.glob("pack-*.iacache") if f.is_file())

        catalog = repo / "Icons"
        cold_cmd = [str(audit_bin), "audit", "--format", "json", "--output", str(out), "--no-cache", str(catalog)]
        def history_cmd(extra: list[str]) -> list[str]:
            return [str(audit_bin), "history", "--tags", "r*", str(catalog), "--format", "json", "--output", str(out)] + extra
        timed_process(cold_cmd)
        colds, empties, memos, warm_histories = [], [], [], []
        for r in range(args.runs):
            colds.append(timed_process(cold_cmd))
            fresh = Path(tmp) / f"history-cache-{r}"
            empties.append(timed_process(history_cmd(["--cache-dir", str(fresh)])))
            warm_histories.append(timed_process(history_cmd(["--cache-dir", str(fresh)])))
            memos.append(timed_process(history_cmd(["--no-cache"])))
            log(f"history run {r + 1}/{args.runs}: empty cache {empties[-1]['wallS']:.2f} s, --no-cache {memos[-1]['wallS']:.2f} s, "
                f"warm {warm_histories[-1]['wallS']:.2f} s; one cold audit {colds[-1]['wallS']:.2f} s (load {load()})")
        history = json.loads(out.read_text())
        report["historyReleases"] = len(history["releases"])
        report["coldAuditOfTheCatalog"] = summary(colds, HISTORY_ICONS)
        report["historyEmptyCache"] = summary(empties, HISTORY_ICONS * HISTORY_REVISIONS)
        report["historyNoCache"] = summary(memos, HISTORY_ICONS * HISTORY_REVISIONS)
        report["historyWarmCache"] = summary(warm_histories, HISTORY_ICONS * HISTORY_REVISIONS)
    w, d = report["warmAudit"], report["decode"]
    report["ratioWarmAuditToDecode"] = round(w["medianWallS"] / d["medianWallS"], 2)
    report["ratioWarmMeasureToDecode"] = round(report["warmMeasure"]["medianWallS"] / d["medianWallS"], 2)
    rounds = report["warmRounds"]
    report["warmRoundRatioCpu"] = {"median": round(statistics.median(r["cpuRatio"] for r in rounds), 3),
                                   "min": min(r["cpuRatio"] for r in rounds), "max": max(r["cpuRatio"] for r in rounds)}
    report["warmRoundRatioWall"] = {"median": round(statistics.median(r["wallRatio"] for r in rounds), 3),
                                    "min": min(r["wallRatio"] for r in rounds), "max": max(r["wallRatio"] for r in rounds)}
    report["ratioHistoryToColdAudit"] = round(report["historyEmptyCache"]["medianWallS"] / report["coldAuditOfTheCatalog"]["medianWallS"], 2)
    report["ratioHistoryToColdAuditCpu"] = round(report["historyEmptyCache"]["medianCpuS"] / report["coldAuditOfTheCatalog"]["medianCpuS"], 2)
    report["loadAverageAtEnd"] = [round(x, 2) for x in os.getloadavg()]
    # Met only when each round's warm audit took at most half its decode's time, at the median,
    # both in CPU and in wall time.
    report["targets"] = {"warmAtMostHalfDecode": report["warmRoundRatioCpu"]["median"] <= 0.5
                         and report["warmRoundRatioWall"]["median"] <= 0.5,
                         "historyAtMost2xColdAudit": report["ratioHistoryToColdAudit"] <= 2}
    return report


def cache_markdown(r: dict) -> str:
    d, w, wm, h = r["decode"], r["warmAudit"], r["warmMeasure"], r["historyRepository"]
    c, he, hn, hw = r["coldAuditOfTheCatalog"], r["historyEmptyCache"], r["historyNoCache"], r["historyWarmCache"]
    t = r["targets"]
    # A report from before the ratios were taken within rounds: the ratio of the medians.
    single = lambda x: {"median": x, "min": x, "max": x}  # noqa: E731
    rc = r.get("warmRoundRatioCpu") or single(w["medianCpuS"] / d["medianCpuS"])
    rw = r.get("warmRoundRatioWall") or single(r["ratioWarmAuditToDecode"])
    ok = lambda b: "met" if b else "**missed**"  # noqa: E731
    return f"""## Cache

Latest run: {r['date']}, {r['machine']['cpu']} ({r['machine']['cores']} cores; load average
{r['loadAverageAtStart'][0]} at the start, {r['loadAverageAtEnd'][0]} at the end), source {r['source']}.
The scale corpus (above) with the measurement cache full, and a git repository of a {h['icons']}-icon
catalog at {h['revisions']} tags, {h['filesChangedPerRevision']} files changed per revision
({h['distinctFilesMeasured']} distinct files in all).

| cache run | figure | target | |
|---|---|---|---|
| decode only, `iconaudit-bench decode`, wall (median of {d['runs']}) | {d['medianWallS']:.2f} s (CPU {d['medianCpuS']:.2f} s) | | |
| warm `iconaudit audit --format json --cache-dir DIR`, every icon in the cache | {w['medianWallS']:.2f} s (CPU {w['medianCpuS']:.2f} s; {w['maxRssMB']:.0f} MB) | | |
| warm audit ÷ decode, each round's pair (median; range over {len(r.get('warmRounds', [])) or d['runs']} rounds) | CPU {rc['median']:.2f}× ({rc['min']:.2f}–{rc['max']:.2f}); wall {rw['median']:.2f}× ({rw['min']:.2f}–{rw['max']:.2f}) | ≤ 0.5× (CPU and wall) | {ok(t['warmAtMostHalfDecode'])} |
| warm `iconaudit measure --format json` (no rules) | {wm['medianWallS']:.2f} s (CPU {wm['medianCpuS']:.2f} s): {r['ratioWarmMeasureToDecode']:.2f}× the decode | | |
| the first audit, filling an empty cache | {r['coldAuditFillingTheCache']['medianWallS']:.2f} s (CPU {r['coldAuditFillingTheCache']['medianCpuS']:.2f} s); cache {r['cachePacks']} packs (the audit's and the measure's), {r['cacheBytes'] / 1e6:.1f} MB | | |
| one cold audit of the {h['icons']}-icon catalog (`--no-cache`) | {c['medianWallS']:.2f} s (CPU {c['medianCpuS']:.2f} s) | | |
| `iconaudit history --tags 'r*' PATH`, {h['revisions']} revisions, empty cache | {he['medianWallS']:.2f} s (CPU {he['medianCpuS']:.2f} s) | | |
| history ÷ cold audit (wall; CPU) | {r['ratioHistoryToColdAudit']:.2f}×; CPU {r['ratioHistoryToColdAuditCpu']:.2f}× | ≤ 2× | {ok(t['historyAtMost2xColdAudit'])} |
| the same history with `--no-cache` (unchanged files still measured once, in memory) | {hn['medianWallS']:.2f} s (CPU {hn['medianCpuS']:.2f} s) | | |
| the same history again, cache warm | {hw['medianWallS']:.2f} s (CPU {hw['medianCpuS']:.2f} s) | | |

- *warm*: the cache (a temporary `--cache-dir`) filled by one audit and one `measure` first; each
  icon's files are only stat'ed (their SHA-256 digests come from the cache's stat index, as git's
  index; a file changed or written in the last 2 s is read and hashed), its entry read and checked,
  and every rule runs. Each round runs the decode, the warm audit and the warm `measure` one after
  the other; the ratio is taken within each round (the machine's load moves between rounds: the
  same binary's CPU time varies by 20–30%) and its median over the rounds is the figure; each warm
  audit replaces the previous one's report, as a CI run writing to one path does. Where the warm
  audit's CPU goes and what is left: [`warm-audit.md`](warm-audit.md).
- *history*: `iconaudit history --tags 'r*' {h['path']}/Icons --format json --output FILE`, with a
  new empty `--cache-dir` each run; the catalog is read from git's objects (one `git cat-file
  --batch`), two revisions at a time, each in a work folder of its own where only changed files are
  written; a file written from a blob is not read and hashed again (its digest is the blob's), and
  each revision becomes a snapshot without a JSON report. Where its CPU goes and what is left:
  [`history.md`](history.md) (`scripts/perf_breakdown.py --history`).

Full figures: [`cache-{r['date']}.json`](cache-{r['date']}.json). Reproduce: `scripts/bench_scale --cache --runs 5`.
"""


def write_section(path: Path, heading: str, section: str) -> None:
    """Replaces the section titled `heading` (up to the next "## " heading) or appends it."""
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    start = text.find(f"\n## {heading}\n")
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start + 1] + section + (text[end:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text if text.endswith("\n") else text + "\n")


def write_cache_report(args, report: dict) -> None:
    table = cache_markdown(report)
    print(table)
    if not args.no_write:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"cache-{report['date']}.json"
        path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
        write_section(args.out / "README.md", "Cache", table)
        log(f"wrote {path.relative_to(ROOT)} and the Cache section of {(args.out / 'README.md').relative_to(ROOT)}")


# MARK: - main
def source_state() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return head + (" with uncommitted changes" if dirty else "")
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=Path, help="folder of the release iconaudit and iconaudit-bench")
    parser.add_argument("--icons", type=int, default=10000)
    parser.add_argument("--family-size", type=int, default=240)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ref-sample", type=int, default=500)
    parser.add_argument("--ref-runs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=ROOT / "Reports" / "benchmarks")
    parser.add_argument("--command", default="scripts/bench_scale", help="the command recorded in the report")
    parser.add_argument("--no-write", action="store_true", help="print only; write no report")
    parser.add_argument("--rewrite", type=Path, metavar="JSON",
                        help="only rewrite the README's Scale section from a scale-<date>.json (the Cache "
                             "section from a cache-<date>.json)")
    parser.add_argument("--cache", action="store_true",
                        help="only the measurement cache's runs: warm, and history across git revisions")
    args = parser.parse_args()
    if args.rewrite:
        if args.rewrite.name.startswith("cache-"):
            write_section(args.out / "README.md", "Cache", cache_markdown(json.loads(args.rewrite.read_text())))
        else:
            write_section(args.out / "README.md", "Scale", markdown(json.loads(args.rewrite.read_text())))
        return 0
    if args.bin is None:
        parser.error("--bin is required")
    if not Path(TIME).exists():
        raise SystemExit("bench_scale: /usr/bin/time is missing (apt-get install time)")
    audit_bin, bench_bin = args.bin / "iconaudit", args.bin / "iconaudit-bench"

    report: dict = {"date": dt.date.today().isoformat(), "command": args.command, "machine": machine_info.machine(),
                    "source": source_state(), "loadAverageAtStart": [round(x, 2) for x in os.getloadavg()]}
    log(f"corpus of {args.icons} icons (load {load()})")
    root, info = corpus(args.icons, args.family_size)
    report["corpus"] = info
    n = info["icons"]
    log(f"{n} icons in {info['families']} families under {info['path']}")
    if args.cache:
        write_cache_report(args, cache_runs(args, audit_bin, bench_bin, root, n))
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        out_json = Path(tmp) / "audit.json"
        audit_cmd = [str(audit_bin), "audit", "--format", "json", "--output", str(out_json), "--no-cache", str(root)]
        decode_cmd = [str(bench_bin), "decode", str(root), "--runs", "1"]
        # Where the time goes: the metrics without the rules, and the audit without the JSON report.
        measure_cmd = [str(audit_bin), "measure", "--format", "json", "--output", str(Path(tmp) / "measure.json"), "--no-cache", str(root)]
        text_cmd = [str(audit_bin), "audit", "--output", str(Path(tmp) / "audit.txt"), "--no-cache", str(root)]
        log("warm-up (page cache)")
        timed_process(decode_cmd)
        timed_process(audit_cmd)
        audits, decodes, measures, texts = [], [], [], []
        for r in range(args.runs):
            decodes.append(timed_process(decode_cmd))
            audits.append(timed_process(audit_cmd))
            measures.append(timed_process(measure_cmd))
            texts.append(timed_process(text_cmd))
            log(f"run {r + 1}/{args.runs}: audit {audits[-1]['wallS']:.2f} s, {audits[-1]['maxRssKB'] / 1024:.0f} MB; "
                f"decode {decodes[-1]['wallS']:.2f} s (load {load()})")
        audited = json.loads(out_json.read_text())
        decoded = json.loads(decodes[-1]["stdout"])
        if decoded["icons"] != n or decoded["failures"]:
            raise SystemExit(f"bench_scale: decode saw {decoded['icons']} icons, {decoded['failures']} failures")
        report["audit"] = summary(audits, n)
        report["audit"]["iconsReported"] = len(audited.get("icons", []))
        report["audit"]["findings"] = len(audited.get("findings", []))
        report["audit"]["duplicateFindings"] = sum(1 for f in audited.get("findings", []) if f.get("ruleId") == "duplicate_icon")
        report["decode"] = summary(decodes, n)
        report["measureOnly"] = summary(measures, n)
        report["auditTextReport"] = summary(texts, n)
        report["decode"]["inProcessMedianMs"] = statistics.median(json.loads(d["stdout"])["medianMs"] for d in decodes)
        report["ratioAuditToDecode"] = round(report["audit"]["medianWallS"] / report["decode"]["medianWallS"], 2)

        # (e) one family of all 1745 icons at 44 px.
        big = rendered(44)
        big_cmd = [str(audit_bin), "audit", "--format", "json", "--output", str(out_json), "--no-cache", str(big)]
        timed_process(big_cmd)
        bigs = [timed_process(big_cmd) for _ in range(args.runs)]
        big_json = json.loads(out_json.read_text())
        big_n = len(list(big.glob("*.png")))
        report["oneLargeFamily"] = summary(bigs, big_n) | {
            "icons": big_n, "duplicateFindings": sum(1 for f in big_json.get("findings", []) if f.get("ruleId") == "duplicate_icon")}
        log(f"one family of {big_n} icons: {report['oneLargeFamily']['medianWallS']:.2f} s")

    # (d) the Python reference on a sample of the same icons.
    files = sorted(root.rglob("*.png"))
    step = max(1, len(files) // args.ref_sample)
    sample = files[::step][: args.ref_sample]
    log(f"Python reference on {len(sample)} icons (every {step}th; load {load()})")
    times, cpus = [], []
    for _ in range(args.ref_runs):
        start, cstart = time.perf_counter(), time.process_time()
        results = reference_metrics.measure_all(sample, 1)
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cstart)
        failed = [r["file"] for r in results if "error" in r]
        if failed:
            raise SystemExit(f"bench_scale: the reference failed on {len(failed)} icons, e.g. {failed[:3]}")
    ref_ms = 1000 * statistics.median(times) / len(sample)
    report["reference"] = {"icons": len(sample), "every": step, "runs": args.ref_runs, "processes": 1,
                           "medianS": round(statistics.median(times), 3), "msPerIcon": round(ref_ms, 4),
                           "cpuMsPerIcon": round(1000 * statistics.median(cpus) / len(sample), 4), "load": load()}
    report["ratioReferenceToAudit"] = round(ref_ms / report["audit"]["msPerIcon"], 1)
    report["ratioReferenceToAuditCpu"] = round(report["reference"]["cpuMsPerIcon"] / report["audit"]["cpuMsPerIcon"], 1)
    report["loadAverageAtEnd"] = [round(x, 2) for x in os.getloadavg()]
    a = report["audit"]
    report["targets"] = {
        "wallUnder5s": a["medianWallS"] < 5, "rssUnder300MB": a["maxRssMB"] < 300,
        "auditAtMost2.5xDecode": report["ratioAuditToDecode"] <= 2.5,
        "atLeast20xReference": report["ratioReferenceToAudit"] >= 20}

    table = markdown(report)
    print(table)
    if not args.no_write:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"scale-{report['date']}.json"
        path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
        write_section(args.out / "README.md", "Scale", table)
        log(f"wrote {path.relative_to(ROOT)} and the Scale section of {(args.out / 'README.md').relative_to(ROOT)}")
    write_cache_report(args, cache_runs(args, audit_bin, bench_bin, root, n))
    return 0


def markdown(r: dict) -> str:
    a, d, ref, big, c = r["audit"], r["decode"], r["reference"], r["oneLargeFamily"], r["corpus"]
    m, tx = r["measureOnly"], r["auditTextReport"]
    measure_ratio = m["medianCpuS"] / d["medianCpuS"]
    measure_wall = m["medianWallS"] / d["medianWallS"]
    measure_note = (f"Measuring alone takes {measure_wall:.1f}× the decode's wall time ({measure_ratio:.1f}× its CPU time)"
                    + (": above the 2.5× target before any rule runs." if measure_wall > 2.5 else "."))
    t = r["targets"]
    ok = lambda b: "met" if b else "**missed**"  # noqa: E731
    sizes = ", ".join(f"{k} ×{v}" for k, v in sorted(c["iconsPerSize"].items(), key=lambda kv: int(kv[0][:-2])))
    return f"""## Scale

Latest run: {r['date']}, {r['machine']['cpu']} ({r['machine']['cores']} cores; load average
{r['loadAverageAtStart'][0]} at the start, {r['loadAverageAtEnd'][0]} at the end, {', '.join(str(x) for x in a['loadDuringRuns'])}
during the timed runs), source {r['source']}; {r['machine']['swift']}.
Corpus: {c['icons']} Lucide PNGs ({sizes}) in {c['families']} families of
{c['familySizeMin']}–{c['familySizeMax']} icons (folders `<px>px/set-NN`).

| scale run ({c['icons']} icons) | figure | target | |
|---|---|---|---|
| `iconaudit audit --format json`, wall (median of {a['runs']}) | {a['medianWallS']:.2f} s ({a['iconsPerSecond']} icons/s; CPU {a['medianCpuS']:.2f} s) | < 5 s | {ok(t['wallUnder5s'])} |
| peak memory (max RSS) | {a['maxRssMB']:.0f} MB | < 300 MB | {ok(t['rssUnder300MB'])} |
| decode only, `iconaudit-bench decode`, wall (median of {d['runs']}) | {d['medianWallS']:.2f} s ({d['iconsPerSecond']} icons/s; {d['maxRssMB']:.0f} MB) | | |
| audit ÷ decode (wall; CPU) | {r['ratioAuditToDecode']:.2f}×; CPU {a['medianCpuS'] / d['medianCpuS']:.2f}× ({a['medianCpuS']:.2f} ÷ {d['medianCpuS']:.2f} s) | ≤ 2.5× | {ok(t['auditAtMost2.5xDecode'])} |
| Python reference, {ref['icons']} of the icons, 1 process | {ref['msPerIcon']:.2f} ms/icon | | |
| reference ÷ audit, per icon (wall; CPU) | {r['ratioReferenceToAudit']:.1f}× ({ref['msPerIcon']:.2f} ÷ {a['msPerIcon']:.3f} ms); CPU {r['ratioReferenceToAuditCpu']:.1f}× | ≥ 20× | {ok(t['atLeast20xReference'])} |
| where the time goes: `iconaudit measure --format json` (discovery, decoding, every metric; no rules) | {m['medianWallS']:.2f} s (CPU {m['medianCpuS']:.2f} s: {m['medianCpuS'] / d['medianCpuS']:.2f}× the decode's) | | |
| where the time goes: `iconaudit audit` with the text report (every rule, no JSON) | {tx['medianWallS']:.2f} s (CPU {tx['medianCpuS']:.2f} s) | | |
| one family of {big['icons']} icons (44 px), audit wall | {big['medianWallS']:.2f} s ({big['maxRssMB']:.0f} MB, {big['duplicateFindings']} duplicate findings) | | |

- *load*: the machine is shared. When the load average is well above the 2 cores, each process gets
  about one core (CPU time ≈ wall time above) and the wall times are those of one core, not two:
  the CPU times are then the steadier figures (on two idle cores the audit's wall time is at best
  about half its CPU time).
- *audit*: `iconaudit audit --format json --output FILE CORPUS`, the whole process (discovery, PNG
  decoding and measuring on all cores, family statistics, every rule, JSON), wall time; peak RSS and
  CPU (user + system) from `/usr/bin/time -v`; one warm-up run first (files in the page cache).
- *decode only*: `iconaudit-bench decode CORPUS --runs 1` as a process: `IconDiscovery.discover`, then
  `IconLoader.load` of every file on all cores, as the audit reads them, and nothing else. Runs of the
  two alternate.
- *where the time goes*: the same corpus through `iconaudit measure --format json` (the metrics
  of every icon and their JSON, no family statistics, no rules, no drawing kept) and through
  `iconaudit audit` with the text report instead of the JSON one; runs interleaved with the others.
  {measure_note}
- *reference*: `reference_metrics.measure_all` over every {ref['every']}th PNG of the corpus (all sizes), in one
  process, one thread, imports excluded; against the audit's wall time per icon (it uses both cores),
  and against its CPU time per icon.

Full figures: [`scale-{r['date']}.json`](scale-{r['date']}.json). Reproduce: `{r['command']}`.
"""


if __name__ == "__main__":
    sys.exit(main())
