"""Jieqi puzzles: positions with face-down pieces where one action (a move or
a reveal) mates by force whatever lies beneath.

Positions come from random Jieqi games (captures and checks preferred, so
that kings come out and fall). A position is kept when exactly one action
of the side to move wins within :data:`LONGEST` of its moves for every deal
of the unseen pieces (:mod:`puzzles.jieqi_search`) and none wins sooner;
its line is then played out with the deal the FEN gives (each reply one
after which the mating move is again the only one) and checked by the Jieqi
game itself."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence

from rules.actions import Action, Move
from rules.pieces import Color
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.game import Jieqi

from . import jieqi_fen
from .catalogue import Puzzle
from .jieqi_search import actions, new_board, winning_actions
from .rating import estimate
from .themes import CAPTURES_FACE_DOWN, CHECKS_TO_MATE, REVEAL

LONGEST = 2  # solver moves: mate in one or two
PLIES = 140  # a random game's length at most
ATTACKING = 0.8  # how often a random game's move is a capture or a check when there is one


def random_games(seed: int) -> Iterator[Jieqi]:
    """The positions of a random Jieqi game, one after another (the same game
    object, moved on after each)."""
    rng = random.Random(seed)
    game = Jieqi.start(seed=seed)
    for _ in range(PLIES):
        if game.outcome() is not None:
            return
        yield game
        game.push(_pick(game, rng))


def _pick(game: Jieqi, rng: random.Random) -> Action:
    legal = game.legal_actions()
    board = game.board
    sharp = [
        a
        for a in legal
        if isinstance(a, Move) and (board.board[a.to_sq] is not None or _checks(game, a))
    ]
    if sharp and rng.random() < ATTACKING:
        return rng.choice(sharp)
    return rng.choice(legal)


def _checks(game: Jieqi, move: Move) -> bool:
    hb = new_board(game.board.board, game.board.down, game.turn)
    hb.board[move.to_sq], hb.board[move.from_sq] = hb.board[move.from_sq], None
    hb.down[move.to_sq] = False
    return hb.in_danger(game.turn.other())


def themes_of(fen: str, line: Sequence[Action]) -> tuple[str, ...]:
    """The themes of a Jieqi line: mate by checks, an answer that turns a
    piece up, an answer that takes a face-down piece."""
    down = jieqi_fen.parse(fen)[1]
    solver = line[::2]
    found = []
    if len(solver) > 1 and all(_checks_after(fen, line[: i + 1]) for i in range(0, len(line), 2)):
        found.append(CHECKS_TO_MATE)
    if any(isinstance(a, Reveal) for a in solver):
        found.append(REVEAL)
    if isinstance(solver[0], Move) and down[solver[0].to_sq]:
        found.append(CAPTURES_FACE_DOWN)
    return tuple(found)


def _checks_after(fen: str, line: Sequence[Action]) -> bool:
    """Whether the last action of ``line`` leaves the side to move in check
    (or the game won)."""
    game = jieqi_fen.game(fen)
    for action in line:
        game.push(action)
    return game.outcome() is not None or game.in_check()


def puzzle_of(game: Jieqi) -> Puzzle | None:
    """The puzzle of the position ``game`` stands in, or ``None``."""
    board, down = game.board.board, game.board.down
    if not any(down) or game.board.king(game.turn.other()) is None:
        return None  # nothing hidden, or a king nobody can check
    hb = new_board(board, down, game.turn)
    for moves in range(1, LONGEST + 1):
        winning = winning_actions(hb, moves)
        if len(winning) > 1:
            return None
        if winning:
            line = _line(jieqi_fen.write(board, down, game.turn), winning[0], moves)
            return None if line is None else _puzzle(game, line, len(actions(hb)))
    return None


def _line(fen: str, first: Action, moves: int) -> list[Action] | None:
    """The line from ``fen`` with the FEN's own deal: ``first``, then for each
    reply (the first, in text order, after which the mate is again unique)
    the only winning action; ``None`` when no reply leaves a unique one."""
    game = jieqi_fen.game(fen)
    line = [first]
    game.push(first)
    for left in range(moves - 1, 0, -1):
        for reply in sorted(game.legal_actions(), key=lambda a: a.text):
            trial = jieqi_fen.game(fen)
            for action in [*line, reply]:
                trial.push(action)
            hb = new_board(trial.board.board, trial.board.down, trial.turn)
            winning = winning_actions(hb, left)
            if len(winning) == 1:
                line += [reply, winning[0]]
                game = trial
                game.push(winning[0])
                break
        else:
            return None
    outcome = game.outcome()
    solver = Color.RED if fen.split()[1] == "w" else Color.BLACK
    return line if outcome is not None and outcome.winner is solver else None


def _puzzle(game: Jieqi, line: list[Action], choices: int) -> Puzzle:
    fen = jieqi_fen.write(game.board.board, game.board.down, game.turn)
    solver = line[::2]
    themes = themes_of(fen, line)
    first = line[0]
    quiet = isinstance(first, Reveal) or (
        isinstance(first, Move)
        and game.board.board[first.to_sq] is None
        and not _checks(game, first)
    )
    rating = estimate(
        "mate", len(solver), 2 * len(solver) - 1, [choices], quiet=quiet, sacrifice=False
    )
    key = " ".join(fen.split()[:2]).encode()
    return Puzzle(
        id="jq-" + hashlib.sha1(key).hexdigest()[:10],
        variant="jieqi",
        fen=fen,
        solution=tuple(a.text for a in line),
        goal="mate",
        rating=rating,
        themes=themes,
    )
