"""Animated GIF replays: one frame per ply, all on the shared palette."""

from __future__ import annotations

import io
from collections.abc import Sequence

from rules.view import View

from .frame import draw_frame
from .options import DEFAULT_OPTIONS, Players, RenderOptions

FINAL_HOLD = 3  # the last position stays this many frame times before looping


def render_gif(
    views: Sequence[View],
    players: Players | None = None,
    options: RenderOptions = DEFAULT_OPTIONS,
    frame_ms: int = 800,
) -> bytes:
    """A looping GIF of ``views`` in order, ``frame_ms`` per frame.

    :raises ValueError: if ``views`` is empty.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    frames = [draw_frame(view, players, options) for view in views]
    durations = [frame_ms] * (len(frames) - 1) + [frame_ms * FINAL_HOLD]
    out = io.BytesIO()
    frames[0].save(
        out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0, disposal=1
    )
    return out.getvalue()
