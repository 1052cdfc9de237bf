"""``python -m benchmarks.fault_soak [GAMES] [PLIES] [SEED]``: games played
through SimCord while the world misbehaves, then checked.

Third-generation games (their backs are the secret) and one standard game
against the computer are played by random moves while, at random, Discord
answers sends with 500/502/503/504/429, the gateway drops for a minute or
two, the SQLite file is locked by another process during an action, and
Fairy-Stockfish is killed before the computer's move. The whole run is
made twice with the same moves and faults, each time with other random
setups. At the end it checks:

* every acknowledged move is stored exactly once, and no refused one is;
  the computer answered each one (from the built-in search when its engine
  was killed);
* every game's thread names the stored moves in order, each once;
* no message in Discord carries a traceback, and the bot raised nothing but
  the refusals it answered;
* no public message depends on a secret: both runs' third-generation threads
  are identical, texts and images, up to each game's end (which shows every
  back).

Prints the figures (actions, faults of each kind, lost, duplicated, leaks)
and exits 1 on any failed check. CI runs a short version
(tests/test_fault_soak.py); BENCHMARKS.md has a long one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import discord
import simcord

import storage.sqlite.connection
from bot import Settings, create_bot, sending
from bot.errors import BotError, DatabaseAway
from bot.presenter import error_text
from rules.actions import Move
from rules.errors import RulesError
from rules.notation import format_move
from rules.pieces import Color
from rules.position import Position

# Short waits, so that a run is quick: the faults are the same, only shorter.
BUSY_MS = 200
GATEWAY_SECONDS = (40.0, 120.0)
FAULTS = ("none", "http", "gateway", "database", "engine")
WEIGHTS = (70, 15, 7, 8, 0)  # the third-generation games
COMPUTER_WEIGHTS = (0, 0, 0, 0, 1)  # the computer's game: its engine dies whenever it is up
HTTP_STATUSES = (500, 502, 503, 504, 429)
REFUSED = error_text(DatabaseAway(), "en")
_IDS = re.compile(r"<[@#]!?\d+>|https://discord\.com/channels/\S+|\d{15,}")
_BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass
class Figures:
    """What one run did and found."""

    actions: int = 0
    acknowledged: int = 0
    refused: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    duplicated: int = 0
    phantom: int = 0  # refused, yet stored
    unanswered: int = 0  # human moves the computer did not answer
    thread_mismatches: int = 0
    tracebacks: int = 0
    errors: int = 0
    threads: list[list[object]] = field(default_factory=list)


@dataclass
class Game:
    thread: simcord.ChannelHandle
    red: simcord.MemberActor
    black: simcord.MemberActor | None  # None: the computer plays Black
    acknowledged: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def _domain(error: BaseException) -> bool:
    original = getattr(error, "original", error)
    return isinstance(original, BotError | RulesError)


@contextlib.contextmanager
def _locked(path: str) -> Iterator[None]:
    """Another process holds the file's write lock."""
    other = sqlite3.connect(path, timeout=0)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
    finally:
        other.rollback()
        other.close()


async def _open_games(env: simcord.Env, channel: simcord.ChannelHandle, count: int) -> list[Game]:
    guild = channel.guild
    games = []
    for i in range(count):
        red = guild.add_member(env.create_user(f"red{i}"))
        black = guild.add_member(env.create_user(f"black{i}"))
        await red.slash(channel, "challenge", opponent=black, variant="fanbing", color="red")
        offer = channel.last_message
        accept = next(
            child.custom_id
            for row in offer.components
            for child in row.children
            if child.custom_id and child.custom_id.endswith("accept")
        )
        await black.click(offer, custom_id=accept)
        thread = channel.threads[-1]
        for player in (red, black):  # keep the random setup
            shown = await player.slash(thread, "setup")
            pairs = shown.followups[0]
            game_id = env.bot.hub.here(thread.id).id
            await player.click(pairs, custom_id=f"chuhan:fb:{game_id}:done")
        games.append(Game(thread, red, black))
    return games


async def _open_computer_game(env: simcord.Env, channel: simcord.ChannelHandle) -> Game:
    solo = channel.guild.add_member(env.create_user("solo"))
    await solo.slash(channel, "play computer", variant="xiangqi", level=1, color="red")
    return Game(channel.threads[-1], solo, None)


def _kill_engine(env: simcord.Env) -> bool:
    """Kill Fairy-Stockfish as it waits for the computer's next move."""
    computer = env.bot.services.cogs.computer
    fairy = None if computer is None else computer.opponent.fairy
    engine = None if fairy is None else fairy.engine.engine
    if engine is None:  # none installed, or still coming back from the last kill
        return False
    os.kill(engine.process.pid, signal.SIGKILL)
    return True


async def _fault(
    env: simcord.Env, rng: random.Random, game: Game, figures: Figures, weights: tuple[int, ...]
) -> str:
    """Maybe break something before the next action; what was broken."""
    kind = rng.choices(FAULTS, weights)[0]
    if kind == "engine" and (game.black is not None or not _kill_engine(env)):
        kind = "none"
    if kind == "http":
        status = rng.choice(HTTP_STATUSES)
        env.inject_error("POST", "/channels/*/messages", status=status, times=rng.randint(1, 2))
    elif kind == "gateway":
        shard = env.bot.get_shard(0)
        await shard.disconnect()
        await env.advance_time(rng.uniform(*GATEWAY_SECONDS))
        await shard.reconnect()
        await env.advance_time(env.bot.settings.sweep_seconds)
    if kind != "none":
        figures.faults[kind] += 1
    return kind


async def _play(
    env: simcord.Env,
    games: list[Game],
    plies: int,
    rng: random.Random,
    db: str,
    figures: Figures,
    weights: tuple[int, ...] = WEIGHTS,
) -> None:
    for _ in range(plies * len(games)):
        live = [g for g in games if env.bot.hub.here(g.thread.id) is not None]
        if not live:
            break
        game = rng.choice(live)
        manager = env.bot.hub.here(game.thread.id)
        assert manager is not None
        moves = sorted(
            (a.text for a in manager.match.game.legal_actions() if isinstance(a, Move)),
        )
        if not moves:
            continue
        text = rng.choice(moves)
        player = game.red if manager.match.game.turn is Color.RED else game.black
        if player is None:  # the computer's turn: it thinks in another process
            await env.advance_time(1)
            continue
        kind = await _fault(env, rng, game, figures, weights)
        with _locked(db) if kind == "database" else contextlib.nullcontext():
            result = await player.slash(game.thread, "move", move=text)
        figures.actions += 1
        reply = (result.followups[-1] if result.followups else result.response).content
        if reply == REFUSED:
            figures.refused += 1
            game.refused.append(text)
        else:
            figures.acknowledged += 1
            game.acknowledged.append(text)


async def _check(env: simcord.Env, games: list[Game], figures: Figures) -> None:
    store = env.bot.store
    for game in games:
        record = await store.latest_game_in_channel(game.thread.id)
        assert record is not None
        stored = [e.text for e in record.entries if not e.text.startswith("@")]
        notated = _notated(stored)  # every move the thread must name, the computer's too
        if game.black is None:  # the computer's replies: answered, then set aside
            replies = stored[1::2]
            figures.unanswered += (
                len(game.acknowledged)
                - len(replies)
                - (record.status.value != "active" and len(stored) % 2)
            )
            stored = stored[0::2]
        figures.lost += max(0, len(game.acknowledged) - len(stored))
        figures.duplicated += max(0, len(stored) - len(game.acknowledged))
        if stored[: len(game.acknowledged)] != game.acknowledged:
            figures.lost += 1
        figures.phantom += sum(
            1 for text in game.refused if stored.count(text) > game.acknowledged.count(text)
        )
        history = game.thread.history()
        named = [b for m in history if m.author.bot for b in _BOLD.findall(m.content)]
        if notated != [b for b in named if b in notated]:
            figures.thread_mismatches += 1
        figures.tracebacks += sum("Traceback" in m.content for m in history)
        if game.black is not None:
            figures.threads.append(await _public(history))
    figures.errors = sum(1 for e in env.errors if not _domain(e))


def _notated(moves: list[str]) -> list[str]:
    """The stored moves in Chinese notation, as the thread names them."""
    position = Position.start()
    out = []
    for text in moves:
        move = Move.from_iccs(text)
        out.append(format_move(position, move, "chinese"))
        position.push_unchecked(move)
    return out


async def _public(history: list[discord.Message]) -> list[object]:
    """A thread's texts and images up to the game's end, ids left out."""
    out: list[object] = []
    for message in history:
        if "🏁" in message.content:
            break
        out.append(_IDS.sub("#", message.content))
        out += [await a.read() for a in message.attachments]
    return out


async def run_once(games: int, plies: int, seed: int, folder: Path) -> Figures:
    """One run on a fresh SQLite file in ``folder``."""
    db = str(folder / f"soak-{len(list(folder.iterdir()))}.sqlite3")
    bot = create_bot(Settings(db_path=db, shard_count=1))
    env = simcord.Env(bot, check_errors=False)
    await env.start()
    try:
        with env.time_context():
            channel = env.create_guild("soak").create_text_channel("xiangqi")
            figures, rng = Figures(), random.Random(seed)
            # First the games whose secrets are compared between the two runs,
            # then the computer's, whose engine (and so its timing) varies.
            opened = await _open_games(env, channel, games)
            await _play(env, opened, plies, rng, db, figures)
            opened.append(await _open_computer_game(env, channel))
            await _play(env, opened[-1:], plies, rng, db, figures, COMPUTER_WEIGHTS)
            await _check(env, opened, figures)
    finally:
        await env.shutdown()
        await bot.store.close()
    return figures


async def soak(games: int, plies: int, seed: int) -> tuple[Figures, int]:
    """Two runs differing only in their secrets; (first run's figures, leaks)."""
    storage.sqlite.connection.BUSY_TIMEOUT_MS = BUSY_MS
    sending.FIRST_PAUSE = 0.0
    with tempfile.TemporaryDirectory() as folder:
        first = await run_once(games, plies, seed, Path(folder))
        second = await run_once(games, plies, seed, Path(folder))
    leaks = sum(a != b for a, b in zip(first.threads, second.threads, strict=True))
    return first, leaks


def report(figures: Figures, leaks: int) -> list[str]:
    faults = ", ".join(f"{kind} {figures.faults[kind]}" for kind in FAULTS[1:])
    return [
        f"actions: {figures.actions} (acknowledged {figures.acknowledged},"
        f" refused {figures.refused})",
        f"faults: {faults}",
        f"lost: {figures.lost}; duplicated: {figures.duplicated}; stored though refused:"
        f" {figures.phantom}; unanswered by the computer: {figures.unanswered}",
        f"threads out of step: {figures.thread_mismatches}; tracebacks: {figures.tracebacks};"
        f" unexpected errors: {figures.errors}; leaks: {leaks}",
    ]


def failed(figures: Figures, leaks: int) -> bool:
    return any(
        (
            figures.lost,
            figures.duplicated,
            figures.phantom,
            figures.unanswered,
            figures.thread_mismatches,
            figures.tracebacks,
            figures.errors,
            leaks,
        )
    )


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.ERROR)  # the refusals it provokes are expected
    games = int(argv[0]) if argv else 8
    plies = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    figures, leaks = asyncio.run(soak(games, plies, seed))
    for line in report(figures, leaks):
        print(line)
    return 1 if failed(figures, leaks) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
