"""The computer when its engines misbehave, through Discord with SimCord: the
real Fairy-Stockfish killed or stopped (SIGSTOP) in the middle of a search,
an engine that answers garbage, a search worker killed or stopped in the
middle of a search. Each time the computer still moves (from the built-in
search), the engine is started again behind the game, and the game goes on.

No verdict here reads a clock: a computer that waited on a broken engine
would leave the bot unsettled, and SimCord's settle deadline (far above any
engine's time) would fail the command.
"""

from __future__ import annotations

import logging
import os
import random
import signal
from collections.abc import Callable
from types import SimpleNamespace

import pytest

import bot.cogs.computer
import bot.opening
from bot import Settings
from computer.fairy import engine_path
from computer.opponent import Opponent
from computer.pool import SearchPool
from rules.actions import Action
from rules.variant import Game
from tests.engine_helpers import bad_engine
from tests.system_tools import require

pytestmark = pytest.mark.simcord(settle_timeout=60)
WORKER_GRACE = 5.0  # seconds a stopped worker is given past its time here (30 in the bot)


def opponent_of(table) -> Opponent:
    return table.env.bot.get_cog("Computer").opponent


async def computer_game(table, variant: str = "xiangqi", level: int = 1):
    """Alice (Red) against the computer at ``level``; returns the thread."""
    await table.alice.slash(
        table.channel, "play computer", variant=variant, level=level, color="red"
    )
    return table.channel.threads[-1]


async def alice_moves(table, thread) -> None:
    """Alice plays a legal action; the computer must have answered it by the
    time the bot settles."""
    manager = table.env.bot.hub.here(thread.id)
    before = len(manager.match.entries)
    move = safe_action(manager.match.game, random.Random(before))
    result = await table.alice.slash(thread, "move", move=move)
    assert result.ephemeral
    assert len(manager.match.entries) == before + 2, "the computer did not move"
    assert manager.looks_like_turn(table.alice.id)


def safe_action(game: Game, rng: random.Random) -> str:
    """A legal action that does not end the game and after which no reply
    does: the deal is random, and a game won by chance, by either side (a
    face-down king taken), would end the test early."""
    actions = sorted(game.legal_actions(), key=lambda action: action.text)
    rng.shuffle(actions)
    for action in actions:
        after = type(game).replay([*game.actions, action], game.options, game.seed)
        if after.outcome() is None and all(_survives(after, r) for r in after.legal_actions()):
            return action.text
    raise AssertionError("every action loses at once")


def _survives(game: Game, reply: Action) -> bool:
    after = type(game).replay([*game.actions, reply], game.options, game.seed)
    return after.outcome() is None


def strike_mid_search(opponent: Opponent, fault: Callable[[int], None]) -> list[int]:
    """Make ``fault(pid)`` strike the running engine when it reports its
    first iteration after the next ``go``: it is then searching, seconds
    before its answer is due. Returns the pid struck (once it is)."""
    engine = opponent.fairy.engine.engine
    real_send, real_next_line = engine.send, engine._next_line
    searching: list[bool] = []
    struck: list[int] = []

    def send(line: str) -> None:
        real_send(line)
        if line.startswith("go"):
            searching.append(True)

    async def next_line() -> str:
        text = await real_next_line()
        if searching and not struck and text.startswith("info depth"):
            struck.append(engine.process.pid)
            fault(engine.process.pid)
        return text

    engine.send = send  # type: ignore[method-assign]
    engine._next_line = next_line  # type: ignore[method-assign]
    return struck


def kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def stop(pid: int) -> None:
    os.kill(pid, signal.SIGSTOP)


@pytest.mark.parametrize("fault", [kill, stop], ids=["killed", "stopped"])
async def test_fairy_stockfish_failing_mid_search_hands_the_move_to_the_builtin_search(
    table, caplog, fault
):
    require(engine_path(), "fairy-stockfish")
    thread = await computer_game(table, level=6)  # 200,000 nodes: struck long before its answer
    opponent = opponent_of(table)
    managed = opponent.fairy.engine
    await alice_moves(table, thread)
    assert opponent.fallbacks == 0 and managed.starts == 1
    first = managed.engine.process
    struck = strike_mid_search(opponent, fault)
    with caplog.at_level(logging.WARNING):
        await alice_moves(table, thread)
    assert struck == [first.pid]
    assert first.returncode is not None  # the stopped one is killed, never reused
    assert opponent.fallbacks == 1
    assert "the built-in engine plays this move" in caplog.text
    await managed.restarted()
    assert managed.starts == 2 and managed.engine.alive
    assert managed.engine.process.pid != first.pid
    await alice_moves(table, thread)  # Fairy-Stockfish is back
    assert opponent.fallbacks == 1
    assert len(table.env.bot.hub.here(thread.id).match.entries) == 6


@pytest.fixture
def settings(tmp_path, request) -> Settings:
    """The bot's settings; parametrized with a mode, its engine is
    ``tests/engine_helpers/bad_engine.py`` in that mode."""
    mode = getattr(request, "param", None)
    engine = None if mode is None else bad_engine.program(tmp_path, mode)
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), engine=engine)


@pytest.mark.parametrize("settings", ["nonsense", "illegal", "babble", "chatter"], indirect=True)
async def test_an_engine_answering_garbage_is_never_believed(table, caplog):
    thread = await computer_game(table)
    opponent = opponent_of(table)
    managed = opponent.fairy.engine
    with caplog.at_level(logging.WARNING):
        await alice_moves(table, thread)
    assert opponent.fallbacks == 1 and "the built-in engine plays this move" in caplog.text
    await managed.restarted()
    assert managed.starts == 2  # started again in the background, and failing again
    await alice_moves(table, thread)
    assert opponent.fallbacks == 2
    assert len(table.env.bot.hub.here(thread.id).match.entries) == 4


def strike_next_search(pool: SearchPool, fault: Callable[[int], None]) -> list[int]:
    """Make ``fault(pid)`` strike the worker of the pool's next search just
    before the request is written to it. Struck after the write, a worker
    woken by the request may be scheduled at once and answer a quick search
    before the fault lands, on a loaded machine."""
    real_send = pool._send
    struck: list[int] = []

    async def send(process, request):
        if not struck:
            struck.append(process.pid)
            fault(process.pid)
        await real_send(process, request)

    pool._send = send  # type: ignore[method-assign]
    return struck


@pytest.fixture
def fixed_seeds(monkeypatch):
    """The deal and the computer's noise fixed: with a random deal, one game
    in a few dozen left Alice no move that every reply survives."""
    fixed = SimpleNamespace(randbits=lambda bits: 20261205, randbelow=lambda n: 0)
    monkeypatch.setattr(bot.opening, "secrets", fixed)
    monkeypatch.setattr(bot.cogs.computer, "secrets", fixed)


@pytest.mark.parametrize("fault", [kill, stop], ids=["killed", "stopped"])
@pytest.mark.usefixtures("fixed_seeds")
async def test_a_search_worker_failing_mid_search_is_replaced(table, caplog, fault):
    thread = await computer_game(table, "jieqi")  # always the built-in search
    pool = opponent_of(table).pool
    pool.grace = WORKER_GRACE
    await alice_moves(table, thread)
    (first,) = pool._all
    struck = strike_next_search(pool, fault)
    with caplog.at_level(logging.INFO):
        await alice_moves(table, thread)
    assert struck == [first.pid] and first.returncode is not None
    assert first not in pool._all and len(pool._all) == 1  # a new worker searched
    said = "a search worker died" if fault is kill else "failed; it looks again"
    assert said in caplog.text
    await alice_moves(table, thread)  # and the new worker goes on
