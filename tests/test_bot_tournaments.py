"""Tournaments through the real commands: a 4-player round-robin in Jieqi."""

from __future__ import annotations

import pytest

from tests.conftest import button
from tests.tournament_helpers import (
    announce,
    expected_picture,
    finish,
    join_all,
    make_club,
    seats,
    standings_picture,
)


@pytest.fixture
def club(env):
    return make_club(env, 4)


async def test_a_round_robin_in_jieqi(club):
    tid, announcement = await announce(
        club, title="Jieqi Cup", format="round-robin", variant="jieqi", time="rapid"
    )
    assert "Jieqi Cup" in announcement.content and "Players (0)" in announcement.content
    event = next(iter(club.env.backend.get_guild(club.guild.id).scheduled_events.values()))
    assert event.name == "Jieqi Cup"
    shown = await join_all(club, announcement)
    assert shown.id == announcement.id  # edited in place
    assert "Players (4): ann, ben, cat, dan" in shown.content
    again = await club.players[0].click(shown, custom_id=button(shown, "join"))
    assert "already in this tournament" in again.response.content

    await club.env.advance_time(60)
    record = await club.store.get_tournament(tid)
    assert record.status == "running" and record.round == 1
    pairings = await club.store.pairings(tid)
    assert seats(club, pairings, 1) == [(1, 4), (2, 3)]  # FIDE's Berger table for four
    thread = club.thread(record.thread_id)
    posted = "\n".join(m.content for m in thread.history())
    assert f"<@{club.players[0].id}>" in posted and "Round 1" in posted

    await finish(club, tid, 1, 1, "red")
    await finish(club, tid, 1, 2, "red")
    assert seats(club, await club.store.pairings(tid), 2) == [(1, 2), (4, 3)]
    await finish(club, tid, 2, 4, "red")
    await finish(club, tid, 2, 1, "black")
    assert seats(club, await club.store.pairings(tid), 3) == [(2, 4), (3, 1)]
    await finish(club, tid, 3, 2, "black")
    await finish(club, tid, 3, 3, "red")

    record = await club.store.get_tournament(tid)
    assert record.status == "finished"
    # dan and ben have 2 points, dan beat ben; cat and ann 1, cat beat ann
    # (whose Sonneborn-Berger, a win over dan, is the higher).
    table = [
        (1, "dan", 2.0, (1.0, 3.0)),
        (2, "ben", 2.0, (0.0, 2.0)),
        (3, "cat", 1.0, (1.0, 1.0)),
        (4, "ann", 1.0, (0.0, 2.0)),
    ]
    expected = expected_picture("Jieqi Cup", "Finished.", table, ("direct", "sonneborn_berger"))
    assert await standings_picture(club, tid) == expected
    last = club.thread(record.thread_id).last_message
    assert "The winner: <@" + str(club.players[3].id) + ">" in last.content
    games = [await club.store.load_game(p.game_id) for p in await club.store.pairings(tid)]
    assert [(g.variant, g.rated) for g in games] == [("jieqi", True)] * 6  # a rated tournament
    (stats,) = await club.store.player_stats(club.players[3].id)
    assert (stats.wins, stats.losses) == (2, 1)
    history = await club.players[0].slash(club.channel, "tournament history")
    assert "Jieqi Cup" in history.response.content and "dan" in history.response.content
    assert club.env.backend.get_guild(club.guild.id).scheduled_events[event.id].status != 1
