"""What a caller may choose about an image, besides the view itself.

Both classes are frozen and hashable: they are part of the image cache key.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.pieces import Color
from rules.squares import Square
from rules.view import View

LANGUAGES = ("zh", "en")


class ArrowStyle(Enum):
    """Which of a review's two moves an arrow shows."""

    PLAYED = "played"
    BETTER = "better"


@dataclass(frozen=True, slots=True)
class Arrow:
    """A move drawn over the board, from ``start`` to ``end``."""

    start: Square
    end: Square
    style: ArrowStyle


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """A viewer's display preferences.

    ``perspective`` is the side drawn at the bottom; ``None`` means the
    viewer's own side, or Red for the public view. ``lang`` is the language
    of the few words drawn (``"zh"`` or ``"en"``). ``arrows`` are moves
    drawn over the pieces, in order (a later arrow covers an earlier one).
    """

    traditional: bool = False
    labels: bool = False
    perspective: Color | None = None
    lang: str = "zh"
    arrows: tuple[Arrow, ...] = ()

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {LANGUAGES}, not {self.lang!r}")

    def bottom(self, view: View) -> Color:
        """The side at the bottom of the image of ``view``."""
        if self.perspective is not None:
            return self.perspective
        return view.viewer if view.viewer is not None else Color.RED


DEFAULT_OPTIONS = RenderOptions()


@dataclass(frozen=True, slots=True)
class Players:
    """Names and clocks shown in the side panel; clocks are preformatted."""

    red: str
    black: str
    red_clock: str | None = None
    black_clock: str | None = None

    def name(self, color: Color) -> str:
        return self.red if color is Color.RED else self.black

    def clock(self, color: Color) -> str | None:
        return self.red_clock if color is Color.RED else self.black_clock
