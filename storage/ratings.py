"""Glicko-2 ratings through the ``glicko2`` library, one game per rating period,
with the rating deviation growing over the periods a player sits out.

Each finished effective rated game (S-9) is its own rating period for both
players, computed from their ratings before the game, as lichess does:
there are no fixed periods to wait for in a bot that plays at any hour.
Time away still counts: every whole :data:`RATING_PERIOD` since a player's
last rated game in the variant is a period without games, in which
Glickman's step 6 widens the deviation (φ² + σ² per period), so a player
back after a year moves faster than one who plays daily.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import glicko2

RATING_PERIOD = 7 * 24 * 60 * 60.0  # one week, in seconds
NEW_RD = 350.0  # a new player's deviation, and the most an absence brings back
GLICKO2_SCALE = 173.7178  # Glickman's conversion factor between the two scales


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = 1500.0
    rd: float = NEW_RD
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


def idle_periods(last_rated: float | None, now: float) -> int:
    """Whole rating periods from a player's last rated game to ``now``
    (none for a player never rated: they start at :data:`NEW_RD` anyway)."""
    if last_rated is None or now <= last_rated:
        return 0
    return int((now - last_rated) // RATING_PERIOD)


def after_idle(player: Rating, periods: int) -> Rating:
    """``player`` after ``periods`` rating periods without a game.

    Glickman's step 6, φ' = √(φ² + σ²), applied once per period (rating and
    volatility stay), in closed form; capped at :data:`NEW_RD`, since a long
    absence makes a player no less known than a newcomer.
    """
    if periods <= 0:
        return player
    phi = player.rd / GLICKO2_SCALE
    rd = GLICKO2_SCALE * math.sqrt(phi * phi + periods * player.volatility**2)
    return Rating(player.rating, min(rd, max(NEW_RD, player.rd)), player.volatility)
