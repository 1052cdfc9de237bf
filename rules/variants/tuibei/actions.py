"""Tuibei's own actions: placing a prediction tile (``?r``) and countering the
opponent's pending one (``!n``), each naming a piece kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ...actions import Action, InvalidActionText, action_type
from ...pieces import Kind


def _kind_in(letter: str, text: str) -> Kind:
    try:
        return Kind(letter)
    except ValueError:
        raise InvalidActionText(f"not a piece kind in {text!r}") from None


@action_type
@dataclass(frozen=True, slots=True)
class Predict(Action):
    kind: Kind

    @property
    def text(self) -> str:
        return "?" + self.kind.value

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls(_kind_in(text[1:], text)) if text.startswith("?") else None


@action_type
@dataclass(frozen=True, slots=True)
class Counter(Action):
    kind: Kind

    @property
    def text(self) -> str:
        return "!" + self.kind.value

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls(_kind_in(text[1:], text)) if text.startswith("!") else None
