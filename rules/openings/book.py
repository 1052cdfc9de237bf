"""The positions of the well-known opening lines, and whether a game is still
among them.

A game counts as in the book while every position it reaches is one that some
line of the directory passes through, or the mirror image of one, however it
got there (a transposition stays in the book).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from importlib import resources

from ..notation.iccs import parse_iccs
from ..position import Position
from .directory import line_moves

_FILES = "abcdefghi"


def _mirrored(move: str) -> str:
    """``h2e2`` as played on the mirror-image board: ``b2e2``."""
    flip = {f: _FILES[8 - i] for i, f in enumerate(_FILES)}
    return "".join(flip.get(c, c) for c in move)


def _lines() -> Iterator[list[str]]:
    raw = json.loads(resources.files(__package__).joinpath("ecco.json").read_text("utf-8"))
    for entry in raw["codes"].values():
        for line in entry["lines"]:
            moves = line_moves(line)
            yield moves
            yield [_mirrored(move) for move in moves]


@cache
def known_positions() -> frozenset[tuple[Hashable, ...]]:
    """The key of every position some line (or its mirror image) passes through."""
    known: set[tuple[Hashable, ...]] = set()
    for moves in _lines():
        position = Position.start()
        for text in moves:
            position.push(parse_iccs(position, text))
            known.add(position.key())
    return frozenset(known)


def in_book(moves: Sequence[str]) -> list[bool]:
    """For each ply of ``moves`` (ICCS, from the start position), whether the
    game is still in the book after it: every position up to it is known."""
    known, position = known_positions(), Position.start()
    found: list[bool] = []
    still = True
    for text in moves:
        position.push(parse_iccs(position, text))
        still = still and position.key() in known
        found.append(still)
        if not still:
            break
    return found + [False] * (len(moves) - len(found))
