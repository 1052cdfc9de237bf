"""One small plug-in per variant: how to sample what the player cannot see,
how to walk a sample, how to score the root.

A plug-in turns a :class:`~rules.knowledge.Knowledge` into samples (one per
determinization) and scores the root actions of each. Variants without a
plug-in of their own get :class:`GenericPlugin`, which plays through the
:class:`~rules.variant.Game` interface alone: a perfect-information variant
(the public log is then the whole game), or a hidden-information one whose
class overrides :meth:`~rules.variant.Game.determinize`, since only the
variant knows what may be drawn. Add one with :func:`register`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, TypeVar

from rules.actions import Action
from rules.errors import RulesError
from rules.knowledge import Knowledge
from rules.pieces import Color
from rules.variant import Game, find_variant

from .evaluation import KING_WORTH, MATE, MATE_BOUND, VALUES
from .levels import Level
from .search import Budget, OutOfBudget, Searcher, SearchState, with_partial

Scores = dict[str, int]  # root action text -> score for the player


@dataclass(frozen=True, slots=True)
class Searched:
    """The root actions' scores for the player (averaged over the samples),
    the nodes searched, and how many samples."""

    scores: dict[str, float]
    nodes: int
    samples: int


S = TypeVar("S")  # what a plug-in's samples are
G = TypeVar("G", bound=Game)
K = TypeVar("K")  # what scores are keyed by: action texts, or positions


class Plugin(ABC, Generic[S]):
    """The generic behaviour; variants override what they need.

    ``samples`` is how many determinizations to search while something is
    hidden (1 for perfect-information variants: there is nothing to sample).
    A sample is whatever the plug-in's :meth:`root` scores: a search state,
    or a whole game whose root actions are played on copies.
    """

    samples: ClassVar[int] = 1
    # What a review scores every action over (see :meth:`review_samples`):
    # more draws than a move in play gets, since a label rests on them.
    review_draws: ClassVar[int] = 8

    # The share of a level's node budget this variant searches: where its
    # nodes cost more than standard xiangqi's (moves from the rules' own
    # generation, a whole board walked per leaf), a level should still take
    # about as long.
    node_share: ClassVar[float] = 1.0
    # Whether a move's search keeps the root actions an unfinished iteration
    # scored (the best first): a budget between two iterations then still
    # buys the top actions a look at the replies that refute them, so each
    # level's extra nodes count (BENCHMARKS.md). Standard xiangqi's levels
    # keep the search their ratings were measured with.
    partial_rounds: ClassVar[bool] = True
    # Whether its searches prune as a deep searcher does (see
    # :mod:`~computer.search`): taken where games against the same search
    # without it showed it plays better (BENCHMARKS.md).
    deep_search: ClassVar[bool] = False
    # The fewest nodes a sample is searched with: split thinner, each sample
    # sees little more than a ply and its captures, and the levels differ
    # only by their noise, so a small budget searches fewer samples rather
    # than shallower ones (measured in the third generation and Jieqi:
    # BENCHMARKS.md).
    sample_nodes: ClassVar[int] = 1500
    # Each level's noise where this variant's differs from the common one
    # (:meth:`level`): where luck decides many games and more nodes buy
    # little, noise that shrinks level by level is what keeps them ordered.
    noises: ClassVar[Mapping[int, int]] = {}

    def level(self, level: Level) -> Level:
        """``level`` as this variant plays it: its own noise, if it has one."""
        noise = self.noises.get(level.number)
        return level if noise is None else replace(level, noise=noise)

    def sample_count(self, knowledge: Knowledge) -> int:
        """How many samples to search: one when nothing is hidden from this side."""
        return self.samples

    @abstractmethod
    def sample(self, knowledge: Knowledge, rng: random.Random) -> S:
        """One sample consistent with what ``knowledge`` says, the unknown drawn by ``rng``."""

    def hides(self, knowledge: Knowledge) -> bool:
        """Whether anything is hidden from this side: by default, whether it
        plays more than one sample."""
        return self.sample_count(knowledge) > 1

    def review_samples(self, knowledge: Knowledge, rng: random.Random) -> list[S]:
        """The samples a review scores each action of ``knowledge``'s side
        over, the same for every action: one when nothing is hidden from it
        (:meth:`hides`), else :attr:`review_draws` independent draws."""
        count = self.review_draws if self.hides(knowledge) else 1
        return [self.sample(knowledge, rng) for _ in range(count)]

    @abstractmethod
    def root(self, knowledge: Knowledge, state: S, searcher: Searcher) -> Scores:
        """Scores of every legal root action in one sample."""

    def unsampled(self, knowledge: Knowledge, level: Level, budget: Budget) -> Searched | None:
        """The root scores of a search that draws no samples, where this
        variant plays ``level`` better without them; ``None``: determinize."""
        return None

    def weighed(self, knowledge: Knowledge, depth: int) -> Scores | None:
        """Every action's worth to a review (centipawns of a winning chance)
        from one search ``depth`` plies deep that keeps what is hidden hidden
        from both sides, where this variant has such a search; ``None``: the
        review averages over :meth:`review_samples`."""
        return None


class SearchPlugin(Plugin[SearchState]):
    """A plug-in whose samples are search states, searched from the root as they are."""

    def root(self, knowledge: Knowledge, state: SearchState, searcher: Searcher) -> Scores:
        result = searcher.run(state)
        return {action.text: score for action, score in result.scores.items()}


def scores_after_each_action(
    game: G, me: Color, searcher: Searcher, state_of: Callable[[G], SearchState]
) -> Scores:
    """Scores for ``me`` of every legal action of ``game``, each played on a copy
    of the whole game (the variant's rules say what it does: a flip, a swap, a
    foul call) and the board after it searched (``state_of`` makes the search
    state), one ply deeper each round while the budget lasts.

    As at the search's own root, the first round scores every action exactly
    and orders them; deeper rounds search the best first, and an action more
    than the searcher's margin below the best so far costs only a bound."""
    after: dict[str, G] = {}
    for action in game.legal_actions():
        child = copy.deepcopy(game)
        child.push(action)
        after[action.text] = child

    def value(child: G, depth: int, floor: int) -> int:
        outcome = child.outcome()
        if outcome is not None:
            return 0 if outcome.winner is None else MATE if outcome.winner is me else -MATE
        state, forced = state_of(child), depth == 0
        if child.turn is me:  # a foul call leaves the caller to move
            return searcher.score(state, depth, forced=forced, window=(floor, MATE + 1))
        return -searcher.score(state, depth, forced=forced, window=(-MATE - 1, -floor))

    done: Scores = {}
    order = list(after)
    for depth in range(searcher.budget.depth):
        scores: Scores = {}
        floor = -MATE - 1
        try:
            for text in order:
                scores[text] = value(after[text], depth, floor)
                if depth > 0:
                    floor = max(floor, scores[text] - searcher.margin)
        except OutOfBudget:
            if searcher.partial:
                done = with_partial(done, scores)
            break
        done = scores
        order.sort(key=lambda text: -done[text])
        if abs(max(done.values(), default=0)) >= MATE_BOUND:
            break  # a forced result: deeper cannot change it
    return done


def mates_as_kings(scores: dict[K, int]) -> dict[K, int]:
    """A won game in one sample of many is worth a king on top of the best
    other outcome of that sample (a lost one a king below the worst), the
    quicker the better: summed over samples, a small chance of taking a
    face-down king must not outweigh everything, nor a mate count for less
    than a big lead in material."""
    plain = [s for s in scores.values() if abs(s) < MATE_BOUND]
    top, bottom = max(plain, default=0), min(plain, default=0)

    def worth(score: int) -> int:
        if score >= MATE_BOUND:
            return max(top, 0) + KING_WORTH - (MATE - score)
        if score <= -MATE_BOUND:
            return min(bottom, 0) - KING_WORTH + (MATE + score)
        return score

    return {key: worth(score) for key, score in scores.items()}


class GameState(SearchState):
    """A :class:`SearchState` over any :class:`Game`, by copying it on each push:
    slow, but it needs nothing beyond the variant interface (so no hash, no
    null move, and no action counts as a capture)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._stack: list[Game] = []

    def actions(self) -> Sequence[Action]:
        return self.game.legal_actions()

    def captures(self) -> Sequence[Action]:
        return []

    def is_capture(self, action: Action) -> bool:
        return False

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


class GenericPlugin(SearchPlugin):
    """Any variant through the :class:`~rules.variant.Game` interface alone: a
    sample is the variant's own :meth:`~rules.variant.Game.determinize`, one
    for perfect information (the public log is the game), several, their root
    scores summed, when something is hidden."""

    samples = 4

    def sample_count(self, knowledge: Knowledge) -> int:
        return self.samples if find_variant(knowledge.variant).hidden_information else 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        return GameState(find_variant(knowledge.variant).determinize(knowledge, rng))


def determinizes(kind: type[Game]) -> bool:
    """Whether ``kind`` draws what it hides itself: a perfect-information
    variant hides nothing, a hidden-information one must override
    :meth:`~rules.variant.Game.determinize` (the default replays the public log)."""
    owner = next(k for k in kind.__mro__ if "determinize" in vars(k))
    return not kind.hidden_information or owner is not Game


_PLUGINS: dict[str, Callable[[], Plugin[Any]]] = {}
P = TypeVar("P", bound=type[Plugin[Any]])


def register(variant: str) -> Callable[[P], P]:
    """Class decorator: the plug-in of ``variant`` (its canonical name)."""

    def add(cls: P) -> P:
        _PLUGINS[variant] = cls
        return cls

    return add


def plugin_for(variant: str) -> Plugin[Any]:
    """The plug-in playing ``variant``: its own, else :class:`GenericPlugin`.

    :raises ValueError: for a hidden-information variant with neither a
        plug-in nor a :meth:`~rules.variant.Game.determinize` of its own.
    """
    kind = find_variant(variant)
    factory = _PLUGINS.get(kind.name)
    if factory is not None:
        return factory()
    if not determinizes(kind):
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
    "GenericPlugin",
    "Plugin",
    "SearchPlugin",
    "Searched",
    "can_play",
    "mates_as_kings",
    "plugin_for",
    "register",
    "variants",
]
