#!/usr/bin/env python3
"""Reference implementation of iconaudit's per-icon metrics in Python
(definitions: Sources/IconMetrics/Documentation.docc/Metrics.md).

It is written from those definitions with standard library routines (numpy, scipy,
scikit-image), independently of the Swift code, so that the two can be compared icon by icon; it is
also the speed reference of scripts/bench.

    scripts/reference_metrics.py DIR [--output FILE] [--repeat N] [--jobs N]

Input: a folder of PNGs (`name.png` has scale 1, `name@2x.png` scale 2: lengths in pt = px ÷ scale).
Output: JSON {"icons": [{"file", "scale", "widthPx", "heightPx", "metrics": {...}}], "timing": {...}},
metric names as in iconaudit's JSON report.

Conventions (those of Metrics.md): α = coverage 0…1 (the PNG's alpha); ink = Σα; core = α ≥ 0.5.
Coordinates are pixel-edge coordinates: pixel (i, j) covers x ∈ [i, i+1), y ∈ [j, j+1), y down.

- contour: skimage.measure.find_contours(α, 0.5) on α padded by one transparent pixel (so that
  shapes touching the border close); P = total contour length.
- extent: bounding box of the contour points; hull: scipy.spatial.ConvexHull of them;
  perceived size S = √(hull area).
- optical centre: α-weighted centroid minus the canvas centre (pt, and as a fraction of S).
- stroke weight: skeleton = skimage.morphology.skeletonize(core) (Zhang–Suen); at each skeleton
  pixel p, the normal n points to the nearest background pixel of the exact EDT
  (scipy.ndimage.distance_transform_edt(core, return_indices=True)); ∫α along p + t·n, α sampled
  bilinearly (scipy.ndimage.map_coordinates, order 1) every 0.25 px, walking out from p on each side
  until α falls to ~0 or starts rising again after falling below 0.5 (a neighbouring stroke);
  the weight is the median over skeleton pixels. Cross-check: 2·ink / P.
- detail density P² / ink; components: skimage.measure.label(core, connectivity=2) (8-connected ink);
  holes = components − Euler number (skimage.measure.euler_number, connectivity=2);
  skeleton end points (one neighbour, or two adjacent ones) and junctions (8-connected clusters of
  pixels of crossing number ≥ 3); the skeleton is skimage's, not iconaudit's, so these counts differ.
- style: "filled" if ink / hull > 0.6 else "outline"; density = ink / hull.
- hygiene: partialPixelRatio = #(0.02 < α < 0.98) / P; haloFraction = Σα at pixels farther than
  1.5 px from the core (EDT of the non-core) / ink, with the halo's α-centroid offset from the core's;
  opaqueBackground = α ≥ 0.98 over ≥ 90% of the canvas; colorSpread = largest α-weighted standard
  deviation of R, G, B (0…1) over α > 0.1 (this reference's own reading of "colour spread").
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _venv  # noqa: E402

_venv.ensure()

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402
from scipy import ndimage  # noqa: E402
from scipy.spatial import ConvexHull, QhullError  # noqa: E402
from skimage import measure, morphology  # noqa: E402

STEP_PX = 0.25
# Normal refinement: shortest chord within ± this angle of the EDT feature direction (see stroke_samples).
REFINE_DEGREES = 45.0
SCALE_RE = re.compile(r"@(\d+(?:\.\d+)?)x$")


def scale_of(path: Path) -> float:
    match = SCALE_RE.search(path.stem)
    return float(match.group(1)) if match else 1.0


def load_rgba(path: Path) -> np.ndarray:
    """RGBA as float64 in 0…1, shape (H, W, 4)."""
    with Image.open(path) as im:
        im.load()
        if im.mode in ("I;16", "I;16B", "I"):
            gray = np.asarray(im, dtype=np.float64) / 65535.0
            return np.dstack([gray, gray, gray, np.ones_like(gray)])
        rgba = np.asarray(im.convert("RGBA"), dtype=np.float64) / 255.0
    return rgba


def contours_of(alpha: np.ndarray) -> list[np.ndarray]:
    """α = 0.5 iso-lines as (N, 2) arrays of (x, y) in pixel-edge coordinates."""
    padded = np.pad(alpha, 1, mode="constant", constant_values=0.0)
    out = []
    for c in measure.find_contours(padded, 0.5):
        # find_contours gives (row, col) with pixel centres at integers; undo the pad, move to edges.
        out.append(np.column_stack([c[:, 1] - 0.5, c[:, 0] - 0.5]))
    return out


def _chord_integrals(alpha: np.ndarray, ys: np.ndarray, xs: np.ndarray, ny: np.ndarray, nx: np.ndarray,
                     k: int) -> np.ndarray:
    """∫α along ±k steps of STEP_PX from each (ys, xs) in direction (ny, nx); one value a point."""
    t = np.arange(-k, k + 1, dtype=np.float64) * STEP_PX
    py = ys[:, None] + ny[:, None] * t[None, :]
    px = xs[:, None] + nx[:, None] * t[None, :]
    values = ndimage.map_coordinates(alpha, [py.ravel(), px.ravel()], order=1, mode="constant",
                                     cval=0.0, prefilter=False).reshape(py.shape)
    centre = values[:, k]
    total = centre * STEP_PX
    for side in (values[:, k + 1:], values[:, k - 1::-1]):
        # Walk out from the centre; stop where α is ~0, or where it rises again after falling below
        # 0.5 (the next stroke).
        previous = np.concatenate([centre[:, None], side[:, :-1]], axis=1)
        running_min = np.minimum.accumulate(np.concatenate([centre[:, None], side], axis=1), axis=1)[:, :-1]
        stop = (side <= 1e-3) | ((side > previous + 1e-6) & (running_min < 0.5))
        keep = np.cumsum(stop, axis=1) == 0
        total = total + (side * keep).sum(axis=1) * STEP_PX
    return total


def stroke_samples(alpha: np.ndarray, core: np.ndarray, skeleton: np.ndarray,
                   refine_degrees: float = REFINE_DEGREES) -> np.ndarray:
    """∫α along the normal at each skeleton pixel (px).

    The normal starts as the direction to the nearest background pixel (EDT feature transform).
    That direction is quantised by the pixel grid (a 2 px line at 30° gets a normal up to ~30° off,
    so the chord reads 1/cos 30° = 15% long); with refine_degrees > 0 the chord is also taken at
    angles within ±refine_degrees of it (15° steps, then 2.5° steps around the best) and the
    shortest kept: for a straight stroke the
    shortest chord through its centre line is the one along the true normal.
    """
    dist, (iy, ix) = ndimage.distance_transform_edt(core, return_indices=True)
    ys, xs = np.nonzero(skeleton)
    if ys.size == 0:
        return np.zeros(0)
    dy = (iy[ys, xs] - ys).astype(np.float64)
    dx = (ix[ys, xs] - xs).astype(np.float64)
    base = np.arctan2(dy, dx)
    reach = float(dist[ys, xs].max()) + 3.0
    k = int(math.ceil(reach / STEP_PX))
    ysf, xsf = ys.astype(np.float64), xs.astype(np.float64)

    def chord(angle: np.ndarray) -> np.ndarray:
        return _chord_integrals(alpha, ysf, xsf, np.sin(angle), np.cos(angle), k)

    best_angle = base
    best = chord(base)
    if refine_degrees > 0:
        # Coarse to fine: 15° steps over ±refine_degrees, then 2.5° steps within ±7.5° of the best.
        coarse = np.arange(15.0, refine_degrees + 1e-9, 15.0)
        for stage, deltas in ((0, np.concatenate([-coarse, coarse])), (1, np.array([-7.5, -5, -2.5, 2.5, 5, 7.5]))):
            centre = base if stage == 0 else best_angle.copy()
            for delta in np.radians(deltas):
                value = chord(centre + delta)
                better = value < best
                best = np.where(better, value, best)
                best_angle = np.where(better, centre + delta, best_angle)
    return best


def _neighbourhood_tables() -> tuple[np.ndarray, np.ndarray]:
    """Crossing number (0 → 1 transitions around the ring) and neighbour count of each 8-bit code;
    bit k is the k-th neighbour clockwise from north (N, NE, E, SE, S, SW, W, NW)."""
    crossings = np.zeros(256, dtype=np.int32)
    counts = np.zeros(256, dtype=np.int32)
    for code in range(256):
        bits = [(code >> k) & 1 for k in range(8)]
        counts[code] = sum(bits)
        crossings[code] = sum(1 for k in range(8) if bits[k] == 0 and bits[(k + 1) % 8] == 1)
    return crossings, counts


CROSSINGS, COUNTS = _neighbourhood_tables()


def skeleton_points(skeleton: np.ndarray) -> tuple[int, int, int]:
    """End points (one neighbour, or two adjacent ones), junction pixels (crossing number ≥ 3) and
    junctions (8-connected clusters of junction pixels)."""
    padded = np.pad(skeleton.astype(np.int32), 1)
    h, w = skeleton.shape
    offsets = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
    code = np.zeros((h, w), dtype=np.int32)
    for k, (dy, dx) in enumerate(offsets):
        code |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] << k
    a, b = CROSSINGS[code], COUNTS[code]
    ends = skeleton & (a == 1) & (b >= 1) & (b <= 2)
    junction_pixels = skeleton & (a >= 3)
    junctions = int(measure.label(junction_pixels, connectivity=2).max()) if junction_pixels.any() else 0
    return int(ends.sum()), int(junction_pixels.sum()), junctions


def measure_icon(rgba: np.ndarray, scale: float, refine_degrees: float = REFINE_DEGREES) -> dict:
    alpha = rgba[..., 3]
    height, width = alpha.shape
    ink = float(alpha.sum())
    core = alpha >= 0.5
    result: dict = {"inkAreaPt2": ink / scale**2}
    if not core.any() or ink <= 0:
        result.update({"empty": True})
        return result

    contours = contours_of(alpha)
    perimeter = float(sum(np.hypot(*np.diff(c, axis=0).T).sum() for c in contours))
    points = np.concatenate(contours) if contours else np.zeros((0, 2))
    x0, y0 = points.min(axis=0)
    x1, y1 = points.max(axis=0)
    try:
        hull_area = float(ConvexHull(points).volume) if len(points) >= 3 else 0.0
    except QhullError:
        hull_area = 0.0
    size_px = math.sqrt(hull_area)

    yy, xx = np.mgrid[0:height, 0:width]
    cx = float((alpha * (xx + 0.5)).sum() / ink)
    cy = float((alpha * (yy + 0.5)).sum() / ink)
    off_x, off_y = cx - width / 2.0, cy - height / 2.0

    skeleton = morphology.skeletonize(core)
    weights = stroke_samples(alpha, core, skeleton, refine_degrees)
    stroke_px = float(np.median(weights)) if weights.size else 0.0
    end_points, _, junctions = skeleton_points(skeleton)

    labels = measure.label(core, connectivity=2)
    components = int(labels.max())
    euler = int(measure.euler_number(core, connectivity=2))

    partial = int(((alpha > 0.02) & (alpha < 0.98)).sum())
    from_core = ndimage.distance_transform_edt(~core)
    halo_mask = from_core > 1.5
    halo_ink = float(alpha[halo_mask].sum())
    halo = {"haloFraction": halo_ink / ink}
    if halo_ink > 0:
        core_alpha = np.where(core, alpha, 0.0)
        core_ink = float(core_alpha.sum())
        halo_alpha = np.where(halo_mask, alpha, 0.0)
        halo["haloOffsetPx"] = {
            "x": float((halo_alpha * xx).sum() / halo_ink - (core_alpha * xx).sum() / core_ink),
            "y": float((halo_alpha * yy).sum() / halo_ink - (core_alpha * yy).sum() / core_ink),
        }
    coloured = alpha > 0.1
    weights_c = alpha[coloured]
    spread = 0.0
    for channel in range(3):
        values = rgba[..., channel][coloured]
        mean = float((values * weights_c).sum() / weights_c.sum())
        spread = max(spread, math.sqrt(float((weights_c * (values - mean) ** 2).sum() / weights_c.sum())))

    density = ink / hull_area if hull_area > 0 else 0.0
    result.update({
        "extentPt": {"x": x0 / scale, "y": y0 / scale, "width": (x1 - x0) / scale, "height": (y1 - y0) / scale},
        "hullAreaPt2": hull_area / scale**2,
        "perceivedSizePt": size_px / scale,
        "opticalCenterOffsetPt": {"x": off_x / scale, "y": off_y / scale},
        "opticalCenterOffsetFraction": {"x": off_x / size_px if size_px else 0.0,
                                        "y": off_y / size_px if size_px else 0.0},
        "strokeWeightPx": stroke_px,
        "strokeWeightPt": stroke_px / scale,
        "strokeWeightCrossCheckPx": 2.0 * ink / perimeter if perimeter else 0.0,
        "contourLengthPx": perimeter,
        "detailDensity": perimeter**2 / ink,
        "components": components,
        "holes": components - euler,
        "skeletonEndPoints": end_points,
        "skeletonJunctions": junctions,
        "style": "filled" if density > 0.6 else "outline",
        "density": density,
        "partialPixelRatio": partial / perimeter if perimeter else 0.0,
        "opaqueBackground": bool((alpha >= 0.98).mean() >= 0.9),
        "colorSpread": spread,
        **halo,
    })
    return result


def measure_file(path: Path, refine_degrees: float = REFINE_DEGREES) -> dict:
    rgba = load_rgba(path)
    scale = scale_of(path)
    return {"file": path.name, "scale": scale, "widthPx": int(rgba.shape[1]), "heightPx": int(rgba.shape[0]),
            "metrics": measure_icon(rgba, scale, refine_degrees)}


def _measure_many(paths: list[Path], refine_degrees: float = REFINE_DEGREES) -> list[dict]:
    out = []
    for p in paths:
        try:
            out.append(measure_file(p, refine_degrees))
        except Exception as error:  # noqa: BLE001 - a bad file never stops the others
            out.append({"file": p.name, "error": str(error)})
    return out


def measure_all(paths: list[Path], jobs: int, refine_degrees: float = REFINE_DEGREES) -> list[dict]:
    if jobs <= 1:
        return _measure_many(paths, refine_degrees)
    from concurrent.futures import ProcessPoolExecutor
    chunks = [paths[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(_measure_many, chunks, [refine_degrees] * jobs))
    by_name = {r["file"]: r for part in parts for r in part}
    return [by_name[p.name] for p in paths]


def rounded(value):
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description="Reference (Python) per-icon metrics of iconaudit.")
    parser.add_argument("paths", nargs="+", type=Path, help="PNG files or folders of PNGs")
    parser.add_argument("--output", "-o", type=Path, help="write JSON here (default standard output)")
    parser.add_argument("--repeat", type=int, default=1, help="measure N times, report the median time")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--normal", choices=["refined", "edt"], default="refined",
                        help="stroke normal: the EDT feature direction refined to the shortest chord "
                             "(default), or the EDT feature direction alone (the normal without its refinement)")
    args = parser.parse_args()

    files: list[Path] = []
    for p in args.paths:
        files += sorted(p.rglob("*.png")) if p.is_dir() else [p]
    times = []
    icons: list[dict] = []
    for _ in range(max(1, args.repeat)):
        start = time.perf_counter()
        icons = measure_all(files, args.jobs, REFINE_DEGREES if args.normal == "refined" else 0.0)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    report = {
        "tool": "reference_metrics.py",
        "icons": rounded(icons),
        "normal": args.normal,
        "timing": {"runs": len(times), "jobs": args.jobs, "icons": len(files),
                   "secondsPerRun": [round(t, 4) for t in times], "medianSeconds": round(median, 4),
                   "medianMsPerIcon": round(1000 * median / max(1, len(files)), 4)},
    }
    text = json.dumps(report, indent=1, sort_keys=True)
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text + "\n")
    else:
        print(text)
    print(f"reference_metrics: {len(files)} icons, median {median:.3f} s "
          f"({1000 * median / max(1, len(files)):.2f} ms/icon, {len(times)} runs, {args.jobs} job(s))",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
