"""Differential test of repetition verdicts (S-4) against Fairy-Stockfish.

Random reversible cycles from random middlegame positions (see
:mod:`rules.chase_check`), each played twice so that its start occurs a
third time; our verdict must be pyffish's. The long run is
``python -m rules chase-check`` (10,000 cycles by default).
"""

from __future__ import annotations

import pytest

from rules.chase_check import Cycle, compare, cycles, judge

pytest.importorskip("pyffish")

CYCLES = 1_000


def test_verdicts_match_fairy_stockfish_on_random_cycles() -> None:
    tally, differences, departures = compare(CYCLES, seed=17)
    shown = "\n".join(f"{c.fen} {' '.join(c.moves)} {v}" for c, v in differences[:5])
    assert not differences, f"{len(differences)} of {CYCLES} differ:\n{shown}"
    # Where the book departs (a pinned attacker), only that rule separates us.
    for _, verdict in departures:
        assert verdict.ours != verdict.fairy == verdict.theirs
    # Not just draws: enough cycles end in a perpetual check or chase to matter.
    assert tally["red"] + tally["black"] >= 40, tally
    assert tally["none"] == 0, tally


def test_cycles_return_to_their_start_and_repeat_it_twice() -> None:
    for cycle in cycles(20, seed=3):
        half = len(cycle.moves) // 2
        assert cycle.moves[:half] == cycle.moves[half:]
        assert half in (4, 6, 8)


def test_judge_reports_a_known_perpetual_check_for_both() -> None:
    # Red's chariot checks from a8 and a9 while the black king steps: Red loses.
    moves = ("a8a9", "e9e8", "a9a8", "e8e9") * 2
    verdict = judge(Cycle("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", moves))
    assert (verdict.ours, verdict.fairy, verdict.theirs) == ("black", "black", "black")


def test_a_cycle_found_at_random_where_the_book_departs() -> None:
    # From `python -m rules chase-check --seed 0`: Red's cannon shuttles d1-e1,
    # attacking Black's chariot each time, but on both squares it is all that
    # stops Black's cannon on b1 from checking the king on f1. Pinned, it does
    # not chase by the book; Fairy-Stockfish calls it a perpetual chase.
    fen = "1n1a1abnr/4k4/4b4/p3p3p/P2r2p2/2pc2B2/R1P1P1P1P/6C2/1cNC1KN2/2BA1AR2 b - - 0 1"
    verdict = judge(Cycle(fen, ("d5e5", "d1e1", "e5d5", "e1d1") * 2))
    assert (verdict.ours, verdict.fairy, verdict.theirs) == ("draw", "black", "black")
    assert verdict.departs
