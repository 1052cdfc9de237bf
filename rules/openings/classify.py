"""Naming a game's opening from the positions of its first rounds."""

from __future__ import annotations

from collections.abc import Sequence

from ..squares import file_of
from .directory import FALLBACK, Fact, Opening, Pattern, directory, travels

PLIES = 20  # ECCO looks at the first ten rounds only
SLACK = 8  # plies a line that is not exact may take beyond its own length


def _mirror(sq: int) -> int:
    return sq - file_of(sq) + 8 - file_of(sq)


def game_facts(moves: Sequence[str]) -> dict[Fact, int]:
    """Each (first square, square) a piece stood on in the first ``PLIES``
    plies, with the ply it got there first, as on the directory's side of
    the board: a game whose first move is on Red's left is read mirrored."""
    seen: dict[Fact, int] = {}
    mirror = False
    for ply, (start, sq) in enumerate(travels(moves[:PLIES])):
        if ply == 0:
            mirror = file_of(start) < 4
        seen.setdefault((_mirror(start), _mirror(sq)) if mirror else (start, sq), ply)
    return seen


def classify(moves: Sequence[str]) -> Opening:
    """The opening of a standard game from the start, given its ICCS moves.

    A game shows a pattern of its family (the one its first move opens) once
    every piece of the pattern has stood on its square, in whatever order,
    soon enough: an exact line within as many plies as it has, another
    within ``SLACK`` more. Going through the patterns in the order the game
    shows them, a pattern replaces the one found so far when it says all
    that one says and more, as the next branch of the directory would; the
    last one found names the game, ``A00`` when none is shown.
    """
    found = directory()
    seen = game_facts(moves)
    first = next(iter(seen), None)
    shown: list[tuple[int, int, bool, Pattern, str]] = []
    for pattern, code in found.patterns:
        if pattern.first == first and pattern.facts <= seen.keys():
            last = max(seen[fact] for fact in pattern.facts)
            early = all(seen[fact] < pattern.prefix_plies for fact in pattern.prefix)
            if early and last < pattern.plies + SLACK:
                # Of patterns shown at once, the larger first, and an exact
                # line before a loose one with the same pieces.
                shown.append((last, -len(pattern.facts), not pattern.exact, pattern, code))
    shown.sort(key=lambda item: item[:3])
    code, current = FALLBACK, frozenset[Fact]()
    for _, _, _, pattern, candidate in shown:
        if pattern.facts > current:
            code, current = candidate, pattern.facts
    return found.openings[code]
