"""``cuckoo completion`` in the real shells, as a person uses it: the script loaded into an
interactive bash or zsh on a terminal, a file name begun and TAB pressed, the line run.
What ``cuckoo`` then gets must be the file's name, whole: zsh's emulation of ``compgen``
split the word typed at its spaces, so that ``"my g`` and ``sub\\ dir/dee`` completed to
nothing (``tests/cli/test_help.py`` checks the replies the bash function makes)."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import signal
import time
from pathlib import Path

import pytest

from cuckoo.cli import build_parser
from cuckoo.completion import script

SHELLS = {"bash": ["bash", "--norc", "--noprofile", "-i"], "zsh": ["zsh", "-f", "-i"]}
FILES = ("my game.cuckoo", "sub dir/deep one.cuckoo", "it's.cuckoo", "a&b c.cuckoo")
SECONDS = 20.0


class Terminal:
    """An interactive shell on a pseudo-terminal."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the shell
            os.chdir(cwd)
            os.environ.update(TERM="dumb", PS1="$ ", PROMPT="$ ", HOME=str(cwd))
            os.execvp(argv[0], argv)
        self.seen = ""
        self.marks = 0

    def until(self, pattern: str) -> re.Match[str]:
        """Read the terminal until *pattern* shows in what it printed since the last mark."""
        deadline = time.monotonic() + SECONDS
        while not (found := re.search(pattern, self.seen)):
            assert time.monotonic() < deadline, f"no {pattern!r} in {self.seen!r}"
            if select.select([self.fd], [], [], 0.1)[0]:
                self.seen += os.read(self.fd, 65536).decode(errors="replace")
        return found

    def run(self, line: str) -> None:
        """Run *line*, and wait until the shell has (its output forgotten)."""
        self.marks += 1
        os.write(self.fd, f"{line}; echo MARK$((1+{self.marks}))\n".encode())
        self.until(f"MARK{1 + self.marks}\r?\n")
        self.seen = ""

    def close(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.mark.parametrize("shell", sorted(SHELLS))
@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("my\t", "my game.cuckoo"),
        ('"my g\t', "my game.cuckoo"),
        ("sub\tdee\t", "sub dir/deep one.cuckoo"),
        ("sub\\ dir/dee\t", "sub dir/deep one.cuckoo"),
        ("it\t", "it's.cuckoo"),
        ("'it\t", "it's.cuckoo"),
        ("a\t", "a&b c.cuckoo"),
    ],
)
def test_a_file_name_completed_reaches_the_command_whole(
    tmp_path: Path, shell: str, typed: str, name: str
) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"needs {shell}")
    for file in FILES:
        (tmp_path / file).parent.mkdir(exist_ok=True)
        (tmp_path / file).touch()
    (tmp_path / "complete.sh").write_text(script(build_parser(), shell, {}), encoding="utf-8")
    terminal = Terminal(SHELLS[shell], tmp_path)
    try:
        terminal.run("source ./complete.sh")
        terminal.run("cuckoo() { printf '<%s>' \"$@\"; echo ARGS; }")
        os.write(terminal.fd, f"cuckoo validate {typed}\n".encode())
        got = terminal.until(r"((?:<[^>\r\n]*>)+)ARGS").group(1)
    finally:
        terminal.close()
    assert got == f"<validate><{name}>"
