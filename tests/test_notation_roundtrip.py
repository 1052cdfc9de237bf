"""Every legal move of many positions survives format -> parse in every style,
no two moves share a text, and our WXF agrees with Fairy-Stockfish's."""

from __future__ import annotations

import random

import pyffish
import pytest

from rules.actions import Move
from rules.notation import STYLES, format_move, parse_move
from rules.position import START_FEN, Position

WXF = pyffish.NOTATION_XIANGQI_WXF

# Set-ups with like pieces sharing files; each is tried with either side to move.
CROWDED = [
    "3k5/9/9/9/9/R8/9/9/R8/4K4",
    "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4",
    "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4",
    "3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4",
    "3k5/9/9/9/9/9/9/3A5/9/3AK4",
    "3k5/9/9/9/2B6/9/9/9/9/2B1K4",
    "2bakab2/4n4/4n4/9/2C6/2C6/9/9/4A4/3AK4",
    "r2k1a3/r3a4/2n1b4/2n1c4/4c4/4C4/4C4/2N1B4/R3A4/R3KA3",
]
# Both sides crowded at once: pieces by ICCS square.
BOTH = [
    {"e0": "K", "d0": "A", "d2": "A", "a1": "R", "a4": "R", "g2": "N", "g4": "N",
     "h2": "C", "h6": "C", "c5": "P", "c6": "P", "c7": "P", "i5": "P", "i6": "P",
     "d9": "k", "f9": "a", "f7": "a", "i9": "r", "i7": "r", "g8": "n", "g6": "n",
     "b7": "c", "b3": "c", "e4": "p", "e3": "p", "e2": "p", "a3": "p", "a2": "p"},
    {"f0": "K", "e1": "A", "c0": "B", "c4": "B", "b0": "R", "b6": "R", "e3": "P",
     "e4": "P", "e5": "P", "e6": "P", "e7": "P", "e9": "k", "d8": "a", "g9": "b",
     "g5": "b", "h9": "r", "h3": "r", "a4": "p", "a3": "p", "a2": "p", "a1": "p"},
]  # fmt: skip


def placement(pieces: dict[str, str]) -> str:
    """A FEN placement from pieces keyed by ICCS square."""
    rows = []
    for rank in range(9, -1, -1):
        row = "".join(pieces.get(f"{f}{rank}", "1") for f in "abcdefghi")
        for n in range(9, 1, -1):
            row = row.replace("1" * n, str(n))
        rows.append(row)
    return "/".join(rows)


def playout(seed: int, plies: int) -> list[tuple[Position, Move]]:
    """The positions and moves of one random game from the start."""
    rng = random.Random(seed)
    position, game = Position.start(), []
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        game.append((position.copy(), move))
        position.push(move)
    return game


def crowded_positions() -> list[Position]:
    setups = CROWDED + [placement(pieces) for pieces in BOTH]
    return [Position.from_fen(f"{setup} {side}") for setup in setups for side in "wb"]


GAMES = [playout(seed, 120) for seed in range(6)]
PLAYOUTS = [position for game in GAMES for position, _ in game[::3]]
POSITIONS = crowded_positions() + PLAYOUTS
FORMS = [(style, False) for style in STYLES] + [("chinese", True)]


def test_positions_are_varied() -> None:
    assert len(POSITIONS) > 200
    assert sum(len(p.legal_moves()) for p in crowded_positions()) > 300


@pytest.mark.parametrize(("style", "traditional"), FORMS)
def test_round_trip_and_uniqueness(style: str, traditional: bool) -> None:
    for position in POSITIONS:
        texts: dict[str, Move] = {}
        for move in position.legal_moves():
            text = format_move(position, move, style, traditional=traditional)
            assert parse_move(position, text) == move, (position.fen(), text)
            assert text not in texts, (position.fen(), text, move, texts.get(text))
            texts[text] = move


def _uci(move: Move) -> str:
    """Fairy-Stockfish numbers ranks 1-10."""
    return "".join(f"{'abcdefghi'[sq % 9]}{sq // 9 + 1}" for sq in (move.from_sq, move.to_sq))


def _alone_on_file(position: Position, move: Move) -> bool:
    piece = position.board[move.from_sq]
    return sum(position.board[s] == piece for s in range(move.from_sq % 9, 90, 9)) == 1


def _agrees(position: Position, move: Move, theirs: str) -> bool:
    """Fairy-Stockfish writes ``=`` for sideways, names like pieces on a file
    only when needed (``R6-1`` where xqbase says ``R+-1``) and writes three or
    more pawns on a file as index and file (``27=6``). So texts are compared
    where the piece is alone on its file (returning True); elsewhere its text
    must parse to the same move.
    """
    assert parse_move(position, theirs) == move, (position.fen(), theirs)
    if not _alone_on_file(position, move):
        return False
    assert format_move(position, move, "wxf") == theirs.replace("=", "."), position.fen()
    return True


def test_wxf_agrees_with_fairy_stockfish_on_every_move() -> None:
    compared = 0
    for position in crowded_positions() + PLAYOUTS[::32]:
        fen = position.fen()
        for move in position.legal_moves():
            theirs = pyffish.get_san("xiangqi", fen, _uci(move), False, WXF)
            compared += _agrees(position, move, theirs)
    assert compared > 200


def test_wxf_agrees_with_fairy_stockfish_on_games() -> None:
    compared = 0
    for game in GAMES:
        ucis = [_uci(move) for _, move in game]
        theirs = pyffish.get_san_moves("xiangqi", START_FEN, ucis, False, WXF)
        compared += sum(_agrees(p, m, t) for (p, m), t in zip(game, theirs, strict=True))
    assert compared > 500
