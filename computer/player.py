"""The built-in computer player: determinize, search each sample, vote
(or, where a variant's plug-in searches better without samples, its search).

:func:`choose` takes a :class:`~rules.knowledge.Knowledge` and nothing
else, so what it plays can depend only on what its side may know. With the
same knowledge, level and seed, and a budget of depth or nodes (not of
time), it plays the same action.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rules.knowledge import Knowledge

from .levels import Level
from .plugin import Searched, mates_as_kings, plugin_for
from .search import ROOT_MARGIN, Budget, Searcher


@dataclass(frozen=True, slots=True)
class Choice:
    """The chosen action's text, its averaged score, and how much was searched."""

    action: str
    score: int
    nodes: int
    samples: int


GOING_BACK = 60  # centipawns against undoing one's own last move while ahead
AHEAD = 150


def _discourage_going_back(knowledge: Knowledge, scores: dict[str, float]) -> None:
    """A side that is ahead and moves a piece straight back where it came from
    only repeats the position, and repetition draws (or loses, S-4): the search
    does not see repetitions, so the root pays for them."""
    if len(knowledge.log) < 2 or max(scores.values()) < AHEAD:
        return
    last = knowledge.log[-2]  # this side's previous action
    if len(last) == 4 and last.isalnum():
        back = last[2:] + last[:2]
        if back in scores:
            scores[back] -= GOING_BACK


def budget_for(level: Level, variant: str) -> Budget:
    """The search budget of a level in ``variant``: its nodes (the variant's
    share of them), never a time, so a level plays alike on any machine."""
    return Budget(nodes=max(1, round(level.nodes * plugin_for(variant).node_share)))


def choose(knowledge: Knowledge, level: Level, seed: int, budget: Budget | None = None) -> Choice:
    """The action the computer plays from ``knowledge`` at ``level``: its
    plug-in's own search where it has one for the level, else determinized
    (:func:`sampled`); the level's noise is added, and the best score wins."""
    plugin = plugin_for(knowledge.variant)
    level = plugin.level(level)
    rng = random.Random(seed)
    budget = budget or budget_for(level, knowledge.variant)
    searched = plugin.unsampled(knowledge, level, budget) or sampled(
        knowledge, budget, rng, only_best=level.noise == 0
    )
    return picked(knowledge, level, rng, searched)


def sampled(
    knowledge: Knowledge,
    budget: Budget,
    rng: random.Random,
    *,
    only_best: bool = False,
    count: int | None = None,
) -> Searched:
    """Root scores determinized: samples drawn by ``rng``, each given an
    equal share of the budget. Scores of the actions legal in every sample
    (legality never depends on a secret, so that is all of them) are
    averaged over the samples. ``only_best``: no noise will be added, so
    with a single sample only the best action needs an exact score.
    ``count``: that many samples whatever the budget (the benchmark weighs
    more samples against fewer); by default the plug-in's, fewer where the
    budget would split thinner than its :attr:`~.plugin.Plugin.sample_nodes`."""
    plugin = plugin_for(knowledge.variant)
    if count is None:
        count = plugin.sample_count(knowledge)
        if budget.nodes is not None:
            count = max(1, min(count, budget.nodes // plugin.sample_nodes))
    margin = 1 if only_best and count == 1 else ROOT_MARGIN
    share = Budget(
        depth=budget.depth,
        nodes=None if budget.nodes is None else max(1, budget.nodes // count),
        seconds=None if budget.seconds is None else budget.seconds / count,
    )
    totals: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    nodes = 0
    for _ in range(count):
        state = plugin.sample(knowledge, rng)
        searcher = Searcher(share, margin, partial=plugin.partial_rounds, deep=plugin.deep_search)
        scores = plugin.root(knowledge, state, searcher)
        nodes += searcher.nodes
        if count > 1:
            scores = mates_as_kings(scores)
        totals.update(scores)
        seen.update(scores.keys())
    common = (text for text, n in seen.items() if n == count)
    return Searched({text: totals[text] / count for text in common}, nodes, count)


def picked(knowledge: Knowledge, level: Level, rng: random.Random, searched: Searched) -> Choice:
    """The best of the ``searched`` scores once ``rng`` has added the level's noise."""
    common = sorted(searched.scores)
    if not common:
        raise ValueError(f"no legal action for {knowledge.side.name} in {knowledge.variant}")
    noisy = {text: searched.scores[text] + rng.uniform(0, level.noise) for text in common}
    _discourage_going_back(knowledge, noisy)
    best = max(common, key=noisy.__getitem__)
    return Choice(best, round(searched.scores[best]), searched.nodes, searched.samples)
