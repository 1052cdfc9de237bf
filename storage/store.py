"""``Store``: the one object the bot talks to about anything that must persist.

One SQLite file, one connection per process. Every public method runs under
an ``asyncio.Lock`` so coroutines sharing the connection never interleave
inside each other's transactions; writes take SQLite's write lock up front
(``BEGIN IMMEDIATE``) so several processes on one file serialise cleanly.
A method that returns has committed: the bot may announce what it stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import aiosqlite

from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color

from . import export
from .errors import ChannelBusy, GameNotActive, GameNotFound, SequenceConflict
from .ratings import Rating, updated
from .records import (
    COLOR_CHOICES,
    LANGUAGES,
    NOTATIONS,
    ORIENTATIONS,
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
    is_handicap,
)
from .schema import migrate

MAX_ENTRY_LENGTH = 64

_GAME_COLUMNS = (
    "id, guild_id, channel_id, variant, red_id, black_id, options, rated, status, result,"
    " reason, created_at, updated_at, finished_at, red_ms, black_ms, deadline, reminded"
)
_CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, opponent_id, variant, options,"
    " rated, color, status, created_at, expires_at"
)
_PREF_CHOICES: dict[str, tuple[object, ...]] = {
    "language": LANGUAGES,
    "notation": NOTATIONS,
    "traditional": (False, True),
    "labels": (False, True),
    "orientation": ORIENTATIONS,
    "dm_notifications": (False, True),
}
_PREFS_QUERY = f"SELECT {', '.join(_PREF_CHOICES)} FROM prefs WHERE user_id = ?"


def _options_json(options: Mapping[str, str]) -> str:
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise TypeError("options map strings to strings")
    return json.dumps(dict(options), sort_keys=True, ensure_ascii=False)


def _entry_text(text: str) -> str:
    if not isinstance(text, str) or not 0 < len(text) <= MAX_ENTRY_LENGTH:
        raise ValueError(f"an entry is 1 to {MAX_ENTRY_LENGTH} characters: {text!r}")
    return text


class Store:
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
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            # Fetched to the end so that no statement stays in progress.
            await db.execute_fetchall("PRAGMA busy_timeout = 10000")
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
        """
        async with self._lock:
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
        async with self._lock:
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
        if new.rated and is_handicap(new.options):
            raise ValueError("handicap games are unrated (S-10)")
        options = _options_json(new.options)
        secret = json.dumps(dict(new.secret), sort_keys=True)
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
        text = _entry_text(text)
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

    async def load_secret(self, game_id: int) -> Secret:
        """The seed and secret setup: for rebuilding, never for showing mid-game."""
        rows = await self._query("SELECT seed, setup FROM secrets WHERE game_id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return Secret(int(rows[0]["seed"]), json.loads(rows[0]["setup"]))

    async def rebuild(self, game_id: int) -> Match:
        """The game's current state, replayed from its seed and log."""
        record = await self.load_game(game_id)
        return _replay(record, await self.load_secret(game_id))

    async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool:
        """End an active game with ``outcome``; False when it had already ended.

        In the same transaction: both players' win/draw/loss counts (unless
        aborted) and, for a rated game whose result is ``effective`` (S-9),
        both Glicko-2 ratings. The compare-and-set on the status makes a race
        (a resignation against the deadline sweep) count the game once.
        """
        async with self._transaction(write=True) as db:
            return await self._finish(db, game_id, outcome, effective, self._clock())

    async def settle_ended_games(self) -> list[int]:
        """Finish the active games whose log already holds their end; their ids.

        For start-up: a game whose ending entry was appended without its
        ``outcome`` and whose :meth:`finish_game` never ran (a crash between
        the two) is finished from its replayed log.
        """
        settled = []
        for record in await self.active_games():
            match = _replay(record, await self.load_secret(record.id))
            if match.outcome is not None and await self.finish_game(
                record.id, match.outcome, match.effective
            ):
                settled.append(record.id)
        return settled

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
                "SELECT rating, rd, volatility FROM ratings WHERE user_id = ? AND variant = ?",
                (user_id, variant),
            )
            before[color] = Rating(row["rating"], row["rd"], row["volatility"])
        for color, user_id in players.items():
            score = 0.5 if outcome.winner is None else float(outcome.winner is color)
            after = updated(before[color], [(before[color.other()], score)]) if rate else None
            await db.execute(
                "UPDATE ratings SET wins = wins + ?, draws = draws + ?, losses = losses + ?,"
                " rating = COALESCE(?, rating), rd = COALESCE(?, rd),"
                " volatility = COALESCE(?, volatility), rated_games = rated_games + ?"
                " WHERE user_id = ? AND variant = ?",
                (
                    int(score == 1.0),
                    int(score == 0.5),
                    int(score == 0.0),
                    after and after.rating,
                    after and after.rd,
                    after and after.volatility,
                    int(rate),
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

    async def active_games(self) -> list[GameRecord]:
        """Every active game, for re-arming timers and views after a restart."""
        return await self._records("status = 'active' ORDER BY id", ())

    async def games_due(self, now: float) -> list[GameRecord]:
        """Active games whose deadline has passed, soonest first."""
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
            (now,),
        )

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
                f"SELECT {_GAME_COLUMNS} FROM games WHERE {where}", params
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
        return [_game_record(row, tuple(entries[row["id"]])) for row in rows]

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
        return _prefs(rows[0]) if rows else Prefs()

    async def set_prefs(self, user_id: int, **changes: object) -> Prefs:
        """Change some preferences; returns them all.

        :raises ValueError: for an unknown preference or a value it cannot take.
        """
        for key, value in changes.items():
            choices = _PREF_CHOICES.get(key)
            if choices is None:
                raise ValueError(f"unknown preference {key!r}")
            # 1 == True in Python: a flag takes only bools, and nothing else takes a bool.
            if value not in choices or (isinstance(value, bool) != isinstance(choices[-1], bool)):
                raise ValueError(f"preference {key!r} takes one of {choices}, not {value!r}")
        async with self._transaction(write=True) as db:
            await self._ensure_players(db, (user_id,), self._clock())
            await db.execute("INSERT OR IGNORE INTO prefs (user_id) VALUES (?)", (user_id,))
            for key, value in changes.items():  # keys checked against _PREF_CHOICES above
                await db.execute(
                    f"UPDATE prefs SET {key} = ? WHERE user_id = ?",
                    (int(value) if isinstance(value, bool) else value, user_id),
                )
            row = await self._one(db, _PREFS_QUERY, (user_id,))
        return _prefs(row)

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
        if color not in COLOR_CHOICES:
            raise ValueError(f"colour choice is one of {COLOR_CHOICES}, not {color!r}")
        if rated and is_handicap(options):
            raise ValueError("handicap games are unrated (S-10)")
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
                    _options_json(options),
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
            f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,)
        )
        return _challenge(rows[0]) if rows else None

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

    async def expired_challenges(self, now: float) -> list[Challenge]:
        """Pending challenges past their expiry, oldest first."""
        rows = await self._query(
            f"SELECT {_CHALLENGE_COLUMNS} FROM challenges"
            " WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at, id",
            (now,),
        )
        return [_challenge(row) for row in rows]

    # -- ratings and statistics -----------------------------------------------

    async def leaderboard(
        self, variant: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderRow]:
        """The best rated players of ``variant``, globally or among those who
        finished a game of it in ``guild_id``. Both are read in order from an
        index, so the cost does not grow with the number of players."""
        if guild_id is None:
            sql = (
                "SELECT r.user_id, p.name, r.rating, r.rd, r.wins, r.draws, r.losses"
                " FROM ratings AS r JOIN players AS p ON p.id = r.user_id"
                " WHERE r.variant = ? AND r.rated_games > 0"
                " ORDER BY r.rating DESC, r.user_id LIMIT ?"
            )
            params: tuple[Any, ...] = (variant, limit)
        else:
            sql = (
                "SELECT g.user_id, p.name, r.rating, r.rd, r.wins, r.draws, r.losses"
                " FROM guild_players AS g"
                " JOIN ratings AS r ON r.user_id = g.user_id AND r.variant = g.variant"
                " JOIN players AS p ON p.id = g.user_id"
                " WHERE g.guild_id = ? AND g.variant = ? AND g.rating IS NOT NULL"
                " ORDER BY g.rating DESC, g.user_id LIMIT ?"
            )
            params = (guild_id, variant, limit)
        rows = await self._query(sql, params)
        return [
            LeaderRow(
                rank,
                row["user_id"],
                row["name"],
                row["rating"],
                row["rd"],
                row["wins"],
                row["draws"],
                row["losses"],
            )
            for rank, row in enumerate(rows, start=1)
        ]

    async def player_stats(self, user_id: int) -> list[VariantStats]:
        """The player's rating and record in every variant they finished a game of."""
        rows = await self._query(
            "SELECT variant, rating, rd, rated_games, wins, draws, losses FROM ratings"
            " WHERE user_id = ? ORDER BY variant",
            (user_id,),
        )
        return [VariantStats(**dict(row)) for row in rows]

    # -- exports --------------------------------------------------------------

    # An export replays the record it loaded rather than calling rebuild: a move
    # committed in between would make the log and the replay disagree.

    async def export_pgn(self, game_id: int) -> str:
        """The game as xqbase-style PGN (S-11); safe to show while it runs."""
        record = await self.load_game(game_id)
        match = _replay(record, await self.load_secret(game_id))
        red, black = await self._names(record)
        return export.pgn(record, match.game, red, black)

    async def export_json(self, game_id: int) -> str:
        """Every entry, the players, options and result; the secrets only once over."""
        record = await self.load_game(game_id)
        secret = await self.load_secret(game_id)
        match = _replay(record, secret)
        red, black = await self._names(record)
        over = record.status is not GameStatus.ACTIVE
        return export.game_json(record, red, black, secret if over else None, match)

    async def _names(self, record: GameRecord) -> tuple[str, str]:
        red = await self.player_name(record.red_id)
        black = await self.player_name(record.black_id)
        return red or str(record.red_id), black or str(record.black_id)


def _replay(record: GameRecord, secret: Secret) -> Match:
    """The state of ``record``'s game: its log replayed from the secret seed."""
    return Match.replay(
        record.variant, dict(record.options), secret.seed, [e.text for e in record.entries]
    )


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


def _game_record(row: sqlite3.Row, entries: tuple[Entry, ...]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        variant=row["variant"],
        red_id=row["red_id"],
        black_id=row["black_id"],
        options=json.loads(row["options"]),
        rated=bool(row["rated"]),
        status=GameStatus(row["status"]),
        result=row["result"],
        reason=Reason(row["reason"]) if row["reason"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        red_ms=row["red_ms"],
        black_ms=row["black_ms"],
        deadline=row["deadline"],
        reminded=bool(row["reminded"]),
        entries=entries,
    )


def _prefs(row: sqlite3.Row) -> Prefs:
    return Prefs(
        language=row["language"],
        notation=row["notation"],
        traditional=bool(row["traditional"]),
        labels=bool(row["labels"]),
        orientation=row["orientation"],
        dm_notifications=bool(row["dm_notifications"]),
    )


def _challenge(row: sqlite3.Row) -> Challenge:
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        variant=row["variant"],
        options=json.loads(row["options"]),
        rated=bool(row["rated"]),
        color=row["color"],
        status=ChallengeStatus(row["status"]),
        created_at=row["created_at"],
        expires_at=row["expires_at"],
    )
