"""Jieqi 揭棋 by the document (J-1 to J-8, S-12): the ``jieqi`` variant."""

from __future__ import annotations

import copy

import pytest

import rules.variants.jieqi.game
from rules.actions import Move, Pass
from rules.errors import GameOver, IllegalAction
from rules.outcome import Reason
from rules.pieces import Color, Kind
from rules.position import Position
from rules.squares import parse_square, square_name
from rules.variant import Event, find_variant
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.game import Jieqi
from rules.variants.jieqi.moves import POINT_KINDS, START_POINTS
from rules.view import PieceView

RED, BLACK = Color.RED, Color.BLACK


def targets(game: Jieqi, origin: str) -> set[str]:
    """Squares the piece on ``origin`` may legally move to now."""
    sq = parse_square(origin)
    return {
        square_name(a.to_sq)
        for a in game.legal_actions()
        if isinstance(a, Move) and a.from_sq == sq
    }


def play(game: Jieqi, *texts: str) -> list[Event]:
    events = []
    for text in texts:
        events += game.push(game.parse(text))
    return events


# -- set-up (J-1) ----------------------------------------------------------------


def test_a_game_deep_copied_keeps_its_board_and_leaves_it_alone():
    """Compiled (setup.py), the board has no ``__dict__``: a deep copy (the
    reviews and puzzle checks make them) goes through its own hook."""
    game = Jieqi.start({}, seed=7)
    play(game, "+h2")
    board = copy.deepcopy(game).board
    assert (board.board, board.down, board.turn, board.rules) == (
        game.board.board,
        game.board.down,
        game.board.turn,
        game.board.rules,
    )
    board.board[0], board.down[0] = None, False
    assert game.board.board[0] is not None and game.board.down[0]


def test_registered_with_titles():
    assert find_variant("jieqi") is Jieqi
    assert find_variant("揭棋") is Jieqi
    assert Jieqi.hidden_information
    assert (Jieqi.title_en, Jieqi.title_zh) == ("Jieqi", "揭棋")
    assert rules.variants.jieqi.game.JieqiClassic.name == "jieqi-classic"


def test_start_all_face_down_on_own_points():
    game = Jieqi.start({}, seed=7)
    view = game.view(RED)
    for color in Color:
        points = START_POINTS[color]
        assert len(points) == 16
        for sq in points:
            assert view.board[sq] == PieceView(color, None)  # J-1: not even the owner knows
        kinds = sorted(game.initial[sq].kind.value for sq in points)
        assert kinds == sorted(POINT_KINDS[sq].value for sq in points)
        assert all(game.initial[sq].color is color for sq in points)
    assert sum(cell is not None for cell in view.board) == 32
    assert game.legal_actions() == [Reveal(sq) for sq in START_POINTS[RED]]


def test_same_seed_same_layout_and_seeds_differ():
    assert Jieqi.start({}, 5).initial == Jieqi.start({}, 5).initial
    assert len({Jieqi.start({}, s).initial for s in range(20)}) == 20


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        ("jieqi", "kpnnrppcb/9/1c5r1/a1b1p1a1p/9/9/R1P1B1B1C/1R5N1/9/APNCPPKAP w - - 0 1"),
        ("jieqi-classic", "pnnbkpprc/9/1p5b1/a1c1p1a1r/9/9/R1P1N1B1B/1C5N1/9/APPRKPAPC w - - 0 1"),
    ],
)
def test_a_seed_deals_the_same_layout_in_every_version(variant: str, fen: str):
    # Stored games replay from their seed: a change to the shuffle would change them.
    assert find_variant(variant).start({}, 7).start_fen == fen


def test_the_layout_is_recorded_as_a_fen():
    game = Jieqi.start({}, 5)
    assert Position.from_fen(game.start_fen).board == list(game.initial)


def test_handicap_refused():
    with pytest.raises(ValueError):
        Jieqi.start({"handicap": "horse"}, 1)
    Jieqi.start({"handicap": "none", "time": "10m"}, 1)


# -- reveal and move (J-2, J-3) ------------------------------------------------------


def test_reveal_is_a_turn():
    game = Jieqi.start({}, 3)
    kind = game.initial[parse_square("e3")].kind
    events = game.push(Reveal(parse_square("e3")))
    assert events[0].code == "revealed"
    assert events[0].params == {"side": "r", "square": "e3", "kind": kind.value}
    assert events[0].audience is None
    assert game.turn is BLACK and game.ply == 1 and game.actions == [Reveal(parse_square("e3"))]
    view = game.view(None)
    assert view.board[parse_square("e3")] == PieceView(RED, kind)
    assert view.last_move == (parse_square("e3"), parse_square("e3"))
    assert Reveal(parse_square("e6")) in game.legal_actions()
    assert game.legal_actions(RED) == []


def test_parse_reveal_forms_and_notation():
    game = Jieqi.start({}, 3)
    e3 = Reveal(parse_square("e3"))
    for text in ("+e3", "reveal e3", "Reveal E3", "翻 e3", "翻e3", "揭 e3", "＋ｅ３"):
        assert game.parse(text) == e3
    assert game.notate(e3) == "+e3"
    assert game.notate(e3, "wxf") == "+e3"
    assert game.notate(e3, "chinese") == "翻e3"
    with pytest.raises(IllegalAction, match="no face-down piece of yours"):
        game.parse("+e6")
    with pytest.raises(IllegalAction, match="J-7"):
        game.parse("pass")


def test_face_down_pieces_never_move_and_the_refusal_tells_nothing():
    messages = set()
    for seed in range(12):
        game = Jieqi.start({}, seed)
        with pytest.raises(IllegalAction) as info:
            game.parse("e3e4")
        messages.add(str(info.value))
        with pytest.raises(IllegalAction):
            game.push(Move.from_iccs("a0a1"))
    assert messages == {"e3e4: face-down pieces do not move; reveal it first (J-3)"}


def test_revealed_piece_moves_by_its_kind():
    game = Jieqi.from_pieces({"e0": "K?", "b2": "C", "b7": "n?", "e9": "k?", "a3": "P"})
    assert targets(game, "a3") == {"a4"}
    assert targets(game, "b2") == {"b3", "b4", "b5", "b6", "b1", "b0", "a2"} | {
        f"{f}2" for f in "cdefghi"
    }
    assert "b7" not in targets(game, "b2") and "b9" not in targets(game, "b2")  # no screen


def test_face_down_pieces_screen_cannons_for_both_sides():
    # Own face-down screen.
    game = Jieqi.from_pieces({"b2": "C", "b4": "P?", "b7": "n?", "e0": "K?", "e9": "k?"})
    assert "b7" in targets(game, "b2")
    # Enemy face-down screen.
    game = Jieqi.from_pieces({"b2": "C", "b5": "p?", "b7": "n?", "e0": "K?", "e9": "k?"})
    assert "b7" in targets(game, "b2") and "b5" not in targets(game, "b2")
    # A Black cannon screened by a Red face-down piece.
    game = Jieqi.from_pieces({"b7": "c", "b4": "P?", "b2": "N?", "e0": "K?", "e9": "k?"}, BLACK)
    assert "b2" in targets(game, "b7")


def test_face_down_pieces_block_chariots_horse_legs_and_elephant_eyes():
    game = Jieqi.from_pieces(
        {"a0": "R", "a3": "p?", "c0": "B", "d1": "P?", "h0": "N", "h1": "P?", "e0": "K?"}
        | {"e9": "k?"}
    )
    assert targets(game, "a0") == {"a1", "a2", "a3", "b0"}  # takes the face-down piece, no further
    assert targets(game, "c0") == {"a2"}  # eye d1 blocked by a face-down piece
    assert targets(game, "h0") == {"f1"}  # leg h1 blocked by a face-down piece


def test_capture_of_a_face_down_piece_reveals_it_to_everyone():
    game = Jieqi.from_pieces({"a0": "R", "a6": "n?", "e0": "K", "e9": "k?", "i9": "r?"})
    events = play(game, "a0a6")
    assert [e.code for e in events] == ["move", "capture"]
    assert events[1].params == {"side": "b", "kind": "n"} and events[1].audience is None
    for viewer in (None, RED, BLACK):
        assert game.view(viewer).captured == ((), (PieceView(BLACK, Kind.HORSE),))
    assert game.quiet_plies == 0


def test_capturing_a_face_down_king_wins_at_once():
    game = Jieqi.from_pieces({"e1": "K", "e4": "R", "e9": "k?", "d9": "r?", "a6": "p?"})
    events = play(game, "e4e9")
    assert events[1].params["kind"] == "k"
    assert game.outcome().reason is Reason.KING_CAPTURED and game.outcome().winner is RED
    assert game.legal_actions() == []
    with pytest.raises(GameOver):
        game.push(Reveal(parse_square("d9")))
    # The final image shows everything.
    assert game.view(None).board[parse_square("d9")] == PieceView(BLACK, Kind.CHARIOT)


# -- J-5 kings and advisors outside the palace ----------------------------------------


def test_king_outside_the_palace_steps_anywhere_on_its_half():
    game = Jieqi.from_pieces({"a3": "K", "c4": "A", "e9": "k?", "i9": "r?"})
    assert targets(game, "a3") == {"a2", "a4", "b3"}
    game = Jieqi.from_pieces({"c4": "K", "e9": "k?", "i9": "r?"})
    assert targets(game, "c4") == {"b4", "d4", "c3"}  # never across the river
    game = Jieqi.from_pieces({"c2": "K", "e9": "k?", "i9": "r?"})
    assert targets(game, "c2") == {"b2", "c1", "c3", "d2"}  # d2 is in the palace


def test_king_once_inside_the_palace_stays_inside():
    game = Jieqi.from_pieces({"c2": "K", "e9": "k?", "i9": "r?", "a6": "p?"})
    play(game, "c2d2", "+a6")
    assert targets(game, "d2") == {"d1", "e2"}
    game = Jieqi.from_pieces({"d0": "K", "e9": "k?", "i9": "r?"})
    assert targets(game, "d0") == {"e0", "d1"}


def test_advisor_outside_the_palace_and_confined_once_inside():
    game = Jieqi.from_pieces({"a3": "A", "c4": "A", "d0": "A", "e0": "K?", "e9": "k?"})
    assert targets(game, "a3") == {"b2", "b4"}
    assert targets(game, "c4") == {"b3", "d3"}  # own half only
    assert targets(game, "d0") == {"e1"}  # inside: the palace only (c1 refused)
    game = Jieqi.from_pieces({"c3": "A", "e0": "K?", "e9": "k?", "a6": "p?"})
    assert targets(game, "c3") == {"b2", "d2", "b4", "d4"}
    play(game, "c3d2", "+a6")
    assert targets(game, "d2") == {"e1"}


def test_elephants_keep_the_standard_rule():
    game = Jieqi.from_pieces({"a3": "B", "e4": "B", "f3": "P?", "e0": "K?", "e9": "k?"})
    assert targets(game, "a3") == {"c1"}  # c5 lies across the river
    assert targets(game, "e4") == {"c2"}  # eye f3 blocked; g6/c6 across the river


# -- J-6 check only for revealed kings -----------------------------------------------


def test_a_face_down_king_is_never_in_check():
    game = Jieqi.from_pieces({"e0": "K?", "e4": "R", "e9": "k?", "a9": "r?", "a3": "P?"}, BLACK)
    assert not game.in_check()
    assert game.view(None).check is None
    assert len(game.legal_actions()) == 2  # both reveals, unrestricted
    play(game, "+a9")
    assert "e9" in targets(game, "e4")


def test_self_exposure_only_for_revealed_kings():
    pieces = {"e1": "K", "e4": "R", "e8": "r", "a9": "k?", "a3": "P?"}
    game = Jieqi.from_pieces(pieces)
    assert targets(game, "e4") == {"e2", "e3", "e5", "e6", "e7", "e8"}  # pinned on the file
    pieces["e1"] = "K?"
    game = Jieqi.from_pieces(pieces)
    assert "d4" in targets(game, "e4")  # a face-down king is not exposed


def test_facing_kings_only_when_both_are_revealed():
    facing = {"e1": "K", "e4": "C", "e8": "k", "a3": "P?"}
    game = Jieqi.from_pieces(facing)
    assert targets(game, "e4") == {"e2", "e3", "e5", "e6", "e7"}  # the only screen stays
    with pytest.raises(IllegalAction, match="leave your king in check"):
        game.parse("e4a4")
    game = Jieqi.from_pieces({**facing, "e8": "k?"})
    assert game.parse("e4a4") == Move.from_iccs("e4a4")


def test_check_event_and_view():
    game = Jieqi.from_pieces({"e0": "K", "a1": "r", "h9": "k", "h4": "P?"}, BLACK)
    events = play(game, "a1a0")
    assert events[-1].code == "check"
    assert game.in_check() and game.view(None).check == parse_square("e0")


def test_reveal_does_not_answer_check_and_mate_with_face_down_pieces_loses():
    game = Jieqi.from_pieces(
        {"d0": "K", "a3": "P?", "i3": "P?", "e8": "r", "a8": "r", "f9": "k"}, BLACK
    )
    play(game, "a8d8")
    assert game.in_check()
    assert game.outcome().reason is Reason.CHECKMATE and game.outcome().winner is BLACK
    game = Jieqi.from_pieces({"d0": "K", "a3": "P?", "a0": "r", "f9": "k"})
    assert game.in_check() and game.legal_actions() == [Move.from_iccs("d0d1")]
    with pytest.raises(IllegalAction, match="a reveal does not answer it"):
        game.parse("+a3")


def test_revealing_a_king_into_an_attack_is_legal_and_loses_it():
    game = Jieqi.from_pieces({"e3": "K?", "e0": "A?", "e7": "r", "d9": "k", "a3": "P?"})
    play(game, "+e3")  # it is the king, on the open file of the black chariot
    play(game, "e7e3")
    assert game.outcome().reason is Reason.KING_CAPTURED and game.outcome().winner is BLACK


def test_revealing_a_king_into_facing_kings_checks_the_opponent():
    game = Jieqi.from_pieces({"e3": "K?", "a3": "P?", "e8": "k", "a6": "p", "b9": "r"})
    events = play(game, "+e3")
    assert events[-1].code == "check"
    assert game.in_check() and game.view(None).check == parse_square("e8")
    # Black must end it: only the king stepping off the file does (J-6).
    assert set(game.legal_actions()) == {Move.from_iccs("e8d8"), Move.from_iccs("e8f8")}


# -- J-7 pass ------------------------------------------------------------------------

# Each king's escapes are covered by an enemy pawn that has nowhere to go; the
# elephants stand on the far half, where they cannot move (not reachable in
# play, but a plain test of J-7).
FROZEN = {
    "i0": "K", "h0": "b", "g1": "b", "i1": "b", "h1": "p",
    "a9": "k", "b9": "B", "a8": "B", "c8": "B", "b8": "P",
}  # fmt: skip


def test_pass_only_when_nothing_to_move_or_reveal():
    game = Jieqi.from_pieces(FROZEN)
    assert not game.in_check()
    assert game.legal_actions() == [Pass()]
    assert game.parse("pass") == Pass()
    assert game.notate(Pass(), "chinese") == "停一手"
    with pytest.raises(IllegalAction, match="must pass"):
        game.push(Move.from_iccs("i0h0"))


def test_double_pass_draws():
    game = Jieqi.from_pieces(FROZEN)
    events = game.push(Pass())
    assert [(e.code, e.params) for e in events] == [("pass", {"side": "r"})]
    assert game.outcome() is None and game.legal_actions() == [Pass()]
    assert game.view(None).last_move is None
    game.push(Pass())
    assert game.outcome().reason is Reason.DOUBLE_PASS and game.outcome().winner is None


def test_one_pass_then_play_goes_on():
    pieces = dict(FROZEN, a7="r")
    game = Jieqi.from_pieces(pieces)
    game.push(Pass())
    assert Move.from_iccs("a7a6") in game.legal_actions()
    game.push(Move.from_iccs("a7a6"))
    assert game.legal_actions() == [Pass()]
    game.push(Pass())
    assert game.outcome() is None  # the passes were not in a row


# -- J-8 and S-12 draws ---------------------------------------------------------------


def test_threefold_repetition_draws_even_with_perpetual_check():
    game = Jieqi.from_pieces({"d0": "K", "a1": "R", "f9": "k"})
    cycle = ["f9f8", "a9a8", "f8f9", "a8a9"]
    for text in ["a1a9", *cycle, *cycle]:
        assert game.outcome() is None
        events = play(game, text)
        if game.turn is BLACK and game.outcome() is None:
            assert events[-1].code == "check"
    # The third time with Black to move after a9: a draw, not a loss for Red (J-8).
    assert game.outcome().reason is Reason.REPETITION and game.outcome().winner is None


def test_repetition_counts_the_third_occurrence():
    game = Jieqi.from_pieces({"d0": "K", "a1": "R", "f9": "k", "i9": "r", "a6": "p?"})
    cycle = ["a1a2", "i9i8", "a2a1", "i8i9"]
    play(game, *cycle)  # the start position, second time
    assert game.outcome() is None
    play(game, *cycle[:3])
    assert game.outcome() is None
    play(game, cycle[3])  # third time
    assert game.outcome().reason is Reason.REPETITION and game.outcome().winner is None


def test_no_attackers_left_draws_only_when_all_is_revealed():
    game = Jieqi.from_pieces({"d0": "K", "a1": "R", "a9": "n", "f9": "k", "d9": "a"})
    play(game, "a1a9")
    assert game.outcome() is None  # Red still has its chariot
    game = Jieqi.from_pieces({"d0": "K", "e1": "A", "d1": "p", "f9": "k", "d9": "a"})
    play(game, "d0d1")  # the king takes the last pawn
    assert game.outcome().reason is Reason.INSUFFICIENT_MATERIAL
    game = Jieqi.from_pieces({"d0": "K", "e1": "A", "d1": "p", "f9": "k", "e7": "b?"})
    play(game, "d0d1")
    assert game.outcome() is None  # a face-down piece is left: it may be a chariot


def test_120_plies_without_capture_draw():
    pieces = {"e0": "K", "e9": "k", "a1": "R", "b8": "r"}
    pieces |= {f"{f}3": "P?" for f in "abcdefghi"} | {f"{f}6": "p?" for f in "abcdefghi"}
    game = Jieqi.from_pieces(pieces)
    # Each chariot runs round a loop of distinct points, 18 and 16 long: no
    # position comes back within 144 moves each.
    red = [f"{f}1" for f in "abcdefghi"] + [f"{f}2" for f in "ihgfedcba"]
    black = [f"{f}8" for f in "bcdefghi"] + [f"{f}7" for f in "ihgfedcb"]
    for ply in range(120):
        assert game.outcome() is None, ply
        line, i = (red, ply // 2) if ply % 2 == 0 else (black, ply // 2)
        game.push(Move(parse_square(line[i % len(line)]), parse_square(line[(i + 1) % len(line)])))
    assert game.outcome().reason is Reason.NO_CAPTURE
