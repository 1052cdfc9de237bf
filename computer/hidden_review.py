"""Weighing a move of a game with hidden pieces from what its mover knew.

Whoever moves in Jieqi, Tuibei or third-generation xiangqi does not see
everything: which piece lies face-down, which tile the opponent holds. A
search of the real game would blame a move for what the mover could not
know, and one sample of what is hidden would favour whichever action that
sample happens to flatter. So every legal action of the mover is scored over
the same samples of what was hidden from it (its plug-in's
:meth:`~computer.plugin.Plugin.review_samples`, drawn from the mover's
:class:`~rules.knowledge.Knowledge` by a seed fixed per position), each
sample searched by the built-in search to a fixed depth, and the action's
winning chances averaged over them. The same game therefore gets the same
review on any machine, however busy.

The search looks one ply past the action and then at the captures that
answer it. A deeper search of a sample would choose the opponent's own
reveals knowing what they turn up, which no player can, and it favours the
side that reveals last so much that the first reveals of a Jieqi game, all
worth the same to a player who cannot see under them, would be told apart.
A variant whose plug-in can search what is hidden without sampling it
(:meth:`~computer.plugin.Plugin.weighed`) is weighed by that search instead:
Jieqi under both rule sets, where everything hidden is which piece lies
face-down, keeps the face-down pieces unknown to both sides and makes every
reveal (and, under the classic rules, every first move of a face-down
piece, which turns it up) a chance node, so it can look two plies deep
without either side knowing what it will turn.
"""

from __future__ import annotations

import random

from rules.knowledge import Knowledge

from .plugin import plugin_for
from .review import centipawns, winning_chance
from .search import Budget, Searcher

DEPTH = 1  # plies searched, the action included, before the captures that answer it
CHANCE_DEPTH = 2  # the same, for a plug-in's one search that keeps the hidden hidden


def weigh(knowledge: Knowledge, scale: int = 1) -> dict[str, int]:
    """Every legal action of the side to move, worth the centipawns of its
    mean winning chance over the position's samples, each searched
    ``scale`` times :data:`DEPTH` plies deep (a plug-in's own search
    ``scale`` times :data:`CHANCE_DEPTH`)."""
    plugin = plugin_for(knowledge.variant)
    whole = plugin.weighed(knowledge, CHANCE_DEPTH * scale)
    if whole is not None:
        return dict(sorted(whole.items()))
    samples = plugin.review_samples(knowledge, random.Random(len(knowledge.log)))
    chances: dict[str, float] = {}
    for state in samples:
        searcher = Searcher(Budget(depth=DEPTH * scale))
        for text, score in plugin.root(knowledge, state, searcher).items():
            chances[text] = chances.get(text, 0.0) + winning_chance(score)
    # Legality never depends on a secret, so every sample has every action.
    return {text: centipawns(total / len(samples)) for text, total in sorted(chances.items())}
