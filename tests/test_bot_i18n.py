"""The catalogues: same keys in every language, every key the code uses exists,
and the command translator gives every command and option a Chinese name."""

from __future__ import annotations

import re
from pathlib import Path

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, Catalogue, CommandTranslator, catalogue, language_for

BOT = Path(__file__).resolve().parent.parent / "bot"


def test_every_language_has_the_same_keys():
    tables = catalogue().tables
    english = set(tables["en"])
    for lang in LANGUAGES:
        assert set(tables[lang]) == english, lang


def test_placeholders_agree_between_languages():
    tables = catalogue().tables
    for key, template in tables["en"].items():
        for lang in LANGUAGES:
            found = set(re.findall(r"{(\w+)}", tables[lang][key]))
            assert found == set(re.findall(r"{(\w+)}", template)), (lang, key)


def test_literal_keys_in_the_code_exist():
    keys = set(catalogue().tables["en"])
    pattern = re.compile(r"""(?:\bt\(\s*\w+,\s*|Line\(\s*|BotError\(\s*|Term\(\s*)"([\w.-]+)\"""")
    for path in BOT.rglob("*.py"):
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            full = key if "." in key else f"error.{key}"
            assert full in keys, f"{path.name}: {full}"


def test_fallbacks():
    cat = Catalogue({"en": {"a": "A {x}", "b": "B"}, "zh": {"a": "甲 {x}"}})
    assert cat.text("zh", "a", x=1) == "甲 1"
    assert cat.text("zh", "b") == "B"  # missing in Chinese: English
    assert cat.text("zh", "c") == "c"  # missing everywhere: the key shows
    assert cat.text("en", "a") == "A {x}"  # a missing parameter stays visible


def test_language_choice():
    assert language_for(discord.Locale.chinese) == "zh"
    assert language_for(discord.Locale.taiwan_chinese) == "zh"
    assert language_for(discord.Locale.french) == "en"
    assert language_for(discord.Locale.chinese, "en") == "en"
    assert language_for(None, "zh") == "zh"


async def test_every_command_and_option_has_a_chinese_name(simcord_env):
    tree = simcord_env.bot.tree
    translator = CommandTranslator()
    loc = app_commands.TranslationContextLocation
    zh = discord.Locale.chinese
    for command in tree.walk_commands():
        for where in (loc.command_name, loc.command_description):
            context = app_commands.TranslationContext(where, command)
            assert await translator.translate(app_commands.locale_str(""), zh, context), (
                command.name
            )
        for parameter in getattr(command, "parameters", ()):  # a group has none
            for where in (loc.parameter_name, loc.parameter_description):
                context = app_commands.TranslationContext(where, parameter)
                text = await translator.translate(app_commands.locale_str(""), zh, context)
                assert text, (command.name, parameter.name, where)
            for choice in parameter.choices:
                context = app_commands.TranslationContext(loc.choice_name, choice)
                assert await translator.translate(choice.name, zh, context), choice.value
    english = app_commands.TranslationContext(loc.command_name, tree.get_commands()[0])
    assert (
        await translator.translate(
            app_commands.locale_str(""), discord.Locale.british_english, english
        )
        is None
    )
