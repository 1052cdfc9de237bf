"""A test-only variant, whole in this folder: importing it registers its rules
(``game``) and its bot room (``room``), changing no file outside it."""

from . import game, room

__all__ = ["game", "room"]
