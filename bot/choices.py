"""Choices and autocompletes shared by several commands."""

from __future__ import annotations

from discord import app_commands

from rules.standard import HANDICAPS
from rules.variant import find_variant, variants

from .timecontrol import PRESETS
from .variants import table_for

TIME_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]
COLOR_CHOICES = [app_commands.Choice(name=name, value=name) for name in ("random", "red", "black")]
HANDICAP_CHOICES = [app_commands.Choice(name=name, value=name) for name in HANDICAPS]
FORMAT_CHOICES = [app_commands.Choice(name=name, value=name) for name in ("pgn", "json", "gif")]
SCOPE_CHOICES = [app_commands.Choice(name=name, value=name) for name in ("server", "global")]


def playable() -> frozenset[str]:
    """The variants people may challenge each other to: every registered
    variant whose room does not say otherwise."""
    return frozenset(v.name for v in variants() if table_for(v.name).playable)


def variant_choices(
    typed: str, lang: str, only: frozenset[str] | None = None
) -> list[app_commands.Choice[str]]:
    """Variants (of ``only``, if given) whose name or title contains what was
    typed, titled in ``lang``."""
    needle = typed.strip().lower()
    found = []
    for variant in variants():
        if only is not None and variant.name not in only:
            continue
        title = variant.title_zh if lang == "zh" else variant.title_en
        haystack = " ".join((variant.name, variant.title_en, variant.title_zh, *variant.aliases))
        if needle in haystack.lower():
            found.append(app_commands.Choice(name=f"{title} ({variant.name})", value=variant.name))
    return found[:25]


def variant_title(name: str, lang: str) -> str:
    """A variant's title in ``lang``."""
    variant = find_variant(name)
    return variant.title_zh if lang == "zh" else variant.title_en
