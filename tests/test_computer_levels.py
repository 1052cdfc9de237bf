"""Levels are node budgets, ordered: each searches more than the one below,
and level 8 beats level 1 (a short version of the ladder that
``python -m benchmarks.bench_engine ladder`` plays in every variant; the CI
version plays one game each in standard xiangqi, Jieqi and Tuibei, whose
games are quickest, since a level-8 game of the others costs a minute or
two; in Tuibei, where level 8 used to lose to level 1's predictions, the
ladder's second game, level 8 Black, the quickest of the first five; in Jieqi,
where level 8 plays on the chance search, the ladder's fifth game, level 8
Black, which it lost while it determinized)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from benchmarks.bench_engine import VARIANTS, ladder_game
from computer.fairy import FairyStockfish
from computer.levels import LEVELS
from computer.player import budget_for
from computer.plugin import plugin_for
from computer.uci import Limit, PlayResult


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_level_searches_more_nodes_with_less_noise_than_the_one_below(variant):
    plugin = plugin_for(variant)
    ordered = [plugin.level(LEVELS[n]) for n in sorted(LEVELS)]
    for lower, upper in pairwise(ordered):
        assert upper.nodes > lower.nodes
        assert upper.noise <= lower.noise
    assert ordered[-1].noise == 0  # the top level plays its best


def test_a_variant_plays_a_level_with_its_own_noise():
    """Jieqi's noise reaches further up the levels than the common one."""
    jieqi = [plugin_for("jieqi").level(LEVELS[n]).noise for n in sorted(LEVELS)]
    common = [LEVELS[n].noise for n in sorted(LEVELS)]
    assert jieqi != common
    assert [plugin_for("xiangqi").level(LEVELS[n]).noise for n in sorted(LEVELS)] == common
    assert all(noise > 0 for noise in jieqi[:-1])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_level_is_a_node_budget_never_a_time(variant):
    budget = budget_for(LEVELS[8], variant)
    assert budget.seconds is None
    assert budget.nodes == round(LEVELS[8].nodes * plugin_for(variant).node_share)


@pytest.mark.parametrize("variant, game", [("xiangqi", 0), ("jieqi", 4), ("tuibei", 1)])
def test_level_eight_beats_level_one(variant, game):
    score, plies = ladder_game(variant, 8, 1, game)
    assert score == 1.0, f"level 8 scored {score} in {plies} plies"


async def test_fairy_stockfish_plays_a_level_by_its_node_budget_never_a_time():
    engine = FairyStockfish("fairy-stockfish")  # not started: its one call is caught below
    asked: list[Limit] = []

    async def play(fen, moves, limit, options, **kwargs):
        asked.append(limit)
        return PlayResult("h2e2", None, {})

    engine.engine.play = play
    for number in sorted(LEVELS):
        await engine.best({}, [], LEVELS[number])
    assert [limit.nodes for limit in asked] == [LEVELS[n].engine_nodes for n in sorted(LEVELS)]
    assert all(limit.time is None for limit in asked)
    budgets = [limit.nodes for limit in asked]
    assert budgets == sorted(set(budgets))  # each level searches more than the one below
