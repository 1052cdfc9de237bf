"""Movement of third-generation xiangqi (F-1, F-3, F-5 to F-7) on a Position.

:class:`FanbingPosition` is a :class:`~rules.position.Position` whose three
generation primitives (``pseudo_targets``, ``is_attacked``,
``is_legal_pseudo``) know the new pieces, so notation and the S-4 chase
test, which are built on those primitives, work unchanged.

Besides the board it keeps, per square, the piece's secret ``backs`` and a
few ``flags`` that travel with the piece, and the context 骉 needs: the rule
each side moved by last and the square of the piece that just moved.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Final

from ...actions import Move
from ...geometry import (
    ADVISOR_MOVES,
    DIAGONAL,
    DIAGONAL_NEIGHBOURS,
    ELEPHANT_MOVES,
    HORSE_MOVES,
    JUMPS_ANYWHERE,
    ORTHOGONAL_NEIGHBOURS,
    PAWN_MOVES,
    ray_from,
)
from ...pieces import OTHER, THIRD_GEN_KINDS, Color, Kind, Piece
from ...position import Position, slide_targets
from ...squares import in_palace, on_board, own_half, square

# Flags of a piece (bits of ``FanbingPosition.flags``).
PAWN_BORN: Final = 1  # an advisor or elephant that was a pawn (F-1, F-3)
SHOWN: Final = 2  # its back is public (F-2)
FLIP_BACK: Final = 4  # an invalid flip: must flip back on the owner's next turn (F-2)
LEFT_PALACE: Final = 8  # a minister that has left its own palace (F-5)
CROSSED: Final = 16  # a minister that has crossed the river (F-5)

# Final, so the compiled module reads them from C statics, not its globals.
K: Final = Kind.KING
A: Final = Kind.ADVISOR
B: Final = Kind.ELEPHANT
N: Final = Kind.HORSE
R: Final = Kind.CHARIOT
C: Final = Kind.CANNON
P: Final = Kind.PAWN
MINISTER: Final = Kind.MINISTER
CAMEL: Final = Kind.CAMEL
MULE: Final = Kind.MULE
ZHU: Final = Kind.ZHU
FU: Final = Kind.FU
FEI: Final = Kind.FEI
BIAO: Final = Kind.BIAO
PAO: Final = Kind.PAO
SHI: Final = Kind.SHI


def _jumps(sq: int, deltas: list[tuple[int, int, int, int]]) -> tuple[tuple[int, int], ...]:
    """(target, block) for each (df, dr, block df, block dr) that stays on the board."""
    f, r = sq % 9, sq // 9
    return tuple(
        (square(f + df, r + dr), square(f + bf, r + br))
        for df, dr, bf, br in deltas
        if on_board(f + df, r + dr)
    )


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


# F-6 camel: leaps 2 and 3, blocked on the first diagonal step toward the target.
_CAMEL = [
    (df * a, dr * b, _sign(df), _sign(dr))
    for a, b in ((2, 3), (3, 2))
    for df in (1, -1)
    for dr in (1, -1)
]
# F-6 mule: leaps 1 and 3, blocked by the orthogonal neighbour toward the long side.
_MULE = [(df, dr * 3, 0, dr) for df in (1, -1) for dr in (1, -1)] + [
    (df * 3, dr, df, 0) for df in (1, -1) for dr in (1, -1)
]
_KNIGHT = [(a * sa, b * sb) for a, b in ((1, 2), (2, 1)) for sa in (1, -1) for sb in (1, -1)]

CAMEL_MOVES: Final = tuple(_jumps(sq, _CAMEL) for sq in range(90))
MULE_MOVES: Final = tuple(_jumps(sq, _MULE) for sq in range(90))
# F-7 妃: (first knight step, second knight step or -1) in each direction.
FEI_STEPS: Final = tuple(
    tuple(
        (
            square(sq % 9 + df, sq // 9 + dr),
            square(sq % 9 + 2 * df, sq // 9 + 2 * dr)
            if on_board(sq % 9 + 2 * df, sq // 9 + 2 * dr)
            else -1,
        )
        for df, dr in _KNIGHT
        if on_board(sq % 9 + df, sq // 9 + dr)
    )
    for sq in range(90)
)
# Diagonal (near, far) pairs: 助 steps one or two, 抛 captures over the near one;
# the far square is -1 off the board.
DIAGONAL_PAIRS: Final = tuple(
    tuple(
        (
            square(sq % 9 + df, sq // 9 + dr),
            square(sq % 9 + 2 * df, sq // 9 + 2 * dr)
            if on_board(sq % 9 + 2 * df, sq // 9 + 2 * dr)
            else -1,
        )
        for df, dr in DIAGONAL
        if on_board(sq % 9 + df, sq // 9 + dr)
    )
    for sq in range(90)
)
# One step anywhere, and elephant jumps bound by no river (骉 as an elephant).
DIAGONAL_STEPS: Final = DIAGONAL_NEIGHBOURS
ORTHOGONAL_STEPS: Final = ORTHOGONAL_NEIGHBOURS
FREE_ELEPHANT: Final = JUMPS_ANYWHERE


RANK_RAYS: Final = tuple(
    tuple(ray for ray in (ray_from(sq, 1, 0), ray_from(sq, -1, 0)) if ray) for sq in range(90)
)
FILE_RAYS_BOTH: Final = tuple(
    tuple(ray for ray in (ray_from(sq, 0, 1), ray_from(sq, 0, -1)) if ray) for sq in range(90)
)
ALL_RAYS: Final = tuple(RANK_RAYS[sq] + FILE_RAYS_BOTH[sq] for sq in range(90))

# Kinds whose attacks the standard reverse look-up in Position.is_attacked misses.
NEW_KINDS: Final = frozenset(THIRD_GEN_KINDS)
NEW_LETTERS: Final = frozenset(kind._value_ for kind in THIRD_GEN_KINDS)  # hashed in C


def enemy_back_rank(color: Color) -> int:
    return 9 if color is Color.RED else 0


def _may_reach(kind: Kind, origin: int, target: int) -> bool:
    """A cheap geometric test before generating: could a piece of ``kind`` on
    ``origin`` capture on ``target`` at all (骉 always might)."""
    df, dr = abs(origin % 9 - target % 9), abs(origin // 9 - target // 9)
    if kind is SHI or kind is FU:
        return df == 0 or dr == 0
    if kind is PAO or kind is B:
        return df == dr == 2
    if kind is ZHU:
        return df == dr <= 2
    if kind is A:
        return df == dr == 1
    if kind is CAMEL:
        return {df, dr} == {2, 3}
    if kind is MULE:
        return {df, dr} == {1, 3}
    if kind is FEI:
        return {df, dr} == {2, 4}
    return kind is not MINISTER


class FanbingPosition(Position):
    """A board of the third-generation game: see the module doc.

    ``last_rule[c]`` is the kind whose rule side ``c`` moved by last (for 骉,
    F-7), ``just_moved`` the square of the piece that made the latest move,
    ``easy`` the easy-flips option (F-3).
    """

    __slots__ = ("backs", "easy", "exotic", "flags", "just_moved", "last_rule")

    def __init__(
        self,
        board: list[Piece | None],
        turn: Color,
        backs: list[Kind | None],
        flags: list[int],
        easy: bool = False,
    ) -> None:
        super().__init__(board, turn)
        self.backs = backs
        self.flags = flags
        self.easy = easy
        self.last_rule: list[Kind | None] = [None, None]
        self.just_moved: int | None = None
        # Squares of each side's pieces whose attacks need forward generation.
        self.exotic: tuple[set[int], set[int]] = (set(), set())
        for sq, piece in enumerate(board):
            if piece is not None and self._is_exotic(piece, flags[sq]):
                self.exotic[piece.color].add(sq)

    def copy(self) -> FanbingPosition:
        clone = FanbingPosition(
            list(self.board), self.turn, list(self.backs), list(self.flags), self.easy
        )
        clone.quiet_plies = self.quiet_plies
        clone.last_rule = list(self.last_rule)
        clone.just_moved = self.just_moved
        return clone

    @staticmethod
    def _is_exotic(piece: Piece, flags: int) -> bool:
        return piece.letter in NEW_LETTERS or bool(flags & PAWN_BORN)

    # -- generation ------------------------------------------------------------

    def rule_of(self, sq: int) -> Kind | None:
        """The kind whose rule the piece on ``sq`` moves by (骉 borrows one, F-7)."""
        piece = self.board[sq]
        assert piece is not None
        if piece.kind is BIAO:
            return self.last_rule[OTHER[piece.color]]
        return piece.kind

    def pseudo_targets(self, sq: int) -> Iterator[int]:
        piece = self.board[sq]
        if piece is None:
            return iter(())
        if piece.letter in NEW_LETTERS:
            return self._new_targets(sq, piece)
        if self.flags[sq] & PAWN_BORN:
            return self._pawn_born_targets(sq, piece)
        return super().pseudo_targets(sq)

    def _free(self, targets: Iterable[int], color: Color) -> Iterator[int]:
        """The targets that are empty or hold an enemy."""
        board = self.board
        for t in targets:
            p = board[t]
            if p is None or p.color is not color:
                yield t

    def _pawn_born_targets(self, sq: int, piece: Piece) -> Iterator[int]:
        """F-1/F-3: a pawn-advisor keeps to the enemy palace (or, with easy flips,
        the enemy half); a pawn-elephant never crosses back over the river."""
        color, enemy = piece.color, OTHER[piece.color]
        if piece.kind is A:
            if self.easy:
                steps = [t for t in DIAGONAL_STEPS[sq] if own_half(t, enemy)]
            else:
                steps = list(ADVISOR_MOVES[enemy][sq])
            return self._free(steps, color)
        board = self.board
        jumps = [t for t, eye in ELEPHANT_MOVES[enemy][sq] if board[eye] is None]
        return self._free(jumps, color)

    def _new_targets(self, sq: int, piece: Piece) -> Iterator[int]:
        kind, color = piece.kind, piece.color
        if kind is MINISTER:
            return self._minister_targets(sq, color)
        if kind is BIAO:
            rule = self.last_rule[OTHER[color]]
            if rule is None:  # F-7: before the opponent has moved, 骉 cannot move
                return iter(())
            barred = self.just_moved  # F-7: never the piece that just moved
            return (t for t in self._targets_as(rule, sq, color) if t != barred)
        return self._targets_as(kind, sq, color)

    def _minister_targets(self, sq: int, color: Color) -> Iterator[int]:
        """F-5: one diagonal step, never a capture, never back into its own
        palace once out, never back over the river once across."""
        flags, board = self.flags[sq], self.board
        for t in DIAGONAL_STEPS[sq]:
            if board[t] is not None:
                continue
            if flags & LEFT_PALACE and in_palace(t, color):
                continue
            if flags & CROSSED and own_half(t, color):
                continue
            yield t

    def _targets_as(self, kind: Kind, sq: int, color: Color) -> Iterator[int]:
        """Where a piece of ``color`` on ``sq`` moving by ``kind``'s rule may go,
        with no palace or river limit (the new pieces, and 骉's borrowed rules)."""
        board = self.board
        if kind is R or kind is C:
            return slide_targets(board, sq, color, kind is C)
        if kind is N:
            return self._free((t for t, leg in HORSE_MOVES[sq] if board[leg] is None), color)
        if kind is K:
            return self._free(ORTHOGONAL_STEPS[sq], color)
        if kind is A:
            return self._free(DIAGONAL_STEPS[sq], color)
        if kind is B:
            return self._free((t for t, eye in FREE_ELEPHANT[sq] if board[eye] is None), color)
        if kind is P:
            return self._free(PAWN_MOVES[color][sq], color)
        if kind is MINISTER:
            return (t for t in DIAGONAL_STEPS[sq] if board[t] is None)
        if kind is CAMEL:
            return self._free((t for t, b in CAMEL_MOVES[sq] if board[b] is None), color)
        if kind is MULE:
            return self._free((t for t, b in MULE_MOVES[sq] if board[b] is None), color)
        if kind is ZHU:
            return self._zhu(sq, color)
        if kind is FU:
            return self._fu(sq, color)
        if kind is FEI:
            return self._fei(sq, color)
        if kind is PAO:
            return self._pao(sq, color)
        if kind is SHI:
            return self._shi(sq, color)
        raise AssertionError(f"no rule for {kind}")

    def _zhu(self, sq: int, color: Color) -> Iterator[int]:
        """F-7 助: one or two points diagonally, capturing alike, never jumping."""
        board = self.board
        for near, far in DIAGONAL_PAIRS[sq]:
            p = board[near]
            if p is not None:
                if p.color is not color:
                    yield near
                continue
            yield near
            if far >= 0:
                q = board[far]
                if q is None or q.color is not color:
                    yield far

    def _fu(self, sq: int, color: Color) -> Iterator[int]:
        """F-7 辅: a chariot along the rank, a cannon along the file."""
        board = self.board
        yield from slide_targets(board, sq, color, False, RANK_RAYS[sq])
        yield from slide_targets(board, sq, color, True, FILE_RAYS_BOTH[sq])

    def _fei(self, sq: int, color: Color) -> Iterator[int]:
        """F-7 妃: a chess knight's move onto an empty point; captures only over a
        piece one knight step away, landing one more step beyond."""
        board = self.board
        for near, far in FEI_STEPS[sq]:
            p = board[near]
            if p is None:
                yield near
            elif far >= 0:
                q = board[far]
                if q is not None and q.color is not color:
                    yield far

    def _pao(self, sq: int, color: Color) -> Iterator[int]:
        """F-7 抛: moves like a cannon; captures the enemy right behind a
        diagonally adjacent piece of either side."""
        board = self.board
        for ray in ALL_RAYS[sq]:
            for t in ray:
                if board[t] is not None:
                    break
                yield t
        for near, far in DIAGONAL_PAIRS[sq]:
            if far >= 0 and board[near] is not None:
                q = board[far]
                if q is not None and q.color is not color:
                    yield far

    def _shi(self, sq: int, color: Color) -> Iterator[int]:
        """F-7 石: moves like a cannon; captures any enemy on its rank or file
        with exactly one empty point between them, whatever else stands there."""
        board = self.board
        for ray in ALL_RAYS[sq]:
            blocked, empties = False, 0
            for t in ray:
                p = board[t]
                if p is None:
                    empties += 1
                    if not blocked:
                        yield t
                    elif empties > 1:
                        break
                    continue
                if empties > 1:
                    break
                blocked = True
                if empties == 1 and p.color is not color:
                    yield t

    # -- attacks and legality ------------------------------------------------------

    def is_attacked(self, sq: int, by: Color) -> bool:
        if super().is_attacked(sq, by):
            return True
        board = self.board
        for e in self.exotic[by]:
            piece = board[e]
            # A make-test-unmake in progress may have lifted the piece off its square.
            if piece is None or piece.color is not by or not _may_reach(piece.kind, e, sq):
                continue
            if any(t == sq for t in self.pseudo_targets(e)):
                return True
        return False

    def attackers(self, sq: int, by: Color) -> int:
        """How many pieces of ``by`` could capture on ``sq`` (ignoring pins), for
        the minister's rule (F-5)."""
        return sum(
            1
            for s, p in enumerate(self.board)
            if p is not None and p.color is by and any(t == sq for t in self.pseudo_targets(s))
        )

    def is_legal_pseudo(self, move: Move) -> bool:
        """Make-test-unmake as in standard, with 骉's context set as it would be
        after the move, and F-5: a minister is taken only under two attackers."""
        board, flags, backs = self.board, self.flags, self.backs
        f, t = move[0], move[1]  # indexed: the properties cost a call compiled (see ``Move``)
        mover, captured = board[f], board[t]
        assert mover is not None
        color = mover.color
        if captured is not None and captured.kind is MINISTER and self.attackers(t, color) < 2:
            return False
        saved = self.last_rule[color], self.just_moved
        self.last_rule[color], self.just_moved = self.rule_of(f), t
        # The index is put back exactly as it was, whatever it held on ``t``.
        own, other = self.exotic[color], self.exotic[OTHER[color]]
        moved_exotic = f in own
        own_on_target = t in own
        taken_exotic = captured is not None and t in other
        if moved_exotic:
            own.discard(f)
            own.add(t)
        if taken_exotic:
            other.discard(t)
        old_flags, old_back = flags[t], backs[t]
        board[t], board[f] = mover, None
        flags[t], flags[f] = flags[f], 0
        backs[t], backs[f] = backs[f], None
        try:
            return not self.king_in_danger(color)
        finally:
            board[f], board[t] = mover, captured
            flags[f], flags[t] = flags[t], old_flags
            backs[f], backs[t] = backs[t], old_back
            if moved_exotic:
                own.add(f)
                if not own_on_target:
                    own.discard(t)
            if taken_exotic:
                other.add(t)
            self.last_rule[color], self.just_moved = saved

    def make(self, move: Move) -> Piece | None:
        """Play a legal move for good, carrying backs and flags along; the capture."""
        board, flags, backs = self.board, self.flags, self.backs
        f, t = move[0], move[1]
        mover, captured = board[f], board[t]
        assert mover is not None
        color = mover.color
        self.last_rule[color] = self.rule_of(f)
        self.just_moved = t
        if captured is not None:
            self.exotic[captured.color].discard(t)
        if f in self.exotic[color]:
            self.exotic[color].discard(f)
            self.exotic[color].add(t)
        board[t], board[f] = mover, None
        flags[t], flags[f] = flags[f], 0
        backs[t], backs[f] = backs[f], None
        if mover.kind is MINISTER:  # F-5: remember leaving the palace, crossing the river
            if not in_palace(t, color):
                flags[t] |= LEFT_PALACE
            if not own_half(t, color):
                flags[t] |= CROSSED
        self.quiet_plies = 0 if captured is not None else self.quiet_plies + 1
        self.turn = OTHER[color]
        return captured

    def change(self, sq: int, piece: Piece, back: Kind | None, flags: int) -> None:
        """Replace the piece on ``sq`` (a flip), keeping the exotic index right."""
        self.board[sq], self.backs[sq], self.flags[sq] = piece, back, flags
        self.exotic[piece.color].discard(sq)
        if self._is_exotic(piece, flags):
            self.exotic[piece.color].add(sq)

    def key(self) -> tuple[Hashable, ...]:
        """Repetition key from public facts only: pieces, shown backs, pending
        flip-backs, minister limits, and 骉's context while a 骉 is on the board."""
        board, backs, flags = self.board, self.backs, self.flags
        public = tuple(
            (backs[sq] if flags[sq] & SHOWN else None, flags[sq] & ~SHOWN)
            for sq in range(90)
            if board[sq] is not None
        )
        biao = any(p is not None and p.kind is BIAO for p in board)
        context = (tuple(self.last_rule), self.just_moved) if biao else ()
        return (self.turn, *board, public, *context)
