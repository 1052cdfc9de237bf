"""Tables built once at import for the evaluations and the search's hashing.

The evaluations run at every leaf, so what they would compute per piece
(its value on its square, its nearness to a king, the squares it reaches)
is looked up here instead. Pieces are indexed by their kind's FEN letter
(``Kind._value_``, a plain attribute): hashing a :class:`~rules.pieces.Kind`
runs Python code, hashing a short string does not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from rules.geometry import HORSE_MOVES, RAYS
from rules.pieces import Color, Kind, Piece

from .evaluation import MOBILITY, NEAR_KING, VALUES, nearness, piece_value
from .squares import square_bonus

Worth = dict[str, tuple[tuple[int, ...], ...]]  # [letter][color][sq]: a piece's worth there
# BASE[letter][color][sq]: a piece's value on its square (a pawn over the river more).
BASE: Final[Worth] = {
    kind._value_: tuple(tuple(piece_value(kind, sq, color) for sq in range(90)) for color in Color)
    for kind in VALUES
}
# PLACED[letter][color][sq]: the same with what the square itself is worth
# (:mod:`computer.squares`), for boards of standard pieces on their own squares.
PLACED: Final[Worth] = {
    kind._value_: tuple(
        tuple(VALUES[kind] + square_bonus(kind, sq, color) for sq in range(90)) for color in Color
    )
    for kind in VALUES
}
Near = tuple[tuple[int, ...], ...]  # [sq][king]


def near_table(weight: int) -> Near:
    """What an attacker on each square earns at ``weight`` a step for standing near a king."""
    return tuple(tuple(weight * nearness(sq, king) for king in range(90)) for sq in range(90))


# NEAR[sq][king]: what an attacker on ``sq`` earns for standing near ``king``.
NEAR: Final = near_table(NEAR_KING)
# EXPOSED[king]: the squares a move from or to may put that king in danger in
# standard xiangqi: its own square, its file and rank (lines of chariots,
# cannons and the other king) and its diagonal neighbours (horse legs). A
# move touching none of them, made while not in check, is legal.
EXPOSED: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(
        sq
        for sq in range(90)
        if sq % 9 == king % 9
        or sq // 9 == king // 9
        or (abs(sq % 9 - king % 9) == 1 and abs(sq // 9 - king // 9) == 1)
    )
    for king in range(90)
)
# CORNERS[king]: its diagonal neighbours, where the legs of horses that may
# check it stand.
CORNERS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(sq for sq in EXPOSED[king] if sq % 9 != king % 9 and sq // 9 != king // 9)
    for king in range(90)
)
LINE_LETTERS: Final = frozenset(k._value_ for k in (Kind.CHARIOT, Kind.CANNON, Kind.KING))
SLIDER_LETTERS: Final = frozenset(k._value_ for k in (Kind.CHARIOT, Kind.HORSE, Kind.CANNON))
ATTACKER_LETTERS: Final = frozenset(
    k._value_ for k in (Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.PAWN)
)
REACHES: Final = 18  # a chariot or cannon reaches at most 17 squares, a horse 8
Nears = dict[str, Near]  # [letter]: an attacker's :data:`NEAR`
# [letter][count]: what a chariot, horse or cannon reaching so many squares earns
Reaches = dict[str, tuple[int, ...]]
# The hand-set weights: one nearness and one reach weight for every kind.
NEARS: Final[Nears] = dict.fromkeys(ATTACKER_LETTERS, NEAR)
REACH_WORTH: Final[Reaches] = dict.fromkeys(
    SLIDER_LETTERS, tuple(MOBILITY * count for count in range(REACHES))
)
HORSE_LETTER: Final = Kind.HORSE._value_
CANNON_LETTER: Final = Kind.CANNON._value_


def exposed_squares(
    board: list[Piece | None],
    king: int,
    color: Color,
    down: list[bool] | None = None,
    down_lines: tuple[str, ...] = (),
) -> set[int]:
    """The squares a move from or to may expose ``color``'s king on ``king``
    on a board of standard pieces: the part of :data:`EXPOSED` that matters
    on this board. One move of ours adds or removes at most one piece
    between the king and an enemy piece on a ray from it, and never brings
    an enemy piece there; so a ray counts, up to an enemy chariot or king
    with at most one piece between (one piece leaving opens the line) or an
    enemy cannon with at most two (one leaving, or one arriving, gives it a
    single screen). The king's own square and the horse legs at its corners
    always count. A king in check is the caller's to test in full. Where
    ``down`` marks face-down pieces, such an enemy piece counts as the kind
    whose letter ``down_lines`` gives for its square ("": none)."""
    out = set(CORNERS[king])
    out.add(king)
    for ray in RAYS[king]:
        between = 0
        for i, sq in enumerate(ray):
            p = board[sq]
            if p is None:
                continue
            if p.color is not color:
                letter = down_lines[sq] if down is not None and down[sq] else p.letter
                if between <= (2 if letter == CANNON_LETTER else 1) and letter in LINE_LETTERS:
                    out.update(ray[: i + 1])
            between += 1
            if between > 2:
                break
    return out


def reach(board: list[Piece | None], sq: int, color: Color, letter: str) -> int:
    """How many squares the chariot, horse or cannon (``letter``) of ``color`` on
    ``sq`` could move to: the count of ``Position.pseudo_targets``, without a
    generator. Any object with a ``color`` blocks, as face-down pieces do."""
    count = 0
    if letter == HORSE_LETTER:
        for t, leg in HORSE_MOVES[sq]:
            if board[leg] is None:
                p = board[t]
                if p is None or p.color is not color:
                    count += 1
        return count
    cannon = letter == CANNON_LETTER
    for ray in RAYS[sq]:
        screened = False
        for t in ray:
            p = board[t]
            if not screened:
                if p is None:
                    count += 1
                elif cannon:
                    screened = True
                else:
                    if p.color is not color:
                        count += 1
                    break
            elif p is not None:
                if p.color is not color:
                    count += 1
                break
    return count


Line = tuple[int, tuple[int, ...], tuple[int, ...]]


def _line_table(length: int) -> tuple[tuple[Line, ...], ...]:
    """``table[i][occupied]`` for a line of ``length`` squares, a slider on
    its ``i``-th and the others' occupancy as bits: the empty squares it
    reaches, the nearest piece each way (a chariot's captures) and the one
    behind it (a cannon's)."""
    table = []
    for i in range(length):
        row: list[Line] = []
        for occupied in range(1 << length):
            empty, near, far = 0, [], []
            for step in (-1, 1):
                j, seen = i + step, False
                while 0 <= j < length:
                    if occupied >> j & 1:
                        if seen:
                            far.append(j)
                            break
                        near.append(j)
                        seen = True
                    elif not seen:
                        empty += 1
                    j += step
            row.append((empty, tuple(near), tuple(far)))
        table.append(tuple(row))
    return tuple(table)


# RANK_LINES[file][bits of the rank's occupancy], FILE_LINES[rank][bits of the file's].
RANK_LINES: Final = _line_table(9)
FILE_LINES: Final = _line_table(10)


def occupancy(board: Sequence[Piece | None]) -> tuple[list[int], list[int]]:
    """Each rank's occupied files and each file's occupied ranks, as bits:
    what :func:`line_reach` reads, which pushes keep by xor."""
    ranks, files = [0] * 10, [0] * 9
    for sq, piece in enumerate(board):
        if piece is not None:
            ranks[sq // 9] |= 1 << sq % 9
            files[sq % 9] |= 1 << sq // 9
    return ranks, files


def line_reach(
    board: list[Piece | None],
    ranks: list[int],
    files: list[int],
    sq: int,
    color: Color,
    cannon: bool,
) -> int:
    """:func:`reach` of a chariot or cannon, read from :data:`RANK_LINES` and
    :data:`FILE_LINES` on the board's :func:`occupancy`."""
    rank, file = divmod(sq, 9)
    empty, near, far = RANK_LINES[file][ranks[rank]]
    count = empty
    for j in far if cannon else near:
        p = board[rank * 9 + j]
        if p is not None and p.color is not color:
            count += 1
    empty, near, far = FILE_LINES[rank][files[file]]
    count += empty
    for j in far if cannon else near:
        p = board[j * 9 + file]
        if p is not None and p.color is not color:
            count += 1
    return count


_RNG = random.Random(29)  # fixed: the same keys in every process, so searches repeat
# 62 bits: a key, and any xor of keys, fits a compiled int unboxed; a 64-bit
# one is a Python int, and each xor of two would allocate a new one.
KEY_BITS: Final = 62
SIDE_KEY: Final = _RNG.getrandbits(KEY_BITS)
# Times the quiet plies, xored into a hash when the scores below depend on them.
QUIET_KEY: Final = _RNG.getrandbits(KEY_BITS) | 1
ZOBRIST: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    kind._value_: tuple(tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90)) for _ in Color)
    for kind in Kind
}

# DOWN_KEYS[sq]: xored in while the piece on ``sq`` lies face-down (Jieqi).
DOWN_KEYS: Final[tuple[int, ...]] = tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90))


def zobrist(board: Sequence[Piece | None], turn: Color) -> int:
    """The 62-bit hash of a placement and side to move, which pushes update by xor."""
    key = SIDE_KEY if turn is Color.BLACK else 0
    for sq, piece in enumerate(board):
        if piece is not None:
            key ^= ZOBRIST[piece.letter][piece.color][sq]
    return key


# The third generation's squares carry more than a piece (drawn after the
# keys above, so those stay as they were). BACK_KEYS[letter][sq]: the back
# under the piece on ``sq``, public or not; SHOWN_KEYS[letter][sq]: the same
# back once shown; FLAG_KEYS[flags][sq]: the square's flags but "shown".
BACK_KEYS: Final[dict[str, tuple[int, ...]]] = {
    kind._value_: tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90)) for kind in Kind
}
SHOWN_KEYS: Final[dict[str, tuple[int, ...]]] = {
    kind._value_: tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90)) for kind in Kind
}
FLAG_KEYS: Final[tuple[tuple[int, ...], ...]] = (
    (0,) * 90,
    *(tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90)) for _ in range(1, 32)),
)
# 骉's context (F-7): the kind each side moved by last, the square just moved to.
RULE_KEYS: Final[tuple[dict[str, int], ...]] = tuple(
    {kind._value_: _RNG.getrandbits(KEY_BITS) for kind in Kind} for _ in Color
)
JUST_KEYS: Final[tuple[int, ...]] = tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90))
