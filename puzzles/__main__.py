"""``python -m puzzles generate | verify | export``: make the shipped puzzle
sets, check them again at a higher budget, and write them out for anyone."""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
from collections import Counter
from itertools import chain, islice
from pathlib import Path

from computer.fairy import engine_path

from .catalogue import DATA, read_puzzles, shipped
from .export import VARIANTS, export_line
from .generate import NODES, SCAN_NODES, Budget, generate, jobs, tidy
from .jieqi_mining import puzzle_of, random_games
from .jieqi_verify import recheck as recheck_jieqi
from .sources import master_games, pgn_games
from .themes import english
from .verify import NODES as VERIFY_NODES
from .verify import Verdict, verify

BAND = 200  # rating bands of the spread
MASTER_GAMES = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "master-games" / "games.jsonl"
)


def _engine() -> str:
    path = engine_path()
    if path is None:
        sys.exit("no Fairy-Stockfish found: install it or set CHUHAN_ENGINE")
    return path


def _generate(args: argparse.Namespace) -> None:
    master = [] if args.no_master or not args.master.exists() else list(master_games(args.master))
    games = chain(islice(master, args.skip, None), *(pgn_games(p) for p in args.pgn))
    work = jobs(games, master, args.self_play, args.seed)
    count, nodes = asyncio.run(
        generate(
            _engine(),
            work,
            args.out,
            engines=args.engines,
            budget=Budget(args.scan_nodes, args.nodes),
            wanted=args.wanted,
        )
    )
    tidy(args.out)
    print(f"{count} puzzles in {args.out}; {nodes:,} nodes searched")


def _generate_jieqi(args: argparse.Namespace) -> None:
    known = {p.id for p in read_puzzles(args.out)} if args.out.exists() else set()
    made = 0
    for seed in range(args.seed, args.seed + args.games):
        if len(known) >= args.wanted:
            break
        found = {p.id: p for game in random_games(seed) if (p := puzzle_of(game)) is not None}
        fresh = [p for p in found.values() if p.id not in known]
        with args.out.open("a", encoding="utf-8") as lines:
            lines.writelines(p.to_json() + "\n" for p in fresh)
        known |= {p.id for p in fresh}
        made += len(fresh)
        logging.info("game %d: %d puzzles (%d in all)", seed, len(fresh), len(known))
    tidy(args.out)
    print(f"{made} new puzzles, {len(known)} in {args.out}")


def _verify(args: argparse.Namespace) -> None:
    path = args.set
    puzzles = list(read_puzzles(path))
    chosen = random.Random(args.seed).sample(puzzles, args.sample) if args.sample else puzzles
    if all(p.variant == "jieqi" for p in chosen):
        verdicts = [Verdict(p, recheck_jieqi(p)) for p in chosen]
        budget = "for every deal"
    else:
        verdicts = asyncio.run(verify(_engine(), chosen, nodes=args.nodes, engines=args.engines))
        budget = f"at {args.nodes} nodes"
    failed = [v for v in verdicts if v.failure is not None]
    for verdict in failed:
        print(f"{verdict.puzzle.id}: {verdict.failure}")
    held = len(verdicts) - len(failed)
    print(f"{held} of {len(verdicts)} puzzles keep a unique solution {budget}")
    if args.prune and failed:
        gone = {v.puzzle.id for v in failed}
        kept = [p for p in puzzles if p.id not in gone]
        path.write_text("".join(p.to_json() + "\n" for p in kept), encoding="utf-8")
        print(f"{len(gone)} removed from {path}")
    if failed and not args.prune:
        sys.exit(1)


def _stats(args: argparse.Namespace) -> None:
    for variant in VARIANTS:
        puzzles = shipped(variant)
        print(f"{variant}: {len(puzzles)} puzzles")
        kinds = Counter(f"{p.goal} in {p.solver_moves}" for p in puzzles)
        print("  " + ", ".join(f"{kind}: {n}" for kind, n in sorted(kinds.items())))
        bands = Counter(p.rating // BAND * BAND for p in puzzles)
        print(
            "  ratings " + ", ".join(f"{b}-{b + BAND - 1}: {n}" for b, n in sorted(bands.items()))
        )
        themes = Counter(t for p in puzzles for t in p.themes)
        named = [f"{t} {english(t)}: {n}" for t, n in themes.most_common()]
        print("  themes " + ", ".join(named))


def _export(args: argparse.Namespace) -> None:
    lines = [export_line(p) for variant in VARIANTS for p in shipped(variant)]
    text = "".join(line + "\n" for line in lines)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m puzzles", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="mine games for xiangqi puzzles")
    make.add_argument("pgn", nargs="*", type=Path, help="PGN files of games to mine too")
    make.add_argument("--master", type=Path, default=MASTER_GAMES, help="master games (JSON lines)")
    make.add_argument("--no-master", action="store_true", help="leave the master games out")
    make.add_argument("--skip", type=int, default=0, help="master games to skip (resuming)")
    make.add_argument("--self-play", type=int, default=0, help="self-play games to mine too")
    make.add_argument("--seed", type=int, default=0, help="the first self-play game's seed")
    make.add_argument("--out", type=Path, default=DATA / "xiangqi.jsonl")
    make.add_argument("--engines", type=int, default=1, help="engines searching at once")
    make.add_argument("--scan-nodes", type=int, default=SCAN_NODES)
    make.add_argument("--nodes", type=int, default=NODES, help="the generation budget")
    make.add_argument("--wanted", type=int, default=1_000_000, help="stop at this many puzzles")
    make.set_defaults(run=_generate)
    check = commands.add_parser("verify", help="check the shipped puzzles again, deeper")
    check.add_argument("--set", type=Path, default=DATA / "xiangqi.jsonl")
    check.add_argument("--nodes", type=int, default=VERIFY_NODES, help="the verification budget")
    check.add_argument("--engines", type=int, default=1)
    check.add_argument("--sample", type=int, default=0, help="check this many, drawn at random")
    check.add_argument("--seed", type=int, default=0, help="the sample's random seed")
    check.add_argument("--prune", action="store_true", help="remove the puzzles that fail")
    check.set_defaults(run=_verify)
    hidden = commands.add_parser("generate-jieqi", help="make Jieqi puzzles from random games")
    hidden.add_argument("--games", type=int, default=100, help="random games to play")
    hidden.add_argument("--seed", type=int, default=0, help="the first game's seed")
    hidden.add_argument("--wanted", type=int, default=1_000_000, help="stop at this many puzzles")
    hidden.add_argument("--out", type=Path, default=DATA / "jieqi.jsonl")
    hidden.set_defaults(run=_generate_jieqi)
    counts = commands.add_parser("stats", help="how the shipped puzzles spread")
    counts.set_defaults(run=_stats)
    out = commands.add_parser("export", help="every shipped puzzle as one JSON line")
    out.add_argument("--out", type=Path, default=None, help="a file (default: standard output)")
    out.set_defaults(run=_export)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args.run(args)


if __name__ == "__main__":
    main()
