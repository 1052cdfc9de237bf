"""Games against the computer through Discord, end to end with SimCord: a whole
game in every variant (the computer's secrets stay private), /challenge of the
bot itself, its answers to requests, a restart with the computer to move, an
engine crash, and the record by level in /stats."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest
from simcord.actors import MemberActor
from simcord.builders import UserHandle

from bot.manager import GameManager
from computer.fairy import engine_path
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from tests.conftest import Table, restart
from tests.system_tools import require

VARIANTS = ["xiangqi", "jieqi", "jieqi-classic", "tuibei"]
WHOLE_GAME_LEVEL = 3  # strong enough to finish off a random mover, quick enough for CI
WHOLE_GAME_LIMIT = 400  # actions of Alice: games against a random mover end long before
# Lines that go to one player alone, in English: none may ever be public.
PRIVATE_TEXTS = ("Your prediction", "Only you are told", "Your view", "Your move:")


def the_bot(table: Table) -> MemberActor:
    """The bot as a member to name in a command option."""
    env = table.env
    return MemberActor(env, table.guild, UserHandle(env, env.backend.bot_user))


def manager_of(table: Table, thread) -> GameManager | None:
    return table.env.bot.hub.here(thread.id)


def public_texts(thread) -> list[str]:
    return [message.content for message in thread.history()]


async def human_moves(table: Table, thread, count: int, seed: int = 1) -> int:
    """Alice plays up to ``count`` random actions (Tuibei tiles too) whenever it is
    her turn; how many."""
    rng = random.Random(seed)
    played = 0
    while played < count:
        manager = manager_of(table, thread)
        if manager is None or manager.finished:
            break
        assert manager.looks_like_turn(table.alice.id), "the computer did not answer"
        actions = manager.match.game.legal_actions()
        result = await table.alice.slash(thread, "move", move=rng.choice(actions).text)
        assert result.ephemeral
        played += 1
    return played


async def play_to_the_end(table: Table, thread, seed: int = 1) -> Outcome:
    """Alice plays random actions until the game ends by its rules (mate, a
    foul, a repetition, the no-capture limit...), never by resigning; the
    computer must have answered every one. The outcome, checked against the
    last public message and Alice's record in /stats."""
    manager = manager_of(table, thread)
    assert manager is not None
    played = await human_moves(table, thread, WHOLE_GAME_LIMIT, seed)
    assert manager.finished, f"no end after {played} actions of Alice"
    outcome = manager.match.outcome
    assert outcome is not None and outcome.reason not in (Reason.RESIGNATION, Reason.TIMEOUT)
    last = thread.last_message.content
    assert ("wins" in last) == (outcome.winner is not None), last
    alice = Color.RED if manager.ids[Color.RED] == table.alice.id else Color.BLACK
    record = {alice: "won 1, drawn 0, lost 0", None: "won 0, drawn 1, lost 0"}
    stats = await table.alice.slash(table.channel, "stats")
    expected = record.get(outcome.winner, "won 0, drawn 0, lost 1")
    assert f"vs the computer, level {WHOLE_GAME_LEVEL}: {expected}" in stats.response.content
    texts = public_texts(thread)
    assert not any(secret in text for text in texts for secret in PRIVATE_TEXTS)
    return outcome


@pytest.mark.parametrize("variant", VARIANTS)
async def test_a_whole_game_against_the_computer(table, variant):
    result = await table.alice.slash(
        table.channel, "play computer", variant=variant, level=WHOLE_GAME_LEVEL, color="black"
    )
    assert f"plays the computer at level {WHOLE_GAME_LEVEL}" in result.response.content
    thread = table.channel.threads[-1]
    assert "TestBot (🔴 Red) vs alice (⚫ Black)" in thread.history()[0].content
    assert "This game is unrated." in thread.history()[0].content
    await play_to_the_end(table, thread)
    if variant != "xiangqi":  # Alice's own board came by DM; none went to the bot
        assert any("started" in m.content for m in table.alice.user.dm_channel.history())


async def test_challenging_the_bot_starts_a_game_and_it_declines_a_draw(table):
    await table.alice.slash(
        table.channel, "challenge", opponent=the_bot(table), level=2, color="red"
    )
    thread = table.channel.threads[-1]
    assert "alice (🔴 Red) vs TestBot (⚫ Black)" in thread.history()[0].content
    await table.alice.slash(thread, "move", move="h2e2")
    assert manager_of(table, thread).looks_like_turn(table.alice.id)
    await table.alice.slash(thread, "draw")
    assert any("TestBot declines the draw" in text for text in public_texts(thread))
    other = table.guild.add_member(table.env.create_user("robot", bot=True))
    refused = await table.alice.slash(table.channel, "challenge", opponent=other)
    assert "Bots do not play" in (refused.followups or [refused.response])[-1].content


async def test_a_restart_while_the_computer_thinks_and_it_moves_once(table, settings):
    """The old bot is stopped in the middle of the computer's turn: its search
    has run but the move is not played yet (the search is held, as a long one
    would be). The new bot thinks again and moves, once; the old one never does."""
    await table.alice.slash(table.channel, "play computer", variant="jieqi", level=1, color="red")
    thread = table.channel.threads[-1]
    opponent = table.env.bot.get_cog("Computer").opponent
    real_choose = opponent.choose
    searched = asyncio.Event()
    never = asyncio.Event()

    async def still_thinking(knowledge, level):
        move = await real_choose(knowledge, level)
        searched.set()
        await table.env.external_wait(never.wait(), reason="the computer is still thinking")
        return move

    opponent.choose = still_thinking
    await table.alice.slash(thread, "move", move="+e3")
    assert searched.is_set()
    assert len(manager_of(table, thread).match.entries) == 1  # thinking, not moved
    await restart(table.env, settings)
    manager = manager_of(table, thread)
    assert len(manager.match.entries) == 2 and manager.looks_like_turn(table.alice.id)
    await restart(table.env, settings)
    assert len(manager_of(table, thread).match.entries) == 2
    told = [m.content for m in thread.history() if m.content.startswith("⚫ Black TestBot")]
    assert len(told) == 1  # one move of the computer, announced once


async def test_an_engine_crash_hands_the_game_to_the_builtin_engine(table, caplog):
    require(engine_path(), "fairy-stockfish")
    await table.alice.slash(table.channel, "play computer", variant="xiangqi", level=1, color="red")
    thread = table.channel.threads[-1]
    await table.alice.slash(thread, "move", move="h2e2")
    opponent = table.env.bot.get_cog("Computer").opponent
    assert opponent.fallbacks == 0 and opponent.fairy.engine.starts == 1
    process = opponent.fairy.engine.engine.process
    process.kill()
    await process.wait()
    opponent.fairy.engine.path = "/nonexistent/fairy-stockfish"  # and it cannot come back
    with caplog.at_level(logging.WARNING):
        await table.alice.slash(thread, "move", move="h0g2")
    assert opponent.fallbacks == 1
    assert "the built-in engine plays this move" in caplog.text
    assert manager_of(table, thread).looks_like_turn(table.alice.id)
    assert len(manager_of(table, thread).match.entries) == 4
