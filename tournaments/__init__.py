"""Tournaments as pure logic: formats, pairings, arena scoring and standings.

Nothing here knows of Discord, storage or time: the bot keeps the entrants
and the pairings with their results, and asks this package who plays whom
next and how the table stands. Swiss and round-robin pairings come from the
``caissify-pairings`` library (FIDE Dutch system, FIDE Berger tables); arena
pairings are our own, as lichess's arenas pair.
"""

from .model import Format, Pairing, Result
from .standings import Standing, standings

__all__ = ["Format", "Pairing", "Result", "Standing", "standings"]
