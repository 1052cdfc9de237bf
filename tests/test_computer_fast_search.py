"""The search's fast paths (table-driven evaluation kept through the pushes,
prebuilt moves, the legality shortcut, Zobrist paths) change no result:
they agree with the rules' own move generation and with a plain state
built on them alone."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from computer.evaluation import (
    ATTACKERS,
    KING_FREEDOM,
    MATE_BOUND,
    MOBILITY,
    NEAR_KING,
    VALUES,
    nearness,
    piece_value,
)
from computer.movegen import ordered
from computer.search import Budget, Searcher, SearchState
from computer.squares import square_bonus
from computer.tables import zobrist
from computer.variants import fanbing
from computer.variants.fanbing import FANBING_VALUES
from computer.variants.jieqi.plugin import JieqiPlugin
from computer.variants.jieqi.state import JieqiState
from computer.variants.standard_weights import NEAR_WEIGHTS, REACH_WEIGHTS, SQUARES
from computer.variants.xiangqi import StandardState, XiangqiState
from rules.actions import Action, Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.variants.fanbing.game import EASY_FLIPS, POINT_BACKS
from rules.variants.fanbing.moves import FanbingPosition, enemy_back_rank

SLIDERS = (Kind.CHARIOT, Kind.HORSE, Kind.CANNON)


def played(variant: str, games: int, plies: int) -> Iterator[Match]:
    """Every position of a few seeded random games."""
    for seed in range(games):
        rng = random.Random(seed)
        match = Match.start(variant, {}, seed)
        for _ in range(plies):
            if match.outcome is not None:
                break
            yield match
            match.apply(rng.choice(match.game.legal_actions()).text)


class PlainState(SearchState):
    """A xiangqi state on the rules' own generation and the evaluation's
    per-piece formula (material and the square's worth, reach, nearness),
    as the search had them before its fast paths, its hash computed afresh
    at each node."""

    def __init__(self, position: Position) -> None:
        self.position = position

    def actions(self) -> list[Action]:
        return list(ordered(self.position.board, self.position.legal_moves()))

    def captures(self) -> list[Action]:
        board = self.position.board
        legal = [m for m in self.position.legal_moves() if board[m.to_sq] is not None]
        return list(ordered(board, legal))

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        self.position.push_unchecked(action)

    def pop(self) -> None:
        self.position.pop()

    def is_capture(self, action: Action) -> bool:
        assert isinstance(action, Move)
        return self.position.board[action.to_sq] is not None

    def terminal(self) -> int | None:
        return None

    def in_check(self) -> bool:
        return self.position.is_check()

    def key(self) -> int:
        return zobrist(self.position.board, self.position.turn)

    def null_ok(self) -> bool:
        turn = self.position.turn
        return any(
            p is not None and p.color is turn and p.kind in SLIDERS for p in self.position.board
        )

    def push_null(self) -> None:
        self.position.turn = self.position.turn.other()

    def pop_null(self) -> None:
        self.position.turn = self.position.turn.other()

    def evaluate(self) -> int:
        position = self.position
        kings = (position.king_square(Color.RED), position.king_square(Color.BLACK))
        totals = [0, 0]
        for sq, piece in enumerate(position.board):
            if piece is not None:
                reached = sum(1 for _ in position.pseudo_targets(sq))
                near = nearness(sq, kings[piece.color.other()])
                totals[piece.color] += self.worth(piece, sq, reached, near)
        return totals[position.turn] - totals[position.turn.other()]

    @staticmethod
    def worth(piece: Piece, sq: int, reached: int, near: int) -> int:
        """What ``piece`` on ``sq`` is worth, reaching so many squares so
        near the enemy king, by the hand-set weights."""
        value = VALUES[piece.kind] + square_bonus(piece.kind, sq, piece.color)
        if piece.kind in SLIDERS:
            value += MOBILITY * reached
        if piece.kind in ATTACKERS:
            value += NEAR_KING * near
        return value


class FittedPlainState(PlainState):
    """The same on standard xiangqi's fitted weights, read from their tables
    as a player would: ranks counted from the owner's side."""

    @staticmethod
    def worth(piece: Piece, sq: int, reached: int, near: int) -> int:
        rank, file = divmod(sq, 9)
        own_rank = rank if piece.color is Color.RED else 9 - rank
        value = SQUARES[piece.kind][own_rank][file]
        if piece.kind in SLIDERS:
            value += REACH_WEIGHTS[piece.kind][reached]
        if piece.kind in ATTACKERS:
            value += NEAR_WEIGHTS[piece.kind] * near
        return value


def test_standard_xiangqi_scores_by_its_fitted_tables():
    for match in played("xiangqi", 6, 80):
        position = match.game.position
        assert StandardState(position.copy()).evaluate() == FittedPlainState(position).evaluate()


def test_captures_come_first_by_victim_and_attacker_ties_in_their_order():
    """``ordered`` against a stable sort by the most valuable victim and the
    least valuable attacker (or the victim alone), quiet moves last as given."""

    def by_key(board: list[Piece | None], moves: list[Move], attacker: bool) -> list[Move]:
        def key(move: Move) -> int:
            victim, mover = board[move.to_sq], board[move.from_sq]
            if victim is None or mover is None:
                return 0
            worth = VALUES[victim.kind] * 10
            return -(worth - VALUES[mover.kind] // 100 if attacker else worth)

        return sorted(moves, key=key)

    captures = 0
    for match in played("xiangqi", 6, 120):
        position = match.game.position
        moves = list(position.pseudo_moves())
        random.Random(len(moves)).shuffle(moves)  # ties in an order of their own
        captures += sum(1 for m in moves if position.board[m.to_sq] is not None)
        for attacker in (True, False):
            expected = by_key(position.board, moves, attacker)
            assert ordered(position.board, moves, by_attacker=attacker) == expected
    assert captures > 500


def test_xiangqi_moves_captures_and_checks_agree_with_the_rules():
    for match in played("xiangqi", 6, 80):
        position = match.game.position
        state = XiangqiState(position.copy())
        legal = position.legal_moves()
        assert state.actions() == ordered(position.board, legal)
        taking = [m for m in legal if position.board[m.to_sq] is not None]
        assert state.captures() == ordered(position.board, taking)
        assert state.in_check() == position.is_check()
        assert state.evaluate() == PlainState(position.copy()).evaluate()


@pytest.mark.parametrize("kind", [XiangqiState, StandardState])
def test_a_state_follows_its_pushes_back_to_where_it_started(kind):
    match = next(m for i, m in enumerate(played("xiangqi", 1, 40)) if i == 30)
    state = kind(match.game.position.copy(), match.game.keys)

    def kept(state: XiangqiState) -> tuple[object, ...]:
        return (
            state.hash,
            dict(state.pieces),
            dict(state.sliders),
            list(state.kings),
            state.placed,
            list(state.ranks),
            list(state.files),
        )

    start = (kept(state), state.evaluate())
    for move in state.actions():
        state.push(move)
        for reply in state.actions()[:5]:
            state.push(reply)
            assert kept(state) == kept(kind(state.position.copy()))
            state.pop()
        state.pop()
    assert (kept(state), state.evaluate()) == start


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_jieqi_moves_agree_with_the_hidden_board(variant):
    for match in played(variant, 4, 60):
        knowledge = knowledge_of(match, match.game.turn)
        state = JieqiPlugin().sample(knowledge, random.Random(0))
        assert isinstance(state, JieqiState)
        board = state.board
        moves = [a for a in state.actions() if isinstance(a, Move)]
        assert sorted(moves, key=lambda m: m.text) == sorted(
            board.legal_moves(), key=lambda m: m.text
        )
        taking = [m for m in board.legal_moves() if board.board[m.to_sq] is not None]
        assert sorted(state.captures(), key=lambda m: m.text) == sorted(
            taking, key=lambda m: m.text
        )


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_fast_search_scores_every_root_move_as_the_plain_one(depth):
    positions = [m.game.position for i, m in enumerate(played("xiangqi", 2, 40)) if i % 13 == 5]
    assert len(positions) >= 4
    for position in positions:
        fast = Searcher(Budget(depth=depth)).run(XiangqiState(position.copy()))
        plain = Searcher(Budget(depth=depth)).run(PlainState(position.copy()))
        assert fast.scores == plain.scores
        assert fast.nodes == plain.nodes
        assert fast.best == plain.best


def test_a_mate_in_two_is_found_at_depth_three():
    position = Position.from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w")
    result = Searcher(Budget(depth=3)).run(XiangqiState(position))
    assert result.best is not None
    assert result.scores[result.best] == 100_000 - 3  # mate at the third ply
    assert result.scores[result.best] >= MATE_BOUND
    assert Searcher(Budget(depth=1)).run(XiangqiState(position.copy())).depth == 1


def test_an_unfinished_iteration_keeps_what_it_scored_only_when_asked():
    """Cut one node short of finishing depth 2: the plain search answers with
    depth 1's scores; the partial one also keeps depth 2's scores of the
    actions it finished, the best of depth 1 first."""
    position = next(m for i, m in enumerate(played("xiangqi", 1, 30)) if i == 20).game.position
    shallow = Searcher(Budget(depth=1)).run(XiangqiState(position.copy()))
    deep = Searcher(Budget(depth=2)).run(XiangqiState(position.copy()))
    budget = Budget(nodes=deep.nodes - 1)
    plain = Searcher(budget).run(XiangqiState(position.copy()))
    partial = Searcher(budget, partial=True).run(XiangqiState(position.copy()))
    assert plain.depth == partial.depth == 1
    assert plain.scores == shallow.scores
    kept = [a for a in partial.scores if partial.scores[a] != shallow.scores[a]]
    assert kept, "nothing of the unfinished iteration was kept"
    assert shallow.best is not None
    assert partial.scores[shallow.best] == deep.scores[shallow.best]


def plain_fanbing(position: FanbingPosition) -> int:
    """The third-generation evaluation as it was written before the tables."""
    kings = (position.king_square(Color.RED), position.king_square(Color.BLACK))
    totals = [0, 0]
    for sq, piece in enumerate(position.board):
        if piece is None:
            continue
        kind, color = piece.kind, piece.color
        value = piece_value(kind, sq, color) if kind in VALUES else FANBING_VALUES[kind]
        back = position.backs[sq]
        if (
            kind is Kind.PAWN
            and back is not None
            and sq // 9 == enemy_back_rank(color)
            and (position.easy or POINT_BACKS[sq % 9] is back)
        ):
            value += FANBING_VALUES[back] // 2
        if kind in fanbing.SLIDERS:
            value += MOBILITY * sum(1 for _ in position.pseudo_targets(sq))
        if kind in fanbing.FANBING_ATTACKERS:
            value += NEAR_KING * nearness(sq, kings[color.other()])
        elif kind is Kind.MINISTER:
            value += fanbing.MINISTER_STEP * nearness(sq, fanbing.MINISTER_GOALS[color])
        elif kind is Kind.KING:
            value += KING_FREEDOM * sum(1 for _ in position.pseudo_targets(sq))
        totals[color] += value
    return totals[position.turn] - totals[position.turn.other()]


@pytest.mark.parametrize("options", [{}, {EASY_FLIPS: "true"}])
def test_the_third_generation_evaluation_is_the_plain_one(options):
    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        match = Match.start("fanbing", options, seed)
        for _ in range(120):
            if match.outcome is not None:
                break
            position = match.game.position
            assert isinstance(position, FanbingPosition)
            assert fanbing.evaluate_fanbing(position) == plain_fanbing(position)
            seen += 1
            match.apply(rng.choice(match.game.legal_actions()).text)
    assert seen > 200
