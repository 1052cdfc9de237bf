"""What one member's door lets through to the preview, and as whom.

The preview has one secret for the whole session and lets any page switch to
any member; a door must not. So each door holds a secret of its own (the
fragment of its printed address, which the page sends with every API call),
opens pages as its member only, refuses the preview's "switch viewer" action,
and answers only for the pages it opened itself: a page (and so its state,
its actions and its images) is reached through the door that opened it, with
that door's secret. The preview's own secret never leaves the process.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import web

CAPABILITY = "X-Simcord-Capability"
CONTEXT = "X-Simcord-Context"
PAGES = "/api/pages"
CLOSE_PREFIX = PAGES + "/"  # DELETE /api/pages/{context}
STATE_ROUTES = frozenset({PAGES, "/api/state"})  # answers that carry a page's snapshot


class Guard:
    """One door's checks: its secret, its origin, its member, its pages."""

    def __init__(self, member_id: int, latest: Callable[[], int | None]) -> None:
        self.member_id = member_id
        self.latest = latest  # the newest message this member sees
        self.secret = secrets.token_urlsafe(32)
        self.origins: frozenset[str] = frozenset()
        self.pages: set[str] = set()

    def listen_on(self, port: int) -> None:
        """The origins of the door's own page (a browser sends either)."""
        self.origins = frozenset({f"http://127.0.0.1:{port}", f"http://localhost:{port}"})

    def check_origin(self, request: web.Request) -> None:
        """A browser names the page that sent a request: only the door's own
        page may call it (the preview checks the origin the door sends it)."""
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            raise web.HTTPForbidden(text="request from another page")

    def admit(self, request: web.Request, body: bytes) -> bytes:
        """The body to send on for an API call, or an HTTP error: the secret,
        the page and what the call asks are checked."""
        supplied = request.headers.get(CAPABILITY, "")
        if not hmac.compare_digest(supplied.encode(), self.secret.encode()):
            raise web.HTTPUnauthorized(text="not this member's address")
        if request.method == "POST" and request.path == PAGES:
            return self._as_member(body)
        self._check_page(request)
        if request.method == "POST" and request.path == "/api/action":
            self._check_action(request, body)
        return body

    def _check_page(self, request: web.Request) -> None:
        context = request.headers.get(CONTEXT)
        if context not in self.pages:
            raise web.HTTPUnauthorized(text="not a page of this member")
        if request.path.startswith(CLOSE_PREFIX) and request.path != CLOSE_PREFIX + context:
            raise web.HTTPUnauthorized(text="not a page of this member")

    def _as_member(self, body: bytes) -> bytes:
        """A page opens as the door's member, at the newest message they see
        (the preview would open it at the top of the conversation)."""
        payload = read_json(body or b"{}")
        if not isinstance(payload, dict):
            raise web.HTTPBadRequest(text="JSON object required")
        if payload.get("viewer_id") not in (None, self.member_id, str(self.member_id)):
            raise web.HTTPForbidden(text="this address opens its own member's page only")
        payload["viewer_id"] = str(self.member_id)
        if payload.get("target_id") is None and (latest := self.latest()) is not None:
            payload["target_id"] = str(latest)
        return json.dumps(payload).encode()

    def _check_action(self, request: web.Request, body: bytes) -> None:
        if request.content_type.startswith("multipart/"):  # no command takes a file
            raise web.HTTPUnsupportedMediaType(text="the sandbox takes no uploads")
        action = read_json(body)
        if isinstance(action, dict) and action.get("kind") == "viewer":
            raise web.HTTPForbidden(text="this address is its own member's only")

    def answered(self, request: web.Request, status: int, content: bytes) -> bytes:
        """Note the pages opened and closed; a snapshot lists this member alone
        among the viewers, so the page offers no one to switch to."""
        if status != 200:
            return content
        if request.method == "DELETE" and request.path.startswith(CLOSE_PREFIX):
            self.pages.discard(request.path.removeprefix(CLOSE_PREFIX))
            return content
        if request.method not in ("GET", "POST") or request.path not in STATE_ROUTES:
            return content
        payload = read_json(content)
        if not isinstance(payload, dict):
            return content
        if request.path == PAGES:
            self.pages.add(str(payload["context"]["id"]))
        payload["viewers"] = [
            viewer for viewer in payload.get("viewers", []) if _is(viewer, self.member_id)
        ]
        return json.dumps(payload).encode()


def _is(viewer: Any, member_id: int) -> bool:
    return isinstance(viewer, dict) and viewer.get("id") == str(member_id)


def read_json(body: bytes) -> Any:
    """JSON, or 400: a body nested too deep for the parser is bad input too."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise web.HTTPBadRequest(text="invalid JSON") from exc
