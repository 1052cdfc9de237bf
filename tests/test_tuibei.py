"""Tuibei 推背象棋 (T-1 to T-6): predictions, counters, resolution, secrecy."""

from __future__ import annotations

import random

import pytest

from rules import Color, GameOver, IllegalAction, InvalidNotation, Kind, Move, Reason, find_variant
from rules.match import Match
from rules.position import START_FEN
from rules.variant import Event
from rules.variants.tuibei.actions import Counter, Predict
from rules.variants.tuibei.game import TILE_NAMES, Tuibei, parse_tile_action
from rules.view import HIDDEN_TILE

RED, BLACK = Color.RED, Color.BLACK
R, N, C, K, A, B, P = (
    Kind.CHARIOT,
    Kind.HORSE,
    Kind.CANNON,
    Kind.KING,
    Kind.ADVISOR,
    Kind.ELEPHANT,
    Kind.PAWN,
)


def play(game: Tuibei, *texts: str) -> list[Event]:
    """Push actions given in log form (``h2e2``, ``?c``, ``!n``); the events of the last."""
    events: list[Event] = []
    for text in texts:
        assert game.outcome() is None, f"ended before {text}: {game.outcome()}"
        action = parse_tile_action(text) or Move.from_iccs(text)
        events = game.push(action)
    return events


def codes(events: list[Event]) -> list[str]:
    return [e.code for e in events]


def public(events: list[Event]) -> list[Event]:
    return [e for e in events if e.audience is None]


def test_registry_and_tiles():
    for name in ("tuibei", "Prophecy", "推背", "推背象棋"):
        assert find_variant(name) is Tuibei
    assert Tuibei.hidden_information
    assert TILE_NAMES == {R: "箭", N: "索", C: "筒", K: "风", A: "花", B: "百搭", P: "万"}


def test_start_offers_moves_and_every_prediction():
    game = Tuibei.start()
    actions = game.legal_actions()
    assert sum(isinstance(a, Move) for a in actions) == 44
    assert [a.kind for a in actions if isinstance(a, Predict)] == list(TILE_NAMES)
    assert not any(isinstance(a, Counter) for a in actions)
    assert game.legal_actions(BLACK) == []


def test_correct_prediction_removes_the_moved_piece_and_the_predictor_moves():
    # T-4: Red predicts a cannon, Black moves one, it is removed; Red's turn.
    game = Tuibei.start()
    events = play(game, "?c", "h7e7")
    assert codes(events) == ["move", "prediction_hit"]
    assert events[1].params == {"side": "r", "kind": "c", "square": "e7"}
    assert game.position.board[Move.from_iccs("h7e7").to_sq] is None
    assert [p.kind for p in game.view(None).captured[BLACK]] == [C]
    assert game.turn is RED and game.outcome() is None
    # T-5: tiles are not used up by predicting.
    assert Predict(C) in game.legal_actions()
    assert game.view(None).pools[RED].pending is None


def test_wrong_prediction_is_withdrawn_and_the_mover_moves_again():
    # T-4: the withdrawal is Red's turn, so Black moves twice in a row.
    game = Tuibei.start()
    events = play(game, "?n", "h7e7")
    assert codes(events) == ["move", "prediction_missed"]
    assert events[1].params["kind"] == "n"
    assert game.turn is BLACK
    assert Move.from_iccs("b7e7") not in game.legal_actions()  # e7 is occupied now
    play(game, "h9g7")
    assert game.turn is RED
    assert game.moves_by_side(BLACK) == 2 and game.moves_by_side(RED) == 0


def test_removal_that_would_leave_the_kings_facing_is_withdrawn():
    # The black cannon is the only piece between the kings on the e file.
    game = Tuibei.start({"fen": "4k4/9/4c4/9/9/9/9/9/9/R3K4 w"})
    events = play(game, "?c", "e7e5")
    assert codes(events) == ["move", "prediction_blocked"]
    assert game.position.piece_at(Move.from_iccs("e7e5").to_sq).kind is C
    assert game.turn is BLACK and game.outcome() is None


def test_correct_prediction_of_the_king_wins():
    game = Tuibei.start({"fen": "4k4/9/9/9/9/9/9/9/9/3K5 w"})
    play(game, "?k", "e9e8")
    assert game.outcome().winner is RED
    assert game.outcome().reason is Reason.KING_CAPTURED
    assert game.legal_actions() == []
    with pytest.raises(GameOver):
        game.push(Move.from_iccs("d0d1"))


def test_removal_exposing_the_opponents_king_wins():
    # The red cannon on e2 sees the advisor through the pawn; once the pawn is
    # removed the advisor becomes the screen and the black king is attacked.
    game = Tuibei.start({"fen": "4k4/4a4/9/9/4p4/9/9/4C4/9/3K5 w"})
    events = play(game, "?p", "e5e4")
    assert codes(events) == ["move", "prediction_hit"]
    assert game.outcome().winner is RED
    assert game.outcome().reason is Reason.CHECKMATE


DISCOVERED = "3k5/3r1r3/4r4/9/4n4/9/9/9/9/4K4 w"  # the horse on e5 screens a check


def test_removal_leaving_the_predictor_in_check_must_be_answered():
    # Without the f8 chariot, the red king can step to f0 out of the check.
    game = Tuibei.start({"fen": DISCOVERED.replace("3r1r3", "3r5")})
    events = play(game, "?n", "e5c4")
    assert codes(events) == ["move", "prediction_hit", "check"]
    assert game.turn is RED and game.outcome() is None
    assert game.legal_actions() == [Move.from_iccs("e0f0")]  # no prediction in check (T-2)


def test_removal_leaving_the_predictor_mated_loses():
    game = Tuibei.start({"fen": DISCOVERED})
    play(game, "?n", "e5c4")
    assert game.outcome().winner is BLACK
    assert game.outcome().reason is Reason.CHECKMATE


CHECKABLE = "3k5/9/9/9/r8/9/9/9/8R/4K4 w"  # the black chariot a5 can check on e5


def test_check_after_a_wrong_prediction_loses():
    # T-4: the withdrawal spends Red's turn, so the check cannot be answered.
    game = Tuibei.start({"fen": CHECKABLE})
    events = play(game, "?n", "a5e5")
    assert codes(events) == ["move", "prediction_missed"]
    assert game.outcome().winner is BLACK
    assert game.outcome().reason is Reason.CHECKMATE


def test_check_by_the_predicted_piece_is_removed():
    game = Tuibei.start({"fen": CHECKABLE})
    play(game, "?r", "a5e5")
    assert game.outcome() is None
    assert game.turn is RED and not game.position.is_check()


def test_counter_of_the_same_kind_takes_the_predictors_tile():
    game = Tuibei.start()
    play(game, "?c")
    assert Counter(C) in game.legal_actions()
    events = play(game, "!c")
    assert codes(events) == ["countered", "tile_lost"]
    assert events[0].params == {"side": "b", "kind": "c", "tile": "c"}
    assert events[1].params == {"side": "r", "kind": "c"}
    assert all(e.audience is None for e in events)
    # T-3: the counter was Black's turn; now Red's, without the cannon tile.
    assert game.turn is RED
    pools = game.view(None).pools
    assert pools[RED].lost == (C,) and C not in pools[RED].rack and pools[RED].pending is None
    assert pools[BLACK].lost == ()
    assert Predict(C) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="lost"):
        game.parse("predict cannon")
    with pytest.raises(IllegalAction):
        game.push(Predict(C))
    play(game, "?r")
    assert Counter(C) in game.legal_actions()  # Black keeps its own cannon tile


def test_counter_of_another_kind_costs_the_counterer_who_must_still_move():
    game = Tuibei.start()
    events = play(game, "?c", "!n")
    assert events[1].params == {"side": "b", "kind": "n"}
    assert game.turn is BLACK
    assert game.view(None).pools[BLACK].lost == (N,)
    # T-3: the prediction went back to Red; Black owes a move, no prediction, no counter.
    actions = game.legal_actions()
    assert actions and all(isinstance(a, Move) for a in actions)
    with pytest.raises(IllegalAction, match="must move"):
        game.parse("?r")
    with pytest.raises(IllegalAction, match="no prediction to counter"):
        game.parse("!r")
    play(game, "h7e7")  # no resolution: Red's tile is back in its rack
    assert game.turn is RED
    assert game.position.piece_at(Move.from_iccs("h7e7").to_sq).kind is C
    play(game, "?r")
    assert Counter(N) not in game.legal_actions()  # T-3: lost for the rest of the game
    with pytest.raises(IllegalAction, match="lost"):
        game.parse("测 索")


def test_no_prediction_while_the_opponents_is_pending():
    game = Tuibei.start()
    play(game, "?r")
    assert not any(isinstance(a, Predict) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="opponent's prediction is pending"):
        game.parse("预测 车")
    with pytest.raises(IllegalAction):
        game.push(Predict(N))
    assert game.ply == 1


def test_no_prediction_in_check():
    game = Tuibei.start({"fen": "4k4/9/9/9/9/9/9/9/9/r2K5 w"})
    assert all(isinstance(a, Move) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="in check"):
        game.parse("?p")


def test_no_legal_move_but_a_prediction_is_no_stalemate():
    # The black pawn walks in front of its own king: Black has no move left.
    game = Tuibei.start({"fen": "5p3/9/5k3/9/9/9/9/P3R4/4K4/9 b"})
    play(game, "f9f8", "a2a3")
    assert game.outcome() is None
    assert game.legal_actions() == [Predict(k) for k in TILE_NAMES]


def test_failed_counter_without_a_move_loses():
    game = Tuibei.start({"fen": "5p3/9/5k3/9/9/9/9/4R4/4K4/9 b"})
    play(game, "f9f8", "?p", "!r")
    assert game.outcome().winner is RED
    assert game.outcome().reason is Reason.STALEMATE


def test_game_ending_with_a_pending_tile_shows_it():
    game = Tuibei.start({"fen": "5p3/9/5k3/9/9/9/9/P3R4/4K4/9 w"})
    king = ["f7f8", "f8f7"]
    # Black's failed counters cost it every tile, one by one (T-3).
    for i, (tile, counter) in enumerate(
        [("r", "n"), ("r", "c"), ("r", "k"), ("r", "a"), ("r", "b"), ("r", "p"), ("n", "r")]
    ):
        play(game, "?" + tile, "!" + counter, king[i % 2])
        assert Counter(Kind(counter)) not in game.legal_actions()
    assert game.view(None).pools[BLACK].rack == ()
    play(game, "?c", "f8f7")  # a wrong prediction: Black moves again
    play(game, "f9f8", "?c")  # Black walled in its king; no move, no tile
    assert game.outcome().winner is RED
    assert game.outcome().reason is Reason.STALEMATE
    assert game.view(None).pools[RED].pending is C
    assert game.view(BLACK).pools[RED].pending is C


def test_views_hide_the_pending_tile_from_all_but_its_owner():
    game = Tuibei.start()
    play(game, "?b")
    assert game.view(RED).pools[RED].pending is B
    assert game.view(BLACK).pools[RED].pending == HIDDEN_TILE
    assert game.view(None).pools[RED].pending == HIDDEN_TILE
    # The owner sees the tile out of the rack; to others the rack gives nothing away.
    assert game.view(RED).pools[RED].rack == (R, N, C, K, A, P)
    assert game.view(None).pools[RED].rack == tuple(TILE_NAMES)
    assert game.view(BLACK).pools[RED].rack == tuple(TILE_NAMES)
    assert game.view(None).turn is BLACK


def _refusal_text(game: Tuibei, text: str) -> str:
    try:
        game.parse(text)
    except IllegalAction as exc:
        return str(exc)
    return "accepted"


def test_games_differing_only_in_the_hidden_tile_look_alike_until_the_reveal():
    games: dict[Kind, Tuibei] = {}
    seen = {}
    for kind in (R, N):
        game = games[kind] = Tuibei.start()
        events = public(game.push(Predict(kind)))
        seen[kind] = (
            events,
            game.view(None),
            game.view(BLACK),
            game.legal_actions(),
            [_refusal_text(game, text) for text in ("?r", "predict horse", "!k", "h9g7")],
        )
    assert seen[R] == seen[N]
    assert games[R].view(RED) != games[N].view(RED)  # the owner does see the tile
    missed = {kind: game.push(Move.from_iccs("h9g7"))[-1] for kind, game in games.items()}
    assert missed[R].params["kind"] == "r" and missed[N].params["kind"] == "n"


def test_private_event_tells_the_predictor_their_tile():
    events = Tuibei.start().push(Predict(R))
    assert [e for e in events if e.audience is None] == [Event("predicted", {"side": "r"})]
    (private,) = [e for e in events if e.audience is not None]
    assert private.audience is RED and private.params["kind"] == "r"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("?r", Predict(R)),
        ("? R", Predict(R)),
        ("predict chariot", Predict(R)),
        ("Predict: rook", Predict(R)),
        ("predict 箭", Predict(R)),
        ("预测 车", Predict(R)),
        ("预测車", Predict(R)),
        ("推背 风", Predict(K)),
        ("predict wind", Predict(K)),
        ("？帥", Predict(K)),
        ("predict 百搭", Predict(B)),
        ("predict e", Predict(B)),
        ("predict 萬", Predict(P)),
        ("counter horse", Counter(N)),
        ("测 索", Counter(N)),
        ("!n", Counter(N)),
        ("!h", Counter(N)),
        ("counter 炮", Counter(C)),
        ("測 筒", Counter(C)),
        ("counter flower", Counter(A)),
    ],
)
def test_tile_action_forms(text: str, action: Predict | Counter):
    assert parse_tile_action(text) == action


def test_tile_action_parse_errors():
    assert parse_tile_action("h2e2") is None
    with pytest.raises(InvalidNotation, match="name the tile"):
        parse_tile_action("预测")
    with pytest.raises(InvalidNotation, match="'queen'"):
        parse_tile_action("predict queen")
    game = Tuibei.start()
    with pytest.raises(InvalidNotation):
        game.parse("?q")
    with pytest.raises(IllegalAction, match="no tile"):
        game.push(Predict(Kind.QUEEN))
    assert game.parse("predict 索") == Predict(N)


def test_moves_in_any_notation_while_a_prediction_is_pending():
    game = Tuibei.start()
    play(game, "?r")
    for text in ("h7e7", "炮8平5", "C8.5"):
        assert game.parse(text) == Move.from_iccs("h7e7")
    assert game.notate(Move.from_iccs("h7e7"), "chinese") == "炮8平5"


@pytest.mark.parametrize("variant", ["xiangqi", "tuibei"])
def test_a_capture_names_the_capturer_as_in_standard(variant: str):
    # The bot words a capture event with its side ("Red alice captures a horse").
    game = find_variant(variant).start()
    events = game.push(Move.from_iccs("h2h9"))  # the cannon takes the horse over h7
    assert events[1] == Event("capture", {"kind": "n", "side": "r"})


def test_notate_tile_actions_for_their_owner():
    game = Tuibei.start()
    assert game.notate(Predict(R), "chinese") == "预测 箭"
    assert game.notate(Predict(R)) == "predict chariot"
    assert game.notate(Counter(B), "chinese") == "测 百搭"
    assert game.notate(Counter(B), "wxf") == "counter elephant"


def test_repetition_keys_skip_pending_states():
    # Red predicts wrongly, Black's horse goes out and back: the start recurs a
    # third time with nobody checking or chasing, a draw (S-4).
    game = Tuibei.start()
    for _ in range(2):
        play(game, "?p", "h9g7", "g7h9")
    assert game.outcome().reason is Reason.REPETITION
    assert game.moves_by_side(BLACK) == 4 and game.moves_by_side(RED) == 0


def test_perpetual_check_still_loses():
    game = Tuibei.start({"fen": "4k4/R8/9/9/9/9/9/9/9/3K5 w"})
    for _ in range(2):
        play(game, "a8a9", "e9e8", "a9a8", "e8e9")
    assert game.outcome().reason is Reason.PERPETUAL_CHECK
    assert game.outcome().winner is BLACK


def test_removal_counts_as_a_capture_for_the_120_ply_rule():
    fen = START_FEN.replace(" 0 1", " 119 1")
    hit = Tuibei.start({"fen": fen})
    play(hit, "?c", "h7e7")
    assert hit.outcome() is None and hit.position.quiet_plies == 0
    miss = Tuibei.start({"fen": fen})
    play(miss, "?n", "h7e7")
    assert miss.outcome().reason is Reason.NO_CAPTURE


def test_no_insufficient_material_draw():
    # Kings and advisors only: a correct prediction can still take a king.
    game = Tuibei.start({"fen": "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w"})
    play(game, "e1d2")
    assert game.outcome() is None


def test_random_playouts_under_match():
    rng = random.Random(7)
    endings = set()
    for seed in range(30):
        match = Match.start("tuibei", seed=seed)
        for _ in range(300):
            game = match.game
            if match.outcome is not None:
                break
            side = game.turn
            # While the game goes on, the side that just acted is never left in check.
            waiting_king = game.position.king_square(side.other())
            assert not game.position.is_attacked(waiting_king, side)
            actions = game.legal_actions()
            tiles = [a for a in actions if not isinstance(a, Move)]
            pick = rng.choice(tiles if tiles and rng.random() < 0.3 else actions)
            for event in match.apply(pick.text):
                if event.audience is None and event.code == "predicted":
                    assert "kind" not in event.params
            if match.outcome is None:
                pools = match.game.view(None).pools
                assert all(pool.pending in (None, HIDDEN_TILE) for pool in pools)
        rebuilt = Tuibei.replay(match.game.actions)
        assert rebuilt.view(None) == match.game.view(None)
        endings.add(match.outcome.reason if match.outcome else None)
    assert len(endings) > 2
