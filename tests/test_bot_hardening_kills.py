"""SIGKILL a playing bot at random moments: every restart comes up, nothing told is lost.

The child (``tests/hardening_helpers/playing_bot.py``) is the real bot playing
short games through SimCord; it reports each action after the player was
told. Killed anywhere (between a game's ending entry and its result too),
the next bot on the same file must start, settle what the last one left,
and hold every entry a player was told about.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from pathlib import Path

from storage import GameStatus, SqliteStore

ROOT = Path(__file__).resolve().parent.parent
KILLS = 24
STARTUP_SECONDS = 60  # generous: the machine may be busy
Played = tuple[int, int, str]


async def start_and_kill(path: Path, seed: int, actions: int, pause: float) -> list[Played]:
    """Start a bot on ``path``; once it has reported ``actions`` actions, let it
    go on for ``pause`` seconds and SIGKILL it. Returns what it reported.
    Fails if it does not come up. Counting actions rather than seconds makes
    the kills land at the same points however loaded the machine is."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.hardening_helpers.playing_bot",
        str(path),
        str(seed),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    lines = []
    try:
        first = await asyncio.wait_for(proc.stdout.readline(), timeout=STARTUP_SECONDS)
        if first != b"up\n":
            await proc.wait()
            raise AssertionError(f"the bot did not come up:\n{(await proc.stderr.read()).decode()}")
        for _ in range(actions):
            line = await asyncio.wait_for(proc.stdout.readline(), timeout=STARTUP_SECONDS)
            assert line.endswith(b"\n"), (await proc.stderr.read()).decode()
            lines.append(line)
        await asyncio.sleep(pause)
    finally:
        if proc.returncode is None:
            proc.kill()
    lines.append(await proc.stdout.read())
    await proc.wait()
    played = []
    for line in b"".join(lines).decode().splitlines(keepends=True):
        if line.endswith("\n"):  # the last line may be cut by the kill
            _, game_id, seq, text = line.split()
            played.append((int(game_id), int(seq), text))
    return played


async def check_database(path: Path, told: dict[tuple[int, int], str]) -> int:
    """Every entry told is stored, logs are whole, and a game is active exactly
    while its log does not end it; the number of games over."""
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    over = 0
    async with await SqliteStore.open(path) as store:
        records = [await store.load_game(gid) for gid in {gid for gid, _ in told}]
        stored = {(r.id, e.seq): e.text for r in records for e in r.entries}
        assert told.items() <= stored.items()
        for record in records:
            assert [e.seq for e in record.entries] == list(range(len(record.entries)))
            outcome = (await store.rebuild(record.id)).outcome
            if record.status is GameStatus.ACTIVE:
                assert outcome is None, record.id
            else:
                assert outcome is not None and record.result == outcome.result, record.id
                over += 1
    return over


async def test_sigkilled_bot_always_restarts_and_loses_nothing(tmp_path):
    path = tmp_path / "bot.sqlite3"
    rng = random.Random(20261130)
    told: dict[tuple[int, int], str] = {}
    for kill in range(KILLS):
        actions, pause = rng.randrange(12), rng.uniform(0.0, 0.05)
        played = await start_and_kill(path, kill, actions, pause)
        assert len(played) >= actions
        for game_id, seq, text in played:
            assert told.setdefault((game_id, seq), text) == text
    await start_and_kill(path, KILLS, 0, 0.0)  # the last restart settles what the last kill left
    over = await check_database(path, told)
    assert len(told) > 3 * KILLS and over > KILLS // 4
