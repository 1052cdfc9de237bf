"""Telling a player how to do what has just become possible for them.

A variant's turn can take new forms during a game: a counter once the
opponent's prediction lies in their pool (Tuibei), a flip once a pawn stands
on the enemy back rank, a last piece's turn into its back, the minister, a
double flip while in check (third-generation xiangqi), a pass (Jieqi). Each
variant's room says which actions call for which hint (``hint`` of
``bot/variants``). The first time in a game one of these is open to the player to move, the report
tells them privately, with the command that does it: their own legal
actions are theirs to know, and nobody else learns of the hint. What the
opening message already explains (a move, a reveal, a prediction, a swap
with the queen) and what has its own notice (a foul call) is not repeated.
Which hints were given is kept in memory, per hub of games (one bot): after
a restart one may come again.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from rules.actions import Action
from rules.pieces import Color
from rules.squares import square_name

from .game_facts import GameFacts
from .report import Line, Report
from .variants import VariantTable, table_for

_told: WeakKeyDictionary[Any, set[tuple[int, Color, str]]] = WeakKeyDictionary()


def _kinds(manager: GameFacts, actions: list[Action]) -> dict[str, list[str]]:
    """The hints the actions call for, each with the squares its actions name."""
    found: dict[str, list[str]] = {}
    room, game = table_for(manager.variant), manager.match.game
    for action in actions:
        hint = room.hint(game, action)
        if hint is None:
            continue
        kind, square = hint
        squares = found.setdefault(kind, [])
        if square is not None and square_name(square) not in squares:
            squares.append(square_name(square))
    return found


def add(manager: GameFacts, report: Report) -> None:
    """Add to ``report`` the hints the player to move gets for the first time."""
    told = _told.setdefault(manager.hub, set())
    if manager.finished:
        told -= {key for key in told if key[0] == manager.id}
        return
    if type(table_for(manager.variant)).hint is VariantTable.hint:
        return  # a room without hints: no need to list every legal action (a move's cost)
    game = manager.match.game
    side = game.turn
    for kind, squares in _kinds(manager, game.legal_actions()).items():
        if (manager.id, side, kind) in told:
            continue
        told.add((manager.id, side, kind))
        params = {"square": squares[0] if squares else "", "squares": ", ".join(squares)}
        report.private.setdefault(manager.ids[side], []).append(Line(f"hint.{kind}", params))
