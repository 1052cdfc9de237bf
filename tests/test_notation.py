"""Move notation: known examples, tandem pieces, traditional glyphs, errors."""

from __future__ import annotations

import pytest

from rules.actions import Move
from rules.errors import AmbiguousMove, IllegalAction, InvalidNotation
from rules.notation import STYLES, format_move, parse_move
from rules.position import Position

START = Position.start()
# Red chariots a1 and a4 (file 九), black king off the e-file.
CHARIOTS = "3k5/9/9/9/9/R8/9/9/R8/4K4 w"
# Red pawns c5, c6, c7 (file 七).
THREE_PAWNS = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w"
# Red pawns on c5, c6 (file 七) and g5, g6 (file 三).
TWO_FILES = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w"
# Black chariots f9 and f7 (Black's file 6).
BLACK_CHARIOTS = "3k1r3/9/5r3/9/9/9/9/9/9/4K4 b"
# Red advisors d0 and d2 share file 六.
ADVISORS = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w"


def after(*moves: str) -> Position:
    position = Position.start()
    for text in moves:
        position.push(Move.from_iccs(text))
    return position


@pytest.mark.parametrize(
    ("text", "iccs"),
    [
        ("炮二平五", "h2e2"),
        ("C2.5", "h2e2"),
        ("C2=5", "h2e2"),
        ("h2e2", "h2e2"),
        ("H2-E2", "h2e2"),
        ("h2 e2", "h2e2"),
        ("h2e2+", "h2e2"),
        ("马二进三", "h0g2"),
        ("H2+3", "h0g2"),
        ("n2+3", "h0g2"),
        ("相三进五", "g0e2"),
        ("E3+5", "g0e2"),
        ("B3+5", "g0e2"),
        ("车一进一", "i0i1"),
        ("R1+1", "i0i1"),
        ("兵七进一", "c3c4"),
        ("P7+1", "c3c4"),
        ("仕四进五", "f0e1"),
        ("帅五进一", "e0e1"),
        ("炮 二 平 五", "h2e2"),
        ("炮2平5", "h2e2"),
        ("炮２平５", "h2e2"),
        ("Ｃ２．５", "h2e2"),
        ("c2.5", "h2e2"),
        ("砲二平五", "h2e2"),
        ("俥一進一", "i0i1"),
        ("傌二進三", "h0g2"),
        ("帥五進一", "e0e1"),
        ("炮二平五将", "h2e2"),
        ("炮二平五將軍!", "h2e2"),
        ("C2.5+", "h2e2"),
        ("C2.5#?", "h2e2"),
    ],
)
def test_start_position(text: str, iccs: str) -> None:
    assert parse_move(START, text) == Move.from_iccs(iccs)


def test_black_side_uses_digits() -> None:
    position = after("h2e2")
    assert format_move(position, Move.from_iccs("h9g7")) == "马8进7"
    assert format_move(position, Move.from_iccs("h9g7"), traditional=True) == "馬8進7"
    assert format_move(position, Move.from_iccs("h9g7"), "wxf") == "H8+7"
    assert parse_move(position, "马8进7") == Move.from_iccs("h9g7")
    assert parse_move(position, "馬八進七") == Move.from_iccs("h9g7")
    assert parse_move(position, "砲８進４") == Move.from_iccs("h7h3")
    assert parse_move(position, "包8平5") == Move.from_iccs("h7e7")
    assert parse_move(position, "卒3进1") == Move.from_iccs("c6c5")


@pytest.mark.parametrize(
    ("fen", "iccs", "chinese", "wxf"),
    [
        (CHARIOTS, "a4a5", "前车进一", "R++1"),
        (CHARIOTS, "a1a2", "后车进一", "R-+1"),
        (CHARIOTS, "a4b4", "前车平八", "R+.8"),
        (CHARIOTS, "a1a0", "后车退一", "R--1"),
        (THREE_PAWNS, "c7c8", "前兵进一", "P++1"),
        (THREE_PAWNS, "c6d6", "中兵平六", "P..6"),
        (THREE_PAWNS, "c5b5", "后兵平八", "P-.8"),
        (TWO_FILES, "g6g7", "一兵进一", "Pa+1"),
        (TWO_FILES, "g5f5", "二兵平四", "Pb.4"),
        (TWO_FILES, "c6c7", "三兵进一", "Pc+1"),
        (TWO_FILES, "c5b5", "四兵平八", "Pd.8"),
        (BLACK_CHARIOTS, "f7f6", "前车进1", "R++1"),
        (BLACK_CHARIOTS, "f9e9", "后车平5", "R-.5"),
        (ADVISORS, "d0e1", "仕六进五", "A6+5"),
        (ADVISORS, "d2e1", "仕六退五", "A6-5"),
    ],
)
def test_like_pieces_on_a_file(fen: str, iccs: str, chinese: str, wxf: str) -> None:
    position = Position.from_fen(fen)
    move = Move.from_iccs(iccs)
    assert format_move(position, move) == chinese
    assert format_move(position, move, "wxf") == wxf
    assert parse_move(position, chinese) == move
    assert parse_move(position, wxf) == move


def test_traditional_output() -> None:
    position = Position.from_fen(CHARIOTS)
    assert format_move(position, Move.from_iccs("a1a2"), traditional=True) == "後俥進一"
    assert format_move(position, Move.from_iccs("a1a2"), "wxf", traditional=True) == "R-+1"
    assert format_move(START, Move.from_iccs("h2e2"), "iccs", traditional=True) == "h2e2"


@pytest.mark.parametrize(
    ("fen", "text", "iccs"),
    [
        (CHARIOTS, "+R+1", "a4a5"),
        (CHARIOTS, "-R.8", "a1b1"),
        (CHARIOTS, "車前進一", "a4a5"),
        (CHARIOTS, "後車進一", "a1a2"),
        (CHARIOTS, "车九进三", "a4a7"),  # only the front chariot can go 3
        (THREE_PAWNS, "一兵进一", "c7c8"),
        (THREE_PAWNS, "二兵平六", "c6d6"),
        (THREE_PAWNS, "27=6", "c6d6"),  # Fairy-Stockfish's form
        (THREE_PAWNS, "Pc.8", "c5b5"),
        (THREE_PAWNS, "3P.8", "c5b5"),
        (TWO_FILES, "前兵三进一", "g6g7"),
        (TWO_FILES, "前三进一", "g6g7"),
        (TWO_FILES, "后兵七平八", "c5b5"),
        (TWO_FILES, "13+1", "g6g7"),
        (TWO_FILES, "前兵平二", "g6h6"),  # only file 三's front pawn reaches file 二
        (ADVISORS, "前仕退五", "d2e1"),
        (ADVISORS, "A-+5", "d0e1"),
    ],
)
def test_lenient_forms(fen: str, text: str, iccs: str) -> None:
    assert parse_move(Position.from_fen(fen), text) == Move.from_iccs(iccs)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("炮二平十", "十 is not a file number 1-9"),
        ("车一进〇", "〇 is not a number 1-9"),
        ("炮二跳五", "no direction"),
        ("炮二平", "no number after 平"),
        ("X二平五", "X is not a piece"),
        ("马二平三", "never moves sideways"),
        ("炮炮平五", "cannot tell which piece"),
        ("炮二平五车", "unexpected '车' after the move"),
        ("C2*5", "* is not a direction"),
        ("C0.5", "0 is not a file number"),
        ("X2.5", "X is not a piece letter"),
        ("C2.0", "0 is not a file number 1-9"),
        ("C2.", "too short"),
        ("C2.5x", "unexpected 'x'"),
        ("H2.3", "never moves sideways"),
        ("hello", "l is not a direction"),
        ("zz.5", "z is not a piece letter"),
    ],
)
def test_junk_is_invalid_notation(text: str, fragment: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_move(START, text)
    assert fragment in str(info.value)
    assert info.value.params["text"] == text
    assert info.value.params["problem"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C2.5", "'C2.5': no legal cannon move from file 2 to file 5"),
        ("车一进五", "'车一进五': no legal chariot move from file 1 forward 5 ranks"),
        ("前车进一", "'前车进一': no legal chariot move for the front one forward 1 rank"),
        ("马二进五", "'马二进五': no legal horse move from file 2 forward to file 5"),
        ("e2e3", "'e2e3': there is no piece on e2"),
        ("h7h8", "'h7h8': the piece on h7 is not Red's"),
        ("h2h8", "'h2h8': the cannon on h2 cannot move to h8 now"),
    ],
)
def test_well_formed_but_illegal(text: str, message: str) -> None:
    position = Position.start() if text != "C2.5" else after("h2e2", "h9g7")
    with pytest.raises(IllegalAction) as info:
        parse_move(position, text)
    assert str(info.value) == message


def test_ambiguous_names_the_moves() -> None:
    with pytest.raises(AmbiguousMove) as info:
        parse_move(Position.from_fen(CHARIOTS), "车九进一")
    assert info.value.params["moves"] == "a1a2, a4a5"
    with pytest.raises(AmbiguousMove):
        parse_move(Position.from_fen(TWO_FILES), "前兵进一")


def test_format_rejects_illegal_moves_and_unknown_styles() -> None:
    with pytest.raises(IllegalAction):
        format_move(START, Move.from_iccs("h2h8"))
    with pytest.raises(ValueError, match="unknown notation style"):
        format_move(START, Move.from_iccs("h2e2"), "pgn")
    assert STYLES == ("iccs", "wxf", "chinese")
