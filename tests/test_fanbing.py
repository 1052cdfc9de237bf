"""Third-generation xiangqi 第三代象棋 (F-1 to F-7): one scenario per ruling,
built from positions, plus setups, seeds and views."""

from __future__ import annotations

import random

import pytest

from rules import Color, GameOver, IllegalAction, Kind, Move, Outcome, Reason, find_variant
from rules.actions import Swap, parse_action
from rules.squares import parse_square, square_name
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.backs import SETUPS, Setup, seed_for, setups_from_seed
from rules.variants.fanbing.game import Fanbing
from rules.variants.fanbing.moves import CROSSED, LEFT_PALACE, PAWN_BORN, SHOWN

RED, BLACK = Color.RED, Color.BLACK


def sq(name: str) -> int:
    return parse_square(name)


def fen(pieces: str, turn: str = "w") -> str:
    """A FEN from ``"Kd0 ke9 Oe4"``: a FEN letter and a square per piece."""
    board = [["1"] * 9 for _ in range(10)]
    for item in pieces.split():
        square = parse_square(item[1:])
        board[9 - square // 9][square % 9] = item[0]
    rows = ["".join(row) for row in board]
    for n in range(9, 1, -1):
        rows = [row.replace("1" * n, str(n)) for row in rows]
    return "/".join(rows) + " " + turn


def game(fen: str, backs: dict[str, str] | None = None, **kw) -> Fanbing:
    return Fanbing.from_fen(fen, backs, **kw)


def targets(g: Fanbing, origin: str) -> list[str]:
    """Squares the piece on ``origin`` may legally move to, sorted."""
    return sorted(
        square_name(a.to_sq)
        for a in g.legal_actions()
        if isinstance(a, Move) and a.from_sq == sq(origin)
    )


def play(g: Fanbing, *texts: str) -> list:
    events: list = []
    for text in texts:
        events = g.push(parse_action(text))
    return events


def codes(events) -> list[str]:
    return [e.code for e in events]


# -- setups and seeds -----------------------------------------------------------


def test_registry_and_aliases():
    for name in ("fanbing", "third-gen", "番兵", "第三代象棋"):
        assert find_variant(name) is Fanbing
    assert Fanbing.hidden_information and not Fanbing.undo_allowed


def test_every_setup_number_round_trips():
    seen = {Setup.from_index(i).index for i in range(SETUPS)}
    assert seen == set(range(SETUPS)) and SETUPS == 3840


def test_seed_packs_both_setups():
    red = Setup((Kind.ADVISOR, Kind.CANNON, Kind.CHARIOT, Kind.HORSE, Kind.ELEPHANT), 5, 6, 8, 7, 7)
    black = Setup.random(random.Random(4))
    for salt in (0, 1, 2**40):
        assert setups_from_seed(seed_for(red, black, salt)) == (red, black)


def test_setup_places_every_back():
    setup = Setup(
        (Kind.ADVISOR, Kind.CANNON, Kind.CHARIOT, Kind.HORSE, Kind.ELEPHANT), 5, 6, 8, 7, 7
    )
    g = Fanbing.start({}, seed_for(setup, Setup()))
    backs = {square_name(s): b.value for s, b in enumerate(g.position.backs) if b and s < 45}
    assert backs == {
        "a3": "a", "c3": "c", "e3": "r", "g3": "n", "i3": "b",  # the pawns
        "d0": "m", "f0": "k",  # the king behind f0's advisor, the minister behind d0's
        "c0": "l", "g0": "u",  # camel on g, mule on c
        "a0": "f", "i0": "z",  # 助 on i, 辅 on a
        "b0": "o", "h0": "v",  # 妃 on h, 骉 on b
        "b2": "s", "h2": "t",  # 抛 on h, 石 on b
        "e0": "a",  # the king's back: an advisor
    }  # fmt: skip
    with pytest.raises(ValueError):
        Setup((Kind.ADVISOR,) * 5)
    with pytest.raises(ValueError):
        Setup(advisor=4)


def test_randomising_one_group_keeps_the_others():
    base = Setup()
    rng = random.Random(1)
    for group in ("pawns", "advisor", "elephant", "chariot", "horse", "cannon"):
        changed = base.randomised(group, rng)
        for other in ("pawns", "advisor", "elephant", "chariot", "horse", "cannon"):
            if other != group:
                assert getattr(changed, other) == getattr(base, other)


def test_options_and_handicaps():
    assert Fanbing.start({"easy-flips": "true"}).easy
    assert not Fanbing.start({}).easy
    with pytest.raises(ValueError):
        Fanbing.start({"easy-flips": "maybe"})
    with pytest.raises(ValueError):
        Fanbing.start({"handicap": "horse"})


def test_start_is_standard_xiangqi_with_no_flip():
    g = Fanbing.start({}, 12345)
    actions = g.legal_actions()
    assert len(actions) == 44 and all(isinstance(a, Move) for a in actions)


# -- F-1 pawn flips ----------------------------------------------------------------

# Kings apart (d0, f9) so that no file is open between them.
KINGS = "5k3/9/9/9/9/9/9/9/9/3K5"


def test_f1_valid_flip_on_the_corner_turns_a_pawn_into_a_chariot():
    g = game("P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "r"})
    assert Flip(sq("a9")) in g.legal_actions()
    events = play(g, "^a9")
    assert codes(events) == ["pawn_flipped", "check"]  # the new chariot checks along rank 9
    assert g.position.board[sq("a9")].kind is Kind.CHARIOT
    g.push(Move(sq("f9"), sq("f8")))
    assert "a0" in targets(g, "a9") and "e9" in targets(g, "a9")


@pytest.mark.parametrize(
    ("point", "back", "kind"),
    [("b9", "n", Kind.HORSE), ("c9", "b", Kind.ELEPHANT), ("d9", "a", Kind.ADVISOR)],
)
def test_f1_each_point_takes_its_own_back(point, back, kind):
    fen_row = {"b9": "1P2", "c9": "2P1", "d9": "3P"}[point]
    g = game(f"{fen_row}1k3/9/9/9/9/9/9/9/9/3K5 w", {point: back})
    play(g, "^" + point)
    assert g.position.board[sq(point)].kind is kind


def test_f1_centre_point_takes_the_cannon():
    g = game("3k1P3/9/9/9/9/9/9/9/9/5K3 w", {"f9": "c"})  # f9 is no centre: invalid
    play(g, "^f9")
    assert g.position.board[sq("f9")].kind is Kind.PAWN
    g = game("3kP4/9/9/9/9/9/9/9/9/5K3 w", {"e9": "c"})
    play(g, "^e9")
    assert g.position.board[sq("e9")].kind is Kind.CANNON


def test_f1_pawn_advisor_stays_in_the_enemy_palace():
    g = game(fen("Pd9 kf9 pi6 Kd0"), {"d9": "a"})
    play(g, "^d9", "i6i5")
    assert g.position.flags[sq("d9")] & PAWN_BORN
    assert targets(g, "d9") == ["e8"]
    play(g, "d9e8", "f9f8")  # the advisor on e8 checked the king on f9
    assert targets(g, "e8") == ["d7", "d9", "f7", "f9"]


def test_f1_pawn_elephant_never_crosses_back_over_the_river():
    g = game("2P2k3/9/9/9/9/9/9/9/9/3K5 w", {"c9": "b"})
    play(g, "^c9", "f9f8", "c9e7", "f8f9")
    assert targets(g, "e7") == ["c5", "c9", "g5", "g9"]
    play(g, "e7c5", "f9f8")
    assert targets(g, "c5") == ["a7", "e7"]  # not a3 nor e3


def test_f1_only_on_the_enemy_back_rank():
    g = game("5k3/P8/9/9/9/9/9/9/9/3K5 w", {"a8": "r"})
    assert not any(isinstance(a, Flip) for a in g.legal_actions())


# -- F-2 invalid flips -------------------------------------------------------------


def test_f2_invalid_flip_shows_the_back_and_forces_the_flip_back():
    g = game("P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "n"})
    events = play(g, "^a9")
    assert codes(events) == ["pawn_flip_invalid"] and events[0].audience is None
    assert g.view(None).board[sq("a9")].back == "马"
    assert g.view(BLACK).board[sq("a9")].back == "马"
    g.push(Move(sq("f9"), sq("f8")))
    assert g.legal_actions() == [Flip(sq("a9"))]
    with pytest.raises(IllegalAction) as info:
        g.parse("a9a8")
    assert info.value.params["reason"] == "must_flip_back"
    assert codes(play(g, "^a9")) == ["flipped_back"]
    assert g.position.board[sq("a9")].kind is Kind.PAWN
    assert g.position.flags[sq("a9")] & SHOWN  # stays public
    g.push(Move(sq("f8"), sq("f9")))
    assert "b9" in targets(g, "a9")


def test_f2_in_check_when_the_flip_back_is_due_loses():
    g = game("P2k5/9/9/9/9/9/9/9/4r4/5K3 w", {"a9": "n"})
    play(g, "^a9", "e1f1")  # Black's chariot checks the king on f0
    assert g.outcome().winner is BLACK and g.outcome().reason is Reason.CHECKMATE


# -- F-3 easy flips ----------------------------------------------------------------


def test_f3_easy_flips_are_valid_anywhere_on_the_back_rank():
    g = game("P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "a"}, options={"easy-flips": "true"})
    play(g, "^a9", "f9f8")
    assert g.position.board[sq("a9")].kind is Kind.ADVISOR
    assert targets(g, "a9") == ["b8"]  # one diagonal step anywhere on the enemy half
    play(g, "a9b8", "f8f9", "b8c7", "f9f8", "c7d6", "f8f9", "d6e5", "f9f8")
    assert targets(g, "e5") == ["d6", "f6"]  # never back over the river


def test_f3_without_the_option_a_corner_advisor_back_is_invalid():
    g = game("P4k3/9/9/9/9/9/9/9/9/3K5 w", {"a9": "a"})
    assert codes(play(g, "^a9")) == ["pawn_flip_invalid"]


# -- F-4 double flip -----------------------------------------------------------------

DOUBLE = "3k5/9/9/9/9/9/9/9/9/3AKA3 b"


def _in_check_with_advisors(king_back: str = "d0") -> Fanbing:
    """Red's king on e0 between its advisors; Black's chariot checks along the e-file."""
    other = "f0" if king_back == "d0" else "d0"
    g = game("4k4/9/9/8p/4r4/9/9/9/9/3AKA3 b", {king_back: "k", other: "m", "e0": "a"})
    play(g, "e5e4")
    return g


def test_f4_double_flip_swaps_king_and_named_advisor():
    g = _in_check_with_advisors("d0")
    assert g.in_check()
    assert Swap(sq("e0"), sq("d0")) in g.legal_actions()
    assert Swap(sq("e0"), sq("f0")) in g.legal_actions()  # offered: nobody else knows
    events = play(g, "e0~d0")
    assert codes(events) == ["double_flip"]
    assert g.position.board[sq("d0")].kind is Kind.KING
    assert g.position.board[sq("e0")].kind is Kind.ADVISOR
    assert g.view(BLACK).board[sq("e0")].back == "帅"  # public now
    assert g.view(BLACK).board[sq("f0")].back is None
    g.push(Move(sq("i6"), sq("i5")))
    assert "d1" in targets(g, "e0") and "f1" in targets(g, "e0")  # off-diagonal advisor


def test_f4_naming_the_wrong_advisor_loses_at_once():
    g = _in_check_with_advisors("d0")
    events = play(g, "e0~f0")
    assert codes(events) == ["double_flip_wrong"]
    assert g.outcome().winner is BLACK and g.outcome().reason is Reason.FOUL
    assert g.view(BLACK).board[sq("d0")].back == "帅"  # the end shows every back


def test_f4_no_double_flip_out_of_check_nor_twice_in_a_row_of_checks():
    g = game(fen("ke9 pe6 ra4 Ad0 Ke0 Af0", "b"), {"d0": "k", "f0": "m", "e0": "a"})
    play(g, "a4a3")
    assert not any(isinstance(a, Swap) for a in g.legal_actions())
    with pytest.raises(IllegalAction) as info:
        g.parse("双翻d0")
    assert info.value.params["reason"] == "double_flip_not_in_check"
    g = game("4k4/9/9/9/4r4/9/9/9/9/3AKA3 b", {"f0": "k", "d0": "m", "e0": "a"})
    play(g, "e5e4", "e0~f0")  # new king on f0; Black's chariot now hunts it
    play(g, "e4f4")
    assert g.in_check()
    assert not any(isinstance(a, Swap) for a in g.legal_actions())


def test_f4_the_new_king_may_not_stand_attacked():
    g = game("4k4/9/9/9/4r4/9/9/9/9/3AKAr2 b", {"d0": "k", "f0": "m", "e0": "a"})
    play(g, "e5e4")
    # f0's advisor is attacked by the chariot on g0: it may not become the king.
    assert Swap(sq("e0"), sq("f0")) not in g.legal_actions()
    assert Swap(sq("e0"), sq("d0")) in g.legal_actions()


# -- F-5 minister ---------------------------------------------------------------------


def test_f5_minister_flip_only_after_the_king_backed_advisor_is_gone():
    g = game("5k3/9/9/9/9/9/9/9/9/3AKA3 w", {"d0": "k", "f0": "m"})
    assert Flip(sq("f0")) not in g.legal_actions()
    g = game("5k3/9/9/9/9/9/9/9/9/4KA3 w", {"f0": "m"})
    assert Flip(sq("f0")) in g.legal_actions()
    play(g, "^f0")
    assert g.position.board[sq("f0")].kind is Kind.MINISTER


def test_f5_minister_moves_one_diagonal_step_anywhere_and_never_captures():
    g = game("5k3/9/9/9/9/9/9/9/6p2/4KM3 w")
    assert targets(g, "f0") == ["e1"]  # g1 holds an enemy pawn: no capture
    g = game("5k3/9/9/9/9/9/9/9/4M4/4K4 w")
    assert targets(g, "e1") == ["d0", "d2", "f0", "f2"]


def test_f5_minister_never_returns_to_its_palace_nor_over_the_river():
    g = game("5k3/9/9/9/9/9/9/6M2/9/4K4 w", flags={"g2": LEFT_PALACE})
    assert targets(g, "g2") == ["f3", "h1", "h3"]  # f1 is back in the palace
    g = game("5k3/9/9/9/3M5/9/9/9/9/4K4 w", flags={"d5": LEFT_PALACE | CROSSED})
    assert targets(g, "d5") == ["c6", "e6"]


def test_f5_minister_is_captured_only_under_two_attackers():
    one = game("5k3/9/9/9/9/r2M5/9/9/9/4K4 b")
    assert Move(sq("a4"), sq("d4")) not in one.legal_actions()
    two = game("5k3/9/9/9/3r5/r2M5/9/9/9/4K4 b")
    assert Move(sq("a4"), sq("d4")) in two.legal_actions()
    assert Move(sq("d5"), sq("d4")) in two.legal_actions()


def test_f5_minister_wins_on_the_enemy_kings_starting_point():
    g = game("3k5/5M3/9/9/9/9/9/9/9/4K4 w", flags={"f8": LEFT_PALACE | CROSSED})
    play(g, "f8e9")
    assert g.outcome().winner is RED and g.outcome().reason is Reason.MINISTER_HOME


# -- F-6 camel and mule -----------------------------------------------------------------


def test_f6_last_elephant_flips_into_its_back():
    g = game("5k3/9/9/9/9/9/9/9/9/2B1K1B2 w", {"c0": "u", "g0": "l"})
    assert not any(isinstance(a, Flip) for a in g.legal_actions())
    g = game("5k3/9/9/9/9/9/9/9/9/2B1K4 w", {"c0": "u"})
    play(g, "^c0")
    assert g.position.board[sq("c0")].kind is Kind.CAMEL


def test_f6_camel_leaps_two_and_three_blocked_on_the_first_diagonal():
    g = game("5k3/9/9/9/9/4U4/9/9/9/3K5 w")
    assert targets(g, "e4") == sorted(
        ["c1", "c7", "g1", "g7", "b2", "b6", "h2", "h6"]
    )  # not bound by the river
    g = game("5k3/9/9/9/5p3/4U4/9/9/9/3K5 w")  # f5 blocks the two leaps up-right
    assert "g7" not in targets(g, "e4") and "h6" not in targets(g, "e4")
    assert "c7" in targets(g, "e4")


def test_f6_camel_and_mule_capture_where_they_land():
    g = game(fen("kd9 pg7 pf7 Ue4 Kf0"))
    assert "g7" in targets(g, "e4")
    g = game(fen("kd9 pg7 pf7 Le4 Kf0"))
    assert "f7" in targets(g, "e4")
    g = game(fen("kd9 Pg7 Ue4 Kf0"))
    assert "g7" not in targets(g, "e4")  # never its own piece


def test_f6_mule_leaps_one_and_three_blocked_like_a_horse():
    g = game("5k3/9/9/9/9/4L4/9/9/9/3K5 w")
    assert targets(g, "e4") == sorted(["d1", "f1", "d7", "f7", "b3", "b5", "h3", "h5"])
    g = game("5k3/9/9/9/4p4/4L4/9/9/9/3K5 w")  # e5 blocks the long leaps up
    assert "d7" not in targets(g, "e4") and "f7" not in targets(g, "e4")
    assert "e5" not in targets(g, "e4")  # no single step: the mule only leaps
    assert "h5" in targets(g, "e4")


# -- F-7 chariot, horse and cannon backs ------------------------------------------------


def test_f7_last_piece_of_a_kind_flips_and_only_then():
    g = game("5k3/9/9/9/9/9/9/9/9/R2K4R w", {"a0": "z", "i0": "f"})
    assert not any(isinstance(a, Flip) for a in g.legal_actions())
    g = game("5k3/9/9/9/9/9/9/9/9/R2K5 w", {"a0": "z"})
    play(g, "^a0")
    assert g.position.board[sq("a0")].kind is Kind.ZHU


def test_f7_flips_are_not_allowed_in_check():
    g = game("3k5/9/9/9/9/9/9/9/9/R2K2r2 w", {"a0": "z"})
    assert g.in_check()
    assert not any(isinstance(a, Flip) for a in g.legal_actions())


def test_f7_zhu_moves_one_or_two_diagonally_without_jumping():
    g = game("5k3/9/9/9/9/4Z4/5p3/9/9/3K5 w")
    assert targets(g, "e4") == sorted(["d3", "c2", "d5", "c6", "f5", "g6", "f3"])
    # f3 holds an enemy pawn: captured, and nothing beyond it.


def test_f7_fu_is_a_chariot_along_ranks_and_a_cannon_along_files():
    g = game("5k3/9/4p4/9/4P4/1p2F1p2/9/9/4p4/3K5 w")
    assert targets(g, "e4") == sorted(["b4", "c4", "d4", "f4", "g4", "e3", "e2", "e7"])


def test_f7_fei_moves_like_a_knight_and_captures_over_a_piece():
    g = game("5k3/9/9/9/9/9/9/9/9/3K4V w")
    assert targets(g, "i0") == ["g1", "h2"]  # no leg to block it
    g = game("5k3/9/9/9/9/6p2/9/7P1/9/3K4V w")
    assert targets(g, "i0") == ["g1", "g4"]  # over h2 (its own pawn) onto g4's enemy
    g = game("5k3/9/9/9/9/9/9/6p2/9/3K4V w")
    assert "g2" not in targets(g, "i0")  # no plain knight capture: g2 lies beyond no piece


def test_f7_pao_moves_like_a_cannon_and_captures_over_a_diagonal_neighbour():
    g = game("5k3/9/9/9/9/9/6p2/5P3/9/3K1p2T w")
    # diagonal d up-left from i0 is h1 (empty): no capture that way.
    assert "g2" not in targets(g, "i0")
    g = game("5k3/9/9/9/9/9/9/6p2/7P1/3K4T w")
    assert "g2" in targets(g, "i0")  # over h1 (own pawn) onto g2
    assert "i9" in targets(g, "i0") and "h0" in targets(g, "i0")


def test_f7_shi_captures_across_exactly_one_empty_point():
    g = game("5k3/9/9/9/9/S1ppp1p1p/9/9/9/3K5 w")
    # a4: b4 empty (1), c4 enemy -> capture; d4, e4 enemies still one empty between;
    # f4 empty makes two: nothing beyond.
    assert [t for t in targets(g, "a4") if t[1] == "4"] == ["b4", "c4", "d4", "e4"]


def test_f7_shi_and_pao_give_check():
    g = game("9/9/9/4k4/9/4S4/9/9/9/3K5 b")
    assert g.in_check()
    g = game("9/9/9/9/4k4/3P5/2T6/9/9/3K5 b")
    assert g.in_check()


# Red's 骉 on e4 on an empty board; Black's pieces to move stand out of its way.
BIAO = fen("nb9 ad9 kf9 cb7 bc7 ra5 Oe4 pa1 Kd0")


@pytest.mark.parametrize(
    ("black_move", "expected"),
    [
        ("a1a0", ["e5"]),  # as Red's own pawn, on its own half: forward only
        ("f9f8", ["d4", "e3", "e5", "f4"]),  # as a king, one step, no palace
        ("d9e8", ["d3", "d5", "f3", "f5"]),  # as an advisor, no palace
        ("c7e5", ["c2", "c6", "g2", "g6"]),  # as an elephant, no river
        ("b9a7", ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]),  # as a horse
    ],
)
def test_f7_biao_moves_by_the_kind_the_opponent_moved_last(black_move, expected):
    g = game(BIAO)
    assert targets(g, "e4") == []  # before Black has moved a piece, 骉 cannot move
    play(g, "d0d1", black_move)
    assert targets(g, "e4") == sorted(expected)


@pytest.mark.parametrize("black_move", ["a5a6", "b7b8"])  # chariot, cannon
def test_f7_biao_slides_after_a_chariot_or_cannon(black_move):
    g = game(BIAO)
    play(g, "d0d1", black_move)
    got = targets(g, "e4")
    assert {"a4", "i4", "e0", "e9"} <= set(got)
    assert not {"d5", "f3"} & set(got)


@pytest.mark.parametrize(
    ("black", "black_move", "expected"),
    [
        ("ua9", "a9c6", ["b2", "b6", "c1", "c7", "g1", "g7", "h2", "h6"]),  # a camel's leaps
        ("ma7", "a7b6", ["d3", "d5", "f3", "f5"]),  # a minister's steps, never a capture
        ("la9", "a9b6", ["d7", "f1", "f7", "b3", "b5", "h3", "h5"]),  # d1: its own king
    ],
)
def test_f7_biao_moves_as_a_new_piece_too(black, black_move, expected):
    g = game(fen(f"kf9 {black} Oe4 Kd0"))
    play(g, "d0d1", black_move)
    assert targets(g, "e4") == sorted(expected)


def test_f7_biao_as_a_stone_slides_and_captures_over_one_empty_point():
    g = game(fen("kf9 sa9 pe6 Oe4 Kd0"))
    play(g, "d0d1", "a9a8")
    got = set(targets(g, "e4"))
    assert "e6" in got and "e7" not in got  # e5 is the one empty point before e6
    assert {"a4", "i4", "e0", "e5"} <= got


def test_f7_biao_may_not_capture_the_piece_that_just_moved():
    g = game("5k3/9/9/9/9/9/5n3/9/9/3K1O3 w")
    play(g, "d0d1", "f3g1")  # the horse lands where 骉 (as a horse) would take it
    assert targets(g, "f0") == ["e2", "g2", "h1"]


def test_f7_biao_uses_the_rule_the_opponents_biao_just_used():
    g = game(fen("kg9 ra3 Kd1 Of0 oh0", "b"))
    play(g, "a3a2", "f0f4")  # Black moved a chariot, so Red's 骉 moved as one
    assert {"h9", "g0", "c0"} <= set(targets(g, "h0"))  # Black's 骉 now moves as a chariot


def test_f7_biao_threat_makes_a_move_illegal():
    g = game(fen("kg9 ra3 Kd0 Of0 oh0", "b"))
    play(g, "a3a2")
    # Red's 骉 would move as a chariot and leave rank 0 open to Black's 骉, which
    # would then move as a chariot too: the king on d0 would stand attacked.
    assert Move(sq("f0"), sq("f4")) not in g.legal_actions()


# -- views ----------------------------------------------------------------------------


def test_views_show_backs_to_their_owner_only_until_the_end():
    g = Fanbing.start({}, seed_for(Setup(), Setup()))
    red, black, public = g.view(RED), g.view(BLACK), g.view(None)
    assert red.board[sq("e3")].back == "炮" and black.board[sq("e3")].back is None
    assert public.board[sq("e3")].back is None
    assert black.board[sq("d9")].back == "将" and red.board[sq("d9")].back is None
    assert red.board[sq("e0")].back is None  # the king's back (an advisor) is no secret
    g.end(Outcome(RED, Reason.RESIGNATION))
    assert g.view(None).board[sq("d9")].back == "将"


def test_game_over_refuses_everything():
    g = _in_check_with_advisors("d0")
    play(g, "e0~f0")
    assert g.legal_actions() == []
    with pytest.raises(GameOver):
        g.push(Move(sq("d9"), sq("d8")))


def test_perpetual_check_by_a_new_piece_loses():
    """S-4 with the new pieces as attackers: 辅 checks along the rank for ever."""
    g = game(fen("ke8 Fa8 Kd0", "b"))
    assert g.in_check()
    play(g, "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8")
    assert g.outcome() is None
    play(g, "a9a8")
    assert g.outcome() == Outcome(BLACK, Reason.PERPETUAL_CHECK)
