"""The Rules Reference's extension (``docs/_ext/cuckoo_reference.py``): the small rule ID
linked to its rule, every topic in the general index under its game, and the lookup tables
made by the engine and equal to the spec's own tables."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .sphinx_site import build  # skips the module without the docs extra

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
# Spelt in pieces, so that the suite's own check does not take it for a rule of the spec.
RULE = "-".join(("XR", "TOPIC", "RULE"))


def _example(slug: str) -> str:
    """An example of the rule: a record the engine replays."""
    return (
        f"```{{example}} {slug}\n:caption: A die on an edge.\n:rules: {RULE}\n:expect: ok\n\n"
        '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'
        "1. 6@003/A *\n```\n"
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A site with one rule, and a reference page citing it under two topics."""
    src = tmp_path_factory.mktemp("src")
    (src / "tests").mkdir()
    (src / "tests" / "test_rule.py").write_text(f"# {RULE}\n", encoding="utf-8")
    (src / "rules.md").write_text(
        f"# Rules\n\n```{{rule}} {RULE}\n:title: A rule\n\nA player must.\n```\n\n"
        + _example("beside-the-rule"),
        encoding="utf-8",
    )
    (src / "notation.md").write_text("# Notation\n\n" + _example("in-another-chapter"))
    (src / "reference").mkdir()
    (src / "reference" / "game.md").write_text(
        "# A game: Rules Reference\n\n## Apex\n\nOnly last. {ruleid}`" + RULE + "`\n\n"
        "## Second face\n\n```{cuckoo-reference-table} second-face\n```\n\n"
        "## For implementers\n\nNothing.\n",
        encoding="utf-8",
    )
    (src / "index.md").write_text(
        "# Site\n\n```{toctree}\nrules\nnotation\nreference/game\n```\n", encoding="utf-8"
    )
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\n"
        'extensions = ["myst_parser", "cuckoo_reference"]\n'
        f"cuckoo_tests_dir = {str(src / 'tests')!r}\n"
        'exclude_patterns = ["tests"]\n',
        encoding="utf-8",
    )
    out = tmp_path_factory.mktemp("html")
    yield out, build(src, out)
    sys.path.remove(str(EXT))


def test_the_rule_id_is_small_and_links_to_its_rule(site: tuple[Path, str]) -> None:
    out, warnings = site
    # a second Sphinx in one process warns that its nodes and directives are registered
    problems = [w for w in warnings.splitlines() if w and "already registered" not in w]
    assert not problems
    page = (out / "reference" / "game.html").read_text(encoding="utf-8")
    shown = re.search(r'<span class="cuckoo-ref-id"><a [^>]*href="([^"]+)"', page)
    assert shown is not None and shown[1] == f"../rules.html#{RULE}"
    assert "cuckoo_reference.css" in page


def test_every_topic_is_in_the_index_under_its_game(site: tuple[Path, str]) -> None:
    out, _ = site
    genindex = (out / "genindex.html").read_text(encoding="utf-8")
    assert '<a href="reference/game.html#apex">A game</a>' in genindex
    assert '<a href="reference/game.html#second-face">A game</a>' in genindex
    assert "for-implementers" not in genindex


def test_the_table_is_the_engines(site: tuple[Path, str]) -> None:
    out, _ = site
    page = (out / "reference" / "game.html").read_text(encoding="utf-8")
    cells = re.findall(r"<td><p>(\d)</p></td>", page)
    assert cells[:3] == ["1", "2", "5"], "value 1: 2 beside your own die, 5 beside the other's"


def _rows(markdown: str) -> list[list[str]]:
    """The body rows of the first Markdown table in *markdown*, cell by cell."""
    lines = [line.strip() for line in markdown.splitlines() if line.strip().startswith("|")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]


@pytest.mark.parametrize(
    ("table", "chapter", "rule", "columns"),
    [
        ("second-face", "cuckoo-dice/place.md", "CD-PLACE-SECOND", 3),
        ("cockatoos", "zum-kuckuck/components.md", "ZK-CARD-COCKATOOS", 2),
    ],
)
def test_the_engines_table_is_the_specs(table: str, chapter: str, rule: str, columns: int) -> None:
    """The engine's table in the reference and the table the spec states by hand agree."""
    sys.path.insert(0, str(EXT))
    try:
        from cuckoo_reference import TABLES
    finally:
        sys.path.remove(str(EXT))
    text = (ROOT / "spec" / chapter).read_text(encoding="utf-8")
    box = text.split(f"```{{rule}} {rule}")[1].split("\n```")[0]
    spec = [row[:columns] for row in _rows(box)]
    assert spec and spec == _rows(TABLES[table]())


def test_a_topic_links_the_examples_beside_its_rules(site: tuple[Path, str]) -> None:
    """Only those of the chapter that defines the rule (not a notation chapter's)."""
    out, _ = site
    page = (out / "reference" / "game.html").read_text(encoding="utf-8")
    (line,) = re.findall(r'<p class="cuckoo-ref-examples">(.*?)</p>', page, re.S)
    assert 'href="../rules.html#example-beside-the-rule">beside the rule</a>' in line
    assert "in-another-chapter" not in page
