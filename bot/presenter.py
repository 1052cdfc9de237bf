"""Words for reports and errors, in the reader's language and notation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from discord import app_commands

from rules.errors import RulesError
from storage import StorageUnavailable

from .errors import BotError, DatabaseAway
from .i18n import catalogue, t
from .report import Line, Moves, Term, Title

ECHO_LIMIT = 40  # characters of a user's input quoted back in a refusal


def _resolve(value: Any, lang: str, style: str) -> Any:
    if isinstance(value, Term):
        return t(lang, value.key)
    if isinstance(value, Title):
        return value.zh if lang == "zh" else value.en
    if isinstance(value, Moves):
        spelled = value.by_style
        return spelled.get(f"{style}@{lang}") or spelled.get(style) or spelled.get("iccs", "")
    return value


def say(line: Line, lang: str, style: str = "chinese") -> str:
    """One line in ``lang``, moves written in ``style``."""
    params = {key: _resolve(value, lang, style) for key, value in line.params.items()}
    return t(lang, line.key, **params)


def text_of(lines: Iterable[Line], lang: str, style: str = "chinese") -> str:
    return "\n".join(say(line, lang, style) for line in lines)


def error_text(error: BaseException, lang: str) -> str | None:
    """The private answer to a refused action, or ``None`` for an unexpected error."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StorageUnavailable):  # any other store call than a commit
        error = DatabaseAway()
    if isinstance(error, BotError):
        return say(Line(f"error.{error.key}", error.params), lang)
    if isinstance(error, RulesError):
        return _rules_text(error, lang)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(lang, "error.guild_only")
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return t(lang, "error.bad_input")
    return None


def _rules_text(error: RulesError, lang: str) -> str:
    """The most specific catalogue message for a rules refusal: by its reason
    (or a notation error's problem), else by its code when the input it names
    is known (as the game's variant words it, ``rules.<variant>.<code>``, if it
    does), else a generic one."""
    params = {key: _clip(str(value)) for key, value in error.params.items()}
    params.setdefault("text", params.get("move", ""))
    keys = [f"rules.{params[name]}" for name in ("reason", "problem") if name in params]
    if params["text"] or error.code in ("game_over", "unknown_variant"):
        if "variant" in params:  # a variant may explain its own refusals
            keys.append(f"rules.{params['variant']}.{error.code}")
        keys.append(f"rules.{error.code}")
    for key in keys:
        if catalogue().get("en", key) is not None:
            return t(lang, key, **params)
    return t(lang, "rules.generic", detail=_clip(str(error), 200))


def _clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """What a user typed, cut short for quoting it back: an option may hold 6000
    characters and a Discord message at most 2000."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
