"""Marked xiangqi: standard xiangqi where the seed marks one piece of each side,
known only to its owner, who is told privately where it stands whenever it
moves. Once a game, before a move, a side may ``peek``: it is told privately
where the opponent's marked piece stands, and it still has the move. The
marks change nothing on the board, so any seed replays the same position: the
computer plays it by drawing a seed of its own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol, Self

from rules.actions import Action, Move, action_type, parse_action
from rules.errors import GameOver, IllegalAction
from rules.pieces import Color
from rules.squares import Square, square_name
from rules.standard import StandardXiangqi
from rules.variant import Event, register

NAME = "toy-marked"


class _Knowledge(Protocol):  # what ``determinize`` reads of the computer's knowledge
    options: dict[str, str]
    log: tuple[str, ...]


@action_type
@dataclass(frozen=True, slots=True)
class Peek(Action):
    """The action of this variant alone: a look at the opponent's mark."""

    @property
    def text(self) -> str:
        return "peek"

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        return cls() if text == "peek" else None


PEEK_WORDS = {"iccs": "peek", "wxf": "peek", "chinese": "窥探"}


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
        self.peeked = [False, False]

    def legal_actions(self, side: Color | None = None) -> list[Action]:
        moves = super().legal_actions(side)
        return [*moves, Peek()] if moves and not self.peeked[self.turn] else moves

    def parse(self, text: str) -> Action:
        if text.strip().lower() in ("peek", "窥探"):
            if self._outcome is not None:
                raise GameOver("the game is over")
            return Peek()
        return super().parse(text)

    def notate(self, action: Action, style: str = "iccs") -> str:
        return PEEK_WORDS[style] if isinstance(action, Peek) else super().notate(action, style)

    def push(self, action: Action) -> list[Event]:
        if isinstance(action, Peek):
            return self._peek()
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

    def _peek(self) -> list[Event]:
        """The mover learns the opponent's mark (``-`` once it was taken)."""
        mover = self.turn
        if self._outcome is not None:
            raise GameOver("the game is over")
        if self.peeked[mover]:
            raise IllegalAction("peek is allowed once a game", move="peek")
        self.peeked[mover] = True
        self.actions.append(Peek())
        mark = self.marked[mover.other()]
        seen = {"square": "-" if mark is None else square_name(mark)}
        return [Event("peeked", {"side": mover.code}), Event("peek_seen", seen, audience=mover)]

    @classmethod
    def determinize(cls, knowledge: _Knowledge, rng: random.Random) -> MarkedXiangqi:
        """A game consistent with what one side knows: the public log replayed
        under a seed drawn at random (the marks never change a move)."""
        return cls.replay(
            [parse_action(text) for text in knowledge.log],
            knowledge.options,
            rng.randrange(2**32),
        )
