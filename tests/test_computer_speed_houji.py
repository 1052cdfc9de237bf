"""Successor xiangqi's search lists the queen's moves without the rules'
generator, and gets the moves the rules' own generator gives."""

from __future__ import annotations

import random

from computer.variants.houji import queen_moves
from rules.match import Match
from rules.pieces import Kind
from rules.variants.houji.moves import queen_targets


def test_the_queen_reaches_what_the_rules_let_it():
    counted = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = Match.start("houji", {}, seed)
        for _ in range(120):
            if match.outcome is not None:
                break
            board = match.game.position.board
            for sq, piece in enumerate(board):
                if piece is not None and piece.kind is Kind.QUEEN:
                    expected = list(queen_targets(board, sq, piece.color))
                    assert queen_moves(board, sq, piece.color) == expected
                    counted += 1
            match.apply(rng.choice(match.game.legal_actions()).text)
    assert counted > 500
