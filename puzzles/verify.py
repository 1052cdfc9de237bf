"""``python -m puzzles verify``: every shipped xiangqi puzzle checked again at
a higher node budget than it was made with (:data:`NODES`), so that a puzzle
whose unique answer was an artefact of a shallow search is found out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from computer.uci import EngineError

from .catalogue import Puzzle
from .engine import Analyser
from .generate import NODES as GENERATION_NODES
from .solving import recheck

NODES = 3 * GENERATION_NODES


@dataclass(frozen=True, slots=True)
class Verdict:
    """One puzzle checked: ``failure`` says why it no longer holds (``None``: it does)."""

    puzzle: Puzzle
    failure: str | None


async def verify(
    path: str, puzzles: Sequence[Puzzle], *, nodes: int = NODES, engines: int = 1
) -> list[Verdict]:
    """The verdict on each of ``puzzles``, in their order, with ``engines`` engines."""
    verdicts: dict[int, Verdict] = {}
    queue = iter(enumerate(puzzles))

    async def worker() -> None:
        analyser = Analyser(path)
        try:
            for index, puzzle in queue:
                try:
                    failure = await recheck(
                        analyser, puzzle.fen, puzzle.solution, puzzle.goal, nodes
                    )
                except EngineError as exc:
                    failure = f"the engine failed: {exc}"
                    await analyser.engine.restarted()
                verdicts[index] = Verdict(puzzle, failure)
        finally:
            await analyser.quit()

    await asyncio.gather(*(worker() for _ in range(engines)))
    return [verdicts[i] for i in range(len(puzzles))]
