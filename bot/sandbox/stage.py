"""Bringing the sandbox up and down: world, bot, preview, doors, ticker."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from pathlib import Path
from types import TracebackType

import aiohttp
import simcord

from ..client import create_bot
from ..settings import Settings
from .clock import KeptTime, Ticker
from .doors import Door
from .world import CHANNEL, build_world, turn_dms_off


class Stage:
    """``async with Stage(db, port) as stage``: the running sandbox.

    Pages see what another member did once the preview is refreshed, which
    happens after each action and after each tick that changed what members
    see (a flag fell, a challenge expired).
    """

    def __init__(self, db_path: str, first_port: int = 0) -> None:
        self.db_path = db_path
        self.first_port = first_port
        self.turn = asyncio.Lock()
        self.doors: list[Door] = []
        self._seen = 0  # how much of SimCord's transcript has been looked at

    async def __aenter__(self) -> Stage:
        new = not Path(self.db_path).exists()
        async with contextlib.AsyncExitStack() as stack:  # undone in reverse if a step fails
            self.bot = create_bot(Settings(db_path=self.db_path))
            stack.push_async_callback(self._close_store)
            self.env = simcord.Env(self.bot, check_errors=False)
            self.world = build_world(self.env)
            self.kept = KeptTime(self.db_path)
            self.kept.restore(self.env)
            await self.env.start()
            if new:
                await turn_dms_off(self.bot.players, self.world)
            stack.enter_context(self.env.time_context())
            stack.push_async_callback(self.env.shutdown)
            self.preview = await stack.enter_async_context(
                self.env.preview(self.world.channel, viewers=self.world.members, layout="channel")
            )
            self._seen = len(self.env.backend.transcript)
            session = await stack.enter_async_context(aiohttp.ClientSession())
            for index, member in enumerate(self.world.members):
                door = Door(
                    self.preview.url,
                    member.id,
                    functools.partial(self.world.latest_seen, member),
                    self.turn,
                    self.refresh_if_changed,
                    session,
                )
                stack.push_async_callback(door.close)
                await door.open(self.first_port + index if self.first_port else 0)
                self.doors.append(door)
            ticker = Ticker(self.env, self.turn, self.refresh_if_changed, self.kept)
            ticker.start()
            stack.push_async_callback(ticker.stop)
            self._stack = stack.pop_all()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._stack.aclose()

    async def _close_store(self) -> None:
        if hasattr(self.bot, "store"):  # opened by the bot's start
            await self.bot.store.close()

    def _changed(self) -> bool:
        """Whether anything others see changed since last looked: the bot wrote
        (an answer to an autocomplete is for one member only) or a member posted."""
        transcript = self.env.backend.transcript
        fresh, self._seen = transcript[self._seen :], len(transcript)
        return any(
            name.startswith("MESSAGE_")
            if kind == "GATEWAY"
            else not name.startswith("GET ")
            and not (isinstance(payload, dict) and payload.get("type") == AUTOCOMPLETE_RESULT)
            for kind, name, payload in fresh
        )

    async def refresh_if_changed(self) -> None:
        if self._changed():
            await self.preview.refresh()

    def welcome(self) -> str:
        """What to open: one address per member."""
        roles = ("player", "player", "spectator")
        lines = [
            f"Chuhan sandbox: a simulated server with #{CHANNEL};"
            f" games are kept in {self.db_path}.",
            "Open each member's page in your browser (each address is its member's"
            " alone: keep it secret):",
        ]
        for member, role, door in zip(self.world.members, roles, self.doors, strict=True):
            lines.append(f"  {member.user.name:<6} ({role:<9})  {door.url}")
        lines.append("Ctrl-C stops the sandbox.")
        return "\n".join(lines)


AUTOCOMPLETE_RESULT = 8  # interaction callback type of autocomplete choices
