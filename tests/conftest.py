"""Shared pytest configuration: the hypothesis profiles.

``ci`` (the default) keeps the property tests quick; ``HYPOTHESIS_PROFILE=slow`` runs many
more examples.  A test's own ``@settings`` still wins over the profile.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
