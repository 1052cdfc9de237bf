"""Persistence for Chuhan: games as append-only logs, players, ratings, settings.

The state of a game is never stored, only its log: :meth:`Store.rebuild`
replays the log through ``rules``. See ``docs/storage.md``.
"""

from .errors import (
    ChannelBusy,
    GameNotActive,
    GameNotFound,
    SequenceConflict,
    StorageError,
    StorageUnavailable,
)
from .factory import AnyStore, is_postgres, open_store
from .postgres import PostgresStore
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
from .shards import Shards
from .store import Store

__all__ = [
    "AnyStore",
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
    "PostgresStore",
    "Prefs",
    "Secret",
    "SequenceConflict",
    "Shards",
    "StorageError",
    "StorageUnavailable",
    "Store",
    "VariantStats",
    "is_handicap",
    "is_postgres",
    "open_store",
]
