"""A puzzle's rating estimate, before anyone has tried it.

The model (on the Glicko scale players' puzzle ratings use) adds up what
makes a line hard to find:

- its length: each solver move beyond the first adds :data:`PER_MOVE`
  (a mate line more than a win line: every move must be exact);
- how deep the engine had to search before it chose the first move with the
  winning score (:data:`PER_PLY` a ply): a move a shallow search sees is one
  a player sees too;
- how many moves the solver had to choose from, on average (:data:`PER_CHOICE`
  for every legal move above :data:`USUAL_CHOICES`): more to reject, more to miss;
- a quiet first move (no capture, no check), or one that gives material
  away, which players look at last (:data:`QUIET`, :data:`SACRIFICE`).

Players' results will move the real difficulty; this only spreads the first
offers sensibly.
"""

from __future__ import annotations

from collections.abc import Sequence

from .catalogue import Goal

BASE = {"mate": 600, "win": 800}
PER_MOVE = {"mate": 220, "win": 160}
PER_PLY = 45
PER_CHOICE = 6
USUAL_CHOICES = 35
QUIET = 150
SACRIFICE = 120
LOWEST, HIGHEST = 500, 2800


def estimate(
    goal: Goal,
    solver_moves: int,
    found_depth: int,
    choices: Sequence[int],
    *,
    quiet: bool,
    sacrifice: bool,
) -> int:
    """The rating of a puzzle with these features, rounded to tens."""
    mean_choices = sum(choices) / len(choices) if choices else USUAL_CHOICES
    value = (
        BASE[goal]
        + PER_MOVE[goal] * (solver_moves - 1)
        + PER_PLY * found_depth
        + PER_CHOICE * (mean_choices - USUAL_CHOICES)
        + (QUIET if quiet else 0)
        + (SACRIFICE if sacrifice else 0)
    )
    return int(round(max(LOWEST, min(HIGHEST, value)) / 10) * 10)
