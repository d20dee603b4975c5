"""``cuckoo play`` and ``cuckoo selfplay`` in every game (issue #19): a real terminal for the
dice pyramid's commands (help, a refusal without the board again, undo), and whole games
of the card game and Zum Kuckuck! against the bots, saved records that validate."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pexpect
import pytest

from cuckoo import cards, dice, kuckuck
from cuckoo.cli import main
from cuckoo.kuckuck.notation import engine_moves
from cuckoo.kuckuck.summary import round_summaries
from cuckoo.players.bots import bot_named
from cuckoo.players.selfplay import play
from tests.record.test_record import spawn_cuckoo


def _spawn(*args: str) -> pexpect.spawn:
    return spawn_cuckoo("play", *args)


def _last_state(path: Path) -> object:
    kit, record = next(iter(_records(path)))
    *_, state = kit.replay(record)
    return state


def _records(path: Path) -> list[tuple[object, object]]:
    from cuckoo.games import read_records

    with path.open(encoding="utf-8") as handle:
        items = list(read_records(handle))
    assert all(isinstance(item, tuple) for item in items)
    return items  # type: ignore[return-value]


def test_dice_in_a_terminal_help_refusal_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    child = _spawn("--bot", "random", "--seed", "3", "-o", str(path))
    child.expect(r"Blue> ")
    child.sendline("help")
    child.expect("'undo' takes back")
    child.expect(r"Blue> ")
    child.sendline("7@300")
    child.expect(r"Blue> ")
    refused = child.before
    assert "refused: CD-DIE-FACES: no face 7" in refused
    assert "1:1:" not in refused and "side A" not in refused, "no place, no board again"
    child.sendline("legal")
    child.expect(r"Blue> ")
    first = child.before.strip().splitlines()[-1].split()[0]
    child.sendline(first)
    child.expect(r"Red plays ")
    child.expect(r"Blue> ")
    child.sendline("undo")
    child.expect("took back the last move")
    child.expect("side A")  # the position as it was, drawn again
    child.expect(r"Blue> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert path.read_text(encoding="utf-8").count(" ") < 200, "the game is saved, short"


def test_dice_every_reroll_is_announced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person infects whenever they can; each infection's re-roll is announced."""
    path = tmp_path / "game.cuckoo"

    def person(prompt: str) -> str:
        state = _last_state(path)
        assert isinstance(state, dice.State)
        moves = dice.legal_moves(state)
        infection = next((m for m in moves if isinstance(m, dice.Infect)), moves[0])
        return str(infection)

    monkeypatch.setattr("builtins.input", person)
    assert main(["play", "--bot", "greedy", "--seed", "1", "-o", str(path)]) == 0
    out = capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    infections = len(re.findall(r"x\d\(", text))
    assert infections > 0 and out.count("re-rolled: the taken") == infections


@pytest.mark.parametrize(
    ("game", "players", "answer"),
    [("cuckoo-cards", "4", "keep"), ("zum-kuckuck", "3", ""), ("zum-kuckuck", "5", "")],
)
def test_a_whole_card_game_against_the_bots(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: str,
    answer: str,
) -> None:
    """The person keeps every card, or plays the lowest number card in hand; the game
    ends, its record validates, and the person never saw another player's card."""
    path = tmp_path / "game.cuckoo"

    def person(prompt: str) -> str:
        state = _last_state(path)
        if isinstance(state, kuckuck.State):
            hand = state.hands[0] if state.hands else ()
            return str(min(hand)) if hand else "legal"
        return answer

    monkeypatch.setattr("builtins.input", person)
    args = ["play", "--game", game, "--players", players, "--seed", "2", "-o", str(path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "result: " in out and "won" in out
    assert main(["validate", str(path)]) == 0
    state = _last_state(path)
    assert state.is_over  # type: ignore[attr-defined]
    if game == "cuckoo-cards":
        assert re.search(r"Bot\d +\d lives? +[2-9TJQKA][hdcs]", out) is None


def test_selfplay_in_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for game, bots in (
        ("cuckoo-cards", "greedy,random,random"),
        ("zum-kuckuck", "random,random,random,random"),
    ):
        path = tmp_path / f"{game}.cuckoo"
        args = ["selfplay", "--game", game, "--bots", bots, "--games", "4", "--seed", "1"]
        assert main([*args, "-o", str(path), "-q"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("4 games of ") and "random (P2): " in out
        assert main(["validate", str(path)]) == 0
        assert capsys.readouterr().err.startswith("4 games, ")
    status = main(["selfplay", "--game", "zum-kuckuck", "--bots", "random,random", "--seed", "1"])
    assert status == 2 and "3 to 5" in capsys.readouterr().err
    status = main(["play", "--game", "cuckoo-cards", "--bot", "mcts", "-o", str(tmp_path / "x")])
    assert status == 2 and "no bot 'mcts' for cuckoo-cards" in capsys.readouterr().err


def test_the_card_bot_reads_only_its_own_card() -> None:
    """Hidden cards changed, the same decisions: the bot cannot be peeking."""
    bot = bot_named("greedy", "cuckoo-cards")
    game = play([bot, bot, bot], Random(1), game="cuckoo-cards")
    assert len(game.winners) == 1
    state = cards.new_game(None, cards.Setup(("A", "B", "C"), 0))
    for card in ("5h", "Kd", "2c"):
        state = cards.apply(state, cards.Deal(cards.card_named(card)))  # type: ignore[arg-type]
    other = cards.new_game(None, cards.Setup(("A", "B", "C"), 0))
    for card in ("5h", "3d", "Ac"):
        other = cards.apply(other, cards.Deal(cards.card_named(card)))  # type: ignore[arg-type]
    assert state.to_act == other.to_act
    assert bot.choose(state, Random(0)) == bot.choose(other, Random(0))


def _deal_groups(text: str) -> list[list[str]]:
    """The cards of each ``deal`` in a record's text: a card game's hand, a Zum Kuckuck!
    hand of twelve."""
    groups = []
    for line in text.splitlines():
        if "deal " in line and not line.startswith("["):
            after = line.split("deal ", 1)[1].split()
            if after and after[0].startswith(("You", "Bot")):  # Zum Kuckuck!: deal NAME ...
                after = after[1:]
            cards_ = [t for t in after if re.fullmatch(r"\?|[2-9TJQKA][hdcs]|\d+", t)]
            end = next((k for k, t in enumerate(after) if t not in cards_), len(after))
            groups.append(after[:end])
    return groups


@pytest.mark.parametrize(("game", "players"), [("cuckoo-cards", "4"), ("zum-kuckuck", "3")])
def test_the_terminal_shows_the_seats_table_and_the_file_hides_the_rest(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: str,
) -> None:
    """Issue #53: the person is told what their seat sees (a swap's cards, a cut, every
    show-down; each cycle's scores and drop-outs, the totals at the end), and the file
    written while the game goes on holds only that (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN):
    the other hands are ``?`` until the game is over, when the whole record is written."""
    path = tmp_path / "game.cuckoo"
    files: list[str] = []

    def person(prompt: str) -> str:
        text = path.read_text(encoding="utf-8")
        files.append(text)
        state = _last_state(path)
        if isinstance(state, kuckuck.State):
            return str(max(state.hands[0])) if state.hands else "legal"
        assert isinstance(state, cards.State)
        return "swap" if state.dealer != 0 and state.cards[0].rank in "2345" else "keep"

    monkeypatch.setattr("builtins.input", person)
    args = ["play", "--game", game, "--players", players, "--seed", "5", "--bot", "easy"]
    assert main([*args, "-o", str(path)]) == 0
    out = capsys.readouterr().out
    assert len(files) > 5
    for text in files:  # while the game goes on: the person's cards only
        assert '[Result "*"]' in text
        for group in _deal_groups(text):
            seen = [c for c in group if c != "?"]
            if game == "cuckoo-cards":
                assert len(seen) <= 1, text
            else:  # one hand of twelve a line: the person's own, or one they have held
                assert seen in ([], group), text
    assert all("?" in str(_deal_groups(text)) for text in files[:3])  # hidden, not missing
    whole = path.read_text(encoding="utf-8")
    assert "?" not in whole and main(["validate", str(path)]) == 0
    kit, record = _records(path)[0]
    states = list(kit.replay(record))  # type: ignore[attr-defined]
    if game == "cuckoo-cards":
        hands = states[-1].hands
        assert out.count("Show-down: ") == hands
        assert re.search(r"(swaps with you|You swap with \w+): you give \S+ and get \S+\.", out)
        assert out.count("cuts and turns up") + out.count("cut and turn up") == whole.count("cut ")
    else:
        last = states[-1]
        for cycle in range(1, last.cycle + 1):
            assert f"Cycle {cycle} is over: " in out
        moves = engine_moves(record)  # type: ignore[arg-type]
        dropped = sum(len(r.dropped) for r in round_summaries(states[0], moves))
        assert dropped and out.count("out of this cycle.") == dropped
        assert f"totals after {last.cycle} cycles" in out
        assert "round 13" not in out and " 1 cockatoos" not in out
