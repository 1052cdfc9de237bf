"""Conditional moves: "if my opponent plays X, answer Y, then if Z, answer W".

A player queues lines while it is their opponent's turn (``/premove``); each
line alternates the opponent's reply and the player's answer, checked move by
move on a copy of the game when it is queued and kept in the log's text form.
When the opponent plays the first move of some line, the manager, still
holding the game's lock, plays that line's answer at once (``answer``), so
the answer is committed right after the move it answers and published after
it, before anyone is told it was their turn. The rest of that line stays
queued; every line that began otherwise is dropped. An answer that has become
illegal is dropped and the player told in their private lines. An accepted
undo drops every line of the game (the position they were written for is
gone), and so does its end.

Nothing of a queue is public: it is shown only to its owner, privately, and
an answer, once played, is an ordinary move.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from rules.errors import RulesError
from storage import Store

from .errors import BotError
from .i18n import t
from .report import Line, Moves, Report
from .typed import written

if TYPE_CHECKING:
    from .manager import GameManager

log = logging.getLogger(__name__)

VARIANTS = ("xiangqi", "houji")  # perfect information: a line cannot hang on a secret
MAX_LINES = 8  # lines queued per player and game
MAX_ACTIONS = 12  # actions in one line (six replies and six answers)
FILLERS = {"if", "then", "如果", "若", "则", "就", "然后"}  # words a line may be written with
SEPARATORS = re.compile(r"[\s,，;；、]+")
BUTTON_ID = "chuhan:pm:{game}"  # the private board's button that opens the line's form


def premove_button(game_id: int, lang: str) -> discord.ui.Button[discord.ui.View]:
    """The button under a player's private board that asks for a line to queue
    (``bot/cogs/premoves.py`` answers it, after a restart too)."""
    return discord.ui.Button(
        label=t(lang, "premove.button"),
        style=discord.ButtonStyle.secondary,
        custom_id=BUTTON_ID.format(game=game_id),
    )


def tokens(text: str) -> list[str]:
    """The moves of a written line, without its filler words."""
    return [word for word in SEPARATORS.split(text) if word and word.lower() not in FILLERS]


class Premoves:
    """Every game's queued lines, by player; read once from storage per game."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[int, dict[int, list[list[str]]]] = {}
        self._answering: set[int] = set()  # games whose queued answer is being played

    async def _of(self, game_id: int) -> dict[int, list[list[str]]]:
        lines = self._games.get(game_id)
        if lines is None:
            lines = self._games[game_id] = await self.store.premoves(game_id)
        return lines

    def none_queued(self, game_id: int) -> None:
        """The game was read with no line queued: no need to read its lines."""
        self._games.setdefault(game_id, {})

    async def lines(self, game_id: int, user_id: int) -> list[list[str]]:
        return list((await self._of(game_id)).get(user_id, []))

    async def _keep(self, game_id: int, user_id: int, lines: list[list[str]]) -> None:
        await self.store.set_premoves(game_id, user_id, lines)
        held = await self._of(game_id)
        if lines:
            held[user_id] = lines
        else:
            held.pop(user_id, None)

    async def queue(self, manager: GameManager, user_id: int, text: str) -> list[str]:
        """Check a written line against the game and queue it; its actions.

        :raises BotError: outside standard and successor xiangqi, on the
            player's own turn, with too many lines, or with a move that is not
            legal where the line plays it (named, so it can be fixed).
        """
        async with manager.lock:  # the game cannot move while the line is checked
            return await self._queue(manager, user_id, text)

    async def _queue(self, manager: GameManager, user_id: int, text: str) -> list[str]:
        side = manager.side_of(user_id)
        if manager.variant not in VARIANTS:
            raise BotError("premove_variant")
        if manager.finished:
            raise manager.hub.ended(manager.match.outcome, manager.ids)
        if manager.match.game.turn is side or manager.setup_phase is not None:
            raise BotError("premove_your_turn")
        words = tokens(text)
        if len(words) < 2 or len(words) > MAX_ACTIONS:
            raise BotError("premove_length", most=MAX_ACTIONS)
        queued = await self.lines(manager.id, user_id)
        if len(queued) >= MAX_LINES:
            raise BotError("premove_full", most=MAX_LINES)
        game = manager.match.game
        copy = type(game).replay(game.actions, game.options, game.seed)
        actions = []
        for word in words:
            try:
                action = copy.parse(word)
                copy.push(action)
            except RulesError:
                raise BotError("premove_illegal", move=word) from None
            actions.append(action.text)
            if copy.outcome() is not None and len(actions) < len(words):
                raise BotError("premove_after_end", move=word)
        if len(actions) % 2:
            actions.pop()  # a reply with no answer asks for nothing
        await self._keep(manager.id, user_id, [*queued, actions])
        return actions

    async def clear(self, manager: GameManager, user_id: int) -> int:
        """Drop a player's lines in a game; how many there were."""
        async with manager.lock:
            count = len(await self.lines(manager.id, user_id))
            if count:
                await self._keep(manager.id, user_id, [])
        return count

    def answering(self, game_id: int) -> bool:
        """Whether the entry being committed in a game is a queued answer (for
        the ``committed`` subscribers: such a move is not its player's own doing now)."""
        return game_id in self._answering

    async def answer(self, manager: GameManager, report: Report) -> Report | None:
        """After a committed entry (the manager's lock held): the answer a queued
        line gives to it, played and committed, if any (see the module)."""
        held = await self._of(manager.id)
        if not held:
            return None
        last = manager.match.entries[-1] if manager.match.entries else "@"
        if manager.finished or last.endswith("undo-accept"):
            for user_id in list(held):
                await self._keep(manager.id, user_id, [])
            return None
        if last.startswith("@"):
            return None  # a draw offer or the like: the position is unchanged
        mover = manager.ids[manager.match.game.turn]
        lines = held.get(mover)
        if not lines:
            return None
        following = [line[1:] for line in lines if line[0] == last]
        if not following:
            await self._keep(manager.id, mover, [])
            return None
        move = following[0][0]
        rest = [line[1:] for line in following if line[0] == move and len(line) > 1]
        await self._keep(manager.id, mover, rest)
        return await self._play(manager, mover, move, report)

    async def _play(
        self, manager: GameManager, user_id: int, move: str, report: Report
    ) -> Report | None:
        game = manager.match.game
        try:
            action = game.parse(move)
            shown = Moves(written(game, action))
            self._answering.add(manager.id)
            try:
                answer = await manager.play_queued(user_id, move)
            finally:
                self._answering.discard(manager.id)
        except (RulesError, BotError) as exc:
            log.info("game %s: a queued answer of %s was refused (%s)", manager.id, user_id, exc)
            await self._keep(manager.id, user_id, [])
            report.private.setdefault(user_id, []).append(Line("premove.dropped", {"move": move}))
            return None
        answer.private.setdefault(user_id, []).insert(0, Line("premove.played", {"move": shown}))
        return answer
