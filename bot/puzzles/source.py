"""Where the bot's puzzles come from, and which one a member or a day gets.

The shipped sets by default; ``Services.puzzles`` holds the source, so a
test gives the bot puzzles of its own.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable

from puzzles.catalogue import Puzzle, shipped
from rules.variant import variants

# Puzzles this near a member's rating are all as good a choice.
WINDOW = 100


class PuzzleSource:
    """A set of puzzles, by variant and by id."""

    def __init__(self, puzzles: Iterable[Puzzle]) -> None:
        self._by_variant: dict[str, list[Puzzle]] = {}
        self._by_id: dict[str, Puzzle] = {}
        for puzzle in puzzles:
            self._by_variant.setdefault(puzzle.variant, []).append(puzzle)
            self._by_id[puzzle.id] = puzzle

    @classmethod
    def shipped(cls) -> PuzzleSource:
        """Every puzzle shipped with the package, of every registered variant."""
        return cls(p for variant in variants() for p in shipped(variant.name))

    def variants(self) -> frozenset[str]:
        """The variants that have puzzles."""
        return frozenset(self._by_variant)

    def find(self, puzzle_id: str) -> Puzzle | None:
        return self._by_id.get(puzzle_id)

    def near(self, variant: str, rating: float, seen: set[str], user_id: int) -> Puzzle | None:
        """An unseen puzzle of ``variant`` near ``rating``: the nearest band of
        :data:`WINDOW` points first, and in it an order of the member's own, so
        members of one rating do not all get the same puzzle."""
        fresh = [p for p in self._by_variant.get(variant, ()) if p.id not in seen]
        if not fresh:
            return None

        def order(puzzle: Puzzle) -> tuple[int, str]:
            mixed = hashlib.sha256(f"{user_id}:{puzzle.id}".encode()).hexdigest()
            return int(abs(puzzle.rating - rating) // WINDOW), mixed

        return min(fresh, key=order)

    def for_day(self, variant: str, key: str, posted: set[str]) -> Puzzle | None:
        """The puzzle of one server's day (``key`` names both): one not posted
        there before while there are any, drawn the same way by any process."""
        pool = self._by_variant.get(variant, [])
        fresh = [p for p in pool if p.id not in posted] or pool
        return random.Random(key).choice(fresh) if fresh else None
