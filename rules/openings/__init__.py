"""Well-known opening lines of standard xiangqi, as data (``ecco.json``: the
lines that define the ECCO codes A00–E99, the moves in parentheses being the
ones a line needs only to be playable)."""

from .book import in_book, known_positions

__all__ = ["in_book", "known_positions"]
