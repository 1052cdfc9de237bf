"""A finished game's result in a tournament's terms: a game whose first move
never came (aborted at a correspondence deadline, lost on time in a rapid
game, or called off) is a forfeit of the side that did not move."""

from __future__ import annotations

from rules.match import SIDE_LETTERS
from rules.outcome import Outcome, Reason
from rules.pieces import Color

from .model import Result

_FORFEITED = {Color.RED: Result.BLACK_BY_FORFEIT, Color.BLACK: Result.RED_BY_FORFEIT}


def result_of(outcome: Outcome, last_entry: str, ply: int) -> Result:
    """The result of a game that ended with ``outcome`` after ``ply`` moves,
    ``last_entry`` the log's last entry (an abort names who called it off)."""
    if outcome.reason is Reason.ABORTED:
        side = SIDE_LETTERS.get(last_entry[1:2]) if last_entry.startswith("@") else None
        return _FORFEITED[side if side is not None else Color(ply % 2)]
    if outcome.reason is Reason.TIMEOUT and ply < 2 and outcome.winner is not None:
        return _FORFEITED[outcome.winner.other()]
    if outcome.winner is None:
        return Result.DRAW
    return Result.RED if outcome.winner is Color.RED else Result.BLACK
