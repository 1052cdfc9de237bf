"""Puzzles: positions with one winning way, mined from games and checked by
the engine, shipped as data and served by the bot.

Depends on ``rules`` (and on ``computer`` for the engine work of generating
and verifying); the bot reads puzzles only through :mod:`puzzles.catalogue`.
"""
