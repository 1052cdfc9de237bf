"""Third-generation xiangqi (fanbing) on Discord."""

from . import room

__all__ = ["room"]
