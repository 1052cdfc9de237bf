"""Round-robin rounds by the FIDE Berger tables, as ``caissify-pairings`` lays
them out: everyone meets everyone once over ``n - 1`` rounds (``n`` rounds
when the field is odd, each player sitting one out with a bye)."""

from __future__ import annotations

from collections.abc import Sequence

from caissify_pairings import generate_pairings

from .model import Pairing, Result


def rounds_for(players: int) -> int:
    """How many rounds a single round-robin of ``players`` takes."""
    return players - 1 if players % 2 == 0 else players


def pair_round(seeds: Sequence[int], round_number: int) -> list[Pairing]:
    """Round ``round_number`` of the Berger table of ``seeds`` (pairing number
    1 first). The table is fixed at the start: a later withdrawal does not
    change it (the bot scores the withdrawn player's games as forfeits)."""
    players = [
        {"id": number, "starting_number": number, "score": 0.0, "rating": 0}
        for number in range(1, len(seeds) + 1)
    ]
    rows = generate_pairings(
        system="round_robin",
        players=players,
        previous_pairings=set(),
        round_number=round_number,
        total_rounds=rounds_for(len(seeds)),
    )
    pairings = []
    for row in sorted(rows, key=lambda r: int(r["table"])):
        red = seeds[int(row["white_id"]) - 1]
        if row.get("black_id") is None:
            pairings.append(Pairing(round_number, int(row["table"]), red, None, Result.BYE))
        else:
            black = seeds[int(row["black_id"]) - 1]
            pairings.append(Pairing(round_number, int(row["table"]), red, black))
    return pairings
