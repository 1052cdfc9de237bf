"""Persistence for Chuhan: games as append-only logs, players, ratings, settings.

The state of a game is never stored, only its log: :meth:`Store.rebuild`
replays the log through ``rules``. See ``docs/storage.md``.
"""

from .errors import ChannelBusy, GameNotActive, GameNotFound, SequenceConflict, StorageError
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
    is_handicap,
)
from .store import Store

__all__ = [
    "Challenge",
    "ChallengeStatus",
    "ChannelBusy",
    "Entry",
    "GameNotActive",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "LeaderRow",
    "NewGame",
    "Prefs",
    "Secret",
    "SequenceConflict",
    "StorageError",
    "Store",
    "VariantStats",
    "is_handicap",
]
