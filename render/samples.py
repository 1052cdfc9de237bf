"""Example views of every kind the renderer draws, for docs, tests and the benchmark.

``python -m render.samples DIR`` writes the sample images shown in
``docs/render.md``.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from rules.outcome import Outcome, Reason
from rules.pieces import STANDARD_KINDS, Color, Kind
from rules.squares import parse_square
from rules.view import HIDDEN_TILE, PieceView, PoolView, View

from .__main__ import START_FEN, view_from_fen
from .image import render_png
from .options import Players, RenderOptions
from .replay import render_gif

MIDDLEGAME_FEN = "r1bakab1r/9/1cn4c1/p1p3p1p/4N4/2P6/P5P1P/1C2C4/9/RNBAKAB1R b"


def start() -> View:
    return view_from_fen(START_FEN)


def middlegame() -> View:
    """Red's cannon has just come to e2 and checks through the horse on e5."""
    return replace(
        view_from_fen(MIDDLEGAME_FEN),
        ply=23,
        last_move=(parse_square("h2"), parse_square("e2")),
        check=parse_square("e9"),
        captured=(
            (PieceView(Color.RED, Kind.PAWN),),
            (PieceView(Color.BLACK, Kind.HORSE), PieceView(Color.BLACK, Kind.PAWN)),
        ),
    )


def _hide(view: View, keep: set[str]) -> tuple[PieceView | None, ...]:
    """The board with every piece face-down except on the squares in ``keep``."""
    keep_squares = {parse_square(name) for name in keep}
    return tuple(
        pv if pv is None or sq in keep_squares else PieceView(pv.color, None)
        for sq, pv in enumerate(view.board)
    )


def jieqi(viewer: Color | None = None) -> View:
    """A Jieqi game a few moves in: some pieces revealed, the rest face-down.

    Red's viewer has learned what the face-down piece on a3 is.
    """
    base = view_from_fen("rnbakabnr/9/1c4c2/p1p1p1p1p/9/2P6/P3P1P1P/1C4NC1/9/RNBAKAB1R b")
    board = list(_hide(base, {"c4", "g2", "e0", "e9", "g7"}))
    if viewer is Color.RED:
        board[parse_square("a3")] = PieceView(Color.RED, Kind.CHARIOT, learned=True)
    return View(
        variant="jieqi",
        viewer=viewer,
        board=tuple(board),
        turn=Color.BLACK,
        ply=5,
        last_move=(parse_square("h0"), parse_square("g2")),
        captured=((), (PieceView(Color.BLACK, None),)),
    )


def _with_back(piece: PieceView | None, label: str) -> PieceView:
    assert piece is not None
    return replace(piece, back=label)


def backs() -> View:
    """Third-generation xiangqi as Red sees it: Red's secret backs as badges."""
    base = start()
    board: list[PieceView | None] = list(base.board)
    for name, label in zip(("a3", "c3", "e3", "g3", "i3"), "车马炮象士", strict=True):
        board[parse_square(name)] = _with_back(board[parse_square(name)], label)
    for name, label in (
        ("d0", "帅"),
        ("f0", "臣"),
        ("c0", "驼"),
        ("g0", "骡"),
        ("a0", "助"),
        ("i0", "辅"),
    ):
        board[parse_square(name)] = _with_back(board[parse_square(name)], label)
    return replace(base, variant="thirdgen", viewer=Color.RED, board=tuple(board))


def tuibei(viewer: Color | None = None) -> View:
    """Tuibei: Red has a prediction in its pool; Black lost its horse tile to a counter."""
    base = view_from_fen(MIDDLEGAME_FEN)
    # Only Red may know which tile is out of its rack, or the gap would tell.
    pending = Kind.CANNON if viewer is Color.RED else HIDDEN_TILE
    red_rack = tuple(k for k in STANDARD_KINDS if k is not pending)
    black_rack = tuple(k for k in STANDARD_KINDS if k is not Kind.HORSE)
    pools = (PoolView(pending, red_rack, ()), PoolView(None, black_rack, (Kind.HORSE,)))
    return replace(base, variant="tuibei", viewer=viewer, ply=24, pools=pools)


def finished() -> View:
    return replace(middlegame(), outcome=Outcome(Color.RED, Reason.CHECKMATE))


PLAYERS = Players("张三丰", "Lucky🍀Li", red_clock="04:12", black_clock="03:58")


def write_samples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    images = {
        "start.png": render_png(start()),
        "middlegame.png": render_png(middlegame(), PLAYERS),
        "black-labels.png": render_png(
            middlegame(),
            PLAYERS,
            RenderOptions(perspective=Color.BLACK, labels=True, traditional=True),
        ),
        "jieqi-public.png": render_png(jieqi(), PLAYERS),
        "jieqi-red.png": render_png(jieqi(Color.RED), PLAYERS),
        "backs-red.png": render_png(backs(), PLAYERS),
        "tuibei-public.png": render_png(tuibei(), PLAYERS, RenderOptions(lang="en")),
        "finished-en.png": render_png(finished(), PLAYERS, RenderOptions(lang="en")),
        "replay.gif": render_gif([start(), middlegame(), finished()], PLAYERS),
    }
    for name, data in images.items():
        (folder / name).write_bytes(data)


if __name__ == "__main__":
    write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
