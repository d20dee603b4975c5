"""Finding one's way in the rulebook: rule IDs in the general index and the search index
(landing on the rule's block), a space between an ID and its title, traceability tables
one game at a time, a copyright in the footer, and records that fit the page."""

from __future__ import annotations

import json
import re
import runpy
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .sphinx_site import build  # skips the module without the docs extra

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# Spelt in pieces, so that the suite's own check does not take them for rules of the spec.
ONE, TWO, THREE = (f"X{game}-{name}" for game, name in (("A", "ONE"), ("B", "TWO"), ("C", "THREE")))
RULES = {"one": (ONE, "The first rule; with a semicolon"), "two": (TWO, "The second rule")}


def _rule(rule_id: str, title: str) -> str:
    return f"```{{rule}} {rule_id}\n:title: {title}\n\nA player must do it.\n```\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A small site built with the spec extension: a rule in each of two games' folders, a
    third folder with no table, and a traceability page for the first two."""
    src = tmp_path_factory.mktemp("src")
    tests = src / "tests"
    tests.mkdir()
    (tests / "test_rules.py").write_text(f"# {ONE} {TWO} {THREE}\n", encoding="utf-8")
    for folder, (rule_id, title) in zip(("game-a", "game-b"), RULES.values(), strict=True):
        (src / folder).mkdir()
        (src / folder / "rules.md").write_text(f"# Rules\n\n{_rule(rule_id, title)}")
    (src / "game-c").mkdir()
    (src / "game-c" / "rules.md").write_text(f"# Rules\n\n{_rule(THREE, 'Third')}")
    (src / "traceability.md").write_text(
        "# Traceability\n\n## A\n\n```{traceability} game-a\n```\n\n"
        "## B\n\n```{traceability} game-b/\n```\n"
    )
    toctree = "game-a/rules\ngame-b/rules\ngame-c/rules\ntraceability"
    (src / "index.md").write_text(f"# Site\n\n```{{toctree}}\n{toctree}\n```\n")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        'extensions = ["myst_parser", "cuckoo_spec"]\n'
        f"cuckoo_tests_dir = {str(tests)!r}\n"
        'exclude_patterns = ["tests"]\n'
    )
    out = tmp_path_factory.mktemp("html")
    yield out, build(src, out)
    sys.path.remove(str(DOCS / "_ext"))


def test_rule_ids_are_in_the_general_index_linking_to_their_blocks(site: tuple[Path, str]) -> None:
    out, _ = site
    genindex = (out / "genindex.html").read_text(encoding="utf-8")
    for folder, (rule_id, _) in zip(("game-a", "game-b"), RULES.values(), strict=True):
        assert rule_id in genindex
        assert f'href="{folder}/rules.html#{rule_id}"' in genindex
    assert "The first rule, with a semicolon" in genindex, "the title, as a subentry"


def test_a_search_for_a_rule_id_finds_its_block_first(site: tuple[Path, str]) -> None:
    """A main index entry scores 100 in Sphinx's search, above any page that mentions it."""
    out, _ = site
    text = (out / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    docnames = index["docnames"]
    for folder, (rule_id, _) in zip(("game-a", "game-b"), RULES.values(), strict=True):
        ((doc, anchor, main),) = index["indexentries"][rule_id.lower()]
        assert (docnames[doc], anchor, main) == (f"{folder}/rules", rule_id, True)


def test_a_rule_header_reads_as_id_space_title(site: tuple[Path, str]) -> None:
    """Search snippets are the header's plain text: not the ID glued to the title."""
    out, _ = site
    html = (out / "game-b" / "rules.html").read_text(encoding="utf-8")
    assert re.search(rf">{TWO}</span> <span[^>]*>The second rule<", html)


def test_traceability_tables_hold_one_game_each(site: tuple[Path, str]) -> None:
    out, warnings = site
    html = (out / "traceability.html").read_text(encoding="utf-8")
    tables = re.findall(r"<table.*?</table>", html, re.S)
    assert len(tables) == 2
    assert ONE in tables[0] and TWO not in tables[0]
    assert TWO in tables[1] and ONE not in tables[1]
    assert THREE not in html
    assert "Tests (in tests/)" in tables[0] and "test_rules.py" in tables[0]
    assert f"rule {THREE} is in no traceability table" in warnings
    assert f"{ONE} is in no" not in warnings and f"{TWO} is in no" not in warnings


def test_the_footer_names_the_copyright_holders() -> None:
    conf = runpy.run_path(str(DOCS / "conf.py"))
    assert "the Cuckoo rules authors" in conf["copyright"]


def test_lines_of_code_in_the_notation_guide_fit_the_page() -> None:
    """Furo's text column holds 76 characters of code; a longer line scrolls sideways."""
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\w+\n(.*?)^```", text, re.M | re.S)
    assert len(blocks) >= 4
    assert [line for block in blocks for line in block.splitlines() if len(line) > 76] == []
