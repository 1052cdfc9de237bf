"""``python -m benchmarks.bench_engine``, the CI-sized version: short seeded
games of every kind of hidden-information player, the yardstick given the
game as it really lies, and the whole report (speed, ladder, Elo table,
hidden-information gap) in a few games."""

from __future__ import annotations

import random
from concurrent.futures import Executor

import pytest

from benchmarks import bench_engine
from benchmarks.bench_engine import OPENING_PLIES, SHORT, hidden_game, report
from benchmarks.hidden_players import TRUTHS, move
from computer.fairy import engine_path
from computer.plugin import plugin_for
from rules.knowledge import HIDDEN, knowledge_of
from rules.match import Match
from rules.pieces import Color
from tests.system_tools import require

PAIRINGS = [
    ("jieqi", "chance@1:sampled@1"),
    ("jieqi", "sampled@1:chance@1"),
    ("jieqi", "omniscient@1:level@1"),
    ("jieqi-classic", "omniscient@1:level@1"),
    ("fanbing", "samples1@1:samples3@1"),
    ("fanbing", "omniscient@1:level@1"),
    ("tuibei", "omniscient@1:level@1"),
]


def played(variant: str, plies: int, seed: int = 3) -> Match:
    rng = random.Random(seed)
    match = Match.start(variant, {}, seed)
    while match.game.ply < plies and match.outcome is None:
        match.apply(rng.choice(match.game.legal_actions()).text)
    return match


@pytest.mark.parametrize(("variant", "pairing"), PAIRINGS)
def test_the_benchmark_plays_short_seeded_games(variant, pairing):
    score, plies = hidden_game(variant, pairing, 1, max_plies=12)
    assert score in (0.0, 0.5, 1.0)
    assert OPENING_PLIES < plies <= 12
    assert hidden_game(variant, pairing, 1, max_plies=12) == (score, plies)


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_the_jieqi_yardstick_deals_every_face_down_piece_as_it_lies(variant):
    match = played(variant, 6)
    knowledge = knowledge_of(match, match.game.turn)
    truth = TRUTHS[variant](match, knowledge)
    assert truth.board.board == match.game.board.board
    assert truth.board.down == match.game.board.down
    fair = plugin_for(variant).sample(knowledge, random.Random(1))
    assert fair.board.board != match.game.board.board  # a draw is not the deal


def test_the_third_generation_yardstick_holds_every_back_as_dealt():
    match = played("fanbing", 10)
    knowledge = knowledge_of(match, match.game.turn)
    truth = TRUTHS["fanbing"](match, knowledge).game
    assert truth.position.backs == match.game.position.backs
    assert truth is not match.game
    for viewer in (*Color, None):
        assert truth.view(viewer) == match.game.view(viewer)


def test_the_tuibei_yardstick_knows_the_pending_tile():
    rng = random.Random(5)
    match = Match.start("tuibei", {}, 5)
    while HIDDEN not in (knowledge := knowledge_of(match, match.game.turn)).log:
        match.apply(rng.choice(match.game.legal_actions()).text)
    side = match.game.turn
    fair = plugin_for("tuibei").sample(knowledge, random.Random(0))
    truth = TRUTHS["tuibei"](match, knowledge)
    assert list(truth.games) == [None]
    assert truth.games[None].view(side.other()) == match.game.view(side.other())
    assert len(fair.games) > 1  # the fair player weighs every kind the tile may be


def test_an_unknown_player_is_refused():
    match = played("fanbing", 4)
    with pytest.raises(ValueError, match="no player"):
        move(match, "psychic", 1, 0)


def test_the_short_report_shows_speed_ladder_elo_and_gap():
    """Every part of ``python -m benchmarks engine`` in the CI-sized scale."""
    require(engine_path(), "Fairy-Stockfish")
    figures = {name: (value, unit) for name, value, unit in report(SHORT)}
    for variant in bench_engine.VARIANTS:
        assert figures[f"search.{variant}_nodes_per_cpu_s"][0] > 0
        assert figures[f"search.{variant}_cpu_over_fairy"][0] > 0
        assert figures[f"search.{variant}_cpu_over_perft"][0] > 0
        assert figures[f"engine.ladder.{variant}.2v1_games"][0] == SHORT.ladder_games
        assert 0 <= figures[f"engine.ladder.{variant}.2v1_pct"][0] <= 100
    rating, unit = figures["elo.level1"]
    assert unit.startswith("Elo ±") and rating > 0
    assert figures["elo.fs1000"][0] == 1500  # the anchor
    for variant in SHORT.hidden_pairs:
        name = f"engine.hidden.{variant}.omniscient2_v_level2"
        assert figures[f"{name}_games"][0] == SHORT.hidden_games
        assert 0 <= figures[f"{name}_pct"][0] <= 100


class _Serial(Executor):
    """Plays the games one after another here, noting which it was given."""

    def __init__(self) -> None:
        self.numbers: list[int] = []

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        calls = list(zip(*iterables, strict=True))
        self.numbers += [call[3] for call in calls]
        return [fn(*call) for call in calls]


def test_a_ladder_run_from_a_later_game_plays_the_games_a_longer_run_would():
    """``--first``: games 2 and 3 alone, so a 20-game run can be taken to 40
    without replaying the first 20."""
    pool = _Serial()
    figures = list(bench_engine.ladder(pool, ("xiangqi",), ((2, 1),), 2, 6, first=2))
    assert pool.numbers == [2, 3]
    expected = [bench_engine.ladder_game("xiangqi", 2, 1, n, max_plies=6) for n in (2, 3)]
    pct = next(value for name, value, _ in figures if name.endswith("2v1_pct"))
    assert pct == 100 * sum(score for score, _ in expected) / 2
