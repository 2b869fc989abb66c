#!/usr/bin/env python3
"""Calibration harness (issue 16): iconaudit's verdicts on many real icon families with known answers.

    scripts/calibrate [--full] [--details] [--no-gate] [--sources phosphor,tabler,...] [--seed 1]
    scripts/calibrate.py --bin .build/release/iconaudit [same options]      (no build)

1. Families (scripts/calibrate_sources.py; downloaded once into scripts/.cache/calibrate, never
   committed): Phosphor, Tabler, Material Design Icons, Lucide (PyPI) and the symbolic icons of
   Papirus, Breeze and Yaru (Debian, `apt-get download` + `dpkg-deb`, nothing installed).
2. Cases, seeded, rendered with rsvg-convert (black on transparent, the alpha is the coverage) at
   the sizes apps ship: tab bar 25 pt and toolbar 22 pt, @2x and @3x (50/75, 44/66 px), in folders
   iconaudit reads (CASES/<group>/<family>/<TabBar|Toolbar>/name@3x.png):
   - untouched families of 5–40 icons from each source;
   - the same families with one injected outlier each, one kind at a time: the glyph scaled 0.8× /
     1.2× about the canvas centre; stroke ×1.33 / ×1.5 (stroke-width; Phosphor's ×1.5 is its bold
     weight); a filled icon among outlines (Phosphor fill, Tabler filled, MDI X among X-outline;
     also 3 filled among 30 outlines); an icon of another family;
   - selected pairs (tab bar): good (outline + its filled version; regular + bold / heavier
     stroke) and broken (one selected state missing; a different drawing as the selected state);
   - exact downsamples: drawn at @6x, PIL `reduce` to @3x, @2x, @1x as one icon's scale variants;
   - template faults on clean icons: two colours, drop shadow, no antialiasing, opaque background,
     wrong canvas for the role, text (AB / NEW / 24 in a corner over the strokes; a word under the
     glyph), and the clean icons themselves.
3. Audits each group with `iconaudit audit --format json` and prints every figure beside its target
   from issue 16's "Done when"; writes Reports/calibration/calibration.json and README.md; exit 1
   when a target is missed (--gate regressions: only when a figure is worse than in the committed
   calibration.json, same mode and seed; --no-gate: never). --details lists, per missed figure, the
   icons and the findings' messages. The cases stay on disk (printed at the end) for auditing one by
   hand: `iconaudit audit scripts/.cache/calibrate/cases/injected/scale0.8/lucide-03`.

Default mode ≈ 11,500 icons in 460 families: about 1 min on 2 cores once the sources are downloaded
(~75 MB, once) and rendered (renders are cached by content: ~2 min the first time); --full ≈ 33,000
icons, ~4 min the first time. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bin  # noqa: E402
import _venv  # noqa: E402

_venv.ensure()

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402
from scipy.ndimage import gaussian_filter  # noqa: E402

import calibrate_sources as sources_mod  # noqa: E402
from check_hygiene_rules import font, opaque_background, thresholded, two_colours  # noqa: E402
from lucide_icons import ensure_rsvg_convert  # noqa: E402

SCRIPTS = Path(__file__).resolve().parent
ROOT = SCRIPTS.parent
CACHE = sources_mod.CACHE
REPORT_DIR = ROOT / "Reports" / "calibration"

ROLES = {"TabBar": 25, "Toolbar": 22}          # canvas side in pt
SHIPPED = [("TabBar", 3), ("TabBar", 2), ("Toolbar", 3), ("Toolbar", 2)]  # 75, 50, 66, 44 px

SIZE, STROKE, STYLE = "perceived_size_outlier", "stroke_weight_outlier", "style_mismatch"
FAMILY_RULES = [SIZE, STROKE, STYLE, "detail_density_outlier"]
HYGIENE_RULES = ["template_not_monochrome", "template_opaque_background", "missing_antialiasing", "drop_shadow",
                 "canvas_size", "text_in_icon"]
MODES = {  # per source: untouched families (also the injected families' bases), pair families per
    #        pair type, downsample families, fault sample
    "default": dict(families=10, pairs=4, downsample=3, faults=30, min_size=5, max_size=40),
    "full": dict(families=30, pairs=10, downsample=6, faults=80, min_size=5, max_size=40),
}
# Injected kinds: expected rules for a true positive, and which sources can have them.
KINDS = {
    "scale 0.8": dict(rules=[SIZE], sources=None),
    "scale 1.2": dict(rules=[SIZE], sources=None),
    "stroke 1.33": dict(rules=[STROKE], sources=["phosphor", "tabler", "lucide", "heroicons"]),
    "stroke 1.5": dict(rules=[STROKE], sources=["phosphor", "tabler", "lucide", "heroicons"]),
    "filled": dict(rules=[STYLE], sources=["phosphor", "tabler", "mdi", "heroicons", "fontawesome", "bootstrap",
                                           "octicons"]),
    "3 filled of 30": dict(rules=[STYLE], sources=["phosphor", "tabler", "mdi", "heroicons", "fontawesome",
                                                   "bootstrap", "octicons"]),
    "foreign": dict(rules=[SIZE, STROKE, STYLE], sources=None),
}
# The icon of another family: donors whose drawing differs by style or by a stroke ≥ 1.33× (an
# icon of a family drawn like the target's own would be no outlier at all). (source, style).
# Papirus draws its symbolic lines 2 px wide at 16 px: 2.5 pt on a 25 pt canvas, 2.2 pt on 22 pt
# (the median stroke of its untouched outline groups). Lucide's and Tabler's 2 px at 24 px are
# 2.08 and 1.83 pt there, 1.2× lighter, line drawings among Papirus's lines and solids: neither
# criterion holds, so they are no donors for Papirus (they were until issue 16's foreign-family
# work, and 8 of their 10 went unflagged, by eye no clearer than a ×1.2 stroke). Phosphor light
# (1.1 pt, 2.1× lighter) replaces them. Breeze and Yaru draw 1 px lines (1.25 / 1.1 pt): Lucide's
# and Tabler's are 1.66× heavier there.
DONORS = {
    "phosphor": [("lucide", None), ("tabler", None), ("tabler", "filled")],
    "tabler": [("phosphor", "thin"), ("phosphor", "light"), ("phosphor", "fill")],
    "mdi": [("phosphor", "thin"), ("phosphor", "light")],
    "lucide": [("phosphor", "thin"), ("phosphor", "light"), ("phosphor", "fill")],
    "papirus": [("phosphor", "thin"), ("phosphor", "light")],
    "breeze": [("phosphor", "thin"), ("lucide", None), ("tabler", None)],
    "yaru": [("phosphor", "thin"), ("lucide", None), ("tabler", None)],
    # Held-out sources (sources_mod.HELD_OUT, never calibrated on; not run by CI). Heroicons draws
    # 1.5 px at 24 px: Phosphor thin and fill differ by stroke and by style. Font Awesome's regular
    # glyphs are heavy outlined shapes (2.34 pt on a 25 pt canvas): Phosphor thin and light (1.1 pt)
    # are ≥ 2× lighter; Lucide (2.08 pt, 1.12× lighter) is no outlier there.
    "heroicons": [("phosphor", "thin"), ("phosphor", "fill")],
    "fontawesome": [("phosphor", "thin"), ("phosphor", "light")],
    # Second held-out round (issue 16). Adwaita's symbolic lines are 2 px at 16 px, as Papirus's:
    # Phosphor thin and light are ≥ 2× lighter. Bootstrap draws 1 px at 16 px (1.25 pt with the
    # symbolic margin), as Breeze: Phosphor thin is 1.6× lighter, Lucide and Tabler ≥ 1.46× heavier.
    # Octicons draws 1.5 px at 24 px, as Heroicons: Phosphor thin (2× lighter) and fill (style).
    "adwaita": [("phosphor", "thin"), ("phosphor", "light")],
    "bootstrap": [("phosphor", "thin"), ("lucide", None), ("tabler", None)],
    "octicons": [("phosphor", "thin"), ("phosphor", "fill")],
}
PAIR_TYPES = {  # source → pair type → (unselected style, selected style, selected stroke factor)
    "phosphor": {"outline+filled": ("regular", "fill", 1.0), "regular+bold": ("regular", "bold", 1.0)},
    "tabler": {"outline+filled": ("outline", "filled", 1.0), "regular+bold": ("outline", "outline", 1.5)},
    "mdi": {"outline+filled": ("outline", "base", 1.0)},
    "heroicons": {"outline+filled": ("outline", "solid", 1.0)},
    "fontawesome": {"outline+filled": ("regular", "solid", 1.0)},
    "bootstrap": {"outline+filled": ("outline", "fill", 1.0)},
    "octicons": {"outline+filled": ("outline", "fill", 1.0)},
    "lucide": {"regular+bold": (None, None, 1.5)},
}
FAULTS = {"colour": "template_not_monochrome", "shadow": "drop_shadow", "no antialiasing": "missing_antialiasing",
          "opaque background": "template_opaque_background", "wrong canvas": "canvas_size",
          "text in a corner": "text_in_icon", "word under glyph": "text_in_icon"}
FILLED_INK = 1.6  # a filled version has at least this × the ink of its outline drawing
CORNER_TEXTS = ["AB", "NEW", "24"]
WORDS = ["Home", "Mail", "Map", "Shop", "Chat", "Info"]
TARGETS = dict(untouched_error=0.03, untouched_warning=0.08, precision=0.85, recall=0.9, good_pairs=0.05,
               broken_pairs=1.0, downsample=0.0, faults=0.95, clean=0.03)
OFFENDERS_KEPT = 80  # per figure in calibration.json (--details prints from the same list)
FLAG = ("error", "warning")  # severities that flag (info does not)


def log(message: str) -> None:
    print(f"calibrate: {message}", file=sys.stderr, flush=True)


# MARK: - rendering

@dataclass(frozen=True)
class Drawing:
    """One SVG drawing placed on a canvas: what a render is keyed on."""
    source: str
    name: str
    style: str | None = None
    stroke: float = 1.0
    scale: float = 1.0


def compose(svg: str, width: int, height: int, pad: float, scale: float, stroke: float) -> str:
    """The drawing's viewBox mapped onto a width×height px canvas (square, centred, `pad` of the
    shorter side as margin), then scaled by `scale` about the canvas centre."""
    if stroke != 1.0:
        svg = sources_mod.scale_stroke(svg, stroke)
    namespaces = dict(re.findall(r'xmlns:(\w+)="([^"]+)"', svg))
    namespaces.setdefault("xlink", "http://www.w3.org/1999/xlink")
    for prefix, uri in (("sodipodi", "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"),
                        ("inkscape", "http://www.inkscape.org/namespaces/inkscape"),
                        ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"), ("cc", "http://creativecommons.org/ns#"),
                        ("dc", "http://purl.org/dc/elements/1.1/"), ("svg", "http://www.w3.org/2000/svg")):
        namespaces.setdefault(prefix, uri)
    attrs, inner, box = sources_mod.svg_root(svg)
    side = min(width, height) * (1 - 2 * pad)
    x, y = (width - side) / 2, (height - side) / 2
    cx, cy = width / 2, height / 2
    ns = " ".join(f'xmlns:{k}="{v}"' for k, v in sorted(namespaces.items()))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" {ns} width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><g transform="translate({cx} {cy}) scale({scale}) '
            f'translate({-cx} {-cy})"><svg x="{x:.4f}" y="{y:.4f}" width="{side:.4f}" height="{side:.4f}" '
            f'viewBox="{box}" {attrs}>{inner}</svg></g></svg>')


class Renderer:
    """Renders drawings with rsvg-convert into a content-addressed cache (black, alpha = coverage)."""

    def __init__(self, srcs: dict, cache: Path, jobs: int):
        self.srcs, self.cache, self.jobs = srcs, cache, jobs
        self.cache.mkdir(parents=True, exist_ok=True)
        self.pending: dict[Path, str] = {}
        self.rsvg = ensure_rsvg_convert()
        if not self.rsvg:
            raise SystemExit("calibrate: rsvg-convert is needed (Debian: librsvg2-bin)")
        self.rendered = 0

    def svg_of(self, d: Drawing) -> str | None:
        return self.srcs[d.source].svg(d.name, d.style)

    def request(self, d: Drawing, width: int, height: int) -> Path:
        svg = self.svg_of(d)
        if svg is None:
            raise KeyError(f"{d.source}: no drawing {d.name} ({d.style})")
        text = compose(svg, width, height, self.srcs[d.source].pad, d.scale, d.stroke)
        digest = hashlib.sha1(text.encode()).hexdigest()
        path = self.cache / digest[:2] / f"{digest}.png"
        if not path.exists():
            self.pending[path] = text
        return path

    def flush(self) -> None:
        todo = sorted(self.pending.items())
        self.pending = {}
        failures = []

        def one(item: tuple[Path, str]) -> None:
            path, text = item
            result = subprocess.run([self.rsvg, "-f", "png"], input=text.encode(), stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            if result.returncode != 0:
                failures.append((path, result.stderr.decode()[:200]))
                return
            from io import BytesIO  # noqa: PLC0415
            im = np.array(Image.open(BytesIO(result.stdout)).convert("RGBA"))
            im[..., :3] = 0  # template: one colour, the alpha carries the drawing
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            Image.fromarray(im, "RGBA").save(tmp, format="PNG")
            os.replace(tmp, path)

        if len(todo) >= 100:
            log(f"rendering {len(todo)} new drawings with rsvg-convert (cached in {self.cache})")
        if todo:
            with ThreadPoolExecutor(max_workers=self.jobs) as pool:
                list(pool.map(one, todo))
        self.rendered += len(todo) - len(failures)
        if failures:
            raise SystemExit(f"calibrate: {len(failures)} renders failed, first: {failures[0]}")


# MARK: - image faults (numpy RGBA, 0–255 floats)

def load_rgba(path: Path) -> np.ndarray:
    return np.array(Image.open(path).convert("RGBA")).astype(np.float64)


def save_rgba(array: np.ndarray, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.clip(np.round(array), 0, 255).astype(np.uint8), "RGBA").save(path)


def shadow(im: np.ndarray, scale: int, rng: random.Random) -> np.ndarray:
    """A soft, offset copy of the glyph under it: 0.7–1.3 pt down (or down-right), σ 0.4–0.8 pt,
    30–50% opacity."""
    a = im[..., 3] / 255
    dy = max(1, round(rng.uniform(0.7, 1.3) * scale))
    dx = dy if rng.random() < 0.5 else 0
    moved = np.zeros_like(a)
    moved[dy:, dx:] = a[:a.shape[0] - dy, :a.shape[1] - dx]
    s = gaussian_filter(moved, rng.uniform(0.4, 0.8) * scale) * rng.uniform(0.3, 0.5)
    out = im.copy()
    out[..., :3] = 0
    out[..., 3] = (a + s * (1 - a)) * 255
    return out


def _text_layer(text: str, cap_px: float, size: tuple[int, int], anchor: str, max_width: float) -> np.ndarray:
    """Alpha 0–255 of `text` in DejaVu Sans Bold with capitals cap_px tall (less if the text would be
    wider than max_width), at the bottom-right corner (anchor "corner") or bottom centre ("bottom"),
    1 px from the edge."""
    w, h = size
    probe = font(100)
    draw = ImageDraw.Draw(Image.new("L", (10, 10)))
    cap = draw.textbbox((0, 0), "H", font=probe)
    wide = draw.textbbox((0, 0), text, font=probe)
    px = min(100 * cap_px / (cap[3] - cap[1]), 100 * max_width / (wide[2] - wide[0]))
    f = font(max(4, round(px)))
    layer = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(layer)
    x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=f)
    if anchor == "corner":
        ox = w - 1 - x1
    else:
        ox = (w - (x1 - x0)) // 2 - x0
    oy = h - 1 - y1
    draw.text((ox, oy), text, font=f, fill=255)
    return np.array(layer, dtype=np.float64)


def text_corner(im: np.ndarray, text: str, rng: random.Random) -> np.ndarray:
    """Letters or digits stamped over the glyph's bottom-right corner (touching its strokes)."""
    h, w = im.shape[:2]
    layer = _text_layer(text, h * rng.uniform(0.28, 0.34), (w, h), "corner", max_width=0.62 * w)
    out = im.copy()
    out[..., :3] = 0
    out[..., 3] = np.maximum(out[..., 3], layer)
    return out


def word_under(im: np.ndarray, word: str, rng: random.Random) -> np.ndarray:
    """The glyph shrunk to 62% at the top of the canvas and a word written under it."""
    h, w = im.shape[:2]
    small = Image.fromarray(np.clip(im, 0, 255).astype(np.uint8), "RGBA")
    k = 0.62
    small = small.resize((max(1, round(w * k)), max(1, round(h * k))), Image.LANCZOS)
    out = np.zeros_like(im)
    ox = (w - small.width) // 2
    out[0:small.height, ox:ox + small.width] = np.array(small, dtype=np.float64)
    layer = _text_layer(word, h * rng.uniform(0.2, 0.24), (w, h), "bottom", max_width=0.95 * w)
    out[..., :3] = 0
    out[..., 3] = np.maximum(out[..., 3], layer)
    return out


# MARK: - cases

@dataclass
class Family:
    group: str                 # audit group: untouched, injected, pairs, downsample, faults
    path: str                  # folder relative to the group, ending in the role folder
    source: str
    kind: str                  # untouched, an injected kind, a pair type, a fault, ...
    role: str
    icons: list[str] = field(default_factory=list)      # item names
    selected: list[str] = field(default_factory=list)   # item names with a -selected state
    targets: list[str] = field(default_factory=list)    # names with a known answer
    expected: list[str] = field(default_factory=list)   # rules that are the known answer
    note: dict = field(default_factory=dict)

    def icon_id(self, name: str) -> str:
        return f"{self.path}/{name}"


class Builder:
    """Plans every case (renders requested, file operations queued), then writes the folders."""

    def __init__(self, srcs: dict, all_srcs: dict, renderer: Renderer, cases: Path, mode: dict, seed: int):
        self.srcs, self.all, self.r, self.cases, self.mode, self.seed = srcs, all_srcs, renderer, cases, mode, seed
        self.families: list[Family] = []
        self.ops: list[tuple] = []     # (dest, render path, transform | None)
        self.pools = {key: src.names(None) for key, src in all_srcs.items()}  # drawings of the main style

    def rng(self, *parts) -> random.Random:
        return random.Random(f"{self.seed}/" + "/".join(str(p) for p in parts))

    # -- primitives
    def place(self, dest: Path, drawing: Drawing, role: str, scale: int, fn=None, canvas_pt=None) -> None:
        w_pt, h_pt = canvas_pt or (ROLES[role], ROLES[role])
        path = self.r.request(drawing, round(w_pt * scale), round(h_pt * scale))
        self.ops.append((dest, path, fn))

    def file(self, fam: Family, name: str, scale: int, selected: bool = False) -> Path:
        suffix = "-selected" if selected else ""
        return self.cases / fam.group / fam.path / f"{name}{suffix}@{scale}x.png"

    # -- groups
    def untouched(self) -> list[tuple[Family, list[str], int]]:
        bases = []
        for key in self.srcs:
            for i in range(self.mode["families"]):
                rng = self.rng("untouched", key, i)
                n = rng.randint(self.mode["min_size"], self.mode["max_size"])
                names = sorted(rng.sample(self.pools[key], min(n, len(self.pools[key]))))
                role, scale = rng.choice(SHIPPED)
                fam = Family("untouched", f"{key}-{i + 1:02d}/{role}", key, "untouched", role, names)
                fam.note = {"scale": scale}
                for name in names:
                    self.place(self.file(fam, name, scale), Drawing(key, name, self.srcs[key].main_style), role, scale)
                self.families.append(fam)
                bases.append((fam, names, scale))
        return bases

    def pick_filled(self, rng: random.Random, pool: list[str], count: int, key: str, outline: str,
                    filled: str) -> list[str]:
        """Up to `count` names of pool (in a seeded order) whose filled drawing has at least
        FILLED_INK × the ink of their outline drawing: a filled icon a designer calls filled, not a
        cross or an arrow whose filled version is the same drawing. Renders both at 48 px to tell."""
        order = rng.sample(pool, len(pool))
        found: list[str] = []
        for start in range(0, len(order), 4 * count):
            chunk = order[start:start + 4 * count]
            paths = {n: (self.r.request(Drawing(key, n, outline), 48, 48), self.r.request(Drawing(key, n, filled), 48, 48))
                     for n in chunk}
            self.r.flush()
            for n in chunk:
                ink = [float(np.asarray(Image.open(p).convert("RGBA"))[..., 3].sum()) for p in paths[n]]
                if ink[0] > 0 and ink[1] >= FILLED_INK * ink[0]:
                    found.append(n)
                    if len(found) == count:
                        return found
        return found

    def injected(self, bases) -> None:
        for kind, spec in KINDS.items():
            slug = kind.replace(" ", "")
            for base, names, scale in bases:
                key = base.source
                if spec["sources"] is not None and key not in spec["sources"]:
                    continue
                src = self.srcs[key]
                i = int(base.path.split("/")[0].rsplit("-", 1)[1])
                rng = self.rng("injected", kind, key, i)
                role = base.role
                style = src.main_style
                names = list(names)
                victims: list[str] = []
                changed: dict[str, Drawing] = {}
                note: dict = {}
                family_scale = 1.0
                if kind.startswith("scale") or kind.startswith("stroke"):
                    victim = rng.choice(names)
                    factor = float(kind.split()[1])
                    if kind.startswith("stroke") and not (key == "phosphor" and factor == 1.5):
                        # A drawing without a stroke-width (Phosphor's dots are filled circles) is
                        # the same drawing at ×1.33: no outlier. Drawn again until it has strokes.
                        stroked = [n for n in names if sources_mod.has_stroke_width(src.svg(n, style) or "")]
                        while stroked and not sources_mod.has_stroke_width(src.svg(victim, style) or ""):
                            victim = rng.choice(names)
                    victims = [victim]
                    if factor > 1 and kind.startswith("scale"):
                        # Most glyphs fill their viewBox: drawn 1.2× on the same canvas they would be
                        # clipped (another fault). So the family is drawn at 1/1.2 and the victim at 1.
                        family_scale = 1 / factor
                        changed[victim] = Drawing(key, victim, style)
                        note["familyScale"] = round(family_scale, 4)
                    elif kind.startswith("scale"):
                        changed[victim] = Drawing(key, victim, style, scale=factor)
                    elif key == "phosphor" and factor == 1.5:
                        changed[victim] = Drawing(key, victim, "bold")
                        note["drawing"] = "Phosphor bold among regular"
                    else:
                        changed[victim] = Drawing(key, victim, style, stroke=factor)
                elif kind in ("filled", "3 filled of 30"):
                    outline = src.outline_style or style
                    pool = src.names(outline) if src.outline_style else self.pools[key]
                    fillable = [n for n in pool if src.svg(n, src.filled_style) is not None]
                    if kind == "3 filled of 30":
                        chosen = sorted(rng.sample(pool, 30))
                        victims = sorted(self.pick_filled(rng, [n for n in fillable if n not in chosen], 3,
                                                          key, outline, src.filled_style))
                        names = sorted(chosen + victims)
                    else:
                        if src.outline_style:  # MDI: a family of X-outline drawings of the base's size
                            names = sorted(rng.sample(pool, len(names)))
                        inside = set(names)
                        candidates = [n for n in fillable if n in inside]
                        victims = self.pick_filled(rng, candidates, 1, key, outline, src.filled_style)
                        if not victims:
                            victims = self.pick_filled(rng, [n for n in fillable if n not in inside], 1,
                                                       key, outline, src.filled_style)
                            names[rng.randrange(len(names))] = victims[0]
                            names.sort()
                    for v in victims:
                        changed[v] = Drawing(key, v, src.filled_style)
                    style = outline
                elif kind == "foreign":
                    donor_key, donor_style = rng.choice(DONORS[key])
                    donor_src = self.all[donor_key]
                    pool = [n for n in self.pools[donor_key] if n not in names
                            and donor_src.svg(n, donor_style) is not None]
                    victim = rng.choice(pool)
                    names[rng.randrange(len(names))] = victim
                    names.sort()
                    victims = [victim]
                    changed[victim] = Drawing(donor_key, victim, donor_style or donor_src.main_style)
                    note["donor"] = f"{donor_key}/{donor_style or donor_src.main_style}"
                fam = Family("injected", f"{slug}/{key}-{i:02d}/{role}", key, kind, role, names,
                             targets=victims, expected=spec["rules"], note=dict(note, scale=scale))
                for name in names:
                    drawing = changed.get(name, Drawing(key, name, style, scale=family_scale))
                    self.place(self.file(fam, name, scale), drawing, role, scale)
                self.families.append(fam)

    def pairs(self) -> None:
        for key, types in PAIR_TYPES.items():
            if key not in self.srcs:
                continue
            src = self.srcs[key]
            for ptype, (unsel, sel, sel_stroke) in types.items():
                unsel = unsel or src.main_style
                sel = sel or src.main_style
                pool = [n for n in (src.names(unsel) if unsel == src.outline_style else self.pools[key])
                        if src.svg(n, sel) is not None]
                for i in range(self.mode["pairs"]):
                    rng = self.rng("pairs", key, ptype, i)
                    scale = rng.choice([2, 3])
                    n = rng.randint(4, 6)
                    if ptype == "outline+filled":  # the filled version must be visibly filled
                        picked = self.pick_filled(rng, pool, n + 1, key, unsel, sel)
                    else:
                        picked = rng.sample(pool, n + 1)
                    names, spare = sorted(picked[:n]), picked[n]
                    slug = ptype.replace("+", "-")
                    missing_victim, different_victim = rng.sample(names, 2)
                    for variant in ("good", "missing", "different"):
                        fam = Family("pairs", f"{variant}/{key}-{slug}-{i + 1:02d}/TabBar", key, ptype, "TabBar",
                                     names, note={"scale": scale, "pair": variant})
                        if variant == "good":
                            fam.selected, fam.targets = list(names), list(names)
                        elif variant == "missing":
                            fam.selected = [x for x in names if x != missing_victim]
                            fam.targets, fam.expected = [missing_victim], ["missing_selected_state"]
                        else:
                            fam.selected = list(names)
                            fam.targets, fam.expected = [different_victim], ["selected_state_mismatch"]
                            fam.note["drawnAs"] = spare
                        for name in names:
                            self.place(self.file(fam, name, scale), Drawing(key, name, unsel), "TabBar", scale)
                        for name in fam.selected:
                            drawn = spare if (variant == "different" and name == different_victim) else name
                            self.place(self.file(fam, name, scale, selected=True),
                                       Drawing(key, drawn, sel, stroke=sel_stroke), "TabBar", scale)
                        self.families.append(fam)

    def downsample(self) -> None:
        for key in self.srcs:
            for i in range(self.mode["downsample"]):
                rng = self.rng("downsample", key, i)
                role = rng.choice(list(ROLES))
                names = sorted(rng.sample(self.pools[key], rng.randint(6, 10)))
                fam = Family("downsample", f"{key}-{i + 1:02d}/{role}", key, "downsample", role, names,
                             targets=list(names), note={"drawnAt": 6})
                for name in names:
                    for factor, suffix in ((2, "@3x"), (3, "@2x"), (6, "")):
                        dest = self.cases / fam.group / fam.path / f"{name}{suffix}.png"
                        self.place(dest, Drawing(key, name, self.srcs[key].main_style), role, 6,
                                   fn=("reduce", factor))
                self.families.append(fam)

    def faults(self, bases) -> None:
        for key in self.srcs:
            rng = self.rng("faults", key)
            pool = sorted({(name, fam.role, scale) for fam, names, scale in bases if fam.source == key
                           for name in names})
            seen: set[str] = set()
            sample = []
            for item in rng.sample(pool, len(pool)):
                if item[0] not in seen:
                    seen.add(item[0])
                    sample.append(item)
                if len(sample) == self.mode["faults"]:
                    break
            for fault in ["clean", *FAULTS]:
                by_role: dict[str, list] = defaultdict(list)
                for item in sample:
                    by_role[item[1]].append(item)
                for role, items in sorted(by_role.items()):
                    slug = fault.replace(" ", "-")
                    fam = Family("faults", f"{slug}/{key}/{role}", key, fault, role,
                                 sorted(n for n, _, _ in items), targets=sorted(n for n, _, _ in items),
                                 expected=[FAULTS[fault]] if fault in FAULTS else [])
                    for name, _, scale in items:
                        frng = self.rng("fault", fault, key, name)
                        drawing = Drawing(key, name, self.srcs[key].main_style)
                        dest = self.file(fam, name, scale)
                        if fault == "wrong canvas":
                            if frng.random() < 0.5:   # a fraction of a point: 23.5 or 21.5 pt
                                side = ROLES[role] - 1.5
                                canvas = (side, side)
                                fam.note[name] = f"{side} pt canvas"
                            else:                     # beyond the role's largest canvas
                                canvas = (25, 34) if role == "TabBar" else (30, 30)
                                fam.note[name] = f"{canvas[0]}×{canvas[1]} pt canvas"
                            self.place(dest, drawing, role, scale, canvas_pt=canvas)
                        else:
                            draw = frng.random()
                            self.place(dest, drawing, role, scale, fn=(fault, draw))
                            # The note names what apply_fault draws from the same value (it was
                            # drawn from the next one, so 2 in 3 notes named another text).
                            if fault == "text in a corner":
                                fam.note[name] = CORNER_TEXTS[int(draw * 1e6) % len(CORNER_TEXTS)]
                            elif fault == "word under glyph":
                                fam.note[name] = WORDS[int(draw * 1e6) % len(WORDS)]
                    self.families.append(fam)

    # -- writing
    def write(self) -> int:
        marker = self.cases / ".calibrate-cases"
        if self.cases.exists():
            if not marker.exists() and any(self.cases.iterdir()) and not self.cases.is_relative_to(CACHE.resolve()):
                raise SystemExit(f"calibrate: {self.cases} exists and was not written by calibrate: not replaced")
            shutil.rmtree(self.cases)
        self.cases.mkdir(parents=True)
        marker.write_text("written by scripts/calibrate.py; replaced on every run\n")
        self.r.flush()
        count = 0
        for dest, render, fn in self.ops:
            dest.parent.mkdir(parents=True, exist_ok=True)
            if fn is None:
                try:
                    os.link(render, dest)
                except OSError:
                    shutil.copy2(render, dest)
            elif fn[0] == "reduce":
                Image.open(render).convert("RGBA").reduce(fn[1]).save(dest)
            else:
                self.apply_fault(fn[0], fn[1], render, dest)
            count += 1
        return count

    def apply_fault(self, fault: str, draw: float, render: Path, dest: Path) -> None:
        im = load_rgba(render)
        rng = random.Random(draw)
        scale = int(re.search(r"@(\d)x", dest.name).group(1))
        if fault == "clean":
            out = im
        elif fault == "colour":
            out = two_colours(im)
        elif fault == "shadow":
            out = shadow(im, scale, rng)
        elif fault == "no antialiasing":
            out = thresholded(im)
        elif fault == "opaque background":
            out = opaque_background(im)
        elif fault == "text in a corner":
            out = text_corner(im, CORNER_TEXTS[int(draw * 1e6) % len(CORNER_TEXTS)], rng)
        elif fault == "word under glyph":
            out = word_under(im, WORDS[int(draw * 1e6) % len(WORDS)], rng)
        else:
            raise ValueError(fault)
        save_rgba(out, dest)


# MARK: - audits

def find_binary(given: str | None) -> Path:
    if given:
        path = Path(given)
        return path / "iconaudit" if path.is_dir() else path
    return _bin.binary()


_DIGESTS: dict = {}


def binary_digest(binary: Path) -> str:
    """The first 16 hex digits of the SHA-256 of the binary's bytes (computed once per run)."""
    key = str(binary)
    if key not in _DIGESTS:
        _DIGESTS[key] = hashlib.sha256(Path(binary).read_bytes()).hexdigest()[:16]
    return _DIGESTS[key]


def audit(binary: Path, folder: Path, config: Path) -> dict:
    # The measurement cache beside the cases (never the user's ~/.cache), one per binary: a rerun
    # of the same build on the same cases measures nothing again, and a rebuilt binary whose metrics
    # changed without a new measurement version can never read the old build's figures.
    cache = folder.parent / ".measurement-cache" / binary_digest(binary)
    cmd = [str(binary), "audit", "--format", "json", "--config", str(config), "--cache-dir", str(cache), str(folder)]
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode not in (0, 1):
        raise SystemExit(f"calibrate: iconaudit exited {result.returncode} on {folder}: "
                         f"{result.stderr.decode()[:800]}")
    return json.loads(result.stdout)


# MARK: - figures

@dataclass
class Figure:
    section: str
    label: str
    value: float | None
    num: int
    den: int
    target: float
    op: str                      # "<=" or ">="
    offenders: list[dict] = field(default_factory=list)
    gated: bool = True
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        if self.den == 0:
            return True  # nothing to judge (a source without such cases)
        if self.value is None:
            return False
        return self.value <= self.target + 1e-12 if self.op == "<=" else self.value >= self.target - 1e-12

    def as_json(self) -> dict:
        return {"section": self.section, "figure": self.label, "value": None if self.value is None else round(self.value, 4),
                "count": self.num, "of": self.den, "target": f"{self.op} {self.target:g}", "ok": self.ok,
                **({"detail": self.extra} if self.extra else {}),
                "offenders": self.offenders[:OFFENDERS_KEPT],
                **({"offendersLeftOut": len(self.offenders) - OFFENDERS_KEPT} if len(self.offenders) > OFFENDERS_KEPT else {})}


class Index:
    """Findings of all audits by (group, icon id)."""

    def __init__(self, reports: dict[str, dict]):
        self.by_icon: dict[tuple[str, str], list[dict]] = defaultdict(list)
        self.icons: set[tuple[str, str]] = set()
        for group, report in reports.items():
            for f in report["findings"]:
                self.by_icon[(group, f["iconId"])].append(f)
            for icon in report["icons"]:
                self.icons.add((group, icon["id"]))

    def findings(self, fam: Family, name: str, selected: bool = False) -> list[dict]:
        ident = fam.icon_id(name + ("-selected" if selected else ""))
        return [f for f in self.by_icon.get((fam.group, ident), []) if f["severity"] in FLAG]

    def present(self, fam: Family, name: str, selected: bool = False) -> bool:
        return (fam.group, fam.icon_id(name + ("-selected" if selected else ""))) in self.icons


def offender(fam: Family, name: str, findings: list[dict], why: str = "", selected: bool = False) -> dict:
    ident = f"{fam.group}/{fam.icon_id(name + ('-selected' if selected else ''))}"
    return {"icon": ident, **({"why": why} if why else {}),
            "findings": [f"{f['severity']} {f['ruleId']}: {f['message']}" for f in findings]}


def share(num: int, den: int) -> float | None:
    return num / den if den else None


def compute(families: list[Family], index: Index, srcs: dict) -> tuple[list[Figure], dict]:
    figures: list[Figure] = []
    matrix: dict = {}

    # Untouched.
    for key in srcs:
        fams = [f for f in families if f.group == "untouched" and f.source == key]
        total = err = warn = 0
        err_off, warn_off = [], []
        by_rule: Counter = Counter()
        for fam in fams:
            for name in fam.icons:
                total += 1
                found = index.findings(fam, name)
                errors = [f for f in found if f["severity"] == "error"]
                warnings = [f for f in found if f["severity"] == "warning"]
                for f in found:
                    by_rule[f"{f['ruleId']} ({f['severity']})"] += 1
                if errors:
                    err += 1
                    err_off.append(offender(fam, name, errors))
                if warnings:
                    warn += 1
                    warn_off.append(offender(fam, name, warnings))
        figures.append(Figure("untouched", f"untouched icons with an error: {key}", share(err, total), err, total,
                              TARGETS["untouched_error"], "<=", err_off, extra={"findingsByRule": dict(sorted(by_rule.items()))}))
        figures.append(Figure("untouched", f"untouched icons with a warning: {key}", share(warn, total), warn, total,
                              TARGETS["untouched_warning"], "<=", warn_off))

    # Injected outliers.
    for kind, spec in KINDS.items():
        tp = fp = victims = 0
        missed, false = [], []
        per_source: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # tp, fp, victims
        any_sev = 0
        for fam in (f for f in families if f.group == "injected" and f.kind == kind):
            row = per_source[fam.source]
            for name in fam.icons:
                found = index.findings(fam, name)
                errors = [f for f in found if f["severity"] == "error"]
                if name in fam.targets:
                    victims += 1
                    row[2] += 1
                    if any(f["ruleId"] in spec["rules"] for f in found):
                        any_sev += 1
                    if any(f["ruleId"] in spec["rules"] for f in errors):
                        tp += 1
                        row[0] += 1
                    else:
                        missed.append(offender(fam, name, found, why=f"injected ({fam.note.get('donor', kind)}), "
                                               + ("wrong rule" if errors else "no error of " + "/".join(spec["rules"]))))
                        if errors:
                            fp += 1
                            row[1] += 1
                elif errors:
                    fp += 1
                    row[1] += 1
                    false.append(offender(fam, name, errors, why=f"untouched icon in a '{kind}' family"))
        extra = {"flaggedAtAnySeverity": any_sev}
        figures.append(Figure("injected", f"{kind}: precision", share(tp, tp + fp), tp, tp + fp if victims else 0,
                              TARGETS["precision"], ">=", false + [m for m in missed if "wrong rule" in m.get("why", "")]))
        figures.append(Figure("injected", f"{kind}: recall", share(tp, victims), tp, victims, TARGETS["recall"], ">=",
                              missed, extra=extra))
        matrix[kind] = {k: {"tp": v[0], "fp": v[1], "injected": v[2]} for k, v in sorted(per_source.items())}

    # Selected pairs.
    ptypes = sorted({f.kind for f in families if f.group == "pairs"})
    for ptype in ptypes:
        good = [f for f in families if f.group == "pairs" and f.kind == ptype and f.note["pair"] == "good"]
        flagged, total, off = 0, 0, []
        for fam in good:
            for name in fam.targets:
                total += 1
                on_item = index.findings(fam, name)
                on_sel = index.findings(fam, name, selected=True)
                # About the pairing: the pair rules on either state, and what the selected state gets
                # that its unselected drawing does not (a finding on both is the family's, counted above).
                item_rules = {f["ruleId"] for f in on_item}
                pairing = [f for f in on_item + on_sel if f["ruleId"] in ("selected_state_mismatch", "missing_selected_state")]
                extra = [f for f in on_sel if f["ruleId"] not in item_rules and f not in pairing]
                if pairing or extra:
                    flagged += 1
                    off.append(offender(fam, name, pairing + extra, why="good pair flagged"))
        figures.append(Figure("pairs", f"good pairs flagged: {ptype}", share(flagged, total), flagged, total,
                              TARGETS["good_pairs"], "<=", off))
    for variant, label in (("missing", "selected state missing"), ("different", "a different drawing as selected")):
        fams = [f for f in families if f.group == "pairs" and f.note["pair"] == variant]
        found_n, total, off = 0, 0, []
        for fam in fams:
            for name in fam.targets:
                total += 1
                found = index.findings(fam, name) + index.findings(fam, name, selected=True)
                if any(f["ruleId"] in fam.expected for f in found):
                    found_n += 1
                else:
                    off.append(offender(fam, name, found, why=f"broken pair not found ({fam.kind})"))
        figures.append(Figure("pairs", f"broken pairs found: {label}", share(found_n, total), found_n, total,
                              TARGETS["broken_pairs"], ">=", off))

    # Downsamples.
    flagged, total, off = 0, 0, []
    for fam in (f for f in families if f.group == "downsample"):
        for name in fam.icons:
            total += 1
            found = [f for f in index.findings(fam, name) if f["ruleId"] == "scale_variant_mismatch"]
            if found:
                flagged += 1
                off.append(offender(fam, name, found))
    figures.append(Figure("downsample", "exact downsamples flagged (scale_variant_mismatch)", share(flagged, total),
                          flagged, total, TARGETS["downsample"], "<=", off))

    # Template faults and clean icons.
    for fault, rule in FAULTS.items():
        found_n, total, off = 0, 0, []
        for fam in (f for f in families if f.group == "faults" and f.kind == fault):
            for name in fam.icons:
                total += 1
                found = index.findings(fam, name)
                if any(f["ruleId"] == rule for f in found):
                    found_n += 1
                else:
                    note = fam.note.get(name)
                    off.append(offender(fam, name, found, why=f"{fault}{f' ({note})' if note else ''}: no {rule}"))
        figures.append(Figure("faults", f"{fault} found ({rule})", share(found_n, total), found_n, total,
                              TARGETS["faults"], ">=", off))
    hit, total, off = 0, 0, []
    for fam in (f for f in families if f.group == "faults" and f.kind == "clean"):
        for name in fam.icons:
            total += 1
            found = [f for f in index.findings(fam, name) if f["ruleId"] in HYGIENE_RULES]
            if found:
                hit += 1
                off.append(offender(fam, name, found))
    figures.append(Figure("faults", "clean icons with a hygiene finding", share(hit, total), hit, total,
                          TARGETS["clean"], "<=", off))
    return figures, matrix


# MARK: - output

SECTIONS = {"untouched": "Untouched families (every icon rule and family rule)",
            "injected": "Injected outliers: errors of the expected rule on the injected icon (TP), errors on any other icon (FP)",
            "pairs": "Selected states (tab bar pairs)",
            "downsample": "Scale variants made by exact box downsampling of @6x",
            "faults": "Template faults (found: the rule fires at warning or error)"}


def fmt_value(f: Figure) -> str:
    if f.den == 0:
        return "–"
    if f.value is None:
        return f"n/a (0/{f.den})"
    if f.section == "injected":
        return f"{f.value:.2f} ({f.num}/{f.den})"
    return f"{100 * f.value:.1f}% ({f.num}/{f.den})"


def fmt_target(f: Figure) -> str:
    sign = "≤" if f.op == "<=" else "≥"
    if f.section == "injected":
        return f"{sign} {f.target:.2f}"
    return f"{sign} {100 * f.target:g}%"


def status(f: Figure) -> str:
    if f.den == 0:
        return "n/a"
    return "ok" if f.ok else "MISSED"


def print_table(figures: list[Figure], matrix: dict, out=sys.stdout) -> None:
    width = max(len(f.label) for f in figures) + 2
    section = None
    for f in figures:
        if f.section != section:
            section = f.section
            print(f"\n{SECTIONS[section]}", file=out)
            print(f"  {'figure':{width}s}{'value':>20s}  {'target':>8s}  status", file=out)
        print(f"  {f.label:{width}s}{fmt_value(f):>20s}  {fmt_target(f):>8s}  {status(f)}", file=out)
    if matrix:
        keys = sorted({k for row in matrix.values() for k in row})
        print("\nInjected outliers by source: errors of the expected rule on the injected icon / injected icons "
              "(+ FP: errors on other icons)", file=out)
        print(f"  {'kind':16s}" + "".join(f"{k:>14s}" for k in keys), file=out)
        for kind, row in matrix.items():
            cells = []
            for k in keys:
                c = row.get(k)
                cells.append(f"{c['tp']}/{c['injected']} +{c['fp']}" if c else "–")
            print(f"  {kind:16s}" + "".join(f"{c:>14s}" for c in cells), file=out)


def print_details(figures: list[Figure], limit: int, out=sys.stdout) -> None:
    for f in figures:
        if f.ok or not f.offenders:
            continue
        print(f"\n✗ {f.label}: {fmt_value(f)}, target {fmt_target(f)}", file=out)
        for o in f.offenders[:limit]:
            print(f"    {o['icon']}{'  [' + o['why'] + ']' if 'why' in o else ''}", file=out)
            for line in o["findings"] or ["(no finding)"]:
                print(f"        {line}", file=out)
        if len(f.offenders) > limit:
            print(f"    … and {len(f.offenders) - limit} more (all in calibration.json)", file=out)


def markdown(figures: list[Figure], matrix: dict, meta: dict) -> str:
    lines = ["# Calibration (issue 16)", "",
             "Generated by `scripts/calibrate` (`scripts/calibrate.py`); do not edit by hand. Every figure is "
             "measured on icon families iconaudit was not tuned on, with a known answer, against the target "
             "of issue 16's \"Done when\". The figures and the icons behind every missed one are in "
             "[`calibration.json`](calibration.json).", "",
             "```sh", meta["command"], "```", "",
             f"Mode `{meta['mode']}`, seed {meta['seed']}, iconaudit {meta['iconaudit']} at `{meta['commit']}`: "
             f"{meta['icons']} icons in {meta['families']} families; "
             f"{sum(1 for f in figures if f.den and not f.ok)} of {sum(1 for f in figures if f.den)} figures miss "
             "their target.", "",
             "| source | package | version | licence | drawings |", "|---|---|---|---|---|"]
    for key, info in meta["sources"].items():
        lines.append(f"| {key} | {info['package']} | {info['version']} | {info['licence']} | {info['icons']} |")
    section = None
    for f in figures:
        if f.section != section:
            section = f.section
            lines += ["", f"## {SECTIONS[section]}", "", "| figure | value | target | |", "|---|---:|---:|---|"]
        lines.append(f"| {f.label} | {fmt_value(f)} | {fmt_target(f)} | {status(f)} |")
    if matrix:
        keys = sorted({k for row in matrix.values() for k in row})
        lines += ["", "Injected outliers by source: errors of the expected rule on the injected icon / injected "
                  "icons, + errors on other icons of those families.", "",
                  "| kind | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
        for kind, row in matrix.items():
            cells = [f"{row[k]['tp']}/{row[k]['injected']} +{row[k]['fp']}" if k in row else "–" for k in keys]
            lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    lines += ["", "## How the cases are made", "", meta["method"], ""]
    return "\n".join(lines)


METHOD = """\
- Each source's drawings are placed on the canvas the way an app ships them: the SVG's viewBox fills the
  canvas (tab bar 25 pt, toolbar 22 pt; @2x or @3x, chosen per family by the seed); the 16 px symbolic
  icons of Papirus, Breeze and Yaru get a 2 px margin (their viewBox is 80% of the canvas). Rendered by
  rsvg-convert, then made template images (RGB black, the alpha is the coverage). Drawings whose name
  says they are letters, digits or logos are left out (text is flagged on purpose).
- Untouched: families of 5–40 icons sampled per source (MDI: its `-outline` drawings only, since its
  base drawings mix filled icons and line drawings, a real mix of styles rather than an untouched family). Injected: the same families with one icon
  changed (scaled about the canvas centre: 0.8× among the family as it ships; for 1.2×, whose glyphs
  would be clipped by the canvas, the family is drawn at 1/1.2 and the victim as it ships;
  stroke-width scaled (a drawing that has one: Phosphor's dots are filled circles, the same at ×1.33),
  Phosphor's ×1.5 is its bold weight; a filled version; an icon of another
  family whose stroke differs by ≥ 1.33× or whose style differs: Phosphor thin (0.5 pt at 24 pt), light (1.1 pt) or fill into Lucide and Tabler (2 pt); Lucide, Tabler
  or Tabler filled into Phosphor (1.5 pt); Phosphor thin or light into MDI `-outline` (2 pt);
  Phosphor thin or light into Papirus, whose lines are 2 px at 16 px (2.5 pt on a tab bar canvas, 2.2 pt on
  a toolbar's: Lucide's and Tabler's 2 pt lines are 1.2× lighter there, neither criterion holds, so they
  are no donors for Papirus); Phosphor thin, Lucide or Tabler into Breeze and Yaru, whose 1 px lines
  are 1.25 / 1.1 pt, 1.66× lighter than Lucide's). Precision counts every error on another
  icon of those families, and an error of another rule on the injected icon, as false.
- Filled versions (the filled intruders and the selected states of outline+filled pairs) are only
  drawings whose filled version has ≥ 1.6× the ink of the outline one (not a cross or an arrow, whose
  "filled" version is the same drawing).
- Pairs: 4–6 tab bar items, each with `name-selected`: the filled drawing (Phosphor fill, Tabler filled,
  MDI base for X-outline) or the heavier weight (Phosphor bold; Lucide and Tabler stroke ×1.5). A good
  pair is flagged by selected_state_mismatch or missing_selected_state, or by a warning or error on the
  selected state of a rule that does not fire on its unselected drawing (one on both is the family's).
  Broken copies: one selected state removed, or replaced by the selected drawing of another icon;
  found by missing_selected_state / selected_state_mismatch.
- Downsamples: drawn at @6x, PIL `Image.reduce` (exact box filter) by 2, 3 and 6 to @3x, @2x and @1x.
- Faults, on a sample of the untouched icons: the left half red (two colours); a shadow 0.7–1.3 pt down
  (or down-right), σ 0.4–0.8 pt, 30–50%; alpha thresholded at 50%; an opaque white background; the
  canvas 1.5 pt short of the role's (a fraction of a point) or beyond its largest (25×34 pt tab bar,
  30 pt toolbar); AB / NEW / 24 in DejaVu Sans Bold, capitals 28–34% of the canvas (at most 62% of its
  width), in the bottom-right corner over the strokes; the glyph shrunk to 62% at the top and a word
  (Home, Mail, …) under it."""


def git_commit() -> str:
    result = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    return result.stdout.strip() or "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", help="the iconaudit binary, or the folder holding it (default: the release build)")
    parser.add_argument("--full", action="store_true", help="more and larger samples (slower)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sources", default=",".join(sources_mod.ALL),
                        help=f"comma-separated subset of {','.join(sources_mod.ALL)}, or the held-out "
                             f"{','.join(sources_mod.HELD_OUT)} (Reports/calibration/held-out-families.md)")
    parser.add_argument("--details", action="store_true", help="list the icons and findings behind every missed figure")
    parser.add_argument("--details-limit", type=int, default=25, help="icons listed per figure with --details")
    parser.add_argument("--gate", choices=["targets", "regressions", "none"], default="targets",
                        help="exit 1 when a target is missed (default), when a figure is worse than in --baseline "
                             "(for CI while targets are still missed), or never")
    parser.add_argument("--no-gate", action="store_const", const="none", dest="gate", help="the same as --gate none")
    parser.add_argument("--baseline", type=Path, default=REPORT_DIR / "calibration.json",
                        help="earlier calibration.json to compare with (default: the committed one)")
    parser.add_argument("--no-write", action="store_true", help="do not write Reports/calibration/")
    parser.add_argument("--out", type=Path, default=REPORT_DIR, help="report folder (default Reports/calibration)")
    parser.add_argument("--cases", type=Path, default=CACHE / "cases", help="where the case folders are written")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel renders and audits")
    parser.add_argument("--command", help=argparse.SUPPRESS)
    args = parser.parse_args()

    started = time.monotonic()
    earlier = json.loads(args.baseline.read_text()) if args.baseline.exists() else None
    keys = [k.strip() for k in args.sources.split(",") if k.strip()]
    binary = find_binary(args.bin).resolve()
    version = subprocess.run([str(binary), "--version"], stdout=subprocess.PIPE, text=True).stdout.strip()
    # Donors may come from sources outside --sources: load those too (their families are not sampled).
    donor_keys = sorted({d for k in keys for d, _ in DONORS.get(k, [])} - set(keys))
    srcs_all = sources_mod.load(keys + donor_keys)
    srcs = {k: srcs_all[k] for k in keys}
    log(f"sources ready ({time.monotonic() - started:.0f} s): " +
        ", ".join(f"{k} {len(s.names())}" for k, s in srcs.items()))

    mode = MODES["full" if args.full else "default"]
    renderer = Renderer(srcs_all, CACHE / "renders", args.jobs)
    builder = Builder(srcs, srcs_all, renderer, args.cases.resolve(), mode, args.seed)
    bases = builder.untouched()
    builder.injected(bases)
    builder.pairs()
    builder.downsample()
    builder.faults(bases)
    t_plan = time.monotonic()
    written = builder.write()
    log(f"wrote {written} files into {args.cases} ({time.monotonic() - t_plan:.0f} s)")

    config = CACHE / "defaults.iconaudit.json"
    config.write_text('{"version": 1}\n')
    groups = sorted({f.group for f in builder.families})
    t_audit = time.monotonic()
    with ThreadPoolExecutor(max_workers=min(2, args.jobs)) as pool:
        reports = dict(zip(groups, pool.map(lambda g: audit(binary, args.cases.resolve() / g, config), groups)))
    icons = sum(len(r["icons"]) for r in reports.values())
    log(f"audited {icons} icons in {len(groups)} audits ({time.monotonic() - t_audit:.0f} s)")

    figures, matrix = compute(builder.families, Index(reports), srcs)
    command = args.command or ("scripts/calibrate" + (" --full" if args.full else "")
                               + (f" --seed {args.seed}" if args.seed != 1 else "")
                               + (f" --sources {args.sources}" if args.sources != ",".join(sources_mod.ALL) else ""))
    meta = {"command": command, "mode": "full" if args.full else "default", "seed": args.seed,
            "iconaudit": version.replace("iconaudit ", ""), "commit": git_commit(), "icons": icons,
            "families": len(builder.families),
            "sources": {k: s.info() for k, s in srcs.items()}, "method": METHOD}
    print(f"iconaudit calibration: {meta['command']}  ({version}, {icons} icons, {len(builder.families)} families)")
    print_table(figures, matrix)
    missed = [f for f in figures if f.den and not f.ok]
    if args.details:
        print_details(figures, args.details_limit)
    if not args.no_write:
        args.out.mkdir(parents=True, exist_ok=True)
        doc = {"command": meta["command"], "mode": meta["mode"], "seed": args.seed, "iconaudit": meta["iconaudit"],
               "commit": meta["commit"], "icons": icons, "families": len(builder.families),
               "sources": meta["sources"], "targets": TARGETS,
               "missed": [f.label for f in missed],
               "figures": [f.as_json() for f in figures], "injectedBySource": matrix,
               "cases": [{"group": f.group, "path": f.path, "source": f.source, "kind": f.kind,
                          "icons": len(f.icons), "targets": f.targets, "expected": f.expected,
                          **({"note": f.note} if f.note else {})} for f in builder.families]}
        (args.out / "calibration.json").write_text(json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
        (args.out / "README.md").write_text(markdown(figures, matrix, meta))
        log(f"wrote {args.out / 'calibration.json'} and README.md")
    worse, compared = regressions(figures, earlier, meta) if earlier else ([], False)
    if compared:
        print(f"\nagainst {args.baseline}: " + (f"{len(worse)} figures worse: " + "; ".join(worse) if worse
                                                  else "no figure worse"))
    elif args.gate == "regressions":
        print(f"\ncannot compare with {args.baseline}: " + ("missing" if earlier is None else
                                                           "another mode, seed or set of sources"))
    print(f"\n{len(missed)} of {sum(1 for f in figures if f.den)} figures miss their target"
          f"{': ' + '; '.join(f.label for f in missed) if missed else ''}")
    print(f"cases: {args.cases}  (one by hand: {binary} audit {args.cases}/untouched/<family>)")
    print(f"time: {time.monotonic() - started:.0f} s (renders: {renderer.rendered} new)")
    if args.gate == "targets":
        return 1 if missed else 0
    if args.gate == "regressions":
        return 1 if worse or not compared else 0
    return 0


def regressions(figures: list[Figure], earlier: dict, meta: dict) -> tuple[list[str], bool]:
    """Figures worse than in an earlier calibration.json of the same mode, seed and sources."""
    if (earlier.get("mode"), earlier.get("seed"), sorted(earlier.get("sources", {}))) != \
            (meta["mode"], meta["seed"], sorted(meta["sources"])):
        return [], False
    before = {f["figure"]: f for f in earlier.get("figures", [])}
    worse = []
    for f in figures:
        old = before.get(f.label)
        if old is None or old.get("value") is None or f.value is None:
            continue
        if (f.op == "<=" and f.value > old["value"] + 5e-5) or (f.op == ">=" and f.value < old["value"] - 5e-5):
            worse.append(f"{f.label} {fmt_value(f)} (was {old['value']:.4g})")
    return worse, True


if __name__ == "__main__":
    sys.exit(main())
