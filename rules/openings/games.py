"""Which games have an ECCO opening: standard xiangqi from the usual start."""

from __future__ import annotations

from ..actions import Move
from ..position import START_FEN
from ..standard import StandardXiangqi
from ..variant import Game
from .classify import classify
from .directory import Opening


def game_opening(game: Game) -> Opening | None:
    """The opening of ``game``; ``None`` for a variant (their openings are
    not the directory's, even Tuibei's and the successor's on the same
    board), a handicap, a set-up position, or no move yet."""
    if type(game) is not StandardXiangqi or game.is_handicap:
        return None
    if game.start_fen.split()[:2] != START_FEN.split()[:2]:
        return None
    moves = [action.text for action in game.actions if isinstance(action, Move)]
    return classify(moves) if moves else None
