"""Actions: what a player does on a turn, with a short stable text form.

The text form is what the game log stores, so it must never change meaning:

=============  ==============  ===============================================
action         text            meaning
=============  ==============  ===============================================
``Move``       ``h2e2``        move (or capture) from one square to another
``Reveal``     ``+e3``         turn one's own face-down piece up in place
``Predict``    ``?r``          place a face-down tile predicting a piece kind
``Counter``    ``!n``          counter the opponent's pending prediction
``Flip``       ``^e9``         flip a piece onto its secret back
``Swap``       ``e0~e1``       exchange two of one's own pieces
``CallFoul``   ``foul``        claim the opponent's last move was a foul
``Pass``       ``pass``        no legal action (Jieqi, J-7)
=============  ==============  ===============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidNotation
from .frozen import Frozen
from .pieces import Kind
from .squares import Square, parse_square, square_name


class InvalidActionText(InvalidNotation):
    """A log entry or user input that is not the text form of any action.

    A :class:`~rules.errors.RulesError` like every refusal of the rules, so a
    stored log with a corrupt entry fails ``Match.replay`` the same way as one
    with an illegal move.
    """


@dataclass(frozen=True, slots=True)
class Move(Frozen):
    """A piece moving from ``from_sq`` to ``to_sq`` (capturing what stands there)."""

    from_sq: Square
    to_sq: Square

    @property
    def text(self) -> str:
        return square_name(self.from_sq) + square_name(self.to_sq)

    @classmethod
    def from_iccs(cls, text: str) -> Move:
        """Parse ``h2e2`` (a dash as in ``h2-e2`` is allowed)."""
        clean = text.strip().lower().replace("-", "")
        if len(clean) != 4:
            raise InvalidActionText(f"not an ICCS move: {text!r}")
        try:
            return cls(parse_square(clean[:2]), parse_square(clean[2:]))
        except ValueError as exc:
            raise InvalidActionText(f"not an ICCS move: {text!r}") from exc

    def __repr__(self) -> str:
        return f"Move.from_iccs({self.text!r})"


@dataclass(frozen=True, slots=True)
class Reveal(Frozen):
    square: Square

    @property
    def text(self) -> str:
        return "+" + square_name(self.square)


@dataclass(frozen=True, slots=True)
class Predict(Frozen):
    kind: Kind

    @property
    def text(self) -> str:
        return "?" + self.kind.value


@dataclass(frozen=True, slots=True)
class Counter(Frozen):
    kind: Kind

    @property
    def text(self) -> str:
        return "!" + self.kind.value


@dataclass(frozen=True, slots=True)
class Flip(Frozen):
    square: Square

    @property
    def text(self) -> str:
        return "^" + square_name(self.square)


@dataclass(frozen=True, slots=True)
class Swap(Frozen):
    first: Square
    second: Square

    @property
    def text(self) -> str:
        return f"{square_name(self.first)}~{square_name(self.second)}"


@dataclass(frozen=True, slots=True)
class CallFoul(Frozen):
    @property
    def text(self) -> str:
        return "foul"


@dataclass(frozen=True, slots=True)
class Pass(Frozen):
    @property
    def text(self) -> str:
        return "pass"


Action = Move | Reveal | Predict | Counter | Flip | Swap | CallFoul | Pass


def _kind(letter: str, text: str) -> Kind:
    try:
        return Kind(letter)
    except ValueError:
        raise InvalidActionText(f"not a piece kind in {text!r}") from None


def _square(name: str, text: str) -> Square:
    try:
        return parse_square(name)
    except ValueError:
        raise InvalidActionText(f"not a square in {text!r}") from None


def parse_action(text: str) -> Action:
    """Parse the text form of any action (the inverse of ``action.text``).

    :raises InvalidActionText: naming the text when it is no action.
    """
    t = text.strip().lower()
    if t == "pass":
        return Pass()
    if t == "foul":
        return CallFoul()
    head, rest = t[:1], t[1:]
    if head == "+":
        return Reveal(_square(rest, text))
    if head == "^":
        return Flip(_square(rest, text))
    if head == "?":
        return Predict(_kind(rest, text))
    if head == "!":
        return Counter(_kind(rest, text))
    if "~" in t:
        a, _, b = t.partition("~")
        return Swap(_square(a, text), _square(b, text))
    return Move.from_iccs(t)
