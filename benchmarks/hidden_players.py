"""The players the hidden-information benchmark sets against each other at
one node budget (issue 29, item 4): ways of searching what a side cannot
see, and the yardstick that sees it.

A player is written ``kind@level``: the level's node budget and noise in
that variant, searched as ``kind`` says:

* ``level``: the level as it plays;
* ``sampled``: determinization, the plug-in's own number of samples (fewer
  for a small budget), scores averaged;
* ``samples<N>``: determinization with exactly ``N`` samples, each a
  ``N``-th of the budget (more samples or fewer, at equal nodes);
* ``chance``: Jieqi's search that keeps face-down pieces unknown to both
  sides, a reveal a chance node;
* ``omniscient``: one search of the game as it really lies, the whole
  budget. No player is ever given it: it measures how much the hidden part
  is worth, the gap between a fair player and one that sees everything.

The yardstick needs the true game, which the computer never receives, so
how to build it lives here, per variant, and nowhere in ``computer/``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable

from computer.levels import level
from computer.player import budget_for, choose, picked, sampled
from computer.plugin import Searched, plugin_for
from computer.search import Budget, Searcher
from computer.variants.fanbing import FanbingSample
from computer.variants.jieqi.chance_player import chance_scores
from computer.variants.jieqi.plugin import JieqiPlugin
from computer.variants.jieqi.state import unseen
from computer.variants.tuibei import TuibeiSample
from rules.knowledge import Knowledge, knowledge_of
from rules.match import Match
from rules.pieces import Color, Kind
from rules.variants.fanbing.game import Fanbing
from rules.variants.jieqi.game import JieqiBase
from rules.variants.tuibei.game import Tuibei

Truth = Callable[[Match, Knowledge], object]  # the sample that is the game as it lies


def _jieqi_truth(match: Match, knowledge: Knowledge) -> object:
    """The deal as it lies: each face-down point gets its real piece."""
    game = match.game
    assert isinstance(game, JieqiBase)
    board = game.board
    pools: list[list[Kind]] = []
    for color in Color:
        true = [
            p.kind for sq, p in enumerate(board.board) if p and p.color is color and board.down[sq]
        ]
        rest = unseen(knowledge, color) - Counter(true)
        pools.append([*rest.elements(), *reversed(true)])
    return JieqiPlugin().dealt(knowledge, pools)


def _fanbing_truth(match: Match, knowledge: Knowledge) -> object:
    """The game itself, every back as dealt."""
    assert isinstance(match.game, Fanbing)
    return FanbingSample(copy.deepcopy(match.game))


def _tuibei_truth(match: Match, knowledge: Knowledge) -> object:
    """The game itself, the opponent's pending tile known; the record of the
    tiles so far as the fair player reads it."""
    assert isinstance(match.game, Tuibei)
    fair = plugin_for("tuibei").sample(knowledge, random.Random(0))
    assert isinstance(fair, TuibeiSample)
    return TuibeiSample({None: copy.deepcopy(match.game)}, fair.record)


TRUTHS: dict[str, Truth] = {
    "jieqi": _jieqi_truth,
    "jieqi-classic": _jieqi_truth,
    "fanbing": _fanbing_truth,
    "tuibei": _tuibei_truth,
}


def omniscient(match: Match, knowledge: Knowledge, budget: Budget) -> Searched:
    """The root scores of one search of the true game with the whole budget."""
    plugin = plugin_for(match.variant)
    searcher = Searcher(budget, partial=plugin.partial_rounds, deep=plugin.deep_search)
    scores = plugin.root(knowledge, TRUTHS[match.variant](match, knowledge), searcher)
    return Searched({text: float(s) for text, s in scores.items()}, searcher.nodes, 1)


def move(match: Match, player: str, number: int, seed: int) -> str:
    """The action of ``player`` (a kind above) at level ``number`` in ``match``."""
    knowledge = knowledge_of(match, match.game.turn)
    chosen = plugin_for(match.variant).level(level(number))
    if player == "level":
        return choose(knowledge, chosen, seed).action
    rng = random.Random(seed)
    budget = budget_for(chosen, match.variant)
    if player == "chance":
        searched = chance_scores(knowledge, budget, chosen.noise + 1) or sampled(
            knowledge, budget, rng
        )
    elif player == "omniscient":
        searched = omniscient(match, knowledge, budget)
    elif player.startswith("samples"):
        searched = sampled(knowledge, budget, rng, count=int(player.removeprefix("samples")))
    elif player == "sampled":
        searched = sampled(knowledge, budget, rng)
    else:
        raise ValueError(f"no player {player!r}")
    return picked(knowledge, chosen, rng, searched).action
