"""The stored runs behind the page of implementations (docs/kit/implementations.md), made
again, one command each, from the root of a checkout::

    python -m cuckoo.conformance.run.stored reference  # the pure-Python reference
    python -m cuckoo.conformance.run.stored openspiel  # the OpenSpiel binding (its extra)
    python -m cuckoo.conformance.run.stored compiled   # the mypyc build, made in a temporary
                                                       # venv first (a minute or two)
    python -m cuckoo.conformance.run.report page       # then the page itself

Each writes ``tests/kit/reports/NAME.json``, the report ``cuckoo conform --report`` writes,
with a line on what the implementation is.  ``compiled --engine "VENV/bin/cuckoo serve"``
runs a compiled build already installed instead of making one.  ``same STORED NEW``
says whether two reports give every case the same verdict (CI's compiled step checks its
build's run against the stored one this way).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from ...escaping import terminal
from ...files import FileProblem, check_output, copy_files, write_output
from ..engine import Engine, EngineFailure
from ..protocol import PROTOCOL
from ..suites.build import load_all
from . import report as results
from .runner import run_suite

__all__ = ["IMPLEMENTATIONS", "differences", "main", "run"]

IMPLEMENTATIONS: Final = {
    "reference": ("cuckoo serve", "the pure-Python reference, the rulebook's own engine"),
    "compiled": (
        "VENV/bin/cuckoo serve",
        "the compiled build: the engines compiled with mypyc (CUCKOO_COMPILE=1, setup.py)",
    ),
    "openspiel": (
        "python -m cuckoo.conformance.run.openspiel",
        "the OpenSpiel binding (cuckoo.openspiel), every move played as an OpenSpiel action; "
        "what its game types cannot express is skipped with the reason",
    ),
}
"""Each stored implementation: the engine command its report names, and what it is."""


def run(command: str, name: str) -> dict[str, Any]:
    """The report of the whole suite run against the engine *command*, stored as *name*.

    :raises EngineFailure: for an engine that does not speak the protocol.
    """
    suites = load_all()
    engine = Engine(command)
    try:
        if engine.ask("protocol") != f"= {PROTOCOL}":
            raise EngineFailure(f"{command} does not answer protocol with {PROTOCOL}")
        outcome = run_suite(engine, suites, log=lambda _: None)
    finally:
        engine.close()
    shown, about = IMPLEMENTATIONS[name]
    return {**results.of_run(outcome, suites, shown), "about": about}


def _compiled_build(folder: Path) -> str:
    """Make the compiled build of this checkout in a venv in *folder*, as CI's compiled
    step does; the engine command of the build."""
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    source = folder / "source"
    copy_files([Path(name.decode()) for name in filter(None, files)], source)
    venv = folder / "venv"
    python = str(venv / "bin" / "python")
    steps = [
        [sys.executable, "-m", "venv", str(venv)],
        [python, "-m", "pip", "install", "--quiet", "setuptools>=77", "mypy>=1.8", "lark>=1.1.9"],
        [python, "-m", "pip", "install", "--quiet", "--no-build-isolation", str(source)],
    ]
    for step in steps:
        subprocess.run(step, check=True, env={**os.environ, "CUCKOO_COMPILE": "1"})
    return f"{shlex.quote(str(venv / 'bin' / 'cuckoo'))} serve"


def differences(stored: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What two reports give different verdicts on: the suites' versions and each case's
    outcome (the engine, date and wording of problems may differ)."""
    lines = []
    if stored["suites"] != new["suites"]:
        lines.append(f"suites {stored['suites']} stored, {new['suites']} now")
    before = {c["id"]: c["outcome"] for c in stored["cases"]}
    after = {c["id"]: c["outcome"] for c in new["cases"]}
    for case in sorted(before.keys() | after.keys()):
        if before.get(case) != after.get(case):
            lines.append(
                f"{case}: {before.get(case, 'absent')} stored, {after.get(case, 'absent')} now"
            )
    return lines


def _write(name: str, data: dict[str, Any]) -> None:
    path = results.STORED / f"{name}.json"
    check_output(path, name)
    write_output(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    totals = data["totals"]
    print(
        f"wrote {path}: {totals['pass']} passed, {totals['fail']} failed, {totals['skip']} skipped"
    )


def main(argv: list[str]) -> int:
    """``reference``, ``openspiel`` or ``compiled [--engine COMMAND]``: run and store;
    ``same STORED NEW``: 0 when the verdicts agree, else 1 and the differences."""
    if argv[:1] == ["same"] and len(argv) == 3:
        try:
            stored, new = (results.read_report(Path(p)) for p in argv[1:])
        except (OSError, ValueError) as error:
            print(f"cuckoo: cannot read a report: {terminal(str(error))}", file=sys.stderr)
            return 2
        lines = differences(stored, new)
        for line in lines:
            print(line)
        print(f"{len(lines)} difference(s) from {argv[1]}" if lines else f"the same as {argv[1]}")
        return 1 if lines else 0
    try:
        if argv[:1] in (["reference"], ["openspiel"]) and len(argv) == 1:
            _write(argv[0], run(IMPLEMENTATIONS[argv[0]][0], argv[0]))
            return 0
        if argv[:1] == ["compiled"] and len(argv) in (1, 3) and argv[1:2] in ([], ["--engine"]):
            if len(argv) == 3:
                _write("compiled", run(argv[2], "compiled"))
                return 0
            with tempfile.TemporaryDirectory(prefix="cuckoo-compiled-") as folder:
                _write("compiled", run(_compiled_build(Path(folder)), "compiled"))
            return 0
    except (EngineFailure, FileProblem, OSError, subprocess.CalledProcessError) as error:
        print(f"cuckoo: {terminal(str(error))}", file=sys.stderr)
        return 2
    print(
        "usage: python -m cuckoo.conformance.run.stored reference|openspiel|compiled "
        "[--engine COMMAND] | same STORED.json NEW.json",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
