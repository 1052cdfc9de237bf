"""Successor xiangqi's own action: claiming the opponent's last move was a foul (``foul``, H-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ...actions import Action, action_type


@action_type
@dataclass(frozen=True, slots=True)
class CallFoul(Action):
    @property
    def text(self) -> str:
        return "foul"

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls() if text == "foul" else None
