"""The computer opponent as the bot uses it: Fairy-Stockfish for standard
xiangqi where it is installed, the built-in player everywhere else and
whenever the engine fails.

The built-in search is CPU work; it runs in a :class:`~computer.pool.SearchPool`
of worker processes so that the event loop keeps serving other games.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence

from rules.actions import Move
from rules.knowledge import Knowledge
from rules.position import Position
from rules.variant import find_variant

from .evaluation import MATE
from .fairy import FairyStockfish, from_uci, start_fen, to_uci
from .levels import Level
from .levels import level as level_of
from .mirror import mirror_fen, mirror_uci
from .pool import SearchPool
from .review import LINE
from .search import Budget
from .uci import EngineError, Limit

log = logging.getLogger(__name__)

# Reviews analyse every position at full strength for a fixed amount of work
# (never a time, so a busy machine gives the same review): enough that the
# labels agree with a review at four times the work on over 90 % of moves,
# and a 100-ply game takes under 3 minutes on 2 cores (BENCHMARKS.md).
REVIEW_NODES = 200_000  # Fairy-Stockfish, per position (half for its mirror image)
REVIEW_BUDGET = Budget(depth=8, nodes=1_500)  # the built-in search (successor xiangqi)
REVIEW = Level(0, 20, 0.1, REVIEW_BUDGET.nodes or 0, 0, REVIEW_BUDGET.nodes or 0)
# What the computer decides in a game from an evaluation (taking a draw) is
# searched for a fixed amount of work, never for a time: the same position
# gets the same verdict on an idle machine and on a busy one.
JUDGEMENT_LIMIT = Limit(nodes=20_000)  # Fairy-Stockfish: about 0.1 s on an idle core
JUDGEMENT_BUDGET = Budget(depth=3, nodes=1_500)  # the built-in search: about as long
DRAW_WHEN_BEHIND = 150  # centipawns: the computer takes a draw when this much worse
# A game option: Fairy-Stockfish searches this many nodes per move instead of
# its level's time, so the computer plays alike on any machine (endgames).
NODES_OPTION = "nodes"


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
                nodes = knowledge.options.get(NODES_OPTION, "")
                limit = Limit(nodes=int(nodes)) if nodes.isdigit() else None
                result = await self.fairy.best(knowledge.options, moves, chosen, limit)
                assert result.move is not None  # refused as nonsense otherwise
                return from_uci(result.move).text
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine plays this move")
        choice = await self.pool.choose(knowledge, chosen, secrets.randbits(32))
        return choice.action

    async def analyse(self, knowledge: Knowledge, scale: int = 1) -> tuple[int, tuple[str, ...]]:
        """The review's evaluation of the position for the side to move
        (centipawns, mates as ``±MATE``) and the line the engine prefers
        (Fairy-Stockfish's principal variation; the built-in search's move),
        searched for ``scale`` times the review's nodes from an empty hash."""
        if knowledge.variant == "xiangqi" and self.fairy is not None:
            try:
                return await self._symmetric(knowledge, scale, None)
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine looks at this position")
        choice = await self.pool.choose(knowledge, REVIEW, 0, _review_budget(scale))
        return choice.score, (choice.action,)

    async def weigh(self, knowledge: Knowledge, scale: int = 1) -> dict[str, int]:
        """Every action of the side to move of a game with hidden pieces, from
        what that side knows (:func:`computer.hidden_review.weigh`), in a worker."""
        return await self.pool.weigh(knowledge, scale)

    async def analyse_move(
        self, knowledge: Knowledge, move: str, after: Knowledge, scale: int = 1
    ) -> int:
        """The value of ``move`` for the side that plays it from ``knowledge``,
        searched with the same work as :meth:`analyse`: Fairy-Stockfish looks
        at that one root move (``searchmoves``) of the same position, so both
        scores are of the same side to move; the built-in search scores the
        position ``after`` it for the opponent, which is what its root does."""
        if knowledge.variant == "xiangqi" and self.fairy is not None:
            try:
                score, _ = await self._symmetric(knowledge, scale, move)
                return score
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine looks at this move")
        outcome = after.view.outcome
        if outcome is not None:
            winner = outcome.winner
            return 0 if winner is None else MATE if winner is knowledge.side else -MATE
        choice = await self.pool.choose(after, REVIEW, 0, _review_budget(scale))
        return -choice.score

    async def _symmetric(
        self, knowledge: Knowledge, scale: int, move: str | None
    ) -> tuple[int, tuple[str, ...]]:
        """Fairy-Stockfish's score for the side to move (of ``move`` alone,
        if given) and its line: the mean of the position's and its mirror
        image's scores, each searched with half the nodes, and the
        position's own principal variation. Its search is not symmetric
        (moves are tried in board order), and a review must not judge a move
        otherwise than its mirror image."""
        assert self.fairy is not None
        position = Position.from_fen(start_fen(knowledge.options))
        for text in knowledge.log:
            position.push_unchecked(Move.from_iccs(text))
        fen = position.fen()
        played = () if move is None else (to_uci(Move.from_iccs(move)),)
        nodes = REVIEW_NODES * scale // 2
        scores: list[int] = []
        lines: list[tuple[str, ...]] = []
        for where, only in ((fen, played), (mirror_fen(fen), tuple(map(mirror_uci, played)))):
            result = await self.fairy.best(
                {"fen": where}, [], REVIEW, Limit(nodes=nodes, searchmoves=only), new_game=True
            )
            assert result.move is not None  # refused as nonsense otherwise
            scores.append(_value(result.info))
            lines.append(_line(position, result.move, result.pvs))
        return round(sum(scores) / 2), lines[0]

    async def standing(self, knowledge: Knowledge) -> int:
        """How well ``knowledge.side`` stands (centipawns, mates as ``±MATE``),
        searched for a fixed number of nodes from a forgotten past: the same
        knowledge always gets the same answer, however busy the machine."""
        score, _ = await self._evaluate(knowledge, JUDGEMENT_LIMIT, JUDGEMENT_BUDGET)
        return score if knowledge.view.turn is knowledge.side else -score

    async def _evaluate(
        self, knowledge: Knowledge, limit: Limit, budget: Budget
    ) -> tuple[int, str | None]:
        """The side to move's score and best move: Fairy-Stockfish searching
        ``limit`` from an empty hash table, else the built-in search with ``budget``."""
        if knowledge.variant == "xiangqi" and self.fairy is not None:
            try:
                moves = [Move.from_iccs(text) for text in knowledge.log]
                result = await self.fairy.best(
                    knowledge.options, moves, REVIEW, limit, new_game=True
                )
                assert result.move is not None  # refused as nonsense otherwise
                return _value(result.info), from_uci(result.move).text
            except EngineError:
                self.fallbacks += 1
                log.warning("Fairy-Stockfish failed; the built-in engine looks at this position")
        choice = await self.pool.choose(knowledge, REVIEW, 0, budget)
        return choice.score, choice.action

    async def accepts_draw(self, knowledge: Knowledge) -> bool:
        """Whether to take a draw offered to ``knowledge.side``: yes when its
        :meth:`standing` is worse by :data:`DRAW_WHEN_BEHIND` or more, as a
        person would; an even or better game is played on. Never in a game
        with hidden pieces: sampling what is hidden scores the side to move
        too well there (each sample shows it what to turn up), so it would
        take a draw on the first move."""
        if find_variant(knowledge.variant).hidden_information:
            return False
        return await self.standing(knowledge) <= -DRAW_WHEN_BEHIND

    async def close(self) -> None:
        if self.fairy is not None:
            await self.fairy.quit()
        await self.pool.close()


def _review_budget(scale: int) -> Budget:
    assert REVIEW_BUDGET.nodes is not None
    return Budget(depth=REVIEW_BUDGET.depth, nodes=REVIEW_BUDGET.nodes * scale)


def _line(position: Position, move: str, pvs: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The engine's principal variation from ``position`` in our move texts,
    from its chosen ``move`` on, as far as its moves are legal (an ``info``
    line may be older than the move, or end in nonsense): at least the move.
    Of the lines the search sent that begin with the move, the last as long
    as a kept line or as the longest of them: a search stopped by its node
    limit may end on a line of two plies after one of ten."""
    lines = [list(pv) for pv in pvs if pv and pv[0] == move]
    want = min(LINE, max(map(len, lines), default=0))
    uci = next((pv for pv in reversed(lines) if len(pv) >= want), [move])
    board = position.copy()
    found: list[str] = []
    for text in uci:
        try:
            step = from_uci(text)
        except ValueError:
            break
        if not board.is_legal(step):
            break
        board.push(step)
        found.append(step.text)
    return tuple(found)


def _value(info: Mapping[str, object]) -> int:
    """An answer's score in centipawns for the side to move, mates as ``±MATE``."""
    kind, value = _score(info)
    return value if kind == "cp" else (MATE if value > 0 else -MATE)


def _score(info: Mapping[str, object]) -> tuple[str, int]:
    """The engine's ``score`` of an ``info`` line: (``cp`` or ``mate``, number)."""
    score = info.get("score", ("cp", 0))
    assert isinstance(score, tuple) and len(score) == 2, score
    kind, value = score
    return str(kind), int(value)
