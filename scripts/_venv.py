"""Runs a script of scripts/ inside its own virtual environment, scripts/.venv.

`ensure()` creates the venv on first use, installs scripts/requirements.txt into it (again only
when that file changes: a hash is kept in the venv), and re-executes the calling script with the
venv's interpreter. Quiet unless pip fails. If no venv can be made, it falls back to
`pip install --user` into the current interpreter.

`ensure("browser")` does the same with scripts/requirements-browser.txt in scripts/.venv-browser
(selenium alone, for the browser tests of the HTML report: they need none of the heavy packages).

Set ICONAUDIT_NO_VENV=1 to use the current interpreter as it is (its packages must be there).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
VENV = SCRIPTS / ".venv"
REQUIREMENTS = SCRIPTS / "requirements.txt"
STAMP = VENV / ".requirements.sha256"
# The other environments ensure() knows: name -> (venv, requirements).
ENVIRONMENTS = {"browser": (SCRIPTS / ".venv-browser", SCRIPTS / "requirements-browser.txt")}


def _venv_python() -> Path:
    return VENV / "bin" / "python"


def _requirements_hash() -> str:
    return hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()


def _run_quiet(cmd: list[str]) -> None:
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout)
        raise SystemExit(f"{Path(sys.argv[0]).name}: failed: {' '.join(cmd)}")


def _pip(python: str, *args: str) -> list[str]:
    return [python, "-m", "pip", "--disable-pip-version-check", "--no-input", "-q", *args]


def ensure(environment: str | None = None) -> None:
    """Makes sure the requirements are importable; may re-exec the process (does not return then).
    `environment` names another set (ENVIRONMENTS) than scripts/requirements.txt."""
    global VENV, REQUIREMENTS, STAMP
    if environment is not None:
        VENV, REQUIREMENTS = ENVIRONMENTS[environment]
        STAMP = VENV / ".requirements.sha256"
    if os.environ.get("ICONAUDIT_NO_VENV") == "1":
        return
    in_venv = Path(sys.prefix).resolve() == VENV.resolve()
    wanted = _requirements_hash()
    if in_venv:
        if STAMP.exists() and STAMP.read_text().strip() == wanted:
            return
        print("scripts: installing Python requirements into scripts/.venv", file=sys.stderr)
        _run_quiet(_pip(sys.executable, "install", "-r", str(REQUIREMENTS)))
        STAMP.write_text(wanted + "\n")
        return
    if not _venv_python().exists():
        made = subprocess.run([sys.executable, "-m", "venv", str(VENV)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if made.returncode != 0 or not _venv_python().exists():
            # No venv module (Debian's python3 without python3-venv): install for the user instead.
            print("scripts: no venv available, installing requirements with pip --user", file=sys.stderr)
            _run_quiet(_pip(sys.executable, "install", "--user", "-r", str(REQUIREMENTS)))
            os.environ["ICONAUDIT_NO_VENV"] = "1"
            return
    os.execv(str(_venv_python()), [str(_venv_python()), *sys.argv])
