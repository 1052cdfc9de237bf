"""Tuibei's room: its tile menus, and the hint once a counter is open."""

from __future__ import annotations

from pathlib import Path

from rules.actions import Action
from rules.squares import Square
from rules.variant import Game
from rules.variants.tuibei.actions import Counter

from .. import VariantTable, register_table


@register_table
class TuibeiTable(VariantTable):
    variants = ("tuibei",)
    reviewed = ("tuibei",)
    extensions = ("bot.variants.tuibei.cog",)
    catalogue = Path(__file__).parent

    def hint(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        return ("counter", None) if isinstance(action, Counter) else None
