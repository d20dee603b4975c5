"""How the rulebook shows the spec's examples to a reader: a caption in plain words, the
expectation shorthand written out, the engine's own message for a refused record, and the
position before an infection (``docs/_ext/cuckoo_spec/examples.py``)."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from cuckoo import CuckooError, NotationError
from cuckoo.games import read_records

from .specdoc import ROOT, Directive, directives

# Sphinx comes with the docs extra; the README's test command installs only the test extra.
Sphinx = pytest.importorskip("sphinx.application", reason="needs the docs extra").Sphinx

EXT = ROOT / "docs" / "_ext"
EXAMPLES = directives("example")
REFUSED = [
    e for e in EXAMPLES if e.options["expect"].split()[0] in ("malformed", "illegal", "ambiguous")
]


@pytest.fixture(scope="module")
def spec_ext() -> Iterator[ModuleType]:
    """The docs extension, imported as Sphinx imports it (from ``docs/_ext``)."""
    sys.path.insert(0, str(EXT))
    try:
        yield importlib.import_module("cuckoo_spec.examples")
    finally:
        sys.path.remove(str(EXT))


def _engine_error(example: Directive, source: str) -> CuckooError | None:
    """The error the engine raises on the example's record read as *source*, if any."""
    (item,) = read_records(example.body.splitlines(keepends=True), source=source)
    try:
        if isinstance(item, NotationError):
            raise item
        kit, record = item
        for _ in kit.replay(record):
            pass
    except CuckooError as error:
        return error
    return None


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.arg)
def test_every_example_has_a_caption_in_plain_words(example: Directive) -> None:
    caption = example.options.get("caption", "")
    assert caption.endswith((".", "!")), f"{example.arg}: a caption is a sentence: {caption!r}"
    words = re.findall(r"[A-Za-z]+", caption)
    assert len(words) >= 4, f"{example.arg}: say what the example shows, not just name it"
    assert example.options["expect"] not in caption, "the shorthand is written out elsewhere"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.arg)
def test_every_expectation_is_written_out(spec_ext: ModuleType, example: Directive) -> None:
    replayed = spec_ext.replay_example(example.body, f"{example.arg}.cuckoo")
    expect = example.options["expect"]
    words = spec_ext.expectation_words(expect, replayed.players)
    assert len(words) == expect.count(";") + 1
    for clause in words:
        assert not re.search(r"\b(ok|faces|tops|cockatoos|starter)\b", clause), clause


@pytest.mark.parametrize(
    ("expect", "players", "words"),
    [
        (
            "faces 200 B2C1",
            ("Blue", "Red"),
            "the die on cell 200 shows 2 on side B and 1 on side C",
        ),
        (
            "result 1-0 dungeon",
            ("Blue", "Red"),
            "the game is over: Blue wins, by the dungeon tie-break",
        ),
        ("lives 3 2 3", ("Ann", "Ben", "Cid"), "lives left: Ann 3, Ben 2, Cid 3"),
        ("tops 3 0 12", ("Ann", "Bob", "Cy"), "top card of each nest: Ann 3, Bob none, Cy 12"),
        ("out -", ("Ann", "Bob", "Cy"), "no one is out of the cycle"),
        ("out Ann Bob", ("Ann", "Bob", "Cy"), "out of this cycle: Ann and Bob"),
        ("winner Ann Bob Cy", ("Ann", "Bob", "Cy"), "Ann, Bob and Cy share the win"),
        ("cycle 2 0", ("Ann", "Bob", "Cy"), "cycle 2 has begun, no round played yet"),
        ("illegal CD-PLACE-SUPPORT", (), "the engine refuses a move as illegal (CD-PLACE-SUPPORT)"),
    ],
)
def test_shorthand_in_words(
    spec_ext: ModuleType, expect: str, players: tuple[str, ...], words: str
) -> None:
    assert spec_ext.expectation_words(expect, players) == [words]


@pytest.mark.parametrize(
    "expect", ["colour 200 blue", "lives 3 3", "faces 200 b2", "result 2-0 sides"]
)
def test_shorthand_it_cannot_read_fails_the_build(spec_ext: ModuleType, expect: str) -> None:
    with pytest.raises(ValueError, match=r"expectation|players"):
        spec_ext.expectation_words(expect, ("Ann", "Ben", "Cid"))


def test_there_are_refused_examples() -> None:
    assert len(REFUSED) >= 40


@pytest.mark.parametrize("example", REFUSED, ids=lambda e: e.arg)
def test_a_refused_example_shows_the_engines_message(
    spec_ext: ModuleType, example: Directive
) -> None:
    source = f"{example.arg}.cuckoo"
    error = _engine_error(example, source)
    assert error is not None
    shown = spec_ext.replay_example(example.body, source).refusal
    assert shown == str(error)
    assert f": {example.options['expect'].split()[1]}: " in shown


def test_an_infection_shows_the_position_before_it(spec_ext: ModuleType) -> None:
    infections = [
        e
        for e in EXAMPLES
        if e.arg in ("an-infection-and-its-re-roll", "under-the-any-pool-they-do")
    ]
    assert len(infections) == 2
    for example in infections:
        before = spec_ext.replay_example(example.body, "x.cuckoo").before
        ((kit, whole),) = read_records(example.body.splitlines(keepends=True))
        ((_, shorter),) = read_records(before.splitlines(keepends=True))
        *_, wanted, _ = kit.replay(whole)
        *_, reached = kit.replay(shorter)
        assert reached == wanted
    plain = next(e for e in EXAMPLES if e.arg == "into-the-dungeon")
    assert spec_ext.replay_example(plain.body, "x.cuckoo").before is None


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A page of three spec examples (a refusal, a placement, an infection), built by the
    extensions the rulebook uses."""
    chosen = (
        "support-is-required",
        "the-second-layer-rests-on-the-base",
        "an-infection-and-its-re-roll",
    )
    fences = []
    for example in (e for e in EXAMPLES if e.arg in chosen):
        options = "".join(f":{k}: {v}\n" for k, v in example.options.items())
        fences.append(f"```{{example}} {example.arg}\n{options}\n{example.body}```\n")
    src = tmp_path_factory.mktemp("src")
    (src / "index.md").write_text("# Examples\n\n" + "\n".join(fences), encoding="utf-8")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\n"
        'extensions = ["myst_parser", "cuckoo_spec"]\n'
        f"cuckoo_tests_dir = {str(ROOT / 'tests')!r}\n"
        "suppress_warnings = ['cuckoo']\n"
    )
    out = tmp_path_factory.mktemp("html")
    app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "html",
                 status=None, warning=None, freshenv=True)  # fmt: skip
    app.build()
    sys.path.remove(str(EXT))
    return (out / "index.html").read_text(encoding="utf-8")


def test_the_page_shows_caption_words_and_message(page: str) -> None:
    text = re.sub(r"<[^>]+>", "", page)
    assert "Red may not put a die on 011 before the three cells under it hold dice." in text
    assert "Expected: The die on cell 200 shows 2 on side B and 1 on side C." in text
    shown = "$ cuckoo validate support-is-required.cuckoo\nsupport-is-required.cuckoo:7:12: "
    assert f"{shown}CD-PLACE-SUPPORT: " in text
    assert "Before the infection" in text
    before = page.index("Before the infection")
    assert "<svg" in page[before : page.index("</div>", page.index("<svg", before))]
    assert page.count('class="cuckoo-example-caption"') == 3
