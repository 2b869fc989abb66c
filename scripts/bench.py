#!/usr/bin/env python3
"""The benchmark behind scripts/bench (run that: it installs and builds first).

    scripts/bench.py --bin BINDIR [--sizes 48,44] [--cli-runs 5] [--ref-runs 3] [--edt-runs 21]
                     [--limit N] [--out Reports/benchmarks]

In one run, side by side, on this machine:
  (a) `iconaudit measure --format json DIR` over the Lucide icons rendered at each size: wall time of
      the whole process (decode + measure + JSON), median of --cli-runs (hyperfine when installed);
  (a') the same icons measured in-process by `iconaudit-bench measure` (one thread, decoded masks);
  (b) the Python reference (scripts/reference_metrics.py) over the same PNGs, in-process, one
      process, median of --ref-runs;
  (c) the exact EDT alone at 64, 256, 1024 px on the same random masks (each pixel foreground with
      probability 0.5, seed 1): iconaudit-bench vs scipy.ndimage.distance_transform_edt vs OpenCV
      cv2.distanceTransform(DIST_L2, DIST_MASK_PRECISE), median of --edt-runs, results checked equal.
Prints a Markdown table, writes OUT/bench-<date>.json and OUT/README.md (latest table + command).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
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
import scipy  # noqa: E402
import skimage  # noqa: E402
from PIL import Image  # noqa: E402
from scipy import ndimage  # noqa: E402

import lucide_icons  # noqa: E402
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
    cmd = [str(binary), "measure", "--format", "json", str(folder)]
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


def bench_measure_in_process(bench_bin: Path, folder: Path, runs: int) -> dict:
    """`iconaudit-bench stages`: each stage, and the whole measurement, in-process on one thread."""
    out = subprocess.run([str(bench_bin), "stages", str(folder), "--runs", str(runs)],
                         check=True, stdout=subprocess.PIPE).stdout
    report = json.loads(out)
    stages = report["msPerIcon"]
    per_icon = stages.pop("all (MetricsEngine.measure)")
    return {"icons": report["icons"], "runs": runs, "medianMs": round(per_icon * report["icons"], 2),
            "msPerIcon": per_icon, "stagesMsPerIcon": stages}


# MARK: - (b) the Python reference

def time_reference(folder: Path, runs: int) -> dict:
    files = sorted(folder.glob("*.png"))
    cpu = []

    def run() -> None:
        start = time.process_time()
        reference_metrics.measure_all(files, 1)
        cpu.append(time.process_time() - start)

    times = timed(run, runs, warmup=0)
    return {"icons": len(files), "runs": runs, "jobs": 1, "medianMs": round(median_ms(times), 2),
            "cpuMsMedian": round(median_ms(cpu), 2), "msPerIcon": round(median_ms(times) / len(files), 4)}


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
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    swift = subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True).stdout.splitlines()
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "swift": swift[0] if swift else "", "numpy": np.__version__, "scipy": scipy.__version__,
            "scikitImage": skimage.__version__, "opencv": cv2.__version__,
            "openblasCoretype": os.environ.get("OPENBLAS_CORETYPE"),
            "loadAverageAtStart": [round(x, 2) for x in os.getloadavg()]}


def fmt_ms(ms: float) -> str:
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 1:
        return f"{ms:.2f} ms"
    return f"{ms * 1000:.1f} µs"


def table(report: dict) -> str:
    lines = ["| workload | iconaudit (Swift) | Python reference | Python ÷ Swift |", "|---|---|---|---|"]
    for m in report["measure"]:
        cli, ref, inproc = m["cli"], m["reference"], m["inProcess"]
        lines.append(f"| measure {cli['icons']} Lucide icons at {m['px']} px, whole CLI run "
                     f"(wall, {cli['runs']} runs) vs reference (1 process, {ref['runs']} runs) | "
                     f"{fmt_ms(cli['medianMs'])} ({cli['msPerIcon']:.3f} ms/icon; CPU {fmt_ms(cli['cpuMsMean'])}) | "
                     f"{fmt_ms(ref['medianMs'])} ({ref['msPerIcon']:.3f} ms/icon) | "
                     f"{ref['medianMs'] / cli['medianMs']:.1f}× |")
        lines.append(f"| measure at {m['px']} px, in-process, one thread (iconaudit-bench) | "
                     f"{fmt_ms(inproc['medianMs'])} ({inproc['msPerIcon']:.3f} ms/icon) | "
                     f"{ref['msPerIcon']:.3f} ms/icon | {ref['msPerIcon'] / inproc['msPerIcon']:.1f}× |")
    for m in report["measure"]:
        stages = m["inProcess"].get("stagesMsPerIcon", {})
        if stages:
            parts = ", ".join(f"{name} {ms:.3f}" for name, ms in sorted(stages.items(), key=lambda kv: -kv[1]))
            lines.append(f"\nWhere iconaudit's time goes at {m['px']} px (ms per icon, one thread, each stage "
                         f"alone; the stroke weight includes its skeleton and EDT): {parts}.")
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
        log(f"{px} px: Python reference ({args.ref_runs} runs)")
        ref = time_reference(folder, args.ref_runs)
        report["measure"].append({"px": px, "cli": cli, "inProcess": inproc, "reference": ref})
    log("EDT kernels")
    report["edt"] = bench_edt(bench_bin, [int(s) for s in args.edt_sizes.split(",")], args.edt_runs)

    text = table(report)
    print(text)
    args.out.mkdir(parents=True, exist_ok=True)
    json_path = args.out / f"bench-{report['date']}.json"
    json_path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    m = report["machine"]
    readme = f"""# Benchmarks

Latest run: {report['date']}, {m['cpu']} ({m['cores']} cores, load average {m['loadAverageAtStart'][0]} at the
start), {m['swift']}; Python {m['python']},
numpy {m['numpy']}, scipy {m['scipy']}, scikit-image {m['scikitImage']}, OpenCV {m['opencv']}.
Lucide {report['lucide']} (from PyPI, rendered with rsvg-convert; not committed).

{text}

- *whole CLI run*: `iconaudit measure --format json DIR`, wall time of the process (PNG decoding, all
  metrics, JSON), median of the runs ({report['measure'][0]['cli']['timer']}); the CLI measures icons
  on all cores, so its CPU time (user + system, mean) is given too. The reference runs in one process, one thread, timed in-process (imports excluded).
- *in-process*: `iconaudit-bench stages DIR`: `MetricsEngine.measure` over the decoded masks on one
  thread: the like-for-like per-icon figure against the reference (which also decodes, with Pillow).
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
