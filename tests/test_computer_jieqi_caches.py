"""What Jieqi's search state keeps by hash (its check, its scores) is what
it would work out afresh at every node of the chance searches, which turn
a face-down piece into each of its possible identities in place."""

from __future__ import annotations

import random

import pytest

from computer.plugin import plugin_for
from computer.variants.jieqi.chance_player import BudgetedChanceSearch
from computer.variants.jieqi.chance_search import ChanceSearch
from computer.variants.jieqi.state import JieqiState
from rules.knowledge import Knowledge, knowledge_of
from rules.match import Match


class Checked:
    """A chance search that compares the kept answers with fresh ones at every quiescence node."""

    checked = 0
    state: JieqiState

    def _quiesce(self, alpha: int, beta: int, left: int) -> int:
        state = self.state
        assert state.in_check() == state.board.in_danger(state.board.turn)
        assert state.evaluate() == state._evaluate()
        self.checked += 1
        return super()._quiesce(alpha, beta, left)  # type: ignore[misc]


class CheckedChanceSearch(Checked, ChanceSearch):
    pass


class CheckedBudgetedSearch(Checked, BudgetedChanceSearch):
    pass


def positions(variant: str) -> list[tuple[Knowledge, JieqiState]]:
    found = []
    for seed in range(4):
        rng = random.Random(seed)
        match = Match.start(variant, {}, seed)
        for _ in range(6 + 4 * seed):
            match.apply(rng.choice(match.game.legal_actions()).text)
        knowledge = knowledge_of(match, match.game.turn)
        state = plugin_for(variant).sample(knowledge, random.Random(seed))
        assert isinstance(state, JieqiState)
        found.append((knowledge, state))
    return found


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_the_review_chance_search_reads_only_what_holds(variant):
    checked = 0
    for knowledge, state in positions(variant):
        search = CheckedChanceSearch(state, knowledge, 2)
        search.weigh()
        checked += search.checked
    assert checked > 1000


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_the_playing_chance_search_reads_only_what_holds(variant):
    checked = 0
    for knowledge, state in positions(variant):
        search = CheckedBudgetedSearch(state, knowledge, None)
        search.root(list(state.actions()), 2, 150, {})
        checked += search.checked
    assert checked > 1000
