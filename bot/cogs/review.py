"""/review and the Review button: the winning-chance graph of a finished
game, each side's accuracy and labels (?!, ?, ??), and its worst moves with
the engine's better move in the reader's notation, each also drawn as a
board with two arrows (the move played, the better move); ``ply:`` shows
any one move of the game that way. Refused while the game
runs: a review would help a player. A game is reviewed once; the review is
kept in the store and shown from there afterwards.

Every variant its room names ``reviewed`` is reviewed. Standard
and successor xiangqi hide nothing (the one secret of successor xiangqi, a
foul to call, is plain on the board): each move is judged against the
engine's best move, whose line of a few plies is shown. A game with hidden
pieces is judged from what each mover knew (``computer.hidden_review``), as
its review's first line says.

The cog hears of a game's end through the hub's ``committed`` event and
offers its Review button to the result message (``Capabilities.reviews``),
beside the Rematch button.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from computer.review import Judgement, Review, from_json, review, to_json
from computer.uci import EngineError
from render import Arrow, ArrowStyle, Players, RenderOptions, render_png
from render.graph import Mark, evaluation_graph
from rules.actions import Move, parse_action
from rules.outcome import Reason
from rules.pieces import Color
from rules.variant import Game, find_variant
from storage import GameNotFound, GameRecord, Prefs
from storage.records import GameStatus

from ..buttons import GameButton
from ..errors import BotError
from ..i18n import t
from ..manager import GameManager
from ..openings import opening_lines
from ..report import Report
from ..sending import QUIET, png_file
from ..services import Services, services_of
from ..variants import table_for

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)

MOMENTS = 2  # boards attached per side: its costliest moves, after the graph


class ReviewButton(GameButton, template=r"chuhan:review:(?P<game>\d+)"):
    """Review finished game ``game`` (works after a restart: the id is the state)."""

    id_format = "chuhan:review:{game}"
    label_key = "review.button"

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        try:
            reviews = services.cogs.reviews
            if not isinstance(reviews, Reviews):
                raise BotError("review_unavailable")
            await reviews.post_review(interaction, self.game_id)
        except Exception as exc:
            await services.reply_error(interaction, exc)


class Reviews(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self._finished: set[int] = set()  # games just ended that it reviews, till their result
        self._running: dict[int, asyncio.Task[Review]] = {}  # reviews being made, by game

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReviewButton)
        self.services.hub.subscribe(self._committed)
        self.services.cogs.reviews = self

    async def cog_unload(self) -> None:
        for running in self._running.values():
            running.cancel()
        self.services.hub.unsubscribe(self._committed)
        self.services.cogs.reviews = None

    def _committed(self, manager: GameManager, report: Report) -> None:
        """Note a reviewable game that has just ended with a result (not aborted)."""
        outcome = manager.match.outcome
        ended = outcome is not None and outcome.reason is not Reason.ABORTED
        if report.over and ended and manager.variant in table_for(manager.variant).reviewed:
            self._finished.add(report.game_id)

    def button(self, game_id: int, lang: str) -> discord.ui.Item[Any] | None:
        """The Review button of a result message, in its (the server's) language."""
        if game_id not in self._finished:
            return None
        self._finished.discard(game_id)
        return ReviewButton(game_id, lang)

    @app_commands.command(name="review", description="Review a finished game")
    @app_commands.describe(
        game="The game number (default: this channel's last game, else yours)",
        ply="Show one move on the board: its ply number, both sides counted (1 = Red's first)",
    )
    @app_commands.guild_only()
    async def review_command(
        self, interaction: discord.Interaction, game: int | None = None, ply: int | None = None
    ) -> None:
        if game is None:
            assert interaction.channel_id is not None
            if self.bot.hub.has_game(interaction.channel_id):
                raise BotError("review_during_game")
            game = await self._default_game(interaction)
        await self.post_review(interaction, game, ply)

    async def _default_game(self, interaction: discord.Interaction) -> int:
        """This channel's last finished game, else the user's."""
        assert interaction.channel_id is not None
        here = await self.bot.store.last_finished_in_channel(interaction.channel_id)
        if here is not None:
            return here.id
        recent = await self.bot.store.recent_games(interaction.user.id, 1)
        if not recent:
            raise BotError("review_nothing")
        return recent[0].id

    async def post_review(
        self, interaction: discord.Interaction, game_id: int, ply: int | None = None
    ) -> None:
        """The game's review: the kept one, else one made now in the engine or
        the search workers while a message shows how far it has come (that
        message becomes the review). With ``ply``, that one move on the board
        instead of the whole review."""
        lang = await self.bot.language_of(interaction)
        try:
            record = await self.bot.store.load_game(game_id)
        except GameNotFound:
            raise BotError("unknown_game", id=game_id) from None
        if record.status is GameStatus.ACTIVE:
            raise BotError("review_during_game")
        if record.variant not in table_for(record.variant).reviewed:
            raise BotError("review_not_offered")
        # The moves as played: undone ones (S-5) are gone from the rebuilt game.
        moves = [action.text for action in (await self.bot.store.rebuild(game_id)).game.actions]
        if ply is not None and not 1 <= ply <= len(moves):
            raise BotError("review_bad_ply", id=game_id, plies=len(moves))
        await interaction.response.defer(thinking=True)
        options = {k: v for k, v in record.options.items() if k != "time"}
        seed = (await self.bot.store.load_secret(game_id)).seed  # public once it is over
        kept = await self.bot.store.load_review(game_id)
        found = from_json(kept) if kept is not None else None
        if found is None:
            found = await self._made(interaction, record, (options, seed), moves, lang)
        prefs = await self.bot.players.prefs(interaction.user.id)
        names = (self.bot.players.name(record.red_id), self.bot.players.name(record.black_id))
        if ply is not None:
            judgement = found.judgements[ply - 1]
            game = find_variant(record.variant).replay(
                [parse_action(text) for text in moves[: ply - 1]], options, seed
            )
            line = t(
                lang,
                "review.moment",
                id=record.id,
                ply=ply,
                **self._moment(game, judgement, prefs.notation, lang),
            )
            png = self._moment_png(game, judgement, names, prefs, lang)
            await interaction.edit_original_response(
                content=line,
                attachments=[png_file(png, f"move-{ply}.png")],
                allowed_mentions=QUIET,
            )
            return
        text = self._text(record, found, (options, seed), moves, prefs.notation, lang)
        marks = [
            Mark(j.ply + 1, f"{j.number}{j.label}", j.label)
            for j in found.judgements
            if j.label is not None
        ]
        png = evaluation_graph(found.chances, names, marks, lang, prefs.traditional)
        files = [png_file(png, "review.png")]
        variant = find_variant(record.variant)
        for side in Color:
            for j in found.worst(side)[:MOMENTS]:
                before = [parse_action(text) for text in moves[: j.ply]]
                game = variant.replay(before, options, seed)
                moment = self._moment_png(game, j, names, prefs, lang)
                files.append(png_file(moment, f"move-{j.ply + 1}.png"))
        await interaction.edit_original_response(
            content=text, attachments=files, allowed_mentions=QUIET
        )

    @staticmethod
    def _moment(game: Game, j: Judgement, style: str, lang: str) -> dict[str, str | int]:
        """The words of one judged move: its number, side, the move played and
        the engine's better line in the reader's notation, its label."""
        played = game.notate(parse_action(j.played), style)
        better = _line_text(game, j.line, style) if j.line else "—"
        color = t(lang, "color.red" if j.side is Color.RED else "color.black")
        label = f" {j.label}" if j.label else ""
        drop = round(50 * j.drop)  # points of winning chance, as the graph shows them
        return {
            "number": j.number,
            "color": color,
            "played": played,
            "better": better,
            "label": label,
            "loss": t(lang, "review.loss", drop=drop) if drop else t(lang, "review.no_loss"),
        }

    @staticmethod
    def _moment_png(
        game: Game, j: Judgement, names: tuple[str, str], prefs: Prefs, lang: str
    ) -> bytes:
        """The position before ``j``'s move, the mover at the bottom (unless
        the reader always looks from Red's side), with the move played and
        the engine's better move drawn as arrows."""
        arrows = []
        played = parse_action(j.played)
        if isinstance(played, Move):
            arrows.append(Arrow(played.from_sq, played.to_sq, ArrowStyle.PLAYED))
        better = parse_action(j.better) if j.better and j.better != j.played else None
        if isinstance(better, Move):
            arrows.append(Arrow(better.from_sq, better.to_sq, ArrowStyle.BETTER))
        options = RenderOptions(
            traditional=prefs.traditional,
            labels=prefs.labels,
            perspective=j.side if prefs.orientation == "auto" else Color.RED,
            lang=lang,
            arrows=tuple(arrows),
        )
        return render_png(game.view(None), Players(*names), options)

    async def _made(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        start: tuple[dict[str, str], int],
        moves: list[str],
        lang: str,
    ) -> Review:
        """Review the game now (once, however many ask at the same time) and keep it."""
        computer = self.services.cogs.computer
        if computer is None:
            raise BotError("review_unavailable")
        shown = -1

        async def progress(done: int, total: int) -> None:
            nonlocal shown
            tenth = done * 10 // total
            if tenth > shown:
                shown = tenth
                text = t(lang, "review.running", id=record.id, done=done, total=total)
                await interaction.edit_original_response(content=text)

        await progress(0, len(moves) + 1)
        running = self._running.get(record.id)
        if running is None:
            options, seed = start
            work = review(
                options,
                moves,
                computer.analyst,
                variant=record.variant,
                seed=seed,
                progress=progress,
            )
            running = self._running[record.id] = asyncio.create_task(work)
            running.add_done_callback(lambda _: self._running.pop(record.id, None))
        try:
            found = await asyncio.shield(running)
        except EngineError:
            raise BotError("review_unavailable") from None
        await self.bot.store.save_review(record.id, to_json(found))
        return found

    def _text(
        self,
        record: GameRecord,
        found: Review,
        start: tuple[dict[str, str], int],
        moves: list[str],
        style: str,
        lang: str,
    ) -> str:
        names = (self.bot.players.name(record.red_id), self.bot.players.name(record.black_id))
        variant = find_variant(record.variant)
        title = "review.title_hidden" if variant.hidden_information else "review.title"
        lines = [t(lang, title, id=record.id, red=names[0], black=names[1])]
        options, seed = start
        lines += opening_lines(
            variant.replay([parse_action(m) for m in moves], options, seed), lang
        )
        for side in Color:
            color = t(lang, "color.red" if side is Color.RED else "color.black")
            accuracy = found.accuracy(side)
            counts = found.counts(side)
            lines.append(
                t(
                    lang,
                    "review.side",
                    color=color,
                    player=names[side],
                    accuracy="—" if accuracy is None else f"{accuracy:.0f}",
                    inaccuracies=counts["?!"],
                    mistakes=counts["?"],
                    blunders=counts["??"],
                )
            )
            for j in found.worst(side):
                before = [parse_action(text) for text in moves[: j.ply]]
                game = variant.replay(before, options, seed)
                lines.append(t(lang, "review.mistake", **self._moment(game, j, style, lang)))
        return "\n".join(lines)


def _line_text(game: Game, line: tuple[str, ...], style: str) -> str:
    """``line`` from ``game``'s position in ``style``, numbered as a game
    record is (``12. A B 13. C``; ``12… B 13. C`` when Black starts it)."""
    game = copy.deepcopy(game)
    words: list[str] = []
    for text in line:
        action = parse_action(text)
        number = game.ply // 2 + 1
        if game.turn is Color.RED:
            words.append(f"{number}.")
        elif not words:
            words.append(f"{number}…")
        words.append(game.notate(action, style))
        game.push(action)
    return " ".join(words)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Reviews(bot, bot.services))
