"""Boards drawn in the drawing processes are the boards the renderer draws,
and a worker that dies is replaced: the next board is drawn all the same."""

from __future__ import annotations

import os
import signal

from bot import pictures
from rules.match import Match
from rules.pieces import Color
from storage import Prefs


def _view():
    match = Match.start("xiangqi", {}, 0)
    match.apply("h2e2")
    return match.game.view(None)


async def test_a_board_drawn_in_a_worker_is_the_renderers_board():
    view, names = _view(), ("红方", "Black")
    prefs = Prefs(traditional=True, orientation="auto")
    args = (view, names, (61_000, None), prefs, "zh", Color.BLACK)
    assert await pictures.board_drawn(*args) == pictures.board_png(*args)
    shown = await pictures.board_drawn(*args, bottom=Color.RED, faces=("1d", "2h"))
    assert shown == pictures.board_png(*args, bottom=Color.RED, faces=("1d", "2h"))
    assert shown != pictures.board_png(*args)


async def test_a_worker_that_dies_is_replaced_by_the_next_board():
    view, names = _view(), ("red", "black")
    args = (view, names, (None, None), Prefs(), "en", None)
    first = await pictures.board_drawn(*args)
    pool = pictures._DRAWING.pool()
    for pid in list(pool._processes):  # every worker dies
        os.kill(pid, signal.SIGKILL)
    assert await pictures.board_drawn(*args, faces=("0:01", None)) != first
    assert pictures._DRAWING.pool() is not pool
    assert await pictures.board_drawn(*args) == first
