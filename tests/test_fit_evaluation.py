"""The fit of standard xiangqi's evaluation measures the evaluation the
search really uses, recovers weights from scores they produced, and reads
Fairy-Stockfish's scores as the engine gives them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from benchmarks.fit_evaluation import (
    ATTACKERS,
    CELLS,
    KINDS,
    NEAR_AT,
    WEIGHTS,
    error,
    features,
    fit,
    game_positions,
    hand_set,
    score_positions,
)
from computer.fairy import engine_path, from_uci
from computer.variants.xiangqi import XiangqiState
from rules.match import Match
from rules.pieces import Color, Kind
from rules.position import Position
from tests.system_tools import require


def positions(games: int, plies: int) -> list[Position]:
    """Positions of seeded random games."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        match = Match.start("xiangqi", {}, seed)
        for _ in range(plies):
            if match.outcome is not None:
                break
            found.append(match.game.position.copy())
            match.apply(rng.choice(match.game.legal_actions()).text)
    return found


def counted(found: list[Position]) -> np.ndarray:
    counts = np.zeros((len(found), WEIGHTS))
    for r, position in enumerate(found):
        for index, count in features(position).items():
            counts[r, index] = count
    return counts


def test_the_hand_set_weights_score_as_the_search_does():
    prior = hand_set()
    for position in positions(4, 60):
        red = sum(prior[i] * n for i, n in features(position).items())
        expected = red if position.turn is Color.RED else -red
        assert XiangqiState(position.copy()).evaluate() == expected


def test_the_fit_recovers_weights_from_the_scores_they_gave():
    counts = counted(positions(12, 80))
    true = hand_set()
    near = NEAR_AT + ATTACKERS.index(Kind.CHARIOT)
    true[near] = 16  # a chariot near the enemy king worth more than today's 6 a step
    home = KINDS.index(Kind.HORSE) * CELLS + 1  # a horse on its home square
    true[home] -= 60
    targets = counts @ true
    fitted = fit(counts, targets)
    assert abs(fitted[near] - 16) < 2
    assert fitted[home] < hand_set()[home] - 40
    assert error(fitted, counts, targets) < error(hand_set(), counts, targets) / 4


def test_the_engine_scores_quiet_positions_with_a_legal_best_move():
    path = require(engine_path(), "fairy-stockfish")
    fens = [Position.start().fen(), positions(1, 20)[-1].fen()]
    scored = score_positions((path, 2_000, fens))
    assert [fen for fen, _, _, _ in scored] == fens
    for fen, kind, _, best in scored:
        assert kind in {"cp", "mate"}
        assert Position.from_fen(fen).is_legal(from_uci(best))


def test_played_out_positions_leave_the_games_by_one_or_two_moves(tmp_path: Path):
    rng = random.Random(5)
    match = Match.start("xiangqi", {}, 5)
    for _ in range(40):
        match.apply(rng.choice(match.game.legal_actions()).text)
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"moves": list(match.entries)}) + "\n", encoding="utf-8")
    plain = game_positions(games)
    played = game_positions(games, played_out=True)
    assert len(plain) == 40 - 5
    assert 0.3 * len(plain) < len(played) < 0.9 * len(plain)
    assert len(set(played) - set(plain)) > 0.8 * len(played)  # off the game's own path
    assert all(Position.from_fen(fen).legal_moves() for fen in played)
    assert game_positions(games, played_out=True) == played  # seeded
