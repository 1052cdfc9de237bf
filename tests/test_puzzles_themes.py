"""Themes read off hand-made positions by our own rules: the mating patterns
xiangqi players name, and the tactics of a line."""

from __future__ import annotations

import pytest

from puzzles.themes import ENGLISH, english, mating_patterns, themes
from rules.position import Position

MATES = [
    # The horse in front of the king is the cannon's screen.
    ("4k4/9/4N4/9/9/9/4C4/9/9/3K5 b - - 0 1", {"马后炮"}),
    # One cannon screens the other; the kings' file shuts d9.
    ("4k4/9/9/4C4/9/9/4C4/9/5R3/3K5 b - - 0 1", {"重炮", "白脸将"}),
    # One chariot checks, the other holds the king's only way out.
    ("3kR4/5R3/9/9/9/9/9/9/9/4K4 b - - 0 1", {"双车错", "白脸将"}),
    # The horse on c8, in front of the elephant's home point.
    ("4ka3/2N1a4/9/9/9/9/9/9/9/3K5 b - - 0 1", {"卧槽马", "白脸将"}),
    # A cannon down the king's file, another along its rank.
    ("C1b1k4/9/4P4/9/9/4C4/9/9/9/4K4 b - - 0 1", {"天地炮"}),
    # The chariot checks down the side file; the centre cannon bolts e9.
    ("3k5/9/4P4/9/3R5/9/4C4/9/9/5K3 b - - 0 1", {"铁门栓"}),
    # The king's own advisor is the screen; the other one blocks the way up.
    ("2Cak4/4a4/9/9/9/9/9/9/9/5K3 b - - 0 1", {"闷宫"}),
    # No check, and no move: stalemate loses.
    ("3ak4/4a4/6N2/9/9/9/9/9/9/4K4 b - - 0 1", {"困毙"}),
]


@pytest.mark.parametrize(("fen", "expected"), MATES)
def test_mating_patterns(fen, expected):
    position = Position.from_fen(fen)
    assert not position.has_legal_move()
    assert mating_patterns(position) == expected


def test_a_discovered_double_check_that_forks_and_wins_a_chariot():
    # The horse leaves the chariot's file with check and hits the chariot on h8.
    fen = "4k4/7r1/9/9/4N4/9/9/9/4R4/5K3 w - - 0 1"
    found = themes(fen, ["e5f7", "e9d9", "f7h8"], mate=False)
    assert found == ("抽将", "捉双", "双将", "得子")


def test_a_quiet_capture_has_only_the_material_theme():
    fen = "4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1"
    assert themes(fen, ["e1e5"], mate=False) == ("得子",)


def test_every_theme_has_an_english_name():
    assert all(english(name) for name in ENGLISH)
    assert english("马后炮") == "horse behind cannon"
