"""What every part of the app's engine side shares: the answers as the compact JSON the
page parses, an error as the page shows it, and the table the page sent, its shape checked
(stored data can be edited)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..errors import CuckooError, SetupError


def to_json(value: object) -> str:
    """*value* as the compact JSON the page parses."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def problem(error: CuckooError) -> dict[str, Any]:
    """An error as the page shows it: where, which rule, what is wrong, and the one-line
    message the command line prints."""
    return {**error.as_dict(), "text": str(error)}


def text_list(table: Mapping[str, Any], key: str) -> list[str]:
    """The texts a table holds under *key* (its moves), checked as :func:`read_table`
    checks the table."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError(f"{key} must be a list of texts", rule="CD-NOTATION-SYNTAX")
    return value


def parsed(text: object, what: str) -> Any:
    """The JSON value of *text*, which the page sent from what it stored (and stored data
    can be edited): anything else, or a value nested too deep for the reader, is refused.

    :raises SetupError: for a text that is not JSON.
    """
    try:
        if not isinstance(text, str):
            raise TypeError(type(text).__name__)
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SetupError(f"{what} must be a JSON text", rule="CD-NOTATION-SYNTAX") from None


def read_table(table_json: str) -> dict[str, Any]:
    """The table the page sent; stored data can be edited, so its shape is checked.

    :raises SetupError: for anything but a JSON object.
    """
    table = parsed(table_json, "a table")
    if not isinstance(table, dict):
        raise SetupError("a table must be an object of setup and moves", rule="CD-NOTATION-SYNTAX")
    return table
