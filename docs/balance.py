"""The balance study's stored run: ``python docs/balance.py > docs/_data/balance.json``.

Self-play of the dice pyramid under every ruleset, seeded, so the same command always writes
the same file; the docs draw their tables and charts from that file at build time.
"""

from __future__ import annotations

import json
import sys

from cuckoo import dice
from cuckoo.players.bots import bot_named
from cuckoo.players.selfplay import Tally, series, wilson

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


if __name__ == "__main__":
    json.dump(study(), sys.stdout, indent=1)
    print()
