"""``python -m puzzles generate``: mine games for xiangqi puzzles with several
engines at once, appending each puzzle to the set as soon as it is made (so
that an interrupted run keeps its work and a new run goes on from it)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from computer.uci import EngineError
from rules.actions import parse_action

from .catalogue import Puzzle, read_puzzles
from .engine import Analyser
from .jieqi_mining import themes_of
from .mining import line_positions, mine
from .sources import SourceGame, self_play
from .themes import themes

log = logging.getLogger(__name__)

SCAN_NODES = 3_000  # the quick search over every mined position
NODES = 24_000  # the generation budget of each search that makes a puzzle
SELF_PLAY_SHARE = 4  # self-play games mined for each recorded game


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """A self-play game still to be played: its seed and opening."""

    seed: int
    opening: SourceGame | None


Job = SourceGame | SelfPlay


@dataclass(frozen=True, slots=True)
class Budget:
    scan_nodes: int = SCAN_NODES
    nodes: int = NODES


def jobs(
    games: Iterable[SourceGame], openings: list[SourceGame], self_plays: int, first_seed: int = 0
) -> Iterator[Job]:
    """The games to mine with :data:`SELF_PLAY_SHARE` self-play games after
    each (recorded games are rarer in puzzles but richer in long mates), each
    self-play game opened by one of ``openings`` in turn (from the start when
    there are none); then what is left of either."""
    recorded = iter(games)
    for seed in range(first_seed, first_seed + self_plays):
        if seed % SELF_PLAY_SHARE == 0 and (game := next(recorded, None)) is not None:
            yield game
        yield SelfPlay(seed, openings[seed % len(openings)] if openings else None)
    yield from recorded


async def generate(
    path: str,
    work: Iterator[Job],
    out: Path,
    *,
    engines: int,
    budget: Budget,
    wanted: int,
) -> tuple[int, int]:
    """Mine ``work`` with ``engines`` engines into ``out`` until it holds
    ``wanted`` puzzles or the work is done; returns how many it holds and
    how many nodes the engines searched."""
    existing = list(read_puzzles(out)) if out.exists() else []
    known: set[str] = set()
    for puzzle in existing:
        known |= line_positions(puzzle)
    count = len(existing)
    nodes = 0
    lock = asyncio.Lock()

    async def worker() -> None:
        nonlocal count, nodes
        analyser = Analyser(path)
        try:
            while count < wanted:
                async with lock:
                    job = next(work, None)
                if job is None:
                    return
                try:
                    game = (
                        job
                        if isinstance(job, SourceGame)
                        else await self_play(analyser, job.seed, job.opening)
                    )
                    made = await mine(
                        analyser,
                        game,
                        scan_nodes=budget.scan_nodes,
                        nodes=budget.nodes,
                        known=known,
                    )
                except EngineError as exc:
                    log.warning("engine failure, the game is skipped: %s", exc)
                    await analyser.engine.restarted()
                    continue
                async with lock:
                    with out.open("a", encoding="utf-8") as lines:
                        for puzzle in made:
                            lines.write(puzzle.to_json() + "\n")
                    count += len(made)
                log.info("%s: %d puzzles (%d in all)", game.name, len(made), count)
        finally:
            nodes += analyser.nodes_searched
            await analyser.quit()

    await asyncio.gather(*(worker() for _ in range(engines)))
    return count, nodes


def tidy(out: Path) -> list[Puzzle]:
    """Rewrite the set in a stable order (by rating, then id), one puzzle a
    position, the themes of each named again by the current code (they
    depend on the board and the line alone); returns it."""
    unique = {p.id: _named(p) for p in read_puzzles(out)}
    ordered = sorted(unique.values(), key=lambda p: (p.rating, p.id))
    out.write_text("".join(p.to_json() + "\n" for p in ordered), encoding="utf-8")
    return ordered


def _named(puzzle: Puzzle) -> Puzzle:
    if puzzle.variant == "jieqi":
        named = themes_of(puzzle.fen, [parse_action(text) for text in puzzle.solution])
    else:
        named = themes(puzzle.fen, puzzle.solution, puzzle.goal == "mate")
    return replace(puzzle, themes=named)
