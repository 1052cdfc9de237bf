"""The garbage collector as a long-running bot wants it.

Replaying a game woken from sleep makes thousands of small containers (each
ply keeps the boards around it for the repetition rules), and CPython's
default collector (a young collection every 700 of them) then walks the
whole heap of a bot that has run a while, every few hundred games: in a
burst of 400 moves in games asleep, a third of the replaying time went to
it (``BENCHMARKS.md``, "Thousands of games at once"). So once the bot has
started, what it made so far (modules, fonts, caches, the client) is frozen
out of the collector's walks, and young collections come less often.
Memory is still freed as soon as nothing refers to it; only garbage in
reference cycles waits a little longer.
"""

from __future__ import annotations

import gc
from functools import cache

YOUNG_COLLECTION_AFTER = 20_000  # new containers between young collections (default 700)
OLDER_COLLECTION_AFTER = 20  # collections of a generation between those of the next (10)


@cache
def settle_collector() -> None:
    """Once per process, after start-up: collect what start-up left over,
    freeze the rest, and space out the collections."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_AFTER, OLDER_COLLECTION_AFTER, OLDER_COLLECTION_AFTER)
