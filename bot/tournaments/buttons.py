"""The Join and Leave buttons of a tournament's announcement: persistent
(their custom id is their state), handed to the tournament cog's answers."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from ..capabilities import button_services
from ..i18n import t


@runtime_checkable
class Entries(Protocol):
    """The tournament cog's answer to a Join or Leave click (found among the
    loaded cogs: this module is below the cog, which imports it)."""

    async def on_entry(
        self, interaction: discord.Interaction, tournament_id: int, join: bool
    ) -> None: ...


class EntryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:tn:(?P<id>\d+):(?P<answer>join|leave)",
):
    """Join tournament ``id``, or leave it (after the start: withdraw)."""

    def __init__(self, tournament_id: int, answer: str, lang: str = "en") -> None:
        join = answer == "join"
        super().__init__(
            discord.ui.Button(
                label=t(lang, f"tournament.button.{answer}"),
                style=discord.ButtonStyle.success if join else discord.ButtonStyle.secondary,
                custom_id=f"chuhan:tn:{tournament_id}:{answer}",
            )
        )
        self.tournament_id = tournament_id
        self.join = join

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EntryButton:
        return cls(int(match["id"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cogs = button_services(interaction).cogs
        answers = next((c for c in cogs.loaded.values() if isinstance(c, Entries)), None)
        assert answers is not None, "the tournament cog is not loaded"
        await answers.on_entry(interaction, self.tournament_id, self.join)


def entry_view(tournament_id: int, lang: str, *, joining: bool) -> discord.ui.View:
    """Join and Leave while it takes entrants; Leave (withdraw) alone once it runs."""
    view = discord.ui.View(timeout=None)
    if joining:
        view.add_item(EntryButton(tournament_id, "join", lang))
    view.add_item(EntryButton(tournament_id, "leave", lang))
    return view
