"""The hub of games: every active game's manager, found by id or channel,
loaded lazily from storage (so a restart loses nothing), and the
``committed`` event.

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
from storage import GameRecord, NewGame, Shards, Store, replay
from storage.records import GameStatus

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
        self._loading = asyncio.Lock()
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
            return self._games[game_id]
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
        """An active game by id. :raises GameFinished: once it is over."""
        manager = self._games.get(game_id)
        if manager is not None:
            return manager
        async with self._loading:
            manager = self._games.get(game_id)
            if manager is None:
                record = await self.store.load_game(game_id)
                if record.status is not GameStatus.ACTIVE:  # by number: anyone may ask,
                    raise GameFinished()  # so no more than that it is over
                match = await self._replayed(record)
                if match.outcome is not None:  # the bot stopped between the last two commits
                    await self.store.finish_game(game_id, match.outcome, match.effective)
                    raise GameFinished()
                manager = await self._adopt(record, match)
        return manager

    async def _replayed(self, record: GameRecord) -> Match:
        """The match of a record already read: its log replayed from its seed."""
        return replay(record, await self.store.load_secret(record.id))

    async def _adopt(self, record: GameRecord, match: Match) -> GameManager:
        """Manage an active game whose record is read and log replayed."""
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        manager = GameManager(self, record, match)
        await table_for(manager.variant).load_setup(manager)
        self._games[record.id] = manager
        self._channels[manager.channel_id] = record.id
        return manager

    def here(self, channel_id: int) -> GameManager | None:
        """The in-memory manager of a channel's game (every active game is in memory)."""
        game_id = self._channels.get(channel_id)
        return None if game_id is None else self._games.get(game_id)

    async def load_active(self, shards: Shards | None = None) -> list[Report]:
        """Load every active game (of ``shards``' guilds), so clocks, reminders and
        plain-text moves see them all.

        A game whose log already ends it (its result was never recorded) is
        finished now; the reports of such games are returned for posting. A game
        that cannot be loaded is logged and left alone: the others still start.
        Each game is read once (with every other, in one query) and its log
        replayed once.
        """
        settled = []
        for record in await self.store.active_games(shards):
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
            async with self._loading:
                if record.id not in self._games:
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
        """Forget a finished game; its channel is free for the next one."""
        self._games.pop(manager.id, None)
        if self._channels.get(manager.channel_id) == manager.id:
            del self._channels[manager.channel_id]

    def active(self) -> list[GameManager]:
        return list(self._games.values())
