"""``python -m rules.variants.fanbing.playout [GAMES] [FIRST_SEED] [--fast]``: random
games of third-generation xiangqi with random setups, each played to its end.

Every legal action, flips and double flips included, is picked at random;
the run stops at the first exception. After every ply the game's incremental
state is compared with the same position rebuilt from scratch
(:meth:`Fanbing.drift`); ``--fast`` skips that, to time the playouts alone.
Prints how the games ended. The test suite plays a few of these; this
command plays as many as asked (2,000 by default).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from ...outcome import Reason
from .game import Fanbing


class Drift(AssertionError):
    """A game's incremental state differs from its position rebuilt."""


def play_random(seed: int, options: dict[str, str] | None = None, check: bool = False) -> Fanbing:
    """One game from seed ``seed`` (which is also its setups), played at
    random; with ``check``, compared with a rebuild after every ply."""
    rng = random.Random(seed)
    game = Fanbing.start(options or {}, rng.getrandbits(62))
    while game.outcome() is None:
        game.push(rng.choice(game.legal_actions()))
        if check and (found := game.drift()):
            raise Drift(f"seed {seed}, ply {game.ply}: " + "; ".join(found))
    return game


def main(argv: list[str]) -> int:
    check = "--fast" not in argv
    argv = [a for a in argv if a != "--fast"]
    games = int(argv[0]) if argv else 2000
    first = int(argv[1]) if len(argv) > 1 else 0
    reasons: Counter[Reason] = Counter()
    plies = 0
    start = time.perf_counter()
    for seed in range(first, first + games):
        options = {"easy-flips": "true"} if seed % 2 else {}
        game = play_random(seed, options, check)
        outcome = game.outcome()
        assert outcome is not None
        reasons[outcome.reason] += 1
        plies += game.ply
    seconds = time.perf_counter() - start
    checked = ", each ply checked against a rebuild" if check else ""
    print(f"{games} games, {plies} plies, {seconds:.1f} s, {plies / seconds:.0f} plies/s{checked}")
    for reason, count in reasons.most_common():
        print(f"  {reason.value}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
