"""The states' moves are the rules' own, in the rules' order: the prebuilt
table for standard pieces, the rules for the others, and the legality
shortcut (a move touching no square exposed to the own king is legal)
agrees with the rules' own test, on lines that pin, on cannons that a move
would give a screen or leave with one, and in played games."""

from __future__ import annotations

import random

import pytest

from computer.movegen import ordered
from computer.variants.fanbing import FanbingState
from computer.variants.houji import HoujiState
from computer.variants.xiangqi import XiangqiState
from rules.match import Match
from rules.position import Position
from rules.variants.fanbing.moves import FanbingPosition
from rules.variants.houji.moves import HoujiPosition


def agree(state: XiangqiState, position: Position) -> None:
    board = position.board
    legal = list(position.legal_moves())
    assert state.actions() == ordered(board, legal, state.values)
    taking = [m for m in legal if board[m.to_sq] is not None]
    assert state.captures() == ordered(board, taking, state.values)


@pytest.mark.parametrize(
    "fen",
    [
        "3k5/9/4c4/9/9/9/4R4/4N4/9/4K4 w",  # two screens: either leaving checks
        "3k5/9/4c4/9/9/9/R8/9/9/4K4 w",  # no screen: a chariot arriving gives one
        "3k5/9/4r4/9/9/9/9/4N4/9/4K4 w",  # a horse pinned to its king
        "9/9/3k5/9/9/9/9/1c1N1K3/9/9 w",  # pinned on the king's rank, behind a screen
        "4k4/9/9/9/9/4N4/9/9/9/4K4 w",  # the kings would face
        "4k4/9/9/4c4/4p4/9/4P4/9/9/4K4 b",  # Black's side of the same
    ],
)
def test_the_shortcut_agrees_with_the_rules_where_lines_pin(fen):
    position = Position.from_fen(fen)
    agree(XiangqiState(position.copy()), position)


@pytest.mark.parametrize(
    ("fen", "ender"),
    [
        ("4k4/4q4/9/9/3r5/9/9/4R4/9/3K5 w", "e2e8"),  # in check, yet the queen may be taken
        ("4k4/9/9/9/9/9/9/9/3KR2r1/9 w", "e1e9"),  # a pinned chariot may take the king
    ],
)
def test_successor_captures_that_end_the_game_are_legal_whatever_they_expose(fen, ender):
    position = HoujiPosition.from_fen(fen)
    assert ender in [m.text for m in position.legal_moves()]
    assert ender not in [m.text for m in Position.from_fen(fen).legal_moves()]
    agree(HoujiState(position.copy()), position)


@pytest.mark.parametrize("variant", ["xiangqi", "fanbing", "houji"])
def test_the_shortcut_agrees_with_the_rules_in_played_games(variant):
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        match = Match.start(variant, {}, seed)
        for _ in range(120):
            if match.outcome is not None:
                break
            position = match.game.position
            if isinstance(position, FanbingPosition):
                agree(FanbingState(position.copy()), position)
            elif isinstance(position, HoujiPosition):
                agree(HoujiState(position.copy()), position)
            else:
                agree(XiangqiState(position.copy()), position)
            checked += 1
            match.apply(rng.choice(match.game.legal_actions()).text)
    assert checked > 400
