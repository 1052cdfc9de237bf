"""The words of a game's reports, not yet in any language: what was played,
what happened, how the game ended, whose turn it is and until when.

A :class:`Wording` knows one game's seats and variant; everything that
changes from one entry to the next (the match, the clocks) is passed in, so
the same lines are built for a live game, a start-up settle and a rebuild.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from rules.variant import Event, find_variant

from . import timecontrol as tc
from .i18n import catalogue
from .players import PlayerDirectory
from .report import Line, Moves, Term, Title
from .variants import table_for

SIDES = {"r": Color.RED, "b": Color.BLACK}


def color_term(color: Color) -> Term:
    return Term("color.red" if color is Color.RED else "color.black")


class Wording:
    """The lines of one game, for the players seated at ``ids`` (Red, Black)."""

    def __init__(self, variant: str, ids: tuple[int, int], players: PlayerDirectory) -> None:
        self.variant = variant
        self.ids = ids
        self.players = players

    def lines(
        self, match: Match, actor_id: int | None, events: list[Event], moves: Moves | None
    ) -> list[Line]:
        """The public lines: the played move (in every notation when that is
        public, else as the public event gives it), the other public events,
        and the result (with why, when an event of the entry explains it)."""
        lines: list[Line] = []
        for event in events:
            if event.audience is not None:
                continue
            if event.code == "move" and actor_id is not None:
                shown = moves or Moves({"iccs": str(event.params.get("move", ""))})
                lines.append(self.played(actor_id, shown))
            else:
                lines.append(self.event_line(event))
        outcome = match.outcome
        if outcome is not None:
            lines.append(self.outcome_line(outcome))
            lines += self.why(events, outcome)
        return lines

    def event_line(self, event: Event) -> Line:
        params: dict[str, Any] = dict(event.params)
        side = SIDES.get(str(params.get("side")))
        if side is not None:
            params["player"] = self.players.name(self.ids[side])
            params["color"] = color_term(side)
        if "kind" in params:
            params["piece"] = Term(f"piece.{params['kind']}")
        if "tile" in params:
            params["tile"] = Term(f"piece.{params['tile']}")
        return Line(self.worded(f"event.{event.code}"), params)

    def worded(self, key: str) -> str:
        """``key`` as this variant words it, when its catalogue does: the same
        event can read differently (``event.jieqi.capture``, whose ``side`` is the
        captured piece's owner, for ``event.capture``)."""
        section, _, rest = key.partition(".")
        own = f"{section}.{self.variant}.{rest}"
        return own if catalogue().get("en", own) is not None else key

    def outcome_line(self, outcome: Outcome) -> Line:
        reason = Term(f"reason.{outcome.reason.value}")
        if outcome.reason is Reason.ABORTED:
            return Line("result.aborted")
        if outcome.winner is None:
            return Line("result.draw", {"reason": reason})
        winner = outcome.winner
        return Line(
            "result.win",
            {
                "player": self.players.name(self.ids[winner]),
                "color": color_term(winner),
                "reason": reason,
            },
        )

    def why(self, events: list[Event], outcome: Outcome) -> list[Line]:
        """Why a public event of the entry ended the game, when the catalogue says:
        ``ending.<event>.<reason>.side`` if the event's side won, ``.other`` if
        not (a Tuibei prediction ends games that no move alone would)."""
        if outcome.winner is None:
            return []
        for event in events:
            if event.audience is not None:
                continue
            won = SIDES.get(str(event.params.get("side"))) is outcome.winner
            key = f"ending.{event.code}.{outcome.reason.value}.{'side' if won else 'other'}"
            if catalogue().get("en", key) is not None:
                return [Line(key, self.event_line(event).params)]
        return []

    def played(self, actor_id: int, moves: Moves) -> Line:
        side = Color(self.ids.index(actor_id))
        params = {"player": self.players.name(actor_id), "color": color_term(side)}
        return Line("move.played", {**params, "move": moves})

    def deadline_lines(
        self, turn: Color, deadline: float | None, computer_thinks: bool
    ) -> list[Line]:
        """When the player to move runs out of time, as a Discord timestamp (any
        locale); with ``computer_thinks``, that the computer is thinking."""
        player = self.players.name(self.ids[turn])
        if computer_thinks:
            return [Line("computer.thinking", {"player": player})]  # its human is told
        if deadline is None:
            return []
        return [Line("move.deadline", {"player": player, "when": f"<t:{int(deadline)}:R>"})]

    def result_lines(
        self,
        outcome: Outcome,
        rated: bool,
        effective: bool,
        before: Mapping[int, float],
        after: Mapping[int, float],
    ) -> list[Line]:
        """What the recorded result did to ratings (they move only for effective
        rated wins, S-9)."""
        if outcome.reason is Reason.ABORTED:
            return []
        if not rated:
            return [Line("result.unrated_game")]
        if not effective:
            return [Line("result.not_effective")]
        changes = ", ".join(
            f"{self.players.name(user_id)} {rating:.0f} ({rating - before[user_id]:+.0f})"
            for user_id, rating in after.items()
        )
        return [Line("result.rated", {"changes": changes})]

    def status_line(self, match: Match, finished: bool) -> Line:
        """Whose turn it is and in which round, or how a finished game ended."""
        outcome = match.outcome
        if finished and outcome is not None:  # a finished game's thread
            return self.outcome_line(outcome)
        turn = match.game.turn
        return Line(
            "board.status",
            {
                "player": self.players.name(self.ids[turn]),
                "color": color_term(turn),
                "moves": match.game.ply // 2 + 1,  # rounds from 1, as on the image
            },
        )

    def opening_lines(self, options: Mapping[str, str], rated: bool) -> list[Line]:
        """The start of a game: who plays what, its handicap and rating."""
        red, black = (self.players.name(user_id) for user_id in self.ids)
        variant = find_variant(self.variant)
        line = Line(
            "game.started",
            {
                "red": red,
                "black": black,
                "variant": Title(variant.title_en, variant.title_zh),
                "time": Term(f"time.{options.get('time', tc.DEFAULT_PRESET)}"),
            },
        )
        lines = [line]
        if options.get("handicap", "none") != "none":
            lines.append(
                Line("game.handicap", {"handicap": Term(f"handicap.{options['handicap']}")})
            )
        lines += table_for(self.variant).opening_lines(options)
        if not rated:
            lines.append(Line("game.unrated"))
        return lines

    def first_move(self, computer: Color | None) -> Line:
        """Who moves first and how. Against the computer the words are for its
        human alone (``computer.first_move``, or the variant's own such as a
        setup to arrange); a human who moves first is told as in any game."""
        red, black = (self.players.name(user_id) for user_id in self.ids)
        params = {"player": red, "human": black if computer is Color.RED else red}
        if computer is not None:
            own = self.worded("computer.first_move")
            if own != "computer.first_move" or computer is Color.RED:
                return Line(own, params)
        return Line(self.worded("game.first_move"), params)
