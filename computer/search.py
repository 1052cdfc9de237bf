"""Alpha-beta search with iterative deepening, on any :class:`SearchState`.

A state is one determinization: every piece known, as if the game were
open. Variants supply states (``computer.plugin``); this module knows only
the small protocol below. The search stops at a depth, a node count or a
deadline, whichever comes first, and always keeps the last full iteration.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.actions import Action

from .evaluation import MATE, MATE_BOUND

QUIESCENCE_DEPTH = 4
# Root actions within this much of the best get exact scores (the others an
# upper bound below it): samples of a hidden-information game are summed, so
# the runners-up must be scored too, not only the best.
ROOT_MARGIN = 150
CHECK_EVERY = 256  # nodes between looks at the clock


class SearchState(Protocol):
    """A position the search may walk: make, unmake, score."""

    def actions(self) -> Sequence[Action]:
        """Legal actions of the side to move, the most promising first
        (captures by value); empty when it has lost."""

    def captures(self) -> Sequence[Action]:
        """The capturing actions among :meth:`actions`, for the quiescence search."""

    def push(self, action: Action) -> None: ...

    def pop(self) -> None: ...

    def terminal(self) -> int | None:
        """The score of a finished game for the side to move, else ``None``."""

    def evaluate(self) -> int:
        """A static score for the side to move."""

    def in_check(self) -> bool:
        """Whether the side to move is in check: the quiescence search then
        looks at every reply instead of standing pat, so a mate at the end of
        a line is seen."""


@dataclass(frozen=True, slots=True)
class Budget:
    """When to stop: the deepest iteration, a node count, seconds of wall time."""

    depth: int = 64
    nodes: int | None = None
    seconds: float | None = None


class OutOfBudget(Exception):
    """The budget ran out in the middle of an iteration (its result is discarded)."""


@dataclass(slots=True)
class Result:
    """Scores of every root action (for the side to move) at ``depth``."""

    scores: dict[Action, int] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0

    @property
    def best(self) -> Action | None:
        return max(self.scores, key=self.scores.__getitem__) if self.scores else None


class Searcher:
    """One search (its node count and deadline); :meth:`run` may be called once."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self.deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        self.forced = False  # while set, the budget is not checked

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
        (depth 1 always finishes: a move is never left unchosen)."""
        depth_limit = min(self.budget.depth, max_depth or self.budget.depth)
        done = Result()
        order = state.actions()
        for depth in range(1, depth_limit + 1):
            try:
                scores = self._root(state, order, depth, forced=depth == 1)
            except OutOfBudget:
                break
            done = Result(scores, depth, self.nodes)
            order = sorted(order, key=lambda a: -scores[a])
            if abs(max(scores.values(), default=0)) >= MATE_BOUND:
                break  # a forced result: deeper cannot change it
        done.nodes = self.nodes
        return done

    def _root(
        self, state: SearchState, order: Sequence[Action], depth: int, *, forced: bool
    ) -> dict[Action, int]:
        scores: dict[Action, int] = {}
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
                alpha = max(alpha, score - ROOT_MARGIN)
        finally:
            self.forced = False
        return scores

    def score(self, state: SearchState, depth: int, *, forced: bool = False) -> int:
        """The value of ``state`` for its side to move, searched ``depth`` plies;
        raises :class:`OutOfBudget` when the budget runs out first (never when
        ``forced``)."""
        self.forced = forced
        try:
            return self._negamax(state, depth, -MATE - 1, MATE + 1, 0)
        finally:
            self.forced = False

    def _negamax(self, state: SearchState, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        over = state.terminal()
        if over is not None:
            return over - ply if over > 0 else over + ply if over < 0 else 0
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, QUIESCENCE_DEPTH)
        actions = state.actions()
        if not actions:
            return -MATE + ply
        best = -MATE - 1
        for action in actions:
            state.push(action)
            try:
                score = -self._negamax(state, depth - 1, -beta, -alpha, ply + 1)
            finally:
                state.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
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
