"""The engine's warm-up in the page (issue #42): the pages' calls made on a small game of
each kind before the engine says it is ready, so that a first tap does not pay for the
runtime compiling its code. It must meet no problem, and it must leave nothing behind that
an answer could depend on."""

from __future__ import annotations

import json

from cuckoo import web
from cuckoo.web.warm import _tables, warm_up


def test_the_warm_up_meets_no_problem() -> None:
    assert warm_up() == []


def test_the_warm_up_changes_no_answer() -> None:
    """The same table asked before and after the warm-up (which plays on that very table)
    gets the same view, the same move and the same record: only compiled code is kept."""
    setups = [{**setup, "moves": []} for setup, _ in _tables()]
    tables = [json.loads(web.table_new(json.dumps(setup)))["ok"] for setup in setups]

    def answers() -> list[str]:
        said = []
        for table in tables:
            view = web.table_view(json.dumps(table))
            first = json.loads(view)["choices"][0]["text"]
            said += [view, web.table_play(json.dumps(table), first)]
            said.append(web.table_record(json.dumps(table)))
        return said

    before = answers()
    warm_up()
    assert answers() == before
