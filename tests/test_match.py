"""Platform rules of document 002 on top of a game (S-5 to S-7, S-9, S-10)."""

from __future__ import annotations

import random

import pytest

from rules import Color, GameOver, IllegalAction, Reason, RulesError
from rules.match import Match


def play(match: Match, plies: int, seed: int = 7) -> None:
    """Play quiet moves that never repeat a position, so nothing ends the game."""
    rng = random.Random(seed)
    game = match.game
    for _ in range(plies):
        quiet = [
            m
            for m in game.legal_actions()
            if game.position.board[m.to_sq] is None and _fresh(game, m)
        ]
        match.apply(rng.choice(quiet).text)


def _fresh(game, move) -> bool:
    game.position.push_unchecked(move)
    try:
        return game.position.key() not in game.keys and game.position.has_legal_move()
    finally:
        game.position.pop()


def test_undo_before_the_reply_takes_back_one_ply():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("@r:undo-request")
    assert m.pending.kind == "undo" and m.pending.side is Color.RED
    events = m.apply("@b:undo-accept")
    assert events[0].params == {"side": "r", "plies": "1"}
    assert m.game.ply == 0 and m.game.turn is Color.RED


def test_undo_after_the_reply_takes_back_both_plies():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("h9g7")
    m.apply("@r:undo-request")
    m.apply("@b:undo-accept")
    assert m.game.ply == 0 and m.game.turn is Color.RED


def test_at_most_three_undo_requests_per_game():
    m = Match.start("xiangqi")
    for _ in range(3):
        play(m, 4)
        m.apply("@r:undo-request")
        m.apply("@b:undo-decline")
    play(m, 4)
    assert m.undo_refusal(Color.RED) == "undo_limit"
    with pytest.raises(IllegalAction):
        m.apply("@r:undo-request")
    assert m.undo_refusal(Color.BLACK) is None


def test_no_undo_request_in_two_consecutive_own_turns():
    m = Match.start("xiangqi")
    m.apply("h0g2")
    m.apply("@r:undo-request")
    m.apply("@b:undo-decline")
    m.apply("h9g7")
    m.apply("g2h0")  # Red's next turn: too soon
    assert m.undo_refusal(Color.RED) == "undo_too_soon"
    m.apply("g7h9")
    m.apply("h0g2")  # two own turns later: allowed again
    assert m.undo_refusal(Color.RED) is None


def test_undo_needs_a_move_and_an_opponent_to_answer():
    m = Match.start("xiangqi")
    assert m.undo_refusal(Color.RED) == "nothing_to_undo"
    m.apply("h2e2")
    m.apply("@r:undo-request")
    with pytest.raises(IllegalAction, match="own request"):
        m.apply("@r:undo-accept")
    with pytest.raises(IllegalAction):
        m.apply("@b:draw-accept")


def test_declined_draw_offer_is_used_up_until_the_opponent_offers():
    m = Match.start("xiangqi")
    m.apply("@r:draw-offer")
    m.apply("@b:draw-decline")
    assert not m.can_offer_draw(Color.RED)
    with pytest.raises(IllegalAction):
        m.apply("@r:draw-offer")
    m.apply("@b:draw-offer")  # S-6: Black's own offer gives Red's back
    m.apply("@r:draw-decline")
    assert m.can_offer_draw(Color.RED) and not m.can_offer_draw(Color.BLACK)


def test_accepted_draw_ends_the_game():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("@b:draw-offer")
    m.apply("@r:draw-accept")
    assert m.outcome.reason is Reason.DRAW_AGREED and m.outcome.result == "1/2-1/2"
    with pytest.raises(GameOver):
        m.apply("h9g7")


def test_a_move_instead_of_an_answer_declines():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("@r:draw-offer")
    events = m.apply("h9g7")  # Black moves instead of answering
    assert [e.code for e in events] == ["draw_lapsed", "move"]
    assert events[0].params == {"side": "r"}
    assert m.pending is None and not m.can_offer_draw(Color.RED)


def test_a_draw_offer_stands_while_its_maker_moves():
    m = Match.start("xiangqi")
    m.apply("@r:draw-offer")
    m.apply("h2e2")  # Red offers, then moves: Black may still answer
    assert m.pending is not None and m.pending.side is Color.RED
    m.apply("@b:draw-accept")
    assert m.outcome.reason is Reason.DRAW_AGREED


def test_any_move_lets_an_undo_request_lapse():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("h9g7")
    m.apply("@r:undo-request")  # Red's turn: Black has replied
    events = m.apply("h0g2")  # Red moves on instead of waiting
    assert events[0].code == "undo_lapsed" and m.pending is None


@pytest.mark.parametrize(
    ("entry", "winner", "reason"),
    [
        ("@r:resign", Color.BLACK, Reason.RESIGNATION),
        ("@b:resign", Color.RED, Reason.RESIGNATION),
        ("@r:timeout", Color.BLACK, Reason.TIMEOUT),
    ],
)
def test_resignation_and_timeout_lose(entry: str, winner: Color, reason: Reason):
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply(entry)
    assert (m.outcome.winner, m.outcome.reason) == (winner, reason)


def test_abort_only_before_both_sides_moved():
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("@b:abort")
    assert m.outcome.reason is Reason.ABORTED and m.outcome.result == "*"
    m = Match.start("xiangqi")
    m.apply("h2e2")
    m.apply("h9g7")
    with pytest.raises(IllegalAction):
        m.apply("@r:abort")
    assert m.outcome is None


def test_effective_needs_ten_moves_each_and_no_handicap():
    m = Match.start("xiangqi")
    play(m, 19)
    assert not m.effective
    play(m, 1)
    assert m.effective
    handicap = Match.start("xiangqi", {"handicap": "horse"})
    play(handicap, 20)
    assert not handicap.effective


@pytest.mark.parametrize("junk", ["@x:resign", "@r:", "@r:apply-platform", "@r:undo", "zz99"])
def test_junk_entries_are_refused_and_change_nothing(junk: str):
    m = Match.start("xiangqi")
    with pytest.raises(RulesError):  # Match.apply refuses only with RulesError
        m.apply(junk)
    assert m.entries == [] and m.outcome is None


def test_replay_rebuilds_allowances_and_pending_requests():
    m = Match.start("xiangqi")
    for text in ["h2e2", "@b:draw-offer", "@r:draw-decline", "h9g7", "@r:undo-request"]:
        m.apply(text)
    again = Match.replay("xiangqi", {}, 0, m.entries)
    assert again.pending == m.pending
    assert again.draw_rights == m.draw_rights == [True, False]
    assert again.game.position.fen() == m.game.position.fen()


def test_undo_takes_back_the_requesters_last_action_when_turns_do_not_alternate(monkeypatch):
    # Tuibei has no undo, but its turns show the general rule: Red predicts,
    # Black moves, the prediction misses and it is Black's turn again. Red's
    # undo takes back Red's prediction and Black's move.
    from rules.variants.tuibei.game import Tuibei

    monkeypatch.setattr(Tuibei, "undo_allowed", True)
    m = Match.start("tuibei")
    m.apply("?r")
    m.apply("h9g7")  # a horse, not a chariot: the prediction misses
    assert m.game.turn is Color.BLACK
    m.apply("@r:undo-request")
    m.apply("@b:undo-accept")
    assert m.game.actions == [] and m.actors == [] and m.game.turn is Color.RED


def test_platform_endings_reach_the_game_so_views_show_everything():
    m = Match.start("tuibei")
    m.apply("?r")
    assert m.game.view(None).pools[Color.RED].pending == "hidden"
    m.apply("@b:resign")
    assert m.game.outcome() == m.outcome
    assert m.game.view(None).pools[Color.RED].pending.value == "r"


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic", "tuibei"])
def test_no_undo_where_it_would_hide_a_seen_piece_or_tile_again(variant: str):
    m = Match.start(variant, {}, seed=3)
    m.apply(m.game.legal_actions()[0].text)
    assert m.undo_refusal(Color.RED) == "undo_not_in_variant"
    with pytest.raises(IllegalAction):
        m.apply("@r:undo-request")


def test_public_entries_mask_a_pending_prediction_until_it_resolves():
    m = Match.start("tuibei")
    for text in ["h2e2", "?n", "@r:draw-offer"]:
        m.apply(text)
    assert m.public_entries() == ["h2e2", "hidden", "@r:draw-offer"]
    m.apply("h0g2")  # Red moves its horse: the prediction hits and is revealed
    assert m.public_entries() == m.entries
