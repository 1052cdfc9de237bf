"""``LogReplays``: what both stores do by replaying a stored log, built on their
public reads, so ``Store`` and ``PostgresStore`` share one copy of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.match import Match

from . import export
from .records import GameRecord, GameStatus, Secret
from .rows import replay

if TYPE_CHECKING:
    from rules.outcome import Outcome

    from .shards import Shards


class LogReplays:
    """Rebuilding, settling and exporting games from their seed and log."""

    if TYPE_CHECKING:  # what each store provides

        async def load_game(self, game_id: int) -> GameRecord: ...
        async def load_secret(self, game_id: int) -> Secret: ...
        async def active_games(self, shards: Shards | None = None) -> list[GameRecord]: ...
        async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool: ...
        async def player_name(self, user_id: int) -> str | None: ...

    async def rebuild(self, game_id: int) -> Match:
        """The game's current state, replayed from its seed and log."""
        record = await self.load_game(game_id)
        return replay(record, await self.load_secret(game_id))

    async def settle_ended_games(self) -> list[int]:
        """Finish the active games whose log already holds their end; their ids.

        For start-up: a game whose ending entry was appended without its
        ``outcome`` and whose :meth:`finish_game` never ran (a crash between
        the two) is finished from its replayed log.
        """
        settled = []
        for record in await self.active_games():
            match = replay(record, await self.load_secret(record.id))
            if match.outcome is not None and await self.finish_game(
                record.id, match.outcome, match.effective
            ):
                settled.append(record.id)
        return settled

    # An export replays the record it loaded rather than calling rebuild: a move
    # committed in between would make the log and the replay disagree.

    async def export_pgn(self, game_id: int) -> str:
        """The game as xqbase-style PGN (S-11); safe to show while it runs."""
        record = await self.load_game(game_id)
        match = replay(record, await self.load_secret(game_id))
        red, black = await self._names(record)
        return export.pgn(record, match.game, red, black)

    async def export_json(self, game_id: int) -> str:
        """Every entry, the players, options and result; the secrets only once over."""
        record = await self.load_game(game_id)
        secret = await self.load_secret(game_id)
        match = replay(record, secret)
        red, black = await self._names(record)
        over = record.status is not GameStatus.ACTIVE
        return export.game_json(record, red, black, secret if over else None, match)

    async def _names(self, record: GameRecord) -> tuple[str, str]:
        red = await self.player_name(record.red_id)
        black = await self.player_name(record.black_id)
        return red or str(record.red_id), black or str(record.black_id)
