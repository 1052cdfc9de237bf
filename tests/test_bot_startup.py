"""Start-up: settings from the environment, extensions that fail, the entry point."""

from __future__ import annotations

import logging

from bot import Settings, __main__, client


def test_settings_from_the_environment(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nCHUHAN_DEV_GUILD=42\nCHUHAN_DB=x.sqlite3\n")
    settings = Settings.load(str(env_file))
    assert (settings.token, settings.dev_guild, settings.db_path) == ("from-file", 42, "x.sqlite3")
    assert settings.log_level == "INFO" and not settings.message_moves
    loaded = Settings.from_mapping({"CHUHAN_MESSAGE_MOVES": "yes", "CHUHAN_LOG_LEVEL": "debug"})
    assert loaded.message_moves and loaded.log_level == "DEBUG" and loaded.dev_guild is None


def test_no_token_no_start(monkeypatch, capsys):
    monkeypatch.setattr(Settings, "load", classmethod(lambda cls: Settings(token="")))
    assert __main__.main() == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


async def test_a_failing_extension_is_logged(settings, caplog, monkeypatch):
    import simcord

    monkeypatch.setattr(client, "EXTENSIONS", ("bot.cogs.nowhere", "bot.cogs.guide"))
    bot = client.create_bot(settings)
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("c")
            member = guild.add_member(env.create_user("dora"))
            result = await member.slash(channel, "help")
            assert "/challenge" in result.response.content
    await bot.store.close()
    assert "extension bot.cogs.nowhere failed to load" in caplog.text


async def test_a_started_bot_spares_the_collector_its_start_up(settings):
    """Once started, the objects made so far are left out of the collector's
    walks and young collections are spaced out (bot/collector.py)."""
    import gc

    import simcord

    from bot import collector

    defaults = gc.get_threshold()
    collector.settle_collector.cache_clear()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    bot = client.create_bot(settings)
    try:
        async with simcord.run(bot):
            assert gc.get_freeze_count() > 0
            assert gc.get_threshold() == (
                collector.YOUNG_COLLECTION_AFTER,
                collector.OLDER_COLLECTION_AFTER,
                collector.OLDER_COLLECTION_AFTER,
            )
        await bot.store.close()
    finally:
        gc.set_threshold(*defaults)
