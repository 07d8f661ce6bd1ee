"""``getaway bench server``: a tiny run against a real ``getaway serve`` gives sane numbers."""

from __future__ import annotations

import json

import pytest

from getaway.cli import main
from getaway.core import GetawayError
from getaway.server.bench import bench_server, percentile


def test_a_tiny_server_bench_reports_sane_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "server", "--matches", "3", "--seconds", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["matches"] == 3
    assert result["actions"] > 0
    assert result["actions_per_second"] > 0
    assert 0 < result["p50_ms"] <= result["p99_ms"]
    assert result["offered_rate"] is None
    assert result["errors"] == 0
    assert result["database"] == "sqlite (temporary file)"
    assert result["client_cpu_seconds"] >= 0


def test_an_offered_rate_is_kept_to(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "server", "--matches", "2", "--seconds", "2", "--rate", "20"]) == 0
    out = capsys.readouterr().out
    assert "offered rate" in out and "20.0" in out


def test_percentiles_are_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([3.0], 0.99) == 3.0
    assert percentile([], 0.5) == 0.0


def test_both_transports_play_without_errors() -> None:
    for transport in ("ws", "http"):
        result = bench_server(matches=2, seconds=1.5, transport=transport)
        assert result.transport == transport
        assert result.actions > 0 and result.errors == 0


def test_an_unknown_transport_is_refused() -> None:
    with pytest.raises(GetawayError, match="unknown transport 'udp'; use one of: ws, http"):
        bench_server(matches=1, seconds=1, transport="udp")
