"""The store's calls for tournaments: a server's tournaments, their entrants,
rounds and pairings, each change a compare-and-set so that two sweeps never
open a round or record a result twice."""

from __future__ import annotations

from .calls import SqlCalls
from .dialect import Duplicate
from .tournaments import (
    PAIRING_COLUMNS,
    TOURNAMENT_COLUMNS,
    TOURNAMENT_PLACES,
    EntrantRecord,
    NewTournament,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
    entrant_record,
    pairing_record,
    tournament_record,
)


class TournamentCalls(SqlCalls):
    async def create_tournament(self, new: NewTournament) -> TournamentRecord:
        async with self._dialect.transaction(write=True) as conn:
            tournament_id = await conn.fetchval(
                "INSERT INTO tournaments (guild_id, channel_id, creator_id, name, format,"
                " variant, time, rounds, duration, starts_at, rated, created_at)"
                " VALUES (:guild_id, :channel_id, :creator_id, :name, :format, :variant,"
                " :time, :rounds, :duration, :starts_at, :rated, :now) RETURNING id",
                guild_id=new.guild_id,
                channel_id=new.channel_id,
                creator_id=new.creator_id,
                name=new.name,
                format=new.format,
                variant=new.variant,
                time=new.time,
                rounds=new.rounds,
                duration=new.duration,
                starts_at=new.starts_at,
                rated=bool(new.rated),
                now=self._clock(),
            )
        found = await self.get_tournament(int(tournament_id))
        assert found is not None
        return found

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        rows = await self._dialect.fetch(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = :id", id=tournament_id
        )
        return tournament_record(rows[0]) if rows else None

    async def guild_tournaments(
        self, guild_id: int, *, finished: bool, limit: int = 25
    ) -> list[TournamentRecord]:
        """A server's finished tournaments (newest first), or those still to
        come or running."""
        statuses = "('finished')" if finished else "('pending', 'running')"
        rows = await self._dialect.fetch(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = :guild"
            f" AND status IN {statuses} ORDER BY id DESC LIMIT :limit",
            guild=guild_id,
            limit=limit,
        )
        return [tournament_record(row) for row in rows]

    async def live_tournaments(self) -> list[TournamentRecord]:
        rows = await self._dialect.fetch(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments"
            " WHERE status IN ('pending', 'running') ORDER BY id"
        )
        return [tournament_record(row) for row in rows]

    async def update_tournament(self, tournament_id: int, **places: int | None) -> None:
        unknown = set(places) - set(TOURNAMENT_PLACES)
        if unknown:
            raise ValueError(f"not a tournament's message or event: {sorted(unknown)}")
        if not places:
            return
        sets = ", ".join(f"{name} = :{name}" for name in places)
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                f"UPDATE tournaments SET {sets} WHERE id = :id", id=tournament_id, **places
            )

    async def set_tournament_status(
        self,
        tournament_id: int,
        status: TournamentStatus | str,
        expected: TournamentStatus | str,
    ) -> bool:
        new, old = TournamentStatus(status), TournamentStatus(expected)
        ended = new in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
        return await self._wrote(
            "UPDATE tournaments SET status = :new, finished_at = :at"
            " WHERE id = :id AND status = :old RETURNING id",
            new=new.value,
            old=old.value,
            at=self._clock() if ended else None,
            id=tournament_id,
        )

    async def join_tournament(self, tournament_id: int, user_id: int) -> bool:
        try:
            async with self._dialect.transaction(write=True) as conn:
                await conn.execute(
                    "INSERT INTO tournament_entrants (tournament_id, user_id, joined_at)"
                    " VALUES (:id, :user, :now)",
                    id=tournament_id,
                    user=user_id,
                    now=self._clock(),
                )
        except Duplicate:
            return False
        return True

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        return await self._wrote(
            "DELETE FROM tournament_entrants WHERE tournament_id = :id AND user_id = :user"
            " RETURNING user_id",
            id=tournament_id,
            user=user_id,
        )

    async def withdraw_entrant(self, tournament_id: int, user_id: int) -> bool:
        return await self._wrote(
            "UPDATE tournament_entrants SET withdrawn = :yes"
            " WHERE tournament_id = :id AND user_id = :user AND withdrawn = :no"
            " RETURNING user_id",
            id=tournament_id,
            user=user_id,
            yes=True,
            no=False,
        )

    async def entrants(self, tournament_id: int) -> list[EntrantRecord]:
        rows = await self._dialect.fetch(
            "SELECT user_id, joined_at, seed, withdrawn FROM tournament_entrants"
            " WHERE tournament_id = :id"
            " ORDER BY CASE WHEN seed IS NULL THEN 1 ELSE 0 END, seed, joined_at, user_id",
            id=tournament_id,
        )
        return [entrant_record(row) for row in rows]

    async def start_tournament(self, tournament_id: int, seeds: list[int]) -> bool:
        """Number the entrants in ``seeds``' order (1 first) and set the
        tournament running; ``False`` if it was not pending."""
        async with self._dialect.transaction(write=True) as conn:
            started = await conn.fetchval(
                "UPDATE tournaments SET status = 'running'"
                " WHERE id = :id AND status = 'pending' RETURNING id",
                id=tournament_id,
            )
            if started is None:
                return False
            await conn.executemany(
                "UPDATE tournament_entrants SET seed = :seed"
                " WHERE tournament_id = :id AND user_id = :user",
                [
                    {"id": tournament_id, "user": user, "seed": seed}
                    for seed, user in enumerate(seeds, start=1)
                ],
            )
        return True

    async def open_round(
        self,
        tournament_id: int,
        number: int,
        pairings: list[PairingRecord],
    ) -> bool:
        """Store round ``number`` and its pairings, the round after the last
        one opened; ``False`` (and nothing stored) if it is open already."""
        async with self._dialect.transaction(write=True) as conn:
            moved = await conn.fetchval(
                "UPDATE tournaments SET round = :number"
                " WHERE id = :id AND round = :before AND status = 'running' RETURNING id",
                id=tournament_id,
                number=number,
                before=number - 1,
            )
            if moved is None:
                return False
            await conn.execute(
                "INSERT INTO tournament_rounds (tournament_id, round, started_at)"
                " VALUES (:id, :number, :now)",
                id=tournament_id,
                number=number,
                now=self._clock(),
            )
            await conn.executemany(
                "INSERT INTO tournament_pairings"
                " (tournament_id, round, board, red_id, black_id, game_id, result)"
                " VALUES (:id, :round, :board, :red, :black, :game, :result)",
                [
                    {
                        "id": tournament_id,
                        "round": number,
                        "board": p.board,
                        "red": p.red_id,
                        "black": p.black_id,
                        "game": p.game_id,
                        "result": p.result,
                    }
                    for p in pairings
                ],
            )
        return True

    async def set_pairing_game(
        self, tournament_id: int, number: int, board: int, game_id: int
    ) -> None:
        async with self._dialect.transaction(write=True) as conn:
            await conn.execute(
                "UPDATE tournament_pairings SET game_id = :game"
                " WHERE tournament_id = :id AND round = :round AND board = :board",
                id=tournament_id,
                round=number,
                board=board,
                game=game_id,
            )

    async def set_pairing_result(
        self, tournament_id: int, number: int, board: int, result: str
    ) -> bool:
        return await self._wrote(
            "UPDATE tournament_pairings SET result = :result WHERE tournament_id = :id"
            " AND round = :round AND board = :board AND result IS NULL RETURNING board",
            id=tournament_id,
            round=number,
            board=board,
            result=result,
        )

    async def pairings(self, tournament_id: int) -> list[PairingRecord]:
        rows = await self._dialect.fetch(
            f"SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE tournament_id = :id"
            " ORDER BY round, board",
            id=tournament_id,
        )
        return [pairing_record(row) for row in rows]

    async def tournament_of_game(self, game_id: int) -> tuple[int, int, int] | None:
        rows = await self._dialect.fetch(
            "SELECT tournament_id, round, board FROM tournament_pairings WHERE game_id = :game",
            game=game_id,
        )
        return (int(rows[0]["tournament_id"]), rows[0]["round"], rows[0]["board"]) if rows else None
