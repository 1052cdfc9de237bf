"""``python -m bot``: run the bot with the token and settings from ``.env``;
``python -m bot --sandbox``: try it in the browser without Discord."""

from __future__ import annotations

import logging
import sys

from .client import create_bot
from .settings import Settings


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--sandbox"]:
        from .sandbox import main as sandbox

        return sandbox(args[1:])
    settings = Settings.load()
    if not settings.token:
        print(
            "DISCORD_TOKEN is not set (copy .env.example to .env and fill it in),"
            " or try the bot without Discord: python -m bot --sandbox",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    create_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
