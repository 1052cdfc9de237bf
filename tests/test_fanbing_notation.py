"""Third-generation xiangqi in every notation: flips 翻, double flips 双翻 and
the new pieces 臣 驼 骡 助 辅 妃 骉 抛 石 are written and read back."""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction, Move
from rules.actions import Swap
from rules.notation import STYLES, format_move
from rules.squares import parse_square
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.game import Fanbing
from tests.test_fanbing import fen, game


def sq(name: str) -> int:
    return parse_square(name)


def test_every_legal_action_of_random_games_reads_back_in_every_style():
    rng = random.Random(3)
    seen = set()
    for seed in range(3):
        g = Fanbing.start({"easy-flips": "true"} if seed else {}, rng.getrandbits(62))
        while g.outcome() is None and g.ply < 150:
            actions = g.legal_actions()
            moves = [a for a in actions if isinstance(a, Move)]
            checked = [a for a in actions if not isinstance(a, Move)]
            for action in checked + rng.sample(moves, min(5, len(moves))):
                for style in STYLES:
                    text = g.notate(action, style)
                    assert g.parse(text) == action, (style, text)
                seen.add(type(action))
                if isinstance(action, Move) and g.notate(action, "chinese") != action.text:
                    traditional = format_move(g.position, action, "chinese", traditional=True)
                    assert g.parse(traditional) == action
            g.push(rng.choice(g.legal_actions()))
    assert Flip in seen


# One position holding every new piece of Red's; Black's king far away.
NEW_PIECES = fen("kd9 Me1 Uc0 Lg0 Za2 Fi2 Vb4 Ph6 Ta5 Si4 Kf0")


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("臣五进六", "e1d2"),
        ("驼七进九", "c0a3"),
        ("骡三进二", "g0h3"),
        ("助九进七", "a2c4"),
        ("辅一进一", "i2i3"),
        ("輔一平二", "i2h2"),
        ("妃八进六", "b4d5"),
        ("抛九平八", "a5b5"),
        ("石一进二", "i4i6"),
        ("M5+6", "e1d2"),
        ("U7+9", "c0a3"),
        ("L3+2", "g0h3"),
        ("Y9+7", "a2c4"),
        ("F1.2", "i2h2"),
        ("V8+6", "b4d5"),
        ("T9.8", "a5b5"),
        ("S1+2", "i4i6"),
    ],
)
def test_new_pieces_in_chinese_and_wxf(text, move):
    g = game(NEW_PIECES)
    want = Move(sq(move[:2]), sq(move[2:]))
    assert g.parse(text) == want
    style = "chinese" if any(ord(c) > 127 for c in text) else "wxf"
    if "輔" not in text:
        assert g.notate(want, style) == text


def test_a_name_that_fits_two_moves_is_written_in_iccs():
    # 抛 on g7: five ranks back to g2, or a capture back onto file 5 (e5).
    g = game(fen("kd9 tg7 Pf6 Re5 Kf0", "b"))
    straight, capture = Move(sq("g7"), sq("g2")), Move(sq("g7"), sq("e5"))
    assert {straight, capture} <= set(g.legal_actions())
    assert g.notate(straight, "wxf") == "g7g2" and g.notate(capture, "chinese") == "g7e5"
    assert g.parse("g7e5") == capture


def test_biao_is_named_by_file_when_it_changes_file():
    g = game(fen("kd9 ra8 Oe4 Kf0"))
    g.push(Move(sq("f0"), sq("f1")))
    g.push(Move(sq("a8"), sq("a7")))  # a chariot: 骉 slides
    assert g.notate(Move(sq("e4"), sq("e7")), "chinese") == "骉五进三"
    g = game(fen("kd9 nb9 Oe4 Kf0"))
    g.push(Move(sq("f0"), sq("f1")))
    g.push(Move(sq("b9"), sq("a7")))  # a horse: 骉 leaps
    assert g.notate(Move(sq("e4"), sq("f6")), "chinese") == "骉五进四"
    assert g.parse("骉五进四") == Move(sq("e4"), sq("f6"))


def test_flips_and_double_flips_in_every_form():
    g = game(fen("Pa9 kf9 Kd0"), {"a9": "r"})
    for text in ("翻a9", "翻 a9", "flip a9", "^a9", "翻兵", "FLIP A9"):
        assert g.parse(text) == Flip(sq("a9"))
    assert [g.notate(Flip(sq("a9")), s) for s in STYLES] == ["^a9", "^a9", "翻a9"]
    g = game(fen("ke9 pi6 re5 Ad0 Ke0 Af0", "b"), {"d0": "k", "f0": "m", "e0": "a"})
    g.push(Move(sq("e5"), sq("e4")))
    for text in ("双翻d0", "雙翻 d0", "double d0", "e0~d0"):
        assert g.parse(text) == Swap(sq("e0"), sq("d0"))
    assert g.notate(Swap(sq("e0"), sq("d0")), "chinese") == "双翻d0"
    assert g.notate(Swap(sq("e0"), sq("d0")), "iccs") == "e0~d0"


def test_refusals_name_the_input_and_a_reason():
    g = game(fen("Pa8 kf9 Kd0"), {"a8": "r"})
    with pytest.raises(IllegalAction) as info:
        g.parse("翻a8")
    assert info.value.params == {"text": "翻a8", "reason": "no_flip_here"}
    with pytest.raises(IllegalAction) as info:
        g.parse("翻车")
    assert info.value.params["reason"] == "flip_which"
