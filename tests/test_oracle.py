"""Differential test: our legal moves against Fairy-Stockfish (``pyffish``).

Perft counts can hide two bugs that cancel out; comparing the exact set of
legal moves at thousands of positions cannot. The positions come from seeded
random playouts (about 4,500) and from random placements of material (400).
pyffish reads the same FEN board text but writes squares with ranks 1-10, so
its ``e1`` is our ``e0``.
"""

from __future__ import annotations

import random
import re

import pytest

from rules.pieces import Color, Kind, Piece
from rules.position import START_FEN, Position
from rules.squares import in_palace, own_half

pyffish = pytest.importorskip("pyffish")

PLAYOUTS = 60
MAX_PLIES = 80
PLACEMENTS = 400
CHECK_EVERY = 4
# Start positions: the opening and a few sparse ones from tests/perft, where
# kings meet on open files and horses and cannons roam freely.
STARTS = (
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
)
_FFISH_MOVE = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")


def to_iccs(ffish_move: str) -> str:
    """``h3h10`` (pyffish, ranks 1-10) -> ``h2h9`` (ICCS, ranks 0-9)."""
    match = _FFISH_MOVE.fullmatch(ffish_move)
    assert match, f"unexpected pyffish move {ffish_move!r}"
    f1, r1, f2, r2 = match.groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def to_ffish(iccs: str) -> str:
    """``h2h9`` (ICCS) -> ``h3h10`` (pyffish)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def oracle_moves(fen: str) -> set[str]:
    return {to_iccs(m) for m in pyffish.legal_moves("xiangqi", fen, [])}


def assert_same_moves(fen: str, ours: set[str]) -> None:
    """Our legal moves at ``fen`` are exactly Fairy-Stockfish's; else say which differ."""
    theirs = oracle_moves(fen)
    assert ours == theirs, (
        f"{fen}: only ours {sorted(ours - theirs)}, only Fairy-Stockfish {sorted(theirs - ours)}"
    )


def test_move_conversion() -> None:
    assert to_iccs("h3h10") == "h2h9"
    assert to_iccs("e1e2") == "e0e1"
    assert to_ffish("h2h9") == "h3h10"
    assert oracle_moves(START_FEN) == {m.text for m in Position.start().legal_moves()}


@pytest.mark.parametrize("start", STARTS, ids=lambda fen: fen.split("/")[0])
def test_legal_moves_match_fairy_stockfish(start: str) -> None:
    rng = random.Random(STARTS.index(start))
    visited = 0
    for _ in range(PLAYOUTS // len(STARTS)):
        position = Position.from_fen(start)
        played: list[str] = []
        for ply in range(MAX_PLIES):
            fen = position.fen()
            ours = {m.text: m for m in position.legal_moves()}
            assert_same_moves(fen, set(ours))
            # pyffish calls cost ~2 ms each, so check status is compared on every
            # position we call check and on a sample of the rest.
            if ply % CHECK_EVERY == 0 or position.is_check():
                assert position.is_check() == pyffish.gives_check("xiangqi", fen, []), fen
            visited += 1
            if not ours:
                break
            played.append(rng.choice(sorted(ours)))
            position.push_unchecked(ours[played[-1]])
        # One call per playout checks that push replayed every move as pyffish does.
        after = pyffish.get_fen("xiangqi", start, [to_ffish(m) for m in played])
        assert position.fen().split()[:2] == after.split()[:2], f"{start} then {played}"
    assert visited > PLAYOUTS // len(STARTS) * 10


def _home_squares(kind: Kind, color: Color) -> list[int]:
    """Where ``kind`` of ``color`` can ever stand in a game."""

    def fits(sq: int) -> bool:
        file, rank = sq % 9, sq // 9 if color is Color.RED else 9 - sq // 9
        if kind is Kind.KING:
            return in_palace(sq, color)
        if kind is Kind.ADVISOR:
            return in_palace(sq, color) and (file + rank) % 2 == 1
        if kind is Kind.ELEPHANT:
            return own_half(sq, color) and (file + rank) % 4 == 2
        if kind is Kind.PAWN:
            return not own_half(sq, color) or (rank in (3, 4) and file % 2 == 0)
        return True

    return [sq for sq in range(90) if fits(sq)]


def random_position(rng: random.Random) -> Position:
    """Random material on squares each piece can reach, either side to move."""
    board: list[Piece | None] = [None] * 90
    for color in Color:
        board[rng.choice(_home_squares(Kind.KING, color))] = Piece(color, Kind.KING)
    for color in Color:
        for kind, most in (
            (Kind.ADVISOR, 2),
            (Kind.ELEPHANT, 2),
            (Kind.HORSE, 2),
            (Kind.CHARIOT, 2),
            (Kind.CANNON, 2),
            (Kind.PAWN, 5),
        ):
            free = [sq for sq in _home_squares(kind, color) if board[sq] is None]
            for sq in rng.sample(free, min(len(free), rng.randint(0, most))):
                board[sq] = Piece(color, kind)
    return Position(board, rng.choice(list(Color)))


def test_random_placements_match_fairy_stockfish() -> None:
    """Sparse boards reach what playouts rarely do: open files between the
    kings, cannons with distant screens, blocked legs and eyes everywhere."""
    rng = random.Random(2024)
    compared = 0
    while compared < PLACEMENTS:
        position = random_position(rng)
        if position.king_in_danger(position.turn.other()):
            continue  # the side that just moved left its king en prise: no game position
        assert_same_moves(position.fen(), {m.text for m in position.legal_moves()})
        compared += 1
