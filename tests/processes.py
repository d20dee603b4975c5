"""What the tests of signals and interruptions share: the processes a command left behind,
and the moment its write has begun."""

from __future__ import annotations

import time
from pathlib import Path


def group_members(group: int) -> list[int]:
    """The processes still alive (not zombies) in process group *group*, read from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                members.append(int(entry.name))
    return members


def wait_for_file(folder: Path, pattern: str, seconds: float, step: float = 0.02) -> None:
    """Wait until a file matching *pattern* is in *folder* (a write has begun), at most
    *seconds*; fail if none comes."""
    deadline = time.monotonic() + seconds
    while not list(folder.glob(pattern)) and time.monotonic() < deadline:
        time.sleep(step)
    assert list(folder.glob(pattern)), "the write began"
