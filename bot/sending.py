"""Sends to Discord that ride out its hiccups: 500, 502, 503, 504, 429, timeouts.

What is sent follows a committed change, so it is worth trying again rather
than losing: a send that fails that way is retried after a growing pause (a
rate limit's own ``retry_after`` when Discord gives one), at most
:data:`ATTEMPTS` times, then given up with a log line and the last error
raised for the caller's usual handling. A message created again carries the
same ``nonce`` with ``enforce_nonce`` (``nonce()``), so Discord never posts
it twice, even when a first attempt that timed out had arrived after all.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

ATTEMPTS = 5
FIRST_PAUSE = 1.0  # seconds, doubled after each failure: 1, 2, 4, 8
LONGEST_PAUSE = 30.0  # a rate limit asking for longer is given up at once
RETRIED = frozenset({429, 500, 502, 503, 504})
# What a send may raise in the end: Discord's answer, a rate limit discord.py
# would not wait out, or the network (timeouts included).
FAILURES = (discord.HTTPException, discord.RateLimited, OSError)


def nonce() -> str:
    """A fresh message nonce (Discord takes up to 25 characters)."""
    return secrets.token_hex(12)


def reread(files: list[discord.File]) -> list[discord.File]:
    """``files`` rewound, for another attempt to send them."""
    for file in files:
        file.reset()
    return files


def status_of(exc: BaseException) -> int | str:
    """The HTTP status of a failed send, or what failed, for a log line."""
    return getattr(exc, "status", type(exc).__name__)


def pause_after(exc: BaseException, attempt: int) -> float | None:
    """How long to wait before trying again after ``exc``; ``None``: do not."""
    if isinstance(exc, discord.RateLimited):
        return exc.retry_after
    if isinstance(exc, discord.HTTPException) and exc.status not in RETRIED:
        return None
    return FIRST_PAUSE * 2**attempt


async def retried(send: Callable[[], Awaitable[T]], what: str) -> T:
    """``await send()``, again after a passing failure of Discord.

    ``send`` makes a new request each time it is called (with files read from
    their start). ``what`` names the send in the log, by ids only: whether a
    DM was sent at all can follow a secret, so retries log at DEBUG.
    """
    for attempt in range(ATTEMPTS):
        try:
            return await send()
        except FAILURES as exc:
            pause, status = pause_after(exc, attempt), status_of(exc)
            if pause is None:
                raise
            if attempt == ATTEMPTS - 1 or pause > LONGEST_PAUSE:
                log.warning("%s: gave up after %d attempts (%s)", what, attempt + 1, status)
                raise
            log.debug("%s: Discord answered %s; again in %.1f s", what, status, pause)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


QUIET = discord.AllowedMentions.none()
MESSAGE_LIMIT = 2000  # characters in a Discord message


def png_file(data: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode()), filename=name)
