"""The balance study's stored run: ``python docs/balance.py > docs/_data/balance.json``;
with ``--limit``, how close the card game's hard level comes to a search that sees every
card: ``python docs/balance.py --limit > docs/_data/card-limit.json``.

Self-play of the dice pyramid under every ruleset, seeded, so the same command always writes
the same file; the docs draw their tables and charts from that file at build time.
"""

from __future__ import annotations

import json
import sys
from random import Random

from cuckoo import dice
from cuckoo.players.bots import bot_named
from cuckoo.players.selfplay import Tally, play, series, wilson
from cuckoo.players.yardstick import SeerBot

MATCHES = (("random", "random", 4000), ("greedy", "random", 1000), ("mcts:100", "greedy", 100))


def study() -> dict[str, object]:
    rows = []
    for name in sorted(dice.RULESETS):
        for blue, red, games in MATCHES:
            tally = Tally()
            bots = (bot_named(blue), bot_named(red))
            for game in series(bots, games, seed=2026, variant=name):
                tally.add(game)
            n = tally.games
            rows.append(
                {
                    "ruleset": name,
                    "blue": blue,
                    "red": red,
                    "games": n,
                    "blue_score": tally.score[0] / n,
                    "blue_ci": wilson(tally.score[0], n),
                    "first_score": tally.first_player_score / n,
                    "first_ci": wilson(tally.first_player_score, n),
                    "reasons": dict(tally.reasons),
                    "infections_per_game": tally.infections / n,
                    "games_with_infection": tally.games_with_infection / n,
                    "one_sided": tally.one_sided,
                    "infector_score": (
                        tally.infector_score / tally.one_sided if tally.one_sided else None
                    ),
                    "infector_ci": wilson(tally.infector_score, tally.one_sided),
                }
            )
            print(f"{name} {blue}-{red}: done", file=sys.stderr)
    command = "python docs/balance.py > docs/_data/balance.json"
    return {"command": command, "seed": 2026, "rows": rows}


LIMIT_GAMES = 400


def limit() -> dict[str, object]:
    """The hard level and the seer (the same search in the real deal, 64 draws of chance a
    decision) each against three medium bots, on the same seeded deals, each seat in turn."""
    game = "cuckoo-cards"
    rows = []
    for hero in (bot_named("hard", game), SeerBot(game)):
        seats = [0.0] * 4
        for index in range(LIMIT_GAMES):
            first = index % 4
            bots = [bot_named("medium", game)] * 4
            bots[first] = hero
            played = play(bots, Random(2053 + index), game=game)
            if first in played.winners:
                seats[first] += 1 / len(played.winners)
        score = sum(seats)
        per_seat = LIMIT_GAMES // 4
        rows.append(
            {
                "bot": hero.name,
                "against": "medium, medium, medium",
                "games": LIMIT_GAMES,
                "score": score / LIMIT_GAMES,
                "ci": wilson(score, LIMIT_GAMES),
                "seats": [
                    {"games": per_seat, "score": won / per_seat, "ci": wilson(won, per_seat)}
                    for won in seats
                ],
            }
        )
        print(f"{hero.name}: done", file=sys.stderr)
    command = "python docs/balance.py --limit > docs/_data/card-limit.json"
    return {"command": command, "seed": 2053, "rows": rows}


GAMES = {
    "dice-levels": "dice pyramid",
    "cards-levels": "card game",
    "kuckuck-levels": "Zum Kuckuck!",
    "kuckuck-hard": "Zum Kuckuck!",
}


DEFAULT_VERSION = {
    "dice-levels": "cuckoo",
    "cards-levels": "\u2013",
    "kuckuck-levels": "basic",
    "kuckuck-hard": "basic",
}
"""The rules a part without a grid plays: each game's default."""


def _figure(won: float, games: int) -> str:
    low, high = wilson(won, games)
    return f"{won / games:.2f} ({low:.2f}\u2013{high:.2f}, {games})" if games else "\u2013"


def ladder(results: str) -> str:
    """The ladder table, in Markdown, from a stored run of the bot-levels study: every
    match's first-named bot's score over all its games and in the first and the last seat,
    each with its 95% Wilson interval and its count of games."""
    tally: dict[tuple[str, str, str], list[list[float]]] = {}
    for line in open(results, encoding="utf-8"):  # noqa: SIM115 (read once, to the end)
        record = json.loads(line)
        part, setting, match, _ = record["key"].split("|")
        hero, seats, winners = match.split(",")[0], record["seats"], record["winners"]
        won = sum(1 / len(winners) for w in winners if seats[w] == hero)
        where = seats.index(hero)
        counts = tally.setdefault((part, setting, match), [[0, 0.0] for _ in range(3)])
        for slot in (0, 1 if where == 0 else 2 if where == len(seats) - 1 else -1):
            if slot >= 0:
                counts[slot][0] += 1
                counts[slot][1] += won
    lines = [
        "| game | version | bot | against | fair share | score | in the first seat "
        "| in the last seat |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (part, setting, match), counts in sorted(
        tally.items(), key=lambda e: list(GAMES).index(e[0][0])
    ):
        bots = match.split(",")
        version = setting.partition("=")[2] or DEFAULT_VERSION[part]
        cells = [_figure(won, int(n)) for n, won in counts]
        lines.append(
            f"| {GAMES[part]} | {version} | {bots[0]} | {', '.join(bots[1:])} "
            f"| {1 / len(bots):.2f} | {' | '.join(cells)} |"
        )
    return "\n".join(lines) + "\n"


def limit_table(stored: str) -> str:
    """The card game's yardstick run as a Markdown table."""
    run = json.loads(open(stored, encoding="utf-8").read())  # noqa: SIM115 (read once)
    lines = [
        "| bot | against | fair share | score | in the first seat | in the last seat |",
        "|---|---|---|---|---|---|",
    ]
    for row in run["rows"]:
        first, last = row["seats"][0], row["seats"][-1]
        cells = [
            _figure(row["score"] * row["games"], row["games"]),
            _figure(first["score"] * first["games"], first["games"]),
            _figure(last["score"] * last["games"], last["games"]),
        ]
        lines.append(f"| {row['bot']} | {row['against']} | 0.25 | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--ladder"]:  # --ladder RESULTS.jsonl
        print(ladder(sys.argv[2]), end="")
        sys.exit()
    if sys.argv[1:2] == ["--limit-table"]:  # --limit-table LIMIT.json
        print(limit_table(sys.argv[2]), end="")
        sys.exit()
    json.dump(limit() if sys.argv[1:] == ["--limit"] else study(), sys.stdout, indent=1)
    print()
