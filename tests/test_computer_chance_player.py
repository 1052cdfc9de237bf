"""The Jieqi player that keeps face-down pieces unknown: it stops at its node
budget and plays the same for the same budget, chooses only legal actions,
and does not reveal while a piece hangs (``tests/test_bench_engine.py`` plays
the benchmark that measures it)."""

from __future__ import annotations

import random

import pytest

from computer.levels import level
from computer.player import budget_for, choose, picked
from computer.plugin import plugin_for
from computer.search import Budget
from computer.variants.jieqi.chance_player import BudgetedChanceSearch, chance_scores
from computer.variants.jieqi.chance_search import FULL, ChanceSearch
from computer.variants.jieqi.plugin import CHANCE_LEVELS
from rules.actions import Action
from rules.knowledge import Knowledge, knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.variants.jieqi.game import Jieqi

# Black's cannon on b9 aims over its pawn on b5 at Red's chariot on b2,
# which nothing of Red's defends well enough: a face-down piece on a3 or c3
# that turns out an advisor takes the cannon back, still a chariot for a
# cannon. Every reveal loses the chariot, whatever it shows.
HANGING = {
    "f0": "K",
    "b2": "R",
    "a3": "P?",
    "c3": "P?",
    "g3": "P?",
    "h2": "C?",
    "e9": "k",
    "e8": "a",
    "d9": "a",
    "b9": "c",
    "b5": "p",
    "g6": "p?",
    "a9": "r?",
}


EXACT = 2_000  # a root margin wide enough that every action's score is exact


def position(pieces: dict[str, str], turn: Color = Color.RED) -> Knowledge:
    """What ``turn`` knows of a Jieqi position set up from ``pieces``."""
    game = Jieqi.from_pieces(pieces, turn)
    return Knowledge("jieqi", turn, game.view(turn), ())


def opened(seed: int, plies: int) -> Match:
    """A Jieqi game ``plies`` random actions from its start, dealt by ``seed``."""
    rng = random.Random(seed)
    match = Match.start("jieqi", {}, seed)
    for _ in range(plies):
        if match.outcome is None:
            match.apply(rng.choice(match.game.legal_actions()).text)
    return match


@pytest.mark.parametrize("nodes", [400, 3_000])
def test_it_stops_at_its_node_budget_and_repeats_itself(nodes):
    knowledge = knowledge_of(opened(3, 6), Color.RED)
    first = chance_scores(knowledge, Budget(nodes=nodes), 1)
    assert first is not None and first.nodes <= nodes + 1
    assert chance_scores(knowledge, Budget(nodes=nodes), 1) == first


def test_a_larger_budget_searches_more():
    knowledge = knowledge_of(opened(4, 8), Color.BLACK)
    small = chance_scores(knowledge, Budget(nodes=300), 1)
    large = chance_scores(knowledge, Budget(nodes=20_000), 1)
    assert small is not None and large is not None
    assert large.nodes > 5 * small.nodes


@pytest.mark.parametrize("seed", range(3))
def test_it_scores_every_legal_action_and_plays_only_legal_ones(seed):
    match = opened(seed, 0)
    rng = random.Random(seed)
    for _ in range(16):
        if match.outcome is None:
            side = match.game.turn
            knowledge = knowledge_of(match, side)
            searched = chance_scores(knowledge, budget_for(level(2), "jieqi"), 151)
            legal = sorted(a.text for a in match.game.legal_actions())
            if searched is None:  # nothing face-down: determinized instead
                assert not any(p is not None and p.kind is None for p in knowledge.view.board)
                break
            assert sorted(searched.scores) == legal
            match.apply(picked(knowledge, level(2), rng, searched).action)


def test_nothing_face_down_leaves_it_to_determinization():
    knowledge = position({"e0": "K", "b2": "R", "d9": "k", "b9": "c"})
    assert chance_scores(knowledge, Budget(nodes=1_000), 1) is None


@pytest.mark.parametrize("number", [4, 8])
def test_it_saves_a_hanging_chariot_rather_than_reveal(number):
    knowledge = position(HANGING)
    budget = budget_for(level(number), "jieqi")
    searched = chance_scores(knowledge, budget, EXACT)
    assert searched is not None
    best = max(searched.scores, key=searched.scores.__getitem__)
    reveals = [text for text in searched.scores if text.startswith("+")]
    assert len(reveals) == 4
    assert best.startswith("b2"), best  # the chariot moves (or takes the screen)
    assert all(searched.scores[text] < searched.scores[best] - 200 for text in reveals)


def test_the_jieqi_levels_it_wins_at_play_it_and_the_others_determinize():
    knowledge = knowledge_of(opened(5, 4), Color.RED)
    for number in range(1, 9):
        choice = choose(knowledge, level(number), seed=number)
        assert (choice.samples == 1) if number in CHANCE_LEVELS else (choice.samples >= 1)
    assert CHANCE_LEVELS  # the benchmark found levels where it plays stronger


def test_a_small_budget_searches_fewer_samples_never_thinner_ones():
    knowledge = knowledge_of(opened(5, 4), Color.RED)
    plugin, sampled_level = plugin_for("jieqi"), level(min(set(range(1, 9)) - CHANCE_LEVELS))
    floor = plugin.sample_nodes
    for nodes, samples in [(floor - 1, 1), (2 * floor, 2), (10 * floor, plugin.samples)]:
        choice = choose(knowledge, sampled_level, seed=1, budget=Budget(nodes=nodes))
        assert choice.samples == samples, nodes
        assert choice.nodes >= min(nodes, choice.samples * floor) * 0.9


@pytest.mark.parametrize("seed, plies", [(1, 4), (3, 16)])
def test_its_table_and_cut_offs_change_what_it_searches_not_what_it_finds(seed, plies):
    """Every root action scored in the widest window gets the review's own
    score (the same search without table, ordering or chance cut-offs); in a
    narrow window the cut-offs search less, and the best score is the same."""
    match = opened(seed, plies)
    knowledge = knowledge_of(match, match.game.turn)
    sample = plugin_for("jieqi").sample
    review = ChanceSearch(sample(knowledge, random.Random(0)), knowledge, 2).weigh()
    state = sample(knowledge, random.Random(0))
    wide = BudgetedChanceSearch(state, knowledge, None)
    found: dict[Action, int] = {}
    wide.root(state.actions(), 2, 2 * FULL, found)
    scores = {a.text: s for a, s in found.items()}
    assert scores == review
    narrow = BudgetedChanceSearch(state, knowledge, None)
    tight: dict[Action, int] = {}
    narrow.root(state.actions(), 2, 1, tight)
    assert narrow.nodes < wide.nodes
    assert max(tight.values()) == max(scores.values())


def test_a_round_cut_short_keeps_what_it_finished_only_when_asked():
    knowledge = knowledge_of(opened(5, 4), Color.RED)
    budget = Budget(nodes=12_000)
    whole = chance_scores(knowledge, budget, 1, partial=False)
    kept = chance_scores(knowledge, budget, 1, partial=True)
    assert whole is not None and kept is not None
    assert kept.nodes == whole.nodes
    assert set(kept.scores) == set(whole.scores)
    deeper = {text for text in whole.scores if kept.scores[text] != whole.scores[text]}
    assert deeper  # the best of the round before, searched a ply deeper
    assert len(deeper) < len(whole.scores)
