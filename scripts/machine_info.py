"""What machine and toolchain a benchmark ran on, for the JSON next to its figures (scripts/bench.py,
scripts/bench_scale.py)."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path


def machine() -> dict:
    """CPU model, cores, Python and Swift versions, and the versions of the reference's libraries."""
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    swift = subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True).stdout.splitlines()
    import numpy, scipy, skimage  # noqa: E401  (the reference's libraries; imported by the caller anyway)
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "swift": swift[0] if swift else "", "numpy": numpy.__version__, "scipy": scipy.__version__,
            "scikitImage": skimage.__version__}
