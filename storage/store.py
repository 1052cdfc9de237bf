"""``Store``: the one object the bot talks to about anything that must persist.

One SQLite file, one connection per process. Every public method runs under
an ``asyncio.Lock`` so coroutines sharing the connection never interleave
inside each other's transactions; writes take SQLite's write lock up front
(``BEGIN IMMEDIATE``) so several processes on one file serialise cleanly.
A method that returns has committed: the bot may announce what it stored.
A lock held too long by another process, a full disk or an I/O error
raises :class:`StorageUnavailable` after rolling back: nothing changed, and
the next call simply tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import aiosqlite

from rules.outcome import Outcome, Reason
from rules.pieces import Color

from .errors import (
    ChannelBusy,
    GameNotActive,
    GameNotFound,
    SequenceConflict,
    StorageUnavailable,
)
from .heartbeats import Heartbeats, beat_rows, beat_sql
from .ratings import Rating
from .records import (
    Challenge,
    ChallengeStatus,
    Entry,
    GameRecord,
    GameStatus,
    LeaderRow,
    NewGame,
    Prefs,
    Secret,
    VariantStats,
)
from .replays import LogReplays
from .rows import (
    CHALLENGE_COLUMNS,
    GAME_COLUMNS,
    PREF_CHOICES,
    challenge_record,
    check_prefs,
    checked_challenge,
    checked_new_game,
    entry_text,
    game_record,
    game_scores,
    leader_rows,
    prefs_record,
    rating_as_of,
    secret_record,
    setup_json,
    variant_stats,
)
from .schema import migrate
from .shards import Shards

log = logging.getLogger(__name__)

_PREFS_QUERY = f"SELECT {', '.join(PREF_CHOICES)} FROM prefs WHERE user_id = ?"

# How long a write waits for another process's lock before it is refused:
# far longer than any of our own transactions, short enough for a user to wait.
BUSY_TIMEOUT_MS = 10_000

# SQLite's primary result codes that mean "the file cannot be written now",
# not "this request is wrong": busy/locked, I/O error, full, cannot open.
_FAULTS = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
    }
)


class Store(LogReplays, Heartbeats):
    """Games, their logs and secrets, players, ratings, settings and challenges."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time
    ) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        ``clock`` gives the unix time stamped on rows; tests pass their own.
        """
        _create_private(path)
        db = await aiosqlite.connect(os.fspath(path), isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            # Fetched to the end so that no statement stays in progress.
            await db.execute_fetchall(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
            await _enable_wal(db)
            # FULL: a commit is on disk before append returns, so a move the
            # bot announced survives a power cut too (docs/storage.md).
            await db.execute_fetchall("PRAGMA synchronous = FULL")
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, clock)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def watch(self, changed: Callable[[int], None]) -> None:
        """Nothing to hear: a SQLite file serves one process, so no other process
        changes its games (PostgreSQL's store calls ``changed`` for those)."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing -------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed on exit, rolled back on any exception.

        A task cancelled while its COMMIT is queued may still have committed
        (the worker thread runs it anyway); callers then see a
        ``SequenceConflict`` on their next append and reload, as after any race.

        :raises StorageUnavailable: for a fault of the file (:data:`_FAULTS`).
        """
        async with self._lock, _faults_refused():
            await self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with contextlib.suppress(sqlite3.OperationalError):  # already ended
                        await self._db.execute("ROLLBACK")
                raise

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """A single read statement (atomic on its own)."""
        async with self._lock, _faults_refused():
            return list(await self._db.execute_fetchall(sql, params))

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Any:
        async with db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    @staticmethod
    async def _ensure_players(db: aiosqlite.Connection, ids: Iterable[int], now: float) -> None:
        await db.executemany(
            "INSERT OR IGNORE INTO players (id, created_at) VALUES (?, ?)",
            [(user_id, now) for user_id in ids],
        )

    # -- games and their logs -------------------------------------------------

    async def create_game(self, new: NewGame) -> int:
        """Store a new active game and its secret setup; returns the game id.

        :raises ValueError: for a rated handicap game (S-10: never rated).
        :raises ChannelBusy: when the channel already holds an active game.
        """
        options, secret = checked_new_game(new)
        now = self._clock()
        async with self._transaction(write=True) as db:
            busy = await self._one(
                db,
                "SELECT 1 FROM games WHERE channel_id = ? AND status = 'active'",
                (new.channel_id,),
            )
            if busy:
                raise ChannelBusy(new.channel_id)
            await self._ensure_players(db, (new.red_id, new.black_id), now)
            cursor = await db.execute(
                "INSERT INTO games (guild_id, channel_id, variant, red_id, black_id, options,"
                " rated, created_at, updated_at, red_ms, black_ms, deadline)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new.guild_id,
                    new.channel_id,
                    new.variant,
                    new.red_id,
                    new.black_id,
                    options,
                    int(new.rated),
                    now,
                    now,
                    new.red_ms,
                    new.black_ms,
                    new.deadline,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await db.execute(
                "INSERT INTO secrets (game_id, seed, setup) VALUES (?, ?, ?)",
                (game_id, str(int(new.seed)), secret),
            )
        return game_id

    async def append(
        self,
        game_id: int,
        seq: int,
        actor_id: int | None,
        text: str,
        *,
        red_ms: int | None = None,
        black_ms: int | None = None,
        deadline: float | None = None,
        outcome: Outcome | None = None,
        effective: bool = False,
    ) -> Entry:
        """Commit entry ``seq`` of an active game, with the clocks it leaves.

        Clock arguments left ``None`` keep their stored value (clear a
        deadline with :meth:`set_clock`); a new deadline re-arms the reminder.
        Pass the ``outcome`` (and ``effective``) when this entry ends the
        game: the game is then finished as by :meth:`finish_game` in the same
        transaction, so no crash can leave an ended log in an active game.

        :raises SequenceConflict: when ``seq`` is not the next free number.
        :raises GameNotActive: when the game is already over.
        """
        text = entry_text(text)
        now = self._clock()
        async with self._transaction(write=True) as db:
            row = await self._one(
                db,
                "SELECT status, (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries"
                " WHERE game_id = games.id) FROM games WHERE id = ?",
                (game_id,),
            )
            if row is None:
                raise GameNotFound(game_id)
            status, expected = row
            if status != GameStatus.ACTIVE.value:
                raise GameNotActive(game_id, status)
            if seq != expected:
                raise SequenceConflict(game_id, seq, expected)
            await db.execute(
                "INSERT INTO entries (game_id, seq, actor_id, text, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, actor_id, text, now),
            )
            await db.execute(
                "UPDATE games SET updated_at = ?, red_ms = COALESCE(?, red_ms),"
                " black_ms = COALESCE(?, black_ms), deadline = COALESCE(?, deadline),"
                " reminded = CASE WHEN ? IS NULL THEN reminded ELSE 0 END WHERE id = ?",
                (now, red_ms, black_ms, deadline, deadline, game_id),
            )
            if outcome is not None:
                await self._finish(db, game_id, outcome, effective, now)
        return Entry(seq, actor_id, text, now)

    async def set_clock(
        self, game_id: int, *, red_ms: int | None, black_ms: int | None, deadline: float | None
    ) -> None:
        """Set every clock field as given, ``None`` included (no time limit)."""
        async with self._transaction(write=True) as db:
            await db.execute(
                "UPDATE games SET red_ms = ?, black_ms = ?, deadline = ?, reminded = 0,"
                " updated_at = ? WHERE id = ?",
                (red_ms, black_ms, deadline, self._clock(), game_id),
            )

    async def set_reminded(self, game_id: int) -> None:
        """Mark the current deadline's reminder DM as sent (S-8 survives restarts)."""
        async with self._transaction(write=True) as db:
            await db.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with its whole public log. :raises GameNotFound:"""
        records = await self._records("id = ?", (game_id,))
        if not records:
            raise GameNotFound(game_id)
        return records[0]

    async def set_secret(self, game_id: int, secret: Secret) -> None:
        """Replace the seed and setup of a game that has no entry yet (a setup
        chosen privately before the first move, as in third-generation xiangqi).

        :raises GameNotActive: once the game has an entry or is over.
        """
        async with self._transaction(write=True) as db:
            row = await self._one(
                db,
                "SELECT status, (SELECT COUNT(*) FROM entries WHERE game_id = games.id)"
                " FROM games WHERE id = ?",
                (game_id,),
            )
            if row is None:
                raise GameNotFound(game_id)
            status, entries = row
            if status != GameStatus.ACTIVE.value or entries:
                raise GameNotActive(game_id, status)
            await db.execute(
                "UPDATE secrets SET seed = ?, setup = ? WHERE game_id = ?",
                (str(int(secret.seed)), setup_json(secret.setup), game_id),
            )

    async def load_secret(self, game_id: int) -> Secret:
        """The seed and secret setup: for rebuilding, never for showing mid-game."""
        rows = await self._query("SELECT seed, setup FROM secrets WHERE game_id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return secret_record(rows[0])

    async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool:
        """End an active game with ``outcome``; False when it had already ended.

        In the same transaction: both players' win/draw/loss counts (unless
        aborted) and, for a rated game whose result is ``effective`` (S-9),
        both Glicko-2 ratings. The compare-and-set on the status makes a race
        (a resignation against the deadline sweep) count the game once.
        """
        async with self._transaction(write=True) as db:
            return await self._finish(db, game_id, outcome, effective, self._clock())

    async def _finish(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        outcome: Outcome,
        effective: bool,
        now: float,
    ) -> bool:
        aborted = outcome.reason is Reason.ABORTED
        status = GameStatus.ABORTED if aborted else GameStatus.FINISHED
        cursor = await db.execute(
            "UPDATE games SET status = ?, result = ?, reason = ?, finished_at = ?,"
            " updated_at = ?, deadline = NULL WHERE id = ? AND status = 'active'",
            (status.value, outcome.result, outcome.reason.value, now, now, game_id),
        )
        if cursor.rowcount != 1:
            return False
        if not aborted:
            await self._score(db, game_id, outcome, effective, now)
        return True

    async def _score(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        outcome: Outcome,
        effective: bool,
        now: float,
    ) -> None:
        """Counts, ratings and the guild board for a finished game."""
        game = await self._one(
            db,
            "SELECT guild_id, variant, red_id, black_id, rated FROM games WHERE id = ?",
            (game_id,),
        )
        variant = game["variant"]
        players = {Color.RED: game["red_id"], Color.BLACK: game["black_id"]}
        rate = bool(game["rated"]) and effective  # create_game keeps handicaps unrated
        await self._ensure_players(db, players.values(), now)
        await db.executemany(
            "INSERT OR IGNORE INTO ratings (user_id, variant) VALUES (?, ?)",
            [(user_id, variant) for user_id in players.values()],
        )
        before: dict[Color, Rating] = {}
        for color, user_id in players.items():
            row = await self._one(
                db,
                "SELECT rating, rd, volatility, rated_at FROM ratings"
                " WHERE user_id = ? AND variant = ?",
                (user_id, variant),
            )
            before[color] = rating_as_of(row, now)
        scores = game_scores(outcome, before, rate)
        for color, user_id in players.items():
            score, after = scores[color]
            await db.execute(
                "UPDATE ratings SET wins = wins + ?, draws = draws + ?, losses = losses + ?,"
                " rating = COALESCE(?, rating), rd = COALESCE(?, rd),"
                " volatility = COALESCE(?, volatility), rated_games = rated_games + ?,"
                " rated_at = COALESCE(?, rated_at)"
                " WHERE user_id = ? AND variant = ?",
                (
                    int(score == 1.0),
                    int(score == 0.5),
                    int(score == 0.0),
                    after and after.rating,
                    after and after.rd,
                    after and after.volatility,
                    int(rate),
                    now if rate else None,
                    user_id,
                    variant,
                ),
            )
            if game["guild_id"] is not None:
                await db.execute(
                    "INSERT OR IGNORE INTO guild_players (guild_id, variant, user_id)"
                    " VALUES (?, ?, ?)",
                    (game["guild_id"], variant, user_id),
                )
            await db.execute(
                "UPDATE guild_players SET rating = (SELECT rating FROM ratings AS r"
                " WHERE r.user_id = guild_players.user_id AND r.variant = guild_players.variant"
                " AND r.rated_games > 0) WHERE user_id = ? AND variant = ?",
                (user_id, variant),
            )

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        records = await self._records("channel_id = ? AND status = 'active'", (channel_id,))
        return records[0] if records else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The last game played in a channel or thread, over or not."""
        records = await self._records("channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return records[0] if records else None

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Every active game (of ``shards``' guilds), for re-arming timers and views
        after a restart."""
        records = await self._records("status = 'active' ORDER BY id", ())
        return [r for r in records if shards is None or shards.owns(r.guild_id)]

    async def games_due(self, now: float) -> list[GameRecord]:
        """Active games whose deadline has passed, soonest first."""
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
            (now,),
        )

    async def claim_due(self, now: float, shards: Shards | None = None) -> list[int]:
        """The due games of ``shards``' guilds, soonest first, for the caller to time out.

        A SQLite file serves one bot process, so there is no other sweeper to
        claim against (``PostgresStore.claim_due`` has one); the ``(game_id,
        seq)`` check in :meth:`append` still refuses a second timeout.
        """
        rows = await self._query(
            "SELECT id, guild_id FROM games WHERE status = 'active' AND deadline IS NOT NULL"
            " AND deadline <= ? ORDER BY deadline, id",
            (now,),
        )
        return [row["id"] for row in rows if shards is None or shards.owns(row["guild_id"])]

    async def next_deadlines(self, limit: int) -> list[GameRecord]:
        """The active games whose clock runs out next, soonest first."""
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL ORDER BY deadline, id LIMIT ?", (limit,)
        )

    async def recent_games(self, user_id: int, limit: int = 10) -> list[GameRecord]:
        """The player's finished games, latest first."""
        return await self._records(
            "id IN (SELECT id FROM games WHERE red_id = ? UNION ALL"
            " SELECT id FROM games WHERE black_id = ?) AND status = 'finished'"
            " ORDER BY finished_at DESC, id DESC LIMIT ?",
            (user_id, user_id, limit),
        )

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        """The game of a channel or thread that finished last, if any."""
        records = await self._records(
            "channel_id = ? AND status = 'finished' ORDER BY finished_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return records[0] if records else None

    async def results_between(
        self, user_id: int, other_id: int
    ) -> list[tuple[dict[str, str], Color, str]]:
        """Finished games of ``user_id`` against ``other_id``: each game's options,
        the side ``user_id`` played and the PGN result (for records by opponent)."""
        rows = await self._query(
            "SELECT options, red_id, result FROM games WHERE status = 'finished'"
            " AND ((red_id = ? AND black_id = ?) OR (red_id = ? AND black_id = ?)) ORDER BY id",
            (user_id, other_id, other_id, user_id),
        )
        return [
            (
                json.loads(row["options"]),
                Color.RED if row["red_id"] == user_id else Color.BLACK,
                row["result"],
            )
            for row in rows
        ]

    async def _records(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        """Games matching ``where`` with their logs, read in one transaction."""
        async with self._transaction(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", params
            )
            ids = [row["id"] for row in rows]
            entries: dict[int, list[Entry]] = {game_id: [] for game_id in ids}
            if ids:
                for e in await db.execute_fetchall(
                    "SELECT game_id, seq, actor_id, text, at FROM entries"
                    " WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seq",
                    (json.dumps(ids),),
                ):
                    entries[e["game_id"]].append(Entry(e["seq"], e["actor_id"], e["text"], e["at"]))
        return [game_record(row, tuple(entries[row["id"]])) for row in rows]

    # -- players and preferences ----------------------------------------------

    async def upsert_player(self, user_id: int, name: str) -> None:
        """Record a player's current display name."""
        async with self._transaction(write=True) as db:
            await db.execute(
                "INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                (user_id, name, self._clock()),
            )

    async def player_name(self, user_id: int) -> str | None:
        rows = await self._query("SELECT name FROM players WHERE id = ?", (user_id,))
        return rows[0]["name"] if rows and rows[0]["name"] else None

    async def get_prefs(self, user_id: int) -> Prefs:
        """The player's preferences; the defaults for a player never seen."""
        rows = await self._query(_PREFS_QUERY, (user_id,))
        return prefs_record(rows[0]) if rows else Prefs()

    async def set_prefs(self, user_id: int, **changes: object) -> Prefs:
        """Change some preferences; returns them all.

        :raises ValueError: for an unknown preference or a value it cannot take.
        """
        check_prefs(changes)
        async with self._transaction(write=True) as db:
            await self._ensure_players(db, (user_id,), self._clock())
            await db.execute("INSERT OR IGNORE INTO prefs (user_id) VALUES (?)", (user_id,))
            for key, value in changes.items():  # keys checked against PREF_CHOICES above
                await db.execute(
                    f"UPDATE prefs SET {key} = ? WHERE user_id = ?",
                    (int(value) if isinstance(value, bool) else value, user_id),
                )
            row = await self._one(db, _PREFS_QUERY, (user_id,))
        return prefs_record(row)

    async def set_locale(self, user_id: int, locale: str) -> None:
        """Remember a player's Discord locale, to speak to them after a restart."""
        async with self._transaction(write=True) as db:
            await self._ensure_players(db, (user_id,), self._clock())
            await db.execute("UPDATE players SET locale = ? WHERE id = ?", (locale, user_id))

    async def player_locale(self, user_id: int) -> str | None:
        rows = await self._query("SELECT locale FROM players WHERE id = ?", (user_id,))
        return rows[0]["locale"] if rows else None

    # -- notices --------------------------------------------------------------

    async def notified(self, game_id: int) -> int | None:
        """How many entries of the game had their notice handled (``None``: not the start)."""
        rows = await self._query("SELECT notified FROM games WHERE id = ?", (game_id,))
        return rows[0]["notified"] if rows else None

    async def unnotified_endings(self, since: float) -> list[GameRecord]:
        """Games over since ``since`` whose end was never announced to the players."""
        return await self._records(
            "status IN ('finished', 'aborted') AND finished_at >= ? AND coalesce(notified, -1)"
            " < (SELECT count(*) FROM entries AS e WHERE e.game_id = games.id) ORDER BY id",
            (since,),
        )

    async def set_notified(self, game_id: int, count: int) -> None:
        async with self._transaction(write=True) as db:
            await db.execute("UPDATE games SET notified = ? WHERE id = ?", (count, game_id))

    # -- heartbeats (the time the bot was away) -----------------------------------

    async def beat(self, shards: Shards, at: float) -> None:
        """Note that ``shards`` are served at ``at``."""
        async with self._transaction(write=True) as db:
            await db.executemany(beat_sql("?, ?, ?"), beat_rows(shards, at))

    async def give_back(self, shards: Shards, since: float, seconds: float) -> list[int]:
        """Move on by ``seconds`` the deadlines of ``shards``' games still
        running at ``since``; the games changed."""
        async with self._transaction(write=True) as db:
            rows = await db.execute_fetchall(
                "SELECT id, guild_id FROM games WHERE status = 'active'"
                " AND deadline IS NOT NULL AND deadline > ?",
                (since,),
            )
            ids = [row["id"] for row in rows if shards.owns(row["guild_id"])]
            await db.executemany(
                "UPDATE games SET deadline = deadline + ? WHERE id = ?",
                [(seconds, game_id) for game_id in ids],
            )
        return ids

    # -- guild settings -------------------------------------------------------

    async def get_guild_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        rows = await self._query(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )
        return json.loads(rows[0]["value"]) if rows else default

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store any JSON value; ``None`` removes the setting."""
        async with self._transaction(write=True) as db:
            if value is None:
                await db.execute(
                    "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
                )
            else:
                await db.execute(
                    "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    (guild_id, key, json.dumps(value)),
                )

    # -- challenges -----------------------------------------------------------

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        variant: str,
        expires_at: float,
        opponent_id: int | None = None,
        options: Mapping[str, str] | None = None,
        rated: bool = True,
        color: str = "random",
        message_id: int | None = None,
    ) -> Challenge:
        """A pending challenge; ``opponent_id=None`` lets anyone accept.

        :raises ValueError: for an unknown colour choice or a rated handicap.
        """
        options = dict(options or {})
        options_json = checked_challenge(options, rated, color)
        now = self._clock()
        async with self._transaction(write=True) as db:
            cursor = await db.execute(
                "INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,"
                " opponent_id, variant, options, rated, color, created_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    message_id,
                    challenger_id,
                    opponent_id,
                    variant,
                    options_json,
                    int(rated),
                    color,
                    now,
                    expires_at,
                ),
            )
            challenge_id = cursor.lastrowid
            assert challenge_id is not None
        return Challenge(
            challenge_id,
            guild_id,
            channel_id,
            message_id,
            challenger_id,
            opponent_id,
            variant,
            options,
            rated,
            color,
            ChallengeStatus.PENDING,
            now,
            expires_at,
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows the challenge (posted after creating it)."""
        async with self._transaction(write=True) as db:
            await db.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,)
        )
        return challenge_record(rows[0]) if rows else None

    async def set_challenge_status(
        self,
        challenge_id: int,
        status: ChallengeStatus | str,
        expected: ChallengeStatus | str = ChallengeStatus.PENDING,
    ) -> bool:
        """Compare-and-set: True only for the one caller that moved it from ``expected``."""
        new, old = ChallengeStatus(status), ChallengeStatus(expected)
        async with self._transaction(write=True) as db:
            cursor = await db.execute(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = ?",
                (new.value, challenge_id, old.value),
            )
            return cursor.rowcount == 1

    async def open_challenges(self, challenger_id: int, now: float) -> list[Challenge]:
        """The challenger's pending challenges that have not expired, oldest first."""
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE challenger_id = ?"
            " AND status = 'pending' AND expires_at > ? ORDER BY expires_at, id",
            (challenger_id, now),
        )
        return [challenge_record(row) for row in rows]

    async def expired_challenges(self, now: float) -> list[Challenge]:
        """Pending challenges past their expiry, oldest first."""
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges"
            " WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at, id",
            (now,),
        )
        return [challenge_record(row) for row in rows]

    # -- ratings and statistics -----------------------------------------------

    async def leaderboard(
        self, variant: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderRow]:
        """The best rated players of ``variant``, globally or among those who
        finished a game of it in ``guild_id``. Both are read in order from an
        index, so the cost does not grow with the number of players."""
        if guild_id is None:
            sql = (
                "SELECT r.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM ratings AS r JOIN players AS p ON p.id = r.user_id"
                " WHERE r.variant = ? AND r.rated_games > 0"
                " ORDER BY r.rating DESC, r.user_id LIMIT ?"
            )
            params: tuple[Any, ...] = (variant, limit)
        else:
            sql = (
                "SELECT g.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM guild_players AS g"
                " JOIN ratings AS r ON r.user_id = g.user_id AND r.variant = g.variant"
                " JOIN players AS p ON p.id = g.user_id"
                " WHERE g.guild_id = ? AND g.variant = ? AND g.rating IS NOT NULL"
                " ORDER BY g.rating DESC, g.user_id LIMIT ?"
            )
            params = (guild_id, variant, limit)
        return leader_rows(await self._query(sql, params), self._clock())

    async def player_stats(self, user_id: int) -> list[VariantStats]:
        """The player's rating and record in every variant they finished a game of."""
        rows = await self._query(
            "SELECT variant, rating, rd, volatility, rated_at, rated_games, wins, draws, losses"
            " FROM ratings WHERE user_id = ? ORDER BY variant",
            (user_id,),
        )
        return variant_stats(rows, self._clock())


@asynccontextmanager
async def _faults_refused() -> AsyncIterator[None]:
    """Turn a fault of the file into :class:`StorageUnavailable` (logged once
    here, without the statement: its parameters may hold a secret setup)."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if exc.sqlite_errorcode & 0xFF not in _FAULTS:
            raise
        log.warning("SQLite refused a transaction: %s", exc.sqlite_errorname)
        raise StorageUnavailable(exc) from exc


def _create_private(path: str | os.PathLike[str]) -> None:
    """Create a new database file readable and writable by its owner only (0600)
    before SQLite creates it with the umask's mode: it holds every secret setup.
    SQLite gives the WAL and shared-memory files the mode of the database file."""
    if os.fspath(path) == ":memory:":
        return
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))  # an existing file is left as it is


async def _enable_wal(db: aiosqlite.Connection, tries: int = 100) -> None:
    """Switch the file to WAL. The switch takes an exclusive lock without
    waiting on ``busy_timeout``, so processes opening a new file at the same
    moment can see "database is locked": try again shortly."""
    for attempt in range(tries):
        try:
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.01)
