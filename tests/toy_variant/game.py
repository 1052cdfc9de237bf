"""Marked xiangqi: standard xiangqi where the seed marks one piece of each side,
known only to its owner, who is told privately where it stands whenever it
moves. The marks change nothing on the board, so any seed replays the same
position: the computer plays it by drawing a seed of its own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Protocol

from rules.actions import Action, Move
from rules.pieces import Color
from rules.squares import Square, square_name
from rules.standard import StandardXiangqi
from rules.variant import Event, register

NAME = "toy-marked"


class _Knowledge(Protocol):  # what ``determinize`` reads of the computer's knowledge
    options: dict[str, str]
    log: tuple[str, ...]


@register
class MarkedXiangqi(StandardXiangqi):
    name = NAME
    aliases: ClassVar[tuple[str, ...]] = ()
    title_en = "Marked xiangqi"
    title_zh = "暗记象棋"
    hidden_information = True

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        rng = random.Random(seed)
        board = self.position.board
        self.marked: list[Square | None] = [
            rng.choice([sq for sq, p in enumerate(board) if p is not None and p.color is side])
            for side in Color
        ]

    def push(self, action: Action) -> list[Event]:
        mover = self.turn
        events = super().push(action)
        assert isinstance(action, Move)
        other = mover.other()
        if self.marked[other] == action.to_sq:
            self.marked[other] = None  # captured
        if self.marked[mover] == action.from_sq:
            self.marked[mover] = action.to_sq
            where = {"square": square_name(action.to_sq)}
            events.append(Event("marked_moved", where, audience=mover))
        return events

    @classmethod
    def determinize(cls, knowledge: _Knowledge, rng: random.Random) -> MarkedXiangqi:
        """A game consistent with what one side knows: the public log replayed
        under a seed drawn at random (the marks never change a move)."""
        return cls.replay(
            [Move.from_iccs(text) for text in knowledge.log],
            knowledge.options,
            rng.randrange(2**32),
        )
