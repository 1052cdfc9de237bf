"""The store's calls for puzzles: a member's puzzle rating and streaks, the
tries of each puzzle, and each server's daily puzzle."""

from __future__ import annotations

from .calls import SqlCalls
from .ratings import Rating, updated
from .records import DailyPuzzle, PuzzleLeader, PuzzleStanding, PuzzleTry
from .rows import Row, rating_as_of


class PuzzleCalls(SqlCalls):
    async def start_puzzle(
        self, user_id: int, puzzle_id: str, variant: str, guild_id: int | None, daily: bool
    ) -> bool:
        async with self._dialect.transaction(write=True) as conn:
            started = await conn.fetchrow(
                "INSERT INTO puzzle_attempts"
                " (user_id, puzzle_id, variant, guild_id, daily, started_at)"
                " VALUES (:user, :puzzle, :variant, :guild, :daily, :now)"
                " ON CONFLICT (user_id, puzzle_id) DO NOTHING RETURNING user_id",
                user=user_id,
                puzzle=puzzle_id,
                variant=variant,
                guild=guild_id,
                daily=int(daily),
                now=self._clock(),
            )
        return started is not None

    async def open_puzzle(self, user_id: int) -> PuzzleTry | None:
        rows = await self._dialect.fetch(
            f"SELECT {_TRY_COLUMNS} FROM puzzle_attempts WHERE user_id = :user"
            " AND result IS NULL ORDER BY daily DESC, started_at DESC, puzzle_id LIMIT 1",
            user=user_id,
        )
        return _puzzle_try(rows[0]) if rows else None

    async def puzzle_try(self, user_id: int, puzzle_id: str) -> PuzzleTry | None:
        rows = await self._dialect.fetch(
            f"SELECT {_TRY_COLUMNS} FROM puzzle_attempts"
            " WHERE user_id = :user AND puzzle_id = :puzzle",
            user=user_id,
            puzzle=puzzle_id,
        )
        return _puzzle_try(rows[0]) if rows else None

    async def seen_puzzles(self, user_id: int) -> set[str]:
        rows = await self._dialect.fetch(
            "SELECT puzzle_id FROM puzzle_attempts WHERE user_id = :user", user=user_id
        )
        return {row["puzzle_id"] for row in rows}

    async def advance_puzzle(self, user_id: int, puzzle_id: str, plies: int, to: int) -> bool:
        async with self._dialect.transaction(write=True) as conn:
            moved = await conn.fetchrow(
                "UPDATE puzzle_attempts SET plies = :to WHERE user_id = :user"
                " AND puzzle_id = :puzzle AND result IS NULL AND plies = :plies"
                " RETURNING user_id",
                to=to,
                user=user_id,
                puzzle=puzzle_id,
                plies=plies,
            )
        return moved is not None

    async def finish_puzzle(
        self, user_id: int, puzzle_id: str, solved: bool, puzzle_rating: float
    ) -> tuple[PuzzleStanding | None, PuzzleStanding] | None:
        now = self._clock()
        async with self._dialect.transaction(write=True) as conn:
            # The compare-and-set on the result counts a try once.
            finished = await conn.fetchrow(
                "UPDATE puzzle_attempts SET result = :result, finished_at = :now"
                " WHERE user_id = :user AND puzzle_id = :puzzle AND result IS NULL"
                " RETURNING user_id",
                result="solved" if solved else "failed",
                now=now,
                user=user_id,
                puzzle=puzzle_id,
            )
            if finished is None:
                return None
            await self._ensure_players(conn, [user_id], now)
            row = await conn.fetchrow(
                f"SELECT rating, rd, volatility, rated_at, {_STANDING_COUNTS}"
                f" FROM puzzle_ratings WHERE user_id = :user{self._dialect.for_update}",
                user=user_id,
            )
            before = None if row is None else _standing(row, now)
            current = Rating() if row is None else rating_as_of(row, now)
            after = updated(current, [(Rating(puzzle_rating, PUZZLE_RD), float(solved))])
            streak = (0 if row is None else row["streak"]) + 1 if solved else 0
            counts = {
                "solved": (0 if row is None else row["solved"]) + int(solved),
                "failed": (0 if row is None else row["failed"]) + int(not solved),
                "streak": streak,
                "best_streak": max(streak, 0 if row is None else row["best_streak"]),
            }
            await conn.execute(
                "INSERT INTO puzzle_ratings (user_id, rating, rd, volatility, rated_at,"
                " solved, failed, streak, best_streak) VALUES (:user, :rating, :rd,"
                " :volatility, :now, :solved, :failed, :streak, :best_streak)"
                " ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating,"
                " rd = excluded.rd, volatility = excluded.volatility,"
                " rated_at = excluded.rated_at, solved = excluded.solved,"
                " failed = excluded.failed, streak = excluded.streak,"
                " best_streak = excluded.best_streak",
                user=user_id,
                rating=after.rating,
                rd=after.rd,
                volatility=after.volatility,
                now=now,
                **counts,
            )
        return before, PuzzleStanding(after.rating, after.rd, **counts)

    async def puzzle_standing(self, user_id: int) -> PuzzleStanding | None:
        rows = await self._dialect.fetch(
            f"SELECT rating, rd, volatility, rated_at, {_STANDING_COUNTS}"
            " FROM puzzle_ratings WHERE user_id = :user",
            user=user_id,
        )
        return _standing(rows[0], self._clock()) if rows else None

    async def puzzle_leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PuzzleLeader]:
        among = (
            ""
            if guild_id is None
            else " WHERE r.user_id IN (SELECT user_id FROM puzzle_attempts WHERE guild_id = :guild)"
        )
        rows = await self._dialect.fetch(
            f"SELECT r.user_id, COALESCE(p.name, '') AS name, r.rating, r.rd, r.volatility,"
            f" r.rated_at, {', '.join(f'r.{c}' for c in _STANDING_COUNTS.split(', '))}"
            " FROM puzzle_ratings AS r LEFT JOIN players AS p ON p.id = r.user_id"
            f"{among} ORDER BY r.rating DESC, r.user_id LIMIT :limit",
            guild=guild_id,
            limit=limit,
        )
        now = self._clock()
        return [
            PuzzleLeader(rank, row["user_id"], row["name"], _standing(row, now))
            for rank, row in enumerate(rows, start=1)
        ]

    async def set_daily_puzzle_plan(
        self, guild_id: int, channel_id: int | None, minute: int, since: float
    ) -> None:
        async with self._dialect.transaction(write=True) as conn:
            if channel_id is None:
                await conn.execute(
                    "DELETE FROM daily_puzzle_plans WHERE guild_id = :guild", guild=guild_id
                )
                return
            await conn.execute(
                "INSERT INTO daily_puzzle_plans (guild_id, channel_id, minute, since)"
                " VALUES (:guild, :channel, :minute, :since) ON CONFLICT (guild_id)"
                " DO UPDATE SET channel_id = excluded.channel_id, minute = excluded.minute,"
                " since = excluded.since",
                guild=guild_id,
                channel=channel_id,
                minute=minute,
                since=since,
            )

    async def daily_puzzle_plans(self) -> dict[int, tuple[int, int, float]]:
        rows = await self._dialect.fetch(
            "SELECT guild_id, channel_id, minute, since FROM daily_puzzle_plans"
        )
        return {row["guild_id"]: (row["channel_id"], row["minute"], row["since"]) for row in rows}

    async def add_daily_puzzle(self, daily: DailyPuzzle) -> bool:
        async with self._dialect.transaction(write=True) as conn:
            added = await conn.fetchrow(
                "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, message_id)"
                " VALUES (:guild, :day, :puzzle, :channel, :message)"
                " ON CONFLICT (guild_id, day) DO NOTHING RETURNING guild_id",
                guild=daily.guild_id,
                day=daily.day,
                puzzle=daily.puzzle_id,
                channel=daily.channel_id,
                message=daily.message_id,
            )
        return added is not None

    async def set_daily_puzzle_message(self, guild_id: int, day: str, message_id: int) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE daily_puzzles SET message_id = :message"
                " WHERE guild_id = :guild AND day = :day",
                message=message_id,
                guild=guild_id,
                day=day,
            )

    async def daily_puzzles(self, guild_id: int) -> list[DailyPuzzle]:
        rows = await self._dialect.fetch(
            "SELECT guild_id, day, puzzle_id, channel_id, message_id FROM daily_puzzles"
            " WHERE guild_id = :guild ORDER BY day",
            guild=guild_id,
        )
        return [
            DailyPuzzle(
                row["guild_id"], row["day"], row["puzzle_id"], row["channel_id"], row["message_id"]
            )
            for row in rows
        ]

    async def daily_solvers(self, guild_id: int, puzzle_id: str) -> int:
        rows = await self._dialect.fetch(
            "SELECT COUNT(*) AS solvers FROM puzzle_attempts WHERE guild_id = :guild"
            " AND puzzle_id = :puzzle AND daily = 1 AND result = 'solved'",
            guild=guild_id,
            puzzle=puzzle_id,
        )
        return int(rows[0]["solvers"])


# A puzzle's rating is fixed; as an opponent it counts as well known.
PUZZLE_RD = 60.0
_TRY_COLUMNS = "user_id, puzzle_id, variant, guild_id, daily, plies, result"
_STANDING_COUNTS = "solved, failed, streak, best_streak"


def _puzzle_try(row: Row) -> PuzzleTry:
    return PuzzleTry(
        row["user_id"],
        row["puzzle_id"],
        row["variant"],
        row["guild_id"],
        bool(row["daily"]),
        row["plies"],
        row["result"],
    )


def _standing(row: Row, now: float) -> PuzzleStanding:
    """A puzzle_ratings row with the deviation as of ``now``."""
    return PuzzleStanding(
        row["rating"],
        rating_as_of(row, now).rd,
        row["solved"],
        row["failed"],
        row["streak"],
        row["best_streak"],
    )
