#!/usr/bin/env python3
"""Writes iconaudit's hostile-input files: the fuzz seed corpora, and a malformed-input folder.

    scripts/make_malformed_corpus.py seeds  [DIR]   # default Tests/Fuzz/Seeds (committed; small)
    scripts/make_malformed_corpus.py corpus DIR     # a folder of broken and hostile inputs to audit
    scripts/make_malformed_corpus.py jpeg   FILE    # a small real JPEG (needs Pillow), for the test fixture

Standard library only (zlib, struct), except `jpeg`. The tests do not run this script: they make
the same cases themselves (Tests/RobustnessTests) and assert each outcome. `corpus` is for trying
the tool by hand, e.g. `iconaudit audit /tmp/hostile; echo $?` (expect exit 2, one line per bad file,
the good icons audited). Large cases (the decompression bomb) are written only with --large.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, color_type: int = 6, bit_depth: int = 8, rows: bytes | None = None,
        extra: list[bytes] | None = None, interlace: int = 0, palette: bytes | None = None,
        trns: bytes | None = None) -> bytes:
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    row_bytes = (width * channels * bit_depth + 7) // 8
    if rows is None:
        rows = b"".join(b"\0" + bytes((x * 37 + y * 11) & 0xFF for x in range(row_bytes)) for y in range(height))
    out = SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace))
    for c in extra or []:
        out += c
    if palette is not None:
        out += chunk(b"PLTE", palette)
    if trns is not None:
        out += chunk(b"tRNS", trns)
    return out + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def glyph_rows(size: int, inside) -> bytes:
    """RGBA8 rows of a black glyph: alpha 255 where inside(x, y)."""
    return b"".join(b"\0" + b"".join(b"\0\0\0" + (b"\xff" if inside(x, y) else b"\0") for x in range(size))
                    for y in range(size))


ANCILLARY = [
    chunk(b"gAMA", struct.pack(">I", 45455)),
    chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
    chunk(b"sRGB", b"\0"),
    chunk(b"iCCP", b"icc\0\0" + zlib.compress(b"\0" * 128)),
    chunk(b"tEXt", b"Title\0icon"),
    chunk(b"zTXt", b"Comment\0\0" + zlib.compress(b"hello")),
    chunk(b"iTXt", b"Author\0\0\0en\0\0me"),
    chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1)),
    chunk(b"tIME", struct.pack(">HBBBBB", 2024, 1, 2, 3, 4, 5)),
    chunk(b"sBIT", b"\x08\x08\x08\x08"),
    chunk(b"bKGD", struct.pack(">HHH", 0, 0, 0)),
]


def png_seeds() -> dict[str, bytes]:
    seeds: dict[str, bytes] = {}
    disk = glyph_rows(16, lambda x, y: (x - 7.5) ** 2 + (y - 7.5) ** 2 < 36)
    ring = glyph_rows(16, lambda x, y: 16 < (x - 7.5) ** 2 + (y - 7.5) ** 2 < 40)
    seeds["disk-rgba8.png"] = png(16, 16, rows=disk)
    seeds["ring-rgba8-adam7.png"] = png(16, 16, rows=None, interlace=1)
    seeds["ring-rgba8.png"] = png(16, 16, rows=ring, extra=ANCILLARY)
    for color_type, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [16])]:
        for depth in depths:
            palette = bytes(range(48)) if color_type == 3 else None
            trns = bytes([0, 128, 255]) if color_type == 3 else None
            seeds[f"t{color_type}d{depth}.png"] = png(8, 6, color_type, depth, palette=palette, trns=trns)
    seeds["one-pixel.png"] = png(1, 1, rows=b"\0\0\0\0\xff")
    seeds["opaque.png"] = png(8, 8, rows=glyph_rows(8, lambda x, y: True))
    return seeds


SVG_SEEDS = {
    "circle.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="8"/></svg>',
    "ring.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" '
                'stroke="#000" stroke-width="2"/></svg>',
    "path.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="25"><path d="M3 3h19v19H3zM6 6v13h13V6z" '
                'fill-rule="evenodd" opacity="0.8"/></svg>',
    "defs-use.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="22" '
                    'height="22"><defs><g id="a"><rect x="2" y="2" width="6" height="6"/></g></defs><use xlink:href="#a"/>'
                    '<use xlink:href="#a" x="10" y="10"/></svg>',
    "filter.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><filter id="f"><feGaussianBlur '
                  'stdDeviation="1"/></filter><rect x="6" y="6" width="12" height="12" filter="url(#f)"/></svg>',
    "gradient-text.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><linearGradient id="g">'
                         '<stop offset="0"/><stop offset="1" stop-opacity="0"/></linearGradient><rect width="30" '
                         'height="20" fill="url(#g)"/><text x="2" y="15" font-size="12">Ab</text></svg>',
    "transform-clip.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><clipPath id="c"><circle '
                          'cx="12" cy="12" r="7"/></clipPath><g transform="rotate(30 12 12)" clip-path="url(#c)">'
                          '<rect x="2" y="2" width="20" height="20"/></g></svg>',
    "symbol-template.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><g id="Notes"><text>'
                           'notes</text></g><g id="Symbols"><g id="Regular-M" transform="matrix(1 0 0 1 100 200)">'
                           '<path d="M10 10h60v60H10z"/></g><g id="Regular-S"><circle cx="300" cy="300" r="20"/>'
                           '</g></g></svg>',
    "entities.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "x">]><svg xmlns="http://www.w3.org/2000/svg" '
                    'width="10" height="10"><text>&a;</text></svg>',
}


def catalog_seeds() -> dict[str, bytes]:
    def dump(value) -> bytes:
        return json.dumps(value, indent=2).encode()
    image = {"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"},
                        {"filename": "a@2x.png", "idiom": "universal", "scale": "2x"},
                        {"idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1},
             "properties": {"template-rendering-intent": "template"}}
    vector = {"images": [{"filename": "v.pdf", "idiom": "universal"}], "info": {"author": "xcode", "version": 1},
              "properties": {"preserves-vector-representation": True, "template-rendering-intent": "template"}}
    symbol = {"symbols": [{"filename": "s.svg", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}
    config = {"version": 1, "rules": {"drop_shadow": {"severity": "warning"}, "off_center": {"enabled": False},
                                      "perceived_size_outlier": {"thresholds": {"errorRatio": 0.8}}},
              "disable": ["shape_size"], "roles": [{"pattern": "App.xcassets/Tabs/**", "role": "tabBar"},
                                                   {"pattern": "**/toolbar-*", "role": "toolbar"}],
              "selectedSuffixes": ["-selected"], "madFloor": 0.03, "vectorScale": 2}
    snapshot = {"schemaVersion": 1, "tool": {"name": "iconaudit", "version": "0.1.0"}, "label": "v1",
                "icons": [{"id": "a", "path": "a.png", "family": "", "state": "unselected", "signature": "00ff80",
                           "metrics": {"perceivedSizePt": 20, "strokeWeightPt": 1, "strokeWeightPx": 2,
                                       "detailDensity": 30, "opticalCenterOffsetPt": {"x": 0, "y": 0},
                                       "style": "outline"}}],
                "findings": [{"iconId": "a", "ruleId": "off_center", "severity": "warning", "message": "m",
                              "path": "a.png"}],
                "family": {"consistencyScore": 90, "families": [{"name": "", "consistencyScore": 90}],
                           "groups": [{"count": 1, "effectiveSizePt": {"madLog": 0.1}}]}}
    return {"imageset.json": dump(image), "vector.json": dump(vector), "symbolset.json": dump(symbol),
            "config.json": dump(config), "snapshot.json": dump(snapshot),
            "wrong-types.json": b'{"images": [{"filename": 3, "scale": 2}, "x", {"filename": "../a.png"}], '
                                b'"properties": []}'}


def write_seeds(folder: Path) -> None:
    for sub, files in [("png", png_seeds()), ("svg", {k: v.encode() for k, v in SVG_SEEDS.items()}),
                       ("catalog", catalog_seeds())]:
        (folder / sub).mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            (folder / sub / name).write_bytes(data)
    print(f"seeds written to {folder}")


def write_corpus(folder: Path, large: bool) -> None:
    """A folder mixing good icons with every kind of broken input."""
    folder.mkdir(parents=True, exist_ok=True)
    good = png(24, 24, rows=glyph_rows(24, lambda x, y: (x - 11.5) ** 2 + (y - 11.5) ** 2 < 64))
    files: dict[str, bytes] = {
        "good.png": good,
        "one-pixel.png": png(1, 1, rows=b"\0\0\0\0\xff"),
        "transparent.png": png(24, 24, rows=glyph_rows(24, lambda x, y: False)),
        "opaque.png": png(24, 24, rows=glyph_rows(24, lambda x, y: True)),
        "truncated.png": good[: len(good) // 2],
        "empty.png": b"",
        "not-png.png": b"GIF89a\x01\x00\x01\x00",
        "zero-width.png": SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 0, 24, 8, 6, 0, 0, 0)) + chunk(b"IEND", b""),
        "oversize.png": SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0))
                        + chunk(b"IEND", b""),
        "laughs.svg": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                       + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
                       + ']><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><text>&i;</text></svg>').encode(),
        "xxe.svg": b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                   b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><text>&x;</text></svg>',
        "deep.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">' + b"<g>" * 5000
                    + b'<rect width="9" height="9"/>' + b"</g>" * 5000 + b"</svg>",
        "huge-size.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="1e19" height="24"/>',
        "external-image.svg": b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                              b'width="24" height="24"><image xlink:href="file:///etc/hosts" width="24" height="24"/>'
                              b'<circle cx="12" cy="12" r="6"/></svg>',
        "script.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><script>alert(1)</script>'
                      b'<circle cx="12" cy="12" r="6" onload="alert(2)"/></svg>',
    }
    if large:
        # 16384 x 4096 RGBA of zeros: within the pixel limit, 256 MiB once inflated, ~260 KB on disk.
        compressor = zlib.compressobj(9)
        row = b"\0" * (16384 * 4 + 1)
        data = b"".join(compressor.compress(row) for _ in range(4096)) + compressor.flush()
        files["bomb-within-limits.png"] = SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 16384, 4096, 8, 6, 0, 0, 0)) \
            + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    for name, data in files.items():
        (folder / name).write_bytes(data)
    catalog = folder / "App.xcassets"
    for name, contents in [("not-json", b"{ nope"), ("wrong-types", b'{"images": "a.png"}'),
                           ("outside", b'{"images": [{"filename": "../../good.png", "idiom": "universal"}]}'),
                           ("itself", b'{"images": [{"filename": "Contents.json", "idiom": "universal"}]}')]:
        set_folder = catalog / f"{name}.imageset"
        set_folder.mkdir(parents=True, exist_ok=True)
        (set_folder / "Contents.json").write_bytes(contents)
    loop = folder / "loop"
    loop.mkdir(exist_ok=True)
    for link, target in [(loop / "again", ".."), (folder / "dangling.png", "missing.png"), (folder / "root-link", "/")]:
        if not link.is_symlink():
            os.symlink(target, link)
    print(f"corpus written to {folder}")


def write_jpeg(path: Path) -> None:
    from PIL import Image  # only for this fixture
    image = Image.new("RGB", (8, 8), (20, 40, 60))
    image.save(path, "JPEG", quality=50)
    print(f"{path}: {path.stat().st_size} bytes")


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in ("seeds", "corpus", "jpeg"):
        print(__doc__, file=sys.stderr)
        return 64
    if argv[1] == "seeds":
        write_seeds(Path(argv[2]) if len(argv) > 2 else ROOT / "Tests" / "Fuzz" / "Seeds")
    elif argv[1] == "corpus":
        if len(argv) < 3:
            print("corpus needs a folder", file=sys.stderr)
            return 64
        write_corpus(Path(argv[2]), large="--large" in argv)
    else:
        write_jpeg(Path(argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
