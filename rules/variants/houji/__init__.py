"""houji: its actions and its game, registered on import."""

from . import actions as actions
from . import game as game
