"""``python -m bot``: run the bot with the token and settings from ``.env``;
``python -m bot --sandbox``: try it in the browser without Discord."""

from __future__ import annotations

import sys

import aiohttp
import discord

from .client import create_bot
from .logs import configure_logging
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
    configure_logging(settings)
    try:
        create_bot(settings).run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        print(
            f"Could not reach Discord ({exc.__class__.__name__}): check the network.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
