"""Migration 0003 on a database from before it: old matches keep working, their seats start
reserved for their links, and their viewers go on from the match's global version (above
anything they were sent, so no version goes back)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import text

from getaway.server.db import make_engine
from getaway.server.match import LiveMatch
from getaway.server.migrate import upgrade
from getaway.server.store import Store


def test_a_match_from_before_0003_loads_with_reserved_seats_and_global_versions(
    database_url: str,
) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0001")
        now = datetime.now(UTC)
        with engine.begin() as db:
            db.execute(
                text(
                    "INSERT INTO matches (id, game, options, seed, players, status, version,"
                    " created_at, updated_at, host_token_hash) VALUES ('old', 'scotland-yard',"
                    " :options, 7, 2, 'active', 3, :now, :now, :hash)"
                ),
                {"options": '{"players": 2}', "now": now, "hash": "0" * 64},
            )
            for seat in ("mrx", "detectives"):
                db.execute(
                    text(
                        "INSERT INTO seats (match_id, seat, token_hash, kind) "
                        "VALUES ('old', :seat, :hash, 'human')"
                    ),
                    {"seat": seat, "hash": seat[0] * 64},
                )
        upgrade(engine)
        record = Store(engine).load("old")
        assert record is not None
        assert record.viewer_versions is None
        assert [s.open for s in record.seats] == [False, False]
        match = LiveMatch(record)
        assert {match.version_for(v) for v in ("mrx", "detectives", "spectator")} == {3}
        assert not Store(engine).claim("old", "mrx", "f" * 64)  # reserved: no join
        assert Store(engine).open_seat("old", "mrx")
        assert Store(engine).claim("old", "mrx", "f" * 64)
    finally:
        engine.dispose()
