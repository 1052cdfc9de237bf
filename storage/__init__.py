"""Persistence for Chuhan: games as append-only logs, players, ratings, settings.

The state of a game is never stored, only its log: :meth:`Store.rebuild`
replays the log through ``rules``. The bot types against the ``Store``
Protocol; ``open_store`` gives a ``SqliteStore`` or a ``PostgresStore``, one
implementation on two dialects. See ``docs/storage.md``.
"""

from .errors import (
    ChannelBusy,
    GameNotActive,
    GameNotFound,
    SequenceConflict,
    StorageError,
    StorageUnavailable,
)
from .factory import is_postgres, open_store
from .postgres import PostgresStore
from .protocol import Store
from .records import (
    Challenge,
    ChallengeStatus,
    DailyPuzzle,
    Entry,
    GameRecord,
    GameStatus,
    LeaderRow,
    NewGame,
    Prefs,
    PuzzleLeader,
    PuzzleStanding,
    PuzzleTry,
    Secret,
    VariantStats,
    Wake,
    is_handicap,
)
from .rows import replay
from .shards import Shards
from .sqlite import SqliteStore
from .tournaments import (
    EntrantRecord,
    NewTournament,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)

__all__ = [
    "Challenge",
    "ChallengeStatus",
    "ChannelBusy",
    "DailyPuzzle",
    "EntrantRecord",
    "Entry",
    "GameNotActive",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "LeaderRow",
    "NewGame",
    "NewTournament",
    "PairingRecord",
    "PostgresStore",
    "Prefs",
    "PuzzleLeader",
    "PuzzleStanding",
    "PuzzleTry",
    "Secret",
    "SequenceConflict",
    "Shards",
    "SqliteStore",
    "StorageError",
    "StorageUnavailable",
    "Store",
    "TournamentRecord",
    "TournamentStatus",
    "VariantStats",
    "Wake",
    "is_handicap",
    "is_postgres",
    "open_store",
    "replay",
]
