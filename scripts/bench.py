#!/usr/bin/env python3
"""The benchmark behind scripts/bench (run that: it installs and builds first).

    scripts/bench.py --bin BINDIR [--sizes 48,44] [--cli-runs 5] [--ref-runs 3] [--edt-runs 21]
                     [--limit N] [--out Reports/benchmarks]

In one run, side by side, on this machine, on the same Lucide PNGs:
  (a) `iconaudit measure --format json DIR`: wall time of the whole process (start-up, PNG decoding,
      all metrics, JSON) with the icons measured on all cores, median of --cli-runs (hyperfine when
      installed), and its CPU time;
  (a') the same icons in-process on one thread (`iconaudit-bench stages`): each PNG read, decoded and
      measured with its colours, as the reference does ("read + measure"), the measurement of the
      decoded masks alone, and each stage alone; wall and thread CPU time;
  (b) the Python reference (scripts/reference_metrics.py) over the same PNGs, in-process (imports
      excluded): in one process (one thread), and in as many processes as there are cores (its
      --jobs; the fair partner of the CLI's wall time); median of --ref-runs;
  (c) the exact EDT alone at 64, 256, 1024 px on the same random masks (each pixel foreground with
      probability 0.5, seed 1): iconaudit-bench vs scipy.ndimage.distance_transform_edt vs OpenCV
      cv2.distanceTransform(DIST_L2, DIST_MASK_PRECISE), median of --edt-runs, results checked equal.
The per-icon ratio of record (issue 3: at least 20× at 48 px) is like for like: the reference in one
process ÷ iconaudit's "read + measure" on one thread, per icon; the smaller of the ratios of wall
times and of CPU times.
Prints a Markdown table, writes OUT/bench-<date>.json and OUT/README.md (latest table + command).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
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

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402
from scipy import ndimage  # noqa: E402

import lucide_icons  # noqa: E402
import machine_info  # noqa: E402
import reference_metrics  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "scripts" / ".cache"


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def median_ms(seconds: list[float]) -> float:
    return 1000.0 * statistics.median(seconds)


def timed(fn, runs: int, warmup: int = 1) -> list[float]:
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


# MARK: - icons

def lucide_folder(px: int, limit: int | None) -> Path:
    svg_dir = lucide_icons.fetch_svgs(lucide_icons.DEFAULT_CACHE)
    if limit:
        source = lucide_icons.DEFAULT_CACHE / f"svg-first-{limit}"
        if not source.is_dir():
            source.mkdir(parents=True)
            for svg in sorted(svg_dir.glob("*.svg"))[:limit]:
                shutil.copy2(svg, source / svg.name)
        svg_dir = source
    out = CACHE / "lucide" / (f"png-{px}" + (f"-first-{limit}" if limit else ""))
    summary = lucide_icons.render_all(svg_dir, out, px, "")
    if summary["failed"]:
        raise SystemExit(f"bench: {len(summary['failed'])} icons failed to render at {px} px")
    return out


# MARK: - (a) the CLI

def time_cli(binary: Path, folder: Path, runs: int) -> dict:
    cmd = [str(binary), "measure", "--format", "json", "--no-cache", str(folder)]
    check = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check.returncode not in (0, 1):
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({check.returncode}): {check.stderr.decode()[:500]}")
    icons = len(json.loads(check.stdout)["icons"])
    hyperfine = shutil.which("hyperfine")
    if hyperfine:
        with tempfile.TemporaryDirectory() as tmp:
            export = Path(tmp) / "h.json"
            subprocess.run([hyperfine, "--warmup", "1", "--runs", str(runs), "--style", "none",
                            "--export-json", str(export), "--output", "null", " ".join(_shell_quote(c) for c in cmd)],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            result = json.loads(export.read_text())["results"][0]
            times = result["times"]
            cpu_ms = 1000 * (result["user"] + result["system"])
            tool = "hyperfine"
    else:
        before = os.times()
        times = timed(lambda: subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), runs)
        after = os.times()
        cpu_ms = 1000 * ((after.children_user - before.children_user)
                         + (after.children_system - before.children_system)) / (runs + 1)
        tool = "python perf_counter"
    return {"command": " ".join(cmd[:-1] + [str(folder.relative_to(ROOT)) if folder.is_relative_to(ROOT) else str(folder)]),
            "icons": icons, "runs": len(times), "timer": tool,
            "medianMs": round(median_ms(times), 2), "minMs": round(1000 * min(times), 2),
            "cpuMsMean": round(cpu_ms, 2), "msPerIcon": round(median_ms(times) / icons, 4)}


def _shell_quote(text: str) -> str:
    return text if all(c.isalnum() or c in "/._-@" for c in text) else "'" + text.replace("'", "'\\''") + "'"


READ_AND_MEASURE = "read + measure (PNG decode, all metrics with colour)"
MEASURE_ONLY = "all (MetricsEngine.measure)"


def bench_measure_in_process(bench_bin: Path, folder: Path, runs: int) -> dict:
    """`iconaudit-bench stages`: each stage, and the whole measurement, in-process on one thread."""
    out = subprocess.run([str(bench_bin), "stages", str(folder), "--runs", str(runs)],
                         check=True, stdout=subprocess.PIPE).stdout
    report = json.loads(out)
    wall, cpu = dict(report["msPerIcon"]), dict(report["cpuMsPerIcon"])
    read_wall, read_cpu = wall.pop(READ_AND_MEASURE), cpu.pop(READ_AND_MEASURE)
    measure_wall, measure_cpu = wall.pop(MEASURE_ONLY), cpu.pop(MEASURE_ONLY)
    return {"icons": report["icons"], "runs": runs, "threads": 1,
            "readAndMeasure": {"what": "each PNG read, decoded and measured with its colours (as the CLI "
                                       "and the reference do), one after the other on one thread",
                               "msPerIcon": read_wall, "cpuMsPerIcon": read_cpu,
                               "medianMs": round(read_wall * report["icons"], 2)},
            "measureOnly": {"what": "MetricsEngine.measure over the masks decoded beforehand, one thread",
                            "msPerIcon": measure_wall, "cpuMsPerIcon": measure_cpu},
            "stagesMsPerIcon": wall, "stagesCpuMsPerIcon": cpu}


# MARK: - (b) the Python reference

def time_reference(folder: Path, runs: int, jobs: int = 1) -> dict:
    files = sorted(folder.glob("*.png"))
    cpu = []

    def run() -> None:
        start = time.process_time()
        results = reference_metrics.measure_all(files, jobs)
        cpu.append(time.process_time() - start)
        failed = [r["file"] for r in results if "error" in r]
        if failed:
            raise SystemExit(f"bench: the reference failed on {len(failed)} icons, e.g. {failed[:3]}")

    times = timed(run, runs, warmup=0)
    entry = {"icons": len(files), "runs": runs, "jobs": jobs, "processes": jobs,
             "medianMs": round(median_ms(times), 2), "msPerIcon": round(median_ms(times) / len(files), 4)}
    if jobs == 1:
        # process_time() sees only this process: with worker processes it would leave them out.
        entry["cpuMsPerIcon"] = round(median_ms(cpu) / len(files), 4)
    return entry


# MARK: - (c) EDT kernels

def make_masks(folder: Path, sizes: list[int], seed: int = 1, density: float = 0.5) -> dict[int, np.ndarray]:
    """Foreground (True) with probability `density`; saved as RGBA PNG with alpha = foreground."""
    folder.mkdir(parents=True, exist_ok=True)
    masks = {}
    for size in sizes:
        rng = np.random.default_rng(seed + size)
        fg = rng.random((size, size)) < density
        rgba = np.zeros((size, size, 4), dtype=np.uint8)
        rgba[..., 3] = np.where(fg, 255, 0)
        Image.fromarray(rgba, "RGBA").save(folder / f"mask-{size}.png")
        masks[size] = fg
    return masks


def bench_edt(bench_bin: Path, sizes: list[int], runs: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        masks = make_masks(Path(tmp), sizes)
        swift = json.loads(subprocess.run([str(bench_bin), "edt", "--masks", tmp, "--runs", str(runs),
                                           "--sizes", ",".join(map(str, sizes))],
                                          check=True, stdout=subprocess.PIPE).stdout)
    by_size = {r["size"]: r for r in swift["results"]}
    rows = []
    for size in sizes:
        fg = masks[size]
        u8 = fg.astype(np.uint8)
        scipy_d = timed(lambda: ndimage.distance_transform_edt(fg), runs)
        scipy_i = timed(lambda: ndimage.distance_transform_edt(fg, return_indices=True), runs)
        cv_d = timed(lambda: cv2.distanceTransform(u8, cv2.DIST_L2, cv2.DIST_MASK_PRECISE), runs)
        d_scipy = ndimage.distance_transform_edt(fg)
        d_cv = cv2.distanceTransform(u8, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
        checksum_scipy = float(np.rint(d_scipy.astype(np.float64) ** 2).sum())
        checksum_cv = float(np.rint(d_cv.astype(np.float64) ** 2).sum())
        s = by_size[size]
        swift_ms = s["withFeatures"]["medianMs"]
        swift_d_ms = s["distancesOnly"]["medianMs"]
        rows.append({
            "size": size,
            "swiftWithFeaturesMs": swift_ms, "swiftDistancesOnlyMs": swift_d_ms,
            "scipyMs": round(median_ms(scipy_d), 4), "scipyWithIndicesMs": round(median_ms(scipy_i), 4),
            "opencvPreciseMs": round(median_ms(cv_d), 4),
            "checksum": {"swift": s["checksum"], "scipy": checksum_scipy, "opencv": checksum_cv},
            "equal": s["checksum"] == checksum_scipy == checksum_cv,
            "scipyOverSwift": round(median_ms(scipy_d) / swift_d_ms, 2),
            "scipyIndicesOverSwiftFeatures": round(median_ms(scipy_i) / swift_ms, 2),
            "opencvOverSwift": round(median_ms(cv_d) / swift_d_ms, 2),
        })
    return {"runs": runs, "masks": "each pixel foreground with p = 0.5 (numpy default_rng(1 + size)); "
            "distance of every foreground pixel to the nearest background pixel",
            "opencvThreads": cv2.getNumThreads(), "swiftCores": swift["cores"], "rows": rows}


# MARK: - report

def machine() -> dict:
    return {**machine_info.machine(), "opencv": cv2.__version__,
            "openblasCoretype": os.environ.get("OPENBLAS_CORETYPE"),
            "loadAverageAtStart": [round(x, 2) for x in os.getloadavg()]}


def source_state() -> str:
    """The commit benchmarked, and whether the working tree differed from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "Sources",
                                "Package.swift"], cwd=ROOT, check=True, text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}" + (" with uncommitted changes to Sources" if dirty else "")


def fmt_ms(ms: float) -> str:
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 1:
        return f"{ms:.2f} ms"
    return f"{ms * 1000:.1f} µs"


def table(report: dict) -> str:
    lines = ["| workload (same PNGs on both sides) | iconaudit (Swift) | Python reference | Python ÷ Swift |",
             "|---|---|---|---|"]
    for m in report["measure"]:
        cli, ref, refn, inproc = m["cli"], m["reference"], m["referenceParallel"], m["inProcess"]
        rm, mo = inproc["readAndMeasure"], inproc["measureOnly"]
        n, px = cli["icons"], m["px"]
        lines.append(f"| **{n} Lucide icons at {px} px, per icon, one thread** (iconaudit: read + measure "
                     f"in-process; reference: 1 process) | **{rm['msPerIcon']:.3f} ms** "
                     f"(CPU {rm['cpuMsPerIcon']:.3f}) | **{ref['msPerIcon']:.3f} ms** (CPU {ref['cpuMsPerIcon']:.3f}) | "
                     f"**{ref['msPerIcon'] / rm['msPerIcon']:.1f}×** (CPU {ref['cpuMsPerIcon'] / rm['cpuMsPerIcon']:.1f}×) |")
        lines.append(f"| {px} px, whole run on all {report['machine']['cores']} cores (iconaudit: CLI process, "
                     f"{cli['runs']} runs; reference: {refn['processes']} processes, {refn['runs']} runs) | "
                     f"{fmt_ms(cli['medianMs'])} ({cli['msPerIcon']:.3f} ms/icon; CPU {fmt_ms(cli['cpuMsMean'])}, "
                     f"{cli['cpuMsMean'] / cli['medianMs']:.1f} cores busy) | "
                     f"{fmt_ms(refn['medianMs'])} ({refn['msPerIcon']:.3f} ms/icon; "
                     f"{ref['medianMs'] / refn['medianMs']:.1f}× its 1-process speed) | "
                     f"{refn['medianMs'] / cli['medianMs']:.1f}× |")
        lines.append(f"| {px} px, CLI on all cores vs reference in 1 process (the earlier headline) | "
                     f"{cli['msPerIcon']:.3f} ms/icon | {ref['msPerIcon']:.3f} ms/icon | "
                     f"{ref['medianMs'] / cli['medianMs']:.1f}× |")
        lines.append(f"| {px} px, measurement of decoded masks only, one thread (no PNG decoding) | "
                     f"{mo['msPerIcon']:.3f} ms/icon (CPU {mo['cpuMsPerIcon']:.3f}) | — | — |")
    for m in report["measure"]:
        stages = m["inProcess"].get("stagesCpuMsPerIcon", {})
        if stages:
            parts = ", ".join(f"{name} {ms:.3f}" for name, ms in sorted(stages.items(), key=lambda kv: -kv[1]))
            lines.append(f"\nWhere iconaudit's time goes at {m['px']} px (CPU ms per icon, one thread, each stage "
                         f"alone): {parts}.")
    edt = report["edt"]
    lines += ["", "| EDT, exact | Swift, + indices | Swift, distances | scipy | scipy + indices | OpenCV PRECISE "
              "| scipy ÷ Swift | scipy+idx ÷ Swift+idx | OpenCV ÷ Swift | same result |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for r in edt["rows"]:
        lines.append(f"| {r['size']}×{r['size']} | {fmt_ms(r['swiftWithFeaturesMs'])} | {fmt_ms(r['swiftDistancesOnlyMs'])} | "
                     f"{fmt_ms(r['scipyMs'])} | {fmt_ms(r['scipyWithIndicesMs'])} | {fmt_ms(r['opencvPreciseMs'])} | "
                     f"{r['scipyOverSwift']}× | {r['scipyIndicesOverSwiftFeatures']}× | {r['opencvOverSwift']}× | "
                     f"{'yes' if r['equal'] else 'NO'} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="iconaudit benchmarks (see scripts/bench)")
    parser.add_argument("--bin", type=Path, required=True, help="folder of the release iconaudit and iconaudit-bench")
    parser.add_argument("--sizes", default="48,44", help="Lucide render sizes in px (default 48,44)")
    parser.add_argument("--cli-runs", type=int, default=5)
    parser.add_argument("--ref-runs", type=int, default=3)
    parser.add_argument("--edt-runs", type=int, default=21)
    parser.add_argument("--edt-sizes", default="64,256,1024")
    parser.add_argument("--limit", type=int, help="only the first N Lucide icons (quick runs)")
    parser.add_argument("--out", type=Path, default=ROOT / "Reports" / "benchmarks")
    parser.add_argument("--command", default="scripts/bench", help="command line recorded in the README")
    args = parser.parse_args()

    iconaudit = args.bin / "iconaudit"
    bench_bin = args.bin / "iconaudit-bench"
    for b in (iconaudit, bench_bin):
        if not b.exists():
            raise SystemExit(f"bench: {b} not found (build with swift build -c release)")

    report: dict = {"date": dt.date.today().isoformat(), "machine": machine(), "lucide": lucide_icons.LUCIDE_VERSION,
                    "measure": []}
    for px in [int(s) for s in args.sizes.split(",")]:
        folder = lucide_folder(px, args.limit)
        log(f"{px} px: iconaudit measure ({args.cli_runs} runs)")
        cli = time_cli(iconaudit, folder, args.cli_runs)
        log(f"{px} px: iconaudit-bench measure (in-process)")
        inproc = bench_measure_in_process(bench_bin, folder, max(3, args.ref_runs))
        log(f"{px} px: Python reference, 1 process ({args.ref_runs} runs)")
        ref = time_reference(folder, args.ref_runs)
        jobs = os.cpu_count() or 1
        log(f"{px} px: Python reference, {jobs} processes ({args.ref_runs} runs)")
        ref_parallel = time_reference(folder, args.ref_runs, jobs)
        wall_ratio = ref["msPerIcon"] / inproc["readAndMeasure"]["msPerIcon"]
        cpu_ratio = ref["cpuMsPerIcon"] / inproc["readAndMeasure"]["cpuMsPerIcon"]
        report["measure"].append({"px": px, "cli": cli, "inProcess": inproc, "reference": ref,
                                  "referenceParallel": ref_parallel,
                                  "perIconRatio": {"value": round(min(wall_ratio, cpu_ratio), 2),
                                                   "wall": round(wall_ratio, 2), "cpu": round(cpu_ratio, 2),
                                                   "what": "reference ms/icon (1 process) ÷ iconaudit read + "
                                                           "measure ms/icon (1 thread): the smaller of the "
                                                           "wall-time and CPU-time ratios"}})
    log("EDT kernels")
    report["edt"] = bench_edt(bench_bin, [int(s) for s in args.edt_sizes.split(",")], args.edt_runs)

    report["loadAverageAtEnd"] = [round(x, 2) for x in os.getloadavg()]
    report["source"] = source_state()
    text = table(report)
    record = next((m for m in report["measure"] if m["px"] == 48), report["measure"][0])
    r = record["perIconRatio"]
    verdict = (f"Per-icon ratio of record at {record['px']} px: **{r['value']:.1f}×** (wall {r['wall']:.1f}×, "
               f"CPU {r['cpu']:.1f}×; target: at least 20×; {'met' if r['value'] >= 20 else 'NOT met'}).")
    text = verdict + "\n\n" + text
    print(text)
    args.out.mkdir(parents=True, exist_ok=True)
    json_path = args.out / f"bench-{report['date']}.json"
    json_path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    m = report["machine"]
    readme = f"""# Benchmarks

Latest run: {report['date']}, {m['cpu']} ({m['cores']} cores; load average {m['loadAverageAtStart'][0]} at the
start, {report['loadAverageAtEnd'][0]} at the end), source {report['source']}; {m['swift']}; Python {m['python']},
numpy {m['numpy']}, scipy {m['scipy']}, scikit-image {m['scikitImage']}, OpenCV {m['opencv']}.
Lucide {report['lucide']} (from PyPI, rendered with rsvg-convert; not committed).

{text}

- **Ratio of record** (issue 3 asks for at least 20× at 48 px): the first row of each size, like
  for like: both sides read the same PNG files, decode them and compute every metric (with the colour
  spread) one icon after another on one thread; wall time per icon, median of the runs (thread CPU
  time in parentheses: steadier when other processes compete for the cores). The ratio of record is
  the smaller of the wall and CPU ratios, so that another process taking the core from one side
  cannot inflate it. iconaudit:
  `iconaudit-bench stages DIR`, in-process; the reference: `reference_metrics.measure_all(files, 1)`
  in this Python process, imports excluded.
- *whole run on all cores*: `iconaudit measure --format json DIR`, wall time of the process
  (start-up, PNG decoding, all metrics, JSON; {report['measure'][0]['cli']['timer']}), the icons
  measured on all cores; against the reference with one worker process a core
  (`measure_all(files, {report['measure'][0]['referenceParallel']['processes']})`, in-process, its
  imports and the JSON excluded, so the comparison favours Python).
  "Cores busy" (the CLI's CPU time ÷ its wall time) and the reference's gain over one process show
  how much of the machine the run actually got: well below the core count, other processes held
  cores, and both sides of this row are slowed alike.
- *CLI vs reference in 1 process*: the figure the earlier reports quoted; it sets all cores against
  one, so it flatters iconaudit on a multi-core machine.
- *decoded masks only*: `MetricsEngine.measure` over masks decoded beforehand, one thread: the
  measurement kernel alone.
- *where the time goes*: each stage alone over the decoded masks (the stroke weight there measures
  every skeleton pixel, as `MetricsEngine.analyse` does for overlays; `measure` skips the end points
  and junctions, which do not enter the median).
- *EDT*: random masks (p = 0.5) of the given size; distance of each foreground pixel to the nearest
  background pixel. Swift: `DistanceTransform.compute` into preallocated buffers (bands on all cores
  from 256×256); scipy: `ndimage.distance_transform_edt` (one thread, float64 distances); OpenCV:
  `cv2.distanceTransform(DIST_L2, DIST_MASK_PRECISE)` ({report['edt']['opencvThreads']} threads, float32). "same
  result" compares Σ d² over the mask across the three. Median of {report['edt']['runs']} runs.

Full figures: [`{json_path.name}`]({json_path.name}).

Reproduce (installs what it needs, builds release, fetches and renders Lucide):

```
{args.command}
```
"""
    (args.out / "README.md").write_text(readme)
    log(f"wrote {json_path.relative_to(ROOT) if json_path.is_relative_to(ROOT) else json_path} and README.md")
    return 0 if all(r["equal"] for r in report["edt"]["rows"]) else 1


if __name__ == "__main__":
    sys.exit(main())
