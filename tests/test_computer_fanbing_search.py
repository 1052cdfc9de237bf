"""How the third-generation search ends its lines: a position the game has met
scores as a draw (S-4), a minister on the enemy king's point wins (F-5), a
lead shrinks while nothing is taken; and how a sample's wins are summed."""

from __future__ import annotations

import copy
import random

from computer.evaluation import KING_WORTH, MATE
from computer.plugin import mates_as_kings
from computer.search import Budget, Searcher
from computer.variants.fanbing import FanbingPlugin, FanbingSample, FanbingState, path_hash
from rules.actions import Move, parse_action
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.variants.fanbing.game import Fanbing
from rules.variants.fanbing.moves import CROSSED, LEFT_PALACE


def state_of(game: Fanbing) -> FanbingState:
    return FanbingState(game.position.copy(), game.keys)


def test_a_position_the_game_has_met_scores_as_a_draw():
    game = Fanbing.start({}, 0)
    for text in ("h0g2", "h9g7", "g2h0"):
        game.push(Move.from_iccs(text))
    state = state_of(game)
    state.push(Move.from_iccs("g7h9"))  # the start position again
    assert state.terminal() == 0
    state.pop()
    state.push(Move.from_iccs("a9a8"))
    assert state.terminal() is None
    state.push(Move.from_iccs("h0g2"))
    state.push(Move.from_iccs("a8a9"))  # met in this line, not in the game
    assert state.terminal() == 0


def test_a_minister_on_the_enemy_kings_point_wins_in_the_search():
    game = Fanbing.from_fen("3k5/5M3/9/9/9/9/9/9/9/4K4 w", {}, flags={"f8": LEFT_PALACE | CROSSED})
    state = state_of(game)
    state.push(Move.from_iccs("f8e9"))
    assert state.terminal() == -MATE  # for Black, to move: lost
    state.pop()
    state.push(Move.from_iccs("f8g7"))
    assert state.terminal() is None
    knowledge = knowledge_of(Match.start("fanbing", {}, 0), Color.RED)
    scores = FanbingPlugin().root(knowledge, FanbingSample(game), Searcher(Budget(depth=2)))
    assert max(scores, key=scores.__getitem__) == "f8e9"


def test_a_lead_shrinks_while_nothing_is_taken():
    game = Fanbing.from_fen("4k4/9/9/9/9/9/9/9/9/R3K3R w", {})
    fresh = state_of(game)
    early = fresh.evaluate()
    game.position.quiet_plies = 100
    late = state_of(game).evaluate()
    assert 0 < late < early


def test_a_mate_in_one_sample_beats_any_lead_in_material_and_sooner_beats_later():
    won = mates_as_kings({"mate": MATE - 1, "later": MATE - 5, "rich": 3_600, "poor": -200})
    assert won["mate"] > won["later"] > won["rich"] == 3_600
    assert won["mate"] == 3_600 + KING_WORTH - 1
    lost = mates_as_kings({"mated": -MATE + 2, "down": -3_600, "even": 0})
    assert lost["mated"] < lost["down"] == -3_600
    assert mates_as_kings({"a": 10, "b": -10}) == {"a": 10, "b": -10}


def test_two_chariots_mate_a_bare_king_that_moves_at_random():
    """Two chariots against a bare king that moves at random: the search mates
    within a few moves instead of drawing by repetition."""
    game = Fanbing.from_fen("3k5/9/9/9/9/9/9/9/9/R3K3R w", {})
    knowledge = knowledge_of(Match.start("fanbing", {}, 0), Color.RED)
    rng = random.Random(3)
    for _ in range(30):
        if game.outcome() is not None:
            break
        if game.turn is Color.RED:
            sample = FanbingSample(copy.deepcopy(game))
            scores = FanbingPlugin().root(knowledge, sample, Searcher(Budget(depth=3)))
            action = max(sorted(scores), key=scores.__getitem__)
        else:
            action = rng.choice(game.legal_actions()).text
        game.push(parse_action(action))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.RED


def test_the_past_is_hashed_as_the_search_hashes_its_positions():
    """The search looks a position up in the game's past only when the past
    holds its hash, hashed from the past's whole keys (``path_hash``): so the
    two must agree on every position, 骉's context and shown backs included,
    or a repetition would go unseen. Random games reach both."""
    with_context = with_shown_backs = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = Match.start("fanbing", {}, seed)
        while match.outcome is None and match.game.ply < 200:
            position = match.game.position
            key = position.key()
            assert path_hash(key) == FanbingState(position.copy())._path_key()
            with_context += len(key) > 92
            with_shown_backs += any(back is not None for back, _ in key[91])
            match.apply(rng.choice(match.game.legal_actions()).text)
    assert with_context and with_shown_backs
