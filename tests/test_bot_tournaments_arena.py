"""A short arena through the real commands: free players paired at once,
never with their last opponent, colours balanced, lichess's scoring."""

from __future__ import annotations

import pytest

from bot import Settings
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
def settings(tmp_path) -> Settings:
    """A sweep a minute keeps the arena's ten minutes quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=60)


@pytest.fixture
def club(env):
    return make_club(env, 4)


async def test_a_short_arena(club):
    tid, announcement = await announce(club, title="Blitz Arena", format="arena", duration=10)
    await join_all(club, announcement)
    await club.env.advance_time(60)
    assert seats(club, await club.store.pairings(tid), 1) == [(1, 2), (3, 4)]
    await finish(club, tid, 1, 1, "red")  # ann and ben are free, but just met: they wait
    assert [p.round for p in await club.store.pairings(tid)] == [1, 1]
    await finish(club, tid, 1, 3, "red")
    assert seats(club, await club.store.pairings(tid), 2) == [(1, 3), (2, 4)]
    await finish(club, tid, 2, 1, "red")  # ann: two wins in a row, on fire
    await finish(club, tid, 2, 2, "draw")
    # ann (4) meets ben (1), not cat again; ben had red less often: ben is red.
    assert seats(club, await club.store.pairings(tid), 3) == [(2, 1), (4, 3)]
    for player in club.players[2:]:  # cat and dan take a break: withdrawn
        shown = club.message(club.channel, announcement.id)
        await player.click(shown, custom_id=button(shown, "leave"))
    await finish(club, tid, 3, 2, "black")  # ann wins on fire: 4 points
    await finish(club, tid, 3, 4, "black")
    assert len(await club.store.pairings(tid)) == 6  # ann and ben just met: no one to pair
    await club.env.advance_time(10 * 60)

    record = await club.store.get_tournament(tid)
    assert record.status == "finished"
    # ann 2 + 2 + 4 (three wins, the third doubled); cat 2 + 0 + 2; ben 0 + 1
    # (the draw) + 0; dan 0 + 1 + 0; ben and dan share third place. cat and dan withdrew.
    table = [
        (1, "ann", 8.0, (3.0,)),
        (2, "cat", 4.0, (2.0,), True),
        (3, "ben", 1.0, (0.0,)),
        (3, "dan", 1.0, (0.0,), True),
    ]
    expected = expected_picture("Blitz Arena", "Finished.", table, ("wins",))
    assert await standings_picture(club, tid) == expected
