"""Every record shown in the README and the docs replays: no example can rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuckoo import CuckooError
from cuckoo.games import read_records

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(?:cuckoo|text)\n(\[Game .*?)^```", re.M | re.S)
SOURCES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RECORDS = [
    pytest.param(text, id=f"{path.name}-{n}")
    for path in SOURCES
    for n, text in enumerate(FENCE.findall(path.read_text(encoding="utf-8")), 1)
]


def test_there_are_records_to_check() -> None:
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("text", RECORDS)
def test_record_replays(text: str) -> None:
    (item,) = read_records(text.splitlines(keepends=True))
    assert not isinstance(item, CuckooError), str(item)
    kit, record = item
    for _ in kit.replay(record):
        pass
