"""Errors of the rules layer. Messages name the input and never a secret."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules raise for bad input.

    ``code`` is a stable key the bot localises; ``params`` fill its message.
    """

    code = "rules_error"

    def __init__(self, message: str, **params: str) -> None:
        super().__init__(message)
        self.params = params


class InvalidNotation(RulesError):
    """Text that is no move in any notation we know."""

    code = "invalid_notation"


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class AmbiguousMove(RulesError):
    """Notation that fits more than one legal move."""

    code = "ambiguous_move"


class GameOver(RulesError):
    """An action on a game that has ended."""

    code = "game_over"


class InvalidFen(RulesError):
    code = "invalid_fen"


class UnknownVariant(RulesError):
    code = "unknown_variant"
