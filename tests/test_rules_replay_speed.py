"""A replayed game is the game that was played: the start position is parsed
once per FEN and copied into each game, so games built after others have
played on their copies (other seeds, other variants) must still start clean
and end in the same state as a game played move by move from a fresh parse."""

from __future__ import annotations

import random

import pytest

from rules.errors import RulesError
from rules.match import Match
from rules.outcome import Reason
from rules.pieces import Color
from rules.position import _parse_fen
from rules.variant import Game, variants

VIEWERS = (Color.RED, Color.BLACK, None)
SEEDS = (3, 11, 29)
PLIES = 70


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a player or the platform can learn of a game."""
    return (
        [a.text for a in game.actions],
        [game.view(viewer) for viewer in VIEWERS],
        game.outcome(),
        sorted(a.text for a in game.legal_actions()),
    )


def play_live(variant: str, options: dict[str, str], seed: int) -> tuple[list[str], list[object]]:
    """A seeded random game played entry by entry from a freshly parsed start,
    with the state after every ply."""
    _parse_fen.cache_clear()
    match = Match.start(variant, options, seed)
    rng = random.Random(seed)
    texts: list[str] = []
    states = [snapshot(match.game)]
    while len(texts) < PLIES and match.outcome is None:
        text = rng.choice(match.game.legal_actions()).text
        match.apply(text)
        texts.append(text)
        states.append(snapshot(match.game))
    return texts, states


@pytest.mark.parametrize("variant", [cls.name for cls in variants()])
def test_replays_match_the_games_played_move_by_move(variant: str) -> None:
    played = [play_live(variant, {}, seed) for seed in SEEDS]
    for seed, (texts, states) in zip(SEEDS, played, strict=True):
        for plies in sorted({0, 1, 10, len(texts) // 2, len(texts)}):
            replayed = Match.replay(variant, {}, seed, texts[:plies])
            assert snapshot(replayed.game) == states[plies], (seed, plies)


def test_a_handicap_replay_matches_its_live_game_after_other_games() -> None:
    Match.replay("xiangqi", {}, 0, ["h0g2", "h9g7"])  # plays on a copy of the full start
    options = {"handicap": "chariot", "handicap_side": "black"}
    texts, states = play_live("xiangqi", options, 5)
    Match.replay("xiangqi", options, 5, texts)  # and on a copy of the handicap start
    assert snapshot(Match.replay("xiangqi", options, 5, texts).game) == states[-1]
    assert snapshot(Match.start("xiangqi", options, 5).game) == states[0]


def test_a_replayed_repetition_gets_the_live_verdict() -> None:
    shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"] * 2
    live = Match.start("xiangqi")
    for text in shuffle:
        live.apply(text)
    replayed = Match.replay("xiangqi", {}, 0, shuffle)
    outcome = replayed.outcome
    assert outcome is not None and outcome.reason is Reason.REPETITION
    assert snapshot(replayed.game) == snapshot(live.game)


@pytest.mark.parametrize("variant", [cls.name for cls in variants()])
def test_a_corrupt_log_is_still_refused(variant: str) -> None:
    texts, _ = play_live(variant, {}, 7)
    swapped = [texts[1], texts[0], *texts[2:]]  # Black's reply before Red's move
    for log in (swapped, [*texts[:4], "e0e9"], [*texts[:4], "junk"]):
        for _ in range(2):  # a refused text is refused again, not remembered
            with pytest.raises(RulesError):
                Match.replay(variant, {}, 7, log)


# Black's king on d9 has only d8 (the chariot on a8 holds it) and e9 (facing
# Red's king); b7b9 checks along rank 9 and mates.
MATE_IN_ONE = {"fen": "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1"}


def test_a_replay_ending_in_mate_is_judged_as_the_live_game() -> None:
    live = Match.start("xiangqi", MATE_IN_ONE)
    live.apply("b7b9")
    outcome = live.outcome
    assert outcome is not None and outcome.reason is Reason.CHECKMATE
    assert snapshot(Match.replay("xiangqi", MATE_IN_ONE, 0, ["b7b9"]).game) == snapshot(live.game)


@pytest.mark.parametrize("after", ["d9e9", "d9d8", "@b:resign", "@r:draw-offer", "@b:abort"])
def test_nothing_is_replayed_after_a_mate(after: str) -> None:
    """A replay judges mate at its end only, so an entry after a mate inside
    the log must be refused by its own test: a move has no legal move to be,
    and a platform entry first has the mate judged."""
    live = Match.start("xiangqi", MATE_IN_ONE)
    live.apply("b7b9")
    with pytest.raises(RulesError):
        live.apply(after)
    with pytest.raises(RulesError):
        Match.replay("xiangqi", MATE_IN_ONE, 0, ["b7b9", after])
