"""The issue's exchange format: one JSON object a puzzle with exactly
``id``, ``fen``, ``solution``, ``goal``, ``rating`` and ``themes``, so that
anyone can check the puzzles with another engine."""

from __future__ import annotations

import json

from .catalogue import Puzzle

VARIANTS = ("xiangqi", "jieqi")  # the shipped sets, in the order they are exported
KEYS = ("id", "fen", "solution", "goal", "rating", "themes")


def export_line(puzzle: Puzzle) -> str:
    """``puzzle`` as one JSON line of the exchange format."""
    data = {
        "id": puzzle.id,
        "fen": puzzle.fen,
        "solution": list(puzzle.solution),
        "goal": puzzle.goal,
        "rating": puzzle.rating,
        "themes": list(puzzle.themes),
    }
    return json.dumps({key: data[key] for key in KEYS}, ensure_ascii=False)
