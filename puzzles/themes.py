"""The themes of a puzzle, named as xiangqi players name them.

Mating patterns are read off the final position (who gives check, through
which screen, which flight squares are shut and by what); tactics off the
solution's moves (a discovered check, a fork, a sacrifice). Everything is
decided by our own rules code on the board, never by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from computer.evaluation import VALUES
from rules.actions import Move
from rules.geometry import KING_MOVES
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.squares import file_of, rank_of, square

HORSE_BEHIND_CANNON = "马后炮"
DOUBLE_CANNONS = "重炮"
TWO_CHARIOTS = "双车错"
SMOTHERED_PALACE = "闷宫"
IRON_BOLT = "铁门栓"
TROUGH_HORSE = "卧槽马"
FACING_KINGS = "白脸将"
HEAVEN_EARTH_CANNONS = "天地炮"
DISCOVERED_CHECK = "抽将"
DOUBLE_ATTACK = "捉双"
DOUBLE_CHECK = "双将"
SACRIFICE = "弃子"
CHECKS_TO_MATE = "连将杀"
STALEMATE = "困毙"
WINS_MATERIAL = "得子"
REVEAL = "翻子"  # Jieqi: the answer turns a face-down piece up
CAPTURES_FACE_DOWN = "吃暗子"  # Jieqi: the answer takes a face-down piece

# Every theme's Chinese name (what the data holds) and its English name.
ENGLISH: dict[str, str] = {
    HORSE_BEHIND_CANNON: "horse behind cannon",
    DOUBLE_CANNONS: "double cannons",
    TWO_CHARIOTS: "two chariots",
    SMOTHERED_PALACE: "smothered palace",
    IRON_BOLT: "iron bolt",
    TROUGH_HORSE: "horse in the trough",
    FACING_KINGS: "face-to-face kings",
    HEAVEN_EARTH_CANNONS: "heaven-and-earth cannons",
    DISCOVERED_CHECK: "discovered check",
    DOUBLE_ATTACK: "double attack",
    DOUBLE_CHECK: "double check",
    SACRIFICE: "sacrifice",
    CHECKS_TO_MATE: "mate by checks",
    STALEMATE: "stalemate",
    WINS_MATERIAL: "winning material",
    REVEAL: "reveal",
    CAPTURES_FACE_DOWN: "taking a face-down piece",
}
MAJOR = 400  # a horse's worth: what a fork must hit and a sacrifice must give


def english(theme: str) -> str:
    """The English name beside a theme's Chinese one."""
    return ENGLISH[theme]


def themes(fen: str, solution: Sequence[str], mate: bool) -> tuple[str, ...]:
    """The themes of the puzzle ``fen`` solved by ``solution``, in the order of
    :data:`ENGLISH`; ``mate``: the line ends in mate."""
    position = Position.from_fen(fen)
    solver = position.turn
    found: set[str] = set()
    every_check = True
    for index, text in enumerate(solution):
        move = Move.from_iccs(text)
        mover = position.board[move.from_sq]
        taken = position.push(move)
        if mover is None or mover.color is not solver:
            if taken is not None and VALUES[taken.kind] >= MAJOR:
                found.add(SACRIFICE)
            continue
        givers = checkers(position)
        every_check &= bool(givers)
        if len(givers) >= 2:
            found.add(DOUBLE_CHECK)
        later = solution[index + 1 :]
        discovered = any(sq != move.to_sq for sq in givers)
        if discovered and _captures_later(position, later, solver):
            found.add(DISCOVERED_CHECK)
        if _forks(position, move.to_sq) and _captures_later(position, later, solver):
            found.add(DOUBLE_ATTACK)
    if mate:
        found |= mating_patterns(position)
        if every_check and len(solution) > 1:
            found.add(CHECKS_TO_MATE)
    else:
        found.add(WINS_MATERIAL)
    return tuple(name for name in ENGLISH if name in found)


def checkers(position: Position) -> list[int]:
    """The squares of the pieces giving check to the side to move."""
    loser = position.turn
    king = position.king_square(loser)
    if king is None:
        return []
    return [
        sq
        for sq, piece in enumerate(position.board)
        if piece is not None and piece.color is not loser and king in position.pseudo_targets(sq)
    ]


def mating_patterns(position: Position) -> set[str]:
    """The named patterns of a final position where the side to move has lost."""
    loser = position.turn
    solver = loser.other()
    king = position.king_square(loser)
    assert king is not None
    board = position.board
    givers = checkers(position)
    if not givers:
        return {STALEMATE}
    flights = KING_MOVES[loser][king]
    found: set[str] = set()
    for sq in givers:
        piece = board[sq]
        assert piece is not None
        if piece.kind is Kind.CANNON:
            screens = _between(position, sq, king)
            screen = board[screens[0]] if len(screens) == 1 else None
            if screen == Piece(solver, Kind.HORSE):
                found.add(HORSE_BEHIND_CANNON)
            if screen == Piece(solver, Kind.CANNON):
                found.add(DOUBLE_CANNONS)
            if screen is not None and _smothered(board, sq, king, flights, loser):
                found.add(SMOTHERED_PALACE)
            if _heaven_and_earth(position, sq, king, solver):
                found.add(HEAVEN_EARTH_CANNONS)
        if piece.kind is Kind.HORSE and sq in _troughs(loser):
            found.add(TROUGH_HORSE)
        if piece.kind is Kind.CHARIOT:
            if any(
                _covers_one(position, other, flights)
                for other in _own(board, solver, Kind.CHARIOT, sq)
            ):
                found.add(TWO_CHARIOTS)
            if _iron_bolt(position, sq, king, solver):
                found.add(IRON_BOLT)
    if _kings_shut_a_flight(position, king, loser):
        found.add(FACING_KINGS)
    return found


def _holds(piece: Piece | None, color: Color) -> bool:
    return piece is not None and piece.color is color


def _own(board: list[Piece | None], color: Color, kind: Kind, besides: int) -> list[int]:
    wanted = Piece(color, kind)
    return [sq for sq, p in enumerate(board) if p == wanted and sq != besides]


def _between(position: Position, a: int, b: int) -> list[int]:
    """The occupied squares strictly between ``a`` and ``b`` on one file or rank
    (empty when they share neither)."""
    fa, ra, fb, rb = file_of(a), rank_of(a), file_of(b), rank_of(b)
    if fa == fb:
        line = [square(fa, r) for r in range(min(ra, rb) + 1, max(ra, rb))]
    elif ra == rb:
        line = [square(f, ra) for f in range(min(fa, fb) + 1, max(fa, fb))]
    else:
        return []
    return [sq for sq in line if position.board[sq] is not None]


def _aligned(a: int, b: int) -> bool:
    return a != b and (file_of(a) == file_of(b) or rank_of(a) == rank_of(b))


def _covers_one(position: Position, sq: int, targets: Sequence[int]) -> bool:
    """Whether the piece on ``sq`` attacks one of ``targets`` (an own piece standing
    there counts as defended)."""
    reach = set(position.pseudo_targets(sq))
    board = position.board
    piece = board[sq]
    assert piece is not None
    for t in targets:
        if t in reach:
            return True
        if _holds(board[t], piece.color) and _aligned(sq, t) and not _between(position, sq, t):
            return True
    return False


def _smothered(
    board: list[Piece | None], cannon: int, king: int, flights: Sequence[int], loser: Color
) -> bool:
    """The cannon's screen is the king's own piece beside it, and every other
    way out is shut by the king's own pieces or lies on the cannon's line."""
    beside = [t for t in flights if _aligned(t, cannon) and _between_line(cannon, king, t)]
    if not beside or not _holds(board[beside[0]], loser):
        return False
    on_line = file_of(cannon) == file_of(king)
    return all(
        _holds(board[t], loser)
        or (file_of(t) == file_of(king) if on_line else rank_of(t) == rank_of(king))
        for t in flights
    )


def _between_line(a: int, b: int, t: int) -> bool:
    """Whether ``t`` lies strictly between ``a`` and ``b`` on their line."""
    if file_of(a) == file_of(b) == file_of(t):
        return min(rank_of(a), rank_of(b)) < rank_of(t) < max(rank_of(a), rank_of(b))
    if rank_of(a) == rank_of(b) == rank_of(t):
        return min(file_of(a), file_of(b)) < file_of(t) < max(file_of(a), file_of(b))
    return False


def _troughs(loser: Color) -> tuple[int, int]:
    """The 卧槽 points: the third and seventh files of ``loser``'s second rank,
    in front of its elephants' home points (c8/g8 against Black)."""
    rank = 8 if loser is Color.BLACK else 1
    return square(2, rank), square(6, rank)


def _heaven_and_earth(position: Position, cannon: int, king: int, solver: Color) -> bool:
    """Two cannons aim at the king, one down its file and one along its rank."""
    for other in _own(position.board, solver, Kind.CANNON, cannon):
        crossing = (file_of(other) == file_of(king)) != (file_of(cannon) == file_of(king))
        if crossing and _aligned(other, king) and len(_between(position, other, king)) <= 1:
            return True
    return False


def _iron_bolt(position: Position, chariot: int, king: int, solver: Color) -> bool:
    """A chariot mates on the king's side file while a cannon on the centre file
    shuts the centre point beside the king."""
    if file_of(king) not in (3, 5) or file_of(chariot) != file_of(king):
        return False
    centre = square(4, rank_of(king))
    for cannon in _own(position.board, solver, Kind.CANNON, -1):
        if file_of(cannon) == 4 and len(_between(position, cannon, centre)) == 1:
            return True
    return False


def _kings_shut_a_flight(position: Position, king: int, loser: Color) -> bool:
    """A flight square the king may not take only because the kings would face."""
    own = position.king_square(loser.other())
    if own is None:
        return False
    board = position.board
    for t in KING_MOVES[loser][king]:
        if file_of(t) != file_of(own) or _holds(board[t], loser):
            continue
        saved = board[t]
        board[t], board[king] = board[king], None
        try:
            facing = not _between(position, t, own)
            attacked = position.is_attacked(t, loser.other())
        finally:
            board[king], board[t] = board[t], saved
        if facing and not attacked:
            return True
    return False


def _forks(position: Position, sq: int) -> bool:
    """The piece just moved to ``sq`` attacks two pieces worth a horse or more
    (the king counting as one)."""
    piece = position.board[sq]
    assert piece is not None
    hit = 0
    for t in position.pseudo_targets(sq):
        target = position.board[t]
        if target is not None and (target.kind is Kind.KING or VALUES[target.kind] >= MAJOR):
            hit += 1
    return hit >= 2


def _captures_later(position: Position, later: Sequence[str], solver: Color) -> bool:
    """Whether the solver's moves in ``later`` (from ``position``) take a piece
    worth a horse or more."""
    board = list(position.board)
    for ply, text in enumerate(later):
        move = Move.from_iccs(text)
        taken = board[move.to_sq]
        if ply % 2 == 1 and taken is not None and VALUES[taken.kind] >= MAJOR:
            return True
        board[move.to_sq], board[move.from_sq] = board[move.from_sq], None
    return False
