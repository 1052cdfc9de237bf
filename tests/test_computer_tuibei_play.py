"""How the built-in player weighs Tuibei's tiles: the opponent's pending tile
is most likely the kind of the obvious move, a check under a prediction of
another kind wins, and a side left without a move is not lost but predicts."""

from __future__ import annotations

import random

import pytest

from computer.evaluation import MATE_BOUND
from computer.levels import level
from computer.player import choose
from computer.plugin import plugin_for
from computer.search import Budget, Searcher
from computer.variants.tuibei import Record, TuibeiSample, TuibeiState, replayed
from computer.variants.xiangqi import XiangqiState
from rules.actions import Move, parse_action
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color, Kind

BUDGET = Budget(nodes=6_000)
# Black's chariot can take the pawn on a3, and nothing gives check.
PAWN_TO_TAKE = "3k5/9/9/9/r8/9/P8/9/4A4/4K4 w"
# Black's chariot checks on e5 or a0, and its horse on c1.
TWO_CHECKS = "3k5/9/9/9/r8/9/1n7/9/8R/4K4 w"


def _black_after(fen: str, *red: str) -> Match:
    match = Match.start("tuibei", {"fen": fen})
    for text in red:
        match.apply(text)
    assert match.game.turn is Color.BLACK
    return match


def _black_chooses(match: Match) -> str:
    return choose(knowledge_of(match, Color.BLACK), level(8), seed=1, budget=BUDGET).action


def _moves_chariot(match: Match, text: str) -> bool:
    move = Move.from_text(text)  # a counter moves nothing
    piece = None if move is None else match.game.position.board[move.from_sq]
    return piece is not None and piece.kind is Kind.CHARIOT


def test_the_loose_pawn_is_won_but_not_by_the_chariot_under_a_prediction():
    # With nothing pending the pawn is won: taken, or its kind named, which
    # takes it with a tempo if it steps and leaves it to be taken if not.
    assert _black_chooses(_black_after(PAWN_TO_TAKE, "e0f0")) in {"a5a3", "?p"}
    # The tile most likely names the chariot, the mover of the obvious capture.
    pending = _black_after(PAWN_TO_TAKE, "?p")
    assert not _moves_chariot(pending, _black_chooses(pending))


def test_a_sample_holds_the_game_once_per_kind_the_hidden_tile_may_be():
    match = _black_after(PAWN_TO_TAKE, "?p")
    knowledge = knowledge_of(match, Color.BLACK)
    state = plugin_for("tuibei").sample(knowledge, random.Random(0))
    assert sorted(k.value for k in state.games) == sorted(
        k.value for k in match.game.available(Color.RED)
    )
    assert {g.pending[Color.RED] for g in state.games.values()} == set(state.games)


def test_under_a_prediction_a_check_is_played_and_wins_whatever_the_tile():
    for tile in ("?n", "?r"):
        match = _black_after(TWO_CHECKS, tile)
        after = match.game.position.copy()
        after.push(Move.from_text(_black_chooses(match)))
        assert after.is_check()
    # The same knowledge, so the same check: it wins unless it names the tile.
    match = _black_after(TWO_CHECKS, "?p")
    match.apply(_black_chooses(match))
    assert match.outcome is not None and match.outcome.winner is Color.BLACK


def test_no_prediction_is_made_that_a_check_of_another_kind_would_punish():
    match = Match.start("tuibei", {"fen": TWO_CHECKS})
    knowledge = knowledge_of(match, Color.RED)
    plugin = plugin_for("tuibei")
    scores = plugin.root(knowledge, plugin.sample(knowledge, random.Random(0)), Searcher(BUDGET))
    best_move = max(s for text, s in scores.items() if not text.startswith("?"))
    assert all(s < best_move for text, s in scores.items() if text.startswith("?"))


def test_a_side_without_a_move_is_not_lost_while_it_may_predict():
    # Black's pawn stands in front of its own king: Black has no move left.
    match = Match.start("tuibei", {"fen": "5p3/9/5k3/9/9/9/9/P3R4/4K4/9 b"})
    for text in ("f9f8", "a2a3"):
        match.apply(text)
    position = match.game.position
    assert not position.legal_moves() and not position.is_check()
    assert Searcher(Budget(depth=1)).score(XiangqiState(position.copy()), 1) <= -MATE_BOUND
    assert Searcher(Budget(depth=1)).score(TuibeiState(position.copy()), 1) > -MATE_BOUND


def test_the_record_counts_each_side_s_resolved_tiles_as_the_rules_announce_them():
    match = Match.start("tuibei")
    # Red names the chariot and Black moves a horse (a miss: Black moves again),
    # Black names the horse and Red moves one (a hit), Black names the cannon
    # and Red counters it with a cannon (Black loses the kind).
    for text in ("?r", "h9g7", "b9c7", "h0g2", "?n", "b0c2", "?c", "!c"):
        match.apply(text)
    log = [parse_action(text) for text in match.public_entries()]
    red = replayed(log, {}, Color.RED)[1]
    black = replayed(log, {}, Color.BLACK)[1]
    assert (red.answered, red.hits, red.named) == (1, 0, {Kind.HORSE: 1, Kind.CANNON: 1})
    assert (black.answered, black.hits, black.named) == (1, 1, {Kind.CHARIOT: 1})
    assert match.game.lost[Color.BLACK] == [Kind.CANNON]
    assert match.game.position.board[Move.from_text("b0c2").to_sq] is None  # the hit


def test_predictions_that_keep_missing_are_worth_less():
    match = Match.start("tuibei", {"fen": PAWN_TO_TAKE})
    match.apply("e0f0")
    knowledge = knowledge_of(match, Color.BLACK)
    plugin = plugin_for("tuibei")
    sample = plugin.sample(knowledge, random.Random(0))
    missed = Record()
    missed.answered, missed.positions = 12, sample.record.positions
    fresh = plugin.root(knowledge, sample, Searcher(BUDGET))
    wary = plugin.root(knowledge, TuibeiSample(sample.games, missed), Searcher(BUDGET))
    # Naming the pawn, the kind of Red's obvious step, is the best prediction;
    # after a dozen misses it is worth less than taking the pawn. Only the
    # predictions of the kinds Red's two expected replies move (pawn,
    # advisor) lose worth.
    predictions = [text for text in fresh if text.startswith("?")]
    assert max(predictions, key=fresh.__getitem__) == "?p"
    assert max(wary, key=wary.__getitem__) == "a5a3"
    assert wary["?p"] < fresh["?p"] and wary["?a"] < fresh["?a"]
    assert all(wary[text] == fresh[text] for text in fresh if text not in {"?p", "?a"})


def test_the_kinds_an_opponent_keeps_naming_weigh_on_its_pending_tile():
    record = Record()
    prior = {Kind.HORSE: 0.6, Kind.CHARIOT: 0.4}
    assert record.tile_weights(prior) == pytest.approx(prior)
    record.named = {Kind.CHARIOT: 6}
    weights = record.tile_weights(prior)
    assert weights[Kind.CHARIOT] > weights[Kind.HORSE]
    assert sum(weights.values()) == pytest.approx(1)


def test_a_side_far_ahead_does_not_predict_into_a_repetition():
    # From a game level 8 drew with level 1: Red, a chariot and more ahead,
    # kept naming the chariot, and each miss gave Black two moves in a row,
    # with which its pawn walked g4-f4-g4-h4; one more step back to g4
    # would bring a position back a third time, a draw.
    match = Match.start("tuibei")
    for text in (
        *("h2h1", "h7h2", "?r", "g6g5", "?r", "b0c2", "b2h2", "b7f7", "h1g1", "g9i7"),
        *("?c", "f7f3", "?n", "h9g7", "?r", "g5g4", "g4f4", "?r", "f4g4", "g4h4"),
    ):
        match.apply(text)
    knowledge = knowledge_of(match, Color.RED)
    choice = choose(knowledge, level(8), seed=1, budget=Budget(nodes=10_000))
    assert choice.score > 1_000 and not choice.action.startswith("?")


def _positions_of_played_games() -> list[Match]:
    """Positions a few random plies into games, both sides to move, some with
    a tile pending."""
    found = []
    for seed in range(3):
        rng, match = random.Random(seed), Match.start("tuibei", {}, seed)
        for ply in range(24):
            if match.outcome is not None:
                break
            if ply % 6 == 5:
                found.append(Match.replay("tuibei", {}, seed, match.entries))
            match.apply(rng.choice(match.game.legal_actions()).text)
    return found


@pytest.mark.parametrize("nodes", [300, 3_000, 30_000])
def test_a_round_cut_short_still_scores_every_action(nodes):
    plugin = plugin_for("tuibei")
    for match in _positions_of_played_games()[::3]:
        knowledge = knowledge_of(match, match.game.turn)
        sample = plugin.sample(knowledge, random.Random(0))
        scores = plugin.root(knowledge, sample, Searcher(Budget(nodes=nodes), partial=True))
        assert set(scores) == {action.text for action in match.game.legal_actions()}
