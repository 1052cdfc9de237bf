"""Jieqi as most sites play it (J-9): the ``jieqi-classic`` variant."""

from __future__ import annotations

import pytest

from rules.actions import Move
from rules.errors import IllegalAction
from rules.pieces import Color, Kind
from rules.position import Position
from rules.squares import parse_square, square_name
from rules.variant import find_variant
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.game import JieqiClassic
from rules.variants.jieqi.moves import POINT_KINDS, START_POINTS
from rules.view import PieceView

RED, BLACK = Color.RED, Color.BLACK


def targets(game: JieqiClassic, origin: str) -> set[str]:
    sq = parse_square(origin)
    return {square_name(a.to_sq) for a in game.legal_actions() if a.from_sq == sq}


def seed_where(**wanted: Kind) -> int:
    """The first seed whose layout has the wanted kinds on the named points."""
    return next(
        seed
        for seed in range(500)
        if all(
            JieqiClassic.start({}, seed).initial[parse_square(name)].kind is kind
            for name, kind in wanted.items()
        )
    )


def test_registered_with_titles():
    assert find_variant("jieqi-classic") is JieqiClassic
    assert JieqiClassic.hidden_information
    assert (JieqiClassic.title_en, JieqiClassic.title_zh) == ("Jieqi (classic)", "揭棋（经典）")


def test_start_kings_face_up_the_rest_face_down():
    game = JieqiClassic.start({}, 11)
    view = game.view(None)
    assert view.board[parse_square("e0")] == PieceView(RED, Kind.KING)
    assert view.board[parse_square("e9")] == PieceView(BLACK, Kind.KING)
    for color in Color:
        points = [sq for sq in START_POINTS[color] if POINT_KINDS[sq] is not Kind.KING]
        assert all(view.board[sq] == PieceView(color, None) for sq in points)
        assert sorted(game.initial[sq].kind.value for sq in points) == sorted(
            POINT_KINDS[sq].value for sq in points
        )


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_44_legal_moves_at_the_start_as_in_standard_xiangqi(seed):
    game = JieqiClassic.start({}, seed)
    actions = game.legal_actions()
    assert len(actions) == 44
    assert set(actions) == set(Position.start().legal_moves())
    assert not any(isinstance(a, Reveal) for a in actions)


def test_face_down_pieces_move_as_the_piece_of_their_point():
    game = JieqiClassic.start({}, 4)
    assert targets(game, "e3") == {"e4"}  # a pawn that has not crossed
    assert targets(game, "d0") == {"e1"}  # an advisor in its palace
    assert targets(game, "c0") == {"a2", "e2"}  # an elephant on its own half
    assert targets(game, "b0") == {"a2", "c2"}  # a horse
    assert "h9" in targets(game, "h2")  # a cannon, screened by h7
    assert targets(game, "e0") == {"e1"}


def test_no_reveal_action():
    game = JieqiClassic.start({}, 4)
    with pytest.raises(IllegalAction, match="no reveal action"):
        game.parse("+e3")
    with pytest.raises(IllegalAction, match="moves as a horse"):
        game.parse("b0b3")


def test_revealed_by_its_first_move_then_moves_as_what_it_is():
    seed = seed_where(b0=Kind.CHARIOT)
    game = JieqiClassic.start({}, seed)
    events = game.push(game.parse("b0c2"))
    assert [(e.code, e.params, e.audience) for e in events] == [
        ("move", {"move": "b0c2"}, None),
        ("revealed", {"side": "r", "square": "c2", "kind": "r"}, None),
    ]
    assert game.view(BLACK).board[parse_square("c2")] == PieceView(RED, Kind.CHARIOT)
    game.push(game.parse("a9a8"))
    assert targets(game, "c2") == {"c1", "d2", "e2", "f2", "g2"}  # now a chariot


def test_revealed_advisor_and_elephant_cross_the_river():
    game = JieqiClassic.from_pieces(
        {"e0": "K", "d9": "k", "e4": "A", "c4": "B", "d5": "p", "a3": "P?"}
    )
    assert targets(game, "e4") == {"d3", "f3", "d5", "f5"}  # d5: a capture across the river
    assert targets(game, "c4") == {"a2", "e2", "a6"}  # e6's eye d5 is blocked
    game = JieqiClassic.from_pieces({"e0": "K", "d9": "k", "f5": "B", "a3": "P?"})
    assert targets(game, "f5") == {"d3", "h3", "d7", "h7"}


def test_kings_face_and_check_normally():
    game = JieqiClassic.from_pieces({"e0": "K", "e4": "C", "e9": "k", "a3": "P?"})
    assert targets(game, "e4") == {f"e{r}" for r in (1, 2, 3, 5, 6, 7, 8)}
    game = JieqiClassic.from_pieces({"e0": "K", "a1": "r", "d9": "k", "a3": "P?"}, BLACK)
    game.push(Move.from_iccs("a1a0"))
    assert game.in_check() and game.view(RED).check == parse_square("e0")


def test_only_the_capturer_learns_a_captured_face_down_piece():
    seed = seed_where(h9=Kind.PAWN)
    game = JieqiClassic.start({}, seed)
    red_kind = game.initial[parse_square("h2")].kind
    events = game.push(game.parse("h2h9"))  # the cannon-point piece takes h9 over h7
    assert [(e.code, e.params, e.audience) for e in events] == [
        ("move", {"move": "h2h9"}, None),
        ("capture_hidden", {"side": "b"}, None),
        ("capture_learned", {"side": "b", "kind": "p"}, RED),
        ("revealed", {"side": "r", "square": "h9", "kind": red_kind.value}, None),
    ]
    assert game.view(RED).captured == ((), (PieceView(BLACK, Kind.PAWN, learned=True),))
    assert game.view(None).captured == ((), (PieceView(BLACK, None),))
    assert game.view(BLACK).captured == ((), (PieceView(BLACK, None),))  # not the victim


def test_a_captured_identity_changes_no_public_view():
    games = [
        JieqiClassic.start({}, seed_where(h2=Kind.CANNON, h9=kind))
        for kind in (Kind.PAWN, Kind.CHARIOT)
    ]
    public = []
    for game in games:
        events = game.push(game.parse("h2h9"))
        public.append([e for e in events if e.audience is None])
    assert public[0] == public[1]
    assert games[0].view(None) == games[1].view(None)
    assert games[0].view(BLACK) == games[1].view(BLACK)
    assert games[0].view(RED) != games[1].view(RED)
    assert games[0].legal_actions() == games[1].legal_actions()


def test_notation_sees_face_down_pieces_as_their_points():
    game = JieqiClassic.start({}, 8)
    assert game.notate(Move.from_iccs("b0c2"), "chinese") == "马八进七"
    assert game.notate(Move.from_iccs("b0c2"), "wxf") == "H8+7"
    assert game.notate(Move.from_iccs("b0c2")) == "b0c2"
    assert game.parse("炮二平五") == Move.from_iccs("h2e2")
    assert game.parse("H2+3") == Move.from_iccs("h0g2")
    assert game.parse("h2-e2") == Move.from_iccs("h2e2")
