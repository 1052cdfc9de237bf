"""A game plus the platform rules of document 002 (S-5 to S-7, S-9).

The match log is a list of entry texts. Game actions are in their own text
form (``h2e2``, ``+e3``); platform entries start with ``@`` and name the side
acting: ``@r:resign``, ``@b:draw-offer``, ``@r:draw-accept``,
``@r:draw-decline``, ``@b:undo-request``, ``@r:undo-accept``,
``@r:undo-decline``, ``@b:timeout``, ``@r:abort``. Everything a match knows
(undo and draw allowances, pending requests, the result) follows from its
log, so storage only has to keep the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .actions import parse_action
from .errors import GameOver, IllegalAction, InvalidNotation
from .outcome import Outcome, Reason
from .pieces import Color
from .variant import Event, Game, find_variant

UNDO_LIMIT = 3  # S-5: requests per player per game
MIN_EFFECTIVE_MOVES = 10  # S-9: moves by each side for an effective result
SIDE_LETTERS = {"r": Color.RED, "b": Color.BLACK}
SECRET_ENTRY = "hidden"  # an entry whose text is still secret, in public exports


def platform_entry(color: Color, verb: str) -> str:
    """The log text of a platform entry, e.g. ``platform_entry(RED, "resign")``."""
    return f"@{color.code}:{verb}"


@dataclass(frozen=True, slots=True)
class Pending:
    """A draw offer or undo request waiting for the opponent's answer."""

    kind: str  # "draw" or "undo"
    side: Color


class Match:
    """A running game with its platform log; build with :meth:`start` or :meth:`replay`."""

    def __init__(self, variant: str, options: Mapping[str, str], seed: int) -> None:
        kind = find_variant(variant)
        self.variant = kind.name  # the canonical name, whatever alias was given
        self.options = dict(options)
        self.seed = seed
        self.game: Game = kind.start(options, seed)
        self.entries: list[str] = []
        # Who made each game action: turns need not alternate (Tuibei counters).
        self.actors: list[Color] = []
        self.pending: Pending | None = None
        self.undo_requests = [0, 0]
        # Per side, how many moves it had made (ever, undone ones included) at its last request.
        self._moves_made = [0, 0]
        self._last_undo_at: list[int | None] = [None, None]
        self.draw_rights = [True, True]  # S-6

    @classmethod
    def start(cls, variant: str, options: Mapping[str, str] | None = None, seed: int = 0) -> Match:
        return cls(variant, options or {}, seed)

    @classmethod
    def replay(
        cls, variant: str, options: Mapping[str, str], seed: int, entries: Iterable[str]
    ) -> Match:
        match = cls(variant, options, seed)
        match.game.judge_late()
        for text in entries:
            if text.startswith("@"):
                match.game.judge()  # a platform entry reads the result
            match.apply(text)
        match.game.judge()
        return match

    # -- state -----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def effective(self) -> bool:
        """S-9 and S-10: rated results need 10 moves by each side and no handicap."""
        if self.options.get("handicap", "none") != "none":
            return False
        return all(self.game.moves_by_side(c) >= MIN_EFFECTIVE_MOVES for c in Color)

    def public_entries(self) -> list[str]:
        """The log as anyone may read it: entries that still hide a choice
        become :data:`SECRET_ENTRY`. Needs no undo in the variant, so that
        game actions and non-platform entries correspond one to one."""
        entries = list(self.entries)
        hidden = self.game.secret_tail()
        for i in range(len(entries) - 1, -1, -1):
            if hidden == 0:
                break
            if not entries[i].startswith("@"):
                entries[i] = SECRET_ENTRY
                hidden -= 1
        return entries

    def can_offer_draw(self, color: Color) -> bool:
        return self.outcome is None and self.pending is None and self.draw_rights[color]

    def undo_refusal(self, color: Color) -> str | None:
        """Why ``color`` may not request an undo now (a stable key), or ``None``."""
        if self.outcome is not None:
            return "game_over"
        if not self.game.undo_allowed:
            return "undo_not_in_variant"
        if self.pending is not None:
            return "request_pending"
        if color not in self.actors:
            return "nothing_to_undo"
        if self.undo_requests[color] >= UNDO_LIMIT:
            return "undo_limit"
        last = self._last_undo_at[color]
        if last is not None and self._moves_made[color] < last + 2:
            return "undo_too_soon"
        return None

    # -- applying entries ----------------------------------------------------------

    def apply(self, text: str) -> list[Event]:
        """Apply one log entry; raises a ``RulesError`` and changes nothing if it is not allowed."""
        if self.outcome is not None:
            raise GameOver("the game is over")
        if text.startswith("@"):
            events = self._apply_platform(text)
        else:
            mover = self.game.turn
            events = self.game.push(parse_action(text))
            self.actors.append(mover)
            self._moves_made[mover] += 1
            if self.pending is not None and self._answered_by_moving(mover):
                events.insert(0, self._lapse())
        self.entries.append(text)
        return events

    def _answered_by_moving(self, mover: Color) -> bool:
        """A draw offer stands while its maker moves (offer, then move, as over
        the board) and lapses when the opponent moves instead of answering;
        an undo request lapses on any move, which changes what it would undo."""
        pending = self.pending
        assert pending is not None
        return pending.kind == "undo" or mover is not pending.side

    def _lapse(self) -> Event:
        """A move answers a pending request by declining it."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        if pending.kind == "draw":
            self.draw_rights[pending.side] = False
        return Event(f"{pending.kind}_lapsed", {"side": pending.side.code})

    def _apply_platform(self, text: str) -> list[Event]:
        head, _, verb = text[1:].partition(":")
        color = SIDE_LETTERS.get(head)
        if color is None or not verb:
            raise InvalidNotation(f"not a platform entry: {text!r}", text=text)
        handler = {
            "resign": self._resign,
            "timeout": self._timeout,
            "abort": self._abort,
            "draw-offer": self._draw_offer,
            "draw-accept": self._draw_accept,
            "draw-decline": self._draw_decline,
            "undo-request": self._undo_request,
            "undo-accept": self._undo_accept,
            "undo-decline": self._undo_decline,
        }.get(verb)
        if handler is None:
            raise InvalidNotation(f"not a platform entry: {text!r}", text=text)
        return handler(color)

    def _resign(self, color: Color) -> list[Event]:
        self.game.end(Outcome(color.other(), Reason.RESIGNATION))
        return [Event("resigned", {"side": color.code})]

    def _timeout(self, color: Color) -> list[Event]:
        self.game.end(Outcome(color.other(), Reason.TIMEOUT))
        return [Event("timed_out", {"side": color.code})]

    def _abort(self, color: Color) -> list[Event]:
        if self.game.ply >= 2:
            raise IllegalAction(
                "a game can be aborted only before both sides have moved", reason="abort_too_late"
            )
        self.game.end(Outcome(None, Reason.ABORTED))
        return [Event("aborted", {"side": color.code})]

    def _draw_offer(self, color: Color) -> list[Event]:
        if not self.can_offer_draw(color):
            reason = "request_pending" if self.pending else "no_draw_offer_left"
            raise IllegalAction(f"no draw offer possible now ({reason})", reason=reason)
        self.pending = Pending("draw", color)
        self.draw_rights[color.other()] = True  # S-6: an offer restores the opponent's
        return [Event("draw_offered", {"side": color.code})]

    def _answer(self, color: Color, kind: str) -> Pending:
        pending = self.pending
        if pending is None or pending.kind != kind:
            raise IllegalAction(f"there is no {kind} request to answer", kind=kind)
        if pending.side is color:
            raise IllegalAction("you cannot answer your own request", kind=kind)
        self.pending = None
        return pending

    def _draw_accept(self, color: Color) -> list[Event]:
        self._answer(color, "draw")
        self.game.end(Outcome(None, Reason.DRAW_AGREED))
        return [Event("draw_agreed")]

    def _draw_decline(self, color: Color) -> list[Event]:
        pending = self._answer(color, "draw")
        self.draw_rights[pending.side] = False
        return [Event("draw_declined", {"side": color.code})]

    def _undo_request(self, color: Color) -> list[Event]:
        refusal = self.undo_refusal(color)
        if refusal is not None:
            raise IllegalAction(f"no undo request possible now ({refusal})", reason=refusal)
        self.undo_requests[color] += 1
        self._last_undo_at[color] = self._moves_made[color]
        self.pending = Pending("undo", color)
        return [Event("undo_requested", {"side": color.code})]

    def _undo_accept(self, color: Color) -> list[Event]:
        pending = self._answer(color, "undo")
        # S-5: the requester's last action goes back, with the opponent's
        # reply if there was one (everything after it).
        last = len(self.actors) - 1 - self.actors[::-1].index(pending.side)
        plies = len(self.actors) - last
        del self.actors[last:]
        kept = self.game.actions[:last]
        self.game = type(self.game).replay(kept, self.options, self.seed)
        return [Event("undone", {"side": pending.side.code, "plies": str(plies)})]

    def _undo_decline(self, color: Color) -> list[Event]:
        self._answer(color, "undo")
        return [Event("undo_declined", {"side": color.code})]
