"""Standard xiangqi openings by the ECCO classification (A00–E99), as data.

``ecco.json`` holds each code's Chinese and English names and the lines of
moves that define it (a move in parentheses only makes the line playable).
:func:`classify` names a game by the positions it passed through, so two
move orders that reach the same set-up, or its mirror image, get the same
code; :func:`in_book` says how long a game stayed among the known lines.
"""

from .book import in_book, known_positions
from .classify import classify
from .directory import Opening, directory
from .games import game_opening

__all__ = ["Opening", "classify", "directory", "game_opening", "in_book", "known_positions"]
