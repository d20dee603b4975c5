"""``docs/print.py`` goes through the one gate of outputs too: a book's name taken by a
folder, a device or a read-only file is said at once, before a minute of printing, and
Ctrl-C ends it in one line, exit 130.

Round five: a folder in a book's place was reported after 20 s of printing as a hidden
temporary file, and Ctrl-C ended in a 22-line traceback (issue 50, defects 10 and 11)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.docs.test_print import PRINT, ROOT, load_printer


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site of one game's rules page and many Learn to Play pages (a print of seconds)."""
    index = tmp_path / "site" / "spec" / "cuckoo-dice" / "index.html"
    index.parent.mkdir(parents=True)
    page = "<html><body><article role='main'><p>{}</p></article></body></html>"
    index.write_text(page.format("rules"), encoding="utf-8")
    (tmp_path / "site" / "learn").mkdir()
    for n in range(200):
        (tmp_path / "site" / "learn" / f"g{n}.html").write_text(page.format(n), "utf-8")
    return tmp_path / "site"


def _never(*_: Any) -> None:
    raise AssertionError("printing started")


@pytest.mark.parametrize("kind", ["folder", "read-only", "fifo"])
def test_a_books_name_taken_is_said_before_printing(
    site: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    taken = out / "g7-learn.pdf"
    if kind == "folder":
        taken.mkdir()
    elif kind == "fifo":
        os.mkfifo(taken)
    else:
        taken.write_bytes(b"kept")
        taken.chmod(0o444)
    printer = load_printer()
    monkeypatch.setattr(printer, "_print_all", _never)
    assert printer.main([str(site), str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(taken) in err, err
    assert {"folder": "is a folder", "fifo": "FIFO", "read-only": "read-only"}[kind] in err


def test_ctrl_c_is_one_line_and_exit_130(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printer = load_printer()

    def interrupted(*_: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(printer, "_print_all", interrupted)
    assert printer.main([str(site), str(tmp_path / "out")]) == 130
    assert capsys.readouterr().err == "print.py: interrupted\n"


@pytest.mark.browser
def test_ctrl_c_while_chromium_prints(site: Path, tmp_path: Path) -> None:
    """The real thing: Ctrl-C lands inside Playwright's wait for a PDF."""
    pytest.importorskip("playwright")
    if not shutil.which(os.environ.get("CHROMIUM", "/usr/bin/chromium")):
        pytest.skip("no Chromium")
    printing = subprocess.Popen(
        [sys.executable, str(PRINT), str(site), str(tmp_path / "out")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "reference")},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # heard in a job
    )
    time.sleep(4)
    printing.send_signal(signal.SIGINT)
    _, err = printing.communicate(timeout=60)
    assert (printing.returncode, err) == (130, "print.py: interrupted\n")
