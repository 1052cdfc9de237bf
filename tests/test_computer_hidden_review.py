"""Reviews of the games with hidden pieces, judged from what each mover
knew: every action weighed over the same samples, the deals of Jieqi
balanced so that no reveal is luckier than another, the same weighing in a
worker as here, and a random mover far below level 8 (a few games of the
benchmark's, fixed seeds)."""

from __future__ import annotations

import random
import statistics

import pytest

from benchmarks.bench_review import reviewed_games, reviewed_random_game
from computer.hidden_review import weigh
from computer.mirror import mirror_uci
from computer.opponent import Opponent
from computer.plugin import plugin_for
from computer.pool import SearchPool
from computer.review import centipawns, label_of, review, winning_chance
from computer.variants.jieqi.chance_search import ChanceSearch
from rules.knowledge import Knowledge, knowledge_along
from rules.match import Match
from rules.pieces import Color


def along(variant: str, moves: list[str], seed: int = 5) -> list[Knowledge]:
    return list(knowledge_along(variant, {}, seed, moves))


def legal_texts(variant: str, moves: list[str], seed: int = 5) -> list[str]:
    match = Match.start(variant, {}, seed)
    for move in moves:
        match.apply(move)
    return sorted(action.text for action in match.game.legal_actions())


def test_a_mean_winning_chance_is_kept_as_the_score_that_gives_it():
    for score in (-1000, -377, -1, 0, 42, 650, 1000):
        assert centipawns(winning_chance(score)) == score
    assert centipawns(1.0) == 1000 and centipawns(-1.0) == -1000


def played(variant: str, plies: int, seed: int = 5) -> list[str]:
    """The first ``plies`` actions of a game of random legal actions."""
    match, rng = Match.start(variant, {}, seed), random.Random(seed)
    for _ in range(plies):
        match.apply(rng.choice(match.game.legal_actions()).text)
    return [action.text for action in match.game.actions]


def test_no_first_reveal_of_a_jieqi_game_is_labelled():
    """At the start every action is a reveal, each worth less than an
    inaccuracy below the best: with every face-down piece unknown to both
    sides, a reveal is worth what the others are worth."""
    first = weigh(along("jieqi", [])[0])
    assert sorted(first) == legal_texts("jieqi", [])
    best = max(first.values())
    assert all(label_of(winning_chance(best) - winning_chance(v)) is None for v in first.values())


@pytest.mark.parametrize(
    "variant, moves",
    [
        ("jieqi", ["+e3", "+b7", "+h2"]),
        ("jieqi-classic", ["h2e2", "b7e7"]),
        ("tuibei", ["?c", "h7e7"]),
        ("fanbing", ["h2e2", "h7e7"]),
    ],
)
def test_a_weighing_scores_every_legal_action_the_same_every_time(variant, moves):
    knowledge = along(variant, moves)[-1]
    found = weigh(knowledge)
    assert sorted(found) == legal_texts(variant, moves)
    assert weigh(knowledge) == found
    assert all(-1000 <= score <= 1000 for score in found.values())


class Counting:
    """Weighs here, counting the positions weighed."""

    def __init__(self) -> None:
        self.weighed: list[tuple[str, ...]] = []

    async def weigh(self, knowledge, scale=1):
        self.weighed.append(knowledge.log)
        return weigh(knowledge, scale)


async def test_a_hidden_review_judges_each_action_from_its_position_s_one_weighing():
    moves = ["+e3", "+b7", "+h2", "+h7"]
    analyst = Counting()
    found = await review({}, moves, analyst, variant="jieqi", seed=5)
    assert analyst.weighed == [tuple(moves[:ply]) for ply in range(len(moves) + 1)]
    for j, knowledge in zip(found.judgements, along("jieqi", moves), strict=False):
        scores = weigh(knowledge)
        assert j.line == (max(scores, key=scores.__getitem__),)
        assert (j.best_score, j.played_score) == (max(scores.values()), scores[j.played])
        assert not j.book and j.label is None  # reveals only: none luckier than another


async def test_the_search_workers_weigh_as_the_review_does_here():
    opponent = Opponent(None, SearchPool(1))
    try:
        knowledge = along("tuibei", ["?c", "h7e7"])[-1]
        assert await opponent.weigh(knowledge) == weigh(knowledge)
    finally:
        await opponent.close()


async def test_a_random_mover_s_accuracy_is_far_below_level_8_s_in_tuibei():
    """Games of the benchmark, fewer and smaller, in the variant whose room
    offers this review (the others fall short: BENCHMARKS.md): level 8
    against a random mover (Red, then Black), and two random movers against
    each other, where the random movers are judged."""
    games = await reviewed_games("tuibei", 2, nodes=300)
    strong = [g.accuracy(g.strong) for g in games]
    lost = [g.accuracy(g.strong.other()) for g in games]
    among_equals = await reviewed_random_game("tuibei", 0)
    weak = [among_equals.accuracy(side) for side in Color]
    assert None not in strong and None not in lost and None not in weak
    assert statistics.mean(lost) + 30 < statistics.mean(strong), (lost, strong)
    assert max(weak) < 40 < 80 < min(strong), (weak, strong)


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
@pytest.mark.parametrize("plies", [0, 9, 24])
def test_a_jieqi_weighing_reads_nothing_of_the_deal_it_starts_from(variant, plies):
    """Face-down pieces stay unknown to both sides of the search (under the
    classic rules too, where moving one turns it up): any deal agreeing with
    the mover's view gives every action the same score."""
    knowledge = along(variant, played(variant, plies))[-1]
    plugin = plugin_for(variant)
    scores = [
        ChanceSearch(plugin.sample(knowledge, random.Random(seed)), knowledge, 2).weigh()
        for seed in range(3)
    ]
    assert sorted(scores[0]) == legal_texts(variant, played(variant, plies))
    assert scores[1] == scores[0] and scores[2] == scores[0]


def test_a_classic_jieqi_opening_move_is_worth_what_its_mirror_image_is():
    """The classic start is symmetric, and nobody knows what lies face-down:
    a first move and its mirror image turn up the same odds and leave the
    same threats, whatever the deal, so they must score alike; a corner
    piece's step that leaves the horse's point to the enemy cannon scores
    below a central pawn's."""
    first = weigh(along("jieqi-classic", [])[0])
    assert sorted(first) == legal_texts("jieqi-classic", [])
    assert all(first[move] == first[mirror_uci(move)] for move in first)
    assert first["a0a1"] + 100 < first["e3e4"]
