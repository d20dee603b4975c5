"""Which error wins: a case for every pair of checks that can both fail
(:mod:`.coverage.precedence`).

Each check has a *fault*: a change that makes it fail, as little else as can be.  A move's
fault is a scene of its own, one of the suite's single-error cases (:data:`WITNESSES`); a
setup's is a changed setup field; the record's checks change its text (a token that is not
one, a tag given twice, a ``Result`` tag or a result token that disagrees).  A pair's case
is the second check's fault with the first's made on top of it, so both fail; where both are
a move's, the scene is written for the pair (:data:`BOTH`), or, for the end of the game,
the second's move made after it.  Every case comes with the
second fault alone (:attr:`Clash.alone`), on which the reference must name the second rule:
a test holds that, so that a case cannot pass for a fault that is not there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..coverage.precedence import CARDS, DICE, ZK, Check, Pair, pairs
from ..protocol import Session
from .cases import KUCKUCK, Case

__all__ = ["BOTH", "WITNESSES", "Clash", "clashes", "pair_case", "precedence_cases"]


@dataclass(frozen=True)
class Scene:
    """A case's inputs as parts: its setup and moves, then what the record's text adds."""

    case: Case
    tags: tuple[str, ...] = ()
    """Tags written before the setup's own."""
    tail: tuple[str, ...] = ()
    """Tokens written after the moves."""
    token: str = "*"
    record: bool = False
    """Whether the scene must be sent as a record (the notation's checks are a record's)."""

    def as_case(self, case_id: str, rules: tuple[str, ...]) -> Case:
        """The scene as a suite case: moves sent one by one where it can be, else a record."""
        if self.record or self.tags or self.tail or self.token != "*" or self.case.record:
            return Case(case_id, rules, expect="error", record=self.text(), game=self.case.game)
        return replace(self.case, id=case_id, rules=rules, expect="error", about="")

    def text(self) -> str:
        """The scene as one record."""
        head = self.case.record or _head(self.case)  # a record's case: its text to the moves
        return " ".join([*self.tags, head, *self.case.moves, *self.tail, self.token])


def _head(case: Case) -> str:
    """The tags of *case*'s setup, as a record writes them."""
    words = {None: "none", True: "yes", False: "no"}
    tags = [f'[Game "{case.game}"]']
    if case.game == DICE:
        rolls = case.setup()["rolls"]
        tags += [f'[Ruleset "{case.ruleset}"]', f'[First "{case.first}"]']
        tags += [f'[{player}Roll "{roll}"]' for player, roll in rolls.items()]
    else:
        tags.append(f'[Players "{" ".join(case.players)}"]')
        tags += [f'[Dealer "{case.first}"]'] if case.game == CARDS else []
    for name, value in case.params.items():
        shown = words[value] if value is None or isinstance(value, bool) else value
        tags.append(f'[{"".join(part.title() for part in name.split("_"))} "{shown}"]')
    return " ".join(tags)


@dataclass(frozen=True)
class Clash:
    """A pair's case, and the second check's fault alone."""

    pair: Pair
    case: Case
    alone: Case = field(compare=False)


WITNESSES: Final[dict[str, dict[str, str]]] = {
    DICE: {
        "CD-RULESET-PARAMS": "ruleset-unknown",
        "CD-SETUP-DICE": "too-few-dice",
        "CD-SETUP-ROLL": "roll-below-one",
        "CD-SETUP-FIRST": "first-player-unknown",
        "CD-NOTATION-ROLLS": "infection-needs-reroll",
        "CD-TURN-OVER": "game-cuckoo-sides-over",
        "CD-PLACE-DIE": "die-not-held",
        "CD-PLACE-EMPTY": "cell-taken",
        "CD-PLACE-SUPPORT": "cell-unsupported",
        "CD-PLACE-BONUS": "bonus-orientation",
        "CD-PLACE-DUNGEON": "dungeon-takes-no-side",
        "CD-PLACE-EXPOSE": "edge-needs-a-side",
        "CD-PLACE-APEX": "apex-needs-two-sides",
        "CD-NOTATION-SEEN": "seen-ambiguous",
        "CD-INFECT-LIMIT": "limit-reached",
        "CD-INFECT-GIVE": "giving-dice-not-held",
        "CD-INFECT-TAKE": "taking-a-die-not-held",
        "CD-INFECT-POOL": "foreign-dice-do-not-infect",
        "CD-INFECT-SUM": "sum-must-match",
        "CD-INFECT-REROLL": "reroll-count",
        "CD-TURN-PASS": "pass-with-dice",
    },
    CARDS: {
        "CC-RULESET-PARAMS": "cards-bad-variant",
        "CC-SETUP-PLAYERS": "cards-one-player",
        "CC-TURN-OVER": "cards-over",
        "CC-TURN-CHANCE": "cards-decide-first",
        "CC-CARD-DECK/dealt": "cards-dealt-twice",
        "CC-SWAP": "cards-dealer-may-not-swap",
        "CC-KING-HELD/swap": "cards-king-may-not-swap",
        "CC-CUT": "cards-only-the-dealer-cuts",
        "CC-CARD-DECK/cut": "cards-cut-seen-card",
    },
    ZK: {
        "ZK-RULESET-PARAMS": "zk-bad-variant",
        "ZK-SETUP-PLAYERS": "zk-two-players",
        "ZK-NOTATION-PLAYS": "zk-plays-in-turn-grouped",
        "ZK-TACTICAL-FIRST": "zk-start-not-tied",
        "ZK-ROUND-NEST": "zk-nest-used-up",
        "ZK-TACTICAL-ORDER": "zk-out-of-turn",
    },
}
"""Each check's fault alone, as one of the suite's cases (a move's checks and the setup's);
the others are written below."""

_HIGH, _HALF, _WHOLE = (" ".join(map(str, range(n, n + 12))) for n in (49, 13, 25))
_DEAL3: Final = (f"deal Ann {_HIGH}", f"deal Ben {_HALF}", f"deal Cid {_WHOLE}")
_ABC: Final = ("Ann", "Ben", "Cid")


def _dice(moves: tuple[str, ...], **fields: Any) -> Case:
    return Case("", (), moves, "error", game=DICE, **fields)


def _cards(moves: tuple[str, ...], players: tuple[str, ...] = _ABC, **params: Any) -> Case:
    return Case(
        "", (), moves, "error", first=players[0], players=players, params=params, game=CARDS
    )


def _zk(moves: tuple[str, ...], **params: Any) -> Case:
    return Case("", (), moves, "error", players=_ABC, params=params, game=KUCKUCK)


_KING: Final = ("deal 7h 3c Ks", "keep", "keep")  # the dealer, Cid, holds a king
_SEEN: Final = '[Game "zum-kuckuck"] [Players "Ann Ben Cid"] [Cockatoos "4 4 4"]'
"""The tags of a record of what was seen: nobody saw the hands."""
_WRITTEN: Final[dict[str, dict[str, Scene]]] = {
    DICE: {
        "CD-PLACE-EMPTY/seen": Scene(_dice(("6@003/A", "@003/A6B2"))),
        "CD-PLACE-SUPPORT/seen": Scene(_dice(("@200/A6B5",))),
    },
    CARDS: {
        "CC-SETUP-DEALER": Scene(replace(_cards(()), first="Zed")),
        "CC-NOTATION-DEAL": Scene(_cards(("deal 7h 3c 9s 2d",)), record=True),
        "CC-KING-HELD/cut": Scene(_cards((*_KING, "cut 2d"))),
    },
    ZK: {
        "ZK-NOTATION-DEAL": Scene(_zk(("deal Ann 1 2 3",)), record=True),
        "ZK-TURN-CHANCE": Scene(_zk((*_DEAL3, "nest 3 9", "nest 3 9"))),
        "ZK-SETUP-DEAL": Scene(_zk(("deal Ann 1 2 3 4 5 6 7 8 9 10 11 1",))),
        "ZK-ROUND-PLAY/in": Scene(_zk((*_DEAL3, "nest 3 9", "Cid 25", "Ann 60", "Ann 50"),
                                      variant="tactical")),
        "ZK-ROUND-PLAY/hand": Scene(_zk((*_DEAL3, "nest 3 9", "(Ann 1 Ben 13 Cid 30)"))),
        "ZK-PARTIAL-SHOW": Scene(replace(_zk(("nest 3 9", "(Ann 60 Ben 53 Cid 9)", "show Ann 9")),
                                         record=_SEEN)),
    },
}  # fmt: skip
"""The faults no single-error case of the suite shows as it is."""

_SETUP_FIELDS: Final[dict[str, dict[str, Any]]] = {
    "CD-RULESET-PARAMS": {"ruleset": "chess"},
    "CD-SETUP-DICE": {"rolls": ("122", "1123345666")},
    "CD-SETUP-ROLL": {"rolls": ("1223445566", "0123345666")},
    "CD-SETUP-FIRST": {"first": "Green"},
    "CC-RULESET-PARAMS": {"params": {"lives": 0}},
    "CC-SETUP-PLAYERS": {"players": ("Ann",)},
    "CC-SETUP-DEALER": {"first": "Zed"},
    "ZK-RULESET-PARAMS": {"params": {"variant": "quick"}},
    "ZK-SETUP-PLAYERS": {"players": ("Ann", "Ben")},
}
"""Each setup check's fault as the fields of a case it changes; two of them change different
fields (the dice game's count in Blue's roll, its faces in Red's), so any two combine."""

Seen = Callable[[str], Scene]
"""The scene of a check's fault alone, by the check's name."""


def _on(name: str, move: str, **fields: Any) -> Callable[[Seen], Scene]:
    """The scene of *name*'s fault with *move* in place of its last move and *fields* (a
    record's forms, ``record=True``, aside) set in its case."""
    record = fields.pop("record", False)

    def scene(seen: Seen) -> Scene:
        made = _last(seen(name), move)
        return replace(made, case=replace(made.case, **fields), record=record or made.record)

    return scene


def _new(case: Case, record: bool = False) -> Callable[[Seen], Scene]:
    return lambda seen: Scene(case, record=record)


_NONE: Final = {"infection_limit": 0}  # no infection allowed
_TACTICAL: Final = {"variant": "tactical"}
_POOL: Final = "CD-INFECT-POOL"


def _tactical(*moves: str) -> Callable[[Seen], Scene]:
    return _new(_zk(moves, **_TACTICAL))


# a foreign die in Blue's nest: 2+3x5(4;1,6) 6@300/B
_BOTH_DICE: Final = {
    ("CD-TURN-OVER", "CD-INFECT-LIMIT"): _on(
        "CD-TURN-OVER", "2+2x5(1;1,1)", params={"infection_limit": 1}
    ),
    ("CD-PLACE-DIE", "CD-PLACE-EMPTY"): _new(_dice(("6@003/A", "4'@003/A"))),
    ("CD-PLACE-DIE", "CD-PLACE-SUPPORT"): _new(_dice(("5'@011",))),
    ("CD-PLACE-DIE", "CD-PLACE-BONUS"): _new(_dice(("5'@111/BA",), ruleset="unnamed")),
    ("CD-PLACE-DIE", "CD-PLACE-DUNGEON"): _new(_dice(("5'@111/A",))),
    ("CD-PLACE-DIE", "CD-PLACE-EXPOSE"): _new(_dice(("5'@003",))),
    ("CD-PLACE-DIE", "CD-PLACE-APEX"): _on("CD-PLACE-APEX", "5'@000/A"),
    ("CD-PLACE-EMPTY", "CD-PLACE-DUNGEON"): _new(_dice(("5@111", "6@111/A"))),
    ("CD-PLACE-EMPTY", "CD-PLACE-EXPOSE"): _new(_dice(("6@003/A", "5@003"))),
    ("CD-PLACE-SUPPORT", "CD-PLACE-EXPOSE"): _new(_dice(("6@200",))),
    ("CD-PLACE-SUPPORT", "CD-PLACE-APEX"): _new(_dice(("6@000/A",))),
    ("CD-PLACE-EMPTY/seen", "CD-NOTATION-SEEN"): _new(_dice(("6@003/A", "@003/A2B2"))),
    ("CD-PLACE-SUPPORT/seen", "CD-NOTATION-SEEN"): _new(_dice(("@200/A2B2",))),
    ("CD-INFECT-LIMIT", "CD-INFECT-GIVE"): _new(_dice(("3+3x6(1;1,1)",), params=_NONE)),
    ("CD-INFECT-LIMIT", "CD-INFECT-TAKE"): _new(_dice(("2+3x5'(1;1,1)",), params=_NONE)),
    ("CD-INFECT-LIMIT", _POOL): _on(_POOL, "2+4'x6(1;1,1)", params={"infection_limit": 1}),
    ("CD-INFECT-LIMIT", "CD-INFECT-SUM"): _new(_dice(("2+2x5(1;1,1)",), params=_NONE)),
    ("CD-INFECT-LIMIT", "CD-INFECT-REROLL"): _new(_dice(("2+3x5(1;1)",), params=_NONE)),
    ("CD-INFECT-GIVE", "CD-INFECT-TAKE"): _new(_dice(("3+3x5'(1;1,1)",))),
    ("CD-INFECT-GIVE", _POOL): _new(_dice(("2'+3x5(1;1,1)",))),
    ("CD-INFECT-GIVE", "CD-INFECT-SUM"): _new(_dice(("3+3x5(1;1,1)",))),
    ("CD-INFECT-GIVE", "CD-INFECT-REROLL"): _new(_dice(("3+3x6(1;1)",))),
    ("CD-INFECT-TAKE", _POOL): _new(_dice(("2+3x5'(1;1,1)",))),
    ("CD-INFECT-TAKE", "CD-INFECT-SUM"): _new(_dice(("2+3x4'(1;1,1)",))),
    ("CD-INFECT-TAKE", "CD-INFECT-REROLL"): _new(_dice(("2+3x5'(1;1)",))),
    (_POOL, "CD-INFECT-SUM"): _on(_POOL, "2+4'x3(1;1,1)"),
    (_POOL, "CD-INFECT-REROLL"): _on(_POOL, "2+4'x6(1;1)"),
    ("CD-INFECT-SUM", "CD-INFECT-REROLL"): _new(_dice(("2+2x5(1;1)",))),
}  # fmt: skip
_DEALT: Final = ("deal 7h 3c 9s",)
_BOTH_CARDS: Final = {
    ("CC-TURN-OVER", "CC-NOTATION-DEAL"): _on("CC-TURN-OVER", "deal 2d 3d", record=True),
    ("CC-TURN-OVER", "CC-TURN-CHANCE"): _on("CC-TURN-OVER", "deal 2d"),
    ("CC-TURN-OVER", "CC-CARD-DECK/dealt"): _on("CC-TURN-OVER", "deal 9h"),
    ("CC-TURN-OVER", "CC-CARD-DECK/cut"): _on("CC-TURN-OVER", "cut 9h"),
    ("CC-NOTATION-DEAL", "CC-TURN-CHANCE"): _new(_cards(("deal 7h 3c 9s 2d",)), record=True),
    ("CC-NOTATION-DEAL", "CC-CARD-DECK/dealt"): _new(_cards(("deal 7h 3c 9s 7h",)), record=True),
    ("CC-NOTATION-DEAL", "CC-CARD-DECK/cut"): _new(_cards(("deal 7h", "cut 7h")), record=True),
    ("CC-TURN-CHANCE", "CC-CARD-DECK/dealt"): _new(_cards((*_DEALT, "deal 7h"))),
    ("CC-TURN-CHANCE", "CC-CARD-DECK/cut"): _new(_cards(("deal 7h", "cut 7h"))),
    ("CC-SWAP", "CC-KING-HELD/swap"): _new(_cards((*_KING, "swap"))),
    ("CC-CUT", "CC-KING-HELD/cut"): _new(_cards(("deal Kh 3c 9s", "cut 2c"))),
    ("CC-CUT", "CC-CARD-DECK/cut"): _new(_cards((*_DEALT, "cut 7h"))),
    ("CC-KING-HELD/cut", "CC-CARD-DECK/cut"): _new(_cards((*_KING, "cut 7h"))),
}  # fmt: skip
_NESTED: Final = (*_DEAL3, "nest 3 9")
_GROUP: Final = "(Ann 50 Ben 13 Cid 30)"
_BOTH_ZK: Final = {
    ("ZK-NOTATION-DEAL", "ZK-TURN-OVER"): _on("ZK-TURN-OVER", "deal P1 1"),
    ("ZK-NOTATION-DEAL", "ZK-TURN-CHANCE"): _new(_zk((*_DEAL3, "deal Ann 1"))),
    ("ZK-NOTATION-DEAL", "ZK-SETUP-DEAL"): _new(_zk(("deal Ben 1 1 3 4 5 6 7 8 9 10 11 12",))),
    ("ZK-NOTATION-PLAYS", "ZK-TURN-OVER"): _on("ZK-TURN-OVER", "(P1 1 P2 2 P3 3)"),
    ("ZK-NOTATION-PLAYS", "ZK-TURN-CHANCE"): _tactical(*_DEAL3, _GROUP),
    ("ZK-NOTATION-PLAYS", "ZK-ROUND-PLAY/in"): _tactical(*_NESTED, "(Cid 25 Cid 26 Ann 50)"),
    ("ZK-NOTATION-PLAYS", "ZK-TACTICAL-ORDER"): _tactical(*_NESTED, "(Ann 50 Ben 13 Cid 30)"),
    ("ZK-NOTATION-PLAYS", "ZK-ROUND-PLAY/hand"): _new(_zk((*_NESTED, "Ann 1")), record=True),
    ("ZK-TURN-OVER", "ZK-ROUND-NEST"): _on("ZK-TURN-OVER", "nest 3 13"),
    ("ZK-TURN-CHANCE", "ZK-ROUND-NEST"): _new(_zk((*_NESTED, "nest 3 13"))),
    ("ZK-ROUND-PLAY/in", "ZK-TACTICAL-ORDER"): _tactical(*_NESTED, "Cid 25", "Cid 26"),
    ("ZK-ROUND-PLAY/in", "ZK-ROUND-PLAY/hand"): _new(_zk((*_NESTED, "Cid 30", "Cid 60"))),
    ("ZK-TACTICAL-ORDER", "ZK-ROUND-PLAY/hand"): _tactical(*_NESTED, "Ann 1"),
}  # fmt: skip
BOTH: Final[dict[str, dict[tuple[str, str], Callable[[Seen], Scene]]]] = {
    DICE: _BOTH_DICE,
    CARDS: _BOTH_CARDS,
    ZK: _BOTH_ZK,
}
"""Scenes in which two checks of a move both fail, written for the pair: most are a
witness's with another last move."""


def _text_token(check: Check) -> str:
    """The token that makes a check of the text fail, written after the moves."""
    return {"CD-DIE-FACES": "7@003/A", "CD-CELL": "6@400"}.get(check.rule, "%")


def _tokens(game: str) -> tuple[str, ...]:
    """The decided result tokens of *game* (of the players the cases seat)."""
    return ("1-0", "0-1", "1-1") if game == DICE else tuple(f'"{p}"' for p in _ABC)


def _wrong(game: str, token: str) -> str:
    """A decided result token other than *token*."""
    return next(t for t in _tokens(game) if t != token)


class _Faults:
    """One game's faults, and the scenes that combine them."""

    def __init__(self, game: str, sources: dict[str, Case]) -> None:
        self.game = game
        self.scenes = {name: Scene(sources[case_id]) for name, case_id in WITNESSES[game].items()}
        self.scenes.update(_WRITTEN[game])
        if game == ZK:  # the record of a whole match, a nest after its end
            body = sources["zk-match-over"].record or ""
            over = replace(_zk(()), record=body.removesuffix(" nest 1 2 *"), moves=("nest 1 2",))
            self.scenes["ZK-TURN-OVER"] = Scene(over)
        self.base = Scene(_blank(game))

    def scene_of(self, name: str) -> Scene:
        """The scene in which the move's or setup's check *name* alone fails."""
        return self.scenes[name]

    def scene(self, check: Check) -> Scene:
        """The scene in which *check* alone fails."""
        if check.stage in ("move", "setup"):
            return self.scenes[check.name]
        return self.made(check, self.base)

    def made(self, check: Check, scene: Scene) -> Scene:
        """*scene* with *check*'s fault made on top of it (a record's check, or the setup's)."""
        if check.stage == "text":  # before the text's other faults: first in the text
            return replace(scene, tail=(_text_token(check), *scene.tail))
        if check.stage == "tags":
            return replace(scene, tags=(*scene.tags, f'[Game "{self.game}"]'))
        if check.stage == "tag":
            stated = _wrong(self.game, scene.token)
            return replace(scene, tags=(*scene.tags, f'[Result "{stated.strip(chr(34))}"]'))
        if check.stage == "end":
            return replace(scene, token=_wrong(self.game, _result(scene)))
        assert check.stage == "setup", check
        return replace(scene, case=replace(scene.case, **_SETUP_FIELDS[check.rule]))

    def both(self, pair: Pair) -> Scene | None:
        """The scene in which both checks of *pair* fail; None where none is made."""
        first, second = pair.first, pair.second
        if first.stage == "move" and second.stage == "end":
            scene = self.scene(first)
            return replace(scene, token=_wrong(self.game, _result(_before(scene))))
        if first.stage != "move":
            return self.made(first, self.scene(second))
        if (first.name, second.name) in BOTH[self.game]:
            return BOTH[self.game][first.name, second.name](self.scene_of)
        if first.rule.endswith("-TURN-OVER") or first.rule == "CD-NOTATION-ROLLS":
            return self.late(first, self.scene(second))
        return None

    def late(self, first: Check, scene: Scene) -> Scene | None:
        """*scene*'s last move made after the end (the game of *first*'s scene), or, for
        the dice game's re-roll, written without it: None where the setups differ."""
        move = scene.case.moves[-1]
        if first.rule == "CD-NOTATION-ROLLS":  # after the end, an infection of none
            return _last(scene, "2+3x5" if move == "pass" else move.split("(")[0])
        over = self.scene(first)
        return _last(over, move) if _setup_of(over.case) == _setup_of(scene.case) else None


def _last(scene: Scene, move: str) -> Scene:
    """*scene* with *move* in place of its last move."""
    return replace(scene, case=replace(scene.case, moves=(*scene.case.moves[:-1], move)))


def _setup_of(case: Case) -> object:
    """What a case sets up, its moves aside (the rolls of the dice game aside too: a move
    after the end is written for its own)."""
    return case.game, case.params, case.players, case.ruleset


def _blank(game: str) -> Case:
    """A setup without fault and no move: the scene of a record's own checks."""
    if game == DICE:
        return _dice(())
    return _cards(()) if game == CARDS else _zk(())


def _before(scene: Scene) -> Scene:
    """*scene* without its last move: where a move's fault is, the game before it."""
    return replace(scene, case=replace(scene.case, moves=scene.case.moves[:-1]))


def _result(scene: Scene) -> str:
    """The result token of the game *scene* plays: the one its record is accepted with
    (``*`` if none is)."""
    text = " ".join([scene.case.record or _head(scene.case), *scene.case.moves])
    found = (t for t in ("*", *_tokens(scene.case.game)) if _accepted(f"{text} {t}"))
    return next(found, "*")


def _accepted(record: str) -> bool:
    return Session().answer(f"record {record}").startswith("=")


def _slug(check: Check) -> str:
    rule = check.rule.split("-", 1)[1].lower()
    return f"{rule}-{check.label}" if check.label else rule


def pair_case(game: str, pair: Pair) -> str:
    """The ID of *pair*'s case (a setup's pair has a twin written as a record, ``-record``)."""
    prefix = {DICE: "", CARDS: "cards-", ZK: "zk-"}[game]
    return f"{prefix}order-{_slug(pair.first)}-before-{_slug(pair.second)}"


def clashes(game: str, sources: list[Case]) -> list[Clash]:
    """Every pair of *game* that can both fail and has a scene, as a case and its second
    fault alone."""
    faults = _Faults(game, {case.id: case for case in sources})
    found = []
    for pair in pairs(game):
        if pair.apart:
            continue
        scene = faults.both(pair)
        if scene is None:
            continue
        first, second = pair.first, pair.second
        case_id = pair_case(game, pair)
        rules = tuple(dict.fromkeys((first.rule, second.rule)))
        ended = first.stage == "move" and second.stage == "end"
        alone = _before(scene) if ended else faults.scene(second)
        found.append(
            Clash(pair, scene.as_case(case_id, rules), alone.as_case(f"{case_id}-alone", rules))
        )
        if first.stage == second.stage == "setup":
            written = replace(scene, record=True).as_case(f"{case_id}-record", rules)
            found.append(Clash(pair, written, alone.as_case(f"{case_id}-record-alone", rules)))
    return found


def precedence_cases(game: str, sources: tuple[Case, ...]) -> Iterator[Case]:
    """The suite's cases of which error wins, for *game*."""
    for clash in clashes(game, list(sources)):
        yield clash.case
