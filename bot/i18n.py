"""Localisation: message catalogues per language and the slash-command translator.

Catalogues are TOML files: under ``bot/locales/``, ``en.toml`` and ``zh.toml``
plus one file per area such as ``en.computer.toml`` (merged in name order),
then the ``<lang>.toml`` files of each variant's room (``bot/variants/``,
whose ``catalogue`` names the folder), so a variant keeps its messages in its
own room, even one registered from outside the bot; nested tables flatten to
dotted keys (``[move] played`` is ``move.played``)
whose values are ``str.format`` templates. A key missing in a language falls
back to English, and a key missing everywhere shows as itself, so a gap is
visible but never an error.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import discord
from discord import app_commands

from .variants import catalogues

LANGUAGES = ("en", "zh")
DEFAULT_LANGUAGE = "en"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown placeholder as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogue:
    """Every message of every language, keyed by dotted names."""

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        self.tables = {lang: dict(table) for lang, table in tables.items()}
        # The keys worded apart for some value of a parameter: only these look for one.
        self._special = {k.partition("#")[0] for lang in tables.values() for k in lang if "#" in k}

    @classmethod
    def load(cls, rooms: tuple[Traversable, ...] = ()) -> Catalogue:
        """The shared files, then each folder of ``rooms`` in turn."""
        tables: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for folder in (resources.files("bot") / "locales", *rooms):
            files = sorted(
                (f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name
            )
            for file in files:
                lang = file.name.split(".")[0]
                if lang in tables:
                    tables[lang].update(_flatten(tomllib.loads(file.read_text(encoding="utf-8"))))
        return cls(tables)

    def get(self, lang: str, key: str) -> str | None:
        """The template for ``key`` in ``lang`` only (no fallback)."""
        return self.tables.get(lang, {}).get(key)

    def text(self, lang: str, key: str, /, **params: Any) -> str:
        """The message ``key`` in ``lang`` (else English, else the key), filled in.

        A catalogue may word a message for one value of a parameter, as a
        count that needs its own grammar: ``undone#plies=1`` is ``undone``
        when ``plies`` is 1."""
        for name, value in params.items() if key in self._special else ():
            special = f"{key}#{name}={value}"
            template = self.get(lang, special) or self.get(DEFAULT_LANGUAGE, special)
            if template is not None:
                return template.format_map(_Params(params))
        template = self.get(lang, key) or self.get(DEFAULT_LANGUAGE, key) or key
        return template.format_map(_Params(params))


def catalogue() -> Catalogue:
    """The catalogue of the shared files and every registered room, read once
    for each set of rooms (a room registered later is read in then)."""
    return _catalogue_of(catalogues())


@cache
def _catalogue_of(rooms: tuple[Traversable, ...]) -> Catalogue:
    return Catalogue.load(rooms)


def t(lang: str, key: str, /, **params: Any) -> str:
    """Shortcut for ``catalogue().text``."""
    return catalogue().text(lang, key, **params)


def language_for(locale: discord.Locale | str | None, chosen: str | None = None) -> str:
    """The reply language: the player's choice in ``/settings``, else their Discord locale."""
    if chosen in LANGUAGES:
        return chosen
    return "zh" if str(locale or "").lower().startswith("zh") else DEFAULT_LANGUAGE


def _command_key(command: Any) -> str:
    return "command." + command.qualified_name.replace(" ", ".")


class CommandTranslator(app_commands.Translator):
    """Chinese names and descriptions of commands, options and choices.

    Keys are derived from where the string sits, so command code keeps plain
    English strings: ``command.<name>.name``, ``command.<name>.description``,
    ``command.<name>.<option>.name`` / ``.description`` and ``choice.<value>``.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_for(locale)
        if lang == DEFAULT_LANGUAGE:
            return None
        where = context.location
        data: Any = context.data  # a command, a parameter or a choice, by ``where``
        loc = app_commands.TranslationContextLocation
        if where in (loc.command_name, loc.group_name):
            key = _command_key(data) + ".name"
        elif where in (loc.command_description, loc.group_description):
            key = _command_key(data) + ".description"
        elif where is loc.parameter_name:
            key = f"{_command_key(data.command)}.{data.name}.name"
        elif where is loc.parameter_description:
            key = f"{_command_key(data.command)}.{data.name}.description"
        elif where is loc.choice_name:
            key = f"choice.{data.value}"
        else:
            key = string.extras.get("key", "")
        return catalogue().get(lang, key)
