"""One way to show text that came from outside, one escaper per medium.

Records, suites, reports, an engine's answers and names may hold anything: markup, a
script, a link, backticks, control characters, a direction override.  Whatever shows such
text goes through here: :func:`terminal` for a line printed (and :class:`Terminal`, which
every command's standard output and error are when they are a terminal, for whatever is
printed there, so that no text anyone sent acts on a terminal however it is printed),
:func:`code` for Markdown
(a code span, where nothing is live), :func:`url` for an address a page links, and
:func:`template` for HTML and SVG (Jinja2 with autoescaping, so that a value is escaped
unless it is marked safe by the template itself, and what does not print escaped too).
"""

from __future__ import annotations

import io
import re
from functools import cache
from typing import TYPE_CHECKING, Final, TextIO, cast
from urllib.parse import quote as quote_url

from .errors import shown

if TYPE_CHECKING:
    from jinja2 import Template

__all__ = ["Terminal", "code", "inert", "on_terminal", "own", "template", "terminal", "text", "url"]


def terminal(text: object) -> str:
    """*text* as a line printed writes it: every control character (C0, C1), direction
    override, escape sequence and line break written escaped, as ``repr`` writes it."""
    return shown(str(text))


_ACTIVE: Final = re.compile(r"[^ -~\n\t]+")
"""A run of characters that may not print: every one outside printable ASCII, line breaks
and tabs, each then kept if it prints (``é``, ``名``)."""


def inert(text: str) -> str:
    """*text* as a terminal may be given it: its lines and tabs kept, every other character
    that does not print (an escape sequence, a bell, a carriage return, a direction
    override) escaped as :func:`terminal` escapes it."""
    return _ACTIVE.sub(lambda run: terminal(run[0]), text)


class Terminal(io.TextIOBase):
    """A stream that is a terminal, through which nothing written acts on it (each write
    made :func:`inert`); the program's own control sequences (a counter redrawn on its
    line) go to :attr:`own`. A file or a pipe is never one of these: there the bytes of a
    record are the product, written as they are."""

    def __init__(self, stream: TextIO) -> None:
        self.own = stream

    def write(self, text: str) -> int:
        self.own.write(inert(text))
        return len(text)

    def flush(self) -> None:
        self.own.flush()

    def fileno(self) -> int:
        return self.own.fileno()

    def isatty(self) -> bool:
        return self.own.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.own.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.own.errors

    def __getattr__(self, name: str) -> object:  # buffer, reconfigure, closed...
        return getattr(self.own, name)


def on_terminal(stream: TextIO | None) -> TextIO | None:
    """*stream* as a command prints to it: a :class:`Terminal` if it is a terminal."""
    try:
        return cast(TextIO, Terminal(stream)) if stream and stream.isatty() else stream
    except (OSError, ValueError):  # closed
        return stream


def own(stream: TextIO) -> TextIO:
    """Where the program writes its own control sequences on *stream* (a counter's ``\r``
    and erase): the terminal itself, not its :class:`Terminal` wrapper."""
    return stream.own if isinstance(stream, Terminal) else stream


def code(text: object, *, cell: bool = False) -> str:
    """*text* as a Markdown code span, whatever it holds: in a code span no HTML, image,
    link or autolink is live, and the fence is longer than any run of backticks inside.
    A character that does not print is escaped (:func:`terminal`); in a table *cell*,
    ``|`` is escaped too (a table reads it first, even in a code span)."""
    inner = terminal(" ".join(str(text).splitlines()))
    inner = inner.replace("|", "\\|") if cell else inner
    fence = "`" * (1 + max((len(run) for run in re.findall("`+", inner)), default=0))
    pad = " " if inner.startswith("`") or inner.endswith("`") or not inner.strip() else ""
    return f"{fence}{pad}{inner}{pad}{fence}"


PUNCTUATION: Final = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:&=])")
"""The ASCII punctuation that can start something live in Markdown (emphasis, a link, an
image, HTML, an entity, a code span, a heading, a list, a table cell, an autolink), each
made literal by a backslash."""


def text(value: object) -> str:
    """*value* as Markdown prose (a sentence, a table cell) that reads as it is written:
    every ASCII punctuation character backslash-escaped, so that no emphasis, link, image,
    HTML, code span, table cell or list starts in it, lines joined, and what does not
    print escaped (:func:`terminal`)."""
    return PUNCTUATION.sub(r"\\\1", terminal(" ".join(str(value).splitlines())))


def url(link: object) -> str | None:
    """*link* as an address a page may link: ``http(s)`` or relative, never another scheme
    (``javascript:``), with every character a Markdown link or an HTML attribute could end
    at percent-encoded; None for any other."""
    if not isinstance(link, str) or not re.match(r"https?://|[^:]*(/|$)", link):
        return None
    return quote_url(link, safe=":/#?=%.-_~+@,;!$*")


@cache
def template(source: str) -> Template:
    """*source* as a Jinja2 template that escapes every value it is given (HTML, or SVG,
    whose text and attributes escape the same characters): nothing from outside becomes
    markup."""
    from jinja2 import Environment, StrictUndefined, select_autoescape

    environment = Environment(
        autoescape=select_autoescape(default_for_string=True, default=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        finalize=_printable,
    )
    return environment.from_string(source)


def _printable(value: object) -> object:
    """A value a template writes, its lines kept and every other character that does not
    print escaped as :func:`terminal` does (a control character is not even allowed in
    SVG, and a direction override would reverse the text around it)."""
    from markupsafe import Markup

    if not isinstance(value, str) or isinstance(value, Markup):  # a macro's: made here
        return value
    return "\n".join(map(terminal, value.split("\n")))
