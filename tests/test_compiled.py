"""What the compiled build (``setup.py``) needs of the code it compiles that no test of the
pure build would see: mypyc compiles ``error.detail = ...`` (``detail`` being a property with
a setter on an exception class) to a call that crashes the process, so no compiled module
may assign it (the note in :class:`cuckoo.errors.CuckooError`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def compiled_modules() -> list[Path]:
    """The files ``setup.py`` compiles, from its ``COMPILED``."""
    for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "COMPILED":
            names = ast.literal_eval(node.value)
            return [ROOT / "reference" / "cuckoo" / f"{name}.py" for name in names]
    raise AssertionError("setup.py has no COMPILED")


def detail_assignments(path: Path) -> list[str]:
    """Each assignment to an attribute ``detail`` in *path*, as ``file:line``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        if any(isinstance(t, ast.Attribute) and t.attr == "detail" for t in targets):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_compiled_module_assigns_an_errors_detail() -> None:
    found = [place for path in compiled_modules() for place in detail_assignments(path)]
    assert found == [], "assigns `.detail` in a compiled module (use setattr): " + ", ".join(found)
