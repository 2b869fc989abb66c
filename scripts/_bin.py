"""The release build of iconaudit for the Python scripts of scripts/.

`binary()` is the path of the release iconaudit, `bin_dir()` the folder of the release build; each
builds first what is missing or older than any source. One implementation: both run
`iconaudit_bin_dir` of scripts/_bin, which the shell scripts source (see there).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent


def bin_dir(*products: str) -> Path:
    """The folder of the release build, after building each of `products` (default: iconaudit)
    when it is missing or stale. Build output goes to stderr; a failed build exits."""
    result = subprocess.run(["bash", "-c", '. "$0" && iconaudit_bin_dir "$@"', str(SCRIPTS / "_bin"), *products],
                            stdout=subprocess.PIPE, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        raise SystemExit(f"{Path(sys.argv[0]).name}: could not build the release iconaudit")
    return Path(result.stdout.strip())


def binary(given: str | Path | None = None, product: str = "iconaudit") -> Path:
    """`given` when set (a binary named on the command line: used as it is), else the release
    build's `product`, built first when missing or stale."""
    if given:
        return Path(given)
    return bin_dir(product) / product
