"""Durability: SIGKILL at random moments loses nothing committed; racing writers.
Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from pathlib import Path

import pytest

from rules.errors import RulesError
from rules.match import Match
from storage import Entry, GameStatus, NewGame, SequenceConflict, Store, is_postgres, open_store

ROOT = Path(__file__).resolve().parent.parent
KILLS = 20
# The server outlives its killed client, so what a kill can break is smaller:
# fewer kills keep the suite quick.
POSTGRES_KILLS = 10


async def run_and_kill(target: str, seed: int, rng: random.Random) -> list[tuple[int, int, str]]:
    """Start the writer, let it commit for a random while, SIGKILL it; its reports."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.storage_helpers.kill_writer",
        target,
        str(seed),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    first = await asyncio.wait_for(proc.stdout.readline(), timeout=20)
    await asyncio.sleep(rng.uniform(0.0, 0.25))
    proc.kill()
    rest = await proc.stdout.read()
    await proc.wait()
    reports = []
    for line in (first + rest).decode().splitlines(keepends=True):
        if line.endswith("\n"):  # the last line may be cut by the kill
            _, game_id, seq, text = line.split()
            reports.append((int(game_id), int(seq), text))
    return reports


async def check_database(target: str, committed: dict[tuple[int, int], str]) -> int:
    """Everything reported is there, logs are contiguous, every game replays."""
    if not is_postgres(target):
        db = sqlite3.connect(target)
        try:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        finally:
            db.close()
    async with await open_store(target) as store:
        records = [await store.load_game(gid) for gid in {gid for gid, _ in committed}]
        stored = {(r.id, e.seq): e.text for r in records for e in r.entries}
        assert committed.items() <= stored.items()
        for record in records:
            assert [e.seq for e in record.entries] == list(range(len(record.entries)))
            match = await store.rebuild(record.id)  # raises on an illegal entry
            # The ending entry and the finish share a transaction.
            if record.status is GameStatus.FINISHED:
                assert match.outcome is not None and record.result == match.outcome.result
            else:
                assert match.outcome is None
        return len(stored)


async def test_sigkill_never_loses_a_committed_entry(store_target):
    rng = random.Random(20261129)
    committed: dict[tuple[int, int], str] = {}
    stored = 0
    kills = POSTGRES_KILLS if is_postgres(store_target) else KILLS
    for kill in range(kills):
        for game_id, seq, text in await run_and_kill(store_target, kill, rng):
            assert committed.setdefault((game_id, seq), text) == text
        stored = await check_database(store_target, committed)
    assert len(committed) > kills and stored >= len(committed)


async def test_racing_writers_for_one_seq(store_target):
    async with await open_store(store_target) as one, await open_store(store_target) as two:
        gid = await one.create_game(NewGame(1, 2, "xiangqi", 3, 4, {}, True, 5))
        for seq in range(30):
            results = await asyncio.gather(
                one.append(gid, seq, 3, f"a{seq}"),
                two.append(gid, seq, 4, f"b{seq}"),
                return_exceptions=True,
            )
            winners = [r for r in results if isinstance(r, Entry)]
            losers = [r for r in results if isinstance(r, SequenceConflict)]
            assert len(winners) == len(losers) == 1
            assert losers[0].expected == seq + 1
        record = await two.load_game(gid)
    assert [e.seq for e in record.entries] == list(range(30))
    assert all(e.text[1:] == str(e.seq) for e in record.entries)


async def test_writers_that_retry_interleave_cleanly(store_target):
    """Two processes' worth of writers, each reloading after a conflict."""

    async def writer(store: Store, gid: int, name: str, count: int) -> int:
        conflicts = 0
        for i in range(count):
            while True:
                seq = (await store.load_game(gid)).next_seq
                try:
                    await store.append(gid, seq, None, f"{name}{i}")
                    break
                except SequenceConflict:
                    conflicts += 1
        return conflicts

    async with await open_store(store_target) as one, await open_store(store_target) as two:
        gid = await one.create_game(NewGame(1, 2, "xiangqi", 3, 4, {}, True, 5))
        await asyncio.gather(writer(one, gid, "x", 40), writer(two, gid, "y", 40))
        texts = [e.text for e in (await one.load_game(gid)).entries]
    assert sorted(texts) == sorted([f"x{i}" for i in range(40)] + [f"y{i}" for i in range(40)])
    assert [t for t in texts if t[0] == "x"] == [f"x{i}" for i in range(40)]


async def test_rebuild_replays_the_log_with_the_secret_seed(store_target):
    async with await open_store(store_target) as store:
        gid = await store.create_game(NewGame(1, 2, "xiangqi", 3, 4, {}, True, 99))
        for seq, text in enumerate(["h2e2", "h9g7", "h0g2", "@b:undo-request", "@r:undo-accept"]):
            await store.append(gid, seq, 3, text)
        match = await store.rebuild(gid)
    assert isinstance(match, Match)
    assert [a.text for a in match.game.actions] == ["h2e2"]  # S-5: Red replied, two plies go
    assert match.entries[-1] == "@r:undo-accept"


@pytest.mark.parametrize("bad", ["e0e2", "@x:resign", "zz99"])
async def test_rebuild_reports_an_entry_the_rules_refuse(store_target, bad):
    async with await open_store(store_target) as store:
        gid = await store.create_game(NewGame(1, 2, "xiangqi", 3, 4, {}, True, 99))
        await store.append(gid, 0, 3, bad)
        with pytest.raises(RulesError):
            await store.rebuild(gid)
