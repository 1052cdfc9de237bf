"""Third-generation xiangqi (fanbing) on Discord: ``/setup``, the private backs.

``/setup`` answers the caller alone with two messages: their pawns (four
menus, one per pawn on files a, c, e, g; choosing a back that another pawn
carries swaps the two, so the fifth pawn always carries the one left) and
their pairs (one menu naming which piece of each pair carries the first back),
with a random button per group, one for everything, and Done. Every choice is
stored at once through :mod:`bot.variants.fanbing.arranging` (the seed is the setups) and
redraws both messages (:mod:`bot.variants.fanbing.menus`); the channel hears only that
the setup is over. Flips and double flips are played
with ``/move`` like moves (``翻a9``, ``双翻d0``), which the rules read.

Custom ids carry the game (``chuhan:fb:<game>:<what>``), so the menus work
after a restart and in DMs.
"""

from __future__ import annotations

import logging
import random
import re
import secrets
from collections.abc import Awaitable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.pieces import Color, Kind
from rules.squares import FILES
from rules.variants.fanbing.backs import PAIRS, PAWN_BACKS, PAWN_FILES, Setup
from rules.variants.fanbing.game import back_label
from storage import GameNotFound

from ...errors import BotError, GameFinished
from ...i18n import t
from ...services import services_of
from . import arranging
from .menus import SetupMessages

if TYPE_CHECKING:
    from ...client import Chuhan
    from ...manager import GameManager

log = logging.getLogger(__name__)

VARIANT = "fanbing"
MENU_FILES = PAWN_FILES[:4]  # the fifth pawn carries the back left over
GROUPS = ("pawns", *PAIRS)


def summary(setup: Setup, side: Color, lang: str) -> str:
    """One player's backs in words: pawns left to right, then each pair."""
    pawns = " ".join(
        f"{FILES[file]}:{back_label(side, back)}"
        for file, back in zip(PAWN_FILES, setup.pawns, strict=True)
    )
    pairs = " · ".join(
        t(lang, f"fanbing.pair.{group}", file=FILES[getattr(setup, group)]) for group in PAIRS
    )
    return t(lang, "fanbing.summary", pawns=pawns, pairs=pairs)


def pawns_text(setup: Setup, side: Color, lang: str, chosen: bool = True) -> str:
    """The pawn message: what the menus are for, whether the setup is still the
    random one dealt, then the whole setup."""
    lines = [t(lang, "fanbing.pawns_prompt")]
    if not chosen:
        lines.append(t(lang, "fanbing.random_now"))
    return "\n".join([*lines, summary(setup, side, lang)])


def pairs_text(setup: Setup, side: Color, lang: str) -> str:
    """The pairs message: the whole setup, then what every back does."""
    return f"{summary(setup, side, lang)}\n{t(lang, 'fanbing.legend')}"


def done_text(setup: Setup, side: Color, lang: str, chosen: bool = True) -> str:
    """The end of a player's setup, saying so when it is the random one dealt."""
    note = t(lang, "fanbing.done_note" if chosen else "fanbing.done_random")
    return f"{note}\n{summary(setup, side, lang)}"


def _chosen(what: str) -> bool | None:
    """Whether a control makes the setup the player's own choice (``None``: as it
    was): a menu does; 🎲 Random everything deals a random one again."""
    if what == "random-all":
        return False
    if what.startswith("pawn-") or what == "pairs":
        return True
    return None


def with_pawn(setup: Setup, file: int, back: Kind) -> Setup:
    """``setup`` with ``back`` on the pawn of ``file``, swapped with its holder."""
    pawns = list(setup.pawns)
    at, holder = PAWN_FILES.index(file), pawns.index(back)
    pawns[at], pawns[holder] = pawns[holder], pawns[at]
    return replace(setup, pawns=tuple(pawns))


def with_pairs(setup: Setup, right: set[str]) -> Setup:
    """``setup`` with the first back of each pair in ``right`` on its right-hand piece."""
    files: dict[str, Any] = {group: PAIRS[group][0][1 if group in right else 0] for group in PAIRS}
    return replace(setup, **files)


class SetupItem(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=r"chuhan:fb:(?P<game>\d+):(?P<what>pawn-[aceg]|pairs|random-\w+|done)",
):
    """Any menu or button of the setup messages of game ``game``."""

    def __init__(self, game_id: int, what: str, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SetupItem:
        return cls(int(match["game"]), match["what"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = services_of(interaction).cogs.cog(FanbingCog)
        assert cog is not None
        values = list(getattr(self.item, "values", []))
        await cog.on_choice(interaction, self.game_id, self.what, values)


def _cid(game_id: int, what: str) -> str:
    return f"chuhan:fb:{game_id}:{what}"


def pawn_view(game_id: int, setup: Setup, side: Color, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for file in MENU_FILES:
        current = setup.pawns[PAWN_FILES.index(file)]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=_cid(game_id, f"pawn-{FILES[file]}"),
            placeholder=t(lang, "fanbing.pawn_placeholder", file=FILES[file]),
            options=[
                discord.SelectOption(
                    label=t(
                        lang,
                        "fanbing.pawn_option",
                        file=FILES[file],
                        piece=t(lang, f"piece.{k.value}"),
                    ),
                    value=k.value,
                    description=t(lang, f"fanbing.pawn_does.{k.value}"),
                    default=k is current,
                )
                for k in PAWN_BACKS
            ],
        )
        view.add_item(SetupItem(game_id, f"pawn-{FILES[file]}", select))
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=t(lang, "fanbing.random_pawns"), custom_id=_cid(game_id, "random-pawns"), row=4
    )
    view.add_item(SetupItem(game_id, "random-pawns", button))
    return view


def pairs_view(game_id: int, setup: Setup, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=_cid(game_id, "pairs"),
        placeholder=t(lang, "fanbing.pairs_placeholder"),
        min_values=0,
        max_values=len(PAIRS),
        options=[
            discord.SelectOption(
                label=t(lang, f"fanbing.right.{group}", file=FILES[files[1]]),
                value=group,
                description=t(lang, f"fanbing.pair_does.{group}"),
                default=getattr(setup, group) == files[1],
            )
            for group, (files, _, _) in PAIRS.items()
        ],
        row=0,
    )
    view.add_item(SetupItem(game_id, "pairs", select))
    for group in PAIRS:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(lang, f"fanbing.random.{group}"),
            custom_id=_cid(game_id, f"random-{group}"),
            row=1,
        )
        view.add_item(SetupItem(game_id, f"random-{group}", button))
    everything: discord.ui.Button[Any] = discord.ui.Button(
        label=t(lang, "fanbing.random_all"), custom_id=_cid(game_id, "random-all"), row=2
    )
    view.add_item(SetupItem(game_id, "random-all", everything))
    done: discord.ui.Button[Any] = discord.ui.Button(
        label=t(lang, "fanbing.done"),
        style=discord.ButtonStyle.success,
        custom_id=_cid(game_id, "done"),
        row=2,
    )
    view.add_item(SetupItem(game_id, "done", done))
    return view


async def _quietly(edit: Awaitable[object]) -> None:
    """Redraw a message the user may have dismissed, or whose token has expired:
    the menus in it still work, so a failure here is nobody's concern."""
    try:
        await edit
    except discord.HTTPException as exc:
        log.debug("could not redraw a /setup message: %s", exc)


class FanbingCog(commands.Cog, name="Fanbing"):
    """``/setup`` and its menus (named apart from the rules' ``Fanbing`` game)."""

    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot
        self.messages = SetupMessages(bot.now)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SetupItem)  # menus sent before a restart keep working

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SetupItem)

    @app_commands.command(
        name="setup", description="Third-generation xiangqi: arrange your secret backs"
    )
    @app_commands.describe(game="Game number (only needed in DMs when you play several games)")
    async def setup_backs(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = await self.bot.language_of(interaction)
        manager = await self._game(interaction, game)
        side, phase = self._phase(manager, interaction.user.id)
        setup = phase.setups[side]
        sent = await interaction.response.send_message(
            pawns_text(setup, side, lang, phase.chosen[side]),
            view=pawn_view(manager.id, setup, side, lang),
            ephemeral=True,
        )
        pairs = await interaction.followup.send(
            pairs_text(setup, side, lang),
            view=pairs_view(manager.id, setup, lang),
            ephemeral=True,
            wait=True,
        )
        self._prune()
        if sent.message_id is not None:
            user_id = interaction.user.id
            self.messages.open(manager.id, user_id, interaction, sent.message_id, pairs.id)

    def _prune(self) -> None:
        self.messages.prune({m.id for m in self.bot.hub.active() if m.setup_phase is not None})

    def _phase(self, manager: GameManager, user_id: int) -> tuple[Color, arranging.SetupPhase]:
        side = manager.side_of(user_id)
        if manager.finished:
            raise GameFinished()
        if manager.variant != VARIANT:
            raise BotError("not_fanbing")
        phase = arranging.phase_of(manager)
        if phase is None:
            raise BotError("setup_over")
        if phase.done[side]:
            raise BotError("setup_done")
        return side, phase

    async def _game(self, interaction: discord.Interaction, game_id: int | None) -> GameManager:
        """The game meant: by number, else this channel's, else (in a DM) the
        caller's only fanbing game still being set up."""
        hub = self.bot.hub
        if game_id is not None:
            try:
                return await hub.get(game_id)
            except GameNotFound:
                raise BotError("unknown_game", id=game_id) from None
        if interaction.guild_id is not None:
            assert interaction.channel_id is not None
            return await hub.in_channel(interaction.channel_id)
        games = [
            m
            for m in hub.active()
            if m.variant == VARIANT and interaction.user.id in m.ids and m.setup_phase is not None
        ]
        if len(games) != 1:
            raise BotError("no_fanbing_setup" if not games else "several_setups")
        return games[0]

    async def on_choice(
        self, interaction: discord.Interaction, game_id: int, what: str, values: list[str]
    ) -> None:
        """Apply one choice to the caller's setup, store it, redraw its message."""
        try:
            lang = await self.bot.language_of(interaction)
            manager = await self.bot.hub.get(game_id)
            async with manager.lock:
                side, phase = self._phase(manager, interaction.user.id)
                setup = phase.setups[side]
                rng = random.Random(secrets.randbits(64))
                if what.startswith("pawn-"):
                    if len(values) != 1 or values[0] not in {k.value for k in PAWN_BACKS}:
                        raise BotError("bad_input")
                    setup = with_pawn(setup, FILES.index(what[-1]), Kind(values[0]))
                elif what == "pairs":
                    if not set(values) <= set(PAIRS):
                        raise BotError("bad_input")
                    setup = with_pairs(setup, set(values))
                elif what == "random-all":
                    setup = Setup.random(rng)
                elif what.startswith("random-"):
                    group = what.removeprefix("random-")
                    if group not in GROUPS:
                        raise BotError("bad_input")
                    setup = setup.randomised(group, rng)
                done = what == "done"
                lines = await arranging.settle(manager, phase, side, setup, done, _chosen(what))
                report = None if lines is None else await manager.setup_report(lines)
                chose = phase.chosen[side]
            if what == "done":
                await interaction.response.edit_message(
                    content=done_text(setup, side, lang, chose), view=None
                )
            elif what.startswith("pawn-") or what == "random-pawns":
                await interaction.response.edit_message(
                    content=pawns_text(setup, side, lang, chose),
                    view=pawn_view(game_id, setup, side, lang),
                )
            else:
                await interaction.response.edit_message(
                    content=pairs_text(setup, side, lang), view=pairs_view(game_id, setup, lang)
                )
            if report is not None:
                await self.bot.services.publisher.publish(report)
            await self._redraw_others(interaction, manager, side, setup, lang, done=what == "done")
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)

    async def _redraw_others(
        self,
        interaction: discord.Interaction,
        manager: GameManager,
        side: Color,
        setup: Setup,
        lang: str,
        done: bool,
    ) -> None:
        """Show the new setup on the caller's latest /setup messages other than the
        one clicked (that one the click's response redrew), while their token lives."""
        user_id = interaction.user.id
        entry = self.messages.get(manager.id, user_id)
        if done:
            self.messages.close(manager.id, user_id)
        self._prune()
        if entry is None:
            return
        clicked = interaction.message.id if interaction.message is not None else None
        async with entry.lock:
            phase = arranging.phase_of(manager)  # now: a later click may have changed it
            chose = phase is None or phase.chosen[side]
            if phase is not None:
                setup = phase.setups[side]
            done = done or phase is None or phase.done[side]
            game_id, original = manager.id, entry.interaction
            if clicked != entry.pawns_id:
                await _quietly(
                    original.edit_original_response(
                        content=(done_text if done else pawns_text)(setup, side, lang, chose),
                        view=None if done else pawn_view(game_id, setup, side, lang),
                    )
                )
            if clicked != entry.pairs_id:
                await _quietly(
                    original.followup.edit_message(
                        entry.pairs_id,
                        content=(
                            done_text(setup, side, lang, chose)
                            if done
                            else pairs_text(setup, side, lang)
                        ),
                        view=None if done else pairs_view(game_id, setup, lang),
                    )
                )


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(FanbingCog(bot))
