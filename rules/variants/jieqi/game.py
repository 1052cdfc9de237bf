"""Jieqi 揭棋: xiangqi with the pieces shuffled face-down (J-1 to J-9).

Two variants share one engine (:class:`JieqiBase`):

* ``jieqi`` (:class:`Jieqi`), the document's rules: all sixteen pieces of a
  side, king included, face-down on its starting points; a turn reveals one
  in place (:class:`~rules.actions.Reveal`) or moves a revealed piece.
* ``jieqi-classic`` (:class:`JieqiClassic`), J-9: kings face-up; a face-down
  piece moves as the piece of its point and is revealed by that move; only
  the capturer learns what a captured face-down piece was.

The layout is drawn from ``random.Random(seed)``: the seed is the secret,
``start(options, seed)`` plus the action log rebuild the game (J-1). Views
show face-down pieces as ``kind=None`` to everyone, their owner included,
until the game ends. See ``docs/variants/jieqi.md`` for every choice made.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from ...actions import Action, Move, Pass
from ...errors import GameOver, IllegalAction
from ...outcome import Outcome, Reason
from ...pieces import Color, Kind, Piece
from ...position import Position
from ...squares import parse_square, square_name
from ...standard import ATTACKING, NO_CAPTURE_LIMIT
from ...variant import Event, PlannedGame, register
from ...view import PieceView, View
from .actions import Reveal
from .moves import CLASSIC_RULES, DOCUMENT_RULES, POINT_KINDS, START_POINTS, HiddenBoard, RuleSet

_REVEAL = re.compile(r"(?:reveal|翻|揭|\+)([a-i][0-9])")
_ICCS = re.compile(r"([a-i][0-9])-?([a-i][0-9])[+#!?]*")
_PASS = frozenset({"pass", "停", "停着", "停一手"})
PASS_CHINESE = "停一手"  # the document's word (J-7)
REVEAL_CHINESE = "翻"


@dataclass(frozen=True, slots=True)
class Capture:
    """A piece taken off the board: what it was, whether face-down, and by whom."""

    piece: Piece
    face_down: bool
    by: Color


class _NotationPosition(Position):
    """The board as notation may see it, for :mod:`rules.notation`.

    Holds only public pieces (see :meth:`JieqiBase.notation_board`). The three
    generation primitives answer from the Jieqi generator's moves, and every
    legality method of :class:`Position` is built on them, so notation never
    applies standard rules (palace, river, hidden kings) that Jieqi changes.
    """

    __slots__ = ("_legal", "_moves")

    def __init__(self, board: list[Piece | None], turn: Color, legal: list[Move]) -> None:
        super().__init__(board, turn)
        self._moves = legal
        self._legal = frozenset(legal)

    def pseudo_targets(self, sq: int) -> Iterator[int]:
        return (m.to_sq for m in self._moves if m.from_sq == sq)

    def pseudo_moves(self) -> Iterator[Move]:
        return iter(self._moves)

    def is_legal_pseudo(self, move: Move) -> bool:
        return move in self._legal


class JieqiBase(PlannedGame):
    """The engine both Jieqi variants share; subclasses set the class attributes.

    ``rules`` is the movement rule set; ``secret_captures`` says whether a
    captured face-down piece is told only to its capturer (J-9) or to all (J-4);
    ``king_face_up`` whether kings start face-up on their own points (J-9).
    """

    hidden_information = True
    undo_allowed = False  # taking back a reveal would hide a piece both players saw
    rules: ClassVar[RuleSet]
    secret_captures: ClassVar[bool]
    king_face_up: ClassVar[bool]

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        if self.options.get("handicap", "none") != "none":
            raise ValueError(f"{self.name} has no handicap games: the layout is random")
        board: list[Piece | None] = [None] * 90
        down = [False] * 90
        rng = random.Random(seed)
        for color in Color:
            self._deal(rng, color, board, down)
        self.captured: tuple[list[Capture], list[Capture]] = ([], [])
        self.quiet_plies = 0
        self.last_squares: tuple[int, int] | None = None
        self._set_up(board, down, Color.RED)

    def _set_up(self, board: list[Piece | None], down: list[bool], turn: Color) -> None:
        self.initial: tuple[Piece | None, ...] = tuple(board)  # secret until the game ends
        self.board = HiddenBoard(board, down, turn, self.rules)
        self._seen: Counter[tuple[Hashable, ...]] = Counter([self._key()])
        self._legal_cache: list[Action] | None = None

    @classmethod
    def from_pieces(cls, pieces: Mapping[str, str], turn: Color = Color.RED) -> Self:
        """A game from any placement, for analysis and tests (it cannot be replayed
        from a seed). ``pieces`` maps square names to FEN letters, a ``?`` after
        the letter marking a face-down piece: ``{"e0": "K", "e3": "R?", "e9": "k?"}``.
        In the classic rules a face-down piece off the starting points cannot move.
        """
        board: list[Piece | None] = [None] * 90
        down = [False] * 90
        for name, symbol in pieces.items():
            sq = parse_square(name)
            board[sq], down[sq] = Piece.from_symbol(symbol[0]), symbol.endswith("?")
        game = cls.start()
        game._set_up(board, down, turn)
        return game

    @classmethod
    def _deal(
        cls, rng: random.Random, color: Color, board: list[Piece | None], down: list[bool]
    ) -> None:
        """Shuffle ``color``'s pieces face-down over its starting points (J-1),
        the king among them unless it starts face-up on its own point (J-9).
        The draws from ``rng`` must never change: stored games replay from it.
        """
        points: list[int] = []
        kinds: list[Kind] = []
        for sq in START_POINTS[color]:
            kind = POINT_KINDS[sq]
            assert kind is not None
            board[sq] = Piece(color, kind)  # face-up; the shuffled ones are replaced below
            if not (cls.king_face_up and kind is Kind.KING):
                points.append(sq)
                kinds.append(kind)
        rng.shuffle(kinds)
        for sq, kind in zip(points, kinds, strict=True):
            board[sq], down[sq] = Piece(color, kind), True

    # -- state -----------------------------------------------------------------

    @property
    def turn(self) -> Color:
        return self.board.turn

    @property
    def start_fen(self) -> str:
        """The true layout as a FEN (J-1: the shuffle is recorded). Secret while
        the game goes on: exports write it only for finished games."""
        return Position(list(self.initial), Color.RED).fen()

    def in_check(self) -> bool:
        """The side to move has a revealed king attacked or facing the other (J-6)."""
        return self.board.in_danger(self.turn)

    def _key(self) -> tuple[Hashable, ...]:
        """Repetition key: the public board (face-down status included, J-8) and the turn."""
        return (self.turn, self._public_board())

    def _public_board(self) -> tuple[PieceView | None, ...]:
        board, down = self.board.board, self.board.down
        return tuple(
            None if p is None else PieceView(p.color, None if down[sq] else p.kind)
            for sq, p in enumerate(board)
        )

    # -- actions ---------------------------------------------------------------

    def _generate(self) -> list[Action]:
        """Moves and reveals of the side to move, or ``[Pass()]`` (J-7), or ``[]`` if mated."""
        actions: list[Action] = list(self.board.legal_moves())
        actions += self._reveals()
        if not actions and not self.in_check():
            return [Pass()]  # J-7: not in check, nothing to move and nothing to reveal
        return actions

    @property
    def _legal(self) -> list[Action]:
        """The legal actions of the position, generated once when first needed."""
        if self._legal_cache is None:
            self._legal_cache = self._generate()
        return self._legal_cache

    def drift(self) -> list[str]:
        """The cached actions against a fresh generation."""
        if self._outcome is not None or self._legal_cache is None:
            return []
        if set(self._legal_cache) != set(self._generate()):
            return ["legal actions: the cache differs from a fresh generation"]
        return []

    def _reveals(self) -> list[Reveal]:
        """Reveal actions of the side to move: none by default (J-9 has no reveal)."""
        return []

    def _legal_now(self) -> list[Action]:
        return self._legal

    def _refuse(self, action: Action) -> IllegalAction:
        return IllegalAction(self._refusal(action), action=action.text)

    def _apply(self, action: Action) -> list[Event]:
        mover = self.turn
        if isinstance(action, Pass):
            events = [Event("pass", {"side": mover.code})]
            self.last_squares = None
            captured = None
        elif isinstance(action, Reveal):
            self.board.down[action.square] = False
            events = [self._revealed(action.square)]
            self.last_squares = (action.square, action.square)
            captured = None
        else:
            assert isinstance(action, Move)
            events, captured = self._move(action)
            self.last_squares = (action.from_sq, action.to_sq)
        self.actions.append(action)
        self.board.turn = mover.other()
        self.quiet_plies = 0 if captured is not None else self.quiet_plies + 1
        key = self._key()
        self._seen[key] += 1
        if captured is not None and captured.kind is Kind.KING:
            self._outcome = Outcome(mover, Reason.KING_CAPTURED)  # J-4
        else:
            self._legal_cache = None
            self._outcome = self._adjudicate(self._seen[key])
        if self._outcome is None and self.in_check():
            events.append(Event("check"))
        return events

    def _revealed(self, sq: int) -> Event:
        """The public news of the piece just turned face-up on ``sq``."""
        piece = self.board.board[sq]
        assert piece is not None
        params = {"side": piece.color.code, "square": square_name(sq)}
        return Event("revealed", {**params, "kind": piece.kind.value})

    def _move(self, move: Move) -> tuple[list[Event], Piece | None]:
        board, down = self.board.board, self.board.down
        f, t = move.from_sq, move.to_sq
        mover, captured = board[f], board[t]
        assert mover is not None
        moved_down, captured_down = down[f], down[t]
        board[t], board[f] = mover, None
        down[f] = down[t] = False
        events = [Event("move", {"move": move.text})]
        if captured is not None:
            self.captured[captured.color].append(Capture(captured, captured_down, mover.color))
            events += self._capture_events(captured, captured_down, mover.color)
        if moved_down:  # J-9: revealed by its first move
            events.append(self._revealed(t))
        return events, captured

    def _capture_events(self, captured: Piece, face_down: bool, by: Color) -> list[Event]:
        """J-4: a captured face-down piece is revealed to all; J-9: to the capturer only."""
        params = {"side": captured.color.code, "kind": captured.kind.value}
        if not face_down or not self.secret_captures:
            return [Event("capture", params)]
        return [
            Event("capture_hidden", {"side": params["side"]}),
            Event("capture_learned", params, audience=by),
        ]

    def _adjudicate(self, occurrences: int) -> Outcome | None:
        actions = self.actions
        if len(actions) >= 2 and isinstance(actions[-1], Pass) and isinstance(actions[-2], Pass):
            return Outcome(None, Reason.DOUBLE_PASS)  # J-7
        if not self._legal:
            return Outcome(self.turn.other(), Reason.CHECKMATE)  # J-7: in check, no move
        if occurrences >= 3:
            return Outcome(None, Reason.REPETITION)  # J-8: no perpetual check or chase
        if self.quiet_plies >= NO_CAPTURE_LIMIT:
            return Outcome(None, Reason.NO_CAPTURE)  # S-12
        board, down = self.board.board, self.board.down
        if not any(down) and not any(p is not None and p.kind in ATTACKING for p in board):
            return Outcome(None, Reason.INSUFFICIENT_MATERIAL)  # J-8
        return None

    def _refusal(self, action: Action) -> str:
        """Why ``action`` is not legal now, from public facts only."""
        text = action.text
        if isinstance(action, Pass):
            return "you may pass only when you have no legal move (J-7)"
        if self._legal == [Pass()]:
            return f"{text}: you have no legal move and must pass (J-7)"
        if isinstance(action, Reveal):
            return self._reveal_refusal(action.square)
        if not isinstance(action, Move):
            return f"{text} is not a {self.name} action"
        origin, target = square_name(action.from_sq), square_name(action.to_sq)
        piece = self.board.board[action.from_sq]
        if piece is None:
            return f"{text}: there is no piece on {origin}"
        if piece.color is not self.turn:
            return f"{text}: the piece on {origin} is not yours"
        found = self.board.mover(action.from_sq)
        if found is None:
            return f"{text}: face-down pieces do not move; reveal it first (J-3)"
        if action.to_sq in self.board.targets(action.from_sq):
            return f"{text}: that move would leave your king in check (J-6)"
        kind = found[0].name.lower()
        if self.board.down[action.from_sq]:
            return (
                f"{text}: the face-down piece on {origin} moves as a {kind} (J-9)"
                f" and cannot reach {target} now"
            )
        return f"{text}: the {kind} on {origin} cannot move to {target} now"

    def _reveal_refusal(self, sq: int) -> str:
        return f"+{square_name(sq)}: {self.name} has no reveal action"

    # -- what viewers see ------------------------------------------------------

    def view(self, viewer: Color | None) -> View:
        over = self._outcome is not None
        if over:  # the final image shows everything
            board = tuple(
                None if p is None else PieceView(p.color, p.kind) for p in self.board.board
            )
        else:
            board = self._public_board()
        king = self.board.king(self.turn)
        check = king if king is not None and self.board.in_danger(self.turn, king) else None
        return View(
            variant=self.name,
            viewer=viewer,
            board=board,
            turn=self.turn,
            ply=self.ply,
            last_move=self.last_squares,
            check=check,
            captured=(
                tuple(self._captured_view(c, viewer, over) for c in self.captured[0]),
                tuple(self._captured_view(c, viewer, over) for c in self.captured[1]),
            ),
            outcome=self._outcome,
        )

    def _captured_view(self, capture: Capture, viewer: Color | None, over: bool) -> PieceView:
        piece = capture.piece
        if over or not capture.face_down or not self.secret_captures:
            return PieceView(piece.color, piece.kind)
        if viewer is capture.by:  # J-9: only the capturer is told
            return PieceView(piece.color, piece.kind, learned=True)
        return PieceView(piece.color, None)

    # -- notation ----------------------------------------------------------------

    def notation_board(self) -> list[Piece | None]:
        """Pieces as notation sees them: face-up pieces only (face-down ones never move)."""
        board, down = self.board.board, self.board.down
        return [None if down[sq] else p for sq, p in enumerate(board)]

    def _notation_position(self) -> Position:
        moves = [a for a in self._legal if isinstance(a, Move)]
        return _NotationPosition(self.notation_board(), self.turn, moves)

    def parse(self, text: str) -> Action:
        """Read ``reveal e3``/``翻e3``/``揭 e3``/``+e3``, ``pass``/``停一手``, ICCS
        ``h2e2``, or WXF and Chinese moves (through :mod:`rules.notation`).

        :raises InvalidNotation, AmbiguousMove, IllegalAction: naming the input;
            no message depends on what a face-down piece is.
        """
        from ...notation import parse_move

        if self._outcome is not None:
            raise GameOver("the game is over")
        clean = "".join(unicodedata.normalize("NFKC", text).split()).lower()
        action: Action
        if clean in _PASS:
            action = Pass()
        elif (match := _REVEAL.fullmatch(clean)) is not None:
            action = Reveal(parse_square(match[1]))
        elif (match := _ICCS.fullmatch(clean)) is not None:
            action = Move(parse_square(match[1]), parse_square(match[2]))
        else:
            return parse_move(self._notation_position(), text)
        if action not in self._legal:
            raise IllegalAction(self._refusal(action), text=text)
        return action

    def notate(self, action: Action, style: str = "iccs") -> str:
        """ICCS and WXF write reveals ``+e3`` and passes ``pass``; Chinese ``翻e3``
        and ``停一手``; moves go through :func:`rules.notation.format_move`."""
        from ...notation import format_move

        if isinstance(action, Move) and style != "iccs":
            return format_move(self._notation_position(), action, style)
        if style == "chinese" and isinstance(action, Reveal):
            return REVEAL_CHINESE + square_name(action.square)
        if style == "chinese" and isinstance(action, Pass):
            return PASS_CHINESE
        return action.text


@register
class Jieqi(JieqiBase):
    """揭棋 by the document (J-1 to J-8): reveal in place or move a revealed piece."""

    name = "jieqi"
    aliases = ("揭棋",)
    title_en = "Jieqi"
    title_zh = "揭棋"
    rules = DOCUMENT_RULES
    secret_captures = False
    king_face_up = False  # J-1: all sixteen, the king included, are shuffled

    def _reveals(self) -> list[Reveal]:
        """J-2: any own face-down piece, unless the revealed king is in check (J-6):
        a reveal changes no attack, so it never answers a check."""
        if self.in_check():
            return []
        board, down, turn = self.board.board, self.board.down, self.turn
        return [
            Reveal(sq)
            for sq, p in enumerate(board)
            if down[sq] and p is not None and p.color is turn
        ]

    def _reveal_refusal(self, sq: int) -> str:
        piece = self.board.board[sq]
        if piece is None or piece.color is not self.turn or not self.board.down[sq]:
            return f"+{square_name(sq)}: there is no face-down piece of yours on {square_name(sq)}"
        return f"+{square_name(sq)}: your king is in check and a reveal does not answer it (J-6)"


@register
class JieqiClassic(JieqiBase):
    """揭棋 as most sites play it (J-9): face-down pieces move as their point's piece."""

    name = "jieqi-classic"
    aliases = ("classic-jieqi", "揭棋经典")
    title_en = "Jieqi (classic)"
    title_zh = "揭棋（经典）"
    rules = CLASSIC_RULES
    secret_captures = True
    king_face_up = True  # J-9: the other fifteen are shuffled over the other points

    def notation_board(self) -> list[Piece | None]:
        """Face-down pieces appear as the piece of their point, which is how they move."""
        board, down = self.board.board, self.board.down
        return [
            Piece(p.color, kind) if p is not None and down[sq] and (kind := POINT_KINDS[sq]) else p
            for sq, p in enumerate(board)
        ]
