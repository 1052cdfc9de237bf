"""Tuibei 推背象棋, "prophecy xiangqi" (T-1 to T-6), on top of standard xiangqi.

Besides moving, a side may predict the kind of piece the opponent moves next
by placing a secret tile (``Predict``); the opponent answers with a move or a
counter (``Counter``). The state beyond the standard position is small: each
side's pending tile, each side's lost kinds, and whether a side must move
after a failed counter. ``position.turn`` is always the side whose turn it is,
which does not strictly alternate here. See ``docs/variants/tuibei.md``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Mapping
from dataclasses import replace

from ...actions import Action, Move
from ...errors import GameOver, IllegalAction, InvalidNotation
from ...outcome import Outcome, Reason
from ...pieces import FEN_ALIASES, SIMPLIFIED_NAMES, STANDARD_KINDS, TRADITIONAL_NAMES, Color, Kind
from ...repetition import Occurrences, PlyFacts, record, verdict
from ...squares import square_name
from ...standard import NO_CAPTURE_LIMIT, StandardXiangqi
from ...variant import Event, register
from ...view import HIDDEN_TILE, PieceView, PoolView, View
from .actions import Counter, Predict

# T-1: one tile per piece kind, in the document's order.
TILE_NAMES: dict[Kind, str] = {
    Kind.CHARIOT: "箭",
    Kind.HORSE: "索",
    Kind.CANNON: "筒",
    Kind.KING: "风",
    Kind.ADVISOR: "花",
    Kind.ELEPHANT: "百搭",
    Kind.PAWN: "万",
}
TILES: tuple[Kind, ...] = tuple(TILE_NAMES)
# T-1: what the tiles are called in English (dragon, bamboo, ...).
TILE_NAMES_EN: dict[Kind, str] = {
    Kind.CHARIOT: "dragon",
    Kind.HORSE: "bamboo",
    Kind.CANNON: "dots",
    Kind.KING: "wind",
    Kind.ADVISOR: "flower",
    Kind.ELEPHANT: "joker",
    Kind.PAWN: "character",
}
KIND_NAMES_EN: dict[Kind, str] = {
    Kind.CHARIOT: "chariot",
    Kind.HORSE: "horse",
    Kind.CANNON: "cannon",
    Kind.KING: "king",
    Kind.ADVISOR: "advisor",
    Kind.ELEPHANT: "elephant",
    Kind.PAWN: "pawn",
}

# Every word a player may use to name a tile: kind names in English and
# Chinese (both scripts, both colours), tile names, FEN and WXF letters.
_KIND_WORDS: dict[str, Kind] = {
    **{kind.value: kind for kind in STANDARD_KINDS},
    **FEN_ALIASES,
    **{word: kind for kind, word in KIND_NAMES_EN.items()},
    **{word: kind for kind, word in TILE_NAMES_EN.items()},
    **{word: kind for kind, word in TILE_NAMES.items()},
    **{glyph: kind for kind in STANDARD_KINDS for glyph in SIMPLIFIED_NAMES[kind]},
    **{glyph: kind for kind in STANDARD_KINDS for glyph in TRADITIONAL_NAMES[kind]},
    "rook": Kind.CHARIOT,
    "car": Kind.CHARIOT,
    "硨": Kind.CHARIOT,
    "knight": Kind.HORSE,
    "包": Kind.CANNON,
    "general": Kind.KING,
    "guard": Kind.ADVISOR,
    "bishop": Kind.ELEPHANT,
    "minister": Kind.ELEPHANT,
    "soldier": Kind.PAWN,
    "風": Kind.KING,
    "萬": Kind.PAWN,
}
# "预测" before "测": the longer keyword must win.
_TILE_TEXT = re.compile(r"(predict(?:ion)?|预测|預測|推背|\?|counter|测|測|!)\s*:?\s*(\S*)")
_PREDICT_WORDS = frozenset({"predict", "prediction", "预测", "預測", "推背", "?"})


def parse_tile_action(text: str) -> Predict | Counter | None:
    """``Predict``/``Counter`` for ``predict 箭``, ``预测 车``, ``?r``, ``counter horse``,
    ``测 索``, ``!n`` ...; ``None`` when ``text`` is not in that form (so maybe a move).

    :raises InvalidNotation: when the keyword is there but names no tile.
    """
    clean = unicodedata.normalize("NFKC", text).strip().lower()
    match = _TILE_TEXT.fullmatch(clean)
    if match is None:
        return None
    word, name = match.groups()
    if not name:
        raise InvalidNotation(
            f"{text!r}: name the tile, e.g. {word} chariot", text=text, problem="missing_tile"
        )
    kind = _KIND_WORDS.get(name)
    if kind is None:
        raise InvalidNotation(
            f"{text!r}: {name!r} is no piece kind or tile", text=text, problem="unknown_tile"
        )
    return Predict(kind) if word in _PREDICT_WORDS else Counter(kind)


@register
class Tuibei(StandardXiangqi):
    """Standard xiangqi plus prediction tiles. Options as in standard (``fen``,
    ``handicap``); the seed is unused: Tuibei has no chance.
    """

    name = "tuibei"
    aliases = ("prophecy", "推背", "推背象棋")
    title_en = "Tuibei (prophecy xiangqi)"
    title_zh = "推背象棋"
    hidden_information = True
    # After a resolution the opponent has seen the tile; taking the move back
    # would let them counter a tile they know.
    undo_allowed = False

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        # Indexed by Color: the kind of the tile in that side's pool (T-2).
        self.pending: list[Kind | None] = [None, None]
        # Indexed by Color: kinds lost to counters, in the order lost (T-3, T-5).
        self.lost: tuple[list[Kind], list[Kind]] = ([], [])
        # T-3: after a counter of a different kind the counterer must move a piece.
        self.must_move = False
        self.keys = Occurrences()  # keyed with tile state, unlike the standard game's
        self.keys.add(self._key())

    # -- tiles -----------------------------------------------------------------

    def available(self, color: Color) -> tuple[Kind, ...]:
        """Kinds ``color`` has not lost: tiles are never used up by predicting (T-5)."""
        return tuple(kind for kind in TILES if kind not in self.lost[color])

    def _refusal(self, action: Predict | Counter) -> tuple[str, str] | None:
        """Why the side to move may not play ``action`` now, as (reason key, message).

        Depends only on public facts (lost kinds, whether a tile is pending,
        check), never on the kind of a pending tile.
        """
        side = self.turn
        kind = action.kind
        if kind not in TILE_NAMES:
            return "no_such_tile", f"there is no tile for {kind.name.lower()}"
        if kind in self.lost[side]:
            return "tile_lost", f"your {TILE_NAMES[kind]} ({KIND_NAMES_EN[kind]}) tile is lost"
        opponent_pending = self.pending[side.other()] is not None
        if isinstance(action, Counter):
            if not opponent_pending:
                return "nothing_to_counter", "there is no prediction to counter"
            return None
        if opponent_pending:  # T-2
            return (
                "opponent_prediction_pending",
                "you cannot predict while your opponent's prediction is pending",
            )
        if self.must_move:  # T-3: the failed counter still owes a move
            return "must_move", "after a failed counter you must move a piece"
        if self.position.is_check():  # T-2
            return "in_check", "you cannot predict while in check"
        return None

    def _tile_actions(self) -> list[Action]:
        """The predictions and counters the side to move may play now."""
        kinds = self.available(self.turn)
        # Once a kind is available, whether it may be played does not depend on the kind.
        return [
            tile_action(kind)
            for tile_action in (Predict, Counter)
            if kinds and self._refusal(tile_action(kinds[0])) is None
            for kind in kinds
        ]

    # -- the Game interface ----------------------------------------------------

    def legal_actions(self, side: Color | None = None) -> list[Action]:
        if self._outcome is not None or (side is not None and side is not self.turn):
            return []
        return [*self.position.legal_moves(), *self._tile_actions()]

    def moves_by_side(self, color: Color) -> int:
        """Normal moves made by ``color``: predictions and counters are not moves (S-9)."""
        return sum(
            1
            for action, fact in zip(self.actions, self.facts, strict=True)
            if isinstance(action, Move) and fact.mover is color
        )

    def push(self, action: Action) -> list[Event]:
        if self._outcome is not None:
            raise GameOver("the game is over")
        actor = self.turn
        if isinstance(action, Move):
            if not self.position.is_legal(action):
                raise IllegalAction(f"{action.text} is not a legal move now", move=action.text)
            events = self._push_move(action)
        elif isinstance(action, Predict | Counter):
            refusal = self._refusal(action)
            if refusal is not None:
                reason, message = refusal
                raise IllegalAction(f"{action.text}: {message}", reason=reason)
            events = self._predict(action) if isinstance(action, Predict) else self._counter(action)
            # Tile actions change no piece: they give no check and chase nothing (S-4).
            self.facts.append(PlyFacts(actor, False, frozenset()))
        else:
            raise IllegalAction(f"{action.text} is no Tuibei action", move=action.text)
        self.actions.append(action)
        self.keys.add(self._key())
        if self._outcome is None:
            self._outcome = self._adjudicate()
        if isinstance(action, Move) and self._outcome is None and self.position.is_check():
            events.append(Event("check"))
        return events

    def _predict(self, action: Predict) -> list[Event]:
        """T-2: the tile goes face-down into the pool; that is the turn."""
        side = self.turn
        self.pending[side] = action.kind
        self.position.turn = side.other()
        return [
            Event("predicted", {"side": side.code}),
            Event("predicted_tile", {"side": side.code, "kind": action.kind.value}, audience=side),
        ]

    def _counter(self, action: Counter) -> list[Event]:
        """T-3b: both tiles are revealed; the side whose kind is lost is decided."""
        counterer = self.turn
        predictor = counterer.other()
        tile = self.pending[predictor]
        assert tile is not None  # _refusal checked that a prediction is pending
        self.pending[predictor] = None
        events = [
            Event(
                "countered",
                {"side": counterer.code, "kind": action.kind.value, "tile": tile.value},
            )
        ]
        if action.kind is tile:
            loser = predictor
            self.position.turn = predictor  # the counter was the counterer's turn
        else:
            loser = counterer
            self.must_move = True  # the counterer still owes their turn, as a move
        self.lost[loser].append(action.kind)
        events.append(Event("tile_lost", {"side": loser.code, "kind": action.kind.value}))
        return events

    def _push_move(self, move: Move) -> list[Event]:
        """A normal move, then the forced resolution of the opponent's tile (T-4)."""
        mover = self.turn
        position = self.position
        before = list(position.board)
        events = self._play(move)
        self.must_move = False
        tile = self.pending[mover.other()]
        if tile is not None:
            self.pending[mover.other()] = None
            events.append(self._resolve(move, tile))
        # S-4 facts after the resolution: a removed piece no longer checks or chases.
        king = position.king_square(mover.other())
        check = king is not None and position.is_attacked(king, mover)
        facts = PlyFacts.after_move(mover, check, before, position.board, move, self.ids)
        record(self.facts, facts, irreversible=position.quiet_plies == 0)
        return events

    def _resolve(self, move: Move, tile: Kind) -> Event:
        """T-4: remove the piece that just moved if the tile names its kind, else withdraw."""
        position = self.position
        predictor = position.turn
        mover = predictor.other()
        sq = move.to_sq
        piece = position.board[sq]
        assert piece is not None
        params = {"side": predictor.code, "kind": tile.value, "square": square_name(sq)}
        if piece.kind is tile:
            position.board[sq] = None
            # A lone king faces nothing, so removing a king always stands.
            if not position.kings_face():
                self.ids[sq] = None
                self.captured[mover].append(PieceView(mover, tile))
                position.quiet_plies = 0  # a removal counts as a capture (S-12)
                king = position.king_square(mover)
                if king is None:
                    self._outcome = Outcome(predictor, Reason.KING_CAPTURED)
                elif position.is_attacked(king, predictor):
                    # T-4: the predictor's normal turn could take the king.
                    self._outcome = Outcome(predictor, Reason.CHECKMATE)
                return Event("prediction_hit", params)
            position.board[sq] = piece
            code = "prediction_blocked"  # T-4: removal would leave the kings facing
        else:
            code = "prediction_missed"
        # T-4: the withdrawal is the predictor's turn; in check, it cannot be answered.
        position.turn = mover
        king = position.king_square(predictor)
        if king is not None and position.is_attacked(king, mover):
            self._outcome = Outcome(mover, Reason.CHECKMATE)
        return Event(code, params)

    def _key(self) -> tuple[Hashable, ...] | None:
        """The repetition key (S-4), or ``None`` in a state that is not at rest.

        Only states with no pending tile and no owed move can repeat; the lost
        kinds are part of the position since they change what either side may do.
        """
        if self.must_move or any(tile is not None for tile in self.pending):
            return None
        return self.position.key(), frozenset(self.lost[0]), frozenset(self.lost[1])

    def _adjudicate(self) -> Outcome | None:
        position = self.position
        if not position.has_legal_move() and not self._tile_actions():
            # S-3: no move, no prediction and no counter; a side able to predict
            # is not stalemated since predicting is a turn.
            reason = Reason.CHECKMATE if position.is_check() else Reason.STALEMATE
            return Outcome(position.turn.other(), reason)
        first = self.keys.first_of_third
        if first is not None:  # S-4
            return verdict(self.facts[first:])
        if position.quiet_plies >= NO_CAPTURE_LIMIT:  # S-12
            return Outcome(None, Reason.NO_CAPTURE)
        # No insufficient-material draw: a correct prediction can still remove a king.
        return None

    def is_secret(self, action: Action) -> bool:
        return isinstance(action, Predict)  # T-5: a tile in a pool is secret

    def secret_tail(self) -> int:
        """A pending prediction is always the latest action, and secret (T-5)."""
        pending = self._outcome is None and any(tile is not None for tile in self.pending)
        return 1 if pending else 0

    def view(self, viewer: Color | None) -> View:
        """The standard board plus both pools; a pending tile only for its owner (T-5)."""
        return replace(
            super().view(viewer),
            pools=(self._pool(Color.RED, viewer), self._pool(Color.BLACK, viewer)),
        )

    def _pool(self, owner: Color, viewer: Color | None) -> PoolView:
        """Whoever may see the pending tile sees it out of the rack; to anyone
        else the rack shows every available kind, or its gap would name the tile.
        """
        tile = self.pending[owner]
        rack = self.available(owner)
        if tile is None:
            return PoolView(None, rack, tuple(self.lost[owner]))
        if viewer is owner or self._outcome is not None:
            return PoolView(tile, tuple(k for k in rack if k is not tile), tuple(self.lost[owner]))
        return PoolView(HIDDEN_TILE, rack, tuple(self.lost[owner]))

    def parse(self, text: str) -> Action:
        """Tile actions in the forms of :func:`parse_tile_action`, else a move."""
        if self._outcome is not None:
            raise GameOver("the game is over")
        action = parse_tile_action(text)
        if action is None:
            return super().parse(text)
        refusal = self._refusal(action)
        if refusal is not None:
            reason, message = refusal
            raise IllegalAction(f"{text!r}: {message}", text=text, reason=reason)
        return action

    def notate(self, action: Action, style: str = "iccs") -> str:
        """Moves as in standard; tile actions as ``预测 箭`` (chinese) or ``predict chariot``.

        A prediction's text names the secret tile: show it to its owner only.
        """
        if isinstance(action, Predict | Counter):
            chinese = style == "chinese"
            if isinstance(action, Predict):
                verb = "预测" if chinese else "predict"
            else:
                verb = "测" if chinese else "counter"
            name = TILE_NAMES[action.kind] if chinese else KIND_NAMES_EN[action.kind]
            return f"{verb} {name}"
        return super().notate(action, style)
