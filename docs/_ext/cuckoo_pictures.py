"""Pictures drawn by the engine, in the rulebook: no image files, nothing drawn by hand.

* every ``{example}`` of the spec is followed by the position its record reaches (or, for an
  example of a refused move, the position the move was refused in);
* ``{cuckoo-picture} cells`` draws the 20 cells of the pyramid with their names,
  ``{cuckoo-picture} base`` the base with its sides named (``cuckoo_learn_dice``, which
  also draws ``{cuckoo-building}``, the page's game growing layer by layer),
  ``{cuckoo-picture} corner`` a die's corner on western and eastern dice, and
  ``{cuckoo-picture} kuckuck-cards`` the kinds of card of Zum Kuckuck!;
* ``{cuckoo-game}`` shows a whole record (a walkthrough such as *Your first game*), and each
  ``{cuckoo-step} N ...`` after it draws the positions that record reaches after ``N``
  plies (0: the setup); ``:view: 3d`` adds the pyramid in three dimensions, ``:view: rows``
  draws a card game's seats in rows instead of round the table (smaller, for a booklet);
* in a Learn to Play page, ``{cuckoo-plies} FROM TO`` tells plies FROM to TO of the page's
  game in words, each sentence made from the engine's states (who moved, which die, which
  faces show, the re-roll, the score when the game ends), and ``{cuckoo-apex}`` tables what
  each die shows on the apex; the player never reads a number typed by hand;
* records in the docs are highlighted with the package's own Pygments lexer.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any, ClassVar

from cuckoo_learn_dice import base_svg
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from cuckoo import CuckooError, dice
from cuckoo.cards import moves as cards_moves
from cuckoo.cards.svg import seats_svg as cards_seats_svg
from cuckoo.dice.faces import apex_faces, second_face
from cuckoo.dice.iso import corner_svg, iso_svg
from cuckoo.dice.svg import cells_svg
from cuckoo.drawing import INK, svg_document, svg_root, svg_text, text_width
from cuckoo.games import GAMES, Kit, read_records
from cuckoo.kuckuck.svg import seats_svg as kuckuck_seats_svg
from cuckoo.kuckuck.views import cards_svg
from cuckoo.kuckuck.views import status_line as kuckuck_status_line
from cuckoo.kuckuck.views import table_svg as kuckuck_table_svg
from cuckoo.lexer import CuckooLexer

_IDS = re.compile(r"(cuckoo-[0-9a-f]{10})-(title|desc)\b")


def _numbered(svg: str, env: BuildEnvironment) -> str:
    """*svg* with its ids numbered: a page may show the same picture twice."""
    n = env.new_serialno("cuckoo-picture")
    return _IDS.sub(rf"\1-{n}-\2", svg)


def _picture(svg: str, env: BuildEnvironment) -> nodes.raw:
    """*svg* placed in the page."""
    return _pictures([svg], env)


LEGIBLE = 11
"""The smallest label a picture shows, in CSS pixels, however narrow the screen (#52)."""


def legible(svg: str) -> str:
    """*svg* with a least width, at which its smallest label is :data:`LEGIBLE` pixels high:
    on a narrower screen the picture scrolls sideways in its frame rather than shrink."""
    head, body = svg.split(">", 1)
    box = re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ', head)
    sizes = [float(size) for size in re.findall(r'<text\b[^>]*\bfont-size="([\d.]+)"', body)]
    if box is None or not sizes:
        return svg
    least = float(box[1]) * LEGIBLE / min(sizes)
    return f'{head} style="min-width:{least:.0f}px">{body}'


def _pictures(svgs: list[str], env: BuildEnvironment, kind: str = "") -> nodes.raw:
    """*svgs* side by side in the page, wrapping on a narrow screen, each no smaller than
    its labels can be read at; *kind*, a class the print style sheet may size them by."""
    style = "display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start"
    body = "".join(legible(_numbered(svg, env)) for svg in svgs)
    classes = " ".join(["cuckoo-picture", *[kind] * bool(kind)])
    # A frame that may scroll sideways is reached from the keyboard too (axe-core:
    # scrollable-region-focusable).
    frame = f'<div class="{classes}" style="{style}" tabindex="0">{body}</div>'
    return nodes.raw("", frame, format="html")


def position_picture(record: str, env: BuildEnvironment) -> nodes.raw | None:
    """The SVG of where *record* ends, or of the move it stops at; None if it cannot be read."""
    items = list(read_records(record.splitlines(keepends=True)))
    if len(items) != 1 or isinstance(items[0], CuckooError):
        return None
    kit, parsed = items[0]
    states = kit.replay(parsed)
    state = next(states)
    try:
        for state in states:  # noqa: B007 - the last state reached is the one to draw
            pass
    except CuckooError:
        pass  # the picture shows the position the refused move was tried in
    return _picture(kit.svg(state), env)


PICTURES: dict[str, Callable[[], str | list[str]]] = {
    "cells": cells_svg,
    "base": base_svg,
    "corner": corner_svg,
    "kuckuck-cards": cards_svg,
}


class PictureDirective(SphinxDirective):
    """``cuckoo-picture NAME``: a picture the engine draws (``cells``, ``base``,
    ``kuckuck-cards``)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        draw = PICTURES.get(self.arguments[0])
        if draw is None:
            raise self.error(f"no picture {self.arguments[0]!r}; expected: {', '.join(PICTURES)}")
        drawn = draw()
        pictures = drawn if isinstance(drawn, list) else [drawn]
        return [_pictures(pictures, self.env, f"cuckoo-{self.arguments[0]}")]


_TABLES: dict[str, Callable[[Any], str]] = {
    "cuckoo-cards": cards_seats_svg,
    "zum-kuckuck": kuckuck_seats_svg,
}
"""How a walkthrough draws a card game: the table as the players see it."""


def walkthrough(record: str) -> tuple[Kit, list[Any]]:
    """The game of a walkthrough and every state it passes through; the record must be one
    whole, legal game (the tests replay the same pages)."""
    items = list(read_records(record.splitlines(keepends=True)))
    if len(items) != 1 or isinstance(items[0], CuckooError):
        raise ValueError(f"a walkthrough must be one readable record, not {items!r}")
    kit, parsed = items[0]
    return kit, list(kit.replay(parsed))


def _record(text: str) -> Any:
    """The parsed record of a walkthrough that :func:`walkthrough` has replayed."""
    (item,) = read_records(text.splitlines(keepends=True))
    assert not isinstance(item, CuckooError)
    return item[1]


class GameDirective(SphinxDirective):
    """``cuckoo-game``: a record whose positions the ``cuckoo-step`` directives after it draw."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        record = "\n".join(self.content)
        try:
            self.env.temp_data["cuckoo-game"] = walkthrough(record)
            self.env.temp_data["cuckoo-record"] = _record(record)
        except (ValueError, CuckooError) as error:
            raise self.error(f"the walkthrough does not replay: {error}") from error
        literal = nodes.literal_block(record, record, language="cuckoo")
        literal["classes"].append("cuckoo-walkthrough")  # found by cuckoo-building
        self.set_source_info(literal)
        return [literal]


class StepDirective(SphinxDirective):
    """``cuckoo-step N ...``: the positions after N plies of the page's ``cuckoo-game``."""

    required_arguments = 1
    optional_arguments = 4
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "view": lambda text: directives.choice(text, ("3d", "rows")),
    }

    def run(self) -> list[nodes.Node]:
        game = self.env.temp_data.get("cuckoo-game")
        if game is None:
            raise self.error("cuckoo-step needs a cuckoo-game before it on the page")
        kit, states = game
        name = next(n for n, k in GAMES.items() if k is kit)
        draw = _TABLES.get(name, kit.svg)
        if self.options.get("view") == "rows":  # Zum Kuckuck!'s seats in rows, for print
            draw = kuckuck_rows_svg
        svgs = []
        for text in self.arguments:
            if not text.isdigit() or int(text) >= len(states):
                raise self.error(
                    f"no position after {text!r} plies: the game has {len(states) - 1}"
                )
            state = states[int(text)]
            svgs.append(draw(state))
            if self.options.get("view") == "3d":
                svgs.append(iso_svg(state))
        return [_pictures(svgs, self.env)]


def kuckuck_caption(state: Any) -> str:
    """What a picture of Zum Kuckuck! drawn from *state* shows: between two rounds, the round
    just played (the next round's nest cards are not up yet, so the caption does not speak of
    them); at the start of a later cycle, the hands passed on; otherwise the status line."""
    if state.step != "nest" or state.is_over:
        return str(kuckuck_status_line(state))
    cycle = state.cycle + 1
    if state.round:
        return f"Cycle {cycle}, after round {cycle}.{state.round}"
    if state.cycle:
        return f"Cycle {cycle} begins: every hand has passed to the left"
    return "Cycle 1 begins"


def kuckuck_rows_svg(state: Any) -> str:
    """Zum Kuckuck!'s seats in rows, captioned with what the picture shows."""
    return str(kuckuck_table_svg(state, caption=kuckuck_caption(state)))


def _faces_shown(faces: tuple[int, int, int]) -> str:
    """``6 on side A and 2 on side B``: the faces a placed die shows."""
    shown = [f"{f} on side {dice.SIDE_NAMES[s]}" for s, f in enumerate(faces) if f]
    return ", ".join(shown[:-1]) + (" and " if len(shown) > 1 else "") + shown[-1]


def _dice_list(values: list[int] | tuple[int, ...]) -> str:
    """``1, 1 and 2``."""
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def ply_sentence(before: dice.State, after: dice.State, move: object) -> str:
    """What one ply of a dice game did, in a player's words, read off the engine's states
    before and after it (CD-PLACE-EXPOSE, CD-PLACE-SECOND, CD-INFECT-SWAP, CD-TURN-PASS)."""
    mover = dice.PLAYER_NAMES[before.to_move]
    other = dice.PLAYER_NAMES[1 - before.to_move]
    if isinstance(move, dice.Pass):
        return f"{mover} has no dice left and passes."
    if isinstance(move, dice.Infect):
        assert move.rolls is not None, "a record's infection carries its re-roll"
        given = [d.value for d in move.give]
        return (
            f"{mover} infects: gives {mover}'s {_dice_list(given)} "
            f"(together {sum(given)}) and takes {other}'s {move.take.value}. "
            f"Re-rolled, the taken die shows {move.rolls.take} and goes to {mover}'s nest; "
            f"the given dice show {_dice_list(move.rolls.give)} and go to {other}'s nest."
        )
    assert isinstance(move, dice.Place)
    placed = after.board[move.cell]
    assert placed is not None
    whose = "an own" if placed.owner == before.to_move else f"{other}'s"
    cell = dice.CELL_NAMES[move.cell]
    if move.cell == dice.DUNGEON:
        return f"{mover} puts {whose} {placed.value} in the dungeon, `{cell}`: it shows nothing."
    kinds = {1: "the middle cell", 2: "the edge cell", 3: "the apex"}
    where = kinds[sum(1 for f in placed.faces if f)]
    return f"{mover} puts {whose} {placed.value} on {where} `{cell}`: {_faces_shown(placed.faces)}."


def _card_words(card: object) -> str:
    """``the 3 of clubs``."""
    text = str(card)
    rank = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}.get(text[0], text[0])
    suit = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[text[-1]]
    return f"the {rank} of {suit}"


def card_ply_sentence(before: Any, after: Any, move: object) -> str:
    """What one step of the card game did, read off the engine's states before and after it
    (CC-DEAL, CC-KEEP, CC-SWAP, CC-SWAP-KING, CC-CUT, CC-CUT-KING, CC-LOWEST, CC-VOID,
    CC-ELIMINATE, CC-END)."""
    names, me = before.players, before.to_act
    if isinstance(move, cards_moves.Deal):
        return f"{names[me]} is dealt {_card_words(move.card)}."
    held = list(before.cards)
    if isinstance(move, cards_moves.Keep):
        text = f"{names[me]} keeps {_card_words(held[me])}."
    elif isinstance(move, cards_moves.Swap):
        # The dealer, who ends the hand, never swaps: the cards after it are this hand's.
        changed = [s for s in range(len(held)) if after.cards[s] != held[s]]
        if changed:
            other = next(s for s in changed if s != me)
            held[me], held[other] = held[other], held[me]
            text = (
                f"{names[me]} swaps with {names[other]}: {names[me]} now holds "
                f"{_card_words(held[me])}, {names[other]} {_card_words(held[other])}."
            )
        else:
            text = f"{names[me]} asks to swap, but the next player shows a king: no swap."
    else:
        assert isinstance(move, cards_moves.Cut) and move.card is not None
        if str(move.card).startswith("K"):
            text = f"{names[me]} cuts and turns up a king; it goes back, and {names[me]} keeps "
            text += f"{_card_words(held[me])}."
        else:
            held[me] = move.card
            text = f"{names[me]} cuts, turns up {_card_words(move.card)} and takes it."
    if after.hands == before.hands:
        return text
    shown = ", ".join(f"{names[s]} {_card_words(held[s])}" for s in before.active)
    text += f" Show-down: {shown}."
    if not after.losers:
        return text + (
            f" Everyone left would go out at once, so the hand is void: nobody loses a life, "
            f"and {names[after.dealer]} deals again."
        )
    for s in after.losers:
        left = after.lives[s]
        life = f"{left} life left" if left == 1 else f"{left} lives left"
        text += f" {names[s]} loses a life ({'out of the game' if left == 0 else life})."
    if after.is_over:
        (winner,) = after.active
        return text + f" {names[winner]} is the last player in and wins."
    return text + f" {names[after.dealer]} deals the next hand."


def outcome_text(state: dice.State) -> str:
    """The score of a finished game as a Markdown table and who won (CD-SCORE-SIDE,
    CD-SCORE-SIDE-WIN, CD-SCORE-MAJORITY)."""
    outcome = dice.result(state)
    assert outcome is not None, "the game must be over"
    lines = ["| side | Blue | Red | goes to |", "|---|---|---|---|"]
    for s, side in enumerate(dice.SIDE_NAMES):
        blue, red = outcome.totals[0][s], outcome.totals[1][s]
        goes = "Blue" if blue > red else "Red" if red > blue else "nobody (a tie)"
        lines.append(f"| {side} | {blue} | {red} | {goes} |")
    winners = " and ".join(dice.PLAYER_NAMES[p] for p in outcome.winners)
    won = outcome.sides_won
    how = {
        "sides": f"{winners} wins the game, {max(won)} sides to {min(won)}.",
        "dungeon": f"The sides do not decide; the dungeon does: {winners} wins.",
        "captures": f"The sides do not decide; the tie-break does: {winners} wins.",
        "shared": f"{winners} share the win.",
    }[outcome.reason]
    return "\n".join(lines) + "\n\n" + how


def plies_text(record: Any, states: list[Any], first: int, last: int) -> str:
    """Plies *first* to *last* (counted from 1) of a dice *record* as a Markdown list, each
    with its move number as the record writes it, and the score if the game ends there."""
    lines = []
    for ply in range(first, last + 1):
        before, after = states[ply - 1], states[ply]
        move = record.moves[ply - 1]
        if isinstance(before, dice.State):
            number = f"{(ply + 1) // 2}." if ply % 2 else f"{ply // 2}..."
            lines.append(f"- **{number}** `{move}`: {ply_sentence(before, after, move)}")
        else:
            lines.append(f"- `{move}`: {card_ply_sentence(before, after, move)}")
    if isinstance(states[last], dice.State) and states[last].is_over:
        lines += ["", outcome_text(states[last])]
    return "\n".join(lines)


class PliesDirective(SphinxDirective):
    """``cuckoo-plies FROM TO``: plies FROM to TO of the page's ``cuckoo-game`` (the dice or
    the card game) in words, from the engine."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        game = self.env.temp_data.get("cuckoo-game")
        if game is None or game[0] is GAMES["zum-kuckuck"]:
            raise self.error("cuckoo-plies needs a dice or card cuckoo-game before it")
        record, states = self.env.temp_data["cuckoo-record"], game[1]
        first, last = (int(a) for a in self.arguments)
        self.env.note_dependency(__file__)  # rebuilt when the words change, not only the page
        if not 1 <= first <= last < len(states):
            raise self.error(f"no plies {first} to {last}: the game has {len(states) - 1}")
        return self.parse_text_to_nodes(plies_text(record, states, first, last))


def apex_table(hand: str = "western") -> str:
    """What a die shows on the apex, for every value, own and foreign, as a Markdown table
    made from the engine's rules (CD-PLACE-SECOND, CD-PLACE-APEX, CD-DIE-CORNER)."""
    lines = [
        "| value | own: second face | own: third, after | own: third, before "
        "| opponent's: second face | opponent's: third, after | opponent's: third, before |",
        "|---|---|---|---|---|---|---|",
    ]
    for value in range(1, 7):
        row = [str(value)]
        for own in (True, False):
            second = second_face(value, own)
            after = apex_faces(hand, 0, value, 1, second)  # type: ignore[arg-type]
            before = apex_faces(hand, 1, value, 0, second)  # type: ignore[arg-type]
            assert after is not None and before is not None
            row += [str(second), str(after[2]), str(before[2])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


class ApexDirective(SphinxDirective):
    """``cuckoo-apex``: the table of apex outcomes, from the engine."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(__file__)
        return self.parse_text_to_nodes(apex_table())


def _add_pictures(app: Sphinx, doctree: nodes.document) -> None:
    """After each example's record, the position it reaches."""
    for container in list(doctree.findall(nodes.container)):
        if "cuckoo-example" not in container["classes"]:
            continue
        for literal in container.findall(nodes.literal_block):
            picture = position_picture(literal.astext(), app.env)
            if picture is not None:
                container.parent.insert(container.parent.index(container) + 1, picture)
            break


def bar_chart(rows: list[tuple[str, float, tuple[float, float]]], title: str, mark: str) -> str:
    """A horizontal bar chart of scores from 0 to 1 with their 95% intervals, a scale, and
    a dashed reference line at 0.5 labelled *mark* (no plotting library needed)."""
    bar, gap = 20, 10
    left = 10 + max(text_width(label, 12) for label, _, _ in rows) + 10
    scale = 320
    top = 48  # below the title and the reference line's label
    axis = top + len(rows) * (bar + gap)
    width = max(left + scale + 60, 10 + text_width(title, 13, bold=True) + 10)
    root = svg_root(round(width), axis + 48)
    svg_text(root, 10, 18, title, 13, **{"text-anchor": "start", "font-weight": "bold"})

    def line(x1: float, y1: float, x2: float, y2: float, **style: str) -> None:
        ends = {"x1": f"{x1:g}", "y1": f"{y1:g}", "x2": f"{x2:g}", "y2": f"{y2:g}"}
        ET.SubElement(root, "line", {**ends, "stroke": INK, **style})

    for n, (label, value, (low, high)) in enumerate(rows):
        y = top + n * (bar + gap) + gap / 2
        svg_text(root, 10, y + 14, label, 12, **{"text-anchor": "start"})
        box = {"x": f"{left:g}", "y": f"{y:g}", "height": str(bar), "width": f"{value * scale:g}"}
        ET.SubElement(root, "rect", {**box, "fill": "#2f5fb3"})
        line(
            left + low * scale,
            y + bar / 2,
            left + high * scale,
            y + bar / 2,
            **{"stroke-width": "2", "stroke": "#111111"},
        )
        svg_text(root, left + scale + 10, y + 14, f"{value:.3f}", 12, **{"text-anchor": "start"})
    half = left + 0.5 * scale
    line(half, top - 8, half, axis, **{"stroke-dasharray": "4 3", "stroke": "#555555"})
    svg_text(root, half, top - 12, f"0.5 = {mark}", 11, fill="#555555")
    svg_text(root, left + scale + 10, top - 12, "mean", 11, **{"text-anchor": "start"})
    line(left, top - 4, left, axis)
    line(left, axis, left + scale, axis)
    for tick in (0, 0.25, 0.5, 0.75, 1):
        x = left + tick * scale
        line(x, axis, x, axis + 5)
        svg_text(root, x, axis + 18, f"{tick:g}", 11)
    svg_text(root, left + scale / 2, axis + 38, "score (bars: the mean; lines: 95% intervals)", 11)
    described = "; ".join(
        f"{label}: {value:.3f} (95% interval {low:.3f} to {high:.3f})"
        for label, value, (low, high) in rows
    )
    desc = f"Scores on a scale from 0 to 1, with a reference line at 0.5 ({mark}). {described}."
    return svg_document(root, title, desc)


class BalanceDirective(SphinxDirective):
    """``cuckoo-balance``: the balance study's tables and charts, from its stored run."""

    def run(self) -> list[nodes.Node]:
        import json
        from pathlib import Path

        path = Path(self.env.srcdir) / "_data" / "balance.json"
        self.env.note_dependency(str(path))
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["rows"]
        chance = [r for r in rows if r["blue"] == r["red"] == "random"]
        charts = [
            bar_chart(
                [(r["ruleset"], r["first_score"], tuple(r["first_ci"])) for r in chance],
                "Score of the first player, random against random",
                "fair",
            ),
            bar_chart(
                [
                    (
                        f"{r['ruleset']}: {r['blue']}-{r['red']}",
                        r["infector_score"],
                        tuple(r["infector_ci"]),
                    )
                    for r in rows
                    if r["infector_score"] is not None
                ],
                "Score of the only player who infected",
                "no gain",
            ),
        ]
        head = (
            "ruleset",
            "Blue",
            "Red",
            "games",
            "Blue's score [95% CI]",
            "first player's score [95% CI]",
            "infections a game",
            "decided by",
        )
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in rows:
            reasons = ", ".join(f"{k} {v}" for k, v in sorted(r["reasons"].items()))
            lines.append(
                f"| {r['ruleset']} | {r['blue']} | {r['red']} | {r['games']} | "
                f"{r['blue_score']:.3f} [{r['blue_ci'][0]:.3f}, {r['blue_ci'][1]:.3f}] | "
                f"{r['first_score']:.3f} [{r['first_ci'][0]:.3f}, {r['first_ci'][1]:.3f}] | "
                f"{r['infections_per_game']:.2f} | {reasons} |"
            )
        table = self.parse_text_to_nodes("\n".join(lines))
        pictures = [_picture(svg, self.env) for svg in charts]
        return [*table, *pictures]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("cuckoo", CuckooLexer)
    app.add_directive("cuckoo-picture", PictureDirective)
    app.add_directive("cuckoo-balance", BalanceDirective)
    app.add_directive("cuckoo-game", GameDirective)
    app.add_directive("cuckoo-step", StepDirective)
    app.add_directive("cuckoo-plies", PliesDirective)
    app.add_directive("cuckoo-apex", ApexDirective)
    app.connect("doctree-read", _add_pictures)
    app.setup_extension("cuckoo_learn_dice")  # the dice page's base and growing pyramid
    app.setup_extension("cuckoo_learn_kuckuck")  # Zum Kuckuck!'s Learn to Play directives
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
