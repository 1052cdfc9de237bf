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

from ..evaluation import ATTACKERS, MOBILITY, NEAR_KING, VALUES, nearness, piece_value, progress
from ..plugin import SearchPlugin, register
from ..search import SearchState

Key = tuple[Hashable, ...]  # a position's repetition key (Position.key)
SLIDERS = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON})


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

    def __init__(self, position: Position, past: Occurrences | None = None) -> None:
        self.position = position
        self.past = past
        self._keys: list[Key] = []
        self._path: Counter[Key] = Counter()

    def actions(self) -> Sequence[Action]:
        moves = self.position.legal_moves()
        return ordered(self.position.board, moves, self.values)

    def captures(self) -> Sequence[Action]:
        position = self.position
        board = position.board
        found = [m for m in position.pseudo_moves() if board[m.to_sq] is not None]
        legal = [m for m in found if position.is_legal_pseudo(m)]
        return ordered(board, legal, self.values)

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        self.position.push_unchecked(action)
        if self.past is not None:
            key = self.position.key()
            self._keys.append(key)
            self._path[key] += 1

    def pop(self) -> None:
        self.position.pop()
        if self.past is not None:
            self._path[self._keys.pop()] -= 1

    def in_check(self) -> bool:
        return self.position.is_check()

    def terminal(self) -> int | None:
        if self.past is None or not self._keys:
            return None
        key = self._keys[-1]
        if self._path[key] > 1 or key in self.past:
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
        color, kind = piece.color, piece.kind
        value = piece_value(kind, sq, color)
        if kind in SLIDERS:
            value += MOBILITY * sum(1 for _ in position.pseudo_targets(sq))
        if kind in ATTACKERS:
            value += NEAR_KING * nearness(sq, kings[color.other()])
        totals[color] += value
    turn = position.turn
    return totals[turn] - totals[turn.other()]


@register("xiangqi")
class XiangqiPlugin(SearchPlugin):
    """Perfect information: one sample, the game itself rebuilt from the public log."""

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        game = StandardXiangqi.determinize(knowledge, rng)
        return XiangqiState(game.position.copy(), game.keys)
