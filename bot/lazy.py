"""Lazy games: when a game may leave memory, and when it must be held again.

A game stays in memory while someone acts on it (for :data:`IDLE` seconds
after the last action or look) and while its next event is near. Rapid
games, setup phases, the computer's turn and a notice still owed keep a game
held whatever the time. Any other game is put to sleep with its wake: the
soonest reminder still to send before its deadline, else the deadline
itself (never, for a game without a clock). The clock loop looks every
:data:`CHECK_SECONDS` for the games whose wake falls within :data:`HORIZON`
and loads them, so their reminders and timeouts fire from memory as if they
had never left; a command, a button or autocomplete in a game loads it at
once.
"""

from __future__ import annotations

import math

from storage import Wake

from .manager import GameManager

HORIZON = 300.0  # seconds: a game whose wake is this near is loaded
IDLE = 600.0  # seconds a game is held after someone last acted on it
CHECK_SECONDS = 60.0  # between two looks for games to wake and to let go of
BATCH = 1000  # games let go of at most per look


def reminder_leads(manager: GameManager, chosen: list[float]) -> list[float]:
    """The reminders of the turn, in seconds before the deadline: those the
    player to move ``chosen``, else the time control's own; none without one."""
    control = manager.control
    if control is None or control.remind_ms is None:
        return []
    return chosen or [control.remind_ms / 1000]


def wake_of(
    manager: GameManager, chosen: list[float], sent: float | None, now: float
) -> Wake | None:
    """When the game must be held again, if it may be let go of now; ``None``
    while it must stay (see the module). ``chosen``: the reminder moments of
    the player to move, in seconds before the deadline; ``sent``: the latest
    of them reminded of for this deadline, if known (after a restart, every
    moment passed of a reminded deadline counts as sent, as for the reminders)."""
    control = manager.control
    if manager.finished or manager.setup_phase is not None or manager.lock.locked():
        return None
    if control is not None and control.game_ms is not None:  # rapid: every second counts
        return None
    turn = manager.match.game.turn
    if manager.computer_side() is turn:
        return None
    deadline = manager.clocks.deadline
    waiting = manager.player_id(turn)
    if deadline is None:
        return Wake(manager.seq, math.inf, waiting)
    leads = reminder_leads(manager, chosen)
    if sent is not None:
        leads = [lead for lead in leads if lead < sent]
    elif manager.reminded:
        leads = [lead for lead in leads if deadline - lead > now]
    moments = [deadline - lead for lead in leads]
    if any(moment <= now for moment in moments):
        return None  # a reminder is about to go out
    at = min(moments, default=deadline)
    if at <= now + HORIZON + CHECK_SECONDS:  # it would be loaded again at the next look
        return None
    return Wake(manager.seq, min(at, deadline), waiting)
