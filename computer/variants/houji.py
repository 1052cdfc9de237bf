"""Successor xiangqi (houji): the queen on the board, swaps and the foul call
at the root.

Houji hides nothing from the public log except *who is told* that a foul
may be called (H-6), and whether it may be follows from the public board,
so the public log rebuilds the whole game. Each root action (a move, a
swap with the queen, or the call of a foul when this side owns the
callable window) is played on a copy of the game; what follows is
searched on the board alone with push/pop in place. So the foul is called
exactly when the position after the call searches better than every turn
made without it. Inside the tree swaps and foul calls are left out: they are
rare, and the root sees them all.
"""

from __future__ import annotations

import random
from collections.abc import Set
from typing import Final

from rules.geometry import ADVISOR_MOVES
from rules.knowledge import Knowledge
from rules.pieces import OTHER, Color, Kind, Piece
from rules.squares import own_half
from rules.variants.houji.game import Houji
from rules.variants.houji.moves import QUEEN_RAYS, SIDEWAYS, HoujiPosition

from ..evaluation import MATE
from ..plugin import Plugin, register, scores_after_each_action
from ..search import Searcher
from .xiangqi import XiangqiState, evaluate_position

QUEEN_NEAR_KING: Final = 8  # per step closer the queen stands to the enemy king (H-4 takes it)
QUEEN_LETTER: Final = Kind.QUEEN._value_
KING_LETTER: Final = Kind.KING._value_
RULED_LETTERS: Final = frozenset((QUEEN_LETTER, Kind.ADVISOR._value_))
ENDER_LETTERS: Final = frozenset((QUEEN_LETTER, KING_LETTER))
# Whether each square is on each side's own half, indexed [color][square].
HOME: Final = tuple(tuple(own_half(sq, color) for sq in range(90)) for color in Color)


class HoujiState(XiangqiState):
    """A houji board walked in place. Taking a king or a queen ends the game
    (H-3, H-4); no legal move loses (S-3)."""

    # The queen is silent (H-5): it gives no check and pins nothing, so the
    # standard legality test holds, but for the captures that end the game.
    game_enders = ENDER_LETTERS

    def __init__(self, position: HoujiPosition) -> None:
        super().__init__(position)
        # Typed as the variant's own (a compiled class may not narrow an inherited attribute).
        self.houji_position = position

    def _ruled(self) -> Set[int]:
        """The queen and the advisors (which step along the diamond, H-2)."""
        position = self.houji_position
        turn = position.turn
        # A walk over the board's list: compiled, it costs a fifth of one over the dict.
        return {
            sq
            for sq, p in enumerate(position.board)
            if p is not None and p.color is turn and p.letter in RULED_LETTERS
        }

    def _ruled_targets(self, sq: int) -> list[int]:
        """The rules' targets of a queen or an advisor, without their generators."""
        board = self.houji_position.board
        piece = board[sq]
        assert piece is not None
        color = piece.color
        if piece.letter == QUEEN_LETTER:
            return queen_moves(board, sq, color)
        steps = ADVISOR_MOVES[color][sq]
        out = [t for t in steps if (p := board[t]) is None or p.color is not color]
        out += [t for t in SIDEWAYS[color].get(sq, ()) if board[t] is None]  # never a capture
        return out

    def terminal(self) -> int | None:
        if not self._trail:
            return None
        taken = self._trail[-1][0]  # what the last push captured
        return -MATE if taken is not None and taken.letter in ENDER_LETTERS else None

    def _evaluate(self) -> int:
        return self.material_and_reach() + queen_terms(self.houji_position, self.kings)


def evaluate_houji(position: HoujiPosition) -> int:
    """The xiangqi evaluation (the queen counted at its value), plus the
    queen's reach and its nearness to the enemy king it may take across an
    open line (:func:`queen_terms`)."""
    pieces = {sq: p for sq, p in enumerate(position.board) if p is not None}
    kings = [position.king_square(Color.RED), position.king_square(Color.BLACK)]
    return evaluate_position(position, pieces, kings) + queen_terms(position, kings)


def queen_terms(position: HoujiPosition, kings: list[int | None]) -> int:
    """What the queens add to the xiangqi evaluation, for the side to move."""
    score = 0
    for sq, piece in enumerate(position.board):
        if piece is None or piece.letter != QUEEN_LETTER:
            continue
        king = kings[OTHER[piece.color]]
        near = 0 if king is None else max(0, 12 - abs(sq % 9 - king % 9) - abs(sq // 9 - king // 9))
        reach = len(queen_moves(position.board, sq, piece.color))
        value = QUEEN_NEAR_KING * near + 2 * reach
        score += value if piece.color is position.turn else -value
    return score


def queen_moves(board: list[Piece | None], sq: int, color: Color) -> list[int]:
    """``queen_targets`` as a list, without a generator: the queen of
    ``color`` on ``sq`` slides on its own half and, past the river, may take
    only the enemy queen, or the king on a line."""
    home = HOME[color]
    out: list[int] = []
    for ray, straight in QUEEN_RAYS[sq]:
        for t in ray:
            p = board[t]
            if p is None:
                if home[t]:
                    out.append(t)
                continue
            if p.color is not color:
                letter = p.letter
                if home[t] or letter == QUEEN_LETTER or (straight and letter == KING_LETTER):
                    out.append(t)
            break
    return out


class HoujiSample:
    """The whole game rebuilt from the public log; the root walks copies of it."""

    def __init__(self, game: Houji) -> None:
        self.game = game


@register("houji")
class HoujiPlugin(Plugin[HoujiSample]):
    """Perfect information: one sample; the foul call is one more root action."""

    node_share = 0.5  # its moves come from the rules' own generation

    def sample(self, knowledge: Knowledge, rng: random.Random) -> HoujiSample:
        return HoujiSample(Houji.determinize(knowledge, rng))

    def root(self, knowledge: Knowledge, state: HoujiSample, searcher: Searcher) -> dict[str, int]:
        return scores_after_each_action(
            state.game, knowledge.side, searcher, lambda g: HoujiState(g.position.copy())
        )
