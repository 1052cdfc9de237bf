"""Jieqi's room (both rule sets): its messages, the other verbs typed for a
reveal, and the hint once a pass is the only turn left."""

from __future__ import annotations

from pathlib import Path

from rules.actions import Action, Pass
from rules.squares import Square, square_name
from rules.variant import Game
from rules.variants.jieqi.actions import Reveal

from .. import VariantTable, register_table

_REVEAL = ("揭{square}", "flip{square}", "翻{square}")  # other ways to say it


@register_table
class JieqiTable(VariantTable):
    variants = ("jieqi", "jieqi-classic")
    reviewed = ("jieqi", "jieqi-classic")
    catalogue = Path(__file__).parent

    def words(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        return ("said.reveal", action.square) if isinstance(action, Reveal) else None

    def spellings(self, action: Action) -> tuple[str, ...]:
        if not isinstance(action, Reveal):
            return ()
        return tuple(form.format(square=square_name(action.square)) for form in _REVEAL)

    def hint(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        return ("pass", None) if isinstance(action, Pass) else None
