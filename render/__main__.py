"""``python -m render --fen FEN --out board.png``: draw a position from a FEN."""

from __future__ import annotations

import argparse
from pathlib import Path

from rules.pieces import Color
from rules.variant import find_variant
from rules.view import View

from . import RenderOptions, render_png

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def view_from_fen(fen: str) -> View:
    """The public view of the xiangqi position in ``fen``, as the rules read it
    (so the picture marks a check the position holds).

    :raises ValueError: (``rules.errors.InvalidFen``) if the rules refuse it.
    """
    return find_variant("xiangqi").start({"fen": fen}, 0).view(None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("--fen", default=START_FEN)
    parser.add_argument("--out", type=Path, default=Path("board.png"))
    parser.add_argument("--perspective", choices=("red", "black"))
    parser.add_argument("--traditional", action="store_true")
    parser.add_argument("--labels", action="store_true")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    args = parser.parse_args(argv)
    perspective = Color[args.perspective.upper()] if args.perspective else None
    options = RenderOptions(
        traditional=args.traditional, labels=args.labels, perspective=perspective, lang=args.lang
    )
    try:
        view = view_from_fen(args.fen)
    except ValueError as error:
        parser.error(str(error))
    args.out.write_bytes(render_png(view, None, options))


if __name__ == "__main__":
    main()
