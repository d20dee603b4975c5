"""The conformance suite: cases as versioned JSON, generated from the spec and the engine.

Each case gives a setup (or a whole record), moves, and one expectation.  The inputs are
curated per game (:mod:`.suites.dice`, :mod:`.suites.cards`, :mod:`.suites.kuckuck`, on the
case model of :mod:`.suites.cases`) and in the spec's examples; the expected values are what
the reference engine answers through the protocol, so the suite says exactly what the
reference does.  This module runs the reference for them, adds each case's metadata, and
writes, reads and checks the suite files.
Regenerate with ``python -m cuckoo.conformance.suites.build`` from the repository root; a test
keeps the committed file equal to a fresh build.
"""

from __future__ import annotations

import json
import re
import sys
from functools import partial
from pathlib import Path
from typing import Any, Final

from ...dice import RULESETS
from ...dice.rulesets import PARAMETERS as dice_parameters
from ...files import write_output
from ..coverage.rounds import ordered
from ..protocol import Session
from .cards import card_cases
from .cases import CARDS, KUCKUCK, Case, new_command, spec_examples
from .dice import curated_cases, game_cases, perft_cases, settings_cases
from .files import SCHEMA, SUITE, dump, load, load_all
from .guide import guide_cases
from .kuckuck import kuckuck_cases
from .notation import notation_cases
from .orders import order_cases
from .params import parameter_cases, scoring_cases
from .precedence import precedence_cases
from .protocol import protocol_cases
from .releases import VERSION, changelog
from .text import text_cases

__all__ = ["SCHEMA", "SUITE", "build", "dump", "inputs", "load", "load_all", "new_command"]


def _ask(session: Session, line: str) -> tuple[bool, str]:
    answer = session.answer(line)
    return answer.startswith("="), answer[2:] if len(answer) > 1 else ""


def _run(case: Case, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The expectation of *case*, and what its run shows about it: whether it stopped at
    the setup, and how many hands or cycles it ran over (its metadata)."""
    session = Session()
    expect = _answers(case, session)
    ok, payload = _ask(session, "state")
    state = json.loads(payload) if ok else {}
    span = state.get({CARDS: "hands", KUCKUCK: "cycle"}.get(game, ""))
    error = expect.get("error", {})
    setup = bool(error) and bool(re.search(r"-(SETUP|RULESET)-", error["rule"]))
    seen = {"span": span, "setup": setup and _stops_at_setup(case)}
    return expect, {**seen, "ordered": ordered(game, _sent(case))}


def _sent(case: Case) -> list[str]:
    """The commands that set *case* up, before its query."""
    if case.commands is not None:
        return list(case.commands)
    if case.record is not None:
        return [("format " if case.expect == "format" else "record ") + case.record]
    return [new_command(case.setup()), *(f"apply {m}" for m in case.moves)]


def _stops_at_setup(case: Case) -> bool:
    """Whether the case's first command (``new``, or a record before its first move) is
    what the reference refuses."""
    session = Session()
    if case.commands is not None:
        last = case.commands[-1]
        return last.startswith(("new ", "record ")) and not _ask(session, last)[0]
    if case.record is None:
        return not _ask(session, new_command(case.setup()))[0]
    tags = re.match(r"(\s*\[[^\]]*\])*", case.record)
    head = tags[0] if tags else ""
    return not _ask(session, f"record {head} *")[0] and not _ask(session, f"format {head} *")[0]


def _answers(case: Case, session: Session) -> dict[str, Any]:
    """The expectation of *case*, run in *session*."""
    kind, *args = case.expect.split()
    if case.commands is not None:
        return _scripted(case, session, kind)
    payload = ""
    for command in _sent(case):
        ok, payload = _ask(session, command)
        if not ok:
            error, rule = payload.split()[:2]
            assert kind == "error", f"{case.id}: {command}: {payload}"
            return {"error": {"kind": error, "rule": rule}}
    assert kind != "error", f"{case.id}: expected an error, but every command succeeded"
    return _queried(case, session, kind, args, payload)


def _scripted(case: Case, session: Session, kind: str) -> dict[str, Any]:
    """The expectation of a :attr:`~Case.commands` case: every command sent, a refused one
    too (a refused command is part of what such a case asks); the last one's answer, or
    the query after them."""
    assert case.commands is not None
    answer = ""
    for command in case.commands:
        answer = session.answer(command)
    if kind == "answer":
        return {"answer": answer}
    if kind == "error":
        assert answer.startswith("?"), f"{case.id}: expected an error, got {answer}"
        return {"error": dict(zip(("kind", "rule"), answer.split()[1:3], strict=True))}
    assert kind != "format" or answer.startswith("="), f"{case.id}: {answer}"
    return _queried(case, session, kind, case.expect.split()[1:], answer[2:])


def _queried(
    case: Case, session: Session, kind: str, args: list[str], payload: str
) -> dict[str, Any]:
    """The expectation of a case whose commands all succeeded (the last answered
    *payload*): the format, or the answer to the query *kind* names."""
    if kind == "format":
        return {"format": json.loads(payload)}
    if kind == "perft":
        counts = [int(_ask(session, f"perft {d}")[1]) for d in range(1, int(args[0]) + 1)]
        return {"perft": counts}
    query = " ".join([kind, *args])  # state, legal, result, or chance MOVE
    ok, payload = _ask(session, query)
    assert ok, f"{case.id}: {query}: {payload}"
    if kind == "state":
        return {"state": json.loads(payload)}
    if kind == "legal":
        return {"legal": payload.split()}
    if kind == "chance":
        pairs = (item.split("=") for item in payload.split())
        return {"chance": {"move": " ".join(args), "outcomes": dict(pairs)}}
    return {"result": payload}


def _sections(spec: Path) -> dict[str, dict[str, str]]:
    """Each rule's spec chapter and title, read from the ``{rule}`` directives."""
    rules = {}
    pattern = re.compile(r"^`{3,}\{rule\}\s+(\S+)\s*\n:title:\s*(.*)$", re.M)
    for path in sorted(spec.glob("*.md")):
        for rule, title in pattern.findall(path.read_text(encoding="utf-8")):
            rules[rule] = {"section": path.stem, "title": title.strip()}
    return rules


_TAG: Final = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def _given(game: str, case: Case) -> tuple[str | None, dict[str, Any], list[str], list[str]]:
    """What *case* sets up, from its setup or its record's tags, as written: the ruleset
    (the dice game's; Zum Kuckuck!'s variant), the parameters given, the players, the
    rolls."""
    if case.record is None:
        params = dict(case.params)
        if game in (CARDS, KUCKUCK):
            named = params.get("variant") if game == KUCKUCK else None
            return named, params, list(case.players), []
        return case.ruleset, params, ["Blue", "Red"], list(case.rolls)
    tags = {name.lower(): value for name, value in _TAG.findall(case.record)}
    if game in (CARDS, KUCKUCK):
        names = tags.get("players", "").replace(",", " ").split()
        wanted = {"lives", "aces", "direction"} if game == CARDS else {"variant"}
        params = {k: _value(v) for k, v in tags.items() if k in wanted}
        return params.get("variant"), params, names, []
    params = {
        name: _value(tags[name.replace("_", "")])
        for name in dice_parameters
        if name.replace("_", "") in tags
    }
    rolls = [tags.get("blueroll", ""), tags.get("redroll", "")]
    return tags.get("ruleset", "cuckoo").strip().lower(), params, ["Blue", "Red"], rolls


def _value(text: str) -> Any:
    """A tag's value as the setup would give it: a number, yes/no, none, or lower case."""
    text = text.strip().lower()
    words: dict[str, Any] = {"none": None, "yes": True, "no": False}
    if text.lstrip("-").isdigit() and text.isascii():
        return int(text)
    return words.get(text, text)


def metadata(game: str, case: Case, expect: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
    """The case's metadata (the runner contract's per-case fields): game, ruleset, every
    parameter's value (the defaults filled in), players, feature tags, one line about it;
    and, where they apply, the dice per roll and faces rolled, and the hands or cycles run
    over (``span``)."""
    ruleset, given, players, rolls = _given(game, case)
    defaults: dict[str, Any]
    if game == CARDS:
        defaults = {"lives": 3, "aces": "low", "direction": "left"}
    elif game == KUCKUCK:
        defaults = {"variant": "basic"}
        ruleset = given.get("variant", "basic")
    else:
        base = RULESETS.get(ruleset or "", RULESETS["cuckoo"])
        defaults = {name: getattr(base, name) for name in dice_parameters}
    params = {**defaults, **given}
    meta: dict[str, Any] = {
        "game": game,
        "ruleset": ruleset,
        "params": params,
        "players": len(players),
    }
    if game == "cuckoo-dice":
        rolled = [[int(c) for c in roll if c.isdigit()] for roll in rolls]
        meta["dice"] = sorted({len(roll) for roll in rolled})
        meta["faces"] = sorted({face for roll in rolled for face in roll})
    elif isinstance(seen["span"], int):
        meta["span"] = seen["span"]
    kind = next(iter(expect))
    sent = "moves" if case.record is None else "record"
    tags = [kind, "commands" if case.commands is not None else sent, *case.tags]
    tags += ["setup"] if seen["setup"] else []
    tags += ["spec-example"] if case.id.startswith("spec-") else []
    tags += ["order-of-checks"] if "order-" in case.id else []
    tags += ["non-default"] if any(params[k] != v for k, v in defaults.items()) else []
    if case.record is not None and re.search(r"(^|\s)(\?|show)(\s|$)", case.record, re.I):
        tags.append("partial")
    if isinstance(seen["span"], int) and seen["span"] >= 2:
        tags.append("several-cycles" if game == KUCKUCK else "several-hands")
    tags += ["round-order"] if seen["ordered"] else []
    meta["tags"] = tags
    meta["about"] = case.about or _about(case, expect, params, defaults)
    return meta


_ASKED: Final = {
    "state": "state",
    "legal": "legal moves",
    "result": "result",
    "chance": "chance outcomes",
    "perft": "perft counts",
}


def _about(
    case: Case, expect: dict[str, Any], params: dict[str, Any], defaults: dict[str, Any]
) -> str:
    """One line on what *case* checks, from its expectation, when none was written."""
    kind, value = next(iter(expect.items()))
    if case.record is not None:
        where = "a record"
    else:
        count = len(case.moves)
        where = f"{count} move{'' if count == 1 else 's'} from the setup"
    if kind == "error":
        what = f"{where} refused under {value['rule']}"
    elif kind == "format":
        what = "the canonical form of a record"
    else:
        what = f"the {_ASKED[kind]} after {where}"
    changed = [f"{k}={v}" for k, v in params.items() if defaults.get(k) != v]
    return what + (f" ({', '.join(changed)})" if changed else "")


def inputs(root: Path, game: str) -> tuple[Case, ...]:
    """The cases of *game* as inputs, which error wins aside: curated, the spec's examples,
    generated."""
    if game == CARDS:
        found: tuple[Case, ...] = (*card_cases(root),)
    elif game == KUCKUCK:
        found = (*kuckuck_cases(root),)
    else:
        examples = [
            case
            for chapter in sorted((root / "spec" / "cuckoo-dice").glob("*.md"))
            for case in spec_examples(chapter)
        ]
        found = (
            *curated_cases(),
            *examples,
            *game_cases(root),
            *settings_cases(),
            *perft_cases(),
        )
    return found


def _entry(game: str, case: Case) -> dict[str, Any]:
    """The suite's entry of *case*: its inputs, the reference's expectation, its metadata."""
    entry: dict[str, Any] = {"id": case.id, "rules": list(case.rules)}
    if case.commands is not None:
        entry["commands"] = list(case.commands)
        entry.update({"fresh": True} if case.fresh else {})
    elif case.record is not None:
        entry["record"] = case.record
    else:
        entry["setup"] = case.setup()
        entry["moves"] = list(case.moves)
    entry["expect"], seen = _run(case, game)
    entry.update(metadata(game, case, entry["expect"], seen))
    return entry


def _entry_if_met(game: str, case: Case) -> dict[str, Any] | None:
    """:func:`_entry`, or None if the case's kind is not met (an error expected, none)."""
    try:
        return _entry(game, case)
    except AssertionError:
        return None


def build(root: Path, game: str = "cuckoo-dice") -> dict[str, Any]:
    """The suite of *game*, built from the repository at *root* (spec and examples)."""
    found = inputs(root, game)
    made = (*found, *notation_cases(game), *precedence_cases(game, found))
    cases = [_entry(game, case) for case in made]
    rules = _sections(root / "spec" / game)
    cases += parameter_cases(
        game, list(zip(made, cases, strict=True)), rules, partial(_entry_if_met, game)
    )
    cases += [_entry(game, case) for case in scoring_cases(game, cases)]
    cases += [_entry(game, case) for case in protocol_cases(game)]
    cases += [_entry(game, case) for case in text_cases(game)]
    cases += [_entry(game, case) for case in order_cases(game)]
    cases += [_entry(game, case) for case in guide_cases(game)]
    return {
        "schema": SCHEMA,
        "game": game,
        "version": VERSION,
        "changelog": changelog(game, cases),
        "rules": rules,
        "cases": cases,
    }


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("tests/conformance")
    for name in ("cuckoo-dice", CARDS, KUCKUCK):
        write_output(folder / f"{name}.json", dump(build(Path.cwd(), name)))
        print(f"wrote {folder / name}.json")
