"""Lazy games: a correspondence game nothing happens to for a while leaves
memory, and comes back when someone acts on it (a move in its thread, a
button, autocomplete, a plain message) or its next event comes (a reminder,
the deadline, a digest)."""

from __future__ import annotations

import pytest

from bot import Settings, lazy
from tests.conftest import Table, button, play, quiet_moves, restart

MOVES = quiet_moves(6, seed=5)
HOUR = 3600.0
SWEEP = 600.0
ASLEEP = lazy.IDLE + 2 * SWEEP  # idle long enough to be let go of


@pytest.fixture
def settings(tmp_path) -> Settings:
    """A sweep every ten minutes keeps day-long waits quick; plain messages are moves."""
    return Settings(
        db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=SWEEP, message_moves=True
    )


async def _asleep(table: Table, thread) -> None:
    """Let the game of ``thread`` be let go of, and check that it was."""
    await table.env.advance_time(ASLEEP)
    hub = table.env.bot.hub
    assert hub.here(thread.id) is None and hub.has_game(thread.id)


async def test_a_move_in_the_thread_of_a_game_asleep_loads_and_plays_it(table):
    thread = await table.start(time="1d")
    await play(table, thread, MOVES[:2])
    await _asleep(table, thread)
    await play(table, thread, MOVES[2:3])
    assert table.env.bot.hub.here(thread.id) is not None
    assert "**" in thread.last_message.content


async def test_a_game_played_is_held_and_one_without_a_clock_sleeps_for_good(table):
    played = await table.start(time="1d")
    idle = await table.start_from(await table.challenge(time="none"))
    await play(table, played, MOVES[:1])
    for _ in range(int(ASLEEP // 300) + 1):  # a move every five minutes keeps it held
        await table.env.advance_time(300)
        board = await table.carol.slash(played, "board")
        assert board.response.attachments
    hub = table.env.bot.hub
    assert hub.here(played.id) is not None
    assert hub.here(idle.id) is None  # nothing will ever happen to it but a move
    await _until(table, table.env.bot.now() + 2 * 24 * HOUR)
    assert hub.here(idle.id) is None
    await play(table, idle, MOVES[:1])


async def test_a_button_of_a_game_asleep_loads_it(table):
    thread = await table.start(time="3d")
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    await _asleep(table, thread)
    await table.bob.click(offer, custom_id=button(offer, "draw:accept"))
    assert "draw" in thread.last_message.content.lower()
    assert table.env.bot.hub.here(thread.id) is None  # over: forgotten again


async def test_autocomplete_and_a_plain_message_load_a_game_asleep(table):
    thread = await table.start(time="1d")
    await play(table, thread, MOVES[:2])
    await _asleep(table, thread)
    offered = await table.alice.autocomplete(thread, "move", "move", "")
    assert offered and table.env.bot.hub.here(thread.id) is not None
    await _asleep(table, thread)
    await table.alice.send(thread, MOVES[2])
    assert thread.last_message.author.bot and "**" in thread.last_message.content


async def test_a_game_asleep_wakes_for_its_reminder_and_times_out_on_time(table):
    thread = await table.start(time="1d")
    await play(table, thread, MOVES[:3])  # Bob to move, a day to go
    deadline = table.env.bot.hub.here(thread.id).clocks.deadline
    await _asleep(table, thread)
    dms = table.bob.user.dm_channel
    assert dms is None or not [m for m in dms.history() if "Reminder:" in m.content]
    await _until(table, deadline - 4 * HOUR + SWEEP)  # the reminder, 4 h before
    reminders = [m for m in table.bob.user.dm_channel.history() if "Reminder:" in m.content]
    assert len(reminders) == 1 and "game #1" in reminders[0].content
    await table.env.advance_time(HOUR)
    assert table.env.bot.hub.here(thread.id) is None  # asleep again until the deadline
    await _until(table, deadline - 60)
    assert "ran out of time" not in thread.last_message.content
    await _until(table, deadline + SWEEP)
    assert "bob ran out of time" in thread.last_message.content


async def _until(table: Table, moment: float) -> None:
    """Let time pass to ``moment``, three hours at most at a time."""
    while (left := moment - table.env.bot.now()) > 0:
        await table.env.advance_time(min(left, 3 * HOUR))


async def test_chosen_reminders_come_from_a_game_asleep(table):
    await table.bob.slash(table.channel, "settings", reminders="12h 2h")
    thread = await table.start(time="1d")
    await play(table, thread, MOVES[:3])
    deadline = table.env.bot.hub.here(thread.id).clocks.deadline
    await _asleep(table, thread)
    await _until(table, deadline - 12 * HOUR + SWEEP)  # the first

    def reminders() -> int:
        return len([m for m in table.bob.user.dm_channel.history() if "Reminder:" in m.content])

    assert reminders() == 1
    await table.env.advance_time(HOUR)
    assert table.env.bot.hub.here(thread.id) is None
    await _until(table, deadline - 2 * HOUR - SWEEP)
    assert reminders() == 1
    await _until(table, deadline - 2 * HOUR + SWEEP)  # the second
    assert reminders() == 2


async def test_a_new_reminder_plan_reaches_games_asleep(table):
    thread = await table.start(time="3d")
    await play(table, thread, MOVES[:3])
    await _asleep(table, thread)  # its wake: 12 h before the deadline
    await table.bob.slash(table.channel, "settings", reminders="70h")
    await _until(table, table.env.bot.now() + 3 * HOUR)  # 70 h before a 72 h deadline
    reminders = [m for m in table.bob.user.dm_channel.history() if "Reminder:" in m.content]
    assert len(reminders) == 1


async def test_a_digest_lists_the_games_asleep(table):
    await table.bob.slash(table.channel, "settings", notify="digest", digest_hour=9)
    first = await table.start(time="3d")
    await play(table, first, MOVES[:1])
    await _asleep(table, first)
    await _until(table, table.env.bot.now() + 25 * HOUR)
    digests = [m.content for m in table.bob.user.dm_channel.history() if "digest" in m.content]
    assert digests and "1 games wait for your move" in digests[0]
    assert digests[0].split("\n")[1].endswith(f"/{first.id}")


async def test_a_restart_holds_only_the_games_awake(table, settings):
    asleep = await table.start(time="3d")
    await play(table, asleep, MOVES[:2])
    await _asleep(table, asleep)
    awake = await table.start_from(await table.challenge(time="3d"))
    await play(table, awake, MOVES[:1])
    new = await restart(table.env, settings)
    assert new.hub.here(awake.id) is not None
    assert new.hub.here(asleep.id) is None and new.hub.has_game(asleep.id)
    await play(table, asleep, MOVES[2:4])


async def test_a_vacation_moves_the_deadline_of_a_game_asleep(table):
    thread = await table.start(time="1d")
    await play(table, thread, MOVES[:3])  # Bob to move
    deadline = (await table.env.bot.store.load_game(1)).deadline
    await _asleep(table, thread)
    answer = await table.bob.slash(table.channel, "vacation", days=2)
    assert "your 1 correspondence games" in answer.response.content
    assert "bob is on vacation until <t:" in thread.last_message.content
    assert (await table.env.bot.store.load_game(1)).deadline == pytest.approx(deadline + 48 * HOUR)
    await _until(table, deadline + HOUR)  # past the old deadline
    assert "ran out of time" not in thread.last_message.content


async def test_a_game_woken_but_unchanged_waits_once(table):
    thread = await table.start(time="3d")
    await play(table, thread, MOVES[:1])  # Bob to move
    await _asleep(table, thread)
    hub = table.env.bot.hub
    woken = await hub.at(thread.id)  # read again, its wake still stored
    assert [m.id for m in await hub.waiting_for(table.bob.id)] == [woken.id]
    assert await hub.waiting_for(table.alice.id) == []
