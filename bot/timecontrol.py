"""Time controls (S-7, S-8): presets and the arithmetic of clocks and deadlines.

Pure functions over the three numbers storage keeps per game: milliseconds of
game time left for each side and the unix time at which the side to move runs
out. The turn's start is never stored: it is the deadline minus the budget the
mover had when the turn began, which depends only on stored numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.pieces import Color

DAY_MS = 86_400_000


@dataclass(frozen=True, slots=True)
class TimeControl:
    """``game_ms`` is the game time (None: per-move only); ``move_ms`` caps one
    move; ``overtime_ms`` is the per-move time once game time is used up (读秒);
    ``remind_ms`` is how long before a deadline correspondence players are reminded."""

    name: str
    move_ms: int
    game_ms: int | None = None
    overtime_ms: int = 0
    remind_ms: int | None = None

    def budget_ms(self, left_ms: int | None) -> int:
        """Time for one move given ``left_ms`` of game time at the turn's start."""
        if self.game_ms is None or left_ms is None:
            return self.move_ms
        if left_ms <= 0:
            return self.overtime_ms
        return min(self.move_ms, left_ms + self.overtime_ms)


PRESETS: dict[str, TimeControl | None] = {
    # S-8: the document's own preset, 10 min per game, 1 min per move, 30 s overtime.
    "rapid": TimeControl("rapid", move_ms=60_000, game_ms=600_000, overtime_ms=30_000),
    "1d": TimeControl("1d", move_ms=DAY_MS, remind_ms=DAY_MS // 6),
    "3d": TimeControl("3d", move_ms=3 * DAY_MS, remind_ms=DAY_MS // 2),
    "none": None,
}
DEFAULT_PRESET = "none"


def preset(name: str | None) -> TimeControl | None:
    """The preset called ``name``; unknown or missing names mean no clock."""
    return PRESETS.get(name or DEFAULT_PRESET)


@dataclass(frozen=True, slots=True)
class Clocks:
    """A game's stored clock state (storage units: ms and unix seconds)."""

    red_ms: int | None = None
    black_ms: int | None = None
    deadline: float | None = None

    def left_ms(self, side: Color) -> int | None:
        return self.red_ms if side is Color.RED else self.black_ms

    def with_left(self, side: Color, ms: int | None) -> Clocks:
        return replace(self, red_ms=ms) if side is Color.RED else replace(self, black_ms=ms)


def start(tc: TimeControl | None, now: float) -> Clocks:
    """Clocks of a new game, Red to move."""
    if tc is None:
        return Clocks()
    clocks = Clocks(tc.game_ms, tc.game_ms)
    return replace(clocks, deadline=now + tc.budget_ms(tc.game_ms) / 1000)


def used_ms(tc: TimeControl, clocks: Clocks, on_clock: Color, now: float) -> int:
    """Milliseconds ``on_clock`` has spent on the current turn."""
    assert clocks.deadline is not None
    began = clocks.deadline - tc.budget_ms(clocks.left_ms(on_clock)) / 1000
    return max(0, round((now - began) * 1000))


def hand_over(
    tc: TimeControl | None, clocks: Clocks, on_clock: Color, to_move: Color, now: float
) -> Clocks:
    """Charge ``on_clock`` for its turn and start the turn of ``to_move``."""
    if tc is None or clocks.deadline is None:
        return clocks
    if tc.game_ms is not None:
        left = clocks.left_ms(on_clock)
        spent = used_ms(tc, clocks, on_clock, now)
        clocks = clocks.with_left(on_clock, max(0, (left or 0) - spent))
    budget = tc.budget_ms(clocks.left_ms(to_move))
    return replace(clocks, deadline=now + budget / 1000)


def shown_ms(
    tc: TimeControl | None, clocks: Clocks, side: Color, to_move: Color, now: float
) -> int | None:
    """Game time ``side`` has left right now (what a clock face shows)."""
    if tc is None or tc.game_ms is None:
        return None
    left = clocks.left_ms(side) or 0
    if side is to_move and clocks.deadline is not None:
        left -= used_ms(tc, clocks, side, now)
    return max(0, left)


def reminders_reached(
    tc: TimeControl | None, deadline: float | None, now: float, chosen: list[float]
) -> list[float]:
    """The moments (seconds before ``deadline``) whose reminder is due by ``now``:
    of those a correspondence player ``chosen``, else the time control's own."""
    if tc is None or tc.remind_ms is None or deadline is None:
        return []
    return [before for before in chosen or [tc.remind_ms / 1000] if now >= deadline - before]
