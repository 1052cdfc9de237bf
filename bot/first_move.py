"""A deadline that passes before a side's first move in a correspondence game.

As on lichess, such a game was never really started: it is aborted (no
result, no rating change) instead of lost on time, so a player who accepted
and went away, or whose opponent did, carries no loss for it. A rapid game
keeps the rules' loss on time (abandoning loses, S-7): its first move is a
minute away, not a day.
"""

from __future__ import annotations

from typing import Protocol

from rules.match import Match, platform_entry

from . import timecontrol as tc
from .report import Line, Report

ABORTED_EVENT = "event.aborted"


class GameManager(Protocol):
    """What a lapse needs of a game's manager (bot/manager.py), which imports this."""

    match: Match
    control: tc.TimeControl | None

    async def _commit(self, actor_id: int | None, text: str) -> Report: ...


def missed(control: tc.TimeControl | None, ply: int) -> bool:
    """Whether a lapse now aborts: a correspondence game in which the side to
    move has not made its first move (Red at ply 0, Black at ply 1)."""
    return control is not None and control.game_ms is None and ply < 2


async def lapse(manager: GameManager) -> Report:
    """Commit what the passed deadline of the side to move does: a timeout, or
    before its first move in a correspondence game an abort, worded as such
    (who made no first move; the actor of a late action is told so)."""
    game = manager.match.game
    if not missed(manager.control, game.ply):
        return await manager._commit(None, platform_entry(game.turn, "timeout"))
    report = await manager._commit(None, platform_entry(game.turn, "abort"))
    report.lines = [
        Line("event.no_first_move", line.params) if line.key == ABORTED_EVENT else line
        for line in report.lines
    ]
    report.note = Line("error.no_first_move")
    return report
