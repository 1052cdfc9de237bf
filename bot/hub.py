"""The hub of games: the managers of the active games held in memory, found
by id or channel, loaded from storage when someone acts on a game or its
next event draws near (so a restart loses nothing), and the ``committed``
event.

A game nothing will happen to for a while is let go of (``bot/lazy.py``
decides when, and when it must be held again), so memory grows with the games
being played, not with the games that exist; of a game asleep the hub keeps
only its channel, so a plain message in its thread still finds it.

Subscribers of ``committed`` (the publisher's order of delivery, the
computer opponent, the reviews) are called once per committed change of a
game, right after its commit, with the game's manager and the change's
report, before anyone is told of it; they must not wait (a task of their
own does what takes time). A player's queued answer to that change (their
conditional moves, ``bot/premoves.py``) is played next, under the same lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from rules.errors import RulesError
from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.variant import find_variant
from storage import GameNotFound, GameRecord, NewGame, Secret, Shards, Store, Wake, replay
from storage.records import GameStatus

from . import lazy
from .errors import BotError, GameFinished, GameOver, NoGameHere
from .manager import GameManager
from .players import PlayerDirectory
from .premoves import Premoves
from .report import Report, Term, Title
from .server import ServerSettings
from .timecontrol import Clocks
from .vacations import Vacations
from .variants import table_for
from .wording import color_term

log = logging.getLogger(__name__)

Committed = Callable[[GameManager, Report], None]


def _accepts(variant: str, options: dict[str, str]) -> bool:
    """Whether ``variant`` starts with ``options``."""
    try:
        Match.start(variant, options, 0)
    except ValueError:
        return False
    return True


def _settle(loading: asyncio.Future[GameManager] | None, outcome: GameManager | Exception) -> None:
    """Hand a load's outcome to those waiting for it (none left: nothing to do)."""
    if loading is None or loading.done():
        return
    if isinstance(outcome, Exception):
        loading.set_exception(outcome)
    else:
        loading.set_result(outcome)


class GameHub:
    """Every manager in memory, loaded lazily from storage (so a restart loses nothing)."""

    def __init__(
        self,
        store: Store,
        players: PlayerDirectory,
        now: Callable[[], float],
        server: ServerSettings | None = None,
    ) -> None:
        self.store = store
        self.server = server or ServerSettings(store)
        self.players = players
        self.now = now
        self._games: dict[int, GameManager] = {}
        self._channels: dict[int, int] = {}
        self._asleep: dict[int, int] = {}  # channel -> game id, of the games asleep
        self._used: dict[int, float] = {}  # game id -> when someone last acted on it
        self.shards: Shards | None = None  # the guilds this process serves (None: all)
        self._loading: dict[int, asyncio.Future[GameManager]] = {}  # game id -> its load
        self._queued: list[int] = []  # games asked for, to be read together
        self._loader: asyncio.Future[None] | None = None  # reads the queued games
        self._refreshing: set[asyncio.Task[None]] = set()  # kept until done
        # The bot's own user id, once it plays as the computer (the computer cog sets it).
        self.computer_id: int | None = None
        self._subscribers: list[Committed] = []
        self.premoves = Premoves(store)
        self.vacations = Vacations(store, now)

    def subscribe(self, hook: Committed) -> None:
        """Call ``hook`` after every committed change of any game (see the module)."""
        self._subscribers.append(hook)

    def unsubscribe(self, hook: Committed) -> None:
        self._subscribers.remove(hook)

    def committed(self, manager: GameManager, report: Report) -> None:
        """Tell the subscribers of a committed change, in the order they subscribed;
        one that fails is logged and the others are still told."""
        for hook in list(self._subscribers):
            try:
                hook(manager, report)
            except Exception:
                log.exception("a subscriber failed on game %s", manager.id)

    async def answer_queued(self, manager: GameManager, report: Report) -> Report | None:
        """The queued answer to a committed entry, played (bot/premoves.py); a
        failure is logged and answers nothing: the entry stands."""
        try:
            return await self.premoves.answer(manager, report)
        except Exception:
            log.exception("the queued answers of game %s failed", manager.id)
            return None

    def paused(self, manager: GameManager, clocks: Clocks) -> Clocks:
        """A turn's clocks, stopped while its player is on vacation (bot/vacations.py)."""
        return self.vacations.paused(manager, clocks)

    async def in_channel(self, channel_id: int) -> GameManager:
        """The active game of a channel or thread.

        :raises GameOver: if the channel's last game is over (saying how it ended).
        :raises NoGameHere: if the channel never had a game.
        """
        game_id = self._channels.get(channel_id)
        if game_id is not None:
            return self.used(self._games[game_id])
        game_id = self._asleep.get(channel_id)
        if game_id is not None:
            try:
                return await self.get(game_id)
            except GameFinished:  # ended by another process meanwhile: as told below
                self._asleep.pop(channel_id, None)
        record = await self.store.active_game_in_channel(channel_id)
        if record is None:
            record = await self.store.latest_game_in_channel(channel_id)
            if record is None:
                raise NoGameHere()
            raise await self._ended(record)
        return await self.get(record.id)

    def ended(self, outcome: Outcome | None, ids: tuple[int, int]) -> GameFinished:
        """The refusal of an action on a game that is over: how it ended."""
        if outcome is None:
            return GameFinished()
        if outcome.reason is Reason.ABORTED:
            return GameOver("aborted")
        reason = Term(f"reason.{outcome.reason.value}")
        if outcome.winner is None:
            return GameOver("draw", reason=reason)
        player = self.players.name(ids[outcome.winner])
        return GameOver("win", player=player, color=color_term(outcome.winner), reason=reason)

    async def _ended(self, record: GameRecord) -> GameFinished:
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        return self.ended(record.outcome, (record.red_id, record.black_id))

    async def latest_in_channel(self, channel_id: int) -> GameManager:
        """The channel's active game, else the last one played there, read-only (a
        finished game's thread still shows its board, moves and export).
        :raises NoGameHere: if the channel never had a game."""
        try:
            return await self.in_channel(channel_id)
        except (NoGameHere, GameFinished):
            record = await self.store.latest_game_in_channel(channel_id)
            if record is None:
                raise
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        return GameManager(self, record, await self.store.rebuild(record.id))

    async def get(self, game_id: int) -> GameManager:
        """An active game by id. :raises GameFinished: once it is over.

        A game loads once however many ask for it at once. The games asked
        for while others load are read together next (a burst of moves in
        games asleep reads them in a few queries), and each is handed over
        as soon as it is replayed."""
        manager = self._games.get(game_id)
        if manager is not None:
            return self.used(manager)
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.get_running_loop().create_future()
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
            self._queued.append(game_id)
            if self._loader is None or self._loader.done():
                self._loader = asyncio.ensure_future(self._load_queued())
        return self.used(await asyncio.shield(loading))

    async def _load_queued(self) -> None:
        """Read the games asked for, then those asked for meanwhile, until none is left."""
        while self._queued:
            ids, self._queued = self._queued, []
            try:
                found = await self.store.load_games(ids)
                await self.players.recall_all(
                    u for game, _ in found.values() for u in (game.red_id, game.black_id)
                )
            except Exception as exc:  # the database away: each asker is told
                for game_id in ids:
                    _settle(self._loading.get(game_id), exc)
                continue
            for game_id in ids:
                loading = self._loading.get(game_id)
                try:
                    _settle(loading, await self._load(game_id, found.get(game_id)))
                except Exception as exc:
                    _settle(loading, exc)

    async def _load(self, game_id: int, read: tuple[GameRecord, Secret] | None) -> GameManager:
        """Replay and manage a game read by :meth:`_load_queued`."""
        if read is None:
            raise GameNotFound(game_id)
        record, secret = read
        if record.status is not GameStatus.ACTIVE:  # by number: anyone may ask,
            raise GameFinished()  # so no more than that it is over
        match = replay(record, secret)
        if match.outcome is not None:  # the bot stopped between the last two commits
            await self.store.finish_game(game_id, match.outcome, match.effective)
            raise GameFinished()
        return await self._adopt(record, match)

    def used(self, manager: GameManager) -> GameManager:
        """Note that someone acts on ``manager``'s game now: it stays in memory a while."""
        self._used[manager.id] = self.now()
        return manager

    def idle_since(self, manager: GameManager) -> float:
        """When someone last acted on the game (its last entry, or a look at it)."""
        return max(manager.changed_at, self._used.get(manager.id, 0.0))

    async def _adopt(self, record: GameRecord, match: Match) -> GameManager:
        """Manage an active game whose record is read and log replayed."""
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        manager = GameManager(self, record, match)
        if not record.queued:  # nothing to read again when it moves
            self.premoves.none_queued(record.id)
        await table_for(manager.variant).load_setup(manager)
        self._games[record.id] = manager
        self._channels[manager.channel_id] = record.id
        self._asleep.pop(manager.channel_id, None)
        return manager

    def here(self, channel_id: int) -> GameManager | None:
        """The manager of a channel's game if it is in memory (see :meth:`at`)."""
        game_id = self._channels.get(channel_id)
        return None if game_id is None else self._games.get(game_id)

    def has_game(self, channel_id: int) -> bool:
        """Whether a game is being played in the channel, in memory or asleep."""
        return channel_id in self._channels or channel_id in self._asleep

    async def at(self, channel_id: int) -> GameManager | None:
        """The manager of a channel's game as this process knows it, loaded if
        it was asleep; ``None`` when the channel has none (or it just ended)."""
        manager = self.here(channel_id)
        if manager is not None or channel_id not in self._asleep:
            return manager
        try:
            return await self.in_channel(channel_id)
        except (NoGameHere, GameFinished):
            return None

    async def games_of(self, user_id: int) -> list[GameManager]:
        """Every active game of ``user_id`` in this process's guilds, loaded, by id."""
        return await self.loaded(await self.store.active_ids_of(user_id, self.shards))

    async def waiting_for(self, user_id: int) -> list[GameManager]:
        """The games of this process that wait for ``user_id``'s move, loaded."""
        held = [m for m in self.active() if m.looks_like_turn(user_id)]
        seen = {m.id for m in held}  # (a game woken keeps its wake until it changes)
        asleep = await self.store.asleep_waiting_for(user_id, self.shards)
        woken = await self.loaded([i for i in asleep if i not in seen])
        return [*held, *[m for m in woken if m.looks_like_turn(user_id)]]

    async def loaded(self, ids: list[int]) -> list[GameManager]:
        """The managers of ``ids``, loaded where needed; those over meanwhile left out."""
        managers = []
        for game_id in ids:
            try:
                managers.append(await self.get(game_id))
            except GameFinished:
                continue
        return managers

    async def wake(self) -> int:
        """Load the games that must be held by the coming horizon (their wake
        comes, or another process changed them); how many were loaded."""
        by = self.now() + lazy.HORIZON
        waking = [i for i in await self.store.awake_ids(by, self.shards) if i not in self._games]
        woken = await self.loaded(waking)
        for manager in woken:  # loaded for its event, not because anyone acts on it
            self._used.pop(manager.id, None)
        return len(woken)

    async def put_to_sleep(self, wakes: dict[int, Wake]) -> list[int]:
        """Let go of the games of ``wakes`` (id -> when to hold it again), each
        unless it changed or is being acted on meanwhile; the ids let go of."""
        asleep = await self.store.put_to_sleep(wakes)
        gone = []
        for game_id in asleep:
            manager = self._games.get(game_id)
            if manager is None or manager.seq != wakes[game_id].seq or manager.lock.locked():
                continue  # (a commit since removes the wake; a game held is harmless)
            self.retire(manager)
            self._asleep[manager.channel_id] = game_id
            gone.append(game_id)
        return gone

    async def load_active(self, shards: Shards | None = None) -> list[Report]:
        """Load the active games (of ``shards``' guilds) that are awake or wake
        soon, and note the channels of the others, asleep until they wake or
        someone acts on them.

        A game whose log already ends it (its result was never recorded) is
        finished now; the reports of such games are returned for posting. A game
        that cannot be loaded is logged and left alone: the others still start.
        Each game is read once (with every other, in one query) and its log
        replayed once.
        """
        self.shards = shards
        settled = []
        self._asleep = await self.store.asleep_channels(shards)
        for record in await self.store.awake_games(self.now() + lazy.HORIZON, shards):
            try:
                report = await self._load_or_settle(record)
            except RulesError as exc:  # its message may hold a position, secrets and all
                log.error("game %s could not be loaded at start-up: %s", record.id, exc.code)
                continue
            except Exception:
                log.exception("game %s could not be loaded at start-up", record.id)
                continue
            if report is not None:
                settled.append(report)
        return settled

    async def _load_or_settle(self, record: GameRecord) -> Report | None:
        """Manage ``record``'s game, or settle it when its log already ends it
        (a bot stopped between the entry's commit and the result's, as older
        versions could): only then is the log replayed a second time, without
        its last entry, which is applied and reported as it would have been."""
        secret = await self.store.load_secret(record.id)
        match = replay(record, secret)
        if match.outcome is None:
            if record.id not in self._games and record.id not in self._loading:
                await self._adopt(record, match)
            return None
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        texts = [entry.text for entry in record.entries[:-1]]
        before = Match.replay(record.variant, dict(record.options), secret.seed, texts)
        return await GameManager(self, record, before).settle(record.entries[-1])

    @staticmethod
    def check_options(variant: str, options: dict[str, str]) -> None:
        """Refuse options the variant would reject, before anyone accepts them
        (in words of our own where we know why: a variant without handicaps)."""
        try:
            Match.start(variant, options, 0)
        except RulesError:
            raise
        except ValueError as exc:
            plain = {key: value for key, value in options.items() if key != "handicap"}
            if plain != options and _accepts(variant, plain):
                game = find_variant(variant)
                title = Title(game.title_en, game.title_zh)
                raise BotError("no_handicap", variant=title) from None
            raise BotError("bad_options", detail=str(exc)) from None

    async def create(self, new: NewGame) -> GameManager:
        """Store a new game and manage it. :raises ChannelBusy: if the channel has one."""
        self.check_options(new.variant, dict(new.options))
        game_id = await self.store.create_game(new)
        return await self.get(game_id)

    def changed_elsewhere(self, game_id: int) -> None:
        """Another process changed a game this one holds (an action that reached
        it instead, such as a button pressed in a DM): read it again, so that the
        next action here starts from the stored state (``Store.watch``)."""
        manager = self._games.get(game_id)
        if manager is not None:
            task = asyncio.get_running_loop().create_task(self._refresh(manager))
            self._refreshing.add(task)
            task.add_done_callback(self._refreshing.discard)

    async def _refresh(self, manager: GameManager) -> None:
        async with manager.lock:
            await manager._reload()
            manager.setup_phase = None
            await table_for(manager.variant).load_setup(manager)
        if manager.finished:
            self.retire(manager)

    def retire(self, manager: GameManager) -> None:
        """Forget a game, finished (its channel is free for the next one) or let
        go of (:meth:`put_to_sleep` notes its channel again)."""
        self._games.pop(manager.id, None)
        self._used.pop(manager.id, None)
        if self._channels.get(manager.channel_id) == manager.id:
            del self._channels[manager.channel_id]
        if self._asleep.get(manager.channel_id) == manager.id:
            del self._asleep[manager.channel_id]

    def active(self) -> list[GameManager]:
        return list(self._games.values())
