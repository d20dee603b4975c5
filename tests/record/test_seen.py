"""``cuckoo record`` of Zum Kuckuck! as the table sees it (ZK-PARTIAL-UNSEEN): the hands are
never asked for, a card is entered when it is played, a hand shown later is written where
it was shown (ZK-PARTIAL-SHOW), and the file on disk is a valid record after every line."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from cuckoo import kuckuck
from cuckoo.errors import CuckooError
from cuckoo.kuckuck.notation import parse, replay
from cuckoo.record import Recorder
from cuckoo.record import cards as cards_record
from cuckoo.record import kuckuck as kuckuck_record

from .test_record import spawn_cuckoo


def _valid(path: Path) -> kuckuck.State:
    *_, state = replay(parse(path.read_text(encoding="utf-8")))
    return state


def test_record_a_round_without_the_hands(tmp_path: Path) -> None:
    """ZK-PARTIAL-COUNT, ZK-PARTIAL-PLAY: the counts at the deal, then only what is played;
    an impossible card is refused with its rule, and the file validates at every step."""
    path = tmp_path / "zk.cuckoo"
    child = spawn_cuckoo("record", "--game", "zum-kuckuck", "-o", str(path))
    for prompt, answer in (("Players", "Ann Ben Cid"), ("Version", "basic")):
        child.expect(prompt)
        child.sendline(answer)
    child.expect(r"Ann's twelve number cards \(or, unseen: cockatoos, then each one's count\)")
    child.sendline("cockatoos 0 4 4")
    child.expect("nest cards turned up")
    assert "deal" not in path.read_text(encoding="utf-8")
    assert _valid(path).unseen == (12, 12, 12)
    child.sendline("3 9")
    child.expect("cards of Ann Ben Cid, in order")
    child.sendline("30 53 9")  # Ann took no cockatoo card: no 30 for her
    child.expect("refused: ZK-PARTIAL-PLAY")
    child.sendline("(Ann 60 Ben 53 Cid 9)")
    child.expect("nest cards turned up")
    assert _valid(path).round == 1
    child.sendline("show Ben 1 2")  # Ben shows two cards of his hand
    child.expect("nest cards turned up")
    text = path.read_text(encoding="utf-8")
    assert "1.1. nest 3 9 (Ann 60 Ben 53 Cid 9) show Ben 1 2\n" in text and "deal" not in text
    child.sendline("show Cid 60")  # Ann played it: the show contradicts her play
    child.expect("refused: ZK-PARTIAL-SHOW: 60 is seen already")
    child.sendline("show Ben 2")  # known: nothing new to write
    child.expect("2: known already in Ben's hand")
    child.sendline("show Ben 2 3")  # the 2 is left out, said so; the 3 is written
    child.expect("2: known already in Ben's hand, left out")
    child.expect("nest cards turned up")
    shown = text.replace("show Ben 1 2", "show Ben 1 2 show Ben 3")
    assert path.read_text(encoding="utf-8") == shown
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state = _valid(path)
    assert state.dealt[1][:4] == (53, 1, 2, 3) and state.unseen == (11, 8, 11)


def test_counts_that_cannot_be_are_refused_untouched(tmp_path: Path) -> None:
    """ZK-PARTIAL-COUNT: 24 whole cockatoos in all; nothing is recorded on a refusal."""
    recorder = Recorder(
        "zum-kuckuck", tmp_path / "z.cuckoo", kuckuck.rules(), kuckuck.Setup(("A", "B", "C"))
    )
    recorder.save()
    with pytest.raises(CuckooError, match="ZK-PARTIAL-COUNT"):
        kuckuck_record.moves(recorder, "cockatoos 12 12 12", lambda _: "", print)
    with pytest.raises(ValueError, match="cockatoos 4 3 5"):
        kuckuck_record.moves(recorder, "cockatoos 4 x 5", lambda _: "", print)
    assert recorder.moves == [] and recorder.setup.cockatoos == ()
    assert "Cockatoos" not in (tmp_path / "z.cuckoo").read_text(encoding="utf-8")
    assert kuckuck_record.moves(recorder, "cockatoos 4 4 4", lambda _: "", print) == []
    assert recorder.undo() and recorder.moves == []


def test_resume_a_record_without_the_deal(tmp_path: Path) -> None:
    """ZK-PARTIAL-UNSEEN: a file that leaves the deal out resumes after the deal."""
    from cuckoo.record import resume

    path = tmp_path / "zk.cuckoo"
    text = '[Game "zum-kuckuck"]\n[Players "Ann Ben Cid"]\n[Cockatoos "4 4 4"]\n\n'
    path.write_text(text + "1.1. nest 3 9 (Ann 60 Ben 53 Cid 9)\n*\n", encoding="utf-8")
    recorder = resume(path)
    assert recorder.state().round == 1
    recorder.play(*kuckuck_record.moves(recorder, "4 5", lambda _: "", print))
    recorder.play(*kuckuck_record.moves(recorder, "(Ann 1 Ben 2 Cid 3)", lambda _: "", print))
    saved = path.read_text(encoding="utf-8")
    assert "deal" not in saved and "1.2. nest 4 5 (Ann 1 Ben 2 Cid 3)" in saved
    assert _valid(path).round == 2


def test_record_a_hand_of_the_card_game_without_the_deal(tmp_path: Path) -> None:
    """CC-PARTIAL-UNSEEN, CC-PARTIAL-SHOW: ? for each card dealt, the decisions, then the
    show-down asked for with the dealer's decision; an impossible one is refused, nothing
    recorded; the file validates at every step."""
    from cuckoo.cards import State as CardState
    from cuckoo.cards.notation import parse as parse_cards
    from cuckoo.cards.notation import replay as replay_cards

    def valid() -> CardState:
        *_, state = replay_cards(parse_cards(path.read_text(encoding="utf-8")))
        return state

    path = tmp_path / "cc.cuckoo"
    child = spawn_cuckoo("record", "--game", "cuckoo-cards", "-o", str(path))
    for prompt, answer in (("Players", "Ann Ben Cid"), ("deals first", "Ann"), ("Lives", "")):
        child.expect(prompt)
        child.sendline(answer)
    child.expect(r"card dealt to Ben \(\? if not seen\)")
    child.sendline("deal ? ? ?")
    child.expect("Ben \\(keep/swap\\)")
    child.sendline("swap")
    child.expect("Cid \\(keep/swap\\)")
    assert "1. deal ? ? ? swap" in path.read_text(encoding="utf-8")
    valid()
    steps = [
        ("keep", "Ann \\(keep/cut\\)"),
        ("keep", "the show-down, the cards of Ben Cid Ann "),
        ("Ks 7h 3c", "refused: CC-PARTIAL-SHOW"),  # a king cannot come to Ben, who swapped
        ("", "the show-down, the cards of Ben Cid Ann"),  # asked again, the keep kept
        ("undo", "took back Ann's keep"),
        ("", "Ann \\(keep/cut\\)"),
        ("keep", "the show-down"),
        ("3c 7h Ks", "card dealt to Cid"),
        ("quit", pexpect.EOF),
    ]
    for typed, shown in steps:
        if typed:
            child.sendline(typed)
        child.expect(shown)
    assert "1. deal ? ? ? swap keep keep show 3c 7h Ks" in path.read_text(encoding="utf-8")
    assert valid().lives == (3, 2, 3)


def _typed(recorder: Recorder, *lines: str) -> None:
    for line in lines:
        recorder.play(*kuckuck_record.moves(recorder, line, lambda _: "", print))


def test_undo_takes_back_a_hand_shown(tmp_path: Path) -> None:
    """ZK-PARTIAL-SHOW: undo after ``show`` makes the hand unseen again and keeps the
    round played; the next undos take back the round's cards, its nest cards, and the
    counts typed."""
    path = tmp_path / "zk.cuckoo"
    recorder = Recorder("zum-kuckuck", path, kuckuck.rules(), kuckuck.Setup(("Ann", "Ben", "Cid")))
    recorder.save()
    _typed(recorder, "cockatoos 4 4 4", "3 9", "(Ann 60 Ben 53 Cid 9)", "show Ben 1 2")
    assert "(Ann 60 Ben 53 Cid 9) show Ben 1 2\n" in path.read_text(encoding="utf-8")
    assert recorder.undo()
    text = path.read_text(encoding="utf-8")
    assert "deal" not in text and "1.1. nest 3 9 (Ann 60 Ben 53 Cid 9)\n" in text
    assert _valid(path).unseen == (11, 11, 11) and 1 not in _valid(path).dealt[1]
    assert recorder.undo() and _valid(path).round == 0 and _valid(path).step == "play"
    assert recorder.undo() and _valid(path).step == "nest" and recorder.undo()
    assert "Cockatoos" not in path.read_text(encoding="utf-8") and recorder.moves == []
    assert recorder.setup.cockatoos == () and not recorder.undo()


def test_undo_takes_back_a_show_down_with_the_dealers_decision(tmp_path: Path) -> None:
    """CC-PARTIAL-SHOW: the show-down is typed with the dealer's decision, and undo takes
    both back: the hand is unseen again, the dealer to decide."""
    from cuckoo import cards
    from cuckoo.cards.notation import parse as parse_cards
    from cuckoo.cards.notation import replay as replay_cards

    path = tmp_path / "cc.cuckoo"
    setup = cards.Setup(("Ann", "Ben", "Cid"), 0)
    recorder = Recorder("cuckoo-cards", path, cards.rules(), setup)
    recorder.save()
    for line in ("deal ? ? ?", "swap", "keep", "keep"):
        recorder.play(*cards_record.moves(recorder, line, lambda _: "3c 7h Ks", print))
    assert "1. deal ? ? ? swap keep keep show 3c 7h Ks" in path.read_text(encoding="utf-8")
    assert recorder.undo()
    assert "1. deal ? ? ? swap keep\n" in path.read_text(encoding="utf-8")
    *_, state = replay_cards(parse_cards(path.read_text(encoding="utf-8")))
    assert state.to_act == 0 and state.step == "decide" and state.unseen
    assert state.lives == (3, 3, 3)


def _cards_session(path: Path, *typed: str) -> pexpect.spawn:
    """``cuckoo record`` of a new card game of Ann, Ben and Cid, Ann dealing, with *typed*
    after the setup; the session left at the next question."""
    child = spawn_cuckoo("record", "--game", "cuckoo-cards", "-o", str(path))
    for prompt, answer in (("Players", "Ann Ben Cid"), ("deals first", "Ann"), ("Lives", "")):
        child.expect(prompt)
        child.sendline(answer)
    for line in typed:
        child.expect("> ")
        child.sendline(line)
    return child


@pytest.mark.parametrize("end", ["eof", "quit"])
def test_a_session_ended_at_the_show_down_keeps_the_dealers_decision(
    tmp_path: Path, end: str
) -> None:
    """CC-PARTIAL-SHOW: the dealer's decision typed at a hand with unseen cards, then the
    session ended at the show-down question (Ctrl-D, or quit): the decision is kept in a
    comment after the last move, the file stays valid, and --resume asks the show-down with
    it; once shown, the comment is gone."""
    from cuckoo.cards.notation import parse as parse_cards
    from cuckoo.cards.notation import replay as replay_cards

    path = tmp_path / "cc.cuckoo"
    child = _cards_session(path, "deal ? ? ?", "swap", "keep", "cut")
    child.expect("the card turned up: ")
    child.sendline("9d")
    child.expect("the show-down, the cards of Ben Cid Ann")
    if end == "eof":
        child.sendeof()
    else:
        child.sendline("quit")
    child.expect("kept in the record, in a comment: Ann's cut 9d, before its show-down")
    child.expect("saved; go on with")
    child.expect(pexpect.EOF)
    text = path.read_text(encoding="utf-8")
    assert "1. deal ? ? ? swap keep {entered, written once the hand is shown: cut 9d}\n*" in text
    *_, state = replay_cards(parse_cards(text))  # valid: the hand waits for Ann's decision
    assert state.to_act == 0 and state.step == "decide"
    child = spawn_cuckoo("record", "--resume", str(path))
    child.expect("the show-down, the cards of Ben Cid Ann")
    child.sendeof()  # ended there again: the file is left as it was, byte for byte
    child.expect(pexpect.EOF)
    assert path.read_text(encoding="utf-8") == text
    child = spawn_cuckoo("record", "--resume", str(path))
    child.expect("cut 9d   \\(typed before, kept in the file\\)")
    child.expect("the show-down, the cards of Ben Cid Ann")
    child.sendline("3c 7h 9d")
    child.expect("card dealt to Cid")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = path.read_text(encoding="utf-8")
    assert "1. deal ? ? ? swap keep cut 9d show 3c 7h 9d\n*" in text and "{" not in text
    *_, state = replay_cards(parse_cards(text))
    assert state.lives == (3, 2, 3)


@pytest.mark.parametrize(
    ("dealt", "decided", "expected"),
    [
        ("deal 7h 3c 9s", (), "Ben (keep/swap)"),
        ("deal ? ? ?", ("keep", "keep"), "Ann (keep/cut)"),  # the dealer never swaps
        ("deal 7h 3c Ks", ("keep", "keep"), "Ann (keep)"),  # a king seen is kept
        ("deal Kd ? ?", (), "Ben (keep)"),
        ("deal ? ? ?", (), "Ben (keep/swap)"),  # a ? is no king until shown
    ],
)
def test_the_card_prompt_offers_only_what_the_player_may_do(
    tmp_path: Path, dealt: str, decided: tuple[str, ...], expected: str
) -> None:
    """CC-CUT, CC-SWAP, CC-KING-HELD: the recorder's prompt (the app's heading too) names
    only the decisions the rules leave: no swap for the dealer, nothing but keep for a
    player holding a king seen."""
    from cuckoo import cards
    from cuckoo.record import prompt

    recorder = Recorder(
        "cuckoo-cards", tmp_path / "c.cuckoo", cards.rules(), cards.Setup(("Ann", "Ben", "Cid"), 0)
    )
    for line in (dealt, *decided):
        recorder.play(*cards_record.moves(recorder, line, lambda _: "", print))
    assert prompt("cuckoo-cards", recorder.state()) == expected


def test_card_players_named_like_the_recorders_words_play(tmp_path: Path) -> None:
    """CC-SETUP-PLAYERS: the card recorder never asks for a name after the setup (a deal,
    a decision and a show-down are typed without one), so players named like the session's
    words (quit, legal, undo, help, exit) or the card recorder's (keep, swap, cut, deal,
    show) are taken as named, and their game is recorded like any other."""
    from cuckoo.cards.notation import parse as parse_cards
    from cuckoo.cards.notation import replay as replay_cards
    from cuckoo.record import run

    names = "quit legal keep show help"
    path = tmp_path / "cc.cuckoo"
    setup = [names, "legal", "2"]
    hand = ["deal ? ? ? ? ?", "swap", "keep", "keep", "keep", "cut", "9d", "3c 7h Ks 4d 9d"]
    typed = iter([*setup, *hand, "quit"])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(typed)

    recorder = cards_record.new(path, ask, print)
    assert run(recorder, ask, print, lambda _: None) == 0
    assert "keep (keep/swap)> " in asked and "legal (keep/cut)> " in asked
    record = parse_cards(path.read_text(encoding="utf-8"))
    assert record.tag("Players") == names and record.tag("Dealer") == "legal"
    *_, state = replay_cards(record)
    assert state.lives == (2, 2, 1, 2, 2)  # keep, dealt first, shows the 3c
    assert "2. deal" not in path.read_text(encoding="utf-8")


def test_kuckuck_players_named_like_the_recorders_words(tmp_path: Path) -> None:
    """ZK-SETUP-PLAYERS, ZK-PARTIAL-SHOW: ``show`` is a word of the notation, so no player
    may be called so (refused at the setup, with the rule); a player called ``Cockatoos``
    or ``Help`` plays (``cockatoos`` is the recorder's word only at the deal, and a draw of
    Help is typed ``start Help``)."""
    from cuckoo.record import run

    path = tmp_path / "zk.cuckoo"
    setup = ["Show Ann Ben", "Cockatoos Help Ann", "tactical", "cockatoos 4 4 4", "start Help"]
    typed = iter([*setup, "3 9", "Help 60", "Ann 59", "Cockatoos 58", "help", "quit"])
    said: list[str] = []
    recorder = kuckuck_record.new(path, lambda _: next(typed), said.append)
    assert any("ZK-SETUP-PLAYERS" in line and "'Show' is not a name" in line for line in said)
    assert run(recorder, lambda _: next(typed), said.append, lambda _: None) == 0
    text = path.read_text(encoding="utf-8")
    assert "1.1. start Help nest 3 9 Help 60 Ann 59 Cockatoos 58\n" in text
    assert any(kuckuck_record.HELP in line for line in said)


def test_the_kuckuck_help_says_what_to_type_in_the_order_it_is_read() -> None:
    """The recorder's help names each entry in the order of the match: the deal or the
    cockatoo cards, the draw, the nest cards, the cards played, the grouped form, and the
    show at any time after the deal."""
    words = ["twelve number cards", "cockatoos 4 3 5", "start Ann", "nest cards (3 9)"]
    words += ["(45)", "(45 12 33)", "((Ann 45 Bob 12 Cy 33))", "show Ann 7 19"]
    help_text = " ".join(kuckuck_record.HELP.split())
    places = [help_text.index(w) for w in words]
    assert places == sorted(places)


@pytest.mark.parametrize("digit", ["\u0663", "\u00b2"])
def test_a_show_typed_with_other_digits_is_refused(digit: str) -> None:
    """ZK-PARTIAL-SHOW: the recorder reads numbers in ASCII digits, as a record does
    (``٣`` was read as 3, and ``²`` passed the check to fail later)."""
    state = kuckuck.new_game(kuckuck.rules(), kuckuck.Setup(("Ann", "Ben", "Cid")))
    with pytest.raises(ValueError, match="show, the player and the cards"):
        kuckuck_record.hand_shown(state, ["Ann", digit], lambda _: None)
