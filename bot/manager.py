"""Game managers: the one place where entries are applied and committed.

Each active game has one :class:`GameManager`, found by its channel (a game's
thread is its channel) through the :class:`~bot.hub.GameHub`. The manager
holds an ``asyncio.Lock``; under it an entry is checked and applied by
:class:`rules.match.Match`, committed to storage (with the result and the
ratings when it ends the game), and only then made into a :class:`Report`
(words from :mod:`bot.wording`, boards from :mod:`bot.boards`) that the hub
hands to its ``committed`` subscribers. If the commit fails the match is
rebuilt from storage (or, when the database is away, replayed from the log it
held before), so memory never runs ahead of the database. Nothing here knows
about Discord or a variant's rules beyond the ``Match``/``Game`` interface.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from rules.errors import RulesError
from rules.match import Match, platform_entry
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from rules.variant import Event, find_variant
from storage import Entry, GameRecord, SequenceConflict, StorageUnavailable, Store
from storage.ratings import Rating
from storage.records import GameStatus

from . import boards, first_move, hints
from . import timecontrol as tc
from .errors import BotError, Busy, DatabaseAway, GameFinished, NotAPlayer
from .i18n import catalogue
from .report import Line, Moves, Report, Term
from .typed import refusal_reason, written
from .variants import SetupPhase, table_for
from .wording import Wording

log = logging.getLogger(__name__)

STYLES = ("chinese", "wxf", "iccs")
VERBS = ("resign", "draw-offer", "undo-request", "abort")


class Hub(boards.Place, Protocol):
    """What a manager needs of the hub that holds it (bot/hub.py, which imports
    this): what its boards read, and more."""

    @property
    def store(self) -> Store: ...

    @property
    def computer_id(self) -> int | None: ...

    def ended(self, outcome: Outcome | None, ids: tuple[int, int]) -> GameFinished: ...

    def retire(self, manager: GameManager) -> None: ...

    def committed(self, manager: GameManager, report: Report) -> None: ...

    async def answer_queued(self, manager: GameManager, report: Report) -> Report | None: ...

    def paused(self, manager: GameManager, clocks: tc.Clocks) -> tc.Clocks: ...


class GameManager:
    """One game: its match, its clocks, its lock."""

    def __init__(self, hub: Hub, record: GameRecord, match: Match) -> None:
        self.hub = hub
        self.id = record.id
        self.channel_id = record.channel_id
        self.guild_id = record.guild_id
        self.variant = record.variant
        self.ids = (record.red_id, record.black_id)
        self.rated = record.rated
        self.options = dict(record.options)
        self.control = tc.preset(record.options.get("time"))
        self.lock = asyncio.Lock()
        self.words = Wording(self.variant, self.ids, hub.players)
        # The variant's private setup before the first move, if pending (its room's).
        self.setup_phase: SetupPhase | None = None
        self._load(record, match)

    def _load(self, record: GameRecord, match: Match) -> None:
        self.match = match
        self.seq = record.next_seq
        self.clocks = tc.Clocks(record.red_ms, record.black_ms, record.deadline)
        self.reminded = record.reminded
        # How far its notices had gone when it was read (bot/notices.py reads
        # it from here rather than asking the database again).
        self.notified_when_read = record.notified
        self.finished = record.status is not GameStatus.ACTIVE
        last = record.entries[-1] if record.entries else None
        # For turn notices (bot/notices.py): who acted last, when, and their move.
        self.last_actor = last.actor_id if last else None
        self.changed_at = last.at if last else record.created_at
        self.last_moves: Moves | None = None
        # What each player's own board showed beyond the public one, as last reported.
        self.private_boards = boards.PrivateBoards(match, self.hidden)

    async def _reload(self) -> None:
        store = self.hub.store
        self._load(await store.load_game(self.id), await store.rebuild(self.id))

    # -- reading ---------------------------------------------------------------

    def side_of(self, user_id: int) -> Color:
        """The side ``user_id`` plays. :raises NotAPlayer: for anyone else."""
        if user_id == self.ids[Color.RED]:
            return Color.RED
        if user_id == self.ids[Color.BLACK]:
            return Color.BLACK
        raise NotAPlayer()

    def player_id(self, side: Color) -> int:
        return self.ids[side]

    def computer_side(self) -> Color | None:
        """The side the bot itself plays, in a game against the computer: it is
        never told what to do, pinged or sent anything."""
        me = self.hub.computer_id
        return Color(self.ids.index(me)) if me is not None and me in self.ids else None

    def names(self) -> tuple[str, str]:
        """The players' names as typed, for the pictures."""
        return (self.hub.players.raw_name(self.ids[0]), self.hub.players.raw_name(self.ids[1]))

    def shown_clocks(self) -> tuple[int | None, int | None]:
        turn, now = self.match.game.turn, self.hub.now()
        if self.finished:
            return self.clocks.red_ms, self.clocks.black_ms
        return (
            tc.shown_ms(self.control, self.clocks, Color.RED, turn, now),
            tc.shown_ms(self.control, self.clocks, Color.BLACK, turn, now),
        )

    @property
    def hidden(self) -> bool:
        return find_variant(self.variant).hidden_information

    def looks_like_turn(self, user_id: int) -> bool:
        """Whether ``user_id`` is the player to move in a running game (no lock needed)."""
        return not self.finished and self.ids[self.match.game.turn] == user_id

    def status_line(self) -> Line:
        return self.words.status_line(self.match, self.finished)

    # -- acting ----------------------------------------------------------------

    async def move(self, user_id: int, text: str, *, said_in_public: bool = False) -> Report:
        """Play an action written in any notation the variant reads.

        The notation of an action that names a secret (``game.is_secret``: a
        Tuibei prediction) goes to the mover alone and the public line is built
        from the public events; any other action is shown in each reader's
        notation, which variants write from public knowledge only. An action
        that names a secret is refused when it was ``said_in_public`` (a plain
        message in the thread).
        """
        async with self.lock:
            return await self._move(user_id, text, said_in_public)

    async def play_queued(self, user_id: int, text: str) -> Report:
        """A queued answer (bot/premoves.py), played under the lock already held."""
        assert self.lock.locked()
        return await self._move(user_id, text, False)

    async def _move(self, user_id: int, text: str, said_in_public: bool) -> Report:
        side = self._open_for(user_id)
        if self.setup_phase is not None:
            return await self._setup_wait()
        overdue = await self._expire_before(side)
        if overdue is not None:
            return overdue
        game = self.match.game
        if game.turn is not side:
            raise BotError("not_your_turn")
        try:
            action = game.parse(text)
        except RulesError as exc:
            exc.params.setdefault("variant", self.variant)  # a variant may word it
            reason = refusal_reason(str(exc))
            summary = f"rules.{self.variant}.{exc.code}"
            if reason and catalogue().get("en", summary):  # the actual reason instead
                exc.params.setdefault("reason", reason)
            raise
        if said_in_public and game.is_secret(action):
            raise BotError("secret_in_public")
        mine = Moves(written(game, action))
        shown = None if game.is_secret(action) else mine
        report = await self._commit(user_id, action.text, shown)
        if self.hidden:
            report.note = Line("move.yours", {"move": mine})
        return report

    async def act(self, user_id: int, verb: str) -> Report:
        """A platform action of a player: resign, offer a draw, ask to undo, abort."""
        assert verb in VERBS
        async with self.lock:
            side = self._open_for(user_id)
            if self.setup_phase is not None and verb not in ("resign", "abort"):
                return await self._setup_wait()
            overdue = await self._expire_before(side)
            if overdue is not None:
                return overdue
            return await self._commit(user_id, platform_entry(side, verb))

    async def answer(self, user_id: int, kind: str, accept: bool) -> Report:
        """Accept or decline the opponent's pending draw offer or undo request."""
        async with self.lock:
            side = self._open_for(user_id)
            pending = self.match.pending
            if pending is None or pending.kind != kind:
                raise BotError("no_request", kind=Term(f"request.{kind}"))
            if pending.side is side:
                raise BotError("own_request")
            return await self._commit(
                user_id, platform_entry(side, f"{kind}-{'accept' if accept else 'decline'}")
            )

    async def expire(self) -> Report | None:
        """Apply a timeout if the side to move is past its deadline (S-7)."""
        async with self.lock:
            if self.finished:
                return None
            return await self._expire_locked()

    async def _expire_before(self, side: Color) -> Report | None:
        """The timeout that an action of ``side`` arrived too late to prevent, if
        any; its note tells the actor whose time it was (theirs, or the opponent's
        when they act out of turn)."""
        late = self.match.game.turn
        report = await self._expire_locked()
        if report is not None and report.note is None:  # (an abort has its own)
            key = "error.out_of_time" if late is side else "error.opponent_out_of_time"
            report.note = Line(key)
        return report

    async def setup_report(self, lines: list[Line]) -> Report:
        """The public report of the end of a setup phase (a room's, bot/variants/)."""
        report = await self._report(None, [], lines + self.deadline_lines(), lines)
        self.hub.committed(self, report)
        return report

    async def _setup_wait(self) -> Report:
        """Refuse a turn during the setup phase, unless its deadline has just
        ended it: then the report of its end, and the actor may try again."""
        report = await self._expire_locked()
        if report is None:
            raise BotError("setup_pending")
        report.note = Line(table_for(self.variant).setup_just_over)
        return report

    async def _expire_locked(self) -> Report | None:
        if self.setup_phase is not None:  # no one loses a setup on time
            lines = await table_for(self.variant).expire_setup(self)
            return None if lines is None else await self.setup_report(lines)
        deadline = self.clocks.deadline
        if deadline is None or self.hub.now() < deadline:
            return None
        return await first_move.lapse(self)  # a timeout, or an abort before a first move

    def _open_for(self, user_id: int) -> Color:
        side = self.side_of(user_id)
        if self.finished:  # it ended while this action waited for the lock
            raise self.hub.ended(self.match.outcome, self.ids)
        return side

    async def _commit(self, actor_id: int | None, text: str, moves: Moves | None = None) -> Report:
        """Apply, commit and report one entry. An entry that ends the game is
        committed with its result in one transaction, so no crash can leave a
        game whose log is over but whose result is missing."""
        game_before, log_before = self.match.game, list(self.match.entries)
        turn, ply = game_before.turn, game_before.ply
        events = self.match.apply(text)
        game, now = self.match.game, self.hub.now()
        clocks = self.clocks
        outcome = self.match.outcome
        if outcome is not None:
            shown = self.shown_clocks()
            clocks = tc.Clocks(shown[0], shown[1], None)
        elif game.ply != ply or game.turn is not turn or game is not game_before:
            clocks = self.hub.paused(self, tc.hand_over(self.control, clocks, turn, game.turn, now))
        try:
            before = await self._ratings_before(outcome)
            await self.hub.store.append(
                self.id,
                self.seq,
                actor_id,
                text,
                red_ms=clocks.red_ms,
                black_ms=clocks.black_ms,
                deadline=clocks.deadline,
                outcome=outcome,
                effective=self.match.effective,
            )
        except SequenceConflict:
            await self._roll_back(log_before)
            raise Busy() from None
        except StorageUnavailable as exc:
            await self._roll_back(log_before)
            raise DatabaseAway() from exc
        except BaseException:
            await self._roll_back(log_before)
            raise
        log.debug("game %s: entry %s committed by %s", self.id, self.seq, actor_id)
        self.seq += 1
        self.last_actor, self.changed_at, self.last_moves = actor_id, now, moves
        if clocks.deadline != self.clocks.deadline:
            self.reminded = False
        self.clocks = clocks
        happened = self.words.lines(self.match, actor_id, events, moves)
        lines = list(happened)
        if outcome is not None:
            self.finished = True
            lines += await self._result_lines(outcome, before)
            self.hub.retire(self)
        elif game.ply != ply or game.turn is not turn:
            lines += self.deadline_lines()
        report = await self._report(actor_id, events, lines, happened)
        self.hub.committed(self, report)
        report.then = await self.hub.answer_queued(self, report)
        return report

    async def _roll_back(self, log_before: list[str]) -> None:
        """Forget an entry that was not committed: read the game again (storage
        knows best, after a race), or, while storage is away, replay the log
        held before the entry; the rest of the state changes only after a commit."""
        try:
            await self._reload()
        except StorageUnavailable:
            match = self.match
            self.match = Match.replay(match.variant, match.options, match.seed, log_before)

    async def settle(self, last: Entry) -> Report | None:
        """Finish a game whose ``last`` entry, already committed, ended it while
        its result was never recorded (a bot that stopped between the two, as
        older versions could), and report that entry as it would have been; the
        match holds the log before ``last``. ``None`` if the game was finished
        meanwhile."""
        game = self.match.game
        moves = None
        if not last.text.startswith("@"):
            action = game.parse(last.text)
            if not game.is_secret(action):
                moves = Moves({style: game.notate(action, style) for style in STYLES})
        events = self.match.apply(last.text)
        outcome = self.match.outcome
        if outcome is None:
            raise ValueError(f"game {self.id} is not over")
        before = await self._ratings_before(outcome)
        if not await self.hub.store.finish_game(self.id, outcome, self.match.effective):
            return None
        self.finished = True
        happened = self.words.lines(self.match, last.actor_id, events, moves)
        lines = happened + await self._result_lines(outcome, before)
        report = await self._report(last.actor_id, events, lines, happened)
        self.hub.committed(self, report)
        return report

    async def _ratings_before(self, outcome: Outcome | None) -> dict[int, float]:
        """The players' ratings before a result that will change them (S-9), else none."""
        counts = (
            outcome is not None
            and self.rated
            and self.match.effective
            and outcome.reason is not Reason.ABORTED
        )
        return await self._ratings() if counts else {}

    async def _result_lines(self, outcome: Outcome, before: dict[int, float]) -> list[Line]:
        """The result's rating lines, with the ratings after it when they moved."""
        moved = outcome.reason is not Reason.ABORTED and self.rated and self.match.effective
        after = await self._ratings() if moved else {}
        return self.words.result_lines(outcome, self.rated, self.match.effective, before, after)

    async def _ratings(self) -> dict[int, float]:
        """Both players' ratings in this variant (a newcomer's is the starting rating)."""
        ratings = dict.fromkeys(self.ids, Rating().rating)
        for user_id in self.ids:
            for row in await self.hub.store.player_stats(user_id):
                if row.variant == self.variant:
                    ratings[user_id] = row.rating
        return ratings

    def deadline_lines(self) -> list[Line]:
        """When the player to move runs out of time (or that the computer thinks)."""
        turn = self.match.game.turn
        thinks = self.computer_side() is turn and self.setup_phase is None
        return self.words.deadline_lines(turn, self.clocks.deadline, thinks)

    async def _report(
        self, actor_id: int | None, events: list[Event], lines: list[Line], record: list[Line]
    ) -> Report:
        return await boards.report(self, actor_id, events, lines, record, self.hint)

    def hint(self, report: Report) -> None:
        """Tell the player to move what has just become possible for them (bot/hints.py)."""
        hints.add(self, report)
