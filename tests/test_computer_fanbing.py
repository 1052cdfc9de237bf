"""The computer in third-generation xiangqi: its samples agree with all it may
know, it never reads the opponent's backs (twin games differing only in the
human's setup get the same action for the same seed), and it values the
pieces behind the backs."""

from __future__ import annotations

import random

from computer.levels import level
from computer.player import choose
from computer.plugin import can_play, plugin_for
from computer.search import Budget, Searcher
from computer.variants.fanbing import (
    FanbingPlugin,
    FanbingSample,
    draw_setup,
    evaluate_fanbing,
    public_backs,
    setup_choice,
)
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.backs import Setup, seed_for
from rules.variants.fanbing.game import Fanbing

FAST = Budget(depth=1)


def played(seed: int, plies: int, moves_seed: int = 7) -> Match:
    """A game of random actions: flips included, so backs become known."""
    match = Match.start("fanbing", {}, seed)
    rng = random.Random(moves_seed)
    for _ in range(plies):
        actions = match.game.legal_actions()
        if not actions:
            break
        flips = [a for a in actions if isinstance(a, Flip)]
        match.apply(rng.choice(flips or actions).text)
    return match


def test_fanbing_has_its_own_plugin():
    assert can_play("fanbing") and isinstance(plugin_for("fanbing"), FanbingPlugin)


def test_samples_agree_with_everything_the_side_knows():
    checked = 0
    for seed in (3, 40_000, 9_999_999):
        match = played(seed, 60)
        if match.game.outcome() is not None:
            continue
        side = match.game.turn
        knowledge = knowledge_of(match, side)
        plugin, draw = FanbingPlugin(), random.Random(seed)
        dealt = set()
        for _ in range(4):
            sample = plugin.sample(knowledge, draw)
            assert isinstance(sample, FanbingSample)
            assert sample.game.view(side) == knowledge.view
            board = sample.game.position.board
            for sq, piece in enumerate(board):  # its own backs are its own
                if piece is not None and piece.color is side:
                    assert sample.game.position.backs[sq] == match.game.position.backs[sq]
            dealt.add(tuple(sample.game.position.backs))
        assert len(dealt) > 1  # the opponent's unknown backs are drawn afresh
        known, _ = public_backs(knowledge)
        assert known
        for color in Color:  # a drawn setup keeps every back that is known
            drawn = draw_setup(color, known, random.Random(seed)).backs(color)
            real = match.game.setups[color].backs(color)
            assert all(drawn[sq] == real[sq] for sq in known if sq in real)
        checked += 1
    assert checked


def test_twin_games_differing_only_in_the_humans_setup_give_the_same_action():
    """The computer (Black) sees the same view and log in both; its action
    cannot depend on Red's backs."""
    mine = Setup.random(random.Random(5))
    twins = [seed_for(Setup.random(random.Random(n)), mine) for n in (1, 2)]
    assert twins[0] != twins[1]
    actions, knowledges = [], []
    for seed in twins:
        match = Match.start("fanbing", {}, seed)
        for text in ("h2e2", "h9g7", "e2e6"):  # no flip: the public log is the same
            match.apply(text)
        knowledge = knowledge_of(match, Color.BLACK)
        knowledges.append(knowledge)
        actions.append(choose(knowledge, level(4), seed=11, budget=FAST).action)
    assert knowledges[0] == knowledges[1]
    assert actions[0] == actions[1]


def test_the_evaluation_counts_the_new_pieces():
    plain = Fanbing.start({}, 0).position
    assert evaluate_fanbing(plain) == 0
    alone = Fanbing.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w", {})
    game = Fanbing.from_fen("4k4/9/9/9/9/9/9/9/9/3KZ4 w", {})
    # the 助 (zhu, F-7) is valued above a chariot
    assert evaluate_fanbing(game.position) - evaluate_fanbing(alone.position) > 900


def test_it_plays_and_takes_with_the_new_pieces():
    # Red's 助 (zhu) on c3 may take Black's 妃 (fei) on e5.
    game = Fanbing.from_fen("4k4/9/9/9/4v4/9/2Z6/9/9/4K4 w", {})
    match = Match.start("fanbing", {}, 0)
    knowledge = knowledge_of(match, Color.RED)
    sample = FanbingSample(game)
    scores = FanbingPlugin().root(knowledge, sample, Searcher(Budget(depth=1)))
    assert max(scores, key=scores.__getitem__) == "c3e5"


def test_its_own_setup_is_a_legal_setup_from_its_seed():
    assert setup_choice(random.Random(1)) == setup_choice(random.Random(1))
    assert isinstance(setup_choice(random.Random(2)), Setup)


def test_samples_replay_to_the_view_in_random_games_full_of_flips():
    """Flips that took or were flipped back (F-1, F-2), turns (F-5 to F-7) and
    pieces taken after their flip: every sample still gives the side's view."""
    checked = 0
    for number in range(8):
        options = {"easy-flips": "true"} if number % 3 == 0 else {}
        match = Match.start("fanbing", options, random.Random(number).randrange(2**40))
        rng = random.Random(number)
        while match.outcome is None and match.game.ply < 120:
            actions = match.game.legal_actions()
            flips = [a for a in actions if not isinstance(a, Move)]
            pick = rng.choice(flips) if flips and rng.random() < 0.7 else rng.choice(actions)
            match.apply(pick.text)
            if match.outcome is None and match.game.ply % 9 == 0:
                knowledge = knowledge_of(match, match.game.turn)
                plugin, draw = FanbingPlugin(), random.Random(match.game.ply)
                for sample in (plugin.sample(knowledge, draw), plugin.sample(knowledge, draw)):
                    assert isinstance(sample, FanbingSample)
                    assert sample.game.view(knowledge.side) == knowledge.view
                checked += 1
    assert checked > 40


def test_play_searches_one_draw_and_a_review_weighs_several():
    """One draw searched with the whole budget beat three in games, so every
    level plays one; a review still weighs each action over several draws."""
    knowledge = knowledge_of(played(3, 12), Color.RED)
    plugin = plugin_for("fanbing")
    assert choose(knowledge, level(8), seed=1, budget=Budget(nodes=3_000)).samples == 1
    draws = plugin.review_samples(knowledge, random.Random(0))
    assert len(draws) == plugin.review_draws > 1
    backs = {tuple(d.game.position.backs) for d in draws}
    assert len(backs) > 1  # independent draws of what is hidden
