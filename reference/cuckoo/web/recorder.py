"""The recorder: a table's picture, prompt and choices as rows of taps, a move tried, a
new table checked, and the record downloaded."""

from __future__ import annotations

from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards import views as cards_views
from ..cards.showdown import offer, ruled_out
from ..dice.svg import position_svg
from ..errors import CuckooError, IllegalMoveError, SetupError
from ..kuckuck import views as kuckuck_views
from ..players.words import show_down
from ..record import prompt
from .choices import ROW_OF_CARDS, Choice, card_path, choices_json
from .common import parsed, problem, read_table, text_list, to_json
from .table import RULES, Table, hand_started, load, read_cards


def _prompt(loaded: Table) -> str:
    """Who enters what next; in the dice pyramid, a named player by name and colour, and
    the turn numbered as the record numbers it (``4.`` holds Blue's and Red's fourth)."""
    state = loaded.state
    if isinstance(state, kuckuck.State) and state.step == "deal" and not any(state.dealt):
        return "the cockatoo cards each player took (nobody sees the hands), or the cards dealt"
    if isinstance(state, dice.State):
        colour = dice.PLAYER_NAMES[state.to_move]
        name = dict(loaded.tags).get(colour)
        return f"{f'{name} ({colour})' if name else colour}, turn {state.ply // 2 + 1}"
    return prompt(loaded.game, state)


def table_view(table_json: str, record: bool = True) -> str:
    """Everything the recorder shows of a table, as JSON: the picture (the pyramid's with
    its cells and dice named, to be tapped), the cell of the last placement, the diagram,
    whose turn, the choices as rows of taps, and the record so far (or the problem).
    Without *record* the record is left out: the page draws the screen first and asks for
    it after (:func:`table_record`), so that a tap is on the screen sooner."""
    try:
        loaded = load(read_table(table_json))
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    state = loaded.state
    engine = RULES[loaded.game]
    over = bool(state.is_over)
    choices = engine.choices(state)  # even at the end: a hand may be shown then
    return to_json(
        {
            **picture(loaded, choices),
            "over": over,
            "to_move": dice.PLAYER_NAMES[state.to_move] if isinstance(state, dice.State) else None,
            "prompt": "the game is over" if over else _prompt(loaded),
            **choices_json(choices),
            "told": _told(loaded),
            **({"record": loaded.text()} if record else {}),
        }
    )


def _told(loaded: Table) -> list[str]:
    """What the last entry did that the picture shows only as dots: in the card game, the
    hand it ended (the cards shown, who lost a life, who is out of the game)."""
    if not isinstance(loaded.state, cards.State) or len(loaded.ends) < 1:
        return []
    start = loaded.ends[-2] if len(loaded.ends) > 1 else 0
    before, after = loaded.states[start], loaded.state
    return [show_down(after, None)] if after.hands > before.hands else []


def picture(loaded: Table, choices: list[Choice]) -> dict[str, Any]:
    """The recorder's picture of a table and its diagram: the picture's parts named to be
    tapped, the cell of the last placement, the part the last entry was made at, and what
    a tap on a part stands for among *choices*."""
    state = loaded.state
    last = loaded.moves[-1] if loaded.moves else None
    return {
        "svg": tappable_svg(state),
        "last": dice.CELL_NAMES[last.cell] if isinstance(last, dice.Place) else None,
        "last_part": _last_part(loaded),
        "taps": picture_taps(state, choices),
        "diagram": loaded.kit.diagram(state),
    }


def tappable_svg(state: Any, hand: list[int] | None = None) -> str:
    """The recorder's picture of *state*, its parts named to be tapped; in Zum Kuckuck!
    the play page's *hand*, the human's own, drawn too."""
    if isinstance(state, dice.State):
        return str(position_svg(state, tappable=True))
    if isinstance(state, cards.State):
        return str(cards_views.table_svg(state, tappable=True))
    return str(kuckuck_views.table_svg(state, tappable=True, hand=hand or ()))


def picture_taps(state: Any, choices: list[Choice]) -> dict[str, list[str]]:
    """For the card games, what a tap on a part of the picture stands for: the first taps
    of a choice. In the card game a player's card is their *keep*, the next player's card
    a *swap*, the deck a *cut* or a card dealt face down; in Zum Kuckuck! a player's row
    is that player, whose card then follows."""
    firsts = {c.path[0] for c in choices}
    taps: dict[str, list[str]] = {}
    if isinstance(state, cards.State):
        if state.step != "deal" and not state.is_over:
            acting = state.to_act
            parts = {f"seat {acting}": "keep", "deck": "cut"}
            parts[f"seat {cards.next_seat(state, acting)}"] = "swap"
            taps = {part: [label] for part, label in parts.items() if label in firsts}
        elif "Not seen (?)" in firsts:
            taps = {"deck": ["Not seen (?)"]}
    elif isinstance(state, kuckuck.State):
        seats = enumerate(state.players)
        taps = {f"seat {seat}": [name] for seat, name in seats if name in firsts}
    return taps


def _last_part(loaded: Table) -> str | None:
    """The part of a card game's picture the last entry was made at: the seat that played
    (Zum Kuckuck!) or decided (the card game, while its hand goes on)."""
    state = loaded.state
    words = loaded.texts[-1].split() if loaded.texts else []
    if isinstance(state, kuckuck.State) and words and words[0] in state.players:
        return f"seat {state.players.index(words[0])}"
    if isinstance(state, cards.State) and state.step != "deal" and not state.is_over:
        before = [s for s in state.active if cards.next_seat(state, s) == state.to_act]
        if before and before[0] != state.dealer and words[:1] != ["deal"]:
            return f"seat {before[0]}"
    return None


def table_play(table_json: str, text: str) -> str:
    """*text* tried as the table's next move: ``{"ok": table}`` with it added, or
    ``{"problem": ...}`` naming the rule that refuses it."""
    try:
        table = read_table(table_json)
        played = {**table, "moves": [*text_list(table, "moves"), text]}
        load(played)
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    return to_json({"ok": played})


def table_new(table_json: str) -> str:
    """A new table checked: ``{"ok": table}`` with no moves, or ``{"problem": ...}``."""
    try:
        table = {**read_table(table_json), "moves": []}
        load(table)
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    return to_json({"ok": table})


def table_record(table_json: str, journal_json: str = "[]") -> str:
    """The canonical record of a table, as text; with a *journal* (the recorder's list of
    every tap, undo and redo: ``{"at", "tap", "move"}``), that list follows the last move
    as a comment, one tap a line, so the file downloaded keeps it and stays valid."""
    loaded = load(read_table(table_json))
    journal = parsed(journal_json, "a journal")
    if not isinstance(journal, list) or not journal:
        return loaded.text()
    taps = [
        " ".join(str(entry.get(k, "")) for k in ("at", "tap", "move"))
        for entry in journal
        if isinstance(entry, dict)
    ]
    return loaded.noted(loaded.text(), "\n".join(["the journal of every tap:", *taps]))


_CARDS: Final = {str(card): card for card in cards.DECK}


def table_show(table_json: str, decision: str, answers_json: str) -> str:
    """A card game's show-down entered card by card after the dealer's *decision* (``keep``,
    ``cut As``), *answers* the cards entered so far (CC-PARTIAL-SHOW): how many of them
    stand, and the next player's question, offering only the cards they can show (under
    "Another card", marked ``other``, the rest, each refused when tapped); or, when the
    last answer is a card that cannot be, ``refused``: the problem, the rule and its reason
    in a player's words.
    ``{"problem": ...}`` for a table or decision the engine refuses."""
    try:
        loaded = load(read_table(table_json))
        state = loaded.state
        answers = parsed(answers_json, "the cards entered")
        if not isinstance(state, cards.State) or not isinstance(answers, list):
            raise SetupError("a show-down is entered in a card game", rule="CC-PARTIAL-SHOW")
        start = hand_started(loaded)
        dealt, hand = loaded.states[start], [*loaded.moves[start:], *read_cards(state, decision)]
        shown: list[cards.Card] = []
        refused = None
        for answer in answers:
            can = offer(dealt, hand, shown, 1).cards[0]
            card = _CARDS.get(str(answer))
            if card not in can:
                if card is not None:
                    ruled = ruled_out(dealt, hand, shown, card)
                    refused = problem(IllegalMoveError(ruled.why, rule=ruled.rule))
                break
            shown.append(card)
        offered = offer(dealt, hand, shown, 1)
    except (CuckooError, ValueError) as error:
        wrong = (
            error
            if isinstance(error, CuckooError)
            else SetupError(str(error), rule="CC-PARTIAL-SHOW")
        )
        return to_json({"problem": problem(wrong)})
    question = None
    if len(shown) < len(offered.names):
        can = offered.cards[0]
        few = len(can) <= ROW_OF_CARDS
        options = [((str(c),) if few else card_path(c), str(c)) for c in can]
        others = [(("Another card", *card_path(c)), str(c)) for c in cards.DECK if c not in can]
        question = {
            "label": f"{offered.names[len(shown)]} shows",
            "options": [
                *({"path": list(p), "text": t} for p, t in options),
                *({"path": list(p), "text": t, "other": True} for p, t in others),
            ],
            "many": False,
            "distinct": True,
        }
    return to_json({"standing": len(shown), "question": question, "refused": refused})
