"""One game's notation (:class:`Dialect`): its grammar and tags, and the reading of its
records, the same for every game: the full parse, or item by item where it can
(:mod:`.items`); tags checked, named canonically and put in order."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final, Generic, TypeVar

from lark import Lark, Transformer, UnexpectedInput

from .. import reading
from ..errors import CuckooError, NotationError, shown
from ..reading import Chunk, quote
from .items import Group, ItemReader, Series, Tail
from .parsers import load_grammar
from .records import Located, Parts, Record, split_records
from .syntax import syntax_error

__all__ = ["Dialect"]

_WS: Final = reading.WS

R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class Dialect(Generic[R]):
    """One game's notation: its grammar and tags; reading is the same for every game.

    The grammar has two start rules, ``start`` (a record: ``header movetext result``) and
    ``single`` (one move); its transformer turns a record into ``(tags, located moves,
    comments, result token)`` while parsing.
    """

    game: str
    """The value of the Game tag, and the grammar's file name."""
    prefix: str
    """The game's rule-ID prefix, such as ``CD``."""
    transformer: Callable[[], Transformer[Any, Any]]
    terminals: Mapping[str, str]
    """Terminal names, as a reader would say them in "expected ..."."""
    examples: Mapping[str, list[str]]
    """Friendly messages for syntax errors, chosen by example."""
    roster: tuple[str, ...]
    """Known tags, in canonical order."""
    required: tuple[str, ...]
    canonical_value: Callable[[str, str], str]
    """The canonical form of a known tag's value."""
    record_type: type[R]
    start: Callable[[R], object]
    """The game's first state from a record's tags (raising the engine's errors): a record
    whose tags name no possible game is refused with the rule they break."""
    once: frozenset[str] | None = None
    """The tags that may be given at most once, those that change the game (the rest are
    free text, and may repeat); None when no tag may repeat."""
    items: str | None = None
    """How a record is read item by item (see :meth:`_quick`): a regular expression of the
    moves written with white space inside them, in the grammar's terminal names (``{NAME}``)
    and with a space wherever the record may have white space; "" when every move is one
    word; None for a game read only by the full parse."""
    numbering: str = "MOVE_NUMBER"
    """The grammar's terminal of the numbers written between moves."""
    tail: Tail | None = None
    """A part of move words remembered on its own; None when words are remembered whole."""
    group: Group | None = None
    """Moves written together, read part by part; None when a game has none."""
    series: Series | None = None
    """An item read word by word; None when a game has none."""
    setup_tags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The tags that may be to blame for an error of a setup rule, by its ID, so that the
    message points at the tag (the one whose value it quotes, else the first given)."""

    @cached_property
    def parser(self) -> Lark:
        starts = ["result"]
        starts += [self.tail.rule] if self.tail else []
        starts += [self.group.part] if self.group else []
        return load_grammar(self.game, transformer=self.transformer(), starts=tuple(starts))

    def _parse(self, text: str, top: int = 1) -> Parts:
        parts: tuple[Any, ...] = self.parser.parse(text, start="start")  # type: ignore[assignment]
        tags, located, comments, token, numbers = parts
        moves = [move for move, _, _ in located]
        spans = [(top + line - 1, column) for _, line, column in located]
        numbers = [(text, ply, top + row - 1, column) for text, ply, row, column in numbers]
        return tags, moves, spans, comments, token, numbers

    def _syntax(
        self,
        error: UnexpectedInput,
        chunk: Chunk,
        source: str | None,
        examples: Mapping[str, list[str]],
    ) -> NotationError:
        return syntax_error(
            error,
            chunk,
            self._parse,
            examples,
            rule=f"{self.prefix}-NOTATION-SYNTAX",
            source=source,
            names=self.terminals,
        )

    def parse(self, text: str, *, source: str | None = None) -> R:
        """Read one record.

        :raises NotationError: for text that is not a record, with line, column, what was
            expected and the rule.
        """
        return self.parse_chunk(Chunk(text, 1, 1), source)

    def parse_move(self, text: str) -> Any:
        """Read one move written on its own (the first, for an item of several).

        :raises NotationError: if *text* is not one item.
        """
        return self.parse_moves(text)[0]

    def parse_moves(self, text: str) -> list[Any]:
        """Read one item written on its own: its moves, one for each card of a card game's
        deal (``deal 7h 3c``, or ``deal7h3c``: tokens need no white space between them
        where they read apart).

        :raises NotationError: if *text* is not one item.
        """
        try:
            located: list[Located] = self.parser.parse(text, start="single")  # type: ignore[assignment]
        except UnexpectedInput as error:
            earlier = self._earlier(error, text, "single")
            raise earlier or self._syntax(error, Chunk(text, 1, 1), None, {}) from None
        return [move for move, *_ in located]

    def _earlier(self, error: UnexpectedInput, text: str, start: str) -> NotationError | None:
        """A token the transformer refuses (a cell or a face that cannot be) written before
        the syntax error: the first fault in the text is named.  The parser reads a token
        only once it has seen the next, so the one just before the error is read again
        from the text cut there."""
        end = getattr(error, "pos_in_stream", None)
        if not end:
            return None
        try:
            self.parser.parse(text[:end], start=start)
        except NotationError as found:
            return found
        except UnexpectedInput:
            return None
        return None

    def read_records(
        self, lines: Iterable[str], *, source: str | None = None
    ) -> Iterator[R | NotationError]:
        """The records of a file, one at a time; a malformed one is yielded as its error, so
        that reading goes on with the next."""
        try:
            for chunk in split_records(lines, rule=f"{self.prefix}-NOTATION-SYNTAX"):
                try:
                    yield self.parse_chunk(chunk, source)
                except NotationError as error:
                    yield error
        except NotationError as error:
            yield NotationError(error.detail, rule=error.rule, line=error.line, source=source)

    def _quick(self, text: str, top: int = 1) -> Parts | None:
        """The parts of a record read item by item (:class:`.items.ItemReader`), or None
        for a game read only by the full parse, or when only the full parse will do."""
        return None if self.item_reader is None else self.item_reader.read(text, top)

    @cached_property
    def item_reader(self) -> ItemReader | None:
        """The reading item by item, with its memos; None for a game read only by the full
        parse (:attr:`items`)."""
        if self.items is None:
            return None
        return ItemReader(
            self.parser, self.items, self.numbering, self._tag, self.tail, self.group, self.series
        )

    @cached_property
    def _tag(self) -> re.Pattern[str]:
        """One tag pair, white space around it, as the grammar's own terminals define them:
        a file's tag lines differ from game to game, so they are read without the parser."""
        name, value, space = (
            self.parser.get_terminal(t).pattern.to_regexp() for t in ("TAG_NAME", "TAG_VALUE", "WS")
        )
        return re.compile(rf"(?:{space})?\[(?:{space})?({name})(?:{space})?({value})(?:{space})?\]")

    def parse_chunk(self, chunk: Chunk, source: str | None) -> R:
        try:
            parts = self._quick(chunk.text, chunk.line) or self._parse(chunk.text, chunk.line)
            tags, moves, spans, comments, token, numbers = parts
        except UnexpectedInput as error:
            if (earlier := self._earlier(error, chunk.text, "start")) is not None:
                raise self._moved(earlier, chunk, source) from None
            raise self._syntax(error, chunk, source, self.examples) from None
        except NotationError as error:  # a token the transformer refused, such as a cell
            raise self._moved(error, chunk, source) from None
        record = self.record_type(
            self._tags(tags, chunk, source),
            tuple(moves),
            tuple(comments),
            token,
            tuple(spans),
            source,
            chunk.index,
            chunk.line,
            numbers=tuple(numbers),
        )
        stated = record.tag("Result")
        if stated is not None and stated != token:
            raise NotationError(
                f"tag Result says {stated} but the movetext ends with {token}",
                rule=f"{self.prefix}-NOTATION-RESULT",
                source=source,
                **self._place(chunk, "Result"),
            )
        try:
            state = self.start(record)
        except CuckooError as error:
            rule = error.rule or f"{self.prefix}-NOTATION-TAGS"
            place = self._place(chunk, self._blamed(record, error))
            raise NotationError(error.detail, rule=rule, source=source, **place) from None
        object.__setattr__(record, "first_state", state)  # once, before the record is seen
        return record

    def _blamed(self, record: R, error: CuckooError) -> str | None:
        """The tag to blame for *error*, raised by a setup rule (:attr:`setup_tags`): the
        one the message names, else the one whose value it quotes, else the first given."""
        given = [t for t in self.setup_tags.get(error.rule or "", ()) if record.tag(t) is not None]
        words = error.detail.replace("_", "")  # infection_limit names InfectionLimit
        named = (t for t in given if re.search(rf"\b{t}\b", words, re.IGNORECASE))
        values = {t: shown(record.tag(t) or "").strip()[:20] for t in given}  # quoted cut short
        quoted = (t for t in given if values[t] and values[t] in error.detail)
        return next(named, next(quoted, given[0] if given else None))

    def _place(self, chunk: Chunk, name: str | None, nth: int = 1) -> dict[str, int]:
        """The line and column of the tag *name* (the *nth* given) in *chunk*, as keyword
        arguments of an error; the record's first line if it is not found."""
        for number, line in enumerate(chunk.text.split("\n")):
            if line.strip(_WS)[:1] not in ("[", ""):
                break
            at, end = 0, len(line.rstrip(_WS))
            while at < end and (found := self._tag.match(line, at)) is not None:
                if reading.tag_name(self._names, found[1]) == name:
                    nth -= 1
                    if nth == 0:
                        return {"line": chunk.line + number, "column": line.index("[", at) + 1}
                at = found.end()
        return {"line": chunk.line}

    @staticmethod
    def _moved(error: NotationError, chunk: Chunk, source: str | None) -> CuckooError:
        return error.located(source=source, line=chunk.line + (error.line or 1) - 1)

    def _tags(
        self, tags: list[tuple[str, str]], chunk: Chunk, source: str | None
    ) -> tuple[tuple[str, str], ...]:
        """Canonical names, values and order; a tag missing, or given twice where the game's
        rule allows it once, is refused."""
        rule = f"{self.prefix}-NOTATION-TAGS"
        named, twice = reading.named_tags(
            tags, self._names, self._rank, self.canonical_value, self.once
        )
        if twice is not None:
            raise NotationError(
                f"tag {twice} is given twice",
                rule=rule,
                source=source,
                **self._place(chunk, twice, 2),
            )
        for key in self.required:
            if key not in named:
                raise NotationError(
                    f"tag {key} is missing", rule=rule, line=chunk.line, source=source
                )
        if named["Game"] != [self.game]:
            raise NotationError(
                f"tag Game must be {self.game!r}, not {named['Game'][0]!r}",
                rule=rule,
                source=source,
                **self._place(chunk, "Game"),
            )
        return reading.named_in_order(named, self._rank)

    @cached_property
    def _rank(self) -> dict[str, int]:
        """Each known tag's place in the canonical order."""
        return {name: number for number, name in enumerate(self.roster)}

    @cached_property
    def _names(self) -> dict[str, str]:
        """The canonical name of a known tag, by the name as canonical or in lower case."""
        return {spelt: name for name in self.roster for spelt in (name, name.lower())}

    def tag_lines(self, record: Record) -> list[str]:
        """The canonical tag lines, with the Result tag equal to the result token."""
        tags = [(k, v) for k, v in record.tags if k != "Result"] + [("Result", record.result)]
        return [f"[{name} {quote(value)}]" for name, value in reading.in_order(tags, self._rank)]
