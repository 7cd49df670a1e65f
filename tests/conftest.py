"""Shared test settings."""

from __future__ import annotations

import os

from hypothesis import settings

# No per-example deadline: the exact (decimal) path and a loaded CI machine are slow, not wrong.
# CI runs a fixed, reproducible set of examples; a developer's run explores new ones.
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
