#!/usr/bin/env python3
"""Where an audit's CPU time goes, by part: decoding, each metric, rules, the report.

    scripts/perf_breakdown.py [--corpus DIR] [--bin BINDIR] [--frequency HZ] [--keep FILE]
    scripts/perf_breakdown.py --history [PATH] [--tags PATTERN] [--bin BINDIR] ...

Runs `iconaudit audit --format json --no-cache` (the cold audit) on the corpus (default: the scale benchmark's 10,000 icons,
scripts/.cache/scale/corpus-10000-f240; make it with scripts/bench_scale) under `perf record -g`,
then gives each CPU sample to the innermost frame on its call stack that belongs to a known part
(symbols demangled with `swift demangle`): the stroke profile's chords count as the stroke weight
even when the sample landed in a helper they call. Samples with no known frame are "other"
(allocation, reference counting, the kernel, thread start-up).

With --history, profiles `iconaudit history --tags PATTERN PATH --format json --no-cache` instead
(default: the bench_scale history repository's catalog, scripts/.cache/history/catalog-500x20/Icons,
tags 'r*'; make it with `scripts/bench_scale --cache`): the history's own parts (git objects and
work folders, snapshots, cache lookups) are counted too, and the `git cat-file` child's samples as
"git (the cat-file process)".

Needs Linux `perf` (Debian: linux-perf) and `swift` on PATH. Prints a Markdown table: each part's
share of the samples, and its CPU seconds (samples ÷ sampling frequency).
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bin  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# (part, pattern on the demangled function name, innermost match wins). Order matters where one
# pattern would also match another part's names.
PARTS = [
    ("stroke weight: chords across the stroke", r"^StrokeWeight\.Profile"),
    ("stroke weight: skeleton", r"^Skeleton\."),
    ("stroke weight: nearest background pixels", r"^NearestFeatureQuery"),
    ("stroke weight: the rest", r"^StrokeWeight"),
    ("contour (marching squares)", r"^Contour"),
    ("convex hull", r"^ConvexHull"),
    ("text detection", r"^TextDetector"),
    ("text detection: stamped letters (their search and templates)", r"^(StampedText|TemplateCache)"),
    ("connected components", r"^ConnectedComponents"),
    ("template hygiene", r"^TemplateHygiene"),
    ("spectrum: signature", r"^Spectrum\.(signature|TentWeights)"),
    ("spectrum: NCC, FFTW", r"^Spectrum|libfftw"),
    ("compact mask", r"^CompactMask"),
    ("measurement: first pass, topology", r"^MetricsEngine"),
    ("PNG decoding (libpng, zlib)", r"^(PNGCodec|IconLoader|inflate|adler32|png_|crc32)|libpng|libz\.so"),
    ("alpha mask", r"AlphaMask|alphaMask"),
    ("family statistics and rules", r"^(FamilyAnalyzer|Auditor|StatePairing|auditIcons|FamilyReport|RobustSpread)|Rule"),
    ("JSON report", r"^(JSON|OutputFile)"),
    ("discovery", r"^(IconDiscovery|FolderListing)"),
    ("measurement pipeline", r"^MeasurementPipeline"),
    # The history's own parts (issue 18): innermost wins, so these are before nothing they contain.
    ("history: git objects and work folders", r"^(GitObjects|GitWorkFolder)"),
    ("history: snapshots", r"^(Snapshot\b|Snapshot\.|HistoryReport|HistoryWriter)"),
    ("cache lookup (keys, entries, known digests)", r"^(CachedMeasurement|MeasurementCache|KnownFileDigests|FileDigestIndex)"),
    ("SHA-256 (file contents, cache keys)", r"^SHA256"),
    ("bar icon scope and roles", r"^(BarIconScope|AuditConfiguration\.role|AuditFrontend\.(barIcons|auditIcons|role))"),
]
GIT_PART = "git (the cat-file process)"
PREFIXES = re.compile(r"^((specialized|merged|outlined|static|partial apply for|reabstraction thunk helper from) "
                      r"|(implicit )?closure #\d+ .*? in |generic specialization <.*?> of )+")


def release_bin(given: str | None) -> Path:
    if given:
        return Path(given)
    return _bin.bin_dir()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(ROOT / "scripts/.cache/scale/corpus-10000-f240"))
    parser.add_argument("--bin", help="folder of the release build (default: the release build, built first when missing or stale)")
    parser.add_argument("--frequency", type=int, default=2000, help="samples per second and thread (default 2000)")
    parser.add_argument("--keep", help="also write the perf script output to this file")
    parser.add_argument("--history", nargs="?", const=str(ROOT / "scripts/.cache/history/catalog-500x20/Icons"),
                        help="profile `history --tags PATTERN PATH` (default PATH: the bench_scale history repository's catalog)")
    parser.add_argument("--tags", default="r*", help="the tag pattern of --history (default 'r*')")
    args = parser.parse_args()
    corpus = Path(args.history or args.corpus)
    if not corpus.is_dir():
        sys.exit(f"perf_breakdown: no {'catalog' if args.history else 'corpus'} at {corpus} "
                 f"(scripts/bench_scale{' --cache' if args.history else ''} makes it)")
    binary = release_bin(args.bin) / "iconaudit"
    if not binary.exists():
        sys.exit(f"perf_breakdown: {binary} does not exist (swift build -c release)")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        audit = [str(binary), "audit", "--format", "json", "--no-cache", "--output", str(Path(tmp) / "audit.json"), str(corpus)]
        if args.history:
            audit = [str(binary), "history", "--tags", args.tags, str(corpus), "--format", "json", "--no-cache",
                     "--output", str(Path(tmp) / "history.json")]
        rc = subprocess.run(["perf", "record", "-F", str(args.frequency), "-g", "-o", str(data), "--"] + audit,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if rc.returncode not in (0, 1):  # 1: the audit had findings
            sys.exit(f"perf_breakdown: perf record failed ({rc.returncode}): {rc.stderr[-500:]}")
        script = subprocess.run(["perf", "script", "-i", str(data)], check=True, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout
    if args.keep:
        Path(args.keep).write_text(script)

    stacks: list[list[tuple[str, str]]] = []
    commands: list[str] = []
    current: list[tuple[str, str]] = []
    command = ""
    for line in script.splitlines():
        if line.startswith("\t"):
            parts = line.split(None, 2)
            if len(parts) >= 2:
                current.append((parts[1], parts[2] if len(parts) > 2 else ""))
        elif not line.strip():
            if current:
                stacks.append(current)
                commands.append(command)
            current = []
        else:
            command = line.split(None, 1)[0]
    if current:
        stacks.append(current)
        commands.append(command)
    symbols = sorted({symbol for stack in stacks for symbol, _ in stack})
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(symbols), check=True,
                               stdout=subprocess.PIPE, text=True).stdout.splitlines()
    names = {s: PREFIXES.sub("", d) for s, d in zip(symbols, demangled)}
    patterns = [(part, re.compile(pattern)) for part, pattern in PARTS]

    counts: collections.Counter[str] = collections.Counter()
    for stack, command in zip(stacks, commands):
        if command == "git":
            counts[GIT_PART] += 1
            continue
        part = "other (allocation, reference counting, kernel, threads)"
        for symbol, where in stack:
            name = names.get(symbol, symbol) + " " + where
            match = next((p for p, rx in patterns if rx.search(name)), None)
            if match:
                part = match
                break
        counts[part] += 1
    total = sum(counts.values())
    seconds = total / args.frequency
    what = f"`iconaudit history --tags '{args.tags}' PATH --format json --no-cache` of {corpus}" if args.history \
        else f"`iconaudit audit --format json` of {corpus}"
    print(f"{total} samples at {args.frequency} Hz: {seconds:.2f} s of CPU ({what})\n")
    print("| part | share of the CPU | CPU s |")
    print("|---|---|---|")
    for part, n in counts.most_common():
        print(f"| {part} | {100 * n / total:.1f}% | {n / args.frequency:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
