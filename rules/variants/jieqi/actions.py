"""Jieqi's own action: turning a face-down piece up in place (``+e3``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ...actions import Action, action_type, square_in
from ...squares import Square, square_name


@action_type
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    square: Square

    @property
    def text(self) -> str:
        return "+" + square_name(self.square)

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls(square_in(text[1:], text)) if text.startswith("+") else None
