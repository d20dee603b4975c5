"""The two versions of Zum Kuckuck! (spec chapter *zum-kuckuck/rulesets*)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from ..errors import SetupError
from ..parameters import with_parameters
from ..values import rebuilt

__all__ = ["PARAMETERS", "RULES", "VARIANTS", "Rules", "rules"]

VARIANTS: Final = ("basic", "tactical")


@dataclass(frozen=True, slots=True)
class Rules:
    """ZK-RULESET-PARAMS: which version is played."""

    variant: Literal["basic", "tactical"] = "basic"
    """``basic``: number cards are chosen in secret and shown together;
    ``tactical``: they are played face up, one player after another."""

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise SetupError(
                f"variant must be basic or tactical, not {self.variant!r}",
                rule="ZK-RULESET-PARAMS",
            )

    @property
    def in_turn(self) -> bool:
        """Whether number cards are played one player after another (ZK-TACTICAL-ORDER)."""
        return self.variant == "tactical"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


RULES: Final = Rules()
PARAMETERS: Final = tuple(f.name for f in fields(Rules))


def rules(**overrides: object) -> Rules:
    """The basic rules with some parameters changed.

    :raises SetupError: for an unknown parameter or value (ZK-RULESET-PARAMS).
    """
    return with_parameters(RULES, PARAMETERS, overrides, rule="ZK-RULESET-PARAMS")
