"""The bot when its SQLite file misbehaves, end to end through SimCord.

Another process holds an exclusive lock, or the disk is full: a /move that
cannot be committed is refused privately in the player's language, the game
in memory and on Discord stays as it was, and the same /move works once the
fault is gone. Every move acknowledged before is still stored.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import storage.sqlite.connection
from bot import Settings
from bot.errors import DatabaseAway
from storage import open_store
from tests.conftest import Table, play
from tests.db_faults import locked
from tests.system_tools import unavailable

MOVES = ["h2e2", "h9g7", "h0g2", "i9h9"]
AWAY_EN = (
    "I could not save that: my database is not answering at the moment."
    " Nothing was changed; try again in a minute."
)
AWAY_ZH = "无法保存：数据库暂时没有响应。什么都没有改变，请过一分钟再试。"


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


def refusals(table: Table) -> list[type]:
    return [type(getattr(e, "original", e)) for e in table.env.errors]


@pytest.fixture(autouse=True)
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock is waited for 0.2 s, not 10, before the write is refused."""
    monkeypatch.setattr(storage.sqlite.connection, "BUSY_TIMEOUT_MS", 200)


async def stored_moves(settings: Settings, game_id: int) -> list[str]:
    async with await open_store(settings.db_path) as store:
        return [e.text for e in (await store.load_game(game_id)).entries]


async def test_a_move_while_another_process_locks_the_file_is_refused_then_works(
    table: Table, settings: Settings
):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    await table.bob.slash(table.channel, "settings", language="zh")
    manager = table.env.bot.hub.here(thread.id)
    assert manager is not None
    posted = len(thread.history())
    with locked(settings.db_path):
        result = await table.bob.slash(thread, "move", move=MOVES[1])
        assert private(result) == AWAY_ZH
        result = await table.alice.slash(thread, "resign")
        assert private(result) == AWAY_EN
        # Nothing moved: not in memory, not on Discord; reading still works.
        assert manager.match.entries == MOVES[:1] and not manager.finished
        assert len(thread.history()) == posted
        board = await table.alice.slash(thread, "board")
        assert board.response.attachments  # the board as it was, one move played
    assert refusals(table) == [DatabaseAway, DatabaseAway]
    result = await table.bob.slash(thread, "move", move=MOVES[1])  # the refused move
    assert private(result) == "你走了 马8进7。"
    await play(table, thread, MOVES[2:])  # and the game goes on
    assert await stored_moves(settings, manager.id) == MOVES


@contextlib.contextmanager
def tiny_disk(where: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs mounted at ``where`` (root only: elsewhere the test is
    skipped, and with ``CI`` set it fails, as for any missing part)."""
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)], capture_output=True
    )
    if mounted.returncode != 0:
        unavailable("cannot mount a tmpfs here (needs root)")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


@contextlib.contextmanager
def full(disk: Path) -> Iterator[None]:
    """Fill ``disk`` to the last byte for as long as the block runs."""
    filler = disk / "filler"
    with contextlib.suppress(OSError), open(filler, "wb", buffering=0) as out:  # ENOSPC
        while True:
            out.write(b"\0" * 4096)
    try:
        yield
    finally:
        filler.unlink()


class TestFullDisk:
    """The bot's file on a tiny disk of its own."""

    @pytest.fixture
    def disk(self, tmp_path: Path) -> Iterator[Path]:
        with tiny_disk(tmp_path / "disk") as mounted:
            yield mounted

    @pytest.fixture
    def settings(self, disk: Path) -> Settings:
        return Settings(db_path=str(disk / "chuhan.sqlite3"))

    async def test_a_move_on_a_full_disk_is_refused_then_works_once_there_is_room(
        self, table: Table, settings: Settings, disk: Path
    ):
        thread = await table.start()
        await play(table, thread, MOVES[:2])
        manager = table.env.bot.hub.here(thread.id)
        assert manager is not None
        posted = len(thread.history())
        with full(disk):
            result = await table.alice.slash(thread, "move", move=MOVES[2])
            assert private(result) == AWAY_EN
            assert manager.match.entries == MOVES[:2]
            assert len(thread.history()) == posted
        assert refusals(table) == [DatabaseAway]
        await play(table, thread, MOVES[2:])
        assert await stored_moves(settings, manager.id) == MOVES
