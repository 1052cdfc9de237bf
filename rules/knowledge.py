"""What one side may know of a match, and nothing more: what a computer
player is given instead of the game.

A :class:`Knowledge` holds one side's view, the public choices of the game
(its options) and the game's actions as that side may read them: every
action the public may read, plus the side's own secret choices (its pending
Tuibei prediction). The rules build it from the match, so the computer never
receives the game and cannot read a secret state however it is written.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .match import SECRET_ENTRY, Match
from .pieces import Color
from .view import View

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


def knowledge_along(
    variant: str, options: Mapping[str, str], seed: int, moves: Sequence[str]
) -> Iterator[Knowledge]:
    """The side to move's knowledge of each position of the game ``moves``
    (the start, then after each action), the last one where the game is over
    on the board (its view then holds the outcome): what a review analyses."""
    match = Match.start(variant, options, seed)
    for ply in range(len(moves) + 1):
        if ply:
            match.apply(moves[ply - 1])
        yield knowledge_of(match, match.game.turn)
        if match.outcome is not None:
            return
