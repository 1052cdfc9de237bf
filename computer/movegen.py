"""Move generation for boards of standard pieces, without generators.

``Position.pseudo_moves`` yields through a generator per piece; the search
asks for moves at nearly every node, so here they come from plain loops over
the rules' prebuilt table of moves (:data:`~rules.actions.MOVES`), in the
same order as ``pseudo_moves`` gives them.
"""

from __future__ import annotations

from typing import Final

from rules.actions import MOVES, Move
from rules.geometry import ADVISOR_MOVES, ELEPHANT_MOVES, HORSE_MOVES, KING_MOVES, PAWN_MOVES, RAYS
from rules.pieces import Color, Kind, Piece

from .evaluation import LETTER_VALUES

STEPS: Final = {
    Kind.KING._value_: KING_MOVES,
    Kind.ADVISOR._value_: ADVISOR_MOVES,
    Kind.PAWN._value_: PAWN_MOVES,
}
# The rules' table under a Final name: a C static for the compiled modules,
# where the imported name is a lookup in their globals at every square.
MOVE_ROWS: Final = MOVES
CHARIOT: Final = Kind.CHARIOT._value_
CANNON: Final = Kind.CANNON._value_
HORSE: Final = Kind.HORSE._value_
ELEPHANT: Final = Kind.ELEPHANT._value_


def pseudo_moves(
    board: list[Piece | None], squares: list[int], turn: Color, captures: bool
) -> list[Move]:
    """The pseudo-legal moves of ``turn``'s pieces on ``squares`` (ascending,
    as the board lists them), only the captures when ``captures`` is set.
    Every piece must be of a standard kind."""
    out: list[Move] = []
    add = out.append
    for sq in squares:
        piece = board[sq]
        if piece is None or piece.color is not turn:
            continue
        letter = piece.letter
        row = MOVE_ROWS[sq]
        if letter in (CHARIOT, CANNON):
            cannon = letter == CANNON
            for ray in RAYS[sq]:
                screened = False
                for t in ray:
                    p = board[t]
                    if not screened:
                        if p is None:
                            if not captures:
                                add(row[t])
                        elif cannon:
                            screened = True
                        else:
                            if p.color is not turn:
                                add(row[t])
                            break
                    elif p is not None:
                        if p.color is not turn:
                            add(row[t])
                        break
            continue
        if letter == HORSE:
            jumps = HORSE_MOVES[sq]
        elif letter == ELEPHANT:
            jumps = ELEPHANT_MOVES[turn][sq]
        else:
            for t in STEPS[letter][turn][sq]:
                p = board[t]
                if p is None:
                    if not captures:
                        add(row[t])
                elif p.color is not turn:
                    add(row[t])
            continue
        for t, block in jumps:
            if board[block] is None:
                p = board[t]
                if p is None:
                    if not captures:
                        add(row[t])
                elif p.color is not turn:
                    add(row[t])
    return out


ORDER_SPAN: Final = 4096  # more than any position's moves: see :func:`ordered`


def ordered(
    board: list[Piece | None],
    moves: list[Move],
    values: dict[str, int] = LETTER_VALUES,
    by_attacker: bool = True,
) -> list[Move]:
    """Captures first, the most valuable victim (by the least valuable
    attacker, unless not ``by_attacker``; ``values`` by FEN letter), then the
    quiet moves as they came. The captures are sorted as plain integers,
    each its score above its place in ``moves`` (so ties keep their order):
    no key function is called."""
    keyed: list[int] = []
    quiet: list[Move] = []
    for i, move in enumerate(moves):
        victim, mover = board[move[1]], board[move[0]]
        if victim is None or mover is None:
            quiet.append(move)
        else:
            worth = values[victim.letter] * 10
            if by_attacker:
                worth -= values[mover.letter] // 100
            keyed.append(-worth * ORDER_SPAN + i)
    keyed.sort()
    return [moves[k % ORDER_SPAN] for k in keyed] + quiet
