"""Glicko-2 ratings through the ``glicko2`` library, one game per rating period.

Each finished effective rated game (S-9) is its own rating period for both
players, computed from their ratings before the game, as lichess does:
there are no fixed periods to wait for in a bot that plays at any hour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import glicko2


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def updated(player: Rating, results: Iterable[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of ``(opponent, score)`` results.

    ``score`` is 1 for a win, 0.5 for a draw, 0 for a loss.
    """
    results = list(results)
    if not results:
        return player
    p = glicko2.Player(player.rating, player.rd, player.volatility)
    p.update_player(
        [opponent.rating for opponent, _ in results],
        [opponent.rd for opponent, _ in results],
        [score for _, score in results],
    )
    return Rating(p.rating, p.rd, p.vol)
