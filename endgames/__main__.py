"""``python -m endgames build``: check every endgame of the set with the
engine and write its verdict into the data; when an entry's verdict
disagrees with its goal or move limit, the entry is refused and nothing is
written.

``python -m endgames list``: the set, one line per endgame, with its verdict.

``python -m endgames defence``: how long the computer's move in a try takes
here (its fixed nodes, searched from each position of the set).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from computer.uci import Limit

from .catalogue import DATA, Endgame, Verdict, read_endgames, write_endgames
from .check import BUILD_LIMIT, DEFENCE_NODES, disagreement, judge, open_engine


def shown(verdict: Verdict | None) -> str:
    if verdict is None:
        return "not checked"
    found = f"mate in {verdict.mate}" if verdict.mate is not None else f"{verdict.score} cp"
    return f"{verdict.result} ({found})"


async def build(path: Path, engine_setting: str | None) -> int:
    endgames = read_endgames(path)
    engine = open_engine(engine_setting)
    done: list[Endgame] = []
    refused: list[str] = []
    try:
        for endgame in endgames:
            verdict = await judge(engine, endgame, BUILD_LIMIT)
            print(f"{endgame.id:34} {endgame.goal:5} {shown(verdict)}", flush=True)
            why = disagreement(endgame, verdict)
            if why is not None:
                refused.append(f"{endgame.id}: {why}")
            done.append(replace(endgame, verdict=verdict))
    finally:
        await engine.quit()
    if refused:
        print("refused, nothing written:", *refused, sep="\n  ", file=sys.stderr)
        return 1
    write_endgames(path, tuple(done))
    print(f"{len(done)} endgames checked and written to {path}")
    return 0


def listing(path: Path) -> int:
    for e in read_endgames(path):
        print(f"{e.level:6} {e.id:34} {e.goal:5} in {e.limit:2}  {e.zh}  {shown(e.verdict)}")
    return 0


async def defence(path: Path, engine_setting: str | None) -> int:
    engine = open_engine(engine_setting)
    seconds: list[float] = []
    try:
        for endgame in read_endgames(path):
            start = time.perf_counter()
            await engine.play(endgame.fen, [], Limit(nodes=DEFENCE_NODES), new_game=True)
            seconds.append(time.perf_counter() - start)
    finally:
        await engine.quit()
    mean, most = statistics.mean(seconds), max(seconds)
    print(f"defence_move: {mean:.2f} s mean, {most:.2f} s most ({DEFENCE_NODES} nodes)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m endgames")
    parser.add_argument("command", choices=("build", "list", "defence"))
    parser.add_argument("--data", type=Path, default=DATA, help="the set's JSON file")
    parser.add_argument("--engine", help="Fairy-Stockfish to run (default: as the bot finds it)")
    args = parser.parse_args(argv)
    if args.command == "list":
        return listing(args.data)
    if args.command == "defence":
        return asyncio.run(defence(args.data, args.engine))
    return asyncio.run(build(args.data, args.engine))


if __name__ == "__main__":
    sys.exit(main())
