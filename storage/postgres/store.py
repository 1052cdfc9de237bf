"""``PostgresStore``: ``Store``'s methods and records on PostgreSQL, for several processes.

A pool gives each call its own connection and one transaction; nothing is
shared between coroutines, so there is no in-process lock. Races between
processes are decided by the database: the ``(game_id, seq)`` key and the
game row locked ``FOR UPDATE`` for an append, the status compare-and-set
for a finish, rating rows locked in user-id order. ``synchronous_commit``
stays ``on``: a call that returns has committed to disk. A server that is
down or restarting makes a call raise :class:`StorageUnavailable`; the pool
reconnects by itself, and so does the listener of :meth:`watch`
(``connections``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import asyncpg

from rules.outcome import Outcome, Reason
from rules.pieces import Color

from ..errors import (
    ChannelBusy,
    GameNotActive,
    GameNotFound,
    SequenceConflict,
    StorageUnavailable,
)
from ..heartbeats import Heartbeats, beat_rows, beat_sql
from ..records import (
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
from ..replays import LogReplays
from ..rows import (
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
from ..shards import Shards
from . import connections
from .schema import migrate

log = logging.getLogger(__name__)

# How long a claimed deadline stays with the process that claimed it.
CLAIM_SECONDS = 30.0
# The channel of change notices: one per schema, as one database may hold several.
CHANNEL = "'chuhan_games.' || current_schema()"
# After the listener was lost, games changed since this long before are read
# again: the processes' clocks, which stamp the changes, may differ a little.
MISSED_MARGIN_SECONDS = 60.0

_PREFS_QUERY = f"SELECT {', '.join(PREF_CHOICES)} FROM prefs WHERE user_id = $1"


class PostgresStore(LogReplays, Heartbeats):
    """Games, their logs and secrets, players, ratings, settings and challenges."""

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float]) -> None:
        self._pool = pool
        self._clock = clock
        # Signs this store's change notices, so that it does not hear its own.
        self._token = secrets.token_hex(8)
        self._listener: tuple[asyncpg.Connection, str] | None = None
        self._changed_elsewhere: Callable[[int], None] = lambda _game_id: None  # see watch
        # When the listening connection was lost, until it listens again and
        # the games changed meanwhile were reported.
        self._deaf_since: float | None = None

    @classmethod
    async def open(
        cls,
        dsn: str,
        *,
        clock: Callable[[], float] = time.time,
        min_size: int = 1,
        max_size: int = 10,
    ) -> Self:
        """Connect a pool to ``dsn`` (``postgresql://…``) and migrate the database."""
        pool = await asyncpg.create_pool(
            dsn,
            min_size=min_size,
            max_size=max_size,
            timeout=connections.CONNECT_SECONDS,
            command_timeout=connections.WAIT_SECONDS,
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, clock)

    async def close(self) -> None:
        if self._listener is not None:
            conn, channel = self._listener
            self._listener = None
            with contextlib.suppress(*connections.FAULTS):  # the server is gone already
                await conn.remove_listener(channel, self._heard)
            await self._pool.release(conn)
        await self._pool.close()

    async def watch(self, changed: Callable[[int], None]) -> None:
        """Call ``changed(game_id)`` whenever another process commits a change to
        a game (an entry, an ending, a clock, a secret setup): it holds the game
        in memory and must read it again. One connection of the pool listens
        for the rest of the store's life; if the server drops it, the next
        call listens again and reports every game changed in between."""
        self._changed_elsewhere = changed
        await self._listen()

    async def _listen(self) -> None:
        conn = await connections.acquire(self._pool)
        try:
            channel = await conn.fetchval(f"SELECT {CHANNEL}")
            await conn.add_listener(channel, self._heard)
        except BaseException as exc:
            await self._pool.release(conn)
            if connections.is_fault(exc, conn):
                raise connections.unavailable(exc) from exc
            raise
        conn.add_termination_listener(self._deafened)
        self._listener = (conn, channel)

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        token, _, game = payload.partition(" ")
        if token != self._token and game.isdigit():
            self._changed_elsewhere(int(game))

    def _deafened(self, conn: asyncpg.Connection) -> None:
        """The listening connection closed (the pool takes it back by itself)."""
        if self._listener is not None and self._listener[0] is conn:
            self._listener = None
            self._deaf_since = self._clock()
            log.warning("lost the connection that hears other processes; will listen again")

    async def _hear_again(self) -> None:
        """Listen again after the listener was lost, then report the games
        changed meanwhile; left for a later call while the server is away."""
        since, self._deaf_since = self._deaf_since, None  # one call at a time tries
        if since is None:
            return
        try:
            if self._listener is None:
                await self._listen()
            rows = await connections.fetch(
                self._pool,
                "SELECT id FROM games WHERE updated_at >= $1 ORDER BY id",
                since - MISSED_MARGIN_SECONDS,
            )
        except StorageUnavailable:
            self._deaf_since = since if self._deaf_since is None else min(since, self._deaf_since)
            return
        log.info("listening again to other processes; %d games to read again", len(rows))
        for row in rows:
            self._changed_elsewhere(row["id"])

    async def _changed(self, conn: asyncpg.Connection, game_id: int) -> None:
        """Tell the other processes, once this transaction commits, that the game changed."""
        await conn.execute(f"SELECT pg_notify({CHANNEL}, $1)", f"{self._token} {game_id}")

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing -------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self, *, write: bool = True) -> AsyncIterator[asyncpg.Connection]:
        """One connection of the pool in one transaction; reads see one snapshot.
        :raises StorageUnavailable: when the server fails it."""
        await self._hear_again()
        options = {} if write else {"isolation": "repeatable_read", "readonly": True}
        async with connections.transaction(self._pool, **options) as conn:
            yield conn

    async def _query(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        """A single read statement (atomic on its own). :raises StorageUnavailable:"""
        await self._hear_again()
        return await connections.fetch(self._pool, sql, *params)

    @staticmethod
    async def _ensure_players(conn: asyncpg.Connection, ids: Iterable[int], now: float) -> None:
        # Sorted: two transactions creating the same players lock them in one order.
        await conn.executemany(
            "INSERT INTO players (id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [(user_id, now) for user_id in sorted(set(ids))],
        )

    # -- games and their logs -------------------------------------------------

    async def create_game(self, new: NewGame) -> int:
        """Store a new active game and its secret setup; returns the game id.

        :raises ValueError: for a rated handicap game (S-10: never rated).
        :raises ChannelBusy: when the channel already holds an active game.
        """
        options, secret = checked_new_game(new)
        now = self._clock()
        try:
            async with self._transaction() as conn:
                await self._ensure_players(conn, (new.red_id, new.black_id), now)
                game_id = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, variant, red_id, black_id, options,"
                    " rated, created_at, updated_at, red_ms, black_ms, deadline)"
                    " VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8, $9, $10, $11)"
                    " RETURNING id",
                    new.guild_id,
                    new.channel_id,
                    new.variant,
                    new.red_id,
                    new.black_id,
                    options,
                    bool(new.rated),
                    now,
                    new.red_ms,
                    new.black_ms,
                    new.deadline,
                )
                await conn.execute(
                    "INSERT INTO secrets (game_id, seed, setup) VALUES ($1, $2, $3::jsonb)",
                    game_id,
                    str(int(new.seed)),
                    secret,
                )
        except asyncpg.UniqueViolationError as exc:  # the one-active-game-per-channel index
            raise ChannelBusy(new.channel_id) from exc
        return int(game_id)

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

        The game row is locked first, so appends and finishes of one game
        run one after the other; the ``(game_id, seq)`` key is the last word.
        See :meth:`storage.Store.append`.

        :raises SequenceConflict: when ``seq`` is not the next free number.
        :raises GameNotActive: when the game is already over.
        """
        text = entry_text(text)
        now = self._clock()
        try:
            async with self._transaction() as conn:
                status = await conn.fetchval(
                    "SELECT status FROM games WHERE id = $1 FOR UPDATE", game_id
                )
                if status is None:
                    raise GameNotFound(game_id)
                if status != GameStatus.ACTIVE.value:
                    raise GameNotActive(game_id, status)
                expected = await conn.fetchval(
                    "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = $1", game_id
                )
                if seq != expected:
                    raise SequenceConflict(game_id, seq, expected)
                await conn.execute(
                    "INSERT INTO entries (game_id, seq, actor_id, text, at)"
                    " VALUES ($1, $2, $3, $4, $5)",
                    game_id,
                    seq,
                    actor_id,
                    text,
                    now,
                )
                await conn.execute(
                    "UPDATE games SET updated_at = $1, red_ms = COALESCE($2, red_ms),"
                    " black_ms = COALESCE($3, black_ms), deadline = COALESCE($4, deadline),"
                    " reminded = CASE WHEN $4::float8 IS NULL THEN reminded ELSE FALSE END,"
                    " claimed_until = CASE WHEN $4::float8 IS NULL THEN claimed_until END"
                    " WHERE id = $5",
                    now,
                    red_ms,
                    black_ms,
                    deadline,
                    game_id,
                )
                if outcome is not None:
                    await self._finish(conn, game_id, outcome, effective, now)
                await self._changed(conn, game_id)
        except asyncpg.UniqueViolationError as exc:  # (game_id, seq): another writer won
            raise SequenceConflict(game_id, seq, seq + 1) from exc
        return Entry(seq, actor_id, text, now)

    async def set_clock(
        self, game_id: int, *, red_ms: int | None, black_ms: int | None, deadline: float | None
    ) -> None:
        """Set every clock field as given, ``None`` included (no time limit)."""
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE games SET red_ms = $1, black_ms = $2, deadline = $3, reminded = FALSE,"
                " claimed_until = NULL, updated_at = $4 WHERE id = $5",
                red_ms,
                black_ms,
                deadline,
                self._clock(),
                game_id,
            )
            await self._changed(conn, game_id)

    async def set_reminded(self, game_id: int) -> None:
        """Mark the current deadline's reminder DM as sent (S-8 survives restarts)."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET reminded = TRUE WHERE id = $1", game_id)

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with its whole public log. :raises GameNotFound:"""
        records = await self._records("id = $1", (game_id,))
        if not records:
            raise GameNotFound(game_id)
        return records[0]

    async def set_secret(self, game_id: int, secret: Secret) -> None:
        """Replace the seed and setup of a game that has no entry yet (a setup
        chosen privately before the first move, as in third-generation xiangqi).
        The game row is locked as by :meth:`append`, so no entry slips in between.

        :raises GameNotActive: once the game has an entry or is over.
        """
        async with self._transaction() as conn:
            row = await conn.fetchrow(
                "SELECT status, (SELECT COUNT(*) FROM entries WHERE game_id = games.id)"
                " FROM games WHERE id = $1 FOR UPDATE",
                game_id,
            )
            if row is None:
                raise GameNotFound(game_id)
            status, entries = row
            if status != GameStatus.ACTIVE.value or entries:
                raise GameNotActive(game_id, status)
            await conn.execute(
                "UPDATE secrets SET seed = $1, setup = $2::jsonb WHERE game_id = $3",
                str(int(secret.seed)),
                setup_json(secret.setup),
                game_id,
            )
            await self._changed(conn, game_id)

    async def load_secret(self, game_id: int) -> Secret:
        """The seed and secret setup: for rebuilding, never for showing mid-game."""
        rows = await self._query("SELECT seed, setup FROM secrets WHERE game_id = $1", game_id)
        if not rows:
            raise GameNotFound(game_id)
        return secret_record(rows[0])

    async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool:
        """End an active game with ``outcome``; False when it had already ended.
        See :meth:`storage.Store.finish_game`."""
        async with self._transaction() as conn:
            finished = await self._finish(conn, game_id, outcome, effective, self._clock())
            if finished:
                await self._changed(conn, game_id)
            return finished

    async def _finish(
        self,
        conn: asyncpg.Connection,
        game_id: int,
        outcome: Outcome,
        effective: bool,
        now: float,
    ) -> bool:
        aborted = outcome.reason is Reason.ABORTED
        status = GameStatus.ABORTED if aborted else GameStatus.FINISHED
        # The UPDATE locks the game row; a second finisher waits for it, then
        # finds the status changed and updates nothing.
        game = await conn.fetchrow(
            "UPDATE games SET status = $1, result = $2, reason = $3, finished_at = $4,"
            " updated_at = $4, deadline = NULL WHERE id = $5 AND status = 'active'"
            " RETURNING guild_id, variant, red_id, black_id, rated",
            status.value,
            outcome.result,
            outcome.reason.value,
            now,
            game_id,
        )
        if game is None:
            return False
        if not aborted:
            await self._score(conn, game, outcome, effective, now)
        return True

    async def _score(
        self,
        conn: asyncpg.Connection,
        game: asyncpg.Record,
        outcome: Outcome,
        effective: bool,
        now: float,
    ) -> None:
        """Counts, ratings and the guild board for a finished game."""
        variant = game["variant"]
        players = {Color.RED: game["red_id"], Color.BLACK: game["black_id"]}
        rate = game["rated"] and effective  # create_game keeps handicaps unrated
        ids = sorted(set(players.values()))
        await self._ensure_players(conn, ids, now)
        await conn.executemany(
            "INSERT INTO ratings (user_id, variant) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [(user_id, variant) for user_id in ids],
        )
        # Locked in user-id order: two games finishing at once for one player
        # are rated one after the other, and never deadlock each other.
        rows = await conn.fetch(
            "SELECT user_id, rating, rd, volatility, rated_at FROM ratings"
            " WHERE user_id = ANY($1::bigint[]) AND variant = $2 ORDER BY user_id FOR UPDATE",
            ids,
            variant,
        )
        # Both players as of now: the periods each sat out widen their deviation.
        current = {r["user_id"]: rating_as_of(r, now) for r in rows}
        scores = game_scores(outcome, {c: current[u] for c, u in players.items()}, rate)
        for color, user_id in sorted(players.items(), key=lambda item: item[1]):
            score, after = scores[color]
            await conn.execute(
                "UPDATE ratings SET wins = wins + $1, draws = draws + $2, losses = losses + $3,"
                " rating = COALESCE($4, rating), rd = COALESCE($5, rd),"
                " volatility = COALESCE($6, volatility), rated_games = rated_games + $7,"
                " rated_at = COALESCE($8, rated_at) WHERE user_id = $9 AND variant = $10",
                int(score == 1.0),
                int(score == 0.5),
                int(score == 0.0),
                after and after.rating,
                after and after.rd,
                after and after.volatility,
                int(bool(rate)),
                now if rate else None,
                user_id,
                variant,
            )
            if game["guild_id"] is not None:
                await conn.execute(
                    "INSERT INTO guild_players (guild_id, variant, user_id) VALUES ($1, $2, $3)"
                    " ON CONFLICT DO NOTHING",
                    game["guild_id"],
                    variant,
                    user_id,
                )
            await conn.execute(
                "UPDATE guild_players AS g SET rating = (SELECT rating FROM ratings AS r"
                " WHERE r.user_id = g.user_id AND r.variant = g.variant AND r.rated_games > 0)"
                " WHERE g.user_id = $1 AND g.variant = $2",
                user_id,
                variant,
            )

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        records = await self._records("channel_id = $1 AND status = 'active'", (channel_id,))
        return records[0] if records else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The last game played in a channel or thread, over or not."""
        records = await self._records("channel_id = $1 ORDER BY id DESC LIMIT 1", (channel_id,))
        return records[0] if records else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        """The game of a channel or thread that finished last, if any."""
        records = await self._records(
            "channel_id = $1 AND status = 'finished' ORDER BY finished_at DESC, id DESC LIMIT 1",
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
            " AND ((red_id = $1 AND black_id = $2) OR (red_id = $2 AND black_id = $1))"
            " ORDER BY id",
            user_id,
            other_id,
        )
        return [
            (
                json.loads(row["options"]),
                Color.RED if row["red_id"] == user_id else Color.BLACK,
                row["result"],
            )
            for row in rows
        ]

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Every active game (of ``shards``' guilds), for re-arming timers after a restart."""
        where, params = _in_shards(shards, first=1)
        return await self._records(f"status = 'active' AND {where} ORDER BY id", params)

    async def games_due(self, now: float) -> list[GameRecord]:
        """Active games whose deadline has passed, soonest first."""
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL AND deadline <= $1 ORDER BY deadline, id",
            (now,),
        )

    async def claim_due(
        self, now: float, shards: Shards | None = None, lease: float = CLAIM_SECONDS
    ) -> list[int]:
        """Claim the due games of ``shards``' guilds for this process to time out.

        Rows another process is claiming at this moment are skipped (``FOR
        UPDATE SKIP LOCKED``), and a claim holds for ``lease`` seconds, so
        two processes sweeping at once never both get a game; a new deadline
        ends the claim. The ``(game_id, seq)`` key still refuses a second
        timeout should a claim outlive its lease.
        """
        where, params = _in_shards(shards, first=3)
        async with self._transaction() as conn:
            rows = await conn.fetch(
                "UPDATE games SET claimed_until = $1 + $2 WHERE id IN (SELECT id FROM games"
                " WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= $1"
                " AND (claimed_until IS NULL OR claimed_until <= $1)"
                f" AND {where}"
                " ORDER BY deadline, id FOR UPDATE SKIP LOCKED) RETURNING id, deadline",
                now,
                lease,
                *params,
            )
        return [row["id"] for row in sorted(rows, key=lambda r: (r["deadline"], r["id"]))]

    async def next_deadlines(self, limit: int) -> list[GameRecord]:
        """The active games whose clock runs out next, soonest first."""
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL ORDER BY deadline, id LIMIT $1", (limit,)
        )

    async def recent_games(self, user_id: int, limit: int = 10) -> list[GameRecord]:
        """The player's finished games, latest first."""
        return await self._records(
            "id IN (SELECT id FROM games WHERE red_id = $1 UNION ALL"
            " SELECT id FROM games WHERE black_id = $1) AND status = 'finished'"
            " ORDER BY finished_at DESC, id DESC LIMIT $2",
            (user_id, limit),
        )

    async def _records(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        """Games matching ``where`` with their logs, read from one snapshot."""
        async with self._transaction(write=False) as conn:
            rows = await conn.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *params)
            ids = [row["id"] for row in rows]
            entries: dict[int, list[Entry]] = {game_id: [] for game_id in ids}
            if ids:
                for e in await conn.fetch(
                    "SELECT game_id, seq, actor_id, text, at FROM entries"
                    " WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seq",
                    ids,
                ):
                    entries[e["game_id"]].append(Entry(e["seq"], e["actor_id"], e["text"], e["at"]))
        return [game_record(row, tuple(entries[row["id"]])) for row in rows]

    # -- players and preferences ----------------------------------------------

    async def upsert_player(self, user_id: int, name: str) -> None:
        """Record a player's current display name."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO players (id, name, created_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                user_id,
                name,
                self._clock(),
            )

    async def player_name(self, user_id: int) -> str | None:
        rows = await self._query("SELECT name FROM players WHERE id = $1", user_id)
        return rows[0]["name"] if rows and rows[0]["name"] else None

    async def get_prefs(self, user_id: int) -> Prefs:
        """The player's preferences; the defaults for a player never seen."""
        rows = await self._query(_PREFS_QUERY, user_id)
        return prefs_record(rows[0]) if rows else Prefs()

    async def set_prefs(self, user_id: int, **changes: object) -> Prefs:
        """Change some preferences; returns them all.

        :raises ValueError: for an unknown preference or a value it cannot take.
        """
        check_prefs(changes)
        async with self._transaction() as conn:
            await self._ensure_players(conn, (user_id,), self._clock())
            await conn.execute(
                "INSERT INTO prefs (user_id) VALUES ($1) ON CONFLICT DO NOTHING", user_id
            )
            for key, value in changes.items():  # keys checked against PREF_CHOICES above
                await conn.execute(
                    f"UPDATE prefs SET {key} = $1 WHERE user_id = $2", value, user_id
                )
            row = await conn.fetchrow(_PREFS_QUERY, user_id)
        return prefs_record(row)

    async def set_locale(self, user_id: int, locale: str) -> None:
        """Remember a player's Discord locale, to speak to them after a restart."""
        async with self._transaction() as conn:
            await self._ensure_players(conn, (user_id,), self._clock())
            await conn.execute("UPDATE players SET locale = $1 WHERE id = $2", locale, user_id)

    async def player_locale(self, user_id: int) -> str | None:
        rows = await self._query("SELECT locale FROM players WHERE id = $1", user_id)
        return rows[0]["locale"] if rows else None

    # -- notices --------------------------------------------------------------

    async def notified(self, game_id: int) -> int | None:
        """How many entries of the game had their notice handled (``None``: not the start)."""
        rows = await self._query("SELECT notified FROM games WHERE id = $1", game_id)
        return rows[0]["notified"] if rows else None

    async def unnotified_endings(self, since: float) -> list[GameRecord]:
        """Games over since ``since`` whose end was never announced to the players."""
        return await self._records(
            "status IN ('finished', 'aborted') AND finished_at >= $1 AND coalesce(notified, -1)"
            " < (SELECT count(*) FROM entries AS e WHERE e.game_id = games.id) ORDER BY id",
            (since,),
        )

    async def set_notified(self, game_id: int, count: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET notified = $1 WHERE id = $2", count, game_id)

    # -- heartbeats (the time the bot was away) -----------------------------------

    async def beat(self, shards: Shards, at: float) -> None:
        """Note that ``shards`` are served at ``at``."""
        async with self._transaction() as conn:
            await conn.executemany(beat_sql("$1, $2, $3"), beat_rows(shards, at))

    async def give_back(self, shards: Shards, since: float, seconds: float) -> list[int]:
        """Move on by ``seconds`` the deadlines of ``shards``' games still
        running at ``since``; the games changed."""
        where, params = _in_shards(shards, first=3)
        async with self._transaction() as conn:
            rows = await conn.fetch(
                "UPDATE games SET deadline = deadline + $1 WHERE status = 'active'"
                f" AND deadline IS NOT NULL AND deadline > $2 AND {where} RETURNING id",
                seconds,
                since,
                *params,
            )
        return sorted(row["id"] for row in rows)

    # -- guild settings -------------------------------------------------------

    async def get_guild_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        rows = await self._query(
            "SELECT value FROM guild_settings WHERE guild_id = $1 AND key = $2", guild_id, key
        )
        return json.loads(rows[0]["value"]) if rows else default

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store any JSON value; ``None`` removes the setting."""
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM guild_settings WHERE guild_id = $1 AND key = $2", guild_id, key
                )
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value) VALUES ($1, $2, $3::jsonb)"
                    " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    guild_id,
                    key,
                    json.dumps(value),
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
        async with self._transaction() as conn:
            challenge_id = await conn.fetchval(
                "INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,"
                " opponent_id, variant, options, rated, color, created_at, expires_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11) RETURNING id",
                guild_id,
                channel_id,
                message_id,
                challenger_id,
                opponent_id,
                variant,
                options_json,
                bool(rated),
                color,
                now,
                expires_at,
            )
        return Challenge(
            int(challenge_id),
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
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = $1 WHERE id = $2", message_id, challenge_id
            )

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1", challenge_id
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
        async with self._transaction() as conn:
            done = await conn.fetchval(
                "UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3 RETURNING id",
                new.value,
                challenge_id,
                old.value,
            )
        return done is not None

    async def open_challenges(self, challenger_id: int, now: float) -> list[Challenge]:
        """The challenger's pending challenges that have not expired, oldest first."""
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE challenger_id = $1"
            " AND status = 'pending' AND expires_at > $2 ORDER BY expires_at, id",
            challenger_id,
            now,
        )
        return [challenge_record(row) for row in rows]

    async def expired_challenges(self, now: float) -> list[Challenge]:
        """Pending challenges past their expiry, oldest first."""
        rows = await self._query(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges"
            " WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at, id",
            now,
        )
        return [challenge_record(row) for row in rows]

    # -- ratings and statistics -----------------------------------------------

    async def leaderboard(
        self, variant: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderRow]:
        """The best rated players of ``variant``, globally or among those who
        finished a game of it in ``guild_id``; read in order from an index."""
        if guild_id is None:
            rows = await self._query(
                "SELECT r.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM ratings AS r JOIN players AS p ON p.id = r.user_id"
                " WHERE r.variant = $1 AND r.rated_games > 0"
                " ORDER BY r.rating DESC, r.user_id LIMIT $2",
                variant,
                limit,
            )
        else:
            rows = await self._query(
                "SELECT g.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM guild_players AS g"
                " JOIN ratings AS r ON r.user_id = g.user_id AND r.variant = g.variant"
                " JOIN players AS p ON p.id = g.user_id"
                " WHERE g.guild_id = $1 AND g.variant = $2 AND g.rating IS NOT NULL"
                " ORDER BY g.rating DESC, g.user_id LIMIT $3",
                guild_id,
                variant,
                limit,
            )
        return leader_rows(rows, self._clock())

    async def player_stats(self, user_id: int) -> list[VariantStats]:
        """The player's rating and record in every variant they finished a game of."""
        rows = await self._query(
            "SELECT variant, rating, rd, volatility, rated_at, rated_games, wins, draws, losses"
            " FROM ratings WHERE user_id = $1 ORDER BY variant",
            user_id,
        )
        return variant_stats(rows, self._clock())


def _in_shards(shards: Shards | None, first: int) -> tuple[str, tuple[Any, ...]]:
    """A condition on ``games.guild_id`` for the guilds of ``shards`` (all when
    ``None``), numbering its parameters from ``$first``."""
    if shards is None:
        return "TRUE", ()
    return (
        f"COALESCE((guild_id >> 22) % ${first}, 0) = ANY(${first + 1}::bigint[])",
        (shards.count, sorted(shards.ids)),
    )
