"""Tuibei on Discord."""

from . import room

__all__ = ["room"]
