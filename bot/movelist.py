"""The move list of a game, in every notation, numbered by rounds from 1.

Built by replaying the log from the start, so taken-back moves drop out of
it. While a game runs, an action that still hides a choice (a Tuibei
prediction) is listed only as hidden: the list is shown to anyone.
"""

from __future__ import annotations

from rules.actions import parse_action
from rules.match import SECRET_ENTRY, Match
from rules.pieces import Color

from .typed import written

HIDDEN = None  # a listed action whose notation is still secret


def listed_actions(match: Match, *, running: bool) -> list[tuple[Color, dict[str, str] | None]]:
    """Each game action that stands, with its side and its notation per style
    (``None`` for an action still secret in a running game)."""
    masked = match.public_entries() if running else match.entries
    replay = Match.start(match.variant, match.options, match.seed)
    listed: list[tuple[Color, dict[str, str] | None]] = []
    for text, shown in zip(match.entries, masked, strict=True):
        if text.startswith("@"):
            for event in replay.apply(text):
                if event.code == "undone":
                    del listed[len(listed) - int(event.params["plies"]) :]
            continue
        game = replay.game
        side, action = game.turn, parse_action(text)
        hidden = shown == SECRET_ENTRY or (running and game.is_secret(action))
        notes = HIDDEN if hidden else written(game, action)
        replay.apply(text)
        listed.append((side, notes))
    return listed


def move_text(
    listed: list[tuple[Color, dict[str, str] | None]], style: str, hidden_word: str
) -> str:
    """``1. 炮二平五 马8进7`` one round a line; a round starts with Red's action."""
    rounds: list[list[str]] = []
    for side, notes in listed:
        word = hidden_word if notes is None else notes.get(style) or notes["iccs"]
        if side is Color.RED or not rounds:
            rounds.append([])
        rounds[-1].append(word)
    return "\n".join(f"{n}. {' '.join(words)}" for n, words in enumerate(rounds, 1))
