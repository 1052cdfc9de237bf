"""One loopback address per member, in front of SimCord's browser preview.

The preview serves every member from one address, with one secret, and lets a
page switch member. Each door is a small proxy on its own 127.0.0.1 port that
serves one member only: its address carries a secret of its own, valid on
that port only, and its pages cannot switch member (see ``guard``). Doors
also make the browser's actions take turns with the clock's ticker (one
lock): SimCord refuses an action that arrives while time is being advanced.
Like the preview, a door answers only requests addressed to 127.0.0.1 or
localhost on its own port, and only from its own page's origin.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web

from .guard import CAPABILITY, Guard

# Headers that describe one hop of the connection, not the content.
HOP_HEADERS = frozenset(
    {"connection", "content-length", "content-encoding", "transfer-encoding", "keep-alive"}
)
FORWARDED = ("Accept", "Content-Type", "X-Simcord-Context")


class Door:
    """The address of one member's page."""

    def __init__(
        self,
        preview_url: str,
        member_id: int,
        latest: Callable[[], int | None],
        turn: asyncio.Lock,
        after_action: Callable[[], Awaitable[None]],
        session: aiohttp.ClientSession,
    ) -> None:
        parts = urlsplit(preview_url)
        self.upstream = f"{parts.scheme}://{parts.netloc}"
        self._preview_secret = parts.fragment
        self.guard = Guard(member_id, latest)
        self.turn = turn
        self.after_action = after_action
        self.session = session
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """The member's page; its fragment is this member's secret."""
        return f"http://127.0.0.1:{self.port}/#{self.guard.secret}"

    async def open(self, port: int) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = int(server.sockets[0].getsockname()[1])
        self.guard.listen_on(self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _addressed_here(self, request: web.Request) -> bool:
        return request.headers.get("Host", "") in {
            f"127.0.0.1:{self.port}",
            f"localhost:{self.port}",
        }

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        """The page's code and fonts are the same for everyone and go through
        as they are; every API call (pages, state, actions, images) is checked
        by the guard and sent on with the preview's secret."""
        if not self._addressed_here(request):
            raise web.HTTPForbidden()
        self.guard.check_origin(request)
        body = await request.read()
        headers = {name: request.headers[name] for name in FORWARDED if name in request.headers}
        if "Origin" in request.headers:  # checked above: the preview's check is passed
            headers["Origin"] = self.upstream
        if request.path.startswith("/api/"):
            body = self.guard.admit(request, body)
            headers[CAPABILITY] = self._preview_secret
        if request.method == "POST" and request.path == "/api/action":
            async with self.turn:
                response = await self._send(request, headers, body)
                await self.after_action()
            return response
        return await self._send(request, headers, body)

    async def _send(
        self, request: web.Request, headers: dict[str, str], body: bytes
    ) -> web.Response:
        async with self.session.request(
            request.method,
            self.upstream + request.path_qs,
            headers=headers,
            data=body or None,
            allow_redirects=False,
        ) as upstream:
            content = await upstream.read()
            kept = {k: v for k, v in upstream.headers.items() if k.lower() not in HOP_HEADERS}
        if request.path.startswith("/api/"):
            content = self.guard.answered(request, upstream.status, content)
        return web.Response(status=upstream.status, body=content, headers=kept)
