"""What makes the built-in search play better than material alone: a check
searched a ply deeper finds a mate the same depth would miss, and a square's
worth is the same for both colours (a position and its colour-flipped twin
score alike, so neither side is favoured by the tables)."""

from __future__ import annotations

import random

from computer.evaluation import MATE_BOUND
from computer.search import Budget, Searcher
from computer.squares import square_bonus
from computer.variants.xiangqi import XiangqiState
from rules.actions import Move
from rules.match import Match
from rules.pieces import Color, Kind
from rules.position import Position

# Red mates in two: a chariot check on the king's file, the one reply, then
# the other chariot's quiet step to the rank the king stands on.
MATE_IN_TWO = ("9/9/4k4/9/9/9/9/3R4R/9/3K5 w", "9/5k3/9/9/9/1R7/9/R8/9/3K5 w")


def _mates_in_two(position: Position, move: Move) -> bool:
    """By the rules alone: ``move`` checks, and every reply meets a mate."""
    position.push(move)
    try:
        if not position.is_check():
            return False
        for reply in position.legal_moves():
            position.push(reply)
            try:
                mates = False
                for last in position.legal_moves():
                    position.push(last)
                    mates = mates or not position.legal_moves()
                    position.pop()
                if not mates:
                    return False
            finally:
                position.pop()
        return True
    finally:
        position.pop()


def test_a_check_is_searched_a_ply_deeper_and_the_mate_behind_it_is_found():
    for fen in MATE_IN_TWO:
        position = Position.from_fen(fen)
        deep = Searcher(Budget(depth=2)).run(XiangqiState(position.copy()))
        flat = Searcher(Budget(depth=2), extend=0).run(XiangqiState(position.copy()))
        mating = [move for move, score in deep.scores.items() if score >= MATE_BOUND]
        assert mating, fen
        assert all(isinstance(m, Move) and _mates_in_two(position.copy(), m) for m in mating)
        assert deep.best in mating
        assert max(flat.scores.values()) < MATE_BOUND  # two plies alone do not see it


def _flipped(position: Position) -> Position:
    """The same position with the colours swapped and the board turned over."""
    rows = position.placement().split("/")
    placement = "/".join(row.swapcase() for row in reversed(rows))
    turn = "b" if position.turn is Color.RED else "w"
    return Position.from_fen(f"{placement} {turn}")


def test_a_square_is_worth_the_same_to_either_colour():
    for kind in Kind:
        for sq in range(90):
            rank, file = divmod(sq, 9)
            across = rank * 9 + 8 - file
            turned = (9 - rank) * 9 + file
            assert square_bonus(kind, sq, Color.RED) == square_bonus(kind, across, Color.RED)
            assert square_bonus(kind, sq, Color.RED) == square_bonus(kind, turned, Color.BLACK)


def test_a_position_and_its_colour_flipped_twin_score_alike():
    for seed in range(4):
        rng = random.Random(seed)
        match = Match.start("xiangqi", {}, seed)
        for _ in range(60):
            if match.outcome is not None:
                break
            position = match.game.position
            twin = _flipped(position)
            assert XiangqiState(position.copy()).evaluate() == XiangqiState(twin).evaluate()
            match.apply(rng.choice(match.game.legal_actions()).text)


def test_the_hash_move_then_captures_then_killers_then_quiet_moves_by_history():
    """The order the search tries a node's moves in, against the rule written
    out: the hash move, the captures as the state gave them, the killers, the
    quiet moves by history, ties (no history) kept in the state's order."""
    rng = random.Random(5)
    match = Match.start("xiangqi")
    for _ in range(24):
        match.apply(rng.choice(match.game.legal_actions()).text)
    state = XiangqiState(match.game.position.copy())
    actions = list(state.actions())
    quiet = [a for a in actions if not state.is_capture(a)]
    taking = [a for a in actions if state.is_capture(a)]
    assert len(quiet) > 20 and taking
    searcher = Searcher(Budget(depth=1))
    first = quiet[-1]
    killers = [quiet[3], quiet[1]]
    searcher.killers = [[], killers]
    searcher.history = {quiet[5]: 9, quiet[2]: 4, quiet[7]: 4, quiet[0]: 1}
    rest = [a for a in quiet if a != first]
    by_history = sorted(
        (a for a in rest if a not in killers), key=lambda a: -searcher.history.get(a, 0)
    )
    in_order = [a for a in rest if a in killers]
    assert searcher._ordered(state, actions, first, 1) == [first, *taking, *in_order, *by_history]
    assert searcher._ordered(state, actions, None, 0)[len(taking) :] == sorted(
        quiet, key=lambda a: -searcher.history.get(a, 0)
    )
