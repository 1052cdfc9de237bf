"""Third-generation xiangqi as a whole: random games end cleanly, replays
rebuild them, and one side's secret setup never shows before it is public."""

from __future__ import annotations

import random

import pytest

from rules import Color
from rules.actions import Swap, parse_action
from rules.match import Match
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.backs import Setup, seed_for
from rules.variants.fanbing.game import Fanbing
from rules.variants.fanbing.playout import main, play_random

# A handful here; ``python -m rules.variants.fanbing.playout 2000`` plays the full run.
CI_GAMES = 6


@pytest.mark.parametrize("seed", range(CI_GAMES))
def test_random_games_end_and_replay(seed):
    options = {"easy-flips": "true"} if seed % 2 else {}
    game = play_random(seed, options)
    assert game.outcome() is not None
    again = Fanbing.replay([parse_action(a.text) for a in game.actions], options, game.seed)
    assert again.outcome() == game.outcome()
    assert again.view(None) == game.view(None)


def test_playout_command_reports(capsys):
    assert main(["2", "100"]) == 0
    assert capsys.readouterr().out.startswith("2 games, ")


def _twins(secret_side: Color, rng: random.Random) -> tuple[Fanbing, Fanbing]:
    """Two games whose setups differ only on ``secret_side``."""
    fixed = Setup.random(rng)
    first, second = Setup.random(rng), Setup.random(rng)
    while second == first:
        second = Setup.random(rng)
    if secret_side is Color.BLACK:
        seeds = seed_for(fixed, first), seed_for(fixed, second)
    else:
        seeds = seed_for(first, fixed), seed_for(second, fixed)
    return Fanbing.start({}, seeds[0]), Fanbing.start({}, seeds[1])


@pytest.mark.parametrize("secret_side", [Color.BLACK, Color.RED])
@pytest.mark.parametrize("seed", range(6))
def test_twin_setups_look_the_same_until_a_back_is_public(secret_side, seed):
    """The other side and the public see identical views, and the other side
    has identical choices, until the secret side flips something."""
    rng = random.Random(seed)
    a, b = _twins(secret_side, rng)
    watcher = secret_side.other()
    plies = 0
    while a.outcome() is None:
        assert a.view(watcher) == b.view(watcher)
        assert a.view(None) == b.view(None)
        if a.turn is watcher:
            assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        if a.turn is secret_side and isinstance(action, Flip | Swap):
            break  # the secret side shows a back: from here the games may differ
        assert [e for e in a.push(action) if e.audience is None] == [
            e for e in b.push(action) if e.audience is None
        ]
        plies += 1
    assert plies > 10
    if a.outcome() is not None:
        assert a.outcome() == b.outcome()


def test_match_replays_from_seed_and_log():
    game = play_random(7)
    match = Match.replay("fanbing", {}, game.seed, [a.text for a in game.actions])
    assert match.outcome == game.outcome()
