"""Puzzles in storage, on both databases: tries given once and ended once,
puzzle ratings and streaks, the boards, and each server's daily puzzle."""

from __future__ import annotations

from storage import DailyPuzzle

ANN, BEN = 2001, 2002
GUILD = 77


async def test_a_try_is_given_once_advanced_once_and_ended_once(store):
    assert await store.start_puzzle(ANN, "x1", "xiangqi", GUILD, False)
    assert not await store.start_puzzle(ANN, "x1", "xiangqi", None, True)  # never twice
    opened = await store.open_puzzle(ANN)
    assert opened is not None and (opened.puzzle_id, opened.plies, opened.daily) == ("x1", 0, False)
    assert await store.advance_puzzle(ANN, "x1", 0, 2)
    assert not await store.advance_puzzle(ANN, "x1", 0, 2)  # a double click moves nothing
    assert (await store.open_puzzle(ANN)).plies == 2
    first = await store.finish_puzzle(ANN, "x1", True, 1500)
    assert first is not None
    before, after = first
    assert before is None and after.rating > 1500 and after.rd < 350
    assert (after.solved, after.failed, after.streak, after.best_streak) == (1, 0, 1, 1)
    assert await store.finish_puzzle(ANN, "x1", False, 1500) is None  # ended already
    assert await store.open_puzzle(ANN) is None
    assert (await store.puzzle_try(ANN, "x1")).result == "solved"
    assert await store.seen_puzzles(ANN) == {"x1"}
    assert await store.seen_puzzles(BEN) == set()


async def test_ratings_follow_the_puzzles_rating_and_a_failure_ends_the_streak(store):
    for puzzle in ("a", "b"):
        await store.start_puzzle(ANN, puzzle, "xiangqi", GUILD, False)
        await store.finish_puzzle(ANN, puzzle, True, 1500)
    await store.start_puzzle(ANN, "c", "xiangqi", GUILD, False)
    ended = await store.finish_puzzle(ANN, "c", False, 1400)
    assert ended is not None
    before, after = ended
    assert before is not None and after.rating < before.rating
    assert (after.solved, after.failed, after.streak, after.best_streak) == (2, 1, 0, 2)
    # Solving a harder puzzle gains more than solving an easier one.
    await store.start_puzzle(BEN, "hard", "xiangqi", None, False)
    await store.start_puzzle(ANN, "easy", "xiangqi", None, False)
    hard = await store.finish_puzzle(BEN, "hard", True, 2000)
    assert hard is not None and hard[1].rating - 1500 > 0
    assert await store.puzzle_standing(ANN) == after
    assert await store.puzzle_standing(BEN) == hard[1]
    board = await store.puzzle_leaderboard(None)
    assert [row.user_id for row in board] == sorted(
        (ANN, BEN), key=lambda u: -(after if u == ANN else hard[1]).rating
    )
    assert [row.rank for row in board] == [1, 2]
    assert [row.user_id for row in await store.puzzle_leaderboard(GUILD)] == [ANN]


async def test_a_servers_daily_puzzle_is_planned_claimed_once_and_counted(store):
    await store.set_daily_puzzle_plan(GUILD, 500, 9 * 60, 100.0)
    await store.set_daily_puzzle_plan(88, 600, 0, 100.0)
    await store.set_daily_puzzle_plan(88, None, 0, 200.0)
    assert await store.daily_puzzle_plans() == {GUILD: (500, 540, 100.0)}
    day = DailyPuzzle(GUILD, "2026-12-01", "x1", 500, None)
    assert await store.add_daily_puzzle(day)
    assert not await store.add_daily_puzzle(DailyPuzzle(GUILD, "2026-12-01", "x2", 500, None))
    await store.set_daily_puzzle_message(GUILD, "2026-12-01", 9999)
    await store.add_daily_puzzle(DailyPuzzle(GUILD, "2026-12-02", "x2", 500, None))
    posts = await store.daily_puzzles(GUILD)
    assert [(p.day, p.puzzle_id, p.message_id) for p in posts] == [
        ("2026-12-01", "x1", 9999),
        ("2026-12-02", "x2", None),
    ]
    for user in (ANN, BEN):
        await store.start_puzzle(user, "x1", "xiangqi", GUILD, True)
    await store.start_puzzle(2003, "x1", "xiangqi", GUILD, False)  # not as the daily one
    await store.finish_puzzle(ANN, "x1", True, 1500)
    await store.finish_puzzle(BEN, "x1", False, 1500)
    await store.finish_puzzle(2003, "x1", True, 1500)
    assert await store.daily_solvers(GUILD, "x1") == 1
