"""The director: starts tournaments at their time, opens each round's games
(each in its own thread, as any game), records results as games end, keeps
the standings message up to date and closes the tournament with its winner.

Everything it decides is in storage first (a round and its pairings in one
write, then each game and each result), so a restart loses nothing: the
first sweep after it starts the games a round still owes and records the
results of games that ended meanwhile. Results arrive through the hub's
``committed`` event (a game that ends), never by editing the manager.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime

import discord

from storage import (
    EntrantRecord,
    GameStatus,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)
from tournaments import Format, Pairing, Result, berger, swiss
from tournaments import arena as arenas
from tournaments.games import result_of

from ..channels import partial_message
from ..choices import variant_title
from ..i18n import t
from ..manager import GameManager
from ..names import thread_name
from ..notices import jump_url
from ..opening import Seating, seat_game
from ..report import Report
from ..sending import QUIET, png_file
from ..services import Services
from ..variants import challenge_options
from . import tables
from .buttons import entry_view
from .schedule import expected_seconds

log = logging.getLogger(__name__)

FORFEIT_OF = {True: Result.BLACK_BY_FORFEIT, False: Result.RED_BY_FORFEIT}  # red withdrew?
DEFAULT_RATING = 1500.0
STANDINGS_FILE = "standings.png"
# With nothing due sooner, the clock's sweep reads the live tournaments this
# often (a second process's new ones, say); every tick would cost a read.
LOOK_SECONDS = 60.0


class Director:
    """Drives every tournament of the bot's servers (one lock each)."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.store = services.store
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._looked_at: set[int] = set()  # running ones seen since the start of the bot
        self._next_look = 0.0  # when the sweep next reads the live tournaments

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- what sets it moving ------------------------------------------------------

    async def sweep(self) -> None:
        """Start what is due; after a restart, catch up with each running
        tournament once; end arenas whose time is up."""
        now = self.services.now()
        if now < self._next_look:
            return
        self._next_look = now + LOOK_SECONDS
        for tournament in await self.store.live_tournaments():
            if self.client.get_guild(tournament.guild_id) is None:
                continue  # another process serves that server (or the bot left it)
            self._next_look = min(self._next_look, self._due_at(tournament))
            due = tournament.status is TournamentStatus.PENDING and now >= tournament.starts_at
            unseen = tournament.status is TournamentStatus.RUNNING and (
                tournament.id not in self._looked_at or self._arena_over(tournament, now)
            )
            if due or unseen:
                try:
                    await self.advance(tournament.id)
                except Exception:
                    log.exception("tournament %s could not advance", tournament.id)

    def wake(self) -> None:
        """A tournament was created or changed here: the next sweep reads them all."""
        self._next_look = 0.0

    def _due_at(self, tournament: TournamentRecord) -> float:
        """When the sweep must next look at ``tournament``: its start, an
        arena's end; never for a round-based one already running."""
        if tournament.status is TournamentStatus.PENDING:
            return tournament.starts_at
        if tournament.format == Format.ARENA and tournament.duration is not None:
            return tournament.starts_at + tournament.duration
        return float("inf")

    def game_committed(self, manager: GameManager, report: Report) -> None:
        """The hub's ``committed`` hook: a game that ended may be a tournament's."""
        if manager.finished:
            self._spawn(self._game_over(manager.id))

    def _spawn(self, work: object) -> None:
        assert asyncio.iscoroutine(work)
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _game_over(self, game_id: int) -> None:
        try:
            where = await self.store.tournament_of_game(game_id)
            if where is not None:
                await self.advance(where[0])
        except Exception:
            log.exception("the tournament of game %s could not advance", game_id)

    async def settled(self) -> None:
        """Wait for the work the ended games set going (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- advancing -------------------------------------------------------------

    async def advance(self, tournament_id: int) -> None:
        """Do whatever is due: start, record results, open the next round, finish."""
        async with self._lock(tournament_id):
            tournament = await self.store.get_tournament(tournament_id)
            if tournament is None:
                return
            if tournament.status is TournamentStatus.PENDING:
                if self.services.now() < tournament.starts_at:
                    return
                tournament = await self._start(tournament)
                if tournament is None:
                    return
            if tournament.status is not TournamentStatus.RUNNING:
                return
            self._looked_at.add(tournament.id)
            changed = await self._record_results(tournament)
            opened = False
            while await self._next(tournament):  # again: a round of forfeits alone is done
                opened = True
                tournament = await self.store.get_tournament(tournament.id) or tournament
            if changed and not opened:
                await self.show_standings(tournament.id)

    def _arena_over(self, tournament: TournamentRecord, now: float) -> bool:
        return (
            tournament.format == Format.ARENA
            and tournament.duration is not None
            and now >= tournament.starts_at + tournament.duration
        )

    async def _start(self, tournament: TournamentRecord) -> TournamentRecord | None:
        entrants = await self.store.entrants(tournament.id)
        public = await self.services.server.language(tournament.guild_id)
        if len(entrants) < 2:
            if await self.store.set_tournament_status(
                tournament.id, TournamentStatus.CANCELLED, TournamentStatus.PENDING
            ):
                await self._event(tournament, "cancel")
                await self.post(tournament, t(public, "tournament.too_few", name=tournament.name))
                await self.refresh_announcement(tournament.id)
            return None
        seeds = await self._seeds(tournament, entrants)
        if not await self.store.start_tournament(tournament.id, seeds):
            return None
        await self._event(tournament, "start")
        await self.refresh_announcement(tournament.id)
        mentions = " ".join(f"<@{user}>" for user in seeds)
        await self.post(
            tournament,
            t(public, "tournament.started", name=tournament.name, players=mentions),
            ping=seeds,
        )
        return await self.store.get_tournament(tournament.id)

    async def _seeds(
        self, tournament: TournamentRecord, entrants: Sequence[EntrantRecord]
    ) -> list[int]:
        """Pairing numbers: the highest rated in the variant first, then who joined first."""
        ratings = {}
        for entrant in entrants:
            stats = await self.store.player_stats(entrant.user_id)
            mine = [s.rating for s in stats if s.variant == tournament.variant]
            ratings[entrant.user_id] = mine[0] if mine else DEFAULT_RATING
        order = sorted(entrants, key=lambda e: (-ratings[e.user_id], e.joined_at, e.user_id))
        return [e.user_id for e in order]

    async def _record_results(self, tournament: TournamentRecord) -> bool:
        """The results of the games that ended and are not recorded yet."""
        changed = False
        for pairing in await self.store.pairings(tournament.id):
            if pairing.result is not None or pairing.game_id is None:
                continue
            record = await self.store.load_game(pairing.game_id)
            if record.status is GameStatus.ACTIVE or record.outcome is None:
                continue
            match = await self.store.rebuild(pairing.game_id)
            last = record.entries[-1].text if record.entries else ""
            result = result_of(record.outcome, last, match.game.ply)
            changed |= await self.store.set_pairing_result(
                tournament.id, pairing.round, pairing.board, result.value
            )
        return changed

    async def _next(self, tournament: TournamentRecord) -> bool:
        """Start the games a round still owes, then open the next round or
        finish; whether a round was opened."""
        records = await self.store.pairings(tournament.id)
        entrants = await self.store.entrants(tournament.id)
        for pairing in records:
            if pairing.result is None and pairing.game_id is None:
                await self._start_game(tournament, pairing)  # owed since a restart
        pending = [p for p in records if p.result is None]
        active = [e.user_id for e in entrants if not e.withdrawn]
        kind = tables.format_of(tournament)
        if kind is Format.ARENA:
            if self._arena_over(tournament, self.services.now()):
                if not pending:
                    await self._finish(tournament)
                return False
            busy = {x for p in pending for x in (p.red_id, p.black_id)}
            free = [user for user in active if user not in busy]
            wave = arenas.pair_free(free, tables.pairings_of(records), tournament.round + 1)
            return bool(wave) and await self._open(tournament, wave, entrants)
        if pending:
            return False
        total = tables.total_rounds(tournament, entrants)
        if tournament.round >= (total or 0) or len(active) < 2:
            await self._finish(tournament)
            return False
        number = tournament.round + 1
        seeds = tables.seeds_of(entrants)
        if kind is Format.SWISS:
            done = tables.pairings_of(records)
            # The Dutch system is pure Python and takes seconds for a large
            # field (BENCHMARKS.md): a thread keeps the bot answering meanwhile.
            pairings = await asyncio.to_thread(
                swiss.pair_round, seeds, set(active), done, number, total or number
            )
        else:
            pairings = self._forfeits(berger.pair_round(seeds, number), set(active))
        return await self._open(tournament, pairings, entrants)

    @staticmethod
    def _forfeits(pairings: list[Pairing], active: set[int]) -> list[Pairing]:
        """A round-robin's fixed table: a withdrawn player's games are forfeits,
        and their byes go (a bye is a point)."""
        out = []
        for p in pairings:
            gone = [x for x in p.players if x not in active]
            if p.black is None and gone:
                continue
            if p.black is not None and p.result is None and gone:
                p = Pairing(p.round, p.table, p.red, p.black, FORFEIT_OF[p.red in gone])
            out.append(p)
        return out

    async def _open(
        self,
        tournament: TournamentRecord,
        pairings: list[Pairing],
        entrants: Sequence[EntrantRecord],
    ) -> bool:
        number = tournament.round + 1
        records = [
            PairingRecord(
                number, p.table, p.red, p.black, result=p.result.value if p.result else None
            )
            for p in pairings
        ]
        if not await self.store.open_round(tournament.id, number, records):
            return False
        tournament = await self.store.get_tournament(tournament.id) or tournament
        links: dict[int, str] = {}
        for record in records:
            if record.result is None:
                where = await self._start_game(tournament, record)
                if where is not None:
                    links[record.board] = where
        public = await self.services.server.language(tournament.guild_id)
        heading = (
            t(public, "tournament.wave", name=tournament.name)
            if tables.format_of(tournament) is Format.ARENA
            else t(public, "tournament.round", round=number, name=tournament.name)
        )
        players = self.services.players
        lines = [heading] + [
            tables.pairing_line(players, r, public, links.get(r.board), ping=True) for r in records
        ]
        pinged = {x for r in records if r.result is None for x in (r.red_id, r.black_id)}
        await self.post(tournament, "\n".join(lines), ping=sorted(x for x in pinged if x))
        await self.show_standings(tournament.id)
        await self.refresh_announcement(tournament.id)
        return True

    async def _start_game(self, tournament: TournamentRecord, pairing: PairingRecord) -> str | None:
        """Open a pairing's game in a new thread (a post where the tournament
        lives in a forum); its thread's link, or ``None`` when Discord refused
        it (the next sweep after a restart tries again)."""
        assert pairing.black_id is not None
        players = self.services.players
        ids = (pairing.red_id, pairing.black_id)
        for user in ids:
            await players.recall(user)
        names = (players.raw_name(ids[0]), players.raw_name(ids[1]))
        public = await self.services.server.language(tournament.guild_id)
        home = jump_url(tournament.guild_id, tournament.thread_id or tournament.channel_id)
        words = t(
            public, "tournament.game_of", round=pairing.round, name=tournament.name, where=home
        )
        try:
            thread = await self._game_thread(tournament, names, public, words)
            options = {"time": tournament.time} | challenge_options(tournament.variant, {})
            seating = Seating(tournament.variant, ids, names, options, tournament.rated)
            manager = await seat_game(self.services, tournament.guild_id, thread, seating)
        except discord.HTTPException as exc:
            log.warning("tournament %s: no thread for a game: %s", tournament.id, exc.status)
            return None
        await self.store.set_pairing_game(tournament.id, pairing.round, pairing.board, manager.id)
        return jump_url(tournament.guild_id, thread.id)

    async def _game_thread(
        self, tournament: TournamentRecord, names: tuple[str, str], lang: str, words: str
    ) -> discord.Thread:
        """A new thread of the tournament's channel (a post of its forum) that
        says first which tournament and round the game is of."""
        home = await self._channel(tournament.channel_id)
        name = thread_name(*names, lang)
        if isinstance(home, discord.ForumChannel):
            return (await home.create_thread(name=name, content=words)).thread
        assert isinstance(home, discord.TextChannel)
        thread = await home.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.send(words, allowed_mentions=QUIET)
        return thread

    async def _finish(self, tournament: TournamentRecord) -> None:
        if not await self.store.set_tournament_status(
            tournament.id, TournamentStatus.FINISHED, TournamentStatus.RUNNING
        ):
            return
        await self._event(tournament, "end")
        await self.show_standings(tournament.id)
        entrants = await self.store.entrants(tournament.id)
        records = await self.store.pairings(tournament.id)
        rows = tables.table(tournament, entrants, records)
        public = await self.services.server.language(tournament.guild_id)
        winners = [s.player for s in rows if s.rank == 1]
        text = t(
            public,
            "tournament.finished",
            name=tournament.name,
            winner=", ".join(f"<@{w}>" for w in winners),
        )
        png = await tables.standings_png(
            self.services.players, tournament, entrants, records, public
        )
        await self.post(tournament, text, ping=winners, picture=png)
        await self.refresh_announcement(tournament.id)

    # -- messages --------------------------------------------------------------

    async def _channel(self, channel_id: int) -> discord.abc.GuildChannel | discord.Thread:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.GuildChannel | discord.Thread)
        return channel

    async def post(
        self,
        tournament: TournamentRecord,
        text: str,
        *,
        ping: Sequence[int] = (),
        picture: bytes | None = None,
    ) -> discord.Message | None:
        """A message in the tournament's thread (its channel if it has none)."""
        try:
            where = await self._channel(tournament.thread_id or tournament.channel_id)
            assert isinstance(where, discord.abc.Messageable)
            mentions = discord.AllowedMentions(users=[discord.Object(u) for u in ping])
            if picture is None:
                return await where.send(text, allowed_mentions=mentions if ping else QUIET)
            return await where.send(
                text,
                file=png_file(picture, STANDINGS_FILE),
                allowed_mentions=mentions if ping else QUIET,
            )
        except discord.HTTPException as exc:
            log.warning("tournament %s: could not post: %s", tournament.id, exc.status)
            return None

    async def show_standings(self, tournament_id: int) -> None:
        """The standings message in the tournament's thread, edited in place
        (posted the first time), in the server's language."""
        tournament = await self.store.get_tournament(tournament_id)
        if tournament is None:
            return
        entrants = await self.store.entrants(tournament.id)
        records = await self.store.pairings(tournament.id)
        public = await self.services.server.language(tournament.guild_id)
        png = await tables.standings_png(
            self.services.players, tournament, entrants, records, public
        )
        text = t(public, "tournament.standings", name=tournament.name)
        if tournament.standings_id is not None:
            try:
                where = await self._channel(tournament.thread_id or tournament.channel_id)
                assert isinstance(where, discord.abc.Messageable)
                message = partial_message(where, tournament.standings_id)
                if message is not None:
                    await message.edit(content=text, attachments=[png_file(png, STANDINGS_FILE)])
                    return
            except discord.NotFound:
                pass  # deleted: post it again
            except discord.HTTPException as exc:
                log.warning("tournament %s: standings not edited: %s", tournament.id, exc.status)
                return
        sent = await self.post(tournament, text, picture=png)
        if sent is not None:
            await self.store.update_tournament(tournament.id, standings_id=sent.id)

    async def refresh_announcement(self, tournament_id: int) -> None:
        """The announcement, edited in place: its player list, its state, its buttons."""
        tournament = await self.store.get_tournament(tournament_id)
        if tournament is None or tournament.message_id is None:
            return
        public = await self.services.server.language(tournament.guild_id)
        text = await self.announcement(tournament, public)
        view = None
        if tournament.status in (TournamentStatus.PENDING, TournamentStatus.RUNNING):
            joining = tournament.status is TournamentStatus.PENDING
            view = entry_view(tournament.id, public, joining=joining)
        try:
            home = await self._channel(self.announced_in(tournament))
            assert isinstance(home, discord.abc.Messageable)
            message = partial_message(home, tournament.message_id)
            if message is not None:
                await message.edit(content=text, view=view, allowed_mentions=QUIET)
        except discord.HTTPException as exc:
            log.warning("tournament %s: announcement not edited: %s", tournament.id, exc.status)

    def announced_in(self, tournament: TournamentRecord) -> int:
        """The channel of the announcement: in a forum, the post (its own thread)."""
        home = self.client.get_channel(tournament.channel_id)
        if isinstance(home, discord.ForumChannel) and tournament.thread_id is not None:
            return tournament.thread_id
        return tournament.channel_id

    async def announcement(self, tournament: TournamentRecord, lang: str) -> str:
        """The announcement's text: what, when, and who has joined."""
        entrants = await self.store.entrants(tournament.id)
        players = self.services.players
        for entrant in entrants:
            await players.recall(entrant.user_id)
        start = int(tournament.starts_at)
        if tournament.format == Format.ARENA:
            length = t(lang, "tournament.minutes", minutes=int((tournament.duration or 0) // 60))
        elif tournament.format == Format.SWISS:
            length = t(lang, "tournament.rounds", rounds=tournament.rounds)
        else:
            length = t(lang, "tournament.all_play_all")
        names = [
            players.name(e.user_id) + (t(lang, "tournament.withdrawn") if e.withdrawn else "")
            for e in entrants
        ]
        lines = [
            t(
                lang,
                "tournament.announcement",
                name=tournament.name,
                format=t(lang, f"tournament.format.{tournament.format}"),
                variant=variant_title(tournament.variant, lang),
                time=t(lang, f"time.{tournament.time}"),
                length=length,
                rated=t(lang, "challenge.rated" if tournament.rated else "challenge.unrated"),
                start=f"<t:{start}:F> (<t:{start}:R>)",
                creator=players.name(tournament.creator_id),
            ),
            tables.progress(tournament, entrants, lang),
            t(lang, "tournament.players", count=len(entrants), names=", ".join(names) or "—"),
        ]
        return "\n".join(lines)

    # -- the scheduled event ---------------------------------------------------

    async def create_event(self, guild: discord.Guild, tournament: TournamentRecord) -> None:
        """The server's scheduled event for the start, where the bot may make one."""
        lang = await self.services.server.language(tournament.guild_id)
        start = datetime.fromtimestamp(tournament.starts_at, UTC)
        seconds = expected_seconds(tournament.time, tournament.rounds, tournament.duration)
        end = datetime.fromtimestamp(tournament.starts_at + seconds, UTC)
        where = jump_url(tournament.guild_id, tournament.thread_id or tournament.channel_id)
        try:
            event = await guild.create_scheduled_event(
                name=tournament.name[:100],
                start_time=start,
                end_time=end,
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=where,
                description=t(lang, "tournament.event", where=where)[:1000],
            )
        except discord.HTTPException as exc:
            log.info("tournament %s: no scheduled event: %s", tournament.id, exc.status)
            return
        await self.store.update_tournament(tournament.id, event_id=event.id)

    async def _event(self, tournament: TournamentRecord, step: str) -> None:
        """Start, end or cancel the tournament's scheduled event; Discord's
        refusal changes nothing of the tournament."""
        if tournament.event_id is None:
            return
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None:
            return
        try:
            event = guild.get_scheduled_event(
                tournament.event_id
            ) or await guild.fetch_scheduled_event(tournament.event_id)
            if step == "start":
                await event.start()
            elif step == "end":
                await event.end()
            else:
                await event.cancel()
        except (discord.HTTPException, ValueError) as exc:
            log.info("tournament %s: its event did not %s: %s", tournament.id, step, exc)

    async def cancel(self, tournament: TournamentRecord) -> bool:
        """Call it off before its start; False if it had started or ended meanwhile."""
        if not await self.store.set_tournament_status(
            tournament.id, TournamentStatus.CANCELLED, TournamentStatus.PENDING
        ):
            return False
        await self._event(tournament, "cancel")
        await self.refresh_announcement(tournament.id)
        public = await self.services.server.language(tournament.guild_id)
        await self.post(tournament, t(public, "tournament.cancelled", name=tournament.name))
        return True
