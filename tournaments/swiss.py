"""Swiss rounds by the FIDE Dutch system, paired by ``caissify-pairings``.

The library is stateless: every round it is told each player's score, the
colours of the games they played, their floats and byes, and who met whom.
This module derives all of it from the pairings and results so far, the way
the library's own checker (and bbpPairings) reads a tournament report:
colours and rematches count only games played over the board, a bye or a
forfeit win is a float down.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from caissify_pairings import generate_pairings

from .model import Pairing, Result


def _score_before(history: Sequence[Pairing], player: int, round_number: int) -> float:
    return sum(
        p.points_of(player) for p in history if p.round < round_number and player in p.players
    )


def _floats(history: Sequence[Pairing], pairing: Pairing, player: int) -> str:
    assert pairing.result is not None
    if pairing.black is None:
        return "down"  # a bye
    if not pairing.result.played:
        return "down" if pairing.won_by(player) else "none"
    opponent = pairing.opponent(player)
    assert opponent is not None
    mine = _score_before(history, player, pairing.round)
    theirs = _score_before(history, opponent, pairing.round)
    return "down" if mine > theirs else "up" if mine < theirs else "none"


def engine_player(history: Sequence[Pairing], player: int, number: int) -> dict[str, Any]:
    """What the Dutch engine must know of ``player`` (pairing number ``number``)
    after the finished rounds of ``history``."""
    colours: list[str] = []
    floats: list[str] = []
    byes = forfeit_wins = 0
    for pairing in sorted(history, key=lambda p: p.round):
        if player not in pairing.players or pairing.result is None:
            continue
        floats.append(_floats(history, pairing, player))
        if pairing.black is None:
            byes += 1
        elif pairing.result.played:
            colours.append("white" if player == pairing.red else "black")
        elif pairing.won_by(player):
            forfeit_wins += 1
    return {
        "id": number,
        "name": str(player),
        "score": sum(p.points_of(player) for p in history if player in p.players),
        "rating": 0,  # pairing numbers already rank the field
        "starting_number": number,
        "color_hist": colours,
        "float_history": floats,
        "bye_count": byes,
        "forfeit_win_count": forfeit_wins,
    }


def pair_round(
    seeds: Sequence[int],
    active: Collection[int],
    history: Sequence[Pairing],
    round_number: int,
    total_rounds: int,
) -> list[Pairing]:
    """The pairings of Swiss round ``round_number`` among the ``active``
    players; ``seeds`` are every entrant in pairing-number order (1 first),
    ``history`` the pairings of the rounds before, all with their results.
    An odd player out gets a bye (``Result.BYE``, a point)."""
    number = {player: index for index, player in enumerate(seeds, start=1)}
    player_of = {index: player for player, index in number.items()}
    playing = [p for p in seeds if p in active]
    met = {
        tuple(sorted((number[p.red], number[p.black])))
        for p in history
        if p.black is not None and p.result is not None and p.result.played
    }
    rows = generate_pairings(
        system="dutch",
        players=[engine_player(history, p, number[p]) for p in playing],
        previous_pairings=met,
        round_number=round_number,
        total_rounds=total_rounds,
        initial_color="white",
    )
    pairings = []
    for row in sorted(rows, key=lambda r: int(r["table"])):
        red = player_of[int(row["white_id"])]
        if row.get("black_id") is None:
            pairings.append(Pairing(round_number, int(row["table"]), red, None, Result.BYE))
        else:
            black = player_of[int(row["black_id"])]
            pairings.append(Pairing(round_number, int(row["table"]), red, black))
    return pairings
