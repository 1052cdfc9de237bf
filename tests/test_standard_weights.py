"""Standard xiangqi's fitted weights: the fit's linear model is the search's
evaluation, and the fitted values still rank the pieces as players do."""

from __future__ import annotations

import random
import statistics

import numpy as np

from benchmarks.fit_evaluation import (
    ATTACKERS,
    CELLS,
    KINDS,
    NEAR_AT,
    REACH_AT,
    WEIGHTS,
    features,
)
from computer.tables import REACHES
from computer.variants.standard_weights import NEAR_WEIGHTS, REACH_WEIGHTS, SQUARES
from computer.variants.xiangqi import StandardState
from rules.match import Match
from rules.pieces import Color, Kind


def written() -> np.ndarray:
    """The module's weights in the fit's layout (its left half of each table)."""
    weights = np.zeros(WEIGHTS)
    for k, kind in enumerate(KINDS):
        for rank in range(10):
            for file in range(5):
                weights[k * CELLS + rank * 5 + file] = SQUARES[kind][rank][file]
    for a, kind in enumerate(ATTACKERS):
        weights[NEAR_AT + a] = NEAR_WEIGHTS[kind]
    for s, kind in enumerate((Kind.HORSE, Kind.CHARIOT, Kind.CANNON)):
        weights[REACH_AT + s * REACHES : REACH_AT + (s + 1) * REACHES] = REACH_WEIGHTS[kind]
    return weights


def test_every_table_is_the_same_mirrored_left_to_right():
    for rows in SQUARES.values():
        assert all(row == row[::-1] for row in rows)


def test_the_fitted_model_scores_positions_as_the_search_does():
    weights = written()
    rng = random.Random(3)
    for seed in range(4):
        match = Match.start("xiangqi", {}, seed)
        for _ in range(60):
            if match.outcome is not None:
                break
            position = match.game.position
            red = sum(weights[i] * n for i, n in features(position).items())
            score = StandardState(position.copy()).evaluate()
            assert score == (red if position.turn is Color.RED else -red)
            match.apply(rng.choice(match.game.legal_actions()).text)


def test_the_fit_still_ranks_the_pieces_as_players_do():
    def mean(kind: Kind, ranks: range) -> float:
        return statistics.mean(v for r in ranks for v in SQUARES[kind][r])

    everywhere = range(10)
    chariot, cannon = mean(Kind.CHARIOT, everywhere), mean(Kind.CANNON, everywhere)
    horse = mean(Kind.HORSE, everywhere)
    assert chariot > 1.5 * max(cannon, horse)
    assert min(cannon, horse) > 1.5 * max(SQUARES[Kind.ADVISOR][0][3], SQUARES[Kind.ELEPHANT][0][2])
    pawn = SQUARES[Kind.PAWN]
    assert min(pawn[6][2:7]) > pawn[3][4]  # a pawn over the river is worth more
