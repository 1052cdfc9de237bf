"""Errors the bot answers privately: each carries a catalogue key and its parameters."""

from __future__ import annotations

from typing import Any


class BotError(Exception):
    """A refusal to show the user (privately, in their language); nothing changed.

    ``key`` names a message under ``error.`` in the catalogues.
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class NoGameHere(BotError):
    def __init__(self) -> None:
        super().__init__("no_game_here")


class NotAPlayer(BotError):
    def __init__(self) -> None:
        super().__init__("not_a_player")


class GameFinished(BotError):
    def __init__(self) -> None:
        super().__init__("game_finished")


class GameOver(GameFinished):
    """An action on a game that has ended (it may have arrived just after a timeout):
    the refusal says how the game ended. ``how`` is ``win``, ``draw`` or ``aborted``."""

    def __init__(self, how: str, **params: Any) -> None:
        BotError.__init__(self, f"over.{how}", **params)


class Busy(BotError):
    """Someone else's change landed first (a storage sequence conflict)."""

    def __init__(self) -> None:
        super().__init__("busy")


class DatabaseAway(BotError):
    """The database could not store the action (unreachable, locked or full):
    nothing changed, and the same action may simply be tried again later."""

    def __init__(self) -> None:
        super().__init__("database_away")
