"""``getaway bench cluster``: the accounting of lost and duplicated actions, and a small
campaign against real processes (``long``: it kills and restarts servers and Redis)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from getaway.cli import main
from getaway.core import GetawayError
from getaway.server.cluster_bench import OK, REFUSED, UNKNOWN, Send, align, bench_cluster
from tests.server.conftest import fresh_database


def sends(*items: tuple[str, str, str]) -> list[Send]:
    return [Send(seat, action, outcome) for seat, action, outcome in items]


def test_acknowledged_actions_in_the_log_are_neither_lost_nor_duplicated() -> None:
    sent = sends(("a", "1", OK), ("b", "2", OK), ("a", "3", OK))
    assert align(sent, [("a", "1"), ("b", "2"), ("a", "3")]) == (0, 0)


def test_an_acknowledged_action_missing_from_the_log_is_lost() -> None:
    sent = sends(("a", "1", OK), ("b", "2", OK), ("a", "3", OK))
    assert align(sent, [("a", "1"), ("a", "3")]) == (1, 0)


def test_a_logged_action_nobody_sent_or_sent_once_and_logged_twice_is_duplicated() -> None:
    sent = sends(("a", "1", OK), ("b", "2", OK))
    assert align(sent, [("a", "1"), ("a", "1"), ("b", "2")]) == (0, 1)
    assert align(sent, [("a", "1"), ("b", "2"), ("c", "9")]) == (0, 1)


def test_an_unknown_outcome_may_or_may_not_be_logged_but_a_refusal_may_not() -> None:
    # The answer was lost and the client sent the same move again, acknowledged.
    retried = sends(("a", "1", UNKNOWN), ("a", "1", OK), ("b", "2", OK))
    assert align(retried, [("a", "1"), ("b", "2")]) == (0, 0)
    # The first one went through; the retry was refused as stale.
    through = sends(("a", "1", UNKNOWN), ("a", "1", REFUSED), ("b", "2", OK))
    assert align(through, [("a", "1"), ("b", "2")]) == (0, 0)
    # Refused yet logged: a duplicate (the server said no and did it).
    assert align(sends(("a", "1", REFUSED)), [("a", "1")]) == (0, 1)
    assert align(sends(("a", "1", UNKNOWN)), []) == (0, 0)


def test_the_campaign_needs_postgresql() -> None:
    with pytest.raises(GetawayError, match="needs a PostgreSQL database"):
        bench_cluster("sqlite:///x.sqlite3", matches=1)


@pytest.fixture
def empty_postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from fresh_database("postgresql", tmp_path_factory)


@pytest.mark.long
def test_a_small_campaign_loses_and_duplicates_nothing(
    empty_postgres: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "campaign.png"
    argv = ["bench", "cluster", "--processes", "2", "--matches", "6", "--kill-every", "3"]
    argv += ["--game", "scotland-yard", "--database-url", empty_postgres, "--json"]
    assert main([*argv, "--plot", str(plot)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["finished_matches"] == 6
    assert result["lost_actions"] == result["duplicated_actions"] == 0
    assert result["server_kills"] + result["redis_kills"] >= 1
    assert result["actions"] > 0 and plot.stat().st_size > 0
