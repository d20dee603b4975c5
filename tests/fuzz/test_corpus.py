"""The fuzzing corpus: inputs that reached new code once; replayed so they stay harmless."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuckoo import CuckooError
from cuckoo.dice.notation import format_record, read_records, replay

CORPUS = sorted((Path(__file__).parent / "corpus").iterdir())


def test_the_corpus_is_there() -> None:
    assert len(CORPUS) >= 6


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_input(path: Path) -> None:
    text = path.read_bytes().decode("utf-8", errors="replace")
    for item in read_records(text.splitlines(keepends=True), source=path.name):
        if isinstance(item, CuckooError):
            assert item.rule and item.line, "a malformed record says where and which rule"
            continue
        try:
            for _ in replay(item):
                pass
            assert format_record(item)
        except CuckooError as error:
            assert error.rule
