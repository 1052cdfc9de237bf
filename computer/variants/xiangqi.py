"""Standard xiangqi: a fast state on :class:`rules.position.Position` (push/pop
in place), and its evaluation, shared with Tuibei."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar

from rules.actions import Action, Move
from rules.knowledge import Knowledge
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.repetition import Occurrences
from rules.standard import NO_CAPTURE_LIMIT, StandardXiangqi

from ..evaluation import MOBILITY, VALUES, progress
from ..plugin import SearchPlugin, register
from ..search import SearchState
from ..tables import (
    ATTACKER_LETTERS,
    BASE,
    NEAR,
    SIDE_KEY,
    SLIDER_LETTERS,
    ZOBRIST,
    captures_from,
    reach,
    zobrist,
)

Key = tuple[Hashable, ...]  # a position's repetition key (Position.key)


def ordered(
    board: list[Piece | None], moves: list[Move], values: Mapping[Kind, int] = VALUES
) -> list[Move]:
    """Captures first, the most valuable victim by the least valuable attacker."""

    def key(move: Move) -> int:
        victim, mover = board[move.to_sq], board[move.from_sq]
        if victim is None or mover is None:
            return 0
        return -(values[victim.kind] * 10 - values[mover.kind] // 100)

    return sorted(moves, key=key)


class XiangqiState:
    """A position walked in place with ``push_unchecked``/``pop``. Mate and
    stalemate both lose (S-3): no legal action is a loss.

    Given the game's ``past`` (the positions it has met), a position met
    before scores as a draw, as does the no-capture limit (S-4, S-12), and a
    lead shrinks as quiet plies pile up: a side ahead makes progress.
    ``values`` orders the captures (a variant's own pieces have their own)."""

    values: ClassVar[Mapping[Kind, int]] = VALUES
    # Whether chariots, horses and cannons move as in standard xiangqi, so
    # their captures may be found by the tables' own scan.
    standard_sliders: ClassVar[bool] = True

    def __init__(self, position: Position, past: Occurrences | None = None) -> None:
        self.position = position
        self.past = past
        # The path is counted by Zobrist hash; the game's past holds whole keys,
        # which are built only while no capture since the root has made a
        # position the past cannot hold (pieces are never added).
        self.hash = zobrist(position.board, position.turn)
        self._pieces = sum(1 for p in position.board if p is not None)
        self._captures = 0
        self._hashes: list[int] = []
        self._trail: list[bool] = []  # whether each push captured
        self._path: Counter[int] = Counter()
        self._seen = False

    def actions(self) -> Sequence[Action]:
        moves = self.position.legal_moves()
        return ordered(self.position.board, moves, self.values)

    def captures(self) -> Sequence[Action]:
        position = self.position
        board = position.board
        turn = position.turn
        found: list[Move] = []
        for sq, piece in enumerate(board):
            if piece is None or piece.color is not turn:
                continue
            letter = piece.kind._value_
            if self.standard_sliders and letter in SLIDER_LETTERS:
                found += [Move(sq, t) for t in captures_from(board, sq, turn, letter)]
            else:
                found += [Move(sq, t) for t in position.pseudo_targets(sq) if board[t] is not None]
        legal = [m for m in found if position.is_legal_pseudo(m)]
        return ordered(board, legal, self.values)

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        f, t = action.from_sq, action.to_sq
        board = self.position.board
        mover = board[f]
        assert mover is not None
        keys = ZOBRIST[mover.kind._value_][mover.color]
        h = self.hash ^ SIDE_KEY ^ keys[f] ^ keys[t]
        taken = self.position.push_unchecked(action)
        if taken is not None:
            h ^= ZOBRIST[taken.kind._value_][taken.color][t]
            self._captures += 1
        self._hashes.append(self.hash)
        self._trail.append(taken is not None)
        self.hash = h
        if self.past is not None:
            path = self._path
            path[h] += 1
            self._seen = path[h] > 1 or (self._captures == 0 and self.position.key() in self.past)

    def pop(self) -> None:
        self.position.pop()
        if self.past is not None:
            self._path[self.hash] -= 1
        self.hash = self._hashes.pop()
        if self._trail.pop():
            self._captures -= 1
        self._seen = False

    def in_check(self) -> bool:
        return self.position.is_check()

    def terminal(self) -> int | None:
        if self.past is None or not self._hashes:
            return None
        if self._seen:
            return 0
        return 0 if self.position.quiet_plies >= NO_CAPTURE_LIMIT else None

    def evaluate(self) -> int:
        score = evaluate_position(self.position)
        return score if self.past is None else progress(score, self.position.quiet_plies)


def evaluate_position(position: Position) -> int:
    """Material, pawns over the river, the reach of chariots, horses and cannons,
    and attackers near the enemy king, for the side to move."""
    board = position.board
    kings = (position.king_square(Color.RED), position.king_square(Color.BLACK))
    totals = [0, 0]
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        color, letter = piece.color, piece.kind._value_
        value = BASE[letter][color][sq]
        if letter in SLIDER_LETTERS:
            value += MOBILITY * reach(board, sq, color, letter)
        if letter in ATTACKER_LETTERS:
            king = kings[1 - color]
            if king is not None:
                value += NEAR[sq][king]
        totals[color] += value
    turn = position.turn
    return totals[turn] - totals[1 - turn]


@register("xiangqi")
class XiangqiPlugin(SearchPlugin):
    """Perfect information: one sample, the game itself rebuilt from the public log."""

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        game = StandardXiangqi.determinize(knowledge, rng)
        return XiangqiState(game.position.copy(), game.keys)
