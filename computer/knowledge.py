"""What a computer player may know, and nothing more.

A :class:`Knowledge` holds one side's view, the public choices of the game
(its options) and the game's actions as that side may read them: every
action the public may read, plus the side's own secret choices (its pending
Tuibei prediction). The search is built from this alone: it never sees the game,
so it cannot read a secret state however it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.match import SECRET_ENTRY, Match
from rules.pieces import Color
from rules.view import View

HIDDEN = SECRET_ENTRY  # a log entry whose text this side may not read


@dataclass(frozen=True, slots=True)
class Knowledge:
    """``log`` holds the game actions only (platform entries left out), in
    order, with :data:`HIDDEN` where the text is a secret of the opponent."""

    variant: str
    side: Color
    view: View
    log: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)


def knowledge_of(match: Match, side: Color) -> Knowledge:
    """What ``side`` may know of ``match``: its view, and the game's actions as
    it may read them (the latest ones that still hide a choice, S-5 undos
    already taken back, are :data:`HIDDEN` unless ``side`` made them)."""
    game = match.game
    log = [action.text for action in game.actions]
    for i in range(len(log) - game.secret_tail(), len(log)):
        if match.actors[i] is not side:
            log[i] = HIDDEN
    options = {k: v for k, v in match.options.items() if k != "time"}
    return Knowledge(match.variant, side, game.view(side), tuple(log), options)
