"""Alpha-beta search with iterative deepening, on any :class:`SearchState`.

A state is one determinization: every piece known, as if the game were
open. Variants supply states (``computer.plugin``); this module knows only
the small protocol below. The search stops at a depth, a node count or a
deadline, whichever comes first, and always keeps the last full iteration.

Each node is used as well as the state allows: a state with a hash gets a
transposition table (its bound and best move, which is tried first next
time); captures come first in the state's own order (most valuable victim,
least valuable attacker), then the two killer moves of the ply, then the
quiet moves by their history; moves after the first are searched with a
null window and, late quiet ones, one ply shallower (re-searched in full
when they beat the best). A state that says a pass is sound gets a null-move
test. A deep searcher (a plug-in's choice, taken where games showed it
plays better) prunes harder: a node near the leaves whose static score is
far above beta returns at once, and the null move and late moves are
reduced more the deeper the node, so a budget buys more plies. Nothing
here reads a clock but the optional deadline, so a node budget searches
the same tree on any machine.
"""

from __future__ import annotations

import math
import time
from abc import abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from mypy_extensions import mypyc_attr

from rules.actions import Action

from .evaluation import MATE, MATE_BOUND

QUIESCENCE_DEPTH: Final = 4
# Root actions within this much of the best get exact scores (the others an
# upper bound below it): samples of a hidden-information game are summed, so
# the runners-up must be scored too, not only the best.
ROOT_MARGIN: Final = 150
# A node in check is searched a ply deeper (a check's replies are few, and a
# mate or a won piece at the end of a checking sequence is what tactics are
# made of), up to this many plies from the root by default, so a perpetual
# check cannot extend a line for ever.
EXTEND_PLIES: Final = 16
CHECK_EVERY: Final = 256  # nodes between looks at the clock
NULL_REDUCTION: Final = 2  # plies a null move's test searches less than the node
NULL_DEPTH: Final = 3  # the shallowest node given a null-move test
LATE_MOVE: Final = 3  # moves tried in full before late quiet ones are reduced
LATE_DEPTH: Final = 3  # the shallowest node whose late moves are reduced
# Near the leaves, out of check, a quiet move that gives no check is not
# searched when the static score plus this much a ply cannot reach alpha.
FUTILITY_DEPTH: Final = 2
FUTILITY_MARGIN: Final = 220
# A deep searcher's pruning: a node this near the leaves returns its static
# score less this much a ply when that still beats beta; a null move's test
# searches a further ply less for every NULL_STEP plies of depth; a late
# quiet move is reduced by REDUCTIONS[depth][move number] plies (the log
# formula of modern chess engines), leaving at least one ply to search.
REVERSE_DEPTH: Final = 3
REVERSE_MARGIN: Final = 120
NULL_STEP: Final = 4
REDUCTIONS: Final = [
    [max(1, int(0.75 + math.log(d) * math.log(i) / 2.25)) if d and i else 0 for i in range(64)]
    for d in range(64)
]
ORDER_SPAN: Final = 4096  # more than any position's actions: see ``Searcher._ordered``
TABLE_SIZE: Final = 1 << 18  # entries before the table is emptied (deterministically)
EXACT: Final = 0  # what a table entry's score is
LOWER: Final = 1
UPPER: Final = 2


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchState:
    """A position the search may walk: make, unmake, score.

    A base class rather than a protocol: compiled, the search then calls a
    state's methods through its class's table, not by looking each name up
    at every node. Every state gives the eight abstract methods; one
    without a hash or a null move keeps the last four as they are here:
    nothing looked up, no pass tried (:meth:`push_null` is then never
    called)."""

    @abstractmethod
    def actions(self) -> Sequence[Action]:
        """Legal actions of the side to move, the most promising first
        (captures by value); empty when it has lost."""

    @abstractmethod
    def captures(self) -> Sequence[Action]:
        """The capturing actions among :meth:`actions`, for the quiescence search."""

    @abstractmethod
    def is_capture(self, action: Action) -> bool:
        """Whether ``action`` takes a piece (killers and history are for quiet ones)."""

    @abstractmethod
    def push(self, action: Action) -> None:
        """Play ``action`` on the state in place."""

    @abstractmethod
    def pop(self) -> None:
        """Take back the last :meth:`push`."""

    @abstractmethod
    def terminal(self) -> int | None:
        """The score of a finished game for the side to move, else ``None``."""

    @abstractmethod
    def evaluate(self) -> int:
        """A static score for the side to move."""

    @abstractmethod
    def in_check(self) -> bool:
        """Whether the side to move is in check: the quiescence search then
        looks at every reply instead of standing pat, so a mate at the end of
        a line is seen."""

    def key(self) -> Hashable | None:
        """A key (a Zobrist hash, or the position itself) of everything the
        scores below this position depend on (``None``: not looked up)."""
        return None

    def null_ok(self) -> bool:
        """Whether passing is a fair test here: a side to move that could
        be in zugzwang, or a variant where a pass is no lower bound, says no."""
        return False

    def push_null(self) -> None:
        """Hand the move to the other side (called only when :meth:`null_ok`)."""
        raise TypeError("this state has no null move")

    def pop_null(self) -> None:
        raise TypeError("this state has no null move")


@dataclass(frozen=True, slots=True)
class Budget:
    """When to stop: the deepest iteration, a node count, seconds of wall time."""

    depth: int = 64
    nodes: int | None = None
    seconds: float | None = None

    def __reduce__(self) -> tuple[type[Budget], tuple[int, int | None, float | None]]:
        # Budgets go to search workers by pickle; a compiled frozen class
        # cannot be rebuilt field by field, so it is rebuilt by its constructor.
        return Budget, (self.depth, self.nodes, self.seconds)


class OutOfBudget(Exception):
    """The budget ran out in the middle of an iteration (its result is
    discarded, unless the searcher keeps partial iterations)."""


K = TypeVar("K", bound=Hashable)


def with_partial(done: dict[K, int], scores: dict[K, int]) -> dict[K, int]:
    """The last finished round's ``done`` scores with what a round cut short
    finished (``scores``, best of the round before first). An action the
    deeper round did not reach ranks below the best it did reach: its score
    is a shallower one, often only a bound, and must not outrank an action
    that the deeper round has just refuted (successor xiangqi's level 8
    played into a mate in one on such a tie)."""
    if not scores:
        return dict(done)
    ceiling = max(scores.values()) - 1
    merged = {key: min(score, ceiling) for key, score in done.items()}
    merged.update(scores)
    return merged


@dataclass(slots=True)
class Result:
    """Scores of every root action (for the side to move) at ``depth``."""

    scores: dict[Action, int] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0

    @property
    def best(self) -> Action | None:
        return max(self.scores, key=self.scores.__getitem__) if self.scores else None


def _stored(score: int, ply: int) -> int:
    """A mate score as distance from the node, so it may be read at another ply."""
    return score + ply if score >= MATE_BOUND else score - ply if score <= -MATE_BOUND else score


def _read(score: int, ply: int) -> int:
    return score - ply if score >= MATE_BOUND else score + ply if score <= -MATE_BOUND else score


class Searcher:
    """One search (its node count, deadline, table, killers and history);
    :meth:`run` may be called once, :meth:`score` as often as the budget lasts.
    ``margin``: how near the best a root action must come to be scored
    exactly (:data:`ROOT_MARGIN` where scores are summed or noised; 1 where
    only the best counts, so the others cost a bound, never a tie);
    ``extend``: up to how many plies from the root a check is searched a ply
    deeper (:data:`EXTEND_PLIES`; 0, never); ``partial``: whether the root
    actions an unfinished iteration did score keep that deeper score;
    ``deep``: whether to prune as a deep searcher does (the module's help)."""

    def __init__(
        self,
        budget: Budget,
        margin: int = ROOT_MARGIN,
        extend: int = EXTEND_PLIES,
        *,
        partial: bool = False,
        deep: bool = False,
    ) -> None:
        self.budget = budget
        self.margin = margin
        self.extend = extend
        self.partial = partial
        self.deep = deep
        self.nodes = 0
        self.deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        self.forced = False  # while set, the budget is not checked
        self.table: dict[Hashable, tuple[int, int, int, Action | None]] = {}
        self.killers: list[list[Action]] = []
        self.history: dict[Action, int] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.forced:
            return
        budget = self.budget
        if budget.nodes is not None and self.nodes > budget.nodes:
            raise OutOfBudget
        deadline = self.deadline
        if deadline is not None and self.nodes % CHECK_EVERY == 0 and time.monotonic() > deadline:
            raise OutOfBudget

    def run(self, state: SearchState, max_depth: int | None = None) -> Result:
        """Scores of the root actions at the deepest iteration finished in budget
        (depth 1 always finishes: a move is never left unchosen); with
        ``partial``, those the next iteration scored before the budget ran
        out (the best ones first) at that depth."""
        depth_limit = min(self.budget.depth, max_depth or self.budget.depth)
        done = Result()
        order = state.actions()
        for depth in range(1, depth_limit + 1):
            scores: dict[Action, int] = {}
            try:
                self._root(state, order, depth, scores, forced=depth == 1)
            except OutOfBudget:
                if self.partial:
                    done.scores = with_partial(done.scores, scores)
                break
            done = Result(scores, depth, self.nodes)
            order = sorted(order, key=lambda a: -scores[a])
            if abs(max(scores.values(), default=0)) >= MATE_BOUND:
                break  # a forced result: deeper cannot change it
        done.nodes = self.nodes
        return done

    def _root(
        self,
        state: SearchState,
        order: Sequence[Action],
        depth: int,
        scores: dict[Action, int],
        *,
        forced: bool,
    ) -> None:
        """Fills ``scores`` action by action, so an iteration cut short keeps
        what it finished."""
        alpha = -MATE - 1
        self.forced = forced  # the first iteration runs to the end whatever the budget
        try:
            for action in order:
                state.push(action)
                try:
                    score = -self._negamax(state, depth - 1, -MATE - 1, -alpha, 1)
                finally:
                    state.pop()
                scores[action] = score
                alpha = max(alpha, score - self.margin)
        finally:
            self.forced = False

    def score(
        self,
        state: SearchState,
        depth: int,
        *,
        forced: bool = False,
        window: tuple[int, int] = (-MATE - 1, MATE + 1),
    ) -> int:
        """The value of ``state`` for its side to move, searched ``depth`` plies
        (outside ``window``, a bound); raises :class:`OutOfBudget` when the
        budget runs out first (never when ``forced``)."""
        self.forced = forced
        try:
            return self._negamax(state, depth, window[0], window[1], 0)
        finally:
            self.forced = False

    def _ordered(
        self, state: SearchState, actions: Sequence[Action], first: Action | None, ply: int
    ) -> list[Action]:
        """The hash move, the captures as the state ordered them, the killers,
        then the quiet moves by history (ties keep the state's order)."""
        killers = self.killers[ply] if ply < len(self.killers) else ()
        history = self.history
        head: list[Action] = [first] if first is not None and first in actions else []
        taking: list[Action] = []
        quiet: list[Action] = []
        for action in actions:
            if head and action == first:
                continue
            (taking if state.is_capture(action) else quiet).append(action)
        if not quiet:
            return head + taking
        # Sorted as plain integers, each a move's rank above its place (ties
        # keep the state's order): no key function is called per move.
        keyed: list[int] = []
        for i, action in enumerate(quiet):
            rank = MATE if action in killers else history.get(action, 0)
            keyed.append(-rank * ORDER_SPAN + i)
        keyed.sort()
        return head + taking + [quiet[k % ORDER_SPAN] for k in keyed]

    def _remember(self, action: Action, depth: int, ply: int) -> None:
        """A quiet move that cut off: a killer at its ply, and history by depth²."""
        killers = self.killers
        while len(killers) <= ply:
            killers.append([])
        here = killers[ply]
        if action not in here:
            here.insert(0, action)
            del here[2:]
        self.history[action] = self.history.get(action, 0) + depth * depth

    def _negamax(
        self, state: SearchState, depth: int, alpha: int, beta: int, ply: int, null: bool = True
    ) -> int:
        self._tick()
        over = state.terminal()
        if over is not None:
            return over - ply if over > 0 else over + ply if over < 0 else 0
        check = state.in_check()
        if check and ply < self.extend:
            depth += 1
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, QUIESCENCE_DEPTH)
        key = state.key()
        first: Action | None = None
        if key is not None:
            entry = self.table.get(key)
            if entry is not None:
                got_depth, got, flag, first = entry
                if got_depth >= depth:
                    got = _read(got, ply)
                    if (
                        flag == EXACT
                        or (flag == LOWER and got >= beta)
                        or (flag == UPPER and got <= alpha)
                    ):
                        return got
        deep = self.deep
        if deep and not check and depth <= REVERSE_DEPTH and abs(beta) < MATE_BOUND:
            static = state.evaluate() - REVERSE_MARGIN * depth
            if static >= beta:
                return static
        if (
            null
            and depth >= NULL_DEPTH
            and not check
            and abs(beta) < MATE_BOUND
            and state.null_ok()
            and state.evaluate() >= beta
        ):
            reduced = depth - 1 - NULL_REDUCTION - (depth // NULL_STEP if deep else 0)
            state.push_null()
            try:
                score = -self._negamax(state, reduced, -beta, -beta + 1, ply + 1, False)
            finally:
                state.pop_null()
            if score >= beta:
                return beta
        actions = state.actions()
        if not actions:
            return -MATE + ply
        hopeless = -MATE - 1  # what a futile move is taken to score, when one is skipped
        if depth <= FUTILITY_DEPTH and not check and abs(alpha) < MATE_BOUND:
            hopeless = state.evaluate() + FUTILITY_MARGIN * depth
            if hopeless > alpha:
                hopeless = -MATE - 1
        start = alpha
        best = -MATE - 1
        best_action: Action | None = None
        for i, action in enumerate(self._ordered(state, actions, first, ply)):
            quiet = not state.is_capture(action)
            state.push(action)
            if i > 0 and quiet and hopeless > -MATE - 1 and not state.in_check():
                state.pop()
                best = max(best, hopeless)
                continue
            try:
                if i == 0:
                    score = -self._negamax(state, depth - 1, -beta, -alpha, ply + 1)
                else:
                    reduce = 0
                    if quiet and i >= LATE_MOVE and depth >= LATE_DEPTH and not check:
                        if not deep:
                            reduce = 1
                        elif not state.in_check():
                            reduce = min(REDUCTIONS[min(depth, 63)][min(i, 63)], depth - 2)
                    score = -self._negamax(state, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1)
                    if score > alpha and (reduce or score < beta):
                        score = -self._negamax(state, depth - 1, -beta, -alpha, ply + 1)
            finally:
                state.pop()
            if score > best:
                best, best_action = score, action
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if quiet:
                            self._remember(action, depth, ply)
                        break
        if key is not None:
            flag = LOWER if best >= beta else EXACT if best > start else UPPER
            table = self.table
            if len(table) >= TABLE_SIZE:
                table.clear()
            table[key] = (depth, _stored(best, ply), flag, best_action)
        return best

    def _quiesce(self, state: SearchState, alpha: int, beta: int, ply: int, left: int) -> int:
        if left > 0 and state.in_check():
            actions = state.actions()
            if not actions:
                return -MATE + ply
            best = -MATE - 1
        else:
            stand = best = state.evaluate()
            if stand >= beta or left == 0:
                return stand
            alpha = max(alpha, stand)
            actions = state.captures()
        for action in actions:
            self._tick()
            state.push(action)
            try:
                over = state.terminal()
                if over is not None:
                    score = -(over - ply - 1 if over > 0 else over + ply + 1 if over < 0 else 0)
                else:
                    score = -self._quiesce(state, -beta, -alpha, ply + 1, left - 1)
            finally:
                state.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
