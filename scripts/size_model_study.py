#!/usr/bin/env python3
"""How noisy is a size model on a real family? The calibration behind FamilyAnalyzer.effectiveSize.

Measures every Lucide icon with `iconaudit measure` (48 px), then draws random 30-icon families
and counts how many untouched icons fall outside ±15% of their family's median size (the
perceived_size_outlier error band), for several size models:

- hull:        S = √(hull area)                              (the perceived size of Metrics.md)
- maxext:      the larger side of the extent
- hull+floor:  √max(hull, 0.7 × extent area)                 (effectiveSize)
- … + open:    the same, not flagging open stroke glyphs (outline, no holes) for being small

    scripts/size_model_study.py [--families 1000]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
from check_family_rules import binary  # noqa: E402
from lucide_icons import DEFAULT_CACHE, fetch_svgs  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--families", type=int, default=1000)
    args = parser.parse_args()
    out = subprocess.run([str(binary()), "measure", "--format", "json", str(fetch_svgs(DEFAULT_CACHE))],
                         capture_output=True, text=True, check=True).stdout
    icons = {i["id"]: i["metrics"] for i in json.loads(out)["icons"]}
    names = sorted(icons)

    def hull(m): return math.sqrt(m["hullAreaPt2"])
    def maxext(m): return max(m["extentPt"]["width"], m["extentPt"]["height"])
    def floor(m): return math.sqrt(max(m["hullAreaPt2"], 0.7 * m["extentPt"]["width"] * m["extentPt"]["height"]))
    def is_open(m): return m["style"] == "outline" and m["holes"] == 0
    models = {"hull": (hull, False), "maxext": (maxext, False), "hull+floor": (floor, False),
              "hull+floor, open exempt": (floor, True)}
    for label, (size, exempt) in models.items():
        rng = random.Random(1)
        flagged = total = 0
        for _ in range(args.families):
            family = rng.sample(names, 30)
            values = sorted(size(icons[n]) for n in family)
            median = (values[14] + values[15]) / 2
            for n in family:
                r = size(icons[n]) / median
                small = r < 0.85 and not (exempt and is_open(icons[n]))
                flagged += small or r > 1 / 0.85
                total += 1
        print(f"{label:26s} untouched icons beyond ±15% of the family median: {flagged / total:.1%}")


if __name__ == "__main__":
    main()
