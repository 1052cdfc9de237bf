"""``LogReplays``: what the store does by replaying a stored log, built on its
public reads alone, whichever database holds the log."""

from __future__ import annotations

from rules.match import Match

from . import export
from .protocol import Store
from .records import GameRecord, GameStatus
from .rows import replay


class LogReplays:
    """Rebuilding, settling and exporting games from their seed and log."""

    async def rebuild(self: Store, game_id: int) -> Match:
        record = await self.load_game(game_id)
        return replay(record, await self.load_secret(game_id))

    async def settle_ended_games(self: Store) -> list[int]:
        """For start-up: a game whose ending entry was appended without its
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

    async def export_pgn(self: Store, game_id: int) -> str:
        record = await self.load_game(game_id)
        match = replay(record, await self.load_secret(game_id))
        red, black = await _names(self, record)
        return export.pgn(record, match.game, red, black)

    async def export_json(self: Store, game_id: int) -> str:
        record = await self.load_game(game_id)
        secret = await self.load_secret(game_id)
        match = replay(record, secret)
        red, black = await _names(self, record)
        over = record.status is not GameStatus.ACTIVE
        return export.game_json(record, red, black, secret if over else None, match)


async def _names(store: Store, record: GameRecord) -> tuple[str, str]:
    red = await store.player_name(record.red_id)
    black = await store.player_name(record.black_id)
    return red or str(record.red_id), black or str(record.black_id)
