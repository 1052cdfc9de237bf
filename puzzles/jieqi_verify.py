"""Checking a Jieqi puzzle again, two ways.

By the search over every deal of the unseen pieces (:mod:`puzzles.jieqi_search`):
the first action must be the only one that wins within the puzzle's length,
none may win sooner, and each later solver action of the line must again be
the only one. And by dealing the face-down pieces anew at random, over and
over, and playing every deal with the Jieqi game itself: the first action
must win each of them by force, whatever the opponent answers.
"""

from __future__ import annotations

import copy
import random

from rules.actions import Action, parse_action
from rules.pieces import Color, Piece
from rules.variants.jieqi.game import Jieqi

from . import jieqi_fen
from .catalogue import Puzzle
from .jieqi_search import new_board, winning_actions

DEALS = 8  # random deals each puzzle is played out in


def recheck(puzzle: Puzzle, deals: int = DEALS, seed: int = 0) -> str | None:
    """Why ``puzzle`` does not hold, or ``None`` when it does."""
    board, down, turn = jieqi_fen.parse(puzzle.fen)
    line = [parse_action(text) for text in puzzle.solution]
    moves = (len(line) + 1) // 2
    hb = new_board(board, down, turn)
    for sooner in range(1, moves):
        if winning_actions(hb, sooner):
            return f"it wins in {sooner} already"
    game = jieqi_fen.game(puzzle.fen)
    for index, action in enumerate(line):
        if index % 2 == 0:
            here = new_board(game.board.board, game.board.down, game.turn)
            winning = winning_actions(here, moves - index // 2)
            if winning != [action]:
                shown = ", ".join(a.text for a in winning) or "none"
                return f"ply {index}: the winning actions are {shown}, not {action.text}"
        game.push(action)
    outcome = game.outcome()
    if outcome is None or outcome.winner is not turn:
        return "the line does not end in a win"
    rng = random.Random(seed)
    for _ in range(deals):
        dealt = _deal(puzzle.fen, rng)
        if not _wins(dealt, line[0], moves, turn):
            return f"{line[0].text} does not win the deal {jieqi_fen.write(*_state(dealt))}"
    return None


def _state(game: Jieqi) -> tuple[list[Piece | None], list[bool], Color]:
    return game.board.board, game.board.down, game.turn


def _deal(fen: str, rng: random.Random) -> Jieqi:
    """The puzzle with each side's face-down pieces shuffled over its face-down points."""
    board, down, turn = jieqi_fen.parse(fen)
    for color in Color:
        points = [
            sq for sq, p in enumerate(board) if p is not None and down[sq] and p.color is color
        ]
        pieces = [board[sq] for sq in points]
        rng.shuffle(pieces)
        for sq, piece in zip(points, pieces, strict=True):
            board[sq] = piece
    return jieqi_fen.game(jieqi_fen.write(board, down, turn))


def _wins(game: Jieqi, action: Action, moves: int, solver: Color) -> bool:
    """With everything known, ``action`` wins with at most ``moves`` solver moves."""
    after = copy.deepcopy(game)
    after.push(action)
    outcome = after.outcome()
    if outcome is not None:
        return outcome.winner is solver
    if moves == 1:
        return False
    for reply in after.legal_actions():
        answered = copy.deepcopy(after)
        answered.push(reply)
        outcome = answered.outcome()
        if outcome is not None:
            if outcome.winner is not solver:
                return False
            continue
        if not any(_wins(answered, a, moves - 1, solver) for a in answered.legal_actions()):
            return False
    return True
