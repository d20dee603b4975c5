"""The dice game's entries of the notation's cases (:mod:`.suites.notation`): each token class
read in each lenient form its spec allows, and each canonical-writing rule exercised where
it can go wrong."""

from __future__ import annotations

from typing import Final

from .notation_core import BASES, DICE, DICE_TAGS, Lenient, Writing, forms

_dice = forms(DICE, "game")

_DICE_CASE: Final = "any letter case in tag names, sides, `x` and `pass`"
_DICE_VALUES: Final = "the values of `Game`, `Ruleset`, `First`"
_TIGHT_DICE: Final = (
    '[Game "cuckoo-dice"][Ruleset "cuckoo"][First "Blue"][BlueRoll "1 1 2 3 4 4 4 4 5 5"]'
    '[RedRoll "1 1 2 2 3 3 4 5 6 6"][Result "1-0"]1.5@003/B 2@120 2.4@300/B'
)

LENIENT: Final[tuple[Lenient, ...]] = (
    _dice("tag-name", "lower", _DICE_CASE, "[Game ", "[game "),
    _dice("tag-name", "upper", _DICE_CASE, "[BlueRoll ", "[BLUEROLL "),
    _dice("tag-name", "mixed", _DICE_CASE, "[First ", "[fIRST "),
    _dice("side", "lower", _DICE_CASE, "5@003/B", "5@003/b"),
    _dice("apex-sides", "lower", _DICE_CASE, "2'@000/BA", "2'@000/ba"),
    _dice("apex-sides", "mixed", _DICE_CASE, "2'@000/BA", "2'@000/bA"),
    _dice("infect-x", "upper", _DICE_CASE, "1+1+2x4", "1+1+2X4"),
    _dice("pass", "upper", _DICE_CASE, "1@001/A pass", "1@001/A PASS"),
    _dice("pass", "mixed", _DICE_CASE, "1@100/C pass", "1@100/C Pass"),
    _dice(
        "white-space",
        "none",
        "(none, or several",
        DICE_TAGS + " 1. 5@003/B 2@120 2. 4@300/B",
        _TIGHT_DICE,
    ),
    _dice("white-space", "several", "(none, or several", "2@120 2.", "2@120     2.   "),
    _dice("move-number", "missing", "missing or wrong move numbers", "2. 4@300/B", "4@300/B"),
    _dice("move-number", "wrong", "missing or wrong move numbers", "2. 4@300/B", "9. 4@300/B"),
    _dice("move-number", "second-ply", "and `N...`", "3@201 3.", "2... 3@201 3."),
    _dice(
        "tag-order",
        "reversed",
        "tags in any order",
        DICE_TAGS,
        '[Result "1-0"] [RedRoll "1 1 2 2 3 3 4 5 6 6"] [BlueRoll "1 1 2 3 4 4 4 4 5 5"] '
        '[First "Blue"] [Ruleset "cuckoo"] [Game "cuckoo-dice"]',
    ),
    _dice(
        "roll", "any-order", "rolls in any order", '"1 1 2 3 4 4 4 4 5 5"', '"5 4 4 1 3 4 2 1 4 5"'
    ),
    _dice("roll", "no-spaces", "without spaces", '"1 1 2 2 3 3 4 5 6 6"', '"1122334566"'),
    _dice("game-value", "upper", _DICE_VALUES, '"cuckoo-dice"', '"CUCKOO-DICE"'),
    _dice("ruleset-value", "mixed", _DICE_VALUES, '"cuckoo"]', '"Cuckoo"]'),
    _dice("first-value", "lower", _DICE_VALUES, '"Blue"', '"blue"'),
    _dice("first-value", "upper", _DICE_VALUES, '"Blue"', '"BLUE"'),
    _dice("parameter-value", "upper", _DICE_VALUES, '"none"', '"NONE"', base="parameters"),
    _dice("parameter-value", "mixed", _DICE_VALUES, '"eastern"', '"Eastern"', base="parameters"),
    _dice("parameter-value", "yes-upper", _DICE_VALUES, '"yes"', '"YES"', base="parameters"),
    _dice(
        "seen-placement",
        "as-seen",
        "A placement written `@CELL/` followed by side-and-face pairs",
        "6@003/A",
        "@003/A6B2",
        base="opening",
        rule="CD-NOTATION-SEEN",
    ),
    _dice("seen-placement", "lower", _DICE_CASE, "6@003/A", "@003/a6b2", base="opening"),
)
"""The dice game's token classes, each read in each lenient form its spec allows."""

_CD: Final = "CD-NOTATION-CANONICAL"
_DICE_HEAD: Final = (
    '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"]'
)

WRITING: Final[tuple[Writing, ...]] = (
    Writing(
        DICE,
        _CD,
        "every-tag",
        'The tags, one per line as `[Name "value"]`, in this order',
        '[Zed "z"] [Result "*"] [RedRoll "6 6 6 5 4 3 3 2 1 1"] [Red "Ben"] [Round "2"] '
        '[DungeonBonus "no"] [Tiebreak "dungeon"] [InfectionPool "own"] [Handedness "western"] '
        '[Game "cuckoo-dice"] [Alpha "a"] [First "Blue"] [BlueRoll "6 6 5 5 4 4 3 2 2 1"] '
        '[Blue "Ann"] [Date "2026.11.27"] [Site "Bonn"] [Event "Cup"] [SideMajority "relative"] '
        '[InfectionLimit "2"] [DungeonTiebreak "placer"] [Ruleset "cuckoo"] *',
        "every known tag given out of order, and two others: the known ones in the table's "
        "order, the others after them as read; rolls sorted",
        also=(
            "One empty line",
            "exactly one way",
        ),
    ),
    Writing(
        DICE,
        _CD,
        "escapes",
        'A `"` or `\\` in a value is written `\\"` or `\\\\`',
        f'{_DICE_HEAD} [Event "say \\"cuckoo\\" \\\\ twice"] *',
        "a quote and a backslash in a tag value written escaped",
    ),
    Writing(
        DICE,
        _CD,
        "values-cased",
        "Known tag values are written in their canonical case",
        '[Game "CUCKOO-DICE"] [Ruleset "Dwnsiwn"] [First "red"] '
        '[BlueRoll "6,5,4 3 2 1 1 2 3 4"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] *',
        "known tag values in their canonical case, rolls sorted and separated by one space",
        also=("rolls are sorted and separated by one space",),
    ),
    Writing(
        DICE,
        _CD,
        "comment-first",
        "A comment that comes before the first ply, on its own line",
        f"{_DICE_HEAD} {{before}} 1. 6@003/A {{after}} *",
        "a comment before the first ply on its own line, one after a ply beside it",
        also=("The `Result` tag is always written",),
    ),
    Writing(
        DICE,
        _CD,
        "red-begins-odd-plies",
        "One line per move number",
        '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Red"] '
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] '
        "6@300/B 6@003/A 1@030/C *",
        "who begins: Red first, numbers missing, an odd number of plies (the last line holds one)",
    ),
    Writing(
        DICE,
        _CD,
        "second-ply-numbered",
        "separated by single spaces, any comments that follow it, the second ply",
        f"{_DICE_HEAD} 1. 6@003/A {{a}} 1... 6@300/B {{b}} 5. 2+3x5(4;1,6) *",
        "a number before the second ply and a wrong one are not written; each comment stays "
        "after its ply",
    ),
    Writing(
        DICE,
        _CD,
        "within-a-ply",
        "Within a ply: sides are capital letters",
        f"{_DICE_HEAD} 1. 6@003/a 6@300/b 2. 3+2X5(4;6,1) @030/c3a1 *",
        "capital sides, given dice sorted, their new values sorted, a seen placement written "
        "as the placement it stands for",
        also=(
            "an infection's given dice are sorted by value",
            "the new values of given dice of one colour are sorted",
            "a seen placement is written as the placement",
        ),
    ),
    Writing(
        DICE,
        _CD,
        "finished",
        "The result token on its own line",
        BASES[DICE]["game"].replace('[Result "1-0"] ', "").replace(" pass", " PASS"),
        "a whole game: the Result tag written from the token, which stands on its own line",
        also=("and a line break after it",),
    ),
    Writing(
        DICE,
        "CD-NOTATION-NUMBERING",
        "numbers-rewritten",
        "`N.` stands before the first of them",
        f"{_DICE_HEAD} 3. 6@003/A 3... 6@300/B 1. 2+3x5(4;1,6) *",
        "wrong numbers written right",
    ),
)
"""The dice game's canonical-writing rules, each exercised where it can go wrong."""
