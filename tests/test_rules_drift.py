"""After every ply of random games, each variant's incremental state (piece
ids, attack indexes, cached actions) equals the same position rebuilt from
scratch (``Game.drift``). Third-generation xiangqi has its own soak in
tests/test_fanbing_fidelity.py and ``python -m rules.variants.fanbing.playout``."""

from __future__ import annotations

import random

import pytest

from rules import find_variant
from rules.standard import StandardXiangqi

VARIANTS = ("xiangqi", "jieqi", "jieqi-classic", "tuibei", "houji")


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_never_drift_from_a_rebuild(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = find_variant(name).start({}, rng.getrandbits(62))
    while game.outcome() is None and game.ply < 300:
        game.push(rng.choice(game.legal_actions()))
        assert game.drift() == [], f"{name} seed {seed}, ply {game.ply}"


def test_drift_names_a_piece_id_out_of_step() -> None:
    game = StandardXiangqi.start()
    game.ids[0] = None  # the chariot on a0 loses its id
    assert game.drift() == ["ids[0]: None on a piece"]
