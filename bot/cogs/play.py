"""Playing: challenges, moves, the board, resigning, draws, undos, aborting.

Handlers are thin: they find the game's manager, acknowledge the interaction
before any work that could take time, hand the action over, and send the
report. Refusals are raised and answered privately by the global handler.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from computer.levels import DEFAULT_LEVEL
from rules.errors import RulesError
from rules.variant import find_variant
from storage import ChallengeStatus

from .. import boards
from .. import timecontrol as tc
from ..buttons import challenge_view
from ..channels import partial_message
from ..choices import (
    COLOR_CHOICES,
    HANDICAP_CHOICES,
    TIME_CHOICES,
    playable,
    variant_choices,
    variant_title,
)
from ..errors import BotError
from ..i18n import t
from ..layout import without_buttons
from ..limits import (
    CHALLENGE_WINDOW_SECONDS,
    CHALLENGES_PER_WINDOW,
    RateLimit,
    replaced_and_kept,
    when,
)
from ..manager import GameManager
from ..notices import jump_url
from ..opening import Table, open_game
from ..presenter import say
from ..privateboard import private_board
from ..report import Line, Moves, Report
from ..second_thought import KEEP, SureButton, loses_at_once, sure_view
from ..sending import QUIET, png_file
from ..services import Services
from ..suggestions import suggestions
from ..typed import folded, written
from ..variants import challenge_options, table_for

if TYPE_CHECKING:
    from storage import Challenge

    from ..client import Chuhan

log = logging.getLogger(__name__)

CHALLENGE_SECONDS = 15 * 60
STALE_REQUEST = ("no_request", "game_finished")  # a request message whose buttons outlived it
DEFAULT_TIME = "1d"


def confirm(manager: GameManager, user_id: int, report: Report) -> None:
    """Confirm a player's own move to them as they would write it ("You played
    炮二平五."), in every variant alike; a report that already speaks to them
    (a hidden-information move, a timeout that came first) is left as it is."""
    if report.note is None and manager.last_actor == user_id and manager.last_moves:
        report.note = Line("move.yours", {"move": manager.last_moves})


class Play(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self._challenge_rate = RateLimit(CHALLENGES_PER_WINDOW, CHALLENGE_WINDOW_SECONDS, bot.now)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SureButton)  # questions asked before a restart still work
        self.services.cogs.challenges = self  # a rematch posts a challenge too
        self.services.cogs.answers = self

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SureButton)
        self.services.cogs.challenges = self.services.cogs.answers = None

    async def _manager(self, interaction: discord.Interaction) -> GameManager:
        assert interaction.channel_id is not None
        return await self.bot.hub.in_channel(interaction.channel_id)

    # -- challenges -------------------------------------------------------------

    @app_commands.command(name="challenge", description="Challenge someone, or anyone, to a game")
    @app_commands.describe(
        opponent="Who you challenge (leave empty for an open challenge anyone may accept)",
        variant="What to play (default: xiangqi)",
        time="Time control (default: 1 day per move)",
        color="Your colour (default: random)",
        rated="Whether the game counts for ratings (handicap games never do)",
        handicap="Pieces you give up (a handicap game)",
        easy_flips="Third-generation xiangqi: a pawn's flip is valid anywhere on the back rank",
        level="When you challenge me: how strong I play, 1 to 8 (default: 4)",
    )
    @app_commands.choices(time=TIME_CHOICES, color=COLOR_CHOICES, handicap=HANDICAP_CHOICES)
    @app_commands.guild_only()
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        variant: str = "xiangqi",
        time: str = DEFAULT_TIME,
        color: str = "random",
        rated: bool = True,
        handicap: str = "none",
        easy_flips: bool = False,
        level: app_commands.Range[int, 1, 8] = DEFAULT_LEVEL,
    ) -> None:
        computer = self.services.cogs.computer
        if (
            opponent is not None
            and computer is not None
            and opponent.id == getattr(self.bot.user, "id", None)
        ):
            await computer.start_game(interaction, variant, level, color, time)
            return
        lang = await self.bot.language_of(interaction)
        user = interaction.user
        if opponent is not None and opponent.id == user.id:
            raise BotError("self_challenge")
        if opponent is not None and opponent.bot:
            raise BotError("bot_opponent")
        game_class = find_variant(variant)
        if game_class.name not in playable():
            raise BotError("variant_not_playable", variant=game_class.name)
        options = {"time": time}
        if handicap != "none":
            options["handicap"] = handicap
            rated = False  # S-10
        options |= challenge_options(game_class.name, {"easy_flips": easy_flips})
        self.bot.hub.check_options(game_class.name, options)
        assert interaction.channel_id is not None
        if isinstance(interaction.channel, discord.Thread) and self.bot.hub.has_game(
            interaction.channel_id
        ):
            raise BotError("channel_busy")
        replaced = replaced_and_kept(
            await self.bot.store.open_challenges(user.id, self.bot.now()),
            interaction.guild_id,
            opponent.id if opponent else None,
        )
        again = self._challenge_rate.take(user.id)
        if again is not None:
            raise BotError("challenging_fast", count=CHALLENGES_PER_WINDOW, when=when(again))
        await interaction.response.defer()
        await self.bot.players.register(user)
        challenge = await self.bot.store.create_challenge(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            challenger_id=user.id,
            variant=game_class.name,
            expires_at=self.bot.now() + CHALLENGE_SECONDS,
            opponent_id=opponent.id if opponent else None,
            options=options,
            rated=rated,
            color=color,
        )
        public = await self.bot.server.language(interaction.guild_id)
        message = await interaction.followup.send(
            self.challenge_text(challenge, public),
            view=challenge_view(challenge.id, public),
            allowed_mentions=discord.AllowedMentions(users=[opponent] if opponent else False),
            wait=True,
        )
        await self.bot.store.set_challenge_message(challenge.id, message.id)
        await self._withdraw(replaced)
        where = jump_url(interaction.guild_id, message.channel.id, message.id)
        await self._try_dms(interaction, lang, where)

    async def _withdraw(self, replaced: list[Challenge]) -> None:
        """Close the challenges a new one replaces; their messages lose their buttons."""
        for old in replaced:
            if not await self.bot.store.set_challenge_status(old.id, ChallengeStatus.CANCELLED):
                continue  # accepted or declined meanwhile
            if old.message_id is None:
                continue
            lang = await self.bot.server.language(old.guild_id)
            try:
                channel = await self.services.channels.channel(old.channel_id)
                message = partial_message(channel, old.message_id)
                if message is not None:
                    await message.edit(content=t(lang, "challenge.replaced"), view=None)
            except discord.HTTPException as exc:
                log.info("could not mark challenge %s replaced: %s", old.id, exc.status)

    async def _try_dms(self, interaction: discord.Interaction, lang: str, where: str) -> None:
        """Before any game starts, make sure the challenger can get private boards
        by DM; if not, tell them alone."""
        user_id = interaction.user.id
        if not (await self.bot.players.prefs(user_id)).dm_notifications:
            return
        if not await self.services.dms.dm(user_id, t(lang, "dm.challenge_posted", where=where)):
            await interaction.followup.send(t(lang, "dm.closed_you"), ephemeral=True)

    @challenge.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.players.language(interaction.user.id, interaction.locale)
        return variant_choices(current, lang, playable())

    @challenge.autocomplete("level")
    async def level_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The computer's levels with their ratings, as ``/play computer`` offers them."""
        computer = self.services.cogs.computer
        return [] if computer is None else await computer.level_choices(interaction, current)

    def challenge_text(self, challenge: Challenge, lang: str) -> str:
        params = {
            "challenger": self.bot.players.name(challenge.challenger_id),
            "variant": variant_title(challenge.variant, lang),
            "time": t(lang, f"time.{challenge.options.get('time', tc.DEFAULT_PRESET)}"),
            "color": t(lang, f"color.{challenge.color}"),
            "rated": t(lang, "challenge.rated" if challenge.rated else "challenge.unrated"),
            "minutes": CHALLENGE_SECONDS // 60,
        }
        lines = [
            t(lang, "challenge.open", **params)
            if challenge.opponent_id is None
            else t(lang, "challenge.to", opponent=f"<@{challenge.opponent_id}>", **params)
        ]
        handicap = challenge.options.get("handicap")
        if handicap:
            lines.append(t(lang, "game.handicap", handicap=t(lang, f"handicap.{handicap}")))
        lines += [
            say(line, lang)
            for line in table_for(challenge.variant).opening_lines(challenge.options)
        ]
        return "\n".join(lines)

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        try:
            await self.bot.language_of(interaction)  # noted for the errors and DMs to come
            challenge = await self.bot.store.get_challenge(challenge_id)
            if challenge is None or challenge.status is not ChallengeStatus.PENDING:
                raise BotError("challenge_closed")
            if accept:
                await self._accept(interaction, challenge)
            else:
                await self._decline(interaction, challenge)
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)

    async def _decline(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        user_id = interaction.user.id
        if user_id == challenge.challenger_id:
            status, key = ChallengeStatus.CANCELLED, "challenge.cancelled"
        elif user_id == challenge.opponent_id:
            status, key = ChallengeStatus.DECLINED, "challenge.declined"
        else:
            raise BotError("not_your_challenge")
        if not await self.bot.store.set_challenge_status(challenge.id, status):
            raise BotError("challenge_closed")
        public = await self.bot.server.language(challenge.guild_id)
        text = t(public, key, player=self.bot.players.name(user_id))
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=QUIET)

    async def _accept(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        user_id = interaction.user.id
        if user_id == challenge.challenger_id:
            raise BotError("own_challenge")
        if challenge.opponent_id not in (None, user_id):
            raise BotError("not_your_challenge")
        if self.bot.now() >= challenge.expires_at:
            raise BotError("challenge_closed")
        await interaction.response.defer()
        if not await self.bot.store.set_challenge_status(challenge.id, ChallengeStatus.ACCEPTED):
            raise BotError("challenge_closed")
        await self.bot.players.register(interaction.user)
        await self.bot.players.recall(challenge.challenger_id)  # unseen since a restart
        try:
            manager, channel = await self._start(interaction, challenge)
        except BaseException:
            await self.bot.store.set_challenge_status(
                challenge.id, ChallengeStatus.PENDING, expected=ChallengeStatus.ACCEPTED
            )
            raise
        public = await self.bot.server.language(challenge.guild_id)
        text = t(
            public,
            "challenge.accepted",
            player=self.bot.players.name(user_id),
            where=channel.mention,
        )
        await interaction.edit_original_response(content=text, view=None, allowed_mentions=QUIET)
        await self._greet(manager, channel, interaction)

    async def _start(
        self, interaction: discord.Interaction, challenge: Challenge
    ) -> tuple[GameManager, discord.abc.GuildChannel | discord.Thread]:
        """Create the game in a new thread (or this channel) and post the first board."""
        challenger_red = {"red": True, "black": False}.get(
            challenge.color, secrets.randbelow(2) == 0
        )
        ids = (challenge.challenger_id, interaction.user.id)
        red_id, black_id = ids if challenger_red else ids[::-1]
        options = dict(challenge.options)
        if "handicap" in options:
            options["handicap_side"] = "red" if challenger_red else "black"
        names = (self.bot.players.raw_name(red_id), self.bot.players.raw_name(black_id))
        return await open_game(
            self.services,
            interaction,
            interaction.message,
            variant=challenge.variant,
            ids=(red_id, black_id),
            names=names,
            options=options,
            rated=challenge.rated,
        )

    async def _greet(
        self,
        manager: GameManager,
        channel: Table,
        accepter: discord.Interaction,
    ) -> None:
        """DM each player that the game started. Where a DM fails, the accepter
        is told privately; the challenger, whose challenge already tried their
        DMs, gets a mention-free notice in the game's channel."""
        dms, players = self.services.dms, self.bot.players
        for side, user_id in enumerate(manager.ids):
            prefs = await players.prefs(user_id)
            if not prefs.dm_notifications:
                continue
            lang = await players.language(user_id)
            where = jump_url(manager.guild_id, channel.id)  # a DM: a link that opens it
            text = t(
                lang,
                "dm.hello",
                color=t(lang, "color.red" if side == 0 else "color.black"),
                where=where,
            )
            board = await boards.picture(manager, user_id, private=True) if manager.hidden else None
            if await dms.dm(user_id, text, board):
                continue
            try:
                if user_id == accepter.user.id:
                    await accepter.followup.send(t(lang, "dm.closed_you"), ephemeral=True)
                else:
                    public = await self.bot.server.language(manager.guild_id)
                    notice = t(public, "dm.closed", player=players.name(user_id))
                    assert isinstance(channel, discord.abc.Messageable)
                    await channel.send(notice, allowed_mentions=QUIET)
            except discord.HTTPException:  # the game has started all the same
                log.warning("could not post the closed-DM notice in %s", manager.channel_id)

    # -- moves ------------------------------------------------------------------

    @app_commands.command(
        name="move", description="Play a move (any notation: 炮二平五, C2.5, h2e2)"
    )
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        lang = await self.bot.language_of(interaction)
        manager = await self._manager(interaction)
        risky = loses_at_once(manager, interaction.user.id, move)
        if risky is not None:  # ask first, as a person across the board would
            game = manager.match.game
            style = (await self.bot.players.prefs(interaction.user.id)).notation
            said = say(Line("sure.ask", {"move": Moves(written(game, risky))}), lang, style)
            view = sure_view(manager.id, game.ply, risky, lang)
            await interaction.response.send_message(said, view=view, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await manager.move(interaction.user.id, move)
        called = table_for(manager.variant).called(folded(move))  # a foul call, say
        if called is None:
            confirm(manager, interaction.user.id, report)
        await self.services.publisher.acknowledge(interaction, report, called or "done.move")

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        manager = await self.bot.hub.at(interaction.channel_id or 0)
        if manager is None:
            return []
        user_id = interaction.user.id
        style = (await self.bot.players.prefs(user_id)).notation
        lang = await self.bot.players.language(user_id, interaction.locale)
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in suggestions(manager, user_id, style, current, lang)
        ]

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """With the message-content intent, a player's plain message in a game
        thread is read as a move; anything that is not a legal move is chat."""
        if not self.bot.settings.message_moves or message.author.bot or message.guild is None:
            return
        manager = await self.bot.hub.at(message.channel.id)
        if manager is None or message.author.id not in manager.ids:
            return
        if not manager.looks_like_turn(message.author.id):
            return
        self.bot.players.seen(message.author)
        try:
            report = await manager.move(
                message.author.id, message.content.strip()[:32], said_in_public=True
            )
        except (RulesError, BotError):
            return
        await self.services.publisher.publish(report)

    # -- the board --------------------------------------------------------------

    @app_commands.command(name="board", description="Show the board of this channel's game")
    @app_commands.describe(private="Only you see it, from your side (default: everyone sees it)")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, private: bool = False) -> None:
        lang = await self.bot.language_of(interaction)
        manager = await self.bot.hub.latest_in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=private)
        reader = interaction.user.id
        view: discord.ui.View | None = None
        if private:  # and what the latest turn told them alone, if no DM could
            text, png, view = await private_board(self.services, manager, reader, lang)
        else:  # the thread's language for everyone
            png = await boards.picture(manager, reader, private=False)
            public = await self.bot.server.style(interaction.guild_id)
            text = say(manager.status_line(), public.language, public.notation)
        sent = await interaction.followup.send(
            text,
            file=png_file(png),
            ephemeral=private,
            allowed_mentions=QUIET,
            view=view or discord.utils.MISSING,
            wait=True,
        )
        if not private and not manager.finished:  # a copy: the next board replaces it
            self.services.publisher.boards.copied(manager.id, sent.id)

    # -- platform actions -----------------------------------------------------

    async def _platform(self, interaction: discord.Interaction, verb: str) -> None:
        await self.bot.language_of(interaction)
        manager = await self._manager(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await manager.act(interaction.user.id, verb)
        await self.services.publisher.acknowledge(interaction, report, f"done.{verb}")

    @app_commands.command(name="resign", description="Resign this channel's game")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._platform(interaction, "resign")

    @app_commands.command(name="draw", description="Offer a draw (one offer each)")
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._platform(interaction, "draw-offer")

    @app_commands.command(name="undo", description="Ask to take back your last move (3 per game)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._platform(interaction, "undo-request")

    @app_commands.command(
        name="abort", description="Call the game off before both sides have moved"
    )
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction) -> None:
        await self._platform(interaction, "abort")

    async def on_sure(
        self, interaction: discord.Interaction, game_id: int, ply: int, action: str
    ) -> None:
        """The answer to the question about a move that loses at once: play it
        (if the game is still where it was asked), or keep it back."""
        try:
            lang = await self.bot.language_of(interaction)
            manager = await self.bot.hub.get(game_id)
            manager.side_of(interaction.user.id)
            if action == KEEP:
                await interaction.response.edit_message(content=t(lang, "sure.kept"), view=None)
                return
            if manager.match.game.ply != ply:
                raise BotError("sure_stale")
            await interaction.response.defer()
            report = await manager.move(interaction.user.id, action)
            confirm(manager, interaction.user.id, report)
            await self.services.publisher.acknowledge(interaction, report, "done.move", view=None)
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)

    async def on_request_button(
        self, interaction: discord.Interaction, game_id: int, kind: str, accept: bool
    ) -> None:
        try:
            await self.bot.language_of(interaction)
            manager = await self.bot.hub.get(game_id)
            manager.side_of(interaction.user.id)
            await interaction.response.defer()
            report = await manager.answer(interaction.user.id, kind, accept)
            if interaction.message is not None:
                await interaction.edit_original_response(**without_buttons(interaction.message))
            await self.services.publisher.publish(report)
        except Exception as exc:
            if isinstance(exc, BotError) and exc.key in STALE_REQUEST:
                await self.services.publisher.drop_buttons(interaction.message)
            await self.bot.reply_error(interaction, exc)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Play(bot, bot.services))
