"""Jieqi's plug-in (both rule sets): deals of what is unseen for the levels
that sample, and the chance search for the levels and the review where it
judged better than sampling."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import ClassVar

from rules.knowledge import Knowledge
from rules.pieces import Color, Kind, Piece
from rules.variant import find_variant
from rules.variants.jieqi.game import JieqiBase
from rules.variants.jieqi.moves import HiddenBoard

from ...evaluation import VALUES
from ...levels import Level
from ...plugin import Searched, SearchPlugin, register
from ...search import Budget, SearchState
from .chance_player import chance_scores
from .chance_search import ChanceSearch
from .state import JieqiState, Past, unseen

CHANCE_LEVELS = frozenset({6, 7, 8})  # the levels played without samples (BENCHMARKS.md)


def _shuffled(knowledge: Knowledge, rng: random.Random) -> list[list[Kind]]:
    """Each colour's unseen pieces in an order drawn by ``rng``."""
    pools = [sorted(unseen(knowledge, color).elements(), key=lambda k: k.value) for color in Color]
    for pool in pools:
        rng.shuffle(pool)
    return pools


def _mean(kinds: Counter[Kind]) -> int:
    total = sum(kinds.values())
    return sum(VALUES[k] * n for k, n in kinds.items()) // total if total else 0


@register("jieqi")
class JieqiPlugin(SearchPlugin):
    samples = 4
    node_share = 0.35  # its evaluation walks the whole board
    # Levels 5 to 8 differed by little more than their ties at the common
    # noise (a face-down king taken by luck decides many games), so the
    # noise halves level by level up to the top. Levels 2 to 4 search a
    # few hundred nodes, which buys little, so the noise falls faster there
    # (BENCHMARKS.md). Level 1 is no noisier: nearly random, its reveals
    # took level 8's face-down king more often.
    noises: ClassVar[Mapping[int, int]] = {
        1: 1200,
        2: 800,
        3: 400,
        4: 150,
        5: 80,
        6: 40,
        7: 15,
        8: 0,
    }

    def sample_count(self, knowledge: Knowledge) -> int:
        hidden = any(p is not None and p.kind is None for p in knowledge.view.board)
        return self.samples if hidden else 1

    def sample(self, knowledge: Knowledge, rng: random.Random) -> SearchState:
        return self.dealt(knowledge, _shuffled(knowledge, rng))

    def unsampled(self, knowledge: Knowledge, level: Level, budget: Budget) -> Searched | None:
        """At :data:`CHANCE_LEVELS`, Jieqi's face-down pieces stay unknown to
        the search (:mod:`.chance_player`), where it played stronger
        than determinization in games (BENCHMARKS.md)."""
        if level.number not in CHANCE_LEVELS:
            return None
        return chance_scores(knowledge, budget, level.noise + 1, partial=self.partial_rounds)

    def weighed(self, knowledge: Knowledge, depth: int) -> dict[str, int]:
        """One search in which face-down pieces stay unknown to both sides
        (:mod:`.chance_search`): over samples, the side that reveals last
        would choose its reveals knowing what they turn up."""
        state = self.dealt(knowledge, _shuffled(knowledge, random.Random(0)))
        return ChanceSearch(state, knowledge, depth).weigh()

    def dealt(self, knowledge: Knowledge, pools: list[list[Kind]]) -> JieqiState:
        """The deal giving each colour's face-down points its ``pools`` in
        board order, from the end (what is left over was taken unseen)."""
        view = knowledge.view
        variant = find_variant(knowledge.variant)
        assert issubclass(variant, JieqiBase)
        board: list[Piece | None] = [None] * 90
        down = [False] * 90
        hidden_value = [0, 0]
        for color in Color:
            pool = list(pools[color])
            hidden_value[color] = _mean(Counter(pool))
            for sq, piece in enumerate(view.board):
                if piece is None or piece.color is not color:
                    continue
                if piece.kind is None:
                    board[sq], down[sq] = Piece(color, pool.pop()), True
                else:
                    board[sq] = Piece(color, piece.kind)
        hidden = HiddenBoard(board, down, view.turn, variant.rules)
        reveals = variant.name == "jieqi"
        past = Past(knowledge, variant.king_face_up)
        return JieqiState(hidden, reveals, (hidden_value[0], hidden_value[1]), past)


@register("jieqi-classic")
class ClassicJieqiPlugin(JieqiPlugin):
    """Jieqi under the classic rules, where a face-down piece moves as the
    piece of the starting square it stands on: its bottom levels need more
    noise between them than the other rules' (BENCHMARKS.md)."""

    noises: ClassVar[Mapping[int, int]] = {**JieqiPlugin.noises, 1: 2400, 2: 1000}
