"""The picture shown with the first section of each variant's rules (``/rules``).

Each is one of the sample positions the docs show: the standard board in a
middlegame, face-down pieces, prediction tiles, the silent queens, every new
piece of third-generation xiangqi. Public views only: a rules page is no game.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.view import View

from . import samples
from .image import render_png
from .options import RenderOptions
from .variants import fanbing as fanbing_samples
from .variants import houji as houji_samples

DIAGRAMS: dict[str, Callable[[], View]] = {
    "xiangqi": samples.middlegame,
    "jieqi": samples.jieqi,
    "jieqi-classic": samples.jieqi,
    "tuibei": samples.tuibei,
    "houji": houji_samples.queens_facing,
    "fanbing": lambda: fanbing_samples.gallery().view(None),
}


def diagram_png(variant: str, options: RenderOptions) -> bytes | None:
    """The rules picture of ``variant`` drawn with ``options``; ``None`` if it has none."""
    sample = DIAGRAMS.get(variant)
    return None if sample is None else render_png(sample(), None, options)
