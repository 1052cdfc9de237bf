"""/review and the Review button: the evaluation graph of a finished game and
each side's three worst moves, with the engine's better move in the reader's
notation. Refused while the game runs: a review would help a player.

Standard and successor xiangqi are reviewed: they hide nothing (the one
secret of successor xiangqi, a foul to call, is plain on the board). The
hidden-information variants are not: a sampling search that may choose what
to reveal scores the side to move too well (each sample shows it which
face-down piece to turn), so evaluations swing with every turn and would
call every move a mistake.

The cog hears of a game's end through the hub's ``committed`` event and
offers its Review button to the result message (``Capabilities.reviews``),
beside the Rematch button.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from computer.review import CAP, Review, review
from render.graph import evaluation_graph
from rules.actions import parse_action
from rules.outcome import Reason
from rules.pieces import Color
from rules.variant import find_variant
from storage import GameNotFound, GameRecord
from storage.records import GameStatus

from ..buttons import GameButton
from ..errors import BotError
from ..i18n import t
from ..manager import GameManager
from ..report import Report
from ..sending import QUIET, png_file
from ..services import Services, services_of
from ..variants import table_for

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)


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

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReviewButton)
        self.services.hub.subscribe(self._committed)
        self.services.cogs.reviews = self

    async def cog_unload(self) -> None:
        self.services.hub.unsubscribe(self._committed)
        self.services.cogs.reviews = None

    def _committed(self, manager: GameManager, report: Report) -> None:
        """Note a reviewable game that has just ended with a result (not aborted)."""
        outcome = manager.match.outcome
        ended = outcome is not None and outcome.reason is not Reason.ABORTED
        if report.over and ended and table_for(manager.variant).reviewable:
            self._finished.add(report.game_id)

    def button(self, game_id: int, lang: str) -> discord.ui.Item[Any] | None:
        """The Review button of a result message, in its (the server's) language."""
        if game_id not in self._finished:
            return None
        self._finished.discard(game_id)
        return ReviewButton(game_id, lang)

    @app_commands.command(
        name="review", description="Review a finished xiangqi or successor xiangqi game"
    )
    @app_commands.describe(game="The game number (default: this channel's last game, else yours)")
    @app_commands.guild_only()
    async def review_command(
        self, interaction: discord.Interaction, game: int | None = None
    ) -> None:
        if game is None:
            assert interaction.channel_id is not None
            if self.bot.hub.here(interaction.channel_id) is not None:
                raise BotError("review_during_game")
            game = await self._default_game(interaction)
        await self.post_review(interaction, game)

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

    async def post_review(self, interaction: discord.Interaction, game_id: int) -> None:
        lang = await self.bot.language_of(interaction)
        try:
            record = await self.bot.store.load_game(game_id)
        except GameNotFound:
            raise BotError("unknown_game", id=game_id) from None
        if record.status is GameStatus.ACTIVE:
            raise BotError("review_during_game")
        if not table_for(record.variant).reviewable:
            raise BotError("review_standard_only")
        await interaction.response.defer(thinking=True)
        computer = self.services.cogs.computer
        if computer is None:
            raise BotError("review_unavailable")
        # The moves as played: undone ones (S-5) are gone from the rebuilt game.
        moves = [action.text for action in (await self.bot.store.rebuild(game_id)).game.actions]
        options = {k: v for k, v in record.options.items() if k != "time"}
        seed = (await self.bot.store.load_secret(game_id)).seed  # public once it is over
        found = await review(
            options,
            moves,
            computer.analyse,
            variant=record.variant,
            seed=seed,
        )
        style = (await self.bot.players.prefs(interaction.user.id)).notation
        text = self._text(record, found, (options, seed), moves, style, lang)
        marks = [(m.ply + 1, str(m.number)) for side in found.mistakes for m in side]
        png = evaluation_graph(found.evaluations, CAP, marks)
        await interaction.followup.send(
            text, file=png_file(png, "review.png"), allowed_mentions=QUIET
        )

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
        lines = [t(lang, "review.title", id=record.id, red=names[0], black=names[1])]
        variant = find_variant(record.variant)
        options, seed = start
        for side in Color:
            color = t(lang, "color.red" if side is Color.RED else "color.black")
            mistakes = found.mistakes[side]
            if not mistakes:
                lines.append(t(lang, "review.clean", color=color, player=names[side]))
                continue
            lines.append(t(lang, "review.worst", color=color, player=names[side]))
            for m in mistakes:
                before = [parse_action(text) for text in moves[: m.ply]]
                game = variant.replay(before, options, seed)
                played = game.notate(parse_action(m.played), style)
                better = game.notate(parse_action(m.better), style) if m.better else "—"
                lines.append(
                    t(
                        lang,
                        "review.mistake",
                        number=m.number,
                        played=played,
                        loss=m.loss,
                        better=better,
                    )
                )
        return "\n".join(lines)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Reviews(bot, bot.services))
