"""PNG images of views, cached: an unchanged view is never drawn twice."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from rules.view import View

from .frame import draw_frame
from .options import DEFAULT_OPTIONS, Players, RenderOptions
from .png import palette_png

# zlib level 1: most of the size win of palette PNGs at a fraction of the time.
PNG_COMPRESS_LEVEL = 1


def encode_png(image: Image.Image) -> bytes:
    """A palette image (every board) by the fast writer, any other by Pillow."""
    if image.mode == "P" and "transparency" not in image.info:
        return palette_png(image)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


@lru_cache(maxsize=256)
def render_png(
    view: View, players: Players | None = None, options: RenderOptions = DEFAULT_OPTIONS
) -> bytes:
    """The PNG of ``view`` as seen with ``options``; equal arguments give the same bytes object."""
    return encode_png(draw_frame(view, players, options))
