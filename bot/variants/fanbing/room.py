"""Third-generation xiangqi's room: its private setup before the first move,
the easy-flips option, the words and hints of flips and double flips, and
the question before a double flip that loses at once."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from computer.variants.fanbing import setup_choice
from rules.actions import Action, Swap
from rules.pieces import Color
from rules.squares import Square
from rules.variant import Game
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.game import EASY_FLIPS, Fanbing

from ...report import Line
from .. import TableHost, VariantTable, register_table
from .arranging import expire, load, phase_of, settle


@register_table
class FanbingTable(VariantTable):
    variants = ("fanbing",)
    reviewed = ("fanbing",)
    extensions = ("bot.variants.fanbing.cog",)
    catalogue = Path(__file__).parent
    challenge_flags: ClassVar[Mapping[str, str]] = {"easy_flips": EASY_FLIPS}  # F-3
    setup_just_over = "fanbing.setup_just_over"

    async def load_setup(self, manager: TableHost) -> None:
        await load(manager)

    async def expire_setup(self, manager: TableHost) -> list[Line] | None:
        return await expire(manager)

    async def computer_setup(
        self, manager: TableHost, side: Color, rng: random.Random
    ) -> list[Line] | None:
        """A random setup, chosen without looking at the game, stored as a
        player's choice is."""
        phase = phase_of(manager)
        if phase is None or phase.done[side]:
            return None
        return await settle(manager, phase, side, setup_choice(rng), done=True)

    def opening_lines(self, options: Mapping[str, str]) -> list[Line]:
        return [Line("fanbing.easy_flips_on")] if options.get(EASY_FLIPS) else []  # F-3

    def words(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        if isinstance(action, Swap):
            return "said.double_flip", action.second
        return ("said.flip", action.square) if isinstance(action, Flip) else None

    def hint(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        if isinstance(action, Flip) and isinstance(game, Fanbing):
            piece = game.position.board[action.square]
            return f"flip.{piece.kind.value if piece else 'p'}", action.square
        if isinstance(action, Swap):
            return "double_flip", action.second
        return None

    def second_thought(self, action: Action) -> bool:
        """A double flip: the mover's own backs decide whether it loses."""
        return isinstance(action, Swap)
