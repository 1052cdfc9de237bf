"""Game managers: the one place where entries are applied, committed and reported.

Each active game has one :class:`GameManager`, found by its channel (a game's
thread is its channel). The manager holds an ``asyncio.Lock``; under it an
entry is checked and applied by :class:`rules.match.Match`, committed to
storage, and only then turned into a :class:`Report` for Discord code to
send. If the commit fails the match is rebuilt from storage (or, when the
database is away, replayed from the log it held before), so memory never
runs ahead of the database. Nothing here knows about Discord or a variant's
rules beyond the ``Match``/``Game`` interface.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from itertools import zip_longest
from typing import Any

from rules.actions import Action
from rules.errors import RulesError
from rules.match import Match, platform_entry
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from rules.variant import Event, find_variant
from storage import (
    Entry,
    GameRecord,
    NewGame,
    Prefs,
    SequenceConflict,
    Shards,
    StorageUnavailable,
    Store,
)
from storage.ratings import Rating
from storage.records import GameStatus

from . import first_move, hints, labels
from . import timecontrol as tc
from .clockface import faces
from .errors import (
    BotError,
    Busy,
    DatabaseAway,
    GameFinished,
    GameOver,
    NoGameHere,
    NotAPlayer,
)
from .i18n import catalogue
from .pictures import board_png
from .players import PlayerDirectory
from .report import Line, Moves, Report, Term, Title
from .server import ServerSettings
from .typed import folded, refusal_reason, written
from .variants import SetupPhase, table_for

log = logging.getLogger(__name__)

STYLES = ("chinese", "wxf", "iccs")
VERBS = ("resign", "draw-offer", "undo-request", "abort")
SIDES = {"r": Color.RED, "b": Color.BLACK}


def color_term(color: Color) -> Term:
    return Term("color.red" if color is Color.RED else "color.black")


def _interleaved(actions: list[Action]) -> list[Action]:
    """``actions`` with their kinds taking turns (move, reveal, move, ...), each
    kind in its own order."""
    groups: dict[type, list[Action]] = {}
    for action in actions:
        groups.setdefault(type(action), []).append(action)
    return [a for row in zip_longest(*groups.values()) for a in row if a is not None]


def _accepts(variant: str, options: dict[str, str]) -> bool:
    """Whether ``variant`` starts with ``options``."""
    try:
        Match.start(variant, options, 0)
    except ValueError:
        return False
    return True


class GameManager:
    """One game: its match, its clocks, its lock."""

    def __init__(self, hub: GameHub, record: GameRecord, match: Match) -> None:
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
        # The variant's private setup before the first move, if pending (its room's).
        self.setup_phase: SetupPhase | None = None
        self._load(record, match)

    def _load(self, record: GameRecord, match: Match) -> None:
        self.match = match
        self.seq = record.next_seq
        self.clocks = tc.Clocks(record.red_ms, record.black_ms, record.deadline)
        self.reminded = record.reminded
        self.finished = record.status is not GameStatus.ACTIVE
        last = record.entries[-1] if record.entries else None
        # For turn notices (bot/notices.py): who acted last, when, and their move.
        self.last_actor = last.actor_id if last else None
        self.changed_at = last.at if last else record.created_at
        self.last_moves: Moves | None = None
        # What each player's own board shows beyond the public one, as last reported.
        self._known = {side: self._secrets(side) for side in Color} if self.hidden else {}

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

    def suggestions(
        self, user_id: int, style: str, typed: str, lang: str = "en", limit: int = 25
    ) -> list[tuple[str, str]]:
        """Legal actions of ``user_id`` as ``(label, value)``, filtered by what they
        typed (spaces and case aside). Kinds of action take turns in the list, so
        reveals show beside moves within Discord's 25 before anything is typed."""
        game = self.match.game
        if self.finished or self.setup_phase is not None or user_id != self.ids[game.turn]:
            return []
        needle = folded(typed)
        found: list[tuple[str, str]] = []
        for action in _interleaved(game.legal_actions()):
            label, spellings = self._label(action, style, lang)
            if needle and needle not in folded("|".join(spellings)):
                continue
            found.append((label, action.text))
            if len(found) >= limit:
                break
        return found

    def _label(self, action: Action, style: str, lang: str) -> tuple[str, list[str]]:
        """An action as offered to a reader (a move in their notation, a reveal in
        their language), and every spelling typing may look for."""
        return labels.label(self.match.game, action, style, lang)

    @property
    def hidden(self) -> bool:
        return find_variant(self.variant).hidden_information

    def looks_like_turn(self, user_id: int) -> bool:
        """Whether ``user_id`` is the player to move in a running game (no lock needed)."""
        return not self.finished and self.ids[self.match.game.turn] == user_id

    def status_line(self) -> Line:
        outcome = self.match.outcome
        if self.finished and outcome is not None:  # a finished game's thread
            return self._outcome_line(outcome)
        turn = self.match.game.turn
        return Line(
            "board.status",
            {
                "player": self.hub.players.name(self.ids[turn]),
                "color": color_term(turn),
                "moves": self.match.game.ply // 2 + 1,  # rounds from 1, as on the image
            },
        )

    async def picture(self, reader_id: int, *, private: bool) -> bytes:
        """The public board, or with ``private`` the board as ``reader_id`` may see
        it and prefers it (a player's own view; the public one for a watcher)."""
        if not private:
            return await self._public_picture()
        side = Color(self.ids.index(reader_id)) if reader_id in self.ids else None
        return await self._draw(side if self.hidden else None, side, reader_id)

    async def _public_picture(self) -> bytes:
        """The public board: one orientation and language for the whole game, the
        server's (it must not turn with every move)."""
        style = await self.hub.server.style(self.guild_id)
        names, lang = self.names(), style.language
        view = self.match.game.view(None)
        shown = self.clock_faces(lang, compact=view.pools is not None)
        return board_png(
            view, names, (None, None), Prefs(), lang, None, bottom=style.bottom, faces=shown
        )

    def clock_faces(self, lang: str = "en", compact: bool = False) -> tuple[str | None, str | None]:
        """The clock texts, in ``lang``; ``compact`` where a pool tile takes room."""
        control, turn, now = self.control, self.match.game.turn, self.hub.now()
        running = not self.finished
        return faces(control, self.clocks, turn, now, running=running, lang=lang, compact=compact)

    async def _draw(self, viewer: Color | None, side: Color | None, reader_id: int) -> bytes:
        """``viewer``'s view, with the preferences of ``reader_id`` who plays ``side``."""
        players = self.hub.players
        prefs, lang = await players.prefs(reader_id), await players.language(reader_id)
        view = self.match.game.view(viewer)
        shown = self.clock_faces(lang, compact=view.pools is not None)
        return board_png(view, self.names(), self.shown_clocks(), prefs, lang, side, faces=shown)

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
        return await self._report(None, [], lines + self._deadline_lines(), lines)

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
            clocks = tc.hand_over(self.control, clocks, turn, game.turn, now)
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
        happened = self._lines(actor_id, events, moves)
        lines = list(happened)
        if outcome is not None:
            self.finished = True
            lines += await self._result_lines(outcome, before)
            self.hub.retire(self)
        elif game.ply != ply or game.turn is not turn:
            lines += self._deadline_lines()
        return await self._report(actor_id, events, lines, happened)

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
        happened = self._lines(last.actor_id, events, moves)
        lines = happened + await self._result_lines(outcome, before)
        return await self._report(last.actor_id, events, lines, happened)

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
        """What the recorded result did to ratings (they move only for effective
        rated wins, S-9)."""
        if outcome.reason is Reason.ABORTED:
            return []
        if not self.rated:
            return [Line("result.unrated_game")]
        if not self.match.effective:
            return [Line("result.not_effective")]
        after = await self._ratings()
        changes = ", ".join(
            f"{self.hub.players.name(user_id)} {rating:.0f} ({rating - before[user_id]:+.0f})"
            for user_id, rating in after.items()
        )
        return [Line("result.rated", {"changes": changes})]

    async def _ratings(self) -> dict[int, float]:
        """Both players' ratings in this variant (a newcomer's is the starting rating)."""
        ratings = dict.fromkeys(self.ids, Rating().rating)
        for user_id in self.ids:
            for row in await self.hub.store.player_stats(user_id):
                if row.variant == self.variant:
                    ratings[user_id] = row.rating
        return ratings

    def _lines(self, actor_id: int | None, events: list[Event], moves: Moves | None) -> list[Line]:
        """The public lines: the played move (in every notation when that is
        public, else as the public event gives it), the other public events,
        and the result (with why, when an event of the entry explains it)."""
        lines: list[Line] = []
        for event in events:
            if event.audience is not None:
                continue
            if event.code == "move" and actor_id is not None:
                shown = moves or Moves({"iccs": str(event.params.get("move", ""))})
                lines.append(self._played(actor_id, shown))
            else:
                lines.append(self._event_line(event))
        outcome = self.match.outcome
        if outcome is not None:
            lines.append(self._outcome_line(outcome))
            lines += self._why(events, outcome)
        return lines

    def _why(self, events: list[Event], outcome: Outcome) -> list[Line]:
        """Why a public event of the entry ended the game, when the catalogue says:
        ``ending.<event>.<reason>.side`` if the event's side won, ``.other`` if
        not (a Tuibei prediction ends games that no move alone would)."""
        if outcome.winner is None:
            return []
        for event in events:
            if event.audience is not None:
                continue
            won = SIDES.get(str(event.params.get("side"))) is outcome.winner
            key = f"ending.{event.code}.{outcome.reason.value}.{'side' if won else 'other'}"
            if catalogue().get("en", key) is not None:
                return [Line(key, self._event_line(event).params)]
        return []

    def _played(self, actor_id: int, moves: Moves) -> Line:
        side = self.side_of(actor_id)
        params = {"player": self.hub.players.name(actor_id), "color": color_term(side)}
        return Line("move.played", {**params, "move": moves})

    def _deadline_lines(self) -> list[Line]:
        """When the player to move runs out of time, as a Discord timestamp (any locale)."""
        turn = self.match.game.turn
        player = self.hub.players.name(self.ids[turn])
        if self.computer_side() is turn and self.setup_phase is None:
            return [Line("computer.thinking", {"player": player})]  # its human is told
        deadline = self.clocks.deadline
        if deadline is None:
            return []
        return [Line("move.deadline", {"player": player, "when": f"<t:{int(deadline)}:R>"})]

    def _event_line(self, event: Event) -> Line:
        params: dict[str, Any] = dict(event.params)
        side = SIDES.get(str(params.get("side")))
        if side is not None:
            params["player"] = self.hub.players.name(self.ids[side])
            params["color"] = color_term(side)
        if "kind" in params:
            params["piece"] = Term(f"piece.{params['kind']}")
        if "tile" in params:
            params["tile"] = Term(f"piece.{params['tile']}")
        return Line(self._worded(f"event.{event.code}"), params)

    def _worded(self, key: str) -> str:
        """``key`` as this variant words it, when its catalogue does: the same
        event can read differently (``event.jieqi.capture``, whose ``side`` is the
        captured piece's owner, for ``event.capture``)."""
        section, _, rest = key.partition(".")
        own = f"{section}.{self.variant}.{rest}"
        return own if catalogue().get("en", own) is not None else key

    def _outcome_line(self, outcome: Outcome) -> Line:
        reason = Term(f"reason.{outcome.reason.value}")
        if outcome.reason is Reason.ABORTED:
            return Line("result.aborted")
        if outcome.winner is None:
            return Line("result.draw", {"reason": reason})
        winner = outcome.winner
        return Line(
            "result.win",
            {
                "player": self.hub.players.name(self.ids[winner]),
                "color": color_term(winner),
                "reason": reason,
            },
        )

    async def _report(
        self, actor_id: int | None, events: list[Event], lines: list[Line], record: list[Line]
    ) -> Report:
        report = Report(self.id, self.channel_id, actor_id or self.ids[Color.RED], lines)
        report.record = record
        report.over = self.finished
        report.request = (
            self.match.pending
            if any(e.code.endswith(("_offered", "_requested")) for e in events)
            else None
        )
        report.board = await self._public_picture()
        for event in events:
            if event.audience is not None:
                who = self.ids[event.audience]
                report.private.setdefault(who, []).append(self._event_line(event))
        hints.add(self, report)  # what has just become possible for the player to move
        if self.hidden:
            for side in Color:
                user_id = self.ids[side]
                wanted = await self._wants_board(side)  # first: it notes what they know
                if wanted or user_id in report.private:
                    report.private_boards[user_id] = await self._draw(side, side, user_id)
        return report

    async def _wants_board(self, side: Color) -> bool:
        """Whether a player's own board is worth a DM: it shows them something
        new that the public board does not (a piece only they were told, their
        own new prediction, a foul they may call), or they asked for every one."""
        known, self._known[side] = self._known.get(side, Counter()), self._secrets(side)
        if self._known[side] - known:
            return True
        return (await self.hub.players.prefs(self.ids[side])).boards == "every"

    def _secrets(self, side: Color) -> Counter[object]:
        """What ``side``'s own view shows and the public one does not, as facts
        that stay the same when pieces move (a known piece, not its square)."""
        game = self.match.game
        mine, public = game.view(side), game.view(None)
        facts: Counter[object] = Counter(
            own for own, seen in zip(mine.board, public.board, strict=True) if own != seen
        )
        for own, seen in zip(mine.captured, public.captured, strict=True):
            facts.update((Counter(own) - Counter(seen)).elements())
        if mine.pools is not None and public.pools is not None:
            facts.update(
                (owner, pool.pending)
                for owner, (pool, seen) in enumerate(zip(mine.pools, public.pools, strict=True))
                if pool != seen
            )
        facts["foul callable"] += mine.foul_callable
        return +facts

    def _first_move(self, red: str, black: str) -> Line:
        """Who moves first and how. Against the computer the words are for its
        human alone (``computer.first_move``, or the variant's own such as a
        setup to arrange); a human who moves first is told as in any game."""
        computer = self.computer_side()
        params = {"player": red, "human": black if computer is Color.RED else red}
        if computer is not None:
            own = self._worded("computer.first_move")
            if own != "computer.first_move" or computer is Color.RED:
                return Line(own, params)
        return Line(self._worded("game.first_move"), params)

    async def opening(self) -> Report:
        """The report announcing the game's start: who plays what, and the first board."""
        red, black = (self.hub.players.name(user_id) for user_id in self.ids)
        variant = find_variant(self.variant)
        line = Line(
            "game.started",
            {
                "red": red,
                "black": black,
                "variant": Title(variant.title_en, variant.title_zh),
                "time": Term(f"time.{self.options.get('time', tc.DEFAULT_PRESET)}"),
            },
        )
        lines = [line]
        if self.options.get("handicap", "none") != "none":
            lines.append(
                Line("game.handicap", {"handicap": Term(f"handicap.{self.options['handicap']}")})
            )
        lines += table_for(self.variant).opening_lines(self.options)
        if not self.rated:
            lines.append(Line("game.unrated"))
        said = [*lines, self._first_move(red, black), *self._deadline_lines()]
        report = await self._report(None, [], said, lines)
        report.private_boards.clear()  # each player's hello DM carries their own board
        return report


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
                match = await self.store.rebuild(game_id)
                if match.outcome is not None:  # the bot stopped between the last two commits
                    await self.store.finish_game(game_id, match.outcome, match.effective)
                    raise GameFinished()
                for user_id in (record.red_id, record.black_id):
                    await self.players.recall(user_id)
                manager = GameManager(self, record, match)
                await table_for(manager.variant).load_setup(manager)
                self._games[game_id] = manager
                self._channels[manager.channel_id] = game_id
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
        match = await self.store.rebuild(record.id)
        if match.outcome is None:
            await self.get(record.id)
            return None
        for user_id in (record.red_id, record.black_id):
            await self.players.recall(user_id)
        seed = (await self.store.load_secret(record.id)).seed
        texts = [entry.text for entry in record.entries[:-1]]
        before = Match.replay(record.variant, dict(record.options), seed, texts)
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
