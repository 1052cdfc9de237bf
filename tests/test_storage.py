"""Storage: games and their logs, clocks, players, settings, challenges, exports,
on both databases (the ``store`` fixture of ``tests/postgres_server.py``)."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3

import asyncpg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import (
    ChallengeStatus,
    ChannelBusy,
    GameNotActive,
    GameNotFound,
    GameStatus,
    NewGame,
    Prefs,
    SequenceConflict,
    Shards,
    SqliteStore,
    open_store,
)

SEED = 86_753_091_234_567_891  # distinctive: must never show in a mid-game export
RED, BLACK = 1001, 1002


def new_game(channel_id: int = 500, **changes) -> NewGame:
    fields = dict(
        guild_id=77,
        channel_id=channel_id,
        variant="xiangqi",
        red_id=RED,
        black_id=BLACK,
        options={"time": "10+0"},
        rated=True,
        seed=SEED,
        secret={"shuffle": [3, 1, 2]},
    )
    fields.update(changes)
    return NewGame(**fields)


async def test_file_is_in_wal_mode(tmp_path):
    async with await SqliteStore.open(tmp_path / "c.db"):
        pass
    db = sqlite3.connect(tmp_path / "c.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


async def test_create_append_load(store, clock):
    gid = await store.create_game(new_game(red_ms=600_000, black_ms=600_000, deadline=5.0))
    clock.now += 3
    await store.append(gid, 0, RED, "h2e2", red_ms=597_000, deadline=70.0)
    await store.append(gid, 1, BLACK, "h9g7", black_ms=590_000)
    record = await store.load_game(gid)
    assert [(e.seq, e.actor_id, e.text) for e in record.entries] == [
        (0, RED, "h2e2"),
        (1, BLACK, "h9g7"),
    ]
    assert record.entries[0].at == clock.now
    assert record.next_seq == 2
    assert record.status is GameStatus.ACTIVE
    assert record.options == {"time": "10+0"}
    assert (record.red_ms, record.black_ms, record.deadline) == (597_000, 590_000, 70.0)
    assert record.color_of(BLACK) is Color.BLACK and record.color_of(3) is None
    assert record.outcome is None


async def test_secret_is_kept_apart(store):
    gid = await store.create_game(new_game())
    secret = await store.load_secret(gid)
    assert secret.seed == SEED and secret.setup == {"shuffle": [3, 1, 2]}
    record = await store.load_game(gid)
    assert str(SEED) not in repr(record)


async def test_append_rejects_taken_and_skipped_seqs(store):
    gid = await store.create_game(new_game())
    await store.append(gid, 0, RED, "h2e2")
    with pytest.raises(SequenceConflict) as taken:
        await store.append(gid, 0, BLACK, "h9g7")
    assert taken.value.expected == 1
    with pytest.raises(SequenceConflict):
        await store.append(gid, 2, BLACK, "h9g7")
    assert [e.text for e in (await store.load_game(gid)).entries] == ["h2e2"]


async def test_append_to_unknown_or_finished_game(store):
    with pytest.raises(GameNotFound):
        await store.append(999, 0, RED, "h2e2")
    with pytest.raises(GameNotFound):
        await store.load_game(999)
    gid = await store.create_game(new_game())
    await store.finish_game(gid, Outcome(Color.RED, Reason.RESIGNATION), effective=False)
    with pytest.raises(GameNotActive):
        await store.append(gid, 0, RED, "h2e2")


@pytest.mark.parametrize("text", ["", "x" * 65])
async def test_append_rejects_malformed_text(store, text):
    gid = await store.create_game(new_game())
    with pytest.raises(ValueError):
        await store.append(gid, 0, RED, text)


async def test_entries_are_append_only_in_the_database(store, store_kind, store_target):
    gid = await store.create_game(new_game())
    await store.append(gid, 0, RED, "h2e2")
    if store_kind == "sqlite":
        db = sqlite3.connect(store_target)
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("UPDATE entries SET text = 'h2h9'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("DELETE FROM entries")
        db.close()
        return
    conn = await asyncpg.connect(store_target)
    try:
        for statement in (
            "UPDATE entries SET text = 'x'",
            "DELETE FROM entries",
            "TRUNCATE entries",
        ):
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await conn.execute(statement)
    finally:
        await conn.close()
    assert [e.text for e in (await store.load_game(gid)).entries] == ["h2e2"]


async def test_one_active_game_per_channel(store):
    gid = await store.create_game(new_game(channel_id=9))
    with pytest.raises(ChannelBusy):
        await store.create_game(new_game(channel_id=9))
    assert (await store.active_game_in_channel(9)).id == gid
    await store.finish_game(gid, Outcome(None, Reason.ABORTED), effective=False)
    assert await store.active_game_in_channel(9) is None
    assert await store.create_game(new_game(channel_id=9)) != gid


async def test_handicap_games_cannot_be_rated(store):
    with pytest.raises(ValueError, match="S-10"):
        await store.create_game(new_game(options={"handicap": "horse"}))
    gid = await store.create_game(new_game(options={"handicap": "horse"}, rated=False))
    assert not (await store.load_game(gid)).rated


async def test_finish_game_is_compare_and_set(store, clock):
    gid = await store.create_game(new_game(deadline=100.0))
    clock.now += 60
    won = Outcome(Color.BLACK, Reason.TIMEOUT)
    assert await store.finish_game(gid, won, effective=False)
    assert not await store.finish_game(gid, Outcome(Color.RED, Reason.RESIGNATION), False)
    record = await store.load_game(gid)
    assert record.status is GameStatus.FINISHED
    assert (record.result, record.reason) == ("0-1", Reason.TIMEOUT)
    assert record.outcome == won
    assert record.finished_at == clock.now and record.deadline is None
    assert await store.active_games() == []


async def test_aborted_games_count_nowhere(store):
    gid = await store.create_game(new_game())
    await store.finish_game(gid, Outcome(None, Reason.ABORTED), effective=False)
    record = await store.load_game(gid)
    assert record.status is GameStatus.ABORTED and record.result == "*"
    assert await store.player_stats(RED) == []


async def test_deadlines(store):
    a = await store.create_game(new_game(channel_id=1, deadline=300.0))
    b = await store.create_game(new_game(channel_id=2, deadline=100.0))
    c = await store.create_game(new_game(channel_id=3, deadline=200.0))
    await store.create_game(new_game(channel_id=4))  # no time limit
    assert [g.id for g in await store.games_due(200.0)] == [b, c]
    assert [g.id for g in await store.next_deadlines(2)] == [b, c]
    await store.append(b, 0, RED, "h2e2", deadline=400.0)
    assert [g.id for g in await store.next_deadlines(5)] == [c, a, b]
    await store.set_clock(a, red_ms=None, black_ms=None, deadline=None)
    assert [g.id for g in await store.next_deadlines(5)] == [c, b]
    assert len(await store.active_games()) == 4


async def test_claims_and_active_games_keep_to_the_shards(store):
    shards = Shards.of(2, [1])
    mine, theirs = (1 << 22) * 3, (1 << 22) * 4  # shards 1 and 0 of 2
    a = await store.create_game(new_game(channel_id=1, guild_id=mine, deadline=1.0))
    await store.create_game(new_game(channel_id=2, guild_id=theirs, deadline=1.0))
    await store.create_game(new_game(channel_id=3, guild_id=None, deadline=1.0))  # DMs: shard 0
    assert [g.id for g in await store.active_games(shards)] == [a]
    assert await store.claim_due(5.0, shards) == [a]
    assert len(await store.claim_due(5.0, Shards.of(2, [0]))) == 2


async def test_reminder_flag_rearms_with_a_new_deadline(store):
    gid = await store.create_game(new_game(deadline=100.0))
    await store.set_reminded(gid)
    assert (await store.load_game(gid)).reminded
    await store.append(gid, 0, RED, "h2e2", red_ms=1)  # same deadline: still reminded
    assert (await store.load_game(gid)).reminded
    await store.append(gid, 1, BLACK, "h9g7", deadline=200.0)
    assert not (await store.load_game(gid)).reminded


async def test_players_and_prefs(store):
    assert await store.get_prefs(5) == Prefs()
    await store.upsert_player(5, "Liu Bang")
    await store.upsert_player(5, "刘邦")
    assert await store.player_name(5) == "刘邦"
    prefs = await store.set_prefs(5, language="zh", notation="wxf", traditional=True)
    assert prefs == Prefs(language="zh", notation="wxf", traditional=True)
    prefs = await store.set_prefs(5, language=None, dm_notifications=False)
    assert prefs == await store.get_prefs(5)
    assert (prefs.language, prefs.notation, prefs.dm_notifications) == (None, "wxf", False)
    await store.set_prefs(6, orientation="red")  # a player never seen before
    assert (await store.get_prefs(6)).orientation == "red"


@pytest.mark.parametrize(
    "change",
    [{"notation": "pinyin"}, {"colour": "red"}, {"labels": 1}, {"language": "fr"}],
)
async def test_bad_prefs_are_refused(store, change):
    with pytest.raises(ValueError):
        await store.set_prefs(5, **change)


async def test_guild_settings(store):
    assert await store.get_guild_setting(1, "lang", "en") == "en"
    await store.set_guild_setting(1, "lang", "zh")
    await store.set_guild_setting(1, "presets", {"fast": [600, 60]})
    assert await store.get_guild_setting(1, "lang") == "zh"
    assert await store.get_guild_setting(1, "presets") == {"fast": [600, 60]}
    assert await store.get_guild_setting(2, "lang") is None
    await store.set_guild_setting(1, "lang", None)
    assert await store.get_guild_setting(1, "lang", "en") == "en"


async def test_challenges(store):
    open_challenge = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=RED, variant="xiangqi", expires_at=50.0
    )
    assert open_challenge.opponent_id is None and open_challenge.color == "random"
    direct = await store.create_challenge(
        guild_id=1,
        channel_id=2,
        challenger_id=RED,
        opponent_id=BLACK,
        variant="xiangqi",
        options={"handicap": "horse"},
        rated=False,
        color="black",
        expires_at=500.0,
    )
    await store.set_challenge_message(direct.id, 4242)
    loaded = await store.get_challenge(direct.id)
    assert loaded is not None and loaded.message_id == 4242
    assert loaded.options == {"handicap": "horse"} and loaded.status is ChallengeStatus.PENDING
    assert [c.id for c in await store.expired_challenges(100.0)] == [open_challenge.id]
    assert await store.get_challenge(12345) is None
    with pytest.raises(ValueError):
        await store.create_challenge(
            guild_id=1, channel_id=2, challenger_id=RED, variant="x", expires_at=1, color="blue"
        )


async def test_only_one_accepter_wins(store_target, store):
    challenge = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=RED, variant="xiangqi", expires_at=50.0
    )
    async with await open_store(store_target) as other:
        results = await asyncio.gather(
            store.set_challenge_status(challenge.id, "accepted"),
            other.set_challenge_status(challenge.id, ChallengeStatus.ACCEPTED),
            store.set_challenge_status(challenge.id, "cancelled"),
        )
    assert sorted(results) == [False, False, True]
    assert await store.expired_challenges(100.0) == []


async def test_recent_games_latest_first(store, clock):
    ids = []
    for channel in range(3):
        ids.append(await store.create_game(new_game(channel_id=channel)))
    for gid in ids:
        clock.now += 10
        await store.finish_game(gid, Outcome(Color.RED, Reason.CHECKMATE), effective=False)
    await store.create_game(new_game(channel_id=99))  # active: not listed
    assert [g.id for g in await store.recent_games(BLACK, limit=2)] == ids[:0:-1]
    assert await store.recent_games(4040) == []


async def test_an_ending_entry_can_finish_the_game_in_the_same_transaction(store):
    gid = await store.create_game(new_game(deadline=100.0))
    await store.append(gid, 0, RED, "h2e2")
    ended = Outcome(Color.RED, Reason.RESIGNATION)
    await store.append(gid, 1, BLACK, "@b:resign", outcome=ended, effective=True)
    record = await store.load_game(gid)
    assert (record.status, record.outcome, record.deadline) == (GameStatus.FINISHED, ended, None)
    red = (await store.player_stats(RED))[0]
    assert (red.wins, red.rated_games) == (1, 1)


async def test_settle_finishes_games_whose_log_has_ended(store):
    ended = await store.create_game(new_game(channel_id=1))
    running = await store.create_game(new_game(channel_id=2))
    for seq, text in enumerate(["h2e2", "h9g7", "@r:resign"]):
        await store.append(ended, seq, None, text)
    await store.append(running, 0, RED, "h2e2")
    assert await store.settle_ended_games() == [ended]
    assert (await store.load_game(ended)).outcome == Outcome(Color.BLACK, Reason.RESIGNATION)
    assert await store.settle_ended_games() == []
    assert [g.id for g in await store.active_games()] == [running]


_channels = itertools.count(1)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(attempts=st.lists(st.integers(min_value=-1, max_value=6), max_size=25))
def test_the_log_holds_exactly_the_accepted_appends(store_target, attempts):
    """Whatever seqs callers try, the log is the contiguous run of accepted ones."""

    async def run() -> None:
        async with await open_store(store_target) as store:
            gid = await store.create_game(new_game(channel_id=next(_channels)))
            accepted = []
            for n, seq in enumerate(attempts):
                try:
                    await store.append(gid, seq, RED, f"t{n}")
                    accepted.append(f"t{n}")
                except SequenceConflict as conflict:
                    assert seq != len(accepted) and conflict.expected == len(accepted)
            record = await store.load_game(gid)
        assert [e.text for e in record.entries] == accepted
        assert [e.seq for e in record.entries] == list(range(len(accepted)))

    asyncio.run(run())


async def test_entries_appended_at_once_stand_or_fall_alone(store):
    """Appends that arrive together (committed together on SQLite): each
    refused one is refused for its own reason, and the others all stand."""
    games = [await store.create_game(new_game(channel_id=600 + n)) for n in range(6)]
    for gid in games:
        await store.append(gid, 0, RED, "h2e2")
    await store.finish_game(games[1], Outcome(Color.RED, Reason.RESIGNATION), effective=True)
    ended = Outcome(Color.BLACK, Reason.RESIGNATION)
    results = await asyncio.gather(
        store.append(games[0], 1, BLACK, "h9g7"),
        store.append(games[1], 1, BLACK, "h9g7"),  # over
        store.append(games[2], 5, BLACK, "h9g7"),  # not its next entry
        store.append(games[3], 1, BLACK, "h9g7"),
        store.append(10**9, 0, RED, "h2e2"),  # no such game
        store.append(games[4], 1, RED, "@r:resign", outcome=ended, effective=True),
        store.append(games[5], 1, BLACK, "b9c7"),
        return_exceptions=True,
    )
    assert [type(r).__name__ for r in results] == [
        "Entry",
        "GameNotActive",
        "SequenceConflict",
        "Entry",
        "GameNotFound",
        "Entry",
        "Entry",
    ]
    assert results[2].expected == 1
    logs = {gid: [e.text for e in (await store.load_game(gid)).entries] for gid in games}
    assert logs == {
        games[0]: ["h2e2", "h9g7"],
        games[1]: ["h2e2"],
        games[2]: ["h2e2"],
        games[3]: ["h2e2", "h9g7"],
        games[4]: ["h2e2", "@r:resign"],
        games[5]: ["h2e2", "b9c7"],
    }
    assert (await store.load_game(games[4])).status is GameStatus.FINISHED
