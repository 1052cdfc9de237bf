"""The values storage hands out and takes in: frozen dataclasses, no SQL.

The bot and the exports only ever see these, so the schema can change
without touching them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.outcome import Outcome, Reason
from rules.pieces import Color


class GameStatus(Enum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class ChallengeStatus(Enum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


COLOR_CHOICES = ("red", "black", "random")
NOTATIONS = ("chinese", "wxf", "iccs")
LANGUAGES = (None, "en", "zh")
ORIENTATIONS = ("auto", "red")
NOTICES = ("off", "thread", "dm", "both")
BOARD_DMS = ("news", "every")  # private boards by DM: when they show something new, or always


def is_handicap(options: Mapping[str, str]) -> bool:
    """Whether the options start a handicap game (S-10: never rated)."""
    return options.get("handicap", "none").strip().lower() not in ("", "none")


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the bot knows when a game starts.

    ``options`` are the public choices (time control, handicap, rule
    options); ``seed`` and ``secret`` are kept apart and never exported
    while the game runs. Clocks are milliseconds left, ``deadline`` is the
    unix time the side to move runs out (``None``: no time limit).
    """

    guild_id: int | None
    channel_id: int
    variant: str
    red_id: int
    black_id: int
    options: Mapping[str, str]
    rated: bool
    seed: int
    secret: Mapping[str, Any] = field(default_factory=dict)
    red_ms: int | None = None
    black_ms: int | None = None
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted log entry. ``actor_id`` is ``None`` for entries the bot
    itself makes (a timeout found by the deadline sweep)."""

    seq: int
    actor_id: int | None
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game with its public log, without the secret setup."""

    id: int
    guild_id: int | None
    channel_id: int
    variant: str
    red_id: int
    black_id: int
    options: Mapping[str, str]
    rated: bool
    status: GameStatus
    result: str | None
    reason: Reason | None
    created_at: float
    updated_at: float
    finished_at: float | None
    red_ms: int | None
    black_ms: int | None
    deadline: float | None
    reminded: bool
    notified: int | None  # the entries its notices have gone out for (bot/notices.py)
    queued: bool  # whether conditional moves are queued in it (bot/premoves.py)
    entries: tuple[Entry, ...]

    @property
    def next_seq(self) -> int:
        """The sequence number the next append must use."""
        return len(self.entries)

    @property
    def outcome(self) -> Outcome | None:
        """The stored result as the rules' ``Outcome`` (``None`` while active)."""
        if self.reason is None:
            return None
        winner = {"1-0": Color.RED, "0-1": Color.BLACK}.get(self.result or "")
        return Outcome(winner, self.reason)

    def player_id(self, color: Color) -> int:
        return self.red_id if color is Color.RED else self.black_id

    def color_of(self, user_id: int) -> Color | None:
        """The side ``user_id`` plays, or ``None`` for a spectator."""
        if user_id == self.red_id:
            return Color.RED
        if user_id == self.black_id:
            return Color.BLACK
        return None


@dataclass(frozen=True, slots=True)
class Secret:
    """The hidden setup of a game: the seed and any secret choices."""

    seed: int
    setup: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Wake:
    """When a game the bot lets go of from memory must be held again (``at``,
    unix; ``math.inf`` when nothing will happen), and whom it waits for. Good
    for the game as it stood after ``seq`` entries, and only then."""

    seq: int
    at: float
    waiting_id: int | None


@dataclass(frozen=True, slots=True)
class Prefs:
    """A player's display preferences. ``language=None`` follows Discord's locale."""

    language: str | None = None
    notation: str = "chinese"
    traditional: bool = False
    labels: bool = False
    orientation: str = "auto"
    dm_notifications: bool = True
    notify: str = "thread"  # turn notices: off, thread, dm, both
    boards: str = "news"  # private boards by DM (hidden-information games): news, every


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge posted in a channel. ``opponent_id=None`` is an open challenge."""

    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    challenger_id: int
    opponent_id: int | None
    variant: str
    options: Mapping[str, str]
    rated: bool
    color: str
    status: ChallengeStatus
    created_at: float
    expires_at: float


@dataclass(frozen=True, slots=True)
class LeaderRow:
    rank: int
    user_id: int
    name: str
    rating: float
    rd: float
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True, slots=True)
class VariantStats:
    """One player's record in one variant. ``rated_games`` counts the
    effective rated games that moved the rating."""

    variant: str
    rating: float
    rd: float
    rated_games: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True, slots=True)
class PuzzleStanding:
    """A member's puzzle rating and record; ``streak`` counts the puzzles
    solved since the last one failed."""

    rating: float
    rd: float
    solved: int
    failed: int
    streak: int
    best_streak: int


@dataclass(frozen=True, slots=True)
class PuzzleTry:
    """A puzzle given to a member: how many plies of its solution they have
    played, and ``result`` (``solved``, ``failed``, ``None`` while solving)."""

    user_id: int
    puzzle_id: str
    variant: str
    guild_id: int | None
    daily: bool
    plies: int
    result: str | None


@dataclass(frozen=True, slots=True)
class PuzzleLeader:
    rank: int
    user_id: int
    name: str
    standing: PuzzleStanding


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """One day's puzzle of a server, and its post (``None`` until sent)."""

    guild_id: int
    day: str
    puzzle_id: str
    channel_id: int
    message_id: int | None


@dataclass(frozen=True, slots=True)
class EndgameProgress:
    """A member's tries of one endgame: how many they finished, whether one
    succeeded, and the fewest moves a successful one took."""

    endgame_id: str
    tries: int
    solved: bool
    best_moves: int | None
