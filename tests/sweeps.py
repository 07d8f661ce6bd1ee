"""The size of a sweep over random games: smaller in ``./dev test``, full in ``./dev test-long``.

A test that plays many seeded games (or checks many positions) takes its size as a
parameter: ``quick`` runs by default and must still catch a broken rule (every variant and
player count keeps at least one game); ``full`` is marked ``long``, so ``./dev test`` leaves
it out and ``./dev test-long`` (``pytest -m long``) runs it. The suite's time on two cores is
the budget (README, "Quick start").
"""

from __future__ import annotations

from typing import Any

import pytest

__all__ = ["sweep"]


def sweep(name: str, quick: Any, full: Any) -> pytest.MarkDecorator:
    """Parametrize the test's argument ``name`` with ``quick`` (id ``quick``) and, under the
    ``long`` marker, ``full`` (id ``full``)."""
    return pytest.mark.parametrize(
        name,
        [pytest.param(quick, id="quick"), pytest.param(full, id="full", marks=pytest.mark.long)],
    )
