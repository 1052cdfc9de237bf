"""Third-generation xiangqi 第三代象棋 (番兵象棋), F-1 to F-9, as a Game.

Standard xiangqi where pieces carry secret backs (see
:mod:`rules.variants.fanbing.backs`; the seed is the setup). Actions:

* ``Move`` — any piece by its rule (:mod:`rules.variants.fanbing.moves`);
* ``Flip(sq)`` — a pawn on the enemy back rank flips (F-1, F-3); a pawn
  flipped invalidly flips back (F-2); the surviving advisor becomes the
  minister once the king-backed one is gone (F-5); the last elephant,
  chariot, horse or cannon turns into its back (F-6, F-7);
* ``Swap(king, advisor)`` — the double flip 双翻 (F-4).

Views give every viewer the pieces; backs go to their owner, to everyone
once shown, and to all when the game is over. See ``docs/variants/fanbing.md``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from ...actions import Action, Move, Swap
from ...errors import GameOver, IllegalAction, RulesError
from ...outcome import Outcome, Reason
from ...pieces import SIMPLIFIED_NAMES, THIRD_GEN_KINDS, TRADITIONAL_NAMES, Color, Kind, Piece
from ...position import START_FEN, Position
from ...repetition import Occurrences, PlyFacts, id_drift, record, verdict
from ...squares import mirror_rank, parse_square, square_name
from ...standard import NO_CAPTURE_LIMIT
from ...variant import Event, PlannedGame, register
from ...view import PieceView, View
from .actions import Flip
from .backs import setups_from_seed
from .chase import FanbingChaseRules
from .moves import FLIP_BACK, PAWN_BORN, SHOWN, FanbingPosition, enemy_back_rank

# F-1: the back a pawn must carry to flip validly on each file of the back rank.
POINT_BACKS = (
    Kind.CHARIOT,
    Kind.HORSE,
    Kind.ELEPHANT,
    Kind.ADVISOR,
    Kind.CANNON,
    Kind.ADVISOR,
    Kind.ELEPHANT,
    Kind.HORSE,
    Kind.CHARIOT,
)
# F-6, F-7: the kinds that turn into their back when one of them is left.
LAST_ONE_KINDS = frozenset({Kind.ELEPHANT, Kind.CHARIOT, Kind.HORSE, Kind.CANNON})
# How badges write a back: one character, the same whatever the glyph set.
BACK_LABELS = {
    Kind.CHARIOT: "车",
    Kind.HORSE: "马",
    Kind.CANNON: "炮",
    Kind.ELEPHANT: "象",
    Kind.ADVISOR: "士",
    **{kind: SIMPLIFIED_NAMES[kind][0] for kind in THIRD_GEN_KINDS},
}
KING_BACK_LABELS = ("帅", "将")
EASY_FLIPS = "easy-flips"
_TRUE = frozenset({"1", "true", "yes", "on"})

FLIP_CHINESE = "翻"
DOUBLE_FLIP_CHINESE = "双翻"
_FLIP = re.compile(r"(?:flip|翻|\^)([a-i][0-9])")
_FLIP_KIND = re.compile(r"翻(.)")
_DOUBLE = re.compile(r"(?:doubleflip|double|双翻|雙翻)([a-i][0-9])")
_SWAP = re.compile(r"([a-i][0-9])~([a-i][0-9])")
_ICCS = re.compile(r"([a-i][0-9])-?([a-i][0-9])[+#!?]*")
_GLYPHS = {
    glyph: kind
    for table in (SIMPLIFIED_NAMES, TRADITIONAL_NAMES)
    for kind, pair in table.items()
    for glyph in pair
}


def back_label(color: Color, back: Kind) -> str:
    """The badge text of a back: its piece's glyph (帅/将 for the king)."""
    return KING_BACK_LABELS[color] if back is Kind.KING else BACK_LABELS[back]


@register
class Fanbing(PlannedGame):
    """Options: ``easy-flips`` (F-3, ``true``/``false``). The seed is both setups
    (:func:`rules.variants.fanbing.backs.seed_for`); there are no handicap games."""

    name = "fanbing"
    aliases = ("third-gen", "番兵", "番兵象棋", "第三代象棋", "贵卒象棋")
    title_en = "Third-generation xiangqi"
    title_zh = "第三代象棋"
    hidden_information = True
    undo_allowed = False  # taking back a flip would hide a back both players saw

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        if self.options.get("handicap", "none") != "none":
            raise ValueError("fanbing has no handicap games: every piece carries a back")
        easy = str(self.options.get(EASY_FLIPS, "false")).strip().lower()
        if easy not in _TRUE | {"0", "false", "no", "off", ""}:
            raise ValueError(f"{EASY_FLIPS} is true or false, not {easy!r}")
        self.easy = easy in _TRUE
        self.setups = setups_from_seed(seed)
        start = Position.from_fen(START_FEN)
        backs: list[Kind | None] = [None] * 90
        for color in Color:
            for sq, back in self.setups[color].backs(color).items():
                backs[sq] = back
        self.position = FanbingPosition(start.board, Color.RED, backs, [0] * 90, self.easy)
        self._begin()

    def _begin(self) -> None:
        position = self.position
        self.ids: list[int | None] = [
            sq if p is not None else None for sq, p in enumerate(position.board)
        ]
        self.captured: tuple[list[tuple[Piece, Kind | None]], ...] = ([], [])
        self.last_squares: tuple[int, int] | None = None
        self.facts: list[PlyFacts] = []
        self.keys = Occurrences()
        self.keys.add(position.key())
        # Whether the side to move was in check at the start of each turn (F-4).
        self.turn_checks: list[bool] = [position.is_check()]
        self._legal: list[Action] = self._generate()

    @classmethod
    def from_fen(
        cls,
        fen: str,
        backs: Mapping[str, str] | None = None,
        options: Mapping[str, str] | None = None,
        flags: Mapping[str, int] | None = None,
    ) -> Fanbing:
        """A game from any position, for tests and analysis (not replayable from
        a seed). ``backs`` maps square names to FEN letters of backs; ``flags``
        to :mod:`rules.variants.fanbing.moves` flag bits."""
        game = cls.start(options)
        start = Position.from_fen(fen)
        board_backs: list[Kind | None] = [None] * 90
        for name, letter in (backs or {}).items():
            board_backs[parse_square(name)] = Kind(letter)
        board_flags = [0] * 90
        for name, bits in (flags or {}).items():
            board_flags[parse_square(name)] = bits
        game.position = FanbingPosition(
            start.board, start.turn, board_backs, board_flags, game.easy
        )
        game.position.quiet_plies = start.quiet_plies
        game._begin()
        return game

    @property
    def turn(self) -> Color:
        return self.position.turn

    # -- generation ------------------------------------------------------------

    def in_check(self) -> bool:
        return self.position.is_check()

    def _pending_flip_back(self, color: Color) -> int | None:
        """The square of ``color``'s pawn that must flip back (F-2), if any."""
        position = self.position
        for sq in range(90):
            piece = position.board[sq]
            if piece is not None and piece.color is color and position.flags[sq] & FLIP_BACK:
                return sq
        return None

    def _generate(self) -> list[Action]:
        position = self.position
        side = position.turn
        pending = self._pending_flip_back(side)
        if pending is not None:  # F-2: the flip back is the whole turn
            return [Flip(pending)]
        actions: list[Action] = list(position.legal_moves())
        check = position.is_check()
        if check:
            actions += self._double_flips(side)
        else:
            actions += self._flips(side)
        return actions

    def _flips(self, side: Color) -> list[Action]:
        """Flips of ``side`` (never in check: a flip moves nothing, so it never
        answers a check)."""
        position = self.position
        board, backs = position.board, position.backs
        counts: dict[Kind, int] = {}
        for piece in board:
            if piece is not None and piece.color is side:
                counts[piece.kind] = counts.get(piece.kind, 0) + 1
        king_backed = any(
            p is not None and p.color is side and p.kind is Kind.ADVISOR and backs[sq] is Kind.KING
            for sq, p in enumerate(board)
        )
        out: list[Action] = []
        back_rank = enemy_back_rank(side)
        for sq, piece in enumerate(board):
            if piece is None or piece.color is not side or backs[sq] is None:
                continue
            kind = piece.kind
            if kind is Kind.PAWN:
                if sq // 9 == back_rank and self._may_flip_pawn(sq):  # F-1, F-2
                    out.append(Flip(sq))
            elif kind is Kind.ADVISOR:
                if backs[sq] is Kind.MINISTER and not king_backed:  # F-5
                    out.append(Flip(sq))
            elif kind in LAST_ONE_KINDS and counts[kind] == 1:  # F-6, F-7
                out.append(Flip(sq))
        return out

    def _may_flip_pawn(self, sq: int) -> bool:
        """F-2: a pawn whose back is public flips again only where the flip is
        valid, so a flip and a flip back are never a way to pass."""
        position = self.position
        if self.easy or not position.flags[sq] & SHOWN:
            return True
        return POINT_BACKS[sq % 9] is position.backs[sq]

    def _double_flips(self, side: Color) -> list[Action]:
        """F-4: in check, not in check at the start of the previous own turn; any
        own advisor (not one born of a pawn) whose point is safe for a king."""
        if len(self.turn_checks) >= 3 and self.turn_checks[-3]:
            return []
        position = self.position
        king = position.king_square(side)
        if king is None:
            return []
        board = position.board
        out: list[Action] = []
        for sq, piece in enumerate(board):
            if (
                piece is None
                or piece.color is not side
                or piece.kind is not Kind.ADVISOR
                or position.flags[sq] & PAWN_BORN
            ):
                continue
            board[king], board[sq] = piece, board[king]
            try:
                safe = not position.king_in_danger(side)
            finally:
                board[king], board[sq] = board[sq], piece
            if safe:
                out.append(Swap(king, sq))
        return out

    def _legal_now(self) -> list[Action]:
        return self._legal

    # -- playing ---------------------------------------------------------------

    def _refuse(self, action: Action) -> IllegalAction:
        return self._illegal(action, action.text)

    def _apply(self, action: Action) -> list[Event]:
        position = self.position
        mover = position.turn
        before = tuple(position.board)
        if isinstance(action, Move):
            events = self._move(action)
            self.last_squares = (action.from_sq, action.to_sq)
        elif isinstance(action, Flip):
            events = self._flip(action.square)
            self.last_squares = (action.square, action.square)
            position.just_moved = None
            position.quiet_plies += 1
            position.turn = mover.other()
        else:
            assert isinstance(action, Swap)
            events = self._double_flip(action)
            self.last_squares = (action.second, action.second)
            position.just_moved = None
            position.quiet_plies += 1
            position.turn = mover.other()
        self.actions.append(action)
        check = position.is_check()
        if isinstance(action, Move):
            rules = FanbingChaseRules(position, action)
            facts = PlyFacts.after_move(
                mover, check, before, position.board, action, self.ids, rules
            )
            record(self.facts, facts, before[action.to_sq] is not None)  # S-4, F-9
        else:
            self.facts.append(PlyFacts(mover, check, frozenset()))
        self.keys.add(position.key())
        self.turn_checks.append(check)
        if self._outcome is None:
            self._legal = self._generate()
            self._outcome = self._adjudicate(check)
        if check and self._outcome is None:
            events.append(Event("check"))
        return events

    def _move(self, move: Move) -> list[Event]:
        position = self.position
        mover = position.turn
        piece = position.board[move.from_sq]
        back = position.backs[move.to_sq]
        captured = position.make(move)
        ids = self.ids
        ids[move.to_sq], ids[move.from_sq] = ids[move.from_sq], None
        events = [Event("move", {"move": move.text})]
        if captured is not None:
            self.captured[captured.color].append((captured, back))
            events.append(Event("capture", {"kind": captured.kind.value, "side": mover.code}))
        assert piece is not None
        home = mirror_rank(parse_square("e0")) if mover is Color.RED else parse_square("e0")
        if piece.kind is Kind.MINISTER and move.to_sq == home:
            self._outcome = Outcome(mover, Reason.MINISTER_HOME)  # F-5
        return events

    def _flip(self, sq: int) -> list[Event]:
        position = self.position
        piece = position.board[sq]
        assert piece is not None
        side = piece.color
        back = position.backs[sq]
        flags = position.flags[sq]
        params = {"side": side.code, "square": square_name(sq)}
        if flags & FLIP_BACK:  # F-2: back to a pawn, its back now public
            position.change(sq, piece, back, flags & ~FLIP_BACK)
            return [Event("flipped_back", params)]
        assert back is not None
        params["kind"] = back.value
        if piece.kind is Kind.PAWN:
            if self.easy or POINT_BACKS[sq % 9] is back:  # F-1, F-3
                born = PAWN_BORN if back in (Kind.ADVISOR, Kind.ELEPHANT) else 0
                position.change(sq, Piece(side, back), None, born)
                return [Event("pawn_flipped", params)]
            position.change(sq, piece, back, flags | SHOWN | FLIP_BACK)  # F-2
            return [Event("pawn_flip_invalid", params)]
        position.change(sq, Piece(side, back), None, 0)  # F-5 to F-7: for good
        return [Event("turned", params)]

    def _double_flip(self, swap: Swap) -> list[Event]:
        """F-4: naming the advisor without the king loses; else they trade places."""
        position = self.position
        king_sq, adv_sq = swap.first, swap.second
        side = position.turn
        params = {"side": side.code, "square": square_name(adv_sq)}
        if position.backs[adv_sq] is not Kind.KING:
            self._outcome = Outcome(side.other(), Reason.FOUL)
            return [Event("double_flip_wrong", params)]
        king = position.board[king_sq]
        adviser = position.board[adv_sq]
        assert king is not None and adviser is not None
        position.change(king_sq, adviser, Kind.KING, SHOWN)
        position.change(adv_sq, king, Kind.ADVISOR, 0)
        return [Event("double_flip", params)]

    def _adjudicate(self, check: bool) -> Outcome | None:
        position = self.position
        side = position.turn
        if check and self._pending_flip_back(side) is not None:
            return Outcome(side.other(), Reason.CHECKMATE)  # F-2: in check, must flip back
        if not self._legal:
            return Outcome(side.other(), Reason.CHECKMATE if check else Reason.STALEMATE)  # S-3
        first = self.keys.first_of_third
        if first is not None:  # S-4
            return verdict(self.facts[first:])
        if position.quiet_plies >= NO_CAPTURE_LIMIT:  # S-12
            return Outcome(None, Reason.NO_CAPTURE)
        if all(p is None or p.kind is Kind.KING for p in position.board):
            return Outcome(None, Reason.INSUFFICIENT_MATERIAL)
        return None

    def _illegal(self, action: Action, text: str) -> IllegalAction:
        """The refusal of ``action`` (read from ``text``), with a ``reason`` key
        when there is more to say than that it is not legal."""
        reason, message = self._refusal(action)
        params = {"text": text} if reason is None else {"text": text, "reason": reason}
        return IllegalAction(f"{text!r}: {message}", **params)

    def _refusal(self, action: Action) -> tuple[str | None, str]:
        """Why ``action`` is not legal now: (reason key, English message). Uses
        only what the side to move may know."""
        position = self.position
        side = position.turn
        pending = self._pending_flip_back(side)
        if pending is not None:
            return "must_flip_back", f"your pawn on {square_name(pending)} must flip back first"
        if isinstance(action, Swap):
            if not position.is_check():
                return "double_flip_not_in_check", "a double flip answers a check only"
            return "double_flip_refused", "no double flip with that advisor now"
        if isinstance(action, Flip):
            if position.is_check():
                return "flip_in_check", "a flip does not answer a check"
            piece = position.board[action.square]
            if (
                piece is not None
                and piece.color is side
                and piece.kind is Kind.PAWN
                and action.square // 9 == enemy_back_rank(side)
                and not self._may_flip_pawn(action.square)
            ):
                return "shown_back_point", "its back is public: it flips only on its back's point"
            return "no_flip_here", f"nothing of yours can flip on {square_name(action.square)} now"
        return None, "not a legal action now"

    # -- consistency -------------------------------------------------------------

    def _rebuilt(self) -> Fanbing:
        """The same position built from scratch: placement, backs and flags,
        with what no FEN says (骉's context, the checks of past turns) copied."""
        position = self.position
        game = type(self).start(self.options)
        game.position = position.copy()
        game._begin()
        game.turn_checks = list(self.turn_checks)
        game._legal = game._generate()
        return game

    def drift(self) -> list[str]:
        fresh = self._rebuilt()
        mine, theirs = self.position, fresh.position
        found = id_drift(mine.board, self.ids)
        for color in Color:
            if mine.exotic[color] != theirs.exotic[color]:
                found.append(
                    f"exotic[{color.name}]: {sorted(mine.exotic[color])}"
                    f" != {sorted(theirs.exotic[color])}"
                )
        if mine.is_check() != theirs.is_check():
            found.append(f"check: {mine.is_check()} != {theirs.is_check()}")
        # S-3 and S-12 follow from the position alone; other ends from the past.
        verdict = fresh._adjudicate(theirs.is_check())
        judged = self._outcome is None or self._outcome.reason in (
            Reason.CHECKMATE,
            Reason.STALEMATE,
        )
        if judged and verdict != self._outcome:
            found.append(f"outcome: {self._outcome} != {verdict}")
        differ = set(self._legal) ^ set(fresh._legal)
        if self._outcome is None and differ:
            found.append(f"legal actions: {sorted(a.text for a in differ)}")
        return found

    # -- views -----------------------------------------------------------------

    def view(self, viewer: Color | None) -> View:
        position = self.position
        board = tuple(
            None
            if p is None
            else PieceView(
                p.color, p.kind, self._label(p, position.backs[sq], position.flags[sq], viewer)
            )
            for sq, p in enumerate(position.board)
        )
        king = position.king_square(position.turn)
        check = king if king is not None and position.is_check() else None
        return View(
            variant=self.name,
            viewer=viewer,
            board=board,
            turn=position.turn,
            ply=self.ply,
            last_move=self.last_squares,
            check=check,
            captured=(self._captured_view(Color.RED), self._captured_view(Color.BLACK)),
            outcome=self._outcome,
        )

    def _captured_view(self, color: Color) -> tuple[PieceView, ...]:
        """``color``'s captured pieces, with their backs once the game is over."""
        over = self._outcome is not None
        return tuple(
            PieceView(p.color, p.kind, back_label(p.color, b) if over and b else None)
            for p, b in self.captured[color]
        )

    def _label(
        self, piece: Piece, back: Kind | None, flags: int, viewer: Color | None
    ) -> str | None:
        """A back's badge if ``viewer`` may see it: the owner, anyone once it is
        shown (F-2, F-4), everyone at the end. A king's back (an advisor) is no secret."""
        if back is None or piece.kind is Kind.KING:
            return None
        if viewer is piece.color or flags & SHOWN or self._outcome is not None:
            return back_label(piece.color, back)
        return None

    # -- notation ----------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """Read flips (``翻e9``, ``flip e9``, ``^e9``, ``翻车``: the only flip of a
        chariot), double flips (``双翻d0``, ``double d0``, ``e0~d0``) and moves in
        ICCS, WXF or Chinese (new pieces 臣 驼 骡 助 辅 妃 骉 抛 石).

        :raises InvalidNotation, AmbiguousMove, IllegalAction: naming the input.
        """
        from ...notation import parse_move

        if self._outcome is not None:
            raise GameOver("the game is over")
        clean = "".join(unicodedata.normalize("NFKC", text).split()).lower()
        action: Action | None = None
        if (match := _FLIP.fullmatch(clean)) is not None:
            action = Flip(parse_square(match[1]))
        elif (match := _DOUBLE.fullmatch(clean)) is not None:
            adv = parse_square(match[1])
            king = self.position.king_square(self.turn)
            action = Swap(king if king is not None else adv, adv)
        elif (match := _SWAP.fullmatch(clean)) is not None:
            action = Swap(parse_square(match[1]), parse_square(match[2]))
        elif (match := _FLIP_KIND.fullmatch(clean)) is not None and match[1] in _GLYPHS:
            kind = _GLYPHS[match[1]]
            flips = [
                a
                for a in self._legal
                if isinstance(a, Flip) and (p := self.position.board[a.square]) and p.kind is kind
            ]
            if len(flips) != 1:
                raise IllegalAction(
                    f"{text!r}: name the square of the piece to flip, e.g. 翻e9",
                    text=text,
                    reason="flip_which",
                )
            action = flips[0]
        elif (match := _ICCS.fullmatch(clean)) is not None:
            action = Move(parse_square(match[1]), parse_square(match[2]))
        else:
            if self._pending_flip_back(self.turn) is not None:
                raise self._illegal(Move(0, 0), text)
            return parse_move(self.position, text)
        if action not in self._legal:
            raise self._illegal(action, text)
        return action

    def _names(self, text: str, move: Move) -> bool:
        """Whether ``text`` reads as ``move`` alone."""
        from ...notation import parse_move

        try:
            return parse_move(self.position, text) == move
        except RulesError:
            return False

    def notate(self, action: Action, style: str = "iccs") -> str:
        """Moves through :func:`rules.notation.format_move`; flips ``^e9`` (ICCS,
        WXF) or ``翻e9``; double flips ``e0~d0`` or ``双翻d0``."""
        from ...notation import format_move

        if isinstance(action, Move) and style != "iccs":
            text = format_move(self.position, action, style)
            # 抛 and 骉 may fit one name two ways (ranks or file): then ICCS.
            return text if self._names(text, action) else action.text
        if style == "chinese" and isinstance(action, Flip):
            return FLIP_CHINESE + square_name(action.square)
        if style == "chinese" and isinstance(action, Swap):
            return DOUBLE_FLIP_CHINESE + square_name(action.second)
        return action.text
