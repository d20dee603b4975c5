"""Mutants of the reference: each one plausible misreading of one rule, to measure the kit.

A mutant is a small patch applied at run time to the reference's functions, in a process
of its own: ``python -m cuckoo.conformance.mutants.harness serve NAME`` is ``cuckoo serve`` with the
rule misread, so no copy of the engine's source is needed.  ``python -m
cuckoo.conformance.mutants.harness score`` runs the suite (without its perft cases, which an
engine need not answer) against every mutant and prints the mutation score by game and by
spec chapter; ``--write`` stores the run and writes the table into the implementer's guide.

A mutant the protocol cannot tell from the reference is *equivalent*; it says why, and it
is left out of the score.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from pathlib import Path
from typing import Any, Final

from ...files import write_output
from .. import protocol
from ..engine import Engine
from ..run.differential import differential
from ..run.invariants import INVARIANTS
from ..run.runner import run_suite
from ..suites.build import load_all
from .core import CARDS, DICE, KINDS, KUCKUCK, MUTANTS, Mutant

__all__ = ["KINDS", "MUTANTS", "Mutant", "score"]

CATALOGUE: Final = tuple(
    import_module(f".{part}", __package__)
    for part in ("dice", "cards", "kuckuck", "operators", "kinds", "invariants", "text")
)
"""The modules that register the mutants, imported in the catalogue's order (the stored
run's): each game's misreadings, then the operators', then those of the kinds of mistake
a suite that covers every rule can still let through, then those only the runner's
invariants catch."""


def serve(name: str) -> int:
    """``cuckoo serve`` with the mutant *name* applied."""
    MUTANTS[name].patch()
    return protocol.serve()


def command(name: str) -> str:
    """The command line of the engine that is the reference with mutant *name*."""
    return f"{shlex.quote(sys.executable)} -m cuckoo.conformance.mutants.harness serve {name}"


def _is_perft(case: dict[str, Any]) -> bool:
    return "perft" in case["expect"]


def _chapters() -> dict[str, str]:
    """Each rule's spec chapter, from the shipped suites."""
    return {rule: info["section"] for suite in load_all() for rule, info in suite["rules"].items()}


def _run(one: Mutant, suites: list[dict[str, Any]], games: int, seed: int) -> dict[str, Any]:
    """What kills *one*: the suite's failing cases (the suite alone: no invariant checked,
    no perft case), the cases in which an invariant fails, by invariant (every case, the
    invariants checked as ``cuckoo conform`` checks them), and, if asked, random games."""
    mine = [suite for suite in suites if suite["game"] == one.game]
    runs = []
    for checked in (False, True):
        engine = Engine(command(one.name), timeout=30)
        try:
            skip = _is_perft if not checked else lambda case: False
            runs.append(run_suite(engine, mine, log=lambda line: None, skip=skip, checked=checked))
        finally:
            engine.close()
    caught: dict[str, list[str]] = {}
    for outcome in runs[1].outcomes:
        words = outcome.get("problem", "").split()
        if outcome["outcome"] == "fail" and words[:1] == ["invariant"]:
            caught.setdefault(words[1].rstrip(":"), []).append(outcome["id"])
    entry: dict[str, Any] = {
        "name": one.name,
        "game": one.game,
        "kind": one.kind,
        "rule": one.rule,
        "misreading": one.misreading,
        "equivalent": one.equivalent,
        "cases": runs[0].failed_ids,
        "invariants": {name: caught[name] for name in INVARIANTS if name in caught},
    }
    if games:
        random = differential(command(one.name), games, seed, (one.game,), log=lambda line: None)
        entry["random"] = sum(random.failed.values())
    return entry


def score(
    games: int = 0, seed: int = 0, jobs: int = 1, game: str | None = None, kind: str | None = None
) -> dict[str, Any]:
    """Run every mutant (of *game* and of *kind*, if given): the suite alone (no perft),
    and *games* random games if asked."""
    suites = load_all()
    chosen = [m for m in MUTANTS.values() if game in (None, m.game) and kind in (None, m.kind)]
    with ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(lambda one: _run(one, suites, games, seed), chosen))
    return {"random": games, "seed": seed, "mutants": runs}


def merged(stored: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """*stored* with the mutants of *run* replaced or added, in the order mutants are
    defined (so one game's run updates a stored run of all three)."""
    entries = {e["name"]: e for e in stored.get("mutants", [])} | {
        e["name"]: e for e in run["mutants"]
    }
    ordered = [{**entries[name], "kind": MUTANTS[name].kind} for name in MUTANTS if name in entries]
    return {"random": run["random"], "seed": run["seed"], "mutants": ordered}


SURVIVORS: Final = {
    "zk-defers-earlier-parts": "no case makes a move after a deal or a group refused at a "
    "later card, where the cards kept out of sight show: invariant refused-changes-nothing "
    "catches it one move later",
    "take-before-give": "no case gives dice not held and takes a die not held at once "
    "(error precedence: CD-INFECT-GIVE before CD-INFECT-TAKE)",
    "card-before-due": "no case deals a card already seen when no deal is due "
    "(error precedence: CC-TURN-CHANCE before CC-CARD-DECK)",
    "chance-refused-when-none-due": "no case asks chance alone of the card game when no "
    "card is due, at a decision (the protocol at every point)",
    "zk-chance-refused-when-none-due": "no case asks chance of Zum Kuckuck! when nothing "
    "is due (the protocol at every point: a match over, a decision)",
    "record-needs-new": "no case sends record before any new: the score runs the cases in "
    "file order in one engine, where conform --isolate kills it",
    "legal-refused-when-over": "no case asks legal of a finished match of Zum Kuckuck! "
    "(the protocol at every point: the game over)",
    "rank-case-strict": "no case writes a card's rank in lower case, such as qh or th "
    "(notation leniency: each token class in each letter case)",
    "player-case-strict": "no case writes a player's name in another letter case in a "
    "deal or a play of Zum Kuckuck! (notation leniency)",
    "result-case-strict": "no case ends a Zum Kuckuck! record with the winners' names in "
    "another letter case (notation leniency: names in a result)",
    "first-note-dropped": "no format case of the dice game has a comment before its first "
    "move (canonical writing in every position)",
    "zk-names-as-given": "no format case of Zum Kuckuck! writes a name in another letter "
    "case (canonical writing in every position)",
    "seen-kept": "no format case of the dice game holds a placement written as seen "
    "(canonical writing in every position)",
    "seen-cards-offered": "no case asks legal at a deal after a ? card (records of what "
    "was seen, played move by move)",
    "show-not-offered": "no case asks legal while a show-down is due (records of what was "
    "seen, played move by move)",
    "odds-with-unseen": "no case asks chance or perft with a ? in a hand (records of what "
    "was seen, played move by move)",
    "deal-keeps-earlier-cards": "no case looks at the game after a deal refused at a later "
    "card: invariant refused-changes-nothing catches it",
    "zk-keeps-earlier-parts": "no case looks at the match after a deal or a group refused at "
    "a later card: invariant refused-changes-nothing catches it",
    "refused-record-ends-game": "no case asks state after a refused record: invariant "
    "refused-changes-nothing catches it",
    "zero-limit-unwritten": "no format case has an infection limit of 0: invariant "
    "format-round-trip catches it",
    "perft-zero-is-zero": "no case asks perft 0: invariant perft-zero-is-one catches it",
}
"""Why each non-equivalent mutant that the suite lets live does (a gap to close), and the
kind of case that would kill it."""


def rule_page(run: dict[str, Any]) -> str:
    """The docs page of the mutation score by rule (``docs/kit/mutation.md``), from a
    stored *run*."""
    counted = [e for e in run["mutants"] if not e["equivalent"]]
    killed = [e for e in counted if e["cases"]]
    lines = [
        "# Mutation score by rule",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.mutants.harness score --write` from the "
        "stored run tests/kit/mutation.json: do not edit. -->",
        "",
        "A *mutant* is the reference engine with one rule misread on purpose; the suite "
        "*kills* it when at least one case fails. Besides one hand-written misreading per "
        "rule, four operators make mutants of a kind: an option's value read the wrong way "
        "round (`*-swapped`), a limit moved by one either way, scoring once per match "
        "instead of per cycle and the other way round, and a tie-break taken from the wrong "
        "batch. Five more kinds are the mistakes a suite that covers every rule can still "
        "let through: two checks taken in the other order, a protocol answer changed at an "
        "unusual point, a token's letter-case leniency dropped, canonical writing changed in "
        "a rare position, and a record of what was seen answered wrongly partway. The kind "
        "`text` reads a text position with too narrow a notion of its characters (a "
        "character outside the BMP, a record's form feed or carriage return), as an engine "
        "whose strings are not Python's may. One more, `invariant`, is a step no case names "
        "done wrongly, which only the runner's invariants catch (below). Each mutant has "
        "its kind, and the score is given per "
        "kind as well as per game and per rule. Equivalent mutants (no protocol answer can "
        "tell them from the reference) "
        "are left out of the score.",
        "",
        f"Overall: {len(killed)} of {len(counted)} mutants killed by the suite alone "
        f"({100 * len(killed) / max(len(counted), 1):.0f}%).",
        "",
        "| game | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
        *_rows(run, lambda e: e["game"]),
        "",
        "By kind of mistake:",
        "",
        "| kind | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
        *_rows(run, lambda e: e.get("kind", "misreading")),
        "",
        *(f"- `{kind}`: {what}." for kind, what in KINDS.items()),
        "",
        "| rule | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
        *_rows(run, lambda e: e["rule"]),
        "",
        "## Every mutant",
        "",
        "| mutant | kind | rule | misreading | cases that kill it |",
        "|---|---|---|---|---:|",
    ]
    lines += [
        f"| `{e['name']}` | {e.get('kind', 'misreading')} | `{e['rule']}` | {e['misreading']} | "
        f"{'equivalent' if e['equivalent'] else len(e['cases'])} |"
        for e in run["mutants"]
    ]
    lines += ["", *_invariant_section(counted)]
    survivors = [e for e in counted if not e["cases"]]
    lines += ["", "## Survivors", ""]
    lines += [
        f"- `{e['name']}` ({e['rule']}): {SURVIVORS.get(e['name'], 'not yet explained')}."
        for e in survivors
    ] or ["None: the suite alone kills every mutant that is not equivalent."]
    return "\n".join(lines) + "\n"


def _invariant_section(counted: list[dict[str, Any]]) -> list[str]:
    """The page's section on the runner's invariants: for each, the mutants it catches, and
    of those the ones the suite alone lets live (of the mutants run with the invariants:
    a stored run made before them has none)."""
    measured = [e for e in counted if "invariants" in e]
    caught = [e for e in measured if e["cases"] or e["invariants"]]
    lines = [
        "## What the invariants add",
        "",
        "`cuckoo conform` also checks, around every exchange and after every case that "
        "passed, what must hold at every step ([the runner contract](runners.md#what-holds-"
        "at-every-step-invariants)); the scores above are the suite's cases alone. Of the "
        f"{len(measured)} mutants run with the invariants too (every case, perft included), "
        f"{len(caught)} are killed.",
        "",
        "| invariant | mutants it catches | of them, the suite alone lets live |",
        "|---|---:|---|",
    ]
    for name in INVARIANTS:
        hit = [e for e in measured if e["invariants"].get(name)]
        alone = ", ".join(f"`{e['name']}`" for e in hit if not e["cases"]) or "none"
        lines.append(f"| `{name}` | {len(hit)} | {alone} |")
    return lines


def _rows(run: dict[str, Any], key: Callable[[dict[str, Any]], str]) -> list[str]:
    """One table row per value of *key*: mutants, equivalent, killed, survivors, score."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in run["mutants"]:
        groups.setdefault(key(entry), []).append(entry)
    rows = []
    for name, entries in sorted(groups.items()):
        counted = [e for e in entries if not e["equivalent"]]
        killed = sum(bool(e["cases"]) for e in counted)
        share = f"{100 * killed / len(counted):.0f}%" if counted else "-"
        rows.append(
            f"| {name} | {len(entries)} | {len(entries) - len(counted)} | {killed} | "
            f"{len(counted) - killed} | {share} |"
        )
    return rows


def table(run: dict[str, Any]) -> str:
    """The implementer's guide's section on the mutation score, from a stored *run*."""
    chapters = _chapters()
    head = [
        "| {} | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
    ]
    lines = [head[0].format("game"), head[1], *_rows(run, lambda e: e["game"])]
    lines += ["", head[0].format("game/chapter"), head[1]]
    lines += _rows(run, lambda e: f"{e['game']}/{chapters[e['rule']]}")
    equivalent = [e for e in run["mutants"] if e["equivalent"]]
    survivors = [e for e in run["mutants"] if not e["equivalent"] and not e["cases"]]
    lines += ["", "Equivalent mutants (left out of the score):", ""]
    lines += [
        f"- `{e['name']}` ({e['rule']}): {e['misreading']}; {e['equivalent']}." for e in equivalent
    ]
    lines += ["", "Surviving mutants:" if survivors else "No mutant survives the suite.", ""]
    lines += [f"- `{e['name']}` ({e['rule']}): {e['misreading']}" for e in survivors]
    return "\n".join(lines).rstrip() + "\n"


BEGIN, END = "<!-- mutation score: begin -->", "<!-- mutation score: end -->"


def with_table(guide: str, run: dict[str, Any]) -> str:
    """*guide* with the text between the mutation-score markers replaced by the table."""
    before, rest = guide.split(BEGIN)
    _, after = rest.split(END)
    return f"{before}{BEGIN}\n{table(run)}{END}{after}"


STORED: Final = Path("tests/kit/mutation.json")
GUIDE: Final = Path("docs/implementers.md")
PAGE: Final = Path("docs/kit/mutation.md")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cuckoo.conformance.mutants.harness")
    commands = parser.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="serve the reference with one rule misread")
    serving.add_argument("name", choices=sorted(MUTANTS))
    scoring = commands.add_parser("score", help="the suite's mutation score, by game and chapter")
    scoring.add_argument(
        "--random", type=int, default=0, metavar="N", help="and N random games each"
    )
    scoring.add_argument("--seed", type=int, default=0)
    scoring.add_argument("-j", "--jobs", type=int, default=1)
    scoring.add_argument(
        "--game", choices=(DICE, CARDS, KUCKUCK), help="only this game's mutants (--write merges)"
    )
    scoring.add_argument("--kind", choices=sorted(KINDS), help="only the mutants of this kind")
    scoring.add_argument(
        "--write", action="store_true", help=f"store the run in {STORED} and the table in {GUIDE}"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args.name)
    run = score(args.random, args.seed, args.jobs, args.game, args.kind)
    print(table(run), end="")
    print(
        "\n| rule | mutants | equivalent | killed | survived | score |\n|---|---|---|---|---|---|"
    )
    print("\n".join(_rows(run, lambda e: e["rule"])))
    for entry in run["mutants"]:
        if args.random and not entry["cases"]:
            print(f"{entry['name']}: random games {'kill' if entry['random'] else 'miss'} it")
    if args.write:
        if args.game or args.kind:
            run = merged(json.loads(STORED.read_text(encoding="utf-8")), run)
        write_output(STORED, json.dumps(run, indent=1) + "\n")
        write_output(GUIDE, with_table(GUIDE.read_text(encoding="utf-8"), run))
        write_output(PAGE, rule_page(run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
