"""Glicko-2 rating periods: the deviation of a player who sits periods out
grows by Glickman's step 6, in the update and in what the bot shows."""

from __future__ import annotations

import sqlite3

import aiosqlite
import asyncpg
import glicko2
import pytest

from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import NewGame, SqliteStore, Store, is_postgres
from storage.ratings import NEW_RD, RATING_PERIOD, Rating, after_idle, idle_periods, updated
from storage.schema import migrate
from tests.postgres_server import Clock

DAY = 24 * 60 * 60.0
YEAR = 365 * DAY
RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)


@pytest.fixture
def clock() -> Clock:
    return Clock(1_700_000_000.0)


async def win(store: Store, red: int, black: int) -> None:
    gid = await store.create_game(
        NewGame(1, 20_000 + red * 100 + black, "xiangqi", red, black, {}, True, 7)
    )
    assert await store.finish_game(gid, RED_WINS, True)


async def rating(store: Store, user_id: int) -> tuple[float, float]:
    stats = next(s for s in await store.player_stats(user_id) if s.variant == "xiangqi")
    return stats.rating, stats.rd


def test_glickman_example_then_a_period_without_games():
    """Glickman's worked example (1500 / 200 / 0.06 against three players) gives
    1464.06 / 151.52; sitting the next period out gives φ' = √(φ² + σ²)."""
    opponents = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = updated(Rating(1500, 200, 0.06), opponents)
    assert (after.rating, after.rd) == pytest.approx((1464.06, 151.52), abs=0.02)
    # By hand: φ = 200 / 173.7178 = 1.151287; √(1.325462 + 0.0036) × 173.7178 = 200.27.
    assert after_idle(Rating(1500, 200, 0.06), 1).rd == pytest.approx(200.27, abs=0.01)
    rested = after_idle(after, 1)
    assert (rested.rating, rested.volatility) == (after.rating, after.volatility)
    assert rested.rd > after.rd


@pytest.mark.parametrize("periods", [1, 4, 52])
def test_idle_periods_match_the_library_step_applied_once_per_period(periods: int):
    player = glicko2.Player(1720, 60, 0.059)
    for _ in range(periods):
        player.did_not_compete()
    assert after_idle(Rating(1720, 60, 0.059), periods).rd == pytest.approx(player.rd)


def test_a_long_absence_brings_the_deviation_back_to_a_newcomers_at_most():
    assert after_idle(Rating(1800, 45, 0.06), 10_000).rd == NEW_RD
    assert after_idle(Rating(1800, 45, 0.06), 0) == Rating(1800, 45, 0.06)


def test_the_period_is_a_week():
    assert RATING_PERIOD == 7 * DAY
    assert idle_periods(None, 1e9) == 0
    assert idle_periods(0.0, 6.9 * DAY) == 0
    assert idle_periods(0.0, 7 * DAY) == 1
    assert idle_periods(0.0, YEAR) == 52
    assert idle_periods(10.0, 5.0) == 0  # a clock set back changes nothing


async def test_a_player_back_after_a_year_moves_faster_than_a_daily_one(store, clock, store_target):
    for _ in range(4):  # two pairs of regulars, with the same record
        await win(store, 1, 2)
        await win(store, 2, 1)
        await win(store, 3, 4)
        await win(store, 4, 3)
    assert await rating(store, 1) == await rating(store, 3)
    regular = await rating(store, 1)
    clock.now += DAY
    await win(store, 2, 1)  # 1 loses the next day
    clock.now += YEAR - DAY
    await win(store, 4, 3)  # 3 loses to the same kind of opponent a year later
    loss_day = regular[0] - (await rating(store, 1))[0]
    loss_year = regular[0] - (await rating(store, 3))[0]
    assert regular[1] < 200 and loss_day > 0
    # (The opponent sat the year out too, which damps the move a little.)
    assert loss_year > loss_day + 5, (loss_day, loss_year)
    assert await column(store_target, "rated_at", 3) == clock.now


async def test_the_update_uses_the_grown_deviation_of_both_players(store, clock, store_target):
    await win(store, 1, 2)
    first, second = await rating(store, 1), await rating(store, 2)
    volatility = {user: await column(store_target, "volatility", user) for user in (1, 2)}
    clock.now += 3 * RATING_PERIOD + DAY
    await win(store, 1, 2)
    red = after_idle(Rating(*first, volatility[1]), 3)
    black = after_idle(Rating(*second, volatility[2]), 3)
    expected = updated(red, [(black, 1.0)])
    assert await rating(store, 1) == pytest.approx((expected.rating, expected.rd))


async def test_shown_deviation_grows_while_away_but_the_rating_stays(store, clock):
    await win(store, 1, 2)
    rating_now, rd_now = await rating(store, 1)
    clock.now += 10 * RATING_PERIOD
    rating_later, rd_later = await rating(store, 1)
    assert rating_later == rating_now
    assert rd_later == pytest.approx(after_idle(Rating(rating_now, rd_now, 0.06), 10).rd, rel=1e-3)
    board = await store.leaderboard("xiangqi", None)
    assert next(r for r in board if r.user_id == 1).rd == pytest.approx(rd_later)


async def test_migration_dates_existing_ratings_from_their_last_rated_game(tmp_path):
    path = tmp_path / "v2.db"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, target=2) == 2
        await db.executescript(
            """
            INSERT INTO players (id, name, created_at) VALUES (1, 'a', 0), (2, 'b', 0);
            INSERT INTO games (id, guild_id, channel_id, variant, red_id, black_id, options,
                               rated, status, result, reason, created_at, updated_at, finished_at)
                VALUES (7, 55, 9, 'xiangqi', 1, 2, '{}', 1, 'finished', '1-0', 'checkmate',
                        1.0, 2.0, 2.0),
                       (8, 55, 9, 'xiangqi', 2, 1, '{}', 1, 'finished', '1-0', 'checkmate',
                        3.0, 4.0, 4.0),
                       (9, 55, 9, 'xiangqi', 2, 1, '{}', 0, 'finished', '1-0', 'checkmate',
                        5.0, 6.0, 6.0);
            INSERT INTO ratings (user_id, variant, rated_games) VALUES (1, 'xiangqi', 2),
                                                                       (2, 'xiangqi', 2);
            """
        )
    async with await SqliteStore.open(path) as store:
        assert (await store.player_stats(1))[0].rated_games == 2
    assert await column(str(path), "rated_at", 1) == 4.0  # game 9 was unrated


async def column(target: str, name: str, user_id: int) -> float | None:
    """One column of a player's xiangqi rating row, read straight from the database."""
    query = f"SELECT {name} FROM ratings WHERE user_id = {user_id:d} AND variant = 'xiangqi'"
    if is_postgres(target):
        conn = await asyncpg.connect(target)
        try:
            return await conn.fetchval(query)
        finally:
            await conn.close()
    db = sqlite3.connect(target)
    try:
        return db.execute(query).fetchone()[0]
    finally:
        db.close()
