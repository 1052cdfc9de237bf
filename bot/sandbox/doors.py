"""One loopback address per member, in front of SimCord's browser preview.

The preview serves every member from one address and opens a page as the
first of them. Each door is a small proxy on its own 127.0.0.1 port that opens
its pages as its member, so the sandbox can print one address per member.
Doors also make the browser's actions take turns with the clock's ticker (one
lock): SimCord refuses an action that arrives while time is being advanced.
Like the preview, a door answers only requests addressed to 127.0.0.1 or
localhost on its own port.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web

# Headers that describe one hop of the connection, not the content.
HOP_HEADERS = frozenset(
    {"connection", "content-length", "content-encoding", "transfer-encoding", "keep-alive"}
)
FORWARDED = ("Accept", "Content-Type", "X-Simcord-Capability", "X-Simcord-Context")


class Door:
    """The address of one member's page."""

    def __init__(
        self,
        preview_url: str,
        member_id: int,
        turn: asyncio.Lock,
        after_action: Callable[[], Awaitable[None]],
        session: aiohttp.ClientSession,
    ) -> None:
        parts = urlsplit(preview_url)
        self.upstream = f"{parts.scheme}://{parts.netloc}"
        self.capability = parts.fragment
        self.member_id = member_id
        self.turn = turn
        self.after_action = after_action
        self.session = session
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """The member's page; like the preview's address, it is a secret."""
        return f"http://127.0.0.1:{self.port}/#{self.capability}"

    async def open(self, port: int) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = int(server.sockets[0].getsockname()[1])

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
        if not self._addressed_here(request):
            raise web.HTTPForbidden()
        body = await request.read()
        if request.method == "POST" and request.path == "/api/pages":
            body = self._as_member(body)
        headers = {name: request.headers[name] for name in FORWARDED if name in request.headers}
        if "Origin" in request.headers:
            headers["Origin"] = self.upstream
        is_action = request.method == "POST" and request.path == "/api/action"
        if is_action:
            async with self.turn:
                response = await self._send(request, headers, body)
                await self.after_action()
            return response
        return await self._send(request, headers, body)

    def _as_member(self, body: bytes) -> bytes:
        """A new page opens as this door's member (the page may switch later)."""
        try:
            payload = json.loads(body or b"{}")
        except ValueError:
            return body
        if isinstance(payload, dict) and payload.get("viewer_id") is None:
            payload["viewer_id"] = str(self.member_id)
            return json.dumps(payload).encode()
        return body

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
            return web.Response(status=upstream.status, body=content, headers=kept)
