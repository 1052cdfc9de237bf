"""The games the generator mines: PGN files as Chuhan exports them, and the
engine's self-play with its careless moves."""

from __future__ import annotations

import random

from computer.evaluation import VALUES
from computer.fairy import engine_path
from puzzles.engine import Analyser
from puzzles.sources import HANGING, careless, pgn_games, positions, self_play
from rules.pieces import Color
from rules.position import START_FEN, Position
from tests.system_tools import require

EXPORTED = """[Game "Chinese Chess"]
[Variant "xiangqi"]
[Event "Rated xiangqi game #1"]
[Red "Xiang Yu"]
[Black "Liu \\"Ji\\" Bang"]
[Result "1-0"]
[Format "ICCS"]

1. h2e2 {炮二平五} h9g7 {马8进7}
2. h0g2 {马二进三}
1-0

[Game "Chinese Chess"]
[Variant "jieqi"]
[Result "*"]

1. +e3 {翻e3}
*

[Game "Chinese Chess"]
[Variant "xiangqi"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAK1BNR w - - 0 1"]
[Result "*"]

1. h2e2 {炮二平五}
*
"""


def test_pgn_exports_are_read_and_other_variants_skipped(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(EXPORTED, encoding="utf-8")
    games = list(pgn_games(path))
    assert [g.moves for g in games] == [("h2e2", "h9g7", "h0g2"), ("h2e2",)]
    assert games[0].fen == START_FEN
    assert games[1].fen.startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAK1BNR")
    assert len(positions(games[0])) == 4


def test_a_careless_move_leaves_a_piece_to_be_taken_for_nothing():
    # Red's horse on e5 stands between Black's chariot and Red's: moving it
    # (or the chariot off its guard) hands Black a free piece.
    for seed in range(5):
        position = Position.from_fen("4k4/9/4r4/9/4N4/9/4R4/9/9/3K5 w - - 0 1")
        position.push(careless(position, random.Random(seed)))
        free = []
        for reply in position.legal_moves():
            target = position.board[reply.to_sq]
            if target is not None and VALUES[target.kind] >= HANGING:
                position.push(reply)
                free.append(not position.is_attacked(reply.to_sq, Color.RED))
                position.pop()
        assert any(free)


async def test_self_play_is_legal_and_marks_its_careless_moves():
    analyser = Analyser(require(engine_path(), "fairy-stockfish"))
    try:
        game = await self_play(analyser, 3, None)
    finally:
        await analyser.quit()
    assert len(positions(game)) == len(game.moves) + 1
    assert game.blunders and all(0 <= ply < len(game.moves) for ply in game.blunders)
