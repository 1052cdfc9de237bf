"""Actions: what a player does on a turn, with a short stable text form.

The text form is what the game log stores, so it must never change meaning.
Every kind of action is a class registered with :func:`action_type`, which
says how to read its text back; a variant's own kinds live in its package
(``rules/variants/<name>/actions.py``), and only the kinds more than one
variant plays are here:

=============  ==============  ===============================================
action         text            meaning
=============  ==============  ===============================================
``Move``       ``h2e2``        move (or capture) from one square to another
``Swap``       ``e0~e1``       exchange two of one's own pieces (houji, fanbing)
``Pass``       ``pass``        no legal action (Jieqi, J-7)
=============  ==============  ===============================================
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Final, Self, TypeVar

from .errors import InvalidNotation
from .frozen import Frozen
from .squares import Square, parse_square, square_name


class InvalidActionText(InvalidNotation):
    """A log entry or user input that is not the text form of any action.

    A :class:`~rules.errors.RulesError` like every refusal of the rules, so a
    stored log with a corrupt entry fails ``Match.replay`` the same way as one
    with an illegal move.
    """


class Action(Frozen):
    """One turn of some variant. Subclasses are frozen, slotted dataclasses (a
    :class:`Move` a pair of squares), so actions are hashable and equal by
    value (and by class: ``Pass`` never equals another kind without fields).
    Not an ABC: ``isinstance`` on the search's hot paths stays a plain type
    check."""

    __slots__ = ()

    @property
    @abstractmethod
    def text(self) -> str:
        """The log's text form, which :meth:`from_text` reads back."""

    @classmethod
    @abstractmethod
    def from_text(cls, text: str) -> Self | None:
        """The action whose text form is ``text`` (stripped and lower-case), or
        ``None`` when ``text`` is not of this kind.

        :raises InvalidActionText: when ``text`` has this kind's mark but is
            malformed (``+z9``), naming it.
        """


A = TypeVar("A", bound=type[Action])

_TYPES: list[type[Action]] = []


def action_type(cls: A) -> A:
    """Class decorator: :func:`parse_action` reads ``cls``'s text form from now on.

    Every variant package imports its actions, and ``rules`` imports every
    variant, so a stored log parses whatever variant wrote it. A kind's text
    never has a move's form (two squares, ``h2e2``): moves are read first.
    """
    _TYPES.append(cls)
    return cls


def square_in(name: str, text: str) -> Square:
    """The square ``name`` from the text form ``text`` of some action."""
    try:
        return parse_square(name)
    except ValueError:
        raise InvalidActionText(f"not a square in {text!r}") from None


class Move(tuple[Square, Square], Action):
    """A piece moving from ``from_sq`` to ``to_sq`` (capturing what stands there).

    A pair of squares, and a tuple underneath: the search compares and
    hashes moves at every node (the hash move, killers, history), and a
    tuple's equality and hash run in C where a dataclass's are Python calls
    (a tenth of the search's time). Equal by value, as every action is.
    The compiled hot paths index it (``move[0]``, ``move[1]``): reading
    ``from_sq`` and ``to_sq`` from compiled code is a call to each property.

    Not registered: any four characters might be a move, so
    :func:`parse_action` tries it after every registered kind."""

    __slots__ = ()
    __match_args__ = ("from_sq", "to_sq")

    def __new__(cls, from_sq: Square, to_sq: Square) -> Self:
        return tuple.__new__(cls, (from_sq, to_sq))

    def __getnewargs__(self) -> tuple[Square, Square]:
        return (self[0], self[1])

    if TYPE_CHECKING:

        @property
        def from_sq(self) -> Square: ...

        @property
        def to_sq(self) -> Square: ...

    else:
        from_sq = property(itemgetter(0))
        to_sq = property(itemgetter(1))

    @property
    def text(self) -> str:
        return square_name(self[0]) + square_name(self[1])

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        """``h2e2`` (a dash as in ``h2-e2`` is allowed), else ``None``."""
        clean = text.strip().lower().replace("-", "")
        if len(clean) != 4:
            return None
        try:
            return cls(parse_square(clean[:2]), parse_square(clean[2:]))
        except ValueError:
            return None

    @classmethod
    def from_iccs(cls, text: str) -> Self:
        """Parse ``h2e2`` (a dash as in ``h2-e2`` is allowed).

        :raises InvalidActionText: naming the text when it is no move.
        """
        move = cls.from_text(text)
        if move is None:
            raise InvalidActionText(f"not an ICCS move: {text!r}")
        return move

    def __repr__(self) -> str:
        return f"Move.from_iccs({self.text!r})"


# Every move of the board, ``MOVES[from_sq][to_sq]``, built once: move
# generation hands these out rather than building new ones at every node.
MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(Move(f, t) for t in range(90)) for f in range(90)
)


@action_type
@dataclass(frozen=True, slots=True)
class Swap(Action):
    first: Square
    second: Square

    @property
    def text(self) -> str:
        return f"{square_name(self.first)}~{square_name(self.second)}"

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        if "~" not in text:
            return None
        a, _, b = text.partition("~")
        return cls(square_in(a, text), square_in(b, text))


@action_type
@dataclass(frozen=True, slots=True)
class Pass(Action):
    @property
    def text(self) -> str:
        return "pass"

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls() if text == "pass" else None


@lru_cache(maxsize=16384)
def parse_action(text: str) -> Action:
    """Parse the text form of any action (the inverse of ``action.text``): a
    move first, since nearly every entry of a log is one and no other kind's
    text has a move's form, then each registered kind in turn. Actions are
    frozen and a board has fewer texts than the cache holds, so a replayed
    log parses each text once per process (a refused text is not kept).

    :raises InvalidActionText: naming the text when it is no action.
    """
    clean = text.strip().lower()
    move = Move.from_text(clean)
    if move is not None:
        return move
    for kind in _TYPES:
        found = kind.from_text(clean)
        if found is not None:
            return found
    return Move.from_iccs(clean)
