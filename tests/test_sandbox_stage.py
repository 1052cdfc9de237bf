"""The sandbox without a browser: its world and fallbacks, its doors, its clock,
and what a second start finds (the browser test plays through the pages)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot import Settings, __main__, sandbox
from bot.sandbox.stage import Stage
from tests.conftest import button


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "sandbox.sqlite3")


async def test_a_game_is_played_in_the_channel_and_private_notes_are_ephemeral(db):
    async with Stage(db) as stage:
        alice, bob, _ = stage.world.members
        channel = stage.world.channel
        async with stage.turn:
            await alice.slash(channel, "challenge", opponent=bob, color="red")
            challenge = channel.last_message
            await bob.click(challenge, custom_id=button(challenge, "accept"))
        assert not channel.threads  # no thread: the game is in #xiangqi
        opening = channel.history()[-1]
        assert opening.content.startswith("New game: alice (🔴 Red) vs bob (⚫ Black)")
        assert opening.attachments[0].filename == "board.png"
        async with stage.turn:
            mine = await bob.slash(channel, "board", private=True)
        assert mine.ephemeral and mine.response.attachments


async def test_that_there_are_no_dms_is_said_once_not_to_each_player(db):
    """The topic says it; the bot, which tries no DM, never tells a player that
    theirs are closed."""
    async with Stage(db) as stage:
        alice, bob, carol = stage.world.members
        channel = stage.world.channel
        topic = stage.bot.get_channel(channel.id).topic
        assert "there are no DMs" in topic and "/board private:true" in topic
        async with stage.turn:
            await alice.slash(channel, "challenge", opponent=bob, variant="jieqi-classic")
            challenge = channel.last_message
            await bob.click(challenge, custom_id=button(challenge, "accept"))
        for member in (alice, bob, carol):
            seen = [message.content for message in channel.history(viewer=member)]
            assert not [said for said in seen if "direct message" in said], seen
        async with stage.turn:
            settings = await carol.slash(channel, "settings")
        assert "Direct messages: off" in settings.response.content


async def test_a_second_start_finds_the_game_and_the_time_where_they_were(db):
    async with Stage(db) as stage:
        alice, bob, _ = stage.world.members
        async with stage.turn:
            await alice.slash(stage.world.channel, "challenge", opponent=bob, color="red")
            challenge = stage.world.channel.last_message
            await bob.click(challenge, custom_id=button(challenge, "accept"))
            await alice.slash(stage.world.channel, "move", move="h2e2")
            await bob.slash(stage.world.channel, "settings", dm=True)
            await stage.env.advance_time(600)  # ahead of real time, as after a long session
        ids = [m.id for m in stage.world.members], stage.world.channel.id
        stopped_at = stage.env.now()
    await asyncio.sleep(0.1)
    async with Stage(db) as again:
        assert ([m.id for m in again.world.members], again.world.channel.id) == ids
        assert 0 <= (again.env.now() - stopped_at).total_seconds() < 5  # not the real time
        _, bob, carol = again.world.members
        async with again.turn:
            board = await carol.slash(again.world.channel, "board")
            assert "bob to move" in board.response.content
            played = await bob.slash(again.world.channel, "move", move="h9g7")
        assert played.response.content == "You played 马8进7."
        dms = [(await again.bot.players.prefs(m.id)).dm_notifications for m in again.world.members]
        assert dms == [False, True, False]  # off for a new sandbox, bob's choice kept


async def test_the_ticker_runs_the_clock_a_second_each_second(db):
    async with Stage(db) as stage:
        start, started = stage.env.now(), time.monotonic()
        ran = 0.0
        while ran < 2 and time.monotonic() - started < 15:
            await asyncio.sleep(0.1)
            ran = (stage.env.now() - start).total_seconds()
        assert 2 <= ran <= time.monotonic() - started + 1  # not ahead of real time


async def test_each_door_opens_its_members_page_and_refuses_other_hosts(db):
    async with Stage(db) as stage, aiohttp.ClientSession() as http:
        for door, member in zip(stage.doors, stage.world.members, strict=True):
            parts = urlsplit(door.url)
            assert parts.hostname == "127.0.0.1"
            headers = {"X-Simcord-Capability": parts.fragment, "Content-Type": "application/json"}
            async with http.post(
                f"http://127.0.0.1:{parts.port}/api/pages", headers=headers, data="{}"
            ) as page:
                assert page.status == 200
                assert str(member.id) in json.dumps(await page.json())
            for host in ("example.com", f"192.168.1.2:{parts.port}", f"127.0.0.1:{parts.port}1"):
                async with http.get(f"http://127.0.0.1:{parts.port}/", headers={"Host": host}) as r:
                    assert r.status == 403
            async with http.get(f"http://127.0.0.1:{parts.port}/") as index:
                assert index.status == 200 and "SimCord" in await index.text()
        preview = urlsplit(stage.preview.url)
        async with http.get(f"http://127.0.0.1:{preview.port}/", headers={"Host": "evil"}) as r:
            assert r.status == 403


async def test_a_browser_action_waits_for_the_tick_instead_of_being_refused(db):
    async with Stage(db) as stage, aiohttp.ClientSession() as http:
        parts = urlsplit(stage.doors[1].url)
        base = f"http://127.0.0.1:{parts.port}"
        headers = {"X-Simcord-Capability": parts.fragment, "Content-Type": "application/json"}
        async with http.post(f"{base}/api/pages", headers=headers, data="{}") as opened:
            page = await opened.json()
        action = {
            "protocol_version": 3,
            "sequence": 1,
            "request_id": "r1",
            "generation": page["context"]["generation"],
            "bot_generation": page["botGeneration"],
            "kind": "refresh",
        }
        headers["X-Simcord-Context"] = page["context"]["id"]
        async with stage.turn:  # a tick under way: SimCord refuses actions meanwhile
            sent = asyncio.create_task(
                http.post(f"{base}/api/action", headers=headers, data=json.dumps(action))
            )
            await stage.env.advance_time(1)
            await asyncio.sleep(0.2)
            assert not sent.done()
        async with await sent as answered:
            assert answered.status == 200
            result = await answered.json()
        assert not result.get("rejected"), result


def test_without_a_token_the_run_command_points_to_the_sandbox(monkeypatch, capsys):
    monkeypatch.setattr(Settings, "load", classmethod(lambda cls: Settings(token="")))
    assert __main__.main([]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "DISCORD_TOKEN is not set" in line and "python -m bot --sandbox" in line


def test_a_taken_port_is_one_clear_line(db, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert sandbox.main(["--db", db, "--port", str(port)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: the sandbox could not listen") and str(port) in line


async def test_what_the_bot_says_of_threads_holds_where_it_may_make_none(db):
    """In the sandbox a game is played in the channel: the computer's opening
    and /help say so, in both languages."""
    async with Stage(db) as stage:
        alice, bob, _ = stage.world.members
        channel = stage.world.channel
        async with stage.turn:
            started = await alice.slash(
                channel, "play computer", variant="xiangqi", level=1, color="red"
            )
            helped = await bob.slash(channel, "help")
            await bob.slash(channel, "settings", language="zh")
            zh = await bob.slash(channel, "help")
        assert not channel.threads
        assert started.response.content.endswith(
            "The game follows in its own thread, or here where threads cannot be made."
        )
        assert "or is played in the channel where threads cannot be made." in (
            helped.response.content
        )
        assert "不能建子区时就在本频道进行" in zh.response.content
