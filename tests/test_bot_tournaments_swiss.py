"""A 7-player Swiss over 3 rounds through the real commands: a bye, a
withdrawal, a forfeit (a first move that never came) and a restart of the
bot in the middle; the final standings against a table worked out by hand."""

from __future__ import annotations

import pytest

from tests.conftest import button, restart
from tests.tournament_helpers import (
    announce,
    expected_picture,
    finish,
    join_all,
    make_club,
    pairing_thread,
    seats,
    standings_picture,
)


@pytest.fixture
def club(env):
    return make_club(env, 7)


async def test_a_swiss_with_a_bye_a_withdrawal_a_forfeit_and_a_restart(club, settings):
    tid, announcement = await announce(club, title="Swiss", format="swiss", rounds=3)
    announcement = await join_all(club, announcement)
    await club.env.advance_time(60)
    pairings = await club.store.pairings(tid)
    assert seats(club, pairings, 1) == [(1, 4), (3, 6), (5, 2), (7, None)]  # gus: the bye
    await finish(club, tid, 1, 1, "red")
    await finish(club, tid, 1, 5, "black")
    shown = club.message(club.channel, announcement.id)
    eve = club.players[4]
    withdrew = await eve.click(shown, custom_id=button(shown, "leave"))
    assert "You withdrew" in withdrew.followups[-1].content
    assert "eve (withdrawn)" in club.message(club.channel, announcement.id).content
    await finish(club, tid, 1, 3, "draw")

    pairings = await club.store.pairings(tid)
    assert seats(club, pairings, 2) == [(2, 3), (4, 6), (7, 1)]  # eve is not paired
    await finish(club, tid, 2, 2, "draw")
    await finish(club, tid, 2, 4, "red")
    await restart(club.env, settings)  # with gus's first move still to come
    thread, _ = await pairing_thread(club, tid, 2, club.players[6].id)
    await club.env.advance_time(65)  # gus never moves: a forfeit, ann wins it
    assert "ran out of time" in thread.last_message.content

    pairings = await club.store.pairings(tid)
    forfeit = next(p for p in pairings if p.round == 2 and p.red_id == club.players[6].id)
    assert forfeit.result == "black-forfeit"
    assert seats(club, pairings, 3) == [(2, 1), (3, 4), (6, 7)]  # a forfeit is no meeting
    await finish(club, tid, 3, 2, "black")
    await finish(club, tid, 3, 3, "red")
    await finish(club, tid, 3, 6, "draw")

    record = await club.store.get_tournament(tid)
    assert record.status == "finished"
    # Points: ann 1 + 1 (forfeit) + 1; cat ½ + ½ + 1; ben 1 + ½ + 0; gus 1 (bye)
    # + 0 + ½; dan 0 + 1 + 0; fay ½ + 0 + ½; eve 0 and withdrawn.
    # Buchholz counts opponents met over the board: ann met dan (1) and ben
    # (1½), not gus; ben met eve (0), cat (2), ann (3); gus met fay (1) only.
    # Sonneborn-Berger: ann beat dan and ben, 1 + 1½; cat drew fay (½ × 1) and
    # ben (½ × 1½) and beat dan (1); ben beat eve (0) and drew cat (½ × 2)...
    table = [
        (1, "ann", 3.0, (2.5, 2.5)),
        (2, "cat", 2.0, (3.5, 2.25)),
        (3, "ben", 1.5, (5.0, 1.0)),
        (4, "gus", 1.5, (1.0, 0.5)),
        (5, "dan", 1.0, (6.0, 1.0)),
        (6, "fay", 1.0, (4.5, 1.75)),
        (7, "eve", 0.0, (1.5, 0.0), True),
    ]
    expected = expected_picture("Swiss", "Finished.", table, ("buchholz", "sonneborn_berger"))
    assert await standings_picture(club, tid) == expected
    asked = await club.players[1].slash(club.channel, "tournament pairings", round=2)
    text = asked.response.content
    assert "gus – ann: 0-1 by forfeit" in text and "ben – cat: ½-½" in text
    standings = await club.players[1].slash(club.channel, "tournament standings")
    assert await standings.response.attachments[0].read() == expected
