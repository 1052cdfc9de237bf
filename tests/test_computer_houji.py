"""The computer in successor xiangqi: it values the queen, takes a king or a
queen when it can, and calls a foul (H-6) when the call is worth more than
any turn made without it."""

from __future__ import annotations

import random

from computer.evaluation import MATE
from computer.levels import level
from computer.player import choose
from computer.plugin import can_play, plugin_for
from computer.search import ROOT_MARGIN, Budget, Searcher
from computer.variants.houji import HoujiPlugin, evaluate_houji
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.variants.houji.moves import HoujiPosition

FAST = Budget(depth=2)


def test_houji_has_its_own_plugin():
    assert can_play("houji") and isinstance(plugin_for("houji"), HoujiPlugin)


def test_the_evaluation_counts_the_queen():
    both = HoujiPosition.from_fen("3k5/4q4/9/9/9/9/9/9/4Q4/5K3 w - - 0 1")
    without = HoujiPosition.from_fen("3k5/9/9/9/9/9/9/9/4Q4/5K3 w - - 0 1")
    assert abs(evaluate_houji(both)) < 300
    assert evaluate_houji(without) > 1000


def test_h6_it_calls_the_foul_that_gives_back_its_chariot():
    # Black's elephant on c5, watched by Red's queen on a3, takes the chariot on e7.
    match = Match.start("houji", {"fen": "3k5/9/4R4/9/2b6/9/Q8/9/9/5K3 b - - 0 1"})
    match.apply("c5e7")
    knowledge = knowledge_of(match, Color.RED)
    assert knowledge.view.foul_callable
    assert choose(knowledge, level(8), seed=1, budget=FAST).action == "foul"


def test_h6_it_takes_the_queen_rather_than_call_a_foul():
    match = Match.start("houji", {"fen": "3k5/9/4R4/9/2b4q1/9/Q8/9/9/5K1R1 b - - 0 1"})
    match.apply("c5e7")
    choice = choose(knowledge_of(match, Color.RED), level(8), seed=1, budget=FAST)
    assert choice.action == "h0h5"


def test_the_offender_is_not_offered_the_call():
    match = Match.start("houji", {"fen": "3k5/9/4R4/9/2b6/9/Q8/9/9/5K3 b - - 0 1"})
    match.apply("c5e7")
    match.apply("foul")
    knowledge = knowledge_of(match, Color.BLACK)
    assert not knowledge.view.foul_callable
    assert choose(knowledge, level(8), seed=1, budget=FAST).action != "foul"


def test_the_root_window_keeps_the_best_actions_exact():
    """Searched three plies from positions of a seeded game, the root that
    bounds the actions far below the best agrees with one that scores all
    exactly on every action within the margin of the best."""
    rng = random.Random(7)
    match = Match.start("houji", {}, 7)
    plugin = plugin_for("houji")
    checked = 0
    while match.outcome is None and match.game.ply < 24:
        if match.game.ply % 8 == 4:
            knowledge = knowledge_of(match, match.game.turn)
            sample = plugin.sample(knowledge, random.Random(1))
            windowed = plugin.root(knowledge, sample, Searcher(Budget(depth=3)))
            exact = plugin.root(knowledge, sample, Searcher(Budget(depth=3), margin=2 * MATE))
            best = max(exact.values())
            near = {a for a, s in exact.items() if s >= best - ROOT_MARGIN}
            assert max(windowed, key=windowed.__getitem__) in near
            assert all(windowed[a] == exact[a] for a in near)
            assert all(windowed[a] >= exact[a] for a in exact)  # bounds from above
            checked += 1
        match.apply(rng.choice(match.game.legal_actions()).text)
    assert checked == 3


def test_level_eight_does_not_play_into_a_mate_in_one_left_by_an_unfinished_round():
    """At 40,000 nodes the third round is cut short; the actions it never
    reached kept a shallower bound tied with the best, and one of them
    (the chariot taking on a3) opens the b-file to the cannon's mate."""
    fen = "3akab1r/3cq4/4b1n1c/p3p1p1p/2p6/3C5/Prn1P1P1P/1CN5R/1R3Q3/2BAKABN1 b - - 9 1"
    mated = Match.start("houji", {"fen": fen})
    mated.apply("b3a3")
    mated.apply("b2b9")
    assert mated.outcome is not None and mated.outcome.winner is Color.RED
    match = Match.start("houji", {"fen": fen})
    assert choose(knowledge_of(match, Color.BLACK), level(8), 0).action != "b3a3"
