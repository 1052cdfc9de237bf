"""Standard xiangqi (S-1 to S-4, S-10, S-12) as a :class:`~rules.variant.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import ClassVar, Self

from .actions import Action, Move
from .errors import GameOver, IllegalAction
from .outcome import Outcome, Reason
from .pieces import Color, Kind
from .position import START_FEN, Position
from .repetition import Occurrences, PlyFacts, id_drift, record, verdict
from .squares import mirror_rank, parse_square
from .variant import Event, Game, register
from .view import PieceView, View, face_up

# S-10: pieces the handicapping side starts without, named from Red's side.
HANDICAPS: dict[str, tuple[str, ...]] = {
    "none": (),
    "horse": ("b0",),
    "two-horses": ("b0", "h0"),
    "chariot": ("a0",),
    "chariot-horse": ("a0", "b0"),
    "cannon": ("b2",),
}

NO_CAPTURE_LIMIT = 120  # S-12
ATTACKING = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.PAWN})


@cache  # a few names and two sides; every new or replayed game asks
def handicap_fen(name: str, side: Color = Color.RED) -> str:
    """The start FEN with ``side`` missing the pieces of handicap ``name``.

    :raises ValueError: for an unknown handicap.
    """
    if name not in HANDICAPS:
        raise ValueError(f"unknown handicap {name!r}; known: {', '.join(HANDICAPS)}")
    position = Position.from_fen(START_FEN)
    for sq_name in HANDICAPS[name]:
        sq = parse_square(sq_name)
        position.board[sq if side is Color.RED else mirror_rank(sq)] = None
    return position.fen()


@register
class StandardXiangqi(Game):
    """Options: ``handicap`` (a key of :data:`HANDICAPS`), ``handicap_side``
    (``red``/``black``), or ``fen`` to start from any position (analysis, tests).
    """

    name = "xiangqi"
    aliases: ClassVar[tuple[str, ...]] = ("standard", "xq", "象棋", "中国象棋")
    title_en = "Xiangqi"
    title_zh = "中国象棋"

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        handicap = self.options.get("handicap", "none")
        side = Color.BLACK if self.options.get("handicap_side") == "black" else Color.RED
        self.start_fen = self.options.get("fen") or handicap_fen(handicap, side)
        self.position = Position.from_fen(self.start_fen)
        self.ids: list[int | None] = [
            sq if piece is not None else None for sq, piece in enumerate(self.position.board)
        ]
        self.keys = Occurrences()
        self.keys.add(self.position.key())
        self.facts: list[PlyFacts] = []
        self.captured: tuple[list[PieceView], list[PieceView]] = ([], [])
        self.last_move: Move | None = None
        self._late = False  # judge_late: the no-legal-move test waits for judge
        self._unjudged = False  # a ply whose test waited

    @classmethod
    def start(cls, options: Mapping[str, str] | None = None, seed: int = 0) -> Self:
        """A new game, judged at once: a given FEN may already be decided (the
        side to move mated or stalemated, S-3), and then it ends as after a push.
        The standard and handicap starts never are (every replay starts there)."""
        game = super().start(options, seed)
        if game.options.get("fen"):
            game._outcome = game._adjudicate()
        return game

    @property
    def is_handicap(self) -> bool:
        return self.options.get("handicap", "none") != "none"

    @property
    def turn(self) -> Color:
        return self.position.turn

    def legal_actions(self, side: Color | None = None) -> list[Action]:
        if self._outcome is not None or (side is not None and side is not self.turn):
            return []
        return list(self.position.legal_moves())

    def drift(self) -> list[str]:
        """Piece ids against the board, and generation against the position
        rebuilt from its FEN."""
        position = self.position
        found = id_drift(position.board, self.ids)
        if self._outcome is not None:  # a king may be gone: no FEN to rebuild from
            return found
        fresh = type(position).from_fen(position.fen())
        if set(position.legal_moves()) != set(fresh.legal_moves()):
            found.append("legal moves differ from the position rebuilt from its FEN")
        if position.is_check() != fresh.is_check():
            found.append(f"check: {position.is_check()} != {fresh.is_check()}")
        return found

    def push(self, action: Action) -> list[Event]:
        if self._outcome is not None:
            raise GameOver("the game is over")
        if not isinstance(action, Move) or not self.position.is_legal(action):
            raise IllegalAction(f"{action.text} is not a legal move now", move=action.text)
        mover = self.turn
        before = tuple(self.position.board)  # kept as it is by the ply's facts
        events = self._play(action)
        self.actions.append(action)
        check = self.position.is_check()
        facts = PlyFacts.after_move(mover, check, before, self.position.board, action, self.ids)
        record(self.facts, facts, irreversible=self.position.quiet_plies == 0)
        self.keys.add(self.position.key())
        self._outcome = self._adjudicate()
        if check and self._outcome is None:
            events.append(Event("check"))
        return events

    def _play(self, move: Move) -> list[Event]:
        """Make the legal ``move`` on the board, keeping piece ids (S-4 chases
        follow a piece) and captures in step; its ``move`` and ``capture`` events.
        Variants that add state around moves (Tuibei) build on this.
        """
        mover = self.turn
        captured = self.position.push_unchecked(move)
        self.last_move = move
        ids = self.ids
        ids[move.to_sq], ids[move.from_sq] = ids[move.from_sq], None
        events = [Event("move", {"move": move.text})]
        if captured is not None:
            self.captured[captured.color].append(PieceView(captured.color, captured.kind))
            events.append(Event("capture", {"kind": captured.kind.value, "side": mover.code}))
        return events

    def judge_late(self) -> None:
        self._late = True

    def judge(self) -> None:
        self._late = False
        if self._unjudged:
            self._unjudged = False
            self._outcome = self._adjudicate()

    def _adjudicate(self) -> Outcome | None:
        position = self.position
        if self._late:
            self._unjudged = True
        elif not position.has_legal_move():
            reason = Reason.CHECKMATE if position.is_check() else Reason.STALEMATE
            return Outcome(position.turn.other(), reason)  # S-3
        first = self.keys.first_of_third
        if first is not None:  # S-4
            return verdict(self.facts[first:])
        if position.quiet_plies >= NO_CAPTURE_LIMIT:  # S-12
            return Outcome(None, Reason.NO_CAPTURE)
        if not any(p is not None and p.kind in ATTACKING for p in position.board):
            return Outcome(None, Reason.INSUFFICIENT_MATERIAL)
        return None

    def view(self, viewer: Color | None) -> View:
        position = self.position
        check = position.king_square(position.turn) if position.is_check() else None
        last = self.last_move
        return View(
            variant=self.name,
            viewer=viewer,
            board=tuple(None if p is None else face_up(p) for p in position.board),
            turn=position.turn,
            ply=self.ply,
            last_move=(last.from_sq, last.to_sq) if last else None,
            check=check,
            captured=(tuple(self.captured[0]), tuple(self.captured[1])),
            outcome=self._outcome,
        )

    def parse(self, text: str) -> Action:
        from .notation import parse_move

        if self._outcome is not None:
            raise GameOver("the game is over")
        return parse_move(self.position, text)

    def notate(self, action: Action, style: str = "iccs") -> str:
        from .notation import format_move

        if not isinstance(action, Move):
            return action.text
        return format_move(self.position, action, style)
