"""Pictures of third-generation xiangqi for its rules page.

``python -m render.variants.fanbing [DIR]`` writes ``fanbing-*.png`` (default
``docs/images``). Each is drawn from a real game's view, so the pictures show
exactly what players see: badges only on backs the viewer may know.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rules.actions import parse_action
from rules.outcome import Outcome, Reason
from rules.pieces import TRADITIONAL_NAMES, Color, Kind
from rules.variants.fanbing.backs import Setup, seed_for
from rules.variants.fanbing.game import BACK_LABELS, Fanbing, back_label

from ..extras import Extras, register
from ..image import render_png
from ..options import Players, RenderOptions

# A view carries a back's simplified label (``back_label``: Black's form of
# the piece's name, 车 马 炮 象 士 and the new pieces, the king by side);
# drawn in traditional glyphs the badge names the same piece as the
# traditional set writes it: 車 馬 砲 象 士, 帥/將, 駝 騾 輔 拋 and the rest.
TRADITIONAL_BACKS = {
    back_label(color, kind): TRADITIONAL_NAMES[kind][color if kind is Kind.KING else Color.BLACK]
    for color in Color
    for kind in (Kind.KING, *BACK_LABELS)
}

PLAYERS = Players("张三丰", "Lucky🍀Li")
# Red: pawns a c e g i carry horse, advisor, cannon, chariot, elephant; the
# king behind f0's advisor.
RED_SETUP = Setup((Kind.HORSE, Kind.ADVISOR, Kind.CANNON, Kind.CHARIOT, Kind.ELEPHANT), 5)
# Every new piece of both sides, and an invalid flip waiting to be taken back.
GALLERY_FEN = "1LZ1kM1t1/4a4/1v3U1F1/P7S/9/9/s2O5/1T5f1/1z1u5/l3K1Vo1 w"


def opening() -> Fanbing:
    """A few moves into a game; Red's pawn on g9 has just flipped to a
    chariot back, which belongs in the corner: the flip was invalid."""
    game = Fanbing.start({}, seed_for(RED_SETUP, Setup()))
    for text in ("h2e2", "h9g7", "g3g4", "i9h9", "g4g5", "g6g5"):
        game.push(parse_action(text))
    return game


def invalid_flip() -> Fanbing:
    """Red's pawn on g9 showed a chariot back: it must flip back now."""
    game = Fanbing.from_fen(
        "rnbakaP2/9/1c5cn/p1p1p3p/9/6p2/P1P1P3P/1C2C4/9/RNBAKABNR w",
        {"g9": "r", "a3": "n", "c3": "a", "e3": "c", "i3": "b", "d0": "k", "f0": "m"},
    )
    game.push(parse_action("^g9"))
    game.push(parse_action("h7h3"))
    return game


def gallery() -> Fanbing:
    return Fanbing.from_fen(GALLERY_FEN)


register(Extras(badges=TRADITIONAL_BACKS, diagram=lambda: gallery().view(None)), "fanbing")


def write_samples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    game = opening()
    ended = opening()
    ended.end(Outcome(Color.BLACK, Reason.RESIGNATION))
    images = {
        "fanbing-red.png": render_png(game.view(Color.RED), PLAYERS),
        "fanbing-public.png": render_png(game.view(None), PLAYERS),
        "fanbing-invalid-flip.png": render_png(invalid_flip().view(None), PLAYERS),
        "fanbing-pieces.png": render_png(gallery().view(None), PLAYERS),
        "fanbing-pieces-traditional.png": render_png(
            gallery().view(None), PLAYERS, RenderOptions(traditional=True)
        ),
        "fanbing-end.png": render_png(ended.view(None), PLAYERS, RenderOptions(lang="en")),
    }
    for name, data in images.items():
        (folder / name).write_bytes(data)


if __name__ == "__main__":
    write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
