"""S-4 verdicts on concrete positions: perpetual check, perpetual chase,
mutual cases, and chases that do not count."""

from __future__ import annotations

import pytest

from rules import Color, Move, Reason
from rules.position import Position
from rules.repetition import PlyFacts, chased_squares, verdict
from rules.squares import parse_square
from rules.standard import StandardXiangqi


def play_cycle(fen: str, cycle: list[str], times: int = 2) -> StandardXiangqi:
    """Play ``cycle`` ``times`` over, which repeats the start a third time."""
    game = StandardXiangqi.start({"fen": fen})
    for _ in range(times):
        for text in cycle:
            assert game.outcome() is None, f"ended early: {game.outcome()}"
            game.push(Move.from_iccs(text))
    return game


def test_perpetual_check_loses():
    # Red's chariot checks on ranks 8 and 9 while Black's king steps e9/e8.
    game = play_cycle("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"])
    assert game.outcome().reason is Reason.PERPETUAL_CHECK
    assert game.outcome().winner is Color.BLACK


def test_position_repeated_twice_is_not_yet_decided():
    game = play_cycle("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"], times=1)
    assert game.outcome() is None
    # The start has been seen twice: once more is the third time.
    assert game.keys.times(game.position.key()) == 2
    assert game.keys.times(Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").key()) == 0


def test_perpetual_chase_of_unprotected_cannon_loses():
    # Red's chariot follows Black's cannon between the g and h files.
    game = play_cycle("3k5/9/7c1/9/9/9/9/9/6R2/4K4 w", ["g1h1", "h7g7", "h1g1", "g7h7"])
    assert game.outcome().reason is Reason.PERPETUAL_CHASE
    assert game.outcome().winner is Color.BLACK


def test_chasing_a_protected_cannon_with_a_chariot_does_not_count():
    # Black's chariot on i7 protects the cannon on both squares.
    game = play_cycle("3k5/9/7cr/9/9/9/9/9/6R2/4K4 w", ["g1h1", "h7g7", "h1g1", "g7h7"])
    assert game.outcome() == game.outcome().__class__(None, Reason.REPETITION)


def test_chasing_a_pawn_on_its_own_side_does_not_count():
    # The chariot keeps attacking a black pawn that has not crossed the river.
    game = play_cycle("3k5/9/9/p8/9/9/9/9/R8/4K4 w", ["a1a2", "d9d8", "a2a1", "d8d9"])
    assert game.outcome().reason is Reason.REPETITION
    assert game.outcome().winner is None


def test_chasing_a_crossed_pawn_counts():
    # A red pawn that has crossed the river steps between a5 and b5; Black's
    # chariot follows along rank 8, attacking it anew down each file.
    game = play_cycle("3k5/r8/9/9/P8/9/9/9/9/4K4 w", ["a5b5", "a8b8", "b5a5", "b8a8"])
    assert game.outcome().reason is Reason.PERPETUAL_CHASE
    assert game.outcome().winner is Color.RED


def test_shuttling_along_a_line_already_attacked_is_no_chase():
    # S-4: only a new attack chases. Black's chariot moves up and down the
    # a-file from which it attacked the crossed pawn all along.
    game = play_cycle("3k5/9/9/r8/P8/9/9/9/9/4K4 b", ["a6a7", "e0f0", "a7a6", "f0e0"])
    assert game.outcome().reason is Reason.REPETITION
    assert game.outcome().winner is None


@pytest.mark.parametrize(
    ("fen", "move", "chases"),
    [
        # A crossed red pawn steps beside an unprotected black horse: pawns never chase.
        ("3k5/9/9/9/1n7/P8/9/9/9/4K4 w", "a4a5", False),
        # A red king steps next to an unprotected black horse in its palace.
        ("5k3/9/9/9/9/9/9/9/3n5/4K4 w", "e0e1", False),
        # A red chariot attacking the same horse does chase it.
        ("5k3/9/9/9/9/9/9/9/3n5/R3K4 w", "a0a1", True),
    ],
)
def test_kings_and_pawns_never_chase(fen: str, move: str, chases: bool):
    game = StandardXiangqi.start({"fen": fen})
    game.push(Move.from_iccs(move))
    assert bool(game.facts[-1].chased) is chases


def _facts(mover: Color, check: bool, chased: set[int]) -> PlyFacts:
    return PlyFacts(mover, check, frozenset(chased))


def test_mutual_perpetual_check_draws():
    cycle = [_facts(Color.RED, True, set()), _facts(Color.BLACK, True, set())] * 2
    assert verdict(cycle).reason is Reason.REPETITION


def test_mutual_perpetual_chase_draws():
    cycle = [_facts(Color.RED, False, {1}), _facts(Color.BLACK, False, {2})] * 2
    assert verdict(cycle).reason is Reason.REPETITION


def test_check_outranks_chase():
    cycle = [_facts(Color.RED, True, set()), _facts(Color.BLACK, False, {7})] * 2
    assert verdict(cycle) == verdict(cycle[:2])
    assert verdict(cycle).reason is Reason.PERPETUAL_CHECK
    assert verdict(cycle).winner is Color.BLACK


def test_chase_must_follow_the_same_piece():
    cycle = [_facts(Color.RED, False, {1}), _facts(Color.BLACK, False, set())]
    cycle += [_facts(Color.RED, False, {2}), _facts(Color.BLACK, False, set())]
    assert verdict(cycle).reason is Reason.REPETITION


def test_plies_before_a_capture_keep_no_chase_snapshot():
    # No position before a capture can come back, so those plies never enter a
    # cycle, and the game lets their snapshots go.
    game = StandardXiangqi.start({"fen": "3k5/9/9/9/9/9/9/9/r8/R3K4 w"})
    for text in ["e0f0", "d9e9", "a0a1"]:  # Red's chariot takes Black's
        game.push(Move.from_iccs(text))
    assert not game.facts[0].release()  # already let go at the capture
    assert game.facts[2].release()  # the capture's own snapshot was kept
    assert [f.mover for f in game.facts] == [Color.RED, Color.BLACK, Color.RED]


@pytest.mark.parametrize(
    ("fen", "move", "chased"),
    [
        # H-5: a chariot attacking an unprotected queen does not chase it.
        ("3k5/9/4q4/R8/9/9/9/9/9/5K3 w", "a6a7", set()),
        # H-5: a queen attacking an unprotected horse does not chase it.
        ("3k5/9/9/9/9/9/9/n8/4Q4/4K4 w", "e1e2", set()),
        # A queen still protects: the chariot's attack on the cannon she covers
        # is no chase, while the same cannon alone is chased.
        ("3k5/4q2c1/9/9/9/9/9/9/6R2/4K4 w", "g1h1", set()),
        ("3k5/7c1/9/9/9/9/9/9/6R2/4K4 w", "g1h1", {"h8"}),
    ],
)
def test_queens_neither_chase_nor_are_chased(fen: str, move: str, chased: set[str]):
    # Boards with queens are successor xiangqi's; the move is made by hand.
    before = Position.from_fen(fen).board
    step = Move.from_iccs(move)
    after = list(before)
    after[step.to_sq], after[step.from_sq] = after[step.from_sq], None
    found = chased_squares(before, after, step)
    assert found == {parse_square(name) for name in chased}
