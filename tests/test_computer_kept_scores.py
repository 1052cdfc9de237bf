"""Every search state keeps each position's score by a hash of what the
score depends on: walked down and back along many random lines, the kept
score is always the one worked out afresh."""

from __future__ import annotations

import random

import pytest

from computer.plugin import plugin_for
from computer.variants.fanbing import FanbingState
from computer.variants.houji import HoujiState
from computer.variants.tuibei import TuibeiState
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.variants.fanbing.moves import FanbingPosition
from rules.variants.houji.moves import HoujiPosition


def state_of(match: Match, seed: int):
    """The variant's search state of ``match`` as it stands."""
    if match.variant.startswith("jieqi"):
        knowledge = knowledge_of(match, match.game.turn)
        return plugin_for(match.variant).sample(knowledge, random.Random(seed))
    position = match.game.position.copy()
    if match.variant == "fanbing":
        assert isinstance(position, FanbingPosition)
        return FanbingState(position)
    if match.variant == "houji":
        assert isinstance(position, HoujiPosition)
        return HoujiState(position)
    if match.variant == "tuibei":
        return TuibeiState(position)
    return plugin_for(match.variant).sample(
        knowledge_of(match, match.game.turn), random.Random(seed)
    )


def walk(state, rng: random.Random, depth: int) -> int:
    """Random lines ``depth`` deep from ``state``, the scores checked at every node."""
    assert state.evaluate() == state._evaluate()
    if depth == 0 or state.terminal() is not None:
        return 1
    actions = list(state.actions())
    seen = 1
    for action in rng.sample(actions, min(2, len(actions))):
        state.push(action)
        seen += walk(state, rng, depth - 1)
        state.pop()
    assert state.evaluate() == state._evaluate()
    return seen


@pytest.mark.parametrize(
    "variant", ["xiangqi", "tuibei", "houji", "fanbing", "jieqi", "jieqi-classic"]
)
def test_a_kept_score_is_the_score(variant):
    nodes = 0
    for seed in range(3):
        rng = random.Random(seed)
        match = Match.start(variant, {}, seed)
        for _ in range(10 + 10 * seed):
            if match.outcome is not None:
                break
            match.apply(rng.choice(match.game.legal_actions()).text)
        state = state_of(match, seed)
        for _ in range(3):  # the same lines again: now every score is a kept one
            nodes += walk(state, random.Random(seed), 5)
    assert nodes > 300
