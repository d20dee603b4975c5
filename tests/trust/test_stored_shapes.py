"""Every stored file is checked on read (cuckoo.shapes): a stored conformance report of the
wrong shape anywhere is one line naming the place inside it and exit 2 from every command
that reads one (``--html``, ``--markdown``, ``--badge``, ``page``), never a traceback.

Round five ended all four in a traceback on ``{"schema": ...}`` alone, ``"games": "x"``,
``"cases": [1, 2]`` and ``"totals": {"pass": "a"}`` (issue 50, defect 7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuckoo.conformance.run import report as results

from .hostile import hostile_report

FORMS = (["--html"], ["--markdown"], ["--badge"])


def _run(path: Path, form: list[str], out: Path) -> int:
    return results.main(
        ["page", str(path), "--output", str(out)] if not form else [str(path), *form]
    )


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: {"schema": d["schema"]}, "report.json: no field 'protocol'"),
        (lambda d: d | {"games": "x"}, "report.json: games: expected an object, got 'x'"),
        (lambda d: d | {"cases": [1, 2]}, "report.json: cases[0]: expected an object, got 1"),
        (
            lambda d: d | {"totals": d["totals"] | {"pass": "a"}},
            "report.json: totals.pass: expected a whole number, got 'a'",
        ),
        (
            lambda d: d | {"random": d["random"] | {"disagreements": [{"number": "7"}]}},
            "report.json: random.disagreements[0].number: expected a whole number, got '7'",
        ),
    ],
)
@pytest.mark.parametrize("form", [*FORMS, []])
def test_round_fives_damaged_reports_are_one_line_each(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: Any,
    says: str,
    form: list[str],
) -> None:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(change(hostile_report())), encoding="utf-8")
    out = tmp_path / "page.md"
    assert _run(path, form, out) == 2
    out_text, err = capsys.readouterr()
    assert err == f"cuckoo: cannot read a report: {tmp_path}/{says}\n" and not out_text
    assert not out.exists()


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside *value*: the keys and indexes that lead to it."""
    inner: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        inner = [p for k, v in value.items() for p in _places(v, (*at, k))]
    elif isinstance(value, list):
        inner = [p for i, v in enumerate(value) for p in _places(v, (*at, i))]
    return [at, *inner]


def _replaced(value: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[at[0]] = _replaced(value[at[0]], at[1:], new)
    return copy


WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
BASE = hostile_report()
PLACES = _places(BASE)


@pytest.mark.slow
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(place=st.sampled_from(PLACES), new=WRONG, form=st.sampled_from([*FORMS, []]))
def test_a_wrong_value_at_any_depth_is_refused_or_rendered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], place: Any, new: Any, form: list[str]
) -> None:
    """Every place of a report, every command that reads one: exit 0 with the rendering,
    or exit 2 with one line (an exception here is the traceback a user would see)."""
    path = tmp_path / "report.json"
    path.write_text(json.dumps(_replaced(BASE, place, new)), encoding="utf-8")
    status = _run(path, form, tmp_path / "page.md")
    out, err = capsys.readouterr()
    assert status in (0, 2)
    if status == 2:
        assert err.startswith("cuckoo: cannot read a report: ") and err.count("\n") == 1, err
    else:
        assert not err and (out or form == [])
