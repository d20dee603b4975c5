"""The three games in OpenSpiel, one module per game, so that OpenSpiel's algorithms run
on them unchanged.

Optional: needs the ``openspiel`` extra (``pip install '.[openspiel]'``).  Importing this
package registers them with :func:`pyspiel.register_game`: the dice pyramid as
``python_cuckoo_dice`` (:mod:`.dice`), the card game as ``python_cuckoo_cards``
(:mod:`.cards`, imperfect information) and Zum Kuckuck! as ``python_zum_kuckuck`` (the
basic version, simultaneous moves) and ``python_zum_kuckuck_tactical`` (:mod:`.kuckuck`);
load them with ``pyspiel.load_game("python_cuckoo_cards", {"players": 3})``.
"""

from . import cards, kuckuck
from .dice import ACTIONS, CuckooDiceGame, CuckooDiceState

__all__ = ["ACTIONS", "CuckooDiceGame", "CuckooDiceState", "cards", "kuckuck"]
