"""Persistent buttons: their state is their custom id, so they work after a restart.

Registered once with ``bot.add_dynamic_items`` in ``setup_hook``. Callbacks
hand the click to the play cog's answers (``Capabilities.answers``, reached
through the client's services); no game rule lives here.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from .capabilities import ButtonAnswers, button_services
from .i18n import t


def _play(interaction: discord.Interaction) -> ButtonAnswers:
    answers = button_services(interaction).cogs.answers
    assert answers is not None, "the play cog is not loaded"
    return answers


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button about one game whose custom id is its whole state. Subclasses
    give their template (with a ``game`` group), the custom id as a format of
    ``game``, the label's catalogue key, a style and the callback. The base's
    template matches nothing: it is never registered itself."""

    id_format: ClassVar[str]
    label_key: ClassVar[str]
    button_style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, self.label_key),
                style=self.button_style,
                custom_id=self.id_format.format(game=game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]))


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:ch:(?P<id>\d+):(?P<answer>accept|decline)",
):
    """Accept or decline challenge ``id``."""

    def __init__(self, challenge_id: int, answer: str, lang: str = "en") -> None:
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label=t(lang, f"button.{answer}"),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"chuhan:ch:{challenge_id}:{answer}",
            )
        )
        self.challenge_id = challenge_id
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).on_challenge_button(interaction, self.challenge_id, self.accept)


class RequestButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:g:(?P<game>\d+):(?P<kind>draw|undo):(?P<answer>accept|decline)",
):
    """Answer the pending draw offer or undo request of game ``game``."""

    def __init__(self, game_id: int, kind: str, answer: str, lang: str = "en") -> None:
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label=t(lang, f"button.{answer}"),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"chuhan:g:{game_id}:{kind}:{answer}",
            )
        )
        self.game_id = game_id
        self.kind = kind
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RequestButton:
        return cls(int(match["game"]), match["kind"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).on_request_button(
            interaction, self.game_id, self.kind, self.accept
        )


def challenge_view(challenge_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept", lang))
    view.add_item(ChallengeButton(challenge_id, "decline", lang))
    return view


def request_view(game_id: int, kind: str, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RequestButton(game_id, kind, "accept", lang))
    view.add_item(RequestButton(game_id, kind, "decline", lang))
    return view
