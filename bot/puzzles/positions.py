"""A puzzle's position as a game of its variant, and the solution played on it.

A standard puzzle's FEN starts a standard game (``options["fen"]``). A
Jieqi puzzle's FEN marks each face-down piece with a ``?`` after its letter
(``R?``): the letter is the piece beneath, which nobody sees until it is
revealed, and the Jieqi game is built from that placement. A Jieqi puzzle
wins whatever lies beneath, so the letters the set wrote are as good as any.
"""

from __future__ import annotations

from puzzles.catalogue import Puzzle
from rules.pieces import Color
from rules.squares import square_name
from rules.variant import Game, find_variant
from rules.variants.jieqi.game import JieqiBase


def start(puzzle: Puzzle) -> Game:
    """The puzzle's position, the solver to move."""
    variant = find_variant(puzzle.variant)
    if issubclass(variant, JieqiBase):
        pieces, turn = hidden_placement(puzzle.fen)
        return variant.from_pieces(pieces, turn)
    return variant.start({"fen": puzzle.fen})


def played(puzzle: Puzzle, plies: int) -> Game:
    """The position after the first ``plies`` of the solution."""
    game = start(puzzle)
    for text in puzzle.solution[:plies]:
        game.push(game.parse(text))
    return game


def hidden_placement(fen: str) -> tuple[dict[str, str], Color]:
    """The squares and letters of a FEN whose face-down pieces carry a ``?``
    (``{"e3": "R?"}``), as ``JieqiBase.from_pieces`` takes them, and the side to move.

    :raises ValueError: for a FEN that does not describe ten ranks of nine files.
    """
    board, _, rest = fen.strip().partition(" ")
    ranks = board.split("/")
    if len(ranks) != 10:
        raise ValueError(f"a FEN of {len(ranks)} ranks: {fen!r}")
    pieces: dict[str, str] = {}
    for row, text in enumerate(ranks):
        rank, file, index = 9 - row, 0, 0
        while index < len(text):
            char = text[index]
            index += 1
            if char.isdigit():
                file += int(char)
                continue
            down = index < len(text) and text[index] == "?"
            index += down
            pieces[square_name(rank * 9 + file)] = char + "?" * down
            file += 1
        if file != 9:
            raise ValueError(f"rank {rank} of {fen!r} has {file} files")
    turn = Color.BLACK if rest.split()[:1] == ["b"] else Color.RED
    return pieces, turn
