#!/usr/bin/env python3
"""Style and detail study (issue 16 patterns 3 and 7): the cues that tell a filled drawing from an
outline one, and how much detail professionally drawn families put into a bar icon, measured with
iconaudit's own `measure` on the open families of scripts/calibrate_sources.py.

    scripts/style_study.py --bin .build/release/iconaudit [--per 400] [--seed 1] [--out DIR]

Renders up to --per drawings of each (source, style) at the sizes apps ship (a 25 pt tab bar canvas
at @3x and @2x, as scripts/calibrate does), measures them, and prints for each the quantiles of
  density      ink ÷ hull area;
  stroke/size  the profile stroke ÷ √hull (a filled shape's "stroke" is a large share of its size);
  profile/contour  the profile stroke ÷ the contour estimate 2·ink ÷ P (≈ 1 for strokes, ≈ 2 for a
               disk: its contour estimate is its radius, its profile its diameter);
  holes, components;
  amount of line  C × stroke ÷ size (C = P² ÷ ink), what `too_much_detail` limits;
and the share of drawings each classifier puts in each class. A drawing of a filled style counts as
filled only when it has ≥ 1.6× the ink of the same name's outline drawing (else filling changed
nothing: a minus, a dot); the outline styles' labels are their family's.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _venv  # noqa: E402

_venv.ensure()
import numpy as np  # noqa: E402

import calibrate_sources as sources_mod  # noqa: E402
from calibrate import compose  # noqa: E402
from lucide_icons import ensure_rsvg_convert  # noqa: E402

# (source, style, label, outline counterpart style for the ink check)
SETS = [
    ("lucide", None, "outline", None),
    ("phosphor", "thin", "outline", None),
    ("phosphor", "light", "outline", None),
    ("phosphor", "regular", "outline", None),
    ("phosphor", "bold", "outline", None),
    ("phosphor", "fill", "filled", "regular"),
    ("tabler", None, "outline", None),
    ("tabler", "filled", "filled", None),
    ("mdi", "outline", "outline", None),
    ("mdi", "base", "filled", "outline"),
    ("papirus", None, "?", None),
    ("breeze", None, "?", None),
    ("yaru", None, "?", None),
]


def render(rsvg: str, svg: str, px: int, pad: float, path: Path) -> bool:
    text = compose(svg, px, px, pad, 1.0, 1.0)
    r = subprocess.run([rsvg, "-f", "png"], input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        return False
    from io import BytesIO  # noqa: PLC0415
    from PIL import Image  # noqa: PLC0415
    im = np.array(Image.open(BytesIO(r.stdout)).convert("RGBA"))
    im[..., :3] = 0
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(im, "RGBA").save(path)
    return True


def measure(binary: str, folder: Path) -> dict[str, dict]:
    out = subprocess.run([binary, "measure", "--format", "json", str(folder)], stdout=subprocess.PIPE, check=False)
    data = json.loads(out.stdout)
    return {i["id"]: i["metrics"] | {"scale": i["scale"]} for i in data["icons"]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--per", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(sources_mod.CACHE / "style-study"))
    ap.add_argument("--json", help="write every measured drawing here")
    args = ap.parse_args()
    rsvg = ensure_rsvg_convert()
    srcs = sources_mod.load(sorted({s for s, *_ in SETS}))
    out = Path(args.out)
    rows = []
    for source, style, label, counterpart in SETS:
        src = srcs[source]
        names = [n for n in src.names(style) if src.svg(n, style)]
        names = sorted(random.Random(f"{args.seed}{source}{style}").sample(names, min(args.per, len(names))))
        for scale in (3, 2):
            folder = out / f"{source}-{style or 'main'}-{scale}x"
            for name in names:
                p = folder / f"{name}@{scale}x.png"
                if not p.exists():
                    render(rsvg, src.svg(name, style), 25 * scale, src.pad, p)
            metrics = measure(args.bin, folder)
            ink_ref = {}
            if counterpart and scale == 3:
                cfolder = out / f"{source}-{counterpart}-{scale}x"
                for name in names:
                    q = cfolder / f"{name}@{scale}x.png"
                    if not q.exists() and src.svg(name, counterpart):
                        render(rsvg, src.svg(name, counterpart), 25 * scale, src.pad, q)
                ink_ref = {k: v["inkAreaPt2"] for k, v in measure(args.bin, cfolder).items()}
            for name, m in metrics.items():
                lab = label
                if counterpart and scale == 3:
                    ref = ink_ref.get(name)
                    lab = "filled" if ref and m["inkAreaPt2"] >= 1.6 * ref else "same"
                elif counterpart:
                    lab = "filled?"
                rows.append(dict(source=source, style=style or "main", label=lab, name=name, scale=scale, m=m))
        print(f"{source} {style}: {len(names)}", file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
