"""Tuibei: every kind the opponent's pending tile may be, each weighed by how
likely a predictor is to have chosen it; predictions scored against a reply
that may dodge them.

Only one thing is ever hidden from a side in Tuibei: the kind on the
opponent's pending tile (its own tile it knows). Rather than draw a few
kinds at random, a sample holds the whole game once per kind the opponent
still holds, so no kind is missed. A predictor names the kind it expects
the next move to be: the mover's best at one ply, a check first (a check
by a kind not predicted wins). That kind gets :data:`GUESSED` of the weight, the rest
is spread evenly over every kind held. An action's score is then the
weighted mean of its scores in each game, where the only difference the
tile makes is whether the moved piece is removed (or which tile a counter
costs), so most actions lead to two positions and each is searched once.

A prediction is scored against two replies, each as likely: that
expected move, and the opponent's best move of another kind, the one it
plays when it dodges the prediction. What is left is
searched as standard xiangqi, plus the tiles each side still holds.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Final

from rules.actions import Action, Move, Pass, parse_action
from rules.knowledge import HIDDEN, Knowledge
from rules.pieces import Color, Kind
from rules.position import Position
from rules.variants.tuibei.actions import Counter, Predict
from rules.variants.tuibei.game import Tuibei

from ..evaluation import KING_WORTH, MATE, MATE_BOUND
from ..plugin import Plugin, mates_as_kings, register
from ..search import OutOfBudget, Searcher
from ..tables import BASE
from .xiangqi import XiangqiState

TILE: Final = 80  # what holding one more tile kind than the opponent is worth
GUESSED: Final = 0.5  # the weight on the kind of the move a predictor expects
DODGE: Final = 0.5  # the chance that a predicted side plays its best move of another kind


class TuibeiSample:
    """The game once per kind the opponent's pending tile may be (``None``
    when no tile of theirs is pending: then there is one game)."""

    def __init__(self, games: Mapping[Kind | None, Tuibei]) -> None:
        self.games = dict(games)


def _value(game: Tuibei, me: Color, searcher: Searcher, depth: int, forced: bool) -> int:
    """``game`` for ``me``: its result if over, else a search of its board."""
    outcome = game.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else MATE if outcome.winner is me else -MATE
    score = searcher.score(TuibeiState(game.position.copy()), depth, forced=forced)
    score = score if game.turn is me else -score
    if abs(score) >= MATE_BOUND:
        return score
    return score + TILE * (len(game.available(me)) - len(game.available(me.other())))


def _key(game: Tuibei) -> Hashable:
    """Everything a position's score depends on, so positions that several
    actions (or several kinds of tile) lead to are searched once."""
    outcome = game.outcome()
    return (
        game.position.key(),
        tuple(game.pending),
        tuple(tuple(lost) for lost in game.lost),
        game.must_move,
        None if outcome is None else outcome.winner,
    )


def _after(game: Tuibei, *actions: Action) -> Tuibei:
    """A copy of ``game`` after ``actions``, as far as it lasts."""
    game = copy.deepcopy(game)
    for action in actions:
        if game.outcome() is None:
            game.push(action)
    return game


def _alike(
    game: Tuibei, action: Action, kinds: Mapping[Kind | None, float]
) -> list[tuple[Kind | None, float]]:
    """``kinds`` merged where the tile makes ``action`` do the same (a move's
    piece removed or not, a counter right or wrong), one kind standing for
    each, with their weights summed: one copy of the game each, not seven."""
    named = (
        _kind_moved(game, action)
        if isinstance(action, Move)
        else action.kind
        if isinstance(action, Counter)
        else None
    )
    merged: dict[bool, tuple[Kind | None, float]] = {}
    for kind, weight in kinds.items():
        first, total = merged.get(kind is named, (kind, 0.0))
        merged[kind is named] = (first, total + weight)
    return list(merged.values())


class TuibeiState(XiangqiState):
    """Standard xiangqi's state, but a side with no move that is not in check
    is not lost: it predicts (T-2, a turn), which the search plays as a pass.

    Its pieces are worth their material alone, wherever they stand: the
    predictor reads the mover's best move at one ply as its likely kind, and
    a square's worth would make quiet steps (a king back to its centre) that
    obvious, to be named and taken."""

    worth = BASE

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self._passed: list[bool] = []

    def actions(self) -> Sequence[Action]:
        moves = super().actions()
        return moves if moves or self.in_check() else [PASS]

    def is_capture(self, action: Action) -> bool:
        return isinstance(action, Move) and super().is_capture(action)

    def push(self, action: Action) -> None:
        self._passed.append(isinstance(action, Pass))
        if self._passed[-1]:
            self.push_null()
        else:
            super().push(action)

    def pop(self) -> None:
        if self._passed.pop():
            self.pop_null()
        else:
            super().pop()


PASS: Final = Pass()


def _kind_moved(game: Tuibei, move: Move) -> Kind:
    piece = game.position.board[move.from_sq]
    assert piece is not None
    return piece.kind


def _one_ply(game: Tuibei, searcher: Searcher, side: Color) -> dict[Move, int]:
    """Each move of ``side`` (as if it were to move) searched one ply."""
    position = game.position.copy()
    position.turn = side
    scores = searcher.run(TuibeiState(position), max_depth=1).scores
    return {action: score for action, score in scores.items() if isinstance(action, Move)}


def _replies(game: Tuibei, searcher: Searcher, side: Color) -> list[tuple[Move, float]]:
    """``side``'s answers to a prediction of the other side's, with their
    chances: its best move at one ply, a check first (a check by a kind not
    predicted wins, T-4), and with chance :data:`DODGE` its best of another
    kind. A predictor expects the first."""
    scores = _one_ply(game, searcher, side)
    if not scores:
        return []

    def worth(move: Move) -> int:
        after = game.position.copy()
        after.turn = side
        after.push(move)
        return KING_WORTH if after.is_check() else scores[move]

    ranked = sorted(scores, key=lambda m: (-worth(m), m.text))
    best = ranked[0]
    dodge = next((m for m in ranked if _kind_moved(game, m) is not _kind_moved(game, best)), None)
    return [(best, 1.0)] if dodge is None else [(best, 1 - DODGE), (dodge, DODGE)]


def _tile_weights(
    game: Tuibei, searcher: Searcher, kinds: Iterable[Kind | None]
) -> dict[Kind | None, float]:
    """How likely the opponent's pending tile is each of ``kinds``: the kind
    of the move it expected of us gets :data:`GUESSED` on top of an even share."""
    held = list(kinds)
    replies = _replies(game, searcher, game.turn)
    guess = _kind_moved(game, replies[0][0]) if replies else None
    share = (1 - GUESSED) / len(held) if guess in held else 1 / len(held)
    return {kind: share + (GUESSED if kind is guess else 0.0) for kind in held}


@register("tuibei")
class TuibeiPlugin(Plugin[TuibeiSample]):
    def sample_count(self, knowledge: Knowledge) -> int:
        """One: a sample holds every kind the hidden tile may be."""
        return 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> TuibeiSample:
        log = [parse_action(text) for text in knowledge.log if text != HIDDEN]
        game = Tuibei.replay(log, knowledge.options, 0)
        if len(log) == len(knowledge.log):
            return TuibeiSample({None: game})
        pools = knowledge.view.pools
        assert pools is not None
        rack = sorted(pools[knowledge.side.other()].rack, key=lambda k: k.value)
        # A pending prediction is always the latest action (Tuibei.secret_tail).
        return TuibeiSample({kind: _after(game, Predict(kind)) for kind in rack})

    def root(self, knowledge: Knowledge, state: TuibeiSample, searcher: Searcher) -> dict[str, int]:
        me = knowledge.side
        first = next(iter(state.games.values()))
        actions = first.legal_actions()
        if None in state.games:
            kinds: dict[Kind | None, float] = {None: 1.0}
        else:
            kinds = _tile_weights(first, searcher, state.games)
        replies: list[tuple[Move, float]] = []
        if any(isinstance(action, Predict) for action in actions):
            replies = _replies(first, searcher, me.other())
        # action -> [(weight, key of the position it leads to)], and those positions
        leads: dict[str, list[tuple[float, Hashable]]] = {}
        positions: dict[Hashable, Tuibei] = {}
        for action in actions:
            outcomes: list[tuple[float, Tuibei]] = []
            for kind, weight in _alike(first, action, kinds):
                game = state.games[kind]
                if isinstance(action, Predict) and replies:
                    for reply, chance in replies:
                        outcomes.append((weight * chance, _after(game, action, reply)))
                else:
                    outcomes.append((weight, _after(game, action)))
            merged: dict[Hashable, float] = {}
            for weight, game in outcomes:
                key = _key(game)
                positions.setdefault(key, game)
                merged[key] = merged.get(key, 0.0) + weight
            leads[action.text] = [(weight, key) for key, weight in merged.items()]
        values: dict[Hashable, int] = {}
        for depth in range(searcher.budget.depth):
            try:
                values = {
                    key: _value(game, me, searcher, depth, depth == 0)
                    for key, game in positions.items()
                }
            except OutOfBudget:
                break
        return _weighed(leads, values)


def _weighed(
    leads: dict[str, list[tuple[float, Hashable]]], values: dict[Hashable, int]
) -> dict[str, int]:
    """Each action's score: that of the one position it leads to, else the
    weighted mean over its positions, a won or lost one counted as a king
    more or less than the best or worst of the others (as samples are)."""
    worth = mates_as_kings(values)
    return {
        text: values[ends[0][1]] if len(ends) == 1 else round(sum(w * worth[k] for w, k in ends))
        for text, ends in leads.items()
    }
