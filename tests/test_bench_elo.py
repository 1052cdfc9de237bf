"""The Elo benchmark in small: its estimator recovers ratings from games drawn
from the model, and a few short games at low node budgets play and repeat."""

from __future__ import annotations

import random

import pytest

from benchmarks import bench_elo
from benchmarks.bench_elo import Result, expected, fit, level_series, nearest, play
from computer.fairy import engine_path
from tests.system_tools import require

TRUE = {"anchor": 1500.0, "up": 1700.0, "down": 1250.0, "top": 1950.0}
MET = (("anchor", "up"), ("anchor", "down"), ("up", "top"))


def drawn_from_the_model(games: int, seed: int) -> list[Result]:
    """``games`` games per pairing of :data:`MET`, some drawn, the first
    player's expected score the model's."""
    rng = random.Random(seed)
    found = []
    for a, b in MET:
        chance = expected(TRUE[a] - TRUE[b])
        draws = min(0.2, 2 * min(chance, 1 - chance))
        for _ in range(games):
            roll = rng.random()
            score = 1.0 if roll < chance - draws / 2 else 0.5 if roll < chance + draws / 2 else 0.0
            found.append(Result(a, b, score))
    return found


def test_a_ladder_step_weighs_as_its_games_one_by_one(tmp_path):
    printed = tmp_path / "ladder.out"
    printed.write_text(
        "engine.ladder.xiangqi.2v1_pct: 75 %\n"
        "engine.ladder.xiangqi.2v1_games: 8 games\n"
        "engine.ladder.xiangqi.2v1_mean_plies: 81.7 plies\n"
        "engine.ladder.jieqi.2v1_pct: 10 %\n"
        "engine.ladder.jieqi.2v1_games: 40 games\n",
        encoding="utf-8",
    )
    steps = bench_elo.ladder_steps(str(printed))
    assert steps == [Result("level2", "level1", 0.75, 8)]
    one_by_one = [Result("level2", "level1", score) for score in (1, 1, 1, 1, 1, 0.5, 0.5, 0)]
    against = [Result("level1", "fs10", 0.5)] * 4
    weighed, played = fit([*steps, *against], "fs10"), fit([*one_by_one, *against], "fs10")
    for name in ("level1", "level2"):
        assert weighed[name].rating == pytest.approx(played[name].rating)
        assert weighed[name].error == pytest.approx(played[name].error)
        assert weighed[name].games == played[name].games


def test_the_fit_recovers_the_ratings_that_made_the_games():
    ratings = fit(drawn_from_the_model(2_000, seed=7), "anchor", prior_draws=0)
    assert ratings["anchor"].rating == 1500 and ratings["anchor"].error == 0
    for name in ("up", "down", "top"):
        found = ratings[name]
        assert abs(found.rating - TRUE[name]) < 3 * found.error, (name, found)
        assert 5 < found.error < 40
    assert ratings["top"].error > ratings["up"].error  # one step further from the anchor
    assert ratings["up"].games == 4_000 and ratings["top"].games == 2_000


def test_four_times_the_games_halve_the_error():
    few = fit(drawn_from_the_model(250, seed=1), "anchor")["up"].error
    many = fit(drawn_from_the_model(1_000, seed=1), "anchor")["up"].error
    assert many == pytest.approx(few / 2, rel=0.15)


def test_a_clean_sweep_gets_a_finite_rating_on_the_right_side():
    sweep = [Result("anchor", "weak", 1.0)] * 6
    ratings = fit(sweep, "anchor")
    assert 800 < ratings["weak"].rating < 1500 - 200
    assert ratings["weak"].error > 100  # six games say little


def test_nearest_takes_the_budget_rated_closest():
    ladder = fit(
        [Result("fs100", "fs10", 0.75)] * 8 + [Result("fs1000", "fs100", 0.75)] * 8, "fs1000"
    )
    assert nearest(ladder["fs100"].rating + 10, ladder) == "fs100"
    assert nearest(2000, ladder) == "fs1000"


@pytest.fixture
def short_games(monkeypatch):
    monkeypatch.setattr(bench_elo, "MAX_PLIES", 30)
    return require(engine_path(), "Fairy-Stockfish")


async def test_short_games_alternate_colours_and_repeat(short_games):
    players = bench_elo.Players(short_games)
    try:
        first = [await play(players, "level1", "fs10", n) for n in range(2)]
        again = [await play(players, "level1", "fs10", n) for n in range(2)]
    finally:
        await players.quit()
    assert first == again  # node budgets and seeds, never time
    assert all(r.first == "level1" and r.second == "fs10" for r in first)
    assert all(r.score in (0.0, 0.5, 1.0) for r in first)


def test_one_pairing_is_played_on_its_own_and_split_by_colour(short_games):
    figures = {n: v for n, v, _ in bench_elo.pair_figures(short_games, "level1", "fs10", 4)}
    alone = [bench_elo._one_game(short_games, "level1", "fs10", n).score for n in range(4)]
    assert figures["pair.level1.fs10_games"] == 4
    assert figures["pair.level1.fs10_pct"] == 100 * sum(alone) / 4
    assert figures["pair.level1.fs10_as_red_pct"] == 100 * (alone[0] + alone[2]) / 2
    assert figures["pair.level1.fs10_as_black_pct"] == 100 * (alone[1] + alone[3]) / 2


def test_a_pairing_goes_on_from_a_later_game_in_the_same_colours(short_games):
    later = bench_elo.pair_figures(short_games, "level1", "fs10", 2, start=5)
    figures = {n: v for n, v, _ in later}
    alone = [bench_elo._one_game(short_games, "level1", "fs10", n).score for n in (5, 6)]
    assert figures["pair.level1.fs10_as_black_pct"] == 100 * alone[0]  # game 5: Black
    assert figures["pair.level1.fs10_as_red_pct"] == 100 * alone[1]


def test_a_level_series_moves_to_the_budget_nearest_its_estimate(short_games):
    steps = (("fs30", "fs10"), ("fs100", "fs30"), ("fs1000", "fs100"))
    ladder = [Result(upper, lower, 0.75) for upper, lower in steps for _ in range(4)]
    played = level_series(short_games, 1, 4, ladder)
    assert [r.second for r in played[:2]] == [f"fs{bench_elo.START[1]}"] * 2
    so_far = fit([*ladder, *played[:2]], "fs1000")
    estimate = so_far.pop("level1").rating
    assert {r.second for r in played[2:]} == {nearest(estimate, so_far)}


def test_answer_times_give_a_median_and_a_95th_percentile(monkeypatch):
    monkeypatch.setattr(bench_elo, "TIME_GAMES", 1)
    monkeypatch.setattr(bench_elo, "TIME_PLIES", (0, 2, 4))
    assert len(bench_elo.positions("jieqi")) == 3
    figures = {name: value for name, value, _ in bench_elo.answer_times("xiangqi", [1], 3)}
    p50, p95 = figures["answer.xiangqi.level1_p50_s"], figures["answer.xiangqi.level1_p95_s"]
    assert 0 < p50 <= p95
