"""Successor xiangqi 后继象棋 (H-1 to H-9): one scenario per ruling, from positions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Color, GameOver, IllegalAction, Kind, Move, Reason, RulesError, find_variant
from rules.actions import Swap, parse_action
from rules.match import Match
from rules.squares import parse_square
from rules.variants.houji.actions import CallFoul
from rules.variants.houji.game import Houji
from rules.variants.houji.moves import HoujiPosition

RED, BLACK = Color.RED, Color.BLACK


def sq(name: str) -> int:
    return parse_square(name)


def at(fen: str) -> Houji:
    return Houji.start({"fen": fen})


def targets(game: Houji, origin: str) -> set[str]:
    return {
        m.text[2:] for m in game.legal_actions() if isinstance(m, Move) and m.from_sq == sq(origin)
    }


def play(game: Houji, *texts: str) -> list:
    events: list = []
    for text in texts:
        assert game.outcome() is None, f"ended before {text}: {game.outcome()}"
        events = game.push(parse_action(text))
    return events


def test_registry_and_start():
    for name in ("houji", "successor", "后继", "Successor"):
        assert find_variant(name) is Houji
    game = Houji.start()
    assert game.position.board[sq("e1")].kind is Kind.QUEEN
    assert game.position.board[sq("e8")].kind is Kind.QUEEN
    # 44 standard moves less the three onto e1 (the queen's point), 11 queen
    # moves, 3 swaps (the king and both advisors).
    assert len(game.legal_actions()) == 41 + 11 + 3


def test_h1_queen_moves_like_a_chess_queen_on_its_own_half():
    game = Houji.start()
    assert targets(game, "e1") == {"e2", "d1", "c1", "b1", "a1", "f1", "g1", "h1", "i1", "d2", "f2"}
    # H-1 river limit: along an open file and diagonals it stops at rank 4.
    game = at("3k5/9/9/9/9/4Q4/9/9/9/5K3 w")
    reach = targets(game, "e4")
    assert "e3" in reach and "a0" in reach and "i4" in reach
    assert all(int(name[1]) <= 4 for name in reach)
    assert not {"e5", "d5", "f5"} & reach
    # It captures on its own half, and never jumps.
    game = at("3k5/9/9/9/9/2p1Q4/9/4r4/9/5K3 w")
    assert {"c4", "e2"} <= targets(game, "e4")
    assert "b4" not in targets(game, "e4") and "e1" not in targets(game, "e4")


def test_h3_queen_takes_facing_queen_across_the_river_and_wins():
    game = at("3k5/9/4q4/9/9/9/4Q4/9/9/5K3 w")
    assert "e7" in targets(game, "e3")
    play(game, "e3e7")
    assert game.outcome().winner is RED and game.outcome().reason is Reason.QUEEN_CAPTURED
    # Diagonally too; a piece between blocks it.
    assert "f6" in targets(at("3k5/9/9/5q3/9/9/2Q6/9/9/5K3 w"), "c3")
    assert "f6" not in targets(at("3k5/9/9/5q3/4p4/9/2Q6/9/9/5K3 w"), "c3")
    # Moving into the facing line is legal, and the other queen then takes.
    game = at("3k5/9/4q4/9/9/9/3Q5/9/9/5K3 w")
    play(game, "d3e3", "e7e3")
    assert game.outcome().winner is BLACK and game.outcome().reason is Reason.QUEEN_CAPTURED


def test_h3_capturing_the_queen_with_any_piece_wins():
    game = at("3k5/4q4/9/9/9/9/9/9/9/4RK3 w")
    play(game, "e0e8")
    assert (game.outcome().winner, game.outcome().reason) == (RED, Reason.QUEEN_CAPTURED)


def test_h4_flying_capture_of_the_king_on_a_file_only():
    game = at("4k4/9/9/9/9/9/9/4Q4/9/5K3 w")
    assert "e9" in targets(game, "e2")
    events = play(game, "e2e9")
    assert game.outcome().winner is RED and game.outcome().reason is Reason.KING_CAPTURED
    assert "check" not in [e.code for e in events]
    # Not along a diagonal across the river.
    assert "f9" not in targets(at("5k3/9/9/9/9/Q8/9/9/9/3K5 w"), "a4")
    # Not through a piece.
    assert "e9" not in targets(at("4k4/9/4p4/9/9/9/9/4Q4/9/5K3 w"), "e2")


def test_h5_a_queen_never_checks_and_a_king_may_stay_exposed_to_it():
    game = at("4k4/9/9/9/9/9/9/3Q5/9/5K3 w")
    events = play(game, "d2e2")  # the queen now sees the king on an open file
    assert "check" not in [e.code for e in events]
    assert game.view(None).check is None and game.view(BLACK).check is None
    # Black may ignore it: a king move staying on the file is legal (f9 would face the king).
    assert targets(game, "e9") == {"d9", "e8"}
    play(game, "e9e8")  # stays exposed: legal (H-5)
    assert game.outcome() is None
    play(game, "e2e8")
    assert game.outcome().reason is Reason.KING_CAPTURED


def test_h5_a_king_left_to_a_chariot_stays_illegal():
    game = at("4k4/9/9/9/9/9/9/3R5/9/5K3 w")
    play(game, "d2e2")
    assert game.view(None).check == sq("e9")
    assert targets(game, "e9") == {"d9"}  # e8 stays in check, f9 faces the king
    with pytest.raises(IllegalAction):
        game.push(Move.from_iccs("e9e8"))


def test_h5_queen_moves_are_never_illegal_for_exposing_ones_own_king_to_a_queen():
    # Red's king walks onto the file the black queen watches: legal.
    game = at("3k5/9/9/9/4q4/9/9/9/9/3K5 w")
    assert "e0" in targets(game, "d0")


def test_h5_no_mate_by_a_queen():
    # Three chariots take every point of Black's king: mate (S-3).
    game = at("4k4/9/9/9/9/9/9/R8/3R1R3/3K5 w")
    game.push(Move.from_iccs("a2e2"))
    assert (game.outcome().winner, game.outcome().reason) == (RED, Reason.CHECKMATE)
    # Three queens on the same points: no check, no mate, every king move legal.
    game = at("4k4/9/9/9/9/9/9/Q8/3Q1Q3/3K5 w")
    events = game.push(Move.from_iccs("a2e2"))
    assert game.outcome() is None and "check" not in [e.code for e in events]
    assert targets(game, "e9") == {"d9", "f9", "e8"}


def test_h5_queen_attacks_do_not_count_for_perpetual_check():
    cycle = ["d2e2", "e9d9", "e2d2", "d9e9"] * 2
    game = at("4k4/9/9/9/9/9/9/3Q5/9/5K3 w")
    play(game, *cycle)
    assert (game.outcome().winner, game.outcome().reason) == (None, Reason.REPETITION)
    # The same shuffle by a chariot is perpetual check (S-4): Red loses.
    game = at("4k4/9/9/9/9/9/9/3R5/9/5K3 w")
    play(game, *cycle)
    assert (game.outcome().winner, game.outcome().reason) == (BLACK, Reason.PERPETUAL_CHECK)


def test_h5_chasing_a_queen_or_with_a_queen_is_no_perpetual_chase():
    # A chariot hounds Black's queen up and down: neither side loses (S-4 without queens).
    game = at("3k5/9/4q4/R8/9/9/9/9/9/5K3 w")
    play(game, *["a6a7", "e7e6", "a7a6", "e6e7"] * 2)
    assert (game.outcome().winner, game.outcome().reason) == (None, Reason.REPETITION)


def test_h2_diamond_lines():
    # Advisor on the back rank: sideways inside the palace, without capturing.
    game = at("3k5/9/9/p8/9/9/9/9/5K3/3A5 w")
    assert targets(game, "d0") == {"e1", "e0"}
    assert "e0" not in targets(at("3k5/9/9/9/9/9/9/9/5K3/3Ar4 w"), "d0")
    # On the diamond's corner e0: along the diamond's sides to d1 and f1, sideways d0 f0.
    game = at("3k5/9/9/p8/9/9/9/9/5K3/4A4 w")
    assert targets(game, "e0") == {"d1", "d0", "f0"}  # f1 is the own king's point
    # From d1: e0 and e2, capturing on the diamond.
    game = at("3k5/9/9/9/9/9/9/4r4/3A1K3/9 w")
    assert targets(game, "d1") == {"e0", "e2"}
    play(game, "d1e2")
    assert game.position.board[sq("e2")].kind is Kind.ADVISOR
    # A diamond capture is an attack like any other: the chariot may not go to e0.
    game = at("3k5/9/9/9/9/9/9/9/3A1K3/4r4 b")
    assert game.position.is_attacked(sq("e2"), RED) and game.position.is_attacked(sq("e0"), RED)
    # Off the back rank there is no sideways step.
    assert "e2" not in targets(at("3k5/9/9/p8/9/9/9/3A5/5K3/9 w"), "d2")
    # Black's diamond is e9-d8-e7-f8.
    game = at("4a4/3k5/9/9/9/9/P8/9/9/5K3 b")
    assert targets(game, "e9") == {"f8", "d9", "f9"}


def test_h7_king_and_advisor_swaps():
    game = Houji.start()
    swaps = {a.text for a in game.legal_actions() if isinstance(a, Swap)}
    assert swaps == {"e0~e1", "d0~e1", "f0~e1"}
    play(game, "e0~e1")
    assert game.position.board[sq("e1")].kind is Kind.KING
    assert game.position.board[sq("e0")].kind is Kind.QUEEN
    assert game.turn is BLACK
    play(game, "d9~e8")
    assert game.position.board[sq("e8")].kind is Kind.ADVISOR
    assert game.position.board[sq("d9")].kind is Kind.QUEEN
    # No swap once the queen has left the centre.
    assert not any(isinstance(a, Swap) for a in game.legal_actions())


def test_h7_no_king_swap_in_check_nor_into_check():
    game = at("3k5/9/9/9/9/9/9/9/4Q4/r3K4 w")  # a chariot checks along rank 0
    swaps = {a.text for a in game.legal_actions() if isinstance(a, Swap)}
    assert swaps == set()
    with pytest.raises(IllegalAction):
        game.push(Swap(sq("e0"), sq("e1")))
    game = at("3k5/9/9/9/9/9/9/9/r3Q4/4K4 w")  # e1 is watched by a chariot
    assert not any(isinstance(a, Swap) for a in game.legal_actions())
    game = at("3k5/9/9/9/9/9/9/3A5/4Q4/4K4 w")
    assert {a.text for a in game.legal_actions() if isinstance(a, Swap)} == {"e0~e1", "d2~e1"}


def pinned_game() -> Houji:
    # Red's queen on a3 watches Black's elephant on c5 along a3-b4-c5.
    return at("3k5/9/9/9/2b6/9/Q8/9/9/5K3 b")


def test_h6_pinned_elephant_move_is_accepted_and_only_the_queen_owner_is_told(monkeypatch):
    game = pinned_game()
    assert game.position.pinned_elephant(sq("c5"))
    events = play(game, "c5e7")
    assert [e.code for e in events if e.audience is None] == ["move"]
    assert [(e.code, e.audience) for e in events if e.audience is not None] == [
        ("foul_callable", RED)
    ]
    assert game.turn is RED and CallFoul() in game.legal_actions()
    assert game.view(RED).foul_callable
    assert not game.view(BLACK).foul_callable and not game.view(None).foul_callable
    # The offender's and the public views equal those of an unpinned twin.
    twin = pinned_game()
    monkeypatch.setattr(HoujiPosition, "pinned_elephant", lambda _self, _sq: False)
    play(twin, "c5e7")
    assert not twin.view(RED).foul_callable
    for viewer in (BLACK, None):
        assert game.view(viewer) == twin.view(viewer)
    assert game.view(RED) == replace(twin.view(RED), foul_callable=True)


def test_h6_foul_call_within_the_window():
    game = at("3k5/9/4P4/9/2b6/9/Q8/9/9/5K3 b")
    play(game, "c5e7")  # captures the red pawn
    assert len(game.captured[RED]) == 1
    events = game.push(game.parse("犯规"))
    assert [e.code for e in events] == ["move", "foul_called"]
    board = game.position.board
    assert board[sq("c5")].kind is Kind.ELEPHANT and board[sq("e7")].kind is Kind.PAWN
    assert game.captured[RED] == []
    assert game.turn is RED  # the offender's turn is spent; the caller moves
    assert CallFoul() not in game.legal_actions()
    play(game, "a3b3")
    assert game.turn is BLACK and game.moves_by_side(RED) == 1 and game.moves_by_side(BLACK) == 1


def test_h6_foul_call_after_the_window_is_refused():
    game = pinned_game()
    play(game, "c5e7", "a3b3")
    assert CallFoul() not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.parse("foul")
    with pytest.raises(IllegalAction):
        game.push(CallFoul())
    # Nor can the offender call anything, and an unpinned elephant is no foul.
    game = at("3k5/9/9/9/2b6/9/9/Q8/9/5K3 b")
    play(game, "c5e7")
    assert CallFoul() not in game.legal_actions()
    # Its own queen never pins an elephant.
    assert not at("3k5/9/9/9/2b6/1q7/9/9/9/5K3 b").position.pinned_elephant(sq("c5"))


def test_h6_foul_in_a_match_log_replays():
    match = Match.start("houji", {"fen": "3k5/9/9/9/2b6/9/Q8/9/9/5K3 b"})
    for text in ("c5e7", "foul", "a3b3"):
        match.apply(text)
    again = Match.replay("houji", match.options, 0, match.entries)
    assert again.game.position.board == match.game.position.board
    assert again.game.turn is BLACK


BLACK_TO_MOVE = "rnbakabnr/4q4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4Q4/RNBAKABNR b"
NOTATION = [
    # (fen, iccs, chinese, wxf)
    (None, "e1f2", "后五斜进四", "Q5/+4"),
    (None, "e1d2", "后五斜进六", "Q5/+6"),
    (None, "e1e2", "后五进一", "Q5+1"),
    (None, "e1a1", "后五平九", "Q5.9"),
    ("3k5/9/9/9/9/9/9/5Q3/9/4K4 w", "f2e1", "后四斜退五", "Q4/-5"),
    ("3k5/9/9/9/9/4Q4/9/9/9/5K3 w", "e4e1", "后五退三", "Q5-3"),
    (
        "rnbakabnr/4q4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4Q4/RNBAKABNR b",
        "e8d7",
        "后5斜进4",
        "Q5/+4",
    ),
]


@pytest.mark.parametrize(("fen", "iccs", "chinese", "wxf"), NOTATION)
def test_h9_queen_notation(fen, iccs, chinese, wxf):
    game = at(fen) if fen else Houji.start()
    move = Move.from_iccs(iccs)
    assert game.notate(move, "iccs") == iccs
    assert game.notate(move, "chinese") == chinese
    assert game.notate(move, "wxf") == wxf
    for text in (iccs, chinese, wxf, chinese.replace("进", "進")):
        assert game.parse(text) == move


def test_h9_swaps_and_foul_calls_have_text_in_every_notation():
    game = Houji.start()
    cases = {
        "e0~e1": ("帅五换后", "K5~Q"),
        "d0~e1": ("仕六换后", "A6~Q"),
        "f0~e1": ("仕四换后", "A4~Q"),
    }
    for text, (chinese, wxf) in cases.items():
        swap = parse_action(text)
        assert game.notate(swap, "iccs") == text
        assert game.notate(swap, "chinese") == chinese
        assert game.notate(swap, "wxf") == wxf
        for typed in (text, chinese, wxf, f"swap {text.replace('~', ' ')}"):
            assert game.parse(typed) == swap
    # Two advisors of one file both next to the queen: front and rear.
    game = at("3k5/9/9/9/9/9/9/3A5/4Q4/3AK4 w")
    assert game.notate(Swap(sq("d2"), sq("e1")), "chinese") == "前仕换后"
    assert game.notate(Swap(sq("d0"), sq("e1")), "wxf") == "A-~Q"
    assert game.parse("后仕换后") == Swap(sq("d0"), sq("e1"))
    assert game.parse("A+~Q") == Swap(sq("d2"), sq("e1"))
    # The foul call.
    game = pinned_game()
    play(game, "c5e7")
    assert game.notate(CallFoul(), "chinese") == "犯规"
    assert game.notate(CallFoul(), "wxf") == game.notate(CallFoul(), "iccs") == "foul"
    assert game.parse("犯規") == game.parse("FOUL") == CallFoul()


def test_h9_advisor_sideways_step_reads_and_writes():
    game = at("3k5/9/9/p8/9/9/9/9/5K3/3A5 w")
    step = Move.from_iccs("d0e0")
    assert game.notate(step, "chinese") == "仕六平五"
    assert game.notate(step, "wxf") == "A6.5"
    assert game.parse("仕六平五") == game.parse("A6.5") == game.parse("a6=5") == step
    with pytest.raises(IllegalAction):
        game.parse("仕六平四")


def test_h9_rear_piece_still_reads_with_its_kind():
    game = at("5k3/9/9/9/9/9/4R4/9/4R4/3K5 w")
    assert game.notate(Move.from_iccs("e1e2"), "chinese") == "后车进一"
    assert game.parse("后车进一") == Move.from_iccs("e1e2")


def test_handicap_start_keeps_the_queens():
    game = Houji.start({"handicap": "horse"})
    assert game.position.board[sq("b0")] is None
    assert game.position.board[sq("e1")].kind is Kind.QUEEN
    assert game.position.board[sq("h0")].kind is Kind.HORSE


def test_h6_undo_of_the_elephant_move_closes_the_window():
    match = Match.start("houji", {"fen": "3k5/9/9/9/2b6/9/Q8/9/9/5K3 b"})
    for text in ("c5e7", "@b:undo-request", "@r:undo-accept"):
        match.apply(text)
    assert match.game.turn is BLACK and match.game.foul is None
    assert match.game.position.board[sq("c5")].kind is Kind.ELEPHANT


def test_finished_game_refuses():
    game = at("4k4/9/9/9/9/9/9/4Q4/9/5K3 w")
    play(game, "e2e9")
    assert game.legal_actions() == []
    with pytest.raises(GameOver):
        game.push(Move.from_iccs("f0f1"))


def test_random_games_end_without_exception():
    from benchmarks.bench_houji import soak

    tally = soak(80, seed=11)
    assert tally.games == 80 and tally.fouls > 50 and tally.calls > 20


def test_position_copy_keeps_the_variant():
    position = Houji.start().position
    assert isinstance(position.copy(), HoujiPosition)


FUZZ_ALPHABET = (
    "KAEHRCPQqa-i0123456789+-./=~#!? "
    "一二三四五六七八九１２３４５"
    "车马炮相象仕士帅将兵卒进進退平前中后後斜换換犯规規foulswap"
)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=10), st.text(alphabet=FUZZ_ALPHABET, max_size=8)))
def test_h9_any_text_parses_to_a_legal_action_or_a_rules_refusal(text: str):
    game = FUZZ_GAME
    try:
        action = game.parse(text)
    except RulesError:
        return
    assert action in game.legal_actions()


def _fuzz_game() -> Houji:
    """Red to move with queen moves in every direction and a callable foul."""
    game = at("3ak4/9/9/9/2b6/9/Q8/9/9/3AKA3 b")
    play(game, "c5e7")
    return game


FUZZ_GAME = _fuzz_game()
