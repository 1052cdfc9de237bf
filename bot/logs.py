"""Logging for ``python -m bot``: Chuhan's own loggers at ``CHUHAN_LOG_LEVEL``,
everything else (the database driver, discord.py, Pillow) at
``CHUHAN_LIBRARY_LOG_LEVEL``, WARNING unless asked.

Libraries log what passes through them at DEBUG: aiosqlite every statement
with its parameters (a shuffle seed, a prediction tile), discord.py every
request body (a private DM). Chuhan's own lines name games, channels and
users, never a secret, so only they follow the level chosen for the bot.
"""

from __future__ import annotations

import logging

from .settings import Settings

OWN_LOGGERS = ("bot", "storage", "render", "rules", "computer")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(settings: Settings, handler: logging.Handler | None = None) -> None:
    """Send every log line to ``handler`` (stderr by default) at the levels above."""
    root = logging.getLogger()
    if handler is None:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(settings.library_log_level)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(settings.log_level)
