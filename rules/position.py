"""Standard xiangqi positions: placement, side to move, move generation, FEN.

Legal moves are pseudo-legal moves filtered by make-test-unmake (S-2): after
the move the mover's king must not be attacked nor face the enemy king.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from typing import Final, Self

from mypy_extensions import mypyc_attr

from .actions import MOVES, Move
from .errors import IllegalAction, InvalidFen
from .geometry import (
    ADVISOR_MOVES,
    ELEPHANT_MOVES,
    FILE_RAYS,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    KING_MOVES,
    PAWN_MOVES,
    RAYS,
)
from .pieces import OTHER, Color, Kind, Piece

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Final, so the compiled module reads them from C statics, not its globals.
KING: Final = Kind.KING
ADVISOR: Final = Kind.ADVISOR
ELEPHANT: Final = Kind.ELEPHANT
HORSE: Final = Kind.HORSE
CHARIOT: Final = Kind.CHARIOT
CANNON: Final = Kind.CANNON
PAWN: Final = Kind.PAWN


def slide_targets(
    board: list[Piece | None],
    sq: int,
    color: Color,
    cannon: bool,
    rays: Sequence[Sequence[int]] | None = None,
) -> Iterator[int]:
    """Where a chariot (or, with ``cannon``, a cannon) of ``color`` on ``sq``
    may go: along each ray to the first piece, capturing it if it is an enemy;
    a cannon instead jumps that piece to capture the next. Any object with a
    ``color`` counts as a piece, so variants' face-down pieces block and
    screen alike. ``rays`` narrows the lines (a piece that slides along some
    of them only)."""
    for ray in RAYS[sq] if rays is None else rays:
        screened = False
        for t in ray:
            p = board[t]
            if not screened:
                if p is None:
                    yield t
                elif cannon:
                    screened = True
                else:
                    if p.color is not color:
                        yield t
                    break
            elif p is not None:
                if p.color is not color:
                    yield t
                break


# One-step movers look their targets up by letter (an enum's hash is a Python call).
_STEP_TABLES: Final = {
    KING._value_: KING_MOVES,
    ADVISOR._value_: ADVISOR_MOVES,
    PAWN._value_: PAWN_MOVES,
}


@mypyc_attr(allow_interpreted_subclasses=True)
class Position:
    """Where the pieces stand and whose turn it is, with a push/pop stack.

    ``board[sq]`` is a :class:`Piece` or ``None``. ``quiet_plies`` counts plies
    since the last capture (S-12).
    """

    __slots__ = ("_kings", "_stack", "board", "quiet_plies", "turn")

    def __init__(self, board: list[Piece | None], turn: Color, quiet_plies: int = 0) -> None:
        if len(board) != 90:
            raise ValueError("a board has 90 squares")
        self.board = board
        self.turn = turn
        self.quiet_plies = quiet_plies
        self._stack: list[tuple[Move, Piece | None, int]] = []
        self._kings = [0, 0]

    # -- construction and FEN ------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        return cls.from_fen(START_FEN)

    @classmethod
    def from_fen(cls, fen: str) -> Self:
        """Parse a FEN; the side may be ``w``, ``r`` (Red) or ``b`` (Black).

        :raises InvalidFen: naming what is wrong.
        """
        board, turn, quiet = _parse_fen(fen)
        return cls(list(board), turn, quiet)

    def placement(self) -> str:
        rows = []
        for rank in range(9, -1, -1):
            row, empty = "", 0
            for file in range(9):
                piece = self.board[rank * 9 + file]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += piece.symbol
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def fen(self, fullmove: int = 1) -> str:
        return f"{self.placement()} {self.turn.letter} - - {self.quiet_plies} {fullmove}"

    def copy(self) -> Position:
        return Position(list(self.board), self.turn, self.quiet_plies)

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        """What a deep-copied game holds: compiled, this class is rebuilt only
        through its constructor, so a copy is :meth:`copy` (each subclass its
        own) plus the moves it can still take back."""
        clone = self.copy()
        clone._stack = list(self._stack)
        return clone

    def piece_at(self, sq: int) -> Piece | None:
        return self.board[sq]

    def king_square(self, color: Color) -> int | None:
        """Where the king of ``color`` stands (cached: boards may be edited freely)."""
        cached = self._kings[color]
        piece = self.board[cached]
        if piece is not None and piece.kind is KING and piece.color is color:
            return cached
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.kind is KING and piece.color is color:
                self._kings[color] = sq
                return sq
        return None

    # -- attacks -------------------------------------------------------------

    def is_attacked(self, sq: int, by: Color) -> bool:
        """Whether a piece of ``by`` could capture on ``sq`` (ignoring pins)."""
        board = self.board
        for ray in RAYS[sq]:
            screened = False
            for t in ray:
                p = board[t]
                if p is None:
                    continue
                if not screened:
                    if p.color is by and p.kind is CHARIOT:
                        return True
                    if p.color is by and p.kind is KING and t in KING_MOVES[by][sq]:
                        return True
                    if p.color is by and p.kind is PAWN and sq in PAWN_MOVES[by][t]:
                        return True
                    screened = True
                else:
                    if p.color is by and p.kind is CANNON:
                        return True
                    break
        for h, leg in HORSE_ATTACKERS[sq]:
            p = board[h]
            if p is not None and p.color is by and p.kind is HORSE and board[leg] is None:
                return True
        for a in ADVISOR_MOVES[by][sq]:
            p = board[a]
            if p is not None and p.color is by and p.kind is ADVISOR:
                return True
        for e, eye in ELEPHANT_MOVES[by][sq]:
            p = board[e]
            if p is not None and p.color is by and p.kind is ELEPHANT and board[eye] is None:
                return True
        return False

    def kings_face(self) -> bool:
        """Whether the two kings stand on one file with nothing between (S-2)."""
        red = self.king_square(Color.RED)
        if red is None:
            return False
        for ray in FILE_RAYS[red]:
            for t in ray:
                p = self.board[t]
                if p is not None:
                    if p.kind is KING:
                        return True
                    break
        return False

    def king_in_danger(self, color: Color) -> bool:
        """The king of ``color`` is missing, attacked, or faces the other king."""
        king = self.king_square(color)
        return king is None or self.is_attacked(king, OTHER[color]) or self.kings_face()

    def is_check(self) -> bool:
        """The side to move is in check."""
        king = self.king_square(self.turn)
        return king is not None and self.is_attacked(king, OTHER[self.turn])

    # -- generation ------------------------------------------------------------

    def pseudo_targets(self, sq: int) -> Iterator[int]:
        """Squares the piece on ``sq`` could move to, ignoring its own king's safety."""
        board = self.board
        piece = board[sq]
        if piece is None:
            return
        color, kind = piece.color, piece.kind
        if kind is CHARIOT or kind is CANNON:
            yield from slide_targets(board, sq, color, kind is CANNON)
            return
        if kind is HORSE:
            for t, leg in HORSE_MOVES[sq]:
                if board[leg] is None:
                    p = board[t]
                    if p is None or p.color is not color:
                        yield t
            return
        if kind is ELEPHANT:
            for t, eye in ELEPHANT_MOVES[color][sq]:
                if board[eye] is None:
                    p = board[t]
                    if p is None or p.color is not color:
                        yield t
            return
        for t in _STEP_TABLES[piece.letter][color][sq]:
            p = board[t]
            if p is None or p.color is not color:
                yield t

    def pseudo_moves(self) -> Iterator[Move]:
        turn = self.turn
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.color is turn:
                row = MOVES[sq]
                for t in self.pseudo_targets(sq):
                    yield row[t]

    def is_legal_pseudo(self, move: Move) -> bool:
        """Make-test-unmake: the mover's king must be safe afterwards (S-2)."""
        board = self.board
        f, t = move[0], move[1]  # indexed: the properties cost a call compiled (see ``Move``)
        mover, captured = board[f], board[t]
        assert mover is not None
        board[t], board[f] = mover, None
        try:
            return not self.king_in_danger(mover.color)
        finally:
            board[f], board[t] = mover, captured

    def legal_moves(self) -> list[Move]:
        return [m for m in self.pseudo_moves() if self.is_legal_pseudo(m)]

    def is_legal(self, move: Move) -> bool:
        piece = self.board[move.from_sq]
        return (
            piece is not None
            and piece.color is self.turn
            and move.to_sq in self.pseudo_targets(move.from_sq)
            and self.is_legal_pseudo(move)
        )

    def has_legal_move(self) -> bool:
        return any(self.is_legal_pseudo(m) for m in self.pseudo_moves())

    # -- making moves ----------------------------------------------------------

    def push(self, move: Move) -> Piece | None:
        """Play a legal move; returns the captured piece, if any.

        :raises IllegalAction: when the move is not legal here.
        """
        if not self.is_legal(move):
            raise IllegalAction(f"{move.text} is not a legal move in {self.fen()}", move=move.text)
        return self.push_unchecked(move)

    def push_unchecked(self, move: Move) -> Piece | None:
        board = self.board
        f, t = move[0], move[1]
        captured = board[t]
        self._stack.append((move, captured, self.quiet_plies))
        board[t], board[f] = board[f], None
        self.quiet_plies = 0 if captured is not None else self.quiet_plies + 1
        self.turn = OTHER[self.turn]
        return captured

    def pop(self) -> Move:
        move, captured, quiet = self._stack.pop()
        board = self.board
        f, t = move[0], move[1]
        board[f], board[t] = board[t], captured
        self.quiet_plies = quiet
        self.turn = OTHER[self.turn]
        return move

    def key(self) -> tuple[Hashable, ...]:
        """A hashable key of placement and side, for repetition."""
        return (self.turn, *self.board)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        lines = []
        for rank in range(9, -1, -1):
            row = " ".join((p.symbol if p else ".") for p in self.board[rank * 9 : rank * 9 + 9])
            lines.append(f"{rank} {row}")
        lines.append("  " + " ".join("abcdefghi"))
        return "\n".join(lines)


def perft(position: Position, depth: int) -> int:
    """Count leaf nodes of the legal move tree (bulk-counted at the last ply)."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        position.push_unchecked(move)
        total += perft(position, depth - 1)
        position.pop()
    return total


@lru_cache(maxsize=256)
def _parse_fen(fen: str) -> tuple[tuple[Piece | None, ...], Color, int]:
    """The board, side to move and quiet plies of ``fen``. Every game starts
    from one of a few FENs, and pieces are immutable, so each is parsed once
    and its board copied (replaying a stored game starts here).

    :raises InvalidFen: naming what is wrong.
    """
    fields = fen.strip().split()
    if not fields:
        raise InvalidFen("empty FEN", fen=fen)
    rows = fields[0].split("/")
    if len(rows) != 10:
        raise InvalidFen(f"FEN {fen!r} has {len(rows)} ranks, not 10", fen=fen)
    board: list[Piece | None] = [None] * 90
    for i, row in enumerate(rows):
        rank, file = 9 - i, 0
        for ch in row:
            if ch in "123456789":
                file += int(ch)
                continue
            if file > 8:
                raise InvalidFen(f"FEN {fen!r}: rank {rank} has more than 9 files", fen=fen)
            try:
                board[rank * 9 + file] = Piece.from_symbol(ch)
            except ValueError:
                raise InvalidFen(f"FEN {fen!r}: bad piece letter {ch!r}", fen=fen) from None
            file += 1
        if file != 9:
            raise InvalidFen(f"FEN {fen!r}: rank {rank} does not have 9 files", fen=fen)
    side = fields[1].lower() if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise InvalidFen(f"FEN {fen!r}: side to move must be w, r or b", fen=fen)
    quiet = 0
    if len(fields) > 4 and fields[4].isascii() and fields[4].isdigit():
        quiet = int(fields[4])
    for color in Color:
        king = Piece(color, KING)
        if sum(1 for p in board if p == king) != 1:
            raise InvalidFen(f"FEN {fen!r}: each side needs exactly one king", fen=fen)
    return tuple(board), Color.BLACK if side == "b" else Color.RED, quiet
