"""Logging: CHUHAN_LOG_LEVEL sets Chuhan's own loggers only; libraries stay at
WARNING unless asked; a whole hidden-information game at DEBUG logs no secret."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot import Settings
from bot.logs import OWN_LOGGERS, configure_logging
from tests.conftest import Table
from tests.test_bot_jieqi import play_through, seed_queue
from tests.test_bot_tuibei import _game_in, choose

SEED = 0x5EC2_E7A1_B0C3  # big enough to be found if it leaks


class Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @property
    def text(self) -> str:
        return "\n".join(f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in self.records)


@pytest.fixture
def logged() -> Iterator[tuple[Collected, Settings]]:
    """Logging configured as ``python -m bot`` does with ``CHUHAN_LOG_LEVEL=DEBUG``."""
    names = ["", *OWN_LOGGERS, "aiosqlite", "discord"]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names[1:]:  # as in a fresh process: an earlier test may have set one
        logging.getLogger(name).setLevel(logging.NOTSET)
    handler = Collected()
    configure_logging(Settings.from_mapping({"CHUHAN_LOG_LEVEL": "debug"}), handler)
    yield handler, Settings()
    logging.getLogger().removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def test_levels_apply_to_our_loggers_and_libraries_stay_at_warning(logged):
    assert logging.getLogger("bot.manager").isEnabledFor(logging.DEBUG)
    assert logging.getLogger("storage.store").isEnabledFor(logging.DEBUG)
    for library in ("aiosqlite", "discord.http", "PIL"):
        assert not logging.getLogger(library).isEnabledFor(logging.INFO), library
        assert logging.getLogger(library).isEnabledFor(logging.WARNING), library
    asked = Settings.from_mapping({"CHUHAN_LIBRARY_LOG_LEVEL": "debug"})
    assert asked.library_log_level == "DEBUG" and asked.log_level == "INFO"


async def test_a_whole_hidden_game_at_debug_logs_no_secret(table: Table, logged, monkeypatch):
    handler, _ = logged
    seed_queue(monkeypatch).extend([SEED, 7])
    thread = await table.start(variant="jieqi-classic")
    match = await play_through(table, thread, "jieqi-classic", SEED)
    assert match.outcome is not None
    told = [
        m.content
        for player in (table.alice, table.bob)
        for m in player.user.dm_channel.history()
        if "Only you" in m.content
    ]
    assert told  # the capturer learned a face-down piece: a secret of its own
    # A Tuibei prediction, the other kind of secret.
    tuibei = await _game_in(table, table.guild.create_text_channel("tuibei"), table.bob)
    await choose(table.alice, tuibei, "predict", "?r")
    await table.bob.slash(tuibei, "resign")

    text = handler.text
    assert "bot.manager game 1: entry 0 committed" in text  # our DEBUG lines are there
    for secret in (str(SEED), hex(SEED), f"{SEED:x}", "?r", "chariot", *told):
        assert secret not in text, secret


def test_python_m_bot_configures_logging_this_way(monkeypatch):
    from bot import __main__

    monkeypatch.setattr(
        Settings, "load", classmethod(lambda cls: Settings(token="t", log_level="DEBUG"))
    )
    root = logging.getLogger()
    handlers, levels = list(root.handlers), {n: logging.getLogger(n).level for n in OWN_LOGGERS}
    seen = {}

    class Bot:
        def run(self, token: str, log_handler: object) -> None:
            seen["bot"] = logging.getLogger("bot.manager").getEffectiveLevel()
            seen["driver"] = logging.getLogger("aiosqlite").getEffectiveLevel()
            seen["handler"] = log_handler

    monkeypatch.setattr(__main__, "create_bot", lambda settings: Bot())
    root_level = root.level
    try:
        assert __main__.main() == 0
    finally:
        root.handlers[:] = handlers
        root.setLevel(root_level)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    assert seen == {"bot": logging.DEBUG, "driver": logging.WARNING, "handler": None}
