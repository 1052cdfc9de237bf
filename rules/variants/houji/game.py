"""Successor xiangqi 后继象棋 (H-1 to H-9) on top of standard xiangqi.

Standard xiangqi plus a queen per side (:mod:`rules.variants.houji.moves` moves it),
diamond advisor lines, two swaps with the queen (``Swap``), and the elephant
pin with its private foul call (``CallFoul``).

The queen is silent (H-5): its attacks never give check, never make a move
illegal and do not count for mate, stalemate or the repetition verdicts.
Taking the enemy king or queen wins at once.

H-6 is the one piece of private state: after a pinned elephant moves, the
move stands, and until the queen's owner makes their next turn they alone
may call the foul. :attr:`Houji.foul` holds what the call would undo; only
the queen owner's :meth:`view` says that a call is possible, so everything
the offender and the public see is the same whether the elephant was pinned
or not. Whether a foul may be called follows from the public board before
the move; the rules only never *tell* it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...actions import Action, Move, Swap
from ...errors import GameOver, IllegalAction
from ...geometry import ADVISOR_MOVES, KING_MOVES
from ...outcome import Outcome, Reason
from ...pieces import Color, Kind, Piece
from ...repetition import Occurrences, PlyFacts, record, verdict
from ...squares import mirror_rank, parse_square, square_name
from ...standard import ATTACKING, HANDICAPS, NO_CAPTURE_LIMIT, StandardXiangqi
from ...variant import Event, register
from ...view import View
from .actions import CallFoul
from .moves import PALACE_CENTRE, START_FEN, HoujiPosition

KING, ADVISOR, ELEPHANT, QUEEN, PAWN = (
    Kind.KING,
    Kind.ADVISOR,
    Kind.ELEPHANT,
    Kind.QUEEN,
    Kind.PAWN,
)
FIGHTING = ATTACKING | {QUEEN}  # a queen can still take a king (H-4)
FOUL_WORDS = frozenset({"foul", "犯规", "犯規"})


def houji_fen(handicap: str = "none", side: Color = Color.RED) -> str:
    """The start FEN with ``side`` missing the pieces of standard handicap ``handicap``.

    :raises ValueError: for an unknown handicap.
    """
    if handicap not in HANDICAPS:
        raise ValueError(f"unknown handicap {handicap!r}; known: {', '.join(HANDICAPS)}")
    position = HoujiPosition.from_fen(START_FEN)
    for name in HANDICAPS[handicap]:
        sq = parse_square(name)
        position.board[sq if side is Color.RED else mirror_rank(sq)] = None
    return position.fen()


@dataclass(frozen=True, slots=True)
class Foul:
    """A pinned elephant's move that the queen's owner may still call (H-6)."""

    move: Move
    captured: Piece | None
    quiet_plies: int
    last_move: Move | None
    ids: tuple[int | None, int | None]


@register
class Houji(StandardXiangqi):
    """Options as in standard (``fen``, ``handicap``, ``handicap_side``); no chance."""

    name = "houji"
    aliases = ("successor", "后继", "後繼", "后继象棋")
    title_en = "Successor xiangqi (houji)"
    title_zh = "后继象棋"

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        side = Color.BLACK if self.options.get("handicap_side") == "black" else Color.RED
        self.start_fen = self.options.get("fen") or houji_fen(
            self.options.get("handicap", "none"), side
        )
        self.position: HoujiPosition = HoujiPosition.from_fen(self.start_fen)
        self.ids = [sq if p is not None else None for sq, p in enumerate(self.position.board)]
        self.keys = Occurrences()
        self.keys.add(self.position.key())
        self.foul: Foul | None = None
        self.movers: list[Color] = []
        self.last_squares: tuple[int, int] | None = None
        self._legal_cache: list[Action] | None = None

    # -- legal actions ---------------------------------------------------------

    def _swaps(self) -> list[Swap]:
        """H-7: king or advisor with the own queen standing on the palace centre.

        The king only when orthogonally adjacent and not in check; the advisor
        when diagonally adjacent. Like any turn, a swap may not leave the
        king attacked by a piece other than a queen (S-2, H-5).
        """
        position = self.position
        color = position.turn
        centre = PALACE_CENTRE[color]
        queen = position.board[centre]
        if queen is None or queen.kind is not QUEEN or queen.color is not color:
            return []
        swaps = []
        in_check = position.is_check()
        for sq in (*KING_MOVES[color][centre], *ADVISOR_MOVES[color][centre]):
            piece = position.board[sq]
            if piece is None or piece.color is not color:
                continue
            if sq in KING_MOVES[color][centre]:
                allowed = piece.kind is KING and not in_check
            else:
                allowed = piece.kind is ADVISOR
            if allowed:
                swaps.append(Swap(sq, centre))
        return [s for s in swaps if self._swap_is_safe(s)]

    def _swap_is_safe(self, swap: Swap) -> bool:
        board = self.position.board
        a, b = swap.first, swap.second
        board[a], board[b] = board[b], board[a]
        try:
            return not self.position.king_in_danger(self.position.turn)
        finally:
            board[a], board[b] = board[b], board[a]

    def _foul_callable(self) -> bool:
        return self.foul is not None and self._outcome is None

    def legal_actions(self, side: Color | None = None) -> list[Action]:
        if self._outcome is not None or (side is not None and side is not self.turn):
            return []
        if self._legal_cache is None:  # generated once per ply: adjudication needs it too
            actions: list[Action] = [*self.position.legal_moves(), *self._swaps()]
            if self._foul_callable():
                actions.append(CallFoul())
            self._legal_cache = actions
        return list(self._legal_cache)

    def moves_by_side(self, color: Color) -> int:
        """Turns made by ``color`` other than foul calls (S-9): a call does not end a turn."""
        return sum(
            1
            for action, mover in zip(self.actions, self.movers, strict=True)
            if mover is color and not isinstance(action, CallFoul)
        )

    # -- playing ---------------------------------------------------------------

    def push(self, action: Action) -> list[Event]:
        if self._outcome is not None:
            raise GameOver("the game is over")
        mover = self.turn
        if isinstance(action, Move):
            if action not in self.legal_actions():
                raise IllegalAction(f"{action.text} is not a legal move now", move=action.text)
            events = self._push_move(action)
        elif isinstance(action, Swap):
            if action not in self._swaps():
                raise IllegalAction(f"{action.text} is not a legal swap now", reason="no_swap")
            events = self._push_swap(action)
        elif isinstance(action, CallFoul):
            if not self._foul_callable():
                raise IllegalAction("there is no foul to call", reason="no_foul")
            events = self._call_foul()
        else:
            raise IllegalAction(f"{action.text} is no {self.name} action", move=action.text)
        self.actions.append(action)
        self.movers.append(mover)
        self._legal_cache = None
        self.keys.add(self.position.key())
        if self._outcome is None:
            self._outcome = self._adjudicate()
        if self._outcome is not None:  # a game that ended leaves no foul to call
            events = [e for e in events if e.code != "foul_callable"]
        if self._outcome is None and self.position.is_check():
            events.append(Event("check"))  # never for a queen's attack (H-5)
        return events

    def _push_move(self, move: Move) -> list[Event]:
        position = self.position
        mover = position.turn
        pinned = position.pinned_elephant(move.from_sq)  # H-6, before the move
        quiet, last = position.quiet_plies, self.last_move
        ids = (self.ids[move.from_sq], self.ids[move.to_sq])
        self.foul = None  # the window closes with the queen owner's turn
        captured = position.board[move.to_sq]
        before = list(position.board)
        events = self._play(move)
        self.last_squares = (move.from_sq, move.to_sq)
        if captured is not None and captured.kind in (KING, QUEEN):
            reason = Reason.KING_CAPTURED if captured.kind is KING else Reason.QUEEN_CAPTURED
            self._outcome = Outcome(mover, reason)  # H-3, H-4
        elif pinned:
            self.foul = Foul(move, captured, quiet, last, ids)
            # H-6: offered to the queen's owner alone; the offender is told nothing.
            events.append(
                Event(
                    "foul_callable",
                    {"side": mover.other().code, "square": square_name(move.from_sq)},
                    audience=mover.other(),
                )
            )
        check = position.is_check()
        facts = PlyFacts.after_move(mover, check, before, position.board, move, self.ids)
        # A capture that a foul call can still take back is not irreversible yet.
        record(self.facts, facts, irreversible=position.quiet_plies == 0 and self.foul is None)
        return events

    def _push_swap(self, swap: Swap) -> list[Event]:
        """H-7: the two pieces change places; that is the turn."""
        position = self.position
        mover = position.turn
        self.foul = None
        board, ids = position.board, self.ids
        a, b = swap.first, swap.second
        board[a], board[b] = board[b], board[a]
        ids[a], ids[b] = ids[b], ids[a]
        position.turn = mover.other()
        position.quiet_plies += 1
        self.last_move = None
        self.last_squares = (a, b)
        self.facts.append(PlyFacts(mover, position.is_check(), frozenset()))
        return [Event("move", {"move": swap.text})]

    def _call_foul(self) -> list[Event]:
        """H-6: the elephant and its capture go back; the offender's turn is
        spent, so the caller (still to move) now makes their own turn."""
        foul = self.foul
        assert foul is not None
        self.foul = None
        position = self.position
        caller = position.turn
        move = foul.move
        board = position.board
        board[move.from_sq], board[move.to_sq] = board[move.to_sq], foul.captured
        self.ids[move.from_sq], self.ids[move.to_sq] = foul.ids
        if foul.captured is not None:
            self.captured[foul.captured.color].pop()
        position.quiet_plies = foul.quiet_plies + 2  # the spent turn and the call
        self.last_move = foul.last_move
        self.last_squares = (move.to_sq, move.from_sq)
        self.facts.append(PlyFacts(caller, False, frozenset()))
        return [
            Event("move", {"move": CallFoul().text}),
            Event(
                "foul_called",
                {"side": caller.code, "square": square_name(move.from_sq), "move": move.text},
            ),
        ]

    def _adjudicate(self) -> Outcome | None:
        position = self.position
        if not self.legal_actions():
            reason = Reason.CHECKMATE if position.is_check() else Reason.STALEMATE
            return Outcome(position.turn.other(), reason)  # S-3, queens silent (H-5)
        first = self.keys.first_of_third
        if first is not None:  # S-4, with the queen's attacks left out (H-5)
            return verdict(self.facts[first:])
        if position.quiet_plies >= NO_CAPTURE_LIMIT:  # S-12
            return Outcome(None, Reason.NO_CAPTURE)
        if not any(p is not None and p.kind in FIGHTING for p in position.board):
            return Outcome(None, Reason.INSUFFICIENT_MATERIAL)
        return None

    # -- what viewers see --------------------------------------------------------

    def view(self, viewer: Color | None) -> View:
        """The standard view; the queen owner alone is told a foul is callable (H-6)."""
        view = super().view(viewer)
        callable_here = self._foul_callable() and viewer is self.turn
        return replace(view, last_move=self.last_squares, foul_callable=callable_here)

    # -- notation ----------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """Moves in every notation (:mod:`rules.variants.houji.notation` for the queen),
        ``foul``/``犯规``, and swaps (``e0~e1``, ``K5~Q``, ``帅五换后``...).

        Refusals of ``foul`` depend only on whose turn it is, never on whether
        a foul may be called: the offender always hears "not your turn".
        """
        from .notation import parse_houji

        if self._outcome is not None:
            raise GameOver("the game is over")
        clean = "".join(unicodedata.normalize("NFKC", text).split()).lower()
        if clean in FOUL_WORDS:
            if not self._foul_callable():
                raise IllegalAction(
                    f"{text!r}: there is no foul to call", text=text, reason="no_foul"
                )
            return CallFoul()
        return parse_houji(self.position, self._swaps(), text)

    def notate(self, action: Action, style: str = "iccs") -> str:
        from .notation import format_houji

        if isinstance(action, CallFoul):
            return "犯规" if style == "chinese" else "foul"
        return format_houji(self.position, self._swaps(), action, style)
