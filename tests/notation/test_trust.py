"""The parser cache runs nothing and trusts only a private folder (issue #28, "Nothing run").

A kept parser is JSON, so even a pickle planted under its name runs nothing;
and it is read only from a folder and a file that the user owns and nobody else can write,
checked on every load, never through a link, never from a FIFO.  Anything else only costs
the time to build the parser again.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from cuckoo import notation
from cuckoo.cli import main

LOADED = "<deserialized>"
"""The ``source_path`` of a parser Lark read from data rather than built from its grammar."""


class _Planted:
    """Unpickling this creates the file *marker*: what an attacker's pickle would do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


@pytest.fixture
def dice_file(tmp_path: Path) -> Path:
    """A file of one random game of dice."""
    path = tmp_path / "one.cuckoo"
    assert main(["random", "--seed", "5", "-q", "-o", str(path)]) == 0
    return path


def _kept_names(dice_file: Path, tmp_path: Path) -> list[str]:
    """The names the parsers of the games are kept under, from a run that keeps them."""
    folder = tmp_path / "private"
    _validate(dice_file, folder)
    return sorted(p.name for p in folder.glob("*.lark"))


def _validate(path: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """``cuckoo validate`` in a fresh interpreter, with *cache* as its cache folder."""
    return subprocess.run(
        [sys.executable, "-m", "cuckoo", "validate", "-q", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "CUCKOO_CACHE_DIR": str(cache)},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("folder_mode", [0o777, 0o700])
def test_a_planted_pickle_runs_nothing(dice_file: Path, tmp_path: Path, folder_mode: int) -> None:
    names = _kept_names(dice_file, tmp_path)
    assert names, "the first run keeps its parser"
    folder = tmp_path / "planted"
    folder.mkdir()
    marker = tmp_path / "marker"
    for name in names:
        # as Lark keeps a parser: a line (its hash), then pickles, the first unpickled at once
        (folder / name).write_bytes(b"\n" + pickle.dumps(_Planted(marker)))
        (folder / name).chmod(0o600)
    folder.chmod(folder_mode)
    done = _validate(dice_file, folder)
    assert done.returncode == 0, done.stderr
    assert not marker.exists(), "a planted pickle ran"
    assert "Traceback" not in done.stderr


def test_a_fifo_where_the_cache_file_should_be_is_never_opened(
    dice_file: Path, tmp_path: Path
) -> None:
    names = _kept_names(dice_file, tmp_path)
    folder = tmp_path / "fifo"
    folder.mkdir(mode=0o700)
    for name in names:
        os.mkfifo(folder / name, 0o600)
    done = _validate(dice_file, folder)  # the timeout fails a hang
    assert done.returncode == 0, done.stderr


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder holding the dice parser, kept by a first load."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CUCKOO_CACHE_DIR", str(folder))
    assert notation.load_grammar("cuckoo-dice").source_path != LOADED
    assert notation.load_grammar("cuckoo-dice").source_path == LOADED, "the control: kept"
    return folder


def _kept(folder: Path) -> Path:
    (kept,) = folder.glob("cuckoo-dice-*.lark")
    return kept


def test_a_folder_others_can_write_is_not_trusted(cache: Path) -> None:
    for mode in (0o777, 0o770, 0o1777):
        cache.chmod(mode)
        assert notation.load_grammar("cuckoo-dice").source_path != LOADED, oct(mode)
    cache.chmod(0o755)
    assert notation.load_grammar("cuckoo-dice").source_path == LOADED


def test_a_cache_file_others_can_write_is_not_trusted(cache: Path) -> None:
    kept = _kept(cache)
    for mode in (0o666, 0o620, 0o602):
        kept.chmod(mode)
        assert notation.load_grammar("cuckoo-dice").source_path != LOADED, oct(mode)


def test_a_link_is_not_followed(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = _kept(cache)
    elsewhere = tmp_path / "elsewhere.lark"
    kept.rename(elsewhere)
    kept.symlink_to(elsewhere)
    assert notation.load_grammar("cuckoo-dice").source_path != LOADED, "a linked file"
    kept.unlink()
    linked = tmp_path / "linked"
    linked.symlink_to(cache, target_is_directory=True)
    monkeypatch.setenv("CUCKOO_CACHE_DIR", str(linked))
    assert notation.load_grammar("cuckoo-dice").source_path != LOADED, "a linked folder"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_folder_or_file_of_another_user_is_not_trusted(cache: Path) -> None:
    kept = _kept(cache)
    os.chown(kept, 4321, 4321)
    assert notation.load_grammar("cuckoo-dice").source_path != LOADED, "another's file"
    os.chown(kept, 0, 0)
    os.chown(cache, 4321, 4321)
    assert notation.load_grammar("cuckoo-dice").source_path != LOADED, "another's folder"


def test_a_damaged_cache_file_is_built_again(cache: Path) -> None:
    kept = _kept(cache)
    damaged = (
        b'{"data": 1, "memo": {}}',
        b'{"\\u0000items": 5}',
        b"[" * 100_000,
        b"\x80\x04garbage",
        b"{" + b" " * (2 << 20),
    )
    for damage in damaged:
        kept.write_bytes(damage)
        assert notation.load_grammar("cuckoo-dice").source_path != LOADED
