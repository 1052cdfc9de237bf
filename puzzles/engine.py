"""Fairy-Stockfish asked for its best lines at a fixed node budget.

Every search starts from a forgotten hash table (``ucinewgame``) on one
thread, so that the same position and budget give the same answer on any
machine and at any load: generation and verification are repeatable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from computer.fairy import from_uci, to_uci
from computer.review import CAP, winning_chance
from computer.uci import EngineError, Limit, ManagedEngine
from rules.actions import Move

MATE_SCORE = 100_000  # centipawns standing for "mates": beyond any real score


@dataclass(frozen=True, slots=True)
class Line:
    """One of the engine's best lines: its first ``move``, the score for the
    side to move (``mate``: moves to mate, negative when mated) and the PV."""

    move: str
    centipawns: int
    mate: int | None
    pv: tuple[str, ...]
    depth: int

    @property
    def mates(self) -> bool:
        """The side to move mates by force."""
        return self.mate is not None and self.mate > 0

    @property
    def chance(self) -> float:
        """The side to move's winning chance (-1..1), review's curve; mates at the cap."""
        if self.mate is not None:
            return winning_chance(CAP if self.mate > 0 else -CAP)
        return winning_chance(self.centipawns)

    @property
    def score(self) -> int:
        """A score that orders lines: a quicker mate above a slower one."""
        if self.mate is not None:
            return MATE_SCORE - self.mate if self.mate > 0 else -MATE_SCORE - self.mate
        return self.centipawns


class Analyser:
    """Fairy-Stockfish playing standard xiangqi, asked for its ``multipv`` best lines."""

    def __init__(self, path: str) -> None:
        self.engine = ManagedEngine(path, {"UCI_Variant": "xiangqi", "Threads": 1})
        self.nodes_searched = 0
        self._multipv = 1  # the engine's MultiPV now: set again only when it changes

    async def lines(
        self,
        fen: str,
        moves: Sequence[str] = (),
        *,
        nodes: int,
        multipv: int = 1,
        depth: int = 0,
        only: Sequence[str] = (),
        forget: bool = True,
    ) -> list[Line]:
        """The best lines in ``fen`` after the ICCS ``moves``, best first
        (``depth``: a depth limit instead of ``nodes``; ``only``: the root
        moves to look at; ``forget``: clear the hash first, so that the
        answer repeats, at the cost of a round trip); none when there is no move."""
        searchmoves = tuple(to_uci(Move.from_iccs(m)) for m in only)
        if depth:
            limit = Limit(depth=depth, searchmoves=searchmoves)
        else:
            limit = Limit(nodes=nodes, searchmoves=searchmoves)
        options: dict[str, object] = {}
        if multipv != self._multipv:
            options = {"MultiPV": multipv}
        try:
            result = await self.engine.play(
                fen, [to_uci(Move.from_iccs(m)) for m in moves], limit, options, new_game=forget
            )
        except EngineError:
            self._multipv = 1  # a restarted engine has its first options again
            raise
        self._multipv = multipv
        if result.move is None:
            return []
        found: list[Line] = []
        for info in result.lines or (result.info,):
            line = _line(info)
            if line is not None:
                found.append(line)
        nodes_used = result.info.get("nodes")
        if isinstance(nodes_used, int):
            self.nodes_searched += nodes_used
        return found

    async def quit(self) -> None:
        await self.engine.quit()


def _line(info: Mapping[str, object]) -> Line | None:
    pv, score, depth = info.get("pv"), info.get("score"), info.get("depth", 0)
    if not isinstance(pv, list) or not pv or not isinstance(score, tuple):
        return None
    kind, value = score
    moves = tuple(from_uci(str(m)).text for m in pv)
    mate = int(value) if kind == "mate" else None
    cp = 0 if mate is not None else int(value)
    return Line(moves[0], cp, mate, moves, depth if isinstance(depth, int) else 0)
