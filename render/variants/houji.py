"""Sample pictures of successor xiangqi 后继象棋, for its rules page.

``python -m render.variants.houji DIR`` writes ``houji-*.png`` (default
``docs/images``). The views come from real games of the rules, so a picture
shows only what that viewer may see.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rules.variants.houji.game import Houji
from rules.view import View

from ..extras import Extras, register
from ..image import render_png
from ..options import Players, RenderOptions

PLAYERS = Players("张三丰", "Lucky🍀Li")


def start() -> View:
    return Houji.start().view(None)


def flying_capture() -> View:
    """Red's queen has flown up the open file and taken Black's king (H-4)."""
    game = Houji.start({"fen": "3a1a3/4k4/9/p5p2/9/9/P5P2/4Q4/3A5/4KA3 w"})
    game.push(game.parse("后五进六"))
    return game.view(None)


def queens_facing() -> View:
    """The queens see each other on the e-file: the side to move may take (H-3)."""
    fen = "rnbakabnr/9/1c2q2c1/p1p3p1p/9/9/P1P3P1P/1C2Q2C1/9/RNBAKABNR w"
    return Houji.start({"fen": fen}).view(None)


def pinned_elephant() -> View:
    """Black's elephant on c5 stands on an open diagonal with Red's queen on a3 (H-6)."""
    fen = "2bakab2/4q4/9/9/2b6/9/Q3P4/9/9/3AKA3 b"
    return Houji.start({"fen": fen}).view(None)


# The palaces carry the diamond advisor lines (H-2).
register(Extras(diamond=True, diagram=queens_facing), "houji")


def write_samples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    images = {
        "houji-start.png": render_png(start(), PLAYERS),
        "houji-start-traditional.png": render_png(
            start(), PLAYERS, RenderOptions(traditional=True, labels=True, lang="en")
        ),
        "houji-queens-facing.png": render_png(queens_facing(), PLAYERS, RenderOptions(labels=True)),
        "houji-pin.png": render_png(pinned_elephant(), PLAYERS, RenderOptions(labels=True)),
        "houji-flying-capture.png": render_png(flying_capture(), PLAYERS, RenderOptions(lang="en")),
    }
    for name, data in images.items():
        (folder / name).write_bytes(data)


if __name__ == "__main__":
    write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
