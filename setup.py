"""The optional compiled build of the game engines, asked for with ``CUCKOO_COMPILE=1``.

Without it (the default) the package is pure Python: the reference.  With it, the modules
below, which already pass ``mypy --strict``, are compiled to C extensions with mypyc; the
Python files ship beside them, and ``cuckoo --version`` says which build is installed.  CI
plays thousands of random games of both builds against each other (``cuckoo conform``).
Lark is installed first: mypy reads its types, the reading of records importing it.

    pip install 'setuptools>=77' 'mypy>=1.8' 'lark>=1.1.9'
    CUCKOO_COMPILE=1 pip install --no-build-isolation .
"""

import os

from setuptools import setup

COMPILED = (
    "files",
    "games",
    "notation_shared",
    "errors",
    "reading",
    "dice/faces",
    "dice/geometry",
    "dice/moves",
    "dice/state",
    "dice/rules",
    "dice/scoring",
    "dice/chance",
    "dice/recorded",
    "dice/playout",
    "cards/deck",
    "cards/moves",
    "cards/rulesets",
    "cards/state",
    "cards/rules",
    "cards/partial",
    "cards/playout",
    "kuckuck/cards",
    "kuckuck/moves",
    "kuckuck/rulesets",
    "kuckuck/state",
    "kuckuck/scoring",
    "kuckuck/partial",
    "kuckuck/rules",
    "kuckuck/playout",
)
"""The modules a replay or a playout of each game spends its time in: the engines, the
loops that read records (``reading``) and ``errors``, whose ``require`` the engines call a
few times a move; the rest of the notation stays Python (its time goes to the Lark parser
and to a few calls per record)."""


def extensions() -> list[object]:
    if os.environ.get("CUCKOO_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify([f"reference/cuckoo/{name}.py" for name in COMPILED], opt_level="3"))


setup(ext_modules=extensions())
