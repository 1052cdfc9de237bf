"""The end of a game: a Rematch button, the move list, and the thread archived later.

The result message carries a persistent Rematch button (its state is its
custom id, so it works after a restart). Either player may press it: it
posts a challenge to the other player in the channel the game started from,
with the same variant and settings and the colours swapped. The game's
thread is archived :data:`ARCHIVE_SECONDS` after the end (Discord's own
auto-archive covers a restart in between).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from rules.pieces import Color
from storage import GameRecord, Store

from .buttons import GameButton, challenge_view
from .capabilities import Capabilities, button_services
from .channels import Channels
from .errors import BotError, NotAPlayer
from .hub import GameHub
from .i18n import t
from .layout import without_buttons
from .movelist import listed_actions, move_text
from .notices import jump_url
from .openings import opening_lines
from .server import ServerSettings

log = logging.getLogger(__name__)

ARCHIVE_SECONDS = 15 * 60
REMATCH_SECONDS = 15 * 60


class RematchButton(GameButton, template=r"chuhan:g:(?P<game>\d+):rematch"):
    """Offer the opponent of finished game ``game`` a return game."""

    id_format = "chuhan:g:{game}:rematch"
    label_key = "ending.rematch_button"

    async def callback(self, interaction: discord.Interaction) -> None:
        services = button_services(interaction)
        try:
            await services.endings.rematch(interaction, self.game_id)
        except Exception as exc:
            await services.reply_error(interaction, exc)


class Endings:
    """What follows a game's last entry."""

    def __init__(
        self,
        store: Store,
        hub: GameHub,
        server: ServerSettings,
        now: Callable[[], float],
        channels: Channels,
        cogs: Capabilities,
        language_of: Callable[[discord.Interaction], Awaitable[str]],
    ) -> None:
        self.store = store
        self.hub = hub
        self.server = server
        self.now = now
        self.channels = channels
        self.cogs = cogs
        self.language_of = language_of
        self._archive_at: dict[int, float] = {}  # thread id -> when
        self._rematched: set[int] = set()

    def view(self, game_id: int, lang: str) -> discord.ui.View:
        """The result message's buttons: Rematch, and Review where the reviews offer it."""
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(game_id, lang))
        review = self.cogs.reviews.button(game_id, lang) if self.cogs.reviews else None
        if review is not None:
            view.add_item(review)
        return view

    async def opening(self, game_id: int, lang: str) -> list[str]:
        """The finished game's opening line (none when it has no opening)."""
        return opening_lines((await self.store.rebuild(game_id)).game, lang)

    async def move_list(self, game_id: int, lang: str, style: str) -> str:
        """The finished game's moves under a heading ('' when none was played)."""
        match = await self.store.rebuild(game_id)
        listed = listed_actions(match, running=False)
        if not listed:
            return ""
        moves = move_text(listed, style, t(lang, "ending.hidden"))
        return t(lang, "ending.moves", game=game_id) + "\n" + moves

    def plan_archive(self, channel: discord.abc.Messageable) -> None:
        """Archive a finished game's thread after a while."""
        if isinstance(channel, discord.Thread):
            self._archive_at[channel.id] = self.now() + ARCHIVE_SECONDS

    async def archive_due(self) -> None:
        """Archive the threads of games over for a while (unless a new game began)."""
        now = self.now()
        for thread_id, when in list(self._archive_at.items()):
            if now < when:
                continue
            del self._archive_at[thread_id]
            if self.hub.has_game(thread_id):
                continue
            try:
                thread = await self.channels.channel(thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True)
            except discord.HTTPException as exc:
                log.info("could not archive thread %s: %s", thread_id, exc.status)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Challenge the opponent of ``game_id`` again, colours swapped."""
        lang = await self.language_of(interaction)
        record = await self.store.load_game(game_id)
        side = record.color_of(interaction.user.id)
        if side is None:
            raise NotAPlayer()
        if game_id in self._rematched or await self._rematch_open(record):
            raise BotError("rematch_offered")
        self._rematched.add(game_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await self._post(interaction, record, side.other())
        await interaction.edit_original_response(
            content=t(
                lang,
                "ending.rematch_posted",
                where=jump_url(record.guild_id, message.channel.id, message.id),
            )
        )
        if interaction.message is not None:
            try:
                await interaction.message.edit(**without_buttons(interaction.message))
            except discord.HTTPException as exc:
                log.info("could not drop the rematch button of game %s: %s", game_id, exc.status)

    async def _rematch_open(self, record: GameRecord) -> bool:
        """Whether the two players already have a challenge of this variant open
        between them, as the rematch asked before a restart is (the set of games
        rematched is this process's memory only)."""
        now = self.now()
        red, black = record.player_id(Color.RED), record.player_id(Color.BLACK)
        for challenger, opponent in ((red, black), (black, red)):
            for challenge in await self.store.open_challenges(challenger, now):
                if challenge.opponent_id == opponent and challenge.variant == record.variant:
                    return True
        return False

    async def _post(
        self, interaction: discord.Interaction, record: GameRecord, color: Color
    ) -> discord.Message:
        """The rematch challenge, in the channel the game's thread grew from."""
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        assert isinstance(parent, discord.abc.Messageable)
        user_id = interaction.user.id
        opponent = record.player_id(color)  # the side the clicker leaves them
        options = {k: v for k, v in record.options.items() if k != "handicap_side"}
        challenge = await self.store.create_challenge(
            guild_id=record.guild_id,
            channel_id=getattr(parent, "id", record.channel_id),
            challenger_id=user_id,
            variant=record.variant,
            expires_at=self.now() + REMATCH_SECONDS,
            opponent_id=opponent,
            options=options,
            rated=record.rated,
            color="red" if color is Color.RED else "black",
        )
        style = await self.server.style(record.guild_id)
        text = t(style.language, "ending.rematch", game=record.id)
        if self.cogs.challenges is not None:
            text += "\n" + self.cogs.challenges.challenge_text(challenge, style.language)
        message = await parent.send(
            text,
            view=challenge_view(challenge.id, style.language),
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(opponent)]
            ),
        )
        await self.store.set_challenge_message(challenge.id, message.id)
        return message
