"""One picture of one view: the board layer, markers, pieces, then the panel."""

from __future__ import annotations

from PIL import Image

from rules.view import View

from .arrows import draw_arrows
from .board import board_layer
from .extras import extras_of
from .layout import PANEL_LEFT, centre
from .options import Players, RenderOptions
from .palette import to_palette
from .panel import draw_panel
from .pieces import check_ring, move_corners, move_dot, piece_sprite


def draw_frame(view: View, players: Players | None, options: RenderOptions) -> Image.Image:
    """The whole image in palette mode.

    Only prerendered pieces are pasted on a copy of the prerendered board; the
    panel, whose texts change, is the one part drawn anew.
    """
    bottom = options.bottom(view)
    diamond = extras_of(view.variant).diamond
    frame = board_layer(bottom, options.labels, options.traditional, diamond).copy()
    if view.check is not None:
        check_ring().paste(frame, centre(view.check, bottom))
    for sq, pv in enumerate(view.board):
        if pv is not None:
            piece_sprite(pv, options.traditional).paste(frame, centre(sq, bottom))
    if view.last_move is not None:
        start, end = view.last_move
        if view.board[start] is None:
            move_dot().paste(frame, centre(start, bottom))
        move_corners().paste(frame, centre(start, bottom))
        move_corners().paste(frame, centre(end, bottom))
    draw_arrows(frame, options.arrows, bottom)
    frame.paste(to_palette(draw_panel(view, players, options)), (PANEL_LEFT, 0))
    return frame
