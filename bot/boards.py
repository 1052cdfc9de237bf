"""What a report shows: the boards of a game's manager, and which player gets
their own board by DM.

The public board has one orientation and language for the whole game, the
server's; a player's own board follows their preferences. In a
hidden-information game a player's own board is sent when it shows them
something the public one does not and they were not shown before (a piece
only they were told, their own new prediction, a foul they may call), or
when they asked for every one (``boards`` ``every``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Protocol

from rules.match import Match
from rules.pieces import Color
from rules.variant import Event, Game
from storage import Prefs

from . import timecontrol as tc
from .clockface import faces
from .pictures import board_drawn
from .players import PlayerDirectory
from .report import Line, Panel, Report
from .server import LANGUAGES, ServerSettings
from .typed import written
from .wording import Wording

RECENT_PLIES = 4  # the latest actions a live board in one message lists


class Place(Protocol):
    """What the boards read of the hub that holds a game."""

    @property
    def players(self) -> PlayerDirectory: ...

    @property
    def server(self) -> ServerSettings: ...

    @property
    def now(self) -> Callable[[], float]: ...


class Seen(Protocol):
    """What the boards read of a game's manager (bot/manager.py, which imports this)."""

    id: int
    channel_id: int
    guild_id: int | None
    variant: str
    ids: tuple[int, int]
    finished: bool
    match: Match
    clocks: tc.Clocks
    control: tc.TimeControl | None
    words: Wording
    private_boards: PrivateBoards

    @property
    def hub(self) -> Place: ...

    @property
    def hidden(self) -> bool: ...

    def names(self) -> tuple[str, str]: ...

    def shown_clocks(self) -> tuple[int | None, int | None]: ...


def clock_faces(
    manager: Seen, lang: str = "en", compact: bool = False
) -> tuple[str | None, str | None]:
    """The clock texts, in ``lang``; ``compact`` where a pool tile takes room."""
    control, turn, now = manager.control, manager.match.game.turn, manager.hub.now()
    running = not manager.finished
    return faces(control, manager.clocks, turn, now, running=running, lang=lang, compact=compact)


async def picture(manager: Seen, reader_id: int, *, private: bool) -> bytes:
    """The public board, or with ``private`` the board as ``reader_id`` may see
    it and prefers it (a player's own view; the public one for a watcher)."""
    if not private:
        return await public_picture(manager)
    side = Color(manager.ids.index(reader_id)) if reader_id in manager.ids else None
    return await _draw(manager, side if manager.hidden else None, side, reader_id)


async def public_picture(manager: Seen) -> bytes:
    """The public board: one orientation and language for the whole game, the
    server's (it must not turn with every move)."""
    style = await manager.hub.server.style(manager.guild_id)
    names, lang = manager.names(), style.language
    view = manager.match.game.view(None)
    shown = clock_faces(manager, lang, compact=view.pools is not None)
    return await board_drawn(
        view, names, (None, None), Prefs(), lang, None, bottom=style.bottom, faces=shown
    )


async def _draw(manager: Seen, viewer: Color | None, side: Color | None, reader_id: int) -> bytes:
    """``viewer``'s view, with the preferences of ``reader_id`` who plays ``side``."""
    players = manager.hub.players
    prefs, lang = await players.prefs(reader_id), await players.language(reader_id)
    view = manager.match.game.view(viewer)
    shown = clock_faces(manager, lang, compact=view.pools is not None)
    clocks = manager.shown_clocks()
    return await board_drawn(view, manager.names(), clocks, prefs, lang, side, faces=shown)


def panel(manager: Seen) -> Panel:
    """What a live board in one message adds to the public picture: the
    latest actions, names and clocks."""
    game = manager.match.game
    faces = {lang: clock_faces(manager, lang) for lang in LANGUAGES}
    recent = recent_actions(game, running=not manager.finished)
    return Panel(recent, manager.names(), faces, game.turn)


def recent_actions(
    game: Game, *, running: bool
) -> tuple[tuple[int, Color, dict[str, str] | None], ...]:
    """The last actions of the public move list with their rounds
    (``movelist.listed_actions``, masked the same way: an action still secret
    in a running game is ``None``). Only these few are written: writing every
    move in every notation would cost a long game several times its replay
    on each turn."""
    actions = list(game.actions)
    first_written = len(actions) - RECENT_PLIES
    first_secret = len(actions) - game.secret_tail() if running else len(actions)
    replay = type(game).replay([], game.options, game.seed)
    recent, round_no = [], 0
    for index, action in enumerate(actions):
        side = replay.turn
        if side is Color.RED or not round_no:  # a round starts with Red's action
            round_no += 1
        if index >= first_written:
            hidden = running and (replay.is_secret(action) or index >= first_secret)
            recent.append((round_no, side, None if hidden else written(replay, action)))
        replay.push(action)
    return tuple(recent)


def secrets_of(match: Match, side: Color) -> Counter[object]:
    """What ``side``'s own view shows and the public one does not, as facts
    that stay the same when pieces move (a known piece, not its square)."""
    game = match.game
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


class PrivateBoards:
    """What each player's own board showed beyond the public one, as last reported
    (nothing in a game that hides nothing)."""

    def __init__(self, match: Match, hidden: bool) -> None:
        self._known = {side: secrets_of(match, side) for side in Color} if hidden else {}

    async def wanted(self, manager: Seen, side: Color) -> bool:
        """Whether a player's own board is worth a DM: it shows them something
        new that the public board does not, or they asked for every one. It
        notes what they are now shown."""
        known = self._known.get(side, Counter())
        self._known[side] = secrets_of(manager.match, side)
        if self._known[side] - known:
            return True
        return (await manager.hub.players.prefs(manager.ids[side])).boards == "every"


async def report(
    manager: Seen,
    actor_id: int | None,
    events: list[Event],
    lines: list[Line],
    record: list[Line],
    hint: Callable[[Report], None],
) -> Report:
    """The report of a change: ``lines`` in public with the public board,
    ``record`` kept once a newer board replaces it, each player's private
    events and ``hint``'s (``bot.hints``), and, in a hidden-information game,
    their own board when worth it."""
    made = Report(manager.id, manager.channel_id, actor_id or manager.ids[Color.RED], lines)
    made.record = record
    made.over = manager.finished
    made.request = (
        manager.match.pending
        if any(e.code.endswith(("_offered", "_requested")) for e in events)
        else None
    )
    made.board = await public_picture(manager)
    if (await manager.hub.server.style(manager.guild_id)).board == "modern":
        made.panel = panel(manager)
    for event in events:
        if event.audience is not None:
            who = manager.ids[event.audience]
            made.private.setdefault(who, []).append(manager.words.event_line(event))
    hint(made)  # what has just become possible for the player to move
    if manager.hidden:
        for side in Color:
            user_id = manager.ids[side]
            wanted = await manager.private_boards.wanted(
                manager, side
            )  # first: it notes what they know
            if wanted or user_id in made.private:
                made.private_boards[user_id] = await _draw(manager, side, side, user_id)
    return made


class Opened(Seen, Protocol):
    """What the opening report reads beyond the boards."""

    options: dict[str, str]
    rated: bool

    def computer_side(self) -> Color | None: ...

    def deadline_lines(self) -> list[Line]: ...

    def hint(self, report: Report) -> None: ...


async def opening(manager: Opened) -> Report:
    """The report announcing the game's start: who plays what, and the first board."""
    lines = manager.words.opening_lines(manager.options, manager.rated)
    first = manager.words.first_move(manager.computer_side())
    said = [*lines, first, *manager.deadline_lines()]
    made = await report(manager, None, [], said, lines, manager.hint)
    made.private_boards.clear()  # each player's hello DM carries their own board
    return made
