"""What a mutant is, the catalogue they register in, and the tools of patching: a mutant is
a small patch applied at run time to the reference's functions, in a process of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any, Final


def reference_module(name: str) -> Any:
    """A module of the reference, as a plain module: its attributes are patched freely
    (``cuckoo.cards.rules`` is also the name of a function of ``cuckoo.cards``)."""
    return import_module(f"cuckoo.{name}")


dice, cards = reference_module("dice"), reference_module("cards")
dice_chance, dice_faces, dice_notation, dice_recorded, dice_rules, dice_rulesets, dice_scoring = (
    reference_module(f"dice.{m}")
    for m in ("chance", "faces", "notation", "recorded", "rules", "rulesets", "scoring")
)
cards_deck, cards_notation, cards_rules, cards_rulesets, cards_state = (
    reference_module(f"cards.{m}") for m in ("deck", "notation", "rules", "rulesets", "state")
)
kuckuck_cards, kuckuck_notation, kuckuck_rules, kuckuck_rulesets = (
    reference_module(f"kuckuck.{m}") for m in ("cards", "notation", "rules", "rulesets")
)
kuckuck_scoring, kuckuck_state = (
    reference_module("kuckuck.scoring"),
    reference_module("kuckuck.state"),
)


@dataclass(frozen=True)
class Mutant:
    """One misreading of one rule."""

    name: str
    game: str
    rule: str
    """The rule misread; its spec chapter is where the mutant is counted."""
    misreading: str
    patch: Callable[[], None]
    equivalent: str = ""
    """Why no protocol answer can tell it from the reference, if none can."""
    kind: str = "misreading"
    """What kind of mistake it is (:data:`KINDS`): the mutation page scores each kind."""


KINDS: Final = {
    "misreading": "one rule misread, written by hand",
    "option": "an option's value read the wrong way round",
    "limit": "a limit moved by one either way",
    "span": "scored or counted per match instead of per cycle, or the other way round",
    "batch": "a tie-break taken from the wrong batch",
    "check-order": "two checks taken in the other order: the other rule is reported",
    "protocol": "a protocol answer changed at an unusual point",
    "leniency": "the letter-case leniency of one class of token dropped",
    "canonical": "the canonical writing changed in a rare position",
    "seen": "a record of what was seen answered wrongly partway",
    "text": "a text position read with too narrow a notion of its characters (one outside "
    "the BMP, white space of a record)",
    "invariant": "a step no case names done wrongly: caught by an invariant the runner "
    "checks at every step (a refusal changes nothing, round trips, perft's sums)",
}
"""The kinds of mutant, each with what its mutants get wrong."""

MUTANTS: Final[dict[str, Mutant]] = {}


def mutant(
    game: str, rule: str, misreading: str, equivalent: str = "", kind: str = "misreading"
) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated patch as a mutant named after it."""
    assert kind in KINDS, kind

    def register(patch: Callable[[], None]) -> Callable[[], None]:
        name = patch.__name__.strip("_").replace("_", "-")
        MUTANTS[name] = Mutant(name, game, rule, misreading, patch, equivalent, kind)
        return patch

    return register


# -- the tools of patching ----------------------------------------------------------------------


def wrap(module: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace *module*'s *name* by ``make(original)``."""
    setattr(module, name, make(getattr(module, name)))


def loosen(module: Any, rule: str, when: Callable[[str], bool] = lambda text: True) -> None:
    """*module*'s checks of *rule* let a move through when *when* holds of their message."""
    original = module.require

    def require(condition: bool, checked: str, message: str | Callable[[], str]) -> None:
        loose = checked == rule and when(message() if callable(message) else message)
        original(condition or loose, checked, message)

    module.require = require


def read_as(module: Any, name: str, rules: str, **changes: object) -> None:
    """*module*'s function *name* reads the state's *rules* field with *changes* (a value,
    or a function of the value there); the state it returns keeps the rules it was given."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(state: Any, *args: Any) -> Any:
            given = getattr(state, rules)
            read = {k: v(getattr(given, k)) if callable(v) else v for k, v in changes.items()}
            out = original(replace(state, **{rules: replace(given, **read)}), *args)
            return replace(out, **{rules: given}) if type(out) is type(state) else out

        return patched

    wrap(module, name, make)


def move_changed(module: Any, name: str, change: Callable[[Any, Any], Any]) -> None:
    """*module*'s *name*, a function of a state and a move, gets the move *change* makes."""
    wrap(module, name, lambda original: lambda state, move: original(state, change(state, move)))


def unknown_ignored(module: Any) -> None:
    """CD/CC/ZK-RULESET-PARAMS misread: a parameter no ruleset knows is ignored."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(base: Any, names: Iterable[str], overrides: dict[str, Any], **kw: Any) -> Any:
            names = tuple(names)
            return original(base, names, {k: v for k, v in overrides.items() if k in names}, **kw)

        return patched

    wrap(module, "with_parameters", make)


def rewritten(module: Any, change: Callable[[list[str]], list[str]]) -> None:
    """*module*'s canonical writing gives the lines *change* makes of its own."""
    original = module.format_record

    def patched(record: Any) -> str:
        return "\n".join(change(original(record).split("\n")))

    module.format_record = patched
    games = reference_module("games")  # the tools reach a game's notation through its kit
    games.GAMES[module.GAME] = replace(games.GAMES[module.GAME], format_record=patched)


def tags_sorted(module: Any) -> None:
    """NOTATION-CANONICAL misread: the canonical tag order is the alphabet's."""

    def change(lines: list[str]) -> list[str]:
        tags = [line for line in lines if line.startswith("[")]
        return sorted(tags) + lines[len(tags) :]

    rewritten(module, change)


DICE, CARDS, KUCKUCK = "cuckoo-dice", "cuckoo-cards", "zum-kuckuck"
