"""The bot's side of the puzzles: which puzzle a member or a server's day
gets (``source.py``), a puzzle's position as a game of its variant
(``positions.py``), a member's try answered move by move (``tries.py``),
its words and boards (``words.py``), and the daily puzzle (``daily.py``).

Puzzles come from :mod:`puzzles.catalogue`; the bot never changes one.
"""
