"""The database layer: the migration builds exactly the models' schema, appends and claims
are atomic, and a refused write leaves everything as it was."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from getaway.core import Move
from getaway.server.commit import GroupCommit
from getaway.server.db import BOT, BY_SEAT, HUMAN, Base, make_engine
from getaway.server.migrate import upgrade
from getaway.server.store import Append, LogConflictError, MatchRecord, SeatRecord, Store
from getaway.server.tokens import new_match_id
from tests.server.helpers import race


@pytest.fixture(scope="module")
def store(database_url: str) -> Iterator[Store]:
    engine = make_engine(database_url)
    upgrade(engine)
    yield Store(engine)
    engine.dispose()


def new_record(**changes: object) -> MatchRecord:
    record = MatchRecord(
        id=new_match_id(),
        game="scotland-yard",
        options={"players": 2},
        seed=1,
        players=2,
        host_token_hash="0" * 64,
        seats=[
            SeatRecord("mrx", HUMAN, None, "1" * 64),
            SeatRecord("detectives", BOT, "random", None),
        ],
    )
    for key, value in changes.items():
        setattr(record, key, value)
    return record


def test_the_migration_builds_the_models_schema(store: Store) -> None:
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
        assert {"matches", "seats", "actions"} <= set(inspect(connection).get_table_names())
    upgrade(store.engine)  # a second upgrade is a no-op


def test_appends_are_numbered_and_versioned(store: Store) -> None:
    record = new_record()
    store.insert_match(record)
    store.append(record.id, 0, 1, Move("mrx", "taxi:1"), BY_SEAT, False)
    for version, number in ((0, 2), (1, 1), (5, 2)):
        with pytest.raises(LogConflictError):
            store.append(record.id, version, number, Move("mrx", "taxi:2"), BY_SEAT, True)
    loaded = store.load(record.id)
    assert loaded is not None
    assert (loaded.version, loaded.actions, loaded.status) == (1, [Move("mrx", "taxi:1")], "active")


def test_only_the_last_action_can_be_removed(store: Store) -> None:
    record = new_record()
    store.insert_match(record)
    for number in (1, 2):
        store.append(record.id, number - 1, number, Move("mrx", f"taxi:{number}"), BY_SEAT, False)
    with pytest.raises(LogConflictError):
        store.remove_last(record.id, 2, 1)
    with pytest.raises(LogConflictError):
        store.remove_last(record.id, 1, 2)  # stale version
    store.remove_last(record.id, 2, 2)
    loaded = store.load(record.id)
    assert loaded is not None and (loaded.version, len(loaded.actions)) == (3, 1)


@pytest.mark.parametrize("attempt", range(3))
def test_of_simultaneous_claims_of_a_seat_exactly_one_wins(store: Store, attempt: int) -> None:
    record = new_record()
    store.insert_match(record)
    # A join takes only a seat the host opened to anyone.
    assert not store.claim(record.id, "mrx", "f" * 64)
    assert store.open_seat(record.id, "mrx")
    won = race(8, lambda i: store.claim(record.id, "mrx", f"{i:064d}"))
    assert won.count(True) == 1
    loaded = store.load(record.id)
    assert loaded is not None
    assert loaded.seats[1].token_hash == f"{won.index(True):064d}"  # seats sort by name
    assert not store.claim(record.id, "detectives")  # a bot seat is never claimed


def test_of_simultaneous_appends_at_one_version_exactly_one_lands(store: Store) -> None:
    record = new_record()
    store.insert_match(record)

    def append(_: int) -> bool:
        try:
            store.append(record.id, 0, 1, Move("mrx", "taxi:1"), BY_SEAT, False)
        except LogConflictError:
            return False
        return True

    assert race(6, append).count(True) == 1
    loaded = store.load(record.id)
    assert loaded is not None and loaded.version == 1 and len(loaded.actions) == 1


def test_a_second_rematch_returns_the_first(store: Store) -> None:
    original = new_record()
    store.insert_match(original)
    first = new_record(rematch_of=original.id)
    second = new_record(rematch_of=original.id)
    assert store.insert_rematch(first) == first.id
    assert store.insert_rematch(second) == first.id
    assert store.load(second.id) is None
    assert store.rematch_id(original.id) == first.id


def test_a_batch_writes_each_match_or_reports_its_conflict(store: Store) -> None:
    first, second = new_record(), new_record()
    store.insert_match(first)
    store.insert_match(second)
    outcomes = store.append_many(
        [
            Append(first.id, 0, 1, Move("mrx", "taxi:1"), BY_SEAT, False),
            Append(second.id, 7, 8, Move("mrx", "taxi:2"), BY_SEAT, False),  # stale
            Append(second.id, 0, 1, Move("mrx", "bus:3"), BY_SEAT, True),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], LogConflictError) and "version 7" in str(outcomes[1])
    one, two = store.load(first.id), store.load(second.id)
    assert one is not None and two is not None
    assert (one.version, one.actions, one.status) == (1, [Move("mrx", "taxi:1")], "active")
    assert (two.version, two.actions, two.status) == (1, [Move("mrx", "bus:3")], "finished")


def test_concurrent_appends_share_commits_and_all_land(store: Store) -> None:
    records = [new_record() for _ in range(12)]
    for record in records:
        store.insert_match(record)
    committer = GroupCommit(store)

    async def play() -> None:
        async def one_match(record: MatchRecord) -> None:
            for number in range(1, 6):
                move = Move("mrx", f"taxi:{number}")
                await committer.append(Append(record.id, number - 1, number, move, BY_SEAT, False))

        await asyncio.gather(*(one_match(r) for r in records))

    asyncio.run(play())
    assert committer.appended == 60
    # While one batch is on its way to disk the next matches' actions queue for the next.
    assert committer.batches < committer.appended
    for record in records:
        loaded = store.load(record.id)
        assert loaded is not None and loaded.version == 5
        assert loaded.actions == [Move("mrx", f"taxi:{n}") for n in range(1, 6)]


def test_a_conflict_in_a_batch_reaches_only_its_caller(store: Store) -> None:
    good, stale = new_record(), new_record()
    store.insert_match(good)
    store.insert_match(stale)
    committer = GroupCommit(store)

    async def play() -> tuple[BaseException | None, BaseException | None]:
        return await asyncio.gather(
            committer.append(Append(good.id, 0, 1, Move("mrx", "taxi:1"), BY_SEAT, False)),
            committer.append(Append(stale.id, 3, 4, Move("mrx", "taxi:1"), BY_SEAT, False)),
            return_exceptions=True,
        )

    first, second = asyncio.run(play())
    assert first is None and isinstance(second, LogConflictError)
    loaded = store.load(good.id)
    assert loaded is not None and loaded.version == 1
