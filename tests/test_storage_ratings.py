"""Ratings: Glicko-2 against Glickman's example, S-9/S-10, and the leaderboards."""

from __future__ import annotations

import pytest

from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import NewGame, Store
from storage.ratings import Rating, updated

RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)
DRAW = Outcome(None, Reason.DRAW_AGREED)


async def play(
    store: Store,
    red: int,
    black: int,
    outcome: Outcome = RED_WINS,
    *,
    effective: bool = True,
    rated: bool = True,
    guild_id: int | None = 1,
    variant: str = "xiangqi",
    options: dict[str, str] | None = None,
) -> int:
    gid = await store.create_game(
        NewGame(guild_id, 10_000 + red * 100 + black, variant, red, black, options or {}, rated, 7)
    )
    assert await store.finish_game(gid, outcome, effective)
    return gid


async def stats(store: Store, user_id: int, variant: str = "xiangqi"):
    return next(s for s in await store.player_stats(user_id) if s.variant == variant)


def test_glickman_example():
    """Glickman, "Example of the Glicko-2 system" (2013): 1464.06 / 151.52 / 0.05999."""
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = updated(player, results)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_no_change():
    assert updated(Rating(1600, 80), []) == Rating(1600, 80)


async def test_effective_rated_game_moves_both_ratings_from_the_old_values(store):
    await play(store, 1, 2)
    red, black = await stats(store, 1), await stats(store, 2)
    expected_red = updated(Rating(), [(Rating(), 1.0)])
    expected_black = updated(Rating(), [(Rating(), 0.0)])
    assert (red.rating, red.rd) == pytest.approx((expected_red.rating, expected_red.rd))
    assert (black.rating, black.rd) == pytest.approx((expected_black.rating, expected_black.rd))
    assert red.rating == pytest.approx(3000 - black.rating)
    assert (red.wins, red.draws, red.losses, red.rated_games) == (1, 0, 0, 1)
    assert (black.wins, black.draws, black.losses, black.rated_games) == (0, 0, 1, 1)


async def test_draw_between_unequal_players_closes_the_gap(store):
    await play(store, 1, 2)
    before = (await stats(store, 1)).rating - (await stats(store, 2)).rating
    await play(store, 2, 1, DRAW)
    after = (await stats(store, 1)).rating - (await stats(store, 2)).rating
    assert 0 < after < before
    assert (await stats(store, 1)).draws == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"effective": False},  # S-9: fewer than 10 moves each
        {"rated": False},
        {"rated": False, "options": {"handicap": "two-horses"}},  # S-10
    ],
)
async def test_only_effective_rated_results_change_ratings(store, kwargs):
    await play(store, 1, 2, **kwargs)
    red, black = await stats(store, 1), await stats(store, 2)
    assert (red.rating, red.rd, red.rated_games) == (1500, 350, 0)
    assert (black.rating, black.rd, black.rated_games) == (1500, 350, 0)
    assert (red.wins, black.losses) == (1, 1)
    assert await store.leaderboard("xiangqi", None) == []
    assert await store.leaderboard("xiangqi", 1) == []


async def test_global_leaderboard_order_and_rank(store):
    for name_id in range(1, 6):
        await store.upsert_player(name_id, f"p{name_id}")
    await play(store, 1, 2)
    await play(store, 1, 3)
    await play(store, 4, 2, DRAW)
    await play(store, 5, 3, effective=False)  # 5 stays unrated
    board = await store.leaderboard("xiangqi", None)
    ratings = {user: (await stats(store, user)).rating for user in (1, 2, 3, 4)}
    assert [row.user_id for row in board] == sorted(ratings, key=lambda u: -ratings[u])
    assert [row.rank for row in board] == [1, 2, 3, 4]
    assert board[0].user_id == 1 and board[0].name == "p1"
    assert (board[0].wins, board[0].draws, board[0].losses) == (2, 0, 0)
    assert [row.user_id for row in await store.leaderboard("xiangqi", None, limit=2)] == [
        row.user_id for row in board[:2]
    ]
    assert await store.leaderboard("jieqi", None) == []


async def test_server_leaderboard_lists_who_played_there(store):
    await play(store, 1, 2, guild_id=100)
    await play(store, 3, 4, guild_id=200)
    await play(store, 1, 3, guild_id=200, variant="jieqi")
    await play(store, 5, 6, guild_id=None)  # a game outside any guild
    assert {r.user_id for r in await store.leaderboard("xiangqi", 100)} == {1, 2}
    assert {r.user_id for r in await store.leaderboard("xiangqi", 200)} == {3, 4}
    assert {r.user_id for r in await store.leaderboard("jieqi", 200)} == {1, 3}
    assert {r.user_id for r in await store.leaderboard("xiangqi", None)} == {1, 2, 3, 4, 5, 6}

    # Player 2 beats 1 in guild 200: guild 100's board shows both new ratings.
    await play(store, 2, 1, guild_id=200)
    board = await store.leaderboard("xiangqi", 100)
    assert [row.user_id for row in board] == [2, 1]
    for row in board:
        assert row.rating == (await stats(store, row.user_id)).rating
    assert {r.user_id for r in await store.leaderboard("xiangqi", 200)} == {1, 2, 3, 4}


async def test_server_board_counts_a_player_once_rated(store):
    await play(store, 1, 2, guild_id=100, effective=False)
    assert await store.leaderboard("xiangqi", 100) == []
    await play(store, 3, 1, guild_id=300)  # 1 gets a rating elsewhere
    assert [r.user_id for r in await store.leaderboard("xiangqi", 100)] == [1]
