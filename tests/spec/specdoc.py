"""Reading the spec's directives: rules and examples, the way the docs extension does."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"

_DIRECTIVE = re.compile(
    r"^(?P<fence>`{3,})\{(?P<name>rule|example)\}[ \t]+(?P<arg>\S+)[ \t]*\n"
    r"(?P<options>(?::[\w-]+:[^\n]*\n)*)"
    r"(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.M | re.S,
)
RULE_ID = re.compile(r"\b[A-Z]{2}(?:-[A-Z0-9]+)+\b(?![-*{])")


@dataclass(frozen=True)
class Directive:
    name: str
    arg: str
    options: dict[str, str]
    body: str
    path: Path
    line: int


def directives(name: str) -> list[Directive]:
    """Every ``{name}`` directive in the spec, in file order."""
    found = []
    for path in sorted(SPEC.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in _DIRECTIVE.finditer(text):
            if match["name"] == name:
                options = dict(re.findall(r"^:([\w-]+):[ \t]*(.*)$", match["options"], flags=re.M))
                line = text.count("\n", 0, match.start()) + 1
                body = match["body"].lstrip("\n")
                found.append(Directive(name, match["arg"], options, body, path, line))
    return found
