"""Jieqi's search state (both rule sets): a deal of what is unseen, and the past.

Everything a side may know of the face-down pieces is which pieces of each
colour have not been seen: the sixteen a side starts with, less those face
up on the board and those taken whose identity this side was told. A sample
deals that multiset at random over the face-down points (and the taken
pieces nobody told it of), so every sample agrees with the view.

The search also knows the game's past: the positions since the last capture,
rebuilt from the public log by following each piece from its starting point
(a position is which piece stands where, which lie face-down, whose turn).
A position met again scores as a draw (J-8 draws at the third), and so does
reaching the no-capture limit (S-12); a lead shrinks as quiet plies pile up
and a side that is ahead pays a little for each piece it keeps face-down,
so a side ahead makes progress instead of shuffling into a draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import compress
from typing import Final

from rules.actions import Action, Move, Pass, parse_action
from rules.geometry import HORSE_MOVES, PAWN_MOVES, RAYS
from rules.knowledge import Knowledge
from rules.pieces import OTHER, Color, Kind, Piece
from rules.standard import NO_CAPTURE_LIMIT
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.moves import POINT_KINDS, START_POINTS, HiddenBoard

from ...evaluation import KING_FREEDOM, MATE, MOBILITY
from ...movegen import MOVE_ROWS, ordered
from ...search import SearchState
from ...tables import (
    ATTACKER_LETTERS,
    BASE,
    CANNON_LETTER,
    DOWN_KEYS,
    KEY_BITS,
    NEAR,
    QUIET_KEY,
    SIDE_KEY,
    SLIDER_LETTERS,
    ZOBRIST,
    exposed_squares,
    reach,
    zobrist,
)

FULL_SET: Final[tuple[Counter[Kind], ...]] = tuple(
    Counter(kind for sq in START_POINTS[color] if (kind := POINT_KINDS[sq]) is not None)
    for color in Color
)
KING_LETTER: Final = Kind.KING._value_
CHARIOT_LETTER: Final = Kind.CHARIOT._value_
HORSE_LETTER: Final = Kind.HORSE._value_
ELEPHANT_LETTER: Final = Kind.ELEPHANT._value_
ADVISOR_LETTER: Final = Kind.ADVISOR._value_
# The letter of the piece that belongs on each starting point ("" elsewhere).
POINT_LETTERS: Final = tuple("" if k is None else k._value_ for k in POINT_KINDS)
SQUARES: Final = range(90)
KINGS: Final = frozenset(
    sq for color in Color for sq in START_POINTS[color] if POINT_KINDS[sq] is Kind.KING
)
# DOWN_LINES[face-down pieces move]: what a face-down enemy piece on each
# point lines up with the king as, for :func:`~computer.tables.exposed_squares`
# ("": nothing). Under the classic rules it moves as the piece of its point
# (J-9); under the document's it never moves (J-3); a king faces only
# revealed (J-6).
DOWN_LINES: Final = (
    ("",) * 90,
    tuple("" if k is None or k is Kind.KING else k._value_ for k in POINT_KINDS),
)
RED: Final = Color.RED
AHEAD: Final = 150  # a lead worth making progress for
DOWN_WHEN_AHEAD: Final = 12  # what a side that is ahead pays per piece it keeps face-down

_RNG = random.Random("jieqi-past")
# ID_KEYS[start][sq]: xored into a position's key while the piece that
# started on ``start`` stands on ``sq``. A position (whose turn, which piece
# stands where, which lie face-down) is one 62-bit key, kept up to date move
# by move: building and hashing a tuple of the whole board at every node
# was a large share of the search's time.
ID_KEYS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_RNG.getrandbits(KEY_BITS) for _ in range(90)) for _ in range(90)
)


class Past:
    """The game's positions since its last capture, and its quiet plies, as
    the public log tells them; ``ids`` is the starting point of the piece on
    each square now."""

    def __init__(self, knowledge: Knowledge, king_face_up: bool) -> None:
        ids: list[int | None] = [None] * 90
        down = [False] * 90
        for color in Color:
            for sq in START_POINTS[color]:
                ids[sq] = sq
                down[sq] = not (king_face_up and sq in KINGS)
        turn = Color.RED
        self.keys: Counter[int] = Counter([_key(turn, ids, down)])
        self.quiet = 0
        for text in knowledge.log:
            action = parse_action(text)
            if isinstance(action, Move):
                f, t = action.from_sq, action.to_sq
                taken = ids[t] is not None
                ids[t], ids[f] = ids[f], None
                down[t] = down[f] = False
                if taken:
                    self.keys.clear()
                self.quiet = 0 if taken else self.quiet + 1
            else:
                if isinstance(action, Reveal):
                    down[action.square] = False
                self.quiet += 1
            turn = OTHER[turn]
            self.keys[_key(turn, ids, down)] += 1
        self.ids = ids


def _key(turn: Color, ids: list[int | None], down: list[bool]) -> int:
    """The position's key from scratch (the search updates it move by move)."""
    key = SIDE_KEY if turn is Color.BLACK else 0
    for sq in SQUARES:
        start = ids[sq]
        if start is not None:
            key ^= ID_KEYS[start][sq]
        if down[sq]:
            key ^= DOWN_KEYS[sq]
    return key


def unseen(knowledge: Knowledge, color: Color) -> Counter[Kind]:
    """The kinds of ``color`` this side has not seen anywhere."""
    view = knowledge.view
    left = Counter(FULL_SET[color])
    for piece in (*view.board, *view.captured[color]):
        if piece is not None and piece.color is color and piece.kind is not None:
            left[piece.kind] -= 1
    return +left


class Step:
    """What a push changed, for its pop: the action, the pieces that stood on
    a move's two squares and whether each lay face-down (a reveal's square
    first), the starting points of the pieces a move carried, and the
    deal's hash, the position's key and the quiet plies from before. A
    compiled class, so its numbers are held unboxed where a tuple would
    make an object of each."""

    def __init__(self, action: Action, deal: int, place: int, quiet: int) -> None:
        self.action = action
        self.hash = deal
        self.place = place
        self.quiet = quiet
        self.pieces: tuple[Piece | None, Piece | None] = (None, None)
        self.down: tuple[bool, bool] = (False, False)
        self.ids: tuple[int | None, int | None] = (None, None)


class JieqiState(SearchState):
    """One deal walked in place. A face-down piece is scored as the average of
    what its side has unseen, so a reveal is worth what it really shows."""

    def __init__(
        self,
        board: HiddenBoard,
        reveals: bool,
        hidden_value: tuple[int, int],
        past: Past | None = None,
    ) -> None:
        self.board = board
        self.reveals = reveals
        self.hidden_value = hidden_value
        self._steps: list[Step] = []  # one per push, for its pop
        self._king_taken = False
        self.past = past
        self.seen: dict[int, int] = {} if past is None else dict(past.keys)
        self.ids: list[int | None] = [None] * 90 if past is None else list(past.ids)
        self.quiet = 0 if past is None else past.quiet
        self.place = _key(board.turn, self.ids, board.down)  # the position's key now
        # The deal's Zobrist hash: each piece as drawn, which lie face-down, whose turn.
        self.hash = zobrist(board.board, board.turn)
        for sq in compress(SQUARES, board.down):
            self.hash ^= DOWN_KEYS[sq]
        self._check: tuple[int, bool] = (-1, False)  # see :meth:`in_check` (no hash is -1)
        self._scores: dict[int, int] = {}  # see :meth:`evaluate`

    def _legal(self, moves: list[Move]) -> list[Move]:
        """``HiddenBoard.legal_moves`` among ``moves``: out of check, a move
        touching no square this board exposes to the revealed king
        (:func:`~computer.tables.exposed_squares`) cannot expose it, so only
        the others are tried on the board."""
        hidden = self.board
        king = hidden.king(hidden.turn)
        if king is None:
            return moves  # J-6: no revealed king, nothing to expose
        board, down = hidden.board, hidden.down
        check = self.in_check()
        exposed: set[int] = (
            set()
            if check
            else exposed_squares(
                board, king, hidden.turn, down, DOWN_LINES[hidden.rules.face_down is not None]
            )
        )
        legal: list[Move] = []
        for m in moves:
            f, t = m[0], m[1]  # indexed: the properties cost a call compiled (see ``Move``)
            if not check and f not in exposed and t not in exposed:
                legal.append(m)
                continue
            mover, captured, down_f, down_t = board[f], board[t], down[f], down[t]
            assert mover is not None
            board[t], board[f] = mover, None
            down[t] = down[f] = False  # the mover's own piece: what it is cannot matter
            try:
                if not hidden.in_danger(mover.color, t if f == king else king):
                    legal.append(m)
            finally:
                board[f], board[t], down[f], down[t] = mover, captured, down_f, down_t
        return legal

    def actions(self) -> list[Action]:
        board = self.board
        moves: list[Action] = list(
            ordered(board.board, self._legal(self._pseudo(False)), by_attacker=False)
        )
        danger = self.in_check()
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
        return list(ordered(self.board.board, self._legal(self._pseudo(True)), by_attacker=False))

    def _pseudo(self, captures: bool) -> list[Move]:
        """The side to move's pseudo-legal moves (only its captures when
        ``captures``) in ``pseudo_moves``' order, without its generators:
        the search asks for them at nearly every node."""
        hidden = self.board
        board, turn = hidden.board, hidden.turn
        quiet = not captures
        out: list[Move] = []
        add = out.append
        down, rules = hidden.down, hidden.rules
        for sq, piece in enumerate(board):
            if piece is None or piece.color is not turn:
                continue
            # What ``hidden.mover`` tells, by letter: an enum's value is a
            # generic attribute read, a piece's letter a compiled one.
            if down[sq]:
                face_down = rules.face_down
                letter = POINT_LETTERS[sq]
                if face_down is None or not letter:
                    continue  # J-3: face-down pieces never move (document rules)
                reach = face_down
            else:
                reach, letter = rules.revealed, piece.letter
            row = MOVE_ROWS[sq]
            if letter in (CHARIOT_LETTER, CANNON_LETTER):
                screens = 0 if letter == CHARIOT_LETTER else 1
                for ray in RAYS[sq]:
                    passed = 0
                    for t in ray:
                        p = board[t]
                        if p is None:
                            if quiet and passed == 0:
                                add(row[t])
                            continue
                        if passed == screens:
                            if p.color is not turn:
                                add(row[t])
                            break
                        passed += 1
                continue
            if letter in (HORSE_LETTER, ELEPHANT_LETTER):
                pairs = HORSE_MOVES[sq] if letter == HORSE_LETTER else reach.elephant[turn][sq]
                targets: Sequence[int] = [t for t, blocker in pairs if board[blocker] is None]
            else:
                steps = (
                    reach.king
                    if letter == KING_LETTER
                    else reach.advisor
                    if letter == ADVISOR_LETTER
                    else PAWN_MOVES
                )
                targets = steps[turn][sq]
            for t in targets:
                p = board[t]
                if p is None:
                    if quiet:
                        add(row[t])
                elif p.color is not turn:
                    add(row[t])
        return out

    def push(self, action: Action) -> None:
        board, down = self.board.board, self.board.down
        h = self.hash
        step = Step(action, h, self.place, self.quiet)
        h ^= SIDE_KEY
        if isinstance(action, Move):
            f, t = action[0], action[1]
            step.pieces = (board[f], board[t])
            step.down = (down[f], down[t])
            taken = board[t]
            mover = board[f]
            assert mover is not None
            keys = ZOBRIST[mover.letter][mover.color]
            h ^= keys[f] ^ keys[t]
            if down[f]:
                h ^= DOWN_KEYS[f]
            if taken is not None:
                h ^= ZOBRIST[taken.letter][taken.color][t]
                if down[t]:
                    h ^= DOWN_KEYS[t]
            board[t], board[f] = board[f], None
            down[f] = down[t] = False
            self._king_taken = taken is not None and taken.letter == KING_LETTER
        elif isinstance(action, Reveal):
            step.down = (down[action.square], False)
            if down[action.square]:
                h ^= DOWN_KEYS[action.square]
            down[action.square] = False
            self._king_taken = False
        else:
            self._king_taken = False
        self.hash = h
        self._steps.append(step)
        self.board.turn = OTHER[self.board.turn]
        self._remember(step)

    def _remember(self, step: Step) -> None:
        """Follow the pieces and count the position (pop undoes it), its key
        updated by what the action changed (``push`` saved what was face-down)."""
        ids = self.ids
        quiet = self.quiet
        place = self.place ^ SIDE_KEY
        action, taken = step.action, step.pieces[1]
        down_f, down_t = step.down
        if isinstance(action, Move):
            f, t = action[0], action[1]
            mover, victim = ids[f], ids[t]
            step.ids = (mover, victim)
            self.quiet = 0 if victim is not None or taken is not None else quiet + 1
            ids[t], ids[f] = mover, None
            if mover is not None:
                place ^= ID_KEYS[mover][f] ^ ID_KEYS[mover][t]
            if victim is not None:
                place ^= ID_KEYS[victim][t]
            if down_f:
                place ^= DOWN_KEYS[f]
            if down_t:
                place ^= DOWN_KEYS[t]
        else:
            self.quiet = quiet + 1
            if isinstance(action, Reveal) and down_f:
                place ^= DOWN_KEYS[action.square]
        seen = self.seen
        seen[place] = seen.get(place, 0) + 1
        self.place = place

    def pop(self) -> None:
        step = self._steps.pop()
        self.seen[self.place] -= 1
        self.place, self.quiet = step.place, step.quiet
        action = step.action
        board, down = self.board.board, self.board.down
        if isinstance(action, Move):
            f, t = action[0], action[1]
            self.ids[f], self.ids[t] = step.ids
            board[f], board[t] = step.pieces
            down[f], down[t] = step.down
        elif isinstance(action, Reveal):
            down[action.square] = step.down[0]
        self.board.turn = OTHER[self.board.turn]
        self._king_taken = False
        self.hash = step.hash

    def is_capture(self, action: Action) -> bool:
        return isinstance(action, Move) and self.board.board[action[1]] is not None

    def key(self) -> int:
        """The deal's hash with the quiet plies, which the evaluation reads."""
        return self.hash ^ (self.quiet * QUIET_KEY)

    def null_ok(self) -> bool:
        """Passing is a fair test while the side to move has a face-down piece
        or a face-up chariot, horse or cannon: it then has a move that spoils
        nothing (and a side left without a move passes anyway, J-7)."""
        hidden = self.board
        turn, down = hidden.turn, hidden.down
        return any(
            p is not None and p.color is turn and (down[sq] or p.letter in SLIDER_LETTERS)
            for sq, p in enumerate(hidden.board)
        )

    def push_null(self) -> None:
        self.board.turn = OTHER[self.board.turn]
        self.hash ^= SIDE_KEY

    def pop_null(self) -> None:
        self.board.turn = OTHER[self.board.turn]
        self.hash ^= SIDE_KEY

    def in_check(self) -> bool:
        """Whether the side to move's revealed king is in danger (asked
        several times a node, so kept for the last hash asked: the hash
        holds the whole deal and the turn)."""
        if self._check[0] == self.hash:
            return self._check[1]
        check = self.board.in_danger(self.board.turn)
        self._check = (self.hash, check)
        return check

    def terminal(self) -> int | None:
        if self._king_taken:
            return -MATE  # J-4: the king was just taken
        if self._steps and (self.seen[self.place] > 1 or self.quiet >= NO_CAPTURE_LIMIT):
            return 0  # a position met before (J-8), or the no-capture limit (S-12)
        return None

    def evaluate(self) -> int:
        """The score for the side to move, kept by :meth:`key`: iterative
        deepening and transpositions reach the same leaves again, and the
        score walks the whole board."""
        key = self.hash ^ (self.quiet * QUIET_KEY)
        score = self._scores.get(key)
        if score is None:
            score = self._scores[key] = self._evaluate()
        return score

    def _evaluate(self) -> int:
        # Two passes over the board, each side's total in its own local: a
        # list indexed by side, or a list of (square, piece) pairs, costs
        # generic calls at every leaf.
        hidden = self.board
        board, down = hidden.board, hidden.down
        king_steps = hidden.rules.revealed.king
        red_king: int | None = None
        black_king: int | None = None
        for sq, piece in enumerate(board):
            if piece is not None and piece.letter == KING_LETTER and not down[sq]:
                if piece.color is RED:
                    red_king = sq
                else:
                    black_king = sq
        red_down, black_down = self.hidden_value
        red = black = 0
        for sq, piece in enumerate(board):
            if piece is None:
                continue
            color = piece.color
            if down[sq]:
                value = red_down if color is RED else black_down
            else:
                letter = piece.letter
                value = BASE[letter][color][sq]
                if letter in SLIDER_LETTERS:
                    value += MOBILITY * reach(board, sq, color, letter)
                if letter in ATTACKER_LETTERS:
                    king = black_king if color is RED else red_king
                    if king is not None:
                        value += NEAR[sq][king]
                elif letter == KING_LETTER:  # its steps, as ``hidden.targets`` gives them
                    steps = king_steps[color][sq]
                    value += KING_FREEDOM * sum(
                        1 for t in steps if (p := board[t]) is None or p.color is not color
                    )
            if color is RED:
                red += value
            else:
                black += value
        score = red - black if hidden.turn is RED else black - red
        return self._progress(score, down) if self.past is not None else score

    def _progress(self, score: int, down: list[bool]) -> int:
        """``score`` with the leader's lead shrunk by quiet plies and by its
        pieces still face-down: a lead is worth more when it is being used."""
        if abs(score) < AHEAD:
            return score
        turn = self.board.turn
        leader = turn if score > 0 else OTHER[turn]
        board = self.board.board
        hidden = 0  # a loop over the lists: compiled, ``compress`` is iterated generically
        for sq, p in enumerate(board):
            if p is not None and down[sq] and p.color is leader:
                hidden += 1
        lead = max(AHEAD, abs(score) - DOWN_WHEN_AHEAD * hidden)
        lead -= lead * self.quiet // (2 * NO_CAPTURE_LIMIT)
        return lead if score > 0 else -lead
