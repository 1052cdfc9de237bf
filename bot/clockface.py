"""What the clocks drawn on a board say, labelled in the image's language.

In a rapid game both faces show their player's game time, and the side to
move's face adds, labelled, the time left for this move (the per-move limit
or the game time plus overtime, whichever is sooner: what it loses at), so
no face ever shows a move time where a game time is expected. In a
correspondence game the side to move's face shows the time left to its
deadline and the other face the time it will have for its next move. A
finished game shows the game time left, or nothing without game time.
"""

from __future__ import annotations

from rules.pieces import Color

from . import timecontrol as tc
from .i18n import t
from .pictures import clock_text


def far_text(seconds: float, lang: str = "en") -> str:
    """``2d 3h``, ``1d``, ``5h``, ``7m`` (``2天3小时``, ``5小时``): a distant
    deadline, to the unit that matters (short enough for a phone-width card;
    the messages give the exact time as a Discord timestamp)."""
    minutes = max(0, int(seconds // 60))
    days, hours = minutes // 1440, minutes // 60 % 24
    if days:
        return t(lang, "clock.days", d=days, h=hours)
    if hours:
        return t(lang, "clock.hours", h=hours)
    return t(lang, "clock.minutes", m=minutes)


def faces(
    control: tc.TimeControl | None,
    clocks: tc.Clocks,
    turn: Color,
    now: float,
    *,
    running: bool,
    lang: str = "en",
    compact: bool = False,
) -> tuple[str | None, str | None]:
    """The text of Red's and Black's clock faces; ``compact`` labels the move
    time shorter, for a card whose pool tile leaves less room (Tuibei)."""
    if control is None:
        return None, None
    red, black = (_face(control, clocks, side, turn, now, running, lang, compact) for side in Color)
    return red, black


def _face(
    control: tc.TimeControl,
    clocks: tc.Clocks,
    side: Color,
    turn: Color,
    now: float,
    running: bool,
    lang: str,
    compact: bool,
) -> str | None:
    on_turn = running and side is turn and clocks.deadline is not None
    if control.game_ms is None:  # correspondence
        if not running:
            return None
        if on_turn and clocks.deadline is not None:
            return t(lang, "clock.left", left=far_text(clocks.deadline - now, lang))
        return t(lang, "clock.per_move", per=far_text(control.move_ms / 1000, lang))
    if not on_turn or clocks.deadline is None:
        return clock_text(clocks.left_ms(side))
    game = tc.shown_ms(control, clocks, side, turn, now) or 0
    move = clock_text(max(0, round((clocks.deadline - now) * 1000)))
    overtime = (clocks.left_ms(side) or 0) <= 0
    key = "clock.overtime" if overtime else "clock.move"
    return t(lang, f"{key}_short" if compact else key, game=clock_text(game), move=move)
