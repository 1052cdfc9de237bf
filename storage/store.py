"""``SqlStore``: every method of the :class:`~storage.protocol.Store`, written once.

The SQL here is what SQLite and PostgreSQL both run; what they do their own
way (transactions and locks, lists as parameters, claims of due deadlines,
change notices, errors) is the :class:`~storage.dialect.Dialect` the store
was opened on (``SqliteStore``, ``PostgresStore``). Every call is one
transaction: a method that returns has committed, so the bot may announce
what it stored; one that raises :class:`StorageUnavailable` changed nothing
and may simply be called again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

from rules.outcome import Outcome, Reason
from rules.pieces import Color

from .dialect import Connection, Duplicate
from .errors import ChannelBusy, GameNotActive, GameNotFound, SequenceConflict
from .protocol import CLAIM_SECONDS
from .puzzle_calls import PuzzleCalls
from .records import (
    Challenge,
    ChallengeStatus,
    EndgameProgress,
    Entry,
    GameRecord,
    GameStatus,
    LeaderRow,
    NewGame,
    Prefs,
    Secret,
    VariantStats,
    Wake,
)
from .replays import LogReplays
from .rows import (
    CHALLENGE_COLUMNS,
    GAME_COLUMNS,
    PREF_CHOICES,
    Row,
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
from .shards import Shards
from .tournament_calls import TournamentCalls

_PREFS_QUERY = f"SELECT {', '.join(PREF_CHOICES)} FROM prefs WHERE user_id = :user_id"
_DUE = "status = 'active' AND deadline IS NOT NULL AND deadline <= :now"
_NEXT_SEQ = "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = :game_id"
# An entry's values, selected only if it is the next one of its game.
_NEXT_ENTRY = f"SELECT :game_id, :seq, :actor_id, :text, :now WHERE :seq = ({_NEXT_SEQ})"
# The active games to hold in memory by ``:by``: those never let go of, and those waking.
_AWAKE = "id NOT IN (SELECT game_id FROM wakes WHERE wake_at > :by)"


def _check_status(game_id: int, status: str | None) -> None:
    """Refuse an entry for a game that is missing or over."""
    if status is None:
        raise GameNotFound(game_id)
    if status != GameStatus.ACTIVE.value:
        raise GameNotActive(game_id, status)


class SqlStore(LogReplays, PuzzleCalls, TournamentCalls):
    """Games, their logs and secrets, players, ratings, settings and challenges;
    puzzles and tournaments from their own modules."""

    async def close(self) -> None:
        await self._dialect.close()

    async def watch(self, changed: Callable[[int], None]) -> None:
        await self._dialect.watch(changed)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _in_shards(self, shards: Shards | None) -> tuple[str, dict[str, object]]:
        """A condition on ``games.guild_id`` for the guilds of ``shards`` (all
        when ``None``), with its parameters: Discord's formula in SQL."""
        if shards is None:
            return "TRUE", {}
        among = self._dialect.in_list("shard_ids")
        return f"COALESCE((guild_id >> 22) % :shard_count, 0) {among}", {
            "shard_count": shards.count,
            "shard_ids": self._dialect.list_value(sorted(shards.ids)),
        }

    # -- games and their logs -------------------------------------------------

    async def create_game(self, new: NewGame) -> int:
        options, secret = checked_new_game(new)
        now = self._clock()
        try:
            async with self._dialect.transaction(write=True) as conn:
                await self._ensure_players(conn, (new.red_id, new.black_id), now)
                game_id = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, variant, red_id, black_id, options,"
                    " rated, created_at, updated_at, red_ms, black_ms, deadline)"
                    " VALUES (:guild_id, :channel_id, :variant, :red_id, :black_id, :options,"
                    " :rated, :now, :now, :red_ms, :black_ms, :deadline) RETURNING id",
                    guild_id=new.guild_id,
                    channel_id=new.channel_id,
                    variant=new.variant,
                    red_id=new.red_id,
                    black_id=new.black_id,
                    options=options,
                    rated=bool(new.rated),
                    now=now,
                    red_ms=new.red_ms,
                    black_ms=new.black_ms,
                    deadline=new.deadline,
                )
                await conn.execute(
                    "INSERT INTO secrets (game_id, seed, setup) VALUES (:game_id, :seed, :setup)",
                    game_id=game_id,
                    seed=str(int(new.seed)),
                    setup=secret,
                )
        except Duplicate as exc:  # the one-active-game-per-channel index
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
        """The game row is read (and, where processes share the database,
        locked) first, so appends and finishes of one game run one after the
        other; the ``(game_id, seq)`` key is the last word. Where the database
        allows it, an entry that ends nothing is one statement (:meth:`_append_alone`)."""
        text = entry_text(text)
        now = self._clock()
        params = {
            "game_id": game_id,
            "seq": seq,
            "actor_id": actor_id,
            "text": text,
            "now": now,
            "red_ms": red_ms,
            "black_ms": black_ms,
            "deadline": deadline,
        }
        # A new deadline re-arms its reminder.
        moved = (
            "UPDATE games SET updated_at = :now, red_ms = COALESCE(:red_ms, red_ms),"
            " black_ms = COALESCE(:black_ms, black_ms)"
            f"{'' if deadline is None else self._new_deadline} WHERE id = :game_id"
        )  # (the entry wakes the game: schema step 12's trigger)

        async def work(conn: Connection) -> None:
            # The entry goes in only into an active game, as its next one: one
            # round trip for the lock, the checks and the entry; the reads of
            # why not only when it did not.
            inserted = await conn.fetchval(
                f"WITH game AS (SELECT status FROM games WHERE id = :game_id"
                f"{self._dialect.for_update})"
                f" INSERT INTO entries (game_id, seq, actor_id, text, at) {_NEXT_ENTRY}"
                " AND (SELECT status FROM game) = 'active' RETURNING seq",
                **params,
            )
            if inserted is None:
                status = await conn.fetchval(
                    "SELECT status FROM games WHERE id = :game_id", game_id=game_id
                )
                _check_status(game_id, status)
                expected = await conn.fetchval(_NEXT_SEQ, game_id=game_id)
                raise SequenceConflict(game_id, seq, expected)
            await conn.execute(moved, **params)
            if outcome is not None:
                await self._finish(conn, game_id, outcome, effective, now)
            await self._dialect.changed(conn, game_id)

        try:
            if outcome is None and self._dialect.writes_in_with:
                await self._append_alone(moved, params)
            else:  # with the entries of other games arriving meanwhile, where that saves time
                await self._dialect.grouped(work)
        except Duplicate as exc:  # (game_id, seq): another writer won
            raise SequenceConflict(game_id, seq, seq + 1) from exc
        return Entry(seq, actor_id, text, now)

    async def _append_alone(self, moved: str, params: dict[str, Any]) -> None:
        """:meth:`append`'s work as one statement, its own transaction: the
        game row locked, the entry, the game's clocks and the change notice.
        Its parts share one snapshot, so after waiting for another writer of
        the game the entry may take a number already taken: the key refuses
        it (:class:`Duplicate`), as a race lost."""
        rows = await self._dialect.write(
            "WITH game AS (SELECT status FROM games WHERE id = :game_id FOR UPDATE),"
            " entry AS (INSERT INTO entries (game_id, seq, actor_id, text, at)"
            f" {_NEXT_ENTRY} AND (SELECT status FROM game) = 'active' RETURNING seq),"
            f" moved AS ({moved} AND EXISTS (SELECT 1 FROM entry) RETURNING id),"
            f" told AS (SELECT {self._dialect.changed_in('id')} FROM moved)"
            " SELECT (SELECT status FROM game) AS status, (SELECT seq FROM entry) AS inserted,"
            f" ({_NEXT_SEQ}) AS expected, (SELECT COUNT(*) FROM told) AS told",
            **params,
        )
        row = rows[0]
        _check_status(params["game_id"], row["status"])
        if row["inserted"] is None:
            raise SequenceConflict(params["game_id"], params["seq"], row["expected"])

    @property
    def _new_deadline(self) -> str:
        """The SET clause of a new deadline (``:deadline``)."""
        return f", deadline = :deadline, reminded = FALSE{self._dialect.ends_claim}"

    async def set_clock(
        self, game_id: int, *, red_ms: int | None, black_ms: int | None, deadline: float | None
    ) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE games SET red_ms = :red_ms, black_ms = :black_ms,"
                f" updated_at = :now{self._new_deadline} WHERE id = :game_id",
                red_ms=red_ms,
                black_ms=black_ms,
                now=self._clock(),
                deadline=deadline,
                game_id=game_id,
            )
            await self._hold(conn, game_id)
            await self._dialect.changed(conn, game_id)

    @staticmethod
    async def _hold(conn: Connection, game_id: int) -> None:
        """Whoever changes a game holds it in memory: its wake is gone."""
        await conn.execute("DELETE FROM wakes WHERE game_id = :game_id", game_id=game_id)

    async def set_reminded(self, game_id: int) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute("UPDATE games SET reminded = TRUE WHERE id = :id", id=game_id)

    async def load_game(self, game_id: int) -> GameRecord:
        record = await self._first("id = :id", id=game_id)
        if record is None:
            raise GameNotFound(game_id)
        return record

    async def set_secret(self, game_id: int, secret: Secret) -> None:
        """The game row is read (and locked) as by :meth:`append`, so no entry
        slips in between."""
        async with self._dialect.transaction(write=True) as conn:
            row = await conn.fetchrow(
                "SELECT status, (SELECT COUNT(*) FROM entries WHERE game_id = games.id) AS entries"
                f" FROM games WHERE id = :game_id{self._dialect.for_update}",
                game_id=game_id,
            )
            if row is None:
                raise GameNotFound(game_id)
            if row["status"] != GameStatus.ACTIVE.value or row["entries"]:
                raise GameNotActive(game_id, row["status"])
            await conn.execute(
                "UPDATE secrets SET seed = :seed, setup = :setup WHERE game_id = :game_id",
                seed=str(int(secret.seed)),
                setup=setup_json(secret.setup),
                game_id=game_id,
            )
            await self._dialect.changed(conn, game_id)

    async def load_secret(self, game_id: int) -> Secret:
        rows = await self._dialect.fetch(
            "SELECT seed, setup FROM secrets WHERE game_id = :game_id", game_id=game_id
        )
        if not rows:
            raise GameNotFound(game_id)
        return secret_record(rows[0])

    async def save_review(self, game_id: int, body: str) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "INSERT INTO reviews (game_id, body) VALUES (:game_id, :body)"
                " ON CONFLICT (game_id) DO NOTHING",
                game_id=game_id,
                body=body,
            )

    async def load_review(self, game_id: int) -> str | None:
        rows = await self._dialect.fetch(
            "SELECT body FROM reviews WHERE game_id = :game_id", game_id=game_id
        )
        return str(rows[0]["body"]) if rows else None

    async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool:
        async with self._dialect.transaction(write=True) as conn:
            finished = await self._finish(conn, game_id, outcome, effective, self._clock())
            if finished:
                await self._dialect.changed(conn, game_id)
            return finished

    async def _finish(
        self, conn: Connection, game_id: int, outcome: Outcome, effective: bool, now: float
    ) -> bool:
        aborted = outcome.reason is Reason.ABORTED
        status = GameStatus.ABORTED if aborted else GameStatus.FINISHED
        # The compare-and-set on the status counts a game once; on PostgreSQL
        # the UPDATE locks the row, and a second finisher waits for it, then
        # finds the status changed and updates nothing.
        game = await conn.fetchrow(
            "UPDATE games SET status = :status, result = :result, reason = :reason,"
            " finished_at = :now, updated_at = :now, deadline = NULL"
            " WHERE id = :game_id AND status = 'active'"
            " RETURNING guild_id, variant, red_id, black_id, rated",
            status=status.value,
            result=outcome.result,
            reason=outcome.reason.value,
            now=now,
            game_id=game_id,
        )
        if game is None:
            return False
        await self._hold(conn, game_id)
        if not aborted:
            await self._score(conn, game, outcome, effective, now)
        return True

    async def _score(
        self, conn: Connection, game: Row, outcome: Outcome, effective: bool, now: float
    ) -> None:
        """Counts, ratings and the guild board for a finished game."""
        variant = game["variant"]
        players = {Color.RED: game["red_id"], Color.BLACK: game["black_id"]}
        rate = bool(game["rated"]) and effective  # create_game keeps handicaps unrated
        await self._ensure_players(conn, players.values(), now)
        await conn.executemany(
            "INSERT INTO ratings (user_id, variant) VALUES (:user_id, :variant)"
            " ON CONFLICT DO NOTHING",
            [{"user_id": user_id, "variant": variant} for user_id in sorted(set(players.values()))],
        )
        # Locked in user-id order: two games finishing at once for one player
        # are rated one after the other, and never deadlock each other.
        rows = await conn.fetch(
            "SELECT user_id, rating, rd, volatility, rated_at FROM ratings WHERE variant = :variant"
            " AND user_id IN (:red_id, :black_id)"
            f" ORDER BY user_id{self._dialect.for_update}",
            variant=variant,
            red_id=players[Color.RED],
            black_id=players[Color.BLACK],
        )
        # Both players as of now: the periods each sat out widen their deviation.
        current = {row["user_id"]: rating_as_of(row, now) for row in rows}
        scores = game_scores(outcome, {c: current[u] for c, u in players.items()}, rate)
        for color, user_id in sorted(players.items(), key=lambda item: item[1]):
            score, after = scores[color]
            await conn.execute(
                "UPDATE ratings SET wins = wins + :wins, draws = draws + :draws,"
                " losses = losses + :losses, rating = COALESCE(:rating, rating),"
                " rd = COALESCE(:rd, rd), volatility = COALESCE(:volatility, volatility),"
                " rated_games = rated_games + :rated, rated_at = COALESCE(:rated_at, rated_at)"
                " WHERE user_id = :user_id AND variant = :variant",
                wins=int(score == 1.0),
                draws=int(score == 0.5),
                losses=int(score == 0.0),
                rating=after and after.rating,
                rd=after and after.rd,
                volatility=after and after.volatility,
                rated=int(rate),
                rated_at=now if rate else None,
                user_id=user_id,
                variant=variant,
            )
            if game["guild_id"] is not None:
                await conn.execute(
                    "INSERT INTO guild_players (guild_id, variant, user_id)"
                    " VALUES (:guild_id, :variant, :user_id) ON CONFLICT DO NOTHING",
                    guild_id=game["guild_id"],
                    variant=variant,
                    user_id=user_id,
                )
            await conn.execute(
                "UPDATE guild_players SET rating = (SELECT rating FROM ratings AS r"
                " WHERE r.user_id = guild_players.user_id AND r.variant = guild_players.variant"
                " AND r.rated_games > 0) WHERE user_id = :user_id AND variant = :variant",
                user_id=user_id,
                variant=variant,
            )

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._first("channel_id = :channel AND status = 'active'", channel=channel_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._first(
            "channel_id = :channel ORDER BY id DESC LIMIT 1", channel=channel_id
        )

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._first(
            "channel_id = :channel AND status = 'finished' ORDER BY finished_at DESC, id DESC"
            " LIMIT 1",
            channel=channel_id,
        )

    async def results_between(
        self, user_id: int, other_id: int
    ) -> list[tuple[dict[str, str], Color, str]]:
        rows = await self._dialect.fetch(
            "SELECT options, red_id, result FROM games WHERE status = 'finished'"
            " AND ((red_id = :user AND black_id = :other)"
            " OR (red_id = :other AND black_id = :user)) ORDER BY id",
            user=user_id,
            other=other_id,
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
        where, params = self._in_shards(shards)
        return await self._records(f"status = 'active' AND {where} ORDER BY id", **params)

    async def games_due(self, now: float) -> list[GameRecord]:
        return await self._records(f"{_DUE} ORDER BY deadline, id", now=now)

    async def claim_due(
        self, now: float, shards: Shards | None = None, lease: float = CLAIM_SECONDS
    ) -> list[int]:
        where, params = self._in_shards(shards)
        rows = await self._dialect.claim(f"{_DUE} AND {where}", now=now, lease=lease, **params)
        return [row["id"] for row in sorted(rows, key=lambda row: (row["deadline"], row["id"]))]

    async def next_deadlines(self, limit: int) -> list[GameRecord]:
        return await self._records(
            "status = 'active' AND deadline IS NOT NULL ORDER BY deadline, id LIMIT :limit",
            limit=limit,
        )

    async def recent_games(self, user_id: int, limit: int = 10) -> list[GameRecord]:
        return await self._records(
            "id IN (SELECT id FROM games WHERE red_id = :user UNION ALL"
            " SELECT id FROM games WHERE black_id = :user) AND status = 'finished'"
            " ORDER BY finished_at DESC, id DESC LIMIT :limit",
            user=user_id,
            limit=limit,
        )

    async def _first(self, where: str, /, **params: object) -> GameRecord | None:
        records = await self._records(where, **params)
        return records[0] if records else None

    async def _records(self, where: str, /, **params: object) -> list[GameRecord]:
        """Games matching ``where`` with their logs, read from one snapshot."""
        async with self._dialect.transaction(write=False) as conn:
            return await self._records_in(conn, where, **params)

    async def _records_in(
        self, conn: Connection, where: str, /, **params: object
    ) -> list[GameRecord]:
        rows = await conn.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", **params)
        ids = [row["id"] for row in rows]
        entries: dict[int, list[Entry]] = {game_id: [] for game_id in ids}
        if ids:
            for e in await conn.fetch(
                "SELECT game_id, seq, actor_id, text, at FROM entries"
                f" WHERE game_id {self._dialect.in_list('ids')} ORDER BY game_id, seq",
                ids=self._dialect.list_value(ids),
            ):
                entries[e["game_id"]].append(Entry(e["seq"], e["actor_id"], e["text"], e["at"]))
        return [game_record(row, tuple(entries[row["id"]])) for row in rows]

    # -- the games held in memory, and those let go of (lazy games) -----------

    async def awake_games(self, by: float, shards: Shards | None = None) -> list[GameRecord]:
        where, params = self._in_shards(shards)
        return await self._records(
            f"status = 'active' AND {_AWAKE} AND {where} ORDER BY id", by=by, **params
        )

    async def awake_ids(self, by: float, shards: Shards | None = None) -> list[int]:
        return await self._active_ids(_AWAKE, shards, by=by)

    async def load_games(self, ids: Iterable[int]) -> dict[int, tuple[GameRecord, Secret]]:
        among, wanted = self._dialect.in_list("ids"), self._dialect.list_value(ids)
        async with self._dialect.transaction(write=False) as conn:
            records = await self._records_in(conn, f"id {among}", ids=wanted)
            rows = await conn.fetch(
                f"SELECT game_id, seed, setup FROM secrets WHERE game_id {among}", ids=wanted
            )
        secrets = {row["game_id"]: secret_record(row) for row in rows}
        return {r.id: (r, secrets[r.id]) for r in records if r.id in secrets}

    async def _active_ids(
        self, where: str, shards: Shards | None, /, **params: object
    ) -> list[int]:
        """The ids of the active games (of ``shards``' guilds) matching ``where``."""
        among, more = self._in_shards(shards)
        rows = await self._dialect.fetch(
            f"SELECT id FROM games WHERE status = 'active' AND {where} AND {among} ORDER BY id",
            **params,
            **more,
        )
        return [row["id"] for row in rows]

    async def put_to_sleep(self, wakes: Mapping[int, Wake]) -> list[int]:
        """The game rows are locked (where processes share the database) before
        their logs are counted, so an append either comes first, and its game
        is left awake, or waits and removes the wake."""
        ids = sorted(wakes)
        if not ids:
            return []
        among = self._dialect.in_list("ids")
        async with self._dialect.transaction(write=True) as conn:
            active = await conn.fetch(
                f"SELECT id FROM games WHERE id {among} AND status = 'active'"
                f" ORDER BY id{self._dialect.for_update}",
                ids=self._dialect.list_value(ids),
            )
            counts = {
                row["game_id"]: row["next"]
                for row in await conn.fetch(
                    "SELECT game_id, MAX(seq) + 1 AS next FROM entries"
                    f" WHERE game_id {among} GROUP BY game_id",
                    ids=self._dialect.list_value(ids),
                )
            }
            asleep = [
                row["id"] for row in active if counts.get(row["id"], 0) == wakes[row["id"]].seq
            ]
            await conn.executemany(
                "INSERT INTO wakes (game_id, wake_at, waiting_id) VALUES (:id, :at, :waiting)"
                " ON CONFLICT (game_id)"
                " DO UPDATE SET wake_at = excluded.wake_at, waiting_id = excluded.waiting_id",
                [{"id": i, "at": wakes[i].at, "waiting": wakes[i].waiting_id} for i in asleep],
            )
        return asleep

    async def asleep_channels(self, shards: Shards | None = None) -> dict[int, int]:
        where, params = self._in_shards(shards)
        rows = await self._dialect.fetch(
            "SELECT id, channel_id FROM games WHERE status = 'active'"
            f" AND id IN (SELECT game_id FROM wakes) AND {where}",
            **params,
        )
        return {row["channel_id"]: row["id"] for row in rows}

    async def asleep_waiting_for(self, user_id: int, shards: Shards | None = None) -> list[int]:
        waiting = "id IN (SELECT game_id FROM wakes WHERE waiting_id = :user)"
        return await self._active_ids(waiting, shards, user=user_id)

    async def active_ids_of(self, user_id: int, shards: Shards | None = None) -> list[int]:
        return await self._active_ids("(red_id = :user OR black_id = :user)", shards, user=user_id)

    async def active_ids_in(self, guild_id: int) -> list[int]:
        return await self._active_ids("guild_id = :guild", None, guild=guild_id)

    async def wake_games_of(self, user_id: int, at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE wakes SET wake_at = :at WHERE wake_at > :at AND game_id IN"
                " (SELECT id FROM games WHERE status = 'active'"
                " AND (red_id = :user OR black_id = :user))",
                at=at,
                user=user_id,
            )

    # -- players and preferences ----------------------------------------------

    async def upsert_player(self, user_id: int, name: str) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "INSERT INTO players (id, name, created_at) VALUES (:id, :name, :now)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                id=user_id,
                name=name,
                now=self._clock(),
            )

    async def player_name(self, user_id: int) -> str | None:
        rows = await self._dialect.fetch("SELECT name FROM players WHERE id = :id", id=user_id)
        return rows[0]["name"] if rows and rows[0]["name"] else None

    async def player_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        rows = await self._dialect.fetch(
            f"SELECT id, name FROM players WHERE id {self._dialect.in_list('ids')}",
            ids=self._dialect.list_value(user_ids),
        )
        return {row["id"]: row["name"] for row in rows if row["name"]}

    async def get_prefs(self, user_id: int) -> Prefs:
        rows = await self._dialect.fetch(_PREFS_QUERY, user_id=user_id)
        return prefs_record(rows[0]) if rows else Prefs()

    async def set_prefs(self, user_id: int, **changes: object) -> Prefs:
        check_prefs(changes)
        async with self._dialect.transaction(write=True) as conn:
            await self._ensure_players(conn, (user_id,), self._clock())
            await conn.execute(
                "INSERT INTO prefs (user_id) VALUES (:user_id) ON CONFLICT DO NOTHING",
                user_id=user_id,
            )
            for key, value in changes.items():  # keys checked against PREF_CHOICES above
                await conn.execute(
                    f"UPDATE prefs SET {key} = :value WHERE user_id = :user_id",
                    value=value,
                    user_id=user_id,
                )
            row = await conn.fetchrow(_PREFS_QUERY, user_id=user_id)
        assert row is not None
        return prefs_record(row)

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await self._ensure_players(conn, (user_id,), self._clock())
            await conn.execute(
                "UPDATE players SET locale = :locale WHERE id = :id", locale=locale, id=user_id
            )

    async def player_locale(self, user_id: int) -> str | None:
        rows = await self._dialect.fetch("SELECT locale FROM players WHERE id = :id", id=user_id)
        return rows[0]["locale"] if rows else None

    # -- notices --------------------------------------------------------------

    async def notified(self, game_id: int) -> int | None:
        rows = await self._dialect.fetch("SELECT notified FROM games WHERE id = :id", id=game_id)
        return rows[0]["notified"] if rows else None

    async def unnotified_endings(self, since: float) -> list[GameRecord]:
        return await self._records(
            "status IN ('finished', 'aborted') AND finished_at >= :since AND coalesce(notified, -1)"
            " < (SELECT count(*) FROM entries AS e WHERE e.game_id = games.id) ORDER BY id",
            since=since,
        )

    async def notified_many(self, ids: Iterable[int]) -> dict[int, int | None]:
        rows = await self._dialect.fetch(
            f"SELECT id, notified FROM games WHERE id {self._dialect.in_list('ids')}",
            ids=self._dialect.list_value(sorted(set(ids))),
        )
        return {row["id"]: row["notified"] for row in rows}

    async def set_notified(self, game_id: int, count: int) -> None:
        await self._dialect.write(
            "UPDATE games SET notified = :count WHERE id = :id", count=count, id=game_id
        )

    async def set_notified_many(self, marks: Mapping[int, int]) -> None:
        if not marks:
            return
        rows = [{"id": game_id, "count": count} for game_id, count in marks.items()]
        async with self._dialect.transaction(write=True) as conn:
            await conn.executemany("UPDATE games SET notified = :count WHERE id = :id", rows)

    # -- conditional moves ------------------------------------------------------

    async def premoves(self, game_id: int) -> dict[int, list[list[str]]]:
        rows = await self._dialect.fetch(
            "SELECT user_id, lines FROM premoves WHERE game_id = :id", id=game_id
        )
        return {
            row["user_id"]: [line.split() for line in row["lines"].splitlines()] for row in rows
        }

    async def set_premoves(self, game_id: int, user_id: int, lines: list[list[str]]) -> None:
        text = "\n".join(" ".join(line) for line in lines if line)
        async with self._dialect.transaction(write=True) as conn:
            if not text:
                await conn.execute(
                    "DELETE FROM premoves WHERE game_id = :game AND user_id = :user",
                    game=game_id,
                    user=user_id,
                )
                return
            await conn.execute(
                "INSERT INTO premoves (game_id, user_id, lines) VALUES (:game, :user, :lines)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET lines = excluded.lines",
                game=game_id,
                user=user_id,
                lines=text,
            )

    # -- vacations -----------------------------------------------------------------

    async def add_vacation(self, user_id: int, starts_at: float, ends_at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "INSERT INTO vacations (user_id, starts_at, ends_at)"
                " VALUES (:user, :starts, :ends)",
                user=user_id,
                starts=starts_at,
                ends=ends_at,
            )

    async def vacations(self, user_id: int, since: float) -> list[tuple[float, float]]:
        rows = await self._dialect.fetch(
            "SELECT starts_at, ends_at FROM vacations WHERE user_id = :user"
            " AND starts_at >= :since ORDER BY starts_at",
            user=user_id,
            since=since,
        )
        return [(row["starts_at"], row["ends_at"]) for row in rows]

    async def open_vacations(self) -> dict[int, float]:
        rows = await self._dialect.fetch("SELECT user_id, ends_at FROM vacations WHERE closed = 0")
        return {row["user_id"]: row["ends_at"] for row in rows}

    async def close_vacation(self, user_id: int, at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE vacations SET closed = 1,"
                " ends_at = CASE WHEN ends_at > :at THEN :at ELSE ends_at END"
                " WHERE user_id = :user AND closed = 0",
                user=user_id,
                at=at,
            )

    async def shift_deadline(self, game_id: int, seconds: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE games SET deadline = deadline + :seconds, reminded = FALSE"
                " WHERE id = :id AND status = 'active' AND deadline IS NOT NULL",
                seconds=seconds,
                id=game_id,
            )
            await self._shift_wakes(conn, [game_id], seconds)

    async def _shift_wakes(self, conn: Connection, ids: list[int], seconds: float) -> None:
        """Move the wakes of games whose deadline moved, by as much."""
        await conn.execute(
            "UPDATE wakes SET wake_at = wake_at + :seconds"
            f" WHERE game_id {self._dialect.in_list('ids')}",
            seconds=seconds,
            ids=self._dialect.list_value(ids),
        )

    # -- daily digests ---------------------------------------------------------------

    async def set_digest(self, user_id: int, hour: int | None, at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            if hour is None:
                await conn.execute("DELETE FROM digests WHERE user_id = :user", user=user_id)
                return
            await conn.execute(
                "INSERT INTO digests (user_id, hour, sent_at) VALUES (:user, :hour, :at)"
                " ON CONFLICT (user_id)"
                " DO UPDATE SET hour = excluded.hour, sent_at = excluded.sent_at",
                user=user_id,
                hour=hour,
                at=at,
            )

    async def digests(self) -> dict[int, tuple[int, float]]:
        rows = await self._dialect.fetch("SELECT user_id, hour, sent_at FROM digests")
        return {row["user_id"]: (row["hour"], row["sent_at"]) for row in rows}

    async def digest_sent(self, user_id: int, at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE digests SET sent_at = :at WHERE user_id = :user", user=user_id, at=at
            )

    async def set_reminder_hours(self, user_id: int, hours: list[int]) -> None:
        async with self._dialect.transaction(write=True) as conn:
            if not hours:
                await conn.execute("DELETE FROM reminder_plans WHERE user_id = :user", user=user_id)
                return
            await conn.execute(
                "INSERT INTO reminder_plans (user_id, hours) VALUES (:user, :hours)"
                " ON CONFLICT (user_id) DO UPDATE SET hours = excluded.hours",
                user=user_id,
                hours=" ".join(str(hour) for hour in hours),
            )

    async def reminder_hours(self) -> dict[int, list[int]]:
        rows = await self._dialect.fetch("SELECT user_id, hours FROM reminder_plans")
        return {row["user_id"]: [int(hour) for hour in row["hours"].split()] for row in rows}

    # -- practical endgames ----------------------------------------------------------

    async def record_endgame_try(
        self, game_id: int, user_id: int, endgame_id: str, solved: bool, moves: int, at: float
    ) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "INSERT INTO endgame_tries (game_id, user_id, endgame_id, solved, moves, at)"
                " VALUES (:game, :user, :endgame, :solved, :moves, :at)"
                " ON CONFLICT (game_id) DO NOTHING",
                game=game_id,
                user=user_id,
                endgame=endgame_id,
                solved=int(solved),
                moves=moves,
                at=at,
            )

    async def endgame_progress(self, user_id: int) -> dict[str, EndgameProgress]:
        rows = await self._dialect.fetch(
            "SELECT endgame_id, COUNT(*) AS tries, MAX(solved) AS solved,"
            " MIN(CASE WHEN solved = 1 THEN moves END) AS best"
            " FROM endgame_tries WHERE user_id = :user GROUP BY endgame_id",
            user=user_id,
        )
        return {
            row["endgame_id"]: EndgameProgress(
                row["endgame_id"], int(row["tries"]), bool(row["solved"]), row["best"]
            )
            for row in rows
        }

    # -- heartbeats (the time the bot was away) -------------------------------

    async def beat(self, shards: Shards, at: float) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.executemany(
                "INSERT INTO heartbeats (shard_count, shard_id, at) VALUES (:count, :shard, :at)"
                " ON CONFLICT (shard_count, shard_id) DO UPDATE SET at = excluded.at",
                [{"count": shards.count, "shard": i, "at": at} for i in sorted(shards.ids)],
            )

    async def last_beats(self, shards: Shards) -> dict[int, float | None]:
        """A shard never served under this shard count (the bot was resharded)
        takes the latest beat of any, which is when the bot last served anyone."""
        rows = await self._dialect.fetch("SELECT shard_count, shard_id, at FROM heartbeats")
        beats = {(row["shard_count"], row["shard_id"]): row["at"] for row in rows}
        latest = max(beats.values(), default=None)
        return {i: beats.get((shards.count, i), latest) for i in sorted(shards.ids)}

    async def give_back(self, shards: Shards, since: float, seconds: float) -> list[int]:
        where, params = self._in_shards(shards)
        async with self._dialect.transaction(write=True) as conn:
            rows = await conn.fetch(
                "UPDATE games SET deadline = deadline + :seconds WHERE status = 'active'"
                f" AND deadline IS NOT NULL AND deadline > :since AND {where} RETURNING id",
                seconds=seconds,
                since=since,
                **params,
            )
            ids = sorted(row["id"] for row in rows)
            await self._shift_wakes(conn, ids, seconds)
        return ids

    # -- guild settings -------------------------------------------------------

    async def get_guild_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        rows = await self._dialect.fetch(
            "SELECT value FROM guild_settings WHERE guild_id = :guild_id AND key = :key",
            guild_id=guild_id,
            key=key,
        )
        return json.loads(rows[0]["value"]) if rows else default

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        async with self._dialect.transaction(write=True) as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM guild_settings WHERE guild_id = :guild_id AND key = :key",
                    guild_id=guild_id,
                    key=key,
                )
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value)"
                    " VALUES (:guild_id, :key, :value)"
                    " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    guild_id=guild_id,
                    key=key,
                    value=json.dumps(value),
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
        options = dict(options or {})
        options_json = checked_challenge(options, rated, color)
        now = self._clock()
        async with self._dialect.transaction(write=True) as conn:
            challenge_id = await conn.fetchval(
                "INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,"
                " opponent_id, variant, options, rated, color, created_at, expires_at)"
                " VALUES (:guild_id, :channel_id, :message_id, :challenger_id, :opponent_id,"
                " :variant, :options, :rated, :color, :now, :expires_at) RETURNING id",
                guild_id=guild_id,
                channel_id=channel_id,
                message_id=message_id,
                challenger_id=challenger_id,
                opponent_id=opponent_id,
                variant=variant,
                options=options_json,
                rated=bool(rated),
                color=color,
                now=now,
                expires_at=expires_at,
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
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = :message_id WHERE id = :id",
                message_id=message_id,
                id=challenge_id,
            )

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self._dialect.fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = :id", id=challenge_id
        )
        return challenge_record(rows[0]) if rows else None

    async def set_challenge_status(
        self,
        challenge_id: int,
        status: ChallengeStatus | str,
        expected: ChallengeStatus | str = ChallengeStatus.PENDING,
    ) -> bool:
        new, old = ChallengeStatus(status), ChallengeStatus(expected)
        async with self._dialect.transaction(write=True) as conn:
            done = await conn.fetchval(
                "UPDATE challenges SET status = :new WHERE id = :id AND status = :old RETURNING id",
                new=new.value,
                id=challenge_id,
                old=old.value,
            )
        return done is not None

    async def open_challenges(self, challenger_id: int, now: float) -> list[Challenge]:
        rows = await self._dialect.fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE challenger_id = :challenger"
            " AND status = 'pending' AND expires_at > :now ORDER BY expires_at, id",
            challenger=challenger_id,
            now=now,
        )
        return [challenge_record(row) for row in rows]

    async def expired_challenges(self, now: float) -> list[Challenge]:
        rows = await self._dialect.fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges"
            " WHERE status = 'pending' AND expires_at <= :now ORDER BY expires_at, id",
            now=now,
        )
        return [challenge_record(row) for row in rows]

    # -- ratings and statistics -----------------------------------------------

    async def leaderboard(
        self, variant: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderRow]:
        """Both boards are read in order from an index, so the cost does not
        grow with the number of players."""
        if guild_id is None:
            sql = (
                "SELECT r.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM ratings AS r JOIN players AS p ON p.id = r.user_id"
                " WHERE r.variant = :variant AND r.rated_games > 0"
                " ORDER BY r.rating DESC, r.user_id LIMIT :limit"
            )
        else:
            sql = (
                "SELECT g.user_id, p.name, r.rating, r.rd, r.volatility, r.rated_at,"
                " r.wins, r.draws, r.losses"
                " FROM guild_players AS g"
                " JOIN ratings AS r ON r.user_id = g.user_id AND r.variant = g.variant"
                " JOIN players AS p ON p.id = g.user_id"
                " WHERE g.guild_id = :guild_id AND g.variant = :variant AND g.rating IS NOT NULL"
                " ORDER BY g.rating DESC, g.user_id LIMIT :limit"
            )
        rows = await self._dialect.fetch(sql, variant=variant, guild_id=guild_id, limit=limit)
        return leader_rows(rows, self._clock())

    async def player_stats(self, user_id: int) -> list[VariantStats]:
        rows = await self._dialect.fetch(
            "SELECT variant, rating, rd, volatility, rated_at, rated_games, wins, draws, losses"
            " FROM ratings WHERE user_id = :user_id ORDER BY variant",
            user_id=user_id,
        )
        return variant_stats(rows, self._clock())
