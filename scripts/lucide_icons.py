#!/usr/bin/env python3
"""Fetches the Lucide icon family (a real, professionally drawn outline family) and renders it.

The SVGs come from the PyPI package `lucide` (the wheel carries `lucide/lucide.zip`: 1745 icons on a
24×24 viewBox, stroke-width 2, stroke="currentColor", fill none). They are extracted into a cache
folder outside version control; nothing of Lucide is committed (Lucide is ISC-licensed; its licence
file is extracted next to the SVGs).

    scripts/lucide_icons.py                          # extract only; prints the SVG folder
    scripts/lucide_icons.py --render 48 --out DIR    # and render each SVG to DIR/NAME.png, 48×48 px
    scripts/lucide_icons.py --render 48 --out DIR --suffix @2x   # NAME@2x.png (24 pt at 2×)

Rendering uses `rsvg-convert` (Debian's librsvg2-bin: the same librsvg that iconaudit links), which
it installs with apt when missing (as root or with sudo); failing that, cairosvg from PyPI. The
stroke is currentColor, so icons render black on a transparent canvas: RGBA PNGs whose alpha is the
antialiased coverage. Idempotent: existing, up-to-date PNGs are kept.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _venv  # noqa: E402

LUCIDE_VERSION = "1.1.4"
EXPECTED_COUNT = 1745
SCRIPTS = Path(__file__).resolve().parent
DEFAULT_CACHE = SCRIPTS / ".cache" / "lucide"


def log(message: str) -> None:
    print(f"lucide_icons: {message}", file=sys.stderr)


def fetch_svgs(cache: Path, version: str = LUCIDE_VERSION) -> Path:
    """Returns the folder of the extracted SVGs, downloading the wheel once."""
    svg_dir = cache / "svg"
    stamp = cache / f".extracted-{version}"
    if stamp.exists() and svg_dir.is_dir():
        return svg_dir
    cache.mkdir(parents=True, exist_ok=True)
    wheels = sorted(cache.glob(f"lucide-{version}-*.whl"))
    if not wheels:
        if importlib.util.find_spec("pip") is None:
            _venv.ensure()  # no pip in this interpreter: continue inside scripts/.venv (re-execs)
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                   "--no-input", "--no-deps", "--only-binary=:all:", f"lucide=={version}", "-d", tmp]
            result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if result.returncode != 0:
                sys.stderr.write(result.stdout)
                raise SystemExit(f"lucide_icons: could not download lucide=={version} from PyPI")
            for wheel in Path(tmp).glob("*.whl"):
                shutil.copy2(wheel, cache / wheel.name)
        wheels = sorted(cache.glob(f"lucide-{version}-*.whl"))
        if not wheels:
            raise SystemExit("lucide_icons: pip downloaded no wheel")
    with zipfile.ZipFile(wheels[-1]) as wheel:
        inner = zipfile.ZipFile(io.BytesIO(wheel.read("lucide/lucide.zip")))
        licence = [n for n in wheel.namelist() if n.endswith("/LICENSE")]
        if licence:
            (cache / "LICENSE").write_bytes(wheel.read(licence[0]))
    if svg_dir.exists():
        shutil.rmtree(svg_dir)
    svg_dir.mkdir(parents=True)
    count = 0
    for name in inner.namelist():
        if not name.endswith(".svg"):
            continue
        (svg_dir / Path(name).name).write_bytes(inner.read(name))
        count += 1
    if count != EXPECTED_COUNT:
        log(f"note: {count} SVGs in lucide=={version} (expected {EXPECTED_COUNT})")
    stamp.write_text(f"{count}\n")
    return svg_dir


def ensure_rsvg_convert() -> str | None:
    """Path of rsvg-convert, installing Debian's librsvg2-bin when missing and apt is usable."""
    found = shutil.which("rsvg-convert")
    if found:
        return found
    if not shutil.which("apt-get"):
        return None
    sudo = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    if sudo is None:
        return None
    log("installing librsvg2-bin (rsvg-convert) with apt")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (sudo + ["apt-get", "update", "-qq"],
                sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "librsvg2-bin"]):
        if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            return None
    return shutil.which("rsvg-convert")


def render_all(svg_dir: Path, out: Path, px: int, suffix: str, renderer: str | None = None) -> dict:
    """Renders every SVG to `out/NAME{suffix}.png` at px×px. Returns counts."""
    out.mkdir(parents=True, exist_ok=True)
    svgs = sorted(svg_dir.glob("*.svg"))
    rsvg = None if renderer == "cairosvg" else ensure_rsvg_convert()
    if renderer == "rsvg-convert" and rsvg is None:
        raise SystemExit("lucide_icons: rsvg-convert is not available")
    cairosvg = None
    if rsvg is None:
        _venv.ensure()  # cairosvg is not in requirements.txt: install it on demand
        try:
            import cairosvg  # type: ignore
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                            "cairosvg==2.9.1"], check=True)
            import cairosvg  # type: ignore

    def target(svg: Path) -> Path:
        return out / f"{svg.stem}{suffix}.png"

    todo = [s for s in svgs if not target(s).exists() or target(s).stat().st_mtime < s.stat().st_mtime]
    failures: list[str] = []

    def one(svg: Path) -> None:
        dest = target(svg)
        tmp = dest.with_name(dest.name + ".tmp")
        if rsvg is not None:
            cmd = [rsvg, "-w", str(px), "-h", str(px), "-f", "png", "-o", str(tmp), str(svg)]
            if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode != 0:
                failures.append(svg.name)
                return
        else:
            try:
                cairosvg.svg2png(url=str(svg), write_to=str(tmp), output_width=px, output_height=px)
            except Exception:  # noqa: BLE001 - one bad file never stops the others
                failures.append(svg.name)
                return
        os.replace(tmp, dest)

    if todo:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(one, todo))
    return {"svgs": len(svgs), "rendered": len(todo) - len(failures), "failed": failures,
            "renderer": "rsvg-convert" if rsvg else "cairosvg", "out": str(out)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help="cache folder (default scripts/.cache/lucide); SVGs land in CACHE/svg")
    parser.add_argument("--version", default=LUCIDE_VERSION, help="lucide version on PyPI")
    parser.add_argument("--render", type=int, metavar="PX", help="render each SVG to PX×PX PNG")
    parser.add_argument("--out", type=Path, help="PNG folder (with --render)")
    parser.add_argument("--suffix", default="", help="file name suffix before .png, e.g. @2x")
    parser.add_argument("--renderer", choices=["rsvg-convert", "cairosvg"],
                        help="force a renderer (default: rsvg-convert, else cairosvg)")
    parser.add_argument("--limit", type=int, help="only the first N icons (alphabetical), for quick runs")
    args = parser.parse_args()

    svg_dir = fetch_svgs(args.cache, args.version)
    if args.render is None:
        print(svg_dir)
        return 0
    if args.out is None:
        parser.error("--render needs --out DIR")
    source = svg_dir
    if args.limit:
        source = args.cache / f"svg-first-{args.limit}"
        if not source.is_dir():
            source.mkdir(parents=True)
            for svg in sorted(svg_dir.glob("*.svg"))[: args.limit]:
                shutil.copy2(svg, source / svg.name)
    summary = render_all(source, args.out, args.render, args.suffix, args.renderer)
    if summary["failed"]:
        log(f"{len(summary['failed'])} SVGs failed to render: {', '.join(summary['failed'][:10])}")
    if summary["rendered"]:
        log(f"rendered {summary['rendered']} of {summary['svgs']} icons at {args.render} px "
            f"with {summary['renderer']} into {args.out}")
    print(args.out)
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
