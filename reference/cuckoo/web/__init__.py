"""What the browser app asks of the engine, answered as JSON-ready values.

The app (``docs/app/``) runs this package in the page through Pyodide, so the rules are the
reference engine's own and nothing is written twice in JavaScript.  The page keeps no game
state of its own beyond what it stores: a record's text for the viewer, and for the
recorder and the play page a *table*, a plain dict of the setup and the moves so far (each
as text), which is what the browser's storage holds.  Every call here is a function of its
arguments, and the same dict in gives the same answer out.

The page calls what this module names (``docs/app/engine-worker.js``): the viewer's
(``viewer.py``), the recorder's (``recorder.py``) and the play page's (``play.py``; its
guided first game, ``guide.py``); a table is read in ``table.py``, its choices made in
``choices.py``, what one seat may know in ``seats.py``; the words the play page says come
from :mod:`cuckoo.players.words`.
"""

from ..players.words import describe
from .common import problem, to_json
from .guide import play_guide_move, play_guide_next, play_guide_record, play_guide_start
from .play import play_hint, play_move, play_next, play_record, play_view, random_setup
from .recorder import table_new, table_play, table_record, table_show, table_view
from .table import load
from .viewer import MAX_TEXT, Viewer

__all__ = [
    "MAX_TEXT",
    "Viewer",
    "describe",
    "load",
    "play_guide_move",
    "play_guide_next",
    "play_guide_record",
    "play_guide_start",
    "play_hint",
    "play_move",
    "play_next",
    "play_record",
    "play_view",
    "problem",
    "random_setup",
    "table_new",
    "table_play",
    "table_record",
    "table_show",
    "table_view",
    "to_json",
]
