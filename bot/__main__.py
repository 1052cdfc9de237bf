"""``python -m bot``: run the bot with the token and settings from ``.env``."""

from __future__ import annotations

import sys

from .client import create_bot
from .logs import configure_logging
from .settings import Settings


def main() -> int:
    settings = Settings.load()
    if not settings.token:
        print(
            "DISCORD_TOKEN is not set (copy .env.example to .env and fill it in).", file=sys.stderr
        )
        return 2
    configure_logging(settings)
    create_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
