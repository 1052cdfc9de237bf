"""People's display names as the bot shows them.

A display name is whatever its owner typed: ``@everyone``, ``**bold**``, a
masked link ``[free nitro](https://…)`` or a mention ``<@&role>``. In a
message it is shown escaped, so it reads as the text it is and never
formats, links or mentions; in a thread name (which Discord shows as plain
text) those marks are dropped instead, since a backslash would show.
"""

from __future__ import annotations

import re

from discord.utils import escape_markdown, escape_mentions

from .i18n import t

THREAD_NAME_LIMIT = 100  # characters in a Discord thread name
_THREAD_NOISE = re.compile(r"[\\*`~|<>\[\]@#]+")


def shown(name: str) -> str:
    """``name`` as text in a message: no markdown, no masked link, no mention."""
    return escape_mentions(escape_markdown(name, ignore_links=False))


def plain(name: str) -> str:
    """``name`` for a thread title: its words without markup characters."""
    return " ".join(_THREAD_NOISE.sub(" ", name).split())


def thread_name(red: str, black: str, lang: str = "en") -> str:
    """The title of a game's thread, "red vs black" ("red 对 black"), in the
    server's public language and within Discord's limit."""
    text = t(lang, "thread.players", red=plain(red) or "?", black=plain(black) or "?")
    return text[:THREAD_NAME_LIMIT]
