"""Tournaments: who may organise, bad input, cancelling, too few players,
a forum chosen for them, and the standings in the viewer's language."""

from __future__ import annotations

import discord
import pytest

from render.standings import Row, standings_image
from tests.conftest import button, press, snapshot
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


def manager(club):
    role = club.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return club.guild.add_member(club.env.create_user("mod"), roles=[role])


async def test_only_organisers_create_and_bad_input_changes_nothing(club):
    ann = club.players[0]
    refused = await ann.slash(club.channel, "tournament create", title="Mine", format="swiss")
    assert "Manage Events" in refused.response.content
    org = club.organiser
    bad = [
        ({"format": "arena", "rounds": 3}, "Rounds are for Swiss"),
        ({"format": "swiss", "duration": 30}, "A duration is for arenas"),
        ({"format": "swiss", "start": "soon"}, "is not a start I can read"),
        ({"format": "swiss", "start": "2h", "variant": "nonsense"}, "nonsense"),
    ]
    for options, words in bad:
        answer = await org.slash(club.channel, "tournament create", title="T", **options)
        assert words in answer.response.content, (options, answer.response.content)
    assert await club.store.guild_tournaments(club.guild.id, finished=False) == []
    none = await ann.slash(club.channel, "tournament standings")
    assert "no tournament yet" in none.response.content


async def test_a_role_chosen_by_the_managers_may_organise(club):
    role = club.guild.create_role("arbiters")
    ben = club.guild.add_member(club.env.create_user("arbiter"), roles=[role])
    refused = await ben.slash(club.channel, "tournament setup", role=role)
    assert "manage the server" in refused.response.content
    chosen = await manager(club).slash(club.channel, "tournament setup", role=role)
    assert f"<@&{role.id}>" in chosen.response.content
    made = await ben.slash(club.channel, "tournament create", title="Club night", format="swiss")
    assert "is announced" in made.response.content


async def test_cancel_before_the_start_by_its_creator_only(club):
    tid, announcement = await announce(club, title="Cancelled", format="swiss")
    stale = snapshot(club.env, announcement)  # a client that still shows the buttons
    ann = club.players[0]
    refused = await ann.slash(club.channel, "tournament cancel", tournament=tid)
    assert "creator or an organiser" in refused.response.content
    done = await club.organiser.slash(club.channel, "tournament cancel", tournament=tid)
    assert "You called off" in done.response.content
    record = await club.store.get_tournament(tid)
    assert record.status == "cancelled"
    shown = club.message(club.channel, announcement.id)
    assert "Called off." in shown.content and not shown.components
    event = club.env.backend.get_guild(club.guild.id).scheduled_events.get(record.event_id)
    assert event is None or event.status == 4  # cancelled
    late = await press(ann, stale, button(announcement, "join"))
    assert "over or was called off" in late.response.content


async def test_joining_and_leaving_after_the_start_and_too_few_players(club):
    tid, announcement = await announce(club, title="Duo", format="round-robin")
    ann, ben = club.players[:2]
    left = await ben.click(announcement, custom_id=button(announcement, "leave"))
    assert "not playing in this tournament" in left.response.content
    await ann.click(announcement, custom_id=button(announcement, "join"))
    await club.env.advance_time(60)
    record = await club.store.get_tournament(tid)
    assert record.status == "cancelled"
    assert "fewer than two players" in club.thread(record.thread_id).last_message.content

    tid, announcement = await announce(club, title="Trio", format="round-robin")
    await join_all(club, announcement)
    await club.env.advance_time(60)
    shown = club.message(club.channel, announcement.id)
    assert [c.custom_id.split(":")[-1] for row in shown.components for c in row.children] == [
        "leave"
    ]
    late = await club.organiser.slash(club.channel, "tournament cancel", tournament=tid)
    assert "already started" in late.response.content


async def test_standings_in_the_viewers_language_and_a_forum_post(club):
    forum = club.guild.create_forum_channel("tournaments")
    await manager(club).slash(club.channel, "tournament setup", forum=forum)
    tid, _ = await _forum_announce(club, forum)
    record = await club.store.get_tournament(tid)
    assert record.channel_id == forum.id and record.thread_id is not None
    post = club.thread(record.thread_id)
    announcement = club.message(post, record.message_id)
    for player in club.players[:2]:
        await player.click(announcement, custom_id=button(announcement, "join"))
        announcement = club.message(post, record.message_id)
    await club.env.advance_time(60)
    pairings = await club.store.pairings(tid)
    game = await club.store.load_game(pairings[0].game_id)
    assert game.channel_id in [t.id for t in forum.threads]  # the game is a post of the forum
    ann = club.players[0]
    await ann.slash(club.channel, "settings", language="zh")
    answer = await ann.slash(post, "tournament standings")
    rows = [Row(1, "ann", 0.0, (0.0, 0.0)), Row(1, "ben", 0.0, (0.0, 0.0))]
    expected = standings_image(
        "Forum Cup", "第 1 轮，共 1 轮。", rows, ("direct", "sonneborn_berger"), "zh"
    )
    assert await answer.response.attachments[0].read() == expected
    await finish(club, tid, 1, 1, "red")
    assert (await club.store.get_tournament(tid)).status == "finished"


async def _forum_announce(club, forum):
    result = await club.organiser.slash(
        club.channel, "tournament create", title="Forum Cup", format="round-robin", start="1m"
    )
    assert "is announced" in result.response.content, result
    (record,) = await club.store.guild_tournaments(club.guild.id, finished=False, limit=1)
    return record.id, forum


async def test_a_round_robin_goes_on_past_a_round_of_forfeits_and_byes(env):
    club = make_club(env, 3)
    tid, announcement = await announce(club, title="Trio", format="round-robin")
    announcement = await join_all(club, announcement)
    await club.env.advance_time(60)
    ben = club.players[1]
    assert seats(club, await club.store.pairings(tid), 1) == [(1, None), (2, 3)]
    shown = club.message(club.channel, announcement.id)
    await ben.click(shown, custom_id=button(shown, "leave"))  # withdraws, then loses
    await finish(club, tid, 1, 2, "black")
    # Round 2 is ann's forfeit win over ben and cat's bye, nothing to play:
    # round 3 opens at once, without ben's bye.
    pairings = await club.store.pairings(tid)
    assert seats(club, pairings, 2) == [(1, 2), (3, None)]
    assert seats(club, pairings, 3) == [(3, 1)]
    await finish(club, tid, 3, 3, "red")
    assert (await club.store.get_tournament(tid)).status == "finished"
    table = [
        (1, "cat", 3.0, (0.0, 2.0)),  # beat ben (0) and ann (2) over the board
        (2, "ann", 2.0, (0.0, 0.0)),  # a bye, a forfeit win, a loss
        (3, "ben", 0.0, (0.0, 0.0), True),
    ]
    expected = expected_picture("Trio", "Finished.", table, ("direct", "sonneborn_berger"))
    assert await standings_picture(club, tid) == expected
