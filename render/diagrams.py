"""The picture shown with the first section of each variant's rules (``/rules``).

Each variant registers its sample (:class:`render.extras.Extras` ``diagram``),
one of the positions the docs show: the standard board in a middlegame,
face-down pieces, prediction tiles, the silent queens, every new piece of
third-generation xiangqi. Public views only: a rules page is no game.
"""

from __future__ import annotations

from .extras import extras_of
from .image import render_png
from .options import RenderOptions


def diagram_png(variant: str, options: RenderOptions) -> bytes | None:
    """The rules picture of ``variant`` drawn with ``options``; ``None`` if it has none."""
    sample = extras_of(variant).diagram
    return None if sample is None else render_png(sample(), None, options)
