"""The computer's judgements in a game (whether to take a draw) are searched
for a fixed amount of work, never for a time: the same position gets the
same evaluation, so the same verdict, on an idle machine and on one whose
every core is busy, whatever the engine searched in between. Real engines:
Fairy-Stockfish and the built-in search."""

from __future__ import annotations

import itertools
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from computer import search
from computer.fairy import engine_path
from computer.hidden_review import weigh
from computer.opponent import JUDGEMENT_BUDGET, JUDGEMENT_LIMIT, REVIEW, REVIEW_BUDGET, Opponent
from computer.player import choose
from computer.pool import SearchPool
from computer.search import Budget
from computer.worker import NICENESS
from rules.knowledge import Knowledge, knowledge_of
from rules.match import Match
from rules.pieces import Color
from tests.system_tools import require
from tests.test_computer_draws import BLACK_DOWN_A_CHARIOT, RED_DOWN_A_CHARIOT


def black_knows(fen: str | None = None, moves: tuple[str, ...] = ()) -> Knowledge:
    match = Match.start("xiangqi", {"fen": fen} if fen else {})
    for move in moves:
        match.apply(move)
    return knowledge_of(match, Color.BLACK)


# A draw offered to the computer (Black): down a chariot, up one, at the start,
# and after Red's central cannon (the position of the bot's own draw test).
OFFERS = [
    black_knows(BLACK_DOWN_A_CHARIOT),
    black_knows(RED_DOWN_A_CHARIOT),
    black_knows(),
    black_knows(moves=("h2e2",)),
]
TAKEN = [True, False, False, False]


@contextmanager
def busy_machine(niceness: int) -> Iterator[None]:
    """Two processes per core spinning while the block runs, as nice as the
    search they compete with (so that they slow it down, without starving it)."""
    count = 2 * (os.cpu_count() or 1)
    spin = f"import os; os.nice({niceness})\nwhile True: pass"
    burners = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


@pytest.fixture(params=["fairy-stockfish", "built-in"])
async def opponent(request):
    path = engine_path() if request.param == "fairy-stockfish" else None
    if request.param == "fairy-stockfish":
        require(path, "fairy-stockfish")
    found = Opponent(path, SearchPool(1))
    yield found
    await found.close()


async def test_a_draw_is_judged_the_same_on_a_busy_machine(opponent, caplog):
    with caplog.at_level(logging.DEBUG, logger="computer.uci"):
        idle = [await opponent.standing(knowledge) for knowledge in OFFERS]
    # A game move in between: the engine's memory of earlier searches is full.
    await opponent.choose(knowledge_of(Match.start("xiangqi"), Color.RED), 4)
    with busy_machine(0 if opponent.fairy is not None else NICENESS):
        busy = [await opponent.standing(knowledge) for knowledge in OFFERS]
    assert busy == idle
    assert [await opponent.accepts_draw(knowledge) for knowledge in OFFERS] == TAKEN
    assert opponent.fallbacks == 0
    if opponent.fairy is not None:  # each search was for nodes, none for a time
        sent = [record.getMessage() for record in caplog.records]
        goes = [line for line in sent if line.startswith("engine << go")]
        assert goes == [f"engine << go nodes {JUDGEMENT_LIMIT.nodes}"] * len(OFFERS)
        assert sent.count("engine << ucinewgame") == len(OFFERS)


def test_the_built_in_judgements_never_read_the_clock(monkeypatch):
    """The built-in search's verdicts (a draw offer, a review of either kind)
    are the same under a clock that leaps an hour at every look, which would
    cut any search bounded by a time short: no machine load can change them."""
    offer = black_knows(BLACK_DOWN_A_CHARIOT)
    jieqi = knowledge_of(Match.start("jieqi-classic", {}, 3), Color.RED)
    calm = (
        choose(offer, REVIEW, 0, JUDGEMENT_BUDGET),
        choose(offer, REVIEW, 0, REVIEW_BUDGET),
        weigh(jieqi),
    )
    deep = choose(offer, REVIEW, 0, Budget(depth=3))
    hours = itertools.count(step=3600.0)
    monkeypatch.setattr(search.time, "monotonic", lambda: next(hours))
    leaping = (
        choose(offer, REVIEW, 0, JUDGEMENT_BUDGET),
        choose(offer, REVIEW, 0, REVIEW_BUDGET),
        weigh(jieqi),
    )
    assert leaping == calm
    # The same clock does cut a search bounded by time: the test can tell.
    assert choose(offer, REVIEW, 0, Budget(depth=3, seconds=60.0)).nodes < deep.nodes
