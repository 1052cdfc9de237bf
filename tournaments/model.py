"""The vocabulary of a tournament: its formats, a pairing and its result."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    ARENA = "arena"


class Result(StrEnum):
    """How a pairing ended. Red moves first, so red takes FIDE's white."""

    RED = "red"  # won on the board (resignation, mate, time...)
    BLACK = "black"
    DRAW = "draw"
    BYE = "bye"  # the odd player out: a point without a game
    RED_BY_FORFEIT = "red-forfeit"  # black's first move never came
    BLACK_BY_FORFEIT = "black-forfeit"  # red's first move never came

    @property
    def played(self) -> bool:
        """Whether a game was played over the board (forfeits and byes were not)."""
        return self in (Result.RED, Result.BLACK, Result.DRAW)

    @property
    def points(self) -> tuple[float, float]:
        """Red's and Black's points in a Swiss or round-robin table."""
        return _POINTS[self]


_POINTS = {
    Result.RED: (1.0, 0.0),
    Result.BLACK: (0.0, 1.0),
    Result.DRAW: (0.5, 0.5),
    Result.BYE: (1.0, 0.0),
    Result.RED_BY_FORFEIT: (1.0, 0.0),
    Result.BLACK_BY_FORFEIT: (0.0, 1.0),
}


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round: ``red`` against ``black`` (``None`` for a bye),
    with its result once known. Players are the bot's user ids."""

    round: int
    table: int
    red: int
    black: int | None
    result: Result | None = None

    @property
    def players(self) -> tuple[int, ...]:
        return (self.red,) if self.black is None else (self.red, self.black)

    def opponent(self, player: int) -> int | None:
        return self.black if player == self.red else self.red

    def points_of(self, player: int) -> float:
        """``player``'s points from this pairing (0 while it is being played)."""
        if self.result is None:
            return 0.0
        red, black = self.result.points
        return red if player == self.red else black

    def won_by(self, player: int) -> bool:
        return self.result is not None and self.points_of(player) == 1.0
