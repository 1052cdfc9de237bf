"""The computer opponent as the bot uses it: Fairy-Stockfish for standard
xiangqi where it is installed, the built-in player everywhere else and
whenever the engine fails.

The built-in search is CPU work; it runs in a :class:`~computer.pool.SearchPool`
of worker processes so that the event loop keeps serving other games.
"""

from __future__ import annotations

import logging
import secrets

from rules.actions import Move
from rules.variant import find_variant

from .evaluation import MATE
from .fairy import FairyStockfish, from_uci
from .knowledge import Knowledge
from .levels import Level
from .levels import level as level_of
from .pool import SearchPool
from .uci import EngineError, Limit

log = logging.getLogger(__name__)

# Reviews analyse every position: a short, full-strength look at each.
REVIEW = Level(0, 20, 0.1, 3, 0)
REVIEW_LIMIT = Limit(time=0.05)
DRAW_WHEN_BEHIND = 150  # centipawns: the computer takes a draw when this much worse


class Opponent:
    """Chooses actions from a :class:`Knowledge`. ``engine_path`` ``None``:
    no Fairy-Stockfish, the built-in player plays every variant."""

    def __init__(self, engine_path: str | None, pool: SearchPool) -> None:
        self.fairy = FairyStockfish(engine_path) if engine_path else None
        self.pool = pool
        self.fallbacks = 0  # engine failures answered by the built-in player

    async def choose(self, knowledge: Knowledge, level: int) -> str:
        """The text of the action to play (a log entry such as ``h2e2`` or ``?r``).
        When Fairy-Stockfish fails (it dies, hangs, answers nonsense or is
        still restarting after an earlier failure) the built-in player moves."""
        chosen = level_of(level)
        if knowledge.variant == "xiangqi" and self.fairy is not None:
            try:
                moves = [Move.from_iccs(text) for text in knowledge.log]
                result = await self.fairy.best(knowledge.options, moves, chosen)
                assert result.move is not None  # refused as nonsense otherwise
                return from_uci(result.move).text
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine plays this move")
        choice = await self.pool.choose(knowledge, chosen, secrets.randbits(32))
        return choice.action

    async def analyse(self, knowledge: Knowledge) -> tuple[int, str | None]:
        """A quick evaluation of the position for the side to move (centipawns,
        mates as ``±MATE``) and the move the engine prefers, for reviews."""
        if knowledge.variant == "xiangqi" and self.fairy is not None:
            try:
                moves = [Move.from_iccs(text) for text in knowledge.log]
                result = await self.fairy.best(knowledge.options, moves, REVIEW, REVIEW_LIMIT)
                kind, value = result.info.get("score", ("cp", 0))  # type: ignore[misc]
                score = value if kind == "cp" else (MATE if value > 0 else -MATE)
                assert result.move is not None  # refused as nonsense otherwise
                return score, from_uci(result.move).text
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine reviews this position")
        choice = await self.pool.choose(knowledge, REVIEW, 0)
        return choice.score, choice.action

    async def accepts_draw(self, knowledge: Knowledge) -> bool:
        """Whether to take a draw offered to ``knowledge.side``: yes when its
        position is worse by :data:`DRAW_WHEN_BEHIND` or more, as a person
        would; an even or better game is played on. Never in a game with
        hidden pieces: sampling what is hidden scores the side to move too
        well there (each sample shows it what to turn up), so it would take
        a draw on the first move."""
        if find_variant(knowledge.variant).hidden_information:
            return False
        score, _ = await self.analyse(knowledge)
        mine = score if knowledge.view.turn is knowledge.side else -score
        return mine <= -DRAW_WHEN_BEHIND

    async def close(self) -> None:
        if self.fairy is not None:
            await self.fairy.quit()
        await self.pool.close()
