"""The table of a tournament: points and tie-breaks, ranked.

Tie-breaks, in order: Swiss, Buchholz (the points of every opponent met over
the board) then Sonneborn-Berger (the points of each opponent beaten, and
half of each drawn with); round-robin, the direct encounter (points scored
in the games among the players tied on points) then Sonneborn-Berger; arena,
the number of wins. Byes and forfeits give points but count for no tie-break
as games. Players with equal points and tie-breaks share a rank.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from . import arena
from .model import Format, Pairing

TIEBREAKS = {
    Format.SWISS: ("buchholz", "sonneborn_berger"),
    Format.ROUND_ROBIN: ("direct", "sonneborn_berger"),
    Format.ARENA: ("wins",),
}


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: int
    points: float
    tiebreaks: tuple[float, ...]
    games: int
    withdrawn: bool = False


def _points(pairings: Sequence[Pairing], player: int) -> float:
    return sum(p.points_of(player) for p in pairings if player in p.players)


def _played(pairings: Sequence[Pairing], player: int) -> list[Pairing]:
    return [p for p in pairings if player in p.players and p.result is not None and p.result.played]


def buchholz(pairings: Sequence[Pairing], player: int) -> float:
    return sum(_points(pairings, _opponent(p, player)) for p in _played(pairings, player))


def sonneborn_berger(pairings: Sequence[Pairing], player: int) -> float:
    return sum(
        p.points_of(player) * _points(pairings, _opponent(p, player))
        for p in _played(pairings, player)
    )


def direct_encounter(pairings: Sequence[Pairing], player: int, tied: Collection[int]) -> float:
    """Points ``player`` scored against the others of ``tied`` (their group of equal points)."""
    return sum(
        p.points_of(player)
        for p in pairings
        if player in p.players and p.black is not None and _opponent(p, player) in tied
    )


def _opponent(pairing: Pairing, player: int) -> int:
    opponent = pairing.opponent(player)
    assert opponent is not None
    return opponent


def standings(
    format: Format,
    players: Sequence[int],
    pairings: Sequence[Pairing],
    withdrawn: Collection[int] = (),
) -> list[Standing]:
    """The ranked table of ``players`` (in seed order, which breaks the last ties)."""
    rows: list[tuple[float, tuple[float, ...], int, int]] = []
    for player in players:
        games = sum(1 for p in pairings if player in p.players and p.result is not None)
        if format is Format.ARENA:
            score = arena.score(pairings, player)
            rows.append((float(score.points), (float(score.wins),), score.games, player))
            continue
        points = _points(pairings, player)
        ties: tuple[float, ...]
        if format is Format.SWISS:
            ties = (buchholz(pairings, player), sonneborn_berger(pairings, player))
        else:
            group = [q for q in players if _points(pairings, q) == points]
            ties = (
                direct_encounter(pairings, player, group),
                sonneborn_berger(pairings, player),
            )
        rows.append((points, ties, games, player))
    rows.sort(key=lambda row: (-row[0], tuple(-t for t in row[1]), players.index(row[3])))
    table: list[Standing] = []
    for index, (points, ties, games, player) in enumerate(rows):
        same = table and (table[-1].points, table[-1].tiebreaks) == (points, ties)
        rank = table[-1].rank if same else index + 1
        table.append(Standing(rank, player, points, ties, games, player in withdrawn))
    return table
