"""Tournaments, their entrants, rounds and pairings, on both databases."""

from __future__ import annotations

import pytest

from storage import NewGame, NewTournament, PairingRecord, TournamentStatus


def new_tournament(**changes) -> NewTournament:
    fields = dict(
        guild_id=77,
        channel_id=500,
        creator_id=1,
        name="Spring Swiss 春季赛",
        format="swiss",
        variant="jieqi",
        time="10+5",
        rounds=3,
        duration=None,
        starts_at=1_000.0,
        rated=True,
    )
    fields.update(changes)
    return NewTournament(**fields)


async def test_a_tournament_is_kept_with_its_messages(store):
    made = await store.create_tournament(new_tournament())
    assert made.status is TournamentStatus.PENDING and made.round == 0
    assert (made.name, made.variant, made.rounds, made.rated) == (
        "Spring Swiss 春季赛",
        "jieqi",
        3,
        True,
    )
    await store.update_tournament(made.id, message_id=9, thread_id=10, event_id=11)
    await store.update_tournament(made.id, standings_id=12)
    got = await store.get_tournament(made.id)
    assert (got.message_id, got.thread_id, got.event_id, got.standings_id) == (9, 10, 11, 12)
    with pytest.raises(ValueError):
        await store.update_tournament(made.id, status="running")
    assert await store.get_tournament(made.id + 1) is None


async def test_entrants_join_once_leave_and_withdraw(store):
    made = await store.create_tournament(new_tournament())
    for user in (5, 3, 4):
        assert await store.join_tournament(made.id, user)
    assert not await store.join_tournament(made.id, 3)  # a double click
    assert await store.leave_tournament(made.id, 4)
    assert not await store.leave_tournament(made.id, 4)
    assert sorted(e.user_id for e in await store.entrants(made.id)) == [3, 5]
    assert await store.start_tournament(made.id, [3, 5])
    assert not await store.start_tournament(made.id, [3, 5])  # once
    assert [(e.user_id, e.seed) for e in await store.entrants(made.id)] == [(3, 1), (5, 2)]
    assert await store.withdraw_entrant(made.id, 5)
    assert not await store.withdraw_entrant(made.id, 5)
    assert [e.withdrawn for e in await store.entrants(made.id)] == [False, True]


async def test_rounds_open_once_in_order_with_their_pairings_and_results(store):
    made = await store.create_tournament(new_tournament())
    for user in (1, 2, 3):
        await store.join_tournament(made.id, user)
    pairings = [PairingRecord(1, 1, 1, 2), PairingRecord(1, 2, 3, None, result="bye")]
    assert not await store.open_round(made.id, 1, pairings)  # not running yet
    await store.start_tournament(made.id, [1, 2, 3])
    assert not await store.open_round(made.id, 2, pairings)  # not the next round
    assert await store.open_round(made.id, 1, pairings)
    assert not await store.open_round(made.id, 1, pairings)  # two sweeps at once
    got = await store.get_tournament(made.id)
    assert (got.round, got.status) == (1, TournamentStatus.RUNNING)
    game_id = await store.create_game(NewGame(77, 600, "jieqi", 1, 2, {}, rated=True, seed=4))
    await store.set_pairing_game(made.id, 1, 1, game_id)
    assert await store.tournament_of_game(game_id) == (made.id, 1, 1)
    assert await store.tournament_of_game(game_id + 1) is None
    assert await store.set_pairing_result(made.id, 1, 1, "red")
    assert not await store.set_pairing_result(made.id, 1, 1, "black")  # the first stays
    assert await store.pairings(made.id) == [
        PairingRecord(1, 1, 1, 2, game_id, "red"),
        PairingRecord(1, 2, 3, None, None, "bye"),
    ]


async def test_a_server_lists_its_live_and_finished_tournaments(store):
    first = await store.create_tournament(new_tournament())
    second = await store.create_tournament(new_tournament(name="Arena", format="arena"))
    other = await store.create_tournament(new_tournament(guild_id=78))
    assert await store.set_tournament_status(first.id, "cancelled", expected="pending")
    assert not await store.set_tournament_status(first.id, "running", expected="pending")
    await store.start_tournament(second.id, [])
    assert await store.set_tournament_status(second.id, "finished", expected="running")
    done = await store.get_tournament(second.id)
    assert done.finished_at is not None
    assert [t.id for t in await store.guild_tournaments(77, finished=True)] == [second.id]
    assert [t.id for t in await store.guild_tournaments(77, finished=False)] == []
    assert [t.id for t in await store.live_tournaments()] == [other.id]
