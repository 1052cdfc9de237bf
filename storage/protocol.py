"""``Store``: what the bot may ask of storage, whichever database holds it.

The bot types against this Protocol and never learns which database it
has: ``open_store`` returns a ``Store``, a ``SqliteStore`` or a
``PostgresStore``, both the one :class:`~storage.store.SqlStore` on their
own dialect. Every call is one transaction: one that returns has
committed; one that raises :class:`~storage.errors.StorageUnavailable`
changed nothing (see its docstring for the one exception) and may simply
be called again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, Self, runtime_checkable

from rules.match import Match
from rules.outcome import Outcome
from rules.pieces import Color

from .records import (
    Challenge,
    ChallengeStatus,
    DailyPuzzle,
    EndgameProgress,
    Entry,
    GameRecord,
    LeaderRow,
    NewGame,
    Prefs,
    PuzzleLeader,
    PuzzleStanding,
    PuzzleTry,
    Secret,
    VariantStats,
    Wake,
)
from .shards import Shards
from .tournaments import (
    EntrantRecord,
    NewTournament,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)

# How long a claimed deadline stays with the process that claimed it.
CLAIM_SECONDS = 30.0


@runtime_checkable
class Store(Protocol):
    """Games, their logs and secrets, players, ratings, settings and challenges."""

    async def close(self) -> None: ...

    async def watch(self, changed: Callable[[int], None]) -> None:
        """Call ``changed(game_id)`` whenever another process commits a change to
        a game (an entry, an ending, a clock, a secret setup): it holds the game
        in memory and must read it again. On SQLite, never: one file, one process."""

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc: object) -> None: ...

    # -- games and their logs -------------------------------------------------

    async def create_game(self, new: NewGame) -> int:
        """Store a new active game and its secret setup; returns the game id.

        :raises ValueError: for a rated handicap game (S-10: never rated).
        :raises ChannelBusy: when the channel already holds an active game.
        """

    async def append(
        self,
        game_id: int,
        seq: int,
        actor_id: int | None,
        text: str,
        *,
        red_ms: int | None = None,
        black_ms: int | None = None,
        deadline: float | None = None,
        outcome: Outcome | None = None,
        effective: bool = False,
    ) -> Entry:
        """Commit entry ``seq`` of an active game, with the clocks it leaves.

        Clock arguments left ``None`` keep their stored value (clear a
        deadline with :meth:`set_clock`); a new deadline re-arms the reminder.
        Pass the ``outcome`` (and ``effective``) when this entry ends the
        game: the game is then finished as by :meth:`finish_game` in the same
        transaction, so no crash can leave an ended log in an active game.

        :raises SequenceConflict: when ``seq`` is not the next free number.
        :raises GameNotActive: when the game is already over.
        :raises GameNotFound:
        """

    async def set_clock(
        self, game_id: int, *, red_ms: int | None, black_ms: int | None, deadline: float | None
    ) -> None:
        """Set every clock field as given, ``None`` included (no time limit)."""

    async def set_reminded(self, game_id: int) -> None:
        """Mark the current deadline's reminder DM as sent (S-8 survives restarts)."""

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with its whole public log. :raises GameNotFound:"""

    async def set_secret(self, game_id: int, secret: Secret) -> None:
        """Replace the seed and setup of a game that has no entry yet (a setup
        chosen privately before the first move, as in third-generation xiangqi).

        :raises GameNotActive: once the game has an entry or is over.
        """

    async def load_secret(self, game_id: int) -> Secret:
        """The seed and secret setup: for rebuilding, never for showing mid-game."""

    async def rebuild(self, game_id: int) -> Match:
        """The game's current state, replayed from its seed and log."""

    async def save_review(self, game_id: int, body: str) -> None:
        """Keep the review ``body`` of a finished game; a game keeps its first."""

    async def load_review(self, game_id: int) -> str | None:
        """The kept review of a game, ``None`` until one is made."""

    async def finish_game(self, game_id: int, outcome: Outcome, effective: bool) -> bool:
        """End an active game with ``outcome``; False when it had already ended.

        In the same transaction: both players' win/draw/loss counts (unless
        aborted) and, for a rated game whose result is ``effective`` (S-9),
        both Glicko-2 ratings. The compare-and-set on the status makes a race
        (a resignation against the deadline sweep) count the game once.
        """

    async def settle_ended_games(self) -> list[int]:
        """Finish the active games whose log already holds their end; their ids."""

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The last game played in a channel or thread, over or not."""

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        """The game of a channel or thread that finished last, if any."""

    async def results_between(
        self, user_id: int, other_id: int
    ) -> list[tuple[dict[str, str], Color, str]]:
        """Finished games of ``user_id`` against ``other_id``: each game's options,
        the side ``user_id`` played and the PGN result (for records by opponent)."""

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Every active game (of ``shards``' guilds), for re-arming timers and views
        after a restart."""

    async def games_due(self, now: float) -> list[GameRecord]:
        """Active games whose deadline has passed, soonest first."""

    async def claim_due(
        self, now: float, shards: Shards | None = None, lease: float = CLAIM_SECONDS
    ) -> list[int]:
        """Claim the due games of ``shards``' guilds, soonest first, for this
        process to time out: no other process gets them for ``lease`` seconds
        or until a new deadline (on SQLite there is no other process)."""

    async def next_deadlines(self, limit: int) -> list[GameRecord]:
        """The active games whose clock runs out next, soonest first."""

    async def recent_games(self, user_id: int, limit: int = 10) -> list[GameRecord]:
        """The player's finished games, latest first."""

    async def export_pgn(self, game_id: int) -> str:
        """The game as xqbase-style PGN (S-11); safe to show while it runs."""

    async def export_json(self, game_id: int) -> str:
        """Every entry, the players, options and result; the secrets only once over."""

    # -- the games held in memory, and those let go of (lazy games) -----------
    # A game the bot lets go of is put to sleep with its wake; one it never
    # let go of, or whose wake was removed by a commit (any change of the game
    # removes it: whoever made it holds the game), is awake.

    async def awake_games(self, by: float, shards: Shards | None = None) -> list[GameRecord]:
        """The active games (of ``shards``' guilds) to hold in memory by ``by``:
        the awake ones and those whose wake comes by then, read in one query."""

    async def awake_ids(self, by: float, shards: Shards | None = None) -> list[int]:
        """The ids of :meth:`awake_games`, without reading the games."""

    async def load_games(self, ids: Iterable[int]) -> dict[int, tuple[GameRecord, Secret]]:
        """The games of ``ids`` that exist, each with its log and its secret
        (for rebuilding), read together: many games woken at once (a burst of
        moves in games asleep) cost a few queries, not a few each."""

    async def put_to_sleep(self, wakes: Mapping[int, Wake]) -> list[int]:
        """Let go of games (id -> wake), each only if its log still has
        ``wake.seq`` entries and it is active; the ids put to sleep."""

    async def asleep_channels(self, shards: Shards | None = None) -> dict[int, int]:
        """The channel of each game asleep (of ``shards``' guilds): channel -> game id."""

    async def asleep_waiting_for(self, user_id: int, shards: Shards | None = None) -> list[int]:
        """The games asleep (of ``shards``' guilds) that wait for ``user_id``'s move."""

    async def active_ids_of(self, user_id: int, shards: Shards | None = None) -> list[int]:
        """Every active game of ``user_id`` (of ``shards``' guilds), awake or asleep."""

    async def active_ids_in(self, guild_id: int) -> list[int]:
        """Every active game of a guild, awake or asleep, by id."""

    async def wake_games_of(self, user_id: int, at: float) -> None:
        """Bring the wakes of ``user_id``'s games asleep forward to ``at`` at the
        latest (their reminder plan changed, so the bot works them out again)."""

    # -- players and preferences ----------------------------------------------

    async def upsert_player(self, user_id: int, name: str) -> None:
        """Record a player's current display name."""

    async def player_name(self, user_id: int) -> str | None: ...

    async def player_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The stored names of those of ``user_ids`` that have one, in one query."""

    async def get_prefs(self, user_id: int) -> Prefs:
        """The player's preferences; the defaults for a player never seen."""

    async def set_prefs(self, user_id: int, **changes: object) -> Prefs:
        """Change some preferences; returns them all.

        :raises ValueError: for an unknown preference or a value it cannot take.
        """

    async def set_locale(self, user_id: int, locale: str) -> None:
        """Remember a player's Discord locale, to speak to them after a restart."""

    async def player_locale(self, user_id: int) -> str | None: ...

    # -- notices --------------------------------------------------------------

    async def notified(self, game_id: int) -> int | None:
        """How many entries of the game had their notice handled (``None``: not the start)."""

    async def unnotified_endings(self, since: float) -> list[GameRecord]:
        """Games over since ``since`` whose end was never announced to the players."""

    async def notified_many(self, ids: Iterable[int]) -> dict[int, int | None]:
        """:meth:`notified` of many games in one round trip (unknown games absent)."""

    async def set_notified(self, game_id: int, count: int) -> None: ...

    async def set_notified_many(self, marks: Mapping[int, int]) -> None:
        """Mark many games at once (game id -> count), in one transaction: a
        sweep after a restart marks every game it catches up on in one round trip."""

    # -- conditional moves ------------------------------------------------------

    async def premoves(self, game_id: int) -> dict[int, list[list[str]]]:
        """Each player's queued conditional lines in a game (actions in the log's
        text form, the opponent's reply first); players without any are absent."""

    async def set_premoves(self, game_id: int, user_id: int, lines: list[list[str]]) -> None:
        """Replace a player's queued lines in a game; no lines clears them."""

    # -- vacations -----------------------------------------------------------------

    async def add_vacation(self, user_id: int, starts_at: float, ends_at: float) -> None:
        """Note a vacation of ``user_id`` from ``starts_at`` to ``ends_at`` (unix)."""

    async def vacations(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """The (start, end) of ``user_id``'s vacations begun since ``since``, oldest first."""

    async def open_vacations(self) -> dict[int, float]:
        """Each player's vacation not yet closed, by user: when it ends."""

    async def close_vacation(self, user_id: int, at: float) -> None:
        """Close ``user_id``'s open vacation, ending it at ``at`` if that is sooner."""

    async def shift_deadline(self, game_id: int, seconds: float) -> None:
        """Move an active game's deadline by ``seconds`` (a vacation's time); its
        reminder is owed again."""

    # -- daily digests ---------------------------------------------------------------

    async def set_digest(self, user_id: int, hour: int | None, at: float) -> None:
        """Send ``user_id`` a daily digest at ``hour`` (UTC), counted as sent at
        ``at``; ``None`` stops it."""

    async def digests(self) -> dict[int, tuple[int, float]]:
        """Every player's digest: its hour and when it was last sent."""

    async def digest_sent(self, user_id: int, at: float) -> None:
        """Note that ``user_id``'s digest was sent at ``at``."""

    async def set_reminder_hours(self, user_id: int, hours: list[int]) -> None:
        """The hours before a deadline ``user_id`` is reminded at; none: the default."""

    async def reminder_hours(self) -> dict[int, list[int]]:
        """Every player's chosen reminder hours."""

    # -- practical endgames ----------------------------------------------------------

    async def record_endgame_try(
        self, game_id: int, user_id: int, endgame_id: str, solved: bool, moves: int, at: float
    ) -> None:
        """Keep the finished try of ``endgame_id`` played in ``game_id``; a
        second call for the same game changes nothing."""

    async def endgame_progress(self, user_id: int) -> dict[str, EndgameProgress]:
        """The member's progress in every endgame they finished a try of, by id."""

    # -- heartbeats (the time the bot was away) -------------------------------

    async def beat(self, shards: Shards, at: float) -> None:
        """Note that ``shards`` are served at ``at``."""

    async def last_beats(self, shards: Shards) -> dict[int, float | None]:
        """When each of ``shards`` was last served; ``None`` if never."""

    async def give_back(self, shards: Shards, since: float, seconds: float) -> list[int]:
        """Move on by ``seconds`` the deadlines of ``shards``' games still
        running at ``since``; the games changed."""

    # -- guild settings -------------------------------------------------------

    async def get_guild_setting(self, guild_id: int, key: str, default: Any = None) -> Any: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store any JSON value; ``None`` removes the setting."""

    # -- challenges -----------------------------------------------------------

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        variant: str,
        expires_at: float,
        opponent_id: int | None = None,
        options: Mapping[str, str] | None = None,
        rated: bool = True,
        color: str = "random",
        message_id: int | None = None,
    ) -> Challenge:
        """A pending challenge; ``opponent_id=None`` lets anyone accept.

        :raises ValueError: for an unknown colour choice or a rated handicap.
        """

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows the challenge (posted after creating it)."""

    async def get_challenge(self, challenge_id: int) -> Challenge | None: ...

    async def set_challenge_status(
        self,
        challenge_id: int,
        status: ChallengeStatus | str,
        expected: ChallengeStatus | str = ChallengeStatus.PENDING,
    ) -> bool:
        """Compare-and-set: True only for the one caller that moved it from ``expected``."""

    async def open_challenges(self, challenger_id: int, now: float) -> list[Challenge]:
        """The challenger's pending challenges that have not expired, oldest first."""

    async def expired_challenges(self, now: float) -> list[Challenge]:
        """Pending challenges past their expiry, oldest first."""

    # -- ratings and statistics -----------------------------------------------

    async def leaderboard(
        self, variant: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderRow]:
        """The best rated players of ``variant``, globally or among those who
        finished a game of it in ``guild_id``."""

    async def player_stats(self, user_id: int) -> list[VariantStats]:
        """The player's rating and record in every variant they finished a game of."""

    # -- puzzles ------------------------------------------------------------------

    async def start_puzzle(
        self, user_id: int, puzzle_id: str, variant: str, guild_id: int | None, daily: bool
    ) -> bool:
        """Give ``user_id`` a puzzle to solve (``daily``: ``guild_id``'s daily
        puzzle); False when they were given it before, which changes nothing."""

    async def open_puzzle(self, user_id: int) -> PuzzleTry | None:
        """The puzzle ``user_id`` is solving: a daily one first, else the latest given."""

    async def puzzle_try(self, user_id: int, puzzle_id: str) -> PuzzleTry | None:
        """``user_id``'s try of one puzzle, solving, solved or failed."""

    async def seen_puzzles(self, user_id: int) -> set[str]:
        """Every puzzle ``user_id`` was given."""

    async def advance_puzzle(self, user_id: int, puzzle_id: str, plies: int, to: int) -> bool:
        """Compare-and-set: the open try at ``plies`` played plies moves to
        ``to``; False for a try that moved on or ended meanwhile."""

    async def finish_puzzle(
        self, user_id: int, puzzle_id: str, solved: bool, puzzle_rating: float
    ) -> tuple[PuzzleStanding | None, PuzzleStanding] | None:
        """End the open try, solved or failed, as a rated game against the
        puzzle's rating (Glicko-2, one period); the standing before (``None``
        for a first puzzle) and after. ``None`` when the try was not open:
        only one caller ends it."""

    async def puzzle_standing(self, user_id: int) -> PuzzleStanding | None:
        """``user_id``'s puzzle rating and streaks; ``None`` before a first puzzle."""

    async def puzzle_leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PuzzleLeader]:
        """The best puzzle ratings, of everyone or of those given a puzzle in ``guild_id``."""

    async def set_daily_puzzle_plan(
        self, guild_id: int, channel_id: int | None, minute: int, since: float
    ) -> None:
        """Post ``guild_id``'s daily puzzle in ``channel_id`` at ``minute`` of
        the day (UTC), the first after ``since``; ``channel_id=None`` stops it."""

    async def daily_puzzle_plans(self) -> dict[int, tuple[int, int, float]]:
        """Every server's daily puzzle: its channel, minute of the day and since when."""

    async def add_daily_puzzle(self, daily: DailyPuzzle) -> bool:
        """Claim a server's day for a puzzle; False when that day has one already."""

    async def set_daily_puzzle_message(self, guild_id: int, day: str, message_id: int) -> None:
        """Remember the message that shows a day's puzzle (posted after claiming it)."""

    async def daily_puzzles(self, guild_id: int) -> list[DailyPuzzle]:
        """A server's daily puzzles, the oldest first."""

    async def daily_solvers(self, guild_id: int, puzzle_id: str) -> int:
        """How many solved ``puzzle_id`` as ``guild_id``'s daily puzzle."""

    # -- tournaments ------------------------------------------------------------

    async def create_tournament(self, new: NewTournament) -> TournamentRecord:
        """Store a new tournament, pending (taking entrants) until its start."""

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def guild_tournaments(
        self, guild_id: int, *, finished: bool, limit: int = 25
    ) -> list[TournamentRecord]:
        """A server's finished tournaments, or its pending and running ones; newest first."""

    async def live_tournaments(self) -> list[TournamentRecord]:
        """Every pending or running tournament (the bot's sweep drives them)."""

    async def update_tournament(self, tournament_id: int, **places: int | None) -> None:
        """Remember its announcement, thread, scheduled event or standings message.

        :raises ValueError: for any other column."""

    async def set_tournament_status(
        self,
        tournament_id: int,
        status: TournamentStatus | str,
        expected: TournamentStatus | str,
    ) -> bool:
        """Compare-and-set: True only for the one caller that moved it from ``expected``."""

    async def join_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Enter a player; False if they already are."""

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the list (before the start); False if they were not on it."""

    async def withdraw_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Mark a player withdrawn (after the start: kept in the table, never paired
        again); False if they were not playing."""

    async def entrants(self, tournament_id: int) -> list[EntrantRecord]:
        """The entrants by pairing number (before the start, in the order they joined)."""

    async def start_tournament(self, tournament_id: int, seeds: list[int]) -> bool:
        """Number the entrants in ``seeds``' order and set it running; False if it
        was not pending."""

    async def open_round(
        self,
        tournament_id: int,
        number: int,
        pairings: list[PairingRecord],
    ) -> bool:
        """Store round ``number`` (the one after the last opened) and its pairings;
        False, storing nothing, if another caller opened it first."""

    async def set_pairing_game(
        self, tournament_id: int, number: int, board: int, game_id: int
    ) -> None:
        """The game started for a pairing."""

    async def set_pairing_result(
        self, tournament_id: int, number: int, board: int, result: str
    ) -> bool:
        """A pairing's result, once: False if it already had one."""

    async def pairings(self, tournament_id: int) -> list[PairingRecord]:
        """Every pairing of every round opened, by round and board."""

    async def tournament_of_game(self, game_id: int) -> tuple[int, int, int] | None:
        """The tournament, round and board a game was played for, if any."""
