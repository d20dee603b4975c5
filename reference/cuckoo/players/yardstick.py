"""A yardstick for the card game's hard level: the same search, played in the real deal
instead of worlds drawn from what the seat has seen.  It sees every card dealt (not the
stock's order, still drawn), which no player may: it is no level and no bot a player can
choose, only the measure of how much the hard level loses by not seeing (the balance page,
``python docs/balance.py --limit``)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from .search import HORIZONS, playout
from .tables import TABLES
from .worlds import History

__all__ = ["SeerBot"]


@dataclass
class SeerBot:
    """Every decision played out in *worlds* draws of chance from the real state."""

    game: str
    worlds: int = 64
    name: str = "seer"

    def choose(
        self, state: Any, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        table = TABLES[self.game]
        seat = table.choosing(state)[0] if seat is None else seat
        options = table.decisions(state, seat)
        if len(options) == 1:
            return options[0]
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            seed = rng.getrandbits(64)
            for i, option in enumerate(options):
                totals[i] += playout(table, HORIZONS[self.game], state, seat, option, Random(seed))
        return options[max(range(len(options)), key=lambda i: (totals[i], -i))]
