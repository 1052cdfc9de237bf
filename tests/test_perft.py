"""Perft: count the legal move tree and compare with published numbers.

A single generation bug (a missed horse leg, a cannon screen, facing kings, a
palace edge) changes some count, so published counts catch what hand-written
unit tests forget. The suites live in ``tests/perft/*.perft`` in python-chess's
format; lines above ``PERFT_MAX_NODES`` (environment, default 250000) are
skipped so the default run stays fast. ``PERFT_MAX_NODES=5000000`` runs all.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from rules.position import START_FEN, Position, perft

SUITES = Path(__file__).parent / "perft"
MAX_NODES = int(os.environ.get("PERFT_MAX_NODES", "250000"))


@dataclass(frozen=True)
class PerftCase:
    """One ``id``/``epd`` block of a suite with its ``(depth, nodes)`` lines."""

    name: str
    fen: str
    counts: tuple[tuple[int, int], ...]


def load_suite(path: Path) -> list[PerftCase]:
    """Parse a suite; a malformed line fails loudly rather than testing less."""
    cases: list[PerftCase] = []
    name, fen, counts = "", "", []

    def flush() -> None:
        if fen:
            cases.append(PerftCase(name or f"{path.stem}-{len(cases) + 1}", fen, tuple(counts)))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        command, _, arg = line.partition(" ")
        if command == "id":
            flush()
            name, fen, counts = arg.strip(), "", []
        elif command == "epd":
            if fen:
                flush()
                name, counts = "", []
            fen = arg.strip()
        elif command == "perft" and fen:
            depth, nodes = (int(x) for x in arg.split())
            counts.append((depth, nodes))
        else:
            raise ValueError(f"{path.name}:{number}: cannot read {raw!r}")
    flush()
    return cases


CASES = [case for path in sorted(SUITES.glob("*.perft")) for case in load_suite(path)]


def test_suites_are_present() -> None:
    assert len(CASES) >= 4
    assert all(case.counts for case in CASES)


def test_start_position() -> None:
    position = Position.start()
    assert position.fen() == START_FEN
    assert [perft(position, depth) for depth in (1, 2, 3)] == [44, 1920, 79666]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_perft_suite(case: PerftCase) -> None:
    position = Position.from_fen(case.fen)
    before = position.fen()
    # Counts above PERFT_MAX_NODES take too long for every run; the
    # shallowest count is always checked.
    lines = [(d, n) for d, n in case.counts if n <= MAX_NODES] or case.counts[:1]
    for depth, nodes in lines:
        assert perft(position, depth) == nodes, f"{case.name} at depth {depth}"
    # push/pop must restore the position exactly, or later depths would drift.
    assert position.fen() == before
