"""The card game and Zum Kuckuck! against the bots in the browser, to the end: the other
hands are never on the page while they are hidden, the bots' moves are told after the
player's own, the record downloaded validates; and a second tab on the same game follows
it live."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cuckoo import cards, web
from cuckoo.cards.views import SUIT_SIGNS
from cuckoo.games import read_records

from .app import cuckoo, downloaded, open_app, stored_games

KEY = "cuckoo-play-games"
OVER = "#prompt:text-matches('^The game is over')"
LOG = 12
"""Lines of the log on the screen."""


def _start(page: Any, game: str, **choices: str) -> None:
    open_app(page, "play.html")
    page.select_option("#game", game)
    for field, value in choices.items():
        page.select_option(f"#{field}", value)
    page.click("#setup button[type=submit]")


def _table(page: Any) -> dict[str, Any]:
    table: dict[str, Any] = stored_games(page, KEY)["current"]["table"]
    return table


def _log(page: Any) -> list[str]:
    lines: list[str] = page.locator("#announce .said").all_inner_texts()
    return lines


def _words(card: cards.Card) -> str:
    return card.rank.replace("T", "10") + SUIT_SIGNS[card.suit]


def _untouched_cards(table: dict[str, Any], me: int) -> list[cards.Card]:
    """The cards other players hold that nobody has moved since the deal of this hand: no
    rule shows them to the player at *me*."""
    loaded = web.load(table)
    state = loaded.start
    moved: set[int] = set()
    for move in loaded.moves:
        if isinstance(move, cards.Deal) and not any(state.cards):
            moved = set()
        if isinstance(move, cards.Swap):
            moved |= {state.to_act, cards.next_seat(state, state.to_act)}
        state = cards.apply(state, move)
    return [c for s, c in enumerate(state.cards) if c is not None and s != me and s not in moved]


def _play_to_the_end(page: Any, hidden: Any, most: int) -> list[str]:
    """Tap the first choice until the game is over, checking at each of the player's turns
    that nothing *hidden(table)* names is on the page, and that the player's own move is
    told before the moves that follow it; the whole log."""
    seen: dict[int, str] = {}
    yours: dict[int, str] = {}
    for _ in range(most):
        page.wait_for_selector(f"#choices .tap, {OVER}", state="attached")
        log = _numbered(page)
        seen.update(log)
        # the player's last move is still told, with what followed it after it, in order
        assert list(log) == list(range(min(log), max(log) + 1)), log
        last_yours = [n for n in yours if n >= max(log) - LOG + 1]
        assert all(log[n] == yours[n] for n in last_yours), (yours, log)
        if page.locator(OVER).count():
            return [seen[n] for n in sorted(seen)]
        table = _table(page)
        shown = (
            page.inner_text("#picture") + page.text_content("#picture") + page.inner_text("#record")
        )
        for secret in hidden(table):
            assert secret not in shown, f"{secret} is on the page: {shown}"
        last = _last_number(page)
        tap = page.locator("#choices .tap").first
        label = tap.inner_text()
        choices = json.loads(web.play_view(json.dumps(table), "Alex"))["choices"]
        (text,) = [c["text"] for c in choices if c["path"] == [label]]
        said = json.loads(web.play_move(json.dumps(table), text, "Alex"))["said"]
        tap.click()
        # the player's move is told first, and stays there under what follows it
        page.wait_for_selector(f"#announce .said[data-n='{last + 1}']", state="attached")
        told = _numbered(page)
        assert [told[n] for n in range(last + 1, last + len(said) + 1)] == said
        yours = {n: told[n] for n in range(last + 1, last + len(said) + 1)}
    raise AssertionError(f"the game did not end in {most} taps")


def _numbered(page: Any) -> dict[int, str]:
    """The log on the screen, by the number of each line."""
    pairs = page.eval_on_selector_all(
        "#announce .said", "(all) => all.map((s) => [Number(s.dataset.n), s.textContent])"
    )
    return {int(n): str(text) for n, text in pairs}


def _last_number(page: Any) -> int:
    return max(_numbered(page), default=0)


def _validated(page: Any, tmp_path: Path) -> Any:
    record = downloaded(page, "#download", tmp_path)
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    ((_, game),) = read_records(record.read_text().splitlines(keepends=True))
    assert game.result != "*"
    return game


def _you_first(log: list[str]) -> None:
    """The player's moves are followed, not replaced, by what others did next."""
    yours = [k for k, line in enumerate(log) if line.startswith("You ")]
    assert yours and yours[0] + 1 < len(log), log


def test_the_card_game_against_bots(page: Any, tmp_path: Path) -> None:
    _start(page, "cuckoo-cards", **{"card-players": "3", "lives": "1", "bot": "medium"})

    def hidden(table: dict[str, Any]) -> list[str]:
        return [_words(c) for c in _untouched_cards(table, table["players"].index("Alex"))]

    log = _play_to_the_end(page, hidden, 60)
    _you_first(log)
    assert any(line.startswith("Show-down:") for line in log), log
    game = _validated(page, tmp_path)
    assert game.tag("Lives") == "1"


def test_zum_kuckuck_against_bots(page: Any, tmp_path: Path) -> None:
    _start(page, "zum-kuckuck", variant="tactical", **{"kuckuck-players": "3"})

    def hidden(table: dict[str, Any]) -> list[str]:
        """The bots' dealt hands, as the full record would write them, while the player
        has not held them (in cycle 1 they hold their own)."""
        state = web.load(table).state
        if state.cycle > 0:
            return []
        rows = [m for m in table["moves"] if m.startswith("deal ") and "Alex" not in m]
        assert rows and state.hands
        return [re.sub(r"^deal \w+ ", "", row) for row in rows]

    log = _play_to_the_end(page, hidden, 80)
    _you_first(log)
    assert "deal Robin ? ? ?" not in page.inner_text("#record")  # the whole record at the end
    game = _validated(page, tmp_path)
    assert len(game.moves) > 3


def test_a_second_tab_follows_the_game(context: Any) -> None:
    first, second = context.new_page(), context.new_page()
    _start(first, "cuckoo-cards", **{"card-players": "2", "lives": "3"})
    first.wait_for_selector("#choices .tap")
    open_app(second, "play.html")
    second.wait_for_selector("#choices .tap")
    assert second.inner_text("#record") == first.inner_text("#record")
    moves = len(_table(first)["moves"])
    first.locator("#choices .tap").first.click()
    # the second tab shows each move as the first makes it, without a reload
    second.wait_for_function(
        "(n) => document.querySelectorAll('#announce .said').length > n",
        arg=len(_log(second)),
    )
    first.wait_for_selector(f"#choices .tap, {OVER}", state="attached")
    second.wait_for_function(
        "(text) => document.querySelector('#record').textContent === text",
        arg=first.text_content("#record"),
    )
    assert _log(second) == _log(first)
    assert len(_table(second)["moves"]) > moves


def test_the_card_game_against_bots_by_tapping_the_cards(page: Any) -> None:
    """The player's own card on the picture is their keep: ringed as a target, and a tap
    on it is told as "You keep", as the button would be."""
    _start(page, "cuckoo-cards", **{"card-players": "3", "lives": "1", "bot": "medium"})
    page.wait_for_selector('#picture [data-part="seat 0"].target', state="attached")
    page.locator('#picture [data-part="seat 0"]').first.click()
    page.wait_for_selector("#announce .said:has-text('You keep')", state="attached")


def test_zum_kuckuck_against_bots_by_tapping_a_card(page: Any) -> None:
    """In Zum Kuckuck! the player's hand is in the picture: a playable card is ringed as a
    target, and a tap on it plays it, told as the button would be."""
    _start(page, "zum-kuckuck", variant="basic", **{"kuckuck-players": "3"})
    target = page.locator('#picture [data-part^="card "].target').first
    target.wait_for(state="attached")
    number = (target.get_attribute("data-part") or "").split()[1]
    target.click()
    page.wait_for_function(
        "(n) => [...document.querySelectorAll('#announce .said')]"
        ".some((l) => l.textContent.startsWith('You') && l.textContent.includes(n))",
        arg=number,
    )


SEEN = """() => { window.seen = [];
  new MutationObserver(() => {
    if (!document.querySelector('#table').hidden) {
      window.seen.push([...document.querySelectorAll('#choices .tap')].map((b) => b.textContent));
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true }); }"""
"""Every set of buttons the table shows from now on, kept in ``window.seen``."""


def test_a_new_game_never_shows_the_last_games_buttons(page: Any) -> None:
    """A new game started while the last one's buttons were on the screen shows only its
    own, from its first frame: a tap in between would be a move of the other game."""
    _start(page, "cuckoo-dice", bot="easy")
    page.wait_for_selector("#choices .tap")
    old = set(page.locator("#choices .tap").all_inner_texts())
    page.click("#again")
    page.select_option("#game", "cuckoo-cards")
    page.evaluate(SEEN)
    page.click("#setup button[type=submit]")
    page.wait_for_selector('#picture [data-part="seat 0"]', state="attached")
    page.wait_for_selector("#choices .tap")
    seen: list[list[str]] = page.evaluate("window.seen")
    assert seen and set(seen[-1]).isdisjoint(old), seen[-1]
    assert not [shown for shown in seen if old & set(shown)], "the dice game's buttons came back"
