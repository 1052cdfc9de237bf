"""Successor xiangqi's room: its foul call typed as words, its review."""

from __future__ import annotations

from pathlib import Path

from rules.variants.houji.game import FOUL_WORDS

from .. import VariantTable, register_table


@register_table
class HoujiTable(VariantTable):
    variants = ("houji",)
    reviewed = ("houji",)
    extensions = ("bot.variants.houji.cog",)
    catalogue = Path(__file__).parent

    def called(self, typed: str) -> str | None:
        return "done.foul" if typed in FOUL_WORDS else None
