"""Fuzzing: whatever the text, ``parse_move`` returns a legal move or raises a
:class:`RulesError`, never anything else."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.notation import STYLES, format_move, parse_move
from rules.position import Position

POSITIONS = [
    Position.start(),
    Position.from_fen("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w"),
    Position.from_fen("r2k1a3/r3a4/2n1b4/2n1c4/4c4/4C4/4C4/2N1B4/R3A4/R3KA3 b"),
]
# Characters that mean something to some notation, so mutations hit the parsers deep.
ALPHABET = (
    "KAEBHNRCPabcdefghik0123456789+-.=#!? "
    "一二三四五六七八九十〇１２３４５６７８９"
    "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒进進退平前中后後军軍绝杀"
)
texts = st.one_of(st.text(max_size=12), st.text(alphabet=ALPHABET, max_size=8))


def check(position: Position, text: str) -> None:
    try:
        move = parse_move(position, text)
    except RulesError:
        return
    assert position.is_legal(move)


@settings(max_examples=400, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), text=texts)
def test_arbitrary_text(index: int, text: str) -> None:
    check(POSITIONS[index], text)


@settings(max_examples=400, deadline=None)
@given(
    index=st.integers(0, len(POSITIONS) - 1),
    pick=st.integers(0, 10_000),
    style=st.sampled_from(STYLES),
    traditional=st.booleans(),
    at=st.integers(0, 8),
    cut=st.integers(0, 2),
    insert=st.text(alphabet=ALPHABET, max_size=2),
)
def test_mutated_notation(
    index: int, pick: int, style: str, traditional: bool, at: int, cut: int, insert: str
) -> None:
    position = POSITIONS[index]
    moves = position.legal_moves()
    text = format_move(position, moves[pick % len(moves)], style, traditional=traditional)
    check(position, text[:at] + insert + text[at + cut :])
