"""The third-generation state walks one board in place: every pop puts the
board back exactly, its hashes and totals follow the pushes, and the search
scores every root move as a state that copies the board at each push and
keys positions by their whole key does."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator

import pytest

from computer.evaluation import MATE, progress
from computer.movegen import ordered
from computer.search import Budget, Searcher
from computer.variants.fanbing import (
    MINISTER_GOALS,
    FanbingState,
    evaluate_fanbing,
)
from rules.actions import Action, Move
from rules.match import Match
from rules.pieces import Kind
from rules.repetition import Occurrences
from rules.standard import NO_CAPTURE_LIMIT
from rules.variants.fanbing.game import EASY_FLIPS
from rules.variants.fanbing.moves import FanbingPosition


def games(options: dict[str, str], count: int, plies: int) -> Iterator[tuple[Match, int]]:
    """Every position of a few seeded random games, with its ply."""
    for seed in range(count):
        rng = random.Random(seed)
        match = Match.start("fanbing", options, seed)
        for ply in range(plies):
            if match.outcome is not None:
                break
            yield match, ply
            match.apply(rng.choice(match.game.legal_actions()).text)


def snapshot(position: FanbingPosition) -> tuple[object, ...]:
    return (
        list(position.board),
        list(position.flags),
        list(position.backs),
        (set(position.exotic[0]), set(position.exotic[1])),
        list(position.last_rule),
        position.just_moved,
        position.quiet_plies,
        position.turn,
    )


def bookkeeping(state: FanbingState) -> tuple[object, ...]:
    return (
        state.key(),
        state.public,
        state.hidden,
        state.placed,
        dict(state.pieces),
        dict(state.reachers),
        state.fanbing_kings,
        list(state.ranks),
        list(state.files),
    )


class CopyingState(FanbingState):
    """The state as it was before its pop: a copy of the board at each push,
    the path and the table keyed by whole position keys, the moves and the
    checks from the rules."""

    def __init__(self, position: FanbingPosition, past: Occurrences | None = None) -> None:
        super().__init__(position, past)
        self._boards: list[tuple[FanbingPosition, Hashable]] = []
        self._met: Counter[Hashable] = Counter()

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        before = self.fanbing_position
        mover = before.board[action.from_sq]
        assert mover is not None
        self.position = self.fanbing_position = position = before.copy()
        position.make(action)
        key = position.key()
        self._met[key] += 1
        self._boards.append((before, key))
        seen = self._met[key] > 1 or (self.past is not None and key in self.past)
        if mover.kind is Kind.MINISTER and action.to_sq == MINISTER_GOALS[mover.color]:
            self._over = -MATE
        elif seen or position.quiet_plies >= NO_CAPTURE_LIMIT:
            self._over = 0
        else:
            self._over = None

    def pop(self) -> None:
        before, key = self._boards.pop()
        self.position = self.fanbing_position = before
        self._met[key] -= 1
        self._over = None

    def key(self) -> Hashable:
        position = self.position
        public = self._boards[-1][1] if self._boards else position.key()
        return (public, tuple(position.backs), position.quiet_plies)

    def evaluate(self) -> int:
        return progress(evaluate_fanbing(self.position), self.position.quiet_plies)

    def actions(self) -> list[Action]:
        return list(ordered(self.position.board, self.position.legal_moves(), self.values))

    def captures(self) -> list[Action]:
        board = self.position.board
        legal = [m for m in self.position.legal_moves() if board[m.to_sq] is not None]
        return list(ordered(board, legal, self.values))

    def in_check(self) -> bool:
        return self.position.is_check()


@pytest.mark.parametrize("options", [{}, {EASY_FLIPS: "true"}])
def test_pushes_and_pops_keep_the_board_and_the_bookkeeping(options):
    walked = 0
    for match, ply in games(options, 3, 90):
        if ply % 7:
            continue
        game = match.game
        state = FanbingState(game.position.copy(), game.keys)
        start, books = snapshot(state.position), bookkeeping(state)
        for move in state.actions():
            state.push(move)
            for reply in state.actions()[:4]:
                state.push(reply)
                fresh = FanbingState(state.fanbing_position.copy())
                assert bookkeeping(state) == bookkeeping(fresh)
                assert state.evaluate() == progress(
                    evaluate_fanbing(state.position), state.position.quiet_plies
                )
                state.pop()
                walked += 1
            state.pop()
            assert snapshot(state.position) == start
        assert bookkeeping(state) == books
    assert walked > 1_000


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_search_scores_every_root_move_as_the_copying_state(depth):
    positions = [m.game for m, ply in games({}, 3, 50) if ply % 16 == 9]
    assert len(positions) >= 3
    for game in positions:
        fast = Searcher(Budget(depth=depth)).run(FanbingState(game.position.copy(), game.keys))
        plain = Searcher(Budget(depth=depth)).run(CopyingState(game.position.copy(), game.keys))
        assert fast.scores == plain.scores
        assert fast.nodes == plain.nodes
