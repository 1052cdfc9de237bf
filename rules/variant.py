"""The one small interface every variant implements, and the variant registry.

A game is a python-chess-like object: ``start`` it from options and a seed,
ask for ``legal_actions``, ``push`` actions, read the ``outcome``, and take the
``view`` of one viewer. Undo is replay: build the game again from its log
minus the tail (``replay``), which is also how storage rebuilds games.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Self

from .actions import Action, parse_action
from .errors import GameOver, IllegalAction, UnknownVariant
from .outcome import Outcome
from .pieces import Color
from .view import View

if TYPE_CHECKING:  # the knowledge is built from a match, which is built from games
    from .knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened on a push, for announcements.

    ``audience`` is ``None`` when everyone may know it, else the only side
    that may. ``code`` keys a localised message; ``params`` fill it.
    """

    code: str
    params: Mapping[str, str] = field(default_factory=dict)
    audience: Color | None = None


class Game(ABC):
    """One game of one variant.

    Class attributes describe the variant; ``options`` are the public choices
    made at the challenge (handicap, rule options), ``seed`` the secret that
    drives any shuffle, so ``start(options, seed)`` plus the action log always
    rebuilds the same game.

    A computer player is given one side's :class:`~rules.knowledge.Knowledge`,
    never the game, and plays on games made from it by :meth:`determinize`.
    A hidden-information variant overrides it to draw its secrets; one that
    does is played by the computer's generic plug-in (searching several
    determinizations) when it has no plug-in of its own.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title_en: ClassVar[str]
    title_zh: ClassVar[str]
    hidden_information: ClassVar[bool] = False
    # S-5 undo replays the log minus its tail; a variant where that would
    # hide again what a player has already seen (a revealed piece) refuses it.
    undo_allowed: ClassVar[bool] = True

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        self.options = dict(options)
        self.seed = seed
        self.actions: list[Action] = []
        self._outcome: Outcome | None = None

    @classmethod
    def start(cls, options: Mapping[str, str] | None = None, seed: int = 0) -> Self:
        """A new game; raises ``ValueError`` on options the variant rejects."""
        return cls(options or {}, seed)

    @classmethod
    def replay(
        cls, actions: Iterable[Action], options: Mapping[str, str] | None = None, seed: int = 0
    ) -> Self:
        game = cls.start(options, seed)
        for action in actions:
            game.push(action)
        return game

    @classmethod
    def determinize(cls, knowledge: Knowledge, rng: random.Random) -> Self:
        """A game consistent with everything ``knowledge`` says, what it does
        not say drawn by ``rng``.

        The default is for perfect information: the public log replayed with
        the options (the seed drives nothing there, and ``rng`` is not used).
        """
        actions = [parse_action(text) for text in knowledge.log]
        return cls.replay(actions, knowledge.options, 0)

    @property
    @abstractmethod
    def turn(self) -> Color:
        """The side whose turn it is."""

    @property
    def ply(self) -> int:
        return len(self.actions)

    @abstractmethod
    def legal_actions(self, side: Color | None = None) -> list[Action]:
        """Legal actions of ``side`` (default: the side to move); empty when not its turn."""

    @abstractmethod
    def push(self, action: Action) -> list[Event]:
        """Apply a legal action and append it to ``actions``.

        :raises IllegalAction: when the action is not legal now (nothing changes).
        :raises GameOver: when the game has ended.
        """

    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on.

        Variants keep the verdict of their rules in ``_outcome``.
        """
        return self._outcome

    def end(self, outcome: Outcome) -> None:
        """End the game for a reason off the board (resignation, timeout,
        agreement), so that from now on views show everything a finished game
        shows.
        """
        self._outcome = outcome

    @abstractmethod
    def view(self, viewer: Color | None) -> View:
        """What ``viewer`` (Red, Black, or ``None`` for the public) may know."""

    @abstractmethod
    def parse(self, text: str) -> Action:
        """A legal action from user text in any notation the variant accepts.

        :raises InvalidNotation, AmbiguousMove, IllegalAction: with a message
            that names the input and reveals nothing secret.
        """

    @abstractmethod
    def notate(self, action: Action, style: str = "iccs") -> str:
        """A legal action of the current position in ``style`` (iccs, wxf, chinese).

        Uses only public knowledge, so the text may be shown to anyone.
        """

    def is_secret(self, action: Action) -> bool:
        """Whether naming ``action`` tells a secret (a Tuibei prediction's tile),
        so it must be chosen privately, never read from a public message."""
        return False

    def secret_tail(self) -> int:
        """How many of the latest actions still hide a choice in their text
        (a pending Tuibei prediction names its tile); exports mask them."""
        return 0

    def drift(self) -> list[str]:
        """The incremental state (attack indexes, cached actions) that differs
        from the same position rebuilt from scratch, one line per field; a
        variant that keeps such state overrides it, and the soaks call it
        after every ply, since a cache that drifts plays by other rules."""
        return []

    def judge_late(self) -> None:
        """Leave out, until :meth:`judge`, the test of each ply for a side left
        without a legal action (mate, stalemate), where that test is dear: a
        replay of a stored log needs it at the end only, since any move after
        such a position is refused by its own legality check. The default
        judges every ply as it comes."""
        return

    def judge(self) -> None:
        """Judge now what :meth:`judge_late` left out (before a platform entry,
        which reads the result, and at the end of a replay)."""
        return

    def moves_by_side(self, color: Color) -> int:
        """How many actions ``color`` has made (S-9 counts these), for variants
        whose turns alternate, whichever side began (a FEN may give Black the move)."""
        first = self.turn if self.ply % 2 == 0 else self.turn.other()
        return len(self.actions[0 if color is first else 1 :: 2])


class PlannedGame(Game):
    """The template of a game that works out its legal actions before they are
    asked for: ``legal_actions`` and the guard of ``push`` (over, or not among
    them) are written once here. A variant says what is legal now
    (``_legal_now``), why an action is not (``_refuse``), and how one is
    played (``_apply``)."""

    @abstractmethod
    def _legal_now(self) -> list[Action]:
        """The legal actions of the side to move (the game is not over)."""

    @abstractmethod
    def _refuse(self, action: Action) -> IllegalAction:
        """The refusal of ``action``, which is not legal now."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Play the legal ``action``; its events."""

    def legal_actions(self, side: Color | None = None) -> list[Action]:
        if self._outcome is not None or (side is not None and side is not self.turn):
            return []
        return list(self._legal_now())

    def push(self, action: Action) -> list[Event]:
        if self._outcome is not None:
            raise GameOver("the game is over")
        if action not in self._legal_now():
            raise self._refuse(action)
        return self._apply(action)


_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator adding a variant to the registry under its name and aliases."""
    for key in (cls.name, *cls.aliases):
        _REGISTRY[key.lower()] = cls
    return cls


def variants() -> list[type[Game]]:
    """Every registered variant, once each, in registration order."""
    return list(dict.fromkeys(_REGISTRY.values()))


def find_variant(name: str) -> type[Game]:
    """The variant called ``name`` (or one of its aliases), case-insensitively.

    :raises UnknownVariant: naming the input and the known variants.
    """
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        known = ", ".join(v.name for v in variants())
        raise UnknownVariant(f"unknown variant {name!r}; known: {known}", name=name) from None
