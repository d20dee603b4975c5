"""Playing every game: bots, bots against bots, and a person against bots in the terminal.

:mod:`.tables` declares, once per game, what playing needs of it (who decides, chance, what
a seat may see); :mod:`.bots`, :mod:`.selfplay` and :mod:`.terminal` serve every game
through it.
"""

from .bots import BOTS, Bot, bot_named
from .tables import TABLES, Table

__all__ = ["BOTS", "TABLES", "Bot", "Table", "bot_named"]
