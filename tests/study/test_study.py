"""A study gives the same games wherever and however often it is run, resumes where it
stopped, and refuses a study file that asks for the impossible."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cuckoo.cli import main as cli
from cuckoo.study import read_results, read_study, summarize, tasks_of
from cuckoo.study.executors import run_batches
from cuckoo.study.measures import Group
from cuckoo.study.report import chart, chart_rows, report
from cuckoo.study.spec import StudyError, parse_study
from cuckoo.study.tasks import play_task, task_seed

TINY = Path(__file__).with_name("tiny.toml")


def _sorted(path: Path) -> list[str]:
    return sorted(path.read_text(encoding="utf-8").splitlines())


def _run(tmp_path: Path, name: str, *options: str) -> tuple[int, Path]:
    out = tmp_path / name
    status = cli(["study", str(TINY), "-o", str(out), "-q", *options])
    return status, out


@pytest.fixture(scope="module")
def one_core(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny study played in this process, the reference for every other way."""
    status, out = _run(tmp_path_factory.mktemp("one"), "one.jsonl", "-j", "1")
    assert status == 0
    return out


def test_every_game_once(one_core: Path) -> None:
    keys = [record["key"] for record in read_results(one_core, read_study(TINY))]
    expected = [task.key for task in tasks_of(read_study(TINY))]
    assert keys == expected  # in this process, in the study's order
    assert len(expected) == 3 * 2 * 4 + 2 * 4 + 2 * 3


def test_two_processes_same_games(one_core: Path, tmp_path: Path) -> None:
    status, out = _run(tmp_path, "two.jsonl", "-j", "2")
    assert status == 0
    assert _sorted(out) == _sorted(one_core)


def test_dask_local_cluster_same_games(one_core: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    status, out = _run(tmp_path, "dask.jsonl", "--executor", "dask", "-j", "2")
    assert status == 0
    assert _sorted(out) == _sorted(one_core)


def test_running_dask_scheduler_same_games(one_core: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        status, out = _run(tmp_path, "cluster.jsonl", "--cluster", cluster.scheduler_address)
    assert status == 0
    assert _sorted(out) == _sorted(one_core)


def test_without_dask_the_message_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    status, _ = _run(tmp_path, "none.jsonl", "--executor", "dask")
    assert status == 2
    assert "pip install 'cuckoo-rules[cluster]'" in capsys.readouterr().err


def test_a_game_depends_only_on_its_name() -> None:
    tasks = list(tasks_of(read_study(TINY)))
    later = [play_task(t) for t in reversed(tasks[:6])]
    assert later[::-1] == [play_task(t) for t in tasks[:6]]
    assert task_seed(7, "dice", "default", ("random", "random"), 0) != task_seed(
        8, "dice", "default", ("random", "random"), 0
    )


def test_batches_in_any_order_are_the_same_games() -> None:
    tasks = list(tasks_of(read_study(TINY)))[:10]
    results = [r for batch in run_batches(tasks, len(tasks), jobs=1) for r in batch]
    assert results == [play_task(t) for t in tasks]


@pytest.mark.parametrize("cut", [1, 15, 40, 100])
def test_resume_plays_only_what_is_missing(
    one_core: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], cut: int
) -> None:
    """A line cut short by a stopped run is never cut further: the game it starts is
    played again and its line completed, whether the cut falls in the key or after it."""
    lines = one_core.read_text(encoding="utf-8").splitlines(keepends=True)
    out = tmp_path / "stopped.jsonl"
    before = "".join(lines[:10]) + lines[10][:cut]  # cut mid-line
    out.write_text(before, encoding="utf-8")
    capsys.readouterr()
    assert cli(["study", str(TINY), "-o", str(out), "-j", "1", "--resume"]) == 0
    assert f"{len(lines) - 11} games played, 11 already done" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8").startswith(before)
    assert _sorted(out) == _sorted(one_core)
    assert cli(["study", str(TINY), "-o", str(out), "-q", "-j", "1", "--resume"]) == 0
    assert _sorted(out) == _sorted(one_core)  # nothing left to play, nothing added


def test_no_silent_overwrite(one_core: Path) -> None:
    assert cli(["study", str(TINY), "-o", str(one_core), "-q"]) == 2


def test_another_studys_file_is_refused(one_core: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text(TINY.read_text(encoding="utf-8").replace("seed = 7", "seed = 8"))
    out = tmp_path / "copy.jsonl"
    out.write_text(one_core.read_text(encoding="utf-8"), encoding="utf-8")
    assert cli(["study", str(other), "-o", str(out), "-q", "--resume"]) == 2


def _study(**part: Any) -> dict[str, Any]:
    base = {"game": "cuckoo-dice", "games": 1, "matches": [["random", "random"]]}
    return {"seed": 1, "part": [{**base, **part}]}


def test_grid_is_every_combination() -> None:
    study = parse_study(
        _study(
            grid={"tiebreak": ["dungeon", "captures-dungeon"], "handedness": ["western", "eastern"]}
        )
    )
    keys = [s.key for s in study.parts[0].settings]
    assert keys == [
        "handedness=western,tiebreak=dungeon",
        "handedness=western,tiebreak=captures-dungeon",
        "handedness=eastern,tiebreak=dungeon",
        "handedness=eastern,tiebreak=captures-dungeon",
    ]


@pytest.mark.parametrize(
    ("part", "words"),
    [
        ({"settings": [{"pool": "any"}]}, "unknown parameter 'pool'"),
        ({"settings": [{"infection_limit": -1}]}, "infection_limit must be"),
        ({"settings": [{}], "grid": {"handedness": ["eastern"]}}, "not both"),
        ({"matches": [["mcts", "nobody"]]}, "no bot 'nobody'"),
        ({"matches": [["random"]]}, "takes 2 to 2 players"),
        ({"games": 0}, "games must be"),
        ({"game": "chess"}, "game must be one of"),
        ({"measures": ["beauty"]}, "measures must be"),
        ({"settings": [{}, {}]}, "listed twice"),
    ],
)
def test_impossible_studies_refused(part: dict[str, Any], words: str) -> None:
    with pytest.raises(StudyError, match=words):
        parse_study(_study(**part))


def test_careful_beats_random_at_zum_kuckuck() -> None:
    study = parse_study(
        {
            "seed": 3,
            "part": [
                {
                    "game": "zum-kuckuck",
                    "games": 40,
                    "matches": [["careful", "random", "random"]],
                    "grid": {"variant": ["basic", "tactical"]},
                }
            ],
        }
    )
    summary = summarize(study, (play_task(t) for t in tasks_of(study)))
    for group in summary.groups:
        assert group.skill.low > group.fair  # a third is the fair share of three seats


def test_measures_count_shares() -> None:
    study = parse_study(_study(matches=[["greedy", "random"]]))
    group = Group(study.parts[0], "default", ("greedy", "random"))
    group.add({"seats": ["random", "greedy"], "winners": [1], "first": 0, "length": 20})
    group.add({"seats": ["greedy", "random"], "winners": [0, 1], "first": 0, "length": 22})
    assert (group.games, group.skill_points, group.first_points) == (2, 1.5, 0.5)
    assert group.length.value == 21


def test_report_and_chart(one_core: Path) -> None:
    study = read_study(TINY)
    summary = summarize(study, read_results(one_core, study))
    text = "\n".join(report(summary))
    assert "| `side_majority=absolute` | greedy v random | 4 |" in text
    assert "comparisons with the baseline `default`" in text
    rows = chart_rows(summary, "cards", "skill")
    assert [label for label, _ in rows] == [
        "lives=2 (greedy v random v random)",
        "lives=3 (greedy v random v random)",
    ]
    svg = chart(rows, "Skill at cards", "score", (1 / 3, "fair"))
    assert svg.startswith("<svg") and "Skill at cards" in svg and svg.count("<circle") == 2


def test_the_stored_study_replays() -> None:
    """The games published in the rulebook come out again from their seeds (a sample of the
    quick ones, a few from every part and setting)."""
    root = Path(__file__).parents[2]
    study = read_study(root / "benchmarks" / "studies" / "best-game.toml")
    stored = {r["key"]: r for r in read_results(root / "docs" / "_data" / "best-game.jsonl", study)}
    sample = [t for t in tasks_of(study) if t.index == 7 and not t.match[0].startswith("mcts")]
    assert len(sample) > 40
    for task in sample:
        assert play_task(task) == stored[task.key], task.key


@pytest.mark.parametrize("jobs", ["0", "-1", "257", "٣"])
def test_workers_bounded(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["study", str(TINY), "-j", jobs]) == 2
    assert "expected 1 to" in capsys.readouterr().err  # the bound is validate's: test_trust
