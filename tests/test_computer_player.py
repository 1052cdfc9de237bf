"""The built-in player: it finds mates and material, its samples agree with what
it may know, and twin games differing only in secrets it may not know get the
same action for the same seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from computer.evaluation import MATE_BOUND
from computer.levels import level
from computer.player import _discourage_going_back, choose
from computer.plugin import GenericPlugin, plugin_for
from computer.search import Budget, Searcher, with_partial
from computer.variants.jieqi.state import FULL_SET, JieqiState, unseen
from rules.errors import RulesError
from rules.knowledge import HIDDEN, knowledge_of
from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color

FAST = Budget(depth=2)
MATE_IN_ONE = {"fen": "3k5/1R7/9/9/9/9/8p/9/R8/4K4 w - - 0 1"}  # a1a9 or a1d1 mates


def mates(options: dict[str, str], text: str) -> bool:
    match = Match.start("xiangqi", options)
    match.apply(text)
    return match.outcome == Outcome(Color.RED, Reason.CHECKMATE)


def test_builtin_search_mates_in_one():
    knowledge = knowledge_of(Match.start("xiangqi", MATE_IN_ONE), Color.RED)
    choice = choose(knowledge, level(8), seed=1, budget=FAST)
    assert mates(MATE_IN_ONE, choice.action)


def test_generic_plugin_plays_any_perfect_information_variant_through_the_interface():
    knowledge = knowledge_of(Match.start("xiangqi", MATE_IN_ONE), Color.RED)
    state = GenericPlugin().sample(knowledge, random.Random(0))
    best = Searcher(Budget(depth=1)).run(state).best
    assert best is not None and mates(MATE_IN_ONE, best.text)


def test_it_takes_a_hanging_chariot():
    # Black's chariot on e5 stands in front of Red's chariot on e2, unprotected.
    options = {"fen": "5k3/9/9/9/4r4/9/9/4R4/9/3K5 w - - 0 1"}
    knowledge = knowledge_of(Match.start("xiangqi", options), Color.RED)
    assert choose(knowledge, level(8), seed=3, budget=FAST).action == "e2e5"


def test_the_same_knowledge_and_seed_give_the_same_action():
    match = Match.start("jieqi", {}, 99)
    match.apply("+e3")
    knowledge = knowledge_of(match, Color.BLACK)
    first = choose(knowledge, level(4), seed=5, budget=FAST)
    assert choose(knowledge, level(4), seed=5, budget=FAST) == first


def _jieqi_twins() -> tuple[Match, Match]:
    """Two Jieqi games whose first reveals showed the same pieces but whose
    face-down layouts differ."""
    by_reveals: dict[tuple, Match] = {}
    for seed in range(500):
        match = Match.start("jieqi", {}, seed)
        try:
            for text in ("+e3", "+e6", "+a3"):
                match.apply(text)
        except RulesError:  # a revealed piece gave check: no reveal then (J-6)
            continue
        key = knowledge_of(match, Color.BLACK).view
        if key in by_reveals:
            return by_reveals[key], match
        by_reveals[key] = match
    raise AssertionError("no twins among 500 seeds")


def test_jieqi_twins_differing_only_in_face_down_pieces_get_the_same_action():
    one, two = _jieqi_twins()
    assert one.game.initial != two.game.initial  # the secrets differ
    a, b = knowledge_of(one, Color.BLACK), knowledge_of(two, Color.BLACK)
    assert a == b
    assert choose(a, level(3), seed=7, budget=FAST) == choose(b, level(3), seed=7, budget=FAST)


def test_tuibei_twins_differing_only_in_the_pending_tile_get_the_same_action():
    moves = ["h2e2", "h9g7"]
    one, two = Match.start("tuibei"), Match.start("tuibei")
    for match, tile in ((one, "?n"), (two, "?c")):
        for text in (*moves, tile):
            match.apply(text)
    assert one.game.pending != two.game.pending
    a, b = knowledge_of(one, Color.BLACK), knowledge_of(two, Color.BLACK)
    assert a == b and a.log[-1] == HIDDEN
    quick = Budget(depth=1)
    assert choose(a, level(3), seed=2, budget=quick) == choose(b, level(3), seed=2, budget=quick)
    # the predictor reads its own tile
    assert knowledge_of(one, Color.RED).log[-1] == "?n"


def test_jieqi_samples_agree_with_the_view_and_deal_only_the_unseen():
    match = Match.start("jieqi-classic", {}, 4)
    for text in ("b2b9", "a9a8"):  # the cannon-point piece takes a face-down horse point
        match.apply(text)
    knowledge = knowledge_of(match, Color.BLACK)
    plugin = plugin_for("jieqi-classic")
    for seed in range(5):
        state = plugin.sample(knowledge, random.Random(seed))
        assert isinstance(state, JieqiState)
        for sq, shown in enumerate(knowledge.view.board):
            piece = state.board.board[sq]
            assert (shown is None) == (piece is None)
            if shown is not None:
                assert shown.color is piece.color and state.board.down[sq] == (shown.kind is None)
                if shown.kind is not None:
                    assert piece.kind is shown.kind
        for color in Color:
            dealt = Counter(
                p.kind
                for sq, p in enumerate(state.board.board)
                if p is not None and p.color is color and state.board.down[sq]
            )
            assert not dealt - unseen(knowledge, color)
            assert sum(unseen(knowledge, color).values()) <= sum(FULL_SET[color].values())


@pytest.mark.parametrize("variant", ["xiangqi", "jieqi", "jieqi-classic", "tuibei"])
def test_every_choice_is_legal_for_a_few_plies(variant: str):
    match = Match.start(variant, {}, 11)
    for ply in range(4):
        side = match.game.turn
        choice = choose(knowledge_of(match, side), level(2), seed=ply, budget=Budget(depth=1))
        match.apply(choice.action)


def test_a_side_ahead_is_discouraged_from_moving_straight_back():
    match = Match.start("xiangqi", {"fen": "5k3/9/9/9/4r4/9/9/4R4/9/3K5 w - - 0 1"})
    for text in ("e2e3", "f9f8"):
        match.apply(text)
    knowledge = knowledge_of(match, Color.RED)
    ahead = {"e3e2": 500.0, "e3e4": 480.0}
    _discourage_going_back(knowledge, ahead)
    assert max(ahead, key=ahead.__getitem__) == "e3e4"
    level_game = {"e3e2": 10.0, "e3e4": 0.0}  # not ahead: going back is a move like any other
    _discourage_going_back(knowledge, level_game)
    assert level_game["e3e2"] == 10.0


def test_knowledge_after_an_undo_holds_the_moves_as_they_stand():
    match = Match.start("xiangqi")
    for text in ("h2e2", "h9g7", "@r:undo-request", "@b:undo-accept", "b2e2"):
        match.apply(text)
    assert knowledge_of(match, Color.BLACK).log == ("b2e2",)


# Black threatens h9h0 mate (its chariot on b1 holds the king's rank 1); the
# horse on i4 hangs, but taking it leaves the threat on.
MATE_THREAT = {"fen": "5k1r1/9/9/9/8R/8n/9/9/1r7/3K5 w - - 0 1"}


def black_mates_at_once(match: Match) -> bool:
    for action in match.game.legal_actions():
        reply = Match.replay("xiangqi", MATE_THREAT, 0, [*match.entries, action.text])
        if reply.outcome == Outcome(Color.BLACK, Reason.CHECKMATE):
            return True
    return False


def test_a_mate_at_the_end_of_a_line_is_seen_by_the_quiescence_search():
    """Depth 1 is the move alone: the reply that mates is found because a side
    in check looks at every reply instead of standing pat."""
    knowledge = knowledge_of(Match.start("xiangqi", MATE_IN_ONE), Color.RED)
    state = plugin_for("xiangqi").sample(knowledge, random.Random(0))
    scores = Searcher(Budget(depth=1)).run(state).scores
    best = max(scores, key=scores.__getitem__)
    assert scores[best] >= MATE_BOUND and mates(MATE_IN_ONE, best.text)


def test_it_parries_a_mate_threat_instead_of_taking_a_piece():
    match = Match.start("xiangqi", MATE_THREAT)
    taken = Match.replay("xiangqi", MATE_THREAT, 0, ["i5i4"])
    assert black_mates_at_once(taken)  # the bait is poisoned
    choice = choose(knowledge_of(match, Color.RED), level(8), seed=1, budget=FAST)
    assert choice.action != "i5i4"
    match.apply(choice.action)
    assert not black_mates_at_once(match)


def test_an_action_a_cut_short_round_did_not_reach_ranks_below_the_best_it_did():
    before = {"a": 300, "b": 299, "c": 299}  # b and c: bounds below a
    assert with_partial(before, {"a": 120}) == {"a": 120, "b": 119, "c": 119}
    assert with_partial(before, {"a": 320, "b": 310}) == {"a": 320, "b": 310, "c": 299}
    assert with_partial(before, {}) == before
