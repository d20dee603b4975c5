"""Coverage-guided fuzzing of the record reader with atheris (where it installs).

    pip install atheris
    python tests/fuzz/atheris_notation.py -atheris_runs=200000 tests/fuzz/corpus

Any exception other than the documented errors is a finding: libFuzzer writes the input to
``crash-*``; copy it into ``tests/fuzz/corpus/`` once fixed, and the tests replay it forever.
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    from cuckoo import CuckooError
    from cuckoo.dice.notation import format_record, parse_move, read_records, replay


def test_one_input(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    for item in read_records(text.splitlines(keepends=True), source="fuzz"):
        if isinstance(item, CuckooError):
            continue
        try:
            for _ in replay(item):
                pass
            format_record(item)
        except CuckooError:
            pass
    with contextlib.suppress(CuckooError):
        parse_move(text[:200])


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
