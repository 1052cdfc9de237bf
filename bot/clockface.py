"""What the clocks drawn on a board show: the time that actually runs out.

In a rapid game the side to move loses at its move deadline, which is the
per-move limit or the game time (plus overtime), whichever is sooner; so
its face counts down to that deadline, and the waiting side's face shows
its game time. In a correspondence game the side to move's face shows the
time left to its deadline (days and hours), the other face nothing.
"""

from __future__ import annotations

from rules.pieces import Color

from . import timecontrol as tc
from .pictures import clock_text


def far_text(seconds: float) -> str:
    """``2d 23h``, ``5h 12m``, ``7m``: a distant deadline, to the unit that matters."""
    minutes = max(0, int(seconds // 60))
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {mins:02d}m"
    return f"{mins}m"


def faces(
    control: tc.TimeControl | None,
    clocks: tc.Clocks,
    turn: Color,
    now: float,
    *,
    running: bool,
) -> tuple[str | None, str | None]:
    """The text of Red's and Black's clock faces."""
    if control is None:
        return None, None
    shown: list[str | None] = []
    for side in Color:
        on_turn = running and side is turn and clocks.deadline is not None
        if control.game_ms is None:
            shown.append(far_text(clocks.deadline - now) if on_turn and clocks.deadline else None)
        elif on_turn and clocks.deadline is not None:
            shown.append(clock_text(max(0, round((clocks.deadline - now) * 1000))))
        else:
            shown.append(clock_text(clocks.left_ms(side)))
    return shown[0], shown[1]
