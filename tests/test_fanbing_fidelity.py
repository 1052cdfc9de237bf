"""Third-generation xiangqi in play agrees with the same positions rebuilt
from scratch, and judges repetition by the standard algorithm (F-2, F-9);
successor xiangqi's queen capture (H-3)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from rules import Color, IllegalAction, Move, Reason
from rules.actions import parse_action
from rules.repetition import chased_squares
from rules.squares import parse_square
from rules.standard import StandardXiangqi
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.chase import FanbingChaseRules
from rules.variants.fanbing.chase_check import compare_with_xiangqi
from rules.variants.fanbing.game import Fanbing
from rules.variants.fanbing.moves import SHOWN
from rules.variants.houji.game import Houji

RED, BLACK = Color.RED, Color.BLACK


def sq(name: str) -> int:
    return parse_square(name)


def play(game, *texts: str) -> None:
    for text in texts:
        game.push(parse_action(text))


def verdicts(fen: str, cycle: tuple[str, ...]) -> tuple:
    """(standard outcome, third-generation outcome) after ``cycle`` twice."""
    results = []
    for game in (StandardXiangqi.start({"fen": fen + " - - 0 1"}), Fanbing.from_fen(fen)):
        for text in cycle * 2:
            assert game.outcome() is None
            game.push(Move.from_iccs(text))
        outcome = game.outcome()
        results.append((outcome.winner, outcome.reason))
    return tuple(results)


# -- F-9: a new piece never stops attacking ------------------------------------


def test_f9_a_guarded_new_piece_keeps_attacking_after_the_chase_test():
    # Two red 助 guard each other; the chase test once dropped the guarded one
    # from the index of new-piece attackers, so the black king could step
    # into its attack and be taken.
    game = Fanbing.from_fen("r8/5k3/9/9/3Z5/2Z6/9/9/9/3K5 b")
    play(game, "a9a5", "d0d1")
    assert game.drift() == []
    with pytest.raises(IllegalAction):
        game.push(Move(sq("f8"), sq("f7")))
    assert sq("d5") in game.position.exotic[RED] and sq("c4") in game.position.exotic[RED]


def test_f9_drift_names_the_field_that_differs():
    game = Fanbing.from_fen("r8/5k3/9/9/3Z5/2Z6/9/9/9/3K5 b")
    game.position.exotic[RED].discard(sq("d5"))
    found = game.drift()
    assert any(line.startswith("exotic[RED]") for line in found), found


@pytest.mark.parametrize("seed", range(6))
def test_f9_every_position_of_random_games_agrees_with_a_rebuild(seed: int):
    rng = random.Random(seed)
    options = {"easy-flips": "true"} if seed % 2 else {}
    game = Fanbing.start(options, rng.getrandbits(62))
    while game.outcome() is None:
        game.push(rng.choice(game.legal_actions()))
        assert game.drift() == [], f"seed {seed}, ply {game.ply}"


# -- F-9: repetition by the standard algorithm ---------------------------------


def test_f9_a_cycle_of_standard_pieces_gets_the_standard_verdict():
    # A drawn cycle in standard xiangqi that the old third-generation chase
    # test called a perpetual chase by Black.
    standard, fanbing = verdicts(
        "6n2/3k5/2C6/3N4r/9/9/9/9/4A2r1/3K5 b", ("h1i1", "c7c4", "i1h1", "c4c7")
    )
    assert standard == fanbing == (None, Reason.REPETITION)


@pytest.mark.parametrize(
    ("fen", "cycle", "expected"),
    [
        # A horse attacking a chariot chases it, protected or not.
        ("3k5/9/2r6/9/3N5/9/9/9/9/4K4 b", ("c7c8", "d5b6", "c8c7", "b6d5"), BLACK),
        # Chariots attacking each other offer an exchange: no chase.
        ("3k5/9/7r1/9/9/9/9/9/6R2/4K4 w", ("g1h1", "h7g7", "h1g1", "g7h7"), None),
        # A pinned chariot does not chase the cannon it follows.
        ("3k5/4r4/9/9/9/9/c3R4/9/9/4K4 b", ("a3a4", "e3e4", "a4a3", "e4e3"), None),
    ],
)
def test_f9_the_classic_diagrams_judge_alike(fen: str, cycle: tuple[str, ...], expected):
    standard, fanbing = verdicts(fen, cycle)
    assert standard == fanbing
    assert standard[0] is expected


def test_f9_random_cycles_of_standard_pieces_never_differ_from_xiangqi():
    tally, differences = compare_with_xiangqi(60, seed=3)
    assert sum(tally.values()) == 60
    assert differences == []


def chased(fen: str, move: str) -> set[str]:
    """Squares the move chases in third-generation xiangqi."""
    game = Fanbing.from_fen(fen)
    before = tuple(game.position.board)
    action = Move.from_iccs(move)
    game.push(action)
    rules = FanbingChaseRules(game.position, action)
    found = chased_squares(before, game.position.board, action, rules=rules)
    return {f"{'abcdefghi'[s % 9]}{s // 9}" for s in found}


def test_f9_a_new_piece_chases_an_unprotected_piece_it_may_capture():
    # 助 steps to d4 and attacks the lone black cannon on f6 two points away.
    assert chased("4k4/9/9/5c3/9/9/2Z6/9/9/3K5 w", "c3d4") == {"f6"}


def test_f9_a_protected_piece_of_lower_value_is_not_chased_by_a_line_piece():
    # 辅 (valued with the chariot) attacks a horse along the rank; a black
    # chariot protects the horse.
    assert chased("4k4/9/9/9/5n2r/9/F8/9/9/3K5 w", "a3a5") == set()
    # Unprotected, the same horse is chased.
    assert chased("4k4/9/9/9/5n3/9/F8/9/9/3K5 w", "a3a5") == {"f5"}


def test_f9_a_horse_valued_new_piece_chases_a_protected_chariot():
    # 助 ranks with the horse (F-9): a chariot is worth more, protected or not.
    assert chased("4k4/6n2/9/5r3/9/9/2Z6/9/9/3K5 w", "c3d4") == {"f6"}


def test_f9_an_offered_exchange_of_new_pieces_is_no_chase():
    # Red's 辅 steps onto the rank of Black's 辅, which attacks it back.
    assert chased("4k4/9/9/9/8f/9/F8/9/9/3K5 w", "a3a5") == set()
    # A lone chariot there attacks back too, but it is no exchange of kinds.
    assert chased("4k4/9/9/9/8r/9/F8/9/9/3K5 w", "a3a5") == {"i5"}


def test_f9_a_new_piece_uncovered_by_a_move_chases():
    # 石 on a5 takes over exactly one empty point: the red pawn stepping off
    # b5 leaves that one point between 石 and the lone black horse on c5.
    assert chased("4k4/9/9/9/SPn6/9/9/9/9/3K5 w", "b5b6") == {"c5"}


# -- F-2: a shown pawn flips again only where its back belongs -------------------


def test_f2_a_public_back_flips_again_only_on_its_own_point():
    game = Fanbing.from_fen("P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "n"})
    play(game, "^a9", "f9f8", "^a9", "f8f9")  # invalid flip, then back
    assert game.position.flags[sq("a9")] & SHOWN
    assert Flip(sq("a9")) not in game.legal_actions()  # no second pass on a9
    with pytest.raises(IllegalAction) as info:
        game.push(Flip(sq("a9")))
    assert info.value.params["reason"] == "shown_back_point"
    play(game, "a9b9", "f9f8")  # b9 is the horse's point
    assert Flip(sq("b9")) in game.legal_actions()
    play(game, "^b9")
    assert game.position.board[sq("b9")].kind.value == "n"


def test_f2_easy_flips_keep_every_point_valid():
    game = Fanbing.from_fen(
        "P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "n"}, options={"easy-flips": "true"}
    )
    assert Flip(sq("a9")) in game.legal_actions()


# -- H-3: the queen, taken by any piece, ends the game at once -------------------


def test_h3_a_pinned_piece_may_take_the_queen_and_wins():
    # The red chariot on d5 is pinned to its king by the black chariot d9;
    # taking the queen would expose the king, but it ends the game first.
    game = Houji.start({"fen": "3r1k3/9/9/9/3R2q2/9/9/9/9/3K5 w - - 0 1"})
    move = Move.from_iccs("d5g5")
    assert move in game.legal_actions()
    game.push(move)
    assert (game.outcome().winner, game.outcome().reason) == (RED, Reason.QUEEN_CAPTURED)


def test_f9_the_long_check_command_runs_and_reports_no_difference():
    """``python -m rules.variants.fanbing.chase_check`` (a short run of it)."""
    result = subprocess.run(
        [sys.executable, "-m", "rules.variants.fanbing.chase_check", "12", "5"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.splitlines()[-1]
    assert last.startswith("cycles: 12 (") and last.endswith("differences from xiangqi: 0"), last
