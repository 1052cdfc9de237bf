"""A server for the tournament tests: an organiser (Manage Events), players,
and the steps of a tournament through the real commands and buttons."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import simcord

from render.standings import Row, standings_image
from tests.conftest import button

NAMES = ("ann", "ben", "cat", "dan", "eve", "fay", "gus")


@dataclass
class Club:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    organiser: simcord.MemberActor
    players: list[simcord.MemberActor]

    @property
    def store(self):
        return self.env.bot.store

    def by_id(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in self.players if p.id == user_id)

    def message(self, channel: simcord.ChannelHandle, message_id: int) -> discord.Message:
        return next(m for m in channel.history() if m.id == message_id)

    def thread(self, channel_id: int) -> simcord.ChannelHandle:
        for parent in self.guild.channels.values():
            for thread in parent.threads:
                if thread.id == channel_id:
                    return thread
        raise AssertionError(f"no thread {channel_id}")


def make_club(env: simcord.Env, players: int) -> Club:
    guild = env.create_guild()
    channel = guild.create_text_channel("events")
    role = guild.create_role("organisers", permissions=discord.Permissions(manage_events=True))
    organiser = guild.add_member(env.create_user("orga"), roles=[role])
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
    return Club(env, guild, channel, organiser, members)


async def announce(club: Club, **options) -> tuple[int, discord.Message]:
    """The organiser creates a tournament; its id and announcement."""
    options.setdefault("title", "Cup")
    options.setdefault("start", "1m")
    result = await club.organiser.slash(club.channel, "tournament create", **options)
    assert "is announced" in result.response.content, result
    (record,) = await club.store.guild_tournaments(club.guild.id, finished=False, limit=1)
    return record.id, club.message(club.channel, record.message_id)


async def join_all(club: Club, announcement: discord.Message) -> discord.Message:
    for player in club.players:
        shown = club.message(club.channel, announcement.id)
        result = await player.click(shown, custom_id=button(shown, "join"))
        assert result.followups[-1].content.startswith("You joined"), result
    return club.message(club.channel, announcement.id)


async def pairing_thread(club: Club, tournament_id: int, round: int, red: int):
    for pairing in await club.store.pairings(tournament_id):
        if pairing.round == round and pairing.red_id == red:
            game = await club.store.load_game(pairing.game_id)
            return club.thread(game.channel_id), pairing
    raise AssertionError(f"no game with {red} as red in round {round}")


async def finish(club: Club, tournament_id: int, round: int, red: int, how: str) -> None:
    """End the round's game in which the ``red``-th player is Red: ``red`` or
    ``black`` wins (the other resigns), or ``draw`` (an offer accepted)."""
    thread, pairing = await pairing_thread(club, tournament_id, round, club.players[red - 1].id)
    red_actor, black_actor = club.by_id(pairing.red_id), club.by_id(pairing.black_id)
    if how == "draw":
        await red_actor.slash(thread, "draw")
        offer = thread.last_message
        await black_actor.click(offer, custom_id=button(offer, "draw:accept"))
    else:
        loser = black_actor if how == "red" else red_actor
        result = await loser.slash(thread, "resign")
        assert result.ephemeral, result


def seats(club: Club, pairings, round: int) -> list[tuple[int, int | None]]:
    """A round's pairings as player numbers (1 = the first player), Red first, sorted."""
    number = {p.id: i for i, p in enumerate(club.players, start=1)}
    return sorted(
        (number[p.red_id], number[p.black_id] if p.black_id else None)
        for p in pairings
        if p.round == round
    )


async def standings_picture(club: Club, tournament_id: int) -> bytes:
    record = await club.store.get_tournament(tournament_id)
    thread = club.thread(record.thread_id)
    message = club.message(thread, record.standings_id)
    return await message.attachments[0].read()


def expected_picture(
    title: str, subtitle: str, rows: list[tuple], tiebreaks: tuple[str, ...]
) -> bytes:
    """The standings image of a table worked out by hand: (rank, name,
    points, tie-breaks[, withdrawn])."""
    return standings_image(title, subtitle, [Row(*row) for row in rows], tiebreaks, "en")
