"""Jieqi and Jieqi classic: face-down pieces sampled from what is unseen.

Everything a side may know of the face-down pieces is which pieces of each
colour have not been seen: the sixteen a side starts with, less those face
up on the board and those taken whose identity this side was told. A sample
deals that multiset at random over the face-down points (and the taken
pieces nobody told it of), so every sample agrees with the view.
"""

from __future__ import annotations

import random
from collections import Counter

from rules.actions import Action, Move, Pass, Reveal
from rules.jieqi import JieqiBase
from rules.jieqi_moves import POINT_KINDS, START_POINTS, HiddenBoard
from rules.pieces import Color, Kind, Piece
from rules.variant import find_variant

from ..evaluation import (
    ATTACKERS,
    KING_FREEDOM,
    MATE,
    MOBILITY,
    NEAR_KING,
    VALUES,
    nearness,
    piece_value,
)
from ..knowledge import Knowledge
from ..search import SearchState
from . import Plugin, register

FULL_SET: tuple[Counter[Kind], Counter[Kind]] = tuple(  # type: ignore[assignment]
    Counter(POINT_KINDS[sq] for sq in START_POINTS[color]) for color in Color
)
SLIDERS = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON})


def unseen(knowledge: Knowledge, color: Color) -> Counter[Kind]:
    """The kinds of ``color`` this side has not seen anywhere."""
    view = knowledge.view
    left = Counter(FULL_SET[color])
    for piece in (*view.board, *view.captured[color]):
        if piece is not None and piece.color is color and piece.kind is not None:
            left[piece.kind] -= 1
    return +left


class JieqiState:
    """One deal walked in place. A face-down piece is scored as the average of
    what its side has unseen, so a reveal is worth what it really shows."""

    def __init__(self, board: HiddenBoard, reveals: bool, hidden_value: tuple[int, int]) -> None:
        self.board = board
        self.reveals = reveals
        self.hidden_value = hidden_value
        self._stack: list[tuple[Action, Piece | None, Piece | None, bool, bool]] = []
        self._king_taken = False

    def actions(self) -> list[Action]:
        board = self.board
        moves: list[Action] = list(_ordered(board.board, board.legal_moves()))
        danger = board.in_danger(board.turn)
        if self.reveals and not danger:
            moves += [
                Reveal(sq)
                for sq, p in enumerate(board.board)
                if p is not None and p.color is board.turn and board.down[sq]
            ]
        if not moves and not danger:
            return [Pass()]  # J-7
        return moves

    def captures(self) -> list[Action]:
        board = self.board
        return [m for m in _ordered(board.board, board.legal_moves()) if board.board[m.to_sq]]

    def push(self, action: Action) -> None:
        board, down = self.board.board, self.board.down
        if isinstance(action, Move):
            f, t = action.from_sq, action.to_sq
            entry = (action, board[f], board[t], down[f], down[t])
            taken = board[t]
            board[t], board[f] = board[f], None
            down[f] = down[t] = False
            self._king_taken = taken is not None and taken.kind is Kind.KING
        elif isinstance(action, Reveal):
            entry = (action, None, None, down[action.square], False)
            down[action.square] = False
            self._king_taken = False
        else:
            entry = (action, None, None, False, False)
            self._king_taken = False
        self._stack.append(entry)
        self.board.turn = self.board.turn.other()

    def pop(self) -> None:
        action, moved, taken, down_f, down_t = self._stack.pop()
        board, down = self.board.board, self.board.down
        if isinstance(action, Move):
            f, t = action.from_sq, action.to_sq
            board[f], board[t], down[f], down[t] = moved, taken, down_f, down_t
        elif isinstance(action, Reveal):
            down[action.square] = down_f
        self.board.turn = self.board.turn.other()
        self._king_taken = False

    def terminal(self) -> int | None:
        return -MATE if self._king_taken else None  # J-4: the king was just taken

    def evaluate(self) -> int:
        hidden = self.board
        board, down = hidden.board, hidden.down
        kings = [hidden.king(Color.RED), hidden.king(Color.BLACK)]
        totals = [0, 0]
        for sq, piece in enumerate(board):
            if piece is None:
                continue
            color = piece.color
            if down[sq]:
                totals[color] += self.hidden_value[color]
                continue
            value = piece_value(piece.kind, sq, color)
            if piece.kind in SLIDERS:
                value += MOBILITY * sum(1 for _ in hidden.targets(sq))
            if piece.kind in ATTACKERS:
                value += NEAR_KING * nearness(sq, kings[color.other()])
            elif piece.kind is Kind.KING:
                value += KING_FREEDOM * sum(1 for _ in hidden.targets(sq))
            totals[color] += value
        turn = hidden.turn
        return totals[turn] - totals[turn.other()]


def _ordered(board: list[Piece | None], moves: list[Move]) -> list[Move]:
    def key(move: Move) -> int:
        victim = board[move.to_sq]
        return 0 if victim is None else -VALUES[victim.kind] - 1

    return sorted(moves, key=key)


def _mean(kinds: Counter[Kind]) -> int:
    total = sum(kinds.values())
    return sum(VALUES[k] * n for k, n in kinds.items()) // total if total else 0


@register("jieqi")
@register("jieqi-classic")
class JieqiPlugin(Plugin):
    samples = 4

    def sample_count(self, knowledge: Knowledge) -> int:
        hidden = any(p is not None and p.kind is None for p in knowledge.view.board)
        return self.samples if hidden else 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        view = knowledge.view
        variant = find_variant(knowledge.variant)
        assert issubclass(variant, JieqiBase)
        board: list[Piece | None] = [None] * 90
        down = [False] * 90
        hidden_value = [0, 0]
        for color in Color:
            left = unseen(knowledge, color)
            hidden_value[color] = _mean(left)
            pool = sorted(left.elements(), key=lambda k: k.value)
            rng.shuffle(pool)
            for sq, piece in enumerate(view.board):
                if piece is None or piece.color is not color:
                    continue
                if piece.kind is None:
                    board[sq], down[sq] = Piece(color, pool.pop()), True
                else:
                    board[sq] = Piece(color, piece.kind)
        hidden = HiddenBoard(board, down, view.turn, variant.rules)
        reveals = variant.name == "jieqi"
        return JieqiState(hidden, reveals, (hidden_value[0], hidden_value[1]))
