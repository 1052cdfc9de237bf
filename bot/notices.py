"""Turn notices: telling a player that the game waits for them.

After every accepted entry one player may be waited for: the one to move,
or the one who must answer a new draw offer or undo request; when a game
ends, both players. They are told once per entry, the way they chose in
``/settings`` (``notify``): a ping in the game's thread (the default, the
mention allowed for them alone), a DM with their own board and a link to
the thread, both, or nothing. A player whose DMs are closed gets the thread
ping instead. In rapid games the player to move is pinged only once their
opponent has waited :data:`RAPID_WAIT` seconds, not on every ply.

How far each game's notices have gone is stored (``games.notified``), marked
as the notice is sent (the write runs alongside the message): a restart
between a move and its notice sends it at the first sweep, and no entry is
announced twice. A sweep marks every game it catches up on in one write
and sends at most :data:`SWEEP_NOTICES` notices, so a restart that finds
many games waiting spreads their pings over the following sweeps.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

import discord

from rules.outcome import Outcome
from rules.pieces import Color
from rules.variant import find_variant
from storage import GameRecord, Store

from . import boards
from .channels import Channels
from .dms import DirectMessages
from .hub import GameHub
from .i18n import t
from .manager import GameManager
from .movelist import listed_actions
from .pictures import clock_text
from .players import PlayerDirectory
from .presenter import say, text_of
from .report import Line, Moves, Report, Term, Title
from .server import ServerSettings
from .wording import color_term

log = logging.getLogger(__name__)

RAPID_WAIT = 20.0  # seconds an opponent waits in a rapid game before the ping
REQUEST_ENTRIES = ("draw-offer", "undo-request")
ENDINGS_LOOKBACK = 3600.0  # seconds: older endings are not announced after a restart
SWEEP_NOTICES = 10  # notices a sweep sends at most; the rest wait for the next sweeps


@dataclass(frozen=True, slots=True)
class Plan:
    """A claimed notice of ``kind`` for ``user_ids``, about a running game
    (``manager``) or one that just ended (``record``)."""

    kind: str
    game_id: int
    user_ids: tuple[int, ...]
    manager: GameManager | None = None
    record: GameRecord | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    """``kind`` (``turn``, ``request`` or ``end``) for ``user_ids`` after ``count`` entries."""

    kind: str
    user_ids: tuple[int, ...]
    count: int


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens the channel (or thread), or one of its messages, in any
    client. It is built from ids the bot knows, never from a message's own
    ``jump_url``: a message sent through an interaction's webhook does not know
    its server and would link to ``@me``, which opens nothing."""
    tail = f"/{message_id}" if message_id is not None else ""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}{tail}"


def mention_only(user_id: int) -> discord.AllowedMentions:
    """Allow the mention of one user, never ``@everyone`` or roles."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


class Notifier:
    """Decides who is waited for and tells them (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        hub: GameHub,
        players: PlayerDirectory,
        server: ServerSettings,
        now: Callable[[], float],
        channels: Channels,
        dms: DirectMessages,
    ) -> None:
        self.store = store
        self.hub = hub
        self.players = players
        self.server = server
        self.now = now
        self.channels = channels
        self.dms = dms
        self._notified: dict[int, int | None] = {}
        self._writes: list[asyncio.Future[None]] = []
        self._endings_checked = False

    async def _claim(self, game_id: int, count: int) -> bool:
        """Mark the notice of ``count`` entries handled; ``False`` if it already was.

        The check and the mark in memory happen without a pause, so two callers
        never both win. The stored mark is written meanwhile and awaited by
        :meth:`settle`, once the message that carries the notice is on its way.
        """
        if not await self._take(game_id, count):
            return False
        self._writes.append(asyncio.ensure_future(self.store.set_notified(game_id, count)))
        return True

    async def _take(self, game_id: int, count: int) -> bool:
        """The mark in memory alone, for callers that store their marks together."""
        if game_id not in self._notified:
            stored = await self.store.notified(game_id)
            self._notified.setdefault(game_id, stored)
        done = self._notified[game_id]
        if done is not None and done >= count:
            return False
        self._notified[game_id] = count
        return True

    async def settle(self) -> None:
        """Wait until the claimed notices are marked in storage."""
        writes, self._writes = self._writes, []
        for write in writes:
            try:
                await write
            except Exception:  # at worst a restart sends that notice again
                log.exception("could not store a notice mark")

    def notice(self, manager: GameManager) -> Notice | None:
        """Who the game waits for after its last entry (``None`` once it is over)."""
        if manager.finished:
            return None
        match = manager.match
        pending = match.pending
        last = match.entries[-1] if match.entries else ""
        if pending is not None and last.endswith(REQUEST_ENTRIES):
            kind, side = "request", pending.side.other()
        else:
            kind, side = "turn", match.game.turn
        waited = manager.player_id(side)
        untold = waited == manager.last_actor or manager.computer_side() is side
        targets = () if untold else (waited,)
        return Notice(kind, targets, manager.seq)

    def owes(self, manager: GameManager) -> bool:
        """Whether the game may still owe a notice: one not known to be handled
        (the hub keeps such a game in memory until the sweep has seen to it)."""
        notice = self.notice(manager)
        if notice is None or not notice.user_ids:
            return False
        if manager.id not in self._notified:
            return True
        done = self._notified[manager.id]
        return done is None or done < notice.count

    def due(self, manager: GameManager, notice: Notice) -> bool:
        """Rapid players are pinged about their turn only after a wait."""
        control = manager.control
        if notice.kind != "turn" or control is None or control.game_ms is None:
            return True
        return self.now() >= manager.changed_at + RAPID_WAIT

    async def sweep(self) -> None:
        """Send what is due: rapid turns waited on, and notices a restart cut off,
        as a message of their own. At most :data:`SWEEP_NOTICES` go out, their
        marks stored in one write before the first is sent."""
        taken: list[tuple[GameManager, Notice]] = []
        managers = self.hub.active()
        unknown = [m.id for m in managers if m.id not in self._notified]
        if unknown:  # one read for every game loaded since the last sweep
            for game_id, stored in (await self.store.notified_many(unknown)).items():
                self._notified.setdefault(game_id, stored)
        for manager in managers:
            if len(taken) >= SWEEP_NOTICES:
                break
            notice = self.notice(manager)
            done = self._notified.get(manager.id, -1)
            if notice is None or (done is not None and done >= notice.count):
                continue
            if self.due(manager, notice) and await self._take(manager.id, notice.count):
                taken.append((manager, notice))
        if not taken:
            return
        try:
            await self.store.set_notified_many({m.id: n.count for m, n in taken})
        except Exception:  # at worst a restart sends these notices again
            log.exception("could not store %d notice marks", len(taken))
        for manager, notice in taken:
            report = Report(manager.id, manager.channel_id, 0, [])
            plan = Plan(notice.kind, manager.id, notice.user_ids, manager)
            await self._ping_apart(plan, await self.deliver(plan, report))

    async def sweep_endings(self) -> None:
        """Once after a start: the end of games that finished while a notice was
        still owed (the bot stopped between the last move and its message)."""
        if self._endings_checked:
            return
        self._endings_checked = True
        since = self.now() - ENDINGS_LOOKBACK
        for record in await self.store.unnotified_endings(since):
            plan = await self._ending(record)
            if plan is not None:
                await self.settle()
                report = Report(record.id, record.channel_id, 0, [])
                await self._ping_apart(plan, await self.deliver(plan, report))

    async def _ending(self, record: GameRecord) -> Plan | None:
        """The claimed end notice of a finished game, for its players but whoever ended it."""
        if record.outcome is None or not await self._claim(record.id, len(record.entries)):
            return None
        actor = record.entries[-1].actor_id if record.entries else None
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)  # unseen since a restart
        me = self.channels.me()
        ids = tuple(i for i in (record.red_id, record.black_id) if i not in (actor, me))
        return Plan("end", record.id, ids, None, record)

    async def plan(self, report: Report) -> Plan | None:
        """The notice a report about to be published carries, claimed: the
        thread ping rides in the report's own message (see :meth:`inline`)."""
        manager = self.hub.here(report.channel_id)
        if manager is not None and manager.id == report.game_id:
            notice = self.notice(manager)
            if notice is None or not self.due(manager, notice):
                return None
            self._notified.setdefault(manager.id, manager.notified_when_read)
            if not await self._claim(manager.id, notice.count):
                return None
            return Plan(notice.kind, manager.id, notice.user_ids, manager)
        return await self._ending(await self.store.load_game(report.game_id))

    async def inline(self, plan: Plan, lang: str) -> tuple[str, list[int]]:
        """The line naming who the game waits for, and whom it may ping."""
        pinged = [u for u in plan.user_ids if await self._mode(u) in ("thread", "both")]
        if not pinged:
            return "", []
        mentions = " ".join(f"<@{u}>" for u in pinged)
        return t(lang, f"notice.inline.{plan.kind}", mention=mentions), pinged

    async def deliver(self, plan: Plan, report: Report) -> set[int]:
        """The DMs of a plan; returns who got one (their private lines and board
        rode along, so they need no second DM)."""
        reached: set[int] = set()
        for user_id in plan.user_ids:
            if await self._mode(user_id) not in ("dm", "both"):
                continue
            try:
                if await self._dm(plan, user_id, report):
                    reached.add(user_id)
            except Exception:  # the entry stands; a lost notice is logged, not raised
                log.exception("could not notify %s in game %s", user_id, plan.game_id)
        return reached

    async def fallback(self, plan: Plan, reached: set[int]) -> None:
        """A ping apart for those who chose DMs but cannot receive them."""
        closed = [u for u in plan.user_ids if await self._mode(u) == "dm" and u not in reached]
        await self._ping_apart(replace(plan, user_ids=tuple(closed)), set())

    async def _ping_apart(self, plan: Plan, reached: set[int]) -> None:
        """Ping, in a message of their own, those who want thread pings or whose
        DM did not arrive."""
        for user_id in plan.user_ids:
            mode = await self._mode(user_id)
            if mode == "off" or (mode == "dm" and user_id in reached):
                continue
            try:
                await self._ping(plan, user_id)
            except discord.HTTPException as exc:
                log.warning("could not ping %s in game %s: %s", user_id, plan.game_id, exc.status)

    async def _mode(self, user_id: int) -> str:
        return (await self.players.prefs(user_id)).notify

    def _params(self, plan: Plan, user_id: int) -> dict[str, object]:
        """What a notice to ``user_id`` says about their game."""
        if plan.manager is not None:
            manager = plan.manager
            side, variant_name = manager.side_of(user_id), manager.variant
            opponent = manager.player_id(side.other())
            guild_id, channel_id = manager.guild_id, manager.channel_id
        else:
            record = plan.record
            assert record is not None
            side = record.color_of(user_id) or Color.RED
            variant_name, opponent = record.variant, record.player_id(side.other())
            guild_id, channel_id = record.guild_id, record.channel_id
        variant = find_variant(variant_name)
        params: dict[str, object] = {
            "game": plan.game_id,
            "variant": Title(variant.title_en, variant.title_zh),
            "color": color_term(side),
            "opponent": self.players.name(opponent),
            "url": jump_url(guild_id, channel_id),
        }
        pending = plan.manager.match.pending if plan.manager is not None else None
        if plan.kind == "request" and pending is not None:
            params["request"] = Term(f"request.{pending.kind}")
        outcome = plan.record.outcome if plan.record is not None else None
        if outcome is not None:
            params["result"] = Term(_result_key(outcome, side))
            params["reason"] = Term(f"reason.{outcome.reason.value}")
        return params

    async def _ping(self, plan: Plan, user_id: int) -> None:
        game = plan.manager or plan.record
        assert game is not None
        guild_id, channel_id = game.guild_id, game.channel_id
        style = await self.server.style(guild_id)
        params = {**self._params(plan, user_id), "mention": f"<@{user_id}>"}
        text = say(Line(f"notice.thread.{plan.kind}", params), style.language, style.notation)
        channel = await self.channels.channel(channel_id)
        await channel.send(text, allowed_mentions=mention_only(user_id))

    async def _dm(self, plan: Plan, user_id: int, report: Report) -> bool:
        players = self.players
        lang = await players.language(user_id)
        style = (await players.prefs(user_id)).notation
        params = self._params(plan, user_id)
        lines = [*report.private.get(user_id, []), Line(f"notice.dm.{plan.kind}", params)]
        manager, board = plan.manager, None
        if manager is not None:
            moves = manager.last_moves or _last_action(manager)
            if moves is not None and manager.last_actor not in (None, user_id):
                lines.append(Line("notice.dm.last_move", {**params, "move": moves}))
            lines += self._time_left(manager)
            board = report.private_boards.get(user_id) or await boards.picture(
                manager, user_id, private=True
            )
        lines.append(Line("notice.dm.link", params))
        return await self.dms.dm(user_id, text_of(lines, lang, style), board)

    def _time_left(self, manager: GameManager) -> list[Line]:
        deadline = manager.clocks.deadline
        if deadline is None:
            return []
        left = max(0.0, deadline - self.now())
        if manager.control is not None and manager.control.game_ms is not None:
            return [Line("notice.dm.clock", {"left": clock_text(int(left * 1000))})]
        return [_duration(left, f"<t:{int(deadline)}:R>")]


def _last_action(manager: GameManager) -> Moves | None:
    """The last entry's action in every notation, read back from the log (after
    a restart); ``None`` for a platform entry or an action still secret."""
    entries = manager.match.entries
    if not entries or entries[-1].startswith("@"):
        return None
    listed = listed_actions(manager.match, running=True)
    notes = listed[-1][1] if listed else None
    return Moves(notes) if notes is not None else None


def _result_key(outcome: Outcome, side: Color) -> str:
    if outcome.winner is None:
        return "notice.result.draw"
    return "notice.result.won" if outcome.winner is side else "notice.result.lost"


def _duration(seconds: float, when: str) -> Line:
    """Time left to a far deadline, in days and hours or hours and minutes."""
    minutes = int(seconds // 60)
    params = {"days": minutes // 1440, "hours": minutes // 60 % 24, "minutes": minutes % 60}
    unit = "days" if params["days"] else "hours" if params["hours"] else "minutes"
    return Line(f"notice.left.{unit}", {**params, "when": when})
