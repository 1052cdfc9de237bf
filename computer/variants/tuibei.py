"""Tuibei: every kind the opponent's pending tile may be, each weighed by how
likely a predictor is to have chosen it; predictions scored against a reply
that may dodge them.

Only one thing is ever hidden from a side in Tuibei: the kind on the
opponent's pending tile (its own tile it knows). Rather than draw a few
kinds at random, a sample holds the whole game once per kind the opponent
still holds, so no kind is missed. A predictor names the kind it expects
the next move to be: the mover's best as the first of two moves in a row
(what a missed prediction gives it), a check first (a check
by a kind not predicted wins). That kind gets :data:`GUESSED` of the weight, the rest
is spread evenly over every kind held. An action's score is then the
weighted mean of its scores in each game, where the only difference the
tile makes is whether the moved piece is removed (or which tile a counter
costs), so most actions lead to two positions and each is searched once.

A prediction is scored against two replies: that expected move, and the
opponent's best move of another kind, the one it plays when it dodges the
prediction. What is left is searched as standard xiangqi, plus the tiles
each side still holds.

Both guesses start from that model and learn from the game (a
:class:`Record` of the public log): the opponent's revealed tiles shift the
weights towards the kinds it actually names, and our own predictions'
hits and misses set how many of the hits the model expects come true. A
side that keeps naming the chariot makes ours wary of moving it, and an
opponent whose moves our tiles keep missing is no longer predicted move
after move, each miss giving it two moves in a row.
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
from rules.repetition import Occurrences
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
# How many of the game's own observations the model above counts as, when
# the record of the game so far is mixed in: for the kinds the opponent
# names, many (a predictor mostly names the kind of our obvious move, which
# changes from move to move, so two chariots named say little of the third
# tile), for our own hits, few.
NAMED_PRIOR: Final = 6.0
HIT_PRIOR: Final = 2.0


class Record:
    """What the public log tells of the game so far: the kinds the opponent
    has named (revealed once its tiles resolved), how many of our predictions
    the opponent answered with a move and of those how many hit, and the
    positions met with no tile pending (which the search scores as draws if
    met again, so a side ahead does not let predictions and the double moves
    they hand out shuffle the game into a repetition)."""

    def __init__(self) -> None:
        self.named: dict[Kind, int] = {}
        self.answered = 0
        self.hits = 0
        self.positions = Occurrences()

    def hit_share(self) -> float:
        """The share of the hits the model expects of our predictions that
        come true: one until the opponent has moved the kind we named less
        often than the model's ``1 - DODGE``."""
        expected = 1 - DODGE
        chance = (HIT_PRIOR * expected + self.hits) / (HIT_PRIOR + self.answered)
        return min(1.0, chance / expected)

    def tile_weights(self, prior: Mapping[Kind | None, float]) -> dict[Kind | None, float]:
        """``prior`` (summing to one) updated by the kinds the opponent has named."""
        named = {kind: self.named.get(kind, 0) if kind is not None else 0 for kind in prior}
        total = NAMED_PRIOR + sum(named.values())
        return {
            kind: (NAMED_PRIOR * weight + named[kind]) / total for kind, weight in prior.items()
        }


RESOLVED: Final = frozenset({"prediction_hit", "prediction_missed", "prediction_blocked"})
SIDES: Final = {color.code: color for color in Color}


def replayed(log: Sequence[Action], options: Mapping[str, str], me: Color) -> tuple[Tuibei, Record]:
    """The game after ``log``, and the :class:`Record` of its resolved tiles for ``me``."""
    record = Record()
    game = Tuibei.start(options, 0)
    record.positions.add(game.position.key())
    for action in log:
        events = game.push(action)
        if not game.must_move and all(tile is None for tile in game.pending):
            record.positions.add(game.position.key())
        for event in events:
            if event.code == "countered":
                kind, predictor = Kind(event.params["tile"]), SIDES[event.params["side"]].other()
            elif event.code in RESOLVED:
                kind, predictor = Kind(event.params["kind"]), SIDES[event.params["side"]]
                if predictor is me:
                    record.answered += 1
                    # A blocked removal still named the kind that moved.
                    record.hits += event.code != "prediction_missed"
            else:
                continue
            if predictor is not me:
                record.named[kind] = record.named.get(kind, 0) + 1
    return game, record


class TuibeiSample:
    """The game once per kind the opponent's pending tile may be (``None``
    when no tile of theirs is pending: then there is one game), and the
    :class:`Record` of the tiles so far."""

    def __init__(self, games: Mapping[Kind | None, Tuibei], record: Record | None = None) -> None:
        self.games = dict(games)
        self.record = Record() if record is None else record


def _value(
    game: Tuibei, me: Color, searcher: Searcher, depth: int, forced: bool, past: Occurrences
) -> int:
    """``game`` for ``me``: its result if over, else a search of its board
    (the positions of the game's ``past`` met again scoring as draws)."""
    outcome = game.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else MATE if outcome.winner is me else -MATE
    score = searcher.score(TuibeiState(game.position.copy(), past), depth, forced=forced)
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
    predictor reads the mover's best move as its likely kind, and
    a square's worth would make quiet steps (a king back to its centre) that
    obvious, to be named and taken."""

    worth = BASE

    def __init__(self, position: Position, past: Occurrences | None = None) -> None:
        super().__init__(position, past)
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


def _two_in_a_row(
    game: Tuibei, searcher: Searcher, side: Color, past: Occurrences
) -> dict[Move, int]:
    """Each move of ``side`` (as if it were to move), for ``side``, as the first
    of two in a row: under a prediction that misses, the mover moves again,
    so a move that threatens a piece is as good as taking it, and one that
    brings a position of the game's ``past`` back a third time draws."""
    position = game.position.copy()
    position.turn = side
    state = TuibeiState(position)
    scores: dict[Move, int] = {}
    for action in state.actions():
        if isinstance(action, Move):
            state.push(action)
            state.push_null()
            try:
                third = past.times(state.position.key()) >= 2
                scores[action] = 0 if third else searcher.score(state, 0, forced=True)
            finally:
                state.pop_null()
                state.pop()
    return scores


def _replies(
    game: Tuibei, searcher: Searcher, side: Color, past: Occurrences
) -> list[tuple[Move, float]]:
    """``side``'s answers to a prediction of the other side's, with their
    chances: its best move as the first of two in a row (which it is if the
    prediction misses), a check first (a check by a kind not predicted wins,
    T-4), and with chance :data:`DODGE` its best of another kind. A predictor
    expects the first."""
    scores = _two_in_a_row(game, searcher, side, past)
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
    game: Tuibei, searcher: Searcher, kinds: Iterable[Kind | None], record: Record
) -> dict[Kind | None, float]:
    """How likely the opponent's pending tile is each of ``kinds``: the kind
    of the move it expected of us gets :data:`GUESSED` on top of an even
    share, then the kinds it has named so far are mixed in."""
    held = list(kinds)
    replies = _replies(game, searcher, game.turn, record.positions)
    guess = _kind_moved(game, replies[0][0]) if replies else None
    share = (1 - GUESSED) / len(held) if guess in held else 1 / len(held)
    return record.tile_weights({kind: share + (GUESSED if kind is guess else 0.0) for kind in held})


@register("tuibei")
class TuibeiPlugin(Plugin[TuibeiSample]):
    def sample_count(self, knowledge: Knowledge) -> int:
        """One: a sample holds every kind the hidden tile may be."""
        return 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> TuibeiSample:
        log = [parse_action(text) for text in knowledge.log if text != HIDDEN]
        game, record = replayed(log, knowledge.options, knowledge.side)
        if len(log) == len(knowledge.log):
            return TuibeiSample({None: game}, record)
        pools = knowledge.view.pools
        assert pools is not None
        rack = sorted(pools[knowledge.side.other()].rack, key=lambda k: k.value)
        # A pending prediction is always the latest action (Tuibei.secret_tail).
        return TuibeiSample({kind: _after(game, Predict(kind)) for kind in rack}, record)

    def root(self, knowledge: Knowledge, state: TuibeiSample, searcher: Searcher) -> dict[str, int]:
        me = knowledge.side
        first = next(iter(state.games.values()))
        actions = first.legal_actions()
        if None in state.games:
            kinds: dict[Kind | None, float] = {None: 1.0}
        else:
            kinds = _tile_weights(first, searcher, state.games, state.record)
        replies: list[tuple[Move, float]] = []
        if any(isinstance(action, Predict) for action in actions):
            replies = _replies(first, searcher, me.other(), state.record.positions)
        share = state.record.hit_share()
        # action -> [(weight, key of the position it leads to)], and those positions
        leads: dict[str, list[tuple[float, Hashable]]] = {}
        positions: dict[Hashable, Tuibei] = {}
        for action in actions:
            outcomes: list[tuple[float, Tuibei]] = []
            for kind, weight in _alike(first, action, kinds):
                game = state.games[kind]
                if isinstance(action, Predict) and replies:
                    for reply, chance in replies:
                        outcomes += _predicted(game, action, reply, weight * chance, share)
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
                    key: _value(game, me, searcher, depth, depth == 0, state.record.positions)
                    for key, game in positions.items()
                }
            except OutOfBudget:
                break
        return _weighed(leads, values)


def _predicted(
    game: Tuibei, action: Predict, reply: Move, weight: float, share: float
) -> list[tuple[float, Tuibei]]:
    """The games after ``action`` and ``reply``, with their weights: where the
    reply moves the kind named, only ``share`` of ``weight`` goes to the hit,
    the rest to the same reply under a tile of another kind (a miss)."""
    hit = _after(game, action, reply)
    if share >= 1 or _kind_moved(game, reply) is not action.kind:
        return [(weight, hit)]
    other = next((k for k in game.available(game.turn) if k is not action.kind), None)
    if other is None:
        return [(weight, hit)]
    return [(weight * share, hit), (weight * (1 - share), _after(game, Predict(other), reply))]


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
