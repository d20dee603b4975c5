"""The card game's variants (spec chapter *cuckoo-cards/rulesets*, CC-RULESET-PARAMS)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from ..errors import SetupError
from ..parameters import with_parameters
from ..values import rebuilt

__all__ = ["PARAMETERS", "RULES", "Rules", "rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """The source's rules, with the known variants as parameters."""

    lives: int = 3
    """Lives each player starts with (known variants: 2 to 4)."""
    aces: Literal["low", "high"] = "low"
    """Whether an ace ranks below the two or above the king (CC-CARD-ORDER)."""
    direction: Literal["left", "right"] = "left"
    """Where play, swaps and the deal go (CC-TURN-ORDER)."""

    def __post_init__(self) -> None:
        if type(self.lives) is not int or not 1 <= self.lives <= 99:
            raise SetupError(f"lives must be 1 to 99, not {self.lives!r}", rule="CC-RULESET-PARAMS")
        for name, allowed in (("aces", ("low", "high")), ("direction", ("left", "right"))):
            if getattr(self, name) not in allowed:
                raise SetupError(
                    f"{name} must be {' or '.join(allowed)}, not {getattr(self, name)!r}",
                    rule="CC-RULESET-PARAMS",
                )

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


RULES: Final = Rules()
PARAMETERS: Final = tuple(f.name for f in fields(Rules))


def rules(**overrides: object) -> Rules:
    """The source's rules with some parameters changed.

    :raises SetupError: for an unknown parameter or value (CC-RULESET-PARAMS).
    """
    return with_parameters(RULES, PARAMETERS, overrides, rule="CC-RULESET-PARAMS")
