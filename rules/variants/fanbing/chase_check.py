"""``python -m rules.variants.fanbing.chase_check [CYCLES] [SEED]``: the
repetition verdicts of third-generation xiangqi on random cycles of standard
pieces, against standard xiangqi's on the same cycles.

Its new pieces plug into the standard algorithm (F-9), so on standard pieces
the two must never differ: each difference is printed, and the exit status is
1 if there is any. The test suite checks a few cycles; this runs as many as
asked (5,000 by default).
"""

from __future__ import annotations

import sys
from collections import Counter

from ...chase_check import Cycle, compare_variant
from .game import Fanbing


def compare_with_xiangqi(
    count: int, seed: int
) -> tuple[Counter[str], list[tuple[Cycle, str, str]]]:
    """Third-generation verdicts (counts) and the cycles where they differ."""
    return compare_variant(Fanbing.from_fen, count, seed)


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 5_000
    seed = int(argv[1]) if len(argv) > 1 else 0
    tally, differences = compare_with_xiangqi(count, seed)
    for cycle, standard, fanbing in differences:
        moves = " ".join(cycle.moves[: len(cycle.moves) // 2])
        print(f"differs: {cycle.fen} moves {moves} (twice): xiangqi {standard}, fanbing {fanbing}")
    counts = ", ".join(f"{name} {tally[name]}" for name in ("red", "black", "draw", "none"))
    print(f"cycles: {count} ({counts}); differences from xiangqi: {len(differences)}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
