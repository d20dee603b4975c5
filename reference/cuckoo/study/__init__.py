"""Variant studies: which rules make the best game, measured by many seeded games.

:mod:`.spec` reads a study file; :mod:`.tasks` makes every game an independent task with its
own seed and plays it; :mod:`.executors` runs the tasks in local processes or on a Dask
cluster; :mod:`.results` keeps the results file that a study resumes from; :mod:`.measures`
and :mod:`.stats` turn the games into figures with 95% intervals and Holm-corrected
comparisons; :mod:`.report` writes them as tables and charts; :mod:`.command` is
``cuckoo study``.
"""

from .command import add_arguments, main
from .measures import Summary, summarize
from .results import read_results
from .spec import Study, StudyError, read_study
from .tasks import Task, play_task, tasks_of

__all__ = [
    "Study",
    "StudyError",
    "Summary",
    "Task",
    "add_arguments",
    "main",
    "play_task",
    "read_results",
    "read_study",
    "summarize",
    "tasks_of",
]
