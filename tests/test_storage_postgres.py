"""What only PostgreSQL has: its migrations, claims of due deadlines that
keep several processes' sweeps apart, the copy from SQLite and the ``python
-m storage`` commands. The shared behaviour is tested on both databases by
the other storage tests."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from rules.match import platform_entry
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import (
    ChallengeStatus,
    GameNotActive,
    GameStatus,
    NewGame,
    PostgresStore,
    SequenceConflict,
    Shards,
    SqliteStore,
    open_store,
)
from storage.copy import CopyRefused, copy_sqlite_to_postgres
from storage.postgres import schema
from storage.schema import LATEST as SQLITE_LATEST
from storage.schema import SchemaTooNew

ROOT = Path(__file__).resolve().parent.parent
RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)


def game(channel_id: int, red: int = 1, black: int = 2, **changes) -> NewGame:
    fields = dict(
        guild_id=7,
        channel_id=channel_id,
        variant="xiangqi",
        red_id=red,
        black_id=black,
        options={},
        rated=True,
        seed=5,
    )
    fields.update(changes)
    return NewGame(**fields)


async def fetch(dsn: str, sql: str, *args):
    conn = await asyncpg.connect(dsn)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


# -- migrations ---------------------------------------------------------------


async def test_empty_database_gets_every_step_once(postgres_dsn):
    opened = await asyncio.gather(*(open_store(postgres_dsn) for _ in range(4)))
    for store in opened:
        await store.close()
    rows = await fetch(postgres_dsn, "SELECT version FROM schema_version ORDER BY version")
    assert [r["version"] for r in rows] == list(range(1, schema.LATEST + 1))
    assert schema.LATEST == SQLITE_LATEST  # one step for each of SQLite's


async def test_same_tables_and_columns_as_sqlite(postgres_dsn, tmp_path):
    async with await open_store(postgres_dsn), await SqliteStore.open(tmp_path / "s.db"):
        pass
    db = sqlite3.connect(tmp_path / "s.db")
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
    in_sqlite = {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")} for t in tables}
    db.close()
    rows = await fetch(
        postgres_dsn,
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name <> 'schema_version'",
    )
    in_postgres: dict[str, set[str]] = {}
    for row in rows:
        in_postgres.setdefault(row["table_name"], set()).add(row["column_name"])
    in_postgres["games"].remove("claimed_until")  # the one column for several processes
    assert in_postgres == in_sqlite


async def test_rating_dates_and_notice_marks_are_filled_on_upgrade(postgres_dsn):
    """Steps 3 and 4 on a version 2 database: a rating is dated by its last rated
    game, and games stored before notices owe none (as SQLite's steps do)."""
    conn = await asyncpg.connect(postgres_dsn)
    try:
        assert await schema.migrate(conn, target=2) == 2
        await conn.execute(
            """
            INSERT INTO players (id, name, created_at) VALUES (1, 'a', 0), (2, 'b', 0);
            INSERT INTO prefs (user_id, notation) VALUES (1, 'wxf');
            INSERT INTO games (id, guild_id, channel_id, variant, red_id, black_id, options,
                               rated, status, result, reason, created_at, updated_at, finished_at)
                VALUES (7, 55, 9, 'xiangqi', 1, 2, '{}', TRUE, 'finished', '1-0', 'checkmate',
                        1.0, 2.0, 2.0),
                       (8, 55, 9, 'xiangqi', 2, 1, '{}', FALSE, 'finished', '1-0', 'checkmate',
                        3.0, 4.0, 4.0),
                       (9, 55, 9, 'xiangqi', 2, 1, '{}', TRUE, 'active', NULL, NULL,
                        5.0, 6.0, NULL);
            INSERT INTO entries (game_id, seq, actor_id, text, at)
                VALUES (9, 0, 2, 'h2e2', 5.5), (9, 1, 1, 'h9g7', 5.6);
            INSERT INTO ratings (user_id, variant, rated_games) VALUES (1, 'xiangqi', 1);
            """
        )
    finally:
        await conn.close()
    async with await open_store(postgres_dsn) as store:
        assert [await store.notified(gid) for gid in (7, 8, 9)] == [0, 0, 2]
        prefs = await store.get_prefs(1)
        assert (prefs.notation, prefs.notify) == ("wxf", "thread")
        assert await store.player_locale(1) is None
    rows = await fetch(postgres_dsn, "SELECT user_id, rated_at FROM ratings")
    assert [tuple(r) for r in rows] == [(1, 2.0)]  # game 8 was unrated


async def test_a_failed_step_leaves_the_database_as_it_was(postgres_dsn, monkeypatch):
    async with await open_store(postgres_dsn):
        pass
    broken = "CREATE TABLE half_done (x int); SELECT 1 / 0;"
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, broken))
    conn = await asyncpg.connect(postgres_dsn)
    try:
        with pytest.raises(asyncpg.DivisionByZeroError):
            await schema.migrate(conn, target=schema.LATEST + 1)
        assert await schema.schema_version(conn) == schema.LATEST
        assert await conn.fetchval("SELECT to_regclass('half_done')") is None
    finally:
        await conn.close()


async def test_a_newer_database_is_refused(postgres_dsn):
    async with await open_store(postgres_dsn):
        pass
    await fetch(postgres_dsn, "INSERT INTO schema_version (version) VALUES (99)")
    with pytest.raises(SchemaTooNew):
        await open_store(postgres_dsn)


# -- claiming due deadlines ---------------------------------------------------


async def test_two_sweepers_claim_each_due_game_once(postgres_dsn):
    async with await open_store(postgres_dsn) as one, await open_store(postgres_dsn) as two:
        due = [await one.create_game(game(200 + n, deadline=50.0 + n)) for n in range(30)]
        await one.create_game(game(300, deadline=500.0))  # not yet due
        claims = []
        for _ in range(3):
            claims += await asyncio.gather(
                one.claim_due(100.0, lease=1000.0), two.claim_due(100.0, lease=1000.0)
            )
        claimed = [gid for batch in claims for gid in batch]
        assert sorted(claimed) == due  # every due game, each once
        # A move sets a new deadline, which ends the claim.
        await one.append(due[0], 0, 1, "h2e2", deadline=150.0)
        assert await two.claim_due(140.0) == []
        assert await two.claim_due(150.0) == [due[0]]


async def test_a_claim_lapses_after_its_lease(postgres_dsn):
    async with await open_store(postgres_dsn) as store:
        gid = await store.create_game(game(1, deadline=10.0))
        assert await store.claim_due(20.0, lease=30.0) == [gid]
        assert await store.claim_due(49.0) == []
        assert await store.claim_due(51.0) == [gid]  # its claimer died: someone retries


async def sweep(store, shards: Shards | None, now: float) -> list[int]:
    """What a process's deadline sweep does: claim, replay, append the timeout."""
    fired = []
    for gid in await store.claim_due(now, shards):
        match = await store.rebuild(gid)
        text = platform_entry(match.game.turn, "timeout")
        match.apply(text)
        try:
            await store.append(
                gid,
                len(match.entries) - 1,
                None,
                text,
                outcome=match.outcome,
                effective=match.effective,
            )
        except (SequenceConflict, GameNotActive):
            continue
        fired.append(gid)
    return fired


async def test_processes_sweeping_at_once_time_out_each_game_once(postgres_dsn):
    """Shard 0's process, shard 1's, and a third serving both (a restarted
    process overlapping the old ones) sweep together: every due game of every
    guild times out once, and only its own shards' games in each."""
    zero, one = Shards.of(2, [0]), Shards.of(2, [1])
    guilds = {0: (1 << 22) * 2, 1: (1 << 22) * 3}
    async with (
        await open_store(postgres_dsn) as a,
        await open_store(postgres_dsn) as b,
        await open_store(postgres_dsn) as c,
    ):
        games = {
            await a.create_game(game(n, guild_id=guilds[n % 2], deadline=10.0 + n)): n % 2
            for n in range(24)
        }
        fired: list[list[int]] = [[], [], []]
        for now in (20.0, 30.0, 40.0):
            rounds = await asyncio.gather(
                sweep(a, zero, now), sweep(b, one, now), sweep(c, None, now)
            )
            for mine, new in zip(fired, rounds, strict=True):
                mine += new
        everything = [gid for mine in fired for gid in mine]
        assert sorted(everything) == sorted(games)  # each once
        assert all(games[gid] == 0 for gid in fired[0])
        assert all(games[gid] == 1 for gid in fired[1])
        for gid in games:
            record = await a.load_game(gid)
            assert record.status is GameStatus.FINISHED
            assert [e.text[-7:] for e in record.entries] == ["timeout"]
        stats = (await a.player_stats(1))[0]
        assert stats.losses == len(games)


# -- copying from SQLite ------------------------------------------------------


async def fill_sqlite(path: Path) -> None:
    async with await SqliteStore.open(path, clock=lambda: 1_000.0) as store:
        await store.upsert_player(1, "Xiang Yu")
        await store.set_prefs(1, language="zh", labels=True, notify="dm")
        await store.set_locale(1, "zh-TW")
        await store.set_guild_setting(7, "channel", {"id": 5})
        finished = await store.create_game(game(1, options={"time": "10+0"}, deadline=9.0))
        for seq, text in enumerate(["h2e2", "h9g7", "@r:resign"]):
            await store.append(finished, seq, None, text)
        await store.settle_ended_games()
        running = await store.create_game(game(2, seed=2**70, secret={"s": [1]}, deadline=5.0))
        await store.append(running, 0, 1, "b2e2")
        await store.set_notified(running, 1)
        challenge = await store.create_challenge(
            guild_id=7, channel_id=3, challenger_id=1, variant="jieqi", expires_at=60.0
        )
        await store.set_challenge_status(challenge.id, ChallengeStatus.ACCEPTED)


async def snapshot(store) -> list[object]:
    """Everything a bot could read back from a store, for comparing two."""
    games = [await store.load_game(gid) for gid in (1, 2)]
    return [
        games,
        [await store.load_secret(gid) for gid in (1, 2)],
        await store.player_stats(1),
        await store.player_stats(2),
        await store.leaderboard("xiangqi", 7),
        await store.leaderboard("xiangqi", None),
        await store.get_prefs(1),
        await store.player_name(1),
        await store.player_locale(1),
        [await store.notified(gid) for gid in (1, 2)],
        await store.get_guild_setting(7, "channel"),
        await store.get_challenge(1),
        await store.export_json(1),
    ]


async def test_copy_moves_the_whole_history_and_checks_counts(tmp_path, postgres_dsn):
    path = tmp_path / "chuhan.sqlite3"
    await fill_sqlite(path)
    counts = await copy_sqlite_to_postgres(path, postgres_dsn)
    assert {c.table: c.postgres for c in counts}["entries"] == 4
    assert all(c.sqlite == c.postgres for c in counts)
    async with await SqliteStore.open(path) as lite, await PostgresStore.open(postgres_dsn) as pg:
        assert await snapshot(pg) == await snapshot(lite)
        # New rows continue after the copied ids.
        assert await pg.create_game(game(9)) == 3
        assert (
            await pg.create_challenge(
                guild_id=1, channel_id=1, challenger_id=1, variant="xiangqi", expires_at=1.0
            )
        ).id == 2
    with pytest.raises(CopyRefused, match="already holds"):
        await copy_sqlite_to_postgres(path, postgres_dsn)


def run_storage(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", *args], cwd=ROOT, capture_output=True, text=True
    )


async def test_the_storage_commands(tmp_path, postgres_dsn):
    path = tmp_path / "chuhan.sqlite3"
    await fill_sqlite(path)
    migrated = await asyncio.to_thread(run_storage, "migrate", "--db", postgres_dsn)
    assert migrated.stdout == f"schema version {schema.LATEST}\n", migrated.stderr
    new_file = str(tmp_path / "new.sqlite3")
    migrated = await asyncio.to_thread(run_storage, "migrate", "--db", new_file)
    assert migrated.stdout == f"schema version {SQLITE_LATEST}\n", migrated.stderr
    copied = await asyncio.to_thread(run_storage, "copy", "--from", str(path), "--to", postgres_dsn)
    assert copied.returncode == 0, copied.stderr
    assert "entries: 4 rows copied, 4 in PostgreSQL" in copied.stdout
    assert copied.stdout.endswith("counts match\n")
    again = await asyncio.to_thread(run_storage, "copy", "--from", str(path), "--to", postgres_dsn)
    assert again.returncode == 1 and again.stdout.startswith("refused:")
