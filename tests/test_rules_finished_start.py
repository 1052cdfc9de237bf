"""A game started from a position that is already decided ends at once (S-3),
as it would after the push that reached it."""

from __future__ import annotations

import pytest

from rules import Color, Reason
from rules.errors import GameOver
from rules.standard import StandardXiangqi
from rules.variants.tuibei.game import Tuibei

pyffish = pytest.importorskip("pyffish")

MATED = "3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1"  # the d-file chariots mate; e9 faces the king
STALEMATED = "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1"  # not in check, yet d8 and e9 are covered


@pytest.mark.parametrize(
    ("fen", "reason"), [(MATED, Reason.CHECKMATE), (STALEMATED, Reason.STALEMATE)]
)
def test_standard_game_from_a_finished_fen_is_over_at_once(fen: str, reason: Reason) -> None:
    # Fairy-Stockfish agrees that Black, to move, has lost (S-3: stalemate loses too).
    assert pyffish.legal_moves("xiangqi", fen, []) == []
    assert pyffish.game_result("xiangqi", fen, []) < 0
    game = StandardXiangqi.start({"fen": fen})
    assert game.outcome() is not None
    assert (game.outcome().winner, game.outcome().reason) == (Color.RED, reason)
    assert game.legal_actions() == []
    assert game.view(None).outcome == game.outcome()
    with pytest.raises(GameOver):
        game.parse("d9d8")


def test_a_live_fen_still_starts_a_game() -> None:
    game = StandardXiangqi.start({"fen": "3k5/9/2R6/9/9/9/9/9/9/4K4 b - - 0 1"})
    assert game.outcome() is None
    assert [a.text for a in game.legal_actions()] == ["d9d8"]


def test_tuibei_from_a_mated_fen_is_over_at_once() -> None:
    # In check, Black may not predict (T-2) and has no move: mated.
    game = Tuibei.start({"fen": MATED})
    assert (game.outcome().winner, game.outcome().reason) == (Color.RED, Reason.CHECKMATE)


def test_tuibei_side_without_moves_that_can_still_predict_plays_on() -> None:
    # Predicting is a turn, so a side with no move but a free tile is not stalemated.
    game = Tuibei.start({"fen": STALEMATED})
    assert game.outcome() is None
    assert game.legal_actions() != []
