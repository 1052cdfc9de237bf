"""Standard xiangqi with Fairy-Stockfish: where it is, and how to speak to it.

Fairy-Stockfish writes xiangqi moves with ranks 1 to 10 (``h3e3``); Chuhan's
ICCS has ranks 0 to 9 (``h2e2``). Its FEN is the same as ours.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Mapping, Sequence

from rules.actions import Move
from rules.pieces import Color
from rules.position import Position
from rules.standard import handicap_fen

from .levels import Level
from .uci import Limit, ManagedEngine, PlayResult

SETTING = "CHUHAN_ENGINE"
PROGRAM = "fairy-stockfish"
DEBIAN_GAMES = "/usr/games"  # where Debian installs it, often not on PATH
_UCI_MOVE = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")


def engine_path(setting: str | None = None) -> str | None:
    """The engine to run: ``setting`` (or ``$CHUHAN_ENGINE``) if it names a
    program, else ``fairy-stockfish`` on PATH or in /usr/games; ``None`` if none."""
    wanted = setting if setting is not None else os.environ.get(SETTING, "")
    if wanted.strip():
        return shutil.which(wanted.strip())
    return shutil.which(PROGRAM) or shutil.which(PROGRAM, path=DEBIAN_GAMES)


def to_uci(move: Move) -> str:
    text = move.text
    return f"{text[0]}{int(text[1]) + 1}{text[2]}{int(text[3]) + 1}"


def from_uci(text: str) -> Move:
    """Our move for Fairy-Stockfish's ``text``. :raises ValueError: for anything else."""
    match = _UCI_MOVE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a xiangqi UCI move: {text!r}")
    a, r1, b, r2 = match.groups()
    return Move.from_iccs(f"{a}{int(r1) - 1}{b}{int(r2) - 1}")


def start_fen(options: Mapping[str, str]) -> str:
    """The public start position of a standard game with ``options``."""
    side = Color.BLACK if options.get("handicap_side") == "black" else Color.RED
    return options.get("fen") or handicap_fen(options.get("handicap", "none"), side)


def legal_answer(options: Mapping[str, str], moves: Sequence[Move]) -> Callable[[PlayResult], bool]:
    """Whether an answer's move is legal after ``moves``: an engine that names
    no move, or one it may not play, in a game that goes on is broken."""
    position = Position.from_fen(start_fen(options))
    for move in moves:
        position.push_unchecked(move)

    def valid(result: PlayResult) -> bool:
        try:
            return result.move is not None and position.is_legal(from_uci(result.move))
        except ValueError:
            return False

    return valid


class FairyStockfish:
    """Fairy-Stockfish playing standard xiangqi at a :class:`Level`."""

    def __init__(self, path: str) -> None:
        self.engine = ManagedEngine(path, {"UCI_Variant": "xiangqi"})

    async def best(
        self,
        options: Mapping[str, str],
        moves: Sequence[Move],
        level: Level,
        limit: Limit | None = None,
        *,
        new_game: bool = False,
    ) -> PlayResult:
        """Its move after ``moves`` from the start of a game with ``options``
        (``new_game``: searched as if it had never searched before).

        :raises EngineError: when it failed, a move it may not play included.
        """
        return await self.engine.play(
            start_fen(options),
            [to_uci(m) for m in moves],
            limit or Limit(nodes=level.engine_nodes),
            {"Skill Level": level.skill},
            new_game=new_game,
            valid=legal_answer(options, moves),
        )

    async def quit(self) -> None:
        await self.engine.quit()
