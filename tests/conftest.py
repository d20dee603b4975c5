"""Shared pytest configuration: the hypothesis profiles, the tests of the pure build, and
Ctrl-C heard by the commands the tests start.

``ci`` (the default) keeps the property tests quick; ``HYPOTHESIS_PROFILE=slow`` runs many
more examples.  A test's own ``@settings`` still wins over the profile.
"""

from __future__ import annotations

import os
import signal

import pytest
from hypothesis import HealthCheck, settings

import cuckoo

settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "slow",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# A shell starts a background job (`pytest &`) with Ctrl-C and Ctrl-\ ignored, and a command
# the tests start would inherit that and never see the SIGINT or SIGQUIT they send it (the
# interrupt tests failed so, passing in the foreground): both as in the foreground here, so
# each is at its default in every child.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
if signal.getsignal(signal.SIGQUIT) == signal.SIG_IGN:
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The compiled build (``setup.py``) checks the annotations itself, raising TypeError
    for a value of the wrong type, and its modules cannot be patched or deep-copied: the
    tests of those are for the pure-Python reference."""
    if cuckoo.build() == "pure Python":
        return
    skip = pytest.mark.skip(reason=f"the {cuckoo.build()} build: see the 'pure' marker")
    for item in items:
        if item.get_closest_marker("pure"):
            item.add_marker(skip)
