#!/usr/bin/env python3
"""Checks iconaudit's icon rules on a real family (Lucide) and on faulty copies of it.

    scripts/check_hygiene_rules.py [--iconaudit PATH] [--sample N] [--seed S] [--output FILE]

1. Clean icons: all 1745 Lucide SVGs rendered with rsvg-convert (scripts/lucide_icons.py) at
   48 px @2x (24 pt, role unknown), 50 px @2x (25 pt, audited as tab bar icons) and 44 px @2x
   (22 pt, audited as toolbar icons). Every icon rule's firing rate on them is a false-positive
   rate (Lucide is clean, antialiased, one colour, no text except its text icons).
2. Faulty copies of a seeded sample of N icons (default 200), made from the 48 px renders:
   - two_colours: the ink left of the glyph's centroid recoloured red (#FF3B30), the rest black;
   - drop_shadow: a shadow 2 px down, Gaussian blur σ 1.5 px, 40% opacity, under the glyph;
   - thresholded: alpha thresholded at 50% (no antialiasing);
   - opaque_background: the glyph on an opaque white square;
   - text_ab: the letters "AB" (DejaVu Sans Bold, 15 px) on a knocked-out patch in the middle;
   - clean: the untouched copies, audited the same way.
   Each hygiene rule must fire on ≥ 98% of its faulty copies (text_in_icon on ≥ 90%) and on
   ≤ 1% of the clean icons (for text_in_icon: of those that draw no letters or digits).
3. duplicate_icon: a folder of 40 sample icons plus 6 copies under other names (2 of them
   rendered at @3x) must give exactly those 6 findings; on all of Lucide it lists the pairs found.
4. resembles_system_icon: 30 sample icons rendered at 22 pt as the "system" references; the same
   30 at 25 pt must all be found, and the firing rate on the other icons is reported.

Uses `iconaudit audit --format json` (the release build unless --iconaudit is given). Caches
everything under scripts/.cache/ (gitignored); nothing is committed. Prints a table per rule and
writes the figures as JSON with --output. Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bin  # noqa: E402
import _venv  # noqa: E402

_venv.ensure()

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw, ImageFont  # noqa: E402
from scipy.ndimage import gaussian_filter  # noqa: E402

import lucide_icons  # noqa: E402

CACHE = Path(__file__).resolve().parent / ".cache" / "hygiene"

HYGIENE = {  # faulty variant → the rule that must fire on it
    "two_colours": "template_not_monochrome",
    "drop_shadow": "drop_shadow",
    "thresholded": "missing_antialiasing",
    "opaque_background": "template_opaque_background",
    "text_ab": "text_in_icon",
}
ICON_RULES = ["off_center", "stroke_weight_guidance", "too_much_detail", "template_not_monochrome",
              "template_opaque_background", "missing_antialiasing", "drop_shadow", "canvas_size",
              "shape_size", "text_in_icon", "duplicate_icon", "resembles_system_icon"]
MIN_FIRE = {"text_in_icon": 0.90}  # default 0.98
MAX_CLEAN = 0.01
# Lucide icons that draw letters or digits (checked by eye): text_in_icon may fire on them, and
# its false-positive rate is counted on the others.
LUCIDE_TEXT = set("""
a-arrow-down a-arrow-up a-large-small ad arrow-down-0-1 arrow-down-1-0 arrow-down-a-z arrow-down-z-a
arrow-up-0-1 arrow-up-1-0 arrow-up-a-z arrow-up-z-a baseline binary bold book-a calendar-1 case-lower
case-sensitive case-upper file-digit file-type hd heading heading-1 heading-2 heading-3 heading-4
heading-5 heading-6 italic languages ligature regex remove-formatting spell-check spell-check-2
strikethrough subscript superscript type underline whole-word
""".split())


def log(message: str) -> None:
    print(f"check_hygiene_rules: {message}", file=sys.stderr)


def iconaudit_binary(given: Path | None) -> Path:
    return _bin.binary(given)


def audit(binary: Path, paths: list[Path], role: str | None = None, reference: Path | None = None) -> dict:
    # The defaults, whatever .iconaudit.json may lie above the cache.
    config = CACHE / "defaults.iconaudit.json"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('{"version": 1}\n')
    cmd = [str(binary), "audit", "--format", "json", "--no-cache", "--config", str(config)]
    if role:
        cmd += ["--role", role]
    if reference:
        cmd += ["--reference", str(reference)]
    cmd += [str(p) for p in paths]
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode not in (0, 1):
        raise SystemExit(f"check_hygiene_rules: iconaudit failed ({result.returncode}): {result.stderr.decode()[:600]}")
    return json.loads(result.stdout)


# ---- images ---------------------------------------------------------------------------------

def load_rgba(path: Path) -> np.ndarray:
    return np.array(Image.open(path).convert("RGBA")).astype(np.float64)


def save_rgba(array: np.ndarray, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.clip(np.round(array), 0, 255).astype(np.uint8), "RGBA").save(path)


def two_colours(im: np.ndarray) -> np.ndarray:
    a = im[..., 3] / 255
    xs = np.arange(a.shape[1])[None, :]
    cx = (a * xs).sum() / max(a.sum(), 1e-9)
    out = im.copy()
    out[..., :3] = 0
    left = np.broadcast_to(xs < cx, a.shape)
    out[left, 0], out[left, 1], out[left, 2] = 255, 59, 48
    return out


def drop_shadow(im: np.ndarray, dy: int = 2, sigma: float = 1.5, opacity: float = 0.4) -> np.ndarray:
    a = im[..., 3] / 255
    moved = np.zeros_like(a)
    moved[dy:, :] = a[:-dy, :]
    s = gaussian_filter(moved, sigma) * opacity
    out = im.copy()
    out[..., :3] = 0
    out[..., 3] = (a + s * (1 - a)) * 255
    return out


def thresholded(im: np.ndarray) -> np.ndarray:
    out = im.copy()
    out[..., 3] = np.where(im[..., 3] >= 128, 255, 0)
    return out


def opaque_background(im: np.ndarray) -> np.ndarray:
    a = im[..., 3:4] / 255
    out = np.empty_like(im)
    out[..., :3] = im[..., :3] * a + 255 * (1 - a)
    out[..., 3] = 255
    return out


def font(size: int) -> ImageFont.ImageFont:
    for candidate in ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                      "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
                      "/Library/Fonts/Arial Bold.ttf", "/System/Library/Fonts/Supplemental/Arial Bold.ttf"]:
        if Path(candidate).exists():
            return ImageFont.truetype(candidate, size)
    found = shutil.which("fc-match") and subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans:bold"],
                                                        stdout=subprocess.PIPE, text=True).stdout.strip()
    if found and Path(found).exists():
        return ImageFont.truetype(found, size)
    log("no TrueType bold font found; using PIL's default font")
    return ImageFont.load_default(size=size)


def text_ab(im: np.ndarray, size: int = 15, pad: int = 2) -> np.ndarray:
    h, w = im.shape[:2]
    layer = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(layer)
    f = font(size)
    x0, y0, x1, y1 = draw.textbbox((0, 0), "AB", font=f)
    ox, oy = (w - (x1 - x0)) // 2 - x0, (h - (y1 - y0)) // 2 - y0
    draw.text((ox, oy), "AB", font=f, fill=255)
    out = im.copy()
    out[..., :3] = 0
    # Knock the drawing out behind the letters (as a designer puts text on a badge), then letter.
    out[max(0, oy + y0 - pad):oy + y1 + pad, max(0, ox + x0 - pad):ox + x1 + pad, 3] = 0
    out[..., 3] = np.maximum(out[..., 3], np.array(layer, dtype=np.float64))
    return out


MAKERS = {"two_colours": two_colours, "drop_shadow": drop_shadow, "thresholded": thresholded,
          "opaque_background": opaque_background, "text_ab": text_ab, "clean": lambda im: im}


# ---- checks ---------------------------------------------------------------------------------

def findings_by(report: dict) -> dict[str, dict[str, list[dict]]]:
    """family folder → rule → findings."""
    out: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for f in report["findings"]:
        folder = f["iconId"].rsplit("/", 1)[0] if "/" in f["iconId"] else ""
        out[folder][f["ruleId"]].append(f)
    return out


def icon_count(report: dict, folder: str = "") -> int:
    return sum(1 for icon in report["icons"] if (icon["id"].rsplit("/", 1)[0] if "/" in icon["id"] else "") == folder)


def rate_text(findings: list[dict], n: int) -> str:
    icons = {f["iconId"] for f in findings}
    by = Counter(f["severity"] for f in findings)
    detail = ", ".join(f"{s} {by[s]}" for s in ("error", "warning", "info") if by[s])
    return f"{len(icons):4d}/{n} = {100 * len(icons) / max(n, 1):5.1f}%" + (f" ({detail})" if detail else "")


def name_of(icon_id: str) -> str:
    return icon_id.rsplit("/", 1)[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iconaudit", type=Path, help="iconaudit binary (default: release build)")
    parser.add_argument("--sample", type=int, default=200, help="icons in the faulty-copy sample (default 200)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--output", type=Path, help="write the figures as JSON")
    args = parser.parse_args()

    binary = iconaudit_binary(args.iconaudit)
    svg_dir = lucide_icons.fetch_svgs(lucide_icons.DEFAULT_CACHE)
    clean = {}
    for pt, px in ((24, 48), (25, 50), (22, 44)):
        folder = CACHE / f"lucide-{pt}pt"
        summary = lucide_icons.render_all(svg_dir, folder, px, "@2x")
        if summary["failed"]:
            log(f"{len(summary['failed'])} SVGs failed to render at {px} px")
        clean[pt] = folder
    names = sorted(p.name for p in clean[24].glob("*@2x.png"))
    rng = random.Random(args.seed)
    sample = sorted(rng.sample(names, min(args.sample, len(names))))
    figures: dict = {"lucideIcons": len(names), "sample": len(sample)}
    failures: list[str] = []

    # 1. Clean Lucide: every icon rule's firing rate.
    log(f"auditing {len(names)} clean Lucide icons at 24, 25 (tab bar) and 22 pt (toolbar)")
    runs = {"24 pt": audit(binary, [clean[24]]), "25 pt tab bar": audit(binary, [clean[25]], role="tabBar"),
            "22 pt toolbar": audit(binary, [clean[22]], role="toolbar")}
    print(f"\nClean Lucide ({len(names)} icons): icons on which each rule fires")
    print(f"{'rule':28s} " + " ".join(f"{k:>30s}" for k in runs))
    figures["clean"] = {}
    for rule in ICON_RULES:
        cells = []
        for label, report in runs.items():
            found = findings_by(report)[""][rule]
            n = len(report["icons"])
            cells.append(f"{rate_text(found, n):>30s}")
            figures["clean"].setdefault(rule, {})[label] = {
                "icons": len({f['iconId'] for f in found}), "of": n,
                "bySeverity": dict(Counter(f["severity"] for f in found)),
                "names": sorted({name_of(f["iconId"]) for f in found})}
        print(f"{rule:28s} " + " ".join(cells))
    for rule in HYGIENE.values():
        fired = set(figures["clean"][rule]["24 pt"]["names"])
        if rule == "text_in_icon":
            fired -= LUCIDE_TEXT
            text_names = {n.removesuffix("@2x.png") for n in names} & LUCIDE_TEXT
            found = sorted(set(figures["clean"][rule]["24 pt"]["names"]) & LUCIDE_TEXT)
            figures["textIcons"] = {"lucideTextIcons": len(text_names), "found": found,
                                    "falsePositives": sorted(fired)}
            print(f"\ntext_in_icon: fires on {len(found)} of Lucide's {len(text_names)} icons with letters or digits; "
                  f"on {len(fired)} others ({100 * len(fired) / len(names):.2f}%): {', '.join(sorted(fired)) or '–'}")
        share = len(fired) / len(names)
        if share > MAX_CLEAN:
            failures.append(f"{rule} fires on {100 * share:.1f}% of clean Lucide (max {100 * MAX_CLEAN:.0f}%)")
    for rule in ("text_in_icon", "off_center", "too_much_detail", "stroke_weight_guidance", "duplicate_icon"):
        listed = figures["clean"][rule]["24 pt"]["names"]
        print(f"\n{rule} on clean Lucide (24 pt), {len(listed)}: {', '.join(listed) or '–'}")
    for label in ("25 pt tab bar", "22 pt toolbar"):
        for rule in ("shape_size", "canvas_size"):
            listed = figures["clean"][rule][label]["names"]
            print(f"\n{rule} on clean Lucide ({label}), {len(listed)}: {', '.join(listed) or '–'}")

    # 2. Faulty copies.
    faults = CACHE / "faults"
    if faults.exists():
        shutil.rmtree(faults)
    for name in sample:
        im = load_rgba(clean[24] / name)
        for variant, make in MAKERS.items():
            save_rgba(make(im), faults / variant / name)
    report = audit(binary, [faults])
    table = findings_by(report)
    print(f"\nFaulty copies of {len(sample)} Lucide icons: icons on which each rule fires")
    variants = list(MAKERS)
    print(f"{'rule':28s} " + " ".join(f"{v:>18s}" for v in variants))
    figures["faulty"] = {}
    for rule in ICON_RULES[:-2]:
        cells = []
        for variant in variants:
            found = table[variant][rule]
            n = icon_count(report, variant)
            share = len({f['iconId'] for f in found}) / max(n, 1)
            figures["faulty"].setdefault(rule, {})[variant] = round(share, 4)
            cells.append(f"{100 * share:17.1f}%")
        print(f"{rule:28s} " + " ".join(cells))
    for variant, rule in HYGIENE.items():
        share = figures["faulty"][rule][variant]
        minimum = MIN_FIRE.get(rule, 0.98)
        if share < minimum:
            missed = sorted({name_of(i["id"]) for i in report["icons"] if i["id"].startswith(variant + "/")}
                            - {name_of(f["iconId"]) for f in table[variant][rule]})
            failures.append(f"{rule} fires on {100 * share:.1f}% of the {variant} copies (min {100 * minimum:.0f}%); "
                            f"missed: {', '.join(missed[:20])}")
        fired_clean = {name_of(f["iconId"]) for f in table["clean"][rule]} - (LUCIDE_TEXT if rule == "text_in_icon" else set())
        clean_share = len(fired_clean) / max(icon_count(report, "clean"), 1)
        if clean_share > MAX_CLEAN:
            failures.append(f"{rule} fires on {100 * clean_share:.1f}% of the clean sample: {', '.join(sorted(fired_clean))}")
    missed_text = sorted({name_of(i["id"]) for i in report["icons"] if i["id"].startswith("text_ab/")}
                         - {name_of(f["iconId"]) for f in table["text_ab"]["text_in_icon"]})
    print(f"\ntext_in_icon missed on text_ab copies ({len(missed_text)}): {', '.join(missed_text) or '–'}")

    # 3. Duplicates: 40 icons + 6 copies under other names (2 at @3x).
    dup = CACHE / "duplicates"
    if dup.exists():
        shutil.rmtree(dup)
    dup.mkdir(parents=True)
    base = sample[:40]
    for name in base:
        shutil.copy2(clean[24] / name, dup / name)
    planted = []
    for i, name in enumerate(base[:6]):
        stem = name.removesuffix("@2x.png")
        copy = f"zz-copy-of-{stem}"
        if i < 2:  # the same drawing at @3x
            subprocess.run(["rsvg-convert", "-w", "72", "-h", "72", "-f", "png", "-o", str(dup / f"{copy}@3x.png"),
                            str(svg_dir / f"{stem}.svg")], check=True)
        else:
            shutil.copy2(clean[24] / name, dup / f"{copy}@2x.png")
        planted.append(copy)
    report = audit(binary, [dup])
    found = [f for f in report["findings"] if f["ruleId"] == "duplicate_icon"]
    hit = sorted({name_of(f["iconId"]) for f in found})
    print(f"\nduplicate_icon: {len(found)} findings for {len(planted)} planted copies: {', '.join(hit)}")
    figures["duplicates"] = {"planted": len(planted), "findings": len(found), "on": hit}
    if sorted(planted) != hit or len(found) != len(planted):
        failures.append(f"duplicate_icon found {hit} for planted {sorted(planted)}")

    # 4. Look-alikes: 30 sample icons at 22 pt as references, the same at 25 pt audited.
    refs, looks = CACHE / "references", CACHE / "lookalikes"
    for folder in (refs, looks):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    chosen = sample[-30:]
    for name in chosen:
        shutil.copy2(clean[22] / name, refs / name)
        shutil.copy2(clean[25] / name, looks / name)
    others = [n for n in sample if n not in chosen]
    for name in others:
        shutil.copy2(clean[25] / name, looks / f"other-{name}")
    report = audit(binary, [looks], reference=refs)
    found = [f for f in report["findings"] if f["ruleId"] == "resembles_system_icon"]
    same = {name_of(f["iconId"]) for f in found if not name_of(f["iconId"]).startswith("other-")}
    other = sorted(name_of(f["iconId"]) for f in found if name_of(f["iconId"]).startswith("other-"))
    print(f"\nresembles_system_icon: {len(same)}/{len(chosen)} look-alikes found; "
          f"{len(other)}/{len(others)} other icons fire: {', '.join(f['message'][:60] + ' ← ' + name_of(f['iconId']) for f in found if name_of(f['iconId']).startswith('other-')) or '–'}")
    figures["lookalikes"] = {"found": len(same), "of": len(chosen), "othersFiring": len(other), "others": len(others)}
    if len(same) < len(chosen):
        failures.append(f"resembles_system_icon found {len(same)} of {len(chosen)} look-alikes")

    if args.output:
        args.output.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    if failures:
        print("\nMISSED:\n  " + "\n  ".join(failures))
        return 1
    print("\nall targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
