"""The view timings of ``getaway bench`` (figures, not speed checks)."""

from __future__ import annotations

import pytest

from getaway.bench_views import view_timings
from getaway.core import get_game


@pytest.mark.parametrize("name", ["cash-n-guns", "scotland-yard"])
def test_view_timings_report_both_positions(name: str) -> None:
    figures = view_timings(get_game(name), seed=3, games=2)
    assert set(figures) == {"view_us_ply10", "view_us_last", "view_last_ratio"}
    assert figures["view_us_ply10"] > 0 and figures["view_us_last"] > 0
