"""The computer takes a draw when it stands worse and plays on otherwise,
judged by the real engines (Fairy-Stockfish and the built-in search); never
in a game with hidden pieces."""

from __future__ import annotations

import pytest

from computer.fairy import engine_path
from computer.opponent import Opponent
from computer.pool import SearchPool
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color
from tests.system_tools import require

# Black has lost a chariot; Red, to move, offers a draw.
BLACK_DOWN_A_CHARIOT = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# Red has lost a chariot and, to move, offers a draw to a computer playing Black.
RED_DOWN_A_CHARIOT = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"


@pytest.fixture(params=["fairy-stockfish", "built-in"])
async def opponent(request):
    path = engine_path() if request.param == "fairy-stockfish" else None
    if request.param == "fairy-stockfish":
        require(path, "fairy-stockfish")
    found = Opponent(path, SearchPool(1))
    yield found
    await found.close()


async def test_it_takes_a_draw_only_when_it_stands_worse(opponent):
    def black_knows(fen: str):
        return knowledge_of(Match.start("xiangqi", {"fen": fen}), Color.BLACK)

    assert await opponent.accepts_draw(black_knows(BLACK_DOWN_A_CHARIOT))
    assert not await opponent.accepts_draw(black_knows(RED_DOWN_A_CHARIOT))
    assert not await opponent.accepts_draw(knowledge_of(Match.start("xiangqi"), Color.BLACK))


async def test_never_in_a_game_with_hidden_pieces():
    """In Jieqi the computer plays on whatever its search says (at the start
    it rates the side to move far ahead): sampled scores are not trusted
    with a draw."""
    opponent = Opponent(None, SearchPool(1))
    try:
        match = Match.start("jieqi", {}, 3)
        assert not await opponent.accepts_draw(knowledge_of(match, Color.BLACK))
    finally:
        await opponent.close()
