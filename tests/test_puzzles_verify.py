"""The shipped xiangqi puzzles: each line legal and, for a mate, ending in
mate by our rules; ratings and themes spread; and a sample re-checked by
Fairy-Stockfish at the verification budget (``python -m puzzles verify`` does
them all)."""

from __future__ import annotations

import random
from collections import Counter

from computer.fairy import engine_path
from puzzles.catalogue import shipped
from puzzles.themes import ENGLISH
from puzzles.verify import NODES, verify
from rules.actions import Move
from rules.position import Position
from tests.system_tools import require

SAMPLE = 4


def test_every_line_is_legal_and_every_mate_ends_in_mate():
    puzzles = shipped("xiangqi")
    assert puzzles
    for puzzle in puzzles:
        position = Position.from_fen(puzzle.fen)
        solver = position.turn
        assert len(puzzle.solution) % 2 == 1, puzzle.id  # ends with the solver's move
        for text in puzzle.solution:
            position.push(Move.from_iccs(text))
        if puzzle.goal == "mate":
            assert not position.has_legal_move(), puzzle.id
        assert position.turn is not solver


def test_ids_are_unique_and_themes_are_named():
    puzzles = shipped("xiangqi")
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(theme in ENGLISH for p in puzzles for theme in p.themes)


def test_the_set_spreads_over_goals_lengths_and_ratings():
    puzzles = shipped("xiangqi")
    goals = Counter(p.goal for p in puzzles)
    assert goals["mate"] and goals["win"]
    assert len({p.solver_moves for p in puzzles}) >= 3
    bands = {p.rating // 200 for p in puzzles}  # the bands python -m puzzles stats shows
    assert len(bands) >= 4


async def test_a_sample_still_has_a_unique_solution_at_the_verification_budget():
    path = require(engine_path(), "fairy-stockfish")
    sample = random.Random(0).sample(list(shipped("xiangqi")), SAMPLE)
    verdicts = await verify(path, sample, nodes=NODES)
    assert [v.failure for v in verdicts] == [None] * SAMPLE
