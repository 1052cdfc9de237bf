"""Standard xiangqi: a fast state on :class:`rules.position.Position` (push/pop
in place) and its evaluation on hand-set weights, shared with Tuibei and
successor xiangqi; standard xiangqi's own state, on weights fitted to
Fairy-Stockfish's judgement, and its plug-in."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence, Set
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from rules.actions import Action, Move
from rules.geometry import FILE_RAYS
from rules.knowledge import Knowledge
from rules.pieces import OTHER, Color, Kind, Piece
from rules.position import Position
from rules.repetition import Occurrences
from rules.standard import NO_CAPTURE_LIMIT, StandardXiangqi

from ..evaluation import LETTER_VALUES, MOBILITY, progress
from ..movegen import MOVE_ROWS, ordered, pseudo_moves
from ..plugin import SearchPlugin, register
from ..search import SearchState
from ..tables import (
    CANNON_LETTER,
    HORSE_LETTER,
    NEARS,
    PLACED,
    QUIET_KEY,
    REACH_WORTH,
    SIDE_KEY,
    SLIDER_LETTERS,
    ZOBRIST,
    Nears,
    Reaches,
    Worth,
    exposed_squares,
    line_reach,
    near_table,
    occupancy,
    reach,
    zobrist,
)
from .standard_weights import NEAR_WEIGHTS, REACH_WEIGHTS, SQUARES

Key = tuple[Hashable, ...]  # a position's repetition key (Position.key)
KING_LETTER: Final = Kind.KING._value_
# Every square in order: walking the board costs less than sorting the pieces' squares.
BOARD_SQUARES: Final = list(range(90))


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by the third generation's
class XiangqiState(SearchState):
    """A position walked in place with ``push_unchecked``/``pop``. Mate and
    stalemate both lose (S-3): no legal action is a loss.

    Given the game's ``past`` (the positions it has met), a position met
    before scores as a draw, as does the no-capture limit (S-4, S-12), and a
    lead shrinks as quiet plies pile up: a side ahead makes progress.
    ``values`` orders the captures (a variant's own pieces have their own).

    The state reads the board once and then follows its own pushes (where
    the pieces, sliders and kings stand, the Zobrist hash, each side's
    material on its squares and its attackers' nearness to the enemy king):
    the board must not be edited under it. So a leaf adds only the reach of
    its chariots, horses and cannons, which any move on their lines changes."""

    values: ClassVar[dict[str, int]] = LETTER_VALUES  # by FEN letter
    # A piece's worth on its square (see :data:`~computer.tables.PLACED`), what
    # an attacker earns near the enemy king, and each square a chariot, horse
    # or cannon reaches, by letter.
    worth: ClassVar[Worth] = PLACED
    near: ClassVar[Nears] = NEARS
    mobility: ClassVar[Reaches] = REACH_WORTH
    # The letters of the kinds whose capture ends the game at once, so that
    # taking one is legal whatever it exposes (none in standard xiangqi: a
    # king is never left to be taken).
    game_enders: ClassVar[frozenset[str]] = frozenset()

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
        # Each push's capture, and _seen and placed from before it.
        self._trail: list[tuple[Piece | None, bool, tuple[int, int]]] = []
        # Where the pieces stand, kept by the pushes: the placed totals are summed
        # from it, and the sliders' reach from ``sliders``.
        self.pieces = {sq: p for sq, p in enumerate(position.board) if p is not None}
        self.kings = [position.king_square(Color.RED), position.king_square(Color.BLACK)]
        self.sliders = {sq: p for sq, p in self.pieces.items() if p.letter in SLIDER_LETTERS}
        # Each side's pieces on their squares and attackers near the enemy king.
        self._worth, self._near, self._mobility = self.worth, self.near, self.mobility
        self.placed = placed_totals(self.pieces, self.kings, self._worth, self._near)
        self.ranks, self.files = occupancy(position.board)
        self._path: dict[int, int] = {}  # the path's hashes (a dict: Counter's misses are Python)
        self._in_past: dict[int, bool] = {}  # hash: whether the game's past holds the position
        self._seen = False
        self._nulls: list[tuple[int, bool]] = []  # each null move's hash and _seen before
        self._check: tuple[int, bool] = (-1, False)  # see :meth:`in_check` (no hash is -1)
        self._scores: dict[int, int] = {}  # see :meth:`evaluate`

    def actions(self) -> Sequence[Action]:
        return ordered(self.position.board, self._legal(self._pseudo(False)), self.values)

    def _pseudo(self, captures: bool) -> list[Move]:
        """The side to move's pseudo-legal moves (only its captures when
        ``captures``) in the order the rules give them: from the prebuilt
        table, but for the pieces on :meth:`_ruled` squares, whose moves the
        rules generate."""
        position = self.position
        board, turn = position.board, position.turn
        ruled = self._ruled()
        if not ruled:
            return pseudo_moves(board, BOARD_SQUARES, turn, captures)
        # Square by square, so the moves come sorted by where they start
        # without sorting them: the table's between the ruled pieces.
        moves: list[Move] = []
        run: list[int] = []
        for sq in BOARD_SQUARES:
            piece = board[sq]
            if piece is None or piece.color is not turn:
                continue
            if sq not in ruled:
                run.append(sq)
                continue
            if run:
                moves += pseudo_moves(board, run, turn, captures)
                run = []
            row = MOVE_ROWS[sq]
            targets = self._ruled_targets(sq)
            moves += [row[t] for t in targets if not captures or board[t] is not None]
        if run:
            moves += pseudo_moves(board, run, turn, captures)
        return moves

    def _ruled(self) -> Set[int]:
        """Squares of the side to move's pieces that move otherwise than in
        standard xiangqi (none here)."""
        return frozenset()

    def _ruled_targets(self, sq: int) -> Iterable[int]:
        """Where the piece on a :meth:`_ruled` square may go, in the rules' order."""
        return self.position.pseudo_targets(sq)

    def _legal(self, moves: list[Move]) -> list[Move]:
        """The legal ones among pseudo-legal ``moves``: out of check, only a
        move from or to a square exposed to the own king
        (:func:`~computer.tables.exposed_squares`) is tried on the board."""
        position = self.position
        king = self.kings[position.turn]
        if king is None:
            return []
        if self.in_check():
            return [m for m in moves if self._safe(m, king)]
        exposed = exposed_squares(position.board, king, position.turn)
        return [
            m for m in moves if (m[0] not in exposed and m[1] not in exposed) or self._safe(m, king)
        ]

    def _safe(self, move: Move, king: int) -> bool:
        """``Position.is_legal_pseudo`` on a standard board whose side to move
        has its king on ``king``: the king neither attacked nor facing the other."""
        board = self.position.board
        f, t = move[0], move[1]  # indexed: the properties cost a call compiled (see ``Move``)
        mover, captured = board[f], board[t]
        assert mover is not None
        if captured is not None and captured.letter in self.game_enders:
            return True
        board[t], board[f] = mover, None
        try:
            own = t if f == king else king
            if self.position.is_attacked(own, OTHER[mover.color]):
                return False
            for ray in FILE_RAYS[own]:
                for sq in ray:
                    p = board[sq]
                    if p is not None:
                        if p.letter == KING_LETTER:
                            return False
                        break
            return True
        finally:
            board[f], board[t] = mover, captured

    def captures(self) -> Sequence[Action]:
        return ordered(self.position.board, self._legal(self._pseudo(True)), self.values)

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        f, t = action[0], action[1]
        board = self.position.board
        mover = board[f]
        assert mover is not None
        keys = ZOBRIST[mover.letter][mover.color]
        h = self.hash ^ SIDE_KEY ^ keys[f] ^ keys[t]
        taken = self.position.push_unchecked(action)
        if taken is not None:
            h ^= ZOBRIST[taken.letter][taken.color][t]
            self._captures += 1
        pieces, sliders, kings = self.pieces, self.sliders, self.kings
        del pieces[f]
        pieces[t] = mover
        letter = mover.letter
        if taken is not None and t in sliders:
            del sliders[t]
        if letter in SLIDER_LETTERS:
            del sliders[f]
            sliders[t] = mover
        self._trail.append((taken, self._seen, self.placed))
        self._occupy(f, t, taken is None)
        if letter == KING_LETTER:
            kings[mover.color] = t  # every nearness moves
            self.placed = placed_totals(pieces, kings, self._worth, self._near)
        elif taken is not None and taken.letter == KING_LETTER:
            kings[taken.color] = None
            self.placed = placed_totals(pieces, kings, self._worth, self._near)
        else:
            self.placed = placed_after(
                self.placed, mover, f, t, taken, kings, self._worth, self._near
            )
        self._hashes.append(self.hash)
        self.hash = h
        if self.past is not None:
            path = self._path
            met = path[h] = path.get(h, 0) + 1
            self._seen = met > 1 or (self._captures == 0 and self._met_before(h))

    def _met_before(self, h: int) -> bool:
        """Whether the game's past holds the position of hash ``h`` (its whole
        key is built and looked up once per hash)."""
        met = self._in_past.get(h)
        if met is None:
            assert self.past is not None
            met = self._in_past[h] = self.position.key() in self.past
        return met

    def pop(self) -> None:
        move = self.position.pop()
        if self.past is not None:
            self._path[self.hash] -= 1
        self.hash = self._hashes.pop()
        taken, self._seen, self.placed = self._trail.pop()
        f, t = move[0], move[1]
        self._occupy(f, t, taken is None)
        pieces, sliders = self.pieces, self.sliders
        mover = pieces[f] = pieces.pop(t)
        if mover.letter == KING_LETTER:
            self.kings[mover.color] = f
        elif t in sliders:
            sliders[f] = sliders.pop(t)
        if taken is not None:
            pieces[t] = taken
            if taken.letter in SLIDER_LETTERS:
                sliders[t] = taken
            self._captures -= 1
            if taken.letter == KING_LETTER:
                self.kings[taken.color] = t

    def _occupy(self, f: int, t: int, empty: bool) -> None:
        """Flip the occupancy bits of a move from ``f`` to an ``empty`` ``t``,
        or only of ``f`` after a capture (the same undoes it)."""
        ranks, files = self.ranks, self.files
        ranks[f // 9] ^= 1 << f % 9
        files[f % 9] ^= 1 << f // 9
        if empty:
            ranks[t // 9] ^= 1 << t % 9
            files[t % 9] ^= 1 << t // 9

    def is_capture(self, action: Action) -> bool:
        assert isinstance(action, Move)
        return self.position.board[action[1]] is not None

    def key(self) -> Hashable:
        """The Zobrist hash, with the quiet plies once they count: past half
        the no-capture limit the evaluation shrinks a lead by them."""
        quiet = self.position.quiet_plies
        return self.hash if self.past is None else self.hash ^ (quiet * QUIET_KEY)

    def null_ok(self) -> bool:
        """A side with a chariot, horse or cannon has a move that does not
        spoil its position, so a pass is a fair lower bound; one with only
        pawns, advisors, elephants and its king may be in zugzwang, which
        loses in xiangqi (no legal move loses), so it never passes."""
        turn = self.position.turn
        return any(p.color is turn for p in self.sliders.values())

    def push_null(self) -> None:
        position = self.position
        position.turn = OTHER[position.turn]
        self._nulls.append((self.hash, self._seen))
        self.hash ^= SIDE_KEY
        self._seen = False

    def pop_null(self) -> None:
        position = self.position
        position.turn = OTHER[position.turn]
        self.hash, self._seen = self._nulls.pop()

    def in_check(self) -> bool:
        """Whether the side to move is in check (asked twice a node, by the
        search and by :meth:`_legal`, so kept for the last hash asked)."""
        if self._check[0] == self.hash:
            return self._check[1]
        position = self.position
        king = self.kings[position.turn]
        check = king is not None and position.is_attacked(king, OTHER[position.turn])
        self._check = (self.hash, check)
        return check

    def terminal(self) -> int | None:
        if self.past is None or not self._hashes:
            return None
        if self._seen:
            return 0
        return 0 if self.position.quiet_plies >= NO_CAPTURE_LIMIT else None

    def evaluate(self) -> int:
        """The score for the side to move, kept by :meth:`score_key`:
        iterative deepening and transpositions reach the same leaves again."""
        key = self.score_key()
        score = self._scores.get(key)
        if score is None:
            score = self._scores[key] = self._evaluate()
        return score

    def score_key(self) -> int:
        """A hash of all the score depends on: the position and its quiet plies."""
        return self.hash ^ (self.position.quiet_plies * QUIET_KEY)

    def _evaluate(self) -> int:
        score = self.material_and_reach()
        return score if self.past is None else progress(score, self.position.quiet_plies)

    def material_and_reach(self) -> int:
        """:func:`evaluate_position` from what the pushes kept."""
        placed, board = self.placed, self.position.board
        ranks, files, weights = self.ranks, self.files, self._mobility
        score = placed[0] - placed[1]
        for sq, piece in self.sliders.items():
            letter = piece.letter
            if letter == HORSE_LETTER:
                mobility = weights[letter][reach(board, sq, piece.color, letter)]
            else:
                cannon = letter == CANNON_LETTER
                reached = line_reach(board, ranks, files, sq, piece.color, cannon)
                mobility = weights[letter][reached]
            score += mobility if piece.color is Color.RED else -mobility
        return score if self.position.turn is Color.RED else -score


def placed_totals(
    pieces: dict[int, Piece],
    kings: list[int | None],
    worth: Worth = PLACED,
    near: Nears = NEARS,
) -> tuple[int, int]:
    """Each side's pieces on their squares (what each is ``worth`` there), and
    its attackers' nearness to the enemy king (what ``near`` gives for it):
    what a push may update without looking at the rest of the board."""
    totals = [0, 0]
    for sq, piece in pieces.items():
        color, letter = piece.color, piece.letter
        value = worth[letter][color][sq]
        table = near.get(letter)
        if table is not None:
            king = kings[1 - color]
            if king is not None:
                value += table[sq][king]
        totals[color] += value
    return totals[0], totals[1]


def placed_after(
    placed: tuple[int, int],
    mover: Piece,
    f: int,
    t: int,
    taken: Piece | None,
    kings: list[int | None],
    worth: Worth = PLACED,
    near: Nears = NEARS,
) -> tuple[int, int]:
    """:func:`placed_totals` after ``mover`` went from ``f`` to ``t``, taking
    ``taken``, when neither is a king (a king's step moves every enemy
    attacker's nearness, so that is counted afresh)."""
    color, letter = mover.color, mover.letter
    base = worth[letter][color]
    gain = base[t] - base[f]
    table = near.get(letter)
    if table is not None:
        king = kings[1 - color]
        if king is not None:
            gain += table[t][king] - table[f][king]
    lost = 0
    if taken is not None:
        letter = taken.letter
        lost = worth[letter][1 - color][t]
        table = near.get(letter)
        if table is not None:
            king = kings[color]
            if king is not None:
                lost += table[t][king]
    if color is Color.RED:
        return placed[0] + gain, placed[1] - lost
    return placed[0] - lost, placed[1] + gain


def evaluate_position(
    position: Position,
    pieces: dict[int, Piece] | None = None,
    kings: list[int | None] | None = None,
) -> int:
    """Material, pawns over the river, the reach of chariots, horses and cannons,
    and attackers near the enemy king, for the side to move. ``pieces`` (square
    to piece, as the board has them) and ``kings`` (their squares by colour)
    save the walks over the board."""
    board = position.board
    if kings is None:
        kings = [position.king_square(Color.RED), position.king_square(Color.BLACK)]
    if pieces is None:
        pieces = {sq: p for sq, p in enumerate(board) if p is not None}
    totals = list(placed_totals(pieces, kings))
    for sq, piece in pieces.items():
        letter = piece.letter
        if letter in SLIDER_LETTERS:
            totals[piece.color] += MOBILITY * reach(board, sq, piece.color, letter)
    turn = position.turn
    return totals[turn] - totals[1 - turn]


# Standard xiangqi's fitted weights (:mod:`.standard_weights`); a kind
# without a table there (the queen) keeps :data:`PLACED`.
FITTED: Final[Worth] = PLACED | {
    kind._value_: tuple(
        tuple(rows[sq // 9 if color is Color.RED else 9 - sq // 9][sq % 9] for sq in range(90))
        for color in Color
    )
    for kind, rows in SQUARES.items()
}
FITTED_NEARS: Final[Nears] = {
    kind._value_: near_table(weight) for kind, weight in NEAR_WEIGHTS.items()
}
FITTED_REACHES: Final[Reaches] = {kind._value_: row for kind, row in REACH_WEIGHTS.items()}


class StandardState(XiangqiState):
    """Standard xiangqi's search state, on weights fitted to Fairy-Stockfish's
    judgement of master games (:mod:`.standard_weights`): the hand-set
    ones left level 8 far short of it. The variants keep the hand-set ones,
    which their own ladders were measured on."""

    worth = FITTED
    near = FITTED_NEARS
    mobility = FITTED_REACHES

    def captures(self) -> Sequence[Action]:
        """The captures worth looking at where the search has stopped: not a
        piece taking a cheaper one that is guarded (the exchange loses)."""
        position = self.position
        board, values, enemy = position.board, self.values, OTHER[position.turn]
        kept: list[Action] = []
        for move in super().captures():
            assert isinstance(move, Move)
            mover, victim = board[move[0]], board[move[1]]
            assert mover is not None and victim is not None
            if values[victim.letter] >= values[mover.letter] or not position.is_attacked(
                move[1], enemy
            ):
                kept.append(move)
        return kept


@register("xiangqi")
class XiangqiPlugin(SearchPlugin):
    """Perfect information: one sample, the game itself rebuilt from the public log."""

    partial_rounds = False  # the levels' ratings were measured without
    deep_search = True  # stronger against Fairy-Stockfish (BENCHMARKS.md)

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        game = StandardXiangqi.determinize(knowledge, rng)
        return StandardState(game.position.copy(), game.keys)
