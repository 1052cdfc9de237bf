"""The /setup messages each player has open, so that a click on one redraws the other.

A /setup answer is two ephemeral messages: the interaction's original response
(the pawn menus) and one followup (the pairs). Ephemeral messages can be
edited only through the token of the interaction that sent them, which lives
15 minutes; so the fanbing cog keeps, per (game, player), the latest /setup
interaction with the ids of its two messages. The map lives in memory only:
after a restart it is empty and each menu still works, redrawing just itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Container
from dataclasses import dataclass, field

import discord

# Discord keeps an interaction token for 15 minutes; stop a little earlier so
# that a request in flight does not outlive it.
TOKEN_SECONDS = 15 * 60 - 30


@dataclass(slots=True)
class OpenSetup:
    """One /setup answer: its interaction (whose token edits both messages)."""

    interaction: discord.Interaction
    pawns_id: int
    pairs_id: int
    opened: float
    # Redraws of the same pair of messages run one at a time, each drawing the
    # setup as it is then, so the last one shows the latest choice.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class SetupMessages:
    """The open /setup answers by (game id, user id); a newer /setup replaces an older."""

    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now
        self._open: dict[tuple[int, int], OpenSetup] = {}

    def __len__(self) -> int:
        return len(self._open)

    def open(
        self,
        game_id: int,
        user_id: int,
        interaction: discord.Interaction,
        pawns_id: int,
        pairs_id: int,
    ) -> None:
        self._open[game_id, user_id] = OpenSetup(interaction, pawns_id, pairs_id, self._now())

    def get(self, game_id: int, user_id: int) -> OpenSetup | None:
        """The answer whose messages can still be edited, if any."""
        entry = self._open.get((game_id, user_id))
        if entry is not None and self._now() - entry.opened >= TOKEN_SECONDS:
            del self._open[game_id, user_id]
            return None
        return entry

    def close(self, game_id: int, user_id: int) -> None:
        self._open.pop((game_id, user_id), None)

    def prune(self, setting_up: Container[int]) -> None:
        """Forget the answers of games no longer being set up (over, or
        ended during the setup) and those whose token has expired."""
        now = self._now()
        for key, entry in list(self._open.items()):
            if key[0] not in setting_up or now - entry.opened >= TOKEN_SECONDS:
                del self._open[key]
