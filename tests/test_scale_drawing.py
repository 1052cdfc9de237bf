"""Boards drawn in the drawing processes are the boards the renderer draws,
and a worker that dies is replaced: the next board is drawn all the same."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

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


async def test_boards_asked_together_go_in_batches_and_each_gets_its_own():
    view, names = _view(), ("red", "black")
    args = (view, names, (None, None), Prefs(), "en", None)
    await pictures.board_drawn(*args)  # the pool is up
    pool = pictures._DRAWING.pool()
    calls = []
    submit = pool.submit
    pool.submit = lambda *a, **k: (calls.append(a), submit(*a, **k))[1]  # type: ignore[method-assign]
    faces = [(f"0:{n:02d}", None) for n in range(40)]
    try:
        drawn = await asyncio.gather(*(pictures.board_drawn(*args, faces=f) for f in faces))
    finally:
        del pool.submit
    assert drawn == [pictures.board_png(*args, faces=f) for f in faces]
    assert len(set(drawn)) == 40
    assert len(calls) < 40  # those asked while every worker was busy went together


async def test_a_board_that_fails_fails_alone():
    view, names = _view(), ("red", "black")
    args = (view, names, (None, None), Prefs(), "en", None)
    wrong = pictures.board_drawn(None, names, (None, None), Prefs(), "en", None)  # no view
    good = [pictures.board_drawn(*args, faces=(f"1:{n:02d}", None)) for n in range(6)]
    found = await asyncio.gather(wrong, *good, return_exceptions=True)
    assert isinstance(found[0], AttributeError)
    assert found[1:] == [pictures.board_png(*args, faces=(f"1:{n:02d}", None)) for n in range(6)]
    with pytest.raises(AttributeError):
        await pictures.board_drawn(None, names, (None, None), Prefs(), "en", None)
