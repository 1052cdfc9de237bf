"""One small plug-in per variant: how to sample what the player cannot see,
how to walk a sample, how to score the root.

A plug-in turns a :class:`~rules.knowledge.Knowledge` into sample states
(one per determinization) and scores the root actions of each. Variants
without a plug-in of their own get :class:`GenericPlugin` when they are
perfect-information (the public log is then the whole game); a
hidden-information variant needs its own, since only it knows what may be
sampled. Add one with :func:`register`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar

from rules.actions import Action, parse_action
from rules.errors import RulesError
from rules.knowledge import Knowledge
from rules.pieces import Color
from rules.variant import Game, find_variant

from .evaluation import MATE, VALUES
from .search import OutOfBudget, Searcher, SearchState

Scores = dict[str, int]  # root action text -> score for the player


class Plugin(ABC):
    """The generic behaviour; variants override what they need.

    ``samples`` is how many determinizations to search while something is
    hidden (1 for perfect-information variants: there is nothing to sample).
    """

    samples: ClassVar[int] = 1

    def sample_count(self, knowledge: Knowledge) -> int:
        """How many samples to search: one when nothing is hidden from this side."""
        return self.samples

    @abstractmethod
    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        """One state consistent with what ``knowledge`` says, the unknown drawn by ``rng``."""

    def root(self, knowledge: Knowledge, state: SearchState, searcher: Searcher) -> Scores:
        """Scores of every legal root action in one sample."""
        result = searcher.run(state)
        return {action.text: score for action, score in result.scores.items()}  # type: ignore[attr-defined]


def replay_public(knowledge: Knowledge, log: list[str] | None = None) -> Game:
    """The game rebuilt from the public log: the whole game in a perfect-information
    variant (its seed drives nothing there)."""
    kind = find_variant(knowledge.variant)
    actions = [parse_action(text) for text in (knowledge.log if log is None else log)]
    return kind.replay(actions, knowledge.options, 0)


def scores_after_each_action(
    game: Game, me: Color, searcher: Searcher, state_of: Callable[[Game], SearchState]
) -> Scores:
    """Scores for ``me`` of every legal action of ``game``, each played on a copy
    of the whole game (the variant's rules say what it does: a flip, a swap, a
    foul call) and the board after it searched (``state_of`` makes the search
    state), one ply deeper each round while the budget lasts."""
    after: dict[str, Game] = {}
    for action in game.legal_actions():
        child = copy.deepcopy(game)
        child.push(action)
        after[action.text] = child

    def value(child: Game, depth: int) -> int:
        outcome = child.outcome()
        if outcome is not None:
            return 0 if outcome.winner is None else MATE if outcome.winner is me else -MATE
        score = searcher.score(state_of(child), depth, forced=depth == 0)
        return score if child.turn is me else -score  # a foul call leaves the caller to move

    done: Scores = {}
    for depth in range(searcher.budget.depth):
        try:
            done = {text: value(child, depth) for text, child in after.items()}
        except OutOfBudget:
            break
    return done


class GameState:
    """A :class:`SearchState` over any :class:`Game`, by copying it on each push:
    slow, but it needs nothing beyond the variant interface."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._stack: list[Game] = []

    def actions(self) -> list[Action]:
        return self.game.legal_actions()

    def captures(self) -> list[Action]:
        return []

    def push(self, action: Action) -> None:
        self._stack.append(self.game)
        self.game = copy.deepcopy(self.game)
        self.game.push(action)

    def pop(self) -> None:
        self.game = self._stack.pop()

    def in_check(self) -> bool:
        """The generic interface does not say: such states stand pat."""
        return False

    def terminal(self) -> int | None:
        outcome = self.game.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0
        return MATE if outcome.winner is self.game.turn else -MATE

    def evaluate(self) -> int:
        """Material on the public board plus the number of actions of the side to move."""
        view = self.game.view(None)
        turn = self.game.turn
        score = 0
        for piece in view.board:
            if piece is not None and piece.kind is not None:
                value = VALUES.get(piece.kind, 0)
                score += value if piece.color is turn else -value
        return score + len(self.game.legal_actions())


class GenericPlugin(Plugin):
    """Any perfect-information variant: the public log is the game."""

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        return GameState(replay_public(knowledge))


_PLUGINS: dict[str, Callable[[], Plugin]] = {}


def register(variant: str) -> Callable[[type[Plugin]], type[Plugin]]:
    """Class decorator: the plug-in of ``variant`` (its canonical name)."""

    def add(cls: type[Plugin]) -> type[Plugin]:
        _PLUGINS[variant] = cls
        return cls

    return add


def plugin_for(variant: str) -> Plugin:
    """The plug-in playing ``variant``.

    :raises ValueError: for a hidden-information variant without one.
    """
    kind = find_variant(variant)
    factory = _PLUGINS.get(kind.name)
    if factory is not None:
        return factory()
    if kind.hidden_information:
        raise ValueError(f"the computer cannot play {kind.name} yet")
    return GenericPlugin()


def can_play(variant: str) -> bool:
    try:
        plugin_for(variant)
    except (ValueError, RulesError):
        return False
    return True


from . import variants  # noqa: E402  (they register themselves)

__all__ = [
    "GameState",
    "Plugin",
    "can_play",
    "plugin_for",
    "register",
    "variants",
]
