"""Errors storage raises for requests that the stored state refuses."""

from __future__ import annotations


class StorageError(Exception):
    """Base of the errors below."""


class SequenceConflict(StorageError):
    """An append lost the race: ``seq`` was taken or is not the next one.

    The caller reloads the game (``expected`` is the next free seq) and
    re-validates, because somebody else's entry is now in the log.
    """

    def __init__(self, game_id: int, seq: int, expected: int) -> None:
        super().__init__(f"game {game_id}: seq {seq} rejected, the next seq is {expected}")
        self.game_id = game_id
        self.seq = seq
        self.expected = expected


class GameNotFound(StorageError, LookupError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class GameNotActive(StorageError):
    """An append to a game that is already finished or aborted."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game {game_id} is {status}")
        self.game_id = game_id
        self.status = status


class ChannelBusy(StorageError):
    """A new game in a channel that already holds an active game."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an active game")
        self.channel_id = channel_id


class StorageUnavailable(StorageError):
    """The database could not do what was asked: unreachable, the connection
    cut, locked by another process past the busy timeout, or out of space.

    Nothing of the call was committed, except when a PostgreSQL connection
    was lost during the COMMIT itself: then the database alone knows, and the
    next append to the game finds out (a ``SequenceConflict``). The store
    stays usable; a later call reconnects as needed.
    """

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"database unavailable: {type(cause).__name__}: {cause}")
