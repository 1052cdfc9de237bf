"""``python -m rules``: legal moves, perft and notation from the shell.

For players checking a position by hand, and for tests that drive the engine
in a separate process. Every command takes ``--fen`` (the start position by
default). Input the rules reject prints one ``error:`` line on stderr and exits
with status 2, the status argparse uses for bad options, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from .errors import RulesError
from .position import START_FEN, Position, perft

USAGE_ERROR = 2
# rules.notation.STYLES, spelled out so that the parser needs no notation import.
FORMATS = ("iccs", "wxf", "chinese")

Command = Callable[[Position, argparse.Namespace], Iterator[str]]


def _moves(position: Position, args: argparse.Namespace) -> Iterator[str]:
    """The legal moves in ICCS, sorted so the output is stable."""
    yield from sorted(move.text for move in position.legal_moves())


def _perft(position: Position, args: argparse.Namespace) -> Iterator[str]:
    """Divide: each legal move with its subtree count, then the total last.

    Per-move counts are what one diffs against another engine's ``go perft``
    to find the move that a generator gets wrong.
    """
    if args.depth == 0:
        yield "nodes: 1"
        return
    total = 0
    for move in sorted(position.legal_moves(), key=lambda m: m.text):
        position.push_unchecked(move)
        nodes = perft(position, args.depth - 1)
        position.pop()
        total += nodes
        yield f"{move.text}: {nodes}"
    yield f"nodes: {total}"


def _notate(position: Position, args: argparse.Namespace) -> Iterator[str]:
    """Read a move in any notation and write it in ``--format``."""
    # Imported here so that the other commands work without the notation package.
    from .notation import format_move, parse_move

    move = parse_move(position, args.move)
    yield format_move(position, move, args.format, traditional=args.traditional)


def _chase_check(position: Position, args: argparse.Namespace) -> Iterator[str]:
    """Repetition verdicts on random cycles against Fairy-Stockfish (pyffish)."""
    from .chase_check import compare

    try:
        import pyffish  # noqa: F401
    except ImportError:
        raise RulesError("chase-check needs pyffish: pip install -e '.[test]'") from None

    tally, differences, departures = compare(args.cycles, args.seed, position)
    for label, found in (("differs", differences), ("book departs", departures)):
        for cycle, verdict in found:
            moves = " ".join(cycle.moves[: len(cycle.moves) // 2])
            yield (
                f"{label}: {cycle.fen} moves {moves} (twice): ours {verdict.ours},"
                f" read as Fairy-Stockfish {verdict.fairy}, Fairy-Stockfish {verdict.theirs}"
            )
    counts = ", ".join(f"{name} {tally[name]}" for name in ("red", "black", "draw", "none"))
    yield (
        f"cycles: {args.cycles} ({counts}); differences: {len(differences)};"
        f" book departures (pinned attackers): {len(departures)}"
    )
    if differences:
        args.status = 1


def _count(text: str) -> int:
    number = _depth(text)
    if number == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def _depth(text: str) -> int:
    try:
        depth = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if depth < 0:
        raise argparse.ArgumentTypeError(f"depth must be 0 or more, not {depth}")
    return depth


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Xiangqi rules engine: moves, perft, notation."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str, run: Command) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.add_argument("--fen", default=START_FEN, help="position (default: the start)")
        sub.set_defaults(run=run)
        return sub

    command("moves", "print the legal moves in ICCS, one a line, sorted", _moves)
    perft_parser = command("perft", "count leaf nodes per legal move, then in total", _perft)
    perft_parser.add_argument("--depth", type=_depth, required=True, help="plies to search")
    notate = command("notate", "convert a move given in any notation", _notate)
    notate.add_argument("--move", required=True, help="h2e2, C2.5 or 炮二平五")
    notate.add_argument("--format", choices=FORMATS, default="iccs", help="output notation")
    notate.add_argument(
        "--traditional", action="store_true", help="traditional glyphs for --format chinese"
    )
    check = command(
        "chase-check",
        "compare repetition verdicts with Fairy-Stockfish on random cycles from"
        " random middlegames reached from --fen; exit status 1 on any difference",
        _chase_check,
    )
    check.add_argument("--cycles", type=_count, default=10_000, help="how many cycles")
    check.add_argument("--seed", type=int, default=0, help="random seed (same seed, same cycles)")
    parser.set_defaults(status=0)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        position = Position.from_fen(args.fen)
        # Consume the generator here so that errors raised midway are caught too.
        lines = list(args.run(position, args))
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left early (``| head``): silence the flush at exit, as the
        # Python docs advise, instead of printing a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status: int = args.status
    return status
