"""The Jieqi player that does not know what it will turn up.

Determinization searches deals in which a face-down piece's identity is
known, so its reveals are chosen by luck. This player searches the one
position both sides see (:class:`~.chance_search.ChanceSearch`: a
reveal is a chance node over every identity still possible) to a node
budget instead of a fixed depth: one ply deeper each round while the
budget lasts, the last finished round kept (the first always finishes), no
clock. A transposition table keyed by the deal's hash, corrected for the
identities the line has turned up, and by which unseen pieces are left,
gives each position its best action to try first; the quiet actions after
it go by their history. Each identity at a chance node is searched in the
window that decides whether the mean can still end inside the node's own,
and the node stops once the identities left could not bring it back even
were each a sure win (or loss); the rest is alpha-beta.

At small budgets this finishes only a ply or two (every identity of every
reveal costs a subtree), so Jieqi plays it only at the levels where it beat
determinization in games (``CHANCE_LEVELS`` in :mod:`.plugin`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from rules.actions import Action
from rules.knowledge import Knowledge
from rules.pieces import Color, Kind, Piece

from ...evaluation import MATE, MATE_BOUND
from ...plugin import Searched, plugin_for
from ...review import centipawns, winning_chance
from ...search import Budget, OutOfBudget, with_partial
from ...tables import KEY_BITS, ZOBRIST
from .chance_search import FULL, ChanceSearch, Window
from .state import JieqiState

MAX_DEPTH = 32  # plies: a bound for a budget without nodes
TABLE_SIZE = 1 << 16  # entries before the table is emptied (deterministically)
EXACT, LOWER, UPPER = 0, 1, 2

_RNG = random.Random("chance-player")
# POOL_KEYS[color][kind letter][count]: xored in while that many of the kind
# were unseen when one of them was turned up in the line.
POOL_KEYS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {letter: tuple(_RNG.getrandbits(KEY_BITS) for _ in range(8)) for letter in ZOBRIST}
    for _ in Color
)


class BudgetedChanceSearch(ChanceSearch):
    """:class:`ChanceSearch` that counts its nodes, stops at ``nodes``, and
    remembers what it found."""

    def __init__(self, state: JieqiState, knowledge: Knowledge, nodes: int | None) -> None:
        super().__init__(state, knowledge, depth=1)
        self.limit = nodes
        self.nodes = 0
        self.forced = False  # while set, the budget is not checked
        self.marks = 0  # the unseen pieces the line has turned up, as a hash
        self.table: dict[int, tuple[int, int, int, Action | None]] = {}
        self.history: dict[Action, int] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if not self.forced and self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget

    def root(self, order: list[Action], depth: int, margin: int, scores: dict[Action, int]) -> None:
        """Root scores ``depth`` plies deep into ``scores`` (what a cut-short
        round finished stays there), the actions tried in ``order``: exact
        within ``margin`` of the best, the others an upper bound below that."""
        alpha = -FULL
        for action in order:
            score = self._full(action, depth - 1, alpha, FULL)
            scores[action] = score
            alpha = max(alpha, score - margin)

    def _as(self, sq: int, piece: Piece, kind: Kind, every: bool, then: Callable[[], int]) -> int:
        mark = POOL_KEYS[piece.color][kind._value_][self.pools[piece.color][kind]] if every else 0
        self.marks ^= mark
        try:
            return super()._as(sq, piece, kind, every, then)
        finally:
            self.marks ^= mark

    def _chance(self, turned: tuple[int, bool] | None, then: Window, alpha: int, beta: int) -> int:
        """The mean over the identities, stopped as soon as the ones left
        could not bring it back into the window even if each were a sure win
        (or loss); each identity searched in the window that decides that."""
        if turned is None:
            return then(alpha, beta)
        sq, every = turned
        piece = self.state.board.board[sq]
        assert piece is not None
        top = winning_chance(FULL)
        low, high = winning_chance(alpha), winning_chance(beta)
        left, mean = 1.0, 0.0
        for kind, weight in list(self._identities(sq, every)):
            left -= weight
            floor = (low - mean - left * top) / weight
            ceiling = (high - mean + left * top) / weight
            below = -FULL if floor <= -top else centipawns(floor) - 1
            above = FULL if ceiling >= top else centipawns(ceiling) + 1
            score = self._as(sq, piece, kind, every, partial(then, below, above))
            mean += weight * winning_chance(score)
            if score >= above:
                return centipawns(mean - left * top)  # at least beta, whatever the rest
            if score <= below:
                return centipawns(mean + left * top)  # at most alpha
        return centipawns(mean)

    def _quiesce(self, alpha: int, beta: int, left: int) -> int:
        self._tick()
        return super()._quiesce(alpha, beta, left)

    def _negamax(self, depth: int, alpha: int, beta: int) -> int:
        self._tick()
        key = self.state.key() ^ self.marks
        first: Action | None = None
        entry = self.table.get(key)
        if entry is not None:
            got_depth, got, flag, first = entry
            if got_depth >= depth and (
                flag == EXACT or (flag == LOWER and got >= beta) or (flag == UPPER and got <= alpha)
            ):
                return got
        actions = self.state.actions()
        if not actions:
            return -MATE  # no move out of check: lost (J-7 passes otherwise)
        start = alpha
        best = -FULL
        best_action: Action | None = None
        for action in self._ordered(actions, first):
            score = self._full(action, depth - 1, alpha, beta)
            if score > best:
                best, best_action = score, action
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not self.state.is_capture(action):
                            self.history[action] = self.history.get(action, 0) + depth * depth
                        break
        flag = LOWER if best >= beta else EXACT if best > start else UPPER
        if len(self.table) >= TABLE_SIZE:
            self.table.clear()
        self.table[key] = (depth, best, flag, best_action)
        return best

    def _ordered(self, actions: list[Action], first: Action | None) -> list[Action]:
        """The remembered best action, the captures as the state ordered
        them, then the rest by history (ties keep the state's order)."""
        state, history = self.state, self.history
        head = [first] if first is not None and first in actions else []
        taking = [a for a in actions if a not in head and state.is_capture(a)]
        quiet = [a for a in actions if a not in head and not state.is_capture(a)]
        quiet.sort(key=lambda a: -history.get(a, 0))
        return head + taking + quiet


def chance_scores(
    knowledge: Knowledge, budget: Budget, margin: int, *, partial: bool = True
) -> Searched | None:
    """Root scores of ``knowledge``'s side from the deepest round finished in
    ``budget`` (its nodes and depth; it reads no clock), exact within
    ``margin`` of the best; ``None`` when nothing is face-down, or face-down
    pieces move (Jieqi classic: nearly every move would be a chance node).

    ``partial``: the actions a round cut short did finish (the best of the
    round before first) keep their deeper score. A round costs several
    times the one before, so without it levels 6 to 8 finish the same
    depth and play alike (BENCHMARKS.md)."""
    state = plugin_for(knowledge.variant).sample(knowledge, random.Random(0))
    if not isinstance(state, JieqiState) or not state.reveals or not any(state.board.down):
        return None
    search = BudgetedChanceSearch(state, knowledge, budget.nodes)
    order = state.actions()
    done: dict[Action, int] = {}
    for depth in range(1, min(budget.depth, MAX_DEPTH) + 1):
        search.forced = depth == 1
        scores: dict[Action, int] = {}
        try:
            search.root(order, depth, margin, scores)
        except OutOfBudget:
            if partial:
                done = with_partial(done, scores)
            break
        finally:
            search.forced = False
        done = scores
        order = sorted(order, key=lambda a: -done[a])  # the best first next round
        if abs(max(done.values())) >= MATE_BOUND:
            break  # a sure result: deeper cannot change it
    return Searched({a.text: float(score) for a, score in done.items()}, search.nodes, 1)
