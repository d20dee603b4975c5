"""Hostile study files and results files: random tables, mutated TOML, mutated results.

The only outcomes allowed are a study (or the games of a results file) or a StudyError
whose message is one line, which the command prints with exit status 2; never another
exception. A results file is never written while it is checked. Set
``CUCKOO_FUZZ_EXAMPLES`` to run many more examples (the volume the issue asks for).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cuckoo.cli import main as cli
from cuckoo.study import Study, read_study, tasks_of
from cuckoo.study.results import found_in, line_of, read_results
from cuckoo.study.spec import StudyError, parse_study
from cuckoo.study.tasks import Games, game_count, play_task

TINY = Path(__file__).parents[1] / "study" / "tiny.toml"
EXAMPLES = int(os.environ.get("CUCKOO_FUZZ_EXAMPLES", "0"))


def _examples(default: int) -> Any:
    return settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def _one_line(error: StudyError) -> None:
    text = str(error)
    assert text and "\n" not in text and "\r" not in text, text
    assert "Traceback" not in text


def _sound(study: Study) -> None:
    """A study that was read names each of its first games by a key that finds it again."""
    games = Games(study)
    assert game_count(study) >= 1
    for n, task in enumerate(tasks_of(study)):
        assert games.task(task.key) == task
        if n == 3:
            break


KEYS = st.sampled_from(
    [
        *("title", "seed", "part", "name", "game", "games", "matches", "measures", "settings"),
        *("grid", "side_majority", "lives", "variant", "ruleset", "infection_limit", "x|y"),
    ]
)
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.integers(-3, 12),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(
        [
            *("cuckoo-dice", "cuckoo-cards", "zum-kuckuck", "random", "greedy", "careful"),
            *("mcts:3", "mcts:0", "mcts:99999999999999999999", "first", "absolute", "a|b"),
        ]
    ),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)
PART = st.fixed_dictionaries(
    {},
    optional={
        "name": VALUES,
        "game": st.sampled_from(["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"]) | VALUES,
        "games": st.integers(-2, 3) | VALUES,
        "matches": st.lists(
            st.lists(st.sampled_from(["random", "greedy", "careful", "mcts:2", "x"]), max_size=5),
            max_size=3,
        )
        | VALUES,
        "measures": st.lists(st.sampled_from(["first", "skill", "length", "beauty"])) | VALUES,
        "settings": st.lists(st.dictionaries(KEYS, VALUES, max_size=3), max_size=3) | VALUES,
        "grid": st.dictionaries(KEYS, st.lists(VALUES, max_size=3), max_size=3) | VALUES,
    },
)
TABLES = st.fixed_dictionaries(
    {},
    optional={
        "title": VALUES,
        "seed": st.integers() | VALUES,
        "part": st.lists(PART | VALUES, max_size=3) | VALUES,
    },
) | st.dictionaries(KEYS, VALUES, max_size=4)


@_examples(300)
@given(TABLES)
@example({"seed": 1, "part": [{"game": "cuckoo-dice", "games": 1, "matches": [["a|b", "x"]]}]})
@example({"seed": 1, "part": [{"game": "cuckoo-cards", "games": 1, "settings": [{"lives": []}]}]})
def test_study_tables(data: dict[str, Any]) -> None:
    try:
        study = parse_study(data)
    except StudyError as error:
        _one_line(error)
    else:
        _sound(study)


LITERALS = [
    '"x"', '"a|b"', "-1", "0", "9223372036854775807", "-9223372036854775808", "1e400", "nan",
    "inf", "true", "[]", "[1, [2]]", "{}", "{a = 1}", '[["random", "random"]]', "1979-05-27",
    "07:32:00", '"\\u0000"', '"\\u001b[2J"', "[[[[[[[[[[1]]]]]]]]]]", '"' + "é" * 80 + '"',
]  # fmt: skip


@st.composite
def mutated_spec(draw: st.DrawFn) -> str:
    """The tiny study's TOML with a value replaced, a line dropped or repeated, or cut."""
    lines = TINY.read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        match draw(st.sampled_from(["value", "drop", "repeat", "cut", "char"])):
            case "value" if " = " in lines[i]:
                key = lines[i].split(" = ")[0]
                lines[i] = f"{key} = {draw(st.sampled_from(LITERALS))}"
            case "drop":
                del lines[i]
            case "repeat":
                lines.insert(i, lines[i])
            case "cut":
                lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
            case _:
                k = draw(st.integers(0, len(lines[i])))
                lines[i] = lines[i][:k] + draw(st.characters()) + lines[i][k:]
        if not lines:
            break
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@_examples(200)
@given(mutated_spec() | st.text(max_size=200))
def test_study_text(tmp_path: Path, text: str) -> None:
    spec = tmp_path / "fuzz.toml"
    spec.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        study = read_study(spec)
    except StudyError as error:
        _one_line(error)
    else:
        _sound(study)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Study, list[str]]:
    """The tiny study and its results, the lines every mutation starts from."""
    study = read_study(TINY)
    return study, [line_of(play_task(task)) for task in tasks_of(study)]


FIELDS = ["key", "seed", "seats", "winners", "first", "length", "decided", "sides", "other"]
JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@st.composite
def mutated_results(draw: st.DrawFn, lines: list[str]) -> bytes:
    """Some of a study's result lines, with a field changed or dropped, lines dropped,
    repeated or cut, bytes changed."""
    chosen = draw(st.lists(st.sampled_from(lines), max_size=8))
    for _ in range(draw(st.integers(0, 3))):
        if not chosen:
            break
        i = draw(st.integers(0, len(chosen) - 1))
        match draw(st.sampled_from(["field", "drop", "cut", "byte", "json"])):
            case "field" if chosen[i] in lines:
                record = json.loads(chosen[i])
                name = draw(st.sampled_from(FIELDS))
                if draw(st.booleans()):
                    record.pop(name, None)
                else:
                    record[name] = draw(JSONS)
                chosen[i] = json.dumps(record) + "\n"
            case "drop":
                del chosen[i]
            case "cut":
                chosen[i] = chosen[i][: draw(st.integers(0, len(chosen[i])))]
            case "json":
                chosen[i] = json.dumps(draw(JSONS)) + "\n"
            case _:
                k = draw(st.integers(0, len(chosen[i])))
                chosen[i] = chosen[i][:k] + chr(draw(st.integers(0, 0x2FF))) + chosen[i][k:]
    return "".join(chosen).encode("utf-8", "surrogatepass")


@_examples(300)
@given(data=st.data())
def test_results_file(tmp_path: Path, stored: tuple[Study, list[str]], data: st.DataObject) -> None:
    study, lines = stored
    text = data.draw(mutated_results(lines) | st.binary(max_size=300))
    out = tmp_path / "fuzz.jsonl"
    out.write_bytes(text)
    try:
        found = found_in(out, study)
        games = list(read_results(out, study))
    except StudyError as error:
        _one_line(error)
    else:
        keys = {game["key"] for game in games}
        if found.rest.strip():  # a cut last line, completed as the game it starts
            keys.add(json.loads(text.decode().rsplit("\n", 1)[-1] + found.rest)["key"])
        assert found.keys == keys
    assert out.read_bytes() == text  # checking never writes


@_examples(30)
@given(mutated_spec())
def test_study_command(tmp_path: Path, text: str) -> None:
    """The command itself on a broken study file: exit status 2, and no results file."""
    spec = tmp_path / "fuzz.toml"
    spec.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        read_study(spec)
    except StudyError:
        assert cli(["study", str(spec), "-o", str(tmp_path / "never.jsonl"), "-q"]) == 2
        assert not (tmp_path / "never.jsonl").exists()
