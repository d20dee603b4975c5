"""What every game's notation shares: files of many records, tag pairs, friendly errors.

A record file is PGN-like: ``[Tag "value"]`` pairs, then movetext, then a result token.
Files are read one record at a time, so memory stays flat however many games they hold.

In parts: :mod:`.records` (a record as read, and files cut into records), :mod:`.dialect`
(one game's notation and the reading of its records), :mod:`.items` (the reading item by
item, with its memos), :mod:`.syntax` (syntax errors with a friendly message) and
:mod:`.parsers` (the parsers built from the grammars, and kept between runs).
"""

from __future__ import annotations

from ..reading import DIGITS, WS, Chunk, is_number, listed, quote, unquote
from .dialect import Dialect
from .items import Group, Moves, Series, Tail, concatenated, remember
from .parsers import cache_folder, load_grammar
from .records import (
    MAX_RECORD_CHARS,
    Located,
    Number,
    Record,
    RecordTransformer,
    at,
    split_records,
)
from .syntax import syntax_error

__all__ = [
    "DIGITS",
    "MAX_RECORD_CHARS",
    "WS",
    "Chunk",
    "Dialect",
    "Group",
    "Located",
    "Moves",
    "Number",
    "Record",
    "RecordTransformer",
    "Series",
    "Tail",
    "at",
    "cache_folder",
    "concatenated",
    "is_number",
    "listed",
    "load_grammar",
    "quote",
    "remember",
    "split_records",
    "syntax_error",
    "unquote",
]
