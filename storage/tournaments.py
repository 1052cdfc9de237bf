"""Tournament records: a tournament, its entrants and its pairings, as the
store keeps them (plain values: what a format means is ``tournaments``')."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .rows import Row

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, message_id, thread_id, event_id, standings_id, creator_id,"
    " name, format, variant, time, rounds, duration, starts_at, rated, status, round,"
    " created_at, finished_at"
)
PAIRING_COLUMNS = "round, board, red_id, black_id, game_id, result"
# What ``update_tournament`` may change: the messages and event made for it.
TOURNAMENT_PLACES = ("message_id", "thread_id", "event_id", "standings_id")


class TournamentStatus(StrEnum):
    PENDING = "pending"  # announced, taking entrants
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class NewTournament:
    guild_id: int
    channel_id: int  # where it is announced
    creator_id: int
    name: str
    format: str
    variant: str
    time: str  # a time-control preset (bot/timecontrol.py)
    rounds: int | None  # Swiss; a round-robin's follow from its field
    duration: float | None  # an arena's, in seconds
    starts_at: float
    rated: bool


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    thread_id: int | None
    event_id: int | None
    standings_id: int | None  # the standings message in its thread, edited in place
    creator_id: int
    name: str
    format: str
    variant: str
    time: str
    rounds: int | None
    duration: float | None
    starts_at: float
    rated: bool
    status: TournamentStatus
    round: int  # the round (arena: the pairing wave) opened last; 0 before the start
    created_at: float
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class EntrantRecord:
    user_id: int
    joined_at: float
    seed: int | None  # the pairing number, from the start on
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """One board of a round; ``black_id=None`` is a bye; ``result`` is a
    ``tournaments.Result`` value once known."""

    round: int
    board: int
    red_id: int
    black_id: int | None
    game_id: int | None = None
    result: str | None = None


def tournament_record(row: Row) -> TournamentRecord:
    return TournamentRecord(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        message_id=row["message_id"],
        thread_id=row["thread_id"],
        event_id=row["event_id"],
        standings_id=row["standings_id"],
        creator_id=int(row["creator_id"]),
        name=row["name"],
        format=row["format"],
        variant=row["variant"],
        time=row["time"],
        rounds=row["rounds"],
        duration=row["duration"],
        starts_at=float(row["starts_at"]),
        rated=bool(row["rated"]),
        status=TournamentStatus(row["status"]),
        round=int(row["round"]),
        created_at=float(row["created_at"]),
        finished_at=row["finished_at"],
    )


def entrant_record(row: Row) -> EntrantRecord:
    return EntrantRecord(
        int(row["user_id"]), float(row["joined_at"]), row["seed"], bool(row["withdrawn"])
    )


def pairing_record(row: Row) -> PairingRecord:
    return PairingRecord(
        int(row["round"]),
        int(row["board"]),
        int(row["red_id"]),
        row["black_id"],
        row["game_id"],
        row["result"],
    )
