"""Tuibei 推背象棋 on Discord: ``/predict`` and ``/counter`` and their tile menus.

A tile action is a turn like a move, so it takes the same road: the menu only
lets the player choose the tile, and the choice goes to
``GameManager.move`` as the action's log text (``?r``, ``!n``), which checks
it under the game's lock, applies it through ``Match.apply``, commits it and
reports it. The menu lists the caller's legal tile actions as the rules give
them; no rule lives here. A prediction names a secret, so the menu is
ephemeral (or in the caller's DM with the bot) and only the manager's public
events reach the channel.

The menu's custom id carries the game (``chuhan:tb:<game id>:predict``), so a
menu still works after a restart and in a DM, where there is no game channel.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.actions import InvalidActionText, parse_action
from rules.variants.tuibei.actions import Counter, Predict
from storage import GameNotFound

from ...errors import BotError, GameFinished
from ...i18n import t
from ...services import services_of
from ...visibility import may_see

if TYPE_CHECKING:
    from rules.variant import Game

    from ...client import Chuhan
    from ...manager import GameManager

VARIANT = "tuibei"
TILE_ACTIONS: dict[str, type[Predict | Counter]] = {"predict": Predict, "counter": Counter}


def tile_actions(game: Game, wanted: type[Predict | Counter]) -> list[Predict | Counter]:
    """The legal predictions (or counters) of the side to move, one per tile it may use.

    :raises RulesError: the rules' own refusal (a prediction is pending, in
        check, a move is owed...) when there is none.
    :raises BotError: when every tile kind of that side is lost.
    """
    actions = [action for action in game.legal_actions() if isinstance(action, wanted)]
    if actions:
        return actions
    pools = game.view(game.turn).pools
    rack = pools[game.turn].rack if pools else ()
    if rack:
        # No kind is playable while one available kind is not (T-2, T-3), so asking
        # the rules about any one of them gives their refusal, worded by its reason.
        game.parse(wanted(rack[0]).text)
    raise BotError("no_tiles_left")


class TileMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"chuhan:tb:(?P<game>\d+):(?P<verb>predict|counter)",
):
    """The tiles a player may predict with, or counter with, in game ``game``."""

    def __init__(self, game_id: int, verb: str, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.verb = verb

    @classmethod
    def build(
        cls, game_id: int, verb: str, actions: list[Predict | Counter], lang: str
    ) -> TileMenu:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"chuhan:tb:{game_id}:{verb}",
            placeholder=t(lang, f"tuibei.{verb}_placeholder"),
            options=[
                discord.SelectOption(label=t(lang, f"tile.{action.kind.value}"), value=action.text)
                for action in actions
            ],
        )
        return cls(game_id, verb, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TileMenu:
        assert isinstance(item, discord.ui.Select)  # the template matches menus only
        return cls(int(match["game"]), match["verb"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = services_of(interaction).cogs.cog(TuibeiCog)
        assert cog is not None
        await cog.on_tile_chosen(interaction, self.game_id, self.verb, self.item.values)


class TuibeiCog(commands.Cog, name="Tuibei"):
    """``/predict``, ``/counter`` and their tile menus (named apart from the
    rules' ``Tuibei`` game)."""

    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TileMenu)  # menus sent before a restart keep working

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TileMenu)

    # -- the commands -------------------------------------------------------------

    @app_commands.command(
        name="predict", description="Tuibei: predict, face down, the piece your opponent moves next"
    )
    @app_commands.describe(game="Game number (only needed in DMs when you play several games)")
    async def predict(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._menu(interaction, "predict", game)

    @app_commands.command(name="counter", description="Tuibei: counter your opponent's prediction")
    @app_commands.describe(game="Game number (only needed in DMs when you play several games)")
    async def counter(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._menu(interaction, "counter", game)

    @predict.autocomplete("game")
    @counter.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        typed = current.strip().lstrip("#")
        return [
            app_commands.Choice(
                name=f"#{manager.id} {' vs '.join(manager.names())}", value=manager.id
            )
            for manager in await self._games_of(interaction.user.id)
            if typed in str(manager.id)
        ][:25]

    async def _menu(self, interaction: discord.Interaction, verb: str, game_id: int | None) -> None:
        """Answer privately with the caller's tiles for ``verb``, or with why there are none."""
        lang = await self.bot.language_of(interaction)
        manager = await self._game(interaction, game_id)
        side = manager.side_of(interaction.user.id)
        if manager.finished:
            raise GameFinished()
        if manager.variant != VARIANT:
            raise BotError("not_tuibei")
        game = manager.match.game
        if game.turn is not side:
            raise BotError("not_your_turn")
        menu = TileMenu.build(manager.id, verb, tile_actions(game, TILE_ACTIONS[verb]), lang)
        view = discord.ui.View(timeout=None)
        view.add_item(menu)
        await interaction.response.send_message(
            t(lang, f"tuibei.{verb}_prompt"), view=view, ephemeral=True
        )

    async def _game(self, interaction: discord.Interaction, game_id: int | None) -> GameManager:
        """The game meant: by number, else this channel's, else (in a DM) the caller's
        only running Tuibei game, or the only one where it is their turn."""
        hub = self.bot.hub
        if game_id is not None:
            try:
                record = await self.bot.store.load_game(game_id)
            except GameNotFound:
                raise BotError("unknown_game", id=game_id) from None
            if not await may_see(self.bot, record, interaction.user.id, interaction.guild_id):
                raise BotError("unknown_game", id=game_id)  # as for /export
            return await hub.get(game_id)
        if interaction.guild_id is not None:
            assert interaction.channel_id is not None
            return await hub.in_channel(interaction.channel_id)
        user_id = interaction.user.id
        games = await self._games_of(user_id)
        if len(games) > 1:
            games = [m for m in games if m.looks_like_turn(user_id)] or games
        if not games:
            raise BotError("no_tuibei_game")
        if len(games) > 1:
            raise BotError("several_games", games=", ".join(f"#{m.id}" for m in games))
        return games[0]

    async def _games_of(self, user_id: int) -> list[GameManager]:
        """The running Tuibei games of ``user_id``, oldest first."""
        games = await self.bot.hub.games_of(user_id)
        return [m for m in games if m.variant == VARIANT and not m.finished]

    # -- the menu -------------------------------------------------------------------

    async def on_tile_chosen(
        self, interaction: discord.Interaction, game_id: int, verb: str, values: list[str]
    ) -> None:
        """Play the chosen tile through the manager; refusals answer privately."""
        try:
            await self.bot.language_of(interaction)
            manager = await self.bot.hub.get(game_id)
            manager.side_of(interaction.user.id)
            text = values[0] if len(values) == 1 else ""
            try:
                chosen = parse_action(text)
            except InvalidActionText:
                raise BotError("bad_input") from None
            if not isinstance(chosen, TILE_ACTIONS[verb]):
                raise BotError("bad_input")
            await interaction.response.defer()
            report = await manager.move(interaction.user.id, chosen.text)
            await self.bot.services.publisher.acknowledge(
                interaction, report, "done.move", view=None
            )
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(TuibeiCog(bot))
