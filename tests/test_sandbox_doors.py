"""The members' doors over HTTP, against the real sandbox on loopback: each
address is its member's alone, a page cannot switch member, only its own page
may call a door, and bad input is refused with a 4xx."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot.sandbox.doors import Door
from bot.sandbox.stage import Stage
from tests.conftest import button

JSON = "application/json"
DEEP = b"[" * 200_000 + b"]" * 200_000  # fits the size limit, not the parser's stack


@dataclass
class Address:
    """A member's printed address, taken apart: where, and its secret."""

    base: str
    secret: str

    @classmethod
    def of(cls, door: Door) -> Address:
        parts = urlsplit(door.url)
        return cls(f"http://127.0.0.1:{parts.port}", parts.fragment)


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "sandbox.sqlite3")


@contextlib.asynccontextmanager
async def running(db: str) -> AsyncIterator[tuple[Stage, aiohttp.ClientSession]]:
    """The sandbox and a client (in the test's own task: SimCord's clock scope
    is entered and left in one context)."""
    async with Stage(db) as stage, aiohttp.ClientSession() as http:
        yield stage, http


def addresses(stage: Stage) -> list[Address]:
    return [Address.of(door) for door in stage.doors]


async def open_page(
    http: aiohttp.ClientSession, at: Address, secret: str | None = None, body: Any = None
) -> tuple[int, Any]:
    headers = {"X-Simcord-Capability": secret or at.secret, "Content-Type": JSON}
    data = json.dumps({} if body is None else body)
    async with http.post(f"{at.base}/api/pages", headers=headers, data=data) as answer:
        return answer.status, await answer.json() if answer.content_type == JSON else None


async def call(
    http: aiohttp.ClientSession,
    at: Address,
    path: str,
    context: str,
    *,
    method: str = "GET",
    secret: str | None = None,
    data: bytes | None = None,
) -> tuple[int, Any]:
    headers = {
        "X-Simcord-Capability": secret or at.secret,
        "X-Simcord-Context": context,
        "Content-Type": JSON,
    }
    async with http.request(method, at.base + path, headers=headers, data=data) as answer:
        return answer.status, await answer.json() if answer.content_type == JSON else None


def action(page: dict[str, Any], kind: str, **fields: Any) -> bytes:
    return json.dumps(
        {
            "protocol_version": 3,
            "sequence": 1,
            "request_id": "r1",
            "generation": page["context"]["generation"],
            "bot_generation": page["botGeneration"],
            "kind": kind,
            **fields,
        }
    ).encode()


async def test_each_address_has_a_secret_of_its_own_valid_on_its_port_only(db):
    async with running(db) as (stage, http):
        doors = addresses(stage)
        secrets = [door.secret for door in doors]
        assert len(set(secrets)) == 3
        assert urlsplit(stage.preview.url).fragment not in secrets  # never printed
        assert all(secret in stage.welcome() for secret in secrets)
        for door, member in zip(doors, stage.world.members, strict=True):
            for other in doors:
                if other is not door:
                    status, _ = await open_page(http, door, secret=other.secret)
                    assert status == 401
            status, page = await open_page(http, door)
            assert status == 200 and page["viewerId"] == str(member.id)
            assert [viewer["id"] for viewer in page["viewers"]] == [str(member.id)]  # no one else


async def test_a_page_cannot_switch_member(db):
    async with running(db) as (stage, http):
        alice, _, carol = stage.world.members
        at = addresses(stage)[2]
        status, _ = await open_page(http, at, body={"viewer_id": str(alice.id)})
        assert status == 403
        status, page = await open_page(http, at, body={"viewer_id": str(carol.id)})
        assert status == 200
        context = page["context"]["id"]
        switch = action(page, "viewer", viewer_id=str(alice.id))
        status, _ = await call(http, at, "/api/action", context, method="POST", data=switch)
        assert status == 403
        status, state = await call(http, at, "/api/state", context)
        assert status == 200 and state["viewerId"] == str(carol.id)


async def test_a_page_is_reached_only_through_the_door_that_opened_it(db):
    async with running(db) as (stage, http):
        alice_door, bob_door, _ = addresses(stage)
        _, alices = await open_page(http, alice_door)
        _, bobs = await open_page(http, bob_door)
        theirs, mine = alices["context"]["id"], bobs["context"]["id"]
        refresh = action(alices, "refresh")
        for path, method, data in (
            ("/api/state", "GET", None),
            ("/api/commands", "GET", None),
            ("/api/action-result?request_id=r1&sequence=1", "GET", None),
            ("/api/action", "POST", refresh),
            ("/api/assets/a_anything", "GET", None),
            (f"/api/pages/{theirs}", "DELETE", None),
        ):
            status, _ = await call(http, bob_door, path, theirs, method=method, data=data)
            assert status == 401, path
            # alice's secret does not open her page on bob's port either
            status, _ = await call(
                http, bob_door, path, theirs, method=method, data=data, secret=alice_door.secret
            )
            assert status == 401, path
        status, _ = await call(http, alice_door, "/api/state", "python")  # the preview's own page
        assert status == 401
        status, _ = await call(http, bob_door, f"/api/pages/{theirs}", mine, method="DELETE")
        assert status == 401  # closing another's page with one's own in the header
        status, state = await call(http, alice_door, "/api/state", theirs)
        assert status == 200 and state["viewerId"] == str(stage.world.members[0].id)
        status, _ = await call(http, alice_door, f"/api/pages/{theirs}", theirs, method="DELETE")
        assert status == 200
        status, _ = await call(http, alice_door, "/api/state", theirs)
        assert status == 401  # closed: the door forgets it


async def test_a_private_board_image_is_served_to_its_owner_only(db):
    async with running(db) as (stage, http):
        alice, bob, _ = stage.world.members
        channel = stage.world.channel
        async with stage.turn:
            await alice.slash(channel, "challenge", opponent=bob, color="red", variant="jieqi")
            challenge = channel.last_message
            await bob.click(challenge, custom_id=button(challenge, "accept"))
            await alice.slash(channel, "board", private=True)
            await stage.preview.refresh()
        alice_door, bob_door, carol_door = addresses(stage)
        _, page = await open_page(http, alice_door)
        context = page["context"]["id"]
        images = [key for key, asset in page["assets"].items() if asset["available"]]
        assert len(images) == 2  # the opening board, and her private one
        for door in (bob_door, carol_door):
            _, theirs = await open_page(http, door)
            for asset in images:
                status, _ = await call(http, door, f"/api/assets/{asset}", context)
                assert status == 401
                status, _ = await call(http, door, f"/api/assets/{asset}", theirs["context"]["id"])
                assert status == 404  # not an image of their page
        headers = {"X-Simcord-Capability": alice_door.secret, "X-Simcord-Context": context}
        for asset in images:
            async with http.get(f"{alice_door.base}/api/assets/{asset}", headers=headers) as got:
                assert got.status == 200 and (await got.read()).startswith(b"\x89PNG")


async def test_only_the_doors_own_page_may_call_it(db):
    async with running(db) as (stage, http):
        alice_door, bob_door, _ = addresses(stage)
        port = urlsplit(alice_door.base).port
        for origin, expected in (
            ("http://evil.example", 403),
            (bob_door.base, 403),  # another member's page
            (f"http://127.0.0.1:{urlsplit(stage.preview.url).port}", 403),
            ("null", 403),
            (alice_door.base, 200),
            (f"http://localhost:{port}", 200),
        ):
            headers = {
                "X-Simcord-Capability": alice_door.secret,
                "Content-Type": JSON,
                "Origin": origin,
            }
            async with http.post(f"{alice_door.base}/api/pages", headers=headers, data="{}") as r:
                assert r.status == expected, origin


async def test_bad_json_is_a_client_error_and_changes_nothing(db):
    async with running(db) as (stage, http):
        at = addresses(stage)[0]
        headers = {"X-Simcord-Capability": at.secret, "Content-Type": JSON}
        for body in (DEEP, b"{", b"[1, 2]", b"\xff"):
            async with http.post(f"{at.base}/api/pages", headers=headers, data=body) as answer:
                assert answer.status == 400, body[:10]
        _, page = await open_page(http, at)
        context = page["context"]["id"]
        before = len(stage.env.backend.transcript)
        for body in (DEEP, b'{"kind": ', b"\xff"):
            status, _ = await call(http, at, "/api/action", context, method="POST", data=body)
            assert status == 400, body[:10]
        assert len(stage.env.backend.transcript) == before
        status, _ = await call(http, at, "/api/state", context)
        assert status == 200  # the page lives on


async def test_a_page_opens_at_the_newest_message_its_member_sees(db):
    async with running(db) as (stage, http):
        alice, bob, carol = stage.world.members
        channel = stage.world.channel
        async with stage.turn:
            await alice.slash(channel, "challenge", opponent=bob, color="red")
            await alice.slash(channel, "help")
            await stage.preview.refresh()
        challenge = channel.history(viewer=carol)[-1]
        told = channel.history(viewer=alice)[-1]  # the help, to her alone
        assert told.id > challenge.id and "/challenge" in told.content
        alice_door, _, carol_door = addresses(stage)
        for door, newest in ((alice_door, told), (carol_door, challenge)):
            _, page = await open_page(http, door)
            assert page["targetId"] == str(newest.id)
            assert not page["history"]["hasAfter"]  # the window follows the newest
