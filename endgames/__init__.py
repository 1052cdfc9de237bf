"""Practical endgames of standard xiangqi (实用残局): set positions the player
plays out against the engine, to win or to hold the draw within a move limit.

Depends on ``rules`` (and on ``computer`` for the engine check of the set,
``python -m endgames build``); the bot reads the set only through
:mod:`endgames.catalogue`.
"""
