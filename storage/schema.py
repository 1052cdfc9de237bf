"""The schema as a list of migration steps, applied by ``PRAGMA user_version``.

Step ``n`` (1-based) brings a file from version ``n - 1`` to ``n``. Steps are
never edited once released: a change is a new step appended to
``MIGRATIONS``, so every file ever written can be brought up to date.
"""

from __future__ import annotations

import aiosqlite

# Version 1: games with their log and secrets, players, preferences,
# ratings, guild settings and challenges.
_V1 = (
    """
    CREATE TABLE players (
        id          INTEGER PRIMARY KEY,           -- Discord user id
        name        TEXT NOT NULL DEFAULT '',
        created_at  REAL NOT NULL
    )
    """,
    """
    CREATE TABLE prefs (
        user_id           INTEGER PRIMARY KEY REFERENCES players(id),
        language          TEXT CHECK (language IN ('en', 'zh')),  -- NULL: Discord locale
        notation          TEXT NOT NULL DEFAULT 'chinese'
                               CHECK (notation IN ('chinese', 'wxf', 'iccs')),
        traditional       INTEGER NOT NULL DEFAULT 0,
        labels            INTEGER NOT NULL DEFAULT 0,
        orientation       TEXT NOT NULL DEFAULT 'auto' CHECK (orientation IN ('auto', 'red')),
        dm_notifications  INTEGER NOT NULL DEFAULT 1
    )
    """,
    """
    CREATE TABLE games (
        id           INTEGER PRIMARY KEY,
        guild_id     INTEGER,
        channel_id   INTEGER NOT NULL,              -- the game's thread or channel
        variant      TEXT NOT NULL,
        red_id       INTEGER NOT NULL REFERENCES players(id),
        black_id     INTEGER NOT NULL REFERENCES players(id),
        options      TEXT NOT NULL,                 -- JSON object of public options
        rated        INTEGER NOT NULL,
        status       TEXT NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'finished', 'aborted')),
        result       TEXT,                          -- '1-0', '0-1', '1/2-1/2', '*'
        reason       TEXT,                          -- rules.outcome.Reason value
        created_at   REAL NOT NULL,
        updated_at   REAL NOT NULL,
        finished_at  REAL,
        red_ms       INTEGER,
        black_ms     INTEGER,
        deadline     REAL,                          -- unix time the side to move runs out
        reminded     INTEGER NOT NULL DEFAULT 0
    )
    """,
    # One active game per channel; the bot finds a game by its thread.
    "CREATE UNIQUE INDEX games_active_channel ON games(channel_id) WHERE status = 'active'",
    """
    CREATE INDEX games_deadline ON games(deadline)
        WHERE status = 'active' AND deadline IS NOT NULL
    """,
    "CREATE INDEX games_red ON games(red_id, finished_at)",
    "CREATE INDEX games_black ON games(black_id, finished_at)",
    """
    CREATE TABLE entries (
        game_id   INTEGER NOT NULL REFERENCES games(id),
        seq       INTEGER NOT NULL CHECK (seq >= 0),
        actor_id  INTEGER,                          -- NULL: the bot itself
        text      TEXT NOT NULL,
        at        REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
    # Entries are append-only: the database refuses to change or drop one.
    """
    CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
    BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END
    """,
    """
    CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
    BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END
    """,
    """
    CREATE TABLE secrets (
        game_id  INTEGER PRIMARY KEY REFERENCES games(id),
        seed     TEXT NOT NULL,                     -- decimal: Python ints of any size
        setup    TEXT NOT NULL                      -- JSON of the secret choices
    )
    """,
    """
    CREATE TABLE ratings (
        user_id      INTEGER NOT NULL REFERENCES players(id),
        variant      TEXT NOT NULL,
        rating       REAL NOT NULL DEFAULT 1500,
        rd           REAL NOT NULL DEFAULT 350,
        volatility   REAL NOT NULL DEFAULT 0.06,
        rated_games  INTEGER NOT NULL DEFAULT 0,    -- effective rated games (S-9)
        wins         INTEGER NOT NULL DEFAULT 0,
        draws        INTEGER NOT NULL DEFAULT 0,
        losses       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, variant)
    ) WITHOUT ROWID
    """,
    """
    CREATE INDEX ratings_board ON ratings(variant, rating DESC, user_id)
        WHERE rated_games > 0
    """,
    """
    CREATE TABLE guild_settings (
        guild_id  INTEGER NOT NULL,
        key       TEXT NOT NULL,
        value     TEXT NOT NULL,                    -- JSON
        PRIMARY KEY (guild_id, key)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE challenges (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER,
        channel_id     INTEGER NOT NULL,
        message_id     INTEGER,
        challenger_id  INTEGER NOT NULL,
        opponent_id    INTEGER,                     -- NULL: open to anyone
        variant        TEXT NOT NULL,
        options        TEXT NOT NULL,               -- JSON
        rated          INTEGER NOT NULL,
        color          TEXT NOT NULL CHECK (color IN ('red', 'black', 'random')),
        status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN
                            ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
        created_at     REAL NOT NULL,
        expires_at     REAL NOT NULL
    )
    """,
    "CREATE INDEX challenges_expiry ON challenges(expires_at) WHERE status = 'pending'",
)

# Version 2: the server leaderboard. Who played a variant in a guild, with a
# copy of their rating so the board is read in order from one index instead
# of sorting every rated player; filled from the games already finished.
_V2 = (
    """
    CREATE TABLE guild_players (
        guild_id  INTEGER NOT NULL,
        variant   TEXT NOT NULL,
        user_id   INTEGER NOT NULL REFERENCES players(id),
        rating    REAL,                             -- ratings.rating once rated, else NULL
        PRIMARY KEY (guild_id, variant, user_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE INDEX guild_board ON guild_players(guild_id, variant, rating DESC, user_id)
        WHERE rating IS NOT NULL
    """,
    # A rating change updates the player's copy in every guild they played in.
    "CREATE INDEX guild_players_user ON guild_players(user_id, variant)",
    """
    INSERT OR IGNORE INTO guild_players (guild_id, variant, user_id, rating)
    SELECT g.guild_id, g.variant, p.id,
           CASE WHEN r.rated_games > 0 THEN r.rating END
    FROM games AS g
    JOIN players AS p ON p.id IN (g.red_id, g.black_id)
    LEFT JOIN ratings AS r ON r.user_id = p.id AND r.variant = g.variant
    WHERE g.status = 'finished' AND g.guild_id IS NOT NULL
    """,
)

# Version 3: when each rating last moved, so that the rating periods a player
# sits out widen their deviation (storage.ratings). Filled from the last rated
# game each player finished in the variant.
_V3 = (
    "ALTER TABLE ratings ADD COLUMN rated_at REAL",  # unix time; NULL: never rated
    """
    UPDATE ratings SET rated_at = (
        SELECT MAX(g.finished_at) FROM games AS g
        WHERE g.variant = ratings.variant AND g.rated = 1 AND g.status = 'finished'
          AND ratings.user_id IN (g.red_id, g.black_id))
    WHERE rated_games > 0
    """,
)

# Version 4: what the bot needs to speak to a player after a restart (their
# last Discord locale), how they want to be told it is their turn, and how far
# each game's notices have gone, so a notice is sent once even across restarts.
_V4 = (
    "ALTER TABLE players ADD COLUMN locale TEXT",  # NULL: never seen
    """
    ALTER TABLE prefs ADD COLUMN notify TEXT NOT NULL DEFAULT 'thread'
        CHECK (notify IN ('off', 'thread', 'dm', 'both'))
    """,
    # The number of entries whose notice was handled; NULL: not even the start.
    "ALTER TABLE games ADD COLUMN notified INTEGER",
    # Games stored before notices existed owe none.
    """
    UPDATE games SET notified = (SELECT count(*) FROM entries AS e WHERE e.game_id = games.id)
    """,
)

# Version 5: when each shard was last served, so that the time the bot was
# away is given back to the clocks of the games it could not hear.
_V5 = (
    """
    CREATE TABLE heartbeats (
        shard_count INTEGER NOT NULL,
        shard_id    INTEGER NOT NULL,
        at          REAL NOT NULL,                 -- unix time the shard was last served
        PRIMARY KEY (shard_count, shard_id)
    )
    """,
)

# Version 6: whether a player wants their private board by DM after every
# move of a hidden-information game, or only when it shows them something new.
_V6 = (
    """
    ALTER TABLE prefs ADD COLUMN boards TEXT NOT NULL DEFAULT 'news'
        CHECK (boards IN ('news', 'every'))
    """,
)

# Version 7: a finished game's computer review, kept once it is made, so that
# asking again shows it without analysing the game again.
_V7 = (
    """
    CREATE TABLE reviews (
        game_id  INTEGER PRIMARY KEY REFERENCES games(id),
        body     TEXT NOT NULL                      -- JSON: computer.review.Review
    )
    """,
)

# Version 8, correspondence comforts: a player's conditional moves in a game
# ("if this reply, then that answer"), kept so that a restart forgets none. A
# line is its actions in the log's text form separated by spaces; a game's
# lines for one player by newlines.
_V8 = (
    """
    CREATE TABLE premoves (
        game_id INTEGER NOT NULL REFERENCES games(id),
        user_id INTEGER NOT NULL,
        lines   TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
    # A player's vacations: their correspondence clocks stop from start to end;
    # ``closed`` once its end (early or on time) has been handled and told.
    """
    CREATE TABLE vacations (
        user_id   INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        ends_at   REAL NOT NULL,
        closed    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, starts_at)
    )
    """,
    # A player's daily digest DM: the hour (UTC) it is sent, and when it last was.
    """
    CREATE TABLE digests (
        user_id INTEGER PRIMARY KEY,
        hour    INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
        sent_at REAL NOT NULL
    )
    """,
    # The hours before a correspondence deadline a player chose to be reminded at.
    """
    CREATE TABLE reminder_plans (
        user_id INTEGER PRIMARY KEY,
        hours   TEXT NOT NULL
    )
    """,
)

# Version 9, puzzles: a member's puzzle rating (Glicko-2, beside the game
# ratings) and streak; every puzzle a member was given, so that none comes
# twice, with how far they got and how it ended; each server's daily puzzle,
# the channel and minute of the day (UTC) it is posted at, and its posts.
_V9 = (
    """
    CREATE TABLE puzzle_ratings (
        user_id     INTEGER PRIMARY KEY,
        rating      REAL NOT NULL,
        rd          REAL NOT NULL,
        volatility  REAL NOT NULL,
        rated_at    REAL NOT NULL,
        solved      INTEGER NOT NULL DEFAULT 0,
        failed      INTEGER NOT NULL DEFAULT 0,
        streak      INTEGER NOT NULL DEFAULT 0,     -- puzzles solved since the last failed
        best_streak INTEGER NOT NULL DEFAULT 0
    )
    """,
    """
    CREATE TABLE puzzle_attempts (
        user_id     INTEGER NOT NULL,
        puzzle_id   TEXT NOT NULL,
        variant     TEXT NOT NULL,
        guild_id    INTEGER,                        -- where it was asked for; NULL in DMs
        daily       INTEGER NOT NULL DEFAULT 0,     -- 1: that server's daily puzzle
        started_at  REAL NOT NULL,
        plies       INTEGER NOT NULL DEFAULT 0,     -- plies of the solution played so far
        result      TEXT CHECK (result IN ('solved', 'failed')),  -- NULL while being solved
        finished_at REAL,
        PRIMARY KEY (user_id, puzzle_id)
    )
    """,
    "CREATE INDEX puzzle_attempts_open ON puzzle_attempts (user_id) WHERE result IS NULL",
    "CREATE INDEX puzzle_attempts_guild ON puzzle_attempts (guild_id, user_id)",
    """
    CREATE TABLE daily_puzzle_plans (
        guild_id   INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        minute     INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
        since      REAL NOT NULL                    -- when chosen: no day before is owed
    )
    """,
    """
    CREATE TABLE daily_puzzles (
        guild_id   INTEGER NOT NULL,
        day        TEXT NOT NULL,                   -- YYYY-MM-DD (UTC)
        puzzle_id  TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,                         -- NULL until the post is sent
        PRIMARY KEY (guild_id, day)
    )
    """,
)

# Version 10: practical endgames. One row per finished try (the game it was
# played in): who tried which endgame, whether they did what it asks, and in
# how many of their own moves.
_V10 = (
    """
    CREATE TABLE endgame_tries (
        game_id    INTEGER PRIMARY KEY REFERENCES games(id),
        user_id    INTEGER NOT NULL,
        endgame_id TEXT NOT NULL,
        solved     INTEGER NOT NULL CHECK (solved IN (0, 1)),
        moves      INTEGER NOT NULL,
        at         REAL NOT NULL
    )
    """,
    "CREATE INDEX endgame_tries_by_user ON endgame_tries (user_id, endgame_id)",
)

# Version 11: tournaments inside a server, their entrants (a pairing number
# from the start, withdrawn ones kept for the table), their rounds and the
# pairings of each round with the game played for it and its result.
_V11 = (
    """
    CREATE TABLE tournaments (
        id            INTEGER PRIMARY KEY,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,             -- where it was announced
        message_id    INTEGER,                      -- the announcement, edited in place
        thread_id     INTEGER,                      -- its own thread or forum post
        event_id      INTEGER,                      -- the server's scheduled event
        standings_id  INTEGER,                      -- the standings message in its thread
        creator_id    INTEGER NOT NULL,
        name          TEXT NOT NULL,
        format        TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin', 'arena')),
        variant       TEXT NOT NULL,
        time          TEXT NOT NULL,
        rounds        INTEGER,
        duration      REAL,
        starts_at     REAL NOT NULL,
        rated         INTEGER NOT NULL,
        status        TEXT NOT NULL DEFAULT 'pending'
                           CHECK (status IN ('pending', 'running', 'finished', 'cancelled')),
        round         INTEGER NOT NULL DEFAULT 0,
        created_at    REAL NOT NULL,
        finished_at   REAL
    )
    """,
    "CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status)",
    """
    CREATE TABLE tournament_entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        user_id       INTEGER NOT NULL,
        joined_at     REAL NOT NULL,
        seed          INTEGER,
        withdrawn     INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    )
    """,
    """
    CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round         INTEGER NOT NULL,
        started_at    REAL NOT NULL,
        PRIMARY KEY (tournament_id, round)
    )
    """,
    """
    CREATE TABLE tournament_pairings (
        tournament_id INTEGER NOT NULL,
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,
        red_id        INTEGER NOT NULL,
        black_id      INTEGER,                      -- NULL: a bye
        game_id       INTEGER REFERENCES games(id),
        result        TEXT,                         -- tournaments.Result, once known
        PRIMARY KEY (tournament_id, round, board),
        FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
    )
    """,
    "CREATE UNIQUE INDEX tournament_pairings_by_game ON tournament_pairings (game_id)",
)

# Version 12, lazy games: the active games the bot let go of from memory
# because nothing happens to them for a while, each with the moment it must
# hold them again (a reminder or the deadline) and the player they wait for
# (for digests). A game without a row here is held from the start; a commit
# removes its row, since whoever committed holds the game.
_V12 = (
    """
    CREATE TABLE wakes (
        game_id    INTEGER PRIMARY KEY REFERENCES games(id),
        wake_at    REAL NOT NULL,                 -- unix time; +inf: nothing will happen
        waiting_id INTEGER                        -- the player to move, NULL: nobody
    )
    """,
    "CREATE INDEX wakes_wake_at ON wakes(wake_at)",
    "CREATE INDEX wakes_waiting ON wakes(waiting_id)",
    "CREATE INDEX games_active ON games(id) WHERE status = 'active'",
    # An entry wakes its game (in the database itself: no round trip of its own).
    """
    CREATE TRIGGER entries_wake AFTER INSERT ON entries
    BEGIN DELETE FROM wakes WHERE game_id = NEW.game_id; END
    """,
)

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    _V1,
    _V2,
    _V3,
    _V4,
    _V5,
    _V6,
    _V7,
    _V8,
    _V9,
    _V10,
    _V11,
    _V12,
)
LATEST = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The file was written by a newer Chuhan; opening it could damage it."""


async def user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def migrate(db: aiosqlite.Connection, target: int = LATEST) -> int:
    """Bring the file up to ``target``, one transaction per step; returns the version.

    Each step re-reads the version under the write lock, so two processes
    opening the same file at once apply every step exactly once. The
    connection must be in autocommit mode (``isolation_level=None``).
    """
    version = await user_version(db)
    if version > LATEST:
        raise SchemaTooNew(f"database is at schema version {version}, this code knows {LATEST}")
    while version < target:
        await db.execute("BEGIN IMMEDIATE")
        try:
            version = await user_version(db)
            if version < target:
                for statement in MIGRATIONS[version]:
                    await db.execute(statement)
                version += 1
                await db.execute(f"PRAGMA user_version = {version:d}")
            await db.execute("COMMIT")
        except BaseException:
            # Some errors end the transaction themselves; a ROLLBACK then would
            # raise in place of the error that matters.
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
    return version
