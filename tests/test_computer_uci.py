"""The UCI client against the real Fairy-Stockfish (skipped locally without it,
failing under CI), and its errors: a dead engine, a silent one, a restart;
the built-in search's worker processes likewise."""

from __future__ import annotations

import asyncio
import shutil

import pytest

from computer.fairy import FairyStockfish, engine_path, from_uci, to_uci
from computer.levels import level
from computer.pool import SearchPool
from computer.uci import (
    GRACE,
    SLOWEST_NODES_PER_S,
    START_TIMEOUT,
    EngineError,
    EngineTerminatedError,
    Limit,
    ManagedEngine,
    UciEngine,
)
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from tests.engine_helpers import bad_engine
from tests.system_tools import require

# Red to move: a chariot to a9 or d1 mates (rank 8 is held, e9 faces Red's king).
MATE_IN_ONE = {"fen": "3k5/1R7/9/9/9/9/8p/9/R8/4K4 w - - 0 1"}


@pytest.fixture
def fairy() -> str:
    return require(engine_path(), "fairy-stockfish")


def test_moves_convert_between_ranks_0_9_and_1_10():
    assert to_uci(Move.from_iccs("h2e2")) == "h3e3"
    assert from_uci("b10c8") == Move.from_iccs("b9c7")
    with pytest.raises(ValueError):
        from_uci("z1a1")


def test_the_setting_wins_over_path_and_an_unknown_program_is_none(tmp_path):
    assert engine_path("no-such-engine-here") is None
    assert engine_path("sh") == shutil.which("sh")


def test_limit_builds_go_commands():
    assert Limit(time=0.25).go() == "go movetime 250"
    assert Limit(depth=3, nodes=1000).go() == "go depth 3 nodes 1000"
    with pytest.raises(ValueError):
        Limit().go()
    assert Limit(nodes=500, searchmoves=("h3e3",)).go() == "go nodes 500 searchmoves h3e3"


def test_a_budget_of_nodes_is_waited_for_as_long_as_a_slow_machine_needs():
    small, large = Limit(nodes=1_000).timeout(), Limit(nodes=800_000).timeout()
    assert Limit(time=1.5).timeout() == pytest.approx(1.5 + GRACE)
    assert large - small == pytest.approx(799_000 / SLOWEST_NODES_PER_S)
    assert small > START_TIMEOUT  # a first search may wait for the engine's start


async def test_searchmoves_scores_the_move_it_names_even_a_bad_one(fairy):
    engine = await UciEngine.open(fairy)
    try:
        await engine.configure({"UCI_Variant": "xiangqi"})
        best = await engine.play(None, [], Limit(nodes=20_000))
        bad = await engine.play(None, [], Limit(nodes=20_000, searchmoves=("a4a5",)))
        assert bad.move == "a4a5" != best.move
        assert bad.info["score"][1] < best.info["score"][1]
    finally:
        await engine.quit()


async def test_handshake_and_a_legal_move_from_a_handicap_start(fairy):
    engine = await UciEngine.open(fairy)
    try:
        assert "Fairy-Stockfish" in engine.id_name
        assert {"UCI_Variant", "Skill Level"} <= engine.options
        await engine.configure({"UCI_Variant": "xiangqi"})
        with pytest.raises(EngineError):
            await engine.configure({"No Such Option": 1})
        result = await engine.play(None, ["h3e3"], Limit(depth=4))
        assert result.info["depth"] == 4 and result.info["score"][0] in ("cp", "mate")
        match = Match.start("xiangqi")
        match.apply("h2e2")
        assert from_uci(result.move) in match.game.legal_actions()
    finally:
        await engine.quit()
    assert not engine.alive


async def test_fairy_player_answers_a_mate_in_one_with_the_mate(fairy):
    options = MATE_IN_ONE
    player = FairyStockfish(fairy)
    try:
        result = await player.best(options, [], level(8), Limit(depth=3))
        match = Match.start("xiangqi", options)
        match.apply(from_uci(result.move).text)
        assert match.outcome == Outcome(Color.RED, Reason.CHECKMATE)
    finally:
        await player.quit()


async def test_a_killed_engine_raises_terminated_and_the_managed_one_restarts(fairy):
    """The request that finds the engine dead fails at once; the restart
    happens behind it, and the next request has the new engine."""
    managed = ManagedEngine(fairy, {"UCI_Variant": "xiangqi"})
    try:
        first = await managed.play(None, [], Limit(depth=2))
        assert first.move is not None and managed.starts == 1
        engine = managed.engine
        assert engine is not None
        engine.process.kill()
        await engine.process.wait()
        with pytest.raises(EngineTerminatedError):
            await engine.play(None, [], Limit(depth=2))
        with pytest.raises(EngineTerminatedError):
            await managed.play(None, [], Limit(depth=2))
        await managed.restarted()
        again = await managed.play(None, [], Limit(depth=2))
        assert again.move is not None and managed.starts == 2
    finally:
        await managed.quit()


async def test_a_missing_program_is_terminated_and_a_silent_one_times_out(tmp_path):
    with pytest.raises(EngineTerminatedError):
        await UciEngine.open(str(tmp_path / "nothing"))
    silent = require(shutil.which("cat"), "cat")  # echoes "uci" and never says uciok
    started = asyncio.get_running_loop().time()
    with pytest.raises(EngineError) as caught:
        await UciEngine.open(silent, timeout=0.3)
    assert not isinstance(caught.value, EngineTerminatedError)
    assert asyncio.get_running_loop().time() - started < 3


async def test_search_workers_answer_and_a_dead_one_is_replaced():
    knowledge = knowledge_of(Match.start("xiangqi", MATE_IN_ONE), Color.RED)
    pool = SearchPool(1)
    try:
        first = await pool.choose(knowledge, level(8), 0)
        assert first.action in ("a1a9", "a1d1")
        (worker,) = pool._idle
        worker.kill()
        await worker.wait()
        again = await pool.choose(knowledge, level(8), 0)  # a new worker searched it
        assert again.action in ("a1a9", "a1d1")
        assert worker not in pool._all and len(pool._all) == 1
    finally:
        await pool.close()
    assert not pool._all


async def test_an_engine_that_keeps_failing_rests_longer_each_time(tmp_path):
    """Every request to a broken engine fails at once; after each failure it
    is asked again only once it has rested 0, 1, 3... requests, started in
    the background in the meantime."""
    broken = bad_engine.program(tmp_path, "babble")  # a line far too long for UCI
    managed = ManagedEngine(broken, {"UCI_Variant": "xiangqi"})
    asked = []
    try:
        for request in range(1, 11):
            with pytest.raises(EngineError) as caught:
                await managed.play(None, [], Limit(depth=1))
            if not isinstance(caught.value, EngineTerminatedError):  # the engine answered
                asked.append(request)
            await managed.restarted()
    finally:
        await managed.quit()
    assert asked == [1, 2, 5, 10]
    assert managed.starts == 4 and managed.failures == 4


async def test_a_good_answer_ends_the_rest(fairy):
    managed = ManagedEngine(fairy, {"UCI_Variant": "xiangqi"})
    try:
        await managed.play(None, [], Limit(depth=1))
        for _ in range(2):  # it dies twice in a row
            managed.engine.process.kill()
            with pytest.raises(EngineTerminatedError):
                await managed.play(None, [], Limit(depth=1))
            await managed.restarted()
        assert managed.failures == 2 and managed.engine is None and managed.starts == 2
        for _ in range(2):  # one request of rest, then one that starts it behind it
            with pytest.raises(EngineTerminatedError):
                await managed.play(None, [], Limit(depth=1))
        await managed.restarted()
        assert (await managed.play(None, [], Limit(depth=1))).move is not None
        assert managed.failures == 0 and managed.starts == 3
    finally:
        await managed.quit()
