"""Every place of a record or a command that carries text, with characters outside ASCII:
letters of other alphabets and their letter case, digits of other scripts and superscripts,
white space other than the space, escapes in tag values (the spec's conventions, section
"Characters").  Each is accepted or refused as the spec says; the reference gives the
answer and the rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .cases import CARDS, KUCKUCK, Case, scripted

NBSP, LINE_SEPARATOR, IDEOGRAPHIC_SPACE = "\u00a0", "\u2028", "\u3000"
OTHER_SPACES: Final = {"nbsp": NBSP, "u2028": LINE_SEPARATOR, "u3000": IDEOGRAPHIC_SPACE}
"""White space of Unicode that is no white space of a record nor of a command line."""
OTHER_DIGITS: Final = {"arabic-indic": "\u0663", "superscript": "\u00b2"}
"""٣ and ²: Python's ``str.isdigit`` takes both, the spec neither."""

_ABOUT: Final = {
    "letters": "letters outside ASCII, in a name",
    "letter-case": "letter case outside ASCII, where the place is read in any case",
    "digits": "a digit of another script or a superscript, where a number stands",
    "white-space": "white space other than space, tab and line break",
    "escape": "escapes and spacing inside a quoted tag value",
    "astral": "a character outside the Basic Multilingual Plane (two UTF-16 code units)",
}


def _case(
    game: str,
    case_id: str,
    rules: tuple[str, ...],
    kind: str,
    expect: str,
    commands: tuple[str, ...],
    about: str = "",
) -> Case:
    about = f"{_ABOUT[kind]}{': ' + about if about else ''}"
    return scripted(game, case_id, rules, expect, commands, about, tags=("text", kind))


def text_cases(game: str) -> Iterator[Case]:
    """The cases of *game*'s text positions."""
    yield from {KUCKUCK: _kuckuck, CARDS: _cards}.get(game, _dice)()
    yield from astral_cases(game)
    yield from record_space_cases(game)


_ZK_TAGS: Final = '[Game "zum-kuckuck"] [Players "{}"]'
_ZK_SEEN: Final = '[Game "zum-kuckuck"] [Players "{}"] [Cockatoos "4 3 5"]'


def _kuckuck() -> Iterator[Case]:
    zk = KUCKUCK
    greek = "Ἀθηνᾶ Jürgen Zoë"
    yield _case(
        zk,
        "zk-text-new-letters",
        ("ZK-SETUP-PLAYERS",),
        "letters",
        "state",
        (f"new zum-kuckuck {greek}", "apply deal Ἀθηνᾶ 7"),
    )
    yield _case(
        zk,
        "zk-text-apply-letter-case",
        ("ZK-NOTATION-CANONICAL",),
        "letter-case",
        "state",
        (f"new zum-kuckuck {greek}", "apply deal ἈΘΗΝᾶ 7 8"),
        "the name in capitals in a move",
    )
    yield _case(
        zk,
        "zk-text-new-exact-case",
        ("ZK-NOTATION-DEAL",),
        "letter-case",
        "error",
        (f"new zum-kuckuck {greek}", "apply deal Jurgen 7"),
        "accents are never dropped: Jurgen is not Jürgen",
    )
    yield _case(
        zk,
        "zk-text-players-sharp-s",
        ("ZK-SETUP-PLAYERS",),
        "letter-case",
        "format",
        ("format " + _ZK_TAGS.format("Straße STRASSE Cid") + " *",),
        "no case folding beyond lower case: Straße and STRASSE are two names",
    )
    yield _case(
        zk,
        "zk-text-players-same-case",
        ("ZK-SETUP-PLAYERS",),
        "letter-case",
        "error",
        ("format " + _ZK_TAGS.format("Éva ÉVA Cid") + " *",),
        "Éva and ÉVA are one name twice",
    )
    yield _case(
        zk,
        "zk-text-record-letter-case",
        ("ZK-NOTATION-CANONICAL",),
        "letter-case",
        "format",
        ("format " + _ZK_SEEN.format("Ἀθηνᾶ, Éva Cid") + " nest 1 2 (ἀθηνᾶ 49 ÉVA 13 cid 25) *",),
        "names in other case in the movetext, as the Players tag spells them",
    )
    yield _case(
        zk,
        "zk-text-name-nd-digit",
        ("ZK-SETUP-PLAYERS",),
        "digits",
        "state",
        ("new zum-kuckuck Ann\u0663 Ben Cid",),
        "a name's digit is any decimal digit (Nd)",
    )
    yield _case(
        zk,
        "zk-text-name-combining",
        ("ZK-SETUP-PLAYERS",),
        "letters",
        "error",
        ("new zum-kuckuck Zoe\u0308 Ben Cid",),
        "a combining mark is no letter: text is not normalized",
    )
    for name, other in (("superscript", "\u00b2"), ("roman", "\u216b")):
        yield _case(
            zk,
            f"zk-text-name-{name}",
            ("ZK-SETUP-PLAYERS",),
            "digits",
            "error",
            (f"new zum-kuckuck Ann{other} Ben Cid",),
            "No and Nl are neither letters nor digits",
        )
    for name, digit in OTHER_DIGITS.items():
        yield _case(
            zk,
            f"zk-text-deal-{name}",
            ("ZK-NOTATION-SYNTAX",),
            "digits",
            "error",
            ("new zum-kuckuck Ann Ben Cid", f"apply deal Ann 1{digit}"),
        )
        yield _case(
            zk,
            f"zk-text-count-{name}",
            ("ZK-PARTIAL-COUNT",),
            "digits",
            "error",
            (f'format [Game "zum-kuckuck"] [Players "Ann Ben Cid"] [Cockatoos "4 3 {digit}"] *',),
        )
        yield _case(
            zk,
            f"zk-text-perft-{name}",
            ("ZK-TURN-CHANCE",),
            "digits",
            "error",
            ("new zum-kuckuck Ann Ben Cid", f"perft {digit}"),
        )
    yield _case(
        zk,
        "zk-text-deal-zero",
        ("ZK-SETUP-DEAL", "ZK-CARD-NUMBERS"),
        "digits",
        "error",
        ("new zum-kuckuck Ann Ben Cid", "apply deal Ann 0"),
        "0 is no card (as 61 is not), not a card nobody saw",
    )
    for name, space in OTHER_SPACES.items():
        yield _case(
            zk,
            f"zk-text-record-{name}",
            ("ZK-NOTATION-SYNTAX",),
            "white-space",
            "error",
            (
                "format "
                + _ZK_SEEN.format("Ann Ben Cid")
                + f" nest{space}1 2 (Ann 49 Ben 13 Cid 25) *",
            ),
        )
        yield _case(
            zk,
            f"zk-text-players-{name}",
            ("ZK-SETUP-PLAYERS",),
            "white-space",
            "error",
            ("format " + _ZK_TAGS.format(f"Ann{space}Ben Cid Dan") + " *",),
            "one word: no name",
        )
        yield _case(
            zk,
            f"zk-text-new-{name}",
            ("ZK-SETUP-PLAYERS",),
            "white-space",
            "error",
            (f"new zum-kuckuck Ann{space}Ben Cid Dan",),
            "the words of a command line are separated by spaces and tabs only",
        )
    yield _case(
        zk,
        "zk-text-record-tabs",
        ("ZK-NOTATION-CANONICAL",),
        "white-space",
        "format",
        (
            "format "
            + _ZK_SEEN.format("Ann\tBen\tCid")
            + " nest\t1\t2\t(Ann 49 Ben 13 Cid 25)\t{a\u2028comment\u00a0kept} *",
        ),
        "tabs are white space; a comment holds anything but }",
    )
    yield _case(
        zk,
        "zk-text-apply-tab",
        ("ZK-SETUP-DEAL",),
        "white-space",
        "state",
        ("new\tzum-kuckuck\tAnn Ben  Cid", "apply\tdeal\tAnn\t5  6"),
    )
    yield from _apply_spaces(
        zk, "zk-text", "ZK-NOTATION-SYNTAX", "new zum-kuckuck Ann Ben Cid", "deal{}Ann{}5"
    )
    yield from _escapes(zk, "zk-text", "ZK", _ZK_TAGS.format("Ann Ben Cid"))


def _apply_spaces(game: str, prefix: str, rule: str, new: str, move: str) -> Iterator[Case]:
    """``apply`` with white space other than the space before, inside, between and after
    the words of *move* (a legal move whose words ``{}`` joins): each is part of the word
    it stands in, never a separator, so the line is malformed.  An engine that splits
    the line with its language's notion of white space takes the move."""
    words = move.split("{}")
    for name, space in OTHER_SPACES.items():
        lines = {
            "leading": f"{space}{' '.join(words)}",
            "inside": space.join(words),
            "trailing": f"{' '.join(words)}{space}",
        }
        for where, line in lines.items():
            if where == "inside" and len(words) == 1:
                continue  # a move of one word has no inside
            yield _case(
                game,
                f"{prefix}-apply-{where}-{name}",
                (rule,),
                "white-space",
                "error",
                (new, f"apply {line}"),
                "the words of a command line are separated by spaces and tabs only",
            )


def _escapes(game: str, prefix: str, rules: str, tags: str) -> Iterator[Case]:
    """A tag value's escapes and spacing: kept by ``format`` as written."""
    yield _case(
        game,
        f"{prefix}-tag-value-kept",
        (f"{rules}-NOTATION-CANONICAL",),
        "escape",
        "format",
        (
            f'format {tags} [Event "two  spaces,\ta tab, \\"quoted\\" and \\\\ "] '
            '[Site "Zürich\u00a0Nord"] *',
        ),
        'runs of spaces, a tab, \\" and \\\\ kept as written',
    )
    for name, escape in (("newline", "\\n"), ("tab", "\\t"), ("unicode", "\\u00e9")):
        yield _case(
            game,
            f"{prefix}-tag-escape-{name}",
            (f"{rules}-NOTATION-SYNTAX",),
            "escape",
            "error",
            (f'format {tags} [Event "a{escape}b"] *',),
            'only \\" and \\\\ are escapes',
        )


_CC_TAGS: Final = '[Game "cuckoo-cards"] [Players "{}"] [Dealer "{}"]'


def _cards() -> Iterator[Case]:
    cc = CARDS
    yield _case(
        cc,
        "cards-text-new-letters",
        ("CC-SETUP-PLAYERS",),
        "letters",
        "state",
        ("new cuckoo-cards Zoë Jürgen Øyvind Zoë", "apply deal 7h"),
    )
    yield _case(
        cc,
        "cards-text-players-same-case",
        ("CC-SETUP-PLAYERS",),
        "letter-case",
        "error",
        ("new cuckoo-cards Øyvind øyvind ØYVIND",),
    )
    yield _case(
        cc,
        "cards-text-record-letters",
        ("CC-NOTATION-LENIENT",),
        "letters",
        "format",
        ("format " + _CC_TAGS.format("Jürgen,Øyvind\tZoë", "Zoë") + " *",),
    )
    for name, digit in OTHER_DIGITS.items():
        yield _case(
            cc,
            f"cards-text-lives-{name}",
            ("CC-RULESET-PARAMS",),
            "digits",
            "error",
            (f"new cuckoo-cards Ann Ann Ben lives={digit}",),
        )
        yield _case(
            cc,
            f"cards-text-lives-tag-{name}",
            ("CC-RULESET-PARAMS",),
            "digits",
            "error",
            ("format " + _CC_TAGS.format("Ann Ben", "Ann") + f' [Lives "{digit}"] *',),
        )
        yield _case(
            cc,
            f"cards-text-card-{name}",
            ("CC-NOTATION-SYNTAX",),
            "digits",
            "error",
            ("format " + _CC_TAGS.format("Ann Ben", "Ann") + f" deal 7h {digit}c *",),
        )
    for name, space in OTHER_SPACES.items():
        yield _case(
            cc,
            f"cards-text-record-{name}",
            ("CC-NOTATION-SYNTAX",),
            "white-space",
            "error",
            ("format " + _CC_TAGS.format("Ann Ben", "Ann") + f" deal{space}7h 3c *",),
        )
        yield _case(
            cc,
            f"cards-text-new-{name}",
            ("CC-SETUP-DEALER",),
            "white-space",
            "error",
            (f"new cuckoo-cards Ann Ann{space}Ben Cid",),
        )
    yield from _apply_spaces(
        cc, "cards-text", "CC-NOTATION-SYNTAX", "new cuckoo-cards Ann Ann Ben Cid", "deal{}7h{}3c"
    )
    yield from _escapes(cc, "cards-text", "CC", _CC_TAGS.format("Ann Ben", "Ann"))


_CD_TAGS: Final = (
    '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] [BlueRoll "1223445566"] [RedRoll "{}"]'
)


def _dice() -> Iterator[Case]:
    cd = "cuckoo-dice"
    for name, digit in OTHER_DIGITS.items():
        yield _case(
            cd,
            f"text-new-roll-{name}",
            ("CD-SETUP-ROLL",),
            "digits",
            "error",
            (f"new cuckoo Blue 1223445566 112334566{digit}",),
            "a roll is ten ASCII digits",
        )
        yield _case(
            cd,
            f"text-roll-tag-{name}",
            ("CD-SETUP-ROLL",),
            "digits",
            "error",
            ("format " + _CD_TAGS.format(f"1 1 2 3 3 4 5 6 6 {digit}") + " *",),
        )
        yield _case(
            cd,
            f"text-place-{name}",
            ("CD-NOTATION-SYNTAX",),
            "digits",
            "error",
            ("new cuckoo Blue 1223445566 1123345666", f"apply {digit}@003/A"),
        )
        yield _case(
            cd,
            f"text-param-{name}",
            ("CD-RULESET-PARAMS",),
            "digits",
            "error",
            (f"new cuckoo Blue 1223445566 1123345666 infection_limit={digit}",),
        )
    for name, space in OTHER_SPACES.items():
        yield _case(
            cd,
            f"text-record-{name}",
            ("CD-NOTATION-SYNTAX",),
            "white-space",
            "error",
            ("format " + _CD_TAGS.format("1123345666") + f" 6@003/A{space}5@012 *",),
        )
        yield _case(
            cd,
            f"text-roll-tag-{name}",
            ("CD-SETUP-DICE",),
            "white-space",
            "error",
            ("format " + _CD_TAGS.format(f"11233{space}45666") + " *",),
            "white space in a roll is a record's only: another is one more value",
        )
    yield _case(
        cd,
        "text-new-tabs",
        ("CD-SETUP-ROLL",),
        "white-space",
        "state",
        ("new\tcuckoo  Blue\t1223445566 1123345666\t", "apply\t6@003/A"),
    )
    yield from _apply_spaces(
        cd, "text", "CD-NOTATION-SYNTAX", "new cuckoo Blue 1223445566 1123345666", "6@003/A"
    )
    yield from _escapes(cd, "text", "CD", _CD_TAGS.format("1123345666"))


DESERET: Final = ("\U00010400", "\U00010428")
"""DESERET CAPITAL LETTER LONG I and its small letter, outside the BMP: an engine that holds text
as UTF-16 code units, or reads a four-byte character as U+FFFD, loses the name."""
FRAKTUR_B, ASTRAL_DIGIT, BIRD = "\U0001d505", "\U0001d7d9", "\U0001f426"
"""MATHEMATICAL FRAKTUR CAPITAL B (a letter with no lower case), MATHEMATICAL DOUBLE-STRUCK
DIGIT ONE (a decimal digit, Nd) and BIRD (a symbol, So)."""


def astral_cases(game: str) -> Iterator[Case]:
    """Characters outside the BMP at every text position of *game*: names (in ``new`` and
    in a record's tags), names matched in any case, digits where a number stands, tag
    values and comments."""
    big, small = DESERET
    ann, ann_small = f"{big}nn", f"{small}NN"
    if game == KUCKUCK:
        yield _case(game, "zk-text-astral-new", ("ZK-SETUP-PLAYERS", "ZK-NOTATION-CANONICAL"),
                    "astral", "state",
                    (f"new zum-kuckuck {ann} {FRAKTUR_B}en Cid{ASTRAL_DIGIT}",
                     f"apply deal {ann_small} {' '.join(map(str, range(1, 13)))}",
                     f"apply deal {FRAKTUR_B}EN 13"),
                    "letters, their case and a digit outside the BMP in names")  # fmt: skip
        yield _case(game, "zk-text-astral-record", ("ZK-NOTATION-CANONICAL",), "astral",
                    "format",
                    ("format " + _ZK_SEEN.format(f"{ann} Ben Cid") + f" [Event \"{BIRD}\"]"
                     f" nest 1 2 ({ann_small} 49 BEN 13 cid 25) {{a {BIRD} sang}} *",),
                    "the Players tag, a name in the movetext in other case, a tag value, a "
                    "comment")  # fmt: skip
        yield _case(
            game,
            "zk-text-astral-symbol",
            ("ZK-SETUP-PLAYERS",),
            "astral",
            "error",
            (f"new zum-kuckuck Ann{BIRD} Ben Cid",),
            "a symbol is no letter",
        )
        yield _case(game, "zk-text-astral-number", ("ZK-NOTATION-SYNTAX",), "astral", "error",
                    ("new zum-kuckuck Ann Ben Cid", f"apply deal Ann 1{ASTRAL_DIGIT}"),
                    "a card's number is ASCII digits")  # fmt: skip
    elif game == CARDS:
        yield _case(
            game,
            "cards-text-astral-new",
            ("CC-SETUP-PLAYERS",),
            "astral",
            "state",
            (f"new cuckoo-cards {ann} {ann} {FRAKTUR_B}en Cid", "apply deal 7h"),
        )
        yield _case(game, "cards-text-astral-same-case", ("CC-SETUP-PLAYERS",), "astral",
                    "error", (f"new cuckoo-cards {ann} {ann} {ann_small}",),
                    "one name twice, in other case")  # fmt: skip
        yield _case(game, "cards-text-astral-record", ("CC-NOTATION-LENIENT",), "astral",
                    "format",
                    ("format " + _CC_TAGS.format(f"{ann} {FRAKTUR_B}en", ann)
                     + f" [Event \"{BIRD}\"] {{a {BIRD} sang}} *",))  # fmt: skip
    else:
        tags = _CD_TAGS.format("1123345666")
        yield _case(game, "text-astral-record", ("CD-NOTATION-CANONICAL",), "astral", "format",
                    (f'format {tags} [Blue "{ann}"] [Event "{BIRD}"] 6@003/A {{{BIRD}}} *',),
                    "a tag value and a comment")  # fmt: skip
        yield _case(game, "text-astral-place", ("CD-NOTATION-SYNTAX",), "astral", "error",
                    ("new cuckoo Blue 1223445566 1123345666", f"apply {ASTRAL_DIGIT}@003/A"),
                    "a die's number is an ASCII digit")  # fmt: skip


RECORD_SPACES: Final = "\x0c\r"
"""Form feed and carriage return: white space between a record's tokens (the Characters
table), sent inside a ``record`` or ``format`` line, never at its end."""


def record_space_cases(game: str) -> Iterator[Case]:
    """Form feed and carriage return between the tokens of a record, read by ``record``
    and by ``format``: a case's record field, since no command line of a case may hold a
    control character other than the tab."""
    ff, cr = RECORD_SPACES
    prefix, rule, text = {
        KUCKUCK: ("zk-text", "ZK", _ZK_SEEN.format(f"Ann{cr}Ben{ff}Cid")
                  + f"{cr}nest{ff}1{cr}2{ff}({cr}Ann 49{ff}Ben 13 Cid{cr}25){ff}*"),
        CARDS: ("cards-text", "CC", _CC_TAGS.format(f"Ann{ff}Ben", "Ann")
                + f"{ff}deal{cr}7h{ff}3c{cr}{ff}keep{cr}*"),
    }.get(game, ("text", "CD", _CD_TAGS.format("1123345666").replace("] [", f"]{ff}[", 2)
                 + f"{cr}6@003/A{ff}{cr}5@012{ff}*"))  # fmt: skip
    about = "form feed and carriage return between tokens"
    for expect in ("format", "state"):
        yield Case(f"{prefix}-record-ff-cr-{expect}", (f"{rule}-NOTATION-SYNTAX",),
                   expect=expect, record=text, game=game, about=about,
                   tags=("text", "white-space"))  # fmt: skip
