"""What the store does in Python around its SQL: the checks on what callers
pass in, the JSON kept in columns, the records built from result rows, and
the rating arithmetic of a finished game.

Rows are read by column name, which an ``sqlite3.Row`` and an
``asyncpg.Record`` both allow, so one function builds each record from
either database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color

from .ratings import Rating, after_idle, idle_periods, updated
from .records import (
    BOARD_DMS,
    COLOR_CHOICES,
    LANGUAGES,
    NOTATIONS,
    NOTICES,
    ORIENTATIONS,
    Challenge,
    ChallengeStatus,
    Entry,
    GameRecord,
    GameStatus,
    LeaderRow,
    NewGame,
    Prefs,
    Secret,
    VariantStats,
    is_handicap,
)

MAX_ENTRY_LENGTH = 64

GAME_COLUMNS = (
    "id, guild_id, channel_id, variant, red_id, black_id, options, rated, status, result,"
    " reason, created_at, updated_at, finished_at, red_ms, black_ms, deadline, reminded,"
    " notified, EXISTS (SELECT 1 FROM premoves WHERE premoves.game_id = games.id) AS queued"
)
CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, opponent_id, variant, options,"
    " rated, color, status, created_at, expires_at"
)
# Each preference with the values it takes; the keys are the prefs columns.
PREF_CHOICES: dict[str, tuple[object, ...]] = {
    "language": LANGUAGES,
    "notation": NOTATIONS,
    "traditional": (False, True),
    "labels": (False, True),
    "orientation": ORIENTATIONS,
    "dm_notifications": (False, True),
    "notify": NOTICES,
    "boards": BOARD_DMS,
}


class Row(Protocol):
    """A result row read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


# -- what callers pass in ---------------------------------------------------------


def checked_new_game(new: NewGame) -> tuple[str, str]:
    """The JSON of a new game's options and secret setup.

    :raises ValueError: for a rated handicap game (S-10: never rated).
    """
    if new.rated and is_handicap(new.options):
        raise ValueError("handicap games are unrated (S-10)")
    return options_json(new.options), setup_json(new.secret)


def checked_challenge(options: Mapping[str, str], rated: bool, color: str) -> str:
    """The JSON of a new challenge's options.

    :raises ValueError: for an unknown colour choice or a rated handicap.
    """
    if color not in COLOR_CHOICES:
        raise ValueError(f"colour choice is one of {COLOR_CHOICES}, not {color!r}")
    if rated and is_handicap(options):
        raise ValueError("handicap games are unrated (S-10)")
    return options_json(options)


def check_prefs(changes: Mapping[str, object]) -> None:
    """:raises ValueError: for an unknown preference or a value it cannot take."""
    for key, value in changes.items():
        choices = PREF_CHOICES.get(key)
        if choices is None:
            raise ValueError(f"unknown preference {key!r}")
        # 1 == True in Python: a flag takes only bools, and nothing else takes a bool.
        if value not in choices or (isinstance(value, bool) != isinstance(choices[-1], bool)):
            raise ValueError(f"preference {key!r} takes one of {choices}, not {value!r}")


def entry_text(text: str) -> str:
    if not isinstance(text, str) or not 0 < len(text) <= MAX_ENTRY_LENGTH:
        raise ValueError(f"an entry is 1 to {MAX_ENTRY_LENGTH} characters: {text!r}")
    return text


def options_json(options: Mapping[str, str]) -> str:
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise TypeError("options map strings to strings")
    return json.dumps(dict(options), sort_keys=True, ensure_ascii=False)


def setup_json(setup: Mapping[str, Any]) -> str:
    return json.dumps(dict(setup), sort_keys=True)


# -- records from rows ------------------------------------------------------------


def game_record(row: Row, entries: tuple[Entry, ...]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        variant=row["variant"],
        red_id=row["red_id"],
        black_id=row["black_id"],
        options=json.loads(row["options"]),
        rated=bool(row["rated"]),
        status=GameStatus(row["status"]),
        result=row["result"],
        reason=Reason(row["reason"]) if row["reason"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        red_ms=row["red_ms"],
        black_ms=row["black_ms"],
        deadline=row["deadline"],
        reminded=bool(row["reminded"]),
        notified=row["notified"],
        queued=bool(row["queued"]),
        entries=entries,
    )


def secret_record(row: Row) -> Secret:
    return Secret(int(row["seed"]), json.loads(row["setup"]))


def prefs_record(row: Row) -> Prefs:
    return Prefs(
        language=row["language"],
        notation=row["notation"],
        traditional=bool(row["traditional"]),
        labels=bool(row["labels"]),
        orientation=row["orientation"],
        dm_notifications=bool(row["dm_notifications"]),
        notify=row["notify"],
        boards=row["boards"],
    )


def challenge_record(row: Row) -> Challenge:
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        variant=row["variant"],
        options=json.loads(row["options"]),
        rated=bool(row["rated"]),
        color=row["color"],
        status=ChallengeStatus(row["status"]),
        created_at=row["created_at"],
        expires_at=row["expires_at"],
    )


def leader_rows(rows: Iterable[Row], now: float) -> list[LeaderRow]:
    """Board rows (user_id, name, rating, rd, volatility, rated_at and the record)
    ranked in the order read, with the deviation as of ``now``."""
    return [
        LeaderRow(
            rank,
            row["user_id"],
            row["name"],
            row["rating"],
            rating_as_of(row, now).rd,
            row["wins"],
            row["draws"],
            row["losses"],
        )
        for rank, row in enumerate(rows, start=1)
    ]


def variant_stats(rows: Iterable[Row], now: float) -> list[VariantStats]:
    """Ratings rows as a player's statistics, with the deviation as of ``now``."""
    return [
        VariantStats(
            row["variant"],
            row["rating"],
            rating_as_of(row, now).rd,
            row["rated_games"],
            row["wins"],
            row["draws"],
            row["losses"],
        )
        for row in rows
    ]


# -- games and ratings ------------------------------------------------------------


def replay(record: GameRecord, secret: Secret) -> Match:
    """The state of ``record``'s game: its log replayed from the secret seed."""
    return Match.replay(
        record.variant, dict(record.options), secret.seed, [e.text for e in record.entries]
    )


def rating_as_of(row: Row, now: float) -> Rating:
    """A ratings row (rating, rd, volatility, rated_at) as of ``now``: the stored
    deviation widened by the rating periods sat out since the last rated game
    (Glicko-2 step 6)."""
    stored = Rating(row["rating"], row["rd"], row["volatility"])
    return after_idle(stored, idle_periods(row["rated_at"], now))


def game_scores(
    outcome: Outcome, before: Mapping[Color, Rating], rate: bool
) -> dict[Color, tuple[float, Rating | None]]:
    """Each side's score (1, ½ or 0) and, when ``rate``, its new rating,
    computed from both sides' ratings ``before`` the game."""
    scores: dict[Color, tuple[float, Rating | None]] = {}
    for color in (Color.RED, Color.BLACK):
        score = 0.5 if outcome.winner is None else float(outcome.winner is color)
        after = updated(before[color], [(before[color.other()], score)]) if rate else None
        scores[color] = (score, after)
    return scores
