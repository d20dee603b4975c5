"""The rulesets and their parameters (spec chapter *rulesets*)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final, Literal

from ..errors import SetupError
from ..parameters import with_parameters
from .faces import Handedness

__all__ = ["RULESETS", "Ruleset", "ruleset"]

Pool = Literal["own", "any"]
Majority = Literal["relative", "absolute"]
Tiebreak = Literal["dungeon", "captures-dungeon"]
DungeonBy = Literal["placer", "owner"]

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "handedness": ("western", "eastern"),
    "infection_pool": ("own", "any"),
    "side_majority": ("relative", "absolute"),
    "tiebreak": ("dungeon", "captures-dungeon"),
    "dungeon_tiebreak": ("placer", "owner"),
    "dungeon_bonus": (False, True),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One reading of the rules: every open choice in the sources is a field here."""

    name: str
    """The ruleset the parameters start from: ``cuckoo``, ``dwnsiwn`` or ``unnamed``."""
    handedness: Handedness = "western"
    """Which way 1, 2, 3 run around their corner (CD-DIE-CORNER)."""
    infection_pool: Pool = "own"
    """Which dice may infect and be infected (CD-INFECT-POOL)."""
    infection_limit: int | None = None
    """At most this many infections in a game; None for no guard (CD-INFECT-LIMIT)."""
    side_majority: Majority = "relative"
    """More sides than the opponent, or two of three (CD-SCORE-MAJORITY)."""
    tiebreak: Tiebreak = "dungeon"
    """How a tie on sides is broken (CD-SCORE-DUNGEON, CD-SCORE-CAPTURES)."""
    dungeon_tiebreak: DungeonBy = "placer"
    """Whether the dungeon favours whoever placed its die or whoever owns it."""
    dungeon_bonus: bool = False
    """The draft's 1-2-3 bonus for the dungeon on a first move (CD-PLACE-BONUS)."""

    def __post_init__(self) -> None:
        if self.name not in _BASES:
            raise SetupError(f"unknown ruleset {self.name!r}", rule="CD-RULESET-PARAMS")
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise SetupError(
                    f"{name} must be one of {', '.join(map(str, allowed))}, "
                    f"not {getattr(self, name)!r}",
                    rule="CD-RULESET-PARAMS",
                )
        limit = self.infection_limit
        if limit is not None and (type(limit) is not int or limit < 0):
            raise SetupError(
                f"infection_limit must be a whole number >= 0, not {limit!r}",
                rule="CD-RULESET-PARAMS",
            )


_BASES: Final = ("cuckoo", "dwnsiwn", "unnamed")

RULESETS: Final = {
    # CD-RULESET-CUCKOO: the final text.
    "cuckoo": Ruleset("cuckoo"),
    # CD-RULESET-DWNSIWN: an earlier name of the same rules; same parameters.
    "dwnsiwn": Ruleset("dwnsiwn"),
    # CD-RULESET-UNNAMED: the draft, with the dungeon bonus and its own tie-breakers.
    "unnamed": Ruleset("unnamed", tiebreak="captures-dungeon", dungeon_bonus=True),
}

PARAMETERS: Final = tuple(f.name for f in fields(Ruleset) if f.name != "name")


def ruleset(name: str, **overrides: object) -> Ruleset:
    """The ruleset called *name* with some parameters changed.

    :raises SetupError: for an unknown name, parameter or value (CD-RULESET-PARAMS).
    """
    if name not in RULESETS:
        raise SetupError(
            f"unknown ruleset {name!r}; expected one of {', '.join(RULESETS)}",
            rule="CD-RULESET-PARAMS",
        )
    return with_parameters(RULESETS[name], PARAMETERS, overrides, rule="CD-RULESET-PARAMS")
