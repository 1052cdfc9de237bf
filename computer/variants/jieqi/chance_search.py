"""A Jieqi position searched as its players see it: face-down pieces unknown to both.

Searching deals one by one lets the side that reveals in a deal know what
it will turn up, so a search deeper than one ply chooses its reveals by
luck. Here nobody knows: a face-down piece stays a face-down piece until it
is revealed, and the reveal is a chance node, worth the mean over every
identity still possible,
each weighted by how many of that kind its colour has unseen (the count
shrinks as the line turns pieces up). Taking a face-down piece is a chance
node too, but only on whether it is the king: the evaluation counts every
face-down piece at the mean of its colour's unseen pieces, so which other
piece it was changes nothing the search could see.

Under the classic rules a face-down piece moves as the piece of its point,
and that move turns it up: a chance node over its identities like a
reveal. On the last full ply and among the captures that follow, such a
move leaves its piece face-down where it lands, counted at the mean and
moving no further, as a reveal there is left unturned; otherwise every
identity of nearly every move of the opening would cost a search.

Chances are averaged as winning chances (:func:`computer.review.winning_chance`),
the scale a review judges by, so a small chance of taking a king does not
count as a sure win's worth of centipawns. Everything is by depth, with no
budget and no clock: the same position gets the same scores anywhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from rules.actions import Action, Move
from rules.knowledge import Knowledge
from rules.pieces import Color, Kind, Piece
from rules.variants.jieqi.actions import Reveal

from ...evaluation import MATE
from ...review import centipawns, winning_chance
from ...tables import DOWN_KEYS, ZOBRIST
from .state import JieqiState, unseen

QUIESCENCE = 3  # captures followed after the last full ply
FULL = MATE + 1  # beyond any score: the widest window
Window = Callable[[int, int], int]  # a score searched in the window (alpha, beta)


def _best(
    actions: Sequence[Action],
    best: int,
    alpha: int,
    beta: int,
    score_of: Callable[[Action, int], int],
) -> int:
    """The best of ``best`` and the ``actions``' scores (``score_of`` an
    action above the window's floor), stopping at a cut-off."""
    for action in actions:
        score = score_of(action, alpha)
        if score > best:
            best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


class ChanceSearch:
    """One position's search ``depth`` plies deep, then its captures;
    :meth:`weigh` scores its root actions."""

    def __init__(self, state: JieqiState, knowledge: Knowledge, depth: int) -> None:
        self.state = state
        self.depth = depth
        self.pools: list[Counter[Kind]] = [unseen(knowledge, color) for color in Color]
        self.stuck: set[int] = set()  # face-down pieces moved unturned in this line

    def weigh(self) -> dict[str, int]:
        """Every root action's exact score for the side to move, in centipawns."""
        return {
            action.text: centipawns(winning_chance(self._full(action, self.depth - 1)))
            for action in self.state.actions()
        }

    def _turned(self, action: Action) -> tuple[int, bool] | None:
        """The face-down square ``action`` turns, if any, with whether every
        identity counts (a reveal, or Jieqi classic's first move of a
        face-down piece, which reveals it) or only the king's (a victim)."""
        if isinstance(action, Reveal):
            return action.square, True
        if isinstance(action, Move):
            down = self.state.board.down
            if down[action.from_sq]:
                return action.from_sq, True
            if down[action.to_sq]:
                return action.to_sq, False
        return None

    def _identities(self, sq: int, every: bool) -> Iterator[tuple[Kind, float]]:
        """What the piece on ``sq`` may be and how likely, from its colour's unseen pieces."""
        piece = self.state.board.board[sq]
        assert piece is not None
        pool = self.pools[piece.color]
        total = sum(pool.values())
        if every:
            yield from ((kind, many / total) for kind, many in pool.items() if many)
            return
        kings = pool[Kind.KING]
        if kings:
            yield Kind.KING, kings / total
        other = next((kind for kind, many in pool.items() if many and kind is not Kind.KING), None)
        if other is not None:
            yield other, (total - kings) / total

    def _chance(self, turned: tuple[int, bool] | None, then: Window, alpha: int, beta: int) -> int:
        """The mean winning chance of ``then`` over the identities of the
        ``turned`` square, each searched in the widest window (a mean needs
        every identity's exact score); ``then`` in the window when none is turned."""
        if turned is None:
            return then(alpha, beta)
        sq, every = turned
        piece = self.state.board.board[sq]
        assert piece is not None
        mean = 0.0
        for kind, weight in list(self._identities(sq, every)):
            score = self._as(sq, piece, kind, every, lambda: then(-FULL, FULL))
            mean += weight * winning_chance(score)
        return centipawns(mean)

    def _as(self, sq: int, piece: Piece, kind: Kind, every: bool, then: Callable[[], int]) -> int:
        """``then`` with the face-down ``piece`` on ``sq`` turned out a ``kind``
        (taken from its colour's unseen pieces when ``every`` identity counts).
        The state's hash follows the identity: what the state keeps by hash
        (its check, its scores) must not be read for another identity."""
        state = self.state
        board = state.board.board
        pool = self.pools[piece.color]
        swap = ZOBRIST[piece.letter][piece.color][sq] ^ ZOBRIST[kind._value_][piece.color][sq]
        board[sq] = Piece(piece.color, kind)
        state.hash ^= swap
        pool[kind] -= every  # a victim stays unseen: only the king was asked about
        try:
            return then()
        finally:
            pool[kind] += every
            state.hash ^= swap
            board[sq] = piece

    def _full(self, action: Action, depth: int, alpha: int = -FULL, beta: int = FULL) -> int:
        """``action``'s score for its player, ``depth`` full plies after it."""
        if depth <= 0 and isinstance(action, Reveal):
            return self._unturned(alpha, beta)
        if depth <= 0 and self._moves_down(action):
            return self._moved_down(action, alpha, beta, QUIESCENCE)

        def then(low: int, high: int) -> int:
            return self._pushed(action, depth, low, high)

        return self._chance(self._turned(action), then, alpha, beta)

    def _unturned(self, alpha: int, beta: int) -> int:
        """A reveal that only captures follow: its piece is left face-down,
        counted at the mean of what it may be, so that the side revealing
        cannot pick the reveal whose sample flatters it."""
        state = self.state
        state.push_null()
        try:
            return -self._quiesce(-beta, -alpha, QUIESCENCE)
        finally:
            state.pop_null()

    def _moves_down(self, action: Action) -> bool:
        """Whether ``action`` moves a face-down piece (Jieqi classic), which turns it."""
        return isinstance(action, Move) and self.state.board.down[action.from_sq]

    def _moved_down(self, action: Action, alpha: int, beta: int, left: int) -> int:
        """A face-down piece's move that only captures follow, the piece kept
        face-down where it lands and counted at the mean of what it may be,
        as an unturned reveal is: every identity of every such move of the
        last ply would cost a search, and the side moving cannot pick the
        move whose sample flatters it. It moves no further in this line."""
        assert isinstance(action, Move)
        state, to = self.state, action.to_sq
        state.push(action)
        state.board.down[to] = True
        state.hash ^= DOWN_KEYS[to]
        fresh = to not in self.stuck  # it may land on a piece left so
        self.stuck.add(to)
        try:
            over = state.terminal()
            return -over if over is not None else -self._quiesce(-beta, -alpha, left)
        finally:
            if fresh:
                self.stuck.discard(to)
            state.pop()

    def _pushed(self, action: Action, depth: int, alpha: int, beta: int) -> int:
        state = self.state
        state.push(action)
        try:
            over = state.terminal()
            if over is not None:
                return -over
            if depth <= 0:
                return -self._quiesce(-beta, -alpha, QUIESCENCE)
            return -self._negamax(depth, -beta, -alpha)
        finally:
            state.pop()

    def _negamax(self, depth: int, alpha: int, beta: int) -> int:
        actions = self.state.actions()
        if not actions:
            return -MATE
        return _best(
            actions, -FULL, alpha, beta, lambda a, low: self._full(a, depth - 1, low, beta)
        )

    def _quiesce(self, alpha: int, beta: int, left: int) -> int:
        """Captures only (every answer when in check) until none is worth it
        or ``left`` runs out, the side to move free to stand."""
        state = self.state
        if left > 0 and state.in_check():
            actions = list(state.actions())
            if not actions:
                return -MATE
            best = -FULL
        else:
            best = state.evaluate()
            if best >= beta or left == 0:
                return best
            alpha = max(alpha, best)
            stuck, down = self.stuck, state.board.down
            actions = [
                a
                for a in state.captures()
                if not (isinstance(a, Move) and down[a.from_sq] and a.from_sq in stuck)
            ]
        return _best(actions, best, alpha, beta, lambda a, low: self._taken(a, low, beta, left))

    def _taken(self, action: Action, alpha: int, beta: int, left: int) -> int:
        """A capture's (or a check's answer's) score in the quiescence search."""
        if self._moves_down(action):
            return self._moved_down(action, alpha, beta, left - 1)

        def then(low: int, high: int) -> int:
            state = self.state
            state.push(action)
            try:
                over = state.terminal()
                return -over if over is not None else -self._quiesce(-high, -low, left - 1)
            finally:
                state.pop()

        return self._chance(self._turned(action), then, alpha, beta)
