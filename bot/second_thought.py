"""A move that loses at once is asked about first, as a person across the
board would warn: naming the advisor that does not carry the king in a
double flip of third-generation xiangqi ends the game on the spot.

Only what the mover alone decides is checked (their own backs), never what
an opponent's secret would do, so the question tells them nothing new. The
question is private, with two buttons whose custom ids are their whole
state (``chuhan:sure:<game>:<ply>:<action>``, ``-`` for keeping the move
back): they work after a restart, and refuse once the game has moved on.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from rules.actions import Action
from rules.errors import RulesError

from .capabilities import button_services
from .game_facts import GameFacts
from .i18n import t
from .variants import table_for

KEEP = "-"


def loses_at_once(manager: GameFacts, user_id: int, text: str) -> Action | None:
    """The action ``text`` names when, played now by ``user_id``, it would lose
    the game at once by the mover's own doing; else ``None`` (and any other
    problem is left for the move itself to refuse)."""
    game = manager.match.game
    if manager.finished or manager.setup_phase is not None:
        return None
    if manager.ids[game.turn] != user_id:
        return None
    try:
        action = game.parse(text)
    except RulesError:
        return None
    if not table_for(manager.variant).second_thought(action):  # the room says which
        return None
    trial = type(game).replay([*game.actions, action], game.options, game.seed)
    outcome = trial.outcome()
    return action if outcome is not None and outcome.winner is game.turn.other() else None


class SureButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:sure:(?P<game>\d+):(?P<ply>\d+):(?P<action>[a-i][0-9]~[a-i][0-9]|-)",
):
    """Play the move asked about anyway, or keep it back (``action`` ``-``)."""

    def __init__(self, game_id: int, ply: int, action: str, lang: str = "en") -> None:
        keep = action == KEEP
        super().__init__(
            discord.ui.Button(
                label=t(lang, "sure.keep" if keep else "sure.play"),
                style=discord.ButtonStyle.secondary if keep else discord.ButtonStyle.danger,
                custom_id=f"chuhan:sure:{game_id}:{ply}:{action}",
            )
        )
        self.game_id, self.ply, self.action = game_id, ply, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SureButton:
        return cls(int(match["game"]), int(match["ply"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        answers = button_services(interaction).cogs.answers
        if answers is not None:  # the play cog that asked is loaded
            await answers.on_sure(interaction, self.game_id, self.ply, self.action)


def sure_view(game_id: int, ply: int, action: Action, lang: str) -> discord.ui.View:
    """The two answers to the question about ``action`` at ``ply``."""
    view = discord.ui.View(timeout=None)
    view.add_item(SureButton(game_id, ply, action.text, lang))
    view.add_item(SureButton(game_id, ply, KEEP, lang))
    return view
