"""Marked xiangqi's room: nothing but its catalogue; every other hook is the
default one."""

from __future__ import annotations

from pathlib import Path

from bot.variants import VariantTable, register_table

from .game import NAME


@register_table
class MarkedTable(VariantTable):
    variants = (NAME,)
    catalogue = Path(__file__).parent
