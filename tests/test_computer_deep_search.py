"""Standard xiangqi's deeper search: on the same node budget it finishes
deeper iterations than the search the other variants keep, it still finds
the mates and wins of material a check or a capture leads to, and its
quiescence search leaves out only the captures that lose the exchange."""

from __future__ import annotations

import pytest

from computer.evaluation import MATE_BOUND, VALUES
from computer.plugin import plugin_for
from computer.search import Budget, Searcher
from computer.variants.xiangqi import StandardState, XiangqiState
from rules.actions import Move
from rules.pieces import Color, Kind
from rules.position import Position

from .test_computer_search_terms import MATE_IN_TWO, _mates_in_two

# Positions from master games (openings and middle games), Red and Black to move.
MASTER_POSITIONS = (
    "1rbaka2r/9/2n1b2cn/p3p1p1p/2p6/9/P1P1P1P1P/N1CC2N2/1c2A4/1RBAK1B1R w - - 12 1",
    "1r1akab1r/9/2n1b2c1/p1C1p3p/5np2/2P6/P3P1P1P/CcN1B1N2/9/1RBAKA2R b - - 0 1",
    "2bak4/4a4/2n1b1c2/p1p1p2r1/8R/c1P1n1N1P/6P2/4C3N/2C1A4/2BAK1B2 b - - 3 1",
    "4kab2/4a4/c3b1c1n/2p3p2/1R6r/2p1P1P2/P6R1/3CB1N2/4AC3/4KAB2 b - - 0 1",
    "1r2kab2/4a4/n1c1b4/p6Rp/6r2/4C4/P3P3P/3CB1c2/4A4/R3KAB2 w - - 0 1",
    "r1bakab1r/9/nc1c2n2/p1p1p1p1p/9/2P6/P3P1P1P/1C4NC1/9/RNBAKABR1 w - - 6 1",
)


def test_standard_xiangqi_alone_searches_deep():
    assert plugin_for("xiangqi").deep_search
    others = ("jieqi", "jieqi-classic", "tuibei", "fanbing", "houji")
    assert not any(plugin_for(variant).deep_search for variant in others)


def test_the_same_nodes_buy_deeper_iterations():
    deeper = 0
    for fen in MASTER_POSITIONS:
        position = Position.from_fen(fen)
        budget = Budget(nodes=20_000)
        plain = Searcher(budget, 1).run(StandardState(position.copy()))
        deep = Searcher(budget, 1, deep=True).run(StandardState(position.copy()))
        assert deep.depth >= plain.depth, fen
        deeper += deep.depth > plain.depth
    assert deeper >= len(MASTER_POSITIONS) // 2


def test_a_deep_search_still_finds_the_mate_behind_a_check():
    for fen in MATE_IN_TWO:
        position = Position.from_fen(fen)
        result = Searcher(Budget(depth=3), deep=True).run(StandardState(position.copy()))
        assert result.best is not None and result.scores[result.best] >= MATE_BOUND
        assert isinstance(result.best, Move) and _mates_in_two(position.copy(), result.best)


@pytest.mark.parametrize("state", [XiangqiState, StandardState])
def test_a_deep_search_takes_a_loose_chariot_and_leaves_a_guarded_pawn(state):
    # Red's horse on c2 may take the loose chariot on b4, its chariot on a3
    # the pawn on a6, which Black's chariot on a8 guards.
    position = Position.from_fen("3ak4/r8/9/p3p4/9/1r7/R8/2N6/9/3AKA3 w")
    before = state(position.copy()).evaluate()
    result = Searcher(Budget(depth=4), deep=True).run(state(position))
    assert result.best == Move.from_iccs("c2b4")
    assert result.scores[result.best] - before > VALUES[Kind.CHARIOT] // 2


def test_the_quiescence_search_skips_only_the_captures_that_lose_the_exchange():
    # Red's chariot on a3 may take the pawn on a6, which Black's chariot
    # guards (left out: the pawn is cheaper), or the loose horse on e3
    # (kept); its pawn on g6 may take the cannon on g7, which Black's horse
    # guards (kept: the cannon is worth more than the pawn).
    position = Position.from_fen("r4k1n1/9/6c2/p5P2/9/9/R3n4/9/9/3K5 w")
    every = {m.text for m in XiangqiState(position.copy()).captures()}
    kept = {m.text for m in StandardState(position.copy()).captures()}
    assert (every, kept) == ({"a3a6", "a3e3", "g6g7"}, {"a3e3", "g6g7"})
    for text in every:
        move = Move.from_iccs(text)
        mover, victim = position.board[move[0]], position.board[move[1]]
        assert mover is not None and victim is not None
        guarded = position.is_attacked(move[1], Color.BLACK)
        cheaper = VALUES[victim.kind] < VALUES[mover.kind]
        assert (text in kept) == (not (cheaper and guarded)), text
