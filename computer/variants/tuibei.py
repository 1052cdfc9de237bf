"""Tuibei: the opponent's pending tile sampled; predictions and counters
scored by playing them out in the sample.

Only one thing is ever hidden from a side in Tuibei: the kind on the
opponent's pending tile (its own tile it knows). A sample puts a kind the
opponent still holds on that tile and replays the public log, which gives a
whole game. Each root action (move, prediction or counter) is pushed on a
copy of the sample; a prediction is then answered by the opponent's best
move found without knowing the tile. What is left is searched as standard
xiangqi, plus the tiles each side still holds. The player averages the
scores over samples, so a counter is worth what it wins on average, not
what it would win if the tile were known.
"""

from __future__ import annotations

import copy
import random

from rules.actions import Action, parse_action
from rules.knowledge import HIDDEN, Knowledge
from rules.pieces import Color
from rules.variants.tuibei.actions import Predict
from rules.variants.tuibei.game import Tuibei
from rules.view import HIDDEN_TILE

from ..evaluation import MATE
from ..plugin import Plugin, register
from ..search import OutOfBudget, Searcher
from .xiangqi import XiangqiState

TILE = 80  # what holding one more tile kind than the opponent is worth


class TuibeiSample:
    """A whole Tuibei game agreeing with the knowledge; the search walks copies."""

    def __init__(self, game: Tuibei) -> None:
        self.game = game


def _value(game: Tuibei, me: Color, searcher: Searcher, depth: int, forced: bool) -> int:
    """``game`` for ``me``: its result if over, else a search of its board."""
    outcome = game.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else MATE if outcome.winner is me else -MATE
    tiles = TILE * (len(game.available(me)) - len(game.available(me.other())))
    score = searcher.score(XiangqiState(game.position.copy()), depth, forced=forced)
    return tiles + (score if game.turn is me else -score)


def _after(game: Tuibei, action: Action, reply: Action | None) -> Tuibei:
    """``game`` after ``action`` (and, after a prediction, the opponent's ``reply``)."""
    game = copy.deepcopy(game)
    game.push(action)
    if isinstance(action, Predict) and game.outcome() is None and reply is not None:
        game.push(reply)  # the tile resolves as the rules say
    return game


def _reply(game: Tuibei, searcher: Searcher) -> Action | None:
    """The opponent's best move were it to move now. A prediction changes no
    piece, so this is its reply to any prediction, found without the tile."""
    position = game.position.copy()
    position.turn = position.turn.other()
    return searcher.run(XiangqiState(position), max_depth=1).best


@register("tuibei")
class TuibeiPlugin(Plugin[TuibeiSample]):
    samples = 3

    def sample_count(self, knowledge: Knowledge) -> int:
        return self.samples if HIDDEN in knowledge.log else 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> TuibeiSample:
        log = list(knowledge.log)
        if HIDDEN in log:
            pools = knowledge.view.pools
            assert pools is not None
            theirs = pools[knowledge.side.other()]
            assert theirs.pending == HIDDEN_TILE
            kind = rng.choice(sorted(theirs.rack, key=lambda k: k.value))
            log[log.index(HIDDEN)] = Predict(kind).text
        actions = [parse_action(text) for text in log]
        return TuibeiSample(Tuibei.replay(actions, knowledge.options, 0))

    def root(self, knowledge: Knowledge, state: TuibeiSample, searcher: Searcher) -> dict[str, int]:
        game, me = state.game, knowledge.side
        actions = game.legal_actions()
        predicts = any(isinstance(action, Predict) for action in actions)
        reply = _reply(game, searcher) if predicts else None
        after = {action.text: _after(game, action, reply) for action in actions}
        done: dict[str, int] = {}
        for depth in range(searcher.budget.depth):
            try:
                done = {
                    text: _value(g, me, searcher, depth, depth == 0) for text, g in after.items()
                }
            except OutOfBudget:
                break
        return done
