"""The searches know the game's past: positions already met score as a draw
(J-8 in Jieqi, S-4 in standard xiangqi), and the past the Jieqi player
rebuilds from the public log agrees with the view."""

from __future__ import annotations

import random

from computer.variants.jieqi.plugin import JieqiPlugin
from computer.variants.jieqi.state import JieqiState, _key
from computer.variants.xiangqi import XiangqiPlugin, XiangqiState
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match


def state_after(variant: str, log: list[str], seed: int = 3) -> JieqiState:
    match = Match.start(variant, {}, seed)
    for text in log:
        match.apply(text)
    state = JieqiPlugin().sample(knowledge_of(match, match.game.turn), random.Random(0))
    assert isinstance(state, JieqiState)
    return state


def test_the_rebuilt_past_holds_the_position_now_and_its_quiet_plies():
    for variant in ("jieqi", "jieqi-classic"):
        for seed in range(4):
            match = Match.start(variant, {}, seed)
            rng = random.Random(seed)
            for _ in range(40):
                if match.outcome is not None:
                    break
                match.apply(rng.choice(match.game.legal_actions()).text)
            if match.outcome is not None:
                continue
            state = state_after(variant, list(match.entries), seed)
            assert state.past is not None
            assert _key(state.board.turn, state.ids, state.board.down) in state.past.keys
            assert state.quiet == match.game.quiet_plies


def test_j8_a_position_met_before_scores_as_a_draw_in_the_search():
    # The face-up kings step out and back: the start position is met again.
    state = state_after("jieqi-classic", ["e0e1", "e9e8", "e1e0", "e8e9"])
    state.push(Move.from_iccs("e0e1"))
    assert state.terminal() == 0  # as after the first ply
    state.pop()
    state.push(Move.from_iccs("a0a1"))
    assert state.terminal() is None
    state.push(Move.from_iccs("e9e8"))
    assert state.terminal() is None  # a face-down piece has moved since


def test_a_lead_shrinks_while_nothing_is_taken():
    fresh = state_after("jieqi-classic", ["a0a1", "a9a8"])
    assert fresh.past is not None
    board = fresh.board.board
    for sq, piece in enumerate(board):  # Black loses everything but its king
        if piece is not None and piece.color is not fresh.board.turn and sq != 85:
            board[sq] = None
            fresh.board.down[sq] = False
    early = fresh.evaluate()
    fresh.quiet = 100
    assert 0 < fresh.evaluate() < early


def test_s4_a_standard_position_met_before_scores_as_a_draw_and_a_lead_shrinks():
    match = Match.start("xiangqi")
    for text in ("h0g2", "h9g7", "g2h0"):
        match.apply(text)
    state = XiangqiPlugin().sample(knowledge_of(match, match.game.turn), random.Random(0))
    assert isinstance(state, XiangqiState)
    state.push(Move.from_iccs("g7h9"))  # the start position again
    assert state.terminal() == 0
    state.pop()
    state.push(Move.from_iccs("a9a8"))
    assert state.terminal() is None
    board = state.position.board
    for sq, piece in enumerate(board):  # Black, not to move, keeps its king alone
        if piece is not None and piece.color is not state.position.turn and sq != 85:
            board[sq] = None
    state = XiangqiState(state.position, state.past)  # a state reads its board once
    early = state.evaluate()
    state.position.quiet_plies = 100
    assert 0 < state.evaluate() < early


def test_the_searched_position_key_follows_every_move_reveal_and_take_back():
    """The search keeps a position's key move by move; it must always be the
    key the whole board gives, or a repetition would be missed or invented."""
    for variant in ("jieqi", "jieqi-classic"):
        state = state_after(variant, [])
        rng = random.Random(variant)
        depth = 0
        for _ in range(300):
            actions = state.actions()
            if depth and (not actions or state.terminal() is not None or rng.random() < 0.3):
                state.pop()
                depth -= 1
            elif actions:
                state.push(rng.choice(actions))
                depth += 1
            assert state.place == _key(state.board.turn, state.ids, state.board.down)
