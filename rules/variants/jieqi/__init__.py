"""jieqi: its game, registered on import."""

from . import game as game
