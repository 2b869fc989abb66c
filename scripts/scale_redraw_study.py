#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Scale variants redrawn at one scale: whether a cue tells one drawing redrawn at @2x (its thin lines
placed a pixel apart, VLC's `resetIcon`) from another drawing, as `scale_variant_mismatch` must
(issue 16 pattern 5; the write-up is Reports/real-apps/held-out-apps.md, "Session 14").

The rule compares an @2x file with the analysed @3x one on the @2x grid (the @3x mask box-filtered
by 1.5), both blurred by σ = 1 px of that grid (0.5 pt), by the peak of their NCC within ±1 px;
below 0.88 the files are "a different drawing" (an error). Measured here, for pairs of different
icons of one family (the calibration's untouched families at @3x: icon A's @3x mask against icon B's
@2x mask, B's made by box-filtering its @3x one) and for the real files given with --pair:

- the NCC at σ = 0.5 pt (the rule now) and at σ = 1 pt (one pixel of @1x, as the rule's @1x
  figures were measured);
- the ink boxes' (α ≥ 0.5) larger width or height difference in points, "same box" when within
  1 px of each grid (0.5 + 1/3 pt), as the rule's padded-canvas test asks;
- the ink ratio, Σα ÷ scale² of B over A;
- the unmatched ink share the rule now measures (`ScaleVariant.unmatchedInkShare`, session 15): on
  the @2x grid, the larger of the ink of each farther than 1 pt (2 px, a (2r+1)² square) from any
  pixel of the other with coverage ≥ 0.25 and the background of each where the other is solid
  (≥ 0.75) all around within 1 pt, over the lesser ink. Below `maximumUnmatchedShare` (0.01) a file
  under the NCC threshold is the drawing drawn again (a warning), not another drawing (an error).

    scripts/scale_redraw_study.py --cases CASES [--pairs-per-family 12 | 0 for every pair] [--seed 2]
        [--pair ANALYSED@3x.png OTHER@2x.png]...

Deterministic for a seed. Needs numpy, scipy and pillow (scripts/requirements.txt). A --pair file
that cannot be read as an image, or whose sizes are not 3:2, is a usage error naming the file.
"""
import argparse
import glob
import itertools
import os
import random

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter, maximum_filter, minimum_filter


class Unreadable(Exception):
    """A file that is not an image this study can read."""


def alpha(path: str) -> np.ndarray:
    try:
        with Image.open(path) as image:
            return np.array(image.convert("RGBA"))[:, :, 3] / 255.0
    except (OSError, ValueError) as error:  # missing, unreadable, not an image, truncated
        raise Unreadable(f"{path}: {error}") from error


def on_2x_grid(mask3: np.ndarray) -> np.ndarray:
    """A @3x mask box-filtered onto the @2x grid (each @3x pixel split in 2×2, then 3×3 boxes)."""
    up = np.kron(mask3, np.ones((2, 2)))
    h, w = up.shape[0] // 3 * 3, up.shape[1] // 3 * 3
    return up[:h, :w].reshape(h // 3, 3, w // 3, 3).mean(axis=(1, 3))


def ncc_peak(a: np.ndarray, b: np.ndarray, sigma_px: float, shift: int = 1) -> float:
    """The peak NCC within ±shift px of the two masks, each padded and blurred by sigma_px."""
    pad = int(np.ceil(3 * sigma_px)) + shift
    a = gaussian_filter(np.pad(a, pad), sigma_px)
    b = gaussian_filter(np.pad(b, pad), sigma_px)
    best = -1.0
    for dy in range(-shift, shift + 1):
        for dx in range(-shift, shift + 1):
            moved = np.roll(np.roll(b, dy, 0), dx, 1)
            x, y = a - a.mean(), moved - moved.mean()
            norm = np.sqrt((x * x).sum() * (y * y).sum())
            if norm > 0:
                best = max(best, float((x * y).sum() / norm))
    return best


PRESENT = 0.25


def unmatched_share(a: np.ndarray, b: np.ndarray, radius_px: int = 2) -> float:
    """The rule's unmatched ink share of two masks on one grid (see the module docstring)."""
    size = 2 * radius_px + 1
    dil_a, dil_b = maximum_filter(a, size=size, mode="constant"), maximum_filter(b, size=size, mode="constant")
    ero_a, ero_b = minimum_filter(a, size=size, mode="constant"), minimum_filter(b, size=size, mode="constant")
    ink = min(a.sum(), b.sum())
    if a.sum() == 0 and b.sum() == 0:
        return 0.0
    if ink == 0:
        return 1.0
    parts = [(a * (dil_b < PRESENT)).sum(), (b * (dil_a < PRESENT)).sum(),
             ((1 - a) * (ero_b >= 1 - PRESENT)).sum(), ((1 - b) * (ero_a >= 1 - PRESENT)).sum()]
    return float(max(parts) / ink)


def box_pt(mask: np.ndarray, scale: float):
    ys, xs = np.nonzero(mask >= 0.5)
    if len(xs) == 0:
        return None
    return (xs.max() - xs.min() + 1) / scale, (ys.max() - ys.min() + 1) / scale


def cues(analysed3: np.ndarray, other2: np.ndarray) -> dict | None:
    a, b = box_pt(analysed3, 3), box_pt(other2, 2)
    if a is None or b is None:
        return None
    grid = on_2x_grid(analysed3)
    h, w = min(grid.shape[0], other2.shape[0]), min(grid.shape[1], other2.shape[1])
    return {"ncc_half_pt": ncc_peak(grid, other2, 1.0), "ncc_1pt": ncc_peak(grid, other2, 2.0),
            "box_pt": max(abs(a[0] - b[0]), abs(a[1] - b[1])),
            "ink": (other2.sum() / 4) / max(analysed3.sum() / 9, 1e-9),
            "unmatched": unmatched_share(grid[:h, :w], other2[:h, :w])}


SAME_BOX_PT = 0.5 + 1 / 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", required=True, help="a calibration cases folder (scripts/calibrate --cases)")
    parser.add_argument("--pairs-per-family", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--pair", nargs=2, action="append", default=[], metavar=("ANALYSED3X", "OTHER2X"))
    args = parser.parse_args()
    # The pairs given by hand first: a file that cannot be read or compared is a usage error that
    # names it, before the minutes the calibration pairs take.
    given = []
    for analysed, other in args.pair:
        try:
            a, b = alpha(analysed), alpha(other)
        except Unreadable as error:
            parser.error(f"--pair: cannot read {error}")
        if a.shape[0] * 2 != b.shape[0] * 3 or a.shape[1] * 2 != b.shape[1] * 3:
            parser.error(f"--pair: {other} ({b.shape[1]}×{b.shape[0]} px) is not 2/3 of {analysed} "
                         f"({a.shape[1]}×{a.shape[0]} px): give an @3x file and its @2x file")
        c = cues(a, b)
        if c is None:
            parser.error(f"--pair: {analysed} or {other} has no pixel with α ≥ 0.5")
        given.append((analysed, other, c))
    rng = random.Random(args.seed)
    rows = []
    for family in sorted(glob.glob(os.path.join(args.cases, "untouched", "*", "*", ""))):
        files = sorted(glob.glob(family + "*@3x.png"))
        pairs = list(itertools.combinations(files, 2))
        if args.pairs_per_family > 0:
            pairs = rng.sample(pairs, min(args.pairs_per_family, len(pairs)))
        for a, b in pairs:
            c = cues(alpha(a), on_2x_grid(alpha(b)))
            if c:
                rows.append(c)
    n_half = np.array([r["ncc_half_pt"] for r in rows])
    n_1pt = np.array([r["ncc_1pt"] for r in rows])
    same_box = np.array([r["box_pt"] <= SAME_BOX_PT + 1e-9 for r in rows])
    ink10 = np.array([abs(np.log(r["ink"])) <= np.log(1.1) for r in rows])
    print(f"different icons of one family: {len(rows)} pairs (@3x against another's @2x)")
    for label, v in (("NCC at 0.5 pt (the rule)", n_half), ("NCC at 1 pt", n_1pt)):
        print(f"  {label}: median {np.median(v):.3f}, 98th percentile {np.percentile(v, 98):.3f}, "
              f"max {v.max():.3f}, >= 0.88: {(v >= 0.88).sum()}")
    print(f"  same ink box (within {SAME_BOX_PT:.2f} pt): {same_box.sum()}; and ink within 10%: {(same_box & ink10).sum()}")
    for t in (0.7, 0.75, 0.8, 0.85):
        print(f"  same box, ink within 10% and NCC at 1 pt >= {t}: {(same_box & ink10 & (n_1pt >= t)).sum()}")
    unmatched = np.array([r["unmatched"] for r in rows])
    flagged = n_half < 0.88
    print(f"  unmatched ink share of the {flagged.sum()} pairs below NCC 0.88: min {unmatched[flagged].min():.3f}, "
          + ", ".join(f"below {t}: {(unmatched[flagged] < t).sum()}" for t in (0.01, 0.02, 0.03)))
    for analysed, other, c in given:
        print(f"{os.path.basename(analysed)} against {os.path.basename(other)}: "
              + ", ".join(f"{k} {v:.3f}" for k, v in c.items()))


if __name__ == "__main__":
    main()
