"""A member's try of a puzzle: given once, answered move by move, ended once.

Where a try stands (how many plies of the solution are played) is stored,
so a restart loses no try; each step is a compare-and-set in storage, so a
double click or two answers at once move it on once. A move that is not the
solution's fails the try, unless it wins at once (another mate is a mate).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from puzzles.catalogue import Puzzle
from rules.pieces import Color
from rules.variant import Game
from storage import PuzzleStanding, PuzzleTry, Store

from ..errors import BotError, Busy
from ..typed import written
from .positions import played, start
from .source import PuzzleSource

NEW_RATING = 1500.0  # a member's puzzle rating before their first puzzle

Result = Literal["right", "solved", "failed"]


@dataclass(frozen=True, slots=True)
class Shown:
    """A puzzle to show: its position after ``plies`` of the solution."""

    puzzle: Puzzle
    game: Game
    solver: Color
    plies: int
    daily: bool
    again: bool  # a try already under way, shown again


@dataclass(frozen=True, slots=True)
class Answer:
    """What an answer did: ``right`` (and the ``reply``), ``solved`` or ``failed``.

    ``game`` is the position to show next (after the whole solution when the
    try ended), ``solution`` the whole line in every notation, ``standing``
    the puzzle rating before and after an ended try."""

    puzzle: Puzzle
    result: Result
    game: Game
    solver: Color
    played: dict[str, str]
    reply: dict[str, str] | None
    left: int  # solver moves still to find
    solution: list[tuple[Color, dict[str, str]]]
    standing: tuple[PuzzleStanding | None, PuzzleStanding] | None
    daily_guild: int | None


def solution_line(puzzle: Puzzle) -> list[tuple[Color, dict[str, str]]]:
    """The solution from the puzzle's position, each move in every notation."""
    game = start(puzzle)
    listed = []
    for text in puzzle.solution:
        action = game.parse(text)
        listed.append((game.turn, written(game, action)))
        game.push(action)
    return listed


class Tries:
    """Giving puzzles and answering them, from the source ``source()`` holds."""

    def __init__(self, store: Store, source: Callable[[], PuzzleSource]) -> None:
        self.store = store
        self.source = source

    async def standing(self, user_id: int) -> PuzzleStanding | None:
        return await self.store.puzzle_standing(user_id)

    async def _open(self, user_id: int) -> tuple[PuzzleTry, Puzzle] | None:
        opened = await self.store.open_puzzle(user_id)
        puzzle = None if opened is None else self.source().find(opened.puzzle_id)
        return None if opened is None or puzzle is None else (opened, puzzle)

    @staticmethod
    def _shown(puzzle: Puzzle, tried: PuzzleTry | None, daily: bool) -> Shown:
        plies = 0 if tried is None else tried.plies
        game = played(puzzle, plies)
        return Shown(puzzle, game, game.turn, plies, daily, again=tried is not None)

    async def give(self, user_id: int, variant: str, guild_id: int | None) -> Shown:
        """A puzzle of ``variant`` near the member's rating, one they never had;
        the one they are solving, if any, again."""
        opened = await self._open(user_id)
        if opened is not None:
            return self._shown(opened[1], opened[0], opened[0].daily)
        standing = await self.store.puzzle_standing(user_id)
        rating = NEW_RATING if standing is None else standing.rating
        seen = await self.store.seen_puzzles(user_id)
        puzzle = self.source().near(variant, rating, seen, user_id)
        if puzzle is None:
            raise BotError("puzzle_none_left")
        if not await self.store.start_puzzle(user_id, puzzle.id, variant, guild_id, False):
            raise Busy()  # the same puzzle given at the same moment
        return self._shown(puzzle, None, False)

    async def give_daily(self, user_id: int, guild_id: int, puzzle: Puzzle) -> Shown:
        """The server's daily ``puzzle``, once per member."""
        tried = await self.store.puzzle_try(user_id, puzzle.id)
        if tried is not None:
            if tried.result is not None:
                raise BotError(f"puzzle_tried_{tried.result}")
            return self._shown(puzzle, tried, True)
        if not await self.store.start_puzzle(user_id, puzzle.id, puzzle.variant, guild_id, True):
            raise Busy()
        return self._shown(puzzle, None, True)

    async def position(self, user_id: int) -> Game | None:
        """The position of the puzzle the member is solving (for the autocomplete)."""
        opened = await self._open(user_id)
        return None if opened is None else played(opened[1], opened[0].plies)

    async def answer(self, user_id: int, text: str) -> Answer:
        """Play the member's move in the puzzle they are solving.

        :raises RulesError: for a move that cannot be read or is not legal
            (nothing changes: the try goes on).
        """
        opened = await self._open(user_id)
        if opened is None:
            raise BotError("puzzle_none_open")
        tried, puzzle = opened
        game = played(puzzle, tried.plies)
        solver = game.turn
        action = game.parse(text)
        expected = game.parse(puzzle.solution[tried.plies])
        spelled = written(game, action)
        game.push(action)
        outcome = game.outcome()
        won = outcome is not None and outcome.winner is solver
        ended = action != expected and not won
        if ended or won or tried.plies + 1 >= len(puzzle.solution):
            standing = await self.store.finish_puzzle(user_id, puzzle.id, not ended, puzzle.rating)
            if standing is None:
                raise Busy()  # ended by another answer meanwhile
            return Answer(
                puzzle,
                "failed" if ended else "solved",
                game if won else played(puzzle, len(puzzle.solution)),
                solver,
                spelled,
                None,
                0,
                solution_line(puzzle),
                standing,
                tried.guild_id if tried.daily else None,
            )
        reply = game.parse(puzzle.solution[tried.plies + 1])
        answered = written(game, reply)
        game.push(reply)
        if not await self.store.advance_puzzle(user_id, puzzle.id, tried.plies, tried.plies + 2):
            raise Busy()
        left = (len(puzzle.solution) - tried.plies - 1) // 2
        return Answer(puzzle, "right", game, solver, spelled, answered, left, [], None, None)
