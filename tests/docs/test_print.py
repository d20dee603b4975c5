"""``docs/print.py`` from the side of the attacker: a link left in its output folder is
replaced, never written through, and every output it cannot use is one line and exit 2.

The PDFs themselves, printed by Chromium, are checked in ``tests/web/test_rulebook.py``;
here a page stands in for Chromium's, which answers a PDF's bytes as Playwright's does.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRINT = ROOT / "docs" / "print.py"
PDF = b"%PDF-1.7 the new book\n"


def load_printer() -> ModuleType:
    """``docs/print.py`` as a module (it is a script, not a package's)."""
    spec = importlib.util.spec_from_file_location("cuckoo_print", PRINT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Page:
    """What :func:`_print` asks of a Playwright page."""

    def emulate_media(self, **_: Any) -> None:
        pass

    def pdf(self, **options: Any) -> bytes:
        assert "path" not in options  # Chromium's own writing would follow a link
        return PDF


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """The least a site must hold for print.py to take it: a game's rules page."""
    index = tmp_path / "site" / "spec" / "cuckoo-dice" / "index.html"
    index.parent.mkdir(parents=True)
    index.write_text("<article role='main'></article>", encoding="utf-8")
    return tmp_path / "site"


def test_a_link_in_the_output_folder_is_replaced_and_its_target_kept(tmp_path: Path) -> None:
    outside = tmp_path / "mine.pdf"
    outside.write_bytes(b"the user's own file")
    outside.chmod(0o600)
    out = tmp_path / "out"
    out.mkdir()
    (out / "cuckoo-dice.pdf").symlink_to(outside)
    load_printer()._print(Page(), out / "cuckoo-dice.pdf")
    assert outside.read_bytes() == b"the user's own file"
    assert not (out / "cuckoo-dice.pdf").is_symlink()
    assert (out / "cuckoo-dice.pdf").read_bytes() == PDF
    umask = os.umask(0)
    os.umask(umask)
    assert (out / "cuckoo-dice.pdf").stat().st_mode & 0o777 == 0o666 & ~umask  # not mine's
    assert sorted(p.name for p in out.iterdir()) == ["cuckoo-dice.pdf"]  # nothing left


def test_a_dangling_link_is_replaced_and_nothing_made_where_it_points(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (out / "cuckoo-dice-card.pdf").symlink_to(tmp_path / "elsewhere" / "planted.pdf")
    load_printer()._print(Page(), out / "cuckoo-dice-card.pdf")
    assert not (tmp_path / "elsewhere" / "planted.pdf").exists()
    assert (out / "cuckoo-dice-card.pdf").read_bytes() == PDF


def _refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert load_printer().main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_an_output_that_is_a_file_is_refused_in_one_line(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "book.pdf").write_bytes(b"kept")
    assert "is a file, not a folder" in _refusal(capsys, str(site), str(tmp_path / "book.pdf"))
    assert (tmp_path / "book.pdf").read_bytes() == b"kept"
    assert "cannot write" in _refusal(capsys, str(site), str(tmp_path / "book.pdf" / "sub"))


def test_a_folder_that_cannot_be_written_is_refused_in_one_line(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    # root writes any folder: /sys refuses even root
    folder = "/sys" if os.geteuid() == 0 else str(locked)
    assert "cannot write" in _refusal(capsys, str(site), folder)


def test_a_chromium_that_is_not_there_is_refused_in_one_line(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHROMIUM", str(tmp_path / "no-such-chrome"))
    err = _refusal(capsys, str(site), str(tmp_path / "out"))
    assert err.startswith(f"CHROMIUM={tmp_path / 'no-such-chrome'}: no such program")


def test_the_script_says_it_in_one_line_too(site: Path, tmp_path: Path) -> None:
    """As run from the shell: no traceback from the module's imports either."""
    (tmp_path / "file").write_bytes(b"")
    ran = subprocess.run(
        [sys.executable, str(PRINT), str(site), str(tmp_path / "file")],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "reference")},
    )
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1, ran.stderr
