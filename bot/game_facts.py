"""``GameFacts``: what the helpers beside the manager read of a game's
manager. ``bot/manager.py`` imports those helpers, so they name this
protocol rather than import the manager."""

from __future__ import annotations

from typing import Any, Protocol

from rules.match import Match


class GameFacts(Protocol):
    id: int
    variant: str
    ids: tuple[int, int]
    finished: bool
    match: Match
    hub: Any

    @property
    def setup_phase(self) -> object | None: ...
