"""Computer players for Chuhan: Fairy-Stockfish over UCI for standard xiangqi,
and a built-in search for every variant that plays hidden-information games
from its own view only.

Depends on ``rules`` alone. A player is given a :class:`~rules.knowledge.Knowledge`
(its view and the public log), never a game.
"""
