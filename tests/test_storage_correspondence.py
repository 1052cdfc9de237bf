"""Correspondence comforts in storage, on both databases: queued conditional
lines (per game and player, replaced whole), vacations, digests and reminders."""

from __future__ import annotations

from storage import NewGame

RED, BLACK = 1001, 1002


def new_game(channel_id: int = 500) -> NewGame:
    return NewGame(77, channel_id, "xiangqi", RED, BLACK, {}, False, 5, {})


async def test_lines_are_kept_replaced_and_cleared(store):
    gid = await store.create_game(new_game())
    other = await store.create_game(new_game(501))
    assert await store.premoves(gid) == {}
    await store.set_premoves(gid, RED, [["h7e7", "h0g2"], ["b7e7", "b0c2", "b9c7", "a0a1"]])
    await store.set_premoves(gid, BLACK, [["h2e2", "h9g7"]])
    await store.set_premoves(other, RED, [["c6c5", "c3c4"]])
    assert await store.premoves(gid) == {
        RED: [["h7e7", "h0g2"], ["b7e7", "b0c2", "b9c7", "a0a1"]],
        BLACK: [["h2e2", "h9g7"]],
    }
    await store.set_premoves(gid, RED, [["b9c7", "a0a1"]])
    await store.set_premoves(gid, BLACK, [])
    assert await store.premoves(gid) == {RED: [["b9c7", "a0a1"]]}
    assert await store.premoves(other) == {RED: [["c6c5", "c3c4"]]}


async def test_vacations_open_close_and_shift_a_deadline(store):
    await store.add_vacation(RED, 1000.0, 5000.0)
    await store.add_vacation(BLACK, 2000.0, 3000.0)
    assert await store.open_vacations() == {RED: 5000.0, BLACK: 3000.0}
    await store.close_vacation(RED, 4000.0)  # early
    await store.close_vacation(BLACK, 9000.0)  # late: its end stays
    assert await store.open_vacations() == {}
    assert await store.vacations(RED, 0.0) == [(1000.0, 4000.0)]
    assert await store.vacations(BLACK, 2500.0) == []
    gid = await store.create_game(new_game())
    await store.append(gid, 0, RED, "h2e2", red_ms=None, black_ms=None, deadline=100.0)
    await store.shift_deadline(gid, 50.0)
    assert (await store.load_game(gid)).deadline == 150.0


async def test_digests_are_set_marked_and_stopped(store):
    await store.set_digest(RED, 8, 100.0)
    await store.set_digest(BLACK, 20, 100.0)
    await store.set_digest(RED, 9, 150.0)
    await store.digest_sent(BLACK, 200.0)
    assert await store.digests() == {RED: (9, 150.0), BLACK: (20, 200.0)}
    await store.set_digest(RED, None, 300.0)
    assert await store.digests() == {BLACK: (20, 200.0)}


async def test_reminder_hours_are_kept_and_cleared(store):
    await store.set_reminder_hours(RED, [12, 1])
    await store.set_reminder_hours(BLACK, [24])
    await store.set_reminder_hours(BLACK, [])
    assert await store.reminder_hours() == {RED: [12, 1]}
