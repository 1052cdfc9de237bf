"""Durability: SIGKILL at random moments loses nothing committed; racing
writers, finishers and appends in two stores on one database.
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
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import (
    Entry,
    GameNotActive,
    GameStatus,
    NewGame,
    SequenceConflict,
    Store,
    is_postgres,
    open_store,
)

ROOT = Path(__file__).resolve().parent.parent
KILLS = 20
# The server outlives its killed client, so what a kill can break is smaller:
# fewer kills keep the suite quick.
POSTGRES_KILLS = 10
RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)


def game(channel_id: int, red: int = 1, black: int = 2) -> NewGame:
    return NewGame(7, channel_id, "xiangqi", red, black, {}, True, 5)


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


async def test_two_stores_finishing_one_game_count_it_once(store_target):
    async with await open_store(store_target) as one, await open_store(store_target) as two:
        gid = await one.create_game(game(1))
        draw = Outcome(None, Reason.DRAW_AGREED)
        results = await asyncio.gather(
            one.finish_game(gid, RED_WINS, True), two.finish_game(gid, draw, True)
        )
        assert sorted(results) == [False, True]
        stats = (await one.player_stats(1))[0]
        assert stats.wins + stats.draws == 1 and stats.rated_games == 1


async def test_a_player_finishing_games_at_once_is_rated_for_each(store_target):
    """Games 1-vs-2 and 2-vs-1 finishing together neither deadlock (PostgreSQL
    locks rating rows in user-id order) nor lose an update."""
    async with await open_store(store_target) as one, await open_store(store_target) as two:
        rounds = 8
        for n in range(rounds):
            a = await one.create_game(game(2 * n + 10, red=1, black=2))
            b = await two.create_game(game(2 * n + 11, red=2, black=1))
            await asyncio.gather(
                one.finish_game(a, RED_WINS, True), two.finish_game(b, RED_WINS, True)
            )
        for user_id in (1, 2):
            stats = (await one.player_stats(user_id))[0]
            assert (stats.wins, stats.losses, stats.rated_games) == (rounds, rounds, 2 * rounds)


async def test_an_append_racing_a_finish_is_before_it_or_refused(store_target):
    async with await open_store(store_target) as one, await open_store(store_target) as two:
        for n in range(10):
            gid = await one.create_game(game(100 + n))
            results = await asyncio.gather(
                one.append(gid, 0, 1, "h2e2"),
                two.finish_game(gid, RED_WINS, False),
                return_exceptions=True,
            )
            assert results[1] is True
            record = await one.load_game(gid)
            assert record.status is GameStatus.FINISHED
            if isinstance(results[0], BaseException):
                assert isinstance(results[0], GameNotActive) and record.entries == ()
            else:
                assert [e.text for e in record.entries] == ["h2e2"]


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
