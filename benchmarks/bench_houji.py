"""Successor xiangqi 后继象棋: random playouts, beside standard xiangqi.

A playout plays uniformly random legal actions from the start until the game
ends, through the public ``Game`` interface (``legal_actions``, ``push``,
``outcome``), so it measures what a game costs the bot and the computer
player: generation, legality, adjudication. Plies per second of ``houji``
and ``xiangqi`` are printed with their ratio (the issue's bound: ``houji`` no
more than 3x slower).

The same run is the variant's soak test: :data:`SOAK_GAMES` games with the
foul rule stirred in (:func:`random_game` with ``foul_bias``: a pinned
elephant's move is preferred when there is one, and a callable foul is called
half the time) must all end without an exception. The test suite plays a
short run (80 games) of the same function.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from benchmarks import Figure
from rules import Move, find_variant
from rules.variant import Game
from rules.variants.houji.actions import CallFoul
from rules.variants.houji.game import Houji

PLAYOUT_GAMES = 200
SOAK_GAMES = 2000


@dataclass
class Tally:
    """What a run of random games did."""

    games: int = 0
    plies: int = 0
    fouls: int = 0
    calls: int = 0


def _pinned_moves(game: Houji, actions: list) -> list:
    position = game.position
    return [a for a in actions if isinstance(a, Move) and position.pinned_elephant(a.from_sq)]


def random_game(
    game: Game, rng: random.Random, tally: Tally, *, foul_bias: bool = False, drift: bool = False
) -> None:
    """Play ``game`` to its end with random legal actions, counting into ``tally``.

    With ``foul_bias`` (houji only) pinned elephants are moved whenever
    possible and a callable foul is called with probability 1/2, so that
    fouls and calls are common instead of rare; each call must put back the
    board as it was before the foul, with the caller to move (H-6). With
    ``drift`` every ply is also compared with its position rebuilt (``Game.drift``).
    """
    before_foul = None
    while game.outcome() is None:
        actions = game.legal_actions()
        action = rng.choice(actions)
        if foul_bias and isinstance(game, Houji):
            pinned = _pinned_moves(game, actions)
            if CallFoul() in actions and rng.random() < 0.5:
                action = CallFoul()
            elif pinned:
                action = rng.choice(pinned)
                tally.fouls += 1
                before_foul = list(game.position.board), game.turn.other()
        game.push(action)
        tally.plies += 1
        if drift and (found := game.drift()):
            raise AssertionError(f"ply {game.ply} drifted from a rebuild: {found}")
        if isinstance(action, CallFoul):
            tally.calls += 1
            if (list(game.position.board), game.turn) != before_foul:
                raise AssertionError(f"a foul call did not restore the board: {game.actions}")
    tally.games += 1


def playout_rate(variant: str, games: int, seed: int = 1) -> float:
    """Plies per second of uniformly random games of ``variant``."""
    kind = find_variant(variant)
    tally = Tally()
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        random_game(kind.start(), rng, tally)
    return tally.plies / (time.perf_counter() - start)


def soak(games: int, seed: int = 0) -> Tally:
    """Play ``games`` foul-biased random houji games; any exception propagates."""
    tally = Tally()
    rng = random.Random(seed)
    for _ in range(games):
        random_game(Houji.start(), rng, tally, foul_bias=True, drift=True)
    return tally


def run() -> Iterator[Figure]:
    xiangqi = playout_rate("xiangqi", PLAYOUT_GAMES)
    houji = playout_rate("houji", PLAYOUT_GAMES)
    yield "houji.xiangqi_playout_plies_per_s", xiangqi, "plies/s"
    yield "houji.playout_plies_per_s", houji, "plies/s"
    yield "houji.slowdown_vs_xiangqi", xiangqi / houji, "x"
    start = time.perf_counter()
    tally = soak(SOAK_GAMES)
    yield "houji.soak_games", tally.games, "games"
    yield "houji.soak_fouls", tally.fouls, "fouls"
    yield "houji.soak_calls", tally.calls, "calls"
    yield "houji.soak_s", time.perf_counter() - start, "s"
