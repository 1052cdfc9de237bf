"""Arenas as lichess runs them: players are paired as soon as they are free,
and scored 2 a win, 1 a draw, doubled once a player has won two games in a
row (on fire until a game that is not a win)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import Pairing

WIN, DRAW = 2, 1


@dataclass(frozen=True, slots=True)
class ArenaScore:
    points: int
    wins: int
    games: int
    streak: int  # wins in a row at the end: on fire from 2

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2


def score(pairings: Sequence[Pairing], player: int) -> ArenaScore:
    """``player``'s arena score from their finished games, in the order played."""
    points = wins = games = streak = 0
    for pairing in sorted(pairings, key=lambda p: (p.round, p.table)):
        if player not in pairing.players or pairing.result is None:
            continue
        games += 1
        factor = 2 if streak >= 2 else 1
        if pairing.won_by(player):
            points += WIN * factor
            wins += 1
            streak += 1
        else:
            if pairing.points_of(player) == 0.5:
                points += DRAW * factor
            streak = 0
    return ArenaScore(points, wins, games, streak)


def _colour_balance(pairings: Sequence[Pairing], player: int) -> tuple[int, int]:
    """Games as red minus games as black, and whether the last game was red
    (1) or black (-1), 0 before any."""
    balance, last = 0, 0
    for pairing in sorted(pairings, key=lambda p: (p.round, p.table)):
        if pairing.black is None or player not in pairing.players:
            continue
        last = 1 if pairing.red == player else -1
        balance += last
    return balance, last


def _last_opponent(pairings: Sequence[Pairing], player: int) -> int | None:
    mine = [p for p in pairings if player in p.players and p.black is not None]
    if not mine:
        return None
    return max(mine, key=lambda p: (p.round, p.table)).opponent(player)


def pair_free(free: Sequence[int], pairings: Sequence[Pairing], wave: int) -> list[Pairing]:
    """Pair the ``free`` players (given in seed order) for pairing wave ``wave``:
    best score first, each with the next best free player who was not their
    last opponent, the one who had red less often taking red. A player whose
    only free opponent is the last one waits for the next wave."""
    order = sorted(free, key=lambda p: (-score(pairings, p).points, free.index(p)))
    waiting = list(order)
    result: list[Pairing] = []
    while waiting:
        first = waiting.pop(0)
        partner = next(
            (
                p
                for p in waiting
                if _last_opponent(pairings, first) != p and _last_opponent(pairings, p) != first
            ),
            None,
        )
        if partner is None:
            continue
        waiting.remove(partner)
        mine, theirs = _colour_balance(pairings, first), _colour_balance(pairings, partner)
        red, black = (partner, first) if theirs < mine else (first, partner)
        result.append(Pairing(wave, len(result) + 1, red, black))
    return result
