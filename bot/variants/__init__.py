"""The variants' rooms in the bot: the hooks through which shared bot code
meets a variant, so that it never names one.

A variant of ``rules`` needs no room here to be played: a game of it is
challenged, moved, drawn and resigned like any other, titled by its ``Game``
class, and its events are worded by ``event.<code>`` keys of any catalogue.
A room, a :class:`VariantTable` subclass registered with
:func:`register_table`, adds what the defaults do not say: a private phase
before the first move, lines of the opening, options of ``/challenge``,
words and hints for its own actions, its cogs and its catalogue. Importing
this package imports every subpackage, so the bot's own rooms register
themselves; a room elsewhere (a test's variant) registers when its module is
imported. Rooms are imported by the modules that ask them (the manager, the
catalogue), so they import none of those: only ``report``, ``timecontrol``,
``errors`` and the other layers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from importlib.resources.abc import Traversable
from pkgutil import iter_modules
from typing import Any, ClassVar, Protocol, TypeVar

from rules.actions import Action
from rules.pieces import Color
from rules.squares import Square
from rules.variant import Game

from .. import timecontrol as tc
from ..errors import BotError
from ..report import Line


class SetupPhase(Protocol):
    """A variant's private phase before the first move, while it is pending."""

    def done_for(self, side: Color) -> bool:
        """Whether ``side`` has finished its part."""
        ...


class TableHost(Protocol):
    """What a room's hooks read and change of a game's manager (which imports
    the rooms, so they name this protocol instead)."""

    id: int
    seq: int
    variant: str
    hub: Any
    control: tc.TimeControl | None
    clocks: tc.Clocks
    setup_phase: SetupPhase | None

    async def _reload(self) -> None: ...

    def names(self) -> tuple[str, str]: ...


class VariantTable:
    """A variant's room: every hook with the default of a variant that has
    nothing of its own to add.

    ``variants`` are the rules' names it serves; ``playable`` whether people
    may challenge each other to it; ``reviewed`` those of ``variants`` whose
    finished games get the computer's review (a variant's review is offered
    once it is measured: ``docs/commands.md``, ``/review``); ``extensions``
    the cog modules the client loads; ``catalogue`` a folder of
    ``<lang>.toml`` files merged into the bot's catalogue;
    ``challenge_flags`` the ``/challenge`` switches it reads, each with the
    game option it turns on (``"true"``).
    """

    variants: ClassVar[tuple[str, ...]] = ()
    playable: ClassVar[bool] = True
    reviewed: ClassVar[tuple[str, ...]] = ()
    extensions: ClassVar[tuple[str, ...]] = ()
    catalogue: ClassVar[Traversable | None] = None
    challenge_flags: ClassVar[Mapping[str, str]] = {}
    # The note of a turn refused because the room's setup phase has just ended.
    setup_just_over: ClassVar[str] = ""

    # -- a private phase before the first move ---------------------------------

    async def load_setup(self, manager: TableHost) -> None:
        """Give a game that has no entries yet its pending setup phase, as stored."""

    async def expire_setup(self, manager: TableHost) -> list[Line] | None:
        """End a pending setup phase at its deadline: the public lines saying so,
        or ``None`` while there is time."""
        return None

    async def computer_setup(
        self, manager: TableHost, side: Color, rng: random.Random
    ) -> list[Line] | None:
        """The computer's part of the setup phase, done for ``side``: the public
        lines once the phase is over, else ``None``."""
        return None

    # -- the opening -----------------------------------------------------------

    def opening_lines(self, options: Mapping[str, str]) -> list[Line]:
        """Lines of the opening and of the challenge that the options call for."""
        return []

    # -- its actions, in words -------------------------------------------------

    def words(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        """The catalogue key (and the square it names) of an action the room
        words itself, in every notation style; ``None`` for the common wording."""
        return None

    def spellings(self, action: Action) -> tuple[str, ...]:
        """More ways a player may type ``action``, for /move's autocomplete."""
        return ()

    def hint(self, game: Game, action: Action) -> tuple[str, Square | None] | None:
        """The hint (``hint.<kind>``) an action of this room calls for the first
        time it is open to a player, with the square it names."""
        return None

    def called(self, typed: str) -> str | None:
        """The acknowledgement (``done.<what>``) of words typed to /move that
        make an action of their own rather than a move (a foul call), typed
        folded; ``None`` for a move."""
        return None

    def second_thought(self, action: Action) -> bool:
        """Whether ``action`` is one the mover alone decides that may lose at
        once, so that playing it is asked about first."""
        return False


_TABLES: dict[str, VariantTable] = {}
_DEFAULT = VariantTable()
T = TypeVar("T", bound=type[VariantTable])


def register_table(cls: T) -> T:
    """Class decorator registering a room for each of its variants."""
    room = cls()
    for name in cls.variants:
        _TABLES[name] = room
    catalogues.cache_clear()
    return cls


def table_for(variant: str) -> VariantTable:
    """The room of ``variant`` (a rules name), or the default room."""
    return _TABLES.get(variant, _DEFAULT)


def tables() -> list[VariantTable]:
    """Every registered room, once each, in registration order."""
    return list({id(room): room for room in _TABLES.values()}.values())


def extensions() -> list[str]:
    """The cog modules of every room, for the client to load."""
    return [name for room in tables() for name in room.extensions]


@cache  # every worded line asks; a room registered later clears it
def catalogues() -> tuple[Traversable, ...]:
    """The catalogue folders of every room, in registration order."""
    return tuple(room.catalogue for room in tables() if room.catalogue is not None)


def challenge_options(variant: str, flags: Mapping[str, bool]) -> dict[str, str]:
    """The game options the ``/challenge`` switches that are on turn on.
    :raises BotError: ``<flag>_elsewhere`` for a switch the variant has not."""
    own = table_for(variant).challenge_flags
    options = {}
    for flag, on in flags.items():
        if not on:
            continue
        if flag not in own:
            raise BotError(f"{flag}_elsewhere")
        options[own[flag]] = "true"
    return options


for _found in iter_modules(__path__):
    import_module(f"{__name__}.{_found.name}")
