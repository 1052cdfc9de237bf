"""The actions offered as a player types a move: their own legal actions, in
their notation and language, filtered by what they typed."""

from __future__ import annotations

from itertools import zip_longest

from rules.actions import Action
from rules.variant import Game

from . import labels
from .manager import GameManager
from .typed import folded


def interleaved(actions: list[Action]) -> list[Action]:
    """``actions`` with their kinds taking turns (move, reveal, move, ...), each
    kind in its own order."""
    groups: dict[type, list[Action]] = {}
    for action in actions:
        groups.setdefault(type(action), []).append(action)
    return [a for row in zip_longest(*groups.values()) for a in row if a is not None]


def suggestions(
    manager: GameManager, user_id: int, style: str, typed: str, lang: str = "en", limit: int = 25
) -> list[tuple[str, str]]:
    """Legal actions of ``user_id`` as ``(label, value)``, filtered by what they
    typed (spaces and case aside). Kinds of action take turns in the list, so
    reveals show beside moves within Discord's 25 before anything is typed."""
    game = manager.match.game
    if manager.finished or manager.setup_phase is not None or user_id != manager.ids[game.turn]:
        return []
    return offered(game, style, typed, lang, limit)


def offered(
    game: Game, style: str, typed: str, lang: str = "en", limit: int = 25
) -> list[tuple[str, str]]:
    """The legal actions of the side to move in ``game`` as ``(label, value)``,
    filtered by what was typed (a puzzle's position offers them too)."""
    needle = folded(typed)
    found: list[tuple[str, str]] = []
    for action in interleaved(game.legal_actions()):
        label, spellings = labels.label(game, action, style, lang)
        if needle and needle not in folded("|".join(spellings)):
            continue
        found.append((label, action.text))
        if len(found) >= limit:
            break
    return found
