"""One way to show outside text in the app (issue #50): every page puts text into the DOM
through ``docs/app/show.js`` (``el``, ``picture``); no other module of the app writes
markup, so that a name, a comment or an engine's answer can never become an element."""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "docs" / "app"
LAYER = "show.js"
VENDORED = {"qrcode-generator.js"}
"""qrcode-generator 2.0.4 as npm publishes it: the app calls only its addData, make,
getModuleCount and isDark (common.js), never the functions of it that write markup."""
MARKUP = re.compile(
    r"\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|createContextualFragment"
)


def test_no_module_but_the_layer_writes_markup() -> None:
    modules = sorted(p for p in APP.glob("*.js") if p.name not in VENDORED | {LAYER})
    assert len(modules) >= 8  # the pages' modules are here
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in modules
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MARKUP.search(line)
    ]
    assert not found, "markup written outside show.js:\n" + "\n".join(found)


def test_the_layer_itself_writes_no_markup_either() -> None:
    """It builds elements and parses the engine's pictures in a document of their own."""
    code = [line for line in (APP / LAYER).read_text(encoding="utf-8").splitlines()
            if not line.strip().startswith(("//", "/*", "*"))]  # its comments name them
    assert code and not any(MARKUP.search(line) for line in code)


def test_the_vendored_code_is_used_only_for_its_cells() -> None:
    common = (APP / "common.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bcode\.(\w+)\(", common))
    assert used == {"addData", "make", "getModuleCount", "isDark"}, used
