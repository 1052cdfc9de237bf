"""The shipped puzzles, read from one JSON line each, as ``python -m puzzles
export`` writes them, so that what the bot serves is what anyone can check
with another engine."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

DATA = Path(__file__).with_name("data")

Goal = Literal["mate", "win"]


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position and the line that solves it: ICCS moves, the solver's first,
    alternating with the best defence, ending with the solver's move."""

    id: str
    variant: str
    fen: str
    solution: tuple[str, ...]
    goal: Goal
    rating: int
    themes: tuple[str, ...]

    @property
    def solver_moves(self) -> int:
        """How many moves the solver must find ("mate in 3" has three)."""
        return (len(self.solution) + 1) // 2

    def to_json(self) -> str:
        return json.dumps(
            {
                "id": self.id,
                "variant": self.variant,
                "fen": self.fen,
                "solution": list(self.solution),
                "goal": self.goal,
                "rating": self.rating,
                "themes": list(self.themes),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, line: str) -> Puzzle:
        data = json.loads(line)
        goal = data["goal"]
        if goal not in ("mate", "win"):
            raise ValueError(f"unknown goal {goal!r}")
        return cls(
            id=str(data["id"]),
            variant=str(data.get("variant", "xiangqi")),
            fen=str(data["fen"]),
            solution=tuple(str(move) for move in data["solution"]),
            goal=goal,
            rating=int(data["rating"]),
            themes=tuple(str(theme) for theme in data["themes"]),
        )


def read_puzzles(path: Path) -> tuple[Puzzle, ...]:
    """Every puzzle of one JSON-lines file, in file order."""
    with path.open(encoding="utf-8") as lines:
        return tuple(Puzzle.from_json(line) for line in lines if line.strip())


@cache
def shipped(variant: str = "xiangqi") -> tuple[Puzzle, ...]:
    """The puzzles shipped for a variant (``data/<variant>.jsonl``); none when
    the variant has no file."""
    path = DATA / f"{variant}.jsonl"
    return read_puzzles(path) if path.exists() else ()
