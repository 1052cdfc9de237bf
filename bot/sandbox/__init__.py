"""``python -m bot --sandbox``: try Chuhan in the browser, without Discord.

The real bot (the same ``create_bot``, on a SQLite file of its own) runs in a
SimCord world (see ``world``); SimCord's browser preview shows the
``#xiangqi`` channel to each member through their own loopback address (see
``doors``), and a ticker runs the clock (see ``clock``). It is a way to try
and to develop, not a server: it listens on 127.0.0.1 only and stops on
Ctrl-C with its games kept in its file.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

DEFAULT_DB = "chuhan-sandbox.sqlite3"


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot --sandbox",
        description="Play with the bot in your browser, in a simulated Discord server.",
    )
    parser.add_argument(
        "--db", default=DEFAULT_DB, help=f"the sandbox's games (default {DEFAULT_DB})"
    )
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        help="first of the three members' ports (default: any free ones)",
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    options = parse(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)  # voice support, intents of the fake login
    try:
        from .stage import Stage
    except ImportError as exc:  # an install without SimCord's preview extra
        print(f"error: the sandbox needs simcord[preview]: {exc}", file=sys.stderr)
        return 2

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        async with Stage(options.db, options.port) as stage:
            print(stage.welcome(), flush=True)
            ended = asyncio.create_task(stage.preview.wait_closed())  # "End preview session"
            await asyncio.wait(
                (asyncio.create_task(stop.wait()), ended), return_when=asyncio.FIRST_COMPLETED
            )
            for signum in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C interrupts
                loop.remove_signal_handler(signum)
        print(f"Sandbox stopped; its games are kept in {options.db}", flush=True)

    try:
        asyncio.run(run())
    except OSError as exc:  # a port taken or not allowed
        print(f"error: the sandbox could not listen: {exc}", file=sys.stderr)
        return 2
    return 0
